"""Whole matches played by bots, saved after every move as the table does, and loaded back."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from hearts.engine import Match, Phase, Rules, Seat, Ties, record
from hearts.storage import (
    Backend,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    SavedMatch,
    Stats,
    Store,
)

from .helpers import FakeLocalStorage, bot_moves

BACKENDS: dict[str, Callable[[Path], Backend]] = {
    "memory": lambda _: MemoryBackend(),
    "file": lambda directory: FileBackend(directory),
    "local_storage": lambda _: LocalStorageBackend(FakeLocalStorage()),
}


@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_a_save_after_every_move_loads_back_to_the_same_match(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Flushing to the disk is tested with the backend; here it would only make the run slow.
    monkeypatch.setattr(os, "fsync", lambda handle: None)
    backend = BACKENDS[name](tmp_path)
    seed = 31
    match = Match(Rules(target=50, jack_of_diamonds=True))
    store = Store(backend)
    for count, _move in enumerate(bot_moves(match, seed, "normal"), start=1):
        assert store.save_match(SavedMatch(match, seed, "normal"))
        loaded = Store(backend).load_match()
        assert loaded is not None, f"no save after move {count}"
        assert loaded.match.moves == match.moves
        assert loaded.seed == seed and not loaded.counted
        if match.phase is Phase.DEAL or match.is_over:  # between hands: the whole state agrees
            assert loaded.match.totals == match.totals and loaded.match.results == match.results
    assert match.is_over and count == len(match.moves) > 100
    assert store.problems == [] and not store.saving_off

    stats = store.record_finished(SavedMatch(match, seed, "normal"))
    assert stats == Stats().with_match(match) and stats.matches_played == 1
    finished = Store(backend).load_match()
    assert finished is not None and finished.counted and finished.match.winners == match.winners
    assert Store(backend).record_finished(finished) == stats


@pytest.mark.parametrize("stop", [1, 4, 5, 9, 60, 137, 250])
def test_a_loaded_match_continues_exactly_as_the_original(stop: int) -> None:
    """Reloading the page mid-match changes nothing: the same bots play on to the same end."""
    seed = 44
    rules = Rules(target=50, ties=Ties.SHARED_WIN)
    original = Match(rules)
    all_moves = [move for move in bot_moves(original, seed)]
    assert len(all_moves) > stop

    interrupted = Match(rules)
    for move in all_moves[:stop]:
        interrupted.apply(move)
    backend = MemoryBackend()
    Store(backend).save_match(SavedMatch(interrupted, seed, "easy"))
    loaded = Store(backend).load_match()
    assert loaded is not None
    resumed = loaded.match
    assert [resumed.view_for(seat) for seat in Seat] == [interrupted.view_for(seat) for seat in Seat]
    rest = list(bot_moves(resumed, seed))
    assert all_moves[:stop] + rest == all_moves
    assert record.dumps(resumed, seed=seed) == record.dumps(original, seed=seed)
