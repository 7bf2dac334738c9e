"""Saves that cannot be read: set aside, never lost, the player told, and nothing else touched."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from hearts.engine import record
from hearts.storage import MemoryBackend, SavedMatch, Settings, Stats, Store
from hearts.storage.store import (
    DAMAGED_PREFIX,
    MATCH_DAMAGED,
    MATCH_KEY,
    MATCH_NEWER,
    MATCH_NOT_SET_ASIDE,
    SETTINGS_DAMAGED,
    SETTINGS_KEY,
    STATS_DAMAGED,
    STATS_KEY,
)

from .helpers import finished_match, unfinished_match

SETTINGS = Settings(difficulty="hard", confirm_taps=True)
STATS = Stats(matches_played=4, matches_won=2, hands_played=30, points_taken=150, queens_taken=5)


def good_save() -> str:
    backend = MemoryBackend()
    Store(backend).save_match(SavedMatch(unfinished_match(21, 70), 21, "normal"))
    return backend.data[MATCH_KEY]


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(good_save())
    change(data)
    return json.dumps(data)


def append_move(text: str) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["record"]["moves"].append(text)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


DAMAGED: dict[str, str] = {
    "empty": "",
    "garbage": "}{ not a save at all",
    "binary-ish": "\x00\x01\x02\ufffd\ufffd",
    "truncated": good_save()[: len(good_save()) // 2],
    "truncated-end": good_save()[:-1],
    "json-null": "null",
    "json-number": "42",
    "json-string": '"hearts"',
    "json-list": "[1, 2, 3]",
    "foreign-object": '{"name": "another game", "score": 12}',
    "engine-record-alone": record.dumps(unfinished_match(21, 10), seed=21),
    "other-format": edited(lambda data: data.update(format="hearts-settings")),
    "version-0": edited(lambda data: data.update(version=0)),
    "version-text": edited(lambda data: data.update(version="1")),
    "version-missing": edited(lambda data: data.pop("version")),
    "no-record": edited(lambda data: data.pop("record")),
    "record-not-object": edited(lambda data: data.update(record=[1, 2])),
    "illegal-move": edited(append_move("play S 2C")),
    "not-a-move": edited(append_move("play X ZZ")),
    "move-not-text": edited(append_move(17)),  # type: ignore[arg-type]
    "bad-rules": edited(lambda data: data["record"]["rules"].update(target=99)),
    "bad-seed": edited(lambda data: data["record"].update(seed=-5)),
    "bad-bot-level": edited(lambda data: data.update(bot_level="grandmaster")),
    "bad-counted": edited(lambda data: data.update(counted="yes")),
    "deeply-nested": nested(100_000),
    "nested-inside": edited(lambda data: data.update(extra=json.loads(nested(40)))),
    "far-too-long": '{"format":"hearts-save","pad":"' + "x" * (record.MAX_CHARS + 20_000) + '"}',
    "huge-number": '{"format":"hearts-save","version":' + "9" * 5000 + "}",
}


def filled_backend(match_text: str) -> MemoryBackend:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(SETTINGS)
    store.save_stats(STATS)
    backend.data[MATCH_KEY] = match_text
    return backend


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_save_is_set_aside_and_nothing_else_is_touched(text: str) -> None:
    backend = filled_backend(text)
    settings_text, stats_text = backend.data[SETTINGS_KEY], backend.data[STATS_KEY]
    store = Store(backend)
    assert store.load_match() is None
    assert store.take_problems() == [MATCH_DAMAGED]
    assert not store.saving_off
    assert MATCH_KEY not in backend.data
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text
    assert backend.data[SETTINGS_KEY] == settings_text and backend.data[STATS_KEY] == stats_text
    assert store.load_settings() == SETTINGS and store.load_stats() == STATS
    assert store.damaged_saves() == [text]
    # The game goes on: a new match saves and loads, and the problem is not told again.
    assert store.save_match(SavedMatch(unfinished_match(22, 5), 22, "easy"))
    assert Store(backend).load_match() is not None
    assert store.problems == []


@pytest.mark.parametrize(
    "change",
    [lambda data: data.update(version=2, new_field=[1]), lambda data: data["record"].update(version=9)],
    ids=["wrapper", "record"],
)
def test_a_save_from_a_newer_version_says_so(change: Callable[[dict[str, Any]], object]) -> None:
    text = edited(change)
    backend = filled_backend(text)
    store = Store(backend)
    assert store.load_match() is None
    assert store.problems == [MATCH_NEWER]
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text


def test_unknown_fields_in_a_save_of_this_version_are_ignored() -> None:
    text = edited(lambda data: data.update(theme="dark"))
    loaded = Store(filled_backend(text)).load_match()
    assert loaded is not None and len(loaded.match.moves) == 70


def test_a_counted_flag_on_an_unfinished_match_is_ignored() -> None:
    loaded = Store(filled_backend(edited(lambda data: data.update(counted=True)))).load_match()
    assert loaded is not None and not loaded.counted


@pytest.mark.parametrize(
    ("score", "kept"),
    [
        (61, 61),
        (record.MIN_SCORE, record.MIN_SCORE),
        (record.MAX_SCORE, record.MAX_SCORE),
        (record.MIN_SCORE - 1, None),
        (record.MAX_SCORE + 1, None),
        (2**70, None),
        ("61", None),
        (61.0, None),
        (True, None),
        (None, None),
    ],
)
def test_a_friends_score_is_kept_within_what_a_code_carries(score: object, kept: int | None) -> None:
    """Beyond the bound a code packs (a signed 16-bit number) the friend's score is left out; the
    match and its challenge are whole."""
    loaded = Store(filled_backend(edited(lambda data: data.update(challenge={"score": score})))).load_match()
    assert loaded is not None and loaded.challenge is not None and len(loaded.match.moves) == 70
    assert loaded.challenge.score == kept


def test_only_the_three_newest_damaged_saves_are_kept() -> None:
    backend = filled_backend("")
    for number in range(1, 6):
        backend.data[MATCH_KEY] = f"damaged {number}"
        Store(backend).load_match()
    assert [backend.data.get(f"{DAMAGED_PREFIX}{n}") for n in range(1, 5)] == [
        "damaged 5",
        "damaged 4",
        "damaged 3",
        None,
    ]
    store = Store(backend)
    assert store.damaged_saves() == ["damaged 5", "damaged 4", "damaged 3"]
    assert store.clear_damaged() and store.damaged_saves() == []
    assert store.load_settings() == SETTINGS


def test_a_gap_in_the_damaged_saves_is_closed_up() -> None:
    backend = filled_backend("newest")
    backend.data[f"{DAMAGED_PREFIX}1"] = "older"
    backend.data[f"{DAMAGED_PREFIX}3"] = "stale"  # .2 missing, so .3 has nothing to move into it
    Store(backend).load_match()
    assert Store(backend).damaged_saves() == ["newest", "older"]


def test_with_no_room_to_set_it_aside_the_damaged_save_stays_and_the_player_is_told() -> None:
    backend = filled_backend("x" * 500)
    backend.quota = backend.used() + 10
    store = Store(backend)
    assert store.load_match() is None
    assert store.problems == [MATCH_NOT_SET_ASIDE]
    assert backend.data[MATCH_KEY] == "x" * 500
    assert f"{DAMAGED_PREFIX}1" not in backend.data


@pytest.mark.parametrize("key", [SETTINGS_KEY, STATS_KEY])
@pytest.mark.parametrize(
    "text",
    [
        "",
        "{{{",
        "[]",
        "7",
        '{"difficulty": "hard"}',
        '{"format": "hearts-save", "version": 1}',
        '{"format": "hearts-settings", "version": 0}',
        '{"format": "hearts-stats", "version": "1"}',
        nested(10_000),
    ],
)
def test_damaged_settings_or_stats_are_set_aside_and_fall_back(key: str, text: str) -> None:
    backend = filled_backend(good_save())
    backend.data[key] = text
    other_key = STATS_KEY if key == SETTINGS_KEY else SETTINGS_KEY
    other_text = backend.data[other_key]
    store = Store(backend)
    if key == SETTINGS_KEY:
        assert store.load_settings() == Settings()
        assert store.problems == [SETTINGS_DAMAGED]
    else:
        assert store.load_stats() == Stats()
        assert store.problems == [STATS_DAMAGED]
    assert backend.data[f"{DAMAGED_PREFIX}1"] == text
    assert key not in backend.data and backend.data[other_key] == other_text
    loaded = store.load_match()
    assert loaded is not None and len(loaded.match.moves) == 70


def test_settings_from_a_newer_version_are_read_as_far_as_they_go() -> None:
    backend = MemoryBackend()
    data = {"format": "hearts-settings", "version": 3, **SETTINGS.to_dict(), "pace": "warp", "theme": 1}
    backend.data[SETTINGS_KEY] = json.dumps(data)
    store = Store(backend)
    assert store.load_settings() == SETTINGS
    assert store.problems == [] and f"{DAMAGED_PREFIX}1" not in backend.data


def test_stats_with_one_bad_count_keep_the_rest() -> None:
    backend = MemoryBackend()
    data = {"format": "hearts-stats", "version": 1, **STATS.to_dict(), "hands_played": -3}
    backend.data[STATS_KEY] = json.dumps(data)
    store = Store(backend)
    assert store.load_stats() == Stats(matches_played=4, matches_won=2, points_taken=150, queens_taken=5)
    assert store.problems == []


def test_a_finished_damaged_match_is_not_counted() -> None:
    backend = filled_backend("")
    full = MemoryBackend()
    Store(full).save_match(SavedMatch(finished_match(23), 23, "normal"))
    backend.data[MATCH_KEY] = full.data[MATCH_KEY][:-10]
    store = Store(backend)
    assert store.load_match() is None
    assert store.load_stats() == STATS


def test_a_damaged_file_that_is_not_utf8_is_set_aside_byte_for_byte(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from hearts.storage import FileBackend, Store

    backend = FileBackend(tmp_path)
    raw = b'{"format": "hearts-save", \xff\xfe broken \x80'
    backend.path_for("hearts.match").write_bytes(raw)
    store = Store(backend)
    assert store.load_match() is None
    assert backend.get("hearts.match") is None
    copies = [path for path in tmp_path.iterdir() if "damaged" in path.name]
    assert len(copies) == 1 and copies[0].read_bytes() == raw
