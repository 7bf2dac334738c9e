"""Sharing a text from the page (``hearts.share`` in web/shell.js) in headless Chromium, on the real page
under the stand-in loader of ``test_boot``.

The order is the share sheet where the browser has one (Debian's Chromium has none: tests give it one),
else the clipboard, else a box showing the text with a Copy button; ``hearts.shared`` says how it went.
Clipboard permissions are Chromium's own: granted or refused per browser context (the clipboard itself is
the browser's, shared by every context, so each test shares a text of its own). The game's side
(``hearts.page``) is checked in Pyodide, as it calls the page from Python.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.test_boot import STARTED, Behaviour, build, serving

TEXT = "Hearts, daily deal of 2026-12-01\nMe 4, par 6\n• • ♥ • • Q♠ • ♥ • • • • •"
CLIPBOARD = ["clipboard-read", "clipboard-write"]
SETTLED = "window.hearts.shared !== 'pending'"
BOX_OPEN = "document.getElementById('share').open"
PYODIDE_TIMEOUT_S = 90

# A share sheet of our own (Chromium on Linux has none): it notes what it got and whether the call came
# within the player's gesture, and answers as window.sheetAnswer says (an error's name, or success).
SHEET = """
window.sheet = [];
Object.defineProperty(Navigator.prototype, "share", { configurable: true, value(data) {
    window.sheet.push({ data, active: navigator.userActivation.isActive });
    const answer = window.sheetAnswer;
    return answer ? Promise.reject(new DOMException("refused by the test", answer)) : Promise.resolve();
} });
Object.defineProperty(Navigator.prototype, "canShare", { configurable: true,
    value: (data) => typeof data.text === "string" });
"""

# Every key that reaches the window, as the game's canvas would hear it (SDL listens there, bubbling).
KEYS_HEARD = """
window.heard = [];
addEventListener("keydown", (event) => window.heard.push(event.key));
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("share") / "web")


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    with serving(site, Behaviour()) as address:
        yield address


@contextlib.contextmanager
def opened(
    browser: Browser,
    address: str,
    *,
    permissions: list[str] | None = None,
    init: str = "",
    size: tuple[int, int] = (1280, 720),
    ready: str = STARTED,
    seconds: float = 10,
) -> Iterator[Page]:
    """The page, once ``ready`` (the game started, by default), in a fresh profile with only ``permissions``
    granted."""
    context = browser.new_context(
        service_workers="block",
        permissions=permissions or [],
        viewport={"width": size[0], "height": size[1]},
    )
    try:
        page = context.new_page()
        page.add_init_script(KEYS_HEARD + init)
        page.goto(address)
        page.wait_for_function(ready, timeout=seconds * 1000)
        yield page
    finally:
        context.close()


def share(page: Page, text: str = TEXT) -> str:
    """``hearts.share(text)`` as the game calls it; how it went, once settled."""
    page.evaluate("(text) => hearts.share(text)", text)
    page.wait_for_function(SETTLED, timeout=5000)
    return str(page.evaluate("hearts.shared"))


def clipboard(page: Page) -> str:
    return str(page.evaluate("navigator.clipboard.readText()"))


def focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def focus_goes_back_to_the_game(page: Page) -> bool:
    """Whether the canvas gets the focus once the box has closed (the dialog's close event, which gives
    it back, is a task of its own, so a busy machine may run it a moment after the click)."""
    try:
        page.wait_for_function("document.activeElement?.id === 'canvas'", timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


# ------------------------------------------------------------------------------------------- the clipboard


def test_with_the_clipboard_allowed_the_text_is_copied(browser: Browser, base: str):
    with opened(browser, base, permissions=CLIPBOARD) as page:
        assert page.evaluate("hearts.shared") is None  # nothing asked yet
        assert page.evaluate("typeof navigator.share") == "undefined"  # no share sheet here
        assert share(page) == "copied"
        assert clipboard(page) == TEXT
        assert page.evaluate(BOX_OPEN) is False
        assert page.locator("#share").is_hidden()


def test_with_the_clipboard_refused_the_box_shows_the_text_selected(browser: Browser, base: str):
    with opened(browser, base) as page:  # no permission: Chromium refuses writeText
        assert share(page) == "shown"
        box = page.locator("#share")
        assert box.is_visible()
        assert page.get_by_role("dialog", name="Share").is_visible()
        assert page.locator("#share-text").input_value() == TEXT
        assert focused(page) == "share-text"
        selected = page.evaluate(
            "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
        )
        assert selected == [0, len(TEXT)]
        assert page.get_by_role("button", name="Copy").is_visible()
        assert page.get_by_role("button", name="Close").is_visible()


def test_the_boxs_copy_button_copies_with_the_players_click(browser: Browser, base: str):
    # Reading allowed, writing refused: the box shows; its button is a click of the player's own.
    text = TEXT + "\nby the Copy button"
    with opened(browser, base, permissions=["clipboard-read"]) as page:
        assert share(page, text) == "shown"
        assert clipboard(page) != text
        page.get_by_role("button", name="Copy").click()
        page.wait_for_function("hearts.shared === 'copied'", timeout=5000)
        assert clipboard(page) == text
        assert page.locator("#share-note").inner_text() == "Copied. Paste it wherever you like."
        assert page.locator("#share-copy").inner_text() == "Copied"
        assert page.evaluate(BOX_OPEN) is True  # the player closes it when done


def test_when_even_the_copy_button_cannot_copy_the_box_says_so_and_keeps_the_text_selected(
    browser: Browser, base: str
):
    refusing = "addEventListener('load', () => { document.execCommand = () => false; });"
    with opened(browser, base, init=refusing) as page:
        assert share(page) == "shown"
        page.get_by_role("button", name="Copy").click()
        note = page.locator("#share-note")
        page.wait_for_function("document.getElementById('share-note').textContent !== ''", timeout=5000)
        assert note.inner_text() == (
            "Your browser would not copy it. The text is selected, so you can copy it yourself."
        )
        assert page.evaluate("hearts.shared") == "shown"
        assert focused(page) == "share-text"
        selected = page.evaluate(
            "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
        )
        assert selected == [0, len(TEXT)]


def test_the_box_works_from_the_keyboard_and_keeps_its_keys_from_the_game(browser: Browser, base: str):
    with opened(browser, base, permissions=["clipboard-read"]) as page:
        page.evaluate("document.getElementById('canvas').focus()")
        text = TEXT + "\nby the keyboard"
        assert share(page, text) == "shown"
        page.keyboard.press("Tab")
        assert focused(page) == "share-copy"
        assert clipboard(page) != text
        page.keyboard.press("Enter")
        page.wait_for_function("hearts.shared === 'copied'", timeout=5000)
        assert clipboard(page) == text
        page.keyboard.press("Escape")
        assert page.evaluate(BOX_OPEN) is False
        assert focus_goes_back_to_the_game(page), focused(page)
        assert page.evaluate("window.heard") == []  # Tab, Enter, Escape: none reached the game
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("window.heard") == ["ArrowLeft"]  # the game has its keys back


def test_the_close_button_closes_the_box_and_the_game_has_the_focus(browser: Browser, base: str):
    with opened(browser, base) as page:
        assert share(page) == "shown"
        page.get_by_role("button", name="Close").click()
        assert page.evaluate(BOX_OPEN) is False
        assert focus_goes_back_to_the_game(page), focused(page)
        assert page.evaluate("hearts.shared") == "shown"  # shown, never copied


def test_a_second_share_while_the_box_is_open_shows_the_new_text(browser: Browser, base: str):
    with opened(browser, base) as page:
        assert share(page, "first") == "shown"
        assert share(page, "second\nline") == "shown"
        assert page.locator("#share-text").input_value() == "second\nline"
        assert page.evaluate(BOX_OPEN) is True


def test_nothing_to_share_is_a_failure_at_once(browser: Browser, base: str):
    with opened(browser, base, permissions=CLIPBOARD) as page:
        for empty in ("", "   ", None):
            page.evaluate("(text) => hearts.share(text)", empty)
            assert page.evaluate("hearts.shared") == "failed"
        assert page.evaluate(BOX_OPEN) is False


# ------------------------------------------------------------------------------------------ the share sheet


def test_the_share_sheet_is_used_where_the_browser_has_one(browser: Browser, base: str):
    with opened(browser, base, permissions=CLIPBOARD, init=SHEET) as page:
        page.evaluate("navigator.clipboard.writeText('before')")
        assert share(page) == "shared"
        assert page.evaluate("window.sheet.map((call) => call.data)") == [{"text": TEXT}]
        assert clipboard(page) == "before"  # the sheet took it: nothing else was tried
        assert page.evaluate(BOX_OPEN) is False


def test_a_share_sheet_that_refuses_falls_back_to_the_clipboard(browser: Browser, base: str):
    with opened(
        browser, base, permissions=CLIPBOARD, init=SHEET + "window.sheetAnswer = 'NotAllowedError';"
    ) as page:
        assert share(page) == "copied"
        assert page.evaluate("window.sheet.length") == 1
        assert clipboard(page) == TEXT


def test_a_share_sheet_closed_by_the_player_is_the_players_answer(browser: Browser, base: str):
    with opened(
        browser, base, permissions=CLIPBOARD, init=SHEET + "window.sheetAnswer = 'AbortError';"
    ) as page:
        page.evaluate("navigator.clipboard.writeText('before')")
        assert share(page) == "cancelled"
        assert clipboard(page) == "before"
        assert page.evaluate(BOX_OPEN) is False


# As pygbag hands the game a tap: SDL queues the browser's event, and the game's Python sees it on the next
# animation frame (emscripten_set_main_loop at fps 0), where it calls hearts.share.
NEXT_FRAME_TAP = """
let tapped = false;
addEventListener("load", () => {
    document.getElementById("canvas").addEventListener("mouseup", () => { tapped = true; });
    const frame = () => {
        if (tapped) {
            tapped = false;
            hearts.share("tapped");
        }
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    setTimeout(() => hearts.share("before any gesture"), 0);
});
"""


def test_a_tap_the_game_handles_on_the_next_frame_still_counts_as_the_players_gesture(
    browser: Browser, base: str
):
    with opened(browser, base, init=SHEET + NEXT_FRAME_TAP) as page:
        page.wait_for_function("window.sheet.length === 1")
        page.mouse.click(640, 360)
        page.wait_for_function("window.sheet.length === 2", timeout=5000)
        calls = page.evaluate("window.sheet.map((call) => [call.data.text, call.active])")
    assert calls == [["before any gesture", False], ["tapped", True]]


# ------------------------------------------------------------------------------------------------- looks


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720)], ids=str)
def test_the_box_fits_the_screen_and_reads_whole(browser: Browser, base: str, size: tuple[int, int]):
    with opened(browser, base, size=size) as page:
        assert share(page) == "shown"
        width, height = size
        box = page.locator("#share").bounding_box()
        assert box is not None
        assert box["x"] >= 8 and box["y"] >= 8
        assert box["x"] + box["width"] <= width - 8 and box["y"] + box["height"] <= height - 8
        field = page.evaluate(
            "(() => { const f = document.getElementById('share-text');"
            " return [f.scrollWidth <= f.clientWidth, f.scrollHeight <= f.clientHeight,"
            " parseFloat(getComputedStyle(f).fontSize)]; })()"
        )
        assert field[:2] == [True, True]  # the whole text, no scrolling inside the field
        assert field[2] >= 16  # readable, and phones do not zoom in on it
        for name in ("Copy", "Close"):
            button = page.get_by_role("button", name=name).bounding_box()
            assert button is not None
            assert button["height"] >= 44 and button["width"] >= 44
            assert box["x"] <= button["x"] and button["x"] + button["width"] <= box["x"] + box["width"]
            assert button["y"] + button["height"] <= box["y"] + box["height"]


# ------------------------------------------------------------------------------- the game's side, in Pyodide

CHALLENGE = "?utm_source=chat#c=1AAAAAAAAB-oBBwBHNSWZ_w"


def test_the_game_shares_from_python_and_reads_a_challenge_link(browser: Browser, base: str):
    """The real main.py in Pyodide, opened at a challenge link: the fragment is where the game reads it,
    and hearts.page.share reaches the page, its outcome read back by polling."""
    with opened(
        browser,
        base + CHALLENGE,
        permissions=CLIPBOARD,
        init="window.standInPyodide = true",
        ready="window.standIn !== undefined && window.standIn.ranMain === true",
        seconds=PYODIDE_TIMEOUT_S,
    ) as page:
        assert page.evaluate("window.standIn.address") == base  # the loader saw a clean address
        opened_with = page.evaluate(
            "pyodide.runPython('from hearts.page import opened_with;"
            " o = opened_with(); [o.query, o.fragment]').toJs()"
        )
        assert opened_with == ["utm_source=chat", "c=1AAAAAAAAB-oBBwBHNSWZ_w"]
        asked = page.evaluate(
            "(text) => { pyodide.globals.set('text', text); return pyodide.runPython("
            "'from hearts import page; [page.share(text), page.share_outcome()]').toJs(); }",
            TEXT,
        )
        assert asked == [True, "pending"]
        page.wait_for_function(SETTLED, timeout=5000)
        assert page.evaluate("pyodide.runPython('page.share_outcome()')") == "copied"
        assert clipboard(page) == TEXT


def test_the_page_lends_the_game_a_qr_code_that_reads_back(browser: Browser, base: str) -> None:
    """``hearts.qr`` on the built site (web/qr.js and the uqr.mjs beside it): the rows it gives, drawn one
    light or dark square a module with the standard's border, decode to the text."""
    import json

    import zxingcpp

    text = base + "#friends=1.t9F2kQ.w.Ada." + "Az09-_" * 19
    with opened(browser, base) as page:
        answer = json.loads(page.evaluate("(text) => hearts.qr(text)", text))
        too_long = page.evaluate("(text) => hearts.qr(text)", "x" * 4000)
    rows = answer["rows"]
    assert len(rows) == 17 + 4 * answer["version"]
    module, border = 4, 4
    side = (len(rows) + 2 * border) * module
    pixels = bytearray(b"\xff" * side * side)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark == "1":
                for dy in range(module):
                    start = ((y + border) * module + dy) * side + (x + border) * module
                    pixels[start : start + module] = bytes(module)
    image = memoryview(bytes(pixels)).cast("B", (side, side))
    assert [found.text for found in zxingcpp.read_barcodes(image)] == [text]
    assert too_long == ""


# ------------------------------------------------------------------------------ copying, and asking for text


def test_copy_puts_a_link_on_the_clipboard_without_the_share_sheet(browser: Browser, base: str):
    with opened(browser, base, permissions=CLIPBOARD, init=SHEET) as page:
        page.evaluate("hearts.copy('https://example.org/hearts/#j=COPIED')")
        page.wait_for_function(SETTLED, timeout=5000)
        assert page.evaluate("hearts.shared") == "copied"
        assert clipboard(page) == "https://example.org/hearts/#j=COPIED"
        assert page.evaluate("window.sheet") == []


def test_a_question_asked_again_as_the_last_closes_is_not_cancelled_by_that_close(
    browser: Browser, base: str
):
    """A box's "close" event comes a task after it closed: a question asked in between (Paste answer
    pressed again at once) must stay open, not be cancelled by the last one's close."""
    with opened(browser, base) as page:
        page.evaluate(
            """() => {
                hearts.askText('Your friend\\'s answer', 'Paste it here.', '', 12000);
                document.getElementById('ask').close();  // closed: its "close" event is queued
                hearts.askText('Your friend\\'s answer', 'Paste it here.', '', 12000);
            }"""
        )
        page.wait_for_timeout(100)  # (the queued close event has come)
        assert page.evaluate("hearts.asked") == "pending"
        assert page.locator("#ask").is_visible()
        page.click("#ask-cancel")
        assert page.evaluate("hearts.asked") == "cancelled"


def test_the_box_asks_for_a_line_of_text_and_keeps_the_keys_from_the_game(browser: Browser, base: str):
    with opened(browser, base) as page:
        assert page.evaluate("hearts.asked") is None
        page.evaluate("hearts.askText('Your name', 'As the others will see it.', 'Ad', 5)")
        assert page.get_by_role("dialog", name="Your name").is_visible()
        assert page.evaluate("hearts.asked") == "pending"
        assert focused(page) == "ask-text"
        selected = page.evaluate(
            "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
        )
        assert selected == [0, 2]  # the name given, selected: typing replaces it
        page.keyboard.type(
            "Ada Lovelace"
        )  # over the name given, selected; past the five characters asked for
        page.keyboard.press("Enter")
        assert page.evaluate("[hearts.asked, hearts.askedText]") == ["given", "Ada L"]
        assert page.evaluate("window.heard") == []  # neither the letters nor Enter reached the game
        assert page.locator("#ask").is_hidden()
        assert focus_goes_back_to_the_game(page)

        page.evaluate("hearts.askText('Your friend\\'s answer', 'Paste it here.', '', 12000)")
        page.keyboard.press("Escape")
        assert page.evaluate("[hearts.asked, hearts.askedText]") == ["cancelled", ""]
        page.evaluate("hearts.askText('Your friend\\'s answer', 'Paste it here.', '', 12000)")
        page.click("#ask-cancel")
        assert page.evaluate("hearts.asked") == "cancelled"
