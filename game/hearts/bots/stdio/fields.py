"""The stdio protocol's fields read one by one: each either a value or a ValueError that quotes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import PASS_SIZE, Card, CardSet, PassDirection, Phase, Seat, Trick
from ...engine.record import MAX_SEED

FIELDS: Final = frozenset(
    {
        "seat",
        "phase",
        "pass_direction",
        "hand",
        "passed",
        "received",
        "tricks",
        "trick",
        "scores",
        "rules",
        "hand_number",
        "seed",
    }
)
MAX_HAND_NUMBER: Final = 20_000
DIRECTIONS: Final = {direction.label: direction for direction in PassDirection}
HAND_NUMBER: Final = {
    PassDirection.LEFT: 1,
    PassDirection.RIGHT: 2,
    PassDirection.ACROSS: 3,
    PassDirection.NONE: 4,
}
"""The first hand of the pass cycle with each direction: a hand number consistent with the request."""
PHASES: Final = {"pass": Phase.PASS, "play": Phase.PLAY, "moon": Phase.MOON}
SEATS: Final = tuple(Seat)


def shown(value: object) -> str:
    """``repr`` of a bad value, cut short: an error line quotes it, not a whole request."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def seat_number(seat: Seat | None) -> str:
    """A seat as the protocol writes it: its number 0-3."""
    return "none" if seat is None else str(seat.value)


def read_seat(value: object, field: str) -> Seat:
    if type(value) is not int or not 0 <= value <= 3:
        raise ValueError(f"{field} is a seat number 0 to 3, not {shown(value)}")
    return SEATS[value]


def read_cards(value: object, field: str) -> list[Card]:
    """A list of cards, each once."""
    if not isinstance(value, list):
        raise ValueError(f"{field} is a list of cards, not {shown(value)}")
    cards: list[Card] = []
    for item in value:
        card = Card.parse(item)  # InvalidNotation is a ValueError quoting the bad text
        if card in cards:
            raise ValueError(f"{field} holds {card.notation} twice")
        cards.append(card)
    return cards


def read_three(data: Mapping[str, Any], field: str, needed: bool) -> CardSet | None:
    """``passed`` or ``received``: three cards once the exchange is done, else absent."""
    value = data.get(field)
    if not needed:
        if value not in (None, []):
            raise ValueError(f"{field} has no cards before or without an exchange")
        return None
    if value is None:
        raise ValueError(f"{field} (three cards) is needed once the exchange is done")
    cards = read_cards(value, field)
    if len(cards) != PASS_SIZE:
        raise ValueError(f"{field} is three cards, not {len(cards)}")
    return CardSet(cards)


def read_trick(value: object, field: str, complete: bool) -> Trick:
    if not isinstance(value, dict) or set(value) != {"leader", "cards"}:
        raise ValueError(f'{field} is an object {{"leader": seat, "cards": [...]}}, not {shown(value)}')
    leader = read_seat(value["leader"], f"{field} leader")
    cards = read_cards(value["cards"], f"{field} cards")
    if complete and len(cards) != 4:
        raise ValueError(f"{field} is a completed trick of 4 cards, not {len(cards)}")
    if not complete and len(cards) > 3:
        raise ValueError(f"{field} is the trick in progress: 0 to 3 cards, not {len(cards)}")
    return Trick(leader, tuple(cards))


def read_hand_number(value: object, direction: PassDirection) -> int:
    if value is None:
        return HAND_NUMBER[direction]
    if type(value) is not int or not 1 <= value <= MAX_HAND_NUMBER:
        raise ValueError(f"hand_number is a whole number from 1 to {MAX_HAND_NUMBER}, not {shown(value)}")
    return value


def read_seed(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise ValueError(f"seed is a whole number from 0 to 2**64-1, not {shown(value)}")
    return value


def read_scores(value: object) -> tuple[int, ...]:
    if value is None:
        return (0, 0, 0, 0)
    if not isinstance(value, list) or len(value) != 4 or any(type(total) is not int for total in value):
        raise ValueError(f"scores are four whole numbers, not {shown(value)}")
    return tuple(value)
