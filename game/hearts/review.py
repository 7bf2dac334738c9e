"""A finished hand laid open: every seat's cards as dealt and before each trick, the passes, the tricks.

Once a hand is over every card played is public, so the review shows all four hands before each trick.
``replay_hand`` replays the match's moves from its start through the engine (a save keeps them: a review
survives a reload) and reads the deal, the exchange, the tricks and the score from what the engine says.

A friend's page holds no match, only its own views and the public events: ``replay_seen`` builds the
hand from those, from that seat's side. The others' deals, and the passes that seat neither gave nor
got, were never shown to it, so they stay unknown (None) rather than guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .engine import (
    TRICKS,
    Card,
    CardSet,
    CardsPassed,
    HandScored,
    HandStarted,
    Match,
    PassDirection,
    PlayerView,
    Seat,
    Trick,
    TrickTaken,
)
from .engine.cards import EMPTY


@dataclass(frozen=True, slots=True)
class TrickShown:
    """One trick of the hand, with what every seat held as it began."""

    number: int
    """1 to 13."""
    trick: Trick
    held: tuple[CardSet, ...]
    """Per seat, the cards it held before this trick."""

    def card_of(self, seat: Seat) -> Card:
        card = self.trick.card_of(seat)
        assert card is not None
        return card


@dataclass(frozen=True, slots=True)
class HandReplay:
    hand_number: int
    direction: PassDirection
    dealt: tuple[CardSet | None, ...]
    """Per seat, the cards it was dealt; None where they are not known here (``seen_by``)."""
    exchange: CardsPassed | None
    """The exchange as the engine made it (None in a hand without passing); from one seat's side, the
    sets it does not know are empty (``knows_pass`` says which)."""
    tricks: tuple[TrickShown, ...]
    scored: HandScored
    seen_by: Seat | None = None
    """The seat whose side of the table this is (a friend's page); None: the whole hand laid open."""

    def knows_pass(self, seat: Seat) -> bool:
        """Whether the cards ``seat`` passed are known here: everyone's in a hand laid open; from one
        seat's side, its own and those passed to it."""
        own = self.seen_by
        return own is None or seat in (own, self.direction.giver(own))

    @property
    def passed(self) -> tuple[CardSet | None, ...]:
        """Per seat, the three cards it passed (None in a hand without passing, or when not known)."""
        if self.exchange is None:
            return (None, None, None, None)
        cards = self.exchange.cards
        return tuple(cards[seat] if self.knows_pass(seat) else None for seat in Seat)

    def received(self, seat: Seat) -> CardSet | None:
        """The cards ``seat`` was passed: those of the seat passing to it (None when not known)."""
        if self.exchange is None or not self.knows_pass(self.direction.giver(seat)):
            return None
        return self.exchange.received_by(seat)

    def passed_to(self, seat: Seat) -> Seat | None:
        return None if self.direction is PassDirection.NONE else self.direction.target(seat)


def replay_hand(match: Match, hand_number: int) -> HandReplay:
    """Hand ``hand_number`` of ``match``, which must be finished."""
    if all(result.hand_number != hand_number for result in match.results):
        raise ValueError(f"hand {hand_number} is not finished")
    direction = match.pass_direction_of(hand_number)
    replay = match.at_start()
    dealt: tuple[CardSet, ...] = ()
    held: tuple[CardSet, ...] = ()
    exchange: CardsPassed | None = None
    tricks: list[TrickShown] = []
    for move in match.moves:
        for event in replay.apply(move):
            if replay.hand_number != hand_number:
                break
            if isinstance(event, HandStarted):
                dealt = held = replay.snapshot().hands
            elif isinstance(event, CardsPassed):
                exchange = event
                held = replay.snapshot().hands
            elif isinstance(event, TrickTaken):
                tricks.append(TrickShown(event.trick_number, event.trick, held))
                held = replay.snapshot().hands
            elif isinstance(event, HandScored):
                return HandReplay(hand_number, direction, dealt, exchange, tuple(tricks), event)
    raise AssertionError(f"hand {hand_number} is finished but was never scored in the replay")


def replay_seen(view: PlayerView, tricks: Sequence[Trick], scored: HandScored) -> HandReplay:
    """The hand ``scored`` from the side of ``view``'s seat, built from what that seat saw: ``view`` is
    its last view of the hand (its own pass and the cards passed to it), ``tricks`` all the hand's
    tricks as they were taken.

    Each seat's cards before a trick are the ones it plays from then on (every card is played by the
    end), and the seat's own deal is its cards less those it got, with those it gave. Nothing else
    goes in: another seat's deal stays None, and of the exchange only the two sets this seat saw."""
    if len(tricks) != TRICKS or view.hand_number != scored.hand_number:
        raise ValueError(f"hand {scored.hand_number} was not seen whole: {len(tricks)} tricks")
    own, direction = view.seat, view.pass_direction
    played = [0, 0, 0, 0]
    held: list[tuple[CardSet, ...]] = []
    for trick in reversed(tricks):
        for seat, card in trick.plays:
            played[seat] |= 1 << card
        held.append(tuple(CardSet.from_mask(mask) for mask in played))
    before = reversed(held)
    shown = tuple(TrickShown(number, trick, next(before)) for number, trick in enumerate(tricks, 1))
    exchange: CardsPassed | None = None
    dealt = CardSet.from_mask(played[own])
    if direction is not PassDirection.NONE:
        if view.passed is None or view.received is None:
            raise ValueError(f"hand {scored.hand_number} has no pass in the view")
        giver = direction.giver(own)
        seen = {own: view.passed, giver: view.received}
        cards = tuple(seen.get(seat, EMPTY) for seat in Seat)
        exchange = CardsPassed(direction, cards)
        dealt = (dealt - view.received) | view.passed
    deals = tuple(dealt if seat is own else None for seat in Seat)
    return HandReplay(scored.hand_number, direction, deals, exchange, shown, scored, seen_by=own)
