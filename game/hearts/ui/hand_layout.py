"""The hand: how 13 cards fan across a width in one, two or three rows, each showing a tap-sized strip
with its corner index, and how the window's height is shared between the hand and the trick.

Pure, so drawing and hit-testing share the rectangles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from pygame import Rect

from ..engine import TRICKS
from .layout import CARD_ASPECT, MIN_TAP, Metrics

INDEX_STRIP: Final = 0.36
"""How much of a card's width must show in a fanned hand so its corner index reads."""
INDEX_DROP: Final = 0.40
"""How much of a card's height must show above the row that overlaps it."""
RAISE: Final = 0.2
"""How far a chosen card rises, as a share of its height."""
HAND_COUNT: Final = TRICKS
MORE_ROWS: Final = 1.15
"""Another row of cards only for cards this much wider..."""
READABLE: Final = 50
"""...or when the cards in fewer rows are narrower than this (CSS pixels): their indices would fall
under 14 CSS pixels."""


@dataclass(frozen=True, slots=True)
class HandGeometry:
    """Where the hand's cards go: card size, per-row capacity, and the area they fan across."""

    card: tuple[int, int]
    per_row: int
    area: Rect
    """The rows' box, without the headroom for raised cards."""
    min_strip: int
    row_drop: int
    """Vertical offset between rows (how much of a row shows above the next one)."""

    @property
    def reach_top(self) -> int:
        """The top of the hand with a card raised: nothing else may lie below it."""
        return self.area.top - round(self.card[1] * RAISE)

    def rows_for(self, count: int) -> list[int]:
        """How many cards each row holds, top row first, filled evenly: as few rows as hold ``count``,
        or, while the hand's rows have room, as many as let the cards lie side by side."""
        width = self.card[0]
        side_by_side = max(1, (self.area.width + max(2, width // 20)) // (width + max(2, width // 20)))
        most = math.ceil(HAND_COUNT / self.per_row)
        rows = max(1, math.ceil(count / self.per_row), min(most, math.ceil(count / side_by_side)))
        share, extra = divmod(count, rows)
        return [share + (1 if row < extra else 0) for row in range(rows)]

    def rects(self, count: int, raised: frozenset[int] = frozenset()) -> list[Rect]:
        """Each card's rectangle in drawing order (later ones lie on top), ``raised`` indexes lifted."""
        width, height = self.card
        rows = self.rows_for(count)
        lift = round(height * RAISE)
        rects: list[Rect] = []
        bottom = self.area.bottom - height
        index = 0
        for row, in_row in enumerate(rows):
            row_top = bottom - (len(rows) - 1 - row) * self.row_drop
            strip = width + max(2, width // 20)
            if in_row > 1:
                strip = min(strip, (self.area.width - width) // (in_row - 1))
            span = strip * (in_row - 1) + width
            left = self.area.centerx - span // 2
            for position in range(in_row):
                top = row_top - (lift if index in raised else 0)
                rects.append(Rect(left + position * strip, top, width, height))
                index += 1
        return rects

    def hit(self, count: int, pos: tuple[int, int], raised: frozenset[int] = frozenset()) -> int | None:
        """The card under ``pos``: the topmost drawn rectangle containing it."""
        for index, rect in reversed(list(enumerate(self.rects(count, raised)))):
            if rect.collidepoint(pos):
                return index
        return None

    def visible_part(self, count: int, index: int, raised: frozenset[int] = frozenset()) -> Rect:
        """The largest box of card ``index`` that no later card covers, from its top-left corner (where
        its index is printed): of the boxes that fit, the one whose shorter side is longest."""
        rects = self.rects(count, raised)
        mine = rects[index]
        later = [other for other in rects[index + 1 :] if other.colliderect(mine)]
        edges = sorted({mine.right, *(other.left for other in later if mine.left < other.left < mine.right)})
        best = Rect(mine.left, mine.top, 0, 0)
        for right in edges:
            bottom = mine.bottom
            for other in later:
                if other.left < right and other.right > mine.left:
                    bottom = min(bottom, max(mine.top, other.top))
            box = Rect(mine.left, mine.top, right - mine.left, bottom - mine.top)
            if (min(box.size), box.width * box.height) > (min(best.size), best.width * best.height):
                best = box
        return best


@dataclass(frozen=True, slots=True)
class HandFit:
    """One way to hold 13 cards across a width: the card's width, the rows, and the height it takes
    (raised cards' headroom included)."""

    card_width: int
    rows: int
    strip: int
    drop: int
    height: int


def hand_fits(width: int, rows: int, metrics: Metrics) -> Iterator[HandFit]:
    """Every card width (largest first, up to 150 design pixels) at which 13 cards fit ``width`` in
    ``rows`` rows, each showing a tap-sized strip: made as they are asked for (a search mostly stops at
    one of the first, and at a phone's scale there are hundreds)."""
    tap = math.ceil(MIN_TAP * metrics.scale)
    per_row = math.ceil(HAND_COUNT / rows)
    for card_width in range(min(width, metrics.px(150)), tap - 1, -1):
        card_height = round(card_width * CARD_ASPECT)
        strip = max(tap, math.ceil(card_width * INDEX_STRIP))
        if (per_row - 1) * strip + card_width > width:
            continue
        lift = round(card_height * RAISE)
        # A raised card of a lower row must not eat into the strip of the row above.
        drop = max(tap, math.ceil(card_height * INDEX_DROP)) + lift
        yield HandFit(card_width, rows, strip, drop, card_height + lift + (rows - 1) * drop)


def place_hand(fit: HandFit, width: int, left: int, bottom: int) -> HandGeometry:
    """The hand of ``fit`` across ``width`` from ``left``, its rows ending at ``bottom``."""
    card_height = round(fit.card_width * CARD_ASPECT)
    rows_height = card_height + (fit.rows - 1) * fit.drop
    return HandGeometry(
        card=(fit.card_width, card_height),
        per_row=math.ceil(HAND_COUNT / fit.rows),
        area=Rect(left, bottom - rows_height, width, rows_height),
        min_strip=fit.strip,
        row_drop=fit.drop,
    )


def _least_hand(width: int, metrics: Metrics) -> HandFit:
    """Tap-sized cards in as many rows as it takes: for windows too small for anything better."""
    for rows in (2, 3, 4):
        fits = list(hand_fits(width, rows, metrics))
        if fits:
            return fits[-1]
    tap = math.ceil(MIN_TAP * metrics.scale)
    height = round(tap * CARD_ASPECT)
    drop = tap + round(height * RAISE)
    return HandFit(tap, 4, tap, drop, height + round(height * RAISE) + 3 * drop)


def balance(
    width: int,
    room: int,
    trick_size: Callable[[int, int], int],
    wanted: Callable[[int], int],
    metrics: Metrics,
    rows: Sequence[int] = (1, 2, 3),
    accept: Callable[[HandFit], bool] = lambda _fit: True,
) -> tuple[HandFit, int]:
    """Share ``room`` pixels of height between the hand and the trick: the largest hand whose trick
    (``trick_size(rows, height)``, a card width) is at least ``wanted(hand card width)``, in as few
    rows as give clearly bigger cards (of the hands ``accept`` allows). Where no hand leaves the trick
    what it wants, the one that makes the smaller of the two the largest. Returns the hand and the
    trick's card width."""
    best: tuple[HandFit, int] | None = None
    fallback: tuple[int, HandFit, int] | None = None
    for count in rows:
        for fit in filter(accept, hand_fits(width, count, metrics)):
            trick = trick_size(count, room - fit.height)
            if trick >= wanted(fit.card_width):
                cramped = best is not None and best[0].card_width < READABLE * metrics.scale
                if best is None or fit.card_width > best[0].card_width * (1 if cramped else MORE_ROWS):
                    best = (fit, trick)
                break
            score = min(fit.card_width, trick)
            if fallback is None or score > fallback[0]:  # the largest hand, of those that tie
                fallback = (score, fit, trick)
    if best is not None:
        return best
    if fallback is not None:
        return fallback[1], fallback[2]
    least = _least_hand(width, metrics)
    return least, trick_size(least.rows, room - least.height)
