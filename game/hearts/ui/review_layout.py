"""From a window size and the coach's words to the rectangles of a hand's review: pure, so drawing and
hit-testing share them.

Back and the title along the top; ◀, the step's buttons and ▶ along the bottom; between them the coach's
panel and the table of four rows of cards (the others, then you at the bottom). Until there is a key
moment to show, the coach says its piece in one line: over the cards in portrait, beside the step's
heading in landscape, the cards taking the rest of the room. With key moments, the coach's panel lists
them: a third of the height in portrait, a column on the left in landscape, the words on your decision
at its foot (in portrait they go under the rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pygame import Rect

from ..engine import Seat
from ..words import SEAT_NAMES
from .layout import Metrics, header_layout, is_portrait, metrics_for
from .render.fonts import Fonts
from .render.text import fit_size, wrap

ORDER: Final = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)
"""Rows from the top: the others, then you at the bottom, next to the coach's words."""


@dataclass(frozen=True, slots=True)
class Row:
    """A seat's row: its name, and its cards (a raised card's lift above them)."""

    seat: Seat
    label: Rect
    cards: Rect


@dataclass(frozen=True, slots=True, kw_only=True)
class CoachText:
    """What the coach's panel holds, as the layout measures it: its heading, its key moments' lines, and
    the words on each of your decisions (the place for them is as tall as the longest needs)."""

    heading: str
    moments: tuple[str, ...]
    whys: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewLayout:
    """The review's rectangles and type sizes for one window, shared by drawing and hit-testing."""

    size: tuple[int, int]
    metrics: Metrics
    gap: int
    text_px: int
    small_px: int
    back: Rect
    title: Rect
    title_px: int
    prev: Rect
    next: Rect
    step: Rect
    """Between ◀ and ▶: the step's buttons (or its name, with no practice)."""
    coach: Rect
    """The coach's panel."""
    moments: tuple[Rect, ...]
    """The key moments listed in the coach's panel, as many as fit, in order."""
    table: Rect
    """The step's heading, the rows and (in portrait, or in one line) the decision's words."""
    heading: Rect
    decision: Rect
    """The words on your decision at the step on show."""
    rows: tuple[Row, ...]
    """In ``ORDER``."""
    label_beside: bool
    """Whether each row's name stands beside its cards (else over them)."""
    card_size: tuple[int, int]
    lift: int
    """How far a marked card stands above the others."""


def coach_heading_fit(fonts: Fonts, words: str, width: int, metrics: Metrics) -> tuple[int, list[str]]:
    """The coach's heading across ``width``: its type size and lines. One line, a little smaller if
    need be; a heading too long for that wraps at full size."""
    text_px = metrics.text(15)
    px = fit_size(fonts, words, width, text_px, metrics.text(12), bold=True)
    if fonts.size(words, px, bold=True)[0] <= width:
        return px, [words]
    return text_px, wrap(fonts, words, text_px, width, bold=True)


def _heading_height(fonts: Fonts, words: str, width: int, metrics: Metrics) -> int:
    """The height of the coach's heading across ``width`` (the panel's, padding aside)."""
    px, lines = coach_heading_fit(fonts, words, width, metrics)
    return len(lines) * fonts.line_height(px, bold=True)


def _coach_height(fonts: Fonts, coach: CoachText, width: int, metrics: Metrics) -> int:
    """The coach's panel: its heading, and the key moments once known."""
    gap, small_px = metrics.px(8), metrics.text(13)
    height = 2 * gap + _heading_height(fonts, coach.heading, width - 2 * gap, metrics)
    for line in coach.moments:
        lines = wrap(fonts, line, small_px, width - 2 * gap)
        height += len(lines) * fonts.line_height(small_px) + gap + gap // 2
    return height


def _decision_lines(
    fonts: Fonts, coach: CoachText, width: int, metrics: Metrics, *, least: int, most: int
) -> int:
    """Lines for the words on your decision: as many as the longest of this hand's takes, within
    ``least`` and ``most``."""
    needed = [len(wrap(fonts, why, metrics.text(13), width)) for why in coach.whys]
    return max(least, min(most, max(needed, default=least)))


def _moments(fonts: Fonts, coach: CoachText, panel: Rect, metrics: Metrics) -> tuple[Rect, ...]:
    """The key moments under the heading, as many as fit in the panel."""
    gap, small_px = metrics.px(8), metrics.text(13)
    top = panel.top + gap + _heading_height(fonts, coach.heading, panel.width - 2 * gap, metrics)
    placed = []
    for line in coach.moments:
        lines = wrap(fonts, line, small_px, panel.width - 2 * gap)
        rect = Rect(panel.left, top, panel.width, len(lines) * fonts.line_height(small_px) + gap)
        if rect.bottom > panel.bottom:
            break
        placed.append(rect)
        top = rect.bottom + gap // 2
    return tuple(placed)


def review_layout(size: tuple[int, int], scale: float, fonts: Fonts, coach: CoachText) -> ReviewLayout:
    """The review's rectangles for a window of ``size`` pixels, the coach saying ``coach``."""
    metrics = metrics_for(size, scale)
    width, height = size
    margin, gap, tap = metrics.px(12), metrics.px(8), metrics.tap
    text_px, small_px = metrics.text(15), metrics.text(13)
    header = header_layout(size, metrics, fonts, title_text=22)
    top = header.below
    bottom = height - margin - tap
    prev = Rect(margin, bottom, tap * 3 // 2, tap)
    next_ = Rect(width - margin - tap * 3 // 2, bottom, tap * 3 // 2, tap)
    step = Rect(prev.right + gap, bottom, next_.left - prev.right - 2 * gap, tap)
    content = Rect(margin, top, width - 2 * margin, bottom - gap - top)
    line = fonts.line_height(text_px)
    compact = not coach.moments
    portrait = is_portrait(size)
    heading_width = content.width
    if compact:
        coach_height = 2 * gap + fonts.line_height(text_px, bold=True)
        if portrait:
            panel = Rect(content.left, content.top, content.width, coach_height)
            top = panel.bottom + gap
        else:  # beside the step's heading: the height goes to the cards
            half = content.width // 2
            panel = Rect(content.right - half, content.top, half, coach_height)
            heading_width = content.width - half - gap
            top = content.top
        table = Rect(content.left, top, content.width, content.bottom - top)
    elif portrait:
        coach_height = min(content.height // 3, _coach_height(fonts, coach, content.width, metrics))
        panel = Rect(content.left, content.top, content.width, coach_height)
        table = Rect(content.left, panel.bottom + gap, content.width, content.bottom - panel.bottom - gap)
    else:  # the coach's column: its list, then the words on the step's decision right under it
        coach_width = min(content.width * 2 // 5, metrics.px(420))
        words = _decision_lines(fonts, coach, coach_width - 2 * gap, metrics, least=4, most=7)
        wanted = _coach_height(fonts, coach, coach_width, metrics) + words * fonts.line_height(small_px)
        panel = Rect(content.left, content.top, coach_width, min(wanted, content.height))
        table = Rect(
            panel.right + 2 * gap, content.top, content.right - panel.right - 2 * gap, content.height
        )
    # The step's heading, four rows of cards, and a line for your decision: under the rows in
    # portrait, at the foot of the coach's column in landscape (the rows need the height).
    heading = Rect(table.left, table.top, min(heading_width, table.width), line + gap)
    if compact and not portrait:  # the heading row is as tall as the coach's line beside it
        heading.height = max(heading.height, panel.height)
    small = fonts.line_height(small_px)
    if portrait or compact:
        lines = _decision_lines(fonts, coach, table.width, metrics, least=1 if compact else 2, most=6)
        decision = Rect(table.left, table.bottom - lines * small, table.width, lines * small)
        rows_bottom = decision.top - gap
    else:
        inner = panel.inflate(-2 * gap, -2 * gap)
        lines = _decision_lines(fonts, coach, inner.width, metrics, least=4, most=7)
        decision = Rect(inner.left, inner.bottom - lines * small, inner.width, lines * small)
        rows_bottom = table.bottom
    rows_area = Rect(table.left, heading.bottom, table.width, rows_bottom - heading.bottom)
    label_width = max(fonts.size(SEAT_NAMES[seat], small_px, bold=True)[0] for seat in Seat) + gap
    row_height = rows_area.height // len(ORDER)

    def room(beside: bool) -> tuple[int, int, int]:
        """A row's name's height and its cards' width, the row's name beside them or over them; and the
        height of thirteen cards overlapping by half there, a raised card's lift above them."""
        label_height = 0 if beside else fonts.line_height(small_px, bold=True)
        cards_width = rows_area.width - (label_width + gap if beside else 0)
        height = min(round((row_height - label_height - gap) / 1.18), round(cards_width / 7 * 1.4))
        return label_height, cards_width, height

    # The names beside the rows in landscape, and in portrait wherever that makes the cards larger (on a
    # small phone, with the coach's list, names over the rows left cards too small to read).
    label_beside = not portrait or room(True)[2] >= room(False)[2]
    label_height, cards_width, height_of_cards = room(label_beside)
    card_size = (max(8, round(height_of_cards / 1.4)), max(12, height_of_cards))
    lift = max(2, card_size[1] // 6)
    rows = []
    for index, seat in enumerate(ORDER):
        y = rows_area.top + index * row_height
        if label_beside:
            label = Rect(rows_area.left, y + lift, label_width, card_size[1])
            cards = Rect(label.right + gap, y, cards_width, card_size[1] + lift)
        else:
            label = Rect(rows_area.left, y, rows_area.width, label_height)
            cards = Rect(rows_area.left, label.bottom, cards_width, card_size[1] + lift)
        rows.append(Row(seat, label, cards))
    return ReviewLayout(
        size=size,
        metrics=metrics,
        gap=gap,
        text_px=text_px,
        small_px=small_px,
        back=header.back,
        title=header.title,
        title_px=header.title_px,
        prev=prev,
        next=next_,
        step=step,
        coach=panel,
        moments=_moments(fonts, coach, panel, metrics) if coach.moments else (),
        table=table,
        heading=heading,
        decision=decision,
        rows=tuple(rows),
        label_beside=label_beside,
        card_size=card_size,
        lift=lift,
    )
