"""The table with friends this window holds, as its host or as a friend's seat, kept across its scenes.

The screens that open a table, invite and join (the lobby) put the ``HostTable`` or the ``GuestTable`` here,
with the invitations in progress (``Lobby``, the host's) or the answer being made (``Joining``, a friend's);
the table scene's friends modes play it. The app ticks it once a frame whatever is on top, so a connection is
greeted and a friend's move arrives while a dialog or the menu shows, and the app never rests while a table
is open. The connections themselves are the page's (``Peers``): one per invited seat for the host, one to
the host for a guest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine import Rules, Seat
from ..page import opened_with
from ..peers import Peers

if TYPE_CHECKING:  # (imported as a table opens: the game starts without the friends' code)
    from ..friends import GuestTable, HostTable, InviteLink
    from .friends_joining import Joining
    from .friends_lobby import Lobby


def opened_invite() -> str | None:
    """In the browser, the invitation the page's address carried (``#j=…``); None natively or else."""
    fragment = opened_with().fragment
    return fragment if fragment.startswith("j=") else None


def opened_answer() -> str | None:
    """In the browser, the friend's answer the page's address carried (``#a=…``); None natively or else."""
    fragment = opened_with().fragment
    return fragment if fragment.startswith("a=") else None


class FriendsHold:
    """At most one table with friends: ``host`` on the page that holds the match, ``guest`` on a friend's."""

    def __init__(self, peers: Peers | None = None) -> None:
        self.peers = peers if peers is not None else Peers()
        self.host: HostTable | None = None
        self.guest: GuestTable | None = None
        self.lobby: Lobby | None = None
        """The host's invitations, while ``host`` is held."""
        self.joining: Joining | None = None
        """A friend's answer to an invitation, until the host seats them (``guest`` from then on)."""

    def open_host(
        self,
        *,
        names: Iterable[str],
        rules: Rules,
        level: str,
        stun: str,
        address: str,
        table: str | None = None,
    ) -> HostTable:
        """A new table with friends, held here as its host (on fresh deals), in place of any held before;
        ``table``: the id to keep (the same table with other names or rules, before anyone was invited)."""
        from ..deals import new_seed
        from ..friends import HostTable

        host = HostTable(names=names, seed=new_seed(), rules=rules, bot_level=level, table=table, paced=True)
        return self.adopt_host(host, stun=stun, address=address)

    def adopt_host(self, host: HostTable, *, stun: str, address: str) -> HostTable:
        """Hold ``host`` (a new table, or one rebuilt from its save after a reload) with no invitation out,
        in place of any table held before."""
        from .friends_lobby import Lobby

        self.close()
        self.host = host
        self.lobby = Lobby(host, self.peers, stun=stun, address=address)
        return host

    def open_joining(self, opened: InviteLink, *, stun: str, address: str) -> Joining:
        """Answer the invitation ``opened`` from here, in place of any table held before."""
        from .friends_joining import Joining

        self.close()
        self.joining = Joining(opened, self.peers, stun=stun, address=address)
        return self.joining

    @property
    def is_open(self) -> bool:
        """Whether a table is held and not closed: the app then ticks every frame and never rests."""
        host, guest = self.host, self.guest
        joining = self.joining is not None and self.joining.step not in ("ready", "failed")
        hosting = host is not None and not host.is_closed
        return joining or hosting or (guest is not None and not guest.is_closed)

    def tick(self) -> None:
        """One step of the table held (reading the connections, greeting, the bots); nothing if none."""
        if self.host is not None and not self.host.is_closed:
            self.host.tick()
            if self.lobby is not None:
                self.lobby.tick()
        if self.joining is not None:
            self.joining.tick()
            if self.joining.guest is not None and self.guest is None:
                self.guest = self.joining.guest
        if self.guest is not None and not self.guest.is_closed:
            self.guest.tick()

    def seat_names(self) -> dict[Seat, str] | None:
        """Who plays each seat as this page places them (yours "You"), while a table is held; else None.
        A friend's page is turned so that it sits South (``friends.turned``)."""
        host, guest = self.host, self.guest
        if host is not None and not host.is_closed:
            names = tuple(status.name for status in host.seats)
        elif guest is not None and not guest.is_closed and len(guest.names) == len(Seat):
            from ..friends.turned import Turned

            names = Turned(guest.seat).by_seat(guest.names)
        else:
            return None
        return {seat: "You" if seat is Seat.SOUTH else names[seat] for seat in Seat}

    def take_notices(self) -> list[str]:
        """The sentences for the player from the table held since the last call (a friend went away, a
        message ignored …); a guest's table closing is said by its table, not here, and what the host's
        invitations said already on their own screens (a friend seated) is not said again over the table."""
        notices = [] if self.host is None else self.host.take_notices()
        if self.lobby is not None:
            notices = [notice for notice in notices if notice not in self.lobby.news]
        guest = self.guest
        if guest is not None:
            notices.extend(notice for notice in guest.take_notices() if notice != guest.closed_why)
        return notices

    def close(self) -> None:
        """Close the table held: a host's friends are told, a guest leaves its seat. Then none is held."""
        if self.host is not None and not self.host.is_closed:
            self.host.close()
        if self.guest is not None and not self.guest.is_closed:
            self.guest.leave()
        if self.lobby is not None:
            self.lobby.close()
        if self.joining is not None and self.guest is None:
            self.peers.close("host")
        self.host = None
        self.guest = None
        self.lobby = None
        self.joining = None
