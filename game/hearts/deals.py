"""Seeded deals, outside the engine: the same seed gives the same match on every platform.

The generator is written out here (SplitMix64 feeding a Fisher–Yates shuffle) rather than taken
from ``random``, whose algorithms are not promised to stay the same across Python versions.
"""

from __future__ import annotations

import secrets
import struct
from operator import itemgetter, mul
from typing import Final

from .engine.cards import Seat
from .engine.match import dealer_for
from .engine.moves import Deal

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_CARD_BITS: Final = tuple(1 << card for card in range(52))


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


# The shuffle of one deal draws 51 numbers, and SplitMix64's k-th state is simply the start plus k
# golden steps, so the 51 outputs are worked out together: each in its own 128-bit lane of one big
# int (room for a 64 × 64-bit product), each step of the mixer one operation on the whole int, masked
# back to 64 bits a lane. A dozen operations on a long int cost far less than 51 × 12 on short ones.
_DRAWS: Final = 51
_LANE_BITS: Final = 128
_ONES: Final = sum(1 << (_LANE_BITS * draw) for draw in range(_DRAWS))
_LANES: Final = _MASK64 * _ONES
_STEPS: Final = sum((((draw + 1) * _GOLDEN) & _MASK64) << (_LANE_BITS * draw) for draw in range(_DRAWS))
_LANE_BYTES: Final = _DRAWS * _LANE_BITS // 8
_UNPACK_LANES: Final = struct.Struct("<" + "Q8x" * _DRAWS).unpack
"""The low 64 bits of each lane, lowest lane first."""
_LASTS: Final = tuple(range(51, 0, -1))
_BOUNDS: Final = tuple(last + 1 for last in _LASTS)
_MAY_BE_REJECTED: Final = frozenset(
    -(-(step << 64) // bound) for bound in set(_BOUNDS) for step in range(bound)
)
"""Every output that Lemire's method could throw away for one of the bounds: the low 64 bits of
``output * bound`` are below ``bound`` exactly when ``output`` is ⌈step · 2⁶⁴ / bound⌉ for some
``step < bound``. One chance in about 10¹⁶ a deal; such a deal is shuffled one draw at a time."""


def _outputs(start: int) -> tuple[int, ...]:
    """SplitMix64's next 51 outputs from the state ``start``, all at once."""
    state = (start * _ONES + _STEPS) & _LANES
    mixed = ((state ^ (state >> 30)) & _LANES) * _MIX1 & _LANES
    mixed = ((mixed ^ (mixed >> 27)) & _LANES) * _MIX2 & _LANES
    mixed ^= mixed >> 31  # what shifts in from the lane above lands in the high half, never read
    return _UNPACK_LANES(mixed.to_bytes(_LANE_BYTES, "little"))


def _shuffle_one_draw_at_a_time(start: int) -> list[int]:
    """Fisher–Yates with ``SplitMix64(start).below`` for each bound: the definition of the deal."""
    rng = SplitMix64(start)
    pack = list(range(52))
    for last in _LASTS:
        other = rng.below(last + 1)
        pack[last], pack[other] = pack[other], pack[last]
    return pack


def _shuffle(start: int) -> list[int]:
    """The pack as ``_shuffle_one_draw_at_a_time(start)`` leaves it, with the draws made together."""
    outputs = _outputs(start)
    if not _MAY_BE_REJECTED.isdisjoint(outputs):
        return _shuffle_one_draw_at_a_time(start)
    pack = list(range(52))
    for last, product in zip(_LASTS, map(mul, outputs, _BOUNDS), strict=True):
        other = product >> 64
        pack[last], pack[other] = pack[other], pack[last]
    return pack


def seat_seed(seed: int, seat: Seat) -> int:
    """The seed of the bot in ``seat`` of the match with ``seed``: ``seed × 4 + seat``. Each seat's
    bot is seeded from the match, so a reloaded (or shared) match plays on identically."""
    return seed * 4 + seat


def new_seed() -> int:
    """A fresh seed for a new match."""
    return secrets.randbits(63)


def deal_for(seed: int, hand_number: int, dealer: Seat | None = None) -> Deal:
    """The deal of hand ``hand_number`` of the match with ``seed``.

    The pack is shuffled (Fisher–Yates, each bound drawn without bias by Lemire's method from
    ``SplitMix64(seed * 1_000_003 + hand_number)``), then dealt one card at a time starting at the
    dealer's left; the dealer is the standard one for the hand number unless ``dealer`` names
    another.
    """
    pack = _shuffle((seed * 1_000_003 + hand_number) & _MASK64)
    first = (dealer_for(hand_number) if dealer is None else dealer).next
    # The card at position i of the pack goes to seat first + i, round the table: each seat's
    # thirteen bits picked out and added up in C.
    south, west, north, east = [
        sum(itemgetter(*pack[(seat - first) & 3 :: 4])(_CARD_BITS)) for seat in range(4)
    ]
    return Deal.of_masks(south, west, north, east)
