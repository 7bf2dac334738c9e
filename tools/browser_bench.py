"""The game's figures in the browser: ``./build.sh bench browser [--json] [--hands N]``.

Builds the site as it ships (our runtime in it), serves it on 127.0.0.1 and plays it in headless Chromium,
by real input as tests/browser does, and measures:
- the first frame (``hearts.startedAt``) from a cold server and browser (the median of five starts), and
  again once the service worker holds every file;
- a hand against Hard with Hint asked at every turn (the coach at work in the background), at scale 1
  (1280×720) and at the largest scale (390×844 drawn at 2×): long tasks (the ``longtask`` observer), the
  time between animation frames (p95) and frames a second;
- idle on the menu and on your own turn: the page's main-thread busy time a second, beside a blank page
  running an animation-frame loop in the same run (and that page's time between frames, p95: the
  browser's own jitter, the floor under the game's);
- the JavaScript heap, the WebAssembly memory and its allocator's bytes in use after each of ``--hands``
  hands at fast-forward (a new match begins when one ends).
Prints a summary, and with ``--json`` one line of JSON last.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from browser_player import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    Hand,
    Player,
    Table,
    is_my_move,
    passing,
)
from serve import serving  # noqa: E402

from hearts.engine import TRICKS  # noqa: E402

# Installed before the page's own scripts: long tasks and the time of every animation frame.
WATCH = """
window.benchWatch = { longTasks: [], frames: [] };
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchWatch.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
(function tick(now) { window.benchWatch.frames.push(now); requestAnimationFrame(tick); })(performance.now());
"""
COLD_STARTS = 5
"""Cold starts measured; the figure is their median, with the steps of that start."""
RESET = "window.benchWatch.longTasks = []; window.benchWatch.frames = [];"
BLANK = f"<!doctype html><title>blank</title><script>{WATCH}</script>"
"""A page with nothing but a frame loop: the floor for idle CPU, and for the time between frames (the
browser's own jitter, which no game can beat)."""


# The page's memory: the JS heap, WebAssembly's memory (it only grows, a fifth at a time) and what its
# allocator has handed out and not had back (``mallinfo``'s ``uordblks``: where Python's objects live); the
# struct is read off the stack, so reading it allocates nothing.
READ_MEMORY = """() => {
    const wasm = Module.pyodide._module;
    const top = wasm.stackSave();
    const info = wasm.stackAlloc(64);
    wasm._mallinfo(info);
    const inUse = wasm.HEAPU32[(info >> 2) + 7];
    wasm.stackRestore(top);
    return { js: performance.memory ? performance.memory.usedJSHeapSize : 0, wasm: wasm.HEAP8.length, inUse };
}"""


def first_frame(player: Player) -> float:
    return round(float(player.page.evaluate("hearts.startedAt")) / 1000, 3)


def wait_for_offline_copy(player: Player) -> None:
    player.page.wait_for_function(
        """async () => {
            const names = await caches.keys();
            const runtime = names.find((name) => name.startsWith("hearts-runtime-"));
            if (!runtime || !navigator.serviceWorker.controller) return false;
            const kept = await (await caches.open(runtime)).keys();
            return kept.some((request) => request.url.endsWith(".whl"));
        }""",
        timeout=120_000,
    )


def choose_hard(player: Player) -> None:
    table = player.wait_for(lambda t: t.dialog is not None, what="the menu")
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Options"))
    for _ in range(4):
        table = player.wait_for(lambda t: t.dialog is not None and "ptions" in t.dialog.title, what="Options")
        assert table.dialog is not None
        row = table.dialog.choice("Difficulty")
        if "Hard" in row.name:
            break
        player.tap(row)
        player.page.wait_for_timeout(300)
    player.key("Escape")
    player.wait_for(lambda t: t.dialog is not None and t.dialog.title.startswith("Hearts"), what="the menu")


def busy_per_second(player_page: Any, seconds: float) -> float:
    """Main-thread busy time of the page's renderer a second, over ``seconds`` (Chrome's TaskDuration)."""
    session = player_page.context.new_cdp_session(player_page)
    session.send("Performance.enable")

    def task() -> float:
        metrics = session.send("Performance.getMetrics")["metrics"]
        return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))

    start, clock = task(), time.perf_counter()
    player_page.wait_for_timeout(seconds * 1000)
    return (task() - start) / (time.perf_counter() - clock)


def frames_figures(watch: dict[str, list[float]], seconds: float) -> dict[str, float]:
    frames = watch["frames"]
    gaps = [b - a for a, b in itertools.pairwise(frames)]
    p95 = statistics.quantiles(gaps, n=20)[-1] if len(gaps) >= 20 else max(gaps, default=0.0)
    tasks = watch["longTasks"]
    return {
        "long_tasks": len(tasks),
        "longest_task_ms": round(max(tasks, default=0.0), 1),
        "frame_p95_ms": round(p95, 1),
        "fps": round(len(frames) / seconds, 1) if seconds else 0.0,
    }


def hand_against_hard(browser: Any, url: str, size: tuple[int, int], scale: float) -> dict[str, float]:
    pointer = "touch" if size[0] < size[1] else "mouse"
    context = Player.context(browser, size, pointer=pointer, scale=scale)  # type: ignore[arg-type]
    context.add_init_script(WATCH)
    try:
        player = Player.opened(context, url, pointer=pointer)  # type: ignore[arg-type]
        choose_hard(player)
        table = player.wait_for(lambda t: t.dialog is not None, what="the menu")
        assert table.dialog is not None
        player.tap(table.dialog.choice("^New match"))
        player.wait_for(is_my_move, what="the first pass")
        player.page.evaluate(RESET)
        start = time.perf_counter()
        hand = Hand(player)
        lost = 0  # taps on a card that played nothing within 30 s (then the card is tapped again)
        while True:
            table = player.table()
            if table.dialog is not None:
                break
            if is_my_move(table):
                hint = table.button("^Hint")
                if hint is not None and not passing(table):
                    player.tap(hint)  # asked for, its answer awaited, then played as the player likes
                    player.page.wait_for_timeout(100)
                    player.page.wait_for_function(
                        "!/Thinking/.test((hearts.spoken.at(-1) || {text: ''}).text)", timeout=20_000
                    )
                    table = player.table()
                if is_my_move(table):
                    try:
                        hand.step(table)
                    except AssertionError:
                        lost += 1
            else:
                player.page.wait_for_timeout(40)
        seconds = time.perf_counter() - start
        figures = frames_figures(player.page.evaluate("window.benchWatch"), seconds)
        figures["seconds"] = round(seconds, 1)
        figures["lost_taps"] = lost
        player.check()
        return figures
    finally:
        context.close()


def has_play_again(table: Table) -> bool:
    return table.dialog is not None and any(c.name == "Play again" for c in table.dialog.choices)


def memory(player: Player) -> dict[str, float]:
    player.page.context.new_cdp_session(player.page).send("HeapProfiler.collectGarbage")
    found = player.page.evaluate(READ_MEMORY)
    return {
        "js_mb": round(found["js"] / 1048576, 1),
        "wasm_mb": round(found["wasm"] / 1048576, 1),
        "in_use_mb": round(found["inUse"] / 1048576, 1),
    }


def run(hands: int) -> dict[str, Any]:
    import webbuild
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {"runtime": "pyodide"}
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "web"
        webbuild.build(site, runtime="pyodide", staging=Path(folder) / "stage")
        with serving(site) as url, sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            # First frame: cold (the median of a few, each in a browser context of its own: one start
            # varies by a few tenths of a second on a busy machine), then from the service worker's copy.
            colds: list[tuple[float, dict[str, int]]] = []
            for _ in range(COLD_STARTS - 1):
                cold = Player.context(browser, (390, 844))
                try:
                    opened = Player.opened(cold, url)
                    colds.append((first_frame(opened), opened.page.evaluate("Module.timings")))
                finally:
                    cold.close()
            context = Player.context(browser, (390, 844))
            player = Player.opened(context, url)
            colds.append((first_frame(player), player.page.evaluate("Module.timings")))
            colds.sort(key=lambda cold: cold[0])
            figures["first_frame_cold_s"], figures["boot_steps_ms"] = colds[len(colds) // 2]
            figures["first_frame_cold_all_s"] = [seconds for seconds, _steps in colds]
            wait_for_offline_copy(player)
            player.reload()
            figures["first_frame_cached_s"] = first_frame(player)
            player.page.reload()
            player.wait_started()
            figures["first_frame_cached_again_s"] = first_frame(player)
            # Idle, beside a blank page with a frame loop.
            figures["idle_menu_cpu"] = round(busy_per_second(player.page, 8), 3)
            table = player.wait_for(lambda t: t.dialog is not None, what="the menu")
            assert table.dialog is not None
            player.tap(table.dialog.choice("^New match"))
            player.wait_for(is_my_move, what="your turn")
            player.page.wait_for_timeout(1500)
            figures["idle_turn_cpu"] = round(busy_per_second(player.page, 8), 3)
            blank = context.new_page()
            blank.set_content(BLANK)
            figures["blank_frame_loop_cpu"] = round(busy_per_second(blank, 8), 3)
            blank_frames = frames_figures(blank.evaluate("window.benchWatch"), 8)
            figures["blank_frame_p95_ms"] = blank_frames["frame_p95_ms"]
            blank.close()
            context.close()
            # A hand against Hard, at scale 1 and at the largest scale.
            figures["hand_scale_1"] = hand_against_hard(browser, url, (1280, 720), 1)
            figures["hand_scale_2"] = hand_against_hard(browser, url, (390, 844), 2)
            # Memory along hands at fast-forward.
            context = Player.context(browser, (1280, 720), pointer="mouse")
            player = Player.opened(context, url, pointer="mouse")
            table = player.wait_for(lambda t: t.dialog is not None, what="the menu")
            assert table.dialog is not None
            player.tap(table.dialog.choice("^New match"))
            player.wait_for(is_my_move, what="the first pass")
            fast = player.table().button("^Fast")
            if fast is not None:
                player.tap(fast)
            samples: list[dict[str, float]] = []
            figures["memory_by_hand"] = samples
            for _ in range(hands):  # a match over, the next begins (Play again)
                result = Hand(player).play()
                samples.append(memory(player))
                follow = next(c for c in result.choices if c.name.startswith(("Next", "See the result")))
                player.tap(follow)
                if follow.name.startswith("See the result"):
                    over = player.wait_for(
                        has_play_again,
                        what="the match's result",
                    )
                    assert over.dialog is not None
                    player.tap(over.dialog.choice("^Play again$"))
                player.wait_for(lambda t: t.dialog is None and len(t.hand) == TRICKS, what="the next deal")
                fast = player.wait_for(lambda t: t.button("^Fast") is not None, what="Fast").button("^Fast")
                if fast is not None and not fast.name.endswith("(on)"):
                    player.tap(fast)
            player.check()
            context.close()
            browser.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./build.sh bench browser", description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    parser.add_argument("--hands", type=int, default=3, help="hands to sample memory along")
    args = parser.parse_args(argv)
    figures = run(args.hands)
    for name, value in figures.items():
        print(f"{name}: {value}")
    if args.json:
        print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
