"""Storage depends on the standard library, the engine, the bots' level names and the challenge codes (a
value over the engine that a saved match can hold) only: never pygame, never the bots."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

STORAGE = pathlib.Path(__file__).resolve().parents[2] / "game" / "hearts" / "storage"


def imports_of(path: pathlib.Path) -> set[str]:
    """What a module imports: top-level names, and relative imports as written (``..engine``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or "").split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted(STORAGE.glob("*.py")), ids=lambda path: path.name)
def test_storage_imports_the_standard_library_and_the_engine_only(path: pathlib.Path) -> None:
    imported = imports_of(path)
    assert "pygame" not in imported
    relative = {name for name in imported if name.startswith(".")}
    allowed = {
        ".",
        ".backends",
        ".daily",
        ".friends",
        ".keeper",
        ".revisions",
        ".saved_match",
        ".settings",
        ".stats",
    }
    allowed |= {".store"}
    allowed |= {"..engine", "..challenge", "..levels"}
    assert relative <= allowed
    absolute = imported - relative
    assert all(name in sys.stdlib_module_names for name in absolute), absolute


@pytest.mark.native
def test_importing_storage_loads_no_pygame() -> None:
    code = "import sys, hearts.storage; print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(STORAGE.parents[1]), "PATH": ""},
    )
    loaded = set(result.stdout.split())
    assert "hearts" in loaded and "pygame" not in loaded
