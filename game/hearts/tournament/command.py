"""Duplicate tournaments between bots: ``python -m hearts.tournament --seats hard,normal,normal,normal``.

Each deal is one hand, played once for every distinct rotation of the seating, so every entry holds
every seat's cards and the luck of the deal cancels out. Deal ``i`` (from 0) is hand number
``i % 4 + 1`` of a match, so the pass goes left, right, across and none in turn.

- Seatings: rotation ``r`` moves every listed bot ``r`` seats on in play order (the first listed sits
  in seat ``r``); rotations that give the same labels in the same seats are played once. So
  ``hard,normal,normal,normal`` is played 4 times a deal (hard in each seat once), ``a,a,b,b`` 4
  times, ``a,b,a,b`` twice and ``a,a,a,a`` once.
- Entries are the distinct labels: ``hard`` or ``NAME=LEVEL`` (e.g. ``--seats a=random,random,...``
  for an A/A test of the statistics).
- Everything is a pure function of (seed, deal index, seating): the deal's cards, and each bot's seed,
  which depends on the seed, the deal, the seat and the entry's label. A bot is built afresh for
  every hand, so nothing carries over and ``--workers`` cannot change a result.
- Statistics: each deal is one observation (an entry's score averaged over all its seats in all
  seatings of the deal); the 95% half-width is the t quantile times the standard error across deals.
  Differences between two entries are paired by deal the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Final, TextIO

from ..bots import make_bot
from ..engine import PRESETS
from .play import Config, DealResult, Entry, parse_seats, play_deals
from .stats import Estimate, Summary, summarize

MAX_DEFAULT_WORKERS: Final = 2


def run(config: Config, workers: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """Play the tournament and sum it up; ``progress`` hears how many deals are done."""
    results: list[DealResult] = []
    for result in play_deals(config, workers):
        results.append(result)
        if progress is not None:
            progress(len(results))
    return summarize(config, results)


class ProgressBar:
    """A one-line bar on a terminal (nothing when the stream is a file or a pipe)."""

    WIDTH: Final = 30
    REDRAW: Final = 0.1
    """Seconds between redraws at most."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.is_shown = stream.isatty()
        self.started = self.drawn = time.perf_counter()

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        if not self.is_shown or (now - self.drawn < self.REDRAW and done < self.total):
            return
        self.drawn = now
        filled = self.WIDTH * done // self.total
        seconds = now - self.started
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} deals, {seconds:.0f} s")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def _format_estimate(estimate: Estimate, signed: bool = False) -> str:
    mean = f"{estimate.mean:+.2f}" if signed else f"{estimate.mean:.2f}"
    width = "n/a" if estimate.half_width is None else f"{estimate.half_width:.2f}"
    return f"{mean} ± {width}"


def format_summary(summary: Summary, seconds: float) -> str:
    config = summary.config
    seats = ",".join(entry.to_text() for entry in config.entries)
    lines = [
        f"Duplicate tournament: {seats}; {config.deals} deals × {len(config.seatings)} seatings"
        f" = {summary.hands} hands; rules {config.rules_name}; seed {config.seed}; {seconds:.1f} s",
        "",
        f"{'entry':<12} {'seats':>5} {'hands':>7}  {'points/hand ±95%':>17}"
        f"  {'moons shot/hand':>17}  {'moons allowed/hand':>18}",
    ]
    for entry in summary.entries:
        shot = f"{entry.moons_shot / entry.hands:.4f} ({entry.moons_shot})"
        allowed = f"{entry.moons_allowed / entry.hands:.4f} ({entry.moons_allowed})"
        lines.append(
            f"{entry.label:<12} {entry.seats:>5} {entry.hands:>7}  {_format_estimate(entry.points):>17}"
            f"  {shot:>17}  {allowed:>18}"
        )
    if summary.differences:
        lines += ["", "Differences in points per hand, paired by deal (below zero: the first takes fewer):"]
        for difference in summary.differences:
            verdict = "clear of zero" if difference.points.is_clear_of_zero else "not clear of zero"
            lines.append(
                f"  {difference.entry} − {difference.versus}: "
                f"{_format_estimate(difference.points, signed=True)} ({verdict})"
            )
    return "\n".join(lines)


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))


def _seats_argument(text: str) -> tuple[Entry, ...]:
    try:
        return parse_seats(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {value}")
    return value


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.tournament",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seats",
        type=_seats_argument,
        required=True,
        help="four entries in seat order, LEVEL or NAME=LEVEL, e.g. hard,normal,normal,normal",
    )
    parser.add_argument("--deals", type=_positive, default=200, help="deals to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (default 1)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard", help="table preset")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=default_workers(),
        help=f"processes to play in (default: the CPU count, at most {MAX_DEFAULT_WORKERS})",
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON object on a line")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    config = Config(entries=args.seats, deals=args.deals, seed=args.seed, rules_name=args.rules)
    for entry in config.entries:
        try:
            make_bot(entry.level)  # a level not written yet fails here, not in a worker
        except (ImportError, AttributeError) as error:
            print(f"hearts.tournament: level {entry.level} is not available: {error}", file=sys.stderr)
            return 2
    workers = 1 if sys.platform == "emscripten" else args.workers
    started = time.perf_counter()
    summary = run(config, workers, ProgressBar(config.deals, sys.stderr))
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps({**summary.to_dict(), "workers": workers, "seconds": round(seconds, 2)}))
    else:
        print(format_summary(summary, seconds))
    return 0
