"""The UI tests run headless; where pygame cannot run (in Pyodide, or not installed) they are not collected.

The whole tests/ folder also runs inside Pyodide (tests/pyodide/run.mjs), which has no pygame: there the
files of this folder are ignored rather than failing to import.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if sys.platform == "emscripten" or importlib.util.find_spec("pygame") is None:
    collect_ignore_glob = ["*.py"]


FIRST_SEED = 1


@pytest.fixture(autouse=True)
def match_seeds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every new match of a UI test is dealt from a fixed seed, ``FIRST_SEED`` and on, one a match,
    rather than a fresh one from ``secrets``: a failure replays (and its report names the seeds). A
    test may fix its own with ``monkeypatch.setattr("hearts.ui.session.new_seed", ...)``."""
    seeds = itertools.count(FIRST_SEED)
    used: list[int] = []

    def fixed_seed() -> int:
        used.append(next(seeds))
        return used[-1]

    monkeypatch.setattr("hearts.ui.session.new_seed", fixed_seed)
    yield used


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test's report names the seeds its matches were dealt from."""
    outcome = yield
    report = outcome.get_result()
    seeds = getattr(item, "funcargs", {}).get("match_seeds")
    if report.failed and seeds:
        report.sections.append(("match seeds", ", ".join(map(str, seeds))))
