"""The layers point one way: the engine (and the dealer) never pull in pygame or randomness."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

GAME = pathlib.Path(__file__).resolve().parents[1] / "game"
ENGINE = GAME / "hearts" / "engine"


def imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda path: path.name)
def test_engine_modules_import_only_the_standard_library(path: pathlib.Path) -> None:
    allowed = {"__future__", "collections", "dataclasses", "enum", "itertools", "json", "typing"}
    assert imported_modules(path) <= allowed, f"{path.name} imports {imported_modules(path) - allowed}"


def loaded_after(statement: str) -> set[str]:
    """Top-level modules a fresh interpreter holds after ``statement``."""
    code = f"import sys; {statement}; print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(GAME), "PATH": ""},
    )
    return set(result.stdout.split())


@pytest.mark.native
def test_importing_the_engine_loads_no_pygame_and_no_random() -> None:
    loaded = loaded_after("import hearts.engine, hearts.engine.record")
    assert "hearts" in loaded
    assert not loaded & {"pygame", "random"}


@pytest.mark.native
def test_importing_the_dealer_loads_no_pygame() -> None:
    loaded = loaded_after("import hearts.deals, hearts.bench")
    assert "hearts" in loaded and "pygame" not in loaded


@pytest.mark.native
def test_the_daily_deal_and_challenges_load_no_pygame() -> None:
    assert "pygame" not in loaded_after("import hearts.daily")
    # A challenge code is read before anything else is needed: the engine alone, not even the bots.
    loaded = loaded_after("import hearts.challenge")
    assert "hearts" in loaded and not loaded & {"pygame", "random"}
