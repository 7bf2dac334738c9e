"""The host's table with friends: the match of ``Context.friends.host``, played as a solo match is, kept
after every card in a slot of its own (never the solo match's), and counted on the friends' own line of
the statistics. When it ends, the table closes and the friends are told."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...announce import Announcement, Verbosity, for_event
from ...engine import Event, HandScored, PlayerView, Reason
from ...friends import HostTable, Presence
from ...words import table_header
from ..context import Context
from ..friends_saves import saved_friends
from ..friends_session import HostSession
from ..routes import FriendsMenu, HandResult
from ..session import HUMAN
from ..transitions import Push, Transition
from .base import OPEN_MENU, BaseMode, ModeTraits

AWAY_WORDS = {False: "away", True: "bot plays"}
"""What a seat's box adds to a friend's name while they are gone, by whether a bot covers them yet."""
AWAY_MARK = {Presence.AWAY: AWAY_WORDS[False], Presence.COVERED: AWAY_WORDS[True]}


def seat_label(name: str, gone: str | None) -> str:
    """A seat's name in its box: "Bea", "Bea · away"."""
    return name if gone is None else f"{name} · {gone}"


@dataclass(frozen=True, slots=True)
class FriendsWords:
    """A table with friends' words: the match's, and the seats named by who sits there (``names``)."""

    seats: Callable[[], tuple[str, ...]]
    """The four seats' names as their boxes show them now."""

    def header(self, view: PlayerView) -> str:
        return f"With friends · {table_header(view.hand_number, view.pass_direction, view.rules.target)}"

    def refusal(self, reason: Reason) -> str:
        return str(reason)

    def names(self) -> tuple[str, ...] | None:
        return self.seats()

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        return for_event(event, view, verbosity=verbosity)


def host_names(host: HostTable) -> tuple[str, ...]:
    """The host's table's seats as their boxes show them: you, and each other seat's player."""
    return tuple(
        "You" if status.seat is HUMAN else seat_label(status.name, AWAY_MARK.get(status.presence))
        for status in host.seats
    )


class FriendsHostMode(BaseMode):
    """The table of ``host`` (a paced ``HostTable``), with you in the host's seat."""

    session: HostSession

    def __init__(self, ctx: Context, session: HostSession) -> None:
        super().__init__(ctx, session)
        self.host = session.host
        self.traits = ModeTraits(level=self.host.bot_level, with_friends=True)
        self.words = FriendsWords(lambda: host_names(self.host))

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        table = self.session.match_id
        return Push(HandResult(table, scored, match_over, FriendsMenu(table, over_result=True)))

    def answer(self, asked: object) -> Transition | None:
        return Push(FriendsMenu(self.session.match_id)) if asked == OPEN_MENU else None

    def keep(self) -> None:
        """After every move: the match in the friends' slot (the solo match is never touched)."""
        if self.session.match.is_over:
            return
        store = self.ctx.store
        store.save_friends(saved_friends(self.host, self.session))
        self.ctx.notices.extend(store.take_problems())

    def finished(self) -> None:
        """Counted on the friends' line, the slot emptied, and the table closed (the friends told)."""
        store, match = self.ctx.store, self.session.match
        store.record_friends(self.session.match_id, won=HUMAN in match.winners)
        store.clear_friends()
        self.ctx.notices.extend(store.take_problems())
        if self.ctx.friends.host is self.host:
            self.ctx.friends.close()
        else:
            self.host.close()
