"""The web site's tests: the built site served on 127.0.0.1 and driven in headless Chromium (Debian's
chromium, through Playwright). Not collected inside Pyodide, where neither exists."""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]

if sys.platform == "emscripten" or importlib.util.find_spec("playwright") is None:
    collect_ignore_glob = ["*.py"]
else:
    sys.path.insert(0, str(ROOT / "tools"))

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


@pytest.hookimpl(tryfirst=True)  # (before xdist reads the groups)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test here needs the native interpreter and a browser. A module's tests share one worker
    (``--dist loadgroup``): each module builds its site and starts its browser once, not once a worker."""
    for item in items:
        path = Path(str(item.fspath))
        if path.is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.native)
            item.add_marker(pytest.mark.xdist_group(f"web-{path.stem}"))


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    """Headless Chromium, one for the tests of a module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def chromium() -> str:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            "Chromium is missing: ./build.sh test installs Debian's chromium (apt-get install chromium)"
        )
    return CHROMIUM


def serving(root: Path, *, allow_any_origin: bool = False) -> contextlib.AbstractContextManager[str]:
    """Serve ``root`` on 127.0.0.1 in a thread; yields the base URL (ending in /)."""
    from serve import serving as serve_in_thread

    return serve_in_thread(root, allow_any_origin=allow_any_origin)


def build_site(
    out: Path,
    *,
    vendor: bool = False,
    runtime_url: str | None = None,
    cdn: str | None = None,
    runtime: str = "pygbag",
) -> dict[str, object]:
    """Build the real site into ``out`` (as ``./build.sh build --runtime pygbag`` does: these tests follow
    the page on pygbag's loader, with a stand-in of it; tests/browser/ plays the site as it ships)."""
    import webbuild

    return webbuild.build(
        out,
        runtime=runtime,
        vendor=vendor,
        runtime_url=runtime_url or webbuild.DEFAULT_RUNTIME_URL,
        python=sys.executable,
        staging=out.parent / "stage",
        cdn=cdn or webbuild.CDN,
    )


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build of the site for the tests that only read it."""
    out = tmp_path_factory.mktemp("site") / "web"
    build_site(out)
    return out
