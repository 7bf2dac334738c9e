"""The snapshots' seconds-long work kept for a test run's other processes (``tools/snapshot/kept.py``): read
back instead of worked out again, the same as worked out, and never read from a folder of other code."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from snapshot import kept
from snapshot.play import SEED, play_hand_out

from hearts.engine import Rules
from hearts.ui.session import Session


def test_a_hand_kept_by_one_process_is_read_back_by_another_and_plays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(kept.FOLDER, str(tmp_path))
    monkeypatch.setattr("snapshot.play.HANDS_PLAYED", {})
    worked = Session.new(Rules(), "normal", seed=SEED)
    play_hand_out(worked, "easy")
    assert len(worked.match.results) == 1
    assert [path.name.split("-")[0] for path in tmp_path.iterdir()] == ["hand"]

    # Another process of the run: nothing in memory, and playing the hand out again would fail.
    monkeypatch.setattr("snapshot.play.HANDS_PLAYED", {})

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hand was played out again")

    monkeypatch.setattr("snapshot.play.play_until", refuse)
    read = Session.new(Rules(), "normal", seed=SEED)
    play_hand_out(read, "easy")
    assert read.match.moves == worked.match.moves
    assert read.match.results == worked.match.results


DAY = datetime.date(2026, 12, 1)


def test_nothing_is_kept_or_read_without_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kept.FOLDER, raising=False)
    kept.keep("par", DAY, "worked out")
    assert kept.recall("par", DAY) is None
    monkeypatch.setenv(kept.FOLDER, str(tmp_path))
    assert kept.recall("par", DAY) is None
    kept.keep("par", DAY, "worked out")
    assert kept.recall("par", DAY) == "worked out"
    assert kept.recall("par", DAY.replace(day=2)) is None
    assert kept.recall("coaching", DAY) is None


def test_work_kept_by_other_code_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kept.FOLDER, str(tmp_path))
    kept.keep("par", DAY, "worked out by this code")
    monkeypatch.setattr(kept, "_sources", lambda: "the digest of other sources")
    assert kept.recall("par", DAY) is None
