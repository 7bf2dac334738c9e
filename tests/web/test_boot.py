"""The page's boot path in headless Chromium, under a stand-in for pygbag's loader (``tests/web/standin/``).

pygbag's runtime cannot be downloaded here, so the stand-in does what decides whether a page boots the way
pygbag 0.9.3's ``pythons.js`` and Emscripten's ``main.js`` do it: it parses the page's address (and dies on a
stray escape), alert()s on any uncaught error, loads its interpreter from a ``main.js`` named by the address,
downloads ``main.data`` by XMLHttpRequest and ``main.wasm`` by fetch, fetches ``cpythonrc.py``, the game's
archive, the package index and the pygame-ce wheel, and only logs most failures. Its "Python" either marks the
game started or, with ``standInPyodide``, runs the real ``main.py`` in Pyodide.

Checked: a clean address for the loader whatever the page was opened at; every failure on the failure
screen within 5 s with its cause, never a dialog; "Try again"; a watchdog that follows progress.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import shutil
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from serve import SiteHandler, make_server, running

from tests.web.conftest import CHROMIUM_ARGS, ROOT, build_site
from tests.web.wasm import PYODIDE

STAND_IN = Path(__file__).parent / "standin"
RUNTIME = "cdn/0.9.3/"
WHEEL = "cdn/cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
DATA_SIZE = 1 << 20
# (Robust while a page is being replaced: "Try again" reloads it.)
FAILED = "(document.getElementById('transfer') || {}).className === 'failed'"
# How long a test waits for the page's answer before calling it hung. A failure shown at once, by its
# cause, shows in the words (the watchdog's says "nothing has arrived"), not in a time that load stretches.
ANSWERED_S = 20
STARTED = "window.hearts !== undefined && window.hearts.hasStarted === true"


# ---------------------------------------------------------------------------------------------- the site


def stub_wheel(init: str) -> bytes:
    """A wheel whose ``pygame`` package is ``init``: enough for the stand-in's installer (it unzips)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        wheel.writestr("pygame/__init__.py", init)
    return buffer.getvalue()


def lay_out_runtime(site: Path) -> None:
    """The stand-in runtime in the site's cdn/ folder, laid out as pygbag's CDN is."""
    index = {
        "-CDN-": "https://pygame-web.github.io/cdn/",
        "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl#" + "0" * 64,
    }
    files = {
        f"{RUNTIME}pythons.js": (STAND_IN / "pythons.js").read_bytes(),
        f"{RUNTIME}cpythonrc.py": b"# stand-in cpythonrc.py\n",
        f"{RUNTIME}cpython312/main.js": (STAND_IN / "main.js").read_bytes(),
        f"{RUNTIME}cpython312/main.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 64,
        f"{RUNTIME}cpython312/main.data": bytes(range(256)) * (DATA_SIZE // 256),
        "cdn/index-0.9.3-cp312.json": json.dumps(index).encode(),
        WHEEL: stub_wheel('"""A stand-in for pygame-ce: it imports, nothing more."""\n'),
    }
    for relative, data in files.items():
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_bytes(data)


def build(out: Path, *, sources: Path | None = None) -> Path:
    """The real site (from ``sources``, a changed copy, if given) with the stand-in runtime in cdn/."""
    import webbuild

    with pytest.MonkeyPatch.context() as patch:
        if sources is not None:
            patch.setattr(webbuild, "ROOT", sources)
            patch.setattr(webbuild, "WEB", sources / "web")
        build_site(out, cdn=RUNTIME)
    lay_out_runtime(out)
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("boot") / "web")


# -------------------------------------------------------------------------------------------- the server


@dataclass
class Behaviour:
    """How the server misbehaves, by path (without the leading /)."""

    missing: set[str] = field(default_factory=set)
    # path -> (bytes per chunk, seconds between chunks)
    slow: dict[str, tuple[int, float]] = field(default_factory=dict)
    # path -> bytes sent before the answer stops moving (the connection stays open)
    stalled: dict[str, int] = field(default_factory=dict)
    closing: threading.Event = field(default_factory=threading.Event)


class BootHandler(SiteHandler):
    """The site's own handler, plus Pyodide under /pyodide/ and the misbehaviour the test asks for."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        behaviour: Behaviour = self.server.behaviour  # type: ignore[attr-defined]
        path = self.path.split("?")[0].split("#")[0].lstrip("/")
        if path in behaviour.missing:
            self.send_error(404, "Not Found")
            return
        if path.startswith("pyodide/"):
            self.send_file(PYODIDE / path.removeprefix("pyodide/"))
            return
        if path in behaviour.slow or path in behaviour.stalled:
            self.send_slowly(Path(self.directory) / path, behaviour)  # type: ignore[attr-defined]
            return
        super().do_GET()

    def send_file(self, file: Path) -> None:
        if not file.is_file():
            self.send_error(404, "Not Found")
            return
        data = file.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_slowly(self, file: Path, behaviour: Behaviour) -> None:
        path = file.relative_to(Path(self.directory)).as_posix()  # type: ignore[attr-defined]
        data = file.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if path in behaviour.stalled:
            self.wfile.write(data[: behaviour.stalled[path]])
            self.wfile.flush()
            behaviour.closing.wait(30)  # nothing more, until the test is over
            return
        chunk, pause = behaviour.slow[path]
        for start in range(0, len(data), chunk):
            self.wfile.write(data[start : start + chunk])
            self.wfile.flush()
            if behaviour.closing.wait(pause):
                return

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving(site: Path, behaviour: Behaviour) -> Iterator[str]:
    server = make_server(site, 0)
    server.RequestHandlerClass = functools.partial(BootHandler, directory=str(site))  # type: ignore[assignment]
    server.behaviour = behaviour  # type: ignore[attr-defined]
    with running(server) as base:
        try:
            yield base
        finally:
            behaviour.closing.set()  # (the answers held open end first)


# ------------------------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=chromium,
            args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
            headless=True,
        )
        yield browser
        browser.close()


@dataclass
class Visit:
    page: Page
    dialogs: list[str]
    opened_at: float

    def status(self) -> str:
        return self.page.locator("#failure").inner_text()

    def wait(self, condition: str, seconds: float) -> float:
        """Wait until ``condition`` holds; the seconds since the page was opened."""
        self.page.wait_for_function(condition, timeout=seconds * 1000)
        return time.monotonic() - self.opened_at


@contextlib.contextmanager
def visit(browser: Browser, url: str, *, init: str = "", worker: bool = False) -> Iterator[Visit]:
    """``url`` in a fresh profile, every dialog noted; its service worker blocked (the boot path alone)
    unless ``worker``."""
    context: BrowserContext = browser.new_context(service_workers="allow" if worker else "block")
    try:
        page = context.new_page()
        dialogs: list[str] = []

        def dismiss(dialog) -> None:  # type: ignore[no-untyped-def]
            dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", dismiss)
        if init:
            page.add_init_script(init)
        opened_at = time.monotonic()
        page.goto(url)
        yield Visit(page, dialogs, opened_at)
    finally:
        context.close()


# --------------------------------------------------------------------------------------------- addresses

ADDRESSES = [
    ("", "", ""),
    ("?utm_source=happy", "utm_source=happy", ""),
    ("?ref=pypi", "ref=pypi", ""),
    ("?fbclid=IwAR0xpyQ3", "fbclid=IwAR0xpyQ3", ""),
    ("?q=100%", "q=100%", ""),
    ("#x%zz", "", "x%zz"),
    ("?-i&debug=1#debug", "-i&debug=1", "debug"),
    ("?ref=pypi#challenge=abc%20def", "ref=pypi", "challenge=abc%20def"),
    # Challenge links as a friend gets them (the code: a version character, then base64url), alone, behind a
    # chat app's tags, or with the "=" escaped by the app that passed it on.
    ("#c=1AAAAAAAAB-oBBwBHNSWZ_w", "", "c=1AAAAAAAAB-oBBwBHNSWZ_w"),
    (
        "?utm_source=chat&utm_medium=share#c=1AAAAAAAAB-oBBwBHNSWZ_w",
        "utm_source=chat&utm_medium=share",
        "c=1AAAAAAAAB-oBBwBHNSWZ_w",
    ),
    ("#c%3D1AAAAAAAAB-oBBwBHNSWZ_w", "", "c%3D1AAAAAAAAB-oBBwBHNSWZ_w"),
]


@pytest.mark.parametrize(("suffix", "query", "fragment"), ADDRESSES, ids=[a[0] or "clean" for a in ADDRESSES])
def test_the_loader_sees_a_clean_address_whatever_the_page_was_opened_at(
    browser: Browser, site: Path, suffix: str, query: str, fragment: str
):
    with serving(site, Behaviour()) as base, visit(browser, base + suffix) as seen:
        seen.wait(STARTED, 10)
        loader = seen.page.evaluate("window.standIn")
        link = seen.page.evaluate("window.hearts.link")
        assert seen.page.url == base
        assert seen.dialogs == []
    assert loader["address"] == base
    assert loader["executable"] == RUNTIME + "cpython312/main.js"  # config.cdn is relative, as when vendored
    assert loader["argv"] == [""]
    assert loader["orig_argv"] == ["", f"PYGPI={base}cdn/"]  # nothing from the address, and our PYGPI
    assert (link["query"], link["fragment"], link["address"]) == (query, fragment, base + suffix)


CONTROL_PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<script>var config = {cdn: "cdn/0.9.3/", archive: "hearts"}; function custom_onload() {}</script>
<script src="cdn/0.9.3/pythons.js" type="module" data-python="python3.12" async defer>#</script>
</head><body><div id="status"></div></body></html>
"""


@pytest.mark.parametrize(
    ("suffix", "executable", "dialog"),
    [
        ("?utm_source=happy", "cdn/0.9.3/cpythonrce=happy/main.js", None),
        ("?ref=pypi", "cdn/0.9.3/cpythoni/main.js", None),
        ("?fbclid=IwAR0xpyQ3", "cdn/0.9.3/cpythonIwAR0xpyQ3/main.js", None),
        ("?q=100%", None, "Error occurred: URI malformed"),
        ("#x%zz", None, "Error occurred: URI malformed"),
    ],
)
def test_the_stand_in_breaks_on_these_addresses_as_pygbags_loader_does(
    browser: Browser, site: Path, tmp_path: Path, suffix: str, executable: str | None, dialog: str | None
):
    """The control: a page that leaves the address as it is gets pygbag's behaviour from the stand-in."""
    control = tmp_path / "control"
    shutil.copytree(site / "cdn", control / "cdn")
    (control / "index.html").write_text(CONTROL_PAGE, encoding="utf-8")
    with serving(control, Behaviour()) as base, visit(browser, base + suffix) as seen:
        if executable:
            seen.wait("window.standIn !== undefined", 10)
            assert seen.page.evaluate("window.standIn.executable") == executable
        else:
            seen.page.wait_for_timeout(500)
            assert seen.dialogs == [dialog]
            assert seen.page.evaluate("window.standIn") is None


# ---------------------------------------------------------------------------------------------- failures

FAILURES = [
    (f"{RUNTIME}pythons.js", "the game's loader (pythons.js) could not be downloaded"),
    (f"{RUNTIME}cpython312/main.js", "the Python runtime (main.js) could not be downloaded"),
    (f"{RUNTIME}cpython312/main.data", "the Python runtime (main.data) could not be downloaded: HTTP 404"),
    (f"{RUNTIME}cpython312/main.wasm", "the Python runtime (main.wasm) could not be downloaded: HTTP 404"),
    (f"{RUNTIME}cpythonrc.py", "the Python runtime (cpythonrc.py) could not be downloaded: HTTP 404"),
    ("hearts.tar.gz", "the game's files (hearts.tar.gz) could not be downloaded: HTTP 404"),
    ("cdn/index-0.9.3-cp312.json", "the package index (index-0.9.3-cp312.json) could not be downloaded"),
    (WHEEL, "the pygame-ce package (pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl) could not"),
]


FAILING_ADDRESSES = [
    ("?ref=pypi#x%zz", "x%zz"),
    ("?utm_source=happy", ""),
    ("?q=100%", ""),
    ("#x%zz", "x%zz"),
]
"""Opened at addresses pygbag's own loader stumbles on, each failure must still show within 5 s."""

MISSING_AT = [
    (missing, cause, *FAILING_ADDRESSES[index % len(FAILING_ADDRESSES)])
    for index, (missing, cause) in enumerate(FAILURES)
]
"""Each missing file once, the addresses taken in turn: every file and every address is tried (each
address twice) without the 32 runs of every pairing, which take a page and a boot each."""


@pytest.mark.parametrize(
    ("missing", "cause", "suffix", "fragment"),
    MISSING_AT,
    ids=[f"{Path(missing).name}-{suffix}" for missing, _, suffix, _ in MISSING_AT],
)
def test_a_missing_runtime_file_shows_its_cause_at_once_and_try_again_recovers(
    browser: Browser, site: Path, missing: str, cause: str, suffix: str, fragment: str
):
    behaviour = Behaviour(missing={missing})
    with serving(site, behaviour) as base, visit(browser, base + suffix) as seen:
        seen.wait(FAILED, ANSWERED_S)
        status = seen.status()
        assert f"The game could not start: {cause}" in status
        assert "Check your connection" in status
        assert seen.page.locator("#retry").is_visible()
        assert seen.dialogs == []
        # The file is back: "Try again" opens the same address, which boots.
        behaviour.missing.clear()
        with seen.page.expect_navigation():
            seen.page.click("#retry")
        seen.page.wait_for_function(STARTED, timeout=10_000)
        assert seen.page.evaluate("window.hearts.link.fragment") == fragment
        assert seen.page.locator("#transfer").is_hidden()
        assert seen.dialogs == []


@pytest.mark.parametrize(
    ("fault", "cause"),
    [
        ("{ throw new Error('a fault') }", "a fault."),
        ("Promise.reject(new Error('a refusal'))", "a refusal."),
        ("Module.onAbort('out of memory')", "the Python runtime stopped (out of memory)."),
        ("alert('Error occurred: the loader gave up')", "Error occurred: the loader gave up."),
    ],
    ids=["uncaught error", "unhandled rejection", "abort", "the loader's alert"],
)
def test_a_fault_before_the_game_starts_is_shown_never_alerted(
    browser: Browser, site: Path, fault: str, cause: str
):
    """While main.data is still arriving (slowly), so that nothing else ends the boot first."""
    behaviour = Behaviour(slow={f"{RUNTIME}cpython312/main.data": (DATA_SIZE // 4, 0.5)})
    init = f"addEventListener('load', () => setTimeout(() => {fault}, 0))"
    with serving(site, behaviour) as base, visit(browser, base, init=init) as seen:
        seen.wait(FAILED, ANSWERED_S)
        assert seen.status().startswith(f"The game could not start: {cause}")
        assert seen.dialogs == []


# ------------------------------------------------------------------------------------------- the watchdog

STALL_MS = 2000
SHORT_WATCHDOG = f"window.heartsStallMs = {STALL_MS}"


def test_a_slow_download_that_keeps_moving_never_fails(browser: Browser, site: Path):
    """Twice as long as the watchdog's limit, but something arrives every 0.2 s."""
    behaviour = Behaviour(slow={f"{RUNTIME}cpython312/main.data": (DATA_SIZE // 20, 0.2)})
    with serving(site, behaviour) as base, visit(browser, base, init=SHORT_WATCHDOG) as seen:
        seen.page.wait_for_function("document.getElementById('received').textContent.includes('MB')")
        shown = seen.page.locator("#received").inner_text()
        assert seen.wait(STARTED, 30) > 2 * STALL_MS / 1000
        assert seen.page.evaluate("window.hearts.hasFailed") is False
        assert seen.dialogs == []
    assert shown.endswith("MB downloaded")


def test_a_download_that_stops_moving_fails_saying_so(browser: Browser, site: Path):
    behaviour = Behaviour(stalled={f"{RUNTIME}cpython312/main.data": DATA_SIZE // 3})
    with serving(site, behaviour) as base, visit(browser, base, init=SHORT_WATCHDOG) as seen:
        after = seen.wait(FAILED, ANSWERED_S)
        status = seen.status()
        assert seen.dialogs == []
    assert after >= STALL_MS / 1000  # never before the watchdog's limit
    assert "nothing has arrived for 2 seconds" in status


# ------------------------------------------------------------------------------------ the service worker

# What the page had come to when it registered its service worker (shell.js).
NOTE_REGISTERING = """
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
    window.registering = { started: window.hearts.hasStarted, failed: window.hearts.hasFailed };
    return register.apply(this, args);
};
"""


def test_the_service_worker_is_registered_once_the_game_has_started(browser: Browser, site: Path):
    """On a first visit the worker downloads the whole runtime to keep it: not while the game starts.
    The interpreter's data arrives slowly here, so a worker registered as the page loads would be seen."""
    behaviour = Behaviour(slow={f"{RUNTIME}cpython312/main.data": (DATA_SIZE // 4, 0.3)})
    with serving(site, behaviour) as base, visit(browser, base, init=NOTE_REGISTERING, worker=True) as seen:
        seen.wait(STARTED, ANSWERED_S)
        seen.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ANSWERED_S * 1000)
        assert seen.page.evaluate("window.registering") == {"started": True, "failed": False}


def test_a_page_that_could_not_start_still_registers_its_service_worker(browser: Browser, site: Path):
    """So that a mended version of the site can reach a player whose visit failed."""
    behaviour = Behaviour(missing={f"{RUNTIME}cpython312/main.data"})
    with serving(site, behaviour) as base, visit(browser, base, init=NOTE_REGISTERING, worker=True) as seen:
        seen.wait(FAILED, ANSWERED_S)
        seen.page.wait_for_function("window.registering !== undefined", timeout=ANSWERED_S * 1000)
        assert seen.page.evaluate("window.registering") == {"started": False, "failed": True}


# ----------------------------------------------------------------------------- the real main.py, in Pyodide

PYODIDE_TIMEOUT_S = 90
WITH_PYODIDE = "window.standInPyodide = true"


def test_an_exception_while_main_py_imports_is_shown(browser: Browser, tmp_path: Path):
    """The game's package fails as it imports: main.py reports it (pygbag's console would only print it)."""
    sources = tmp_path / "src"
    for name in ("game", "assets", "web"):
        shutil.copytree(ROOT / name, sources / name, ignore=shutil.ignore_patterns("__pycache__"))
    init_file = sources / "game" / "hearts" / "__init__.py"
    init_file.write_text(
        init_file.read_text(encoding="utf-8") + '\nraise RuntimeError("broken on purpose for a test")\n',
        encoding="utf-8",
    )
    site = build(tmp_path / "web", sources=sources)
    with serving(site, Behaviour()) as base, visit(browser, base, init=WITH_PYODIDE) as seen:
        seen.page.wait_for_function("window.pyodide !== undefined", timeout=PYODIDE_TIMEOUT_S * 1000)
        seen.page.wait_for_function(FAILED, timeout=ANSWERED_S * 1000)
        assert "The game could not start: RuntimeError: broken on purpose for a test" in seen.status()
        assert seen.dialogs == []


def test_the_address_fragment_reaches_the_game(browser: Browser, site: Path):
    address = "?utm_source=happy#x%zz"
    with serving(site, Behaviour()) as base, visit(browser, base + address, init=WITH_PYODIDE) as seen:
        seen.page.wait_for_function("window.standIn.ranMain === true", timeout=PYODIDE_TIMEOUT_S * 1000)
        opened = seen.page.evaluate(
            "pyodide.runPython("
            "'from hearts.page import opened_with; o = opened_with(); [o.query, o.fragment]').toJs()"
        )
        assert seen.dialogs == []
    assert opened == ["utm_source=happy", "x%zz"]


def test_the_page_declares_its_encoding_and_config_before_the_loader(site: Path):
    """The encoding within the first 1,024 bytes (so it does not depend on the server), and the config and
    the boot script before the loader's script element (so the loader never runs before them)."""
    page = (site / "index.html").read_bytes()
    assert b'<meta charset="utf-8">' in page[:1024]
    loader = page.index(b'pythons.js" type="module"')
    assert page.index(b"var config = {") < loader
    assert page.index(b'history.replaceState(history.state, "", location.pathname)') < loader
    assert page.index(b"window.alert = ") < loader
