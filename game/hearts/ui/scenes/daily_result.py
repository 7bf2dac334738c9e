"""The daily deal's result: your points against par (filled in when par is found), a mark per trick,
your daily record, and Share, the hand's review, practice and the menu."""

from __future__ import annotations

import datetime
from typing import Final, Protocol

import pygame

from ...announce import Announcement
from ...daily import LEVEL, MARK_CLEAN, MARK_HEARTS, MARK_MOON, MARK_QUEEN, Daily, points_of, trick_marks
from ...engine import Suit
from .. import theme
from ..layout import DialogLayout, Metrics
from ..options_list import LEVEL_NAMES
from ..render.text import draw_text, wrap
from ..routes import DAILY_PRACTICE, DAILY_RESULT, HowToPlay, Menu, Options, Review, Share
from ..session import Session
from .base import Context, Push, Replace, Reset, Transition
from .dialog import Choice, Dialog, draw_lines

PAR_HEADER = "Daily deal"
PAR_LINES_AT_MOST = ("Par (Hard in your seat) is being worked out: 100%…", "Par is 26: Hard did 26 better.")
"""The longest the par line can be, waiting and known: the panel makes room for the longer."""


class DailyShown(Protocol):
    """What the daily deal's result reads of the attempt it shows (the daily mode)."""

    @property
    def daily(self) -> Daily: ...
    @property
    def session(self) -> Session: ...
    @property
    def practice(self) -> bool: ...
    @property
    def par_value(self) -> int | None: ...
    @property
    def par_progress(self) -> float: ...
    def share_text(self) -> str: ...


def day_words(day: datetime.date) -> str:
    """A date as people say it: "Tuesday 1 December"."""
    return f"{day:%A} {day.day} {day:%B}"


def daily_menu(ctx: Context, finished: bool) -> Dialog:
    """The daily deal's menu: back to the table, the day's result once the hand is over, the options (the
    level is the day's, the same for everyone), the rules, the main menu (the attempt is kept)."""
    choices = [Choice("resume", "Back to the table", primary=True)]
    if finished:
        choices.append(Choice(DAILY_RESULT, "Today's result"))
    why = f"The daily deal is played against {LEVEL_NAMES[LEVEL]}, the same for everyone."
    choices += [
        Choice("options", "Options", go=Replace(Options(level=LEVEL, why=why))),
        Choice("rules", "How to play", go=Replace(HowToPlay())),
        Choice("main_menu", "Main menu", go=Reset(Menu())),
    ]
    kept = "Your attempt is kept: pick Daily deal on the menu to go on."
    return Dialog(
        ctx,
        "Daily deal",
        choices,
        lines=[] if finished else [kept],
        close_result="resume",
        name="daily_menu",
    )


MARK_WORDS: Final = {MARK_CLEAN: "clean", MARK_QUEEN: "the Q♠", MARK_MOON: "the moon", MARK_HEARTS: "hearts"}
"""A trick's mark in words."""


class DailyResultDialog(Dialog):
    """The day's result: your points against par (filled in when par is found), the tricks' marks,
    your daily record, and Share, the review, practice and the menu."""

    def __init__(self, ctx: Context, attempt: DailyShown) -> None:
        self.ctx = ctx
        self.attempt = attempt
        self.par_shown = (attempt.par_value, round(attempt.par_progress * 100))
        """What the par line says (par, or how far its work has got): redrawn when it changes."""
        self.marks = trick_marks(attempt.session.match)
        self.record = self.record_line()
        """The day's record in a line, read from storage when the dialog opens and when par is found."""
        choices = [
            Choice(
                "share",
                "Share",
                primary=True,
                go=lambda: Push(Share("Share your result", attempt.share_text())),
            ),
            Choice("review", "Review this hand", go=Push(Review(attempt.session.match_id, 1))),
            Choice(DAILY_PRACTICE, "Play it again"),
            Choice("main_menu", "Main menu", go=Reset(Menu())),
        ]
        super().__init__(
            ctx,
            PAR_HEADER,
            choices,
            body=self._body,
            body_height=self._height,
            closable=False,
            name="daily_result",
            wide="landscape",
            spoken=self.said(),
        )
        self.mirrored = self.mirrored_lines()

    def mirrored_lines(self) -> tuple[str, ...]:
        """The tricks' marks in words and the record, for a screen reader in the page's mirror after what
        was said (drawn, they are a picture)."""
        tricks = [f"trick {number}: {MARK_WORDS[mark]}" for number, mark in enumerate(self.marks, start=1)]
        return (*(["Your tricks: " + "; ".join(tricks) + "."] if tricks else []), self.record)

    # What it says ---------------------------------------------------------------------------------

    def said(self) -> list[str]:
        attempt = self.attempt
        points = points_of(attempt.session.match)
        par = attempt.par_value
        said = [f"{day_words(attempt.daily.day)}: you took {points} point{'' if abs(points) == 1 else 's'}."]
        if par is None:
            done = round(attempt.par_progress * 100)
            said.append(f"Par (Hard in your seat) is being worked out: {done}%…")
        elif points < par:
            said.append(f"Par is {par}: you beat Hard by {par - points}.")
        elif points == par:
            said.append(f"Par is {par}: you matched Hard.")
        else:
            said.append(f"Par is {par}: Hard did {points - par} better.")
        if attempt.practice:
            said.append("Practice: only your first attempt of the day counts.")
        return said

    def record_line(self) -> str:
        stats = self.ctx.store.daily_stats(self.attempt.daily.day)  # as of the day this result is for
        line = f"Days played {stats.days_played} · streak {stats.current_streak} (best {stats.best_streak})"
        if stats.average_against_par is not None:
            line += f" · {stats.average_against_par:+.1f} against par on average"
        return line

    def _height(self, metrics: Metrics, width: int) -> int:
        px = metrics.text(16)
        line = round(px * 1.35)
        # Room for the longer of the par lines, so the panel keeps its size when par arrives.
        par_lines = max(len(wrap(self.ctx.fonts, text, px, width)) for text in PAR_LINES_AT_MOST)
        said = self.said()
        count = sum(len(wrap(self.ctx.fonts, text, px, width)) for text in said[:1] + said[2:]) + par_lines
        marks = round(metrics.text(28) * 1.6)
        return count * line + line + marks + metrics.px(8) + line * 2

    def _body(self, surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        used = draw_lines(surface, self.ctx, self.said(), rect, metrics.text(16))
        row = pygame.Rect(rect.left, used.bottom + metrics.px(4), rect.width, round(metrics.text(28) * 1.6))
        draw_marks(surface, self.ctx, self.marks, row, metrics)
        rest = pygame.Rect(rect.left, row.bottom + metrics.px(4), rect.width, rect.bottom - row.bottom)
        draw_lines(surface, self.ctx, [self.record], rest, metrics.text(14), colour=theme.TEXT_MUTED)

    def update(self, dt: float) -> Transition | None:
        shown = (self.attempt.par_value, round(self.attempt.par_progress * 100))
        if shown != self.par_shown:
            found = shown[0] != self.par_shown[0]
            if found:
                self.record = self.record_line()  # par found: the day's result has it now
            self.par_shown = shown
            self.spoken = tuple(self.said())
            if found:
                self.mirrored = self.mirrored_lines()  # (the record has par now)
                self.ctx.speaker.say(Announcement(text=self.spoken[1], kind="note"))
            self.dirty = True
        return super().update(dt)


def draw_marks(surface: pygame.Surface, ctx: Context, marks: str, row: pygame.Rect, metrics: Metrics) -> None:
    """The day's tricks in a row, one mark each as the share text has them: a dot for a clean trick,
    a red heart for hearts taken, a spade for the Q♠, a full moon when you shot it."""
    if not marks:
        return
    cell = min(row.width // len(marks), row.height)
    left = row.centerx - cell * len(marks) // 2
    px = max(metrics.text(12), round(cell * 0.8))
    for index, mark in enumerate(marks):
        box = pygame.Rect(left + index * cell, row.top + (row.height - cell) // 2, cell, cell)
        if mark == MARK_CLEAN:
            pygame.draw.circle(surface, theme.TEXT_MUTED, box.center, max(2, cell // 10))
        elif mark == MARK_MOON:
            pygame.draw.circle(surface, theme.TITLE, box.center, max(3, cell * 3 // 8))
        else:
            colour = theme.suit_colour(Suit.HEARTS, on_dark=True) if mark == MARK_HEARTS else theme.TEXT
            draw_text(surface, ctx.fonts, mark, box, px, colour, bold=True, wrap=False)
