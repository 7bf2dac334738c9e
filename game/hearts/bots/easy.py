"""The Easy bot: plausible, relaxed play with the odd friendly mistake.

It passes its three highest cards, follows with a sensible low card, dumps the Q♠ and its highest
cards when void and leads low. It counts no cards and never tries to stop a moon; and now and then
(``MISTAKE_RATE`` of its choices, drawn from the bot's seeded generator) it plays another legal card
instead of its best one, though never the Q♠ by mistake.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Final

from ..engine import PASS_SIZE, Card, CardSet, PlayerView
from ..engine.cards import HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS
from .base import Bot
from .heuristics import QUEEN_BIT, below, highest, lowest, rank_index, winning_card

MISTAKE_RATE: Final = 0.2
"""How often Easy plays a merely legal card instead of its best one."""


class EasyBot(Bot):
    level = "easy"

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        yield from ()
        return easy_pass(view)

    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        yield from ()
        best = easy_best_play(view)
        if rng.random() < MISTAKE_RATE:
            others = [card for card in view.legal if card != best and card.bit != QUEEN_BIT]
            if others:
                return rng.choice(others)
        return best


def easy_pass(view: PlayerView) -> CardSet:
    """The three highest cards by rank (between equal ranks, the later suit: hearts, then spades)."""
    ranked = sorted(view.hand, key=lambda card: (rank_index(card), card.suit), reverse=True)
    return CardSet(ranked[:PASS_SIZE])


def easy_best_play(view: PlayerView) -> Card:
    """Easy's intended card: lead the lowest card (a side suit before hearts); follow with the
    highest card that loses, else the lowest (the highest when last); when void, the Q♠, then the
    highest heart, then the highest card."""
    legal = view.legal.mask
    if not legal:
        raise ValueError("there is no card to play in this view")
    trick = view.trick
    if not trick.cards:
        pool = legal & ~HEARTS_MASK or legal
        return min(_cards(pool), key=rank_index)
    led = SUIT_MASKS[trick.cards[0] // 13]
    if legal & led:
        winner = winning_card(trick)
        assert winner is not None
        ducks = legal & below(winner)
        if ducks:
            return highest(ducks)
        return highest(legal) if len(trick.cards) == 3 else lowest(legal)
    if legal & QUEEN_BIT:
        return Card(QUEEN_OF_SPADES)
    if legal & HEARTS_MASK:
        return highest(legal & HEARTS_MASK)
    return max(_cards(legal), key=rank_index)


def _cards(mask: int) -> list[Card]:
    return list(CardSet.from_mask(mask))
