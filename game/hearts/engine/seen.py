"""One seat's knowledge of a hand, built card by card from what it saw: its own cards, and every
card played. For positions the engine did not play itself (a bot protocol's request, say): what
``Match.view_for`` knows from the real hand, this works out from the tricks alone, with the same rules.
"""

from __future__ import annotations

from typing import Final

from .cards import (
    ALL_CARDS_MASK,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    Card,
    Seat,
    Suit,
)
from .events import Trick
from .reasons import REASONS, IllegalMove, Reason, Refusal
from .rules import TRICKS, Rules, legal_play_mask, why_illegal_play

_QUEEN_BIT: Final = 1 << QUEEN_OF_SPADES
_NO_HEARTS: Final = ALL_CARDS_MASK & ~HEARTS_MASK
_NO_POINTS: Final = ALL_CARDS_MASK & ~PENALTY_MASK


class SeenHand:
    """A hand as ``seat`` sees it: ``play`` each card in turn (it checks this seat's own plays and the
    first lead), ``take`` each trick once its four cards are in."""

    def __init__(self, seat: Seat, held: int, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.own = held
        """This seat's cards before its next play (a mask): all 13 at first."""
        self.cannot_hold = [0, 0, 0, 0]
        """Per seat: the cards its plays show it no longer holds (a suit it showed out of; all but
        hearts after leading hearts unbroken; all but points after a point on the first trick)."""
        self.voids = [0, 0, 0, 0]
        """Per seat: the suits it showed out of, as bits by suit."""
        self.points = [0, 0, 0, 0]
        self.scores = [0, 0, 0, 0]
        """What each seat's tricks score so far (``PlayerView.scores_taken``)."""
        self.hearts_broken = False
        self.played = 0
        self.tricks_taken = 0

    @property
    def queen_played(self) -> bool:
        return bool(self.played & _QUEEN_BIT)

    @property
    def is_over(self) -> bool:
        return self.tricks_taken == TRICKS

    def why_illegal(self, seat: Seat, card: Card, led_suit: int) -> Reason | None:
        """Why ``seat`` could not have played ``card`` now (``led_suit`` -1 for a lead), as far as this
        seat can tell: a first lead that is not the 2♣, or a play of its own the rules refuse."""
        first_trick = self.tricks_taken == 0
        if first_trick and led_suit < 0 and card != TWO_OF_CLUBS:
            return REASONS[Refusal.LEAD_TWO_OF_CLUBS]
        if seat != self.seat:
            return None
        return why_illegal_play(
            card,
            self.own,
            None if led_suit < 0 else Suit(led_suit),
            first_trick=first_trick,
            hearts_broken=self.hearts_broken,
            rules=self.rules,
        )

    def play(self, seat: Seat, card: Card, led_suit: int) -> tuple[int, ...]:
        """``seat`` played ``card`` (``led_suit`` -1 for a lead); ``IllegalMove`` when ``why_illegal``
        has a reason. Returns the cards ``seat`` is newly known not to hold, a mask a finding (the suit
        it showed out of before the points it could not have kept)."""
        reason = self.why_illegal(seat, card, led_suit)
        if reason is not None:
            raise IllegalMove(reason)
        bit = 1 << card
        ruled_out: tuple[int, ...] = ()
        if seat == self.seat:
            self.own &= ~bit
        elif led_suit < 0:
            if bit & HEARTS_MASK and not self.hearts_broken:
                ruled_out = (_NO_HEARTS,)  # it held only hearts
        elif card // 13 != led_suit:
            ruled_out = (SUIT_MASKS[led_suit],)
            if self.tricks_taken == 0 and not self.rules.points_on_first_trick and bit & PENALTY_MASK:
                ruled_out += (_NO_POINTS,)  # it held only points
        for cards in ruled_out:
            self.cannot_hold[seat] |= cards
        if led_suit >= 0 and card // 13 != led_suit:
            self.voids[seat] |= 1 << led_suit
        self.played |= bit
        if bit & HEARTS_MASK or (bit == _QUEEN_BIT and self.rules.queen_breaks_hearts):
            self.hearts_broken = True
        return ruled_out

    def take(self, trick: Trick) -> None:
        """A completed trick (``Trick.completed``): its points and score go to its winner."""
        assert trick.winner is not None
        self.points[trick.winner] += trick.points
        self.scores[trick.winner] += trick.score(jack_counts=self.rules.jack_of_diamonds)
        self.tricks_taken += 1

    def legal(self, hand: int, led_suit: int) -> int:
        """What this seat may play from ``hand`` now (``led_suit`` -1 when leading), as a mask."""
        return legal_play_mask(
            hand, led_suit, self.tricks_taken == 0, self.hearts_broken, self.rules.points_on_first_trick
        )
