"""The daily deal: one hand against three Hard bots, par worked out while you play, then the day's
result beside par.

The attempt is kept in a slot of its own (``Store.save_daily_attempt``), never over your saved match,
after every card as a match is. The first attempt finished on a date counts in your daily record;
replays that day are practice.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace

from ...announce import Announcement, Verbosity, for_event
from ...daily import Daily, Par, daily_for, points_of, share_text, trick_marks
from ...engine import Event, HandScored, HandStarted, PlayerView, Reason
from ...storage.daily import DailyAttempt, new_attempt_id
from ...storage.daily import DailyResult as DayResult
from ...words import pass_words, passing_words
from ..context import Context
from ..routes import DAILY_PRACTICE, DAILY_RESULT, DailyMenu, DailyReplay, DailyResult
from ..session import Session
from ..table_stage import Later
from ..transitions import Push, Reset, Transition
from .base import OPEN_MENU, BaseMode, ModeTraits


class DailyMode(BaseMode):
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
        self.traits = ModeTraits(level=daily.level, hands=1)  # one hand only: the match would go on
        self.words = DailyWords(daily, self.practice)

    @classmethod
    def start(cls, ctx: Context, day: datetime.date | None = None) -> DailyMode:
        """The day's daily deal: the attempt in progress (or just finished) if there is one, else a new
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

    @property
    def par_progress(self) -> float:
        """How far the work on par has got, from 0 to 1."""
        return self.par.progress

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

    # The hand ----------------------------------------------------------------------------------------

    def after(self, events: list[Event] | None) -> list[Later]:
        if events is None and self.session.match.results:
            # Finished before a reload: counted now if the app stopped before it could be (once only).
            self._count()
            return [self.show_result]
        return super().after(events)

    def keep(self) -> None:
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

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        self._count()
        return self.show_result()

    def _count(self) -> None:
        """The finished attempt into the daily record: the first of the day counts, once (told again,
        after a reload or with par found later, the store only adds the par it lacked)."""
        if self.practice:
            return
        match = self.session.match
        result = DayResult(
            date=self.daily.key,
            points=points_of(match),
            par=self.par_value,
            marks=trick_marks(match),
            attempt=self.attempt_id,
        )
        self.ctx.store.record_daily(result)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def show_result(self) -> Transition:
        return Push(DailyResult(self.session.match_id))

    # The menu ----------------------------------------------------------------------------------------

    def answer(self, asked: object) -> Transition | None:
        if asked == OPEN_MENU:
            return Push(DailyMenu(finished=self.is_finished))
        if asked == DAILY_RESULT:
            return self.show_result()
        if asked == DAILY_PRACTICE:
            return Reset(DailyReplay(self.session.match_id))
        return None

    def replayed(self) -> DailyMode:
        """The day's deal played again as practice, with par as far as it has got here (or known)."""
        par = self.known_par if self.known_par is not None else self.par
        return DailyMode(self.ctx, self.daily, practice=True, par=par)

    def share_text(self) -> str:
        """The day's result to share: the date, your points and par, a mark per trick."""
        match = self.session.match
        return share_text(
            self.daily.day,
            points_of(match),
            self.par_value,
            trick_marks(match),
            practice=self.practice,
        )


@dataclass(frozen=True, slots=True)
class DailyWords:
    """The daily deal names its date and its pass (and says when it is practice)."""

    daily: Daily
    practice: bool

    def header(self, view: PlayerView) -> str:
        passing = pass_words(self.daily.direction)
        practice = " · practice" if self.practice else ""
        return f"Daily deal · {self.daily.day.day} {self.daily.day:%b} · {passing}{practice}"

    def names(self) -> tuple[str, ...] | None:
        return None

    def refusal(self, reason: Reason) -> str:
        return str(reason)

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        """As at a match, but for the deal: the day's one hand, named by its date (not a match's hand
        number and target)."""
        if not isinstance(event, HandStarted):
            return for_event(event, view, verbosity=verbosity)
        how = passing_words(event.pass_direction)
        day = f"{self.daily.day.day} {self.daily.day:%B}"
        practice = "Practice of the daily deal" if self.practice else "Daily deal"
        return [Announcement(text=f"{practice} for {day}: one hand against Hard, {how}.", kind="deal")]
