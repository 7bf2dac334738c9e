"""One thing for the screen reader to say: its words, how urgently, and what it is about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..engine import Seat

Priority = Literal["polite", "assertive"]
"""How a screen reader speaks it: ``polite`` waits for the current speech, ``assertive`` interrupts."""
Verbosity = Literal["brief", "full"]
VERBOSITIES: Final[tuple[Verbosity, ...]] = ("brief", "full")
YOU: Final = Seat.SOUTH
"""The human, always South: "you" in every sentence."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Announcement:
    """One sentence (or two) for the screen reader, with how urgently to say it and what it is about.

    ``kind`` is one of "deal", "pass", "received", "card", "hearts", "queen", "trick", "turn", "scores",
    "moon", "match", "refusal", "query", "note", "notice" (the app's notice over the screen: a saving
    problem, a table brought back)."""

    text: str
    priority: Priority = "polite"
    kind: str
