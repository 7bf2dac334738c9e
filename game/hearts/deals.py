"""Seeded deals, outside the engine: the same seed gives the same match on every platform.

The generator is written out here (SplitMix64 feeding a Fisher–Yates shuffle) rather than taken
from ``random``, whose algorithms are not promised to stay the same across Python versions.
"""

from __future__ import annotations

import secrets
from typing import Final

from .engine.cards import Seat
from .engine.match import dealer_for
from .engine.moves import Deal

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


def _mix(state: int) -> int:
    """SplitMix64's output for a state: two multiply-xorshift rounds."""
    z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def _redraw(state: int, product: int, bound: int) -> tuple[int, int]:
    """Lemire's rejection step: draw again while the low half of ``product`` falls in the biased
    zone; returns the generator's state and the product accepted."""
    threshold = ((1 << 64) - bound) % bound
    while product & _MASK64 < threshold:
        state = (state + _GOLDEN) & _MASK64
        product = _mix(state) * bound
    return state, product


class SplitMix64:
    """A small, fast, well-mixed 64-bit generator (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = state = (self.state + _GOLDEN) & _MASK64
        return _mix(state)

    def below(self, bound: int) -> int:
        """A uniform whole number in ``range(bound)`` (Lemire's multiply-and-reject: no value is
        favoured, and a rejection is rare enough that one multiplication nearly always does)."""
        product = self.next64() * bound
        if product & _MASK64 < bound:
            self.state, product = _redraw(self.state, product, bound)
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
    # SplitMix64.below written out in the loop, as the deal is on the path of every simulated hand:
    # the same numbers in the same order, so the same deals (tests/engine/test_deals.py holds them).
    state = (seed * 1_000_003 + hand_number) & _MASK64
    pack = list(range(52))
    for last in range(51, 0, -1):
        bound = last + 1
        state = (state + _GOLDEN) & _MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        product = (z ^ (z >> 31)) * bound
        if product & _MASK64 < bound:
            state, product = _redraw(state, product, bound)
        other = product >> 64
        pack[last], pack[other] = pack[other], pack[last]
    first = (dealer_for(hand_number) if dealer is None else dealer).next
    hands = []  # the card at position i of the pack goes to seat first + i, round the table
    for seat in range(4):
        mask = 0
        for card in pack[(seat - first) & 3 :: 4]:
            mask |= 1 << card
        hands.append(mask)
    return Deal.of_masks(hands[0], hands[1], hands[2], hands[3])
