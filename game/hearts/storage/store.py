"""The match, the settings and the statistics on top of a backend, and what the player is told.

Nothing here raises because of storage, nothing is lost to a damaged text, and a window left behind by
another one writes nothing (``keeper``). ``Store(default_backend())`` is all the table needs.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any, Final

from ..engine import InvalidSave, Seat
from .backends import Backend
from .daily import (
    ATTEMPT_DAMAGED,
    ATTEMPT_NEWER,
    DAILY_DAMAGED,
    DAILY_FORMAT,
    DAILY_KEY,
    DAILY_PARTLY_DAMAGED,
    DailyAttempt,
    DailyRecords,
    DailyResult,
    DailyStats,
    NewerAttempt,
)
from .daily import ATTEMPT_KEY as DAILY_ATTEMPT_KEY
from .daily import VERSION as DAILY_VERSION
from .friends import (
    FRIENDS_MATCH_KEY,
    FRIENDS_STATS_KEY,
    FriendsStats,
    SavedFriends,
    friends_text,
    parse_friends,
    parse_stats,
    stats_text,
)
from .keeper import (  # noqa: F401 - named from here too
    DAMAGED_PREFIX,
    MAX_DAMAGED,
    MOVED_ON,
    SAVING_BACK_ON,
    Keeper,
)
from .saved_match import (
    MATCH_ID,
    VERSION,
    NewerSave,
    SavedMatch,
    SavedPractice,
    dumps,
    loads,
    match_text,
    parse_saved_match,
    parse_saved_practice,
    practice_text,
    saved_fingerprint,
)
from .settings import Settings
from .stats import Stats

MATCH_KEY: Final = "hearts.match"
PRACTICE_KEY: Final = "hearts.practice"
SETTINGS_KEY: Final = "hearts.settings"
STATS_KEY: Final = "hearts.stats"
REVISED_KEYS: Final = (
    MATCH_KEY,
    PRACTICE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    DAILY_KEY,
    DAILY_ATTEMPT_KEY,
    FRIENDS_MATCH_KEY,
    FRIENDS_STATS_KEY,
)
"""The keys whose texts carry a revision: everything kept for the player (set-aside texts are not)."""

SETTINGS_FORMAT: Final = "hearts-settings"
STATS_FORMAT: Final = "hearts-stats"
MAX_COUNTED: Final = 100
"""How many of the last matches counted the statistics name, so none is counted twice."""
_PLAYER: Final = Seat.SOUTH

MATCH_DAMAGED: Final = "Your saved match could not be read, so it was set aside. A new match starts."
MATCH_NEWER: Final = (
    "Your saved match is from a newer version of Hearts, so it was set aside. A new match starts."
)
MATCH_NOT_SET_ASIDE: Final = (
    "Your saved match could not be read, and there was no room to keep a copy of it. "
    "A new match starts and will replace it."
)
SETTINGS_DAMAGED: Final = "Your settings could not be read, so they were set aside and the defaults are back."
STATS_DAMAGED: Final = "Your statistics could not be read, so they were set aside and start again from zero."
PRACTICE_DROPPED: Final = "The practice hand could not be read, so it was dropped. Your match is safe."
FRIENDS_DROPPED: Final = (
    "The match with friends could not be read, so it was dropped. Your own match is safe."
)


class Store(Keeper):
    """The match, settings and statistics of one player, kept in ``backend``."""

    MATCH_KEY: Final = MATCH_KEY
    SETTINGS_KEY: Final = SETTINGS_KEY
    STATS_KEY: Final = STATS_KEY

    def __init__(self, backend: Backend, *, first_visit: Settings | None = None) -> None:
        """``first_visit``: the settings until the player saves some (the defaults, else)."""
        super().__init__(backend, REVISED_KEYS)
        self.first_visit = first_visit if first_visit is not None else Settings()
        self._unsaved_settings: Settings | None = None
        self._unsaved_stats: Stats | None = None
        self._unsaved_daily: DailyRecords | None = None
        """Records that could not be written: they still hold for this visit."""
        self._last_counted: str | None = None
        self._counted_ids: tuple[str, ...] = ()
        self._counted: set[str] = set()

    def resync(self) -> None:
        """Forget what this store knew (the revisions it saw, what it could not write, ``stale``), so
        the next load reads the freshest save and writes go on from there: when this window takes the
        table back, and after an import."""
        super().resync()
        self._unsaved_settings = self._unsaved_stats = self._unsaved_daily = None

    # Settings and statistics ---------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (a damaged copy is set aside and reported)."""
        if self._unsaved_settings is not None:
            return self._unsaved_settings
        data = self._load_object(SETTINGS_KEY, SETTINGS_FORMAT, SETTINGS_DAMAGED)
        return self.first_visit if data is None else Settings.from_dict(data)

    def save_settings(self, settings: Settings) -> bool:
        """Keep ``settings``; False when they could not be written (they still hold for this visit)."""
        text = dumps({"format": SETTINGS_FORMAT, "version": VERSION, **settings.to_dict()})
        saved = self._write(SETTINGS_KEY, text, "your settings")
        self._unsaved_settings = None if saved else settings
        return saved

    def load_stats(self) -> Stats:
        """The saved statistics, or zeros (a damaged copy is set aside and reported)."""
        if self._unsaved_stats is not None:
            return self._unsaved_stats
        data = self._load_object(STATS_KEY, STATS_FORMAT, STATS_DAMAGED)
        self._last_counted, self._counted_ids = _counted_marks(data)
        return Stats() if data is None else Stats.from_dict(data)

    def save_stats(self, stats: Stats) -> bool:
        """Keep ``stats``; False when they could not be written (they still hold for this visit)."""
        saved = self._write_stats(stats)
        self._unsaved_stats = None if saved else stats
        return saved

    def _write_stats(self, stats: Stats) -> bool:
        """Write ``stats`` with the marks of the matches counted: this store's, and any that storage
        holds beside them (so statistics saved before they were read keep them)."""
        claim = self._claim(STATS_KEY)
        if claim is None:
            return False
        stored_last, stored_ids = _counted_marks(_object_or_none(claim.text))
        ids = [*stored_ids, *(one for one in self._counted_ids if one not in stored_ids)]
        data: dict[str, Any] = {"format": STATS_FORMAT, "version": VERSION, **stats.to_dict()}
        last = self._last_counted if self._last_counted is not None else stored_last
        if last is not None:
            data["last_counted"] = last
        if ids:
            data["counted_matches"] = ids[-MAX_COUNTED:]
        return self._put(STATS_KEY, dumps(data), claim.revision, "your statistics")

    # The match -----------------------------------------------------------------------------

    def load_match(self) -> SavedMatch | None:
        """The autosaved match, or None when there is none or it cannot be read. Never raises.

        A save that cannot be read (damaged, foreign, from another version, or holding a move the
        rules refuse) is set aside, its key cleared, and the player told; settings and statistics
        are left alone.
        """
        text = self._read(MATCH_KEY)
        if text is None:
            return None
        try:
            return parse_saved_match(text)
        except NewerSave:
            self._set_aside(MATCH_KEY, text, MATCH_NEWER, MATCH_NOT_SET_ASIDE)
        except InvalidSave:
            self._set_aside(MATCH_KEY, text, MATCH_DAMAGED, MATCH_NOT_SET_ASIDE)
        except Exception:
            # Whatever went wrong in the replay, the game must still start; the text is kept.
            self._set_aside(MATCH_KEY, text, MATCH_DAMAGED, MATCH_NOT_SET_ASIDE)
        return None

    def save_match(self, saved: SavedMatch) -> bool:
        """Autosave ``saved`` over the previous save (which stays whole until the new one is in).
        False when it could not be written or another window moved the match on; never raises."""
        return self._write(MATCH_KEY, match_text(saved), "this match")

    def load_practice(self) -> SavedPractice | None:
        """The practice hand in progress, or None (none, or one that cannot be read: it is dropped, the
        match untouched). Never raises."""
        text = self._read(PRACTICE_KEY)
        if text is None:
            return None
        try:
            return parse_saved_practice(text)
        except Exception:
            self.clear_practice()
            self._tell(PRACTICE_DROPPED)
            return None

    def save_practice(self, practice: SavedPractice) -> bool:
        """Keep the practice hand in progress (its own slot); False when it could not be written."""
        return self._write(PRACTICE_KEY, practice_text(practice), "this practice hand")

    def clear_practice(self) -> bool:
        """Forget the practice hand (it is over, or stopped); False when storage refused."""
        return self._remove(PRACTICE_KEY, "this practice hand")

    def clear_match(self) -> bool:
        """Forget the autosaved match (a new match replaces it); False when storage refused."""
        return self._remove(MATCH_KEY, "this match")

    def record_finished(self, saved: SavedMatch) -> Stats:
        """Count a finished match in the statistics once, however often it is called and whichever
        window calls it, and mark the save as counted. Returns the statistics (unchanged when another
        window moved the match on). Raises ``ValueError`` if the match is not over."""
        if not saved.match.is_over:
            raise ValueError("only a finished match counts in the statistics")
        stats = self.load_stats()  # read again: another window may have counted matches since
        fingerprint = saved_fingerprint(saved)
        if saved.counted or fingerprint in self._counted:
            return stats
        if self._claim(MATCH_KEY) is None or self._claim(STATS_KEY) is None:
            return stats  # this copy of the match was left behind: the window that has it counts it
        # The statistics name the matches counted and are written before the save is marked, so a
        # stop between the two writes cannot count the match twice.
        if saved.match_id not in self._counted_ids and self._last_counted != fingerprint:
            counted = stats.with_match(saved.match, _PLAYER, saved.points_lost_tenths)
            self._last_counted = fingerprint
            self._counted_ids = (*self._counted_ids, saved.match_id)[-MAX_COUNTED:]
            self.save_stats(counted)
            stats = counted
        self._counted.add(fingerprint)
        self.save_match(replace(saved, counted=True))
        return stats

    # A match with friends (its own slots: the solo match and statistics are never touched) -----

    def load_friends(self) -> SavedFriends | None:
        """The host's match with friends, or None (none, or one that cannot be read: it is dropped and
        the player told). Never raises."""
        text = self._read(FRIENDS_MATCH_KEY)
        if text is None:
            return None
        try:
            return parse_friends(text)
        except Exception:
            self.clear_friends()
            self._tell(FRIENDS_DROPPED)
            return None

    def save_friends(self, friends: SavedFriends) -> bool:
        """Keep the host's match with friends (after every card); False when it could not be written."""
        return self._write(FRIENDS_MATCH_KEY, friends_text(friends), "this match with friends")

    def clear_friends(self) -> bool:
        """Forget the host's match with friends (it is over, or closed); False when storage refused."""
        return self._remove(FRIENDS_MATCH_KEY, "this match with friends")

    def load_friends_stats(self) -> FriendsStats:
        """The matches with friends finished here; none when there are none or they cannot be read."""
        text = self._read(FRIENDS_STATS_KEY)
        try:
            return FriendsStats() if text is None else parse_stats(text)
        except InvalidSave:
            return FriendsStats()

    def record_friends(self, match_id: str, *, won: bool) -> FriendsStats:
        """Count a finished match with friends (as host or friend) once, on its own line."""
        stats = self.load_friends_stats()
        counted = stats.with_match(match_id, won=won)
        if counted is not stats:
            self._write(FRIENDS_STATS_KEY, stats_text(counted), "your statistics with friends")
        return counted

    # The daily deal ------------------------------------------------------------------------

    def load_daily(self) -> DailyRecords:
        """The daily deal's records, or none. Never raises: a damaged copy is set aside and the
        player told; entries that cannot be read are left out (a copy of the whole is set aside)."""
        if self._unsaved_daily is not None:
            return self._unsaved_daily
        text = self._read(DAILY_KEY)
        data = None if text is None else self._object_in(DAILY_KEY, text, DAILY_FORMAT, DAILY_DAMAGED)
        if text is None or data is None:
            return DailyRecords()
        records, lost = DailyRecords.from_dict(data)
        if lost:
            sentence = DAILY_PARTLY_DAMAGED if records.results else DAILY_DAMAGED
            self._set_aside(DAILY_KEY, text, sentence, sentence)
            self.save_daily(records)
        return records

    def save_daily(self, records: DailyRecords) -> bool:
        """Keep the daily records; False when they could not be written (they hold for this visit)."""
        text = dumps({"format": DAILY_FORMAT, "version": DAILY_VERSION, **records.to_dict()})
        saved = self._write(DAILY_KEY, text, "your daily results")
        self._unsaved_daily = None if saved else records
        return saved

    def record_daily(self, result: DailyResult) -> bool:
        """Count a finished daily attempt if it is the first of its date (in any window). True when
        ``result`` is the attempt that counts (also when told again of the same attempt, which adds
        the par it lacked); False for practice, and when another window moved the attempt on."""
        records = self.load_daily()  # read again: another window may have counted the day
        counts = records.counts(result)
        updated = records.with_result(result)
        if updated == records:
            return counts
        if self._claim(DAILY_ATTEMPT_KEY) is None:
            return False  # this copy of the attempt was left behind: the window that has it counts it
        if not self.save_daily(updated) and self.stale:
            return False
        return counts

    def daily_stats(self, today: datetime.date) -> DailyStats:
        """Days played, the current and best streaks and the average against par, as of ``today``."""
        return self.load_daily().stats(today)

    def load_daily_attempt(self) -> DailyAttempt | None:
        """The daily attempt in progress, or None. Never raises: one that cannot be read is set
        aside and the player told; the ordinary match, settings and statistics are left alone."""
        text = self._read(DAILY_ATTEMPT_KEY)
        if text is None:
            return None
        try:
            return DailyAttempt.from_dict(loads(text))
        except NewerAttempt:
            self._set_aside(DAILY_ATTEMPT_KEY, text, ATTEMPT_NEWER, ATTEMPT_DAMAGED)
        except InvalidSave:
            self._set_aside(DAILY_ATTEMPT_KEY, text, ATTEMPT_DAMAGED, ATTEMPT_DAMAGED)
        except Exception:
            # Whatever went wrong in the replay, the game must still start; the text is kept.
            self._set_aside(DAILY_ATTEMPT_KEY, text, ATTEMPT_DAMAGED, ATTEMPT_DAMAGED)
        return None

    def save_daily_attempt(self, attempt: DailyAttempt) -> bool:
        """Autosave the daily attempt in progress (never over the ordinary match); False when it
        could not be written. Never raises."""
        return self._write(DAILY_ATTEMPT_KEY, dumps(attempt.to_dict()), "your daily deal")

    def clear_daily_attempt(self) -> bool:
        """Forget the daily attempt in progress (it finished, or a new one starts)."""
        return self._remove(DAILY_ATTEMPT_KEY, "your daily deal")


def _object_or_none(text: str | None) -> dict[str, Any] | None:
    """The JSON object in ``text``, or None."""
    try:
        data = None if text is None else loads(text)
    except InvalidSave:
        return None
    return data if isinstance(data, dict) else None


def _counted_marks(data: dict[str, Any] | None) -> tuple[str | None, tuple[str, ...]]:
    """What statistics' data say of the matches counted: the last one's fingerprint (kept by older
    versions) and the ids of the last ``MAX_COUNTED`` (those that cannot be read left out)."""
    if data is None:
        return None, ()
    last = data.get("last_counted")
    ids = data.get("counted_matches")
    if not isinstance(ids, list):
        ids = []
    readable = [one for one in ids if isinstance(one, str) and MATCH_ID.fullmatch(one)]
    return (last if isinstance(last, str) else None), tuple(dict.fromkeys(readable))[-MAX_COUNTED:]
