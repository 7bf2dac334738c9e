"""Benchmarks: ``python -m hearts.bench engine|bots|ui|pace [--json]``.

The last line of ``--json`` output is one JSON object, so scripts can read it with ``tail -n 1``.
One process and no threads, so the same command runs inside Pyodide.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import LEVELS, Bot, make_bot
from .deals import deal_for
from .engine import STANDARD, CardSet, Match, Move, Pass, Phase, PlayerView, Seat
from .tournament import bot_seed, play_hand, start_hand

_SEATS = tuple(Seat)
_PASS = Phase.PASS  # enum members read through the class cost a hook each time on Python 3.11
_OVER = Phase.OVER


# Random choices are made as ``items[int(rng.random() * len(items))]``: one C call, where
# ``rng.choice`` and ``rng.sample`` run Python code of their own that would weigh in the figures.
# With a float's 53 bits, no list here is long enough for the bias to show.


def random_pass(match: Match, seat: Seat, rng: random.Random) -> Pass:
    """Three of the cards the seat may pass, at random (through the public query)."""
    cards = list(match.legal_pass_cards(seat))
    draw = rng.random
    first = cards.pop(int(draw() * len(cards)))
    second = cards.pop(int(draw() * len(cards)))
    third = cards.pop(int(draw() * len(cards)))
    return Pass(seat, CardSet((first, second, third)))


def play_out(match: Match, rng: random.Random) -> None:
    """Random legal plays (and a random moon choice, if one comes up) until the hand is scored."""
    draw = rng.random
    apply = match.apply
    legal_moves = match.legal_moves
    while moves := legal_moves():
        apply(moves[int(draw() * len(moves))])


def full_hand(match: Match, seed: int, rng: random.Random) -> None:
    """Deal, pass and play one random legal hand."""
    match.apply(deal_for(seed, match.hand_number + 1))
    if match.phase is _PASS:
        for seat in _SEATS:
            match.apply(random_pass(match, seat, rng))
    play_out(match, rng)


def _measure(run: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Units done by ``run`` (which returns how many it did) over about ``seconds`` of its own time,
    once at least, and the seconds they took."""
    done = 0
    spent = 0.0
    while spent < seconds or not done:
        start = time.perf_counter()
        done += run()
        spent += time.perf_counter() - start
    return done, spent


def bench_engine(seconds: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    batch = 200

    def full_hands() -> int:
        match = Match()
        for _ in range(batch):
            if match.phase is _OVER:
                match = Match()
            full_hand(match, seed, rng)
        return batch

    # Play phase only: deals and passes are prepared outside the timed part.
    prepared: list[Match] = []

    def prepare() -> None:
        prepared.clear()
        for index in range(batch):
            match = Match()
            match.apply(deal_for(seed + index, 1))
            for seat in _SEATS:
                match.apply(random_pass(match, seat, rng))
            prepared.append(match)

    play_spent = 0.0
    play_done = 0
    full_done, full_spent = _measure(full_hands, seconds)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not play_done:  # once at least, however slow the machine
        prepare()
        start = time.perf_counter()
        for match in prepared:
            play_out(match, rng)
        play_spent += time.perf_counter() - start
        play_done += batch
    return {
        "full_hands_per_s": round(full_done / full_spent),
        "play_hands_per_s": round(play_done / play_spent),
        "full_hands": full_done,
        "play_hands": play_done,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "seconds": seconds,
    }


def timed_decision(bot: Bot, view: PlayerView) -> tuple[Move, float, float]:
    """``bot.decide(view)`` taken apart: the move, the seconds it took, and its longest slice (the
    longest stretch between two yields: what a browser frame would wait for)."""
    thought = bot.think(view)
    total = longest = 0.0
    while True:
        start = time.perf_counter()
        try:
            next(thought)
        except StopIteration as done:
            step = time.perf_counter() - start
            move: Move = done.value
            return move, total + step, max(longest, step)
        step = time.perf_counter() - start
        total += step
        longest = max(longest, step)


@dataclass(slots=True)
class Timings:
    """The times of one kind of decision by one level."""

    seconds: list[float] = field(default_factory=list)
    longest_slice: float = 0.0

    def add(self, seconds: float, longest_slice: float) -> None:
        self.seconds.append(seconds)
        self.longest_slice = max(self.longest_slice, longest_slice)

    def to_dict(self) -> dict[str, Any]:
        times = sorted(seconds * 1000 for seconds in self.seconds)
        if not times:
            return {"decisions": 0}
        p90 = statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]
        return {
            "median_ms": round(statistics.median(times), 3),
            "p90_ms": round(p90, 3),
            "max_ms": round(times[-1], 3),
            "max_slice_ms": round(self.longest_slice * 1000, 3),
            "decisions": len(times),
        }


def available_levels() -> list[str]:
    """The levels past random whose modules exist (others are being written)."""
    levels = []
    for level in LEVELS:
        if level == "random":
            continue
        try:
            make_bot(level)
        except (ImportError, AttributeError):
            continue
        levels.append(level)
    return levels


def time_hand(level: str, opponents: str, seed: int, index: int, plays: Timings, passes: Timings) -> None:
    """Deal ``index``, the measured level in seat ``index % 4`` and ``opponents`` in the others."""
    measured = Seat(index % 4)
    bots = [
        make_bot(level if seat == measured else opponents, bot_seed(seed, index, seat, level))
        for seat in Seat
    ]

    def decide(seat: Seat, view: PlayerView) -> Move:
        if seat != measured:
            return bots[seat].decide(view)
        move, seconds, longest_slice = timed_decision(bots[seat], view)
        (passes if view.phase is Phase.PASS else plays).add(seconds, longest_slice)
        return move

    play_hand(start_hand(STANDARD, seed, index), decide)


def bench_bots(levels: Sequence[str], deals: int, seed: int, opponents: str) -> dict[str, Any]:
    """Each level's thinking time per decision: plays at the top level, passes under ``pass``."""
    result: dict[str, Any] = {}
    for level in levels:
        plays, passes = Timings(), Timings()
        for index in range(deals):
            time_hand(level, opponents, seed, index, plays, passes)
        result[level] = {**plays.to_dict(), "pass": passes.to_dict()}
    return {
        **result,
        "deals": deals,
        "opponents": opponents,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
    }


def _print_bots(result: dict[str, Any], levels: Sequence[str]) -> None:
    print(
        f"Thinking time per decision in ms, {result['deals']} deals against {result['opponents']}"
        f" ({result['implementation']} {result['python']}, {result['platform']})"
    )
    print(f"{'level':<8} {'kind':<5} {'median':>9} {'p90':>9} {'max':>9} {'max slice':>10} {'count':>6}")
    for level in levels:
        for kind, figures in (("play", result[level]), ("pass", result[level]["pass"])):
            if not figures["decisions"]:
                continue
            print(
                f"{level:<8} {kind:<5} {figures['median_ms']:>9.2f} {figures['p90_ms']:>9.2f}"
                f" {figures['max_ms']:>9.2f} {figures['max_slice_ms']:>10.2f} {figures['decisions']:>6}"
            )


def _level(text: str) -> str:
    level = text.strip()
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"no bot level {level!r}; choose from {', '.join(LEVELS)}")
    return level


def _levels(text: str) -> list[str]:
    return [_level(part) for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.bench", description=__doc__)
    parser.add_argument(
        "target", choices=["engine", "bots", "ui", "pace", "transfer"], help="what to measure"
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON object on a line")
    parser.add_argument("--seconds", type=float, default=3.0, help="engine: time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=10, help="bots: deals per level (default 10)")
    parser.add_argument("--frames", type=int, default=1800, help="ui: frames of play per size (default 1800)")
    parser.add_argument("--hands", type=int, default=4, help="pace: hands per level and clock (default 4)")
    parser.add_argument("--matches", type=int, default=20, help="transfer: matches to 100 (default 20)")
    parser.add_argument("--cards", type=int, default=None, help="pace: stop after this many of your cards")
    parser.add_argument(
        "--levels",
        type=_levels,
        default=None,
        help="bots: comma-separated levels (default: every level past random that exists)",
    )
    parser.add_argument(
        "--opponents",
        type=_level,
        default="random",
        help="bots: the level in the other three seats (default random)",
    )
    args = parser.parse_args(argv)
    if args.target == "pace":
        return _pace(args.hands, args.seed, args.cards)
    if args.target == "bots":
        levels = available_levels() if args.levels is None else args.levels
        if not levels:
            parser.error("no bot level past random exists yet; try --levels random")
        result = bench_bots(levels, args.deals, args.seed, args.opponents)
    elif args.target == "ui":
        from .ui.bench import bench_ui  # pygame only here: the other benchmarks run without it

        result = bench_ui(args.frames)
    elif args.target == "transfer":
        from .transfer_bench import bench_transfer  # the storage, only for this one

        result = bench_transfer(args.matches, args.seed)
    else:
        result = bench_engine(args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
    elif args.target == "bots":
        _print_bots(result, levels)
    elif args.target == "ui":
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    return 0


def _pace(hands: int, seed: int, cards: int | None) -> int:
    """``pace``: each level's samples summed up, Hard's share of Normal, then the medians as the last
    line (one JSON object, with or without ``--json``)."""
    from .ui.bench import bench_pace  # pygame only here

    samples = bench_pace(hands, seed, cards)
    at_once = samples.pop("at_once")["hard"]
    frame_ms = samples.pop("frame_ms")
    medians = {
        name: {level: round(statistics.median(times), 3) for level, times in levels.items()}
        for name, levels in samples.items()
    }
    print(f"Your card landing to your next turn, seconds at Normal pace ({hands} hands of match {seed})")
    print(f"{'thinking':<8} {'bots':<7} {'median':>7} {'p90':>7} {'cards':>6}")
    for name, levels in samples.items():
        for level, times in levels.items():
            p90 = statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]
            print(f"{name:<8} {level:<7} {medians[name][level]:>7.3f} {p90:>7.3f} {len(times):>6}")
        print(f"{name:<8} hard / normal: {medians[name]['hard'] / medians[name]['normal']:.2f}")
    print(
        f"Hard's own game with its moves made at once: median {statistics.median(at_once):.3f} s"
        " (the rest of Hard's figures is its thinking; the rest of Normal's, who leads when)"
    )
    for name, times in frame_ms.items():
        ordered = sorted(times)
        print(
            f"Frames with Hard, {name}: median {statistics.median(ordered):.2f} ms, p95"
            f" {ordered[int(len(ordered) * 0.95)]:.2f} ms, max {ordered[-1]:.2f} ms of work"
            f" ({len(ordered)} frames)"
        )
    print(json.dumps(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
