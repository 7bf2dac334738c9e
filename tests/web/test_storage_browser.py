"""The storage package against the real ``localStorage`` of headless Chromium, from WebAssembly CPython.

Pyodide (the npm package in node_modules) is loaded in a small page served on 127.0.0.1 together with
the game's pure-Python packages (engine, bots, storage), and the ``Store`` runs there on
``LocalStorageBackend(js.localStorage)``: a round trip across a page reload, a full quota, a browser
that refuses storage (a sandboxed frame with an opaque origin) and a save that outlives a restart of
the browser. The same matches are played natively here, so the browser's saves are checked against
moves worked out independently of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, sync_playwright

from hearts.engine import Match, Rules, record
from hearts.storage import Settings, Stats

from ..storage.helpers import bot_moves
from .conftest import CHROMIUM_ARGS, ROOT, serving
from .wasm import PYODIDE, game_archive, python

HELPERS = ROOT / "tests" / "storage" / "helpers.py"
LOAD_TIMEOUT_MS = 60_000

# The page: Pyodide from its npm package, then the game's packages unpacked into its file system.
PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Hearts storage under Pyodide</title>
<script src="pyodide/pyodide.js"></script>
<script>
window.pyodideReady = (async () => {
  // The game's runtime's path: no stack switching (JSPI), with which Pyodide 0.27.7 dies in long runs.
  for (const name of ["Suspending", "promising", "Suspender"]) delete WebAssembly[name];
  window.pyodideJspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  const response = await fetch("hearts.zip");
  if (!response.ok) throw new Error(`hearts.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/game" });
  pyodide.runPython("import sys; sys.path.insert(0, '/game')");
  window.pyodide = pyodide;
  return pyodide.version;
})();
</script>
"""

# The same page in a frame sandboxed without allow-same-origin: its origin is opaque, so the
# browser itself refuses it localStorage (a SecurityError on reading window.localStorage).
SANDBOXED = """<!doctype html>
<meta charset="utf-8">
<title>Hearts storage, refused</title>
<iframe id="game" sandbox="allow-scripts" src="index.html"></iframe>
"""

# Run once in each fresh Pyodide: what the cases below share.
PRELUDE = """
import json

import js
from hearts.engine import Match, Rules, record
from hearts.storage import (
    LocalStorageBackend, MemoryBackend, SavedMatch, Settings, Stats, Store, StorageFull,
    StorageUnavailable, default_backend,
)
from hearts_test_helpers import bot_moves


def play(seed, count):
    \"\"\"The first ``count`` moves of an easy bots' match to 50 (the whole match if it is shorter).\"\"\"
    match = Match(Rules(target=50))
    for number, _ in enumerate(bot_moves(match, seed), start=1):
        if number == count:
            break
    return match


def described(saved):
    \"\"\"A loaded match as plain data, to compare with the one played natively.\"\"\"
    if saved is None:
        return None
    return {
        "record": record.dumps(saved.match, seed=saved.seed),
        "moves": len(saved.match.moves),
        "bot_level": saved.bot_level,
        "counted": saved.counted,
    }
"""


def played(seed: int, count: int) -> Match:
    """The match ``play(seed, count)`` makes in the browser, played natively."""
    match = Match(Rules(target=50))
    for number, _ in enumerate(bot_moves(match, seed), start=1):
        if number == count:
            break
    return match


# The site and the browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.fail(f"Pyodide is missing from {PYODIDE}: run npm ci (./build.sh test does)")
    root = tmp_path_factory.mktemp("pyodide-site")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "sandboxed.html").write_text(SANDBOXED, encoding="utf-8")
    (root / "hearts.zip").write_bytes(game_archive({"hearts_test_helpers.py": HELPERS}))
    (root / "pyodide").symlink_to(PYODIDE, target_is_directory=True)
    return root


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """One server for the whole module: localStorage belongs to an origin, so the restart test
    needs the same port before and after. Any origin may read the files, for the sandboxed frame."""
    with serving(site, allow_any_origin=True) as url:
        yield url


@pytest.fixture(scope="module")
def launch(chromium: str) -> Iterator[dict[str, Any]]:
    """What a Chromium launch needs (Debian's chromium, never Playwright's download)."""
    with sync_playwright() as playwright:
        yield {"playwright": playwright, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="module")
def browser(launch: dict[str, Any]) -> Iterator[Browser]:
    browser = launch["playwright"].chromium.launch(
        executable_path=launch["executable_path"], args=launch["args"], headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile (its own, empty localStorage) for each test."""
    context = browser.new_context()
    yield context
    context.close()


def start_pyodide(target: Page | Frame) -> str:
    """Wait for the page's Pyodide and the game, then run the prelude; returns Pyodide's version."""
    version: str = target.evaluate("() => window.pyodideReady")
    assert target.evaluate("window.pyodideJspi") is False, "Pyodide took the stack-switching (JSPI) path"
    target.evaluate("code => pyodide.runPythonAsync(code)", PRELUDE)
    return version


def open_game(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    version = start_pyodide(page)
    assert version.startswith("0.27."), version
    assert errors == []
    return page


def reload_game(page: Page) -> None:
    page.reload()
    start_pyodide(page)


# The cases ------------------------------------------------------------------------------------

SETTINGS = Settings(difficulty="hard", pace="quick", four_colour=True, table=Rules(target=150))


def test_a_save_round_trips_through_real_local_storage_across_a_reload(
    context: BrowserContext, base_url: str
) -> None:
    seed, count = 12, 23
    settings = SETTINGS.to_dict()
    page = open_game(context, f"{base_url}index.html")
    assert page.evaluate("() => localStorage.length") == 0

    written = python(
        page,
        f"""
        backend = LocalStorageBackend(js.localStorage)
        store = Store(backend)
        assert store.load_match() is None
        match = play({seed}, {count})
        stats = Stats().with_match(play(5, 10_000))
        result = {{
            "sys_platform": __import__("sys").platform,
            "settings": store.save_settings(Settings.from_dict(json.loads({json.dumps(settings)!r}))),
            "stats": store.save_stats(stats),
            "stats_dict": stats.to_dict(),
            "match": store.save_match(SavedMatch(match, {seed}, "normal")),
            "record": record.dumps(match, seed={seed}),
            "problems": store.problems,
            "saving_off": store.saving_off,
        }}
        """,
    )
    expected = played(seed, count)
    assert written["sys_platform"] == "emscripten"
    assert written["settings"] is written["stats"] is written["match"] is True
    assert written["problems"] == [] and written["saving_off"] is False
    assert written["record"] == record.dumps(expected, seed=seed)
    assert len(expected.moves) == count

    # The browser itself holds the save, as JSON the Store wrote.
    raw = page.evaluate("() => localStorage.getItem('hearts.match')")
    assert isinstance(raw, str)
    save = json.loads(raw)
    assert save["format"] == "hearts-save" and save["bot_level"] == "normal"
    assert save["record"] == record.to_record(expected, seed=seed)
    assert page.evaluate("() => Object.keys(localStorage).sort()") == [
        "hearts.match",
        "hearts.settings",
        "hearts.stats",
    ]

    # A new Pyodide in a reloaded page reads it all back, through both ways of finding localStorage:
    # Pyodide's js module, and pygbag's platform.window (stood in for by Pyodide's window).
    reload_game(page)
    loaded = python(
        page,
        """
        import platform
        result = {}
        for route in ("js", "platform.window"):
            if route == "platform.window":
                platform.window = js.window
            try:
                store = Store(default_backend())
                result[route] = {
                    "backend": type(store.backend).__name__,
                    "match": described(store.load_match()),
                    "settings": store.load_settings().to_dict(),
                    "stats": store.load_stats().to_dict(),
                    "problems": store.problems,
                }
            finally:
                if route == "platform.window":
                    del platform.window
        """,
    )
    for route in ("js", "platform.window"):
        assert loaded[route]["backend"] == "LocalStorageBackend"
        assert loaded[route]["match"] == {
            "record": record.dumps(expected, seed=seed),
            "moves": count,
            "bot_level": "normal",
            "counted": False,
        }, route
        assert Settings.from_dict(loaded[route]["settings"]) == SETTINGS
        assert loaded[route]["stats"] == written["stats_dict"]
        assert Stats.from_dict(loaded[route]["stats"]).matches_played == 1
        assert loaded[route]["problems"] == []

    # The loaded match plays on exactly as the original would have.
    rest = python(
        page,
        f"""
        saved = Store(LocalStorageBackend(js.localStorage)).load_match()
        for _ in bot_moves(saved.match, {seed}):
            pass
        result = record.dumps(saved.match, seed={seed})
        """,
    )
    finished = Match(Rules(target=50))
    for _ in bot_moves(finished, seed):
        pass
    assert rest == record.dumps(finished, seed=seed)


ROOM = 700
"""Characters left free in a full localStorage: room for the settings, none for a longer match."""


def fill_local_storage(page: Page) -> dict[str, int]:
    """Fill the origin's localStorage until even 64 more characters do not fit."""
    return page.evaluate(
        """() => {
            let size = 1 << 20, count = 0, characters = 0, refusal = null;
            while (size >= 64) {
                try {
                    localStorage.setItem(`filler.${count}`, "x".repeat(size));
                    count += 1;
                    characters += size;
                } catch (error) {
                    refusal = error.name;
                    if (error.name !== "QuotaExceededError") break;
                    size >>= 1;
                }
            }
            return { count, characters, refusal: refusal };
        }"""
    )


def test_a_full_quota_turns_saving_off_and_keeps_the_previous_save(
    context: BrowserContext, base_url: str
) -> None:
    page = open_game(context, f"{base_url}index.html")
    first = python(
        page,
        """
        backend = LocalStorageBackend(js.localStorage)
        store = Store(backend)
        short = play(3, 6)
        long = play(3, 10_000)
        assert long.is_over
        result = {
            "saved": store.save_match(SavedMatch(short, 3, "easy")),
            "short": record.dumps(short, seed=3),
            "long": record.dumps(long, seed=3),
        }
        """,
    )
    assert first["saved"] is True
    assert first["short"] == record.dumps(played(3, 6), seed=3)
    # Far more than the room left below (at most 1,024 characters), so the long match cannot fit.
    assert len(first["long"]) - len(first["short"]) > 3 * 1_024

    filled = fill_local_storage(page)
    assert filled["refusal"] == "QuotaExceededError", filled
    assert filled["characters"] > 2_000_000, filled  # Chromium allows each origin megabytes
    # Leave a little room, 700 characters (and the under 64 the filling left): enough for the settings
    # (under 400 with their key), not for the match (more than 3 KiB longer).
    page.evaluate(
        """(room) => {
            const key = Object.keys(localStorage).find(
                (name) => name.startsWith("filler.") && localStorage.getItem(name).length >= 4096);
            const length = localStorage.getItem(key).length;
            localStorage.setItem(key, "x".repeat(length - room));
        }""",
        ROOM,
    )

    full = python(
        page,
        """
        saved_long = store.save_match(SavedMatch(long, 3, "easy"))
        try:
            backend.set("hearts.probe", "x" * 100_000)
        except StorageFull as error:
            direct = ["StorageFull", str(error)]
        except Exception as error:
            direct = [type(error).__name__, str(error)]
        else:
            direct = ["nothing", ""]
        result = {
            "saved_long": saved_long,
            "saving_off": store.saving_off,
            "problems": list(store.problems),
            "direct": direct,
            "probe": backend.get("hearts.probe"),
            "settings": store.save_settings(Settings(difficulty="easy")),
            "after_settings": store.saving_off,
            "reloaded": described(Store(LocalStorageBackend(js.localStorage)).load_match()),
        }
        """,
    )
    assert full["saved_long"] is False
    assert full["saving_off"] is True
    assert full["problems"] == [
        "The browser's storage for this page is full, so this match will not be saved."
    ]
    name, message = full["direct"]
    assert name == "StorageFull", full["direct"]
    assert "QuotaExceededError" in message and "hearts.probe" in message
    assert full["probe"] is None
    # The small settings still fit, and saving is on again; the match never got in.
    assert full["settings"] is True and full["after_settings"] is False
    assert full["reloaded"] is not None and full["reloaded"]["record"] == first["short"]
    stored = json.loads(page.evaluate("() => localStorage.getItem('hearts.match')"))
    assert record.from_record(stored["record"])[0].moves == played(3, 6).moves

    # Once the player (or the browser) makes room, the autosave works again.
    page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith("filler."))
                  .forEach((k) => localStorage.removeItem(k))"""
    )
    again = python(
        page,
        """
        result = {
            "saved": store.save_match(SavedMatch(long, 3, "easy")),
            "problems": store.take_problems(),
            "loaded": described(Store(LocalStorageBackend(js.localStorage)).load_match()),
        }
        """,
    )
    assert again["saved"] is True
    assert again["problems"][-1] == "Saving works again."
    assert again["loaded"]["record"] == first["long"]


def test_a_browser_that_refuses_storage_leaves_the_game_playable(
    context: BrowserContext, base_url: str
) -> None:
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    page.goto(f"{base_url}sandboxed.html")
    handle = page.wait_for_selector("#game")
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    start_pyodide(frame)
    # The browser refuses for real: the frame's origin is opaque and reading localStorage throws.
    refusal = frame.evaluate(
        """() => {
            try { window.localStorage; return ["no error", origin]; }
            catch (error) { return [error.name, origin]; }
        }"""
    )
    assert refusal == ["SecurityError", "null"]

    refused = python(
        frame,
        """
        try:
            LocalStorageBackend()
        except StorageUnavailable as error:
            direct = ["StorageUnavailable", str(error)]
        except Exception as error:
            direct = [type(error).__name__, str(error)]
        else:
            direct = ["nothing", ""]

        store = Store(default_backend())
        loaded = store.load_match()
        match = play(8, 40)
        saves = [store.save_match(SavedMatch(match, 8, "easy")), store.save_settings(Settings())]
        for _ in bot_moves(match, 8):  # the match plays on to its end
            pass

        # Calls that reach the refusing localStorage through JavaScript get the browser's own
        # SecurityError at every call; the Store turns saving off instead of failing.
        relay = js.eval(
            "({getItem: (k) => window.localStorage.getItem(k),"
            " setItem: (k, v) => window.localStorage.setItem(k, v),"
            " removeItem: (k) => window.localStorage.removeItem(k)})"
        )
        relayed = Store(LocalStorageBackend(relay))
        result = {
            "direct": direct,
            "backend": type(store.backend).__name__,
            "saving_off": store.saving_off,
            "problems": store.problems,
            "loaded": loaded,
            "saves": saves,
            "over": match.is_over,
            "record": record.dumps(match, seed=8),
            "relayed": {
                "loaded": relayed.load_match(),
                "saved": relayed.save_match(SavedMatch(match, 8, "easy")),
                "settings": relayed.load_settings() == Settings(),
                "saving_off": relayed.saving_off,
                "problems": relayed.problems,
            },
        }
        """,
    )
    name, message = refused["direct"]
    assert name == "StorageUnavailable" and "SecurityError" in message, refused["direct"]
    assert refused["backend"] == "MemoryBackend"
    assert refused["saving_off"] is True
    assert refused["problems"] == ["The browser is refusing storage, so nothing will be saved this time."]
    assert refused["loaded"] is None
    assert refused["over"] is True
    finished = Match(Rules(target=50))
    for _ in bot_moves(finished, 8):
        pass
    assert refused["record"] == record.dumps(finished, seed=8)
    assert refused["relayed"] == {
        "loaded": None,
        "saved": False,
        "settings": True,
        "saving_off": True,
        "problems": ["The browser is refusing storage, so this match will not be saved."],
    }


def test_a_save_outlives_a_browser_restart(launch: dict[str, Any], base_url: str, tmp_path: Path) -> None:
    seed, count = 21, 57
    profile = tmp_path / "profile"
    chromium = launch["playwright"].chromium
    options = {"executable_path": launch["executable_path"], "args": launch["args"], "headless": True}

    before = chromium.launch_persistent_context(str(profile), **options)
    try:
        page = open_game(before, f"{base_url}index.html")
        written = python(
            page,
            f"""
            store = Store(LocalStorageBackend(js.localStorage))
            match = play({seed}, {count})
            result = [store.save_match(SavedMatch(match, {seed}, "hard")), record.dumps(match, seed={seed})]
            """,
        )
    finally:
        before.close()
    assert written == [True, record.dumps(played(seed, count), seed=seed)]

    after = chromium.launch_persistent_context(str(profile), **options)
    try:
        page = open_game(after, f"{base_url}index.html")
        loaded = python(page, "result = described(Store(LocalStorageBackend(js.localStorage)).load_match())")
    finally:
        after.close()
    assert loaded == {"record": written[1], "moves": count, "bot_level": "hard", "counted": False}
