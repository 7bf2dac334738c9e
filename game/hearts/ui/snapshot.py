"""``python -m hearts.ui.snapshot --size WxH --out DIR``: every scene rendered headlessly to PNG, each with
its layout report beside it (``<scene>-WxH.json``: every card, button, seat box and text, in CSS pixels).

The positions come from a fixed seed played by the bots (and the hint for the human), so the pictures
are the same on every run and show real play, not staged cards.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from ..bots import make_bot
from ..bots.hints import suggest_pass, suggest_play
from ..challenge import Challenge
from ..coach import Coaching, moments, seed_for
from ..daily import Par, daily_for
from ..engine import Deal, MatchOver, Move, Phase, Rules, Seat
from ..lesson import lesson_play
from ..match_link import read_match_code
from ..storage import MemoryBackend, Settings, Stats, Store
from ..storage.daily import DailyAttempt, DailyResult, new_attempt_id
from . import routes
from .context import Context
from .intents import Back, Hint, Pressed
from .modes import DailyMode, LessonMode, MatchMode
from .modes.practice import PracticeMode, practice_from
from .moving import file_offer
from .render.cards import CardPainter
from .render.fonts import Fonts
from .report import LayoutReport, recording
from .router import scene_for
from .scenes.base import Scene
from .scenes.table import TableScene
from .session import HUMAN, Session
from .transitions import Push

SEED = 2026
SHEET_SEED = 2029
"""A match with the J♦ whose bots shoot the moon early (the score sheet's marks)."""
LESSON_SCENES = (
    "lesson_goal", "lesson_passing", "lesson_received", "lesson_lead", "lesson_first_trick", "lesson_trick",
    "lesson_follow", "lesson_discard", "lesson_hearts", "lesson_queen", "lesson_moon", "lesson_summary",
)  # fmt: skip
SCENES = (
    "menu",
    "dealing",
    "passing",
    "playing",
    "trick_won",
    "hint",
    "last_trick",
    "hand_result",
    "pause",
    "score_sheet",
    "score_sheet_empty",
    "victory",
    "defeat",
    "options",
    "how_to_play",
    "how_to_play_end",
    "statistics",
    "statistics_daily",
    "review",
    "review_pass",
    "review_clean",
    "practice",
    "practice_result",
    "daily",
    "daily_result",
    "share_box",
    "challenge_offer",
    "move",
    "move_saved",
    "import_file",
    "match_here",
    "move_problem",
    "elsewhere",
)


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


_HANDS_PLAYED: dict[tuple[int, Rules, str, tuple[Move, ...]], tuple[Move, ...]] = {}


def play_hand_out(session: Session, you: str) -> None:
    """Play the hand under way (or the next) to its end, the bot level ``you`` in your seat. The same seed,
    table, level and moves so far always play the same cards, so they are worked out once per process
    (Hard thinks for seconds) and then applied again."""
    key = (session.seed, session.match.rules, you, session.match.moves)
    moves = _HANDS_PLAYED.get(key)
    if moves is None:
        hands = len(session.match.results)
        play_until(session, lambda s: len(s.match.results) > hands and s.needs_deal, you=you)
        _HANDS_PLAYED[key] = session.match.moves[len(key[3]) :]
        return
    for move in moves:
        if isinstance(move, Deal):
            session.deal(deal=move)
        else:
            session.match.apply(move)


def context(size: tuple[int, int], scale: float, settings: Settings | None = None) -> Context:
    fonts = Fonts()
    stats = Stats(
        matches_played=12,
        matches_won=5,
        hands_played=131,
        points_taken=742,
        moons_shot=2,
        queens_taken=17,
        hands_reviewed=127,
        points_lost_tenths=2794,
        last_hands_reviewed=11,
        last_points_lost_tenths=174,
    )
    return Context(
        store=Store(MemoryBackend()),
        fonts=fonts,
        painter=CardPainter(fonts),
        settings=settings or Settings(),
        stats=stats,
        size=size,
        scale=scale,
    )


_COACHED: dict[str, Coaching] = {}


def _coached(session: Session) -> Coaching:
    """A coaching of the session's first hand, worked out once per process (it takes seconds)."""
    key = repr(session.match.moves)
    if key not in _COACHED:
        coaching = Coaching(seed_for(session.seed))
        for moment in moments(session.match, 1):
            coaching.note(moment.view, moment.move)
        coaching.hand_over(1)
        while coaching.advance(0.05):
            pass
        _COACHED[key] = coaching
    return _COACHED[key]


def build(name: str, ctx: Context) -> list[Scene]:
    """The scene stack that shows ``name``."""
    from ..review import replay_hand
    from .scenes.howto import HowToScene
    from .scenes.review import ReviewScene
    from .scenes.stats import DAILY, StatsScene

    if name == "menu":
        ctx.session = Session.new(ctx.settings.table, "normal", seed=SEED)
        return [scene_for(routes.Menu(), ctx)]
    if name == "options":
        return [scene_for(routes.Options(), ctx)]
    if name in ("how_to_play", "how_to_play_end"):
        howto = scene_for(routes.HowToPlay(), ctx)
        assert isinstance(howto, HowToScene)
        if name == "how_to_play_end":
            howto.scroll.to_end()  # the keys, scrolled into view as far as the page goes
        return [howto]
    if name in ("statistics", "statistics_daily"):  # its first page, or the daily deal's
        played_daily(ctx.store, TODAY)
        stats = StatsScene(ctx, today=TODAY)
        while (
            name == "statistics_daily" and DAILY not in stats.page_text and stats.page < stats.page_count - 1
        ):
            stats._press("next")
        return [stats]
    session = Session.new(ctx.settings.table, "normal", seed=SEED)
    ctx.session = session
    if name == "dealing":  # the cards going round, a little past halfway
        table = table_at(ctx, session)
        table.update(0.0)
        while table.motion.current is not None and table.motion.current.t < 0.55:
            table.motion.advance(1 / 60)
        return [table]
    if name == "passing":
        play_until(session, lambda s: s.phase is Phase.PASS)
        table = table_at(ctx, session)
        table.state = replace(table.state, selected=frozenset(list(suggest_pass(session.view))[:2]))
        return [table]
    if name in ("playing", "hint", "last_trick"):
        play_until(
            session,
            lambda s: s.is_human_turn
            and s.phase is Phase.PLAY
            and len(s.view.tricks) >= 5
            and len(s.view.trick.cards) >= 2,
        )
        table = table_at(ctx, session)
        if name == "hint":
            table.handle(Hint())
            while table.hint.is_working:  # Hard's choice, worked out a slice at a time
                table.update(0.0)
        if name == "last_trick":
            view = session.view
            trick = routes.LastTrick(view.tricks[-1], len(view.tricks), view.rules.jack_of_diamonds)
            return [table, scene_for(trick, ctx)]
        return [table]
    if name == "trick_won":
        return [trick_won(ctx, session)]
    if name in ("hand_result", "pause"):  # the first hand's result, or the menu opened over it
        play_until(session, lambda s: len(s.match.results) >= 1 and s.needs_deal)
        table = table_at(ctx, session)
        assert isinstance(table.mode, MatchMode)
        shown = table.mode.hand_over(session.match.results[-1], False)
        assert isinstance(shown, Push)
        stack = [table, scene_for(shown.route, ctx)]
        if name == "pause":
            menu = stack[-1].handle(Back())
            assert isinstance(menu, Push)
            stack.append(scene_for(menu.route, ctx))
        return stack
    if name in ("review", "review_pass", "review_clean"):  # hand 1 reviewed: its first key moment,
        # or the pass. You play as Easy does, which leaves the coach something to say; as Hard (clean),
        # a hand with no costly play.
        play_hand_out(session, "hard" if name == "review_clean" else "easy")
        coaching = _coached(session)
        review = ReviewScene(
            ctx,
            replay_hand(session.match, 1),
            coaching,
            practise=lambda step, card: Push(routes.Practice(practice_from(session, 1, step), card)),
        )
        if name == "review_pass":
            review.go(0)
        return [table_at(ctx, session), review]
    if name in ("practice", "practice_result"):  # hand 1 (as in the review) played again from its first
        # key moment with the coach's better card; then played to its end as Hard plays it.
        play_hand_out(session, "easy")
        review_of = _coached(session).review_of(1)
        moment = review_of.key_moments[0] if review_of is not None and review_of.key_moments else None
        step = moment.trick if moment is not None else 1
        better = next(iter(moment.best)) if moment is not None and moment.kind == "play" else None
        practice = scene_for(routes.Practice(practice_from(session, 1, step), better), ctx)
        assert isinstance(practice, TableScene)
        if name == "practice":
            return [table_at(ctx, session), practice]
        tried = practice.session
        play_hand_out(tried, "hard")
        assert isinstance(practice.mode, PracticeMode)
        shown = practice.mode.hand_over(tried.match.results[-1], False)
        assert isinstance(shown, Push)
        return [table_at(ctx, session), practice, scene_for(shown.route, ctx)]
    if name == "score_sheet":  # a page of eight hands with the J♦ counting and a moon in hand 4
        session = Session.new(Rules(jack_of_diamonds=True), "normal", seed=SHEET_SEED)
        ctx.session = session
        play_until(session, lambda s: len(s.match.results) >= 8 and s.needs_deal)
        table = table_at(ctx, session)
        results = session.match.results
        return [
            table,
            scene_for(routes.ScoreSheet(tuple(results), session.match.rules.target, len(results)), ctx),
        ]
    if name == "score_sheet_empty":  # opened from the menu before the first hand is scored
        play_until(session, lambda s: s.is_human_turn and s.phase is Phase.PLAY)
        return [table_at(ctx, session), scene_for(routes.ScoreSheet((), session.match.rules.target, 0), ctx)]
    if name in ("victory", "defeat"):
        # The first seed from SEED on whose match ends the way the picture needs.
        for seed in range(SEED, SEED + 200):
            session = Session.new(ctx.settings.table, "normal", seed=seed)
            play_until(session, lambda s: s.match.phase is Phase.OVER, limit=20000)
            if (HUMAN in session.match.winners) == (name == "victory"):
                break
        ctx.session = session
        table = table_at(ctx, session)
        over = MatchOver(session.match.winners, session.match.totals)
        result = scene_for(routes.MatchResult(session.match_id, over), ctx)
        result.update(1.6)  # the celebration under way
        return [table, result]
    if name in ("daily", "daily_result", "share_box"):
        return daily_at(ctx, name)
    if name == "challenge_offer":  # a friend's link opened over a match in progress
        play_until(session, lambda s: s.is_human_turn and s.phase is Phase.PLAY)
        friend = Challenge(
            seed=SEED + 1, rules=Rules(target=50, jack_of_diamonds=True), level="hard", score=41
        )
        return [table_at(ctx, session), scene_for(routes.ChallengeOffer(friend), ctx)]
    if name in MOVE_SCENES:
        return move_at(ctx, session, name)
    if name == "elsewhere":  # the game open in a second window
        return [scene_for(routes.Elsewhere(), ctx)]
    if name in LESSON_SCENES:
        return lesson_at(ctx, name.removeprefix("lesson_"))
    raise ValueError(f"no scene called {name!r}; choose from {', '.join(SCENES + LESSON_SCENES)}")


MOVE_SCENES = ("move", "move_saved", "import_file", "match_here", "move_problem")


def move_at(ctx: Context, session: Session, name: str) -> list[Scene]:
    """Move to another device, with a match at hand 3 and a few results saved: the screen (after
    saving a file, for ``move_saved``), a file from another device offered over it, your match from a
    link offered as the game opens, and a file refused."""
    from ..match_link import match_link_code
    from ..transfer import export_text
    from .scenes.move import SAVE, MoveScene

    play_until(session, lambda s: s.match.hand_number >= 3 and s.is_human_turn and s.phase is Phase.PLAY)
    ctx.store.save_match(session.to_saved())
    ctx.store.save_settings(ctx.settings)
    ctx.store.save_stats(ctx.stats)
    played_daily(ctx.store, TODAY)
    table = table_at(ctx, session)
    if name == "match_here":  # the same seed further on: your match, from your other device
        other = Session.new(ctx.settings.table, "hard", seed=SEED + 7)
        play_until(other, lambda s: s.match.hand_number >= 6 and s.is_human_turn and s.phase is Phase.PLAY)
        route = routes.MatchHere(read_match_code(match_link_code(other.to_saved())))
        return [table, scene_for(route, ctx)]
    move = MoveScene(ctx, today=DAILY_DAY)
    stack: list[Scene] = [move]
    if name == "move_saved":
        move.status[SAVE] = "Saved in ~/Downloads as hearts-2026-12-01.json."
        move.resize(ctx.size)
    elif name == "import_file":
        away = Store(MemoryBackend())
        away.save_stats(Stats(matches_played=41, matches_won=19, hands_played=455))
        later = Session.new(ctx.settings.table, "normal", seed=SEED + 5)
        play_until(later, lambda s: s.match.hand_number >= 7 and s.is_human_turn and s.phase is Phase.PLAY)
        away.save_match(later.to_saved())
        away.save_settings(Settings(difficulty="hard"))
        offer = file_offer(ctx, export_text(away), "hearts-2026-11-30.json")
        stack.append(scene_for(offer, ctx))
    elif name == "move_problem":
        stack.append(scene_for(file_offer(ctx, "{}", "notes.json"), ctx))
    return stack


def table_at(ctx: Context, session: Session) -> TableScene:
    """``session`` as the match in progress, at its table (staged: a route carries no live match)."""
    ctx.session = session
    return TableScene(ctx, MatchMode(ctx, session))


DAILY_DAY = datetime.date(2026, 12, 1)
TODAY = datetime.date(2026, 12, 2)
"""Today, for the statistics: fixed so the picture is the same whenever it is taken."""
PLAYED_DAILY = ((1, 3, 5), (2, 0, 4), (3, 9, 7), (5, 13, 4), (6, 2, 6), (7, 5, 5), (8, 6, 9), (9, 0, 3),
                (10, 8, None), (11, 4, 4), (14, 26, 10))  # fmt: skip
"""Daily deals played, as (days before today, points, par): today still to play, a three-day streak
to yesterday, a best of seven before it, one day without par."""


def played_daily(store: Store, today: datetime.date) -> None:
    """Made-up daily results in ``store``, counted back from ``today``."""
    for back, points, par in PLAYED_DAILY:
        day = (today - datetime.timedelta(days=back)).isoformat()
        store.record_daily(DailyResult(date=day, points=points, par=par, marks="·" * 13))


_PARS: dict[datetime.date, Par] = {}


def daily_at(ctx: Context, name: str) -> list[Scene]:
    """The daily deal of ``DAILY_DAY``: at the table mid-hand, or finished as Hard plays it in your seat
    (par's own game) with its result, or that result's share box, after a few days played in a row."""
    from .scenes.share_box import ShareBox

    daily = daily_for(DAILY_DAY)
    if DAILY_DAY not in _PARS:
        par = _PARS[DAILY_DAY] = Par(daily)
        while not par.work(1.0):
            pass
    par = _PARS[DAILY_DAY]
    assert par.match is not None and par.value is not None
    moves = par.match.moves if name != "daily" else par.match.moves[:24]
    match = par.match.at_start()
    for move in moves:
        match.apply(move)
    known = par.value if name != "daily" else None
    attempt = DailyAttempt(daily.key, match, daily.seed, new_attempt_id(), False, known)
    for back in range(1, 5):  # the four days before, played
        day = (DAILY_DAY - datetime.timedelta(days=back)).isoformat()
        ctx.store.record_daily(DailyResult(date=day, points=back * 3, par=4, marks="·" * 13))
    ctx.store.save_daily_attempt(attempt)
    mode = DailyMode(ctx, daily, practice=False, attempt=attempt)
    scene = TableScene(ctx, mode)
    if name == "daily":
        return [scene]
    stack: list[Scene] = [scene, scene_for(routes.DailyResult(mode.session.match_id), ctx)]
    if name == "share_box":
        stack.append(ShareBox(ctx, "Share your result", mode.share_text(), "copied"))
    return stack


def trick_won(ctx: Context, session: Session) -> Scene:
    """The table holding a complete trick with points in it, its winner ringed and named."""

    def about_to_take_points(s: Session) -> bool:
        trick = s.view.trick
        return len(s.view.tricks) >= 3 and len(trick.cards) == 3 and any(card.points for card in trick.cards)

    play_until(session, about_to_take_points)
    table = table_at(ctx, session)
    before = session.view
    seat = session.match.to_move
    if seat is HUMAN:
        table.handle(Pressed("card", suggest_play(before).notation))
    elif seat is not None:
        move = make_bot("normal", seed=seat).decide(session.match.view_for(seat))
        table.show(session.match.apply(move), before=before)
    while table.motion.current is not None and table.motion.current.kind != "hold":
        table.motion.advance(1 / 30)
    return table


def lesson_at(ctx: Context, key: str) -> list[Scene]:
    """The lesson, played with its suggestions, at the moment note ``key`` shows (or at its summary)."""
    from .scenes.dialog import Dialog

    mode = LessonMode(ctx)
    lesson = TableScene(ctx, mode)
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
            mode.lesson.dismiss(lesson.snapshot())  # read each note before moving on
            continue
        if lesson.motion.is_busy:
            continue
        elif session.is_human_turn:
            view = session.view
            if view.phase is Phase.PASS and view.passed is None:
                lesson.state = replace(lesson.state, selected=frozenset(suggest_pass(view)))
                lesson.handle(Pressed("button", "action"))
            elif view.phase is Phase.PLAY:
                lesson.handle(Pressed("card", lesson_play(view).notation))
    raise ValueError(f"the lesson never showed {key!r}")


def render(
    name: str,
    size: tuple[int, int],
    scale: float = 1.0,
    settings: Settings | None = None,
    *,
    keys: bool = False,
) -> tuple[pygame.Surface, LayoutReport]:
    """The scene ``name`` drawn at ``size``, and its layout report (what was drawn where, in CSS px);
    with ``keys``, as a player using the keyboard sees it (the table's focus on a card you may play)."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    ctx = context(size, scale, settings)
    ctx.keyboard = keys
    surface = pygame.Surface(size)
    stack = build(name, ctx)
    for scene in stack:
        if isinstance(scene, TableScene):
            scene.place_focus()
    first = max(index for index, scene in enumerate(stack) if not scene.is_overlay)
    with recording(size, scale) as report:
        for scene in stack[first:]:
            scene.draw(surface)
    return surface, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.ui.snapshot", description=__doc__)
    parser.add_argument("--size", default="390x844", help="window size, WxH (default 390x844)")
    parser.add_argument("--scale", type=float, default=1.0, help="pixels per CSS pixel")
    parser.add_argument("--out", default="snapshots", help="folder for the PNG files")
    parser.add_argument(
        "--scenes",
        default=",".join(SCENES),
        help="comma-separated scene names, or 'lesson' for the lesson's notes",
    )
    parser.add_argument("--four-colour", action="store_true", help="draw the four-colour deck")
    parser.add_argument("--keys", action="store_true", help="as a keyboard player sees it (the focus shown)")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings(four_colour=args.four_colour)
    names = LESSON_SCENES if args.scenes == "lesson" else args.scenes.split(",")
    for name in names:
        path = out / f"{name}-{size[0]}x{size[1]}.png"
        surface, report = render(name, size, args.scale, settings, keys=args.keys)
        pygame.image.save(surface, str(path))
        path.with_suffix(".json").write_text(json.dumps(report.to_json(), indent=1), encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
