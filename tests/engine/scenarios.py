"""Positions from notation for the rule tests: name some hands, the rest are filled in order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts.engine import (
    FULL_DECK,
    Card,
    CardSet,
    Deal,
    Event,
    Match,
    Phase,
    Play,
    Rules,
    Seat,
)

SEAT_NAMES = ("south", "west", "north", "east")


def make_deal(**hands: str) -> Deal:
    """A deal where the named seats (south=…, west=…) hold exactly the given cards and the other
    seats share the rest, lowest cards to the first of them in play order."""
    named = {Seat[name.upper()]: CardSet.parse(text) for name, text in hands.items()}
    taken = CardSet()
    for cards in named.values():
        assert len(cards) == 13, f"{cards} is not 13 cards"
        assert not (taken & cards), "a card is named twice"
        taken = taken | cards
    rest = list(FULL_DECK - taken)
    result = []
    for seat in Seat:
        if seat in named:
            result.append(named[seat])
        else:
            result.append(CardSet(rest[:13]))
            del rest[:13]
    return Deal(tuple(result))


def start(
    rules: Rules | None = None,
    *,
    hand_number: int = 4,
    totals: tuple[int, int, int, int] = (0, 0, 0, 0),
    **hands: str,
) -> Match:
    """A match at ``hand_number`` (4 by default: no passing, so play starts at once) with that deal."""
    match = Match(rules or Rules(), hands_before=hand_number - 1, totals_before=totals)
    match.apply(make_deal(**hands))
    return match


def play(match: Match, *cards: str) -> list[Event]:
    """Play these cards in turn, each by whoever is to move."""
    events: list[Event] = []
    for text in cards:
        seat = match.to_move
        assert seat is not None, f"nobody is to move before {text}"
        events += match.apply(Play.of(seat, Card.parse(text)))
    return events


def play_out(match: Match, prefer: Sequence[str] = ()) -> list[Event]:
    """Finish the hand: each seat plays the first card of ``prefer`` it may, else its lowest legal card."""
    wanted = [Card.parse(text) for text in prefer]
    events: list[Event] = []
    while match.phase is Phase.PLAY:
        seat = match.to_move
        assert seat is not None
        legal = match.legal_plays()
        card = next((card for card in wanted if card in legal), None)
        if card is None:
            card = next(iter(legal))
        events += match.apply(Play.of(seat, card))
    return events


def of_type(events: Iterable[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]
