"""The host's match with friends and its slot in storage, both ways: the lobby rebuilds the table from
the save after a reload (``host_from_saved``), and the table keeps it after every card
(``saved_friends``)."""

from __future__ import annotations

from collections.abc import Callable

from ..friends import HostTable
from ..friends.host import GRACE
from ..friends.seats import new_token
from ..storage.friends import SavedFriends
from .friends_session import HostSession
from .session import HUMAN


def saved_friends(host: HostTable, session: HostSession) -> SavedFriends:
    """The host's match as its slot keeps it: the match, the table's id and who sat where."""
    names = tuple(status.name for status in host.seats)
    return SavedFriends(saved=session.to_saved(), table=host.table, names=names)


def host_from_saved(
    saved: SavedFriends, *, grace: int = GRACE, tokens: Callable[[], str] = new_token
) -> HostTable:
    """The host's table as it was saved, started, with the match where it stood: the friends' seats
    are played by bots until the host invites them again (under the names they had), and the table
    keeps its id, so the match keeps its slot and counts once."""
    kept = saved.saved
    return HostTable(
        names=saved.names,
        seed=kept.seed if kept.seed is not None else 0,
        local=(HUMAN,),
        bot_level=kept.bot_level,
        grace=grace,
        table=saved.table,
        tokens=tokens,
        paced=True,
        match=kept.match,
    )
