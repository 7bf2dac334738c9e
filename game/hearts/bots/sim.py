"""A fast private simulator of one hand for the bots' look-ahead: bit masks and plain ints only.

It knows every hand (a sampled deal, never the real one) and plays the rest of the hand out with a
quick heuristic policy. A property test holds it to the engine: same legal cards, same scores.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import (
    ALL_CARDS_MASK,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    points_in,
)
from ..engine.rules import Moon, Rules, legal_play_mask

QS_BIT: Final = 1 << QUEEN_OF_SPADES
JD_BIT: Final = 1 << JACK_OF_DIAMONDS
SPADES: Final = SUIT_MASKS[2]
HIGH_SPADES: Final = SPADES & ~((1 << QUEEN_OF_SPADES) - 1) & ~QS_BIT  # K♠ and A♠
LOW_SPADES: Final = SPADES & ((1 << QUEEN_OF_SPADES) - 1)  # 2♠ to J♠
_BELOW: Final = tuple((1 << card) - 1 for card in range(52))
"""_BELOW[c]: the mask of every card with a lower index (same suit: lower rank)."""


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def lowest_rank_card(mask: int) -> int:
    """The card of lowest rank in ``mask`` (the earlier suit on ties)."""
    best = -1
    best_rank = 99
    for suit_mask in SUIT_MASKS:
        cards = mask & suit_mask
        if cards:
            card = (cards & -cards).bit_length() - 1
            if card % 13 < best_rank:
                best, best_rank = card, card % 13
    return best


def highest_rank_card(mask: int) -> int:
    """The card of highest rank in ``mask`` (the later suit on ties)."""
    best = -1
    best_rank = -1
    for suit_mask in SUIT_MASKS:
        cards = mask & suit_mask
        if cards:
            card = cards.bit_length() - 1
            if card % 13 >= best_rank:
                best, best_rank = card, card % 13
    return best


class Sim:
    """One hand in play, from any point to its end."""

    __slots__ = (
        "best",
        "best_seat",
        "count",
        "first_trick_points",
        "hands",
        "hearts_broken",
        "jack_taker",
        "leader",
        "led",
        "played",
        "points",
        "qs_breaks",
        "shooter",
        "to_move",
        "trick_mask",
        "tricks_done",
        "voids",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        *,
        leader: int,
        trick: list[int],
        tricks_done: int,
        hearts_broken: bool,
        points: list[int],
        jack_taker: int,
        played: int,
        voids: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.voids = voids if voids is not None else [0, 0, 0, 0]
        self.qs_breaks = rules.queen_breaks_hearts
        self.first_trick_points = rules.points_on_first_trick
        self.leader = leader
        self.tricks_done = tricks_done
        self.hearts_broken = hearts_broken
        self.points = points
        self.jack_taker = jack_taker
        self.played = played
        self.trick_mask = 0
        self.count = 0
        self.led = -1
        self.best = -1
        self.best_seat = leader
        self.to_move = leader
        self.shooter = -1
        for card in trick:
            self.play(card)

    def copy(self) -> Sim:
        clone = object.__new__(Sim)
        for name in Sim.__slots__:
            setattr(clone, name, getattr(self, name))
        clone.hands = self.hands.copy()
        clone.points = self.points.copy()
        clone.voids = self.voids.copy()
        return clone

    @property
    def is_over(self) -> bool:
        return self.tricks_done == 13

    def legal(self) -> int:
        return legal_play_mask(
            self.hands[self.to_move],
            self.led,
            self.tricks_done == 0,
            self.hearts_broken,
            self.first_trick_points,
        )

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move (the caller has made sure it is legal)."""
        bit = 1 << card
        seat = self.to_move
        self.hands[seat] &= ~bit
        self.played |= bit
        self.trick_mask |= bit
        if self.count == 0:
            self.led = card // 13
            self.best = card
            self.best_seat = seat
        elif card // 13 == self.led:
            if card > self.best:
                self.best = card
                self.best_seat = seat
        else:
            self.voids[seat] |= 1 << self.led
        if bit & HEARTS_MASK or (bit == QS_BIT and self.qs_breaks):
            self.hearts_broken = True
        self.count += 1
        if self.count < 4:
            self.to_move = (seat + 1) & 3
            return
        winner = self.best_seat
        self.points[winner] += points_in(self.trick_mask)
        if self.trick_mask & JD_BIT:
            self.jack_taker = winner
        self.tricks_done += 1
        self.trick_mask = 0
        self.count = 0
        self.led = -1
        self.leader = self.to_move = winner

    def choose(self) -> int:
        """The quick policy's card for the seat to move, from that seat's own cards and what has
        been played: duck under the winner, shed the Q♠ and high cards when void, lead low."""
        legal = self.legal()
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        seat = self.to_move
        if seat == self.shooter:
            return self._choose_to_take_all(legal)
        hand = self.hands[seat]
        queen_out = not (self.played | hand) & QS_BIT
        if self.count == 0:
            return self._lead(legal, hand, queen_out)
        not_queen = legal & ~QS_BIT
        if legal & SUIT_MASKS[self.led]:
            best = self.best
            if legal & QS_BIT and best > QUEEN_OF_SPADES:
                return QUEEN_OF_SPADES  # the K♠ or A♠ is winning: she goes under it
            if self.tricks_done == 0 and not self.first_trick_points:
                return (not_queen or legal).bit_length() - 1  # nothing to lose yet: shed high
            ducks = legal & _BELOW[best]
            if self.count == 3 and not self.trick_mask & PENALTY_MASK:
                overs = not_queen & ~ducks
                if overs:
                    return overs.bit_length() - 1  # a clean trick: take it with the top card
            if ducks:
                return (ducks & ~QS_BIT or ducks).bit_length() - 1  # the highest that still loses
            if self.count == 3:
                return (not_queen or legal).bit_length() - 1
            if self.led == 2 and queen_out:
                low = legal & LOW_SPADES
                return low.bit_length() - 1 if low else lowest(legal)
            return (not_queen or legal).bit_length() - 1
        if legal & QS_BIT:
            return QUEEN_OF_SPADES
        if queen_out and legal & HIGH_SPADES:
            return (legal & HIGH_SPADES).bit_length() - 1
        return self._riskiest(legal, hand)

    def _riskiest(self, legal: int, hand: int) -> int:
        """The top card of the suit most likely to win a trick later: few unseen cards above it,
        many below; hearts weigh more, since their tricks carry points."""
        unseen = ALL_CARDS_MASK & ~(self.played | hand)
        choice = -1
        worst = -1000.0
        for suit, suit_mask in enumerate(SUIT_MASKS):
            cards = legal & suit_mask
            if not cards:
                continue
            card = cards.bit_length() - 1
            suit_unseen = unseen & suit_mask
            lower = (suit_unseen & _BELOW[card]).bit_count()
            higher = suit_unseen.bit_count() - lower
            risk = lower / (lower + 2 * higher) if lower else 0.0 if higher else 0.6
            danger = risk * 4.0 + 0.8 if suit == 3 else risk * 2.5
            if (hand & suit_mask).bit_count() == 1:
                danger += 0.5
            danger += (card % 13) * 0.01
            if danger > worst:
                choice, worst = card, danger
        return choice

    def _lead(self, legal: int, hand: int, queen_out: bool) -> int:
        """Lead the low card that costs least: the chance it wins (followers duck when they can)
        times the points likely to land on it, with a nudge to flush out the Q♠ when it cannot
        fall on us and to keep spades back when it can."""
        seat = self.to_move
        unseen = ALL_CARDS_MASK & ~(self.played | hand)
        voids = self.voids
        others = ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3)
        spade_holders = sum(1 for other in others if not voids[other] & 4) or 3
        queen_share = 1.0 / spade_holders if queen_out else 0.0
        dump_if_void = 13.0 * queen_share + (1.0 - queen_share) * (1.0 if unseen & HEARTS_MASK else 0.0)
        choice = -1
        cheapest = 1e9
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            card = (cards & -cards).bit_length() - 1
            bit = 1 << suit
            holders = sum(1 for other in others if not voids[other] & bit)
            suit_unseen = unseen & SUIT_MASKS[suit]
            lower = (suit_unseen & _BELOW[card]).bit_count()
            higher = suit_unseen.bit_count() - lower
            if higher == 0 or holders == 0:
                win = 1.0
                void = 1.0
            else:
                miss = (holders - 1) / holders
                win = (1.0 - miss**lower * (1.0 - miss**higher)) ** holders
                void = miss ** suit_unseen.bit_count()
            if suit == 3:
                follow = 1.0
            elif suit == 2 and card > QUEEN_OF_SPADES:
                follow = 13.0 * queen_share
            else:
                follow = 0.0
            landed = (1.0 if suit == 3 else 13.0 if card == QUEEN_OF_SPADES else 0.0) + sum(
                dump_if_void if voids[other] & bit else void * dump_if_void + (1.0 - void) * follow
                for other in others
            )
            cost = win * landed
            if suit == 2 and not self.played & QS_BIT:
                if hand & QS_BIT:
                    cost += 1.5
                elif queen_out and card < QUEEN_OF_SPADES:
                    cost += 0.5 if hand & HIGH_SPADES else -1.0
            if suit == 3:
                cost += 0.3
            elif (hand & SUIT_MASKS[suit]).bit_count() <= 2:
                cost -= 0.2
            cost += (card % 13) * 0.001
            if cost < cheapest:
                choice, cheapest = card, cost
        return choice

    def _choose_to_take_all(self, legal: int) -> int:
        """The policy of a seat going for the moon: win every trick, give nobody a point."""
        if self.count == 0:
            return highest_rank_card(legal)
        if legal & SUIT_MASKS[self.led]:
            return legal.bit_length() - 1
        harmless = legal & ~HEARTS_MASK & ~QS_BIT
        return lowest_rank_card(harmless or legal)

    def play_out(self) -> None:
        """Play to the end of the hand with the quick policy for every seat."""
        choose = self.choose
        play = self.play
        while self.tricks_done < 13:
            play(choose())


def hand_scores(
    points: list[int], jack_taker: int, rules: Rules, moon_choice: Moon | None = None
) -> list[int]:
    """Scores for a finished hand, as the engine scores it; under shooter-chooses the shooter takes
    ``moon_choice`` (add, when none is given)."""
    shooter = next((seat for seat in range(4) if points[seat] == 26), -1)
    if shooter < 0:
        scores = points.copy()
    else:
        moon = rules.moon
        if moon is Moon.SHOOTER_CHOOSES:
            moon = moon_choice or Moon.ADD_TO_OTHERS
        if moon is Moon.SUBTRACT_FROM_SHOOTER:
            scores = [-26 if seat == shooter else 0 for seat in range(4)]
        else:
            scores = [0 if seat == shooter else 26 for seat in range(4)]
    if rules.jack_of_diamonds and jack_taker >= 0:
        scores[jack_taker] -= 10
    return scores
