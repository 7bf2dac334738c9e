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
from collections.abc import Callable, Sequence
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
MORE_ROWS: Final = 1.15
"""Another row of cards only for cards this much wider."""


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
    """Vertical offset between rows (how much of a row shows above the next one)."""

    @property
    def reach_top(self) -> int:
        """The top of the hand with a card raised: nothing else may lie below it."""
        return self.area.top - round(self.card[1] * RAISE)

    def rows_for(self, count: int) -> list[int]:
        """How many cards each row holds, top row first: as few rows as hold ``count``, filled evenly."""
        rows = max(1, math.ceil(count / self.per_row))
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


def hand_fits(width: int, rows: int, metrics: Metrics) -> list[HandFit]:
    """Every card width (largest first, up to 150 design pixels) at which 13 cards fit ``width`` in
    ``rows`` rows, each showing a tap-sized strip."""
    tap = math.ceil(MIN_TAP * metrics.scale)
    per_row = math.ceil(HAND_COUNT / rows)
    fits = []
    for card_width in range(min(width, metrics.px(150)), tap - 1, -1):
        card_height = round(card_width * CARD_ASPECT)
        strip = max(tap, math.ceil(card_width * INDEX_STRIP))
        if (per_row - 1) * strip + card_width > width:
            continue
        lift = round(card_height * RAISE)
        # A raised card of a lower row must not eat into the strip of the row above.
        drop = max(tap, math.ceil(card_height * INDEX_DROP)) + lift
        fits.append(HandFit(card_width, rows, strip, drop, card_height + lift + (rows - 1) * drop))
    return fits


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
        fits = hand_fits(width, rows, metrics)
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
                if best is None or fit.card_width > best[0].card_width * MORE_ROWS:
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


@dataclass(frozen=True, slots=True)
class SeatPlace:
    panel: Rect
    """The seat's box: a mark when it is to move, name, dealer chip, score; an opponent's cards."""
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
    header: Rect = field(default_factory=Rect)
    """The hand's number, its pass and the target score."""

    def controls(self) -> dict[str, Rect]:
        """Every tappable control but the cards."""
        return {**self.buttons, "action": self.action}


def table_layout(size: tuple[int, int], scale: float = 1.0) -> TableLayout:
    """The table's rectangles for a window of ``size`` pixels."""
    if is_portrait(size):
        return _portrait(size, metrics_for(size, scale))
    return _landscape(size, metrics_for(size, scale))


def fan_height(metrics: Metrics) -> int:
    """The strip along an opponent's box where their cards show as a fan of backs."""
    return metrics.px(16)


def panel_height(metrics: Metrics, *, lines: int, fan: bool) -> int:
    """A seat's box: one or two lines of words, and under them (two lines) an opponent's fan."""
    if lines == 1:
        return metrics.text(15) + metrics.px(14)
    return 2 * metrics.text(15) + metrics.px(16) + (fan_height(metrics) if fan else 0)


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


def _largest_trick(width: int, height: int) -> int:
    """The widest trick card any shape allows in ``width`` x ``height``."""
    if width <= 0 or height <= 0:
        return 0
    return max(_trick_card(width, height, (width, 0), shape)[0] for shape in TRICK_SHAPES)


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
    opponent_height = panel_height(metrics, lines=2, fan=True)
    west = Rect(margin, menu.bottom + gap, panel_width, opponent_height)
    east = Rect(width - margin - panel_width, west.top, panel_width, opponent_height)
    north = Rect(0, west.top, panel_width, opponent_height)
    north.centerx = width // 2
    trick_top = west.bottom + gap

    # Bottom up: the hand, the buttons, the message and your box, which on short phones sits beside the
    # message so the cards keep the height.
    south_height = panel_height(metrics, lines=2, fan=False)
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
        lambda _rows, trick_height: _largest_trick(row, trick_height),
        lambda card_width: min(card_width, metrics.px(80)),
        metrics,
    )
    hand = place_hand(fit, width - 2 * side, side, height - margin)
    hand_top = hand.reach_top

    action_row = Rect(margin, hand_top - gap - tap, row, tap)
    hint = Rect(action_row.left, action_row.top, tap, tap)
    last = Rect(hint.right + gap, action_row.top, tap, tap)
    fast = Rect(action_row.right - tap, action_row.top, tap, tap)
    action = Rect(last.right + gap * 2, action_row.top, fast.left - last.right - gap * 4, tap)
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
    trick_card, seats = _trick(
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
        buttons={"menu": menu, "hint": hint, "last": last, "fast": fast},
        marks=marks,
        header=header,
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

    # The opponents' boxes: West and East beside the trick, North above it (on one line on short
    # windows, to leave the trick its height). The header at the top left, the marks at the top right.
    panel_width = metrics.px(112)
    side_height = panel_height(metrics, lines=2, fan=True)
    short = _is_short(size, metrics)
    north_size = (
        (min(metrics.px(260), play_width * 13 // 25), panel_height(metrics, lines=1, fan=False))
        if short
        else (panel_width, side_height)
    )
    north = Rect(0, margin, *north_size)
    north.centerx = margin + play_width // 2
    header = Rect(margin, margin, north.left - gap - margin, 2 * round(metrics.text(13) * 1.3))
    marks = Rect(north.right + gap, margin, min(metrics.px(170), column.left - gap - north.right - gap), tap)
    south_height = panel_height(metrics, lines=2, fan=False)
    row_height = max(tap, south_height)
    action_width = max(metrics.px(150), tap * 3)
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
        return _largest_trick(trick_width, room - below)

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
        south = Rect(0, 0, panel_width, south_height)
        south.center = (hand.area.centerx, top_of_play + row_height // 2)
        action = Rect(column.left - gap - action_width, top_of_play, action_width, row_height)
        message = Rect(margin, top_of_play, south.left - gap - margin, row_height)

    middle = Rect(margin, north.bottom + gap, play_width, top_of_play - gap - north.bottom - gap)
    west = Rect(margin, 0, panel_width, side_height)
    west.centery = middle.centery
    west.top = max(west.top, header.bottom + gap, marks.bottom + gap)
    east = Rect(margin + play_width - panel_width, west.top, panel_width, side_height)
    trick_area = Rect(west.right + gap, middle.top, east.left - west.right - 2 * gap, middle.height)
    trick_card, seats = _trick(
        trick_area,
        trick_area.size,
        max(hand.card[0], wanted),
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
        header=header,
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
        layout.header,
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
