"""A friend's table turned so that their own seat is South: the table screens always show the player at
the bottom, with the seat on their left as West, across as North, on their right as East.

Turning changes where seats are, never what anyone knows: the same cards, the same tricks, the same
scores, each moved round by the same number of places. Moves go back the other way (``to_table``)
before they are sent to the host.
"""

from __future__ import annotations

import dataclasses
from typing import Final, TypeVar

from ..engine import Event, MoonChoice, Pass, Play, PlayerMove, PlayerView, Seat, Trick

BY_SEAT: Final = frozenset({"has_passed", "voids", "points", "scores_taken", "totals", "scores", "hearts"})
"""The fields of views and events that hold one value per seat, in seat order."""
BY_SEAT_CARDS: Final = frozenset({"cards"})
"""The same for sets of cards (the exchange's, by the seat that gave them); a trick's cards are not."""

T = TypeVar("T")


class Turned:
    """The table as the seat ``seat`` sees it from the bottom."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def seat_here(self, seat: Seat) -> Seat:
        """Where the table's ``seat`` sits on this screen."""
        return Seat((seat - self.seat) % 4)

    def seat_at_table(self, seat: Seat) -> Seat:
        """Which of the table's seats sits at this screen's ``seat``."""
        return Seat((seat + self.seat) % 4)

    def by_seat(self, values: tuple[T, ...]) -> tuple[T, ...]:
        """One value per table seat, put in this screen's seat order."""
        if len(values) != 4:
            return values  # (an older event's empty tuple)
        return tuple(values[self.seat_at_table(seat)] for seat in Seat)

    def view(self, view: PlayerView) -> PlayerView:
        return self._turn(view)

    def event(self, event: Event) -> Event:
        return self._turn(event)

    def _turn(self, value: T) -> T:
        """``value`` (a view or an event) with each of its fields turned."""
        if self.seat is Seat.SOUTH:
            return value
        assert dataclasses.is_dataclass(value) and not isinstance(value, type)
        changes = {
            field.name: self._field(getattr(value, field.name), field.name)
            for field in dataclasses.fields(value)
            if field.init
        }
        return dataclasses.replace(value, **changes)  # type: ignore[return-value]

    def _field(self, value: object, name: str) -> object:
        if isinstance(value, Seat):
            return self.seat_here(value)
        if isinstance(value, Trick):
            winner = None if value.winner is None else self.seat_here(value.winner)
            return dataclasses.replace(value, leader=self.seat_here(value.leader), winner=winner)
        if isinstance(value, tuple) and (name in BY_SEAT or (name in BY_SEAT_CARDS and len(value) == 4)):
            return self.by_seat(value)
        if isinstance(value, tuple):  # (the winners, a hand's tricks)
            return tuple(self._field(item, "") for item in value)
        return value  # (cards, rules, numbers: the same wherever one sits)

    def to_table(self, move: PlayerMove) -> PlayerMove:
        """A move made on this screen (South's), as the table's seat makes it."""
        seat = self.seat_at_table(move.seat)
        if isinstance(move, Play):
            return Play.of(seat, move.card)
        if isinstance(move, Pass):
            return Pass(seat, move.cards)
        return MoonChoice(seat, move.moon)
