"""Moves, as nouns, with the text a save writes them in.

``Deal`` is the chance move (the engine never shuffles), ``Pass`` one seat's three cards,
``Play`` one card, ``MoonChoice`` the shooter's choice under the shooter-chooses option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import ALL_CARDS_MASK, CARDS, Card, CardSet, Seat, by_byte
from .errors import InvalidNotation
from .rules import Moon


@dataclass(frozen=True, slots=True)
class Deal:
    """Thirteen cards for each seat, in seat order."""

    hands: tuple[CardSet, ...]

    def __post_init__(self) -> None:
        if len(self.hands) != 4 or any(len(hand) != 13 for hand in self.hands):
            raise InvalidNotation("a deal is four hands of 13 cards")
        union = 0
        for hand in self.hands:
            union |= hand.mask
        if union != ALL_CARDS_MASK:
            raise InvalidNotation("a deal holds each of the 52 cards once")

    @classmethod
    def of_masks(cls, south: int, west: int, north: int, east: int) -> Deal:
        """A deal from four 52-bit masks, checked as ``Deal(hands)`` is, without building the
        sets twice: thirteen cards each, and together every card."""
        if (
            south | west | north | east != ALL_CARDS_MASK
            or south.bit_count() != 13
            or west.bit_count() != 13
            or north.bit_count() != 13
            or east.bit_count() != 13
        ):
            raise InvalidNotation("a deal is four hands of 13 cards holding each of the 52 cards once")
        deal = object.__new__(cls)
        object.__setattr__(
            deal,
            "hands",
            (
                CardSet.from_mask(south),
                CardSet.from_mask(west),
                CardSet.from_mask(north),
                CardSet.from_mask(east),
            ),
        )
        return deal

    def to_text(self) -> str:
        return "deal " + "/".join(hand.compact for hand in self.hands)


@dataclass(frozen=True, slots=True)
class Pass:
    seat: Seat
    cards: CardSet

    def to_text(self) -> str:
        return f"pass {self.seat.letter} {self.cards.notation}"


@dataclass(frozen=True, slots=True)
class Play:
    seat: Seat
    card: Card

    @staticmethod
    def of(seat: Seat | int, card: Card | int) -> Play:
        """The shared instance for this seat and card."""
        return PLAYS[seat][card]

    def to_text(self) -> str:
        return f"play {self.seat.letter} {self.card.notation}"


@dataclass(frozen=True, slots=True)
class MoonChoice:
    """The shooter's choice: ``Moon.ADD_TO_OTHERS`` or ``Moon.SUBTRACT_FROM_SHOOTER``."""

    seat: Seat
    moon: Moon

    def to_text(self) -> str:
        return f"moon {self.seat.letter} {self.moon.value}"


PlayerMove = Pass | Play | MoonChoice
"""A move one seat makes (a deal is chance's)."""
Move = Deal | PlayerMove

PLAYS: Final = tuple(tuple(Play(seat, card) for card in CARDS) for seat in Seat)
PLAYS_BY_BYTE: Final = tuple(by_byte(plays) for plays in PLAYS)
"""For each seat, its plays by byte of a card mask (``cards.by_byte``): ``legal_moves`` reads them."""
MOON_OPTIONS: Final = (Moon.ADD_TO_OTHERS, Moon.SUBTRACT_FROM_SHOOTER)


def parse_move(text: str) -> Move:
    """A move from its text: ``"play S QS"``, ``"pass W QS AS KH"``, ``"moon N add"``, ``"deal …"``."""
    if not isinstance(text, str):
        raise InvalidNotation(f"not a move: {text!r}")
    verb, _, rest = text.strip().partition(" ")
    if verb == "deal":
        parts = rest.split("/")
        if len(parts) != 4:
            raise InvalidNotation(f"a deal has four hands: {text!r}")
        hands = tuple(CardSet.parse_compact(part) for part in parts)
        try:
            return Deal(hands)
        except InvalidNotation as error:
            raise InvalidNotation(f"{error}: {text!r}") from None
    seat_text, _, argument = rest.strip().partition(" ")
    if verb not in ("pass", "play", "moon") or not argument:
        raise InvalidNotation(f"not a move: {text!r}")
    seat = Seat.parse(seat_text)
    if verb == "play":
        return PLAYS[seat][Card.parse(argument)]
    if verb == "pass":
        return Pass(seat, CardSet.parse(argument))
    try:
        moon = Moon(argument.strip())
    except ValueError:
        raise InvalidNotation(f"not a moon choice: {text!r}") from None
    if moon not in MOON_OPTIONS:
        raise InvalidNotation(f"the shooter chooses add or subtract: {text!r}")
    return MoonChoice(seat, moon)
