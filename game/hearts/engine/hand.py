"""One deal, from passing to the last trick: bit masks inside, checked moves outside.

``Hand`` knows nothing of totals or of the match; ``Match`` drives it and scores it.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from .cards import (
    ALL_CARDS_MASK,
    CARDS,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    Seat,
    Suit,
)
from .events import (
    CARD_PLAYED,
    PASS_CHOSEN,
    QUEEN_PLAYED,
    CardsPassed,
    Event,
    HeartsBroken,
    Trick,
    TrickTaken,
    new_trick,
    new_trick_taken,
)
from .reasons import REASONS, IllegalMove, Reason, Refusal
from .rules import PASS_SIZE, TRICKS, PassDirection, Rules, why_illegal_play

NOT_YOUR_TURN: Final = REASONS[Refusal.NOT_YOUR_TURN]
_PASS_THREE: Final = REASONS[Refusal.PASS_THREE]
_PASS_FROM_HAND: Final = REASONS[Refusal.PASS_FROM_HAND]
_NO_PASSING: Final = REASONS[Refusal.NO_PASSING]
_ALREADY_PASSED: Final = REASONS[Refusal.ALREADY_PASSED]
_PASSING_IS_OVER: Final = REASONS[Refusal.PASSING_IS_OVER]
_PASS_FIRST: Final = REASONS[Refusal.PASS_FIRST]
_WAIT_FOR_PASSES: Final = REASONS[Refusal.WAIT_FOR_PASSES]

_SEATS: Final = tuple(Seat)
_NEXT_SEAT: Final = tuple(_SEATS[(seat + 1) & 3] for seat in range(4))
_QS_BIT: Final = 1 << QUEEN_OF_SPADES
_TWO_OF_CLUBS_BIT: Final = 1 << TWO_OF_CLUBS
_BITS: Final = tuple(1 << card for card in range(52))
_SUIT_OF: Final = tuple(card // 13 for card in range(52))
_SUIT_BITS: Final = tuple(1 << suit for suit in range(4))
_NO_POINTS: Final = ALL_CARDS_MASK & ~PENALTY_MASK
_NO_HEARTS: Final = ALL_CARDS_MASK & ~HEARTS_MASK


class HandPhase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    FINISHED = "finished"


# Reading a member through its enum class (``HandPhase.PLAYING``) goes through the enum type's
# ``__getattr__`` hook on Python 3.11, ten times the cost of a module constant, so the paths that
# run at every card use these.
_PASSING: Final = HandPhase.PASSING
_PLAYING: Final = HandPhase.PLAYING
_FINISHED: Final = HandPhase.FINISHED
_NO_PASS: Final = PassDirection.NONE


class Hand:
    """The state of one deal; every method that changes it checks the move first."""

    __slots__ = (
        "dealer",
        "dealt",
        "direction",
        "hands",
        "hearts_broken",
        "leader",
        "led_suit",
        "legal",
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
        self.legal = 0
        """The cards the seat to move may play, as a mask: kept up to date by every card played, as
        every driver asks for it next (stale outside the play; ``legal_mask()`` says 0 there). The
        three cases (the first lead, following or not, a later lead) are ``rules.legal_play_mask``
        written out where each arises; the property tests hold them to ``why_illegal_play``."""
        if direction is _NO_PASS:
            self.phase = _PLAYING
            self._start_play()
        else:
            self.phase = _PASSING
            self.leader = self.to_move = _SEATS[0]

    def copy(self) -> Hand:
        clone = object.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            setattr(clone, name, value.copy() if isinstance(value, list) else value)
        return clone

    def _start_play(self) -> None:
        hands = self.hands
        holder = next(seat for seat in _SEATS if hands[seat] & _TWO_OF_CLUBS_BIT)
        self.leader = self.to_move = holder
        self.legal = _TWO_OF_CLUBS_BIT  # the first lead

    # Passing -------------------------------------------------------------------------------

    @property
    def waiting_to_pass(self) -> tuple[Seat, ...]:
        if self.phase is not _PASSING:
            return ()
        return tuple(seat for seat in _SEATS if not self.passed[seat])

    def why_illegal_pass(self, seat: Seat, cards: CardSet) -> Reason | None:
        if self.direction is _NO_PASS:
            return _NO_PASSING
        if self.phase is not _PASSING:
            return _PASSING_IS_OVER
        if self.passed[seat]:
            return _ALREADY_PASSED
        if cards.mask.bit_count() != PASS_SIZE:
            return _PASS_THREE
        if cards.mask & ~self.hands[seat]:
            return _PASS_FROM_HAND
        return None

    def choose_pass(self, seat: Seat, cards: CardSet) -> list[Event]:
        reason = self.why_illegal_pass(seat, cards)
        if reason:
            raise IllegalMove(reason)
        self.passed[seat] = cards.mask
        events: list[Event] = [PASS_CHOSEN[seat]]
        if all(self.passed):
            events.append(self._exchange())
        return events

    def _exchange(self) -> CardsPassed:
        passed = self.passed
        hands = self.hands
        offset = self.direction
        self.received = received = [passed[(seat - offset) & 3] for seat in range(4)]
        for seat in range(4):
            hands[seat] = hands[seat] & ~passed[seat] | received[seat]
        self.phase = _PLAYING
        self._start_play()
        return CardsPassed(self.direction, tuple(map(CardSet.from_mask, passed)))

    # Playing -------------------------------------------------------------------------------

    @property
    def is_first_trick(self) -> bool:
        return not self.tricks

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a bit mask (0 outside the play)."""
        return self.legal if self.phase is _PLAYING else 0

    def why_illegal_play(self, seat: Seat, card: Card) -> Reason | None:
        if self.phase is _PASSING:
            return _WAIT_FOR_PASSES if self.passed[seat] else _PASS_FIRST
        if self.phase is not _PLAYING or seat != self.to_move:
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
        """Play ``card`` for ``seat``; the hot path of every simulation, so it works on masks, reads
        tables rather than shifting, and leaves the next seat's legal mask ready."""
        if seat != self.to_move or self.phase is not _PLAYING:
            raise IllegalMove(self.why_illegal_play(seat, card) or NOT_YOUR_TURN)
        bit = _BITS[card]
        if not self.legal & bit:
            reason = self.why_illegal_play(seat, card)
            assert reason, f"{card!r} is refused by the mask but not by the reason"
            raise IllegalMove(reason)
        hands = self.hands
        hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(card)
        events: list[Event] = [CARD_PLAYED[seat][card]]
        if len(trick) == 1:
            led = self.led_suit = _SUIT_OF[card]
        else:
            led = self.led_suit
            if not bit & SUIT_MASKS[led]:
                self.voids[seat] |= _SUIT_BITS[led]
        if bit & PENALTY_MASK:
            self._penalty_played(seat, card, bit, events)
        if len(trick) == 4:
            events.append(self._collect())
            return events
        seat = self.to_move = _NEXT_SEAT[seat]
        held = hands[seat]
        # legal_play_mask for a seat following the led suit, written out: following is most plays
        self.legal = held & SUIT_MASKS[led] or self._discards(held)
        return events

    def _discards(self, held: int) -> int:
        """What a seat void in the led suit may play: anything, but no points on the first trick
        while it holds something else (unless the table allows them)."""
        if self.tricks or self.rules.points_on_first_trick:
            return held
        return held & _NO_POINTS or held

    def _penalty_played(self, seat: Seat, card: Card, bit: int, events: list[Event]) -> None:
        """A heart or the Q♠ was played: break hearts or mark the queen, with their events."""
        if bit & HEARTS_MASK:
            if not self.hearts_broken:
                self.hearts_broken = True
                events.append(HeartsBroken(_SEATS[seat], card))
            return
        self.queen_played = True
        events.append(QUEEN_PLAYED[seat])
        if self.rules.queen_breaks_hearts and not self.hearts_broken:
            self.hearts_broken = True
            events.append(HeartsBroken(_SEATS[seat], card))

    def _collect(self) -> TrickTaken:
        trick = self.trick
        first, second, third, fourth = trick
        mask = _BITS[first] | _BITS[second] | _BITS[third] | _BITS[fourth]
        top = CARDS[(mask & SUIT_MASKS[self.led_suit]).bit_length() - 1]
        leader = self.leader
        winner = _SEATS[(leader + trick.index(top)) & 3]
        points = (mask & HEARTS_MASK).bit_count()
        if mask & _QS_BIT:
            points += 13
        self.taken[winner] |= mask
        self.points[winner] += points
        done = new_trick(leader, (first, second, third, fourth), winner, points)
        tricks = self.tricks
        tricks.append(done)
        self.trick = []
        self.led_suit = -1
        self.leader = self.to_move = winner
        if len(tricks) == TRICKS:
            self.phase = _FINISHED
        else:
            # legal_play_mask for a lead after the first trick, written out
            held = self.hands[winner]
            self.legal = held if self.hearts_broken else held & _NO_HEARTS or held
        return new_trick_taken(len(tricks), done)

    @property
    def current_trick(self) -> Trick:
        return Trick(self.leader, tuple(self.trick))
