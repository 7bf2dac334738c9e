"""The Normal bot's policy on the simulator's masks: what each seat plays in a look-ahead.

``NormalPolicy.choose`` is ``normal.normal_play`` rewritten on bit masks and plain ints, for the
hand ``sim.Sim`` holds (a test holds the two to the same card in every position tried).
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
from ..engine.rules import legal_play_mask
from .normal import MOON_FROM

QS_BIT: Final = 1 << QUEEN_OF_SPADES
JD_BIT: Final = 1 << JACK_OF_DIAMONDS
SPADES: Final = SUIT_MASKS[2]
HIGH_SPADES: Final = SPADES & ~((1 << QUEEN_OF_SPADES) - 1) & ~QS_BIT  # K♠ and A♠
LOW_SPADES: Final = SPADES & ((1 << QUEEN_OF_SPADES) - 1)  # 2♠ to J♠
_BELOW: Final = tuple((1 << card) - 1 for card in range(52))
"""_BELOW[c]: the mask of every card with a lower index (same suit: lower rank)."""
_OTHERS: Final = tuple(tuple(other for other in range(4) if other != seat) for seat in range(4))
"""_OTHERS[seat]: the other three seats, in seat order (Normal sums over them in this order)."""


def _lead_win_chance(card: int, unseen: int, holders: int) -> float:
    """``heuristics.lead_win_chance`` (the chance a lead wins when everyone ducks if they can)."""
    suit_unseen = unseen & SUIT_MASKS[card // 13]
    higher = (suit_unseen & ~((2 << card) - 1)).bit_count()
    if higher == 0 or holders == 0:
        return 1.0
    lower = (suit_unseen & ((1 << card) - 1)).bit_count()
    miss = (holders - 1) / holders
    forced = miss**lower * (1.0 - miss**higher)
    return float((1.0 - forced) ** holders)


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


class NormalPolicy:
    """Normal's choice for the seat to move, read from the state of a ``sim.Sim``."""

    __slots__ = ()

    best: int
    best_seat: int
    count: int
    first_trick_points: bool
    hands: list[int]
    hearts_broken: bool
    jack_counts: bool
    led: int
    played: int
    points: list[int]
    qs_taker: int
    queen_known: list[int]
    shooter: int
    to_move: int
    trick_mask: int
    tricks_done: int
    voids: list[int]

    def choose(self) -> int:
        """The card the Normal bot would play for the seat to move, worked out from that seat's own
        cards and what has been played (``normal.normal_play`` on masks; a test holds the two to
        the same answers)."""
        seat = self.to_move
        hand = self.hands[seat]
        led = self.led
        tricks_done = self.tricks_done
        legal = legal_play_mask(hand, led, tricks_done == 0, self.hearts_broken, self.first_trick_points)
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        if seat == self.shooter:
            return self._choose_to_take_all(legal)
        played = self.played
        unseen = ALL_CARDS_MASK & ~(played | hand)
        points = self.points
        taken = points[seat]
        total = points[0] + points[1] + points[2] + points[3]
        if taken >= MOON_FROM and total == taken:
            hearts = hand & HEARTS_MASK
            out = unseen & HEARTS_MASK
            beaten_by = (out & ~((2 << (hearts.bit_length() - 1)) - 1) if hearts else out).bit_count()
            if beaten_by == 0 or out.bit_count() <= 3:
                return self._normal_moon(legal, unseen)
        # The opponent who alone has taken points, and whether that already looks like a moon.
        # (Points are never negative: a seat holding them all is the only one with any.)
        taker = points.index(total) if total and total in points else -1
        if taker == seat:
            taker = -1
        threat = -1
        if taker >= 0:
            if self.qs_taker == taker:
                threat = taker if total - 13 >= 2 else -1
            else:
                threat = taker if total >= 4 else -1
        queen_out = not (played | hand) & QS_BIT
        if led < 0:
            return self._normal_lead(legal, hand, unseen, queen_out, threat)
        if legal & SUIT_MASKS[led]:
            return self._normal_follow(legal, queen_out, threat)
        return self._normal_discard(legal, hand, unseen, queen_out, threat, taker)

    def _normal_moon(self, legal: int, unseen: int) -> int:
        """Normal going for the moon: lead a sure winner (a heart first), follow high if that wins,
        else low; void, throw the lowest card that carries no point."""
        if self.count == 0:
            seat = self.to_move
            voids = self.voids
            best = -1
            best_key: tuple[bool, bool, float, int] = (False, False, -1.0, -1)
            for suit in range(4):
                cards = legal & SUIT_MASKS[suit]
                if not cards:
                    continue
                card = cards.bit_length() - 1
                holders = 0
                for other in range(4):
                    if other != seat and not voids[other] >> suit & 1:
                        holders += 1
                above = unseen & SUIT_MASKS[suit] & ~((2 << card) - 1)
                key = (not above, suit == 3, _lead_win_chance(card, unseen, holders), card % 13)
                if key > best_key:
                    best, best_key = card, key
            return best
        if legal & SUIT_MASKS[self.led]:
            if legal & ~((2 << self.best) - 1):
                return legal.bit_length() - 1
            return (legal & -legal).bit_length() - 1
        harmless = legal & ~PENALTY_MASK
        if harmless:
            return lowest_rank_card(harmless)
        return (legal & -legal).bit_length() - 1

    def _normal_follow(self, legal: int, queen_out: bool, threat: int) -> int:
        """Normal following suit: duck with the highest card that loses, shed high when nothing can
        be lost, win high when forced, and take points that would feed a moon."""
        best = self.best
        winner_seat = self.best_seat
        count = self.count
        is_last = count == 3
        value = points_in(self.trick_mask)
        if self.jack_counts and self.trick_mask & JD_BIT:
            value -= 10
        overs = legal & ~((2 << best) - 1)
        not_queen = legal & ~QS_BIT
        threat_gets_it = threat >= 0 and (winner_seat == threat or (threat - self.to_move) & 3 <= 3 - count)
        if threat_gets_it and overs and (value > 0 or self.led == 3):
            return (overs & ~QS_BIT or overs).bit_length() - 1  # points for the shooter: take them
        if self.led == 2 and legal & QS_BIT and best > QUEEN_OF_SPADES and winner_seat != threat:
            return QUEEN_OF_SPADES
        ducks = legal & _BELOW[best]
        if self.tricks_done == 0 and not self.first_trick_points:
            return (not_queen or legal).bit_length() - 1
        if is_last and value <= 0:
            if overs & ~QS_BIT:
                return (overs & ~QS_BIT).bit_length() - 1
            return (ducks & ~QS_BIT or ducks or legal).bit_length() - 1
        if ducks:
            return (ducks & ~QS_BIT or ducks).bit_length() - 1
        if is_last:
            return (not_queen or legal).bit_length() - 1
        if self.led == 2:
            if queen_out:
                safe = overs & LOW_SPADES
                return safe.bit_length() - 1 if safe else (overs & -overs).bit_length() - 1
            return (not_queen or legal).bit_length() - 1
        return legal.bit_length() - 1

    def _normal_discard(
        self, legal: int, hand: int, unseen: int, queen_out: bool, threat: int, taker: int
    ) -> int:
        """Normal when void in the led suit: the Q♠, then the card most likely to cost points later;
        keep points from a would-be shooter and keep a heart that could stop a moon."""
        winner_seat = self.best_seat
        seat = self.to_move
        left = 3 - self.count  # seats still to play after this one
        if threat >= 0:
            threat_has_played = not 0 < (threat - seat) & 3 <= left
            penalties = legal & PENALTY_MASK
            if winner_seat != threat and threat_has_played and penalties:
                return self._most_dangerous(penalties, hand, unseen, queen_out)
            harmless = legal & ~PENALTY_MASK
            if harmless:
                return self._most_dangerous(harmless, hand, unseen, queen_out)
            hearts = legal & HEARTS_MASK
            if hearts & (hearts - 1):
                return (hearts & -hearts).bit_length() - 1
        if taker >= 0 and (winner_seat == taker or 0 < (taker - seat) & 3 <= left):
            hearts = hand & HEARTS_MASK
            if hearts:
                top = hearts.bit_length() - 1
                out = unseen & HEARTS_MASK
                below = (out & _BELOW[top]).bit_count()
                if below >= (out & ~((2 << top) - 1)).bit_count() and legal & ~(1 << top):
                    return self._most_dangerous(legal & ~(1 << top), hand, unseen, queen_out)
        return self._most_dangerous(legal, hand, unseen, queen_out)

    def _most_dangerous(self, cards: int, hand: int, unseen: int, queen_out: bool) -> int:
        """Of ``cards``, the one ``heuristics.discard_danger`` rates most worth shedding (the J♦
        counts against, when it is worth points); the lowest card on a tie."""
        if cards & QS_BIT:
            return QUEEN_OF_SPADES
        choice = -1
        worst = -1000.0
        for suit in range(4):
            suit_mask = SUIT_MASKS[suit]
            in_suit = cards & suit_mask
            if not in_suit:
                continue
            top = in_suit.bit_length() - 1
            tops: tuple[int, ...] = (top,)
            if suit == 1 and top == JACK_OF_DIAMONDS and self.jack_counts and in_suit & _BELOW[top]:
                tops = ((in_suit & _BELOW[top]).bit_length() - 1, top)
            suit_unseen = unseen & suit_mask
            short = (hand & suit_mask).bit_count() == 1
            for card in tops:
                if queen_out and suit == 2 and card > QUEEN_OF_SPADES:
                    danger = 50.0 + card % 13
                else:
                    higher = (suit_unseen & ~((2 << card) - 1)).bit_count()
                    lower = (suit_unseen & _BELOW[card]).bit_count()
                    risk = lower / (lower + 2 * higher) if lower else 0.0 if higher else 0.6
                    danger = risk * 4.0 + 0.8 if suit == 3 else risk * 2.5 + 0.0
                    if short:
                        danger += 0.5
                    danger += (card % 13) * 0.01
                if card == JACK_OF_DIAMONDS and self.jack_counts:
                    danger -= 10.0
                if danger > worst:
                    choice, worst = card, danger
        return choice

    def _normal_lead(self, legal: int, hand: int, unseen: int, queen_out: bool, threat: int) -> int:
        """Normal's lead: against a moon threat cash a heart nobody can beat; else the card with the
        lowest expected cost (``normal.lead_cost``)."""
        if threat >= 0:
            hearts = legal & HEARTS_MASK
            if hearts:
                top = hearts.bit_length() - 1
                if not unseen & ~((2 << top) - 1) & HEARTS_MASK:
                    return top
        seat = self.to_move
        voids = self.voids
        others = _OTHERS[seat]
        # Where the Q♠ may be: with the seat it was passed to, else spread over the spade holders.
        queen_at = [0.0, 0.0, 0.0, 0.0]
        if queen_out:
            known = self.queen_known[seat]
            if known >= 0:
                queen_at[known] = 1.0
            else:
                spade_holders = [other for other in others if not voids[other] & 4] or list(others)
                share = 1.0 / len(spade_holders)
                for other in spade_holders:
                    queen_at[other] = share
        hearts_out = 1.0 if unseen & HEARTS_MASK else 0.0
        # Per other seat, in seat order: its voids, its share of the Q♠, and what it throws when void.
        lookouts = []
        for other in others:
            queen = queen_at[other]
            lookouts.append((voids[other], queen, 13.0 * queen + (1.0 - queen) * hearts_out))
        queen_in_play = not self.played & QS_BIT
        high_spades = bool(hand & HIGH_SPADES)
        choice = -1
        cheapest = 0.0
        for suit in range(4):
            suit_mask = SUIT_MASKS[suit]
            cards = legal & suit_mask
            if not cards:
                continue
            candidates: list[int] | tuple[int]
            if suit == 2:
                candidates = []
                low = cards & LOW_SPADES
                if low:
                    candidates.append((low & -low).bit_length() - 1)
                if cards & QS_BIT:
                    candidates.append(QUEEN_OF_SPADES)
                high = cards & HIGH_SPADES
                if high:
                    candidates.append((high & -high).bit_length() - 1)
            else:
                candidates = ((cards & -cards).bit_length() - 1,)
            bit = 1 << suit
            holders = 0
            for other_voids, _, _ in lookouts:
                if not other_voids & bit:
                    holders += 1
            suit_unseen = unseen & suit_mask
            miss = (holders - 1) / holders if holders else 0.0
            p_void = miss ** suit_unseen.bit_count() if holders else 1.0
            short = (hand & suit_mask).bit_count() <= 2
            for card in candidates:
                # _lead_win_chance(card, unseen, holders), with this suit's pieces already at hand.
                higher = (suit_unseen & ~((2 << card) - 1)).bit_count()
                if higher == 0 or holders == 0:
                    win = 1.0
                else:
                    lower = (suit_unseen & _BELOW[card]).bit_count()
                    win = (1.0 - miss**lower * (1.0 - miss**higher)) ** holders
                landed = 1.0 if suit == 3 else 13.0 if card == QUEEN_OF_SPADES else 0.0
                high_spade = suit == 2 and card > QUEEN_OF_SPADES
                # Each other seat adds void * dump + (1 - void) * follow (a heart follows with a
                # point, a spade above the Q♠ may draw her), written out per case: a seat void in
                # the suit adds its dump, and a follow worth nothing adds nothing.
                for other_voids, queen, dump in lookouts:
                    if other_voids & bit:
                        landed += dump
                    elif suit == 3:
                        landed += p_void * dump + (1.0 - p_void)
                    elif high_spade:
                        landed += p_void * dump + (1.0 - p_void) * (13.0 * queen)
                    else:
                        landed += p_void * dump
                cost = win * landed
                if suit == 2 and queen_in_play:
                    if hand & QS_BIT:
                        cost += 1.5
                    elif queen_out and card < QUEEN_OF_SPADES:
                        cost += 0.5 if high_spades else -1.0
                if suit == 3:
                    cost += 3.0 if threat >= 0 else 0.3
                elif short:
                    cost -= 0.2
                cost += (card % 13) * 0.001
                if choice < 0 or cost < cheapest:
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
