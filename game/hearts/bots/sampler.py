"""Deals of the unseen cards that agree with everything one seat has seen.

What a seat knows about the others' hands: how many cards each holds, which suits each has shown out
of, and where its own passed cards went (they stay with the receiver until played). Every sample
honours all three; among such deals it picks at random, weighting seats by the room they have left.
"""

from __future__ import annotations

import random

from ..engine.cards import ALL_CARDS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, cards_in
from ..engine.rules import PassDirection
from ..engine.views import PlayerView

QS_BIT = 1 << QUEEN_OF_SPADES


class Knowledge:
    """The facts about the other hands that a view implies, ready for fast sampling."""

    __slots__ = ("allowed", "allowed_strict", "counts", "known", "seat", "unknown")

    def __init__(self, view: PlayerView) -> None:
        seat = view.seat
        self.seat = seat
        played = view.played.mask
        unseen = ALL_CARDS_MASK & ~view.hand.mask & ~played
        played_by = [0, 0, 0, 0]
        for trick in (*view.tricks, view.trick):
            for index in range(len(trick.cards)):
                played_by[(trick.leader + index) & 3] += 1
        self.counts = [13 - played_by[other] if other != seat else 0 for other in range(4)]
        self.known = [0, 0, 0, 0]
        if view.passed is not None and view.pass_direction is not PassDirection.NONE:
            receiver = (seat + view.pass_direction) & 3
            self.known[receiver] = view.passed.mask & unseen
        # allowed[other]: the unseen cards that seat could hold, given the suits it showed out of.
        self.allowed = [0, 0, 0, 0]
        for other in range(4):
            if other == seat:
                continue
            mask = unseen
            for suit in view.voids[other]:
                mask &= ~SUIT_MASKS[suit]
            self.allowed[other] = mask
        # A seat that threw another card when it could have dumped the Q♠ most likely does not
        # have her: keep her out of its hand as long as some deal still fits.
        self.allowed_strict = self.allowed.copy()
        if unseen & QS_BIT:
            for other in seats_that_kept_the_queen_back(view):
                if other != seat and not self.known[other] & QS_BIT:
                    self.allowed_strict[other] &= ~QS_BIT
        for other, cards in cards_not_held_by_sensible_play(view).items():
            if other != seat:
                self.allowed_strict[other] &= ~(cards & ~self.known[other])
        known_all = self.known[0] | self.known[1] | self.known[2] | self.known[3]
        self.unknown = list(cards_in(unseen & ~known_all))
        total = sum(self.counts)
        if total != len(self.unknown) + known_all.bit_count():
            raise ValueError(f"the view does not add up: {total} cards held, {unseen.bit_count()} unseen")

    def sample(self, rng: random.Random) -> list[int]:
        """Four hand masks (this seat's left at 0) consistent with the knowledge, and with the
        inferences drawn from how the others played whenever a deal allows them."""
        for allowed in (self.allowed_strict, self.allowed):
            for _ in range(20):
                hands = self._try(rng, allowed)
                if hands is not None:
                    return hands
        hands = self._solve()
        if hands is None:
            raise ValueError("no deal agrees with the view")
        return hands

    def _try(self, rng: random.Random, allowed: list[int]) -> list[int] | None:
        hands = self.known.copy()
        room = [self.counts[other] - hands[other].bit_count() for other in range(4)]
        cards = self.unknown.copy()
        rng.shuffle(cards)
        # Most constrained cards first: those only one or two seats could hold.
        cards.sort(key=lambda card: sum(1 for other in range(4) if allowed[other] >> card & 1))
        for card in cards:
            seats = [other for other in range(4) if room[other] and allowed[other] >> card & 1]
            if not seats:
                return None
            weights = [room[other] for other in seats]
            chosen = seats[0] if len(seats) == 1 else rng.choices(seats, weights)[0]
            hands[chosen] |= 1 << card
            room[chosen] -= 1
        return hands

    def _solve(self) -> list[int] | None:
        """Backtracking search, for the rare view whose constraints defeat the random tries."""
        hands = self.known.copy()
        room = [self.counts[other] - hands[other].bit_count() for other in range(4)]
        cards = sorted(
            self.unknown, key=lambda card: sum(1 for o in range(4) if self.allowed[o] >> card & 1)
        )

        def place(index: int) -> bool:
            if index == len(cards):
                return True
            card = cards[index]
            for other in range(4):
                if room[other] and self.allowed[other] >> card & 1:
                    hands[other] |= 1 << card
                    room[other] -= 1
                    if place(index + 1):
                        return True
                    hands[other] &= ~(1 << card)
                    room[other] += 1
            return False

        return hands if place(0) else None




def seats_that_kept_the_queen_back(view: PlayerView) -> set[int]:
    """Seats that discarded something else while the Q♠ was still out and could have gone."""
    seats: set[int] = set()
    first_trick_free = view.rules.points_on_first_trick
    for number, trick in enumerate((*view.tricks, view.trick)):
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        for index, card in enumerate(trick.cards):
            if card == QUEEN_OF_SPADES:
                return seats
            if card // 13 != led and (number > 0 or first_trick_free):
                seats.add((trick.leader + index) & 3)
    return seats


def cards_not_held_by_sensible_play(view: PlayerView) -> dict[int, int]:
    """Cards a follower most likely lacks, judging by the card it followed with.

    Ducking under the winner, a sensible player plays its highest card that still loses, so it
    holds nothing between that card and the winner; on the first trick, where no points can fall,
    it follows with its highest card, so it holds nothing above it.
    """
    lacking: dict[int, int] = {}
    for number, trick in enumerate((*view.tricks, view.trick)):
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        winner = trick.cards[0]
        for index in range(1, len(trick.cards)):
            card = trick.cards[index]
            seat = (trick.leader + index) & 3
            if card // 13 == led:
                suit_mask = SUIT_MASKS[led]
                if number == 0 and not view.rules.points_on_first_trick:
                    above = suit_mask & ~((1 << (card + 1)) - 1)
                    lacking[seat] = lacking.get(seat, 0) | above
                elif card < winner:
                    between = ((1 << winner) - 1) & ~((1 << (card + 1)) - 1)
                    lacking[seat] = lacking.get(seat, 0) | between
                winner = max(winner, card)
    return lacking
