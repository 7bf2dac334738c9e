"""What goes wrong between friends' devices, each kind with a sentence for the player.

A refused message or link never crashes a page: the side that got it shows the sentence (``str`` of the
error) and carries on. ``detail`` says what exactly was wrong, for logs and tests, never for the player.
"""

from __future__ import annotations

from typing import Final

from ..engine import HeartsError

DAMAGED: Final = "A message from another player's device arrived damaged, so it was ignored."
TOO_LARGE: Final = "A message from another player's device was far too large, so it was ignored."
NEWER: Final = (
    "Another player has a newer version of Hearts. Reload the game on every device to play together."
)
OTHER_VERSION: Final = (
    "Another player has a different version of Hearts. Reload the game on every device to play together."
)
UNKNOWN: Final = "A message this version of Hearts does not understand arrived, so it was ignored."
OTHER_TABLE: Final = "A message meant for another table arrived, so it was ignored."

INVITE_BROKEN: Final = (
    "This invitation is incomplete or has been changed, so it cannot be opened. "
    "Ask the host to send it again."
)
ANSWER_BROKEN: Final = (
    "This answer is incomplete or has been changed, so it cannot be used. Ask your friend to send it again."
)
LINK_NEWER: Final = (
    "This link was made by a newer version of Hearts. Reload the game to update it, then open the link again."
)
ANSWER_OTHER_TABLE: Final = "This answer is for another table, so it cannot be used here."
NOT_WAITING: Final = (
    "This answer is for a seat that is no longer waiting for it. Send your friend a new invitation."
)
SEAT_TAKEN: Final = "That seat is already taken by a friend who is at the table."
NOT_A_FRIENDS_SEAT: Final = "That seat is not one a friend can take."


class FriendsError(HeartsError, ValueError):
    """Root of the friends' errors: ``str`` is the sentence for the player, ``detail`` what was wrong."""

    def __init__(self, sentence: str, detail: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.detail = detail


class MessageRefused(FriendsError):
    """A message that is malformed, too large, of another version, of an unknown kind or for another
    table: the side that got it ignores it, with a notice."""


class LinkRefused(FriendsError):
    """An invitation or answer (a link, a fragment or a bare code) that cannot be used."""


class SeatRefused(FriendsError):
    """An invitation the host cannot make, or an answer it cannot take, for a seat."""
