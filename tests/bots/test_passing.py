"""Hard's pass: a shortlist from the hand-danger heuristic, each choice played out on imagined deals."""

from __future__ import annotations

import random

import pytest

from hearts.bots.heuristics import best_pass, hand_danger
from hearts.bots.passing import greedy_pass, played_out_pass, shortlist
from hearts.deals import deal_for
from hearts.engine import CardSet, Match, Seat


@pytest.mark.parametrize("seed", range(20))
def test_the_shortlist_starts_with_the_heuristics_choice(seed: int) -> None:
    hand = deal_for(seed, 1).hands[0].mask
    options = shortlist(hand)
    assert len(options) == len(set(options)) == 5
    assert all(option.bit_count() == 3 and option & ~hand == 0 for option in options)
    assert options[0] == best_pass(hand)
    dangers = [hand_danger(hand & ~option) for option in options]
    assert dangers == sorted(dangers)


@pytest.mark.parametrize("seed", range(20))
def test_a_greedy_pass_is_three_of_the_hands_cards(seed: int) -> None:
    hand = deal_for(seed, 2).hands[1].mask
    passed = greedy_pass(hand)
    assert passed.bit_count() == 3 and passed & ~hand == 0


def test_the_played_out_pass_is_on_the_shortlist_and_repeatable() -> None:
    match = Match()
    match.apply(deal_for(3, 1))
    view = match.view_for(Seat.NORTH)

    def run(seed: int) -> int:
        thought = played_out_pass(view, random.Random(seed), samples=20)
        steps = 0
        while True:
            try:
                next(thought)
                steps += 1
            except StopIteration as done:
                assert steps == 21  # once for the shortlist, then once per imagined deal
                return int(done.value)

    chosen = run(1)
    assert chosen in shortlist(view.hand.mask)
    assert run(1) == chosen
    assert CardSet.from_mask(chosen) <= view.hand
