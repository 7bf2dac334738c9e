"""Every message between a host's table and a guest's page, and its versioned encoding.

A message is one JSON object of at most ``MAX_MESSAGE_BYTES`` (UTF-8, ASCII in practice)::

    {"v": PROTOCOL_VERSION, "table": TABLE_ID, "kind": KIND, ...the kind's fields}

Guests send ``Hello``, ``PassCards``, ``PlayCard``, ``ChooseMoon``, ``Leave`` and ``Ping``; the host sends
``Welcome``, ``SeatView``, ``Happened``, ``Refused``, ``TurnedAway``, ``Away``, ``Back``, ``Closed`` and
``Pong``. ``decode`` reads only the kinds the other side sends, and only for this table: a message that is
malformed, too large, of another version, of an unknown kind or for another table raises
``MessageRefused``, whose ``str`` is a sentence for the player. Each field must be spelt as ``encode``
spells it, and every key must be there and no other.

A move names the moment it answers (the hand, and how many cards had been played in it), so one that
arrives after the table has moved on is refused rather than played at the wrong moment.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final

from ..engine import Card, CardSet, Event, HeartsError, Moon, PlayerView, Reason, Rules, Seat
from ..engine.record import nesting_depth
from . import values as read
from .errors import DAMAGED, NEWER, OTHER_TABLE, OTHER_VERSION, TOO_LARGE, UNKNOWN, MessageRefused
from .public import event_data, event_from, view_data, view_from

PROTOCOL_VERSION: Final = 1
MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest message either side reads, in bytes: a whole view is under 2 KiB."""
MAX_DEPTH: Final = 16
"""How deep a message's brackets may nest: a view, the deepest, nests five."""
MAX_PING: Final = 2**31 - 1

_ENVELOPE: Final = frozenset({"v", "table", "kind"})


# Guest to host -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello:
    """A guest taking its seat: the invitation it answers, and the name it wants shown."""

    kind: ClassVar[str] = "hello"
    invite: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PassCards:
    """The three cards the guest passes in hand ``hand_number``."""

    kind: ClassVar[str] = "pass"
    hand_number: int
    cards: CardSet


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard:
    """The card the guest plays in hand ``hand_number`` after ``cards_played`` cards of it."""

    kind: ClassVar[str] = "play"
    hand_number: int
    cards_played: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseMoon:
    """The shooter's choice at the end of hand ``hand_number`` (add or subtract)."""

    kind: ClassVar[str] = "moon"
    hand_number: int
    moon: Moon


@dataclass(frozen=True, slots=True, kw_only=True)
class Leave:
    """The guest is leaving for good: a bot takes the seat at once."""

    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True, kw_only=True)
class Ping:
    """Still here; the host answers with a ``Pong`` of the same number."""

    kind: ClassVar[str] = "ping"
    number: int


GuestMessage = Hello | PassCards | PlayCard | ChooseMoon | Leave | Ping


# Host to guest -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Welcome:
    """The guest is seated: its seat, the table's rules, every seat's name and who is away now."""

    kind: ClassVar[str] = "welcome"
    seat: Seat
    rules: Rules
    names: tuple[str, ...]
    away: tuple[Seat, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """The guest's own view of the match now: the engine's ``view_for`` its seat."""

    kind: ClassVar[str] = "view"
    view: PlayerView


@dataclass(frozen=True, slots=True, kw_only=True)
class Happened:
    """Something the whole table saw, or (the exchange) what this guest gave and got."""

    kind: ClassVar[str] = "event"
    event: Event


@dataclass(frozen=True, slots=True, kw_only=True)
class Refused:
    """The guest's move was not played: the engine's reason, sent to that guest alone."""

    kind: ClassVar[str] = "refused"
    reason: Reason


class Unseated(Enum):
    """Why a guest was not seated; each value is its sentence."""

    NOT_WAITING = "This invitation is no longer waiting. Ask the host for a new one."
    SEAT_TAKEN = "Someone else has already taken this seat."


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedAway:
    """The guest's ``Hello`` was not accepted, and why; the host closes the connection after it."""

    kind: ClassVar[str] = "turned_away"
    why: Unseated


@dataclass(frozen=True, slots=True, kw_only=True)
class Away:
    """A seat's guest has gone; ``covered`` once a bot plays for it."""

    kind: ClassVar[str] = "away"
    seat: Seat
    covered: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Back:
    """A seat's guest is back (or a new one took it), under ``name``."""

    kind: ClassVar[str] = "back"
    seat: Seat
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed:
    """The host has closed the table."""

    kind: ClassVar[str] = "closed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Pong:
    kind: ClassVar[str] = "pong"
    number: int


HostMessage = Welcome | SeatView | Happened | Refused | TurnedAway | Away | Back | Closed | Pong
Message = GuestMessage | HostMessage


# Fields ------------------------------------------------------------------------------------------


def _fields(message: Message) -> dict[str, Any]:
    match message:
        case Hello():
            return {"invite": message.invite, "name": message.name}
        case PassCards():
            return {"hand_number": message.hand_number, "cards": message.cards.compact}
        case PlayCard():
            return {
                "hand_number": message.hand_number,
                "cards_played": message.cards_played,
                "card": message.card.notation,
            }
        case ChooseMoon():
            return {"hand_number": message.hand_number, "moon": message.moon.value}
        case Ping() | Pong():
            return {"number": message.number}
        case Welcome():
            return {
                "seat": message.seat.letter,
                "rules": read.rules_data(message.rules),
                "names": list(message.names),
                "away": read.seat_letters(message.away),
            }
        case SeatView():
            return {"view": view_data(message.view)}
        case Happened():
            return {"event": event_data(message.event)}
        case Refused():
            return {"reason": read.reason_data(message.reason)}
        case TurnedAway():
            return {"why": message.why.name}
        case Away():
            return {"seat": message.seat.letter, "covered": message.covered}
        case Back():
            return {"seat": message.seat.letter, "name": message.name}
    return {}  # Leave, Closed


def _from_fields(kind: str, data: Any) -> Message:
    fields = read.fields_of(data, _KEYS[kind] | _ENVELOPE)
    if kind == "hello":
        return Hello(invite=read.token(fields["invite"]), name=read.name(fields["name"]))
    if kind == "pass":
        cards = read.card_set(fields["cards"])
        return PassCards(hand_number=read.whole(fields["hand_number"], 1), cards=cards)
    if kind == "play":
        return PlayCard(
            hand_number=read.whole(fields["hand_number"], 1),
            cards_played=read.whole(fields["cards_played"], 0, 51),
            card=read.card(fields["card"]),
        )
    if kind == "moon":
        return ChooseMoon(hand_number=read.whole(fields["hand_number"], 1), moon=read.moon(fields["moon"]))
    if kind in ("ping", "pong"):
        number = read.whole(fields["number"], 0, MAX_PING)
        return Ping(number=number) if kind == "ping" else Pong(number=number)
    if kind == "welcome":
        names = fields["names"]
        if not isinstance(names, list) or len(names) != 4:
            raise read.damaged(f"not four names: {names!r}")
        return Welcome(
            seat=read.seat(fields["seat"]),
            rules=read.rules(fields["rules"]),
            names=tuple(read.name(name) for name in names),
            away=read.seats(fields["away"]),
        )
    if kind == "view":
        return SeatView(view=view_from(fields["view"]))
    if kind == "event":
        return Happened(event=event_from(fields["event"]))
    if kind == "refused":
        return Refused(reason=read.reason(fields["reason"]))
    if kind == "turned_away":
        why = Unseated.__members__.get(fields["why"]) if isinstance(fields["why"], str) else None
        if why is None:
            raise read.damaged(f"not a reason to turn a guest away: {fields['why']!r}")
        return TurnedAway(why=why)
    if kind == "away":
        return Away(seat=read.seat(fields["seat"]), covered=read.flag(fields["covered"]))
    if kind == "back":
        return Back(seat=read.seat(fields["seat"]), name=read.name(fields["name"]))
    return Leave() if kind == "leave" else Closed()


_GUEST_KINDS: Final = {
    "hello": {"invite", "name"},
    "pass": {"hand_number", "cards"},
    "play": {"hand_number", "cards_played", "card"},
    "moon": {"hand_number", "moon"},
    "leave": set(),
    "ping": {"number"},
}
_HOST_KINDS: Final = {
    "welcome": {"seat", "rules", "names", "away"},
    "view": {"view"},
    "event": {"event"},
    "refused": {"reason"},
    "turned_away": {"why"},
    "away": {"seat", "covered"},
    "back": {"seat", "name"},
    "closed": set(),
    "pong": {"number"},
}
_KEYS: Final = {kind: frozenset(keys) for kind, keys in (_GUEST_KINDS | _HOST_KINDS).items()}
GUEST_KINDS: Final = frozenset(_GUEST_KINDS)
"""The kinds a guest sends (and so the only ones a host reads)."""
HOST_KINDS: Final = frozenset(_HOST_KINDS)
"""The kinds a host sends (and so the only ones a guest reads)."""


# Encoding ----------------------------------------------------------------------------------------


def encode(message: Message, table: str) -> str:
    """``message`` for ``table`` as compact JSON (ASCII: names are escaped)."""
    data = {"v": PROTOCOL_VERSION, "table": table, "kind": message.kind, **_fields(message)}
    text = json.dumps(data, separators=(",", ":"))
    if len(text) > MAX_MESSAGE_BYTES:
        raise ValueError(f"a {message.kind} message of {len(text):,} bytes is over the limit")
    return text


def decode(raw: str | bytes, *, table: str, from_host: bool) -> Message:
    """The message in ``raw`` for ``table``, sent by the host (``from_host``) or by a guest.

    Raises ``MessageRefused`` (its ``str`` the sentence, ``detail`` what was wrong) and nothing else."""
    if not isinstance(raw, str | bytes):
        raise MessageRefused(DAMAGED, f"not text: {type(raw).__name__}")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise MessageRefused(TOO_LARGE, f"{len(raw):,} characters")
    try:
        size = len(raw if isinstance(raw, bytes) else raw.encode("utf-8"))
    except UnicodeEncodeError:
        raise MessageRefused(DAMAGED, "not UTF-8") from None
    if size > MAX_MESSAGE_BYTES:
        raise MessageRefused(TOO_LARGE, f"{size:,} bytes")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        # Checked before parsing: a deep enough nest overflows the WebAssembly stack (a fatal error that
        # takes the page down) before Python's recursion limit would stop it.
        if nesting_depth(text) > MAX_DEPTH:
            raise MessageRefused(DAMAGED, "nested far too deep")
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # bad UTF-8 is a ValueError too
        raise MessageRefused(DAMAGED, f"not JSON: {type(error).__name__}") from None
    if not isinstance(data, dict) or not data.keys() >= _ENVELOPE:
        raise MessageRefused(DAMAGED, "no envelope")
    version = data["v"]
    if version != PROTOCOL_VERSION or type(version) is not int:
        newer = type(version) is int and version > PROTOCOL_VERSION
        known = type(version) is int and 0 < version < PROTOCOL_VERSION  # none yet: 1 is the first
        raise MessageRefused(NEWER if newer else OTHER_VERSION if known else DAMAGED, f"version {version!r}")
    if data["table"] != table:
        sentence = OTHER_TABLE if isinstance(data["table"], str) else DAMAGED
        raise MessageRefused(sentence, f"for table {str(data['table'])[:40]!r}")
    kind = data["kind"]
    if not isinstance(kind, str):
        raise MessageRefused(DAMAGED, f"kind {str(kind)[:40]!r}")
    if kind not in (HOST_KINDS if from_host else GUEST_KINDS):
        raise MessageRefused(UNKNOWN, f"kind {kind[:40]!r}")
    try:
        return _from_fields(kind, data)
    except MessageRefused:
        raise
    except (HeartsError, ValueError, TypeError, KeyError, IndexError) as error:
        raise MessageRefused(DAMAGED, f"{kind}: {type(error).__name__}: {error}") from None
