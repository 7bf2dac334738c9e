"""How far the coach's key moments can be trusted, measured on seeded hands (``docs/COACH.md``).

``python -m hearts.coach --study HANDS --json`` plays hand 1 of matches 1 to HANDS with Normal in
every other seat, twice:

- South played by Normal: how many key moments a hand, how many of the decisions a first look found
  costly a closer look confirmed (the noise filter), and, of the key moments, the share that a third,
  independent look (yet another seed, four times the samples) finds again: the same better choice, a
  point or more better;
- South played by Hard under a seed of its own (every card Hard's own choice, not the coach's): key
  moments a hand, which should be next to none.

Examples of the explanations, one per kind of reason, come with it.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Final

from ..bots import Bot, make_bot
from ..bots.hard import HardBot
from ..deals import deal_for, seat_seed
from ..engine import Match, Phase, Rules, Seat
from .judgement import (
    CLOSER,
    KEY_COST,
    PLAYER,
    Decision,
    Look,
    Moment,
    look,
    look_seed,
    moments,
    review,
    run,
    seed_for,
)

OWN_SEED: Final = 1_000_003
"""Hard in South's seat for the study is seeded apart from the coach (``seed_for``): its own choices."""


def played_hand(seed: int, south: Bot | None = None, rules: Rules | None = None) -> Match:
    """Hand 1 of match ``seed`` under ``rules`` (the standard ones if None), Normal in every seat but
    South's (``south``, Normal if None)."""
    match = Match(rules or Rules())
    bots = [make_bot("normal", seed=seat_seed(seed, seat)) for seat in Seat]
    if south is not None:
        bots[PLAYER] = south
    match.apply(deal_for(seed, 1))
    while not match.results:
        seat = match.to_move if match.phase is not Phase.PASS else match.awaiting[0]
        assert seat is not None
        match.apply(bots[seat].decide(match.view_for(seat)))
    return match


@dataclass
class Tally:
    """What the coach found over the hands of one way of playing South."""

    hands: int = 0
    judged: int = 0
    looked_again: int = 0
    """Decisions a first look found a point or more worse than Hard's choice (judged again)."""
    confirmed: int = 0
    """Of those, the ones the second look confirmed (costly plays)."""
    key_moments: int = 0
    held: int = 0
    """Key moments a third look found again."""
    examples: dict[str, str] = field(default_factory=dict)
    third_looks: list[tuple[float, float, bool]] = field(default_factory=list)
    """Each key moment's cost as counted, the third look's, and whether it named the same better
    choice: what a change to the confirmation's margin would do can be read from these."""

    def add(self, other: Tally) -> None:
        """Take in ``other``'s hands (a worker's)."""
        self.hands += other.hands
        self.judged += other.judged
        self.looked_again += other.looked_again
        self.confirmed += other.confirmed
        self.key_moments += other.key_moments
        self.held += other.held
        for reason, why in other.examples.items():
            self.examples.setdefault(reason, why)
        self.third_looks.extend(other.third_looks)

    def to_json(self) -> dict[str, object]:
        per_hand = self.hands or 1
        return {
            "hands": self.hands,
            "judged_decisions": self.judged,
            "looked_again": self.looked_again,
            "confirmed_by_second_look": self.confirmed,
            "key_moments": self.key_moments,
            "key_moments_per_hand": round(self.key_moments / per_hand, 3),
            "costly_candidates_per_hand": round(self.looked_again / per_hand, 3),
            "key_moments_found_again": self.held,
            "share_found_again": round(self.held / self.key_moments, 3) if self.key_moments else None,
            "third_looks": [[cost, third, same] for cost, third, same in self.third_looks],
        }


def _study_hand(tally: Tally, match: Match, seed: int, *, third_look: bool) -> None:
    coach_seed = seed_for(seed)
    judged = run(review(match, 1, coach_seed))
    tally.hands += 1
    tally.judged += sum(not decision.forced for decision in judged.decisions)
    tally.looked_again += sum(_looked_again(decision) for decision in judged.decisions)
    tally.confirmed += len(judged.costly) + sum(d.uncounted == "queen" for d in judged.decisions)
    tally.key_moments += len(judged.key_moments)
    for decision in judged.decisions:
        if decision.cost >= KEY_COST or decision.uncounted:
            tally.examples.setdefault(decision.reason, decision.why)
    if not third_look:
        return
    by_index = {moment.index: moment for moment in moments(match, 1)}
    for decision in judged.key_moments:
        third = run_look(by_index[decision.index], look_seed(coach_seed, 2))
        same = third.best == decision.best
        tally.held += same and third.cost >= KEY_COST
        tally.third_looks.append((decision.cost, third.cost, same))


def _looked_again(decision: Decision) -> bool:
    return decision.cost >= KEY_COST or bool(decision.uncounted)


def run_look(moment: Moment, seed: int) -> Look:
    """A closer look (``CLOSER`` times the samples) at ``moment`` with ``seed``, in one go."""
    thought = look(moment, seed, CLOSER)
    while True:
        try:
            next(thought)
        except StopIteration as done:
            result: Look = done.value
            return result


def study_seed(seed: int) -> tuple[Tally, Tally]:
    """Hand 1 of match ``seed`` studied both ways: South played by Normal, then by Hard."""
    by_normal, by_hard = Tally(), Tally()
    _study_hand(by_normal, played_hand(seed), seed, third_look=True)
    _study_hand(by_hard, played_hand(seed, HardBot(seed_for(seed) + OWN_SEED)), seed, third_look=True)
    return by_normal, by_hard


def study(
    hands: int,
    *,
    progress: Callable[[str], None] | None = None,
    minutes: float | None = None,
    jobs: int = 1,
) -> dict[str, object]:
    """The study over ``hands`` seeded hands, as a JSON-ready summary; with ``minutes``, over as many
    of them as are done when that much wall time has passed (the summary says how many); ``jobs``
    processes share the hands (each hand's result depends only on its seed, so the summary is the
    same however many there are)."""
    by_normal, by_hard = Tally(), Tally()
    started = time.perf_counter()
    if jobs > 1:  # (processes are a native tool's: WebAssembly has none)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # Started afresh, not forked: a fork copies the locks other threads of the caller hold (a test
        # runner's, say), and a child that needs one waits for ever.
        spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=spawn) if jobs > 1 else nullcontext() as pool:
        results = pool.map(study_seed, range(1, hands + 1)) if pool else map(study_seed, range(1, hands + 1))
        for seed, (normal, hard) in enumerate(results, start=1):
            by_normal.add(normal)
            by_hard.add(hard)
            if progress is not None:  # the running tallies, so a run cut short still tells its hands
                tallies = {"normal": by_normal.to_json(), "hard": by_hard.to_json()}
                for tally in tallies.values():
                    del tally["third_looks"]
                progress(f"{seed}/{hands} after {time.perf_counter() - started:.0f} s: {json.dumps(tallies)}")
            if minutes is not None and time.perf_counter() - started >= minutes * 60:
                if pool:
                    pool.shutdown(cancel_futures=True)
                break
    return {
        "hands": by_normal.hands,
        "hands_asked": hands,
        "south_normal": by_normal.to_json(),
        "south_hard_own_seed": by_hard.to_json(),
        "examples": dict(sorted({**by_hard.examples, **by_normal.examples}.items())),
        "wall_s": round(time.perf_counter() - started, 1),
        "jobs": jobs,
    }


def main_study(hands: int, *, as_json: bool, minutes: float | None = None, jobs: int = 1) -> int:
    result = study(
        hands, progress=lambda line: print(line, file=sys.stderr, flush=True), minutes=minutes, jobs=jobs
    )
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0
