"""The methods dataclasses writes, compiled ahead (``hearts.methods_ahead``): a class made with the table's
code behaves as one made by compiling, a text the table lacks is compiled as before, and a table that is
missing, damaged or another interpreter's is not used. (The site's own table, made under Pyodide, is
checked in the browser: tests/browser/test_play.py, as the page starts.)"""

from __future__ import annotations

import dataclasses
import marshal
import sys
from pathlib import Path

import pytest

from hearts.methods_ahead import HOOK, MethodsAhead, codes_in, recording, table_of


def make_classes() -> tuple[type, type]:
    """Two dataclasses as the game writes them: a frozen one with slots and defaults, and a plain one."""

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Move:
        seat: int
        card: str = "2♣"
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(slots=True)
    class Counter:
        count: int = 0

    return Move, Counter


def behaviour(move_class: type, counter_class: type) -> tuple[object, ...]:
    """What the classes do: made, compared, hashed, shown, and refusing a change where frozen."""
    move = move_class(seat=2)
    same, other = move_class(seat=2), move_class(seat=3, card="Q♠", tags=("x",))
    counter = counter_class()
    counter.count += 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.seat = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        move_class(2)  # keyword-only
    shown = repr(move).split(".")[-1], repr(other).split(".")[-1], repr(counter).split(".")[-1]
    return (move == same, move == other, hash(move) == hash(same), shown, counter.count, move.tags)


@pytest.fixture
def texts() -> list[str]:
    with recording() as written:
        make_classes()
    return written


def test_recording_keeps_each_text_dataclasses_wrote_once(texts: list[str]) -> None:
    assert not hasattr(dataclasses, HOOK)  # (and puts dataclasses back as it was)
    assert len(texts) == len(set(texts)) >= 6  # __init__, __repr__, __eq__ for each; the frozen one's more
    assert any("def __init__(self" in text for text in texts)
    assert any("def __setattr__(self" in text for text in texts)


def test_classes_made_from_the_table_behave_as_classes_compiled_anew(texts: list[str]) -> None:
    compiled = behaviour(*make_classes())
    ahead = MethodsAhead(codes_in(table_of(texts))).install()
    try:
        assert ahead.is_installed
        from_table = behaviour(*make_classes())
    finally:
        ahead.uninstall()
    assert (ahead.ran, ahead.compiled) == (len(texts), 0)  # every method from the table
    assert from_table == compiled
    assert not hasattr(dataclasses, HOOK)


def test_a_text_the_table_lacks_is_compiled_as_before(texts: list[str]) -> None:
    ahead = MethodsAhead(codes_in(table_of(texts[1:]))).install()
    try:
        made = behaviour(*make_classes())
    finally:
        ahead.uninstall()
    assert (ahead.ran, ahead.compiled) == (len(texts) - 1, 1)
    assert made == behaviour(*make_classes())


def test_a_table_that_cannot_be_used_is_not(texts: list[str], tmp_path: Path) -> None:
    good = table_of(texts)
    other_interpreter = marshal.dumps(
        {"hexversion": sys.hexversion + 1, "codes": marshal.loads(good)["codes"]}
    )
    for data in (other_interpreter, good[: len(good) // 2], b"", b"not a table", marshal.dumps([1, 2])):
        assert codes_in(data) == {}
    missing = MethodsAhead.from_file(tmp_path / "none.marshal").install()
    damaged_file = tmp_path / "damaged.marshal"
    damaged_file.write_bytes(good[:100])
    damaged = MethodsAhead.from_file(damaged_file).install()
    for ahead in (missing, damaged):
        assert not ahead.codes and not ahead.is_installed
    assert not hasattr(dataclasses, HOOK)
    kept = tmp_path / "table.marshal"
    kept.write_bytes(good)
    assert set(MethodsAhead.from_file(kept).codes) == set(texts)


def test_the_source_tree_has_no_table() -> None:
    """Only the site's build makes one (under the interpreter the site ships): natively nothing changes."""
    ahead = MethodsAhead.from_file()
    assert not ahead.codes and not ahead.install().is_installed
