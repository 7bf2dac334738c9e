"""The engine's errors: one root, bad play kept apart from bad text."""

from __future__ import annotations


class HeartsError(Exception):
    """Root of every error the engine raises on purpose."""


class IllegalMove(HeartsError, ValueError):
    """A well-formed move the rules forbid now; ``str(err)`` is the sentence the table shows."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidNotation(HeartsError, ValueError):
    """Text that does not name a card, a set of cards or a move."""


class InvalidSave(HeartsError, ValueError):
    """A saved match that is damaged, truncated, foreign or from a newer version."""
