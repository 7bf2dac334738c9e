"""One deal, from passing to the last trick: bit masks inside, checked moves outside.

``Hand`` knows nothing of totals or of the match; ``Match`` drives it and scores it.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from .cards import (
    CARDS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    Seat,
    Suit,
    points_in,
)
from .errors import IllegalMove
from .events import (
    CARD_PLAYED,
    CardsPassed,
    Event,
    HeartsBroken,
    PassChosen,
    QueenPlayed,
    Trick,
    TrickTaken,
)
from .rules import PassDirection, Rules, legal_play_mask, why_illegal_play

NOT_YOUR_TURN: Final = "It is not your turn"
PASS_THREE: Final = "Choose exactly three cards to pass"
PASS_FROM_HAND: Final = "Pass cards from your own hand"
NO_PASSING: Final = "No passing this hand"
ALREADY_PASSED: Final = "You have passed already"
PASSING_IS_OVER: Final = "The cards have been passed already"
PASS_FIRST: Final = "Choose three cards to pass first"
WAIT_FOR_PASSES: Final = "Wait for the others to pass"

_SEATS: Final = tuple(Seat)
_QS_BIT: Final = 1 << QUEEN_OF_SPADES


class HandPhase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    FINISHED = "finished"


class Hand:
    """The state of one deal; every method that changes it checks the move first."""

    __slots__ = (
        "_legal",
        "dealer",
        "dealt",
        "direction",
        "hands",
        "hearts_broken",
        "leader",
        "led_suit",
        "number",
        "passed",
        "phase",
        "played",
        "points",
        "queen_played",
        "received",
        "rules",
        "taken",
        "to_move",
        "trick",
        "tricks",
        "voids",
    )

    def __init__(
        self,
        rules: Rules,
        number: int,
        dealer: Seat,
        hands: tuple[int, int, int, int],
        direction: PassDirection,
    ) -> None:
        self.rules = rules
        self.number = number
        self.dealer = dealer
        self.direction = direction
        self.dealt = hands
        self.hands = list(hands)
        self.passed = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.taken = [0, 0, 0, 0]
        self.points = [0, 0, 0, 0]
        self.voids = [0, 0, 0, 0]
        self.played = 0
        self.hearts_broken = False
        self.queen_played = False
        self.led_suit = -1
        self._legal = -1
        if self.direction is PassDirection.NONE:
            self.phase = HandPhase.PLAYING
            self._start_play()
        else:
            self.phase = HandPhase.PASSING
            self.leader = self.to_move = _SEATS[0]

    def copy(self) -> Hand:
        clone = object.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            setattr(clone, name, value.copy() if isinstance(value, list) else value)
        return clone

    def _start_play(self) -> None:
        holder = next(seat for seat in _SEATS if self.hands[seat] >> TWO_OF_CLUBS & 1)
        self.leader = self.to_move = holder

    # Passing -------------------------------------------------------------------------------

    @property
    def waiting_to_pass(self) -> tuple[Seat, ...]:
        if self.phase is not HandPhase.PASSING:
            return ()
        return tuple(seat for seat in _SEATS if not self.passed[seat])

    def why_illegal_pass(self, seat: Seat, cards: CardSet) -> str | None:
        if self.direction is PassDirection.NONE:
            return NO_PASSING
        if self.phase is not HandPhase.PASSING:
            return PASSING_IS_OVER
        if self.passed[seat]:
            return ALREADY_PASSED
        if len(cards) != 3:
            return PASS_THREE
        if cards.mask & ~self.hands[seat]:
            return PASS_FROM_HAND
        return None

    def choose_pass(self, seat: Seat, cards: CardSet) -> list[Event]:
        reason = self.why_illegal_pass(seat, cards)
        if reason:
            raise IllegalMove(reason)
        self.passed[seat] = cards.mask
        events: list[Event] = [PassChosen(seat)]
        if all(self.passed):
            events.append(self._exchange())
        return events

    def _exchange(self) -> CardsPassed:
        offset = self.direction
        for seat in _SEATS:
            self.hands[seat] &= ~self.passed[seat]
        for seat in _SEATS:
            target = (seat + offset) & 3
            self.hands[target] |= self.passed[seat]
            self.received[target] = self.passed[seat]
        self.phase = HandPhase.PLAYING
        self._start_play()
        return CardsPassed(self.direction, tuple(CardSet.from_mask(mask) for mask in self.passed))

    # Playing -------------------------------------------------------------------------------

    @property
    def is_first_trick(self) -> bool:
        return not self.tricks

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a bit mask (0 outside the play)."""
        legal = self._legal
        if legal < 0:
            if self.phase is not HandPhase.PLAYING:
                return 0
            legal = self._legal = legal_play_mask(
                self.hands[self.to_move],
                self.led_suit,
                not self.tricks,
                self.hearts_broken,
                self.rules.points_on_first_trick,
            )
        return legal

    def why_illegal_play(self, seat: Seat, card: Card) -> str | None:
        if self.phase is HandPhase.PASSING:
            return WAIT_FOR_PASSES if self.passed[seat] else PASS_FIRST
        if self.phase is not HandPhase.PLAYING or seat != self.to_move:
            return NOT_YOUR_TURN
        return why_illegal_play(
            card,
            self.hands[seat],
            None if self.led_suit < 0 else Suit(self.led_suit),
            first_trick=not self.tricks,
            hearts_broken=self.hearts_broken,
            rules=self.rules,
        )

    def play(self, seat: Seat, card: Card) -> list[Event]:
        """Play ``card`` for ``seat``; the hot path of every simulation, so it works on masks."""
        if seat != self.to_move or self.phase is not HandPhase.PLAYING:
            raise IllegalMove(self.why_illegal_play(seat, card) or NOT_YOUR_TURN)
        bit = 1 << card
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()
        if not legal & bit:
            reason = self.why_illegal_play(seat, card)
            assert reason, f"{card!r} is refused by the mask but not by the reason"
            raise IllegalMove(reason)
        self.hands[seat] ^= bit
        self.played |= bit
        self._legal = -1
        trick = self.trick
        trick.append(card)
        events: list[Event] = [CARD_PLAYED[seat][card]]
        suit = card // 13
        if len(trick) == 1:
            self.led_suit = suit
        elif suit != self.led_suit:
            self.voids[seat] |= 1 << self.led_suit
        if bit & HEARTS_MASK and not self.hearts_broken:
            self.hearts_broken = True
            events.append(HeartsBroken(_SEATS[seat], card))
        elif bit == _QS_BIT:
            self.queen_played = True
            events.append(QueenPlayed(_SEATS[seat]))
            if self.rules.queen_breaks_hearts and not self.hearts_broken:
                self.hearts_broken = True
                events.append(HeartsBroken(_SEATS[seat], card))
        if len(trick) < 4:
            self.to_move = _SEATS[(seat + 1) & 3]
            return events
        events.append(self._collect())
        return events

    def _collect(self) -> TrickTaken:
        trick = self.trick
        mask = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
        top = CARDS[(mask & SUIT_MASKS[self.led_suit]).bit_length() - 1]
        winner = _SEATS[(self.leader + trick.index(top)) & 3]
        points = points_in(mask)
        self.taken[winner] |= mask
        self.points[winner] += points
        done = Trick(self.leader, tuple(trick), winner, points)
        self.tricks.append(done)
        self.trick = []
        self.led_suit = -1
        self.leader = self.to_move = winner
        if len(self.tricks) == 13:
            self.phase = HandPhase.FINISHED
        return TrickTaken(len(self.tricks), done)

    @property
    def current_trick(self) -> Trick:
        return Trick(self.leader, tuple(self.trick))
