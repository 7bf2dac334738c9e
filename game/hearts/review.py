"""A finished hand laid open: every seat's cards as dealt and before each trick, the passes, the tricks.

Once a hand is over nothing in it is secret, so the review shows all four hands. ``replay_hand`` reads
them from the match's moves (replayed from the match's start), which a save keeps: a review survives a
reload.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import (
    QUEEN_OF_SPADES,
    Card,
    CardSet,
    Deal,
    HandScored,
    Match,
    Pass,
    PassDirection,
    Play,
    Seat,
    Suit,
    Trick,
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
    passed: tuple[CardSet | None, ...]
    """Per seat, the three cards it passed (None in a hand without passing)."""
    tricks: tuple[TrickShown, ...]
    scored: HandScored

    def received(self, seat: Seat) -> CardSet | None:
        """The cards ``seat`` was passed: those of the seat passing to it."""
        if self.direction is PassDirection.NONE:
            return None
        return self.passed[seat.offset(-self.direction)]

    def passed_to(self, seat: Seat) -> Seat | None:
        return None if self.direction is PassDirection.NONE else seat.offset(self.direction)


def replay_hand(match: Match, hand_number: int) -> HandReplay:
    """Hand ``hand_number`` of ``match``, which must be finished."""
    scored = next((result for result in match.results if result.hand_number == hand_number), None)
    if scored is None:
        raise ValueError(f"hand {hand_number} is not finished")
    direction = match.pass_direction_of(hand_number)
    hand = match.hands_before
    dealt: tuple[CardSet, ...] = ()
    passed: list[CardSet | None] = [None, None, None, None]
    plays: list[Play] = []
    for move in match.moves:
        if isinstance(move, Deal):
            hand += 1
            if hand == hand_number:
                dealt = move.hands
        elif hand == hand_number and isinstance(move, Pass):
            passed[move.seat] = move.cards
        elif hand == hand_number and isinstance(move, Play):
            plays.append(move)
    held = [set(cards) for cards in dealt]
    if direction is not PassDirection.NONE:
        for seat in Seat:
            given = passed[seat]
            assert given is not None
            held[seat] -= set(given)
            held[seat.offset(direction)] |= set(given)
    tricks: list[TrickShown] = []
    for start in range(0, len(plays), 4):
        four = plays[start : start + 4]
        before = tuple(CardSet(cards) for cards in held)
        led = four[0].card.suit
        winner = max((play for play in four if play.card.suit is led), key=lambda play: play.card.rank).seat
        points = sum(card_points(play.card) for play in four)
        trick = Trick(four[0].seat, tuple(play.card for play in four), winner, points)
        tricks.append(TrickShown(len(tricks) + 1, trick, before))
        for play in four:
            held[play.seat].discard(play.card)
    return HandReplay(hand_number, direction, dealt, tuple(passed), tuple(tricks), scored)


def card_points(card: Card) -> int:
    """Penalty points a card carries: a heart 1, the Q♠ 13."""
    if card == QUEEN_OF_SPADES:
        return 13
    return 1 if card.suit is Suit.HEARTS else 0
