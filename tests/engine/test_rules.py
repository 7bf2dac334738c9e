"""Legality of plays, with the exact sentences the table shows (SPEC §2), through the public Match."""

from __future__ import annotations

import dataclasses

import pytest

from hearts.engine import (
    CARDS,
    Card,
    HeartsBroken,
    IllegalMove,
    Match,
    Play,
    QueenPlayed,
    Rules,
    Seat,
    Suit,
    record,
)
from hearts.engine.rules import PRESETS, InvalidRules, Moon, Ties

from .scenarios import of_type, play, start

# Trick 1: West leads 2♣, South wins it with A♣ and leads trick 2. West is void in diamonds.
SOUTH_WINS_FIRST = {
    "south": "AC 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H 7H 8H",
    "west": "2C 3C 4C 2S 3S 4S 5S 6S 9H TH JH QH KH",
    "north": "5C 6C 7C 8D 9D TD JD 7S 8S 9S TS JS AH",
    "east": "8C 9C TC JC QC KC 2D QD KD AD QS KS AS",
}
FIRST_TRICK = ("2C", "5C", "8C", "AC")


def refuse(match: Match, seat: Seat, text: str) -> str:
    """Try an illegal play; check it is refused with a reason and that nothing changed."""
    move = Play.of(seat, Card.parse(text))
    before = record.dumps(match), [match.view_for(s) for s in Seat]
    with pytest.raises(IllegalMove) as caught:
        match.apply(move)
    assert caught.value.reason == match.why_illegal(move) and str(caught.value) == str(caught.value.reason)
    assert (record.dumps(match), [match.view_for(s) for s in Seat]) == before
    return str(caught.value)


def legal(match: Match) -> set[str]:
    return {card.notation for card in match.legal_plays()}


def test_the_two_of_clubs_leads_the_first_trick() -> None:
    match = start(**SOUTH_WINS_FIRST)
    assert match.to_move is Seat.WEST
    assert legal(match) == {"2C"}
    assert refuse(match, Seat.WEST, "3C") == "Lead the 2♣"
    assert refuse(match, Seat.WEST, "9H") == "Lead the 2♣"
    assert refuse(match, Seat.SOUTH, "AC") == "It is not your turn"
    assert refuse(match, Seat.WEST, "AC") == "That card is not in your hand"


def test_follow_suit_when_you_can() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, "2C")
    assert legal(match) == {"5C", "6C", "7C"}
    assert refuse(match, Seat.NORTH, "8D") == "You must follow clubs"
    play(match, "5C", "8C", "AC")
    play(match, "3D")
    assert "2S" in legal(match), "West has no diamond, so any card may go"
    play(match, "2S")
    assert refuse(match, Seat.NORTH, "7S") == "You must follow diamonds"


def test_highest_card_of_the_led_suit_wins_and_leads_next() -> None:
    match = start(**SOUTH_WINS_FIRST)
    events = play(match, *FIRST_TRICK)
    assert match.to_move is Seat.SOUTH
    events = play(match, "3D", "9H", "8D", "AD")  # West's heart is off suit: it cannot win
    taken = events[-1]
    assert taken.trick.winner is Seat.EAST and taken.points == 1
    assert match.to_move is Seat.EAST
    assert match.points() == (0, 0, 0, 1)


def test_showing_out_of_the_led_suit_is_seen_by_all() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, *FIRST_TRICK, "3D")
    assert match.view_for(Seat.NORTH).voids[Seat.WEST] == frozenset()
    play(match, "2S")  # West has no diamond
    for seat in Seat:
        voids = match.view_for(seat).voids
        assert voids[Seat.WEST] == {Suit.DIAMONDS}
        assert voids[Seat.SOUTH] == voids[Seat.NORTH] == voids[Seat.EAST] == frozenset()


def test_no_heart_lead_before_hearts_are_broken() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, *FIRST_TRICK)
    assert refuse(match, Seat.SOUTH, "2H") == "Hearts are not broken yet"
    assert legal(match) == {"3D", "4D", "5D", "6D", "7D"}


def test_a_discarded_heart_breaks_hearts_and_then_hearts_may_lead() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, *FIRST_TRICK, "3D")
    events = play(match, "9H")
    assert of_type(events, HeartsBroken) == [HeartsBroken(Seat.WEST, Card.parse("9H"))]
    assert match.view_for(Seat.SOUTH).hearts_broken
    play(match, "8D", "2D")  # North's 8♦ wins
    assert match.to_move is Seat.NORTH
    assert "AH" in legal(match)
    play(match, "AH")


def test_first_trick_discard_may_not_carry_points() -> None:
    match = start(
        south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        west="2D 3D JD 2S 3S QS 2H 3H 4H 5H 6H 7H 8H",
    )
    play(match, "2C")
    assert refuse(match, Seat.WEST, "2H") == "No points on the first trick"
    assert refuse(match, Seat.WEST, "QS") == "No points on the first trick"
    assert legal(match) == {"2D", "3D", "JD", "2S", "3S"}


def test_jack_of_diamonds_is_no_penalty_card_on_the_first_trick() -> None:
    match = start(
        Rules(jack_of_diamonds=True),
        south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        west="JD QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    )
    play(match, "2C")
    assert legal(match) == {"JD"}
    play(match, "JD")


@pytest.mark.parametrize(
    "west",
    [
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",  # nothing but hearts
        "QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",  # hearts and the Q♠
    ],
)
def test_a_hand_of_only_points_may_discard_them_on_the_first_trick(west: str) -> None:
    match = start(south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", west=west)
    play(match, "2C")
    assert legal(match) == set(west.split())
    events = play(match, west.split()[0])
    assert of_type(events, HeartsBroken) or of_type(events, QueenPlayed)


def test_points_on_the_first_trick_when_the_table_allows_them() -> None:
    match = start(
        Rules(points_on_first_trick=True),
        south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        west="2D 3D JD 2S 3S QS 2H 3H 4H 5H 6H 7H 8H",
    )
    play(match, "2C")
    assert legal(match) == set(["2D", "3D", "JD", "2S", "3S", "QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H"])
    events = play(match, "2H")
    assert of_type(events, HeartsBroken) == [HeartsBroken(Seat.WEST, Card.parse("2H"))]


def test_leading_from_all_hearts_before_hearts_are_broken() -> None:
    match = start(
        south="AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        west="2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        north="5C 6C 7C 8C 9C TC JC QC KC QD KD AD 2S",
    )
    play(match, "2C", "5C", "3S", "AC")
    assert match.to_move is Seat.SOUTH
    assert not match.view_for(Seat.SOUTH).hearts_broken
    assert len(legal(match)) == 12
    events = play(match, "KH")
    assert of_type(events, HeartsBroken) == [HeartsBroken(Seat.SOUTH, Card.parse("KH"))]


def test_hearts_and_the_queen_before_hearts_are_broken_must_lead_the_queen() -> None:
    match = start(
        south="AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        west="2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        north="5C 6C 7C 8C 9C TC JC QC KC QD KD AD 2S",
    )
    play(match, "2C", "5C", "3S", "AC")
    assert refuse(match, Seat.SOUTH, "2H") == "Hearts are not broken yet"
    assert legal(match) == {"QS"}
    events = play(match, "QS")
    assert of_type(events, QueenPlayed) == [QueenPlayed(Seat.SOUTH)]
    assert not of_type(events, HeartsBroken), "the Q♠ does not break hearts by default"
    assert match.view_for(Seat.SOUTH).queen_played
    assert not match.view_for(Seat.SOUTH).hearts_broken


def test_queen_breaks_hearts_when_the_table_says_so() -> None:
    match = start(
        Rules(queen_breaks_hearts=True),
        south="AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        west="2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        north="5C 6C 7C 8C 9C TC JC QC KC QD KD AD 2S",
    )
    play(match, "2C", "5C", "3S", "AC")
    events = play(match, "QS")
    assert of_type(events, HeartsBroken) == [HeartsBroken(Seat.SOUTH, Card.parse("QS"))]
    assert match.view_for(Seat.NORTH).hearts_broken


def test_the_queen_may_lead_at_any_time_after_the_first_trick() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, *FIRST_TRICK, "3D", "9H", "8D", "QD")  # East wins with the Q♦
    assert match.to_move is Seat.EAST
    assert "QS" in legal(match)


def test_legal_moves_are_exactly_the_moves_without_a_reason() -> None:
    match = start(**SOUTH_WINS_FIRST)
    play(match, *FIRST_TRICK)
    for seat in Seat:
        for card in CARDS:
            move = Play.of(seat, card)
            assert (match.why_illegal(move) is None) == (move in match.legal_moves()), move


# Table options as data -----------------------------------------------------------------------


def test_rules_round_trip_through_plain_data() -> None:
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({"moon": "subtract"}, partial=True) == Rules(moon=Moon.SUBTRACT_FROM_SHOOTER)


@pytest.mark.parametrize(
    "data",
    [
        {"target": 75},
        {"target": True},
        {"target": "100"},
        {"moon": "sometimes"},
        {"ties": "coin"},
        {"jack_of_diamonds": 1},
        {"wild_cards": True},
    ],
)
def test_bad_table_options_are_refused(data: dict) -> None:
    with pytest.raises(InvalidRules):
        Rules.from_dict(data, partial=True)


def test_an_option_has_one_name_in_code_save_and_protocol() -> None:
    rules = Rules(queen_breaks_hearts=True)
    data = rules.to_dict()
    assert set(data) == {field.name for field in dataclasses.fields(Rules)}
    assert data["queen_breaks_hearts"] is True


@pytest.mark.parametrize("value", [True, False])
def test_the_old_name_of_queen_breaks_hearts_still_reads(value: bool) -> None:
    assert Rules.from_dict({"qs_breaks_hearts": value}, partial=True) == Rules(queen_breaks_hearts=value)
    old = {**Rules().to_dict(), "qs_breaks_hearts": value}
    del old["queen_breaks_hearts"]
    assert Rules.from_dict(old).queen_breaks_hearts is value


def test_both_names_at_once_are_refused() -> None:
    with pytest.raises(InvalidRules, match="twice"):
        Rules.from_dict({"qs_breaks_hearts": True, "queen_breaks_hearts": True}, partial=True)


def test_full_rules_need_every_option() -> None:
    with pytest.raises(InvalidRules, match="missing"):
        Rules.from_dict({"target": 100})


def test_option_defaults_are_the_standard_table() -> None:
    rules = Rules()
    assert (rules.target, rules.moon, rules.ties) == (100, Moon.ADD_TO_OTHERS, Ties.PLAY_ON)
    assert not (rules.jack_of_diamonds or rules.queen_breaks_hearts or rules.points_on_first_trick)
