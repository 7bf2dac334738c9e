"""The site shell in headless Chromium: the build, the service worker (offline, updates), installability and
the vendored runtime.

The real CPython-WebAssembly runtime (pygbag's CDN) is out of reach here, so the game never boots: the page's
loader fails and the page says so. What is tested is everything around the game. Every site is built into a
temporary folder; the builds that change sources work on a copy of game/, assets/ and web/.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tarfile
import textwrap
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

import pytest
import webbuild
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from serve import SiteHandler, make_server, running, serving

from tests.web.conftest import CHROMIUM_ARGS, ROOT, build_site

# No test may reach the internet, whatever the machine: every host but 127.0.0.1 fails to resolve (a
# request to it is still made, and seen by the tests, it just fails at once).
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT_MS = 20_000
ARCHIVE_LIMIT = 480 * 1024
"""The game's own download, sounds and fonts included, stays under this (docs/PERFORMANCE.md: 450 KiB
until Play friends' screens and tables came, 31 KiB of them)."""
ICONS = {"icons/icon-192.png": 192, "icons/icon-512.png": 512, "icons/maskable-512.png": 512}
CHANGED_FILE = Path("game/hearts/ui/app.py")
DEV_LITTER = (
    "game/hearts/__pycache__/deals.cpython-311.pyc",
    "game/hearts/ui/stray.pyc",
    "game/hearts/.pytest_cache/v/cache/lastfailed",
    "assets/.ruff_cache/content",
)
OFFLINE_FILES = ("hearts.tar.gz", "icons/icon-192.png", "manifest.webmanifest", "favicon.png", "index.html")

# A file the page fetches (through the service worker): its status, length and SHA-256.
FETCH_DIGEST = """async (path) => {
    const response = await fetch(path);
    const bytes = await response.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return {
        status: response.status,
        length: bytes.byteLength,
        sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
    };
}"""


# ---------------------------------------------------------------------------------------------- helpers


class LoggingHandler(SiteHandler):
    """The site's own handler, noting every request it answers in ``server.requests``."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.requests.append((self.command, self.path, int(code)))  # type: ignore[attr-defined]


@contextlib.contextmanager
def logged_serving(
    root: Path, *, allow_any_origin: bool = False
) -> Iterator[tuple[str, list[tuple[str, str, int]]]]:
    """Serve ``root`` like tools/serve.py does; yields the base URL and the live list of requests."""
    server = make_server(root, 0, allow_any_origin=allow_any_origin)
    server.RequestHandlerClass = functools.partial(LoggingHandler, directory=str(root))  # type: ignore[assignment]
    requests: list[tuple[str, str, int]] = []
    server.requests = requests  # type: ignore[attr-defined]
    with running(server) as base:
        yield base, requests


def copy_sources(into: Path) -> Path:
    """A copy of what the build reads (game/, assets/, web/), to change and build from."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*_cache")
    for name in ("game", "assets", "web"):
        shutil.copytree(ROOT / name, into / name, ignore=skip)
    return into


def build_from(sources: Path, out: Path, **options: Any) -> dict[str, Any]:
    """Build the site from ``sources`` (a copy made by ``copy_sources``) into ``out``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webbuild, "ROOT", sources)
        patch.setattr(webbuild, "WEB", sources / "web")
        return build_site(out, **options)


def worker_constant(site: Path, name: str) -> Any:
    """A constant the build stamped into the site's sw.js (VERSION, PRECACHE)."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(rf"^const {name} = (.*?);$", text, re.MULTILINE | re.DOTALL)
    assert found, f"sw.js defines no {name}"
    return json.loads(found.group(1))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree_digest(root: Path) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): sha256(path) for path in root.rglob("*") if path.is_file()}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is no PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def wait_controlled(page: Page) -> None:
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def wait_until(page: Page, script: str) -> None:
    """Poll a page function that returns a promise until it yields true: page.wait_for_function takes a
    promise (always there) for true."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while page.evaluate(script) is not True:
        assert time.monotonic() < deadline, f"still not true after {TIMEOUT_MS} ms: {script}"
        page.wait_for_timeout(50)


def new_page(context: BrowserContext) -> Page:
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


# --------------------------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright, chromium: str) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium, args=ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile: no service worker, no caches."""
    context = browser.new_context()
    yield context
    context.close()


@dataclasses.dataclass
class OfflineBuild:
    sources: Path  # the copy it was built from
    site: Path
    returncode: int
    output: str
    network: list[str]  # what the network guard wrote down
    sources_changed: bool

    @property
    def summary(self) -> dict[str, Any]:
        if self.returncode != 0:
            pytest.fail(f"the build failed:\n{self.output[-4000:]}")
        return json.loads(self.output.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def offline_build(tmp_path_factory: pytest.TempPathFactory) -> OfflineBuild:
    """A build (from a copy of the sources, with a working checkout's litter) in a separate process that
    may not touch the network: an attempt to resolve or reach any host but this one is written down and
    ends the process at once."""
    base = tmp_path_factory.mktemp("offline")
    sources = copy_sources(base / "src")
    # What a working checkout holds besides the game: none of it may be packed.
    for litter in DEV_LITTER:
        (sources / litter).parent.mkdir(parents=True, exist_ok=True)
        (sources / litter).write_bytes(b"not for the player")
    before = tree_digest(sources)
    guard = base / "guard"
    guard.mkdir()
    (guard / "sitecustomize.py").write_text(
        textwrap.dedent(
            """
            import os
            import sys

            LOG = os.environ["HEARTS_NET_LOG"]
            LOCAL = {"127.0.0.1", "::1", "localhost", "", None}


            def note(line):
                with open(LOG, "a", encoding="utf-8") as log:
                    log.write(line + "\\n")


            def refuse(event, args):
                if event == "socket.getaddrinfo":
                    host = args[0].decode() if isinstance(args[0], bytes) else args[0]
                    if host not in LOCAL:
                        note(f"resolve {host}")
                        os._exit(97)  # pygbag retries a failed download for ever: stop at once
                elif event == "socket.connect" and isinstance(args[1], tuple):
                    if args[1][0] not in LOCAL:
                        note(f"connect {args[1]}")
                        os._exit(97)


            sys.addaudithook(refuse)
            note(f"armed {os.getpid()}")
            """
        ),
        encoding="utf-8",
    )
    out = base / "site" / "web"
    script = textwrap.dedent(
        """
        import json, sys
        from pathlib import Path
        sys.path.insert(0, sys.argv[1])
        import webbuild
        sources, out = Path(sys.argv[2]), Path(sys.argv[3])
        webbuild.ROOT, webbuild.WEB = sources, sources / "web"
        summary = webbuild.build(out, runtime="pygbag", vendor=False,
                                 runtime_url=webbuild.DEFAULT_RUNTIME_URL,
                                 python=sys.executable, staging=out.parent / "stage")
        print(json.dumps(summary))
        """
    )
    log = base / "net.log"
    env = {**os.environ, "PYTHONPATH": str(guard), "HEARTS_NET_LOG": str(log)}
    # Its own process group, so that a hung build is stopped with pygbag and all.
    build = subprocess.Popen(
        [sys.executable, "-c", script, str(ROOT / "tools"), str(sources), str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        stdout, stderr = build.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(build.pid, signal.SIGKILL)
        stdout, stderr = build.communicate()
        stdout += "\n(stopped after 2 minutes)"
    return OfflineBuild(
        sources=sources,
        site=out,
        returncode=build.returncode,
        output=f"{stdout}\n{stderr}",
        network=log.read_text(encoding="utf-8").splitlines() if log.exists() else [],
        sources_changed=tree_digest(sources) != before,
    )


# ------------------------------------------------------------------------------------------------ build


def test_the_build_runs_offline_and_makes_the_whole_site(offline_build: OfflineBuild):
    armed = [line for line in offline_build.network if line.startswith("armed ")]
    tried = [line for line in offline_build.network if line not in armed]
    assert tried == [], f"the build tried the network: {tried}"
    assert len(armed) >= 2, "the network guard did not reach pygbag's process"
    summary = offline_build.summary
    assert not offline_build.sources_changed, "the build changed its sources"
    sources, site = offline_build.sources, offline_build.site
    for name in (
        "index.html",
        "favicon.png",
        "hearts.tar.gz",
        "manifest.webmanifest",
        "sw.js",
        "live.js",
        "shell.js",
        "access.js",
        "peers.js",
        "qr.js",
        "uqr.mjs",
        "uqr.LICENSE.txt",
    ):
        assert (site / name).is_file(), name
    for name, side in ICONS.items():
        assert png_size(site / name) == (side, side), name

    for name in ("index.html", "sw.js"):
        text = (site / name).read_text(encoding="utf-8")
        assert "{{" not in text and "}}" not in text, f"a placeholder is left in {name}"
    page = (site / "index.html").read_text(encoding="utf-8")
    assert f'src="{webbuild.CDN}pythons.js"' in page
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert '<script src="live.js" defer>' in page
    assert '<script src="shell.js"' in page
    assert '<script src="access.js" defer>' in page
    assert '<script src="peers.js" defer>' in page
    assert '<script src="qr.js" type="module">' in page

    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    icons = {(icon["src"], icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert icons >= {
        ("icons/icon-192.png", "192x192", "any"),
        ("icons/icon-512.png", "512x512", "any"),
        ("icons/maskable-512.png", "512x512", "maskable"),
    }
    assert all((site / icon["src"]).is_file() for icon in manifest["icons"])

    archive = (site / "hearts.tar.gz").read_bytes()
    assert archive[:2] == b"\x1f\x8b", "hearts.tar.gz is not gzip"
    assert len(archive) <= ARCHIVE_LIMIT, f"hearts.tar.gz is {len(archive) / 1024:.0f} KiB"
    with tarfile.open(site / "hearts.tar.gz", mode="r:gz") as packed:
        members = {member.name.removeprefix("./"): member for member in packed.getmembers()}
        assert {"assets/main.py", "assets/hearts/ui/app.py"} <= members.keys()
        assert any(re.fullmatch(r"assets/assets/fonts/[^/]+\.ttf", name) for name in members)
        sounds = {f"assets/assets/sounds/{path.name}" for path in (ROOT / "assets" / "sounds").glob("*.ogg")}
        assert len(sounds) == 7 and sounds <= members.keys()
        packed_app = packed.extractfile(members["assets/hearts/ui/app.py"])
        assert packed_app is not None and packed_app.read() == (sources / CHANGED_FILE).read_bytes()
    for name in members:
        parts = name.split("/")
        assert not {"tests", "__pycache__", ".pytest_cache", ".ruff_cache"} & set(parts), name
        assert not name.endswith((".pyc", ".pyo")), name

    # The worker keeps every file of the site (but itself), and its version is the build's.
    assert worker_constant(site, "VERSION") == summary["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", summary["version"])
    files = sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    assert sorted(worker_constant(site, "PRECACHE")) == sorted(["./", *(n for n in files if n != "sw.js")])


def test_the_version_follows_the_sources_and_nothing_else(offline_build: OfflineBuild, tmp_path: Path):
    first_sources, first_site, first = offline_build.sources, offline_build.site, offline_build.summary
    # The same sources, somewhere else: the same version, the same worker.
    sources = tmp_path / "src"
    shutil.copytree(first_sources, sources)
    again = build_from(sources, tmp_path / "same" / "web")
    assert again["version"] == first["version"]
    assert (tmp_path / "same" / "web" / "sw.js").read_bytes() == (first_site / "sw.js").read_bytes()

    # One more byte in a game file: a new version, and the archive carries the change.
    with (sources / CHANGED_FILE).open("ab") as changed:
        changed.write(b"\n")
    out = tmp_path / "changed" / "web"
    changed_build = build_from(sources, out)
    assert changed_build["version"] != first["version"]
    assert worker_constant(out, "VERSION") == changed_build["version"]
    with tarfile.open(out / "hearts.tar.gz", mode="r:gz") as packed:
        app = packed.extractfile("assets/hearts/ui/app.py")
        assert app is not None and app.read() == (sources / CHANGED_FILE).read_bytes()

    # The same sources with the runtime from elsewhere: a different site, so a different version.
    mirrored = build_from(sources, tmp_path / "mirror" / "web", cdn="https://mirror.invalid/cdn/0.9.3/")
    assert mirrored["version"] != changed_build["version"]


# --------------------------------------------------------------------------------------- service worker


def test_the_worker_controls_the_page_and_a_reload_works_offline(context: BrowserContext, site: Path):
    version = worker_constant(site, "VERSION")
    with logged_serving(site) as (base, requests):
        page = new_page(context)
        page.goto(base)
        wait_controlled(page)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "sw.js"
        app_cache = f"hearts-app-{version}"
        assert app_cache in page.evaluate("caches.keys()")
        cached = page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)",
            app_cache,
        )
        precache = worker_constant(site, "PRECACHE")
        assert sorted(cached) == sorted(base + path.removeprefix("./") for path in precache)
        # The runtime cannot come from pygbag's CDN here: the page says loading failed.
        page.wait_for_function("document.getElementById('transfer').className === 'failed'")

        requests.clear()
        context.set_offline(True)
        # The cut is real: what the cache does not hold cannot be had.
        assert page.evaluate("fetch('not-in-the-site.txt').then(() => 'got', () => 'failed')") == "failed"
        response = page.reload()
        assert response is not None and response.ok and response.from_service_worker
        assert page.title() == "Hearts"
        assert page.locator("#transfer h1").inner_text() == "Hearts"
        page.wait_for_function("document.getElementById('transfer').className === 'failed'")
        wait_controlled(page)
        for name in OFFLINE_FILES:
            expected = {"status": 200, "length": (site / name).stat().st_size, "sha256": sha256(site / name)}
            assert page.evaluate(FETCH_DIGEST, name) == expected, name
        assert requests == [], "with the network cut, requests still reached the server"
        # Navigations to URLs the cache does not hold (a query, a path the site never had) get the page.
        for url in (base + "?from=bookmark", base + "play"):
            response = page.goto(url)
            assert response is not None and response.ok and page.title() == "Hearts", url
        assert requests == []


def test_a_rebuild_is_offered_and_replaces_the_old_version(context: BrowserContext, tmp_path: Path):
    sources = copy_sources(tmp_path / "src")
    out = tmp_path / "site" / "web"
    old = build_from(sources, out)["version"]
    with logged_serving(out) as (base, _requests):
        page = new_page(context)
        page.goto(base)
        wait_controlled(page)
        assert f"hearts-app-{old}" in page.evaluate("caches.keys()")
        assert page.locator("#update").is_hidden()

        with (sources / CHANGED_FILE).open("ab") as changed:
            changed.write(b"\n")
        new = build_from(sources, out)["version"]
        assert new != old
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.locator("#update").wait_for(state="visible")
        assert page.locator("#update").inner_text().split() == ["Update", "available", "Reload", "Later"]
        # Offered at safe moments only, as the game tells the page; "Later" puts it off.
        page.evaluate("hearts.safe(false)")
        assert page.locator("#update").is_hidden()
        page.evaluate("hearts.safe(true)")
        assert page.locator("#update").is_visible()
        page.locator("#update-later").click()
        assert page.locator("#update").is_hidden()
        page.evaluate("hearts.safe(false); hearts.safe(true)")
        assert page.locator("#update").is_hidden()
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.reload()  # the waiting version is offered again on the next visit
        page.locator("#update").wait_for(state="visible")
        # Until the player chooses, the old version stays in charge.
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)")
        assert f"hearts-app-{old}" in page.evaluate("caches.keys()")

        with page.expect_navigation():
            page.locator("#update-reload").click()
        wait_controlled(page)
        wait_until(
            page,
            """async () => {
                const registration = await navigator.serviceWorker.getRegistration();
                return registration.active === navigator.serviceWorker.controller
                    && registration.active.state === "activated"
                    && registration.waiting === null && registration.installing === null;
            }""",
        )
        assert page.locator("#update").is_hidden()
        names = page.evaluate("caches.keys()")
        assert [name for name in names if name.startswith("hearts-app-")] == [f"hearts-app-{new}"]
        assert set(names) <= {f"hearts-app-{new}", f"hearts-runtime-pygbag-{webbuild.PYGBAG_VERSION}"}

        # The worker in charge is the new script: ask the workers themselves.
        versions = {}
        for worker in context.service_workers:
            with contextlib.suppress(PlaywrightError):
                versions[worker.evaluate("VERSION")] = worker.evaluate(
                    "self.registration.active === self.serviceWorker"
                )
        assert versions.get(new) is True, versions
        assert versions.get(old) is not True, versions
        # And it answers with the new files.
        got = page.evaluate(FETCH_DIGEST, "hearts.tar.gz")
        assert got["sha256"] == sha256(out / "hearts.tar.gz")


# ------------------------------------------------------------------------------------------ installable


def test_chromium_reports_the_site_installable(
    playwright: Playwright, chromium: str, site: Path, tmp_path: Path
):
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium, args=ARGS, headless=True
    )
    try:
        with logged_serving(site) as (base, _requests):
            page = new_page(context)
            page.goto(base)
            wait_controlled(page)
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == base + "manifest.webmanifest"
            assert manifest["errors"] == []
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


# --------------------------------------------------------------------------------------------- vendored

RUNTIME = "0.9.3"
# The stand-in for pygbag's loader and interpreter (see test_boot.py): it asks for what the real ones ask
# for, built the same way (the runtime from config.cdn, the package index and the pygame-ce wheel from
# PYGPI, which the page's custom_onload sets), and marks the game started once it has all of it.
STAND_IN = Path(__file__).parent / "standin"
BOOTED = "window.hearts !== undefined && window.hearts.hasStarted === true"
WHEEL = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"


def stand_in_files(base: str) -> dict[str, bytes]:
    """Placeholder files laid out like pygbag's CDN root (served at ``base``)."""
    index = {
        "-CDN-": base,
        "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl#" + "0" * 64,
        "pygame.base": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl#" + "0" * 64,
    }
    return {
        f"{RUNTIME}/pythons.js": (STAND_IN / "pythons.js").read_bytes(),
        f"{RUNTIME}/cpythonrc.py": b"# stand-in cpythonrc.py\n",
        f"{RUNTIME}/cpython312/main.js": (STAND_IN / "main.js").read_bytes(),
        f"{RUNTIME}/cpython312/main.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 8,
        f"{RUNTIME}/cpython312/main.data": bytes(range(255, -1, -1)) * 40,
        f"index-{RUNTIME}-cp312.json": json.dumps(index, indent=4).encode(),
        WHEEL: b"PK\5\6" + bytes(18),
    }


def test_the_vendored_site_asks_only_its_own_origin(browser: Browser, tmp_path: Path):
    cdn_root = tmp_path / "cdn-root"
    cdn_root.mkdir()
    sources = copy_sources(tmp_path / "src")  # the runtime download cache goes in here too
    out = tmp_path / "site" / "web"
    with logged_serving(cdn_root) as (cdn_base, cdn_requests):
        files = stand_in_files(cdn_base)
        for relative, data in files.items():
            (cdn_root / relative).parent.mkdir(parents=True, exist_ok=True)
            (cdn_root / relative).write_bytes(data)

        build_from(sources, out, vendor=True, runtime_url=cdn_base)
        assert sorted(cdn_requests) == sorted(("GET", "/" + relative, 200) for relative in files)
        for relative, data in files.items():
            assert (out / "cdn" / relative).read_bytes() == data, relative
        page_text = (out / "index.html").read_text(encoding="utf-8")
        assert f'src="cdn/{RUNTIME}/pythons.js"' in page_text
        assert f'cdn: "cdn/{RUNTIME}/"' in page_text
        for name in (*webbuild.SITE_FILES, "index.html", "sw.js"):
            text = (out / name).read_text(encoding="utf-8")
            assert "pygame-web.github.io" not in text and cdn_base not in text, name
        # Kept apart from the game's own files, under pygbag's version, so a new game version keeps it.
        assert {f"cdn/{relative}" for relative in files} == set(worker_constant(out, "RUNTIME_URLS"))
        assert not any(name.startswith("cdn/") for name in worker_constant(out, "PRECACHE"))

        # Downloaded once: a second build takes the runtime from the cache.
        cdn_requests.clear()
        build_from(sources, out, vendor=True, runtime_url=cdn_base)
        assert cdn_requests == []

        context = browser.new_context()
        try:
            with logged_serving(out) as (base, _requests):
                seen: list[str] = []
                context.on("request", lambda request: seen.append(request.url))
                page = new_page(context)
                page.goto(base)
                page.wait_for_function(BOOTED)
                wait_controlled(page)
                stand_in = page.evaluate("window.standIn")
                # Offline, the vendored runtime comes from the worker's runtime cache.
                context.set_offline(True)
                page.reload()
                page.wait_for_function(BOOTED)
                assert all(entry["status"] == 200 for entry in page.evaluate("window.standIn.seen"))
                context.set_offline(False)
        finally:
            context.close()
        assert cdn_requests == [], "the stand-in CDN was asked for something after the build"

    origin = urlsplit(base)
    strangers = [url for url in seen if urlsplit(url)[:2] != origin[:2]]
    assert strangers == [], f"requests to other origins: {strangers}"
    asked = {urldefrag(url).url for url in seen}
    runtime = {base + "cdn/" + relative for relative in files} | {base + "hearts.tar.gz"}
    assert runtime <= asked, f"runtime requests that never happened: {sorted(runtime - asked)}"
    assert stand_in["pygpi"] == base + "cdn/"
    sizes = {relative: len(data) for relative, data in files.items()}
    assert {entry["url"]: (entry["status"], entry["length"]) for entry in stand_in["seen"]} == {
        base + "cdn/" + relative: (200, sizes[relative])
        for relative in (
            f"{RUNTIME}/cpython312/main.wasm",
            f"{RUNTIME}/cpython312/main.data",
            f"{RUNTIME}/cpythonrc.py",
            f"index-{RUNTIME}-cp312.json",
            WHEEL,
        )
    } | {base + "hearts.tar.gz": (200, (out / "hearts.tar.gz").stat().st_size)}


def test_the_runtime_from_the_cdn_is_kept_so_the_second_visit_works_offline(browser: Browser, tmp_path: Path):
    """Not vendored: the page loads the runtime from another origin (a stand-in for pygbag's CDN, with
    CORS as GitHub Pages sends it). The worker keeps each file while it installs, so with the network cut
    a reload finds the whole runtime, the pygame-ce wheel named by the package index included."""
    cdn_root = tmp_path / "cdn-root"
    sources = copy_sources(tmp_path / "src")
    out = tmp_path / "site" / "web"
    with logged_serving(cdn_root, allow_any_origin=True) as (cdn_base, cdn_requests):
        files = stand_in_files(cdn_base)
        for relative, data in files.items():
            (cdn_root / relative).parent.mkdir(parents=True, exist_ok=True)
            (cdn_root / relative).write_bytes(data)
        build_from(sources, out, cdn=cdn_base + RUNTIME + "/")
        assert cdn_requests == []  # nothing is downloaded at build time
        assert worker_constant(out, "RUNTIME_URLS")[-1] == cdn_base + f"index-{RUNTIME}-cp312.json"
        context = browser.new_context()
        try:
            with logged_serving(out) as (base, _requests):
                page = new_page(context)
                page.goto(base)
                page.wait_for_function(BOOTED)
                wait_controlled(page)
                kept = page.evaluate(
                    """async () => {
                        const names = await caches.keys();
                        const name = names.find((each) => each.startsWith("hearts-runtime-"));
                        const runtime = await caches.open(name);
                        return (await runtime.keys()).map((request) => request.url);
                    }"""
                )
                assert {cdn_base + relative for relative in files} <= set(kept), sorted(kept)
                served_online = len(cdn_requests)
                context.set_offline(True)
                page.reload()
                page.wait_for_function(BOOTED)
                offline = page.evaluate("window.standIn.seen")
                assert len(cdn_requests) == served_online, "the offline reload reached the CDN"
        finally:
            context.close()
    assert {entry["url"] for entry in offline} >= {
        cdn_base + f"{RUNTIME}/cpython312/main.wasm",
        cdn_base + f"index-{RUNTIME}-cp312.json",
        cdn_base + WHEEL,
        base + "hearts.tar.gz",
    }
    assert all(entry["status"] == 200 and entry["length"] > 0 for entry in offline)


def test_the_server_sends_the_page_and_the_worker_whole_however_recent_the_build(site: Path):
    """Last-Modified counts whole seconds, so a rebuild within the second of an earlier answer must not
    be answered "304 Not Modified": the browser would keep the old service worker."""
    later = "Fri, 01 Jan 2100 00:00:00 GMT"
    with logged_serving(site) as (base, requests):
        for name in ("sw.js", "index.html", ""):
            ask = urllib.request.Request(base + name, headers={"If-Modified-Since": later})
            with urllib.request.urlopen(ask, timeout=10) as answer:
                assert answer.status == 200 and answer.headers["Cache-Control"] == "no-cache", name
                assert answer.read() == (site / (name or "index.html")).read_bytes(), name
        ask = urllib.request.Request(base + "hearts.tar.gz", headers={"If-Modified-Since": later})
        with contextlib.suppress(urllib.error.HTTPError):
            urllib.request.urlopen(ask, timeout=10).close()
        # The other files may still be revalidated.
        assert requests[-1] == ("GET", "/hearts.tar.gz", 304)


def test_no_module_the_site_ships_imports_a_tool_it_leaves_out() -> None:
    """The package's command-line tools stay out of the game's download (``webbuild.NOT_SHIPPED``): the
    page would fail on any import of one, so no shipped module may name one, wherever the import stands
    (a deferred import included), and each bot level's module, imported by name, is shipped."""
    from hearts.bots import BOT_CLASSES
    from tests.test_import_graph import build_imports

    game = ROOT / "game"

    def shipped(module: str) -> bool:
        parts = module.split(".")[1:]
        as_file = Path(*parts).with_suffix(".py") if parts else Path("__init__.py")
        package = Path(*parts) / "__init__.py" if parts else Path("__init__.py")
        path = as_file if (game / "hearts" / as_file).is_file() else package
        return not webbuild.is_not_shipped(path)

    imports = build_imports(game, "hearts")
    assert {edge.importer for edge in imports if not shipped(edge.importer)}, (
        "no tool found: the check is void"
    )
    reaching = [str(edge) for edge in imports if shipped(edge.importer) and not shipped(edge.imported)]
    assert reaching == []
    assert all(shipped(f"hearts.bots.{module}") for module, _ in BOT_CLASSES.values())
    assert not shipped("hearts.tournament.command") and not shipped("hearts.ui.transcript")


def test_a_download_the_browser_lets_go_of_is_no_error_of_the_server(tmp_path: Path, capfd):
    """A tab closed while the runtime downloads cuts the connection: ``./build.sh serve`` says nothing of
    it (the standard library prints a traceback), and serves on."""
    (tmp_path / "big.bin").write_bytes(os.urandom(8 << 20))
    (tmp_path / "small.txt").write_text("still here", encoding="utf-8")
    threads = threading.active_count()
    with serving(tmp_path) as base:
        port = urlsplit(base).port
        with socket.create_connection(("127.0.0.1", port), timeout=10) as cut:
            cut.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert cut.recv(4096).startswith(b"HTTP/1.0 200")
            # Closed with unread data and no lingering: the server's next writes meet a reset connection.
            cut.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        deadline = time.monotonic() + 10
        while threading.active_count() > threads + 1 and time.monotonic() < deadline:
            time.sleep(0.02)  # (the answer's thread ends once its writes fail)
        with urllib.request.urlopen(base + "small.txt", timeout=10) as answer:
            assert answer.read() == b"still here"
    assert threading.active_count() <= threads + 1
    assert "Traceback" not in capfd.readouterr().err
