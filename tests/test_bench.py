"""The benchmark command's contract: its last line is one JSON object with the promised keys."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

GAME = pathlib.Path(__file__).resolve().parents[1] / "game"


@pytest.mark.native
def test_engine_bench_ends_with_one_json_object() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hearts.bench", "engine", "--json", "--seconds", "0.2"],
        capture_output=True,
        text=True,
        check=True,
        cwd=GAME,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(figures) == {
        "full_hands_per_s",
        "play_hands_per_s",
        "full_hands",
        "play_hands",
        "python",
        "implementation",
        "platform",
        "seconds",
    }
    # The work is counted: a batch of 200 hands at least, however slow the machine. How fast is for the
    # benchmark to say (./build.sh bench), not a test.
    for done in (figures["full_hands"], figures["play_hands"]):
        assert done >= 200 and done % 200 == 0
    assert isinstance(figures["full_hands_per_s"], int) and isinstance(figures["play_hands_per_s"], int)


def test_bench_helpers_play_whole_hands() -> None:
    import random

    from hearts.bench import full_hand
    from hearts.engine import Match, Phase

    match = Match()
    rng = random.Random(4)
    for _ in range(3):
        full_hand(match, 4, rng)
        assert match.phase in (Phase.DEAL, Phase.OVER)
    assert len(match.results) == 3
    assert all(sum(result.points) == 26 for result in match.results)


@pytest.mark.native
def test_bots_bench_ends_with_one_json_object() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hearts.bench", "bots", "--json", "--levels", "random", "--deals", "2"],
        capture_output=True,
        text=True,
        check=True,
        cwd=GAME,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    plays = figures["random"]
    assert plays["decisions"] == 2 * 13
    assert 0 <= plays["median_ms"] <= plays["p90_ms"] <= plays["max_ms"]  # (a fast one rounds to 0)
    assert plays["max_slice_ms"] <= plays["max_ms"]
    assert plays["pass"]["decisions"] == 2  # hands 1 and 2 pass left and right
    assert {"python", "platform", "implementation"} <= figures.keys()


def test_bots_bench_times_only_the_measured_seat() -> None:
    from hearts.bench import bench_bots

    figures = bench_bots(["random"], deals=4, seed=3, opponents="random")
    assert figures["random"]["decisions"] == 4 * 13
    assert figures["random"]["pass"]["decisions"] == 3  # the fourth hand keeps its cards
    assert figures["deals"] == 4


@pytest.mark.native
def test_pace_bench_ends_with_the_medians_by_clock_and_level() -> None:
    """The real table, a card a level and clock: the last line is exactly the promised object."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HEARTS_BENCH_COACH": "0"}
    result = subprocess.run(
        [sys.executable, "-m", "hearts.bench", "pace", "--json", "--cards", "1"],
        capture_output=True,
        text=True,
        check=True,
        cwd=GAME,
        env=env,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert list(figures) == ["native", "slowed"]
    for clock in figures.values():
        assert list(clock) == ["normal", "hard"]
        assert all(isinstance(seconds, float | int) and seconds >= 0 for seconds in clock.values())
    assert "hard / normal" in result.stdout


def test_the_transfer_benchmark_measures_links_along_a_match_and_the_export() -> None:
    from hearts.transfer_bench import bench_transfer

    result = bench_transfer(1, 3)
    links = result["link_chars"]
    assert list(links)[:2] == ["hand 1", "hand 4"] and "end" in links
    assert links["hand 1"]["max"] < links["hand 4"]["min"]  # the link grows with the match
    assert result["export_chars_median"] > links["end"]["max"]  # the file holds more than the match
    assert result["link_make_ms_median"] > 0 and result["export_read_ms_median"] > 0
