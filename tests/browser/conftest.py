"""The game as players meet it: the real built site with our vendored runtime (Pyodide and pygame-ce's
wheel), served on 127.0.0.1, played in Debian's Chromium through Playwright by real touches, clicks and
keys, and read only through the page (the mirror, the live regions, ``window.hearts``, screenshots).

Every other host is refused by the browser itself (its host resolver knows no other name), so a test
that needed the network would fail. A console watcher fails any test whose page shows an error or a
Python traceback. Not collected inside Pyodide, where there is no browser."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts.storage import Settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

ROOT = Path(__file__).resolve().parents[2]

if sys.platform == "emscripten" or importlib.util.find_spec("playwright") is None:
    collect_ignore_glob = ["*.py"]
else:
    sys.path.insert(0, str(ROOT / "tools"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.native)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``./build.sh build`` makes it, our runtime in it ($HEARTS_BROWSER_SITE: a site built
    already, say from another commit, to see a test fail without a fix)."""
    import fcntl
    import os

    import webbuild
    from browser_player import CHROMIUM

    given = os.environ.get("HEARTS_BROWSER_SITE")
    if given:
        return Path(given)
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: ./build.sh test installs it (apt-get install chromium)")
    # One build for the run, whichever worker comes first (the others wait for it): on a clean clone the
    # first build compiles the standard library's bytecode, some 12 s.
    run = tmp_path_factory.getbasetemp()  # a worker's own folder, in the run's (pytest-xdist)
    shared = (run.parent if "PYTEST_XDIST_WORKER" in os.environ else run) / "browser-site"
    shared.mkdir(exist_ok=True)
    out = shared / "web"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "built").is_file():
            try:
                webbuild.build(out, runtime="pyodide", staging=shared / "stage")
            except webbuild.BuildError as error:
                pytest.fail(f"the site did not build: {error}")
            (shared / "built").touch()
    return out


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site on 127.0.0.1."""
    from serve import serving

    with serving(built_site) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, one for the tests of a module: Playwright's sync API holds an event loop while it runs,
    so it must end before a test elsewhere in this worker runs asyncio (or Playwright) of its own."""
    from browser_player import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


PHONE = (390, 844)
DESKTOP = (1280, 720)


def player_context(
    browser: Browser,
    size: tuple[int, int],
    *,
    mouse: bool = False,
    reduced_motion: bool = False,
    easy: bool = False,
) -> BrowserContext:
    """A player's own browser profile (``browser_player.Player.context``): touch, or a mouse. ``easy``:
    the profile has played before and chose the Quick pace and Easy bots (a hand takes half the time it
    does at the Normal pace, whose steps are most of it; Easy's decisions leave the processor to the other
    pages), with the same Reduced motion as its system."""
    from browser_player import Player
    from browser_settings import settings_kept

    pointer = "mouse" if mouse else "touch"
    context = Player.context(browser, size, pointer=pointer, reduced_motion=reduced_motion)
    if easy:
        context.add_init_script(
            settings_kept(Settings(difficulty="easy", pace="quick", reduced_motion=reduced_motion))
        )
    return context


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = player_context(browser, PHONE, easy=True)
    yield context
    context.close()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = player_context(browser, DESKTOP, mouse=True, easy=True)
    yield context
    context.close()


# Players whose systems ask for less motion: the game's first visit has Reduced motion on, so cards jump
# into place (and a whole hand takes a third less time to play).
@pytest.fixture
def calm_desktop(browser: Browser) -> Iterator[BrowserContext]:
    context = player_context(browser, DESKTOP, mouse=True, reduced_motion=True)
    yield context
    context.close()


@pytest.fixture
def calm_easy_phone(browser: Browser) -> Iterator[BrowserContext]:
    """A calm phone that has played before, at the Quick pace (``player_context``)."""
    context = player_context(browser, PHONE, reduced_motion=True, easy=True)
    yield context
    context.close()


@pytest.fixture
def calm_easy_desktop(browser: Browser) -> Iterator[BrowserContext]:
    """A calm desktop that has played before, with Easy bots (``player_context``)."""
    context = player_context(browser, DESKTOP, mouse=True, reduced_motion=True, easy=True)
    yield context
    context.close()
