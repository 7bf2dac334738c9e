"""The score sheet: every hand's scores, a page of hands at a time (the last page first), one column per
seat, its name over both of its numbers (the hand's points, then the total after it), the moon and the
J♦ marked where they fell, the latest hand outlined, the target under the sheet.

The table's shape: a frame of what a page shows (``score_sheet_frame``), a layout of its grid in the
dialog's body (``score_sheet_layout``), and a drawer of the one in the other (``draw_score_sheet``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import pygame

from ...engine import HandScored, Seat
from ...words import seat_name
from .. import theme
from ..layout import DialogLayout, Metrics
from ..render.fonts import Fonts
from ..render.text import draw_text
from ..result_cells import score_text, share_out, total_text
from ..routes import ScoreSheet
from ..session import HUMAN
from ..widgets import draw_panel
from .base import Context, Replace
from .dialog import Choice, Dialog, draw_paragraphs, paragraphs_height

SHEET_PAGE: Final = 8
"""Hands on one page of the score sheet."""
MOON_MARK: Final = "☾"
JACK_MARK: Final = "♦"


def sheet_rows(results: Sequence[HandScored]) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The score sheet: for each hand, its number and every seat's score for it and running total."""
    return [
        (result.hand_number, tuple((result.scores[seat], result.totals[seat]) for seat in Seat))
        for result in results
    ]


def sheet_mark(result: HandScored, seat: Seat) -> str:
    """What a seat's cell on the sheet is marked with: the moon it shot, the J♦ it took."""
    return (MOON_MARK if result.moon_shooter == seat else "") + (
        JACK_MARK if result.jack_taker == seat else ""
    )


def sheet_key(shown: Sequence[HandScored], target: int) -> str:
    """The line under the sheet: how to read a column, the marks on the page, and the target."""
    said = ["Each seat: the hand's points, then the total."]
    if any(result.moon_shooter is not None for result in shown):
        said.append(f"{MOON_MARK} shot the moon.")
    if any(result.jack_taker is not None for result in shown):
        said.append(f"{JACK_MARK} took the J♦.")
    said.append(f"Target: {target}.")
    return " ".join(said)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetFrame:
    """One page of the score sheet."""

    shown: tuple[HandScored, ...]
    """The page's hands."""
    latest: int | None
    """The latest hand's number (outlined when on the page)."""
    key: tuple[str, ...]
    page: int
    pages: int

    @property
    def title(self) -> str:
        return "Score sheet" if self.pages == 1 else f"Score sheet ({self.page + 1} of {self.pages})"

    @property
    def sentences(self) -> tuple[str, ...]:
        """The page a hand a sentence, then its key, for a screen reader in the page's mirror (drawn, the
        sheet is a picture): "Hand 3: You +5, 12 in all; West 0, 20 in all; … North shot the moon."."""
        said = []
        for result in self.shown:
            scores, totals = result.scores, result.totals
            seats = "; ".join(
                f"{seat_name(seat)} {score_text(scores[seat])}, {total_text(totals[seat])} in all"
                for seat in Seat
            )
            marks = (
                [f"{seat_name(result.moon_shooter)} shot the moon."]
                if result.moon_shooter is not None
                else []
            )
            marks += [f"{seat_name(result.jack_taker)} took the J♦."] if result.jack_taker is not None else []
            said.append(" ".join((f"Hand {result.hand_number}: {seats}.", *marks)))
        return (*said, *self.key)


def score_sheet_frame(results: Sequence[HandScored], target: int, page: int) -> ScoreSheetFrame:
    """Page ``page`` (held to the pages there are) of the sheet of ``results``."""
    pages = max(1, math.ceil(len(results) / SHEET_PAGE))
    page = min(max(0, page), pages - 1)
    shown = tuple(results[page * SHEET_PAGE : (page + 1) * SHEET_PAGE])
    return ScoreSheetFrame(
        shown=shown,
        latest=results[-1].hand_number if results else None,
        key=(sheet_key(shown, target),),
        page=page,
        pages=pages,
    )


@dataclass(frozen=True, slots=True)
class HandRow:
    """One hand's row: across the sheet, its number, and each seat's cell (the hand's points' place and
    the total's: one rectangle twice side by side, the upper and lower halves stacked)."""

    line: pygame.Rect
    number: pygame.Rect
    cells: tuple[tuple[pygame.Rect, pygame.Rect], ...]
    """Indexed by ``Seat``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetLayout:
    """Where a page of the sheet stands in the dialog's body."""

    metrics: Metrics
    px: int
    """The sheet's one type size."""
    stacked: bool
    """Whether each cell stacks its two numbers (a small phone)."""
    bands: tuple[pygame.Rect, ...]
    """A band a seat, its name over its numbers (indexed by ``Seat``)."""
    names: tuple[pygame.Rect, ...]
    hands: tuple[HandRow, ...]
    key: pygame.Rect
    key_px: int


def _columns(
    frame: ScoreSheetFrame, fonts: Fonts, metrics: Metrics, px: int, stacked: bool
) -> tuple[int, list[int]]:
    """The hand numbers' width and each seat column's need at ``px``: as wide as its name and its
    widest cell (side by side: the hand's points, its mark and the total; stacked: the widest line)."""
    inner = metrics.px(4)

    def cell(result: HandScored, seat: Seat) -> int:
        mark = sheet_mark(result, seat)
        points = fonts.size(score_text(result.scores[seat]), px)[0]
        points += fonts.size(mark, px, bold=True)[0] + inner if mark else 0
        total = fonts.size(total_text(result.totals[seat]), px, bold=True)[0]
        return (max(points, total) if stacked else points + inner + total) + 2 * inner

    seats = [
        max([fonts.size(seat_name(seat), px, bold=True)[0], *(cell(result, seat) for result in frame.shown)])
        for seat in Seat
    ]
    numbers = [str(result.hand_number) for result in frame.shown]
    first = max(fonts.size(number, px, bold=True)[0] for number in [*numbers, "88"]) + metrics.px(4)
    return first, seats


def _grid(
    frame: ScoreSheetFrame, fonts: Fonts, metrics: Metrics, width: int
) -> tuple[int, bool, int, int, list[int]]:
    """The sheet's one type size, whether each cell stacks its two numbers, the row height, the hand
    numbers' width and the seat columns' widths: side by side at the largest size from 15 design
    pixels to the 12-pixel floor at which the columns fit, else stacked (a small phone)."""
    gap = metrics.px(4)
    sizes = range(metrics.text(15), metrics.text(12) - 1, -1)
    for stacked, px in [(False, px) for px in sizes] + [(True, px) for px in sizes]:
        first, seats = _columns(frame, fonts, metrics, px, stacked)
        if first + sum(seats) + 4 * gap <= width:
            break
    line = round(px * 1.3)
    row = 2 * line + metrics.px(6) if stacked else round(px * 1.75)
    return px, stacked, row, first, share_out(seats, width - first - 4 * gap)


def _key_height(frame: ScoreSheetFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    return metrics.px(8) + paragraphs_height(fonts, frame.key, metrics.text(13), width)


def score_sheet_height(frame: ScoreSheetFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    """The height a page of the sheet needs at ``width``."""
    px, _, row, _, _ = _grid(frame, fonts, metrics, width)
    return round(px * 1.75) + max(1, len(frame.shown)) * row + _key_height(frame, fonts, metrics, width)


def score_sheet_layout(
    frame: ScoreSheetFrame, fonts: Fonts, metrics: Metrics, rect: pygame.Rect
) -> ScoreSheetLayout:
    """A page of the sheet in the body ``rect``: the rows give up their height to keep the key."""
    px, stacked, row, first, widths = _grid(frame, fonts, metrics, rect.width)
    header = round(px * 1.75)
    room = rect.height - _key_height(frame, fonts, metrics, rect.width) - header
    row = min(row, max(1, room // max(1, len(frame.shown))))
    gap, inner = metrics.px(4), metrics.px(4)
    rows_height = header + row * max(1, len(frame.shown))
    lefts = [rect.left + first + gap + sum(widths[:index]) + index * gap for index in range(4)]
    bands = tuple(
        pygame.Rect(left, rect.top, widths[seat], rows_height) for seat, left in zip(Seat, lefts, strict=True)
    )
    names = tuple(
        pygame.Rect(left, rect.top, widths[seat], header) for seat, left in zip(Seat, lefts, strict=True)
    )
    hands = []
    top = rect.top + header
    for _ in frame.shown:
        cells = []
        for seat, left in zip(Seat, lefts, strict=True):
            cell = pygame.Rect(left + inner, top, widths[seat] - 2 * inner, row)
            upper, lower = cell, cell
            if stacked:
                upper = pygame.Rect(cell.left, cell.top, cell.width, cell.height // 2)
                lower = pygame.Rect(cell.left, upper.bottom, cell.width, cell.height - upper.height)
            cells.append((upper, lower))
        line = pygame.Rect(rect.left, top, rect.width, row)
        number = pygame.Rect(rect.left + metrics.px(4), top, first, row)
        hands.append(HandRow(line, number, tuple(cells)))
        top += row
    key = pygame.Rect(rect.left, top + metrics.px(8), rect.width, rect.bottom - top - metrics.px(8))
    return ScoreSheetLayout(
        metrics=metrics,
        px=px,
        stacked=stacked,
        bands=bands,
        names=names,
        hands=tuple(hands),
        key=key,
        key_px=metrics.text(13),
    )


def draw_score_sheet(
    surface: pygame.Surface, fonts: Fonts, frame: ScoreSheetFrame, layout: ScoreSheetLayout
) -> None:
    """A band a seat with its name, a row a hand (the latest outlined; stacked, a rule between hands),
    then the key."""
    metrics, px = layout.metrics, layout.px
    for seat in Seat:
        draw_panel(surface, layout.bands[seat], metrics.px(8), theme.PANEL)
        colour = theme.TEXT if seat is HUMAN else theme.TEXT_MUTED
        draw_text(surface, fonts, seat_name(seat), layout.names[seat], px, colour, bold=True, wrap=False)
    for index, (result, hand) in enumerate(zip(frame.shown, layout.hands, strict=True)):
        is_latest = result.hand_number == frame.latest
        if is_latest:
            pygame.draw.rect(
                surface, theme.TITLE, hand.line, width=max(1, metrics.px(2)), border_radius=metrics.px(6)
            )
        elif layout.stacked and index:  # two lines a hand: a rule between hands
            top = hand.line.top
            pygame.draw.line(surface, theme.PANEL_BORDER, (hand.line.left, top), (hand.line.right - 1, top))
        colour = theme.TITLE if is_latest else theme.TEXT
        draw_text(surface, fonts, str(result.hand_number), hand.number, px, colour, bold=True, align="left")
        for seat in Seat:
            _sheet_cell(surface, fonts, result, seat, hand.cells[seat], px, bold=seat is HUMAN or is_latest)
    draw_paragraphs(surface, fonts, frame.key, layout.key, layout.key_px, colour=theme.TEXT_MUTED)


def _sheet_cell(
    surface: pygame.Surface,
    fonts: Fonts,
    result: HandScored,
    seat: Seat,
    rects: tuple[pygame.Rect, pygame.Rect],
    px: int,
    *,
    bold: bool,
) -> None:
    """A seat's cell for a hand: the hand's points (muted), its mark, and the total. Side by side
    (``rects`` one rectangle twice) the points stand left, the mark after them and the total right;
    stacked, the points over the total, both to the right, the mark before the points."""
    upper, lower = rects
    stacked = upper != lower
    points = score_text(result.scores[seat])
    used = draw_text(
        surface,
        fonts,
        points,
        upper,
        px,
        theme.TEXT_MUTED,
        align="right" if stacked else "left",
        wrap=False,
    )
    mark = sheet_mark(result, seat)
    if mark:  # beside the hand's points: the moon or the J♦ came in this hand
        gap = max(1, px // 4)
        beside = (
            pygame.Rect(upper.left, upper.top, used.left - gap - upper.left, upper.height)
            if stacked
            else pygame.Rect(used.right + gap, upper.top, upper.right - used.right - gap, upper.height)
        )
        align: Literal["left", "right"] = "right" if stacked else "left"
        draw_text(surface, fonts, mark, beside, px, theme.TITLE, bold=True, align=align, wrap=False)
    total = total_text(result.totals[seat])
    draw_text(surface, fonts, total, lower, px, theme.TEXT, bold=bold, align="right", wrap=False)


def score_sheet_dialog(ctx: Context, results: tuple[HandScored, ...], target: int, page: int) -> Dialog:
    """Page ``page`` of the sheet of ``results`` (the last page when beyond it), with the earlier and
    later pages a button away."""
    frame = score_sheet_frame(results, target, page)
    page, pages = frame.page, frame.pages
    choices = []
    if page > 0:
        choices.append(Choice("earlier", "Earlier hands", go=Replace(ScoreSheet(results, target, page - 1))))
    choices.append(Choice("close", "Close", primary=True))
    if page < pages - 1:
        choices.append(Choice("later", "Later hands", go=Replace(ScoreSheet(results, target, page + 1))))
    if not results:  # no columns yet: a sheet of empty seats would only crowd the sentence
        empty = [
            "No hand has been scored yet.",
            f"Each hand's points and the running totals appear here once it is scored. Target: {target}.",
        ]
        return Dialog(
            ctx,
            "Score sheet",
            choices,
            lines=empty,
            name="score_sheet",
            close_result="close",
            closes_outside=True,
        )
    fonts = ctx.fonts

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        draw_score_sheet(surface, fonts, frame, score_sheet_layout(frame, fonts, layout.metrics, rect))

    return Dialog(
        ctx,
        frame.title,
        choices,
        body=body,
        body_height=lambda metrics, width: score_sheet_height(frame, fonts, metrics, width),
        name="score_sheet",
        mirrored=frame.sentences,
        close_result="close",  # (× and Escape answer as Close does: the mirror has one Close, not two)
        closes_outside=True,
    )
