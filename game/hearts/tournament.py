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
import hashlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any, Final, TextIO

from .bots import LEVELS, Bot, make_bot
from .deals import SplitMix64, deal_for
from .engine import PRESETS, Deal, HandScored, Match, Move, Phase, PlayerView, Rules, Seat

SEATS: Final = tuple(Seat)
MAX_DEFAULT_WORKERS: Final = 2
_MASK64: Final = (1 << 64) - 1

Decide = Callable[[Seat, PlayerView], Move]
"""How a driver asks a seat for its move: the seat and that seat's view, and nothing else."""


# The table --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One competitor: the label it is reported under and the bot level that plays it."""

    label: str
    level: str

    @classmethod
    def parse(cls, text: str) -> Entry:
        """``LEVEL`` or ``NAME=LEVEL``."""
        label, _, level = text.strip().rpartition("=")
        level = level.strip()
        label = label.strip() or level
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r} in {text!r}; choose one of {', '.join(LEVELS)}")
        return cls(label, level)


def parse_seats(text: str) -> tuple[Entry, ...]:
    """Four comma-separated entries; one label always means one level."""
    entries = tuple(Entry.parse(part) for part in text.split(","))
    if len(entries) != len(SEATS):
        raise ValueError(f"four seats, not {len(entries)}: {text!r}")
    levels: dict[str, str] = {}
    for entry in entries:
        if levels.setdefault(entry.label, entry.level) != entry.level:
            raise ValueError(f"{entry.label!r} cannot play as both {levels[entry.label]} and {entry.level}")
    return entries


def seatings(entries: Sequence[Entry]) -> tuple[tuple[Entry, ...], ...]:
    """Every distinct rotation: rotation ``r`` puts ``entries[k]`` in seat ``(k + r) % 4``."""
    count = len(entries)
    found: list[tuple[Entry, ...]] = []
    for shift in range(count):
        seating = tuple(entries[(seat - shift) % count] for seat in range(count))
        if seating not in found:
            found.append(seating)
    return tuple(found)


def derive_seed(*parts: int) -> int:
    """A 63-bit seed mixed from whole numbers (one SplitMix64 step per part, so distinct paths
    give distinct seeds)."""
    state = 0
    for part in parts:
        state = SplitMix64(state ^ (part & _MASK64)).next64()
    return state >> 1


def label_number(label: str) -> int:
    """A label as a stable number (Python's string hash changes from run to run)."""
    return int.from_bytes(hashlib.blake2b(label.encode(), digest_size=8).digest(), "big")


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """What a tournament plays: the seats as listed, how many deals, the seed and the rules preset."""

    entries: tuple[Entry, ...]
    deals: int
    seed: int
    rules_name: str = "standard"

    @property
    def rules(self) -> Rules:
        return PRESETS[self.rules_name]

    @property
    def seatings(self) -> tuple[tuple[Entry, ...], ...]:
        return seatings(self.entries)

    @property
    def labels(self) -> tuple[str, ...]:
        """The entries' labels, each once, in the order first listed."""
        return tuple(dict.fromkeys(entry.label for entry in self.entries))


# Playing ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """One seating's play of a deal: who sat where, what each seat scored, who shot the moon."""

    seating: tuple[str, ...]
    scores: tuple[int, ...]
    shooter: Seat | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DealResult:
    index: int
    hands: tuple[HandResult, ...]


class BotMisbehaved(RuntimeError):
    """A bot answered with another seat's move (the engine would take a pass for any seat still
    to pass, so the driver checks)."""


def play_hand(match: Match, decide: Decide) -> HandScored:
    """Ask the seats for their moves until the dealt hand is scored.

    Passing is simultaneous: every seat still to pass decides from views taken before any pass is
    applied. Then the seat to play, or the moon's shooter under the shooter-chooses option.
    """
    scored: HandScored | None = None
    while match.phase not in (Phase.DEAL, Phase.OVER):
        choices = [(seat, match.view_for(seat)) for seat in match.awaiting]
        for seat, move in [(seat, decide(seat, view)) for seat, view in choices]:
            if isinstance(move, Deal) or move.seat != seat:
                raise BotMisbehaved(f"seat {seat.name} answered with another seat's move: {move}")
            for event in match.apply(move):
                if isinstance(event, HandScored):
                    scored = event
    assert scored is not None, "the hand ended without a score"
    return scored


def deal_seed(seed: int, index: int) -> int:
    return derive_seed(seed, index)


def bot_seed(seed: int, index: int, seat: Seat, label: str) -> int:
    return derive_seed(seed, index, seat, label_number(label))


def start_hand(rules: Rules, seed: int, index: int) -> Match:
    """Deal ``index`` dealt as hand ``index % 4 + 1``, so the pass direction cycles."""
    match = Match(rules, hands_before=index % 4)
    match.apply(deal_for(deal_seed(seed, index), index % 4 + 1))
    return match


def play_seating(config: Config, index: int, seating: tuple[Entry, ...]) -> HandResult:
    bots: list[Bot] = [
        make_bot(entry.level, bot_seed(config.seed, index, seat, entry.label))
        for seat, entry in zip(SEATS, seating, strict=True)
    ]

    def decide(seat: Seat, view: PlayerView) -> Move:
        return bots[seat].decide(view)

    match = start_hand(config.rules, config.seed, index)
    try:
        scored = play_hand(match, decide)
    except Exception as error:
        error.add_note(f"in deal {index}, seating {','.join(entry.label for entry in seating)}")
        raise
    return HandResult(
        seating=tuple(entry.label for entry in seating),
        scores=scored.scores,
        shooter=scored.moon_shooter,
    )


def play_deal(config: Config, index: int) -> DealResult:
    """Deal ``index`` under every seating (a pure function of the config and the index)."""
    hands = tuple(play_seating(config, index, seating) for seating in config.seatings)
    return DealResult(index=index, hands=hands)


def play_deals(config: Config, workers: int = 1) -> Iterator[DealResult]:
    """Every deal's result, in deal order, from ``workers`` processes."""
    play = partial(play_deal, config)
    if workers <= 1 or config.deals <= 1:
        yield from map(play, range(config.deals))
        return
    import multiprocessing  # only here: the browser build has no processes

    chunk = max(1, config.deals // (workers * 16))
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(play, range(config.deals), chunksize=chunk)


# Statistics -------------------------------------------------------------------------------


def t_quantile_975(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom.

    Solved by bisection on the exact two-sided probability for whole-number ``df`` (Abramowitz and
    Stegun 26.7.3–4); beyond 10,000 the normal quantile is within 0.0001 of it.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df > 10_000:
        return statistics.NormalDist().inv_cdf(0.975)
    low, high = 0.0, 16.0
    for _ in range(60):
        middle = (low + high) / 2
        if _t_within(middle, df) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_within(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom."""
    theta = math.atan(t / math.sqrt(df))
    sin, cos = math.sin(theta), math.cos(theta)
    cos2 = cos * cos
    if df % 2 == 1:
        term = total = cos if df > 1 else 0.0
        for k in range(1, (df - 1) // 2):
            term *= cos2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + sin * total)
    term = total = 1.0
    for k in range(1, df // 2):
        term *= cos2 * (2 * k - 1) / (2 * k)
        total += term
    return sin * total


@dataclass(frozen=True, slots=True, kw_only=True)
class Estimate:
    """A mean over deals with its 95% half-width (None from a single deal)."""

    mean: float
    half_width: float | None
    samples: int

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        mean = statistics.fmean(samples)
        if len(samples) < 2:
            return cls(mean=mean, half_width=None, samples=len(samples))
        error = statistics.stdev(samples, mean) / math.sqrt(len(samples))
        return cls(mean=mean, half_width=t_quantile_975(len(samples) - 1) * error, samples=len(samples))

    @property
    def is_clear_of_zero(self) -> bool:
        return self.half_width is not None and abs(self.mean) > self.half_width

    def to_dict(self) -> dict[str, Any]:
        width = None if self.half_width is None else round(self.half_width, 4)
        return {"mean": round(self.mean, 4), "half_width": width, "deals": self.samples}


@dataclass(frozen=True, slots=True, kw_only=True)
class EntrySummary:
    """One entry's figures: points per hand and the moons it shot and allowed."""

    label: str
    level: str
    seats: int
    """How many of the four seats it holds at each table."""
    hands: int
    """Seat-hands played (seats × seatings × deals)."""
    points: Estimate
    moons_shot: int
    moons_allowed: int
    """Hands in which another seat shot the moon against one of its seats."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "seats": self.seats,
            "hands": self.hands,
            "points_per_hand": self.points.to_dict(),
            "moons_shot": self.moons_shot,
            "moons_allowed": self.moons_allowed,
            "moons_shot_per_hand": round(self.moons_shot / self.hands, 6),
            "moons_allowed_per_hand": round(self.moons_allowed / self.hands, 6),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Difference:
    """``entry`` minus ``versus`` in points per hand, paired by deal: below zero, ``entry`` is better."""

    entry: str
    versus: str
    points: Estimate

    def to_dict(self) -> dict[str, Any]:
        return {"entry": self.entry, "versus": self.versus, **self.points.to_dict()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    config: Config
    entries: tuple[EntrySummary, ...]
    differences: tuple[Difference, ...]

    @property
    def hands(self) -> int:
        return self.config.deals * len(self.config.seatings)

    def to_dict(self) -> dict[str, Any]:
        config = self.config
        return {
            "seats": [_entry_text(entry) for entry in config.entries],
            "deals": config.deals,
            "seed": config.seed,
            "rules": config.rules_name,
            "seatings": [[entry.label for entry in seating] for seating in config.seatings],
            "hands": self.hands,
            "entries": {entry.label: entry.to_dict() for entry in self.entries},
            "differences": [difference.to_dict() for difference in self.differences],
        }


def _entry_text(entry: Entry) -> str:
    return entry.label if entry.label == entry.level else f"{entry.label}={entry.level}"


def per_deal_points(deal: DealResult, label: str) -> float:
    """The entry's score averaged over every seat it held in every seating of the deal."""
    scores = [
        score
        for hand in deal.hands
        for seated, score in zip(hand.seating, hand.scores, strict=True)
        if seated == label
    ]
    return statistics.fmean(scores)


def count_moons(deals: Iterable[DealResult], label: str) -> tuple[int, int, int]:
    """Seat-hands the entry played, moons it shot, and moons shot against it."""
    hands = shot = allowed = 0
    for deal in deals:
        for hand in deal.hands:
            for seat, seated in zip(SEATS, hand.seating, strict=True):
                if seated != label:
                    continue
                hands += 1
                if hand.shooter is not None:
                    shot += hand.shooter == seat
                    allowed += hand.shooter != seat
    return hands, shot, allowed


def summarize(config: Config, deals: Sequence[DealResult]) -> Summary:
    levels = {entry.label: entry.level for entry in config.entries}
    points = {label: [per_deal_points(deal, label) for deal in deals] for label in config.labels}
    entries = []
    for label in config.labels:
        hands, shot, allowed = count_moons(deals, label)
        entries.append(
            EntrySummary(
                label=label,
                level=levels[label],
                seats=sum(entry.label == label for entry in config.entries),
                hands=hands,
                points=Estimate.of(points[label]),
                moons_shot=shot,
                moons_allowed=allowed,
            )
        )
    differences = tuple(
        Difference(
            entry=first,
            versus=second,
            points=Estimate.of([a - b for a, b in zip(points[first], points[second], strict=True)]),
        )
        for first, second in combinations(config.labels, 2)
    )
    return Summary(config=config, entries=tuple(entries), differences=differences)


def run(config: Config, workers: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """Play the tournament and sum it up; ``progress`` hears how many deals are done."""
    results: list[DealResult] = []
    for result in play_deals(config, workers):
        results.append(result)
        if progress is not None:
            progress(len(results))
    return summarize(config, results)


# The command ------------------------------------------------------------------------------


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
    seats = ",".join(_entry_text(entry) for entry in config.entries)
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


if __name__ == "__main__":
    sys.exit(main())
