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
from ..render.text import draw_text, fit_size, wrap
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
    hands = len(session.match.results)
    if won and len(over.winners) > 1:
        others = " and ".join(NAMES[seat] for seat in over.winners if seat is not HUMAN)
        summary = f"You share the win with {others} after {hands} hands."
    elif won:
        margin = over.totals[ranking[1]] - over.totals[HUMAN]
        summary = f"You win by {margin} point{'s' if margin != 1 else ''} after {hands} hands."
    else:
        winner = " and ".join(NAMES[seat] for seat in over.winners)
        place = ranking.index(HUMAN) + 1
        summary = f"{winner} won after {hands} hands. You came {ORDINALS[place]}."
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
        for place, seat in enumerate(ranking, start=1):
            line = pygame.Rect(rect.left, top, ranking_width, row - metrics.px(2))
            if seat is HUMAN:
                draw_panel(surface, line, metrics.px(8), theme.PANEL)
            inner = line.inflate(-metrics.px(16), 0)
            colour = theme.SCORE_GOOD if seat in over.winners else theme.TEXT
            bold = seat is HUMAN or seat in over.winners
            mark = "  ★" if seat in over.winners else ""
            name = f"{place}.  {NAMES[seat]}{mark}"
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
            Choice("score_sheet", "Score sheet", go=Push(ScoreSheet(tuple(results), len(results)))),
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
        confetti=Confetti(still=ctx.settings.reduced_motion) if won else None,
    )


ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


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


def score_sheet_dialog(ctx: Context, results: tuple[HandScored, ...], page: int) -> Dialog:
    """Every hand's scores and the running totals, a page of hands at a time (the last page first)."""
    rows = sheet_rows(results)
    pages = max(1, math.ceil(len(rows) / SHEET_PAGE))
    page = min(max(0, page), pages - 1)
    shown = rows[page * SHEET_PAGE : (page + 1) * SHEET_PAGE]
    choices = []
    if page > 0:
        choices.append(Choice("earlier", "Earlier hands", go=Replace(ScoreSheet(results, page - 1))))
    choices.append(Choice("close", "Close", primary=True))
    if page < pages - 1:
        choices.append(Choice("later", "Later hands", go=Replace(ScoreSheet(results, page + 1))))

    def sizes(metrics: Metrics) -> tuple[int, int]:
        px = metrics.text(15)
        return round(px * 1.7), px

    def height(metrics: Metrics, width: int) -> int:
        row, _ = sizes(metrics)
        return (2 + max(1, len(shown))) * row

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        row, px = sizes(metrics)
        row = min(row, rect.height // (2 + max(1, len(shown))))
        px = max(metrics.text(12), min(px, int(row / 1.3)))
        pad = metrics.px(4)
        first = ctx.fonts.size("20", px, bold=True)[0] + metrics.px(10)
        each = (rect.width - first) // 4
        # A cell holds the hand's score and the running total: the widest of them sets the size.
        px = fit_size(ctx.fonts, "−26 126", each - 3 * pad, px, metrics.text(12), bold=True)
        top = rect.top
        for index, seat in enumerate(Seat):
            cell = pygame.Rect(rect.left + first + index * each, top, each - pad, row)
            draw_text(
                surface,
                ctx.fonts,
                NAMES[seat],
                cell,
                px,
                theme.TEXT_MUTED,
                bold=True,
                align="right",
                wrap=False,
            )
        top += row
        if not shown:
            note = pygame.Rect(rect.left, top, rect.width, row)
            draw_text(surface, ctx.fonts, "No hand has been scored yet.", note, px, theme.TEXT, align="left")
        for number, cells in shown:
            draw_text(
                surface,
                ctx.fonts,
                str(number),
                pygame.Rect(rect.left, top, first, row),
                px,
                theme.TEXT,
                bold=True,
                align="left",
            )
            for index, (score, total) in enumerate(cells):
                cell = pygame.Rect(rect.left + first + index * each + pad, top, each - 2 * pad, row)
                draw_text(
                    surface, ctx.fonts, _signed(score), cell, px, theme.TEXT_MUTED, align="left", wrap=False
                )
                bold = Seat(index) is HUMAN
                draw_text(
                    surface,
                    ctx.fonts,
                    _number(total),
                    cell,
                    px,
                    theme.TEXT,
                    bold=bold,
                    align="right",
                    wrap=False,
                )
            top += row

    title = "Score sheet" if pages == 1 else f"Score sheet ({page + 1} of {pages})"
    return Dialog(ctx, title, choices, body=body, body_height=height, name="score_sheet")


def _number(value: int) -> str:
    """A total, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else ("−" + str(-score) if score < 0 else "0")
