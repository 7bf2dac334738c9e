"""hearts.page: the game's side of the web page, with a stand-in for pygbag's ``platform.window``."""

from __future__ import annotations

import sys
import types

import pytest

from hearts import page


class FakeHearts:
    """The page's ``window.hearts``, as far as the game uses it."""

    def __init__(self, query: str, fragment: str) -> None:
        self.link = types.SimpleNamespace(query=query, fragment=fragment, address="http://host/")
        self.calls: list[tuple[str, tuple[object, ...]]] = []

    def __getattr__(self, method: str):  # type: ignore[no-untyped-def]
        return lambda *args: self.calls.append((method, args))


@pytest.fixture
def browser_page(monkeypatch: pytest.MonkeyPatch) -> FakeHearts:
    hearts = FakeHearts("utm_source=happy", "x%zz")
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(hearts=hearts)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)
    return hearts


def test_natively_the_page_is_absent_and_quiet(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert page.page_object() is None
    assert page.opened_with() == page.Opened()
    page.tell("started")  # nothing to call, no error


def test_what_the_address_carried_reaches_the_game(browser_page: FakeHearts):
    assert page.opened_with() == page.Opened(query="utm_source=happy", fragment="x%zz")


def test_the_game_tells_the_page(browser_page: FakeHearts):
    page.tell("safe", True)
    assert browser_page.calls == [("safe", (True,))]


def test_an_error_is_reported_on_the_page(browser_page: FakeHearts, capsys: pytest.CaptureFixture[str]):
    try:
        raise ModuleNotFoundError("No module named 'nowhere'")
    except ModuleNotFoundError as error:
        page.report(error)
    assert browser_page.calls == [("failed", ("ModuleNotFoundError: No module named 'nowhere'",))]
    assert "Traceback" in capsys.readouterr().err


def test_a_page_without_the_object_is_no_error(monkeypatch: pytest.MonkeyPatch):
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace()  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)
    assert page.page_object() is None
    assert page.opened_with() == page.Opened()
    page.tell("started")


class SharingPage:
    """The page's ``window.hearts`` with shell.js's share(): it notes the text and says "pending"."""

    def __init__(self, *, refuses: bool = False) -> None:
        self.refuses = refuses
        self.asked: list[object] = []
        self.shared: object = None

    def share(self, text: object) -> None:
        if self.refuses:
            raise RuntimeError("the bridge failed")
        self.asked.append(text)
        self.shared = "pending"


def on_a_page(monkeypatch: pytest.MonkeyPatch, hearts: object) -> None:
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(hearts=hearts)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)


def test_natively_sharing_is_left_to_the_game(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert page.share("Hearts daily") is False
    assert page.share_outcome() is None


def test_the_page_is_asked_to_share_and_its_answer_is_read_each_time(monkeypatch: pytest.MonkeyPatch):
    hearts = SharingPage()
    on_a_page(monkeypatch, hearts)
    assert page.share_outcome() is None  # nothing asked yet (the page's null)
    assert page.share("Hearts daily\n♥ • Q") is True
    assert hearts.asked == ["Hearts daily\n♥ • Q"]
    assert page.share_outcome() == "pending"
    for outcome in ("shared", "cancelled", "copied", "shown", "failed"):
        hearts.shared = outcome
        assert page.share_outcome() == outcome


@pytest.mark.parametrize("said", ["", "undefined", "null", "COPIED", "copied!", 3, None])
def test_an_answer_the_game_does_not_know_is_no_answer(monkeypatch: pytest.MonkeyPatch, said: object):
    hearts = SharingPage()
    hearts.shared = said
    on_a_page(monkeypatch, hearts)
    assert page.share_outcome() is None


def test_a_page_that_cannot_share_says_so(monkeypatch: pytest.MonkeyPatch):
    on_a_page(monkeypatch, SharingPage(refuses=True))
    assert page.share("Hearts daily") is False
    on_a_page(monkeypatch, types.SimpleNamespace(link=None))  # an older page: no share() at all
    assert page.share("Hearts daily") is False
    assert page.share_outcome() is None
