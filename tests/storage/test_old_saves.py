"""Saves written by the code before a change load, and play on, exactly as they did with that code.

Each file in ``tests/data/old-saves/`` holds what the storage held at one moment of play, what
``Store.load_*`` returned from it and how the same bots played on, all made by the code of the time
(``tools/make_old_saves.py``, whose docstring says how). Here today's code loads the same texts into a
fresh backend, must read the same, and must play the same moves to the same scores.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path
from typing import Any

import pytest

from hearts import deals
from hearts.bots import make_bot
from hearts.daily import daily_for
from hearts.engine import Match, Phase, Seat
from hearts.storage import MemoryBackend, SavedMatch, Store

# The adapter: all this test assumes of the code beyond Store, Match, the bots and deal_for ----------


def bot_seed(seed: int, seat: Seat) -> int:
    """The seed the game gives the bot in ``seat`` of the match with ``seed``."""
    return deals.seat_seed(seed, seat)


def saved_fields(saved: SavedMatch) -> dict[str, Any]:
    """What a loaded ``SavedMatch`` says beside its match, as the fixtures write it down."""
    challenge = saved.challenge
    is_challenge, score = challenge is not None, None if challenge is None else challenge.score
    return {
        "seed": saved.seed,
        "bot_level": saved.bot_level,
        "counted": saved.counted,
        "points_lost_tenths": {str(hand): lost for hand, lost in sorted(saved.points_lost_tenths.items())},
        "challenge": is_challenge,
        "challenger_score": score,
    }


# ---------------------------------------------------------------------------------------------------

OLD_SAVES = Path(__file__).parent.parent / "data" / "old-saves"
MATCHES = (
    "match-passing",
    "match-passing-bots-done",
    "match-mid-trick",
    "match-hand-3-to-deal",
    "match-moon-choice",
    "match-challenge",
    "match-challenge-no-score",
    "match-coach",
    "match-house-rules",
)
YOU = Seat.SOUTH


def fixture(name: str, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((OLD_SAVES / f"{name}.json").read_text("utf-8"))
    assert data["kind"] == kind
    return data


def fresh_store(storage: dict[str, str]) -> tuple[Store, MemoryBackend]:
    """A new store on a backend holding exactly ``storage``."""
    backend = MemoryBackend()
    for key, text in storage.items():
        backend.set(key, text)
    return Store(backend), backend


def assert_read_cleanly(store: Store, backend: MemoryBackend, storage: dict[str, str]) -> None:
    """Loading told the player of no problem and set nothing aside."""
    assert store.take_problems() == []
    assert backend.data == storage


def play_on(match: Match, seed: int, level: str, south: dict[str, Any], count: int) -> list[str]:
    """Play ``count`` moves (fewer if the match ends) as the table would: the game's bots at ``level``
    in West, North and East, ``south`` (a bot's level and seed) for you, who pass after them."""
    bots = {seat: make_bot(level, seed=bot_seed(seed, seat)) for seat in Seat if seat is not YOU}
    bots[YOU] = make_bot(south["level"], seed=south["seed"])
    moves: list[str] = []
    while len(moves) < count and not match.is_over:
        if match.phase is Phase.DEAL:
            move: Any = deals.deal_for(seed, match.hand_number + 1)
        else:
            seat = next((seat for seat in match.awaiting if seat is not YOU), YOU)
            move = bots[seat].decide(match.view_for(seat))
        match.apply(move)
        moves.append(move.to_text())
    return moves


def letters(*seats: Seat | None) -> str:
    return "".join(seat.letter for seat in seats if seat is not None)


def describe(match: Match) -> dict[str, Any]:
    """The match as the fixtures state it (as ``tools/make_old_saves.py`` does)."""
    return {
        "rules": match.rules.to_dict(),
        "phase": match.phase.name,
        "hand_number": match.hand_number,
        "move_count": match.move_count,
        "awaiting": letters(*match.awaiting),
        "your_hand": match.view_for(YOU).hand.compact if match.hand is not None else "",
        "points": list(match.points()),
        "totals": list(match.totals),
        "results": [
            [result.hand_number, list(result.scores), letters(result.moon_shooter) or None]
            for result in match.results
        ],
        "winners": letters(*match.winners),
    }


@pytest.mark.parametrize("name", MATCHES)
def test_an_old_match_loads_and_plays_on_exactly(name: str) -> None:
    old = fixture(name, "match")
    store, backend = fresh_store(old["storage"])
    saved = store.load_match()
    assert saved is not None, store.problems
    assert_read_cleanly(store, backend, old["storage"])
    assert saved_fields(saved) == old["loaded"]["saved"]
    assert describe(saved.match) == old["loaded"]["match"]

    expected = old["play_on"]
    assert saved.seed is not None
    moves = play_on(saved.match, saved.seed, saved.bot_level, expected["south"], len(expected["moves"]))
    assert moves == expected["moves"]
    assert describe(saved.match) == expected["after"]


def test_an_old_daily_attempt_loads_and_plays_on_exactly() -> None:
    old = fixture("daily-attempt", "daily")
    loaded = old["loaded"]
    store, backend = fresh_store(old["storage"])
    attempt = store.load_daily_attempt()
    assert attempt is not None, store.problems
    records = store.load_daily()
    stats = store.daily_stats(datetime.date.fromisoformat(loaded["today"]))
    assert_read_cleanly(store, backend, old["storage"])
    fields = {name: getattr(attempt, name) for name in ("date", "seed", "attempt", "practice", "par")}
    assert fields == loaded["attempt"]
    assert describe(attempt.match) == loaded["match"]
    assert records.to_dict() == loaded["records"]
    assert dataclasses.asdict(stats) == loaded["stats"]

    # The game resumes an attempt only when its seed is still the date's; it plays on against the day's bots.
    daily = daily_for(attempt.date)
    assert (daily.seed, daily.level) == (attempt.seed, loaded["level"])
    expected = old["play_on"]
    moves = play_on(attempt.match, attempt.seed, daily.level, expected["south"], len(expected["moves"]))
    assert moves == expected["moves"]
    assert describe(attempt.match) == expected["after"]


SETTINGS_SINCE = {"verbosity": "brief", "finish_when_settled": True, "find_across_internet": True, "name": ""}
"""Settings added after the old saves were recorded: an old save loads with their defaults."""


def test_old_settings_load_the_same() -> None:
    old = fixture("settings", "settings")
    store, backend = fresh_store(old["storage"])
    assert store.load_settings().to_dict() == old["loaded"] | SETTINGS_SINCE
    assert_read_cleanly(store, backend, old["storage"])


def test_old_statistics_load_the_same_and_never_count_a_match_twice() -> None:
    old = fixture("stats", "stats")
    loaded = old["loaded"]
    store, backend = fresh_store(old["storage"])
    stats = store.load_stats()
    saved = store.load_match()
    assert saved is not None, store.problems
    assert_read_cleanly(store, backend, old["storage"])
    assert stats.to_dict() == loaded["stats"]
    assert saved_fields(saved) == loaded["saved"]
    assert describe(saved.match) == loaded["match"]

    # The save was not yet marked counted when the game stopped: counting it again adds nothing.
    assert store.record_finished(saved).to_dict() == old["record_finished"]["stats"] == loaded["stats"]
    marked = Store(backend).load_match()
    assert marked is not None and marked.counted is old["record_finished"]["counted"] is True


def test_every_old_save_is_checked() -> None:
    on_disk = {path.stem for path in OLD_SAVES.glob("*.json")}
    assert on_disk == {*MATCHES, "daily-attempt", "settings", "stats"}
