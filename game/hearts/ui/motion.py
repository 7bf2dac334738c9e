"""The table's animation queue: each step shows a snapshot of the hand while cards fly; and the steps
that show the engine's events (a card played, a trick held then collected, the exchange).

A step may name sounds (``ui.sound.SOUNDS``) and carry announcements (``hearts.announce``); both are cued
as the step begins, so the player hears an event when it is shown, not when the engine or a bot decided
it.

A step carries the human's view to show as the base, what to show in the centre instead of the view's
trick, which cards to leave out (they are in the air) and the flights. Spots are named, not measured,
so a window that changes shape mid-flight lays the flight out anew.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ..announce import Announcement
from ..engine import QUEEN_OF_SPADES, Card, CardPlayed, CardsPassed, PlayerView, Seat, Trick, TrickTaken
from .tween import Tween, ease_in_out_cubic, ease_out_cubic, linear

DECK = 52
DEAL_FLIGHT = 0.09
"""The share of the deal each card spends in the air; the next leaves before it lands, so a stream of
backs goes round the table."""
LANDED = 0.99
"""A played card has landed, and its step ends, once it has come this share of its way: the last
hundredth of an eased flight takes a fifth of its time and cannot be seen, so the seat to move and the
words would change after the eye saw the card on the felt."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """A seat's place: its panel for a bot, the hand for the human."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Slot:
    """A seat's place in the trick."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Pile:
    """A seat's box, where the tricks it takes go (yours too: never back into your hand)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class InHand:
    """Where a card of the human's hand lay: its place among ``count`` cards, some of them raised."""

    index: int
    count: int
    raised: frozenset[int] = frozenset()


Spot = Anchor | Slot | Pile | InHand


@dataclass(frozen=True, slots=True)
class Flight:
    """One card (or a back, ``card`` None) moving from ``start`` to ``end`` over part of its step."""

    card: Card | None
    start: Spot
    end: Spot
    begin: float = 0.0
    """When in the step it leaves (0–1)."""
    length: float = 1.0
    """How much of the step it takes."""

    def progress(self, t: float) -> float:
        if self.length <= 0:
            return 1.0
        return min(1.0, max(0.0, (t - self.begin) / self.length))


@dataclass(slots=True)
class Step:
    kind: str
    """``deal``, ``exchange``, ``play``, ``hold`` or ``collect``."""
    tween: Tween
    base: PlayerView
    trick: Trick | None = None
    hidden: frozenset[Card] = frozenset()
    flights: tuple[Flight, ...] = ()
    skippable: bool = False
    """A tap cuts it short: on the trick, a finished trick's pause and collection; anywhere, the deal."""
    taken: Trick | None = None
    """The finished trick this step shows being won (its pause and its collection)."""
    dealer: Seat | None = None
    sounds: tuple[str, ...] = ()
    """Played as the step begins."""
    said: tuple[Announcement, ...] = ()
    """Announced as the step begins (every one, in order: unlike sounds, none is said once for two)."""
    said_after: tuple[Announcement, ...] = ()
    """Announced as the step ends (what the cards in the air bring: said once they have landed)."""
    least: float = 0.0
    """Seconds it stays on screen however it is cut short (a finished trick's hold), at any pace."""
    shown: float = 0.0
    """Seconds it has been on screen."""
    begun: bool = False

    @property
    def t(self) -> float:
        return self.tween.value

    @property
    def is_done(self) -> bool:
        landed = self.tween.is_done or (self.kind == "play" and self.t >= LANDED)
        return landed and self.shown >= self.least

    @property
    def owes_time(self) -> bool:
        """Whether cutting it short would still leave it on screen a while (it has not had its least)."""
        return self.shown < self.least

    def cut(self) -> None:
        """End it as soon as it has had its least time on screen."""
        tween = self.tween
        tween.elapsed = max(tween.elapsed, tween.delay + tween.duration)


@dataclass(slots=True)
class Motion:
    """The queue of steps; the table shows the head, or the live view when it is empty."""

    steps: deque[Step] = field(default_factory=deque)
    cues: list[str] = field(default_factory=list)
    """The sounds of the steps begun since the table last took them (``take_cues``)."""
    said: list[Announcement] = field(default_factory=list)
    """The announcements of the steps begun since the table last took them (``take_said``)."""

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    @property
    def is_busy(self) -> bool:
        return bool(self.steps)

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def advance(self, dt: float, pace: float = 1.0) -> bool:
        """Move ``dt`` seconds on, each step lasting ``pace`` times its length (and at least its
        ``least``); returns whether a step finished."""
        finished = False
        while self.steps and dt >= 0:
            step = self.steps[0]
            self._begin(step)
            step.tween.advance(dt / pace)
            step.shown += dt
            if not step.is_done:
                break
            tween = step.tween
            overrun = (tween.elapsed - (tween.delay + tween.duration)) * pace  # (below 0: a card landed)
            dt = min(overrun, step.shown - step.least)
            self.steps.popleft()
            self.said.extend(step.said_after)
            finished = True
            if dt <= 0:
                break
        return finished

    def finish(self) -> None:
        """The player has moved on: what was moving is where it was going at once, and a finished
        trick not yet seen for its least time stays that long (cut short), then goes. The sounds of
        the steps dropped are cued together, each once."""
        self._cut(len(self.steps))

    def skip(self) -> bool:
        """Cut short what a tap skips, if that is what is showing: the deal (every card lands at once), or
        the pause and collection of the trick at the head (the trick stays until it has been seen for its
        least time, its collection is dropped; its sounds are still cued: the trick is still taken)."""
        count = 0
        while count < len(self.steps) and self.steps[count].skippable:
            count += 1
        self._cut(count)
        return count > 0

    def _cut(self, count: int) -> None:
        """Cut the first ``count`` steps short: those owed time on screen stay for it, the rest go."""
        kept = []
        for _ in range(count):
            step = self.steps.popleft()
            self._begin(step)
            if step.owes_time:
                step.cut()
                kept.append(step)
            else:
                self.said.extend(step.said_after)
        self.steps.extendleft(reversed(kept))

    def _begin(self, step: Step) -> None:
        if not step.begun:
            step.begun = True
            self.cues.extend(sound for sound in step.sounds if sound not in self.cues)
            self.said.extend(step.said)

    def take_cues(self) -> list[str]:
        """The sounds cued since the last call, each once, in order."""
        cues, self.cues = self.cues, []
        return cues

    def take_said(self) -> list[Announcement]:
        """The announcements cued since the last call, in order."""
        said, self.said = self.said, []
        return said


EASING = {"play": ease_out_cubic, "collect": ease_out_cubic, "deal": linear}
"""How each kind of step moves; the deal goes at an even beat (each card eases on its own)."""


def step(kind: str, seconds: float, base: PlayerView, **fields: object) -> Step:
    easing = EASING.get(kind, ease_in_out_cubic)
    return Step(kind=kind, tween=Tween(max(0.0, seconds), easing=easing), base=base, **fields)  # type: ignore[arg-type]


def play_step(event: CardPlayed, base: PlayerView, start: InHand | None, seconds: float) -> Step:
    """A card flies from its player (from its place in your hand, for yours) to the trick."""
    origin: Spot = start if start is not None else Anchor(event.seat)
    flight = Flight(event.card, origin, Slot(event.seat))
    return step("play", seconds, base, hidden=frozenset({event.card}), flights=(flight,), sounds=("card",))


def trick_steps(
    event: TrickTaken, after: PlayerView, hold: float, collect: float, least: float
) -> tuple[Step, Step]:
    """A finished trick held with its winner ringed and named (the Q♠'s sound as it is named), then its
    cards sliding to the winner's box (a sweep); both cut short by a tap, but the hold stays at least
    ``least`` seconds whatever cuts it, so the trick and its winner are always seen."""
    trick = event.trick
    flights = tuple(Flight(card, Slot(seat), Pile(event.winner)) for seat, card in trick.plays)
    queen = ("queen",) if QUEEN_OF_SPADES in trick.cards else ()
    return (
        step("hold", hold, after, trick=trick, skippable=True, taken=trick, sounds=queen, least=least),
        step(
            "collect",
            collect,
            after,
            trick=Trick(event.winner, ()),
            flights=flights,
            skippable=True,
            taken=trick,
            sounds=("trick",),
        ),
    )


def exchange_step(
    event: CardsPassed, after: PlayerView, starts: dict[Card, InHand | None], seconds: float
) -> Step:
    """Every seat's three cards crossing at once, a little apart: yours from where they lay in your
    hand (``starts``), faces you are given, backs between the others."""
    you = after.seat
    flights: list[Flight] = []
    for seat in Seat:
        target = event.direction.target(seat)
        for index, card in enumerate(event.cards[seat]):
            begin = 0.1 * index
            if seat is you:
                flights.append(Flight(card, starts.get(card) or Anchor(you), Anchor(target), begin, 0.7))
            elif target is you:
                flights.append(Flight(card, Anchor(seat), Anchor(you), begin, 0.7))
            else:
                flights.append(Flight(None, Anchor(seat), Anchor(target), begin, 0.7))
    received = event.received_by(you)
    return step(
        "exchange", seconds, after, hidden=frozenset(received), flights=tuple(flights), sounds=("pass",)
    )


@dataclass(frozen=True, slots=True)
class DealtCard:
    """A card on its way from the deck: the seat it goes to, which of that seat's cards it is (0–12),
    and how far it has flown (0–1)."""

    seat: Seat
    nth: int
    progress: float


@dataclass(frozen=True, slots=True)
class Dealing:
    """The deal at one moment: what each seat holds, what is in the air, and what is left in the deck."""

    held: dict[Seat, int]
    flying: tuple[DealtCard, ...]
    deck: int


def dealing(dealer: Seat, t: float) -> Dealing:
    """The deal at ``t`` (0–1): one card at a time, starting at the dealer's left and going round,
    each leaving the deck at an even beat and landing a little later."""
    held = dict.fromkeys(Seat, 0)
    flying: list[DealtCard] = []
    deck = DECK
    for index in range(DECK):
        leaves = (1.0 - DEAL_FLIGHT) * index / (DECK - 1)
        if t <= leaves:
            break
        deck -= 1
        seat = dealer.next.offset(index)
        progress = 1.0 if t >= 1.0 else min(1.0, (t - leaves) / DEAL_FLIGHT)
        if progress >= 1.0:
            held[seat] += 1
        else:
            flying.append(DealtCard(seat, index // 4, progress))
    return Dealing(held, tuple(flying), deck)
