"""A scored hand's result: per seat the hearts taken, the Q♠, the hand's score and the total; what the
hand is remembered by (a moon shot or missed, the J♦); and, unless the match is over, the next hand.

The table's shape: a frame of what it shows (``hand_result_frame``, from the hand's score), a layout
of its score table and words in the dialog's body (``hand_result_layout``), and a drawer of the one in
the other (``draw_hand_result``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import pygame

from ...engine import HandScored, Match, Seat, Suit
from ...words import hand_story, seat_name, table_header
from .. import theme
from ..layout import DialogLayout, Metrics
from ..render.fonts import Fonts
from ..render.text import draw_text
from ..result_cells import fit_columns, score_text, total_text
from ..routes import Review, Route
from ..session import HUMAN, Session
from ..table_layout import table_layout
from ..widgets import draw_panel
from .base import Context, Push
from .dialog import Choice, Dialog, draw_paragraphs, paragraphs_height

NEXT_HAND: Final = "next_hand"
"""The hand result's Next hand (the table deals it)."""
ALIGNS: Final[tuple[Literal["left", "right", "center"], ...]] = ("left", "center", "center", "right", "right")
"""The score table's columns: the seat, its hearts, the Q♠, the hand's score, the total."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResultFrame:
    """What the hand's result shows: the score table (a heading row, then a row a seat) and its words."""

    rows: tuple[tuple[str, ...], ...]
    story: tuple[str, ...]
    """What the hand is remembered by."""
    after: tuple[str, ...]
    """The next hand's header, unless the match is over."""

    @property
    def columns(self) -> tuple[tuple[str, ...], ...]:
        return tuple(zip(*self.rows, strict=True))

    @property
    def sentences(self) -> tuple[str, ...]:
        """The table a row a sentence, then its words, for a screen reader to read again in the page's
        mirror: "West: 4 hearts and the Q♠, +17 this hand, 40 in all." (the announcer said it once)."""
        said = []
        for name, hearts, queen, hand, total in self.rows[1:]:
            taken = [f"{hearts} heart{'' if hearts == '1' else 's'}"] if hearts not in ("", "0") else []
            taken += ["the Q♠"] if queen else []
            took = " and ".join(taken) if taken else "no penalty cards"
            said.append(f"{name}: {took}, {hand} this hand, {total} in all.")
        return (*said, *self.story, *self.after)


def hand_result_frame(scored: HandScored, match: Match, *, match_over: bool) -> HandResultFrame:
    """The frame of ``scored``, the latest hand of ``match``."""
    following = scored.hand_number + 1
    after = (
        ()
        if match_over
        else (f"Next: {table_header(following, match.pass_direction_of(following), match.rules.target)}",)
    )
    rows: list[tuple[str, ...]] = [("", "♥", "Q♠", "Hand", "Total")]
    for seat in Seat:
        rows.append(
            (
                seat_name(seat),
                str(scored.hearts[seat]) if scored.hearts else "",
                "Q♠" if scored.queen_taker == seat else "",
                score_text(scored.scores[seat]),
                total_text(scored.totals[seat]),
            )
        )
    return HandResultFrame(rows=tuple(rows), story=tuple(hand_story(scored)), after=after)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResultLayout:
    """Where the hand's result stands in the dialog's body."""

    metrics: Metrics
    rows: tuple[pygame.Rect, ...]
    """The score table's rows, the heading first."""
    cells: tuple[tuple[pygame.Rect, ...], ...]
    """Each row's cells, column by column."""
    px: int
    """The score table's one type size."""
    words: pygame.Rect
    """Under the table: the story, then what follows."""
    words_px: int


def _table_size(
    frame: HandResultFrame, fonts: Fonts, metrics: Metrics, width: int
) -> tuple[int, int, list[int]]:
    """The rows' height, their one type size and the columns' widths."""
    pad = metrics.px(6)
    px, widths = fit_columns(
        fonts, frame.columns, width - 2 * pad, metrics.text(16), metrics.text(12), metrics.px(12)
    )
    return round(metrics.text(16) * 1.8), px, widths


def _words_height(frame: HandResultFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    px = metrics.text(15)
    words = paragraphs_height(fonts, frame.story, px, width) + paragraphs_height(
        fonts, frame.after, px, width
    )
    return metrics.px(10) + words if words else 0


def hand_result_height(frame: HandResultFrame, fonts: Fonts, metrics: Metrics, width: int) -> int:
    """The height the hand's result needs at ``width``."""
    row, _, _ = _table_size(frame, fonts, metrics, width)
    return len(frame.rows) * row + _words_height(frame, fonts, metrics, width)


def hand_result_layout(
    frame: HandResultFrame, fonts: Fonts, metrics: Metrics, rect: pygame.Rect
) -> HandResultLayout:
    """The hand's result laid out in the body ``rect``. A short window: the rows give up their air
    first, the words keep every line."""
    row, px, widths = _table_size(frame, fonts, metrics, rect.width)
    row = min(
        row, max(1, (rect.height - _words_height(frame, fonts, metrics, rect.width)) // len(frame.rows))
    )
    px = max(metrics.text(12), min(px, int(row / 1.25)))
    pad, gap = metrics.px(6), metrics.px(12)
    rows, cells = [], []
    top = rect.top
    for _ in frame.rows:
        rows.append(pygame.Rect(rect.left, top, rect.width, row))
        left = rect.left + pad
        placed = []
        for width in widths:
            placed.append(pygame.Rect(left, top, width, row))
            left += width + gap
        cells.append(tuple(placed))
        top += row
    words = pygame.Rect(rect.left, top + metrics.px(10), rect.width, rect.bottom - top - metrics.px(10))
    return HandResultLayout(
        metrics=metrics, rows=tuple(rows), cells=tuple(cells), px=px, words=words, words_px=metrics.text(15)
    )


def draw_hand_result(
    surface: pygame.Surface, fonts: Fonts, frame: HandResultFrame, layout: HandResultLayout
) -> None:
    """The score table, your row on a panel, then the story and what follows."""
    metrics = layout.metrics
    for index, cells in enumerate(frame.rows):
        seat = None if index == 0 else Seat(index - 1)
        if seat is HUMAN:
            draw_panel(surface, layout.rows[index], metrics.px(8), theme.PANEL)
        for column, cell in enumerate(cells):
            colour = theme.TEXT_MUTED if seat is None else theme.TEXT
            if column == 1 and seat is None:
                colour = theme.suit_colour(Suit.HEARTS, on_dark=True)
            bold = seat is None or seat is HUMAN or column == 2
            rect = layout.cells[index][column]
            draw_text(
                surface, fonts, cell, rect, layout.px, colour, bold=bold, align=ALIGNS[column], wrap=False
            )
    words = layout.words
    used = draw_paragraphs(surface, fonts, frame.story, words, layout.words_px, colour=theme.TITLE)
    rest = pygame.Rect(words.left, used.bottom, words.width, words.bottom - used.bottom)
    draw_paragraphs(surface, fonts, frame.after, rest, layout.words_px, colour=theme.TEXT_MUTED)


def hand_result_dialog(
    ctx: Context, session: Session, scored: HandScored, match_over: bool, menu: Route | None = None
) -> Dialog:
    """The result of ``scored``, with the next hand (or the match's result) and its review.
    ``menu``: what its menu button and Escape open."""
    frame = hand_result_frame(scored, session.match, match_over=match_over)
    fonts = ctx.fonts

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        draw_hand_result(surface, fonts, frame, hand_result_layout(frame, fonts, layout.metrics, rect))

    label = "See the result" if match_over else "Next hand"
    moon = ": you shot the moon!" if scored.moon_shooter is HUMAN else ""  # (as the shooter's choice says)
    return Dialog(
        ctx,
        f"Hand {scored.hand_number}{moon}",
        [
            Choice(NEXT_HAND, label, primary=True),
            Choice("review", "Review this hand", go=Push(Review(session.match_id, scored.hand_number))),
        ],
        body=body,
        body_height=lambda metrics, width: hand_result_height(frame, fonts, metrics, width),
        closable=False,
        name="hand_result",
        mirrored=frame.sentences,
        menu=None if menu is None else Push(menu),
        menu_spot=lambda size: table_layout(size, ctx.scale).buttons["menu"],
    )
