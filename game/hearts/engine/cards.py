"""Suits, ranks, seats, cards and sets of cards.

A card is a small int, suit-major: ``suit * 13 + rank - 2``, so the 52 cards fit the low bits of an int
and a set of cards is a bit mask. All 52 ``Card`` objects are built once; nothing here builds a new card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from typing import ClassVar, Final, TypeVar

from .errors import InvalidNotation

_NUMBER_FORMATS: Final = frozenset("bcdnoxX")
_Item = TypeVar("_Item")


class _Named:
    """``str`` and ``format`` of a suit or seat give its name as a word ("Hearts", "South"); a
    number format (``f"{seat:d}"``) still gives the number."""

    __slots__ = ()
    name: str

    def __str__(self) -> str:
        return self.name.capitalize()

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in _NUMBER_FORMATS:
            return int.__format__(self, spec)
        return format(self.name.capitalize(), spec)


class Suit(_Named, IntEnum):
    """The four suits in display order: the colours alternate black, red, black, red."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♠♥"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        """The bits of the 13 cards of this suit."""
        return SUIT_MASKS[self]

    @property
    def noun(self) -> str:
        """The suit's name in lower case, as the table's sentences use it ("You must follow clubs")."""
        return self.name.lower()


class Rank(IntEnum):
    """Ranks, two low and ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]


class Seat(_Named, IntEnum):
    """The four seats in play order (clockwise): you are South, West plays after you."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def next(self) -> Seat:
        """The seat on this seat's left: the one that plays next."""
        return _SEATS[(self + 1) & 3]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places further in play order."""
        return _SEATS[(self + steps) & 3]

    @property
    def letter(self) -> str:
        return "SWNE"[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """A seat from its letter ("S", "W", "N", "E") or name, in any case."""
        key = text.strip().upper() if isinstance(text, str) else None
        for seat in _SEATS:
            if key in (seat.letter, seat.name):
                return seat
        raise InvalidNotation(f"not a seat: {text!r}")


_SEATS: Final = tuple(Seat)

SUIT_MASKS: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))
ALL_CARDS_MASK: Final = (1 << 52) - 1
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]

_RANK_FROM_TEXT: Final = {rank.letter: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_FROM_TEXT: Final = {suit.letter: suit for suit in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
}


class Card(int):
    """One of the 52 cards; ``Card(index)`` and ``Card.parse(text)`` return the shared instance."""

    __slots__ = ()
    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, index: int) -> Card:
        if isinstance(index, int) and 0 <= index < 52:
            return cls._all[index]
        raise ValueError(f"a card index is 0 to 51, not {index!r}")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        return cls._all[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from text: rank ``2-9 T J Q K A`` (or ``10``) then suit ``C D S H`` or a suit symbol."""
        if not isinstance(text, str):
            raise InvalidNotation(f"not a card: {text!r}")
        key = text.strip().upper()
        rank = _RANK_FROM_TEXT.get(key[:-1])
        suit = _SUIT_FROM_TEXT.get(key[-1:])
        if rank is None or suit is None:
            raise InvalidNotation(f"not a card: {text!r}")
        return cls._all[suit * 13 + rank - 2]

    @property
    def suit(self) -> Suit:
        return _CARD_SUIT[self]

    @property
    def rank(self) -> Rank:
        return _CARD_RANK[self]

    @property
    def bit(self) -> int:
        return 1 << self

    @property
    def points(self) -> int:
        """Penalty points of the card itself: one per heart, 13 for the queen of spades."""
        return _CARD_POINTS[self]

    @property
    def notation(self) -> str:
        """Two-letter text, as saves use it: ``"QS"``."""
        return _CARD_NOTATION[self]

    def __str__(self) -> str:
        return _CARD_NOTATION[self][0].replace("T", "10") + _CARD_SUIT[self].symbol

    def __repr__(self) -> str:
        return f"Card.parse({_CARD_NOTATION[self]!r})"


_CARD_SUIT: Final = tuple(Suit(index // 13) for index in range(52))
_CARD_RANK: Final = tuple(Rank(index % 13 + 2) for index in range(52))
_CARD_NOTATION: Final = tuple(_CARD_RANK[i].letter + _CARD_SUIT[i].letter for i in range(52))
Card._all = tuple(int.__new__(Card, index) for index in range(52))
CARDS: Final = Card._all

TWO_OF_CLUBS: Final = Card.of(Rank.TWO, Suit.CLUBS)
QUEEN_OF_SPADES: Final = Card.of(Rank.QUEEN, Suit.SPADES)
JACK_OF_DIAMONDS: Final = Card.of(Rank.JACK, Suit.DIAMONDS)
PENALTY_MASK: Final = HEARTS_MASK | (1 << QUEEN_OF_SPADES)
_CARD_POINTS: Final = tuple(
    1 if card.suit is Suit.HEARTS else 13 if card == QUEEN_OF_SPADES else 0 for card in CARDS
)


def by_byte(items: tuple[_Item, ...]) -> tuple[tuple[tuple[_Item, ...], ...], ...]:
    """For each byte of a 52-bit mask (7 of them, lowest first) and each of its 256 values, the
    items at the bits set, lowest first: reading a mask a byte at a time takes 7 steps at most,
    where a bit at a time takes one per card."""
    tables = []
    for place in range(7):
        table: list[tuple[_Item, ...]] = [()]
        for value in range(1, 256):
            low = value & -value
            index = 8 * place + low.bit_length() - 1
            first = (items[index],) if index < 52 else ()
            table.append(first + table[value ^ low])
        tables.append(tuple(table))
    return tuple(tables)


_CARDS_BY_BYTE: Final = by_byte(CARDS)


def card_list(mask: int) -> list[Card]:
    """The cards of a bit mask as a new list, lowest first (so by suit, then rank)."""
    cards: list[Card] = []
    for table in _CARDS_BY_BYTE:
        if not mask:
            break
        byte = mask & 0xFF
        if byte:
            cards += table[byte]
        mask >>= 8
    return cards


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of a bit mask, lowest first (so by suit, then rank)."""
    return iter(card_list(mask))


def points_in(mask: int) -> int:
    """Penalty points in a bit mask of cards."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask >> QUEEN_OF_SPADES & 1 else 0)


class CardSet:
    """An immutable set of cards over a 52-bit mask, iterated in display order.

    Built from cards or card indexes (``CardSet([Card.parse("QS"), 12])``), as ``Card(index)``,
    ``Play.of`` and ``from_mask`` take ints too; a bool, another type or an index outside 0–51 is
    refused. A card given twice is one card of the set.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | int] | CardSet = ()) -> None:
        if isinstance(cards, CardSet):
            mask = cards.mask
        else:
            mask = 0
            for item in cards:
                if type(item) is Card:
                    mask |= 1 << item
                elif type(item) is int:
                    mask |= 1 << Card(item)
                else:
                    raise TypeError(f"not a Card or a card index: {item!r}")
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        if not 0 <= mask <= ALL_CARDS_MASK:
            raise ValueError(f"not a 52-bit card mask: {mask!r}")
        cardset = _new_object(cls)
        _set_mask(cardset, mask)
        return cardset

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards separated by spaces or commas: ``"QS AS 10h"``; duplicates are refused."""
        if not isinstance(text, str):
            raise InvalidNotation(f"not a list of cards: {text!r}")
        mask = 0
        for word in text.replace(",", " ").split():
            card = Card.parse(word)
            if mask >> card & 1:
                raise InvalidNotation(f"{card!s} twice in {text!r}")
            mask |= 1 << card
        return cls.from_mask(mask)

    @classmethod
    def parse_compact(cls, text: str) -> CardSet:
        """Cards written two letters each with no separator, as saves write a hand: ``"2C5CQS"``."""
        if not isinstance(text, str) or len(text) % 2:
            raise InvalidNotation(f"not a packed list of cards: {text!r}")
        return cls.parse(" ".join(text[i : i + 2] for i in range(0, len(text), 2)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Callable[[int], CardSet], tuple[int]]:
        """Pickled (and copied) by its mask: it has no attribute to set again."""
        return (CardSet.from_mask, (self.mask,))

    def __contains__(self, card: object) -> bool:
        return type(card) is Card and bool(self.mask >> card & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __iter__(self) -> Iterator[Card]:
        return iter(card_list(self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def of_suit(self, suit: Suit) -> CardSet:
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.mask & SUIT_MASKS[suit])

    @property
    def points(self) -> int:
        return points_in(self.mask)

    @property
    def notation(self) -> str:
        """Space-separated two-letter cards: ``"2C QS AH"``."""
        return " ".join(_CARD_NOTATION[card] for card in self)

    @property
    def compact(self) -> str:
        """Two letters per card with no separator: ``"2CQSAH"``."""
        return "".join(_CARD_NOTATION[card] for card in self)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({self.notation!r})"


# The slot's own setter, taken once: it writes past CardSet.__setattr__ (which refuses) at less
# than object.__setattr__'s cost, which looks the slot up by name each time.
_new_object: Final = object.__new__
_set_mask: Final = CardSet.__dict__["mask"].__set__

EMPTY: Final = CardSet.from_mask(0)
FULL_DECK: Final = CardSet.from_mask(ALL_CARDS_MASK)
