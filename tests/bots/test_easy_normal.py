"""The Easy and Normal bots (SPEC §4): their habits in hand-built positions, and legality,
determinism and fairness over seeded random ones."""

from __future__ import annotations

from itertools import combinations

import pytest

from hearts.bots import make_bot
from hearts.bots.easy import EasyBot, easy_best_play
from hearts.bots.heuristics import (
    above,
    below,
    best_pass,
    hand_danger,
    highest_duck,
    lead_win_chance,
    moon_threat,
)
from hearts.bots.normal import NormalBot, Situation, is_shooting, normal_pass, normal_play
from hearts.engine import Card, CardSet, Match, Pass, Phase, Play, PlayerView, Seat
from tests.engine.scenarios import make_deal, play, start

from .positions import WEST_RUNS, WEST_RUNS_PLAY, random_views


def pass_view(south: str) -> PlayerView:
    """South's view before a left pass, holding ``south``."""
    match = Match()
    match.apply(make_deal(south=south))
    return match.view_for(Seat.SOUTH)


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def normal_move(match: Match) -> str:
    seat = match.to_move
    assert seat is not None
    move = NormalBot().decide(match.view_for(seat))
    assert isinstance(move, Play)
    return move.card.notation


# Passing -----------------------------------------------------------------------------------------


def test_normal_passes_the_queen_when_short_of_spades() -> None:
    passed = normal_pass(pass_view("QS 3S 2C 5C 9C 4D 7D 8D 3H 6H 8H 9H TH"))
    assert Card.parse("QS") in passed


def test_normal_keeps_the_queen_behind_four_lower_spades_and_keeps_them_too() -> None:
    passed = normal_pass(pass_view("QS 2S 4S 6S 9S 3C 5C 4D 7D AD KH QH 2H"))
    assert not passed & cards("QS 2S 4S 6S 9S")
    assert passed == cards("AD KH QH")


def test_normal_passes_the_high_spades_without_the_queen_when_short() -> None:
    passed = normal_pass(pass_view("AS KS 3S 2C 5C 9C 4D 7D 8D 3H 4H 6H 8H"))
    assert cards("AS KS") <= passed


def test_normal_voids_a_short_suit() -> None:
    passed = normal_pass(pass_view("5D 9D 2C 3C 5C 7C 2S 4S 6S 8S 2H 3H 4H"))
    assert cards("5D 9D") <= passed, "no high card to pass: empty the diamonds to discard later"


def test_easy_passes_its_three_highest_cards() -> None:
    view = pass_view("AS KD QC 2C 5C 9C 4D 7D 8D 3H 4H 6H 8H")
    move = EasyBot().decide(view)
    assert isinstance(move, Pass) and move.cards == cards("AS KD QC")


# Playing -----------------------------------------------------------------------------------------

# Trick 1: South's 2♣, West's A♣, and North and East (void in clubs) discard: West leads trick 2.
WEST_LEADS_TRICK_TWO = {
    "south": "2C 3C 4C 5C 6C 7C 8C 9C 2D 8D KD AD 2H",
    "west": "TC JC QC KC AC 3D 4D 5D 6D 3S 4S 5S 3H",
    "north": "7D 9D TD JD QD 6S 7S 8S 9S TS 4H 5H 6H",
    "east": "2S JS QS KS AS 7H 8H 9H TH JH QH KH AH",
}
# The same with East and West exchanged: East wins trick 1 and leads to South.
EAST_LEADS_TRICK_TWO = {
    "south": "2C 3C 4C 5C 6C 7C 8C 9C 2D 8D KD 2S 2H",
    "east": "AC TC JC QC KC 3D 4D 5D 9D 3S 4S 5S 3H",
    "west": "6D 7D TD JD QD 6S 7S 8S 9S TS 4H 5H 6H",
    "north": "AD JS QS KS AS 7H 8H 9H TH JH QH KH AH",
}
# South holds no diamond, the Q♠ and a low spade; West takes trick 1 and leads.
SOUTH_VOID_IN_DIAMONDS = "2C 3C 4C 5C 6C 7C 8C 9C TC QS 2S 2H 3H"


def test_normal_ducks_under_the_winner_with_the_highest_card_that_loses() -> None:
    match = start(**EAST_LEADS_TRICK_TWO)
    play(match, "2C", "7D", "JS", "AC")
    play(match, "9D")
    assert normal_move(match) == "8D"


def test_normal_takes_a_clean_trick_with_its_ace_when_last() -> None:
    match = start(**WEST_LEADS_TRICK_TWO)
    play(match, "2C", "AC", "7D", "2S")
    play(match, "3D", "QD", "JS")
    assert normal_move(match) == "AD", "nothing more can fall on it: win it and shed the ace"


def test_normal_ducks_a_trick_with_a_point_in_it_when_last() -> None:
    match = start(**WEST_LEADS_TRICK_TWO)
    play(match, "2C", "AC", "7D", "2S")
    play(match, "3D", "QD", "7H")
    assert normal_move(match) == "8D"


def test_normal_dumps_the_queen_when_void() -> None:
    match = start(south=SOUTH_VOID_IN_DIAMONDS, west="JC QC KC AC 2D 3D 4D 5D 6D 7D 3S 4S 4H")
    play(match, "2C", "AC", "8D", "JS")
    play(match, "2D", "9D", "KS")
    assert normal_move(match) == "QS"


def test_normal_drops_the_queen_under_the_king() -> None:
    match = start(south=SOUTH_VOID_IN_DIAMONDS, west="JC QC KC AC 2D 3D 4D 5D 6D 7D KS 4S 4H")
    play(match, "2C", "AC", "8D", "TS")
    play(match, "KS", "3S", "JS")
    assert normal_move(match) == "QS"


FLUSH = {
    "south": "AC 3C 2S 5S 8S 2D 3D 4D 5D 6D 7D 8D 9D",
    "west": "2C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H 3H",
    "north": "TD JD QD KD AD 3S 4S 6S 7S 9S TS JS QS",
    "east": "KS AS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def test_normal_flushes_the_queen_with_a_low_spade_when_it_cannot_catch_her() -> None:
    match = start(**FLUSH)
    play(match, "2C", "TD", "KS")
    assert normal_move(match) == "AC", "the first trick is free of points: shed the ace"
    play(match, "AC")
    assert normal_move(match) == "2S"


def test_normal_stops_an_obvious_moon() -> None:
    match = start(**WEST_RUNS)
    for trick in WEST_RUNS_PLAY:
        play(match, *trick.split())
    view = match.view_for(Seat.SOUTH)
    assert moon_threat(view) is Seat.WEST
    assert view.points == (0, 15, 0, 0)
    assert normal_play(view).notation == "KH", "a heart taken by anyone else ends the moon"
    assert easy_best_play(view).notation == "4H", "Easy never tries to stop a moon"


SOUTH_RUNS = {
    "south": "AC KC QC JC 6D 7D 8D 9D TD JD AH KH QH",
    "west": "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 6S",
    "north": "QD KD 7S 8S 9S TS JS QS KS AS 2H 3H 4H",
}


def test_normal_goes_for_the_moon_when_it_has_every_point_and_the_top_hearts() -> None:
    match = start(**SOUTH_RUNS)
    play(match, "2C", "QD", "6C", "AC")
    play(match, "KC", "3C", "QS", "7C")
    play(match, "QC", "4C", "2H", "8C")
    view = match.view_for(Seat.SOUTH)
    assert view.points == (14, 0, 0, 0)
    assert normal_play(view).notation == "AH", "cash the top hearts to draw the others'"
    assert is_shooting(Situation.of(view))


def test_normal_does_not_go_for_the_moon_when_the_top_hearts_are_out() -> None:
    match = start(
        **dict(
            SOUTH_RUNS,
            south="AC KC QC JC 6D 7D 8D 9D TD JD 2H 3H 4H",
            north="QD KD 7S 8S 9S TS JS QS KS AS AH KH QH",
        )
    )
    play(match, "2C", "QD", "6C", "AC")
    play(match, "KC", "3C", "QS", "7C")
    play(match, "QC", "4C", "QH", "8C")
    view = match.view_for(Seat.SOUTH)
    assert view.points == (14, 0, 0, 0)
    assert not is_shooting(Situation.of(view))
    assert normal_play(view).notation != "JC", "no reason to cash a sure winner"


def test_without_a_threat_normal_ducks_the_same_heart_trick() -> None:
    match = start(**WEST_RUNS)
    for trick in WEST_RUNS_PLAY[:1]:
        play(match, *trick.split())
    play(match, "KC", "2H", "5C", "6C")  # West takes one heart: no threat yet
    play(match, "TH", "6H", "5H")
    view = match.view_for(Seat.SOUTH)
    assert moon_threat(view) is None
    assert normal_play(view).notation == "4H"


# The shared helpers ------------------------------------------------------------------------------


def test_the_card_helpers() -> None:
    seven, queen = Card.parse("7D"), Card.parse("QD")
    assert CardSet.from_mask(above(queen)) == cards("KD AD")
    assert CardSet.from_mask(below(seven)) == cards("2D 3D 4D 5D 6D")
    legal = cards("3D 9D KD").mask
    assert highest_duck(legal, queen) == Card.parse("9D")
    assert highest_duck(legal, Card.parse("2D")) is None


def test_lead_win_chance() -> None:
    seven = Card.parse("7D")
    assert lead_win_chance(seven, cards("2D 3D 4D").mask, 3) == 1.0, "nothing out beats it"
    assert lead_win_chance(seven, cards("8D 9D").mask, 3) < 0.2, "someone must overtake"
    assert lead_win_chance(seven, cards("2D 8D").mask, 1) == 1.0, "one holder ducks with the 2"
    low_out = lead_win_chance(seven, cards("2D 3D 4D 5D 8D").mask, 3)
    high_out = lead_win_chance(seven, cards("2D 8D 9D TD JD").mask, 3)
    assert 0.0 < high_out < low_out < 1.0


def test_the_pass_is_the_safest_three_by_hand_danger() -> None:
    for view in random_views(seed=8, hands=6):
        if view.phase is not Phase.PASS:
            continue
        hand = view.hand.mask
        best = min(hand_danger(hand & ~CardSet(trio).mask) for trio in combinations(view.hand, 3))
        assert hand_danger(hand & ~best_pass(hand)) == pytest.approx(best)


# Over many positions ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_decision_is_legal(level: str) -> None:
    bot = make_bot(level, seed=7)
    decisions = 0
    for view in random_views(seed=11, hands=80):
        move = bot.decide(view)  # Bot.think asserts the pass is from the hand, the card legal
        if isinstance(move, Play):
            assert move.card in view.legal and move.seat == view.seat
        else:
            assert isinstance(move, Pass) and len(move.cards) == 3 and move.cards <= view.hand
        decisions += 1
    assert decisions > 80 * 13


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_same_view_and_seed_give_the_same_move(level: str) -> None:
    views = list(random_views(seed=5, hands=8))
    first = [make_bot(level, seed=3).decide(view) for view in views]
    again = [make_bot(level, seed=3).decide(view) for view in reversed(views)]
    assert first == again[::-1]


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_decision_depends_on_the_view_alone(level: str) -> None:
    """Two deals that differ only in cards South cannot see (North and East have swapped the Q♠
    and the 4♥) look the same from South's seat, so South decides the same in both."""
    other = dict(
        FLUSH, north="TD JD QD KD AD 3S 4S 6S 7S 9S TS JS 4H", east="KS AS QS 5H 6H 7H 8H 9H TH JH QH KH AH"
    )
    one, two = start(**FLUSH), start(**other)
    bot = make_bot(level, seed=1)
    for match in (one, two):
        play(match, "2C", "TD", "KS")
    assert one.view_for(Seat.SOUTH) == two.view_for(Seat.SOUTH)
    first = bot.decide(one.view_for(Seat.SOUTH))
    assert first == bot.decide(two.view_for(Seat.SOUTH))
    for match in (one, two):
        match.apply(first)
    assert one.view_for(Seat.SOUTH) == two.view_for(Seat.SOUTH)
    assert bot.decide(one.view_for(Seat.SOUTH)) == bot.decide(two.view_for(Seat.SOUTH))


def test_easy_strays_from_its_best_card_sometimes_but_not_often() -> None:
    bot = EasyBot(seed=2)
    choices = strays = 0
    for view in random_views(seed=3, hands=30):
        if view.phase is not Phase.PLAY or len(view.legal) < 3:
            continue
        move = bot.decide(view)
        assert isinstance(move, Play) and move.card in view.legal
        choices += 1
        strays += move.card != easy_best_play(view)
    assert choices > 100
    assert 0.05 < strays / choices < 0.35
