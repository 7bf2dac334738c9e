"""The scenes of what the game offers beyond the match, each built as a player reaches it: the hand's review
and practice, the daily deal, moving to another device, and the lesson.
"""

from __future__ import annotations

import datetime

from hearts.bots.hints import suggest_pass
from hearts.daily import daily_for
from hearts.engine import Phase
from hearts.lesson import lesson_play
from hearts.match_link import match_link_code, read_match_code
from hearts.review import replay_hand
from hearts.storage import MemoryBackend, Settings, Stats, Store
from hearts.storage.daily import DailyAttempt, DailyResult, new_attempt_id
from hearts.transfer import export_text
from hearts.ui import routes
from hearts.ui.context import Context
from hearts.ui.intents import Confirm, Pressed
from hearts.ui.modes import DailyMode, LessonMode
from hearts.ui.modes.practice import PracticeMode, practice_from
from hearts.ui.moving import file_offer
from hearts.ui.router import scene_for
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.move import SAVE, MoveScene
from hearts.ui.scenes.review import ReviewScene
from hearts.ui.scenes.share_box import ShareBox
from hearts.ui.scenes.table import TableScene
from hearts.ui.session import Session
from hearts.ui.transitions import Push

from .play import DAILY_DAY, SEED, TODAY, coached, daily_par, play_hand_out, play_until, played_daily
from .stage import new_match, opened, table_at

# After a hand: the review and practice -----------------------------------------------------------------


def review(ctx: Context, *, you: str = "easy", on_pass: bool = False) -> list[Scene]:
    """Hand 1 reviewed: its first key moment, or the pass. You play as Easy does, which leaves the coach
    something to say; as Hard (``review_clean``), a hand with no costly play."""
    session = new_match(ctx)
    play_hand_out(session, you)
    reviewed = ReviewScene(
        ctx,
        replay_hand(session.match, 1),
        coached(session),
        practise=lambda step, card: Push(routes.Practice(practice_from(session, 1, step), card)),
    )
    if on_pass:
        reviewed.go(0)
    return [table_at(ctx, session), reviewed]


def practice(ctx: Context, *, played: bool = False) -> list[Scene]:
    """Hand 1 (as in the review) played again from its first key moment with the coach's better card; or
    then played to its end as Hard plays it, with its result."""
    session = new_match(ctx)
    play_hand_out(session, "easy")
    review_of = coached(session).review_of(1)
    moment = review_of.key_moments[0] if review_of is not None and review_of.key_moments else None
    step = moment.trick if moment is not None else 1
    better = next(iter(moment.best)) if moment is not None and moment.kind == "play" else None
    table = scene_for(routes.Practice(practice_from(session, 1, step), better), ctx)
    assert isinstance(table, TableScene)
    if not played:
        return [table_at(ctx, session), table]
    tried = table.session
    assert isinstance(tried, Session)
    play_hand_out(tried, "hard")
    assert isinstance(table.mode, PracticeMode)
    shown = opened(ctx, table.mode.hand_over(tried.match.results[-1], False))
    return [table_at(ctx, session), table, shown]


# The daily deal ----------------------------------------------------------------------------------------


def daily(ctx: Context, *, finished: bool = False, share: bool = False) -> list[Scene]:
    """The daily deal of ``DAILY_DAY``: at the table mid-hand, or finished as Hard plays it in your seat
    (par's own game) with its result, or that result's share box, after a few days played in a row."""
    new_match(ctx)
    today = daily_for(DAILY_DAY)
    par = daily_par(DAILY_DAY)
    assert par.match is not None and par.value is not None
    match = par.match.at_start()
    for move in par.match.moves if finished else par.match.moves[:24]:
        match.apply(move)
    attempt = DailyAttempt(
        today.key, match, today.seed, new_attempt_id(), False, par.value if finished else None
    )
    for back in range(1, 5):  # the four days before, played
        day = (DAILY_DAY - datetime.timedelta(days=back)).isoformat()
        ctx.store.record_daily(DailyResult(date=day, points=back * 3, par=4, marks="·" * 13))
    ctx.store.save_daily_attempt(attempt)
    mode = DailyMode(ctx, today, practice=False, attempt=attempt)
    stack: list[Scene] = [TableScene(ctx, mode)]
    if not finished:
        return stack
    stack.append(scene_for(routes.DailyResult(mode.session.match_id), ctx))
    if share:
        stack.append(ShareBox(ctx, "Share your result", mode.share_text(), "copied"))
    return stack


# Moving to another device -----------------------------------------------------------------------------


def move(ctx: Context, *, over: str | None = None) -> list[Scene]:
    """Move to another device, with a match at hand 3 and a few results saved: the screen, after saving a
    file (``saved``), with a file from another device offered over it (``file``), or a file refused
    (``problem``); or your match from a link offered as the game opens (``match``)."""
    session = new_match(ctx)
    play_until(session, lambda s: s.match.hand_number >= 3 and s.is_human_turn and s.phase is Phase.PLAY)
    ctx.store.save_match(session.to_saved())
    ctx.store.save_settings(ctx.settings)
    ctx.store.save_stats(ctx.stats)
    played_daily(ctx.store, TODAY)
    table = table_at(ctx, session)
    if over == "match":  # the same seed further on: your match, from your other device
        other = Session.new(ctx.settings.table, "hard", seed=SEED + 7)
        play_until(other, lambda s: s.match.hand_number >= 6 and s.is_human_turn and s.phase is Phase.PLAY)
        return [table, scene_for(routes.MatchHere(read_match_code(match_link_code(other.to_saved()))), ctx)]
    screen = MoveScene(ctx, today=DAILY_DAY)
    stack: list[Scene] = [screen]
    if over == "saved":  # what Save says natively, without writing a file
        screen.tell(SAVE, "Saved in ~/Downloads as hearts-2026-12-01.json.")
    elif over == "file":
        away = Store(MemoryBackend())
        away.save_stats(Stats(matches_played=41, matches_won=19, hands_played=455))
        later = Session.new(ctx.settings.table, "normal", seed=SEED + 5)
        play_until(later, lambda s: s.match.hand_number >= 7 and s.is_human_turn and s.phase is Phase.PLAY)
        away.save_match(later.to_saved())
        away.save_settings(Settings(difficulty="hard"))
        stack.append(scene_for(file_offer(ctx, export_text(away), "hearts-2026-11-30.json"), ctx))
    elif over == "problem":
        stack.append(scene_for(file_offer(ctx, "{}", "notes.json"), ctx))
    return stack


# The lesson --------------------------------------------------------------------------------------------


def lesson_at(ctx: Context, key: str) -> list[Scene]:
    """The lesson, played with its suggestions, at the moment note ``key`` shows (or at its summary). Each
    note is read (Enter) before play moves on; the cards are chosen and played by presses on the mirror."""
    new_match(ctx)
    lesson = TableScene(ctx, LessonMode(ctx))
    stack: list[Scene] = [lesson]

    def reached() -> bool:
        if key == "summary":
            return isinstance(stack[-1], Dialog)
        note = lesson.note
        still = not lesson.motion.is_busy or lesson.is_held  # (a note holds its trick still)
        return note is not None and note.key == key and still

    for _ in range(20000):
        transition = lesson.update(1 / 30)
        if isinstance(transition, Push):
            stack.append(scene_for(transition.route, ctx))
        if reached():
            return stack
        session = lesson.session
        if lesson.note is not None and (not lesson.motion.is_busy or lesson.is_held):
            lesson.handle(Confirm())  # read each note before moving on
            continue
        if lesson.motion.is_busy:
            continue
        if session.is_human_turn:
            view = session.view
            if view.phase is Phase.PASS and view.passed is None:
                for card in suggest_pass(view):
                    lesson.handle(Pressed("card", card.notation))
                lesson.handle(Pressed("button", "action"))
            elif view.phase is Phase.PLAY:
                lesson.handle(Pressed("card", lesson_play(view).notation))
    raise ValueError(f"the lesson never showed {key!r}")
