"""``bench ui`` runs the real app with the coach working, as in the game, unless told not to."""

from __future__ import annotations

import pytest

from hearts.ui.bench import coach_is_on, new_app
from hearts.ui.idle_work import COACH_SLICE


@pytest.mark.parametrize(("value", "on"), [(None, True), ("1", True), ("0", False), ("off", False)])
def test_the_coach_works_during_the_bench_unless_turned_off(
    monkeypatch: pytest.MonkeyPatch, value: str | None, on: bool
) -> None:
    if value is None:
        monkeypatch.delenv("HEARTS_BENCH_COACH", raising=False)
    else:
        monkeypatch.setenv("HEARTS_BENCH_COACH", value)
    assert coach_is_on() is on
    app = new_app((390, 844))
    assert app.coach_slice == (COACH_SLICE if on else 0.0)
