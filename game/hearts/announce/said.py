"""Cards, numbers and points as a screen reader says them: words where the table draws symbols, "minus"
where it draws a sign."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..engine import FULL_MOON, Card, CardSet, Seat, Suit, Trick
from ..words import RANK_WORDS, SPOKEN, card_name, join_words, seat_object, trick_holds

MOON_CHOICE: Final = f"Choose: add {FULL_MOON} to each opponent, or take {FULL_MOON} off your score."
"""The moon's question to its shooter."""


def card_title(card: Card) -> str:
    """A card's name opening a line, as a list item is named: "Queen of spades", "10 of hearts"."""
    name = card_name(card)
    return name[0].upper() + name[1:]


def cards_spoken(cards: Iterable[Card]) -> str:
    """Cards as a spoken list, by suit in display order then rank: "the 4 of diamonds, king of spades
    and 10 of hearts"."""
    return SPOKEN.cards(cards)


def number(value: int) -> str:
    """A score as said: "12", "minus 10" (a screen reader may skip a bare minus sign)."""
    return f"minus {-value}" if value < 0 else str(value)


def points_count(value: int) -> str:
    """A number of points: "0 points", "1 point", "minus 9 points"."""
    return f"{number(value)} point{'' if abs(value) == 1 else 's'}"


def points_words(value: int) -> str:
    """What a trick scores: "no points", "1 point", "minus 9 points"."""
    return "no points" if value == 0 else points_count(value)


def per_seat(values: Sequence[int], *, signs: bool = False) -> str:
    """A number for each seat, you first: "you 3, West minus 10, North 10, East 0" (with ``signs``:
    "West -10", shorter, as a screen reader still says it)."""
    return ", ".join(
        f"{seat_object(seat)} {values[seat] if signs else number(values[seat])}" for seat in Seat
    )


def suit_count(count: int, suit: Suit) -> str:
    """How many cards of a suit: "no clubs", "1 club", "4 clubs"."""
    if count == 0:
        return f"no {suit.noun}"
    return f"{count} {suit.noun[:-1] if count == 1 else suit.noun}"


def suit_ranks(cards: CardSet, suit: Suit) -> str:
    """The ranks ``cards`` hold in ``suit``, in words: "2, 7, king"."""
    return ", ".join(RANK_WORDS[card.rank] for card in cards.of_suit(suit))


def trick_held(trick: Trick, *, jack_counts: bool) -> str:
    """What a taken trick held and scored: "2 hearts and the queen of spades, 15 points", "no points"
    (the points count the J♦'s −10, so the jack is named without it)."""
    held = trick_holds(trick, jack_counts=jack_counts, voice=SPOKEN, jack_bonus=False)
    score = trick.score(jack_counts=jack_counts)
    return f"{join_words(held)}, {points_words(score)}" if held else "no points"
