"""The Normal bot: a solid heuristic player that counts cards but looks no further than the trick.

It passes by scoring every choice of three with ``heuristics.hand_danger``; it ducks, dumps the Q♠
and its most dangerous cards when void, leads where it is least likely to take points, flushes the
Q♠ with low spades when it cannot be caught by her, keeps a high heart away from a lone point-taker
and stops an obvious moon, and goes for the moon itself once it alone holds the points and the top
hearts. It uses no randomness: the same view always gives the same move.

The choices were tuned in duplicate self-play (each variant against three of the previous Normal).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Final

from ..engine import Card, CardSet, PlayerView, Seat, Suit
from ..engine.cards import HEARTS_MASK, PENALTY_MASK, QUEEN_OF_SPADES, SUIT_MASKS
from .base import Bot
from .heuristics import (
    HIGH_SPADES_MASK,
    JACK_BIT,
    LOW_SPADES_MASK,
    QUEEN_BIT,
    above,
    below,
    best_pass,
    discard_danger,
    highest,
    known_holder,
    lead_win_chance,
    lowest,
    mask_of,
    moon_threat,
    queen_is_out,
    rank_index,
    seats_after,
    sole_taker,
    suit_holders,
    trick_value,
    unseen_mask,
    void_chance,
    winning_card,
    winning_seat,
)

_SPADES = int(Suit.SPADES)
_HEARTS = int(Suit.HEARTS)


class NormalBot(Bot):
    level = "normal"

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        yield from ()
        return normal_pass(view)

    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        yield from ()
        return normal_play(view)


def normal_pass(view: PlayerView) -> CardSet:
    """The three cards whose loss leaves the safest hand (see ``heuristics.hand_danger``)."""
    return CardSet.from_mask(best_pass(view.hand.mask))


@dataclass(frozen=True, slots=True)
class Situation:
    """What the play heuristics need from the view, worked out once per decision."""

    view: PlayerView
    hand: int
    legal: int
    unseen: int
    queen_out: bool
    threat: Seat | None
    jack_counts: bool

    @classmethod
    def of(cls, view: PlayerView) -> Situation:
        return cls(
            view=view,
            hand=view.hand.mask,
            legal=view.legal.mask,
            unseen=unseen_mask(view),
            queen_out=queen_is_out(view),
            threat=moon_threat(view),
            jack_counts=view.rules.jack_of_diamonds,
        )


def normal_play(view: PlayerView) -> Card:
    """The Normal bot's card for ``view`` (whose seat must be the one to play)."""
    legal = view.legal.mask
    if not legal:
        raise ValueError("there is no card to play in this view")
    if legal & (legal - 1) == 0:
        return lowest(legal)
    situation = Situation.of(view)
    if is_shooting(situation):
        return choose_for_the_moon(situation)
    if not view.trick.cards:
        return choose_lead(situation)
    if legal & SUIT_MASKS[view.trick.cards[0] // 13]:
        return choose_follow(situation)
    return choose_discard(situation)


# Shooting the moon -------------------------------------------------------------------------------

MOON_FROM: Final = 13
"""Points we must have taken, and nobody else any, before we go for the moon."""


def is_shooting(situation: Situation) -> bool:
    """Go for the moon once we alone have taken points, at least ``MOON_FROM`` of them, and the
    hearts still out cannot easily escape us: none beats our best heart, or at most three are out.
    """
    view = situation.view
    taken = view.points[view.seat]
    if taken < MOON_FROM or sum(view.points) != taken:
        return False
    hearts = situation.hand & HEARTS_MASK
    out = situation.unseen & HEARTS_MASK
    beaten_by = (out & above(highest(hearts))).bit_count() if hearts else out.bit_count()
    return beaten_by == 0 or out.bit_count() <= 3


def choose_for_the_moon(situation: Situation) -> Card:
    """Take every trick we can: lead a card nobody can beat (a heart first, to draw the others'),
    else the likeliest winner; follow with our highest card if it wins, else our lowest; when void,
    throw the lowest card that holds no point (a point given away ends the moon)."""
    view = situation.view
    legal = situation.legal
    unseen = situation.unseen
    trick = view.trick
    if not trick.cards:
        best = lowest(legal)
        best_key = (False, False, -1.0, -1)
        for card in CardSet.from_mask(legal):
            holders = len(suit_holders(view, card // 13))
            key = (
                not unseen & above(card),
                card.suit is Suit.HEARTS,
                lead_win_chance(card, unseen, holders),
                rank_index(card),
            )
            if key > best_key:
                best, best_key = card, key
        return best
    led = SUIT_MASKS[trick.cards[0] // 13]
    if legal & led:
        winner = winning_card(trick)
        assert winner is not None
        return highest(legal) if legal & above(winner) else lowest(legal)
    harmless = legal & ~PENALTY_MASK
    if harmless:
        return min(CardSet.from_mask(harmless), key=rank_index)
    return lowest(legal)


# Following suit -----------------------------------------------------------------------------------


def choose_follow(situation: Situation) -> Card:
    """Follow suit: duck under the winner with the highest card that still loses; when the trick
    cannot cost anything (the first trick, or last to play to a clean trick) shed the highest card;
    when forced to win, win high, but never with the Q♠ if another card will do."""
    view = situation.view
    trick = view.trick
    legal = situation.legal
    winner = winning_card(trick)
    assert winner is not None
    winner_seat = winning_seat(trick)
    led = trick.cards[0] // 13
    later = seats_after(trick)
    is_last = not later
    value = trick_value(mask_of(trick.cards), situation.jack_counts)
    threat = situation.threat
    overs = legal & above(winner)
    not_queen = legal & ~QUEEN_BIT

    shooter_gets_it = threat is not None and (winner_seat == threat or threat in later)
    if shooter_gets_it and overs and (value > 0 or led == _HEARTS):
        # Points here would go to the shooter: take them ourselves, however it costs.
        return highest(overs & ~QUEEN_BIT or overs)

    if led == _SPADES and legal & QUEEN_BIT and winner > QUEEN_OF_SPADES and winner_seat != threat:
        return Card(QUEEN_OF_SPADES)  # the K♠ or A♠ is on the table: she goes under it

    ducks = legal & below(winner)
    if view.is_first_trick and not view.rules.points_on_first_trick:
        return highest(not_queen or legal)  # no points can fall on the first trick
    if is_last and value <= 0:
        if overs & ~QUEEN_BIT:
            return highest(overs & ~QUEEN_BIT)  # a free trick: win it with the highest card
        return highest(ducks & ~QUEEN_BIT or ducks) if ducks else highest(legal)
    if ducks:
        return highest(ducks & ~QUEEN_BIT or ducks)
    # Every card we hold in the suit wins for now.
    if is_last:
        return highest(not_queen or legal)
    if led == _SPADES:
        if situation.queen_out:
            safe = overs & LOW_SPADES_MASK  # the queen can only land on a K♠ or A♠
            return highest(safe) if safe else lowest(overs)
        return highest(not_queen or legal)
    return highest(legal)


# Discarding ---------------------------------------------------------------------------------------


def choose_discard(situation: Situation) -> Card:
    """Void in the led suit: dump the Q♠, then the card most likely to cost points later.

    Against a moon threat, give points only to someone else and keep the high hearts. Even
    before a threat is obvious, a seat that has every point so far never gets our best heart
    (if it is high enough to win a heart trick later): that heart may be what stops a moon.
    """
    view = situation.view
    legal = situation.legal
    threat = situation.threat
    winner_seat = winning_seat(view.trick)
    if threat is not None:
        threat_has_played = threat not in seats_after(view.trick)
        penalties = legal & PENALTY_MASK
        if winner_seat != threat and threat_has_played and penalties:
            return _most_dangerous(situation, penalties)  # a point to anyone else ends the moon
        harmless = legal & ~PENALTY_MASK
        if harmless:
            return _most_dangerous(situation, harmless)
        hearts = legal & HEARTS_MASK
        if hearts & (hearts - 1):
            return lowest(hearts)  # keep the high ones to win a heart trick later
    taker = sole_taker(view)
    if taker is not None and (winner_seat == taker or taker in seats_after(view.trick)):
        stopper = moon_stopper(situation)
        if stopper is not None and legal & ~stopper.bit:
            return _most_dangerous(situation, legal & ~stopper.bit)
    return _most_dangerous(situation, legal)


def moon_stopper(situation: Situation) -> Card | None:
    """Our highest heart, if it beats at least as many of the unseen hearts as beat it."""
    hearts = situation.hand & HEARTS_MASK
    if not hearts:
        return None
    top = highest(hearts)
    unseen = situation.unseen & HEARTS_MASK
    return top if (unseen & below(top)).bit_count() >= (unseen & above(top)).bit_count() else None


def _most_dangerous(situation: Situation, cards: int) -> Card:
    def danger(card: Card) -> float:
        value = discard_danger(card, situation.hand, situation.unseen, queen_out=situation.queen_out)
        if situation.jack_counts and 1 << card == JACK_BIT:
            value -= 10.0  # worth winning, not giving away
        return value

    return _best_by(cards, danger)


def _best_by(cards: int, score: Callable[[Card], float]) -> Card:
    """The card of ``cards`` with the highest score; the lowest such card on a tie."""
    best = lowest(cards)
    best_score = float("-inf")
    mask = cards
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = Card(bit.bit_length() - 1)
        value = score(card)
        if value > best_score:
            best, best_score = card, value
    return best


# Leading ------------------------------------------------------------------------------------------


def choose_lead(situation: Situation) -> Card:
    """Lead the card least likely to take points (see ``lead_cost``); against a moon threat, cash a
    heart that cannot lose, if we have one."""
    legal = situation.legal
    if situation.threat is not None:
        hearts = legal & HEARTS_MASK
        if hearts:
            top = highest(hearts)
            if not situation.unseen & above(top):
                return top  # it wins, and a heart of our own ends the moon
    return _best_by(legal, lambda card: -lead_cost(situation, card))


def queen_chances(situation: Situation) -> dict[Seat, float]:
    """Per opponent: the chance they hold the Q♠ (where we passed her, else spread over those
    who may still hold spades)."""
    view = situation.view
    if not situation.queen_out:
        return {}
    holder = known_holder(view, Card(QUEEN_OF_SPADES))
    if holder is not None:
        return {holder: 1.0}
    seats = suit_holders(view, _SPADES) or tuple(seat for seat in Seat if seat != view.seat)
    return {seat: 1.0 / len(seats) for seat in seats}


def lead_cost(situation: Situation, card: Card) -> float:
    """The points we expect to take by leading ``card``, plus a few strategic nudges.

    Expected points = chance the lead wins (followers duck when they can) x what lands on it:
    discards from players void in the suit (the Q♠ where she may be, else a heart), the hearts
    of a heart trick, the Q♠ played under a K♠/A♠. Nudges: lead spades below the queen to flush
    her out when we cannot catch her; keep our low spades when we hold her or a K♠/A♠; prefer
    side suits to hearts; head for a void in a short suit.
    """
    view = situation.view
    suit = card // 13
    holders = suit_holders(view, suit)
    suit_unseen = situation.unseen & SUIT_MASKS[suit]
    win = lead_win_chance(card, situation.unseen, len(holders))
    queen_at = queen_chances(situation)
    hearts_out = bool(situation.unseen & HEARTS_MASK)
    p_void = void_chance(suit_unseen.bit_count(), len(holders))
    landed = float(card.points)
    for seat in Seat:
        if seat == view.seat:
            continue
        queen = queen_at.get(seat, 0.0)
        void = 1.0 if seat not in holders else p_void
        dump = 13.0 * queen + (1.0 - queen) * (1.0 if hearts_out else 0.0)
        if suit == _HEARTS:
            follow = 1.0
        elif suit == _SPADES and card > QUEEN_OF_SPADES:
            follow = 13.0 * queen  # she is played under our K♠/A♠
        else:
            follow = 0.0
        landed += void * dump + (1.0 - void) * follow
    cost = win * landed

    hand = situation.hand
    if suit == _SPADES and not view.queen_played:
        if hand & QUEEN_BIT:
            cost += 1.5
        elif situation.queen_out and card < QUEEN_OF_SPADES:
            cost += 0.5 if hand & HIGH_SPADES_MASK else -1.0
    if suit == _HEARTS:
        cost += 3.0 if situation.threat is not None else 0.3
    elif (hand & SUIT_MASKS[suit]).bit_count() <= 2:
        cost -= 0.2
    return cost + rank_index(card) * 0.001
