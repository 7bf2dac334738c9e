"""What the host may tell one seat: that seat's ``PlayerView`` and the match's events as that seat may see
them, and both as JSON-ready data and back.

The engine's events are for the trusted table: ``CardsPassed`` holds every seat's three cards. ``told_to``
is the one place that narrows an event for a seat (the exchange becomes what that seat gave and what it
got, the other two sets empty); every other event says only what the whole table saw. A view is the
engine's own ``view_for(seat)``, which never holds another seat's cards.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine import (
    PASS_SIZE,
    TRICKS,
    CardPlayed,
    CardsPassed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    MatchOver,
    MoonChoiceNeeded,
    PassChosen,
    PassDirection,
    Phase,
    PlayerView,
    QueenPlayed,
    Seat,
    Suit,
    TrickTaken,
)
from ..engine.cards import EMPTY
from . import values as read
from .values import damaged, fields_of, seat_letters, seat_text, trick_text

_PHASES: Final = {phase.value: phase for phase in Phase}
_SUITS: Final = {suit.letter: suit for suit in Suit}


def told_to(event: Event, seat: Seat) -> Event:
    """``event`` as ``seat`` may see it: the exchange narrowed to the cards it gave and got."""
    if isinstance(event, CardsPassed):
        giver = event.direction.giver(seat)
        kept = tuple(
            cards if other in (seat, giver) else EMPTY for other, cards in zip(Seat, event.cards, strict=True)
        )
        return CardsPassed(event.direction, kept)
    return event


# Views -------------------------------------------------------------------------------------------

_VIEW_KEYS: Final = frozenset(
    [
        "seat",
        "rules",
        "phase",
        "hand_number",
        "dealer",
        "pass_direction",
        "hand",
        "passed",
        "received",
        "has_passed",
        "tricks",
        "trick",
        "to_move",
        "legal",
        "hearts_broken",
        "queen_played",
        "voids",
        "points",
        "scores_taken",
        "totals",
        "moon_shooter",
    ]
)


def view_data(view: PlayerView) -> dict[str, Any]:
    return {
        "seat": view.seat.letter,
        "rules": read.rules_data(view.rules),
        "phase": view.phase.value,
        "hand_number": view.hand_number,
        "dealer": view.dealer.letter,
        "pass_direction": int(view.pass_direction),
        "hand": view.hand.compact,
        "passed": None if view.passed is None else view.passed.compact,
        "received": None if view.received is None else view.received.compact,
        "has_passed": list(view.has_passed),
        "tricks": [trick_text(trick) for trick in view.tricks],
        "trick": trick_text(view.trick),
        "to_move": seat_text(view.to_move),
        "legal": view.legal.compact,
        "hearts_broken": view.hearts_broken,
        "queen_played": view.queen_played,
        "voids": ["".join(suit.letter for suit in sorted(suits)) for suits in view.voids],
        "points": list(view.points),
        "scores_taken": list(view.scores_taken),
        "totals": list(view.totals),
        "moon_shooter": seat_text(view.moon_shooter),
    }


def view_from(value: Any) -> PlayerView:
    data = fields_of(value, _VIEW_KEYS)
    phase = _PHASES.get(data["phase"]) if isinstance(data["phase"], str) else None
    if phase is None:
        raise damaged(f"not a phase: {data['phase']!r}")
    tricks = data["tricks"]
    if not isinstance(tricks, list) or len(tricks) > TRICKS:
        raise damaged(f"not up to {TRICKS} tricks: {tricks!r}")
    has_passed = data["has_passed"]
    if not isinstance(has_passed, list) or len(has_passed) != 4:
        raise damaged(f"not four flags: {has_passed!r}")
    return PlayerView(
        seat=read.seat(data["seat"]),
        rules=read.rules(data["rules"]),
        phase=phase,
        hand_number=read.whole(data["hand_number"], 0),
        dealer=read.seat(data["dealer"]),
        pass_direction=_direction(data["pass_direction"]),
        hand=read.card_set(data["hand"]),
        passed=read.card_set_or_none(data["passed"]),
        received=read.card_set_or_none(data["received"]),
        has_passed=tuple(read.flag(item) for item in has_passed),
        tricks=tuple(read.trick(item, complete=True) for item in tricks),
        trick=read.trick(data["trick"], complete=False),
        to_move=read.seat_or_none(data["to_move"]),
        legal=read.card_set(data["legal"]),
        hearts_broken=read.flag(data["hearts_broken"]),
        queen_played=read.flag(data["queen_played"]),
        voids=_voids(data["voids"]),
        points=read.wholes(data["points"]),
        scores_taken=read.wholes(data["scores_taken"]),
        totals=read.wholes(data["totals"]),
        moon_shooter=read.seat_or_none(data["moon_shooter"]),
    )


def _direction(value: Any) -> PassDirection:
    return PassDirection(read.whole(value, 0, 3))


def _voids(value: Any) -> tuple[frozenset[Suit], ...]:
    if not isinstance(value, list) or len(value) != 4:
        raise damaged(f"not four seats' voids: {value!r}")
    found = []
    for letters in value:
        if (
            not isinstance(letters, str)
            or not set(letters) <= _SUITS.keys()
            or letters != "".join(sorted(set(letters), key="CDSH".index))
        ):
            raise damaged(f"not suits in order, each once: {letters!r}")
        found.append(frozenset(_SUITS[letter] for letter in letters))
    return tuple(found)


# Events ------------------------------------------------------------------------------------------


def event_data(event: Event) -> dict[str, Any]:
    """An event as data under its name (``"event"``) and its fields."""
    if isinstance(event, HandStarted):
        fields: dict[str, Any] = {
            "hand_number": event.hand_number,
            "dealer": event.dealer.letter,
            "pass_direction": int(event.pass_direction),
        }
    elif isinstance(event, PassChosen | QueenPlayed | MoonChoiceNeeded):
        fields = {"seat": (event.shooter if isinstance(event, MoonChoiceNeeded) else event.seat).letter}
    elif isinstance(event, CardsPassed):
        fields = {"pass_direction": int(event.direction), "cards": [cards.compact for cards in event.cards]}
    elif isinstance(event, CardPlayed | HeartsBroken):
        fields = {"seat": event.seat.letter, "card": event.card.notation}
    elif isinstance(event, TrickTaken):
        fields = {"trick_number": event.trick_number, "trick": trick_text(event.trick)}
    elif isinstance(event, HandScored):
        fields = {
            "hand_number": event.hand_number,
            "points": list(event.points),
            "scores": list(event.scores),
            "totals": list(event.totals),
            "moon_shooter": seat_text(event.moon_shooter),
            "moon": None if event.moon is None else event.moon.value,
            "jack_taker": seat_text(event.jack_taker),
            "hearts": list(event.hearts),
            "queen_taker": seat_text(event.queen_taker),
        }
    else:
        fields = {"winners": seat_letters(event.winners), "totals": list(event.totals)}
    return {"event": _NAMES[type(event)], **fields}


def event_from(value: Any) -> Event:
    kind = value.get("event") if isinstance(value, dict) else None
    keys = _KEYS.get(kind) if isinstance(kind, str) else None
    if keys is None:
        raise damaged(f"not an event: {kind!r}")
    data = fields_of(value, keys | {"event"})
    if kind == "hand_started":
        number = read.whole(data["hand_number"], 1)
        return HandStarted(number, read.seat(data["dealer"]), _direction(data["pass_direction"]))
    if kind == "pass_chosen":
        return PassChosen(read.seat(data["seat"]))
    if kind == "queen_played":
        return QueenPlayed(read.seat(data["seat"]))
    if kind == "moon_choice_needed":
        return MoonChoiceNeeded(read.seat(data["seat"]))
    if kind == "cards_passed":
        return _cards_passed(data)
    if kind == "card_played":
        return CardPlayed(read.seat(data["seat"]), read.card(data["card"]))
    if kind == "hearts_broken":
        return HeartsBroken(read.seat(data["seat"]), read.card(data["card"]))
    if kind == "trick_taken":
        return TrickTaken(
            read.whole(data["trick_number"], 1, TRICKS), read.trick(data["trick"], complete=True)
        )
    if kind == "hand_scored":
        return HandScored(
            read.whole(data["hand_number"], 1),
            read.wholes(data["points"]),
            read.wholes(data["scores"]),
            read.wholes(data["totals"]),
            read.seat_or_none(data["moon_shooter"]),
            read.moon_or_none(data["moon"]),
            read.seat_or_none(data["jack_taker"]),
            read.wholes(data["hearts"]),
            read.seat_or_none(data["queen_taker"]),
        )
    return MatchOver(read.seats(data["winners"]), read.wholes(data["totals"]))


def _cards_passed(data: Any) -> CardsPassed:
    direction = _direction(data["pass_direction"])
    sets = data["cards"]
    if direction is PassDirection.NONE or not isinstance(sets, list) or len(sets) != 4:
        raise damaged(f"not an exchange: {data!r}")
    cards = tuple(read.card_set(item) for item in sets)
    union = 0
    for given in cards:
        union |= given.mask
    if any(len(given) not in (0, PASS_SIZE) for given in cards) or union.bit_count() != sum(map(len, cards)):
        raise damaged(f"not three cards a seat, each once: {sets!r}")
    return CardsPassed(direction, cards)


_NAMES: Final[dict[type, str]] = {
    HandStarted: "hand_started",
    PassChosen: "pass_chosen",
    CardsPassed: "cards_passed",
    CardPlayed: "card_played",
    HeartsBroken: "hearts_broken",
    QueenPlayed: "queen_played",
    TrickTaken: "trick_taken",
    MoonChoiceNeeded: "moon_choice_needed",
    HandScored: "hand_scored",
    MatchOver: "match_over",
}
_KEYS: Final = {
    "hand_started": frozenset({"hand_number", "dealer", "pass_direction"}),
    "pass_chosen": frozenset({"seat"}),
    "cards_passed": frozenset({"pass_direction", "cards"}),
    "card_played": frozenset({"seat", "card"}),
    "hearts_broken": frozenset({"seat", "card"}),
    "queen_played": frozenset({"seat"}),
    "trick_taken": frozenset({"trick_number", "trick"}),
    "moon_choice_needed": frozenset({"seat"}),
    "hand_scored": frozenset(
        {
            "hand_number",
            "points",
            "scores",
            "totals",
            "moon_shooter",
            "moon",
            "jack_taker",
            "hearts",
            "queen_taker",
        }
    ),
    "match_over": frozenset({"winners", "totals"}),
}
