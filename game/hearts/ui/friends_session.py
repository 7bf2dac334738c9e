"""The host's match with friends, as the table plays it: a solo match's session whose every move goes
through the host's table (``HostTable``), which tells the friends.

The table moves the other seats as it moves a solo match's bots, one at a time at its own pace: a seat a
bot plays now thinks here, a slice a frame, as a solo bot does; a friend's seat moves once its friend's
move has arrived and the engine has found it legal (``HostTable.accepted``); until then the table waits
for them. The host's own seat is yours, South.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import Deal, Event, PlayerMove, Seat
from ..friends import HostTable
from .session import HUMAN, Session


class HostSession(Session):
    """The match of ``host`` (a table paced by its page), with you in the host's seat."""

    def __init__(
        self, host: HostTable, *, match_id: str | None = None, reviewed: Mapping[int, int] | None = None
    ) -> None:
        if not host.paced or host.local != {HUMAN}:
            raise ValueError("the table plays a paced host table with the host in the South seat")
        super().__init__(host.match, host.seed, host.bot_level, reviewed=reviewed, match_id=match_id)
        self.host = host

    def _made(self, seat: Seat) -> PlayerMove | None:
        """A move of ``seat`` with nothing to think over: its friend's, or one the rules make for it."""
        return self.host.accepted(seat) or self.host.ruled_move(seat)

    @property
    def bot_to_move(self) -> Seat | None:
        """The seat whose move the table may show next: a bot's, or a friend's that has arrived."""
        for seat in self.match.awaiting:
            if seat is not HUMAN and (self.host.plays_bot(seat) or self.host.accepted(seat) is not None):
                return seat
        return None

    @property
    def bot_move_ready(self) -> bool:
        seat = self.bot_to_move
        return seat is not None and (self._made(seat) is not None or super().bot_move_ready)

    def think(self, seconds: float) -> PlayerMove | None:
        seat = self.bot_to_move
        made = None if seat is None else self._made(seat)
        return made if made is not None else super().think(seconds)

    def think_on(self) -> bool:
        seat = self.bot_to_move
        if seat is not None and self._made(seat) is not None:
            return False  # nothing to think: the move is made (and a friend's next one is theirs)
        return super().think_on()

    def apply_bot_move(self) -> list[Event]:
        seat = self.bot_to_move
        made = None if seat is None else self._made(seat)
        return self._apply(made) if made is not None else super().apply_bot_move()

    def deal(self, bot_level: str | None = None, deal: Deal | None = None) -> list[Event]:
        """The next hand (the host's bots keep the level the table was opened with)."""
        return super().deal(None, deal)

    def _thinks_for(self, seat: Seat) -> bool:
        return seat is not HUMAN and self.host.plays_bot(seat)

    def _move(self, move: Deal | PlayerMove) -> list[Event]:
        return self.host.apply(move)
