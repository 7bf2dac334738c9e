"""The coach's judgement: each of South's decisions in a hand weighed by Hard from South's view then.

Each decision (the pass, then every card) is judged from South's view at that moment, never the cards
revealed later: Hard plays every choice out on deals that fit the view (``bots.hard.weigh_plays``,
``bots.passing.weigh_passes``) with the random generator it would use in South's seat, so the choice
the coach calls best is the one Hard would have made (the table's Hint), and a hand played exactly as
Hard would play it has no costly moment. A difference of a point or more is looked at again, with
another generator and four times the samples, and counts only if it holds (``judge``). Every function
here is a generator, like a bot's thinking, so the work can be done a slice at a time
(``coaching.Coaching``).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from ..bots.hard import (
    MIN_SAMPLES,
    PASS_SAMPLES,
    ROLLOUTS,
    WORK,
    HardBot,
    Weighing,
    distinct_choices,
    weigh_plays,
)
from ..bots.passing import PassWeighing, weigh_passes
from ..deals import seat_seed
from ..engine import CardSet, Match, Pass, Play, PlayerView, Seat
from .words import Moons, Verdict, excuses, short_worth, why_pass, why_play

PLAYER: Final = Seat.SOUTH
KEY_COST: Final = 1.0
"""A decision is a key moment when Hard expects it to cost at least this many points more than its
own choice."""
KEY_MOMENTS: Final = 3
"""At most this many key moments per hand: the costliest."""
CLOSER: Final = 4
"""A decision that looks costly is judged again with this many times the samples."""
CONFIRM_COST: Final = 1.5
"""What the second look must find the better choice worth, at least, for a decision to count: a point
(``KEY_COST``) and half a point more for what four times the samples still leave to chance. At the bare
point, a third, independent look found only 87% of the key moments again over 88 hands (issue 23's
first study); a cost that clears this margin is one another look finds too (``docs/COACH.md``)."""

Kind = Literal["pass", "play"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One of South's decisions, judged. Expected values are minus the points South can expect to
    score for the hand (higher is better), rounded to a tenth."""

    hand: int
    index: int
    """0 for the pass, then 1, 2, … for the cards in the order South played them."""
    kind: Kind
    trick: int
    """The trick the card went to (1 to 13); 0 for the pass."""
    chosen: CardSet
    best: CardSet
    chosen_ev: float
    best_ev: float
    forced: bool
    """Only one choice made sense (one legal card, or cards as good as each other): not judged."""
    why: str
    """One line on the decision, in plain words, true to the position: the reason, then the numbers."""
    reason: str = ""
    """The kind of reason ``why`` gives (``words``): "same", "forced", "noise", "catch_queen", …"""
    uncounted: str = ""
    """Why a difference found is not counted: "noise" (a closer look did not bear it out), "queen"
    (the Q♠ dropped on a trick South could not win, with nothing true to say against it); "" if it
    is counted."""
    key: bool = False

    @property
    def cost(self) -> float:
        """Points this decision is expected to have cost against Hard's choice (0 when it was Hard's,
        or when the difference is not counted)."""
        if self.forced or self.uncounted:
            return 0.0
        return max(0.0, round(self.best_ev - self.chosen_ev, 1))

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "decision": self.index,
            "kind": self.kind,
            "chosen": self.chosen.notation,
            "best": self.best.notation,
            "chosen_ev": self.chosen_ev,
            "best_ev": self.best_ev,
            "cost": self.cost,
            "key": self.key,
            "reason": self.reason,
            "uncounted": self.uncounted,
            "why": self.why,
        }


def moment_line(decision: Decision) -> str:
    """A key moment in a line: where, what you did, what was better, what it cost, and what Hard
    expects each to bring you (a gain reads as a gain): the review's list and the command's words."""
    where = "The pass" if decision.kind == "pass" else f"Trick {decision.trick}"
    return (
        f"{where}: you {'passed' if decision.kind == 'pass' else 'played'} {decision.chosen}, "
        f"better {decision.best}: {decision.cost:.1f} points lost ({decision.chosen} "
        f"{short_worth(decision.chosen_ev)}, {decision.best} {short_worth(decision.best_ev)})"
    )


@dataclass(frozen=True, slots=True)
class Review:
    """Every decision South made in one hand, the key moments marked."""

    hand: int
    decisions: tuple[Decision, ...]

    @property
    def key_moments(self) -> tuple[Decision, ...]:
        """The costliest decisions (at most ``KEY_MOMENTS``), costliest first."""
        return tuple(sorted((d for d in self.decisions if d.key), key=lambda d: (-d.cost, d.index)))

    @property
    def costly(self) -> tuple[Decision, ...]:
        """Every costly play: a decision that was not forced and cost at least ``KEY_COST``. The key
        moments are the costliest of them."""
        return tuple(d for d in self.decisions if not d.forced and d.cost >= KEY_COST)

    @property
    def points_lost(self) -> float:
        """Points lost to costly plays: what they cost together, all of them, not only the key
        moments shown. The statistics average it per hand.

        Smaller differences are left out: below a point, Hard's sampled estimates cannot tell a card
        as good as its own from a worse one, and the best of several noisy averages always looks a
        little better than the rest, so summing them would charge a player for the noise."""
        return round(sum(decision.cost for decision in self.costly), 1)

    @property
    def points_lost_tenths(self) -> int:
        """``points_lost`` in tenths of a point, as the save and the statistics keep it."""
        return round(self.points_lost * 10)


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision to judge: South's view just before it, and what South did."""

    view: PlayerView
    move: Pass | Play
    index: int
    trick: int


def moments(match: Match, hand_number: int) -> Iterator[Moment]:
    """South's passes and plays in hand ``hand_number`` of ``match``, each with the view South had."""
    replay = match.at_start()
    index = 0
    for move in match.moves:
        if replay.hand_number == hand_number and isinstance(move, Pass | Play) and move.seat is PLAYER:
            view = replay.view_for(PLAYER)
            trick = 0 if isinstance(move, Pass) else len(view.tricks) + 1
            index = 0 if isinstance(move, Pass) else index + 1
            yield Moment(view, move, index, trick)
        elif replay.hand_number > hand_number:
            return
        replay.apply(move)


def seed_for(match_seed: int | None) -> int:
    """The seed of the Hard bot that would sit in South's seat, as the game seeds each seat's bot
    (``seat_seed``)."""
    return seat_seed(match_seed or 0, PLAYER)


def look_seed(seed: int, look: int) -> int:
    """The seed of the coach's ``look``-th look at a decision: 0 is Hard's own (the hint's), each
    later look another generator, independent of the first."""
    return seed if look == 0 else seed ^ (look << 40)


def weigh(view: PlayerView, seed: int, closer: int = 1) -> Generator[None, None, Weighing]:
    """Hard's look at the cards South may play from ``view``: it does not depend on the card South
    then plays, so it can start while South is still choosing. ``closer``: that many times the
    samples (a second look)."""
    rng = HardBot(seed).rng_for(view)
    # A forced play is not judged, so its expected points (shown, never compared) come from the
    # fewest deals Hard ever weighs: a third of a hand's work goes to forced plays otherwise.
    forced = len(distinct_choices(view)) == 1
    rollouts = MIN_SAMPLES if forced else ROLLOUTS * closer
    return (yield from weigh_plays(view, rng, rollouts, even_if_forced=True, work_limit=WORK * closer))


class HeadStart:
    """``weigh`` for the view South is choosing from, worked on before South has chosen."""

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.view = view
        self._thought = weigh(view, seed)
        self.weighing: Weighing | None = None

    def step(self) -> bool:
        """One step of the weighing; whether it is done."""
        if self.weighing is None:
            try:
                next(self._thought)
            except StopIteration as done:
                self.weighing = done.value
        return self.weighing is not None

    def rest(self) -> Generator[None, None, Weighing]:
        """The rest of the weighing, a step at a time, then the weighing."""
        while not self.step():
            yield
        assert self.weighing is not None
        return self.weighing


@dataclass(frozen=True, slots=True)
class Look:
    """One look at a decision: Hard's better choice and what each is expected to bring South."""

    best: CardSet
    chosen_ev: float
    best_ev: float
    forced: bool
    moons: Moons

    @property
    def cost(self) -> float:
        return 0.0 if self.forced else max(0.0, round(self.best_ev - self.chosen_ev, 1))


def look(
    moment: Moment, seed: int, closer: int = 1, ahead: HeadStart | None = None
) -> Generator[None, None, Look]:
    """Hard's look at ``moment`` with the generator of ``seed`` and ``closer`` times the samples
    (``ahead``: the weighing of that view, begun while South chose)."""
    view = moment.view
    if isinstance(moment.move, Pass):
        rng = HardBot(seed).rng_for(view)
        chosen_mask = moment.move.cards.mask
        passes = yield from weigh_passes(view, rng, PASS_SAMPLES * closer, also=chosen_mask)
        chosen = passes.options.index(chosen_mask)
        best = passes.options.index(passes.best)
        return Look(CardSet.from_mask(passes.best), _ev(passes, chosen), _ev(passes, best), False, Moons())
    card = moment.move.card
    plays = yield from (ahead.rest() if ahead is not None else weigh(view, seed, closer))
    forced = len(plays.choices) == 1
    chosen = plays.choice_for(card)
    best = plays.choices.index(plays.best)
    chosen_ev, best_ev = _ev(plays, chosen), _ev(plays, best)
    if forced or chosen == best:
        best, best_ev = chosen, chosen_ev
    moons = Moons(
        plays.moon_share(chosen),
        plays.moon_share(best),
        plays.moon_share(chosen, against=True),
        plays.moon_share(best, against=True),
    )
    best_card = card if best == chosen else plays.best
    return Look(CardSet([best_card]), chosen_ev, best_ev, forced, moons)


def judge(moment: Moment, seed: int, ahead: HeadStart | None = None) -> Generator[None, None, Decision]:
    """One decision judged by Hard from the view South had, with the generator Hard would use there
    (so the hint, which is that look's choice, is never charged).

    A difference of a point or more is judged again, with another generator and ``CLOSER`` times
    the samples: it counts only if that look finds the same better choice at least ``CONFIRM_COST``
    better (and then with that look's numbers); otherwise it is put down to noise."""
    first = yield from look(moment, seed, 1, ahead)
    final, noise = first, False
    if first.cost >= KEY_COST:
        second = yield from look(moment, look_seed(seed, 1), CLOSER)
        if second.best == first.best and second.cost >= CONFIRM_COST:
            final = second
        else:
            noise = True
    return decide(moment, final, noise)


def decide(moment: Moment, final: Look, noise: bool) -> Decision:
    """The decision as judged by ``final`` (and whether a first look's cost was noise), in words."""
    view = moment.view
    excused = False
    if isinstance(moment.move, Pass):
        chosen = moment.move.cards
        verdict = Verdict(0.0 if noise else final.cost, noise=noise)
        why = why_pass(view, chosen, final.best, final.chosen_ev, final.best_ev, verdict=verdict)
        kind: Kind = "pass"
    else:
        card = moment.move.card
        chosen = CardSet([card])
        (best,) = final.best
        excused = not noise and final.cost >= KEY_COST and excuses(view, card, best, final.moons)
        verdict = Verdict(0.0 if noise or excused else final.cost, noise=noise, excused=excused)
        why = why_play(
            view,
            card,
            best,
            final.chosen_ev,
            final.best_ev,
            forced=final.forced,
            verdict=verdict,
            moons=final.moons,
        )
        kind = "play"
    return Decision(
        view.hand_number,
        moment.index,
        kind,
        moment.trick,
        chosen,
        final.best,
        final.chosen_ev,
        final.best_ev,
        forced=final.forced,
        why=why.text,
        reason=why.kind,
        uncounted="noise" if noise else "queen" if excused else "",
    )


def _ev(weighing: Weighing | PassWeighing, index: int) -> float:
    return round(-weighing.expected_points(index), 1) + 0.0  # + 0.0: never "-0.0"


def review(match: Match, hand_number: int, seed: int) -> Generator[None, None, Review]:
    """Every decision of South in the hand judged, and the key moments marked."""
    judged: list[Decision] = []
    for moment in moments(match, hand_number):
        judged.append((yield from judge(moment, seed)))
    return summarise(hand_number, judged)


def summarise(hand_number: int, judged: Sequence[Decision]) -> Review:
    """The decisions of a hand with the costliest (at most ``KEY_MOMENTS``, each costing at least
    ``KEY_COST``) marked as key moments."""
    costly = sorted(Review(hand_number, tuple(judged)).costly, key=lambda d: (-d.cost, d.index))[:KEY_MOMENTS]
    keys = {d.index for d in costly}
    marked = tuple(replace(d, key=True) if d.index in keys else d for d in judged)
    return Review(hand_number, marked)


def run(thought: Generator[None, None, Review]) -> Review:
    """A review worked out in one go (blocking): for tools and tests."""
    while True:
        try:
            next(thought)
        except StopIteration as done:
            result: Review = done.value
            return result
