"""The game's values as JSON-ready data and back, strictly: seats, cards, sets, tricks, reasons, names.

Every reader accepts exactly the one spelling its writer makes (a set's cards in display order, a seat's
capital letter, a whole number that is an ``int`` and not a ``bool``), so whatever was read writes back to
the very text it came from. Anything else raises ``MessageRefused`` with the damaged-message sentence:
what arrives over the network is read as hostile.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..engine import CARDS, Card, CardSet, Moon, Reason, Refusal, Rules, Seat, Suit, Trick
from .errors import DAMAGED, MessageRefused

MAX_NAME: Final = 24
"""The longest name a seat shows, in characters."""
MAX_TOKEN: Final = 32
"""The longest table id or invitation id, in characters."""
TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
BIGGEST: Final = 1_000_000
"""No count or score of a match comes near it: anything beyond is damage."""

_CARD_BY_TEXT: Final = {card.notation: card for card in CARDS}
_SEAT_BY_LETTER: Final = {seat.letter: seat for seat in Seat}
_SUIT_BY_LETTER: Final = {suit.letter: suit for suit in Suit}


def damaged(detail: str) -> MessageRefused:
    return MessageRefused(DAMAGED, detail)


# Plain JSON --------------------------------------------------------------------------------------


def fields_of(data: Any, keys: frozenset[str]) -> Mapping[str, Any]:
    """``data`` as an object holding exactly ``keys``."""
    if not isinstance(data, dict):
        raise damaged(f"not an object: {type(data).__name__}")
    if data.keys() != keys:
        raise damaged(f"keys {sorted(data)} are not {sorted(keys)}")
    return data


def whole(value: Any, low: int = -BIGGEST, high: int = BIGGEST) -> int:
    if type(value) is not int or not low <= value <= high:
        raise damaged(f"not a whole number from {low} to {high}: {value!r}")
    return value


def flag(value: Any) -> bool:
    if type(value) is not bool:
        raise damaged(f"not true or false: {value!r}")
    return value


def wholes(value: Any, count: int = 4) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise damaged(f"not {count} whole numbers: {value!r}")
    return tuple(whole(item) for item in value)


def token(value: Any) -> str:
    """A table or invitation id: 1 to ``MAX_TOKEN`` base64url characters."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TOKEN or not set(value) <= TOKEN_CHARS:
        raise damaged(f"not an id: {value!r}")
    return value


def is_name(value: object) -> bool:
    """A name a seat may show: 1 to ``MAX_NAME`` printable characters, not all space."""
    return (
        isinstance(value, str) and 0 < len(value) <= MAX_NAME and value.isprintable() and bool(value.strip())
    )


def name(value: Any) -> str:
    if not is_name(value):
        raise damaged(f"not a name: {value!r}")
    assert isinstance(value, str)
    return value


# Seats, cards, tricks ----------------------------------------------------------------------------


def seat(value: Any) -> Seat:
    found = _SEAT_BY_LETTER.get(value) if isinstance(value, str) else None
    if found is None:
        raise damaged(f"not a seat: {value!r}")
    return found


def seat_or_none(value: Any) -> Seat | None:
    return None if value is None else seat(value)


def seat_text(value: Seat | None) -> str | None:
    return None if value is None else value.letter


def card(value: Any) -> Card:
    found = _CARD_BY_TEXT.get(value) if isinstance(value, str) else None
    if found is None:
        raise damaged(f"not a card: {value!r}")
    return found


def card_row(value: Any, *, most: int) -> tuple[Card, ...]:
    """Cards two letters each in the order given (a trick's play order), no card twice."""
    if not isinstance(value, str) or len(value) % 2 or len(value) > 2 * most:
        raise damaged(f"not up to {most} cards: {value!r}")
    cards = tuple(card(value[i : i + 2]) for i in range(0, len(value), 2))
    if len(set(cards)) != len(cards):
        raise damaged(f"a card twice in {value!r}")
    return cards


def card_set(value: Any) -> CardSet:
    """A set written as ``CardSet.compact`` writes it: display order, each card once."""
    cards = CardSet(card_row(value, most=52))
    if cards.compact != value:
        raise damaged(f"not a set in display order: {value!r}")
    return cards


def card_set_or_none(value: Any) -> CardSet | None:
    return None if value is None else card_set(value)


def trick_text(trick: Trick) -> str:
    """``"W:2C9CKC3C"``: the leader's letter, then the cards in play order."""
    return trick.leader.letter + ":" + "".join(played.notation for played in trick.cards)


def trick(value: Any, *, complete: bool) -> Trick:
    """A trick from ``trick_text``; a complete one (four cards) with its winner and points worked out
    here, as the engine works them out, rather than believed."""
    if not isinstance(value, str) or value[1:2] != ":":
        raise damaged(f"not a trick: {value!r}")
    return _trick(value, complete)


@functools.lru_cache(maxsize=1024)
def _trick(value: str, complete: bool) -> Trick:
    """Read once per text: every view of a hand repeats the tricks taken so far (a ``Trick`` is frozen)."""
    cards = card_row(value[2:], most=4)
    if complete != (len(cards) == 4):
        raise damaged(f"a trick of {len(cards)} cards where {'four' if complete else 'fewer'} belong")
    found = Trick(seat(value[0]), cards)
    return found.completed() if complete else found


# Rules, reasons, moons ---------------------------------------------------------------------------


def rules(value: Any) -> Rules:
    """Table options as ``Rules.to_dict`` writes them, every option present."""
    if not isinstance(value, dict):
        raise damaged(f"not table options: {value!r}")
    # Every view carries the table's options, so each spelling is read once. The key holds each value's
    # type, as 1 == True and 100.0 == 100 would otherwise let a wrong spelling through.
    key = tuple((name, type(item), item) for name, item in value.items() if isinstance(item, str | int))
    known = _RULES_READ.get(key)
    if known is not None and len(key) == len(value):
        return known
    found = Rules.from_dict(value)
    if found.to_dict() != value or len(key) != len(value):
        raise damaged(f"table options not written as the game writes them: {value!r}")
    if len(_RULES_READ) < _RULES_KEPT:
        _RULES_READ[key] = found
    return found


def rules_data(table: Rules) -> dict[str, Any]:
    """``table.to_dict()``, made once per set of options (the caller must not change it)."""
    data = _RULES_WRITTEN.get(table)
    if data is None:
        data = _RULES_WRITTEN[table] = table.to_dict()
    return data


_RULES_KEPT: Final = 64
_RULES_READ: dict[tuple[tuple[str, type, str | int], ...], Rules] = {}
_RULES_WRITTEN: dict[Rules, dict[str, Any]] = {}


def reason_data(reason: Reason) -> dict[str, Any]:
    return {"why": reason.kind.name, "suit": None if reason.suit is None else reason.suit.letter}


def reason(value: Any) -> Reason:
    """The engine's reason for a refusal: its kind by name, and the suit led when the kind names one."""
    data = fields_of(value, frozenset({"why", "suit"}))
    kind = Refusal.__members__.get(data["why"]) if isinstance(data["why"], str) else None
    if kind is None:
        raise damaged(f"not a reason: {data['why']!r}")
    suit = _SUIT_BY_LETTER.get(data["suit"]) if isinstance(data["suit"], str) else None
    if (kind is Refusal.MUST_FOLLOW) != (suit is not None) or (suit is None and data["suit"] is not None):
        raise damaged(f"a reason {kind.name} with the suit {data['suit']!r}")
    return Reason(kind, suit)


def moon(value: Any) -> Moon:
    for choice in Moon:
        if choice.value == value:
            return choice
    raise damaged(f"not a moon rule: {value!r}")


def moon_or_none(value: Any) -> Moon | None:
    return None if value is None else moon(value)


def seats(value: Any, *, most: int = 4) -> tuple[Seat, ...]:
    """Distinct seats, in seat order, as letters in a list."""
    if not isinstance(value, list) or len(value) > most:
        raise damaged(f"not up to {most} seats: {value!r}")
    found = tuple(seat(item) for item in value)
    if list(found) != sorted(set(found)):
        raise damaged(f"seats twice or out of order: {value!r}")
    return found


def seat_letters(found: Sequence[Seat]) -> list[str]:
    return [item.letter for item in found]
