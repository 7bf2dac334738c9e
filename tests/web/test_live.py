"""One live table across pages (``hearts.live``, web/live.js) in headless Chromium: pages of the built site,
under the stand-in loader of ``test_boot``, opened in one browser context, so that they share one origin, its
storage and its locks, as two tabs of a player's browser do.

Checked by Web Locks, by the lease in localStorage (Web Locks removed before the page's scripts run) and with
neither (storage refused too): the first page plays and a second waits, decided before the game's Python asks
for its files; "Play here" moves the table at once, and the page that had it stops writing; closing or
crashing the live page frees the table for one waiting page; a waiting page never takes the table by itself.
The game's side (``hearts.page.live_state`` and ``claim_table``) is run in Pyodide in two pages at the end.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import CHROMIUM_ARGS, ROOT
from tests.web.test_boot import Behaviour, build, serving
from tests.web.test_site import worker_constant
from tests.web.wasm import PYODIDE, game_archive, load_pyodide, python

DECIDED_MS = 10_000  # a page loads and decides
PROMPT_MS = 3_000  # a hand-over: well under a lapsed lease (4 s, renewed every second)
LAPSED_MS = 10_000  # a lease run out, and the next look at it
NEVER_MS = 6_000  # longer than a lease lasts unrenewed: a waiting page that would take it by itself has
PYODIDE_LOAD_MS = 60_000

# Every change of the page's table as the page reports it (so a flip there and back is seen), and what the
# page had decided when its Python asked for the game's files (the first thing the page's Python does).
WATCH = """
window.liveChanges = [];
document.addEventListener("hearts-live", () =>
    liveChanges.push([hearts.live.state, hearts.live.generation]));
const fetchBefore = window.fetch;
window.fetch = function (resource, ...rest) {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (url.endsWith("hearts.tar.gz") && window.liveAtPython === undefined) {
        const live = window.hearts && window.hearts.live;
        window.liveAtPython = live && live.decided ? [live.state, live.generation] : "undecided";
    }
    return fetchBefore.call(this, resource, ...rest);
};
"""
NO_LOCKS = """
delete Navigator.prototype.locks;
delete window.LockManager;
"""
NO_STORAGE = """
Object.defineProperty(window, "localStorage", { configurable: true, get() {
    throw new DOMException("The test refuses storage.", "SecurityError");
} });
"""
MECHANISMS = {"locks": "", "storage": NO_LOCKS}

# The game's part, as it would do it every frame: write only while this page has the table.
WRITER = """(name) => {
    window.writes = 0;
    const frame = () => {
        if (hearts.live.state === "live") {
            window.writes += 1;
            localStorage.setItem("test.writer", name + " " + window.writes);
        }
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
}"""


# ------------------------------------------------------------------------------------------------ set-up


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = build(tmp_path_factory.mktemp("live") / "web")
    (root / "hearts.zip").write_bytes(game_archive())
    return root


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    with serving(site, Behaviour()) as address:
        yield address


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    """Without a spare renderer kept ready, so that a page opened is a renderer process that appears (the
    crash test finds the one to end that way)."""
    with sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=chromium,
            args=[*CHROMIUM_ARGS, "--disable-features=SpareRendererForSitePerProcess"],
            headless=True,
        )
        yield launched
        launched.close()


@contextlib.contextmanager
def player(browser: Browser, base: str, init: str = "") -> Iterator[Callable[[], Page]]:
    """One player's browser profile; yields a way to open the game in a new tab of it (once decided)."""
    context: BrowserContext = browser.new_context(service_workers="block")
    context.add_init_script(WATCH + init)
    errors: list[str] = []

    def open_tab() -> Page:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base)
        page.wait_for_function("window.hearts?.live?.decided === true", timeout=DECIDED_MS)
        return page

    try:
        yield open_tab
        assert errors == []
    finally:
        context.close()


def table(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("({ state: hearts.live.state, generation: hearts.live.generation })"))


def wait_for(page: Page, state: str, generation: int, timeout: int = PROMPT_MS) -> None:
    page.wait_for_function(
        "([state, generation]) => hearts.live.state === state && hearts.live.generation === generation",
        arg=[state, generation],
        timeout=timeout,
    )


def changes(page: Page) -> list[list[object]]:
    return list(page.evaluate("liveChanges"))


def at_python(page: Page) -> object:
    page.wait_for_function("window.liveAtPython !== undefined", timeout=DECIDED_MS)
    return page.evaluate("liveAtPython")


def claim(page: Page, *, taps: int = 1) -> None:
    """Tap "Play here" ``taps`` times in a row (the game may pass on a second tap before the first is
    granted)."""
    page.evaluate("(taps) => { for (let tap = 0; tap < taps; tap++) hearts.live.claim(); }", taps)


# ------------------------------------------------------------------------------------------------- cases


def test_the_site_has_live_js_before_the_other_scripts_and_keeps_it_offline(site: Path):
    page = (site / "index.html").read_text(encoding="utf-8")
    assert '<script src="live.js" defer></script>' in page
    assert page.index('src="live.js"') < page.index('src="shell.js"') < page.index('src="access.js"')
    assert (site / "live.js").read_bytes() == (ROOT / "web" / "live.js").read_bytes()
    assert "live.js" in worker_constant(site, "PRECACHE")


@pytest.mark.parametrize("how", MECHANISMS)
def test_the_first_page_plays_and_play_here_moves_the_table(browser: Browser, base: str, how: str):
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first = open_tab()
        assert first.evaluate("hearts.live.how") == how
        assert at_python(first) == ["live", 1]
        second = open_tab()
        assert at_python(second) == ["elsewhere", 0]
        assert table(first) == {"state": "live", "generation": 1}

        claim(second, taps=2)  # granted within a few milliseconds (at once by the lease)
        wait_for(second, "live", 1)
        wait_for(first, "elsewhere", 1)
        claim(first)
        wait_for(first, "live", 2)
        wait_for(second, "elsewhere", 1)
        claim(first)  # already live: nothing changes
        assert table(first) == {"state": "live", "generation": 2}

        assert changes(first) == [["live", 1], ["elsewhere", 1], ["live", 2]]
        assert changes(second) == [["elsewhere", 0], ["live", 1], ["elsewhere", 1]]


@pytest.mark.parametrize("how", MECHANISMS)
def test_closing_the_live_page_frees_the_table_for_the_other(browser: Browser, base: str, how: str):
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first, second = open_tab(), open_tab()
        claim(second)
        wait_for(first, "elsewhere", 1)
        second.close()
        wait_for(first, "live", 2)
        assert changes(first) == [["live", 1], ["elsewhere", 1], ["live", 2]]


@pytest.mark.parametrize("how", MECHANISMS)
def test_a_waiting_page_never_takes_the_table_by_itself(browser: Browser, base: str, how: str):
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first, second = open_tab(), open_tab()
        with pytest.raises(PlaywrightTimeout):
            second.wait_for_function("hearts.live.state === 'live'", timeout=NEVER_MS)
        assert changes(second) == [["elsewhere", 0]]
        assert changes(first) == [["live", 1]]


@pytest.mark.parametrize("how", MECHANISMS)
def test_the_page_that_lost_the_table_stops_writing(browser: Browser, base: str, how: str):
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first, second = open_tab(), open_tab()
        first.evaluate(WRITER, "first")
        second.evaluate(WRITER, "second")
        first.wait_for_function("window.writes >= 10")
        assert second.evaluate("window.writes") == 0

        claim(second)
        wait_for(first, "elsewhere", 1)
        stopped_at = first.evaluate("window.writes")
        second.wait_for_function("window.writes >= 20")
        assert first.evaluate("window.writes") == stopped_at
        assert str(second.evaluate("localStorage.getItem('test.writer')")).startswith("second ")


@pytest.mark.parametrize("how", MECHANISMS)
def test_of_two_waiting_pages_one_takes_the_table_when_the_live_one_closes(
    browser: Browser, base: str, how: str
):
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first, second, third = open_tab(), open_tab(), open_tab()
        first.close()
        taken = first_live([second, third])
        other = third if taken is second else second
        with pytest.raises(PlaywrightTimeout):
            other.wait_for_function("hearts.live.state === 'live'", timeout=2_000)
        assert changes(taken) == [["elsewhere", 0], ["live", 1]]
        assert changes(other) == [["elsewhere", 0]]


def first_live(pages: list[Page]) -> Page:
    """The first of ``pages`` seen live, looking at each in turn (for PROMPT_MS at most)."""
    for _round in range(PROMPT_MS // 100):
        for page in pages:
            if page.evaluate("hearts.live.state") == "live":
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("no waiting page took the table")


def renderers(browser: Browser) -> set[int]:
    """The process ids of the browser's renderers."""
    session = browser.new_browser_cdp_session()
    try:
        found = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    return {int(process["id"]) for process in found if process["type"] == "renderer"}


@pytest.mark.parametrize("how", MECHANISMS)
def test_a_crashed_live_page_never_keeps_the_table(browser: Browser, base: str, how: str):
    """The live page's renderer is ended (as a crash ends it): no pagehide, nothing said to anyone."""
    with player(browser, base, MECHANISMS[how]) as open_tab:
        first = open_tab()
        before = renderers(browser)
        second = open_tab()
        its_own = renderers(browser) - before
        assert len(its_own) == 1, "the second page's renderer is not told apart"
        claim(second)
        wait_for(first, "elsewhere", 1)
        crashed: list[Page] = []
        for page in (first, second):
            page.on("crash", lambda crashed_page: crashed.append(crashed_page))
        os.kill(its_own.pop(), signal.SIGKILL)
        wait_for(first, "live", 2, timeout=LAPSED_MS)
        assert crashed == [second]
        assert changes(first) == [["live", 1], ["elsewhere", 1], ["live", 2]]


@pytest.mark.parametrize(
    "left",
    ["not json", "null", '{"id": 5}', '{"id": "gone", "at": 1, "since": 1}', '{"id": "gone", "at": "now"}'],
)
def test_a_lease_left_behind_that_is_stale_or_damaged_is_free(browser: Browser, base: str, left: str):
    seed = f"localStorage.setItem('hearts.live', {left!r});"
    with player(browser, base, NO_LOCKS + seed) as open_tab:
        page = open_tab()
        assert page.evaluate("hearts.live.how") == "storage"
        assert changes(page) == [["live", 1]]


def test_with_neither_locks_nor_storage_every_page_plays(browser: Browser, base: str):
    with player(browser, base, NO_LOCKS + NO_STORAGE) as open_tab:
        first, second = open_tab(), open_tab()
        for page in (first, second):
            assert page.evaluate("hearts.live.how") == "none"
            assert at_python(page) == ["live", 1]
        claim(second)
        assert table(first) == table(second) == {"state": "live", "generation": 1}


# ------------------------------------------------------------------------------ the game's side, in Pyodide


@contextlib.contextmanager
def two_pages_in_pyodide(browser: Browser, base: str) -> Iterator[tuple[Page, Page]]:
    """Two tabs of one player, each with the game's package in Pyodide (the first opened has the table)."""
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.fail(f"Pyodide is missing from {PYODIDE}: run npm ci (./build.sh test does)")
    with player(browser, base) as open_tab:
        first, second = open_tab(), open_tab()
        for page in (first, second):
            page.set_default_timeout(PYODIDE_LOAD_MS)
            assert load_pyodide(page, pyodide="/pyodide/").startswith("0.27.")
            page.set_default_timeout(PROMPT_MS)
        yield first, second


LIVE_STATE = "from hearts import page\nresult = page.live_state()"
"""What ``hearts.page`` in a page's Pyodide says of the table, as the game asks every frame under pygbag:
whether the table is this page's, and its generation."""


# The game's keeping, in a page's Pyodide: the store over the page's localStorage and the keeper of the table,
# as the app holds them; ``play(n)`` plays n moves of the match (bots in every seat) and saves after each.
KEEPING = """
from hearts.bots import make_bot
from hearts.deals import deal_for
from hearts.engine import Match, Phase, Rules
from hearts.live import PageTable, TableKeeper
from hearts.storage import LocalStorageBackend, SavedMatch, Store

keeper = TableKeeper(PageTable())
store = Store(LocalStorageBackend())
bots = {}


def play(match, moves):
    for _ in range(moves):
        if match.phase is Phase.DEAL:
            match.apply(deal_for(5, match.hand_number + 1))
            continue
        views = [match.view_for(seat) for seat in match.awaiting]
        for view in views:
            bot = bots.setdefault(view.seat, make_bot("easy", seed=int(view.seat)))
            match.apply(bot.decide(view))
    return store.save_match(SavedMatch(match.copy(), 5, "easy", match_id="aaaaaaaaaaaaaaaa"))

result = keeper.away
"""


def test_the_page_that_takes_the_table_plays_on_from_the_freshest_save_and_the_other_is_refused(
    browser: Browser, base: str
):
    """The store and the keeper in two pages' Pyodide: the second page opens away; Play here brings it back
    on the first page's last card; the first page then stops, and a save it tried would be refused. What
    ``hearts.page`` tells the game of the table follows each step."""
    with two_pages_in_pyodide(browser, base) as (first, second):
        assert python(first, KEEPING) is False  # live
        assert python(first, LIVE_STATE) == [True, 1]
        assert python(first, "match = Match(Rules())\nresult = play(match, 30)") is True
        assert python(second, KEEPING) is True  # away: another page has the table
        assert python(second, LIVE_STATE) == [False, 0]
        assert python(second, "result = keeper.check()") is None

        python(second, "keeper.claim()\nresult = None")  # Play here
        wait_for(second, "live", 1)
        assert python(second, LIVE_STATE) == [True, 1]
        assert python(second, "result = keeper.check()") == "back"
        first_moves = python(first, "saved = match\nresult = len(match.moves)")
        reload = "store.resync()\nsaved = store.load_match()\nresult = len(saved.match.moves)"
        assert python(second, reload) == first_moves
        wait_for(first, "elsewhere", 1)
        assert python(first, LIVE_STATE) == [False, 1]
        assert python(first, "result = keeper.check()") == "elsewhere"

        # The second page plays on; a save the first page still tried (an older one) is refused.
        assert python(second, "match = saved.match\nresult = play(match, 12)") is True
        # (Chromium hands a write to another page's storage a moment later: on a busy machine, later still)
        newest = second.evaluate("localStorage.getItem('hearts.match')")
        assert newest is not None
        first.wait_for_function("text => localStorage.getItem('hearts.match') === text", arg=newest)
        assert python(first, "result = [play(match, 1), store.stale]") == [False, True]
        kept = "kept = Store(LocalStorageBackend()).load_match()\n"
        here, played = python(second, kept + "result = [len(kept.match.moves), len(match.moves)]")
        assert here == played > first_moves  # every card the second page played; not the first's late one


def test_an_answer_passed_from_another_tab_reaches_only_a_tab_that_holds_a_table(browser: Browser, base: str):
    with player(browser, base) as open_tab:
        holding, opened = open_tab(), open_tab()
        passed = opened.evaluate("hearts.live.passAnswer('a=ANSWER1')")
        opened.wait_for_timeout(300)
        assert opened.evaluate("(id) => hearts.live.isTaken(id)", passed) is False  # nobody listens yet
        assert holding.evaluate("hearts.live.takeAnswers()") == "[]"

        holding.evaluate("hearts.live.listen(true)")
        passed = opened.evaluate("hearts.live.passAnswer('a=ANSWER2')")
        opened.wait_for_function("(id) => hearts.live.isTaken(id)", arg=passed, timeout=PROMPT_MS)
        assert holding.evaluate("hearts.live.takeAnswers()") == '["a=ANSWER2"]'
        assert holding.evaluate("hearts.live.takeAnswers()") == "[]"  # taken once

        holding.evaluate("location.hash = '#a=ANSWER3'")  # opened in the holding tab itself
        holding.wait_for_function("hearts.live.takeAnswers() === '[\"a=ANSWER3\"]'", timeout=PROMPT_MS)
        assert holding.evaluate("location.hash") == ""
        holding.evaluate("hearts.live.listen(false)")
        passed = opened.evaluate("hearts.live.passAnswer('a=ANSWER4')")
        opened.wait_for_timeout(300)
        assert opened.evaluate("(id) => hearts.live.isTaken(id)", passed) is False
