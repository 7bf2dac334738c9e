"""The house's size rule: no module over 500 lines but the engine's ``Match``, and the table scene at most
300, so a module stays one idea a reader can hold (``../shared/STYLE.md``; issue 33)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 500
LIMITS = {"game/hearts/engine/match.py": None, "game/hearts/ui/scenes/table.py": 300}
"""Modules with a limit of their own (None: none)."""


def too_long(root: Path) -> list[str]:
    """The modules under ``root``'s ``game/`` and ``tools/`` over their limit, with their lengths."""
    found = []
    for path in sorted([*(root / "game").rglob("*.py"), *(root / "tools").rglob("*.py")]):
        name = path.relative_to(root).as_posix()
        limit = LIMITS.get(name, LIMIT)
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if limit is not None and lines > limit:
            found.append(f"{name}: {lines} lines (at most {limit})")
    return found


def test_no_module_is_over_its_limit() -> None:
    assert too_long(ROOT) == []


@pytest.mark.parametrize(
    ("name", "lines", "over"),
    [
        ("tools/a.py", 501, True),
        ("tools/a.py", 500, False),
        ("game/hearts/ui/scenes/table.py", 301, True),
        ("game/hearts/engine/match.py", 900, False),
    ],
)
def test_a_module_over_its_limit_is_named(tmp_path: Path, name: str, lines: int, over: bool) -> None:
    path = tmp_path / name
    path.parent.mkdir(parents=True)
    path.write_text("x = 1\n" * lines, encoding="utf-8")
    assert too_long(tmp_path) == (
        [f"{name}: {lines} lines (at most {LIMITS.get(name, LIMIT)})"] if over else []
    )
