"""A refused move, said at once: an opening chosen by the engine's kind of refusal, then the words the
table shows, their card symbols said in words."""

from __future__ import annotations

import re
from typing import Final

from ..engine import Card, Refusal
from ..words import card_name
from .announcement import Announcement

_PASS_REFUSALS: Final = frozenset(
    {
        Refusal.ALREADY_PASSED,
        Refusal.NO_PASSING,
        Refusal.PASS_FROM_HAND,
        Refusal.PASS_THREE,
        Refusal.PASSING_IS_OVER,
    }
)
_MATCH_REFUSALS: Final = frozenset(
    {
        Refusal.CHOOSE_THE_MOON,
        Refusal.DEAL_FIRST,
        Refusal.MATCH_IS_OVER,
        Refusal.MOON_ADD_OR_SUBTRACT,
        Refusal.NO_MOON_NOW,
        Refusal.NOT_A_DEAL_NOW,
        Refusal.NOT_THE_SHOOTER,
    }
)
_CARD_WITH_SYMBOL: Final = re.compile(r"\b(10|[2-9TJQKA])([♣♦♠♥♧♢♤♡])")
_SUIT_SYMBOL: Final = re.compile(r"[♣♦♠♥♧♢♤♡]")
_KEEP_CAPITAL: Final = frozenset({"I", "West", "North", "East", "South"})


def speak_symbols(text: str) -> str:
    """Text with its card symbols said in words: "Lead the 2♣" → "Lead the 2 of clubs", "3 ♥ and the
    Q♠" → "3 hearts and the queen of spades"; and the middle dot between a header's parts a pause
    ("Hand 2 · Pass right" → "Hand 2, Pass right"), which screen readers would otherwise say as "dot"."""

    def card(match: re.Match[str]) -> str:
        return card_name(Card.parse(match.group(1) + match.group(2)))

    def suit(match: re.Match[str]) -> str:
        return Card.parse("2" + match.group(0)).suit.noun

    return _SUIT_SYMBOL.sub(suit, _CARD_WITH_SYMBOL.sub(card, text)).replace(" · ", ", ")


def refusal(reason: str, kind: Refusal | None = None) -> Announcement:
    """Why a move was refused, said at once: "You must follow clubs" → "Can't play that: you must
    follow clubs."; the opening by the engine's ``kind`` of refusal (a pass, a deal or a moon choice,
    else a card), never by the words, which are ``reason`` (the engine's sentence, or the table's own)."""
    said = " ".join(speak_symbols(str(reason)).split()).rstrip(" .!;:,")
    if kind in _PASS_REFUSALS:
        opening = "Can't pass those"
    elif kind in _MATCH_REFUSALS:
        opening = "Can't do that"
    else:
        opening = "Can't play that"
    if not said:
        return Announcement(text=f"{opening}.", priority="assertive", kind="refusal")
    if said.lower().startswith(("can't", "cannot", "can not")):
        text = said[0].upper() + said[1:] + "."
    else:
        first = said.split(" ", 1)[0]
        if first not in _KEEP_CAPITAL and not (len(first) > 1 and first.isupper()):
            said = said[0].lower() + said[1:]
        text = f"{opening}: {said}."
    return Announcement(text=text, priority="assertive", kind="refusal")
