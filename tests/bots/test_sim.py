"""The bots' private simulator agrees with the engine: same legal cards, same points, same scores."""

from __future__ import annotations

import random

import pytest

from hearts.bots.hard import distinct_choices, sim_from_view
from hearts.bots.sampler import Knowledge
from hearts.bots.sim import Sim, hand_scores
from hearts.deals import deal_for
from hearts.engine import CardSet, HandScored, Match, MoonChoice, Pass, Phase, Play, Rules, Seat
from hearts.engine.rules import Moon
from tests.engine.helpers import ALL_RULES

POSITIONS = 3000
"""Random positions checked, spread over random tables and hands."""


def random_position(rng: random.Random) -> Match:
    """A match stopped at a random point of a random hand's play."""
    rules = rng.choice(ALL_RULES)
    hand_number = rng.randint(1, 4)
    match = Match(rules, hands_before=hand_number - 1)
    match.apply(deal_for(rng.getrandbits(32), hand_number))
    if match.phase is Phase.PASS:
        for seat in Seat:
            match.apply(Pass(seat, CardSet(rng.sample(list(match.view_for(seat).hand), 3))))
    for _ in range(rng.randrange(52)):
        match.apply(rng.choice(match.legal_moves()))
    return match


def sim_for(match: Match, seat: Seat) -> Sim:
    """The simulator built the way the Hard bot builds it, with the true hands filled in."""
    hand = match.hand
    assert hand is not None
    sim = sim_from_view(match.view_for(seat))
    sim.hands = list(hand.hands)
    return sim


def test_the_simulator_agrees_with_the_engine_to_the_end_of_the_hand() -> None:
    rng = random.Random(20261129)
    for _ in range(POSITIONS):
        match = random_position(rng)
        observer = Seat(rng.randrange(4))
        sim = sim_for(match, observer)
        events: list = []
        while match.phase is Phase.PLAY:
            hand = match.hand
            assert hand is not None
            assert sim.to_move == match.to_move
            assert sim.legal() == match.legal_plays().mask
            assert sim.points == list(match.points())
            view = match.view_for(observer)
            assert sim.hearts_broken == view.hearts_broken
            assert sim.voids == [sum(1 << suit for suit in suits) for suits in view.voids]
            card = rng.choice(list(match.legal_plays()))
            sim.play(card)
            events += match.apply(Play.of(hand.to_move, card))
        assert sim.is_over
        choice = None
        if match.phase is Phase.MOON:
            choice = rng.choice([Moon.ADD_TO_OTHERS, Moon.SUBTRACT_FROM_SHOOTER])
            shooter = match.to_move
            assert shooter is not None
            events += match.apply(MoonChoice(shooter, choice))
        (scored,) = [event for event in events if isinstance(event, HandScored)]
        assert sim.points == list(scored.points)
        assert hand_scores(sim.points, sim.jack_taker, match.rules, choice) == list(scored.scores)


@pytest.mark.parametrize("seed", range(200))
def test_the_quick_policy_always_plays_a_legal_card(seed: int) -> None:
    rng = random.Random(seed)
    match = random_position(rng)
    sim = sim_for(match, Seat.SOUTH)
    while not sim.is_over:
        card = sim.choose()
        assert sim.legal() >> card & 1
        sim.play(card)
    assert sum(sim.points) == 26


def test_samples_agree_with_the_view() -> None:
    rng = random.Random(7)
    for _ in range(300):
        match = random_position(rng)
        if match.phase is not Phase.PLAY:
            continue
        seat = Seat(rng.randrange(4))
        view = match.view_for(seat)
        knowledge = Knowledge(view)
        hand = match.hand
        assert hand is not None
        for _ in range(5):
            hands = knowledge.sample(rng)
            assert hands[seat] == 0
            union = 0
            for other in Seat:
                if other == seat:
                    continue
                assert hands[other].bit_count() == hand.hands[other].bit_count()
                for suit in view.voids[other]:
                    assert not hands[other] & suit.mask, "a card of a suit the seat showed out of"
                assert not union & hands[other]
                union |= hands[other]
            assert union == view.unseen.mask
            if view.passed is not None and view.pass_target is not None:
                still_out = view.passed.mask & view.unseen.mask
                assert hands[view.pass_target] & still_out == still_out


def test_distinct_choices_drop_only_equivalent_cards() -> None:
    rules = Rules()
    match = Match(rules, hands_before=3)
    match.apply(deal_for(3, 4))
    seat = match.to_move
    assert seat is not None
    view = match.view_for(seat)
    assert distinct_choices(view) == [card for card in view.legal][:1]  # only the 2♣
    rng = random.Random(5)
    for _ in range(500):
        match = random_position(rng)
        if match.phase is not Phase.PLAY:
            continue
        view = match.view_for(match.to_move)  # type: ignore[arg-type]
        choices = distinct_choices(view)
        assert set(choices) <= set(view.legal) and choices
        others = view.unseen.mask
        for card in view.legal:
            if card in choices:
                continue
            # A dropped card has a kept neighbour below it with no unseen card in between.
            kept_below = [c for c in choices if c.suit == card.suit and c < card]
            assert kept_below
            gap = ((1 << card) - 1) & ~((1 << (max(kept_below) + 1)) - 1)
            assert not gap & others


def test_a_copy_has_every_field_and_plays_on_apart() -> None:
    """``Sim.copy`` names each field: a field added to the slots and not to the copy fails here."""
    rng = random.Random(7)
    copied = 0
    while copied < 20:
        match = random_position(rng)
        if match.phase is not Phase.PLAY or match.is_over:
            continue
        sim = sim_for(match, match.awaiting[0])
        clone = sim.copy()
        assert {name: getattr(clone, name) for name in Sim.__slots__} == {
            name: getattr(sim, name) for name in Sim.__slots__
        }
        before = {name: list(getattr(sim, name)) for name in ("hands", "points", "voids")}
        clone.play_out()
        assert clone.is_over
        assert {name: getattr(sim, name) for name in before} == before
        copied += 1
