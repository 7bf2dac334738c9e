"""The daily deal's records: the first finished attempt of a date counts and replays do not; streaks end
on a missed day; damaged records and attempts are set aside and the player told; the attempt in
progress never touches the ordinary match."""

from __future__ import annotations

import datetime
import json

import pytest

from hearts.engine import Match, Rules, record
from hearts.storage import MemoryBackend, SavedMatch, Store
from hearts.storage.daily import (
    ATTEMPT_DAMAGED,
    ATTEMPT_KEY,
    ATTEMPT_NEWER,
    DAILY_DAMAGED,
    DAILY_KEY,
    DAILY_PARTLY_DAMAGED,
    DailyAttempt,
    DailyRecords,
    DailyResult,
    DailyStats,
    new_attempt_id,
)
from hearts.storage.store import DAMAGED_PREFIX, MATCH_KEY

from .helpers import unfinished_match

DAY = datetime.date(2026, 12, 1)


def day(offset: int) -> str:
    return (DAY + datetime.timedelta(days=offset)).isoformat()


def result(offset: int, points: int = 5, par: int | None = 3, attempt: str | None = None) -> DailyResult:
    return DailyResult(
        date=day(offset), points=points, par=par, marks="··♥", attempt=attempt or new_attempt_id()
    )


def test_the_first_finished_attempt_counts_and_later_ones_are_practice() -> None:
    store = Store(MemoryBackend())
    first = result(0, points=7, par=4)
    assert not store.load_daily().has_played(day(0))
    assert store.record_daily(first) is True
    # Told again of the same attempt (a reload after the finish): it still counts, once.
    assert store.record_daily(first) is True
    replay = result(0, points=0, par=4)
    assert store.record_daily(replay) is False
    reloaded = Store(store.backend).load_daily()
    assert reloaded.result_for(day(0)) == first and reloaded.has_played(day(0))
    assert len(reloaded.results) == 1
    # An attempt without an id is never taken for the one recorded.
    assert store.record_daily(DailyResult(date=day(0), points=7, par=4, marks="··♥")) is False
    # Another date counts on its own.
    assert store.record_daily(result(1)) is True
    assert Store(store.backend).daily_stats(DAY + datetime.timedelta(days=1)).days_played == 2


def test_par_found_after_the_finish_is_added_to_the_attempt_that_counts_only() -> None:
    store = Store(MemoryBackend())
    first = result(0, points=7, par=None)
    assert store.record_daily(first) is True
    # A practice attempt with a par gives the day nothing.
    assert store.record_daily(result(0, points=1, par=2)) is False
    assert Store(store.backend).load_daily().result_for(day(0)) == first
    # The attempt that counts, told again with its par: the par is added, the rest kept.
    assert store.record_daily(result(0, points=7, par=4, attempt=first.attempt)) is True
    kept = Store(store.backend).load_daily().result_for(day(0))
    assert kept is not None and (kept.points, kept.par, kept.attempt) == (7, 4, first.attempt)
    # A par once known is not changed again.
    store.record_daily(result(0, points=7, par=9, attempt=first.attempt))
    assert Store(store.backend).load_daily().result_for(day(0)) == kept
    assert store.daily_stats(DAY).average_against_par == 3


@pytest.mark.parametrize(
    ("played", "today", "current", "best"),
    [
        ([], 0, 0, 0),
        ([0], 0, 1, 1),
        ([0], 1, 1, 1),  # today not played yet: yesterday's streak is still current
        ([0], 2, 0, 1),  # a missed day ends it
        ([0, 1, 2], 2, 3, 3),
        ([0, 1, 2], 3, 3, 3),
        ([0, 1, 2], 4, 0, 3),
        ([0, 1, 2, 4, 5], 5, 2, 3),
        ([0, 2, 3, 4, 5, 7], 7, 1, 4),
        ([-1, 0, 1], 1, 3, 3),  # across a month's end
        ([29, 30, 31, 32], 32, 4, 4),  # across a year's end
        ([0, 1, 2], 1, 2, 3),  # the clock went back: days after "today" do not extend the streak
    ],
)
def test_streaks(played: list[int], today: int, current: int, best: int) -> None:
    records = DailyRecords({day(offset): result(offset) for offset in played})
    stats = records.stats(DAY + datetime.timedelta(days=today))
    assert (stats.days_played, stats.current_streak, stats.best_streak) == (len(played), current, best)


def test_the_average_against_par_counts_the_days_with_a_par() -> None:
    records = DailyRecords(
        {
            day(0): result(0, points=5, par=3),
            day(1): result(1, points=0, par=6),
            day(2): result(2, points=26, par=None),
        }
    )
    stats = records.stats(DAY + datetime.timedelta(days=2))
    assert stats.average_against_par == pytest.approx((2 - 6) / 2)
    assert DailyRecords().stats(DAY) == DailyStats()


def test_records_survive_a_reload_and_a_refusing_backend_keeps_them_for_the_visit() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    for offset in range(3):
        store.record_daily(result(offset))
    assert Store(backend).load_daily() == store.load_daily()
    backend.refuse = True
    store.record_daily(result(3))
    assert store.saving_off and store.take_problems()
    assert store.load_daily().has_played(day(3))  # still known for this visit
    backend.refuse = False
    assert not Store(backend).load_daily().has_played(day(3))


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"format": "hearts-stats", "version": 1}',
        '{"format": "hearts-daily", "version": "1", "results": []}',
        '{"format": "hearts-daily", "version": 1, "results": 5}',
        '{"format": "hearts-daily", "version": 1, "results": [{"date": "x"}]}',
        "[" * 100_000,
    ],
)
def test_damaged_records_are_set_aside_and_the_player_told(text: str) -> None:
    backend = MemoryBackend()
    backend.data[DAILY_KEY] = text
    backend.data[MATCH_KEY] = "the match, untouched"
    store = Store(backend)
    assert store.load_daily() == DailyRecords()
    assert store.take_problems() == [DAILY_DAMAGED]
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text
    assert backend.data[MATCH_KEY] == "the match, untouched"
    # Playing on works and is kept.
    assert store.record_daily(result(0)) is True
    assert Store(backend).load_daily().has_played(day(0))


def test_one_bad_entry_is_left_out_and_the_rest_kept() -> None:
    good = [result(0).to_dict(), result(1).to_dict()]
    bad = [{"date": "2026-02-30", "points": 1}, {"date": day(2), "points": "many"}, "junk", good[0]]
    text = json.dumps({"format": "hearts-daily", "version": 1, "results": good + bad})
    backend = MemoryBackend()
    backend.data[DAILY_KEY] = text
    store = Store(backend)
    records = store.load_daily()
    assert sorted(records.results) == [day(0), day(1)]
    assert store.take_problems() == [DAILY_PARTLY_DAMAGED]
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text
    # The good entries are written back, and the next visit reads them without complaint.
    again = Store(backend)
    assert again.load_daily() == records and again.take_problems() == []


def test_records_from_a_newer_version_are_read_as_far_as_they_go() -> None:
    entry = {**result(0).to_dict(), "hints_used": 2}
    text = json.dumps({"format": "hearts-daily", "version": 9, "results": [entry], "trophies": []})
    backend = MemoryBackend()
    backend.data[DAILY_KEY] = text
    store = Store(backend)
    assert store.load_daily().has_played(day(0)) and store.take_problems() == []


def attempt(moves: int = 30, practice: bool = False, par: int | None = None) -> DailyAttempt:
    return DailyAttempt(day(0), unfinished_match(7, moves), 7, new_attempt_id(), practice, par)


def test_the_attempt_in_progress_is_kept_apart_from_the_match() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    ordinary = unfinished_match(3, 20)
    store.save_match(SavedMatch(ordinary, 3, "normal"))
    saved_match = backend.data[MATCH_KEY]
    progress = attempt(par=4, practice=True)
    assert store.save_daily_attempt(progress)
    assert backend.data[MATCH_KEY] == saved_match
    loaded = Store(backend).load_daily_attempt()
    assert loaded is not None
    assert (loaded.date, loaded.seed, loaded.attempt, loaded.practice, loaded.par) == (
        progress.date,
        7,
        progress.attempt,
        True,
        4,
    )
    assert loaded.match.snapshot() == progress.match.snapshot()
    assert Store(backend).load_match() is not None
    assert store.clear_daily_attempt() and Store(backend).load_daily_attempt() is None
    assert backend.data[MATCH_KEY] == saved_match


def _attempt_text(**change: object) -> str:
    data = attempt().to_dict()
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("{", ATTEMPT_DAMAGED),
        ("null", ATTEMPT_DAMAGED),
        (_attempt_text(format="hearts-save"), ATTEMPT_DAMAGED),
        (_attempt_text(date="2026-13-01"), ATTEMPT_DAMAGED),
        (_attempt_text(attempt="not hex"), ATTEMPT_DAMAGED),
        (_attempt_text(practice="yes"), ATTEMPT_DAMAGED),
        (_attempt_text(par=1.5), ATTEMPT_DAMAGED),
        (_attempt_text(record={"format": "hearts-match"}), ATTEMPT_DAMAGED),
        (_attempt_text(record=record.to_record(Match(Rules()))), ATTEMPT_DAMAGED),  # no seed
        (_attempt_text(version=2), ATTEMPT_NEWER),
        ("[" * 100_000, ATTEMPT_DAMAGED),
    ],
    # Named, not shown: the texts hold a random attempt id, and a test's id must read the same in every
    # process that collects the tests (pytest-xdist's workers compare them).
    ids=[
        "unclosed",
        "null",
        "format",
        "date",
        "attempt",
        "practice",
        "par",
        "record",
        "no-seed",
        "newer",
        "deep",
    ],
)
def test_a_damaged_attempt_is_set_aside_and_nothing_else_touched(text: str, sentence: str) -> None:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_match(SavedMatch(unfinished_match(3, 20), 3, "normal"))
    store.record_daily(result(-1))
    before = dict(backend.data)
    backend.data[ATTEMPT_KEY] = text
    fresh = Store(backend)
    assert fresh.load_daily_attempt() is None
    assert fresh.take_problems() == [sentence]
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text
    assert ATTEMPT_KEY not in backend.data
    assert {key: value for key, value in backend.data.items() if not key.startswith(DAMAGED_PREFIX)} == before


@pytest.mark.parametrize(
    "bad",
    [
        {"date": "2026-12-1"},
        {"points": 1.0},
        {"points": True},
        {"par": "3"},
        {"marks": "♥" * 40},
        {"attempt": "XYZ"},
    ],
)
def test_a_result_is_checked_when_made(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        DailyResult(**{"date": day(0), "points": 3, **bad})  # type: ignore[arg-type]
