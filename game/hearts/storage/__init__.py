"""Saving: the match, the settings and the statistics, in a folder or in the browser's storage.

Standard library and the engine only (never pygame): ``Store(default_backend())`` is all the
table needs. The daily deal's records and its attempt in progress are kept apart (``daily``). Every text
carries a revision, so a window left behind by another over the same storage writes nothing (``keeper``).
"""

from .backends import (
    Backend,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    StorageError,
    StorageFull,
    StorageUnavailable,
    default_backend,
)
from .daily import DailyAttempt, DailyRecords, DailyResult, DailyStats
from .saved_match import SavedMatch, SavedPractice
from .settings import DIFFICULTIES, NAME_LIMIT, PACES, VERBOSITIES, Settings, is_player_name
from .stats import Stats
from .store import Store

__all__ = [
    "DIFFICULTIES",
    "NAME_LIMIT",
    "PACES",
    "VERBOSITIES",
    "Backend",
    "DailyAttempt",
    "DailyRecords",
    "DailyResult",
    "DailyStats",
    "FileBackend",
    "LocalStorageBackend",
    "MemoryBackend",
    "SavedMatch",
    "SavedPractice",
    "Settings",
    "Stats",
    "StorageError",
    "StorageFull",
    "StorageUnavailable",
    "Store",
    "default_backend",
    "is_player_name",
]
