"""Every snapshot scene drawn twice, natively and in the browser on our runtime (the same pygame-ce code
drawing the same scene, at 390×844), and the share of pixels that differ, printed (docs/PERFORMANCE.md
has them).

The browser's pygame-ce is pygbag's build (SDL 2.28.4, its own FreeType); the native one is PyPI's
(SDL 2.32). Shapes, cards and colours come out the same; text does not, quite: the edges of letters are
shaded differently everywhere, and at small sizes a glyph's advance can differ by a pixel, so a line may
wrap one word sooner and move the rows under it (Options: "Tap, then confirm" wraps after "again" in the
browser). Native snapshots are a close picture of the browser's, not an exact one. A scene differing in
more than MOST_DIFFERENT of its pixels has gone wrong beyond that (a font missing, a layout broken).

The snapshot tool (``tools/snapshot``) is not in the game's archive: the page is handed its source."""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_player import BOOT_TIMEOUT_MS, Player
from playwright.sync_api import Browser, Page

# One page a worker, booted once, draws the scenes: those that need the daily deal's par in one group, the
# rest in another, so that the two run side by side.
pytestmark = pytest.mark.xdist_group("browser-snapshots")
PAR_SCENES = ("daily", "daily_result", "share_box")
SIZE = (390, 844)
MOST_DIFFERENT = 0.25
"""The largest share of a scene's pixels that may differ (measured: 2.0 % for the menu to 15.3 % for
Options, the screen with the most small text)."""

# The page: our runtime, with a Python block that unpacks the game as the real page does and stops there.
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snapshots</title>
<link rel="icon" href="data:,">
<script>var config = { cdn: "cdn/0.9.3/", archive: "hearts" };
function custom_onload() {
    Module.PyConfig.orig_argv.push("PYGPI=" + new URL("cdn/", location.href).href);
}</script>
<script src="cdn/0.9.3/pythons.js" type="module" id="site" data-python="python3.12">#<!--
import asyncio, os, platform, tarfile
from pathlib import Path

async def unpack():
    app = Path("/data/data/hearts")
    app.mkdir(parents=True, exist_ok=True)
    async with platform.fopen("hearts.tar.gz", "rb") as packed:
        with tarfile.open(fileobj=packed, mode="r:gz") as archive:
            archive.extractall(path=str(app), filter="tar")
    platform.run_main(PyConfig, loaderhome=app / "assets", loadermain=None)
    os.environ["SDL_VIDEODRIVER"] = "emscripten"
    platform.window.snapshotsReady = True

asyncio.run(unpack())
# --></script></head><body><canvas id="canvas" width="1" height="1"></canvas></body></html>
"""

TOOL = Path(__file__).resolve().parents[2] / "tools" / "snapshot"
# The tool's source, written into the page's file system beside the unpacked game.
INSTALL_TOOL = """
import sys
from pathlib import Path
folder = Path("/data/data/snapshot-tool/snapshot")
folder.mkdir(parents=True, exist_ok=True)
for name, text in {files!r}.items():
    (folder / name).write_text(text, encoding="utf-8")
sys.path.append(str(folder.parent))
"""

RENDER = """
import base64, pygame
from hearts.storage.settings import Settings
from snapshot import render
surface, _ = render({name!r}, {size!r}, 1.0, Settings())
base64.b64encode(pygame.image.tobytes(surface, "RGB")).decode()
"""


@pytest.fixture(scope="module")
def snapshot_page(browser: Browser, built_site: Path, site_url: str) -> Iterator[Page]:
    (built_site / "snapshots.html").write_text(PAGE, encoding="utf-8")
    context = browser.new_context(viewport={"width": SIZE[0], "height": SIZE[1]})
    page = context.new_page()
    player = Player(page)
    page.goto(site_url + "snapshots.html")
    page.wait_for_function("window.snapshotsReady === true", timeout=BOOT_TIMEOUT_MS)
    files = {path.name: path.read_text(encoding="utf-8") for path in sorted(TOOL.glob("*.py"))}
    page.evaluate("code => Module.pyodide.runPython(code)", INSTALL_TOOL.format(files=files))
    yield page
    player.check()
    context.close()


# Par for the daily deal drawn in three scenes is Hard's play of the whole hand: worked out natively once
# (the same moves in both interpreters: par's work is counted, not timed, tests/test_daily.py) and given to
# the page, which would take half a minute in WebAssembly to play it again.
KNOWN_PAR = """
from hearts.daily import Par, daily_for
from hearts.engine.moves import parse_move
from snapshot import DAILY_DAY, PARS

daily = daily_for(DAILY_DAY)
par = Par(daily)
par.match = daily.new_match()
for text in {moves!r}:
    par.match.apply(parse_move(text))
PARS[DAILY_DAY] = par
"""


# Likewise the hands the scenes play out (Hard in your seat thinks for seconds a card in WebAssembly) and the
# coach's work on them (some 9 s of WebAssembly for each review): worked out natively as the native scene is
# drawn, then given to the page (pickled: the same classes on both sides).
KNOWN_HANDS = """
import base64, pickle
from snapshot import COACHINGS, HANDS_PLAYED

hands, coachings = pickle.loads(base64.b64decode({data!r}))
HANDS_PLAYED.update(hands)
COACHINGS.update(coachings)
"""


def known_hands() -> str:
    import pickle

    from snapshot import COACHINGS, HANDS_PLAYED

    return base64.b64encode(pickle.dumps((HANDS_PLAYED, COACHINGS))).decode()


def daily_par_moves() -> list[str]:
    from snapshot import DAILY_DAY, daily_par

    match = daily_par(DAILY_DAY).match
    assert match is not None
    return [move.to_text() for move in match.moves]


def native_pixels(name: str) -> bytes:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from snapshot import render

    from hearts.storage.settings import Settings

    surface, _ = render(name, SIZE, 1.0, Settings())
    return pygame.image.tobytes(surface, "RGB")


def differing_share(first: bytes, second: bytes) -> float:
    """The share of RGB pixels that are not the same in both."""
    assert len(first) == len(second)
    xor = (int.from_bytes(first) ^ int.from_bytes(second)).to_bytes(len(first))
    channels = [int.from_bytes(xor[offset::3]) for offset in range(3)]
    pixels = (channels[0] | channels[1] | channels[2]).to_bytes(len(first) // 3)
    return (len(pixels) - pixels.count(0)) / len(pixels)


def scenes() -> list[str]:
    from snapshot import SCENES

    return list(SCENES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xdist_group("browser-snapshots-par"))
        if name in PAR_SCENES
        else name
        for name in scenes()
    ],
)
def test_a_scene_draws_alike_in_the_browser(snapshot_page: Page, name: str) -> None:
    if name in PAR_SCENES and not snapshot_page.evaluate("window.parGiven === true"):
        snapshot_page.evaluate(
            "code => Module.pyodide.runPython(code)", KNOWN_PAR.format(moves=daily_par_moves())
        )
        snapshot_page.evaluate("window.parGiven = true")
    native = native_pixels(name)
    snapshot_page.evaluate("code => Module.pyodide.runPython(code)", KNOWN_HANDS.format(data=known_hands()))
    code = RENDER.format(name=name, size=SIZE)
    drawn = base64.b64decode(snapshot_page.evaluate("code => Module.pyodide.runPython(code)", code))
    share = differing_share(drawn, native)
    print(f"{name}: {share:.4%} of pixels differ")
    keep = os.environ.get("HEARTS_SNAPSHOT_DIFFS")
    if keep:
        import pygame

        for kind, pixels in (("browser", drawn), ("native", native)):
            surface = pygame.image.frombytes(pixels, SIZE, "RGB")
            pygame.image.save(surface, str(Path(keep) / f"{name}-{kind}.png"))
    assert share <= MOST_DIFFERENT, f"{name}: {share:.2%} of its pixels differ from the native drawing"


# What the page's own interpreter loaded: the standard library from bytecode alone, and the game's and
# pygame-ce's modules with bytecode that this interpreter takes for its source's, as the build made it (PEP
# 552's flags 1; tests/browser/test_bytecode.py reads the files).
LOADED = """
import asyncio, importlib.util, json
from pathlib import Path
import hearts.ui.app as app
import pygame.sprite as sprite

def built(module):
    cached = Path(module.__spec__.cached)
    source = Path(module.__file__).read_bytes()
    if not cached.is_file():
        return False
    pyc = cached.read_bytes()
    return pyc[4:8] == (1).to_bytes(4, "little") and pyc[8:16] == importlib.util.source_hash(source)

json.dumps({"stdlib": asyncio.__spec__.origin, "game": built(app), "pygame": built(sprite)})
"""


def test_the_page_loads_the_bytecode_it_was_given(snapshot_page: Page) -> None:
    import json

    loaded = json.loads(snapshot_page.evaluate("code => Module.pyodide.runPython(code)", LOADED))
    assert loaded["stdlib"].endswith("python312.zip/asyncio/__init__.pyc"), loaded
    assert loaded["game"] is True, loaded
    assert loaded["pygame"] is True, loaded
