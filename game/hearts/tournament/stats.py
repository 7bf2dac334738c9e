"""Duplicate tournaments, the statistics: each deal is one observation, paired between entries.

An entry's observation for a deal is its score averaged over all its seats in all seatings of the deal;
the 95% half-width is the t quantile times the standard error across deals.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .play import SEATS, Config, DealResult


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
            "seats": [entry.to_text() for entry in config.entries],
            "deals": config.deals,
            "seed": config.seed,
            "rules": config.rules_name,
            "seatings": [[entry.label for entry in seating] for seating in config.seatings],
            "hands": self.hands,
            "entries": {entry.label: entry.to_dict() for entry in self.entries},
            "differences": [difference.to_dict() for difference in self.differences],
        }


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
