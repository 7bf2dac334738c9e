"""The results at the table: a hand's, the match's, and the score sheet."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import pygame

from ...engine import HandScored, MatchOver, Seat, Suit
from ...words import SEAT_NAMES as NAMES
from ...words import hand_story, table_header
from .. import theme
from ..celebration import Confetti, draw_chart
from ..challenge_link import challenge_a_friend
from ..layout import DialogLayout, Metrics
from ..render.fonts import Fonts
from ..render.text import draw_text, wrap
from ..routes import Menu, NewMatch, PlayChallenge, Review, Route, ScoreSheet
from ..session import HUMAN, Session
from ..table_layout import table_layout
from ..widgets import draw_panel
from .base import Context, Push, Replace, Reset
from .dialog import Choice, Dialog, draw_lines, lines_height

NEXT_HAND = "next_hand"
"""The hand result's Next hand (the table deals it)."""


def fit_columns(
    fonts: Fonts, columns: Sequence[Sequence[str]], width: int, max_px: int, min_px: int, gap: int
) -> tuple[int, list[int]]:
    """One type size for a table and its columns' widths: the largest size (from ``max_px`` down to
    ``min_px``) at which every column's widest text fits with ``gap`` between columns; the room left
    over is shared out between the columns."""
    px = max_px
    while True:
        natural = [
            max((fonts.size(text, px, bold=True)[0] for text in column), default=0) for column in columns
        ]
        if px <= min_px or sum(natural) + gap * (len(columns) - 1) <= width:
            break
        px -= 1
    spare = max(0, width - sum(natural) - gap * (len(columns) - 1)) // max(1, len(columns))
    return px, [each + spare for each in natural]


def hand_result_dialog(
    ctx: Context, session: Session, scored: HandScored, match_over: bool, menu: Route | None = None
) -> Dialog:
    """A scored hand: per seat the hearts taken, the Q♠, the hand's score and the total; what the hand
    is remembered by (a moon shot or missed, the J♦); and, unless the match is over, the next hand.
    ``menu``: what its menu button and Escape open."""
    story = hand_story(scored)
    following = scored.hand_number + 1
    match = session.match
    rules = match.rules
    after = (
        []
        if match_over
        else [f"Next: {table_header(following, match.pass_direction_of(following), rules.target)}"]
    )
    rows: list[tuple[str, ...]] = [("", "♥", "Q♠", "Hand", "Total")]
    for seat in Seat:
        rows.append(
            (
                NAMES[seat],
                str(scored.hearts[seat]) if scored.hearts else "",
                "Q♠" if scored.queen_taker == seat else "",
                _signed(scored.scores[seat]),
                _number(scored.totals[seat]),
            )
        )
    columns = list(zip(*rows, strict=True))
    aligns: tuple[Literal["left", "right", "center"], ...] = ("left", "center", "center", "right", "right")

    def table_size(metrics: Metrics, width: int) -> tuple[int, int, list[int]]:
        """The rows' height, their one type size and the columns' widths."""
        pad = metrics.px(6)
        px, widths = fit_columns(
            ctx.fonts, columns, width - 2 * pad, metrics.text(16), metrics.text(12), metrics.px(12)
        )
        return round(metrics.text(16) * 1.8), px, widths

    def lines_size(metrics: Metrics, width: int) -> int:
        px = metrics.text(15)
        words = lines_height(ctx, story, px, width) + lines_height(ctx, after, px, width)
        return metrics.px(10) + words if words else 0

    def height(metrics: Metrics, width: int) -> int:
        row, _, _ = table_size(metrics, width)
        return len(rows) * row + lines_size(metrics, width)

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        row, px, widths = table_size(metrics, rect.width)
        # A short window: the rows give up their air first, the words keep every line.
        row = min(row, max(1, (rect.height - lines_size(metrics, rect.width)) // len(rows)))
        px = max(metrics.text(12), min(px, int(row / 1.25)))
        pad = metrics.px(6)
        gap = metrics.px(12)
        top = rect.top
        for index, cells in enumerate(rows):
            seat = None if index == 0 else Seat(index - 1)
            if seat is HUMAN:
                draw_panel(surface, pygame.Rect(rect.left, top, rect.width, row), metrics.px(8), theme.PANEL)
            left = rect.left + pad
            for column, cell in enumerate(cells):
                cell_rect = pygame.Rect(left, top, widths[column], row)
                left += widths[column] + gap
                colour = theme.TEXT_MUTED if seat is None else theme.TEXT
                if column == 1 and seat is None:
                    colour = theme.suit_colour(Suit.HEARTS, on_dark=True)
                bold = seat is None or seat is HUMAN or column == 2
                draw_text(
                    surface,
                    ctx.fonts,
                    cell,
                    cell_rect,
                    px,
                    colour,
                    bold=bold,
                    align=aligns[column],
                    wrap=False,
                )
            top += row
        lines = pygame.Rect(rect.left, top + metrics.px(10), rect.width, rect.bottom - top - metrics.px(10))
        used = draw_lines(surface, ctx, story, lines, metrics.text(15), colour=theme.TITLE)
        rest = pygame.Rect(lines.left, used.bottom, lines.width, lines.bottom - used.bottom)
        draw_lines(surface, ctx, after, rest, metrics.text(15), colour=theme.TEXT_MUTED)

    label = "See the result" if match_over else "Next hand"
    return Dialog(
        ctx,
        f"Hand {scored.hand_number}",
        [
            Choice(NEXT_HAND, label, primary=True),
            Choice("review", "Review this hand", go=Push(Review(session, scored.hand_number))),
        ],
        body=body,
        body_height=height,
        closable=False,
        name="hand_result",
        menu=None if menu is None else Push(menu),
        menu_spot=lambda size: table_layout(size, ctx.scale).buttons["menu"],
    )


def match_result_dialog(ctx: Context, session: Session, over: MatchOver) -> Dialog:
    won = HUMAN in over.winners
    ranking = sorted(Seat, key=lambda seat: (over.totals[seat], seat))
    ranks = places(over.totals)
    hands = len(session.match.results)
    if won and len(over.winners) > 1:
        others = " and ".join(NAMES[seat] for seat in over.winners if seat is not HUMAN)
        summary = f"You share the win with {others} after {hands} hands."
    elif won:
        margin = over.totals[ranking[1]] - over.totals[HUMAN]
        summary = f"You win by {margin} point{'s' if margin != 1 else ''} after {hands} hands."
    else:
        winner = " and ".join(NAMES[seat] for seat in over.winners)
        place, tied = ranks[HUMAN]
        came = f"tied for {ORDINALS[place]}" if tied else f"came {ORDINALS[place]}"
        summary = f"{winner} won after {hands} hands. You {came}."
    challenge = session.challenge
    if challenge is not None and challenge.score is not None:
        summary += " " + versus(over.totals[HUMAN], challenge.score)

    results = session.match.results
    target = session.match.rules.target

    def summary_height(metrics: Metrics, width: int) -> int:
        px = metrics.text(16)
        return len(wrap(ctx.fonts, summary, px, width)) * round(px * 1.35) + round(px * 1.35) // 3

    def row_size(metrics: Metrics) -> tuple[int, int]:
        px = metrics.text(16)
        return round(px * 1.7), px

    def beside(metrics: Metrics, width: int) -> bool:
        """Whether the chart stands beside the ranking (a wide panel) rather than under it."""
        return width >= metrics.px(560)

    def height(metrics: Metrics, width: int) -> int:
        row, _ = row_size(metrics)
        if beside(metrics, width):
            return summary_height(metrics, width) + max(4 * row, metrics.px(160))
        return summary_height(metrics, width) + 4 * row + metrics.px(8) + metrics.px(170)

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        used = draw_lines(surface, ctx, [summary], rect, metrics.text(16))
        top = used.bottom
        row, px = row_size(metrics)
        ranking_width = rect.width
        if beside(metrics, rect.width):
            ranking_width = rect.width * 2 // 5
            chart_room = rect.bottom - top
            row, px = table_rows(rect.bottom - top, 4, metrics, spacing=1.7)
            chart = pygame.Rect(rect.left + ranking_width + metrics.px(24), top + metrics.px(4), 0, 0)
            chart.size = (rect.right - chart.left, rect.bottom - chart.top)
        else:
            chart_room = rect.bottom - top - 4 * row - metrics.px(8)
            chart = pygame.Rect(rect.left, top + 4 * row + metrics.px(8), rect.width, chart_room)
        if chart_room < metrics.px(90):  # a short window: the ranking keeps its rows, the chart goes
            row, px = table_rows(rect.bottom - top, 4, metrics, spacing=1.7)
            chart_room = 0
        for seat in ranking:
            line = pygame.Rect(rect.left, top, ranking_width, row - metrics.px(2))
            if seat is HUMAN:
                draw_panel(surface, line, metrics.px(8), theme.PANEL)
            inner = line.inflate(-metrics.px(16), 0)
            colour = theme.SCORE_GOOD if seat in over.winners else theme.TEXT
            bold = seat is HUMAN or seat in over.winners
            mark = "  ★" if seat in over.winners else ""
            place, tied = ranks[seat]
            name = f"{'=' if tied else ''}{place}.  {NAMES[seat]}{mark}"
            draw_text(surface, ctx.fonts, name, inner, px, colour, bold=bold, align="left", wrap=False)
            total = _number(over.totals[seat])
            draw_text(surface, ctx.fonts, total, inner, px, colour, bold=bold, align="right", wrap=False)
            top += row
        if chart_room:
            draw_chart(surface, ctx.fonts, chart, results, target, metrics)

    # Play again: the friend's deals again for a challenge, else a new match.
    again: Route = NewMatch() if challenge is None else PlayChallenge(challenge)
    return Dialog(
        ctx,
        "Victory!" if won else "Defeat",
        [
            Choice("play_again", "Play again", primary=True, go=Reset(again)),
            Choice("score_sheet", "Score sheet", go=Push(ScoreSheet(tuple(results), target, len(results)))),
            Choice("challenge", "Challenge a friend", go=lambda: Push(challenge_a_friend(session))),
            Choice("main_menu", "Main menu", go=Reset(Menu())),
        ],
        body=body,
        body_height=height,
        closable=False,
        name="match_result",
        wide="landscape",  # in landscape: the chart beside the ranking, the buttons in a row
        button_share=0.34,  # on a small phone, the buttons two by two so the chart keeps its room
        title_colour=theme.VICTORY if won else theme.DEFEAT,
        confetti=Confetti() if won and not ctx.settings.reduced_motion else None,
    )


ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def places(totals: Sequence[int]) -> dict[Seat, tuple[int, bool]]:
    """Each seat's place by its total (the lowest first) and whether it shares it: seats on the same
    total share the place ("=2"), and the next place after them is skipped, as in any ranking."""
    return {
        seat: (1 + sum(other < totals[seat] for other in totals), totals.count(totals[seat]) > 1)
        for seat in Seat
    }


def versus(yours: int, theirs: int) -> str:
    """Your final score against the friend's who sent the challenge (the lower is better)."""
    if yours < theirs:
        return f"Your friend finished on {_number(theirs)}: you beat them by {theirs - yours}."
    if yours == theirs:
        return f"Your friend finished on {_number(theirs)} too: a draw."
    return f"Your friend finished on {_number(theirs)}: they beat you by {yours - theirs}."


def table_rows(height: int, rows: int, metrics: Metrics, *, spacing: float = 1.9) -> tuple[int, int]:
    """Row height and text size for ``rows`` rows in ``height`` pixels: roomy when there is space,
    tighter when not, never under the 12-CSS-pixel text floor."""
    px = metrics.text(16)
    row = min(round(px * spacing), height // max(1, rows))
    return row, max(metrics.text(12), min(px, int(row / 1.3)))


SHEET_PAGE = 8
"""Hands on one page of the score sheet."""


def sheet_rows(results: Sequence[HandScored]) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The score sheet: for each hand, its number and every seat's score for it and running total."""
    return [
        (result.hand_number, tuple((result.scores[seat], result.totals[seat]) for seat in Seat))
        for result in results
    ]


def share_out(natural: Sequence[int], room: int) -> list[int]:
    """Widths for columns that need ``natural``: as even as ``room`` allows, none under its need."""
    widths = list(natural)
    free = list(range(len(widths)))
    while free:
        even = (room - sum(widths[index] for index in range(len(widths)) if index not in free)) // len(free)
        narrow = [index for index in free if natural[index] <= even]
        if len(narrow) == len(free):
            for index in free:
                widths[index] = even
            break
        free = narrow
    return widths


MOON_MARK = "☾"
JACK_MARK = "♦"


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


def score_sheet_dialog(ctx: Context, results: tuple[HandScored, ...], target: int, page: int) -> Dialog:
    """Every hand's scores, a page of hands at a time (the last page first): one column per seat, its
    name over both of its numbers (the hand's points, then the total after it), the moon and the J♦
    marked where they fell, the latest hand outlined, the target under the sheet."""
    pages = max(1, math.ceil(len(results) / SHEET_PAGE))
    page = min(max(0, page), pages - 1)
    shown = results[page * SHEET_PAGE : (page + 1) * SHEET_PAGE]
    latest = results[-1].hand_number if results else None
    key = [sheet_key(shown, target)]
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
        return Dialog(ctx, "Score sheet", choices, lines=empty, name="score_sheet")

    def columns(metrics: Metrics, px: int, stacked: bool) -> tuple[int, list[int]]:
        """The hand numbers' width and each seat column's need at ``px``: as wide as its name and its
        widest cell (side by side: the hand's points, its mark and the total; stacked: the widest line)."""
        fonts, inner = ctx.fonts, metrics.px(4)

        def cell(result: HandScored, seat: Seat) -> int:
            mark = sheet_mark(result, seat)
            points = fonts.size(_signed(result.scores[seat]), px)[0]
            points += fonts.size(mark, px, bold=True)[0] + inner if mark else 0
            total = fonts.size(_number(result.totals[seat]), px, bold=True)[0]
            return (max(points, total) if stacked else points + inner + total) + 2 * inner

        seats = [
            max([fonts.size(NAMES[seat], px, bold=True)[0], *(cell(result, seat) for result in shown)])
            for seat in Seat
        ]
        numbers = [str(result.hand_number) for result in shown]
        first = max(fonts.size(number, px, bold=True)[0] for number in [*numbers, "88"]) + metrics.px(4)
        return first, seats

    def grid(metrics: Metrics, width: int) -> tuple[int, bool, int, int, list[int]]:
        """The sheet's one type size, whether each cell stacks its two numbers, the row height, the hand
        numbers' width and the seat columns' widths: side by side at the largest size from 15 design
        pixels to the 12-pixel floor at which the columns fit, else stacked (a small phone)."""
        gap = metrics.px(4)
        sizes = range(metrics.text(15), metrics.text(12) - 1, -1)
        for stacked, px in [(False, px) for px in sizes] + [(True, px) for px in sizes]:
            first, seats = columns(metrics, px, stacked)
            if first + sum(seats) + 4 * gap <= width:
                break
        line = round(px * 1.3)
        row = 2 * line + metrics.px(6) if stacked else round(px * 1.75)
        return px, stacked, row, first, share_out(seats, width - first - 4 * gap)

    def key_height(metrics: Metrics, width: int) -> int:
        return metrics.px(8) + lines_height(ctx, key, metrics.text(13), width)

    def height(metrics: Metrics, width: int) -> int:
        px, _, row, _, _ = grid(metrics, width)
        return round(px * 1.75) + max(1, len(shown)) * row + key_height(metrics, width)

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        px, stacked, row, first, widths = grid(metrics, rect.width)
        header = round(px * 1.75)
        room = rect.height - key_height(metrics, rect.width) - header
        row = min(row, max(1, room // max(1, len(shown))))
        gap, inner = metrics.px(4), metrics.px(4)
        rows_height = header + row * max(1, len(shown))
        lefts = [rect.left + first + gap + sum(widths[:index]) + index * gap for index in range(4)]
        for seat, left in zip(Seat, lefts, strict=True):  # a band per seat: its name over its numbers
            band = pygame.Rect(left, rect.top, widths[seat], rows_height)
            draw_panel(surface, band, metrics.px(8), theme.PANEL)
            name = pygame.Rect(left, rect.top, widths[seat], header)
            colour = theme.TEXT if seat is HUMAN else theme.TEXT_MUTED
            draw_text(surface, ctx.fonts, NAMES[seat], name, px, colour, bold=True, wrap=False)
        top = rect.top + header
        for result in shown:
            is_latest = result.hand_number == latest
            if is_latest:
                outline = pygame.Rect(rect.left, top, rect.width, row)
                pygame.draw.rect(
                    surface, theme.TITLE, outline, width=max(1, metrics.px(2)), border_radius=metrics.px(6)
                )
            elif stacked and top > rect.top + header:  # two lines a hand: a rule between hands
                pygame.draw.line(surface, theme.PANEL_BORDER, (rect.left, top), (rect.right - 1, top))
            number = pygame.Rect(rect.left + metrics.px(4), top, first, row)
            colour = theme.TITLE if is_latest else theme.TEXT
            draw_text(
                surface, ctx.fonts, str(result.hand_number), number, px, colour, bold=True, align="left"
            )
            for seat, left in zip(Seat, lefts, strict=True):
                cell = pygame.Rect(left + inner, top, widths[seat] - 2 * inner, row)
                upper, lower = cell, cell
                if stacked:
                    upper = pygame.Rect(cell.left, cell.top, cell.width, cell.height // 2)
                    lower = pygame.Rect(cell.left, upper.bottom, cell.width, cell.height - upper.height)
                _sheet_cell(surface, ctx, result, seat, (upper, lower), px, bold=seat is HUMAN or is_latest)
            top += row
        words = pygame.Rect(rect.left, top + metrics.px(8), rect.width, rect.bottom - top - metrics.px(8))
        draw_lines(surface, ctx, key, words, metrics.text(13), colour=theme.TEXT_MUTED)

    title = "Score sheet" if pages == 1 else f"Score sheet ({page + 1} of {pages})"
    return Dialog(ctx, title, choices, body=body, body_height=height, name="score_sheet")


def _sheet_cell(
    surface: pygame.Surface,
    ctx: Context,
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
    points = _signed(result.scores[seat])
    used = draw_text(
        surface,
        ctx.fonts,
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
        draw_text(surface, ctx.fonts, mark, beside, px, theme.TITLE, bold=True, align=align, wrap=False)
    total = _number(result.totals[seat])
    draw_text(surface, ctx.fonts, total, lower, px, theme.TEXT, bold=bold, align="right", wrap=False)


def _number(value: int) -> str:
    """A total, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else ("−" + str(-score) if score < 0 else "0")
