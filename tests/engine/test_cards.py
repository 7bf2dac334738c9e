"""Cards, suits, seats and card sets: notation in and out, and the set operations."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from hearts.engine import (
    CARDS,
    FULL_DECK,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    InvalidNotation,
    Rank,
    Seat,
    Suit,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("aD", Rank.ACE, Suit.DIAMONDS),
        ("Q♠", Rank.QUEEN, Suit.SPADES),
        ("J♦", Rank.JACK, Suit.DIAMONDS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("K♡", Rank.KING, Suit.HEARTS),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        (" 9s ", Rank.NINE, Suit.SPADES),
    ],
)
def test_parse_accepts_letters_ten_lower_case_and_symbols(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)


@pytest.mark.parametrize("text", ["", "Q", "S", "1S", "11H", "QX", "QSS", "ZZ", "0H", "10", "♠Q", "Q S"])
def test_parse_refuses_bad_text_and_quotes_it(text: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)


def test_parse_refuses_non_text() -> None:
    with pytest.raises(InvalidNotation):
        Card.parse(12)  # type: ignore[arg-type]


def test_cards_are_small_shared_ints_in_suit_major_order() -> None:
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert [int(card) for card in CARDS] == list(range(52))
    assert all(Card(index) is CARDS[index] for index in range(52))
    assert CARDS[0] is TWO_OF_CLUBS
    assert [card.notation for card in CARDS[:3]] == ["2C", "3C", "4C"]
    assert CARDS[13].notation == "2D" and CARDS[26].notation == "2S" and CARDS[51].notation == "AH"
    with pytest.raises(ValueError):
        Card(52)


def test_text_forms_round_trip() -> None:
    for card in CARDS:
        assert Card.parse(card.notation) is card
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card
    assert str(QUEEN_OF_SPADES) == "Q♠"
    assert str(Card.parse("TH")) == "10♥"
    assert repr(QUEEN_OF_SPADES) == "Card.parse('QS')"


def test_card_points() -> None:
    assert sum(card.points for card in CARDS) == 26
    assert QUEEN_OF_SPADES.points == 13
    assert Card.parse("AH").points == 1 and Card.parse("2H").points == 1
    assert Card.parse("JD").points == 0 and Card.parse("KS").points == 0


def test_cardset_operations() -> None:
    hand = CardSet.parse("QS AS 2C th 3H")
    assert len(hand) == 5
    assert QUEEN_OF_SPADES in hand and Card.parse("KS") not in hand
    assert 0 not in hand  # a plain int is not a card
    assert [card.notation for card in hand] == ["2C", "QS", "AS", "3H", "TH"]
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("3H TH")
    assert hand.has_suit(Suit.CLUBS) and not hand.has_suit(Suit.DIAMONDS)
    other = CardSet.parse("AS KD")
    assert hand | other == CardSet.parse("QS AS 2C TH 3H KD")
    assert hand & other == CardSet.parse("AS")
    assert hand - other == CardSet.parse("QS 2C TH 3H")
    assert CardSet.parse("AS") <= hand and not other <= hand
    assert eval(repr(hand)) == hand
    assert str(hand) == "2♣ Q♠ A♠ 3♥ 10♥"
    assert hand.compact == "2CQSAS3HTH"
    assert CardSet.parse_compact(hand.compact) == hand
    assert hash(CardSet.parse("2C QS")) == hash(CardSet.parse("QS 2C"))
    assert len(FULL_DECK) == 52 and FULL_DECK.points == 26


def test_cardset_is_immutable() -> None:
    hand = CardSet.parse("QS")
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]


def test_cardset_pickles_and_copies_to_an_equal_set() -> None:
    hand = CardSet.parse("2C QS 10H AH")
    for again in (pickle.loads(pickle.dumps(hand)), copy.copy(hand), copy.deepcopy(hand)):
        assert type(again) is CardSet and again == hand and again.mask == hand.mask


@pytest.mark.parametrize("text", ["QS QS", "QS Q♠", "QS XX", "QS,,1H"])
def test_cardset_refuses_duplicates_and_bad_cards(text: str) -> None:
    with pytest.raises(InvalidNotation):
        CardSet.parse(text)


def test_cardset_packed_text_must_be_pairs() -> None:
    with pytest.raises(InvalidNotation):
        CardSet.parse_compact("QSA")


def test_seats_in_play_order() -> None:
    assert [seat.next for seat in Seat] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert Seat.SOUTH.offset(-1) is Seat.EAST
    assert Seat.parse("n") is Seat.NORTH and Seat.parse("east") is Seat.EAST
    with pytest.raises(InvalidNotation):
        Seat.parse("X")


def test_suits_alternate_colour_in_display_order() -> None:
    assert [suit.is_red for suit in Suit] == [False, True, False, True]
    assert "".join(suit.symbol for suit in Suit) == "♣♦♠♥"


def test_cardset_takes_cards_or_card_indexes_as_from_mask_and_play_of_do() -> None:
    queen = Card.parse("QS")
    assert CardSet([queen, 0, 51]) == CardSet.parse("2C QS AH") == CardSet.from_mask(1 | 1 << queen | 1 << 51)
    assert CardSet(range(52)) == FULL_DECK
    assert CardSet([queen, int(queen)]) == CardSet([queen])  # the same card twice is one card
    assert all(type(card) is Card for card in CardSet([3, 40]))


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (52, ValueError),
        (-1, ValueError),
        (True, TypeError),
        ("QS", TypeError),
        (1.0, TypeError),
        (None, TypeError),
    ],
)
def test_cardset_refuses_what_is_not_a_card(bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=repr(bad).replace(".", r"\.")):
        CardSet([Card.parse("2C"), bad])  # type: ignore[list-item]


def test_seats_and_suits_print_their_names() -> None:
    assert [str(seat) for seat in Seat] == ["South", "West", "North", "East"]
    assert [f"{suit}" for suit in Suit] == ["Clubs", "Diamonds", "Spades", "Hearts"]
    assert f"{Seat.WEST:>6}|{Suit.HEARTS:<7}|" == "  West|Hearts |"
    assert all(Seat.parse(str(seat)) is seat for seat in Seat)
    # Still ints where a number is asked for: arithmetic, a number format, JSON.
    assert f"{Seat.EAST:d} {Suit.SPADES:02d}" == "3 02"
    assert Seat.NORTH + 1 == 3 and json.dumps([Seat.WEST, Suit.HEARTS]) == "[1, 3]"
    assert repr(Seat.SOUTH) == "<Seat.SOUTH: 0>"
