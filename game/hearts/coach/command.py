"""The coach as a command: ``python -m hearts.coach SAVEFILE --json`` judges South's decisions in a
saved match's last finished hand, a line each; ``--bench HANDS`` times the coach on fixed hands;
``--study HANDS`` measures how far its key moments can be trusted (``study``)."""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ..engine import InvalidSave, Match, record
from .judgement import review, run, seed_for
from .study import main_study, played_hand
from .words import short_worth


def load_match(path: Path) -> tuple[Match, int | None]:
    """A match from a file: the game's save (``hearts-save``) or a bare match record."""
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        raise InvalidSave(f"{path} is not JSON") from None
    if isinstance(data, dict) and data.get("format") == "hearts-save":
        data = data.get("record")
    return record.from_record(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.coach",
        description="Judge South's decisions in the last finished hand of a saved match, as Hard sees them.",
    )
    parser.add_argument("save", type=Path, nargs="?", help="a saved match: the game's save or a match record")
    parser.add_argument(
        "--bench",
        type=int,
        metavar="HANDS",
        help="time the coach on hand 1 of matches 1 to HANDS, Normal in every seat (no save needed)",
    )
    parser.add_argument(
        "--study",
        type=int,
        metavar="HANDS",
        help="how far the key moments can be trusted, on hand 1 of matches 1 to HANDS (docs/COACH.md)",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        help="with --study: stop starting hands after this many minutes (the result says how many were done)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="with --study: this many processes share the hands (default 1)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per decision, a line each")
    parser.add_argument("--hand", type=int, help="the hand to judge (default: the last finished one)")
    parser.add_argument("--seed", type=int, help="the bot seed (default: the one in South's seat)")
    args = parser.parse_args(argv)
    if args.bench is not None:
        if args.bench < 1:
            parser.error("--bench takes a number of hands, 1 or more")
        return bench(args.bench, as_json=args.json)
    if args.study is not None:
        if args.study < 1:
            parser.error("--study takes a number of hands, 1 or more")
        return main_study(args.study, as_json=args.json, minutes=args.minutes, jobs=max(1, args.jobs))
    if args.save is None:
        parser.error("a saved match is needed (or --bench, or --study)")
    try:
        match, match_seed = load_match(args.save)
    except (OSError, InvalidSave) as error:
        print(f"hearts.coach: cannot read {args.save}: {error}", file=sys.stderr)
        return 2
    finished = [scored.hand_number for scored in match.results]
    hand = args.hand if args.hand is not None else (finished[-1] if finished else None)
    if hand is None or hand not in finished:
        print(f"hearts.coach: {args.save} has no finished hand {hand or ''}".rstrip(), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else seed_for(match_seed)
    result = run(review(match, hand, seed))
    for decision in result.decisions:
        if args.json:
            print(json.dumps(decision.to_json(), ensure_ascii=False))
        else:
            mark = "*" if decision.key else " "
            print(
                f"{mark} {decision.index:2} {decision.kind:4} {decision.chosen.notation:9} "
                f"{short_worth(decision.chosen_ev):11} best {decision.best.notation:9} "
                f"{short_worth(decision.best_ev):11} lost {decision.cost:4.1f}  {decision.why}"
            )
    return 0


def bench_hand(seed: int) -> Match:
    """Hand 1 of match ``seed`` played by Normal in every seat: a fixed hand to time the coach on."""
    return played_hand(seed)


def bench(hands: int, *, as_json: bool) -> int:
    """The coach's work per hand, wall-clock and processor seconds, on ``hands`` fixed hands."""
    timed = []
    walls: list[float] = []
    for seed in range(1, hands + 1):
        match = bench_hand(seed)
        wall, cpu = time.perf_counter(), time.process_time()
        judged = run(review(match, 1, seed_for(seed)))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        forced = sum(decision.forced for decision in judged.decisions)
        # Pyodide's processor clock stands still: there the wall clock is all there is.
        processor = round(cpu, 3) if cpu > 0 else None
        timed.append({"seed": seed, "wall_s": round(wall, 3), "cpu_s": processor, "forced": forced})
        walls.append(wall)
        if not as_json:
            print(f"hand 1 of match {seed}: {wall:.2f} s ({cpu:.2f} s processor), {forced} forced plays")
    summary = {
        "python": platform.python_version(),
        "platform": sys.platform,
        "hands": hands,
        "median_wall_s": round(_median(walls), 3),
        "mean_wall_s": round(sum(walls) / len(walls), 3) if walls else 0.0,
        "per_hand": timed,
    }
    if as_json:
        print(json.dumps(summary))
    else:
        print(f"median {summary['median_wall_s']:.2f} s a hand")
    return 0


def _median(values: Sequence[float]) -> float:
    """The middle value (the mean of the middle two); 0 for none. (``statistics`` is not in the
    browser's runtime, and this module runs there.)"""
    ordered = sorted(values)
    middle = len(ordered) // 2
    if not ordered:
        return 0.0
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
