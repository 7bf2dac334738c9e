"""The seeded dealer may get faster, never different: every seed keeps its deals bit for bit.

The reference below is the dealer as first written (one generator, one draw at a time); ``deal_for``
makes the 51 draws of a shuffle together, and these tests hold the two together, the rare Lemire
rejection included.
"""

from __future__ import annotations

import random
from typing import Final

import pytest

from hearts import deals
from hearts.deals import SplitMix64, deal_for
from hearts.engine import CardSet, Deal, InvalidNotation, Seat, dealer_for

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15


def reference_next64(state: int) -> tuple[int, int]:
    """SplitMix64 written out once more: the next state and its output."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def reference_deal(seed: int, hand_number: int, dealer: Seat | None = None) -> Deal:
    state = (seed * 1_000_003 + hand_number) & MASK64
    pack = list(range(52))
    for last in range(51, 0, -1):
        bound = last + 1
        state, output = reference_next64(state)
        product = output * bound
        if product & MASK64 < bound:
            threshold = ((1 << 64) - bound) % bound
            while product & MASK64 < threshold:
                state, output = reference_next64(state)
                product = output * bound
        other = product >> 64
        pack[last], pack[other] = pack[other], pack[last]
    first = (dealer_for(hand_number) if dealer is None else dealer).next
    masks = [0, 0, 0, 0]
    for index, card in enumerate(pack):
        masks[(first + index) & 3] |= 1 << card
    return Deal(tuple(CardSet.from_mask(mask) for mask in masks))


def seed_that_draws_zero(hand_number: int, step: int) -> int:
    """A seed whose generator outputs 0 at draw ``step`` (counted from 1) of the shuffle of hand
    ``hand_number``: 0 is SplitMix64's output for the state 0, and 0 times any bound lands in
    Lemire's rejected zone, so that draw is thrown away and made again."""
    start = (-step * GOLDEN) & MASK64
    return ((start - hand_number) * pow(1_000_003, -1, 1 << 64)) & MASK64


def test_deals_equal_the_reference_for_many_seeds() -> None:
    rng = random.Random(13)
    seeds = [
        0,
        1,
        -1,
        MASK64,
        MASK64 + 1,
        -(1 << 70),
        *(rng.getrandbits(rng.choice((8, 32, 63, 80))) for _ in range(400)),
    ]
    for index, seed in enumerate(seeds):
        hand_number = index % 9 + 1
        dealer = None if index % 3 else Seat(index % 4)
        assert deal_for(seed, hand_number, dealer) == reference_deal(seed, hand_number, dealer), (
            seed,
            hand_number,
        )


@pytest.mark.parametrize("step", [1, 2, 25, 50, 51])
def test_a_rejected_draw_is_made_again_as_the_reference_does(step: int) -> None:
    seed = seed_that_draws_zero(4, step)
    state = (seed * 1_000_003 + 4) & MASK64
    for _ in range(step):
        state, output = reference_next64(state)
    assert output == 0
    assert deal_for(seed, 4) == reference_deal(seed, 4)


def test_below_redraws_a_rejected_product() -> None:
    rng = SplitMix64((-GOLDEN) & MASK64)  # the first draw is 0, which every bound rejects
    after = SplitMix64((-GOLDEN) & MASK64)
    after.next64()
    for bound in (3, 52):
        rng.state = (-GOLDEN) & MASK64
        after.state = 0
        expected = after.next64() * bound >> 64
        assert rng.below(bound) == expected
        assert rng.state == after.state


def test_of_masks_checks_what_deal_checks() -> None:
    good = deal_for(8, 2)
    masks = [hand.mask for hand in good.hands]
    assert Deal.of_masks(*masks) == good
    moved = masks[1] & -masks[1]
    bad = [masks[0] | moved, masks[1] ^ moved, masks[2], masks[3]]
    with pytest.raises(InvalidNotation):
        Deal.of_masks(*bad)
    with pytest.raises(InvalidNotation):
        Deal.of_masks(masks[0], masks[0], masks[2], masks[3])
    with pytest.raises(InvalidNotation):
        Deal.of_masks(-1, masks[1], masks[2], masks[3])


def test_the_draws_made_together_are_the_generators_next_51() -> None:
    rng = random.Random(21)
    for start in [0, 1, MASK64, (-GOLDEN) & MASK64, *(rng.getrandbits(64) for _ in range(200))]:
        generator = SplitMix64(start)
        assert deals._outputs(start) == tuple(generator.next64() for _ in range(51))


def test_the_outputs_that_may_be_rejected_are_exactly_those() -> None:
    """An output falls in Lemire's zone for a bound when the low half of ``output * bound`` is
    below ``bound``; the set names them all, so a deal with none of them needs no second look."""
    for bound in (2, 3, 7, 13, 52):
        named = sorted(z for z in deals._MAY_BE_REJECTED if (z * bound) & MASK64 < bound)
        assert len(named) == bound
        for z in named:
            assert ((z - 1) * bound) & MASK64 >= bound or z == 0
            assert ((z + 1) * bound) & MASK64 >= bound


def test_a_shuffle_made_one_draw_at_a_time_is_the_same() -> None:
    rng = random.Random(34)
    for _ in range(300):
        start = rng.getrandbits(64)
        assert deals._shuffle(start) == deals._shuffle_one_draw_at_a_time(start)
