"""Files from the page (``hearts.download`` and ``hearts.pickFile`` in web/shell.js) in headless Chromium, on
the real page under the stand-in loader of ``test_boot``: the export saved as a download, and a file the
player picks read back, its outcome in ``hearts.picked`` as the game polls it. The game's side
(``hearts.page``) is checked in tests/test_page.py with a stand-in page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.web.test_boot import Behaviour, build, serving
from tests.web.test_share import opened

EXPORT = '{"format":"hearts.transfer","version":1,"checksum":"0","data":{"hearts.settings":"{\\"é\\":1}"}}'
NAME = "hearts-2026-05-05.json"
PICKED = "window.hearts.picked !== 'pending'"

# As pygbag hands the game a tap: SDL queues the browser's event, and the game's Python sees it on the next
# animation frame, where it calls hearts.pickFile (the picker needs the player's gesture, still fresh).
NEXT_FRAME_PICK = """
let tapped = false;
addEventListener("load", () => {
    document.getElementById("canvas").addEventListener("mouseup", () => { tapped = true; });
    const frame = () => {
        if (tapped) {
            tapped = false;
            hearts.pickFile(window.maxChars || 1000);
        }
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("files") / "web")


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    with serving(site, Behaviour()) as address:
        yield address


def pick_by_tap(page: Page, files: list[Path]) -> str:
    """Tap the game, choose ``files`` in the picker that opens; how the pick went, once settled."""
    with page.expect_file_chooser(timeout=5000) as chooser:
        # Listening turns Playwright's catching of pickers on; a round trip to the page makes sure it is
        # on before the tap (else a picker may open before it and never be seen).
        page.evaluate("0")
        page.mouse.click(640, 360)
    assert page.evaluate("hearts.picked") == "pending"
    assert not chooser.value.is_multiple()
    chooser.value.set_files(files)
    page.wait_for_function(PICKED, timeout=5000)
    return str(page.evaluate("hearts.picked"))


# ------------------------------------------------------------------------------------------- downloading


def test_the_export_is_downloaded_as_a_file_of_its_name(browser: Browser, base: str):
    with opened(browser, base) as page:
        with page.expect_download(timeout=5000) as download:
            took = page.evaluate("([name, text]) => hearts.download(name, text)", [NAME, EXPORT])
        assert took is True
        assert download.value.suggested_filename == NAME
        assert Path(download.value.path()).read_text(encoding="utf-8") == EXPORT
        assert page.locator("a[download]").count() == 0  # the link it clicked is gone


def test_a_download_with_nothing_to_save_is_refused(browser: Browser, base: str):
    with opened(browser, base) as page:
        for name, text in (("", EXPORT), (NAME, None), (None, EXPORT)):
            assert page.evaluate("([name, text]) => hearts.download(name, text)", [name, text]) is False


# ---------------------------------------------------------------------------------------------- picking


def test_a_file_picked_after_a_tap_is_read_whole(browser: Browser, base: str, tmp_path: Path):
    chosen = tmp_path / NAME
    chosen.write_text(EXPORT, encoding="utf-8")
    with opened(browser, base, init=NEXT_FRAME_PICK) as page:
        assert page.evaluate("hearts.picked") is None  # nothing asked yet
        assert pick_by_tap(page, [chosen]) == "picked"
        assert page.evaluate("hearts.pickedText") == EXPORT
        assert page.evaluate("hearts.pickedName") == NAME
        assert page.locator("input[type=file]").count() == 0  # the picker's input is gone


def test_a_file_far_too_long_is_read_only_one_past_the_limit(browser: Browser, base: str, tmp_path: Path):
    chosen = tmp_path / "hearts-huge.json"
    chosen.write_text("x" * 5000, encoding="ascii")
    with opened(browser, base, init=NEXT_FRAME_PICK + "window.maxChars = 1200;") as page:
        assert pick_by_tap(page, [chosen]) == "picked"
        assert page.evaluate("hearts.pickedText.length") == 1201  # the game refuses it, unread past there


def test_closing_the_picker_without_a_file_is_cancelled(browser: Browser, base: str, tmp_path: Path):
    with opened(browser, base, init=NEXT_FRAME_PICK) as page:
        assert pick_by_tap(page, []) == "cancelled"
        assert page.evaluate("[hearts.pickedText, hearts.pickedName]") == ["", ""]


def test_a_second_pick_answers_for_itself(browser: Browser, base: str, tmp_path: Path):
    first, second = tmp_path / "hearts-1.json", tmp_path / "hearts-2.json"
    first.write_text("first", encoding="ascii")
    second.write_text("second", encoding="ascii")
    with opened(browser, base, init=NEXT_FRAME_PICK) as page:
        assert pick_by_tap(page, [first]) == "picked"
        assert pick_by_tap(page, [second]) == "picked"
        assert page.evaluate("[hearts.pickedText, hearts.pickedName]") == ["second", "hearts-2.json"]


def test_a_pick_without_the_players_gesture_fails_at_once(browser: Browser, base: str):
    """A browser opens no picker without a fresh gesture; the game hears so rather than waiting on."""
    early = "addEventListener('load', () => setTimeout(() => hearts.pickFile(100), 0));"
    with opened(browser, base, init=early) as page:
        assert page.evaluate("hearts.picked") == "failed"
        assert page.locator("input[type=file]").count() == 0
