"""From a window size to the rectangles of the table: pure, so drawing and hit-testing share them.

Two designs. Portrait (phones held upright): the menu, the header and the marks along the top, the three
opponents under them, the trick, your box and the message, a row of buttons, and the hand at the
bottom taking the spare height (in up to three rows). Landscape: West and East beside the trick, North
above it, the buttons in a column on the right, your box in front of your hand with the message on its
left and the action on its right (on short, narrow windows the hand in two rows with your box, the
message and the action beside it); the trick's cards a quarter of the window's height where the hand
allows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Final

from pygame import Rect

from ..engine import Seat
from .hand_layout import HAND_COUNT, HandFit, HandGeometry, balance, place_hand
from .layout import CARD_ASPECT, MIN_TAP, Metrics, is_portrait, metrics_for
from .trick_layout import SeatPlace, largest_trick_card, place_trick


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    metrics: Metrics
    is_portrait: bool
    hand: HandGeometry
    seats: tuple[SeatPlace, ...]
    """Indexed by ``Seat``."""
    trick_area: Rect
    trick_card: tuple[int, int]
    message: Rect
    action: Rect
    """The Pass / Play button."""
    buttons: dict[str, Rect] = field(default_factory=dict)
    """Icon buttons: ``menu``, ``hint``, ``last``, ``fast``, ``sound``."""
    marks: Rect = field(default_factory=Rect)
    """Where "Hearts broken" and "Q♠ played" show."""
    header: Rect = field(default_factory=Rect)
    """The hand's number, its pass and the target score."""
    large: bool = False
    """A large screen (beyond ``LARGE_SCREEN``): the boxes, words and buttons grown, West and East by
    the trick."""

    def controls(self) -> dict[str, Rect]:
        """Every tappable control but the cards."""
        return {**self.buttons, "action": self.action}


def table_layout(size: tuple[int, int], scale: float = 1.0) -> TableLayout:
    """The table's rectangles for a window of ``size`` pixels."""
    if is_portrait(size):
        return _portrait(size, metrics_for(size, scale))
    metrics = metrics_for(size, scale)
    grown = _large_screen(size, scale)
    return _landscape(size, replace(metrics, unit=metrics.unit * _growth(grown)), large=grown > 1)


LARGE_SCREEN: Final = (1280, 720)
"""Landscape windows beyond this (CSS pixels) are large screens: the table's boxes, words and buttons
grow faster than the design unit, West and East sit by the trick and the message by the trick and your
hand, so no wide band of felt is left between them. Up to it the table is as designed."""


def _large_screen(size: tuple[int, int], scale: float) -> float:
    """How many times larger than ``LARGE_SCREEN`` a window is (1 at least: 1 is not a large screen)."""
    return max(1.0, min(size[0] / scale / LARGE_SCREEN[0], size[1] / scale / LARGE_SCREEN[1]))


def _growth(grown: float) -> float:
    """How much more the boxes, words and buttons grow on a large screen: 1.3 times at 1920x1080, at
    most 1.35 (the cards grow with the window already; these would otherwise stay small beside them)."""
    return min(1.35, 1 + 0.6 * (grown - 1))


def strip_height(metrics: Metrics) -> int:
    """The strip along a seat's box for an opponent's fan of backs, or the moon badge."""
    return metrics.px(16)


def panel_height(metrics: Metrics, *, lines: int) -> int:
    """A seat's box: one line of words (the strip at its end), or two with the strip under them."""
    if lines == 1:
        return metrics.text(15) + metrics.px(14)
    return 2 * metrics.text(15) + metrics.px(16) + strip_height(metrics)


def _is_short(size: tuple[int, int], metrics: Metrics) -> bool:
    css_height = size[1] / metrics.scale
    return css_height < (640 if is_portrait(size) else 480)


def _portrait(size: tuple[int, int], metrics: Metrics) -> TableLayout:
    width, height = size
    margin = metrics.px(8)
    gap = metrics.px(6)
    tap = metrics.tap
    row = width - 2 * margin
    # Top: the menu, the header and the marks; under them the three opponents side by side.
    menu = Rect(margin, margin, tap, tap)
    marks_width = min(metrics.px(132), (row - tap - 2 * gap) * 2 // 5)
    marks = Rect(width - margin - marks_width, margin, marks_width, tap)
    header = Rect(menu.right + gap, margin, marks.left - gap - menu.right - gap, tap)
    panel_width = min(metrics.px(120), (row - 2 * gap) // 3)
    opponent_height = panel_height(metrics, lines=2)
    west = Rect(margin, menu.bottom + gap, panel_width, opponent_height)
    east = Rect(width - margin - panel_width, west.top, panel_width, opponent_height)
    north = Rect(0, west.top, panel_width, opponent_height)
    north.centerx = width // 2
    trick_top = west.bottom + gap

    # Bottom up: the hand, the buttons, the message and your box, which on short phones sits beside the
    # message so the cards keep the height.
    south_height = panel_height(metrics, lines=2)
    message_height = 2 * metrics.text(15) + metrics.px(8)
    beside = _is_short(size, metrics)
    block = max(south_height, message_height) if beside else south_height + gap + message_height
    room = height - margin - trick_top - (gap + block + gap + tap + gap)
    # On the narrowest phones seven tap-sized strips need nearly the whole width.
    tap_css = math.ceil(MIN_TAP * metrics.scale)
    side = max(metrics.px(2), min(margin, (width - 7 * tap_css) // 2))
    # The hand is the largest thing on screen: as big as leaves the trick's cards a readable size
    # (as wide as the hand's, or 80 design pixels), and the trick takes the rest up to the hand's size.
    fit, _ = balance(
        width - 2 * side,
        room,
        lambda _rows, trick_height: largest_trick_card(row, trick_height),
        lambda card_width: min(card_width, metrics.px(80)),
        metrics,
    )
    hand = place_hand(fit, width - 2 * side, side, height - margin)
    hand_top = hand.reach_top

    # Hint and last trick on the left, sound and fast-forward on the right, the action between them. On
    # the narrowest phones the gaps close up so that the action keeps room for "Pass across".
    action_row = Rect(margin, hand_top - gap - tap, row, tap)
    spare = row - 4 * tap - metrics.px(96)
    pair = max(metrics.px(2), min(gap, spare // 4))
    around = max(pair, min(gap * 2, (spare - 2 * pair) // 2))
    hint = Rect(action_row.left, action_row.top, tap, tap)
    last = Rect(hint.right + pair, action_row.top, tap, tap)
    fast = Rect(action_row.right - tap, action_row.top, tap, tap)
    sound = Rect(fast.left - pair - tap, action_row.top, tap, tap)
    action = Rect(last.right + around, action_row.top, sound.left - last.right - 2 * around, tap)
    block_top = action_row.top - gap - block
    if beside:
        south = Rect(margin, 0, panel_width, south_height)
        south.centery = block_top + block // 2
        message = Rect(south.right + gap, block_top, width - margin - south.right - gap, block)
    else:
        message = Rect(margin, action_row.bottom - tap - gap - message_height, row, message_height)
        south = Rect(0, block_top, panel_width, south_height)
        south.centerx = width // 2
    trick_area = Rect(margin, trick_top, row, block_top - gap - trick_top)
    trick_card, seats = place_trick(
        trick_area,
        trick_area.size,
        hand.card[0],
        {Seat.SOUTH: south, Seat.WEST: west, Seat.NORTH: north, Seat.EAST: east},
        hand.area,
    )
    return TableLayout(
        size=size,
        metrics=metrics,
        is_portrait=True,
        hand=hand,
        seats=seats,
        trick_area=trick_area,
        trick_card=trick_card,
        message=message,
        action=action,
        buttons={"menu": menu, "hint": hint, "last": last, "fast": fast, "sound": sound},
        marks=marks,
        header=header,
    )


def _landscape(
    size: tuple[int, int], metrics: Metrics, *, large: bool = False, spread: bool = False
) -> TableLayout:
    """The landscape table; on a ``large`` screen West and East by the trick, unless ``spread`` (a
    lesson's note wants the room beside the trick)."""
    width, height = size
    margin = metrics.px(10)
    gap = metrics.px(8)
    tap = metrics.tap
    column = Rect(width - margin - tap, margin, tap, height - 2 * margin)
    menu = Rect(column.left, column.top, tap, tap)
    hint = Rect(column.left, menu.bottom + gap * 2, tap, tap)
    last = Rect(column.left, hint.bottom + gap, tap, tap)
    fast = Rect(column.left, last.bottom + gap, tap, tap)
    sound = Rect(column.left, fast.bottom + gap * 2, tap, tap)
    play_width = column.left - gap - margin

    # The opponents' boxes: West and East beside the trick, North above it. On short windows North and
    # your box take one line, to leave the trick its height. The header at the top left, the marks at the
    # top right.
    panel_width = metrics.px(112)
    side_height = panel_height(metrics, lines=2)
    short = _is_short(size, metrics)
    action_width = max(metrics.px(150), tap * 3)
    one_line = min(metrics.px(310), play_width * 13 // 25)
    north_size = (one_line, panel_height(metrics, lines=1)) if short else (panel_width, side_height)
    north = Rect(0, margin, *north_size)
    north.centerx = margin + play_width // 2
    header = Rect(margin, margin, north.left - gap - margin, 2 * round(metrics.text(14) * 1.3))
    marks = Rect(north.right + gap, margin, min(metrics.px(170), column.left - gap - north.right - gap), tap)
    south_height = panel_height(metrics, lines=2)  # beside a hand in two rows
    # In front of a hand in one row: like North, leaving the message and the action their room.
    south_size = (min(north_size[0], play_width - 2 * (action_width + 2 * gap)), north_size[1])
    row_height = max(tap, south_size[1])
    trick_width = play_width - 2 * (panel_width + gap)
    wanted = math.ceil(height / 4 / CARD_ASPECT)

    def span(fit: HandFit) -> int:
        return (math.ceil(HAND_COUNT / fit.rows) - 1) * fit.strip + fit.card_width

    def side_fits(fit: HandFit) -> bool:
        """A short, wide window: two rows on the left and beside them your box, the message and the
        action button."""
        room = play_width - span(fit) - gap
        needed = south_height + gap + 3 * metrics.text(15) + gap + tap  # three lines of message
        return fit.rows == 1 or (room >= metrics.px(150) and fit.height >= needed)

    def trick_size(rows: int, room: int) -> int:
        below = gap + row_height + gap if rows == 1 else gap
        return largest_trick_card(trick_width, room - below)

    fit, _ = balance(
        play_width,
        height - margin - north.bottom - gap,
        trick_size,
        lambda _card_width: wanted,
        metrics,
        rows=(1, 2),
        accept=side_fits,
    )
    hand = place_hand(fit, play_width, margin, height - margin)
    hand_top = hand.reach_top
    if fit.rows > 1:
        hand = replace(hand, area=Rect(margin, hand.area.top, span(fit), hand.area.height))
        side = Rect(
            hand.area.right + gap,
            hand_top,
            column.left - gap - hand.area.right - gap,
            height - margin - hand_top,
        )
        south = Rect(side.left, side.top, min(panel_width, side.width), south_height)
        action = Rect(side.left, side.bottom - tap, min(action_width, side.width), tap)
        message = Rect(side.left, south.bottom + gap, side.width, action.top - gap - south.bottom - gap)
        top_of_play = hand_top
    else:
        # Your box in front of your hand, the message on its left, the action on its right.
        top_of_play = hand_top - gap - row_height
        south = Rect(0, 0, *south_size)
        south.center = (hand.area.centerx, top_of_play + row_height // 2)
        action = Rect(column.left - gap - action_width, top_of_play, action_width, row_height)
        message = Rect(margin, top_of_play, south.left - gap - margin, row_height)

    middle = Rect(margin, north.bottom + gap, play_width, top_of_play - gap - north.bottom - gap)
    west = Rect(margin, 0, panel_width, side_height)
    west.centery = middle.centery
    west.top = max(west.top, header.bottom + gap, marks.bottom + gap)
    east = Rect(margin + play_width - panel_width, west.top, panel_width, side_height)
    trick_area = Rect(west.right + gap, middle.top, east.left - west.right - 2 * gap, middle.height)
    trick_card, seats = place_trick(
        trick_area,
        trick_area.size,
        max(hand.card[0], wanted),
        {Seat.SOUTH: south, Seat.WEST: west, Seat.NORTH: north, Seat.EAST: east},
        hand.area,
    )
    if large and not spread and fit.rows == 1:
        # West and East by the trick, the trick's area between them; the message from under West to
        # your box, by the trick and your hand.
        trick = seats[Seat.WEST].trick_slot.unionall([place.trick_slot for place in seats])
        west.right = max(west.right, trick.left - 3 * gap)
        east.left = min(east.left, trick.right + 3 * gap)
        trick_area = Rect(west.right + gap, middle.top, east.left - west.right - 2 * gap, middle.height)
        trick_card, seats = place_trick(
            trick_area,
            trick_area.size,
            trick_card[0],
            {Seat.SOUTH: south, Seat.WEST: west, Seat.NORTH: north, Seat.EAST: east},
            hand.area,
        )
        message = Rect(west.left, message.top, south.left - gap - west.left, message.height)
    return TableLayout(
        size=size,
        metrics=metrics,
        is_portrait=False,
        hand=hand,
        seats=seats,
        trick_area=trick_area,
        trick_card=trick_card,
        message=message,
        action=action,
        buttons={"menu": menu, "hint": hint, "last": last, "fast": fast, "sound": sound},
        marks=marks,
        header=header,
        large=large,
    )


NOTE_CHARACTERS: Final = 210
"""The longest lesson note, in characters (a test holds every note to it)."""


def note_fits(size: tuple[int, int], metrics: Metrics) -> bool:
    """Whether a note of ``NOTE_CHARACTERS`` fits a box of ``size`` at 13-pixel text, by the average
    width of a character (a test checks the real notes with the real font)."""
    width, height = size
    pad = metrics.px(10)
    px = metrics.text(13)
    per_line = max(1, int((width - 2 * pad) / (0.6 * px)))
    lines = -(-NOTE_CHARACTERS // per_line)
    return lines * round(px * 1.3) + round(metrics.text(16) * 1.5) + 2 * pad <= height


def _note_height(width: int, limit: int, metrics: Metrics) -> int:
    """The least height (up to ``limit``) in which the longest note fits ``width``."""
    start = 2 * round(metrics.text(15) * 1.35)
    return next((height for height in range(start, limit, 2) if note_fits((width, height), metrics)), limit)


def with_note_band(layout: TableLayout) -> tuple[TableLayout, Rect]:
    """The table with room for a lesson's note: a band above the trick in portrait (below the side
    seats), beside it in landscape; the trick is laid out again in what is left."""
    metrics = layout.metrics
    area = layout.trick_area
    gap = metrics.px(6)
    panels = [place.panel for place in layout.seats]
    if layout.is_portrait:
        top = max(area.top, *(panel.bottom for panel in panels[1:] if panel.top < area.centery)) + gap
        room = area.bottom - top
        height = _note_height(area.width, room, metrics)
        if room - height - gap < metrics.px(120):
            # A short phone: no room for both, so the note lies over the trick area (the side seats
            # and the trick), clear of the hand and every control; the trick shows again once it is read.
            return layout, Rect(
                area.left, area.top, area.width, _note_height(area.width, area.height, metrics)
            )
        band = Rect(area.left, top, area.width, height)
        trick_area = Rect(area.left, band.bottom + gap, area.width, area.bottom - band.bottom - gap)
        west, east = layout.seats[Seat.WEST].panel, layout.seats[Seat.EAST].panel
        trick_width = trick_area.width
        if max(west.bottom, east.bottom) > trick_area.top:
            trick_width = east.left - west.right - 2 * gap
    else:
        if layout.large:  # West and East back at the sides, to leave the note its room by the trick
            layout = _landscape(layout.size, metrics, large=True, spread=True)
            area = layout.trick_area
        width = min(metrics.px(320), area.width // 2)
        band = Rect(area.right - width, area.top, width, area.height)
        trick_area = Rect(area.left, area.top, area.width - width - gap, area.height)
        trick_width = trick_area.width
        if not note_fits((band.width, band.height), metrics):
            # A short window: the note lies over the top of the table (seats and trick), above your
            # panel, the message and the hand, which stay clear; the trick shows again once it is read.
            south = layout.seats[Seat.SOUTH].panel
            bottom = min(south.top, layout.message.top, layout.action.top, layout.hand.reach_top) - gap
            right = min(rect.left for rect in layout.buttons.values()) - gap
            return layout, Rect(gap, gap, right - gap, bottom - gap)
    panels_by_seat = {seat: layout.seats[seat].panel for seat in Seat}
    card, seats = place_trick(
        trick_area, (trick_width, trick_area.height), layout.trick_card[0], panels_by_seat, layout.hand.area
    )
    return replace(layout, seats=seats, trick_area=trick_area, trick_card=card), band
