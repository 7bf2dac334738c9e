"""The coach: which of South's decisions in a hand cost points, as Hard sees them from what South knew.

Each decision (the pass, then every card) is judged from South's view at that moment, never the cards
revealed later: Hard plays every choice out on deals that fit the view (``bots.hard.weigh_plays``,
``bots.passing.weigh_passes``) with the random generator it would use in South's seat, so the choice
the coach calls best is the one Hard would have made, and a hand played exactly as Hard would play it
has no costly moment. Work is done in slices (every function here is a generator, like a bot's
thinking), so the table can compute a review between frames.

    python -m hearts.coach SAVEFILE --json   # South's decisions in the last finished hand, a line each
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, Literal

from .bots.hard import (
    MIN_SAMPLES,
    PASS_SAMPLES,
    ROLLOUTS,
    HardBot,
    Weighing,
    distinct_choices,
    weigh_plays,
)
from .bots.passing import PassWeighing, weigh_passes
from .deals import deal_for, seat_seed
from .engine import (
    QUEEN_OF_SPADES,
    Card,
    CardSet,
    InvalidSave,
    Match,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rank,
    Seat,
    Suit,
    record,
)
from .words import SEAT_NAMES

PLAYER: Final = Seat.SOUTH
KEY_COST: Final = 1.0
"""A decision is a key moment when Hard expects it to cost at least this many points more than its
own choice."""
KEY_MOMENTS: Final = 3
"""At most this many key moments per hand: the costliest."""

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
    """One line on the decision, in plain words, true to the position."""
    key: bool = False

    @property
    def cost(self) -> float:
        """Points this decision is expected to have cost against Hard's choice (0 when it was Hard's)."""
        return 0.0 if self.forced else max(0.0, round(self.best_ev - self.chosen_ev, 1))

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "decision": self.index,
            "kind": self.kind,
            "chosen": self.chosen.notation,
            "best": self.best.notation,
            "chosen_ev": self.chosen_ev,
            "best_ev": self.best_ev,
            "key": self.key,
            "why": self.why,
        }


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


def weigh(view: PlayerView, seed: int) -> Generator[None, None, Weighing]:
    """Hard's look at the cards South may play from ``view``: it does not depend on the card South
    then plays, so it can start while South is still choosing."""
    rng = HardBot(seed).rng_for(view)
    # A forced play is not judged, so its expected points (shown, never compared) come from the
    # fewest deals Hard ever weighs: a third of a hand's work goes to forced plays otherwise.
    forced = len(distinct_choices(view)) == 1
    return (yield from weigh_plays(view, rng, MIN_SAMPLES if forced else ROLLOUTS, even_if_forced=True))


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


def judge(moment: Moment, seed: int, ahead: HeadStart | None = None) -> Generator[None, None, Decision]:
    """One decision judged by Hard from the view South had, with the generator Hard would use there
    (``ahead``: the weighing of that view, begun while South chose)."""
    view = moment.view
    hand = view.hand_number
    if isinstance(moment.move, Pass):
        rng = HardBot(seed).rng_for(view)
        chosen_mask = moment.move.cards.mask
        passes = yield from weigh_passes(view, rng, PASS_SAMPLES, also=chosen_mask)
        chosen = passes.options.index(chosen_mask)
        best = passes.options.index(passes.best)
        chosen_ev, best_ev = _ev(passes, chosen), _ev(passes, best)
        return Decision(
            hand,
            0,
            "pass",
            0,
            moment.move.cards,
            CardSet.from_mask(passes.best),
            chosen_ev,
            best_ev,
            forced=False,
            why=why_pass(view, moment.move.cards, CardSet.from_mask(passes.best), chosen_ev, best_ev),
        )
    card = moment.move.card
    plays = yield from (ahead.rest() if ahead is not None else weigh(view, seed))
    forced = len(plays.choices) == 1
    chosen = plays.choice_for(card)
    best = plays.choices.index(plays.best)
    chosen_ev, best_ev = _ev(plays, chosen), _ev(plays, best)
    if forced or chosen == best:
        best_ev = chosen_ev
    best_card = card if chosen == best else plays.best
    return Decision(
        hand,
        moment.index,
        "play",
        moment.trick,
        CardSet([card]),
        CardSet([best_card]),
        chosen_ev,
        best_ev,
        forced=forced,
        why=why_play(view, card, best_card, chosen_ev, best_ev, forced=forced),
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
        self._head_starts: dict[tuple[int, int], HeadStart] = {}
        """Weighings begun before South chose, by hand and decision index, until they are judged."""
        self.points_lost_tenths: dict[int, int] = {}
        """Every hand reviewed so far with its ``Review.points_lost_tenths``: kept with the match
        (``SavedMatch``) and counted in the statistics when it ends."""
        self.on_review: Callable[[Review], None] | None = None
        """Told of each hand's review as soon as it is complete (the table saves the tally then)."""
        self.spent = 0.0
        """Seconds spent judging, all told (for the benchmark)."""
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
        self._ahead = self._upcoming = None
        self._forget()

    def anticipate(self, view: PlayerView | None) -> None:
        """South is choosing a card from ``view`` (None: South is not). Once every decision made is
        judged, ``advance`` weighs this one ahead, with the time South takes to choose: the work is
        the same whichever card South plays, so the judgement is the same as without it."""
        self._upcoming = view if view is not None and view.phase is Phase.PLAY else None
        if self._ahead is not None and self._ahead.view != self._upcoming:
            self._ahead = None

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
            if self.on_review is not None:
                self.on_review(review)

    def _forget(self) -> None:
        for hand in sorted(self._moments)[: -self.KEEP]:
            del self._moments[hand], self._judged[hand]
            for key in [key for key in self._head_starts if key[0] == hand]:
                del self._head_starts[key]
            self._reviews.pop(hand, None)
            if self._thinking_of == hand:
                self._thought = self._thinking_of = None


# Words -------------------------------------------------------------------------------------------


def _points(value: float) -> str:
    points = abs(value)
    return f"{points:.1f} point{'' if points == 1 else 's'}"


def _compare(chosen: str, best: str, chosen_ev: float, best_ev: float) -> str:
    return f"Hard expects {best} to cost you {_points(best_ev)} from here, {chosen} {abs(chosen_ev):.1f}."


def why_play(
    view: PlayerView, card: Card, best: Card, chosen_ev: float, best_ev: float, *, forced: bool
) -> str:
    """One line on a card played: what made the better card better where it can be said for sure,
    then the averages."""
    if forced:
        return f"The {card} was as good as any card you could play."
    if card == best:
        return f"The {card} was Hard's choice too."
    compare = _compare(f"the {card}", f"the {best}", chosen_ev, best_ev)
    queen_out = QUEEN_OF_SPADES not in view.hand and QUEEN_OF_SPADES not in view.played
    trick = view.trick.cards
    if not trick:  # a lead
        high_spade = card.suit is Suit.SPADES and card.rank > Rank.QUEEN
        best_high_spade = best.suit is Suit.SPADES and best.rank > Rank.QUEEN
        if high_spade and queen_out and not best_high_spade:
            return (
                f"Leading the {card} with the Q♠ still out lets whoever holds her drop her on your "
                f"trick. {compare}"
            )
        return compare
    led = trick[0].suit
    winning = view.trick.winning_card
    assert winning is not None
    still_to_play = 3 - len(trick)
    if card.suit is led and best.suit is led and best.rank < winning.rank < card.rank:
        if led is Suit.SPADES and queen_out and card.rank > Rank.QUEEN and still_to_play:
            others = _still_to_play(view)
            return (
                f"With the Q♠ still out and {others} yet to play, the {card} can catch her; "
                f"the {best} stays under the {winning}. {compare}"
            )
        taken = _trick_points(trick, view)
        if taken and not still_to_play:
            return (
                f"The {card} takes this trick and its {taken}; the {best} would have ducked under "
                f"the {winning}. {compare}"
            )
        return f"The {card} wins the trick for now; the {best} stays under the {winning}. {compare}"
    if card.suit is not led and best.suit is not led:
        return (
            f"With no {led.name.lower()} left, this was a chance to throw the {best} rather than "
            f"the {card}. {compare}"
        )
    return compare


def _still_to_play(view: PlayerView) -> str:
    leader = view.trick.leader
    seats = [leader.offset(step) for step in range(len(view.trick.cards) + 1, 4)]
    names = [SEAT_NAMES[seat] for seat in seats]
    return names[0] if len(names) == 1 else " and ".join(names)


def _trick_points(trick: Sequence[Card], view: PlayerView) -> str:
    hearts = sum(1 for card in trick if card.suit is Suit.HEARTS)
    parts = []
    if hearts:
        parts.append(f"{hearts} heart{'s' if hearts > 1 else ''}")
    if QUEEN_OF_SPADES in trick:
        parts.append("the Q♠")
    return " and ".join(parts)


def why_pass(view: PlayerView, chosen: CardSet, best: CardSet, chosen_ev: float, best_ev: float) -> str:
    """One line on the pass."""
    if chosen == best:
        return "Your pass was Hard's choice too."
    compare = _compare(f"passing {chosen}", f"passing {best}", chosen_ev, best_ev)
    spades = sum(1 for card in view.hand if card.suit is Suit.SPADES)
    kept_queen = QUEEN_OF_SPADES in view.hand and QUEEN_OF_SPADES not in chosen
    high_spades = [card for card in chosen if card.suit is Suit.SPADES and card.rank > Rank.QUEEN]
    if kept_queen and high_spades:
        names = " and ".join(str(card) for card in high_spades)
        return (
            f"Passing the {names} while keeping the Q♠ gives away a spade you could play safely: "
            f"nobody else can drop her on it. {compare}"
        )
    if kept_queen and QUEEN_OF_SPADES in best and spades <= 3:
        others = spades - 1
        return (
            f"With only {others} other spade{'' if others == 1 else 's'} to hide behind, the Q♠ "
            f"was one to pass. {compare}"
        )
    return compare


# The command -------------------------------------------------------------------------------------


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
    parser.add_argument("--json", action="store_true", help="one JSON object per decision, a line each")
    parser.add_argument("--hand", type=int, help="the hand to judge (default: the last finished one)")
    parser.add_argument("--seed", type=int, help="the bot seed (default: the one in South's seat)")
    args = parser.parse_args(argv)
    if args.bench is not None:
        if args.bench < 1:
            parser.error("--bench takes a number of hands, 1 or more")
        return bench(args.bench, as_json=args.json)
    if args.save is None:
        parser.error("a saved match is needed (or --bench)")
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
                f"best {decision.best.notation:9} {decision.chosen_ev:6.1f} {decision.best_ev:6.1f}  "
                f"{decision.why}"
            )
    return 0


def bench_hand(seed: int) -> Match:
    """Hand 1 of match ``seed`` played by Normal in every seat: a fixed hand to time the coach on."""
    from .bots import make_bot
    from .engine import Phase

    match = Match()
    bots = [make_bot("normal", seed=seat_seed(seed, seat)) for seat in Seat]
    match.apply(deal_for(seed, 1))
    while not match.results:
        seat = match.to_move if match.phase is not Phase.PASS else match.awaiting[0]
        assert seat is not None
        match.apply(bots[seat].decide(match.view_for(seat)))
    return match


def bench(hands: int, *, as_json: bool) -> int:
    """The coach's work per hand, wall-clock and processor seconds, on ``hands`` fixed hands."""
    import platform

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


if __name__ == "__main__":
    sys.exit(main())
