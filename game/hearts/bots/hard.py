"""The Hard bot: imagines the unseen cards many times over, plays each choice out, keeps the best.

For a play it samples deals that agree with its view (``sampler``), keeping those that best explain
how the others have played so far (replayed with Normal's policy: ``sampler.History``), plays every
distinct legal card followed by Normal's policy for every seat to the end of the hand (``sim``), and
scores the outcome for the match as it stands (``outcome``: its own points, and winning or losing
when the hand would end the match). For a pass it plays the heuristic's few best choices out the
same way (``passing``). The work is counted in simulated plays, not seconds, so the same view and seed give
the same move, and it yields every few milliseconds so the table keeps drawing.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Final

from ..engine.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, cards_in
from ..engine.rules import FULL_MOON, PassDirection
from ..engine.views import PlayerView
from .base import Bot
from .heuristics import mask_of
from .outcome import scored_outcome
from .passing import played_out_pass
from .sampler import History, Knowledge
from .sim import Sim

ROLLOUTS: Final = 3000
"""Rollouts per decision at most (late in a hand, when they are short), shared among the candidates."""
MIN_SAMPLES: Final = 24
"""Sampled deals per decision at least."""
WORK: Final = 75_000
"""Simulated plays per decision (deals drawn and checked, rollouts), about 0.2 s natively."""
DRAW_WORK: Final = 8
"""A deal drawn costs about as much as this many simulated plays."""
TRIES: Final = 6
"""Deals drawn per sample at most, keeping the one that best explains the others' plays."""
MISFIT_WEIGHT: Final = 0.25
"""How much less a sample counts for each play of the others that Normal would not have made."""
PASS_SAMPLES: Final = 150
"""Imagined deals on which each shortlisted pass is played out."""


class HardBot(Bot):
    level = "hard"
    rollouts: int = ROLLOUTS

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        return CardSet.from_mask((yield from played_out_pass(view, rng, PASS_SAMPLES)))

    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        weighed = yield from weigh_plays(view, rng, self.rollouts)
        return weighed.best


@dataclass(frozen=True, slots=True)
class Weighing:
    """Every distinct choice played out on the same imagined deals: what Hard chooses by, and the
    points each choice costs its seat on average (the coach's measure)."""

    choices: tuple[Card, ...]
    totals: tuple[float, ...]
    """Per choice, its weighted sum of outcomes under its best plan (hand points, and the match when
    the hand would end it); the best choice has the highest."""
    points: tuple[float, ...]
    """Per choice, the weighted sum of the seat's score for the hand under that plan."""
    weight: float
    """The samples' total weight (each counts less the worse it explains the others' plays)."""
    samples: int
    moons: tuple[float, ...] = ()
    """Per choice, the weighted count of samples in which this seat shot the moon under that plan."""
    moons_against: tuple[float, ...] = ()
    """Per choice, the weighted count of samples in which another seat shot the moon."""

    @property
    def best(self) -> Card:
        return self.choices[max(range(len(self.choices)), key=lambda index: (self.totals[index], -index))]

    def expected_points(self, index: int) -> float:
        """The seat's average score for the hand after choice ``index`` (lower is better)."""
        return self.points[index] / self.weight if self.weight else 0.0

    def moon_share(self, index: int, *, against: bool = False) -> float:
        """How often (0 to 1) a moon was shot after choice ``index``: by this seat, or ``against`` it."""
        counts = self.moons_against if against else self.moons
        return counts[index] / self.weight if self.weight and counts else 0.0

    def choice_for(self, card: Card) -> int:
        """The index of the choice that stands for ``card`` (the lowest card of its run)."""
        return max(
            index for index, choice in enumerate(self.choices) if choice.suit == card.suit and choice <= card
        )


def weigh_plays(
    view: PlayerView,
    rng: random.Random,
    rollouts: int = ROLLOUTS,
    *,
    even_if_forced: bool = False,
    work_limit: int = WORK,
) -> Generator[None, None, Weighing]:
    """Hard's look at a play: every distinct legal card played out on deals that fit the view (with
    ``even_if_forced``, a lone choice too, for what it is worth). A larger ``work_limit`` and
    ``rollouts`` look closer (the coach's second look)."""
    candidates = distinct_choices(view)
    if len(candidates) == 1 and not even_if_forced:
        return Weighing((candidates[0],), (0.0,), (0.0,), 0.0, 0)
    knowledge = Knowledge(view)
    base = sim_from_view(view)
    me = view.seat
    # The others play as Normal does (the moon included); while nobody else has taken a point,
    # going for the moon ourselves is a second plan worth weighing.
    plans = [-1]
    if sum(view.points) == view.points[me]:
        plans.append(me)
    history = History(view, base) if view.tricks or view.trick.cards else None
    # The work is counted in simulated plays (drawing a deal and replaying the hand on it,
    # then the rollouts), not in seconds, so the same view and seed always give the same card.
    played = len(history.plays) if history is not None else 0
    rollout_work = len(candidates) * len(plans) * (52 - played)
    most = max(MIN_SAMPLES, rollouts // (len(candidates) * len(plans)))
    value = [[0.0] * len(candidates) for _ in plans]
    points = [[0.0] * len(candidates) for _ in plans]
    moons = [[0.0] * len(candidates) for _ in plans]
    moons_against = [[0.0] * len(candidates) for _ in plans]
    total_weight = 0.0
    work = 0
    samples = 0
    while samples < MIN_SAMPLES or (work < work_limit and samples < most):
        samples += 1
        hands = knowledge.sample(rng)
        work += DRAW_WORK + played
        weight = 1.0
        if history is not None:
            misfits = history.misfits(hands)
            for _ in range(TRIES - 1):
                if not misfits:
                    break
                other = knowledge.sample(rng)
                work += DRAW_WORK + played
                other_misfits = history.misfits(other, misfits)
                if other_misfits < misfits:
                    hands, misfits = other, other_misfits
            weight = MISFIT_WEIGHT**misfits
            yield
        hands[me] = view.hand.mask
        total_weight += weight
        work += rollout_work
        for plan, shooter in enumerate(plans):
            for index, card in enumerate(candidates):
                sim = base.copy()
                sim.hands = hands.copy()
                sim.shooter = shooter
                sim.play(card)
                sim.play_out()
                outcome, score = scored_outcome(view, sim)
                value[plan][index] += weight * outcome
                points[plan][index] += weight * score
                if FULL_MOON in sim.points:
                    shot = moons if sim.points[me] == FULL_MOON else moons_against
                    shot[plan][index] += weight
            yield
    plan_of = [
        max(range(len(plans)), key=lambda plan: (value[plan][index], -plan))
        for index in range(len(candidates))
    ]
    chosen_plan = range(len(candidates))
    return Weighing(
        tuple(candidates),
        tuple(value[plan_of[index]][index] for index in chosen_plan),
        tuple(points[plan_of[index]][index] for index in chosen_plan),
        total_weight,
        samples,
        tuple(moons[plan_of[index]][index] for index in chosen_plan),
        tuple(moons_against[plan_of[index]][index] for index in chosen_plan),
    )


def distinct_choices(view: PlayerView) -> list[Card]:
    """The legal cards, keeping one of each run of cards that are as good as each other: cards of a
    suit with nothing between them that anyone else could still play."""
    legal = view.legal.mask
    held_or_gone = view.hand.mask | view.played.mask
    choices: list[Card] = []
    for suit_mask in SUIT_MASKS:
        previous = -1
        for card in cards_in(legal & suit_mask):
            between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            if previous < 0 or between & ~held_or_gone:
                choices.append(card)
            previous = card
    return choices


def sim_from_view(view: PlayerView) -> Sim:
    """The hand as the view sees it; the other seats' cards are filled in per sample."""
    jack_taker = qs_taker = -1
    for trick in view.tricks:
        if JACK_OF_DIAMONDS in trick.cards and trick.winner is not None:
            jack_taker = trick.winner
        if QUEEN_OF_SPADES in trick.cards and trick.winner is not None:
            qs_taker = trick.winner
    hands = [0, 0, 0, 0]
    hands[view.seat] = view.hand.mask
    return Sim(
        view.rules,
        hands,
        leader=view.trick.leader,
        trick=list(view.trick.cards),
        tricks_done=len(view.tricks),
        hearts_broken=view.hearts_broken,
        points=list(view.points),
        jack_taker=jack_taker,
        played=view.played.mask & ~mask_of(view.trick.cards),
        voids=[sum(1 << suit for suit in suits) for suits in view.voids],
        qs_taker=qs_taker,
        queen_known=queen_known(view),
    )


def queen_known(view: PlayerView) -> list[int]:
    """Per seat, the seat it knows holds the Q♠ from the passing (-1 if none): this seat, if it
    passed her, and the seat that passed to this one, if she came in the pass."""
    known = [-1, -1, -1, -1]
    if view.pass_direction is PassDirection.NONE:
        return known
    me = view.seat
    if view.passed is not None and QUEEN_OF_SPADES in view.passed:
        known[me] = view.pass_direction.target(me)
    if view.received is not None and QUEEN_OF_SPADES in view.received:
        known[view.pass_direction.giver(me)] = me
    return known
