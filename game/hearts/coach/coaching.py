"""The coach at the table: South's decisions judged in order, a slice at a time, while the match goes on.

``Coaching`` is told of each decision as South makes it and of each hand's end, and ``advance`` judges
within a time budget, in the frames that have time to spare; while South chooses a card it weighs that
choice ahead (the weighing does not depend on the card chosen). The table's Hint is that weighing's
choice (``hint``), worked on first while the player waits for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Mapping
from typing import Final

from ..bots.hard import distinct_choices
from ..bots.hints import think_hint
from ..engine import Card, CardSet, Match, Pass, Phase, Play, PlayerView
from .judgement import Decision, HeadStart, Moment, Review, judge, moments, summarise


class Coaching:
    """The reviews of a match's hands, worked out a slice at a time while the match is played.

    The table tells it of each decision of South as it is made (``note``, with the view South had),
    and of each hand's end (``hand_over``); ``advance`` judges the decisions in order within a time
    budget. Only the hand in play and the one before it are kept, but what every reviewed hand lost
    stays in ``points_lost_tenths``. After a reload, ``catch_up`` finds those two hands' decisions in
    the match's moves and takes back the tally that was saved.
    """

    KEEP: Final = 2

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._moments: dict[int, list[Moment]] = {}
        self._judged: dict[int, list[Decision]] = {}
        self._over: set[int] = set()
        self._reviews: dict[int, Review] = {}
        self._thought: Generator[None, None, Decision] | None = None
        self._thinking_of: int | None = None
        self._upcoming: PlayerView | None = None
        self._ahead: HeadStart | None = None
        self._pass_hint: PassHint | None = None
        self._wanted: HeadStart | PassHint | None = None
        """A hint asked for and not ready yet: ``advance`` works on it first."""
        self._head_starts: dict[tuple[int, int], HeadStart] = {}
        """Weighings begun before South chose, by hand and decision index, until they are judged."""
        self.points_lost_tenths: dict[int, int] = {}
        """Every hand reviewed so far with its ``Review.points_lost_tenths``: kept with the match
        (``SavedMatch``) and counted in the statistics when it ends."""
        self.reviews_finished = 0
        """How many reviews have been completed so far: the table keeps the match when this grows."""
        self.spent = 0.0
        """Seconds spent judging, all told (for the benchmark)."""
        self.steps = 0
        """Steps of judging taken, all told: the work counted, where ``spent`` times it."""
        self.cpu: dict[int, float] = {}
        """Processor seconds spent judging each hand's decisions (for the benchmark)."""
        self.clock: Callable[[], float] = time.perf_counter
        """What ``advance`` measures its slices by: the wall clock, as a frame's time is measured (the
        benchmark may count processor time instead, to stand for a machine with a core to spare)."""

    def catch_up(self, match: Match, reviewed: Mapping[int, int] | None = None) -> None:
        """Take the last finished hand and the hand in play from ``match`` (after a reload), and the
        tally of the hands ``reviewed`` before it."""
        self.points_lost_tenths.update(reviewed or {})
        wanted = {scored.hand_number for scored in match.results[-1:]}
        if match.hand is not None and match.hand_number not in {r.hand_number for r in match.results}:
            wanted.add(match.hand_number)
        for hand in sorted(wanted):
            self._moments[hand] = list(moments(match, hand))
            self._judged.setdefault(hand, [])
        self._over.update(scored.hand_number for scored in match.results[-1:])
        self._forget()

    def note(self, view: PlayerView, move: Pass | Play) -> None:
        """South is about to make ``move`` from ``view``."""
        hand = view.hand_number
        made = self._moments.setdefault(hand, [])
        self._judged.setdefault(hand, [])
        if isinstance(move, Pass):
            made.append(Moment(view, move, 0, 0))
        else:
            plays = sum(1 for moment in made if isinstance(moment.move, Play))
            made.append(Moment(view, move, plays + 1, len(view.tricks) + 1))
            if self._ahead is not None and self._ahead.view == view:
                self._head_starts[hand, plays + 1] = self._ahead
        self._ahead = self._upcoming = self._pass_hint = self._wanted = None
        self._forget()

    def anticipate(self, view: PlayerView | None) -> None:
        """South is choosing a card from ``view`` (None: South is not). Once every decision made is
        judged, ``advance`` weighs this one ahead, with the time South takes to choose: the work is
        the same whichever card South plays, so the judgement is the same as without it."""
        self._upcoming = view if view is not None and view.phase is Phase.PLAY else None
        if self._ahead is not None and self._ahead.view != self._upcoming:
            if self._wanted is self._ahead:
                self._wanted = None
            self._ahead = None

    def hint(self, view: PlayerView, seconds: float) -> Card | CardSet | None:
        """Hard's choice for South in ``view``, worked on for about ``seconds`` (a step at least):
        the card or the three cards, once ready, else None.

        It is the choice the coach's first look calls best (the same seed, the same samples), so a
        hint followed is never charged. For a card the work is the weighing the coach judges South's
        card by, begun ahead (``anticipate``): a hint costs the coach nothing more."""
        deadline = self.clock() + seconds
        cpu = time.process_time()
        thought: HeadStart | PassHint
        if view.phase is Phase.PLAY:
            self.anticipate(view)
            if self._ahead is None:
                self._ahead = HeadStart(view, self.seed)
            thought = self._ahead
        else:
            if self._pass_hint is None or self._pass_hint.view != view:
                self._pass_hint = PassHint(view, self.seed)
            thought = self._pass_hint
        while not (done := thought.step()) and self.clock() < deadline:
            pass
        self._wanted = None if done else thought
        hand = view.hand_number
        self.cpu[hand] = self.cpu.get(hand, 0.0) + time.process_time() - cpu
        if isinstance(thought, PassHint):
            return thought.cards
        return None if thought.weighing is None else thought.weighing.best

    def hand_over(self, hand_number: int) -> None:
        """The hand is over. If all that is left of it is forced plays (its last cards, typically,
        played in quick succession while the table animates), they are weighed at once, about 10 ms
        natively: the review is then ready with the hand's result rather than a few frames later."""
        self._over.add(hand_number)
        if hand_number not in self._moments:
            return
        due = self._next()
        if due is not None and due.view.hand_number == hand_number:
            rest = self._moments[hand_number][len(self._judged[hand_number]) :]
            if all(isinstance(m.move, Play) and len(distinct_choices(m.view)) == 1 for m in rest):
                while self._next() is not None:
                    self.advance(0.0)
        self._finish(hand_number)

    def review_of(self, hand_number: int) -> Review | None:
        """The hand's review, once the hand is over and every decision judged."""
        return self._reviews.get(hand_number)

    def decisions_made(self, hand_number: int) -> tuple[Moment, ...]:
        """South's decisions in the hand that the coach was told of, each with the view it was made from."""
        return tuple(self._moments.get(hand_number, ()))

    def progress(self, hand_number: int) -> tuple[int, int]:
        """Decisions judged and decisions made so far in the hand."""
        return len(self._judged.get(hand_number, ())), len(self._moments.get(hand_number, ()))

    def knows(self, hand_number: int) -> bool:
        return hand_number in self._moments

    @property
    def idle(self) -> bool:
        """Nothing left to judge until South decides again."""
        return self._next() is None

    def advance(self, seconds: float) -> bool:
        """Judge for about ``seconds`` (one step at least when there is work); whether it worked."""
        start = self.clock()
        deadline = start + seconds
        worked = False
        while True:
            wanted = self._wanted
            if wanted is not None:  # a hint the player waits for comes first
                cpu, asked = time.process_time(), wanted.view.hand_number
                if wanted.step():
                    self._wanted = None
                self.steps += 1
                self.cpu[asked] = self.cpu.get(asked, 0.0) + time.process_time() - cpu
                worked = True
                if self.clock() >= deadline:
                    break
                continue
            if self._thought is None:
                due = self._next()
                if due is None:
                    if self._ahead_step():
                        worked = True
                        if self.clock() < deadline:
                            continue
                    break
                ahead = self._head_starts.pop((due.view.hand_number, due.index), None)
                self._thought = judge(due, self.seed, ahead)
                self._thinking_of = due.view.hand_number
            worked = True
            hand = self._thinking_of
            cpu = time.process_time()
            self.steps += 1
            try:
                next(self._thought)
            except StopIteration as done:
                self._thought = self._thinking_of = None
                decision: Decision = done.value
                self._judged[decision.hand].append(decision)
                self._finish(decision.hand)
            if hand is not None:
                self.cpu[hand] = self.cpu.get(hand, 0.0) + time.process_time() - cpu
            if self.clock() >= deadline:
                break
        self.spent += self.clock() - start
        return worked

    def _ahead_step(self) -> bool:
        """One step of the weighing South's choice will need; whether there was one to take."""
        view = self._upcoming
        if view is None:
            return False
        if self._ahead is None:
            self._ahead = HeadStart(view, self.seed)
        if self._ahead.weighing is not None:
            return False
        cpu = time.process_time()
        self._ahead.step()
        self.steps += 1
        hand = view.hand_number
        self.cpu[hand] = self.cpu.get(hand, 0.0) + time.process_time() - cpu
        return True

    def _next(self) -> Moment | None:
        for hand in sorted(self._moments):
            judged, made = len(self._judged[hand]), self._moments[hand]
            if judged < len(made):
                return made[judged]
            self._finish(hand)
        return None

    def _finish(self, hand: int) -> None:
        done = hand in self._over and len(self._judged[hand]) == len(self._moments[hand])
        if done and hand not in self._reviews:
            review = self._reviews[hand] = summarise(hand, self._judged[hand])
            self.points_lost_tenths[hand] = review.points_lost_tenths
            self.reviews_finished += 1

    def _forget(self) -> None:
        for hand in sorted(self._moments)[: -self.KEEP]:
            del self._moments[hand], self._judged[hand]
            for key in [key for key in self._head_starts if key[0] == hand]:
                del self._head_starts[key]
            self._reviews.pop(hand, None)
            if self._thinking_of == hand:
                self._thought = self._thinking_of = None


class PassHint:
    """Hard's pass for South's view (``bots.hints.think_hint``), worked out a step at a time."""

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.view = view
        self._thought = think_hint(view, seed)
        self.cards: CardSet | None = None

    def step(self) -> bool:
        """One step of the thinking; whether the pass is chosen."""
        if self.cards is None:
            try:
                next(self._thought)
            except StopIteration as done:
                assert isinstance(done.value, CardSet)
                self.cards = done.value
        return self.cards is not None
