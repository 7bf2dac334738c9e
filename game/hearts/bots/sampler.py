"""Deals of the unseen cards that agree with everything one seat has seen.

What a seat knows about the others' hands: how many cards each holds, which suits each has shown out
of, and where its own passed cards went (they stay with the receiver until played). Every sample
honours all three; among such deals it picks at random, weighting seats by the room they have left.
"""

from __future__ import annotations

import random

from ..engine.cards import (
    ALL_CARDS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    cards_in,
    points_in,
)
from ..engine.rules import TRICKS, PassDirection
from ..engine.views import PlayerView
from .heuristics import mask_of
from .sim import Sim

QS_BIT = 1 << QUEEN_OF_SPADES
JD_BIT = 1 << JACK_OF_DIAMONDS
HIGH_SPADES = SUIT_MASKS[2] & ~((2 << QUEEN_OF_SPADES) - 1)


class Knowledge:
    """The facts about the other hands that a view implies, ready for fast sampling."""

    __slots__ = ("allowed", "allowed_strict", "counts", "known", "layouts", "seat", "unknown")

    def __init__(self, view: PlayerView) -> None:
        seat = view.seat
        self.seat = seat
        played = view.played.mask
        unseen = ALL_CARDS_MASK & ~view.hand.mask & ~played
        played_by = [0, 0, 0, 0]
        for trick in (*view.tricks, view.trick):
            for index in range(len(trick.cards)):
                played_by[(trick.leader + index) & 3] += 1
        self.counts = [TRICKS - played_by[other] if other != seat else 0 for other in range(4)]
        self.known = [0, 0, 0, 0]
        if view.passed is not None and view.pass_direction is not PassDirection.NONE:
            receiver = view.pass_direction.target(view.seat)
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
        self.layouts: list[list[list[tuple[int, tuple[int, ...]]]]] | None = None
        total = sum(self.counts)
        if total != len(self.unknown) + known_all.bit_count():
            raise ValueError(f"the view does not add up: {total} cards held, {unseen.bit_count()} unseen")

    def sample(self, rng: random.Random) -> list[int]:
        """Four hand masks (this seat's left at 0) consistent with the knowledge, and with the
        inferences drawn from how the others played whenever a deal allows them."""
        if self.layouts is None:
            self.layouts = [self._layout(self.allowed_strict), self._layout(self.allowed)]
        for layout in self.layouts:
            for _ in range(20):
                hands = self._try(rng, layout)
                if hands is not None:
                    return hands
            if layout is self.layouts[0] and len(self.layouts) > 1:
                del self.layouts[0]  # the inferences do not fit together: drop them from now on
                return self.sample(rng)
        hands = self._solve()
        if hands is None:
            raise ValueError("no deal agrees with the view")
        return hands

    def _layout(self, allowed: list[int]) -> list[list[tuple[int, tuple[int, ...]]]]:
        """The unknown cards with the seats that may hold each, grouped by how many such seats
        there are (a group with no seat makes every try fail)."""
        groups: list[list[tuple[int, tuple[int, ...]]]] = [[], [], [], []]
        for card in self.unknown:
            seats = tuple(other for other in range(4) if allowed[other] >> card & 1)
            groups[len(seats)].append((card, seats))
        return groups

    def _try(self, rng: random.Random, layout: list[list[tuple[int, tuple[int, ...]]]]) -> list[int] | None:
        if layout[0]:
            return None
        hands = self.known.copy()
        room = [self.counts[other] - hands[other].bit_count() for other in range(4)]
        # Most constrained cards first: those only one or two seats could hold.
        for group in layout[1:]:
            cards = group.copy()
            rng.shuffle(cards)
            for card, seats in cards:
                if len(seats) == 1:
                    chosen = seats[0]
                    if not room[chosen]:
                        return None
                else:
                    total = 0
                    for other in seats:
                        total += room[other]
                    if not total:
                        return None
                    pick = rng.randrange(total)
                    for chosen in seats:
                        pick -= room[chosen]
                        if pick < 0:
                            break
                hands[chosen] |= 1 << card
                room[chosen] -= 1
        return hands

    def _solve(self) -> list[int] | None:
        """Backtracking search, for the rare view whose constraints defeat the random tries."""
        hands = self.known.copy()
        room = [self.counts[other] - hands[other].bit_count() for other in range(4)]
        cards = sorted(self.unknown, key=lambda card: sum(1 for o in range(4) if self.allowed[o] >> card & 1))

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
    """Seats that discarded something else while the Q♠ was still out and could have gone (not
    while one seat alone has points: the others then keep points away from it)."""
    seats: set[int] = set()
    first_trick_free = view.rules.points_on_first_trick
    points = [0, 0, 0, 0]
    for number, trick in enumerate((*view.tricks, view.trick)):
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        sole_taker = sum(1 for taken in points if taken) == 1
        for index, card in enumerate(trick.cards):
            if card == QUEEN_OF_SPADES:
                return seats
            if card // 13 != led and (number > 0 or first_trick_free) and not sole_taker:
                seats.add((trick.leader + index) & 3)
        if trick.winner is not None:
            points[trick.winner] += points_in(mask_of(trick.cards))
    return seats


def cards_not_held_by_sensible_play(view: PlayerView) -> dict[int, int]:
    """Cards another seat most likely lacks, judging by the cards it chose (as Normal chooses).

    - A lead (after the first trick) is the seat's lowest card of its suit (of spades: its lowest
      below the queen, or its lowest above her).
    - Ducking under the winner, a seat plays its highest card that still loses, so it holds
      nothing between that card and the winner; on the first trick, where no points can fall, it
      follows with its highest card, so it holds nothing above it.
    - Winning a trick it could have ducked is done only last to a trick that costs nothing, and
      then with its highest card bar the Q♠; otherwise it had nothing below the winner, and
      (outside spades) it won with its highest card. (Not while one seat alone has points: then
      the others may take a trick on purpose, to stop a moon.)
    - A discard is the top card of its suit (bar hearts once someone has taken points, and the
      J♦ when it is worth points); while the Q♠ is out, a seat that discards anything else does
      not hold her, nor the K♠ or A♠, which it would have shed first.
    """
    lacking: dict[int, int] = {}
    first_trick_free = not view.rules.points_on_first_trick
    jack_counts = view.rules.jack_of_diamonds
    points = [0, 0, 0, 0]
    queen_played = False
    for number, trick in enumerate((*view.tricks, view.trick)):
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        suit_mask = SUIT_MASKS[led]
        winner = trick.cards[0]
        trick_mask = 1 << winner
        points_taken = sum(points) > 0
        # One seat alone with points may be going for the moon: the others then play to stop it.
        sole_taker = sum(1 for taken in points if taken) == 1
        # A seat with every point, 13 or more, may be going for the moon itself: no inference.
        shooting = -1
        for seat, taken in enumerate(points):
            if taken >= 13 and taken == sum(points):
                shooting = seat
        if number > 0 and not (sole_taker and led == 3) and trick.leader != shooting:
            lead = trick.cards[0]
            below = suit_mask & ((1 << lead) - 1)
            if led == 2 and lead > QUEEN_OF_SPADES:
                below &= ~((2 << QUEEN_OF_SPADES) - 1)
            elif led == 2 and lead == QUEEN_OF_SPADES:
                below = 0
            lacking[trick.leader] = lacking.get(trick.leader, 0) | below
        for index in range(1, len(trick.cards)):
            card = trick.cards[index]
            seat = (trick.leader + index) & 3
            bit = 1 << card
            before = trick_mask
            trick_mask |= bit
            if bit == QS_BIT:
                queen_played = True
            if seat == shooting:
                continue
            above = SUIT_MASKS[card // 13] & ~((2 << card) - 1)
            if card // 13 == led:
                if number == 0 and first_trick_free:
                    gone = above
                elif card < winner:
                    gone = ((1 << winner) - 1) & ~((1 << (card + 1)) - 1)
                    if bit == QS_BIT:
                        gone = 0  # she goes under a K♠ or A♠ whatever else is held
                elif sole_taker:
                    gone = 0
                else:
                    value = points_in(before) - (10 if jack_counts and before & JD_BIT else 0)
                    if index == 3 and value <= 0:
                        gone = above & ~QS_BIT
                    else:
                        gone = suit_mask & ((1 << winner) - 1)
                        if led != 2:
                            gone |= above
                lacking[seat] = lacking.get(seat, 0) | gone
                winner = max(winner, card)
            elif number > 0 or not first_trick_free:
                gone = 0
                suit = card // 13
                if not ((suit == 3 and points_taken) or (suit == 1 and jack_counts) or bit == QS_BIT):
                    gone = above & ~QS_BIT if sole_taker else above
                if not queen_played and bit != QS_BIT and not sole_taker:
                    gone |= QS_BIT
                    if not bit & HIGH_SPADES:
                        gone |= HIGH_SPADES
                lacking[seat] = lacking.get(seat, 0) | gone
        if trick.cards[0] == QUEEN_OF_SPADES:
            queen_played = True
        if trick.winner is not None:
            points[trick.winner] += points_in(trick_mask)
    return lacking


class History:
    """The plays of the hand so far, ready to be replayed against a sampled deal: how many of the
    other seats' plays the Normal policy (``Sim.choose``) would not have made with those cards."""

    __slots__ = ("me", "played_by", "plays", "steps")

    def __init__(self, view: PlayerView, base: Sim) -> None:
        self.me = view.seat
        tricks = (*view.tricks, view.trick)
        self.plays: list[tuple[int, int]] = []
        self.played_by = [0, 0, 0, 0]
        for trick in tricks:
            for index, card in enumerate(trick.cards):
                seat = (trick.leader + index) & 3
                self.plays.append((seat, card))
                self.played_by[seat] |= 1 << card
        sim = Sim(
            view.rules,
            [0, 0, 0, 0],
            leader=tricks[0].leader,
            trick=[],
            tricks_done=0,
            hearts_broken=False,
            points=[0, 0, 0, 0],
            jack_taker=-1,
            played=0,
            queen_known=base.queen_known.copy(),
        )
        # Everything but the hands follows from the plays alone, so the hand as it stood before each
        # of the others' plays is set up once: a sample only adds the cards that seat still holds.
        self.steps: list[tuple[int, int, int, Sim, dict[int, bool]]] = []
        """Per play of another seat, in order: the seat, its card, the cards it plays from then on
        (this one too), the hand just before the play (its hands filled in by ``misfits``), and
        whether the policy makes that play, per hand the seat may have held (samples often agree)."""
        gone = [0, 0, 0, 0]
        for seat, played in self.plays:
            if seat != self.me:
                self.steps.append((seat, played, self.played_by[seat] & ~gone[seat], sim.copy(), {}))
            gone[seat] |= 1 << played
            sim.play(played)

    def misfits(self, hands: list[int], limit: int = 99) -> int:
        """How many of the others' plays (with a choice) differ from the policy's, given the
        current ``hands`` (stops counting at ``limit``)."""
        misses = 0
        for seat, card, still_to_play, sim, fits in self.steps:
            hand = hands[seat] | still_to_play
            fit = fits.get(hand)
            if fit is None:
                sim.hands[seat] = hand
                fit = fits[hand] = sim.choose() == card
            if not fit:
                misses += 1
                if misses >= limit:
                    return misses
        return misses
