"""The match, the settings and the statistics on top of a backend, and what the player is told.

Nothing here raises because of storage: a refused or full backend turns saving off (``saving_off``)
with a sentence in ``problems``, and the game plays on from memory. A save that cannot be read is
never thrown away: its text is set aside under ``hearts.damaged.1`` (the newest; at most three are
kept) before its key is cleared, and the player is told.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any, Final

from ..engine import InvalidSave, Seat
from .backends import (
    Backend,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    StorageError,
    StorageFull,
)
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
from .saved_match import (
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
DAMAGED_PREFIX: Final = "hearts.damaged."
MAX_DAMAGED: Final = 3

SETTINGS_FORMAT: Final = "hearts-settings"
STATS_FORMAT: Final = "hearts-stats"
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
SAVING_BACK_ON: Final = "Saving works again."
PRACTICE_DROPPED: Final = "The practice hand could not be read, so it was dropped. Your match is safe."


class Store:
    """The match, settings and statistics of one player, kept in ``backend``."""

    MATCH_KEY: Final = MATCH_KEY
    SETTINGS_KEY: Final = SETTINGS_KEY
    STATS_KEY: Final = STATS_KEY
    DAMAGED_PREFIX: Final = DAMAGED_PREFIX
    MAX_DAMAGED: Final = MAX_DAMAGED

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.saving_off = False
        """True while writes fail; the next write that succeeds turns it off again."""
        self.problems: list[str] = []
        self.stale = False
        """True once a write was refused because another window saved since this one read."""
        """Sentences for the player, oldest first; the UI shows them and calls ``take_problems``."""
        self._unsaved_settings: Settings | None = None
        self._unsaved_stats: Stats | None = None
        self._last_counted: str | None = None
        self._counted: set[str] = set()
        # A stand-in for storage that could not be had keeps nothing past this visit, so saving
        # stays off however well its writes go.
        self._keeps_nothing = False
        if isinstance(backend, MemoryBackend) and backend.fallback_reason is not None:
            self._keeps_nothing = self.saving_off = True
            self._tell(backend.fallback_reason)

    def resync(self) -> None:
        """Forget what this store held for the visit, so the next loads read storage as it is now."""
        self._unsaved_settings = None
        self._unsaved_stats = None
        self._unsaved_daily = None

    def take_problems(self) -> list[str]:
        """The sentences gathered so far, which are then forgotten."""
        problems, self.problems = self.problems, []
        return problems

    # Settings and statistics ---------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings, or the defaults (a damaged copy is set aside and reported)."""
        if self._unsaved_settings is not None:
            return self._unsaved_settings
        data = self._load_object(SETTINGS_KEY, SETTINGS_FORMAT, SETTINGS_DAMAGED)
        return Settings() if data is None else Settings.from_dict(data)

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
        if data is None:
            return Stats()
        last = data.get("last_counted")
        self._last_counted = last if isinstance(last, str) else None
        return Stats.from_dict(data)

    def save_stats(self, stats: Stats) -> bool:
        """Keep ``stats``; False when they could not be written (they still hold for this visit)."""
        data: dict[str, Any] = {"format": STATS_FORMAT, "version": VERSION, **stats.to_dict()}
        if self._last_counted is not None:
            data["last_counted"] = self._last_counted
        saved = self._write(STATS_KEY, dumps(data), "your statistics")
        self._unsaved_stats = None if saved else stats
        return saved

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
        False when it could not be written; never raises."""
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
        try:
            self.backend.remove(PRACTICE_KEY)
        except Exception as error:
            self._failed(error, "this practice hand")
            return False
        return True

    def clear_match(self) -> bool:
        """Forget the autosaved match (a new match replaces it); False when storage refused."""
        try:
            self.backend.remove(MATCH_KEY)
        except Exception as error:
            self._failed(error, "this match")
            return False
        return True

    def record_finished(self, saved: SavedMatch) -> Stats:
        """Count a finished match in the statistics once, however often it is called, and mark the
        save as counted. Returns the statistics. Raises ``ValueError`` if the match is not over."""
        if not saved.match.is_over:
            raise ValueError("only a finished match counts in the statistics")
        stats = self.load_stats()
        fingerprint = saved_fingerprint(saved)
        if saved.counted or fingerprint in self._counted:
            return stats
        # The statistics carry the fingerprint of the last match counted and are written before
        # the save is marked, so a stop between the two writes cannot count the match twice.
        if self._last_counted != fingerprint:
            stats = stats.with_match(saved.match, _PLAYER, saved.points_lost_tenths)
            self._last_counted = fingerprint
            self.save_stats(stats)
        self._counted.add(fingerprint)
        self.save_match(replace(saved, counted=True))
        return stats

    # Set-aside saves -----------------------------------------------------------------------

    def damaged_saves(self) -> list[str]:
        """The texts set aside, newest first."""
        texts = []
        for number in range(1, MAX_DAMAGED + 1):
            text = self._read(f"{DAMAGED_PREFIX}{number}")
            if text is not None:
                texts.append(text)
        return texts

    def clear_damaged(self) -> bool:
        """Forget every text set aside; False when storage refused."""
        try:
            for number in range(1, MAX_DAMAGED + 1):
                self.backend.remove(f"{DAMAGED_PREFIX}{number}")
        except Exception as error:
            self._failed(error, "your progress")
            return False
        return True

    # Inside --------------------------------------------------------------------------------

    def _tell(self, sentence: str) -> None:
        if sentence not in self.problems:
            self.problems.append(sentence)

    def _read(self, key: str) -> str | None:
        try:
            return self.backend.get(key)
        except Exception as error:
            self._failed(error, "this match")
            return None

    def _write(self, key: str, text: str, what: str) -> bool:
        try:
            self.backend.set(key, text)
        except Exception as error:
            self._failed(error, what)
            return False
        if self.saving_off and not self._keeps_nothing:
            self.saving_off = False
            self._tell(SAVING_BACK_ON)
        return True

    def _failed(self, error: Exception, what: str) -> None:
        """Turn saving off, telling the player once (not at every autosave) until it works again."""
        if not self.saving_off:
            self.saving_off = True
            self._tell(self._failure_sentence(error, what))

    def _failure_sentence(self, error: Exception, what: str) -> str:
        backend = self.backend
        browser, folder = isinstance(backend, LocalStorageBackend), isinstance(backend, FileBackend)
        if isinstance(error, StorageFull):
            if browser:
                cause = "The browser's storage for this page is full"
            else:
                cause = "The disk is full" if folder else "Storage is full"
            return f"{cause}, so {what} will not be saved."
        if not isinstance(error, StorageError):
            cause = "Storage is not working"
        elif browser:
            cause = "The browser is refusing storage"
        elif isinstance(backend, FileBackend):
            cause = f"The game cannot write to {backend.directory}"
        else:
            cause = "Storage is refusing to work"
        # Refused storage refuses everything; the match is what the player stands to lose.
        return f"{cause}, so this match will not be saved."

    def _load_object(self, key: str, format_name: str, damaged: str) -> dict[str, Any] | None:
        """The JSON object under ``key`` if it is one of ours; None when absent or damaged."""
        text = self._read(key)
        return None if text is None else self._object_in(key, text, format_name, damaged)

    def _object_in(self, key: str, text: str, format_name: str, damaged: str) -> dict[str, Any] | None:
        """The JSON object in ``text`` (read from ``key``) if it is one of ours; None, with ``text`` set
        aside, when it is damaged."""
        try:
            data = loads(text)
        except InvalidSave:
            data = None
        if (
            isinstance(data, dict)
            and data.get("format") == format_name
            and type(data.get("version")) is int
            and data["version"] >= 1
        ):
            # A newer version's file is read as far as this version understands it.
            return data
        self._set_aside(key, text, damaged, damaged)
        return None

    def _set_aside(self, key: str, text: str, told: str, not_kept: str) -> None:
        """Move ``text`` to ``hearts.damaged.1``, older ones one place on (the oldest dropped), then
        clear ``key``. If that fails, ``key`` is left as it is and the player told so."""
        backend = self.backend
        try:
            older = [backend.get(f"{DAMAGED_PREFIX}{number}") for number in range(1, MAX_DAMAGED)]
            # Each step overwrites a copy already made one place on, so nothing but the oldest
            # is lost if it stops half-way.
            for number in range(MAX_DAMAGED, 1, -1):
                previous = older[number - 2]
                if previous is None:
                    backend.remove(f"{DAMAGED_PREFIX}{number}")
                else:
                    backend.set(f"{DAMAGED_PREFIX}{number}", previous)
            backend.set(f"{DAMAGED_PREFIX}1", text)
        except StorageFull:
            self._tell(not_kept)
            return
        except Exception as error:
            self._failed(error, "your progress")
            self._tell(not_kept)
            return
        try:
            backend.remove(key)
        except Exception as error:
            self._failed(error, "your progress")
        self._tell(told)

    # The daily deal ------------------------------------------------------------------------

    _unsaved_daily: DailyRecords | None = None
    """Daily records that could not be written: they still hold for this visit."""

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
        """Count a finished daily attempt if it is the first of its date. True when ``result`` is
        the attempt that counts (also when told again of the same attempt, which adds the par it
        lacked); False for practice."""
        records = self.load_daily()
        counts = records.counts(result)
        updated = records.with_result(result)
        if updated != records:
            self.save_daily(updated)
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
        try:
            self.backend.remove(DAILY_ATTEMPT_KEY)
        except Exception as error:
            self._failed(error, "your daily deal")
            return False
        return True
