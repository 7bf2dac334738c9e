"""The daily deal at the table: one hand against three Hard bots, par worked out while you play, then
the day's result beside par with Share and the hand's review.

The attempt is kept in a slot of its own (``Store.save_daily_attempt``), never over your saved match,
after every card as a match is. The first attempt finished on a date counts in your daily record;
replays that day are practice.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import replace

import pygame

from ...daily import (
    MARK_CLEAN,
    MARK_HEARTS,
    MARK_MOON,
    Daily,
    Par,
    daily_for,
    points_of,
    share_text,
    trick_marks,
)
from ...engine import HandScored, PlayerView, Suit
from ...storage.daily import DailyAttempt, DailyResult, new_attempt_id
from ...words import pass_words
from .. import theme
from ..layout import DialogLayout, Metrics
from ..render.text import draw_text, wrap
from ..session import Session
from .base import Context, Push, Reset, Transition
from .dialog import Choice, Dialog, draw_lines
from .share_box import share_from
from .table import TableScene
from .table_dialogs import REVIEW

PAR_HEADER = "Daily deal"
PAR_LINES_AT_MOST = ("Par (Hard in your seat) is being worked out: 100%…", "Par is 26: Hard did 26 better.")
"""The longest the par line can be, waiting and known: the panel makes room for the longer."""


def day_words(day: datetime.date) -> str:
    """A date as people say it: "Tuesday 1 December"."""
    return f"{day:%A} {day.day} {day:%B}"


class DailyScene(TableScene):
    """One attempt at a date's daily deal (``practice`` once the date's first attempt has counted)."""

    def __init__(
        self,
        ctx: Context,
        daily: Daily,
        *,
        practice: bool,
        attempt: DailyAttempt | None = None,
        par: int | Par | None = None,
    ) -> None:
        """A new attempt, or ``attempt`` resumed. ``par``: par when it is known already, or the work on
        it so far (a replay of the day goes on from where the first attempt had got to)."""
        self.daily = daily
        self.practice = attempt.practice if attempt is not None else practice
        self.attempt_id = attempt.attempt if attempt is not None else new_attempt_id()
        self.par = par if isinstance(par, Par) else Par(daily)
        """Par, worked out in the frames that draw nothing (``background``)."""
        self.known_par = attempt.par if attempt is not None and attempt.par is not None else None
        """Par once known: from the save, from ``par``, or from the work on it when it is done."""
        if self.known_par is None and isinstance(par, int):
            self.known_par = par
        match = attempt.match if attempt is not None else daily.new_match()
        super().__init__(ctx, Session(match, daily.seed, daily.level))

    @classmethod
    def start(cls, ctx: Context, day: datetime.date | None = None) -> DailyScene:
        """Today's daily deal: the attempt in progress (or just finished) if there is one, else a new
        one, practice when the day already counts."""
        store = ctx.store
        daily = daily_for(day)
        attempt = store.load_daily_attempt()
        counted = store.load_daily().result_for(daily.key)
        par = None if counted is None else counted.par  # the day's par, if a first attempt found it
        if attempt is not None and attempt.date == daily.key and attempt.seed == daily.seed:
            ctx.notices.extend(store.take_problems())
            return cls(ctx, daily, practice=attempt.practice, attempt=attempt, par=par)
        if attempt is not None:
            store.clear_daily_attempt()  # another day's attempt: the day's own deal replaces it
        ctx.notices.extend(store.take_problems())
        return cls(ctx, daily, practice=counted is not None, par=par)

    @property
    def is_finished(self) -> bool:
        return bool(self.session.match.results)

    @property
    def par_value(self) -> int | None:
        """Par (Hard's score in your seat) once it is known."""
        return self.known_par

    def header(self, view: PlayerView) -> str:
        direction = self.daily.direction
        passing = pass_words(direction)
        practice = " · practice" if self.practice else ""
        return f"Daily deal · {self.daily.day.day} {self.daily.day:%b} · {passing}{practice}"

    def background(self, seconds: float) -> bool:
        """Par first (it shows with your result), then the coach (the review); whether there was work."""
        if self.known_par is None:
            if self.par.work(seconds):
                self._par_found()
            return True
        return super().background(seconds)

    def _par_found(self) -> None:
        """Par is known: kept with the attempt (a reload need not work it out again), given to the
        day's result once this hand is over, and to the day's counted result if it lacks one (par
        found during a replay begun before it was known)."""
        self.known_par = self.par.value
        self._save()
        if self.is_finished:
            self._count()
        counted = self.ctx.store.load_daily().result_for(self.daily.key)
        if counted is not None and counted.par is None and self.known_par is not None:
            self.ctx.store.record_daily(replace(counted, par=self.known_par))
        self.ctx.notices.extend(self.ctx.store.take_problems())

    # The hand -------------------------------------------------------------------------------------

    def _ask_again(self) -> None:
        session = self.session
        if session.match.results:
            # Finished before a reload: counted now if the app stopped before it could be (once only).
            self._count()
            self.after_motion.append(self._show_result)
        else:
            super()._ask_again()

    def _deal(self) -> Transition | None:
        if self.is_finished:
            return None  # one hand only: the match would go on, the daily does not
        events = self.session.deal(self.daily.level)
        self.selected.clear()
        self.raised = None
        return self._show(events)

    def _autosave(self, session: Session) -> None:
        self._save()

    def _save(self) -> None:
        attempt = DailyAttempt(
            self.daily.key,
            self.session.match,
            self.daily.seed,
            self.attempt_id,
            self.practice,
            self.par_value,
        )
        self.ctx.store.save_daily_attempt(attempt)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def _record_finished(self) -> None:
        return None  # a daily deal never counts as a match

    def _hand_over(self, scored: HandScored, match_over: bool) -> Callable[[], Transition | None]:
        def finish() -> Transition | None:
            self._count()
            return self._show_result()

        return finish

    def _count(self) -> None:
        """The finished attempt into the daily record: the first of the day counts, once (told again,
        after a reload or with par found later, the store only adds the par it lacked)."""
        if self.practice:
            return
        match = self.session.match
        result = DailyResult(
            date=self.daily.key,
            points=points_of(match),
            par=self.par_value,
            marks=trick_marks(match),
            attempt=self.attempt_id,
        )
        self.ctx.store.record_daily(result)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def _show_result(self) -> Transition:
        return Push(DailyResultDialog(self.ctx, self))

    # The menu -------------------------------------------------------------------------------------

    def _open_menu(self) -> Transition | None:
        choices = [Choice("resume", "Back to the table", primary=True)]
        if self.is_finished:
            choices.append(Choice("daily_result", "Today's result"))
        choices += [Choice("rules", "How to play"), Choice("main_menu", "Main menu")]
        kept = "Your attempt is kept: pick Daily deal on the menu to go on."
        return Push(
            Dialog(
                self.ctx,
                "Daily deal",
                choices,
                lines=[] if self.is_finished else [kept],
                close_result="resume",
                name="daily_menu",
            )
        )

    def resume(self, result: object) -> Transition | None:
        self.dirty = True
        if result == "daily_result":
            return self._show_result()
        if result == "share":
            return share_from(self.ctx, "Share your result", self.share_text(), back="daily_result")
        if result == "practice":
            par = self.known_par if self.known_par is not None else self.par
            return Reset(DailyScene(self.ctx, self.daily, practice=True, par=par))
        return super().resume(result)  # the review, how to play, the main menu, the moon

    # Sharing --------------------------------------------------------------------------------------

    def share_text(self) -> str:
        match = self.session.match
        return share_text(
            self.daily.day,
            points_of(match),
            self.par_value,
            trick_marks(match),
            practice=self.practice,
        )


class DailyResultDialog(Dialog):
    """The day's result: your points against par (filled in when par is found), the tricks' marks,
    your daily record, and Share, the review, practice and the menu."""

    def __init__(self, ctx: Context, scene: DailyScene) -> None:
        self.ctx = ctx
        self.scene = scene
        self.par_shown = (scene.par_value, round(scene.par.progress * 100))
        """What the par line says (par, or how far its work has got): redrawn when it changes."""
        self.marks = trick_marks(scene.session.match)
        self.record = self.record_line()
        """The day's record in a line, read from storage when the dialog opens and when par is found."""
        choices = [
            Choice("share", "Share", primary=True),
            Choice(f"{REVIEW}:1:daily_result", "Review this hand"),
            Choice("practice", "Play it again"),
            Choice("main_menu", "Main menu"),
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
        )

    # What it says ---------------------------------------------------------------------------------

    def said(self) -> list[str]:
        scene = self.scene
        match = scene.session.match
        points = points_of(match)
        par = scene.par_value
        said = [f"{day_words(scene.daily.day)}: you took {points} point{'' if abs(points) == 1 else 's'}."]
        if par is None:
            done = round(scene.par.progress * 100)
            said.append(f"Par (Hard in your seat) is being worked out: {done}%…")
        elif points < par:
            said.append(f"Par is {par}: you beat Hard by {par - points}.")
        elif points == par:
            said.append(f"Par is {par}: you matched Hard.")
        else:
            said.append(f"Par is {par}: Hard did {points - par} better.")
        if scene.practice:
            said.append("Practice: only your first attempt of the day counts.")
        return said

    def record_line(self) -> str:
        stats = self.ctx.store.daily_stats(self.scene.daily.day)  # as of the day this result is for
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
        shown = (self.scene.par_value, round(self.scene.par.progress * 100))
        if shown != self.par_shown:
            if shown[0] != self.par_shown[0]:
                self.record = self.record_line()  # par found: the day's result has it now
            self.par_shown = shown
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
