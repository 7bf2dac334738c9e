"""Type sizes: every column of menu buttons in one size, and no text under 12 CSS pixels, on the
screens with menus and results at the five sizes the game is checked at."""

from __future__ import annotations

import pytest
from snapshot import render

from hearts.ui.report import type_size_problems

SIZES = [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)]
SCENES = ["menu", "pause", "hand_result", "score_sheet", "victory", "options", "statistics", "last_trick"]


def test_the_check_finds_a_small_text_and_a_column_of_mixed_sizes() -> None:
    def button(x: float, y: float) -> dict:  # type: ignore[type-arg]
        return {"kind": "button", "id": "b", "rect": [x, y, 200, 48], "enabled": True}

    def label(text: str, x: float, y: float, px: float) -> dict:  # type: ignore[type-arg]
        return {"kind": "text", "text": text, "px": px, "rect": [x + 20, y + 14, 120, 20]}

    tidy = [
        button(0, 0),
        label("Score sheet", 0, 0, 17),
        button(0, 60),
        label("Review the last hand", 0, 60, 17),
    ]
    assert type_size_problems({"items": tidy}) == []
    untidy = [*tidy[:3], label("Review the last hand", 0, 60, 13)]
    assert type_size_problems({"items": untidy}) == [
        "the buttons at x=0 mix sizes [13, 17]: ['Score sheet', 'Review the last hand']"
    ]
    beside = [button(220, 0), label("Options", 220, 0, 13)]  # another column may have its own size
    assert type_size_problems({"items": tidy + beside}) == []
    small = [{"kind": "text", "text": "fine print", "px": 11.5, "rect": [0, 0, 50, 12]}]
    assert type_size_problems({"items": small}) == ["'fine print' at 11.5 px"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_menus_and_results_keep_one_size_a_column_and_nothing_under_12_px(size: tuple[int, int]) -> None:
    for name in SCENES:
        _, report = render(name, size)
        assert type_size_problems(report.to_json()) == [], name
