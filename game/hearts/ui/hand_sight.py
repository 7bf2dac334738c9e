"""Your hand as you last saw it: what a tap was aimed at.

A finger lands a moment after the eye chose its card. When the hand has just been laid out again (the
card you played left it, the cards passed to you landed, a card rose), the card under the finger may
be one that slid in since: the tap was aimed at the hand as it lay before. So a hand newly drawn counts
as seen only once it has been on screen for ``AIM_TIME``; until then a tap is hit-tested against the
hand seen before it, and takes the card that lay under the finger there, if that card is still in the
hand, or nothing (the card left, or nothing lay there: a card slid into that spot).

The same rule covers a double tap on one spot: its second tap finds the card the first one played,
which has left the hand, and takes nothing.
"""

from __future__ import annotations

from typing import Final

from pygame import Rect

from ..engine import Card

AIM_TIME: Final = 0.35
"""Seconds a hand laid out anew is on screen before a tap can be taken as aimed at it (about the time
an eye takes to see that the cards moved, and longer than a double tap's second tap takes to come)."""

Drawn = tuple[tuple[Card, Rect], ...]
"""Your cards as drawn, with their rectangles, in drawing order (later ones lie on top)."""


class HandSight:
    """The hand you have seen (``seen``) and the one drawn since (``drawn``), on the table's clock."""

    def __init__(self) -> None:
        self.seen: Drawn | None = None
        """The hand a tap is aimed at (None: nothing drawn yet since the table opened or changed
        shape)."""
        self.drawn: Drawn | None = None
        """The hand as last drawn."""
        self.age = 0.0
        """Seconds ``drawn`` has been on screen."""

    def drew(self, cards: Drawn) -> None:
        """The hand was drawn as ``cards``."""
        if self.seen is None:
            self.seen = self.drawn = cards  # the first sight of a table (or of a new window shape)
            return
        if cards == self.seen:
            self.drawn = self.seen  # back as it was seen (a card raised and put down again)
        elif cards != self.drawn:
            self.drawn, self.age = cards, 0.0

    def tick(self, dt: float) -> None:
        """``dt`` seconds on screen: the hand drawn last is seen once it has been up ``AIM_TIME``."""
        if self.drawn is self.seen:
            return
        self.age += dt
        if self.age >= AIM_TIME:
            self.seen = self.drawn

    @property
    def is_settled(self) -> bool:
        """Whether the hand as drawn is the hand seen (no clock of its own runs)."""
        return self.drawn is self.seen

    def forget(self) -> None:
        """The window changed shape: the places seen before mean nothing in the new one."""
        self.seen = self.drawn = None

    def sees(self, cards: Drawn) -> bool:
        """Whether ``cards`` (the hand as it lies now) is the hand you have seen (None seen: yes)."""
        return self.seen is None or self.seen == cards

    def card_seen_at(self, pos: tuple[int, int]) -> Card | None:
        """The card that lay under ``pos`` in the hand you have seen: the topmost drawn there."""
        for card, rect in reversed(self.seen or ()):
            if rect.collidepoint(pos):
                return card
        return None
