"""The trick: each seat's card in front of it, placed so that no card hides another's corner index, as
large as the trick's area allows and clear of every seat's box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pygame import Rect

from ..engine import Seat
from .layout import CARD_ASPECT


@dataclass(frozen=True, slots=True)
class SeatPlace:
    panel: Rect
    """The seat's box: a mark when it is to move, name, dealer chip, score; an opponent's cards."""
    trick_slot: Rect
    """Where this seat's card lies in the trick."""
    anchor: tuple[int, int]
    """Where this seat's cards come from and tricks go to."""


# Where each seat's card lies in the trick, as its centre's offset from the trick's centre in card widths
# and heights. Every card's top-left index stays clear of the others whatever order they are drawn in:
# two cards are a whole card apart across or down, or one lies up and to the right of the other by more
# than an index (at most 0.45 of a card's width and 0.41 of its height, the compact faces' jumbo index).
# "Wide" suits landscape windows (2.52 cards wide, 2.04 tall); "tall" suits portrait ones (the reverse).
TRICK_WIDE: Final = {
    Seat.SOUTH: (0.26, 0.52),
    Seat.WEST: (-0.76, 0.0),
    Seat.NORTH: (-0.26, -0.52),
    Seat.EAST: (0.76, 0.0),
}
TRICK_TALL: Final = {
    Seat.SOUTH: (0.0, 0.76),
    Seat.WEST: (-0.52, -0.26),
    Seat.NORTH: (0.0, -0.76),
    Seat.EAST: (0.52, 0.26),
}
# For short, wide trick areas (a phone on its side): a row, four cards wide and one and a half tall.
TRICK_FLAT: Final = {
    Seat.SOUTH: (0.5, 0.25),
    Seat.WEST: (-1.5, 0.0),
    Seat.NORTH: (-0.5, -0.25),
    Seat.EAST: (1.5, 0.0),
}
TRICK_SHAPES: Final = (TRICK_WIDE, TRICK_TALL, TRICK_FLAT)


def _trick_span(offsets: dict[Seat, tuple[float, float]]) -> tuple[float, float]:
    """How many card widths and heights the trick covers."""
    xs = [x for x, _ in offsets.values()]
    ys = [y for _, y in offsets.values()]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _seats_around(
    trick_area: Rect,
    card: tuple[int, int],
    panels: dict[Seat, Rect],
    hand: Rect,
    offsets: dict[Seat, tuple[float, float]],
) -> tuple[SeatPlace, ...]:
    """Each seat's card in front of it, laid out by ``offsets`` around the trick area's centre."""
    width, height = card
    cx, cy = trick_area.center
    places = []
    for seat in Seat:
        dx, dy = offsets[seat]
        slot = Rect(0, 0, width, height)
        slot.center = (cx + round(dx * width), cy + round(dy * height))
        anchor = hand.center if seat is Seat.SOUTH else panels[seat].center
        places.append(SeatPlace(panel=panels[seat], trick_slot=slot, anchor=anchor))
    return tuple(places)


def place_trick(
    trick_area: Rect, fit: tuple[int, int], limit: int, panels: dict[Seat, Rect], hand: Rect
) -> tuple[tuple[int, int], tuple[SeatPlace, ...]]:
    """The trick's shape that gives the largest cards (up to ``limit`` wide) in ``fit`` (width, height)
    of the trick area, clear of every seat's panel: the cards' size and the seats."""
    best: tuple[tuple[int, int], tuple[SeatPlace, ...]] | None = None
    for offsets in TRICK_SHAPES:
        card = trick_card_for(fit[0], fit[1], (limit, 0), offsets)
        found = _clear_of(trick_area, card[0], panels, hand, offsets)
        if best is None or found[0][0] > best[0][0]:
            best = found
    assert best is not None
    return best


def _clear_of(
    trick_area: Rect,
    width: int,
    panels: dict[Seat, Rect],
    hand: Rect,
    offsets: dict[Seat, tuple[float, float]],
) -> tuple[tuple[int, int], tuple[SeatPlace, ...]]:
    """The largest trick cards up to ``width`` whose trick touches no seat's panel, and the seats."""
    while True:
        size = (width, round(width * CARD_ASPECT))
        seats = _seats_around(trick_area, size, panels, hand, offsets)
        if width <= 8 or not any(
            place.trick_slot.colliderect(panel) for place in seats for panel in panels.values()
        ):
            return size, seats
        width -= 1


def trick_card_for(
    max_width: int, max_height: int, limit: tuple[int, int], offsets: dict[Seat, tuple[float, float]]
) -> tuple[int, int]:
    """Cards as large as the trick's layout allows in ``max_width`` x ``max_height``."""
    across, down = _trick_span(offsets)
    width = min(limit[0], int(max_width / across), int(max_height / down / CARD_ASPECT))
    width = max(width, 1)
    return width, round(width * CARD_ASPECT)


def largest_trick_card(width: int, height: int) -> int:
    """The widest trick card any shape allows in ``width`` x ``height``."""
    if width <= 0 or height <= 0:
        return 0
    return max(trick_card_for(width, height, (width, 0), shape)[0] for shape in TRICK_SHAPES)
