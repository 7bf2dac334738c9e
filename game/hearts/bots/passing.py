"""Choosing three cards to pass by playing the hand out many times over.

The shortlist comes from ``heuristics.hand_danger``; each choice on it is then tried against the
same imagined deals (the others' hands, what they pass, the whole play with Normal's policy), and
the one that leaves this seat best off on average is passed.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from ..engine import PASS_SIZE
from ..engine.cards import ALL_CARDS_MASK, QUEEN_OF_SPADES, TWO_OF_CLUBS, cards_in
from ..engine.views import PlayerView
from .heuristics import hand_danger
from .outcome import scored_outcome
from .sim import Sim

QS_BIT: Final = 1 << QUEEN_OF_SPADES
SHORTLIST: Final = 5
"""How many of the heuristic's best choices are played out."""


def shortlist(hand: int, size: int = SHORTLIST) -> list[int]:
    """The ``size`` three-card choices that leave the safest hand by ``hand_danger`` (as masks)."""
    cards = [1 << card for card in cards_in(hand)]
    scored = sorted(
        (round(hand_danger(hand & ~(a | b | c)), 6), -(a | b | c), a | b | c)
        for a, b, c in combinations(cards, PASS_SIZE)
    )
    return [mask for _, _, mask in scored[:size]]


def greedy_pass(hand: int) -> int:
    """A quick stand-in for another seat's pass: three times, drop the card whose loss makes the
    hand safest."""
    passed = 0
    for _ in range(PASS_SIZE):
        left = hand & ~passed
        best_bit = 0
        best_danger = float("inf")
        for card in cards_in(left):
            danger = hand_danger(left & ~(1 << card))
            if danger < best_danger:
                best_bit, best_danger = 1 << card, danger
        passed |= best_bit
    return passed


def played_out_pass(
    view: PlayerView,
    rng: random.Random,
    samples: int,
) -> Generator[None, None, int]:
    """The shortlisted pass with the best average outcome over ``samples`` imagined deals."""
    weighed = yield from weigh_passes(view, rng, samples)
    return weighed.best


@dataclass(frozen=True, slots=True)
class PassWeighing:
    """Three-card choices (masks) played out on the same imagined deals."""

    options: tuple[int, ...]
    totals: tuple[float, ...]
    """Per option, the sum of its outcomes (``outcome.outcome_value``)."""
    points: tuple[float, ...]
    """Per option, the sum of the seat's scores for the hand."""
    samples: int
    shortlisted: int
    """The first this many options are the shortlist, which Hard chooses from; any after are extra."""

    @property
    def best(self) -> int:
        return self.options[max(range(self.shortlisted), key=lambda index: (self.totals[index], -index))]

    def expected_points(self, index: int) -> float:
        return self.points[index] / self.samples if self.samples else 0.0


def weigh_passes(
    view: PlayerView,
    rng: random.Random,
    samples: int,
    also: int | None = None,
) -> Generator[None, None, PassWeighing]:
    """The shortlist (and ``also``, when it is not on it) played out on ``samples`` imagined deals:
    the others' hands, what they pass, then the whole hand with Normal's policy for every seat."""
    me = view.seat
    hand = view.hand.mask
    options = shortlist(hand)
    shortlisted = len(options)
    if also is not None and also not in options:
        options.append(also)
    yield  # scoring all 286 choices is a slice's work already
    offset = int(view.pass_direction)
    others = [(me + step) & 3 for step in (1, 2, 3)]
    unseen = list(cards_in(ALL_CARDS_MASK & ~hand))
    totals = [0.0] * len(options)
    points = [0.0] * len(options)
    for _ in range(samples):
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        for index, seat in enumerate(others):
            for card in unseen[13 * index : 13 * index + 13]:
                hands[seat] |= 1 << card
        theirs = {seat: greedy_pass(hands[seat]) for seat in others}
        for index, mine in enumerate(options):
            passes = dict(theirs)
            passes[me] = mine
            after = [hands[seat] & ~passes[seat] for seat in range(4)]
            for seat in range(4):
                after[(seat + offset) & 3] |= passes[seat]
            leader = next(seat for seat in range(4) if after[seat] >> TWO_OF_CLUBS & 1)
            # A seat that passed the Q♠ knows where she is (Normal leads with that in mind).
            queen_known = [(seat + offset) & 3 if passes[seat] & QS_BIT else -1 for seat in range(4)]
            sim = Sim(
                view.rules,
                after,
                leader=leader,
                trick=[],
                tricks_done=0,
                hearts_broken=False,
                points=[0, 0, 0, 0],
                jack_taker=-1,
                played=0,
                queen_known=queen_known,
            )
            sim.play_out()
            outcome, score = scored_outcome(view, sim)
            totals[index] += outcome
            points[index] += score
        yield
    return PassWeighing(tuple(options), tuple(totals), tuple(points), samples, shortlisted)
