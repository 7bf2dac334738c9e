"""Hints for the human (SPEC §5): three cards while passing, one legal card while playing, from the
human's view alone, the same hint for the same view."""

from __future__ import annotations

import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.bots.normal import NormalBot
from hearts.engine import Card, CardSet, Match, Pass, Phase, Play, Seat
from tests.engine.scenarios import make_deal, play, start

from .positions import WEST_RUNS, WEST_RUNS_PLAY, random_views


def test_the_pass_hint_is_three_cards_of_the_hand_and_names_the_queen_when_short() -> None:
    match = Match()
    match.apply(make_deal(south="QS 3S 2C 5C 9C 4D 7D 8D 3H 6H 8H 9H TH"))
    view = match.view_for(Seat.SOUTH)
    hint = suggest_pass(view)
    assert len(hint) == 3 and hint <= view.hand
    assert Card.parse("QS") in hint
    assert hint == suggest_pass(match.view_for(Seat.SOUTH))


def test_the_play_hint_is_what_the_normal_bot_would_play() -> None:
    match = start(**WEST_RUNS)
    for trick in WEST_RUNS_PLAY:
        play(match, *trick.split())
    view = match.view_for(Seat.SOUTH)
    assert suggest_play(view) == Card.parse("KH")


def test_hints_over_random_positions_are_legal_and_repeatable() -> None:
    normal = NormalBot()
    count = 0
    for view in random_views(seed=21, hands=30, hero=Seat.SOUTH):
        if view.phase is Phase.PASS:
            hint: CardSet | Card = suggest_pass(view)
            assert isinstance(hint, CardSet) and len(hint) == 3 and hint <= view.hand
            assert normal.decide(view) == Pass(view.seat, hint)
            assert suggest_pass(view) == hint
        else:
            hint = suggest_play(view)
            assert hint in view.legal
            assert normal.decide(view) == Play.of(view.seat, hint)
            assert suggest_play(view) == hint
        count += 1
    assert count > 30 * 13


def test_no_hint_out_of_turn() -> None:
    match = start(**WEST_RUNS)
    with pytest.raises(ValueError, match="not this seat's turn"):
        suggest_play(match.view_for(Seat.WEST))
    with pytest.raises(ValueError, match="nothing to pass"):
        suggest_pass(match.view_for(Seat.SOUTH))
