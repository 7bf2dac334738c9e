"""The player's statistics over finished matches."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from ..engine import QUEEN_OF_SPADES, Match, Seat, TrickTaken

_SIGNED: Final = frozenset({"points_taken"})
"""Fields that may be below zero: a moon subtracted from the shooter or the J♦ scores negative."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stats:
    """Totals over every finished match; a match abandoned before its end never counts."""

    matches_played: int = 0
    matches_won: int = 0
    """Shared wins (under the shared-win tie rule) count as wins."""
    hands_played: int = 0
    points_taken: int = 0
    """The sum of the player's scores for the hands, the moon and the J♦ included."""
    moons_shot: int = 0
    queens_taken: int = 0
    """Hands in which the player took the Q♠."""

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if type(value) is not int or (value < 0 and item.name not in _SIGNED):
                raise ValueError(f"{item.name} is a whole number of at least 0, not {value!r}")

    @property
    def win_rate(self) -> float | None:
        """Matches won per match played; None before the first."""
        return self.matches_won / self.matches_played if self.matches_played else None

    @property
    def average_points_per_hand(self) -> float | None:
        """Points scored per hand played; None before the first."""
        return self.points_taken / self.hands_played if self.hands_played else None

    def with_match(self, match: Match, seat: Seat = Seat.SOUTH) -> Stats:
        """These statistics with one more finished match, seen from ``seat``.

        Raises ``ValueError`` for a match that is not over: it does not count (yet).
        """
        if not match.is_over:
            raise ValueError("only a finished match counts in the statistics")
        results = match.results
        return Stats(
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + (seat in match.winners),
            hands_played=self.hands_played + len(results),
            points_taken=self.points_taken + sum(result.scores[seat] for result in results),
            moons_shot=self.moons_shot + sum(result.moon_shooter == seat for result in results),
            queens_taken=self.queens_taken + queens_taken(match, seat),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """Statistics from ``to_dict`` data, forgiving: unknown keys are ignored and a missing,
        non-whole or (where it cannot be) negative value is 0. More wins than matches is taken
        as damage to the wins."""
        if not isinstance(data, Mapping):
            return cls()
        values: dict[str, int] = {}
        for item in fields(cls):
            value = data.get(item.name)
            if type(value) is int and (value >= 0 or item.name in _SIGNED):
                values[item.name] = value
        if values.get("matches_won", 0) > values.get("matches_played", 0):
            values["matches_won"] = 0
        return cls(**values)


def queens_taken(match: Match, seat: Seat) -> int:
    """In how many of the match's hands ``seat`` took the Q♠.

    The scores alone cannot tell (13 points is the queen or all the hearts), so the match is
    replayed and every trick that holds the queen is looked at.
    """
    replay = match.at_start()
    count = 0
    for move in match.moves:
        for event in replay.apply(move):
            if (
                isinstance(event, TrickTaken)
                and event.winner == seat
                and QUEEN_OF_SPADES in event.trick.cards
            ):
                count += 1
    return count
