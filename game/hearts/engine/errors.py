"""The engine's errors: one root, and bad text (bad play, ``IllegalMove``, is in ``reasons`` with its
reasons)."""

from __future__ import annotations


class HeartsError(Exception):
    """Root of every error the engine raises on purpose."""


class InvalidNotation(HeartsError, ValueError):
    """Text that does not name a card, a set of cards or a move."""


class InvalidSave(HeartsError, ValueError):
    """A saved match that is damaged, truncated, foreign or from a newer version."""
