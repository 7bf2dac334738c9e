"""Benchmarks: ``python -m hearts.bench engine [--json]``.

The last line of ``--json`` output is one JSON object, so scripts can read it with ``tail -n 1``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from .deals import deal_for
from .engine import CardSet, Match, Pass, Phase, Seat


def random_pass(match: Match, seat: Seat, rng: random.Random) -> Pass:
    hand = match.view_for(seat).hand
    return Pass(seat, CardSet(rng.sample(list(hand), 3)))


def play_out(match: Match, rng: random.Random) -> None:
    """Random legal plays through the public engine until the hand is over."""
    choice = rng.choice
    apply = match.apply
    legal_moves = match.legal_moves
    while match.phase is Phase.PLAY:
        apply(choice(legal_moves()))


def full_hand(match: Match, seed: int, rng: random.Random) -> None:
    """Deal, pass and play one random legal hand."""
    match.apply(deal_for(seed, match.hand_number + 1))
    if match.phase is Phase.PASS:
        for seat in Seat:
            match.apply(random_pass(match, seat, rng))
    play_out(match, rng)


def _rate(run: Callable[[], int], seconds: float) -> float:
    """Units per second of ``run`` (which returns how many units it did and how long they took)."""
    done = 0
    spent = 0.0
    while spent < seconds:
        start = time.perf_counter()
        done += run()
        spent += time.perf_counter() - start
    return done / spent


def bench_engine(seconds: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    batch = 200

    def full_hands() -> int:
        match = Match()
        for _ in range(batch):
            if match.phase is Phase.OVER:
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
            for seat in Seat:
                match.apply(random_pass(match, seat, rng))
            prepared.append(match)

    play_spent = 0.0
    play_done = 0
    full_rate = _rate(full_hands, seconds)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        prepare()
        start = time.perf_counter()
        for match in prepared:
            play_out(match, rng)
        play_spent += time.perf_counter() - start
        play_done += batch
    return {
        "full_hands_per_s": round(full_rate),
        "play_hands_per_s": round(play_done / play_spent),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "seconds": seconds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts.bench", description=__doc__)
    parser.add_argument("target", choices=["engine"], help="what to measure")
    parser.add_argument("--json", action="store_true", help="end with one JSON object on a line")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = bench_engine(args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
