"""Seeded deals, outside the engine: the same seed gives the same match on every platform.

The generator is written out here (SplitMix64 feeding a Fisher–Yates shuffle) rather than taken
from ``random``, whose algorithms are not promised to stay the same across Python versions.
"""

from __future__ import annotations

import secrets
from typing import Final

from .engine.cards import CardSet, Seat
from .engine.match import dealer_for
from .engine.moves import Deal

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class SplitMix64:
    """A small, fast, well-mixed 64-bit generator (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = state = (self.state + _GOLDEN) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform whole number in ``range(bound)`` (Lemire's multiply-and-reject: no value is
        favoured, and a rejection is rare enough that one multiplication nearly always does)."""
        product = self.next64() * bound
        if product & _MASK64 < bound:
            threshold = ((1 << 64) - bound) % bound
            while product & _MASK64 < threshold:
                product = self.next64() * bound
        return product >> 64


def new_seed() -> int:
    """A fresh seed for a new match."""
    return secrets.randbits(63)


def deal_for(seed: int, hand_number: int, dealer: Seat | None = None) -> Deal:
    """The deal of hand ``hand_number`` of the match with ``seed``.

    The pack is shuffled (Fisher–Yates, each bound drawn without bias by Lemire's method), then
    dealt one card at a time starting at the dealer's left; the dealer is the standard one for the
    hand number unless ``dealer`` names another.
    """
    rng = SplitMix64(seed * 1_000_003 + hand_number)
    pack = list(range(52))
    for last in range(51, 0, -1):
        other = rng.below(last + 1)
        pack[last], pack[other] = pack[other], pack[last]
    first = (dealer_for(hand_number) if dealer is None else dealer).next
    masks = [0, 0, 0, 0]
    for index, card in enumerate(pack):
        masks[(first + index) & 3] |= 1 << card
    return Deal(tuple(CardSet.from_mask(mask) for mask in masks))
