"""hearts.ui.share: the desktop prints and copies; in the browser the page is asked (dummy video)."""

from __future__ import annotations

import io
import sys
import types

import pygame
import pytest

from hearts import page
from hearts.ui import share

TEXT = "Hearts daily 2026-12-01\nMe 4 · par 6\n•♥•••Q•♥••••• "


@pytest.fixture
def video() -> None:
    """SDL's video system, which its clipboard needs (the game's window has started it)."""
    pygame.display.init()


def test_the_desktop_prints_the_text_and_copies_it(video: None):
    out = io.StringIO()
    outcome = share.share_natively(TEXT, out=out)
    assert out.getvalue() == TEXT + "\n"
    assert outcome == "copied"
    assert pygame.scrap.get_text() == TEXT


def test_without_a_clipboard_the_text_is_printed_and_nothing_fails(
    video: None, monkeypatch: pytest.MonkeyPatch
):
    def refuse(text: str) -> None:
        raise pygame.error("No clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    out = io.StringIO()
    assert share.share_natively(TEXT, out=out) == "printed"
    assert out.getvalue() == TEXT + "\n"


def test_a_pygame_without_scrap_only_prints(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pygame, "scrap", types.SimpleNamespace())  # no put_text at all
    out = io.StringIO()
    assert share.share_natively(TEXT, out=out) == "printed"
    assert TEXT in out.getvalue()


def test_sharing_prints_to_standard_output_by_default(video: None, capsys: pytest.CaptureFixture[str]):
    assert share.share(TEXT) in {"copied", "printed"}
    assert capsys.readouterr().out == TEXT + "\n"


class PageWithShare:
    """The page's ``window.hearts`` as far as sharing goes."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.shared: str | None = None

    def share(self, text: str) -> None:
        self.asked.append(text)
        self.shared = "pending"


def in_the_browser(monkeypatch: pytest.MonkeyPatch, window: object) -> None:
    platform = types.ModuleType("platform")
    platform.window = window  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)


def test_in_the_browser_the_page_is_asked_and_nothing_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    hearts = PageWithShare()
    in_the_browser(monkeypatch, types.SimpleNamespace(hearts=hearts))
    assert share.share(TEXT) == "pending"
    assert hearts.asked == [TEXT]
    assert page.share_outcome() == "pending"
    hearts.shared = "copied"
    assert page.share_outcome() == "copied"
    assert capsys.readouterr().out == ""


def test_in_the_browser_a_page_that_cannot_share_is_a_failure(monkeypatch: pytest.MonkeyPatch):
    in_the_browser(monkeypatch, types.SimpleNamespace(hearts=types.SimpleNamespace()))  # an older page
    assert share.share(TEXT) == "failed"
    assert share.message("failed") == "Sharing does not work here, sorry"


@pytest.mark.parametrize(
    ("outcome", "said"),
    [
        ("copied", "Copied: paste it wherever you like"),
        ("printed", "The text is in the terminal: copy it from there"),
        ("shared", "Shared"),
        ("pending", None),
        ("cancelled", None),
        ("shown", None),
        (None, None),
    ],
)
def test_what_the_game_says_after_a_share(outcome: share.Outcome | None, said: str | None):
    assert share.message(outcome) == said
