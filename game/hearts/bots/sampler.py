"""Deals of the unseen cards that agree with everything one seat has seen.

What a seat knows about the others' hands: how many cards each holds, which suits each has shown out
of, and where its own passed cards went (they stay with the receiver until played). Every sample
honours all three; among such deals it picks at random, weighting seats by the room they have left.
"""

from __future__ import annotations

import random

from ..engine.cards import ALL_CARDS_MASK, SUIT_MASKS, cards_in
from ..engine.rules import PassDirection
from ..engine.views import PlayerView


class Knowledge:
    """The facts about the other hands that a view implies, ready for fast sampling."""

    __slots__ = ("allowed", "counts", "known", "seat", "unknown")

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
        known_all = self.known[0] | self.known[1] | self.known[2] | self.known[3]
        self.unknown = list(cards_in(unseen & ~known_all))
        total = sum(self.counts)
        if total != len(self.unknown) + known_all.bit_count():
            raise ValueError(f"the view does not add up: {total} cards held, {unseen.bit_count()} unseen")

    def sample(self, rng: random.Random) -> list[int]:
        """Four hand masks (this seat's left at 0) consistent with the knowledge."""
        for _ in range(50):
            hands = self._try(rng)
            if hands is not None:
                return hands
        hands = self._solve()
        if hands is None:
            raise ValueError("no deal agrees with the view")
        return hands

    def _try(self, rng: random.Random) -> list[int] | None:
        hands = self.known.copy()
        room = [self.counts[other] - hands[other].bit_count() for other in range(4)]
        allowed = self.allowed
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


