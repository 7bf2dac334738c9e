"""The table with friends this window holds, as its host or as a friend's seat, kept across its scenes.

The screens that open a table, invite and join (the lobby) put the ``HostTable`` or the ``GuestTable`` here;
the table scene's friends modes play it. The app ticks it once a frame whatever is on top, so a connection is
greeted and a friend's move arrives while a dialog or the menu shows, and the app never rests while a table
is open. The connections themselves are the page's (``Peers``): one per invited seat for the host, one to
the host for a guest.
"""

from __future__ import annotations

from ..friends import GuestTable, HostTable
from ..peers import Peers


class FriendsHold:
    """At most one table with friends: ``host`` on the page that holds the match, ``guest`` on a friend's."""

    def __init__(self, peers: Peers | None = None) -> None:
        self.peers = peers if peers is not None else Peers()
        self.host: HostTable | None = None
        self.guest: GuestTable | None = None

    @property
    def is_open(self) -> bool:
        """Whether a table is held and not closed: the app then ticks every frame and never rests."""
        host, guest = self.host, self.guest
        return (host is not None and not host.is_closed) or (guest is not None and not guest.is_closed)

    def tick(self) -> None:
        """One step of the table held (reading the connections, greeting, the bots); nothing if none."""
        if self.host is not None and not self.host.is_closed:
            self.host.tick()
        if self.guest is not None and not self.guest.is_closed:
            self.guest.tick()

    def take_notices(self) -> list[str]:
        """The sentences for the player from the table held since the last call (a friend went away, a
        message ignored …); a guest's table closing is said by its table, not here."""
        notices = [] if self.host is None else self.host.take_notices()
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
        self.host = None
        self.guest = None
