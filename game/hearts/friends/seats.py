"""The seats of a host's table: who plays each now (``Presence``), what the page is shown of it
(``SeatStatus``), and what the host keeps of it (``SeatState``, inside the table only); and the tokens
that name tables and invitations."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import Enum

from ..bots import Bot
from ..engine import PlayerView, Seat
from .transport import Transport


def new_token() -> str:
    """A fresh id for a table or an invitation: 12 base64url characters, unguessable."""
    return secrets.token_urlsafe(9)


class Presence(Enum):
    """Who plays a seat now."""

    HOST = "host"
    """The host's page: its player moves through ``play_local``."""
    BOT = "bot"
    """A bot: nobody was invited, or nobody has answered yet."""
    HERE = "here"
    """A friend, connected."""
    AWAY = "away"
    """A friend whose connection closed: the table waits for them, for a while."""
    COVERED = "covered"
    """A friend who went away long ago (or left): a bot plays until they come back."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatStatus:
    seat: Seat
    name: str
    presence: Presence
    invited: bool
    """Whether an invitation for the seat is waiting for its answer."""


class SeatState:
    """One seat's mutable state at the host (kept inside the table)."""

    __slots__ = (
        "away_since",
        "bot",
        "covered",
        "friend",
        "heard",
        "invite",
        "link",
        "name",
        "sent",
        "sent_at",
    )

    def __init__(self, name: str, bot: Bot) -> None:
        self.name = name
        self.bot = bot
        self.invite: str | None = None
        self.link: Transport | None = None  # the seated friend's connection
        self.friend = False  # a friend has sat here (and may come back)
        self.away_since: int | None = None
        self.covered = False
        self.heard = 0
        self.sent: PlayerView | None = None
        self.sent_at = -1
        """The match's move count when ``sent`` was last checked against the seat's view."""
