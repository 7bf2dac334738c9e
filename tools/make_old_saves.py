"""Old saves: what the game writes at chosen moments of play, and how it plays on from there.

For each moment below this plays seeded matches with the real bots, saves them as the game does through
the public storage API (``hearts.storage.Store`` on a ``MemoryBackend``) and writes one JSON file:

- ``storage``: what the backend held, key by key, each text exactly as stored;
- ``loaded``: what ``Store.load_*`` returned from a fresh store on those texts;
- ``play_on`` (matches and the daily deal): the loaded match continued by the same bots, as the game
  would continue it: West, North and East at the saved level and seeded as the game seeds them
  (``seed * 4 + seat``), deals from ``deals.deal_for``, and a stand-in for you in South (a bot of the
  level and seed given in the file). The moves as text, and the match after them;
- ``record_finished`` (statistics): what counting the saved finished match again returns.

The moments: a match passing (before any pass, and with the three bots' passes in), mid-trick in hand 1,
waiting for the deal of hand 3 (hand 2's result the last thing shown), a moon to choose under the
shooter-chooses rule, a friend's challenge with and without their score, the coach's tallies, every
house rule to the end of the match, the daily deal in progress (with earlier days' results), the
settings, and the statistics of a finished match whose save stopped before it was marked counted.

``tests/storage/test_old_saves.py`` loads these files with the code of the day and checks that it reads
the same and plays on the same. Run this with the game folder of the code whose saves are to be pinned
(the code before a change) on the path, from the repository's root::

    PYTHONPATH=/work/before/game .venv/bin/python tools/make_old_saves.py

``--out DIR`` writes elsewhere (default ``tests/data/old-saves``); ``--check`` writes nothing and says
which files the code on the path would make differently (run it with a newer tree's game folder to see
that it still writes and plays the same). It takes about a minute on one core (the daily deal's Hard
bots and its par are most of it) and makes the same bytes every time. It names only the API that both
spellings of the code share (see ``seat_seed`` and ``saved_match`` in ``old_saves_play.py``), so any
tree's game folder will do.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from old_saves_play import (
    YOU,
    advance,
    at_play,
    bots_for,
    describe,
    hands_scored,
    moon_or_hand_over,
    saved_fields,
    saved_match,
)

from hearts.bots import Bot
from hearts.challenge import Challenge
from hearts.daily import daily_for, par
from hearts.engine import Match, Moon, Phase, Rules, Seat, Ties
from hearts.storage import (
    DailyAttempt,
    DailyResult,
    MemoryBackend,
    SavedMatch,
    Settings,
    Stats,
    Store,
)

OUT: Final = Path(__file__).resolve().parents[1] / "tests" / "data" / "old-saves"
STAND_IN: Final = {"level": "normal", "seed": 2_718_281}
"""The bot that plays your seat: Normal, seeded unlike any of the game's bots."""
SEEDS: Final = range(1_000, 1_400)
"""Where to look for a match with something to show (a moon shot in hand 1, a shared win in five hands,
a short match that you win): such a seed is usually found in the first hundred."""


# Saving and loading --------------------------------------------------------------------------------


def fresh_store(storage: dict[str, str]) -> tuple[Store, MemoryBackend]:
    backend = MemoryBackend()
    for key, text in storage.items():
        backend.set(key, text)
    return Store(backend), backend


def check_clean(store: Store, backend: MemoryBackend, storage: dict[str, str]) -> None:
    """Loading told the player nothing and set nothing aside."""
    if store.take_problems() or backend.data != storage:
        raise SystemExit(f"the code on the path could not read its own save cleanly: {sorted(backend.data)}")


def match_fixture(
    about: str,
    saved: SavedMatch,
    original_bots: dict[Seat, Bot],
    *,
    hands: int = 1,
) -> dict[str, Any]:
    """The save of ``saved``, what loading it gives, and the loaded match played on until ``hands`` more
    hands are scored (checked against the match that was saved, played on in memory)."""
    writer = MemoryBackend()
    Store(writer).save_match(saved)
    storage = dict(writer.data)

    store, backend = fresh_store(storage)
    loaded = store.load_match()
    if loaded is None:
        raise SystemExit(f"the code on the path could not load its own save: {about}")
    check_clean(store, backend, storage)
    loaded_view = {"saved": saved_fields(loaded), "match": describe(loaded.match)}

    assert loaded.seed is not None
    target = len(loaded.match.results) + hands
    bots = bots_for(loaded.seed, loaded.bot_level, STAND_IN)
    moves = advance(loaded.match, loaded.seed, bots, hands_scored(target))
    if moves != advance(saved.match, loaded.seed, original_bots, hands_scored(target)):
        raise SystemExit(f"a loaded match plays on differently from the one saved: {about}")
    return {
        "about": about,
        "kind": "match",
        "storage": storage,
        "loaded": loaded_view,
        "play_on": {"south": STAND_IN, "moves": moves, "after": describe(loaded.match)},
    }


# The moments ---------------------------------------------------------------------------------------


def played(
    rules: Rules, seed: int, level: str, stop: Callable[[Match], bool]
) -> tuple[Match, dict[Seat, Bot]]:
    """A new match with ``seed`` played by ``level`` bots (and the stand-in) until ``stop``."""
    match = Match(rules)
    bots = bots_for(seed, level, STAND_IN)
    advance(match, seed, bots, stop)
    return match, bots


def passing() -> dict[str, Any]:
    seed, level = 7_301_488_115_529_046_011, "easy"
    match, bots = played(Rules(), seed, level, lambda match: match.phase is Phase.PASS)
    return match_fixture(
        "Hand 1 dealt, nobody has passed yet. Easy bots; played on to the end of hand 1.",
        saved_match(match, seed, level),
        bots,
    )


def passing_bots_done() -> dict[str, Any]:
    seed, level = 1_152_921_504_606_846_976, "normal"
    match, bots = played(Rules(), seed, level, lambda match: match.awaiting == (YOU,))
    return match_fixture(
        "Hand 1: the three bots have passed, you have not (what the table saves while you choose). "
        "Normal bots; played on to the end of hand 1.",
        saved_match(match, seed, level),
        bots,
    )


def mid_trick() -> dict[str, Any]:
    seed, level = 42, "normal"
    match, bots = played(Rules(), seed, level, at_play(1, 22))
    return match_fixture(
        "Hand 1 after the pass, two cards into the sixth trick. Normal bots; played on to the end of hand 2.",
        saved_match(match, seed, level),
        bots,
        hands=2,
    )


def third_deal() -> dict[str, Any]:
    seed, level = 5_764_607_523_034_234_879, "normal"
    match, bots = played(Rules(), seed, level, hands_scored(2))
    return match_fixture(
        "Hand 2 scored, its result not yet dismissed, hand 3 not dealt (a reload shows that result again). "
        "Normal bots; dealt and played on to the end of hand 3 (across).",
        saved_match(match, seed, level),
        bots,
    )


def first_seed(
    rules: Rules, level: str, stop: Callable[[Match], bool], wanted: Callable[[Match], bool]
) -> int:
    """The first of ``SEEDS`` whose match, played until ``stop``, is ``wanted``."""
    for seed in SEEDS:
        if wanted(played(rules, seed, level, stop)[0]):
            return seed
    raise SystemExit(f"none of the seeds {SEEDS} makes the match wanted")


def moon_choice() -> dict[str, Any]:
    """A moon shot by you in hand 1 under shooter-chooses."""
    rules, level = Rules(moon=Moon.SHOOTER_CHOOSES), "normal"
    seed = first_seed(rules, level, moon_or_hand_over, lambda match: match.awaiting == (YOU,))
    match, bots = played(rules, seed, level, moon_or_hand_over)
    return match_fixture(
        "Hand 1 under shooter-chooses: you took every point and the choice is yours. Normal bots; "
        "played on (your choice, then hand 2) to the end of hand 2.",
        saved_match(match, seed, level),
        bots,
        hands=2,
    )


def challenge(score: int | None) -> dict[str, Any]:
    rules = Rules(target=150, ties=Ties.SHARED_WIN, queen_breaks_hearts=True)
    friend = Challenge(seed=3_141_592_653_589_793, rules=rules, level="easy", score=score)
    match, bots = played(friend.rules, friend.seed, friend.level, at_play(2, 13))
    with_score = f"their score, {score}" if score is not None else "no score (sent before their end)"
    return match_fixture(
        f"A friend's challenge with {with_score}: target 150, shared wins, the Q♠ breaks hearts, Easy "
        "bots. Hand 2, after the pass and three tricks and a card; played on to the end of hand 2.",
        saved_match(match, friend.seed, friend.level, challenge=friend),
        bots,
    )


def coach() -> dict[str, Any]:
    seed, level = 2_305_843_009_213_693_951, "easy"
    match, bots = played(Rules(), seed, level, at_play(3, 9))
    return match_fixture(
        "The coach has reviewed hands 1 and 2 (3.5 and 0 points lost). Hand 3 after the pass, one card "
        "into the third trick. Easy bots; played on to the end of hand 3.",
        saved_match(match, seed, level, lost={1: 35, 2: 0}),
        bots,
    )


def house_rules() -> dict[str, Any]:
    rules = Rules(
        target=50,
        moon=Moon.SUBTRACT_FROM_SHOOTER,
        jack_of_diamonds=True,
        ties=Ties.SHARED_WIN,
        queen_breaks_hearts=True,
        points_on_first_trick=True,
    )
    level, last = "normal", 5
    seed = first_seed(rules, level, hands_scored(last), lambda match: len(match.winners) > 1)
    match, bots = played(rules, seed, level, at_play(last, 30))
    return match_fixture(
        f"Every house rule: target 50, the moon subtracted, the J♦ (-10), shared wins, the Q♠ breaks "
        f"hearts, points on the first trick. Normal bots. Hand {last}, the match's last, 30 cards in; "
        "played on to the end of the match, a win shared.",
        saved_match(match, seed, level),
        bots,
    )


def daily_attempt() -> dict[str, Any]:
    """Today's daily deal in progress (par known), after three earlier days counted."""
    today = "2026-03-14"
    daily = daily_for(today)
    match = daily.new_match()
    bots = bots_for(daily.seed, daily.level, STAND_IN)
    advance(match, daily.seed, bots, at_play(1, 37))

    writer = MemoryBackend()
    store = Store(writer)
    for date, points, day_par, marks, attempt_id in (
        ("2026-02-27", 13, 9, "··♠··········", "a1"),
        ("2026-03-12", 26, None, "🌕🌕·🌕·🌕🌕🌕·🌕🌕🌕·", "b2c3"),
        ("2026-03-13", 4, 6, "··♥···♥··♥·♥·", "d4e5f6a7b8c9d0e1"),
    ):
        result = DailyResult(date=date, points=points, par=day_par, marks=marks, attempt=attempt_id)
        store.record_daily(result)
    attempt = DailyAttempt(
        date=today, match=match, seed=daily.seed, attempt="3f2a9c0d4e5b6a71", practice=False, par=par(daily)
    )
    store.save_daily_attempt(attempt)
    storage = dict(writer.data)

    store, backend = fresh_store(storage)
    loaded = store.load_daily_attempt()
    records = store.load_daily()
    stats = store.daily_stats(daily.day)
    if loaded is None:
        raise SystemExit("the code on the path could not load its own daily attempt")
    check_clean(store, backend, storage)
    loaded_view = {
        "attempt": {
            "date": loaded.date,
            "seed": loaded.seed,
            "attempt": loaded.attempt,
            "practice": loaded.practice,
            "par": loaded.par,
        },
        "match": describe(loaded.match),
        "level": daily.level,
        "records": records.to_dict(),
        "today": today,
        "stats": dataclasses.asdict(stats),
    }
    moves = advance(loaded.match, loaded.seed, bots_for(loaded.seed, daily.level, STAND_IN), hands_scored(1))
    if moves != advance(match, daily.seed, bots, hands_scored(1)):
        raise SystemExit("a loaded daily attempt plays on differently from the one saved")
    return {
        "about": f"The daily deal of {today} (Hard bots, par known), 37 cards in: the tenth trick led. "
        "Three earlier days counted (one without par). Played on to the end of the hand.",
        "kind": "daily",
        "storage": storage,
        "loaded": loaded_view,
        "play_on": {"south": STAND_IN, "moves": moves, "after": describe(loaded.match)},
    }


def settings() -> dict[str, Any]:
    chosen = Settings(
        difficulty="hard",
        confirm_taps=True,
        play_last_card=False,
        pace="quick",
        reduced_motion=True,
        four_colour=True,
        sound=False,
        table=Rules(target=150, moon=Moon.SHOOTER_CHOOSES, jack_of_diamonds=True, ties=Ties.SHARED_WIN),
    )
    writer = MemoryBackend()
    Store(writer).save_settings(chosen)
    storage = dict(writer.data)
    store, backend = fresh_store(storage)
    loaded = store.load_settings().to_dict()
    check_clean(store, backend, storage)
    return {
        "about": "Every setting away from its default, the next match's table too.",
        "kind": "settings",
        "storage": storage,
        "loaded": loaded,
    }


def stats() -> dict[str, Any]:
    """A finished match counted in the statistics, its save not yet marked: the game stopped between
    the two writes of ``Store.record_finished``. Counting it again must change nothing."""
    rules, level, lost = Rules(target=50), "easy", {1: 35, 3: 12}
    seed = first_seed(rules, level, hands_scored(3), lambda match: match.winners == (YOU,))
    match, _ = played(rules, seed, level, hands_scored(3))
    writer = MemoryBackend()
    store = Store(writer)
    store.save_stats(
        Stats(
            matches_played=7,
            matches_won=3,
            hands_played=41,
            points_taken=236,
            moons_shot=1,
            queens_taken=6,
            hands_reviewed=12,
            points_lost_tenths=143,
            last_hands_reviewed=4,
            last_points_lost_tenths=21,
        )
    )
    store.record_finished(saved_match(match, seed, level, lost=lost))
    store.save_match(saved_match(match, seed, level, lost=lost))  # as it was before the second write
    storage = dict(writer.data)

    store, backend = fresh_store(storage)
    loaded_stats = store.load_stats().to_dict()
    loaded = store.load_match()
    if loaded is None:
        raise SystemExit("the code on the path could not load its own finished match")
    check_clean(store, backend, storage)
    loaded_view = {"stats": loaded_stats, "saved": saved_fields(loaded), "match": describe(loaded.match)}
    again = store.record_finished(loaded).to_dict()
    marked = Store(backend).load_match()
    assert marked is not None
    return {
        "about": "Statistics (with the coach's figures) that count a finished match whose save was not "
        "yet marked counted: the game stopped between the two writes. Counting it again changes nothing "
        "and marks the save.",
        "kind": "stats",
        "storage": storage,
        "loaded": loaded_view,
        "record_finished": {"stats": again, "counted": marked.counted},
    }


FIXTURES: Final[dict[str, Callable[[], dict[str, Any]]]] = {
    "match-passing": passing,
    "match-passing-bots-done": passing_bots_done,
    "match-mid-trick": mid_trick,
    "match-hand-3-to-deal": third_deal,
    "match-moon-choice": moon_choice,
    "match-challenge": lambda: challenge(61),
    "match-challenge-no-score": lambda: challenge(None),
    "match-coach": coach,
    "match-house-rules": house_rules,
    "daily-attempt": daily_attempt,
    "settings": settings,
    "stats": stats,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT, help="where the files go (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="write nothing; say which files would differ")
    parser.add_argument("names", nargs="*", help=f"only these, of {', '.join(FIXTURES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.names) - set(FIXTURES)
    if unknown:
        parser.error(f"no such fixture: {', '.join(sorted(unknown))}")
    differ = []
    for name in args.names or FIXTURES:
        text = json.dumps(FIXTURES[name](), indent=1, ensure_ascii=False) + "\n"
        path = args.out / f"{name}.json"
        if args.check:
            same = path.exists() and path.read_text("utf-8") == text
            print(f"{'same' if same else 'DIFFERENT'}  {path}")
            differ += [] if same else [name]
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
            print(f"{len(text.encode()):6,} bytes  {path}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
