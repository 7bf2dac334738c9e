"""The words the table uses for seats and pass directions, seen from the human in the South seat."""

from __future__ import annotations

from typing import Final

from .engine import PassDirection, Seat

SEAT_NAMES: Final = {Seat.SOUTH: "You", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}
DIRECTION_WORDS: Final = {
    PassDirection.LEFT: "left",
    PassDirection.RIGHT: "right",
    PassDirection.ACROSS: "across",
}
