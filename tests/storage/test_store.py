"""The store: round trips, saving off and on again, and counting each finished match once."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from hearts.engine import Match, Moon, Phase, Rules, record
from hearts.storage import (
    Backend,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    SavedMatch,
    Settings,
    Stats,
    Store,
)
from hearts.storage.store import DAMAGED_PREFIX, MATCH_KEY, SAVING_BACK_ON, SETTINGS_KEY, STATS_KEY

from .helpers import (
    BrokenBackend,
    FakeLocalStorage,
    JsError,
    RecordingBackend,
    finished_match,
    unfinished_match,
)

BACKENDS: dict[str, Callable[[Path], Backend]] = {
    "memory": lambda _: MemoryBackend(),
    "file": lambda directory: FileBackend(directory),
    "local_storage": lambda _: LocalStorageBackend(FakeLocalStorage()),
}


@pytest.fixture(params=sorted(BACKENDS))
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return BACKENDS[request.param](tmp_path)


def same_match(first: Match, second: Match) -> bool:
    return record.dumps(first) == record.dumps(second) and first.moves == second.moves


def test_a_fresh_store_has_defaults_and_nothing_to_say(backend: Backend) -> None:
    store = Store(backend)
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert store.load_match() is None
    assert store.problems == [] and not store.saving_off


def test_a_first_visit_has_its_own_settings_until_the_player_saves_some(backend: Backend) -> None:
    calm = Settings(reduced_motion=True)  # the page's prefers-reduced-motion, say
    assert Store(backend, first_visit=calm).load_settings() == calm
    chosen = Settings(reduced_motion=False, pace="quick")
    assert Store(backend, first_visit=calm).save_settings(chosen)
    assert Store(backend, first_visit=calm).load_settings() == chosen


@pytest.mark.parametrize("moves", [0, 1, 3, 5, 40, 61])
def test_a_match_survives_a_new_store(backend: Backend, moves: int) -> None:
    match = unfinished_match(17, moves) if moves else Match(Rules(jack_of_diamonds=True))
    assert Store(backend).save_match(SavedMatch(match, 17, "hard"))
    loaded = Store(backend).load_match()
    assert loaded is not None
    assert same_match(loaded.match, match)
    assert (loaded.seed, loaded.bot_level, loaded.counted) == (17, "hard", False)


def test_a_match_waiting_for_the_moon_choice_survives() -> None:
    rules = Rules(target=150, moon=Moon.SHOOTER_CHOOSES)
    candidate = next(
        match
        for match in map(lambda seed: finished_match(seed, rules), range(200))
        if any(result.moon_shooter is not None for result in match.results)
    )
    match = Match(rules)
    for move in candidate.moves:
        match.apply(move)
        if match.phase is Phase.MOON:
            break
    assert match.phase is Phase.MOON
    store = Store(MemoryBackend())
    store.save_match(SavedMatch(match, None, "normal"))
    loaded = store.load_match()
    assert loaded is not None and loaded.match.phase is Phase.MOON and loaded.seed is None
    assert loaded.match.to_move == match.to_move and same_match(loaded.match, match)


def test_settings_and_stats_survive_a_new_store(backend: Backend) -> None:
    settings = Settings(difficulty="easy", pace="relaxed", four_colour=True, table=Rules(target=50))
    stats = Stats(matches_played=2, matches_won=1, hands_played=19, points_taken=88, queens_taken=4)
    store = Store(backend)
    assert store.save_settings(settings) and store.save_stats(stats)
    again = Store(backend)
    assert again.load_settings() == settings and again.load_stats() == stats
    assert again.problems == []


def test_the_save_is_one_wrapper_around_the_engine_record() -> None:
    backend = MemoryBackend()
    match = unfinished_match(3, 9)
    Store(backend).save_match(SavedMatch(match, 3, "easy"))
    text = backend.data[MATCH_KEY]
    assert text.startswith('{"revision":1,')  # first, so it is read without parsing the rest
    data = json.loads(text)
    assert data == {
        "revision": 1,
        "format": "hearts-save",
        "version": 1,
        "bot_level": "easy",
        "counted": False,
        "match_id": SavedMatch(match, 3, "easy").match_id,
        "points_lost_tenths": {},
        "record": record.to_record(match, seed=3),
    }


def test_the_coachs_tally_survives_a_new_store(backend: Backend) -> None:
    match = unfinished_match(5, 140)
    finished = len(match.results)
    assert finished >= 2
    tally = {1: 23, finished: 0}
    assert Store(backend).save_match(SavedMatch(match, 5, "normal", points_lost_tenths=tally))
    loaded = Store(backend).load_match()
    assert loaded is not None and loaded.points_lost_tenths == tally
    assert same_match(loaded.match, match)


@pytest.mark.parametrize(
    "written",
    [
        None,
        "23",
        [23],
        {"1": 23, "2": -1, "3": 1.5, "4": True, "x": 4, "²": 4, "99": 7, "0": 2, "1" * 5000: 1},
    ],
)
def test_a_save_without_a_readable_tally_loads_with_what_can_be_read(written: object) -> None:
    backend = MemoryBackend()
    match = unfinished_match(5, 240)
    assert len(match.results) == 4
    Store(backend).save_match(SavedMatch(match, 5, "normal", points_lost_tenths={1: 9}))
    data = json.loads(backend.data[MATCH_KEY])
    if written is None:
        del data["points_lost_tenths"]  # a save from before the coach kept its tally
    else:
        data["points_lost_tenths"] = written
    backend.data[MATCH_KEY] = json.dumps(data)
    store = Store(backend)
    loaded = store.load_match()
    assert loaded is not None and same_match(loaded.match, match) and store.problems == []
    assert loaded.points_lost_tenths == ({1: 23} if isinstance(written, dict) else {})


def test_the_old_save_is_never_removed_before_the_new_one_is_written() -> None:
    backend = RecordingBackend()
    store = Store(backend)
    match = Match()
    for move in finished_match(8).moves[:30]:
        match.apply(move)
        store.save_match(SavedMatch(match, 8, "normal"))
    assert ("remove", MATCH_KEY) not in backend.calls
    assert {call for call in backend.calls if call[0] != "get"} == {("set", MATCH_KEY)}


def test_clear_match_forgets_only_the_match(backend: Backend) -> None:
    store = Store(backend)
    store.save_settings(Settings(pace="quick"))
    store.save_match(SavedMatch(unfinished_match(1, 4), 1, "normal"))
    assert store.clear_match()
    assert store.load_match() is None
    assert store.load_settings() == Settings(pace="quick")


def test_take_problems_hands_them_over_once() -> None:
    backend = MemoryBackend()
    backend.data[MATCH_KEY] = "garbage"
    store = Store(backend)
    store.load_match()
    problems = store.take_problems()
    assert len(problems) == 1 and "set aside" in problems[0]
    assert store.take_problems() == [] and store.problems == []


# Full and refused --------------------------------------------------------------------------


def test_a_full_store_turns_saving_off_once_and_keeps_the_previous_save() -> None:
    small = unfinished_match(2, 10)
    big = unfinished_match(2, 120)
    small_text_size = len(MATCH_KEY) + 60 + len(record.dumps(small))
    backend = MemoryBackend(quota=small_text_size + 100)
    store = Store(backend)
    assert store.save_match(SavedMatch(small, 2, "normal"))
    assert not store.save_match(SavedMatch(big, 2, "normal"))
    assert not store.save_match(SavedMatch(big, 2, "normal"))
    assert store.saving_off
    assert store.take_problems() == ["Storage is full, so this match will not be saved."]
    loaded = Store(backend).load_match()
    assert loaded is not None and same_match(loaded.match, small)

    backend.quota = None
    assert store.save_match(SavedMatch(big, 2, "normal"))
    assert not store.saving_off
    assert store.take_problems() == [SAVING_BACK_ON]
    loaded = Store(backend).load_match()
    assert loaded is not None and same_match(loaded.match, big)


def test_a_full_store_names_what_it_could_not_save() -> None:
    store = Store(MemoryBackend(quota=10))
    assert not store.save_stats(Stats(matches_played=1))
    assert store.problems == ["Storage is full, so your statistics will not be saved."]
    assert store.load_stats() == Stats(matches_played=1)  # still right for this visit


def test_a_full_browser_says_so_and_keeps_the_previous_save() -> None:
    storage = FakeLocalStorage(quota=2_000)
    store = Store(LocalStorageBackend(storage))
    assert store.save_match(SavedMatch(unfinished_match(2, 5), 2, "normal"))
    before = dict(storage.items)
    assert not store.save_match(SavedMatch(unfinished_match(2, 150), 2, "normal"))
    assert storage.items == before
    assert store.saving_off and store.problems == [
        "The browser's storage for this page is full, so this match will not be saved."
    ]


def test_a_refusing_browser_still_lets_the_game_play() -> None:
    storage = FakeLocalStorage()
    storage.throw = lambda: JsError("SecurityError", "The operation is insecure.")
    store = Store(LocalStorageBackend(storage))
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert store.load_match() is None
    assert not store.save_match(SavedMatch(unfinished_match(4, 20), 4, "easy"))
    assert not store.save_settings(Settings(pace="quick"))
    assert not store.clear_match()
    assert store.saving_off
    assert store.problems == ["The browser is refusing storage, so this match will not be saved."]


@pytest.mark.parametrize("backend", [MemoryBackend(refuse=True), BrokenBackend()], ids=["refused", "broken"])
def test_no_store_method_raises_when_storage_fails(backend: Backend) -> None:
    store = Store(backend)
    finished = SavedMatch(finished_match(6), 6, "normal")
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert store.load_match() is None
    assert not store.save_match(finished)
    assert not store.clear_match()
    assert not store.clear_damaged()
    assert store.damaged_saves() == []
    # Settings and statistics that could not be written still hold for this visit.
    assert not store.save_settings(Settings(reduced_motion=True))
    assert store.load_settings() == Settings(reduced_motion=True)
    stats = store.record_finished(finished)
    assert stats.matches_played == 1
    assert store.record_finished(finished) == stats == store.load_stats()
    assert store.saving_off and len(store.problems) == 1


def test_a_stand_in_backend_says_saving_is_off_from_the_start_and_stays_off() -> None:
    reason = "The browser is refusing storage, so nothing will be saved this time."
    store = Store(MemoryBackend(fallback_reason=reason))
    assert store.saving_off and store.take_problems() == [reason]
    assert store.save_settings(Settings(pace="quick"))
    assert store.load_settings() == Settings(pace="quick")
    assert store.saving_off and store.problems == []


def test_a_file_store_that_cannot_write_names_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(FileBackend(tmp_path))

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert not store.save_stats(Stats(matches_played=1))
    assert store.problems == [f"The game cannot write to {tmp_path}, so this match will not be saved."]


# Counting finished matches -----------------------------------------------------------------


def test_only_a_finished_match_is_counted() -> None:
    store = Store(MemoryBackend())
    unfinished = SavedMatch(unfinished_match(9, 200), 9, "normal")
    store.save_match(unfinished)
    with pytest.raises(ValueError):
        store.record_finished(unfinished)
    assert store.clear_match()  # abandoned for a new match
    assert store.load_stats() == Stats()


def test_record_finished_counts_once_however_often_it_is_called(backend: Backend) -> None:
    match = finished_match(11)
    saved = SavedMatch(match, 11, "normal")
    store = Store(backend)
    store.save_match(saved)
    stats = store.record_finished(saved)
    assert stats == Stats().with_match(match)
    assert store.record_finished(saved) == stats
    assert Store(backend).load_stats() == stats

    # After a reload the save says it is counted.
    again = Store(backend)
    loaded = again.load_match()
    assert loaded is not None and loaded.counted
    assert again.record_finished(loaded) == stats
    # Even the stale, uncounted copy is not counted twice by a new store.
    assert Store(backend).record_finished(saved) == stats
    assert Store(backend).load_stats() == stats


def test_a_stop_between_the_two_writes_does_not_count_twice() -> None:
    backend = MemoryBackend()
    saved = SavedMatch(finished_match(12), 12, "easy")
    Store(backend).save_match(saved)
    stale_save = backend.data[MATCH_KEY]
    stats = Store(backend).record_finished(saved)
    backend.data[MATCH_KEY] = stale_save  # as if the game stopped before the save was marked
    store = Store(backend)
    loaded = store.load_match()
    assert loaded is not None and not loaded.counted
    assert store.record_finished(loaded) == stats
    marked = Store(backend).load_match()
    assert marked is not None and marked.counted


def test_different_matches_each_count() -> None:
    backend = MemoryBackend()
    first, second = finished_match(13), finished_match(14)
    Store(backend).record_finished(SavedMatch(first, 13, "normal"))
    stats = Store(backend).record_finished(SavedMatch(second, 14, "normal"))
    assert stats == Stats().with_match(first).with_match(second)
    assert stats.matches_played == 2
    # The same deals and moves under another seed are another match.
    third = Store(backend).record_finished(SavedMatch(second, 15, "normal"))
    assert third.matches_played == 3


def test_an_earlier_match_is_not_counted_again_after_another() -> None:
    store = Store(MemoryBackend())
    first = SavedMatch(finished_match(13), 13, "normal")
    store.record_finished(first)
    stats = store.record_finished(SavedMatch(finished_match(14), 14, "normal"))
    assert store.record_finished(first) == stats and stats.matches_played == 2


def test_a_counted_match_is_not_counted_again() -> None:
    store = Store(MemoryBackend())
    stats = store.record_finished(SavedMatch(finished_match(16), 16, "normal", counted=True))
    assert stats == Stats() == store.load_stats()


def test_stats_saved_by_the_player_keep_the_mark_of_the_last_counted_match() -> None:
    backend = MemoryBackend()
    saved = SavedMatch(finished_match(18), 18, "normal")
    store = Store(backend)
    stats = store.record_finished(saved)
    store.save_stats(stats)  # e.g. after showing them
    assert Store(backend).record_finished(saved) == stats


def test_keys_are_the_documented_ones() -> None:
    assert (Store.MATCH_KEY, Store.SETTINGS_KEY, Store.STATS_KEY, Store.DAMAGED_PREFIX) == (
        "hearts.match",
        "hearts.settings",
        "hearts.stats",
        "hearts.damaged.",
    )
    assert (MATCH_KEY, SETTINGS_KEY, STATS_KEY, DAMAGED_PREFIX) == (
        Store.MATCH_KEY,
        Store.SETTINGS_KEY,
        Store.STATS_KEY,
        Store.DAMAGED_PREFIX,
    )
