"""From a window size to the rectangles of the table: pure, so drawing and hit-testing share them.

Two designs. Portrait (phones held upright): the hand at the bottom in one or two overlapping rows, a row
of buttons above it, the seats around the trick. Landscape: the hand in one row when it fits, the buttons
in a column on the right, the message and the action button on one line above the hand.

Sizes are in window pixels; ``scale`` is window pixels per CSS pixel (the device pixel ratio in a
browser), so the 44-CSS-pixel tap targets and 12-CSS-pixel text hold on every screen. On large windows the
whole table grows (``zoom``), never below those floors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Final

from pygame import Rect

from ..engine import Seat

MIN_TAP: Final = 44
"""Smallest tap target, in CSS pixels."""
MIN_TEXT: Final = 12
"""Smallest text, in CSS pixels."""
CARD_ASPECT: Final = 1.4
"""Card height over width."""
INDEX_STRIP: Final = 0.36
"""How much of a card's width must show in a fanned hand so its corner index reads."""
INDEX_DROP: Final = 0.40
"""How much of a card's height must show above the row that overlaps it."""
RAISE: Final = 0.2
"""How far a chosen card rises, as a share of its height."""
HAND_COUNT: Final = 13


def is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0] * 1.05


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes that follow the window: ``unit`` pixels per design pixel."""

    unit: float
    scale: float

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def text(self, design: float) -> int:
        """A text size in pixels, never below the 12-CSS-pixel floor."""
        return max(round(design * self.unit), math.ceil(MIN_TEXT * self.scale))

    @property
    def tap(self) -> int:
        return math.ceil(max(MIN_TAP * self.scale, 48 * self.unit))


def metrics_for(size: tuple[int, int], scale: float = 1.0) -> Metrics:
    css_width, css_height = size[0] / scale, size[1] / scale
    if is_portrait(size):
        zoom = min(css_width / 390, css_height / 760)
    else:
        zoom = min(css_width / 1100, css_height / 680)
    return Metrics(unit=scale * min(2.5, max(1.0, zoom)), scale=scale)


@dataclass(frozen=True, slots=True)
class HandGeometry:
    """Where the hand's cards go: card size, per-row capacity, and the area they fan across."""

    card: tuple[int, int]
    per_row: int
    area: Rect
    """The rows' box, without the headroom for raised cards."""
    min_strip: int
    row_drop: int
    """Vertical offset of the second row (how much of the first row shows above it)."""

    @property
    def reach_top(self) -> int:
        """The top of the hand with a card raised: nothing else may lie below it."""
        return self.area.top - round(self.card[1] * RAISE)

    def rows_for(self, count: int) -> list[int]:
        if count <= self.per_row:
            return [count]
        top = math.ceil(count / 2)
        return [top, count - top]

    def rects(self, count: int, raised: frozenset[int] = frozenset()) -> list[Rect]:
        """Each card's rectangle in drawing order (later ones lie on top), ``raised`` indexes lifted."""
        width, height = self.card
        rows = self.rows_for(count)
        lift = round(height * RAISE)
        rects: list[Rect] = []
        bottom = self.area.bottom - height
        tops = [bottom] if len(rows) == 1 else [bottom - self.row_drop, bottom]
        index = 0
        for row, in_row in enumerate(rows):
            if in_row == 0:
                continue
            strip = width + max(2, width // 20)
            if in_row > 1:
                strip = min(strip, (self.area.width - width) // (in_row - 1))
            span = strip * (in_row - 1) + width
            left = self.area.centerx - span // 2
            for position in range(in_row):
                top = tops[row] - (lift if index in raised else 0)
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


def hand_geometry(width: int, max_height: int, left: int, bottom: int, metrics: Metrics) -> HandGeometry:
    """The largest cards that fit 13 across ``width`` in one row, or two, with ``MIN_TAP`` strips."""
    tap = math.ceil(MIN_TAP * metrics.scale)
    best: tuple[int, int, int, int] | None = None  # card width, rows, strip, drop
    for rows in (1, 2):
        per_row = math.ceil(HAND_COUNT / rows)
        for card_width in range(min(width, metrics.px(150)), tap - 1, -1):
            card_height = round(card_width * CARD_ASPECT)
            strip = max(tap, math.ceil(card_width * INDEX_STRIP))
            # A raised second-row card must not eat into the first row's strip.
            drop = max(tap, math.ceil(card_height * INDEX_DROP)) + round(card_height * RAISE)
            needed_height = card_height + round(card_height * RAISE) + (drop if rows == 2 else 0)
            if (per_row - 1) * strip + card_width <= width and needed_height <= max_height:
                # Two rows only when they buy clearly bigger cards.
                if best is None or card_width > best[0] * 1.3:
                    best = (card_width, rows, strip, drop)
                break
    if best is None:
        card_width = tap
        best = (card_width, 2, tap, tap + round(card_width * CARD_ASPECT * RAISE))
    card_width, rows, strip, drop = best
    card_height = round(card_width * CARD_ASPECT)
    rows_height = card_height + (drop if rows == 2 else 0)
    area = Rect(left, bottom - rows_height, width, rows_height)
    return HandGeometry(
        card=(card_width, card_height),
        per_row=math.ceil(HAND_COUNT / rows),
        area=area,
        min_strip=strip,
        row_drop=drop,
    )


@dataclass(frozen=True, slots=True)
class SeatPlace:
    panel: Rect
    """Name, points this hand and total, dealer mark, moon badge."""
    trick_slot: Rect
    """Where this seat's card lies in the trick."""
    anchor: tuple[int, int]
    """Where this seat's cards come from and tricks go to."""


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
    """Icon buttons: ``menu``, ``hint``, ``last``, ``fast``."""
    marks: Rect = field(default_factory=Rect)
    """Where "Hearts broken" and "Q♠ played" show."""

    def controls(self) -> dict[str, Rect]:
        """Every tappable control but the cards."""
        return {**self.buttons, "action": self.action}


def table_layout(size: tuple[int, int], scale: float = 1.0) -> TableLayout:
    """The table's rectangles for a window of ``size`` pixels."""
    if is_portrait(size):
        return _portrait(size, metrics_for(size, scale))
    return _landscape(size, metrics_for(size, scale))


def _panel_size(metrics: Metrics, compact: bool) -> tuple[int, int]:
    """Seat panels: two lines (name; points and total), or one line on short windows."""
    lines = 1 if compact else 2
    return metrics.px(112), lines * metrics.text(15) + metrics.px(14 if compact else 16)


def _is_short(size: tuple[int, int], metrics: Metrics) -> bool:
    css_height = size[1] / metrics.scale
    return css_height < (640 if is_portrait(size) else 480)


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


def _trick(
    trick_area: Rect, fit: tuple[int, int], limit: int, panels: dict[Seat, Rect], hand: Rect
) -> tuple[tuple[int, int], tuple[SeatPlace, ...]]:
    """The trick's shape that gives the largest cards (up to ``limit`` wide) in ``fit`` (width, height)
    of the trick area, clear of every seat's panel: the cards' size and the seats."""
    best: tuple[tuple[int, int], tuple[SeatPlace, ...]] | None = None
    for offsets in TRICK_SHAPES:
        card = _trick_card(fit[0], fit[1], (limit, 0), offsets)
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


def _trick_card(
    max_width: int, max_height: int, limit: tuple[int, int], offsets: dict[Seat, tuple[float, float]]
) -> tuple[int, int]:
    """Cards as large as the trick's layout allows in ``max_width`` x ``max_height``."""
    across, down = _trick_span(offsets)
    width = min(limit[0], int(max_width / across), int(max_height / down / CARD_ASPECT))
    width = max(width, 1)
    return width, round(width * CARD_ASPECT)


def _portrait(size: tuple[int, int], metrics: Metrics) -> TableLayout:
    width, height = size
    margin = metrics.px(8)
    gap = metrics.px(6)
    tap = metrics.tap
    # On the narrowest phones seven tap-sized strips need nearly the whole width.
    tap_css = math.ceil(MIN_TAP * metrics.scale)
    side = max(metrics.px(2), min(margin, (width - 7 * tap_css) // 2))
    hand = hand_geometry(width - 2 * side, int(height * 0.34), side, height - margin, metrics)
    hand_top = hand.reach_top

    action_row = Rect(margin, hand_top - gap - tap, width - 2 * margin, tap)
    hint = Rect(action_row.left, action_row.top, tap, tap)
    last = Rect(hint.right + gap, action_row.top, tap, tap)
    fast = Rect(action_row.right - tap, action_row.top, tap, tap)
    action = Rect(last.right + gap * 2, action_row.top, fast.left - last.right - gap * 4, tap)
    message_height = 2 * metrics.text(15) + metrics.px(8)
    message = Rect(margin, action_row.top - gap - message_height, width - 2 * margin, message_height)

    menu = Rect(margin, margin, tap, tap)
    # Two lines (name; score) in portrait at every height: one line would not hold the score's words.
    panel_width, panel_height = _panel_size(metrics, compact=False)
    panel_width = min(panel_width, (width - 2 * margin - 2 * gap) // 3)
    north = Rect(0, margin, panel_width, panel_height)
    north.centerx = width // 2
    marks = Rect(north.right + gap, margin, width - margin - north.right - gap, max(panel_height, tap))
    south = Rect(0, 0, panel_width, panel_height)
    south.centerx = width // 2
    south.bottom = message.top - gap

    top = max(north.bottom, menu.bottom, marks.bottom) + gap
    trick_area = Rect(margin, top, width - 2 * margin, south.top - gap - top)
    # West and East sit in the trick area's top corners, clear of the cross's side cards.
    west = Rect(margin, trick_area.top, panel_width, panel_height)
    east = Rect(width - margin - panel_width, trick_area.top, panel_width, panel_height)
    trick_card, seats = _trick(
        trick_area,
        trick_area.size,
        max(round(hand.card[0] * 0.9), metrics.px(96)),
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
        buttons={"menu": menu, "hint": hint, "last": last, "fast": fast},
        marks=marks,
    )


def _landscape(size: tuple[int, int], metrics: Metrics) -> TableLayout:
    width, height = size
    margin = metrics.px(10)
    gap = metrics.px(8)
    tap = metrics.tap
    column = Rect(width - margin - tap, margin, tap, height - 2 * margin)
    menu = Rect(column.left, column.top, tap, tap)
    hint = Rect(column.left, menu.bottom + gap * 2, tap, tap)
    last = Rect(column.left, hint.bottom + gap, tap, tap)
    fast = Rect(column.left, last.bottom + gap, tap, tap)

    play_width = column.left - gap - margin
    hand = hand_geometry(play_width, int(height * 0.36), margin, height - margin, metrics)
    hand_top = hand.reach_top
    panel_width, panel_height = _panel_size(metrics, _is_short(size, metrics))
    panel_width = round(panel_width * 1.2)
    row_height = max(tap, panel_height)
    action_width = max(metrics.px(150), tap * 3)
    span = (hand.per_row - 1) * hand.min_strip + hand.card[0]
    side = Rect(
        margin + span + gap, hand_top, column.left - gap - (margin + span + gap), height - margin - hand_top
    )
    if hand.per_row < HAND_COUNT and side.width >= metrics.px(150) and side.height >= panel_height + 2 * tap:
        # A short, wide window: the hand in two rows on the left, and beside it your panel, the message
        # and the action button, so the trick keeps the height above.
        hand = replace(hand, area=Rect(margin, hand.area.top, span, hand.area.height))
        south = Rect(side.left, side.top - gap - panel_height, min(panel_width, side.width), panel_height)
        action = Rect(side.left, side.bottom - tap, min(action_width, side.width), tap)
        message = Rect(side.left, side.top, side.width, action.top - gap - side.top)
        top_of_play = south.top
    else:
        action = Rect(column.left - gap - action_width, hand_top - gap - row_height, action_width, row_height)
        south = Rect(margin, action.top, panel_width, row_height)
        message = Rect(south.right + gap, action.top, action.left - gap - south.right - gap, row_height)
        top_of_play = action.top

    north = Rect(0, margin, panel_width, panel_height)
    north.centerx = margin + play_width // 2
    marks = Rect(margin, margin, min(metrics.px(170), north.left - gap - margin), max(panel_height, tap))
    middle = Rect(margin, north.bottom + gap, play_width, top_of_play - gap - north.bottom - gap)
    west = Rect(margin, 0, panel_width, panel_height)
    west.centery = middle.centery
    west.top = max(west.top, marks.bottom + gap)
    east = Rect(margin + play_width - panel_width, 0, panel_width, panel_height)
    east.centery = west.centery
    trick_area = Rect(west.right + gap, middle.top, east.left - west.right - 2 * gap, middle.height)
    trick_card, seats = _trick(
        trick_area,
        trick_area.size,
        max(round(hand.card[0] * 0.9), metrics.px(96)),
        {Seat.SOUTH: south, Seat.WEST: west, Seat.NORTH: north, Seat.EAST: east},
        hand.area,
    )
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
        buttons={"menu": menu, "hint": hint, "last": last, "fast": fast},
        marks=marks,
    )


@dataclass(frozen=True, slots=True)
class DialogLayout:
    """A centred panel: a title, a body and a column (or row) of buttons."""

    panel: Rect
    title: Rect
    body: Rect
    buttons: tuple[Rect, ...]
    close: Rect
    metrics: Metrics


def dialog_layout(size: tuple[int, int], scale: float, buttons: int, *, wide: bool = False) -> DialogLayout:
    """A dialog filling most of a phone, or a comfortable centred panel on a large window."""
    metrics = metrics_for(size, scale)
    width, height = size
    margin = metrics.px(12)
    tap = metrics.tap
    panel_width = min(width - 2 * margin, metrics.px(760 if wide else 520))
    panel_height = min(height - 2 * margin, metrics.px(600))
    panel = Rect(0, 0, panel_width, panel_height)
    panel.center = (width // 2, height // 2)
    inner = panel.inflate(-2 * margin, -2 * margin)
    title = Rect(inner.left + tap, inner.top, inner.width - 2 * tap, tap)
    close = Rect(inner.right - tap, inner.top, tap, tap)
    gap = metrics.px(8)
    # Buttons go side by side when they are few, else in a column; on a short window, in two or three
    # columns, so the body keeps at least part of the panel.
    columns = buttons if buttons <= 2 and inner.width >= 2 * metrics.px(150) + gap else 1
    while columns < max(1, buttons) and math.ceil(buttons / columns) * (tap + gap) > inner.height * 0.5:
        columns += 1
    rows = math.ceil(buttons / columns) if buttons else 0
    buttons_height = rows * tap + max(0, rows - 1) * gap
    body = Rect(
        inner.left, title.bottom + gap, inner.width, inner.bottom - buttons_height - gap - title.bottom - gap
    )
    each = min((inner.width - gap * (columns - 1)) // columns, metrics.px(320 if columns == 1 else 240))
    rects: list[Rect] = []
    top = inner.bottom - buttons_height
    for index in range(buttons):
        row, column = divmod(index, columns)
        in_row = min(columns, buttons - row * columns)
        total = each * in_row + gap * (in_row - 1)
        left = inner.centerx - total // 2 + column * (each + gap)
        rects.append(Rect(left, top + row * (tap + gap), each, tap))
    return DialogLayout(
        panel=panel, title=title, body=body, buttons=tuple(rects), close=close, metrics=metrics
    )


def badge_spot(layout: TableLayout, seat: Seat, size: tuple[int, int]) -> Rect:
    """Where a seat's badge ("Moon threat") goes: beside its panel, clear of everything else.

    Tries below, right, left and above the panel, in that order; the first place inside the window
    that touches no control, panel, card slot or the hand wins (below, if none does)."""
    panel = layout.seats[seat].panel
    gap = layout.metrics.px(3)
    width, height = size
    candidates = [
        Rect(panel.centerx - width // 2, panel.bottom + gap, width, height),
        Rect(panel.right + gap, panel.centery - height // 2, width, height),
        Rect(panel.left - gap - width, panel.centery - height // 2, width, height),
        Rect(panel.centerx - width // 2, panel.top - gap - height, width, height),
    ]
    hand_top = layout.hand.reach_top
    obstacles = [
        *layout.controls().values(),
        *(place.panel for place in layout.seats),
        *(place.trick_slot for place in layout.seats),
        layout.message,
        layout.marks,
        Rect(layout.hand.area.left, hand_top, layout.hand.area.width, layout.size[1] - hand_top),
    ]
    window = Rect(0, 0, *layout.size)
    for spot in candidates:
        if window.contains(spot) and spot.collidelist(obstacles) < 0:
            return spot
    return candidates[0]


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
    card, seats = _trick(
        trick_area, (trick_width, trick_area.height), layout.trick_card[0], panels_by_seat, layout.hand.area
    )
    return replace(layout, seats=seats, trick_area=trick_area, trick_card=card), band
