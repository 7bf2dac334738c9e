"""A match with friends as the host's page keeps it, and the friends' own line of statistics.

Both have slots of their own, apart from the solo match and its statistics: a match with friends never
replaces the player's own match, and is never counted with it. The match is kept as the solo autosave
keeps one (``match_text``: the engine's record, replayed on loading), with the table's id and the names
at its seats, so the host can invite the same friends again after a reload.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..engine import InvalidSave
from .saved_match import SavedMatch, dumps, loads, match_text, parse_saved_match

FRIENDS_MATCH_KEY: Final = "hearts.friends.match"
FRIENDS_STATS_KEY: Final = "hearts.friends.stats"
FORMAT: Final = "hearts-friends"
STATS_FORMAT: Final = "hearts-friends-stats"
VERSION: Final = 1
MAX_NAME: Final = 24
COUNTED_IDS: Final = 20
"""Matches remembered as counted (a window's second count of one is ignored)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SavedFriends:
    """The host's match with friends: the match itself, the table's id and the four seats' names."""

    saved: SavedMatch
    table: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class FriendsStats:
    """Matches with friends finished on this device, as host or as a friend, and those won."""

    played: int = 0
    won: int = 0
    counted: tuple[str, ...] = ()
    """The last matches counted, by id: each counts once."""

    def with_match(self, match_id: str, *, won: bool) -> FriendsStats:
        if match_id in self.counted:
            return self
        counted = (*self.counted, match_id)[-COUNTED_IDS:]
        return FriendsStats(played=self.played + 1, won=self.won + won, counted=counted)

    @property
    def line(self) -> str:
        """The line the statistics show: "With friends: played 3, won 1"."""
        return f"With friends: played {self.played}, won {self.won}"


def friends_text(friends: SavedFriends) -> str:
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "table": friends.table,
        "names": list(friends.names),
        "match": match_text(friends.saved),
    }
    return dumps(data)


def parse_friends(text: str) -> SavedFriends:
    """The save ``friends_text`` wrote; ``InvalidSave`` for anything else."""
    data = loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise InvalidSave("not a saved match with friends")
    table, names, match = data.get("table"), data.get("names"), data.get("match")
    if not isinstance(table, str) or not table or not isinstance(match, str):
        raise InvalidSave("a match with friends without its table")
    if not isinstance(names, list) or len(names) != 4:
        raise InvalidSave(f"four names, not {names!r}")
    for name in names:
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise InvalidSave(f"no seat's name: {name!r}")
    return SavedFriends(saved=parse_saved_match(match), table=table, names=tuple(names))


def stats_text(stats: FriendsStats) -> str:
    data = {"format": STATS_FORMAT, "played": stats.played, "won": stats.won, "counted": list(stats.counted)}
    return dumps(data)


def parse_stats(text: str) -> FriendsStats:
    data = loads(text)
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise InvalidSave("not the statistics of matches with friends")
    played, won, counted = data.get("played"), data.get("won"), data.get("counted")
    if type(played) is not int or type(won) is not int or not 0 <= won <= played:
        raise InvalidSave(f"played {played!r}, won {won!r}")
    if not isinstance(counted, list) or not all(isinstance(item, str) for item in counted):
        raise InvalidSave(f"counted {counted!r}")
    return FriendsStats(played=played, won=won, counted=tuple(counted))
