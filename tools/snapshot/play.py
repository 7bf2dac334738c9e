"""The positions the pictures show, reached by play: a fixed seed played by the bots (and the hint for you),
so every run shows the same real play; and the made-up history the statistics and the daily deal show.

Whatever takes seconds (Hard's hands, the coach's judgement, the daily deal's par) is worked out once per
process and kept here, and once per test run where the run names a folder for it (``kept``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from hearts.bots import make_bot
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.coach import Coaching, moments, seed_for
from hearts.daily import Par, daily_for
from hearts.engine import Deal, Move, Phase, Rules, Seat
from hearts.storage import Store
from hearts.storage.daily import DailyResult
from hearts.ui.session import HUMAN, Session

from . import kept

SEED = 2026
SHEET_SEED = 2029
"""A match with the J♦ whose bots shoot the moon early (the score sheet's marks)."""
DAILY_DAY = datetime.date(2026, 12, 1)
TODAY = datetime.date(2026, 12, 2)
"""Today, for the statistics: fixed so the picture is the same whenever it is taken."""
PLAYED_DAILY = ((1, 3, 5), (2, 0, 4), (3, 9, 7), (5, 13, 4), (6, 2, 6), (7, 5, 5), (8, 6, 9), (9, 0, 3),
                (10, 8, None), (11, 4, 4), (14, 26, 10))  # fmt: skip
"""Daily deals played, as (days before today, points, par): today still to play, a three-day streak
to yesterday, a best of seven before it, one day without par."""


def play_until(
    session: Session, done: Callable[[Session], bool], *, limit: int = 2000, you: str | None = None
) -> None:
    """Play on (bots for the bots, the hint for you, or the bot level ``you``) until ``done`` holds."""
    bots = {seat: make_bot("normal", seed=seat) for seat in Seat}
    if you is not None:
        bots[HUMAN] = make_bot(you, seed=HUMAN)
    for _ in range(limit):
        if done(session):
            return
        match = session.match
        if session.needs_deal:
            session.deal()
        elif match.phase is Phase.OVER:
            raise ValueError("the match ended before the position was reached")
        elif session.is_human_turn and you is not None:
            session.match.apply(bots[HUMAN].decide(session.view))
        elif session.is_human_turn:
            view = session.view
            if view.phase is Phase.PASS:
                session.pass_cards(suggest_pass(view))
            elif view.phase is Phase.PLAY:
                session.play(suggest_play(view))
            else:
                session.match.apply(bots[HUMAN].decide(view))
        else:
            seat = session.bot_to_move
            assert seat is not None
            match.apply(bots[seat].decide(match.view_for(seat)))
    raise ValueError("the position was not reached")


HANDS_PLAYED: dict[tuple[int, Rules, str, tuple[Move, ...]], tuple[Move, ...]] = {}
"""The moves that end a hand, by seed, table, level in your seat and moves before, worked out once per
process; whoever knows them already (the browser test, which works them out natively) may put them here."""


def play_hand_out(session: Session, you: str) -> None:
    """Play the hand under way (or the next) to its end, the bot level ``you`` in your seat. The same seed,
    table, level and moves so far always play the same cards, so they are worked out once per process
    (Hard thinks for seconds) and then applied again."""
    key = (session.seed, session.match.rules, you, session.match.moves)
    kept.recall_into(HANDS_PLAYED, "hand", key, tuple)
    moves = HANDS_PLAYED.get(key)
    if moves is None:
        hands = len(session.match.results)
        play_until(session, lambda s: len(s.match.results) > hands and s.needs_deal, you=you)
        HANDS_PLAYED[key] = session.match.moves[len(key[3]) :]
        kept.keep("hand", key, HANDS_PLAYED[key])
        return
    for move in moves:
        if isinstance(move, Deal):
            session.deal(deal=move)
        else:
            session.match.apply(move)


COACHINGS: dict[str, Coaching] = {}
"""The coach's work on a session's first hand, by its moves, worked out once per process; whoever has it
already (the browser test, which works it out natively) may put it here."""


def coached(session: Session) -> Coaching:
    """A coaching of the session's first hand, worked out once per process (it takes seconds)."""
    key = repr(session.match.moves)
    kept.recall_into(COACHINGS, "coaching", key, Coaching)
    if key not in COACHINGS:
        coaching = Coaching(seed_for(session.seed))
        for moment in moments(session.match, 1):
            coaching.note(moment.view, moment.move)
        coaching.hand_over(1)
        while coaching.advance(0.05):
            pass
        COACHINGS[key] = coaching
        kept.keep("coaching", key, coaching)
    return COACHINGS[key]


PARS: dict[datetime.date, Par] = {}
"""The daily deal's par by day, worked out once per process; whoever knows a day's par already (the browser
test, which works it out natively) may put it here."""


def daily_par(day: datetime.date) -> Par:
    """The daily deal of ``day`` as Hard plays it in your seat (par's own game), worked out once."""
    kept.recall_into(PARS, "par", day, Par)
    if day not in PARS:
        par = PARS[day] = Par(daily_for(day))
        while not par.work(1.0):
            pass
        kept.keep("par", day, par)
    return PARS[day]


def played_daily(store: Store, today: datetime.date) -> None:
    """Made-up daily results in ``store``, counted back from ``today``."""
    for back, points, par in PLAYED_DAILY:
        day = (today - datetime.timedelta(days=back)).isoformat()
        store.record_daily(DailyResult(date=day, points=points, par=par, marks="·" * 13))
