"""A finished hand laid open: every seat's cards as dealt and before each trick, the passes, the tricks.

Once a hand is over nothing in it is secret, so the review shows all four hands. ``replay_hand`` replays
the match's moves from its start through the engine (a save keeps them: a review survives a reload)
and reads the deal, the exchange, the tricks and the score from what the engine says.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import (
    Card,
    CardSet,
    CardsPassed,
    HandScored,
    HandStarted,
    Match,
    PassDirection,
    Seat,
    Trick,
    TrickTaken,
)


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
    dealt: tuple[CardSet, ...]
    exchange: CardsPassed | None
    """The exchange as the engine made it (None in a hand without passing)."""
    tricks: tuple[TrickShown, ...]
    scored: HandScored

    @property
    def passed(self) -> tuple[CardSet | None, ...]:
        """Per seat, the three cards it passed (None in a hand without passing)."""
        return (None, None, None, None) if self.exchange is None else self.exchange.cards

    def received(self, seat: Seat) -> CardSet | None:
        """The cards ``seat`` was passed: those of the seat passing to it."""
        return None if self.exchange is None else self.exchange.received_by(seat)

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
