"""Hard's model of the others: its simulator plays exactly as Normal does, and what it infers from
Normal's plays (the sampler's inferences, the replay of the hand) never rules out the real deal."""

from __future__ import annotations

import random

from hearts.bots.hard import sim_from_view
from hearts.bots.normal import NormalBot, normal_play
from hearts.bots.sampler import History, Knowledge
from hearts.bots.sim import Sim
from hearts.deals import deal_for
from hearts.engine import Match, Phase, Play, Seat
from hearts.engine.cards import QUEEN_OF_SPADES
from tests.engine.helpers import ALL_RULES

from .test_sim import random_position

GAMES = 400
"""Hands walked through by the simulator test (several thousand decisions); the inference test walks
a quarter as many."""


def normal_position(rng: random.Random) -> Match:
    """A hand under random rules, passed and played by Normal up to a random point."""
    normal = NormalBot()
    hand_number = rng.randint(1, 4)
    match = Match(rng.choice(ALL_RULES), hands_before=hand_number - 1)
    match.apply(deal_for(rng.getrandbits(32), hand_number))
    if match.phase is Phase.PASS:
        for seat in Seat:
            match.apply(normal.decide(match.view_for(seat)))
    for _ in range(rng.randrange(52)):
        if match.phase is not Phase.PLAY:
            break
        seat = match.to_move
        assert seat is not None
        match.apply(normal.decide(match.view_for(seat)))
    return match


def true_sim(match: Match, seat: Seat) -> Sim:
    """The simulator as ``seat`` builds it, with the real hands and every seat's pass known."""
    hand = match.hand
    assert hand is not None
    sim = sim_from_view(match.view_for(seat))
    sim.hands = list(hand.hands)
    for other in Seat:
        view = match.view_for(other)
        if view.passed is not None and view.pass_target is not None and QUEEN_OF_SPADES in view.passed:
            sim.queen_known[other] = int(view.pass_target)
    return sim


def test_the_simulator_chooses_what_normal_chooses() -> None:
    rng = random.Random(2026)
    decisions = 0
    for game in range(GAMES):
        match = random_position(rng) if game % 2 else normal_position(rng)
        while match.phase is Phase.PLAY:
            seat = match.to_move
            assert seat is not None
            view = match.view_for(seat)
            wanted = normal_play(view)
            assert true_sim(match, seat).choose() == wanted, (game, view)
            decisions += 1
            # Half Normal's plays, half random ones, to reach odd positions too.
            move = Play.of(seat, wanted) if rng.random() < 0.5 else rng.choice(match.legal_moves())
            match.apply(move)
    assert decisions > 5_000


def test_normal_plays_never_misfit_the_real_deal_nor_break_the_inferences() -> None:
    rng = random.Random(11)
    normal = NormalBot()
    checked = 0
    for _ in range(GAMES // 4):
        match = normal_position(rng)
        while match.phase is Phase.PLAY:
            seat = match.to_move
            assert seat is not None
            hand = match.hand
            assert hand is not None
            view = match.view_for(seat)
            if view.tricks and rng.random() < 0.3:
                knowledge = Knowledge(view)
                real = list(hand.hands)
                for other in Seat:
                    if other != seat:
                        assert not real[other] & ~knowledge.allowed_strict[other], (view, other)
                real[seat] = 0
                assert History(view, sim_from_view(view)).misfits(real) == 0, view
                checked += 1
            match.apply(normal.decide(view))
    assert checked > 300


def test_misfits_count_plays_normal_would_not_make() -> None:
    rng = random.Random(3)
    found = 0
    for _ in range(200):
        match = normal_position(rng)
        if match.phase is not Phase.PLAY:
            continue
        seat = match.to_move
        assert seat is not None
        view = match.view_for(seat)
        if len(view.tricks) < 3:
            continue
        history = History(view, sim_from_view(view))
        knowledge = Knowledge(view)
        counts = [history.misfits(knowledge.sample(rng)) for _ in range(20)]
        assert all(count >= 0 for count in counts)
        found += any(counts)
        assert history.misfits(knowledge.sample(rng), limit=1) <= 1
    assert found, "some sampled deals should fail to explain the plays"
