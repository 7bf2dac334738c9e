"""Saving: the match, the settings and the statistics, in a folder or in the browser's storage.

Standard library and the engine only (never pygame): ``Store(default_backend())`` is all the
table needs.
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
from .settings import DIFFICULTIES, PACES, Settings
from .stats import Stats
from .store import SavedMatch, Store

__all__ = [
    "DIFFICULTIES",
    "PACES",
    "Backend",
    "FileBackend",
    "LocalStorageBackend",
    "MemoryBackend",
    "SavedMatch",
    "Settings",
    "Stats",
    "StorageError",
    "StorageFull",
    "StorageUnavailable",
    "Store",
    "default_backend",
]
