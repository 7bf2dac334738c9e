"""The table's words: a taken trick, the header."""

from __future__ import annotations

import pytest

from hearts.engine import Card, HandScored, Moon, PassDirection, Seat, Trick
from hearts.words import hand_story, prompt, table_header, trick_taken
from tests.engine.scenarios import play, play_out, start


def trick(leader: Seat, cards: str, winner: Seat) -> Trick:
    return Trick(leader, tuple(Card.parse(text) for text in cards.split()), winner)


@pytest.mark.parametrize(
    ("cards", "winner", "jack", "words"),
    [
        ("2C 5C KC 3C", Seat.NORTH, False, "North takes it — no points"),
        ("QS 4H AS 9H", Seat.NORTH, False, "North takes it — 2 ♥ and the Q♠"),
        ("8D 3H 5H 7H", Seat.SOUTH, False, "You take it — 3 ♥"),
        ("KS QS 2S 3S", Seat.SOUTH, False, "You take it — the Q♠"),
        ("JD 2D 3D 4H", Seat.SOUTH, True, "You take it — 1 ♥ and the J♦ (−10)"),
        ("JD 2D 3D 4H", Seat.SOUTH, False, "You take it — 1 ♥"),
        ("JD QS 3D 4H", Seat.WEST, True, "West takes it — 1 ♥, the Q♠ and the J♦ (−10)"),
    ],
)
def test_who_took_the_trick_and_what_it_holds(cards: str, winner: Seat, jack: bool, words: str) -> None:
    assert trick_taken(trick(Seat.SOUTH, cards, winner), jack_counts=jack) == words


def test_an_unfinished_trick_has_no_taker() -> None:
    with pytest.raises(AssertionError):
        trick_taken(Trick(Seat.SOUTH, (Card.parse("2C"),)))


@pytest.mark.parametrize(
    ("number", "direction", "target", "words"),
    [
        (5, PassDirection.RIGHT, 100, "Hand 5 · Pass right · to 100"),
        (1, PassDirection.LEFT, 50, "Hand 1 · Pass left · to 50"),
        (3, PassDirection.ACROSS, 100, "Hand 3 · Pass across · to 100"),
        (4, PassDirection.NONE, 100, "Hand 4 · No pass · to 100"),
        (0, PassDirection.LEFT, 100, "Hand 1 · Pass left · to 100"),  # before the first deal
    ],
)
def test_the_header_names_the_hand_its_pass_and_the_target(
    number: int, direction: PassDirection, target: int, words: str
) -> None:
    assert table_header(number, direction, target) == words


# Trick 1: South's 2♣, West's A♣, and North and East (void in clubs) discard: West leads trick 2.
DEAL = {
    "south": "2C 3C 4C 5C 6C 7C 8C 9C 2D 8D KD AD 2H",
    "west": "TC JC QC KC AC 3D 4D 5D 6D 3S 4S 5S 3H",
    "north": "7D 9D TD JD QD 6S 7S 8S 9S TS 4H 5H 6H",
    "east": "2S JS QS KS AS 7H 8H 9H TH JH QH KH AH",
}


def test_the_prompt_asks_you_to_follow_the_led_suit_when_you_hold_it() -> None:
    match = start(**DEAL)
    play(match, "2C", "AC", "7D", "2S", "3D", "9D", "7H")  # West leads a diamond; you hold some
    assert prompt(match.view_for(Seat.SOUTH), 0) == "Your turn: follow diamonds."


def test_the_prompt_says_so_when_you_cannot_follow() -> None:
    match = start(**DEAL)
    play(match, "2C", "AC", "7D", "2S", "3S", "6S", "JS")  # West leads a spade: you have none
    assert prompt(match.view_for(Seat.SOUTH), 0) == "Your turn: you have no spades, so play another suit."


def test_the_prompt_names_your_lead_and_a_hand_without_passing() -> None:
    match = start(**DEAL)  # hand 4: no passing
    assert prompt(match.view_for(Seat.SOUTH), 0) == "No passing this hand. Your lead: the 2♣ starts the hand."


def test_the_prompt_counts_down_the_cards_to_pass() -> None:
    match = start(hand_number=1, **DEAL)  # hand 1 passes left
    view = match.view_for(Seat.SOUTH)
    assert prompt(view, 0) == "Choose 3 cards to pass left to West."
    assert prompt(view, 2) == "Choose 1 more card to pass left to West."
    assert prompt(view, 3) == "Press “Pass left” to give these three to West."


# The same cards, South's and West's swapped: West leads the 2♣ and you play fourth to the first trick.
TURNED = {**DEAL, "south": DEAL["west"], "west": DEAL["south"]}


def test_a_hand_without_passing_says_so_until_your_first_card() -> None:
    match = start(**TURNED)  # hand 4: no passing
    assert prompt(match.view_for(Seat.SOUTH), 0) == "No passing this hand."  # West leads
    play(match, "2C", "7D")  # North (void) discards; East to play
    assert prompt(match.view_for(Seat.SOUTH), 0) == "No passing this hand."
    play(match, "2S")
    assert prompt(match.view_for(Seat.SOUTH), 0) == "No passing this hand. Your turn: follow clubs."
    play(match, "AC")
    assert "No passing" not in prompt(match.view_for(Seat.SOUTH), 0)  # your first card is down
    passing = start(hand_number=1, **TURNED)
    assert "No passing" not in prompt(passing.view_for(Seat.SOUTH), 0)


def scored(
    hearts: tuple[int, int, int, int],
    queen: Seat,
    *,
    shooter: Seat | None = None,
    jack: Seat | None = None,
    moon: Moon | None = None,
) -> HandScored:
    points = tuple(count + (13 if seat == queen else 0) for seat, count in zip(Seat, hearts, strict=True))
    return HandScored(3, points, points, points, shooter, moon, jack, hearts, queen)


@pytest.mark.parametrize(
    ("hand", "story"),
    [
        (scored((0, 0, 0, 0), Seat.WEST), []),
        (
            scored((0, 13, 0, 0), Seat.WEST, shooter=Seat.WEST, moon=Moon.ADD_TO_OTHERS),
            ["West shot the moon: everyone else +26."],
        ),
        (
            scored((13, 0, 0, 0), Seat.SOUTH, shooter=Seat.SOUTH, moon=Moon.ADD_TO_OTHERS),
            ["You shot the moon: everyone else +26."],
        ),
        (
            scored((13, 0, 0, 0), Seat.SOUTH, shooter=Seat.SOUTH, moon=Moon.SUBTRACT_FROM_SHOOTER),
            ["You shot the moon and took 26 off your score."],
        ),
        (
            scored((0, 0, 13, 0), Seat.NORTH, shooter=Seat.NORTH, moon=Moon.SUBTRACT_FROM_SHOOTER),
            ["North shot the moon and took 26 off their score."],
        ),
        (scored((1, 0, 12, 0), Seat.NORTH), ["North missed the moon by one heart."]),
        (scored((0, 1, 1, 11), Seat.EAST), ["East missed the moon by two hearts."]),
        (scored((12, 1, 0, 0), Seat.SOUTH), ["You missed the moon by one heart."]),
        (scored((0, 0, 13, 0), Seat.SOUTH), ["North missed the moon: you took the Q♠."]),
        (scored((0, 13, 0, 0), Seat.EAST), ["West missed the moon: East took the Q♠."]),
        (scored((0, 10, 3, 0), Seat.WEST), []),  # three hearts short is no near thing
        (scored((2, 3, 4, 4), Seat.EAST, jack=Seat.WEST), ["West took the J♦: −10."]),
    ],
)
def test_the_story_of_a_hand(hand: HandScored, story: list[str]) -> None:
    assert hand_story(hand) == story


def test_the_engine_counts_each_seats_hearts_and_names_the_queens_taker() -> None:
    match = start(**DEAL)
    events = play_out(match)
    result = next(event for event in events if isinstance(event, HandScored))
    assert sum(result.hearts) == 13
    assert result.queen_taker is not None
    for seat in Seat:
        assert result.points[seat] == result.hearts[seat] + (13 if seat == result.queen_taker else 0)
