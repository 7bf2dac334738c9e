"""The match's result: who won and how you placed, the seats ranked by total, and a chart of every
seat's total hand by hand; then play again, the score sheet, a challenge or the menu.

The table's shape: a frame of what it shows (``match_result_frame``, from the match's end), a layout
of its ranking and chart in the dialog's body (``match_result_layout``), and a drawer of the one in
the other (``draw_match_result``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import HandScored, MatchOver, Seat, places
from ...words import seat_name, where_you_came
from .. import theme
from ..celebration import Confetti, draw_chart
from ..challenge_link import challenge_a_friend
from ..layout import DialogLayout, Metrics
from ..render.fonts import Fonts
from ..render.text import draw_text, wrap
from ..result_cells import table_rows, total_text
from ..routes import FriendsTable, Menu, NewMatch, PlayChallenge, Route, ScoreSheet
from ..session import HUMAN, Session
from ..widgets import draw_panel
from .base import Context, Push, Reset
from .dialog import Choice, Dialog, set_paragraphs


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResultFrame:
    """What the match's result shows."""

    won: bool
    summary: str
    ranking: tuple[Seat, ...]
    """The seats by total, the lowest first."""
    places: dict[Seat, tuple[int, bool]]
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]
    results: tuple[HandScored, ...]
    """Every hand's score, for the chart."""
    target: int

    @property
    def sentences(self) -> tuple[str, ...]:
        """The summary, then the ranking a seat a sentence, for a screen reader in the page's mirror (drawn,
        they are a picture): "2 (tied). West: 60 points."; the winners marked, as the star marks them."""
        said = [self.summary]
        for seat in self.ranking:
            place, tied = self.places[seat]
            won = ", winner" if seat in self.winners else ""
            points = total_text(self.totals[seat])
            said.append(f"{place}{' (tied)' if tied else ''}. {seat_name(seat)}: {points} points{won}.")
        return tuple(said)


def versus(yours: int, theirs: int) -> str:
    """Your final score against the friend's who sent the challenge (the lower is better)."""
    if yours < theirs:
        return f"Your friend finished on {total_text(theirs)}: you beat them by {theirs - yours}."
    if yours == theirs:
        return f"Your friend finished on {total_text(theirs)} too: a draw."
    return f"Your friend finished on {total_text(theirs)}: they beat you by {yours - theirs}."


def match_result_frame(session: Session, over: MatchOver) -> MatchResultFrame:
    """The frame of the match ``session`` plays, ``over`` its end."""
    won = HUMAN in over.winners
    ranking = sorted(Seat, key=lambda seat: (over.totals[seat], seat))
    ranks = places(over.totals)
    results = tuple(session.match.results)
    hands = len(results)
    if won and len(over.winners) > 1:
        others = " and ".join(seat_name(seat) for seat in over.winners if seat is not HUMAN)
        summary = f"You share the win with {others} after {hands} hands."
    elif won:
        margin = over.totals[ranking[1]] - over.totals[HUMAN]
        summary = f"You win by {margin} point{'s' if margin != 1 else ''} after {hands} hands."
    else:
        winner = " and ".join(seat_name(seat) for seat in over.winners)
        summary = f"{winner} won after {hands} hands. You {where_you_came(over.totals, HUMAN)}."
    challenge = session.challenge
    if challenge is not None and challenge.score is not None:
        summary += " " + versus(over.totals[HUMAN], challenge.score)
    return MatchResultFrame(
        won=won,
        summary=summary,
        ranking=tuple(ranking),
        places=ranks,
        totals=tuple(over.totals),
        winners=tuple(over.winners),
        results=results,
        target=session.match.rules.target,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResultLayout:
    """Where the match's result stands in the dialog's body."""

    metrics: Metrics
    summary: tuple[tuple[str, pygame.Rect], ...]
    """The summary's lines from the body's top, each with its rectangle."""
    summary_px: int
    ranking: tuple[pygame.Rect, ...]
    """A line a seat, in the ranking's order."""
    px: int
    """The ranking's type size."""
    chart: pygame.Rect | None
    """None in a short window: the ranking keeps its rows, the chart goes."""


def _summary_height(frame: MatchResultFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    px = metrics.text(16)
    return len(wrap(fonts, frame.summary, px, width)) * round(px * 1.35) + round(px * 1.35) // 3


def _row_size(metrics: Metrics) -> tuple[int, int]:
    px = metrics.text(16)
    return round(px * 1.7), px


def _beside(metrics: Metrics, width: int) -> bool:
    """Whether the chart stands beside the ranking (a wide panel) rather than under it."""
    return width >= metrics.px(560)


def match_result_height(frame: MatchResultFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    """The height the match's result needs at ``width``."""
    row, _ = _row_size(metrics)
    if _beside(metrics, width):
        return _summary_height(frame, fonts, metrics, width) + max(4 * row, metrics.px(160))
    return _summary_height(frame, fonts, metrics, width) + 4 * row + metrics.px(8) + metrics.px(170)


def match_result_layout(
    frame: MatchResultFrame, fonts: Fonts, metrics: Metrics, rect: pygame.Rect
) -> MatchResultLayout:
    """The match's result in the body ``rect``: the summary from the top, the ranking under it, and the
    chart beside the ranking in a wide panel, else under it."""
    summary_px = metrics.text(16)
    summary, used = set_paragraphs(fonts, [frame.summary], rect, summary_px)
    top = used.bottom
    row, px = _row_size(metrics)
    ranking_width = rect.width
    if _beside(metrics, rect.width):
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
    ranking = tuple(
        pygame.Rect(rect.left, top + index * row, ranking_width, row - metrics.px(2))
        for index in range(len(frame.ranking))
    )
    return MatchResultLayout(
        metrics=metrics,
        summary=tuple(summary),
        summary_px=summary_px,
        ranking=ranking,
        px=px,
        chart=chart if chart_room else None,
    )


def draw_match_result(
    surface: pygame.Surface, fonts: Fonts, frame: MatchResultFrame, layout: MatchResultLayout
) -> None:
    """The summary, then the ranking (your line on a panel, the winners starred) and the chart."""
    metrics = layout.metrics
    for words, line in layout.summary:
        draw_text(surface, fonts, words, line, layout.summary_px, theme.TEXT, align="left", wrap=False)
    for seat, line in zip(frame.ranking, layout.ranking, strict=True):
        if seat is HUMAN:
            draw_panel(surface, line, metrics.px(8), theme.PANEL)
        inner = line.inflate(-metrics.px(16), 0)
        winner = seat in frame.winners
        colour = theme.SCORE_GOOD if winner else theme.TEXT
        bold = seat is HUMAN or winner
        mark = "  ★" if winner else ""
        place, tied = frame.places[seat]
        name = f"{'=' if tied else ''}{place}.  {seat_name(seat)}{mark}"
        draw_text(surface, fonts, name, inner, layout.px, colour, bold=bold, align="left", wrap=False)
        total = total_text(frame.totals[seat])
        draw_text(surface, fonts, total, inner, layout.px, colour, bold=bold, align="right", wrap=False)
    if layout.chart is not None:
        draw_chart(surface, fonts, layout.chart, list(frame.results), frame.target, metrics)


def match_result_dialog(
    ctx: Context, session: Session, over: MatchOver, *, with_friends: bool = False
) -> Dialog:
    """The result of the match ``session`` plays, ``over`` its end (``with_friends``: at a table with
    friends, whose table has closed: Play again opens a new one, to invite them again)."""
    frame = match_result_frame(session, over)
    fonts = ctx.fonts
    challenge = session.challenge

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        draw_match_result(surface, fonts, frame, match_result_layout(frame, fonts, layout.metrics, rect))

    # Play again: a new table with friends, the friend's deals again for a challenge, else a new match.
    again: Route = NewMatch() if challenge is None else PlayChallenge(challenge)
    again_words = "Play again"
    if with_friends:
        again, again_words = FriendsTable(), "New table with friends"
    results = frame.results
    challenge_choice = Choice("challenge", "Challenge a friend", go=lambda: Push(challenge_a_friend(session)))
    return Dialog(
        ctx,
        "Victory!" if frame.won else "Defeat",
        [
            Choice("play_again", again_words, primary=True, go=Reset(again)),
            Choice("score_sheet", "Score sheet", go=Push(ScoreSheet(results, frame.target, len(results)))),
            *([] if with_friends else [challenge_choice]),
            Choice("main_menu", "Main menu", go=Reset(Menu())),
        ],
        body=body,
        body_height=lambda metrics, width: match_result_height(frame, fonts, metrics, width),
        closable=False,
        name="match_result",
        mirrored=frame.sentences,
        wide="landscape",  # in landscape: the chart beside the ranking, the buttons in a row
        button_share=0.34,  # on a small phone, the buttons two by two so the chart keeps its room
        title_colour=theme.VICTORY if frame.won else theme.DEFEAT,
        confetti=Confetti() if frame.won and not ctx.settings.reduced_motion else None,
    )
