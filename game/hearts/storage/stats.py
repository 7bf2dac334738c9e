"""The player's statistics over finished matches."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
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
    hands_reviewed: int = 0
    """Hands of finished matches whose review the coach completed (those the averages below cover)."""
    points_lost_tenths: int = 0
    """Points lost to costly plays in those hands, in tenths of a point: per hand, what the plays the
    coach found costly (each at least a point worse than Hard's choice) cost together
    (``coach.Review.points_lost``)."""
    last_hands_reviewed: int = 0
    """Of those, the hands of the last match counted: so a player can set it against the average."""
    last_points_lost_tenths: int = 0

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

    @property
    def points_lost_per_hand(self) -> float | None:
        """Points lost to costly plays per hand the coach reviewed; None before the first."""
        return self.points_lost_tenths / 10 / self.hands_reviewed if self.hands_reviewed else None

    @property
    def last_points_lost_per_hand(self) -> float | None:
        """The same over the last match counted; None when none of its hands was reviewed."""
        hands = self.last_hands_reviewed
        return self.last_points_lost_tenths / 10 / hands if hands else None

    def with_reviews(self, points_lost_tenths: Iterable[int]) -> Stats:
        """These statistics with more reviewed hands of the last match counted, each with its
        points lost in tenths (a hand whose review was completed after the match ended)."""
        lost = list(points_lost_tenths)
        return replace(
            self,
            hands_reviewed=self.hands_reviewed + len(lost),
            points_lost_tenths=self.points_lost_tenths + sum(lost),
            last_hands_reviewed=self.last_hands_reviewed + len(lost),
            last_points_lost_tenths=self.last_points_lost_tenths + sum(lost),
        )

    def with_match(
        self, match: Match, seat: Seat = Seat.SOUTH, points_lost_tenths: Mapping[int, int] | None = None
    ) -> Stats:
        """These statistics with one more finished match, seen from ``seat``, and the hands of it
        the coach reviewed (hand number: points lost in tenths; others are not reviewed hands).

        Raises ``ValueError`` for a match that is not over: it does not count (yet).
        """
        if not match.is_over:
            raise ValueError("only a finished match counts in the statistics")
        results = match.results
        finished = {result.hand_number for result in results}
        reviewed = [tenths for hand, tenths in (points_lost_tenths or {}).items() if hand in finished]
        return Stats(
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + (seat in match.winners),
            hands_played=self.hands_played + len(results),
            points_taken=self.points_taken + sum(result.scores[seat] for result in results),
            moons_shot=self.moons_shot + sum(result.moon_shooter == seat for result in results),
            queens_taken=self.queens_taken + queens_taken(match, seat),
            hands_reviewed=self.hands_reviewed,
            points_lost_tenths=self.points_lost_tenths,
        ).with_reviews(reviewed)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """Statistics from ``to_dict`` data, forgiving: unknown keys are ignored and a missing,
        non-whole or (where it cannot be) negative value is 0. More wins than matches is taken
        as damage to the wins, and more hands reviewed than played as damage to the coach's two
        figures (statistics from before the coach have neither: no hand reviewed)."""
        if not isinstance(data, Mapping):
            return cls()
        values: dict[str, int] = {}
        for item in fields(cls):
            value = data.get(item.name)
            if type(value) is int and (value >= 0 or item.name in _SIGNED):
                values[item.name] = value
        if values.get("matches_won", 0) > values.get("matches_played", 0):
            values["matches_won"] = 0
        if values.get("hands_reviewed", 0) > values.get("hands_played", 0):
            values["hands_reviewed"] = 0
        if values.get("last_hands_reviewed", 0) > values.get("hands_reviewed", 0):
            values["last_hands_reviewed"] = 0
        for hands, lost in (
            ("hands_reviewed", "points_lost_tenths"),
            ("last_hands_reviewed", "last_points_lost_tenths"),
        ):
            if not values.get(hands):
                values.pop(lost, None)  # points lost in no hand at all: damage
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
