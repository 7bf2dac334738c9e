"""One live table: a lease in the data folder shared by desktop windows, and the game's keeper of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.live import (
    CHECK_SECONDS,
    EXPIRY_SECONDS,
    LEASE_FILE,
    AlwaysLive,
    FolderTable,
    Presence,
    TableKeeper,
)


class Clock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def pass_time(self, seconds: float) -> None:
        self.now += seconds


def run(clock: Clock, seconds: float, *tables: FolderTable) -> None:
    """Let ``seconds`` pass in frames of a tenth of a second, each window looking every frame."""
    for _ in range(round(seconds * 10)):
        clock.pass_time(0.1)
        for table in tables:
            table.presence()


@pytest.mark.native
def test_the_first_window_has_the_table_and_a_second_waits(tmp_path: Path) -> None:
    clock = Clock()
    first = FolderTable(tmp_path, clock=clock)
    second = FolderTable(tmp_path, clock=clock)
    assert first.presence() == Presence(True, 1)
    assert second.presence().live is False
    run(clock, 30, first, second)  # the live window renews its lease: the other never takes it
    assert first.presence() == Presence(True, 1)
    assert not second.presence().live


@pytest.mark.native
def test_play_here_moves_the_table_and_the_first_window_stops_at_its_next_look(tmp_path: Path) -> None:
    clock = Clock()
    first, second = FolderTable(tmp_path, clock=clock), FolderTable(tmp_path, clock=clock)
    second.claim()
    assert second.presence() == Presence(True, 1)
    clock.pass_time(CHECK_SECONDS)
    assert first.presence().live is False
    run(clock, 10, first, second)
    assert second.presence() == Presence(True, 1) and not first.presence().live
    first.claim()  # and back: the first window's second time
    clock.pass_time(CHECK_SECONDS)
    assert first.presence() == Presence(True, 2)
    assert not second.presence().live


@pytest.mark.native
def test_closing_the_live_window_frees_the_table_for_the_other(tmp_path: Path) -> None:
    clock = Clock()
    first, second = FolderTable(tmp_path, clock=clock), FolderTable(tmp_path, clock=clock)
    first.release()
    assert not (tmp_path / LEASE_FILE).exists()
    clock.pass_time(CHECK_SECONDS)
    assert second.presence() == Presence(True, 1)


@pytest.mark.native
def test_a_window_that_crashed_frees_the_table_once_its_lease_expires(tmp_path: Path) -> None:
    clock = Clock()
    FolderTable(tmp_path, clock=clock)  # live, then never looks again
    second = FolderTable(tmp_path, clock=clock)
    run(clock, EXPIRY_SECONDS - 1, second)
    assert not second.presence().live
    run(clock, 2, second)
    assert second.presence() == Presence(True, 1)


@pytest.mark.native
@pytest.mark.parametrize("text", ["", "{", "[]", '{"id": 3, "at": 1}', '{"id": "x", "at": true}'])
def test_a_lease_that_cannot_be_read_is_a_free_table(tmp_path: Path, text: str) -> None:
    (tmp_path / LEASE_FILE).write_text(text)
    table = FolderTable(tmp_path, clock=Clock())
    assert table.presence() == Presence(True, 1)
    assert json.loads((tmp_path / LEASE_FILE).read_text())["id"] == table.id


@pytest.mark.native
def test_a_folder_that_cannot_be_written_never_stops_the_game(tmp_path: Path) -> None:
    table = FolderTable(tmp_path / "missing" / "folder", clock=Clock())
    assert table.presence().live


class Switch:
    """A live table moved by the test."""

    def __init__(self, live: bool = True) -> None:
        self.live, self.generation, self.claims = live, 1 if live else 0, 0

    def presence(self) -> Presence:
        return Presence(self.live, self.generation)

    def claim(self) -> None:
        self.claims += 1

    def become(self, live: bool) -> None:
        if live and not self.live:
            self.generation += 1
        self.live = live

    def release(self) -> None:
        pass


def test_the_keeper_says_when_to_stop_and_when_to_open_afresh() -> None:
    table = Switch()
    keeper = TableKeeper(table)
    assert not keeper.away and keeper.check() is None
    table.become(False)
    assert keeper.check() == "elsewhere" and keeper.away
    assert keeper.check() is None  # said once
    keeper.claim()
    assert table.claims == 1 and keeper.check() is None  # not this window's yet
    table.become(True)
    assert keeper.check() == "back" and not keeper.away
    assert keeper.check() is None


def test_a_refused_save_stops_the_window_and_play_here_opens_it_afresh() -> None:
    table = Switch()
    keeper = TableKeeper(table)
    assert keeper.check(stale=True) == "moved_on"
    assert keeper.check(stale=True) is None
    keeper.claim()  # the page had the table all along: taking it is at once
    assert keeper.check(stale=True) == "back"


def test_a_window_that_lost_the_table_and_had_it_back_between_two_looks_opens_afresh() -> None:
    table = Switch()
    keeper = TableKeeper(table)
    table.become(False)
    table.become(True)
    assert keeper.check() == "back"


def test_a_window_that_starts_while_another_plays_is_away_at_once() -> None:
    assert TableKeeper(Switch(live=False)).away
    assert not TableKeeper().away and TableKeeper(AlwaysLive()).check() is None
