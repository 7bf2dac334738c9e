"""A hand's review from one seat's side (``review.replay_seen``), checked over random matches against the
whole hand laid open (``replay_hand``): the same tricks and hands before each trick, the seat's own deal
and pass and the cards passed to it, and nothing of what the others were dealt or passed among
themselves."""

from __future__ import annotations

import random

import pytest

from hearts.engine import HandScored, Phase, PlayerView, Seat, Trick, TrickTaken
from hearts.engine.cards import EMPTY
from hearts.review import HandReplay, replay_hand, replay_seen
from tests.engine.helpers import ALL_RULES, new_match, play_match

MATCHES = 20


@pytest.mark.parametrize("seed", range(MATCHES))
def test_a_seats_replay_is_the_hand_as_it_saw_it_and_no_more(seed: int) -> None:
    rng = random.Random(seed * 104729)
    match = new_match(rng.choice(ALL_RULES), rng)
    last: dict[Seat, PlayerView] = {}
    tricks: list[Trick] = []
    hands = 0
    for after, _move, events in play_match(match, seed, rng):
        for event in events:
            if isinstance(event, TrickTaken):
                tricks.append(event.trick)
            elif isinstance(event, HandScored):
                real = replay_hand(after, event.hand_number)
                for seat in Seat:
                    check(replay_seen(last[seat], tricks, event), real, seat)
                tricks, hands = [], hands + 1
        if after.phase in (Phase.PLAY, Phase.MOON):  # (each seat's last view of the hand in play)
            last = {seat: after.view_for(seat) for seat in Seat}
    assert hands > 0, f"seed {seed}"


def check(seen: HandReplay, real: HandReplay, seat: Seat) -> None:
    assert seen.seen_by is seat and seen.hand_number == real.hand_number
    assert (seen.exchange is None) == (real.exchange is None)
    assert seen.tricks == real.tricks  # every card played is public by the end
    giver = real.direction.giver(seat)
    for other in Seat:
        known = real.exchange is not None and other in (seat, giver)
        assert seen.dealt[other] == (real.dealt[other] if other is seat else None)
        assert seen.passed[other] == (real.passed[other] if known else None)
        if real.exchange is not None and seen.exchange is not None:
            assert seen.exchange.cards[other] == (real.exchange.cards[other] if known else EMPTY)
    assert seen.received(seat) == real.received(seat)
