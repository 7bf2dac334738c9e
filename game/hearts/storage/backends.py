"""Where saves live: a file per key on the desktop, ``localStorage`` in the browser, a dict in tests.

A backend stores text under a key and nothing more. Each ``set`` is all or nothing: the old value
stays until the new one is completely written. Failures come out as ``StorageFull`` (no room) or
``StorageUnavailable`` (refused: private browsing, no permission, a read-only folder) and never as
anything else, so the ``Store`` above can turn them into sentences for the player.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import importlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Final, Protocol, runtime_checkable


class StorageError(Exception):
    """Storage did not do what was asked."""


class StorageFull(StorageError):
    """There is no room left (the browser's quota, a full disk)."""


class StorageUnavailable(StorageError):
    """Storage refuses to work at all (private browsing, no permission, a read-only folder)."""


@runtime_checkable
class Backend(Protocol):
    """Text under keys: ``set`` replaces a value whole or not at all."""

    def get(self, key: str) -> str | None:
        """The value under ``key``, or None when there is none."""
        ...

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing the old value only once the new one is in."""
        ...

    def remove(self, key: str) -> None:
        """Forget ``key``; forgetting a key that is not there is not an error."""
        ...


class MemoryBackend:
    """A dict, for tests and as the stand-in when no real storage can be had.

    ``quota`` limits the characters of all keys and values together, the way the browser counts;
    ``refuse`` makes every call raise ``StorageUnavailable``. Both may be changed at any time.
    ``fallback_reason``, when given, is the sentence that tells the player why nothing will be kept.
    """

    def __init__(
        self, quota: int | None = None, refuse: bool = False, *, fallback_reason: str | None = None
    ) -> None:
        self.quota = quota
        self.refuse = refuse
        self.fallback_reason = fallback_reason
        self.data: dict[str, str] = {}

    @property
    def is_fallback(self) -> bool:
        """Standing in for storage that could not be had, so nothing outlives this session."""
        return self.fallback_reason is not None

    def used(self) -> int:
        """Characters in use, keys included."""
        return sum(len(key) + len(value) for key, value in self.data.items())

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            old = self.data.get(key)
            freed = 0 if old is None else len(key) + len(old)
            needed = self.used() - freed + len(key) + len(value)
            if needed > self.quota:
                raise StorageFull(f"{needed:,} characters would exceed the quota of {self.quota:,}")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def _check(self) -> None:
        if self.refuse:
            raise StorageUnavailable("this storage refuses every request")


# Files ------------------------------------------------------------------------------------

_SAFE_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_.")
_MAX_NAME: Final = 120
_FULL_ERRNOS: Final = frozenset(
    code for code in (errno.ENOSPC, getattr(errno, "EDQUOT", None)) if code is not None
)


def file_name_for(key: str) -> str:
    """The file name that holds ``key``: safe on every file system, and never the same for two keys.

    Lower-case letters, digits, ``-``, ``_`` and ``.`` stay; every other byte of the UTF-8 text
    becomes ``%XX`` (upper-case hex). So the name is fine on a case-insensitive disk, holds no
    separator, and a leading dot (a hidden file, ``.`` or ``..``) is escaped too. Temporary files
    start with a dot, so they never clash with a key's file. An over-long key is cut and given a
    hash of the whole key; ``~`` marks such names and never appears in an escaped one.
    """
    parts: list[str] = []
    for index, char in enumerate(key):
        if char in _SAFE_CHARS and not (index == 0 and char == "."):
            parts.append(char)
        else:
            parts.extend(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))
    name = "".join(parts) or "%"
    if len(name) > _MAX_NAME:
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        name = f"{name[: _MAX_NAME - 17]}~{digest}"
    return name


def _storage_error(error: OSError, doing: str) -> StorageError:
    if error.errno in _FULL_ERRNOS:
        return StorageFull(f"no room to {doing}: {error}")
    return StorageUnavailable(f"cannot {doing}: {error}")


class FileBackend:
    """One file per key in ``directory``, written beside the old one and then switched into place.

    ``set`` writes a temporary file in the same folder, flushes it to the disk and renames it over
    the key's file (``os.replace`` is atomic), so a crash leaves the old value or the new one, never
    half of either. A full disk raises ``StorageFull``; any other failure ``StorageUnavailable``.
    """

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _storage_error(error, f"create the folder {self.directory}") from error
        if not self.directory.is_dir():
            raise StorageUnavailable(f"{self.directory} is not a folder")

    def path_for(self, key: str) -> Path:
        return self.directory / file_name_for(key)

    def get(self, key: str) -> str | None:
        try:
            data = self.path_for(key).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise _storage_error(error, f"read {key!r}") from error
        try:
            return data.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            # Not text we wrote; hand it on (damaged) for the Store to set aside and report, with the
            # bad bytes kept as escapes so the copy set aside holds exactly the bytes that were here.
            return data.decode("utf-8", "surrogateescape")

    def set(self, key: str, value: str) -> None:
        target = self.path_for(key)
        try:
            data = value.encode("utf-8", "surrogateescape")  # gives back bytes a damaged file held
        except UnicodeEncodeError:
            data = value.encode("utf-8", "surrogatepass")
        temporary: str | None = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(
                prefix=f".{target.name[:40]}.", suffix=".tmp", dir=self.directory
            )
            with os.fdopen(handle, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
            temporary = None
        except OSError as error:
            raise _storage_error(error, f"save {key!r}") from error
        finally:
            if temporary is not None:
                _remove_quietly(temporary)
        self._sync_directory()

    def remove(self, key: str) -> None:
        try:
            self.path_for(key).unlink(missing_ok=True)
        except OSError as error:
            raise _storage_error(error, f"remove {key!r}") from error
        self._sync_directory()

    def _sync_directory(self) -> None:
        """Make the rename itself durable where the system allows it."""
        try:
            handle = os.open(self.directory, os.O_RDONLY)
        except OSError:
            return  # Windows and some file systems cannot open a folder; the rename is still atomic
        try:
            with contextlib.suppress(OSError):
                os.fsync(handle)
        finally:
            os.close(handle)


def _remove_quietly(path: str) -> None:
    with contextlib.suppress(OSError):
        os.remove(path)


# The browser ------------------------------------------------------------------------------

_NULLISH: Final = frozenset({"null", "undefined"})


class LocalStorageBackend:
    """The browser's ``localStorage`` (or any object with ``getItem``, ``setItem`` and ``removeItem``).

    ``setItem`` replaces a value whole or throws, so a save is never half-written. A thrown
    ``QuotaExceededError`` (recognised by "quota" in its name or message) becomes ``StorageFull``;
    ``SecurityError`` and anything else become ``StorageUnavailable``, as does failing to reach
    ``localStorage`` at all (some browsers throw on merely reading it in private mode).

    With ``verify`` (the default) each value is read back after it is set: a bridge between Python
    and JavaScript that swallowed the browser's exception must not pass for a save that worked.
    """

    def __init__(self, storage: object | None = None, *, verify: bool = True) -> None:
        self._storage: Any = _browser_local_storage() if storage is None else storage
        self.verify = verify

    def get(self, key: str) -> str | None:
        try:
            value = self._storage.getItem(key)
        except Exception as error:
            raise _js_error(error, f"read {key!r}") from None
        return _text_or_none(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._storage.setItem(key, value)
        except Exception as error:
            raise _js_error(error, f"save {key!r}") from None
        if self.verify and self.get(key) != value:
            raise StorageUnavailable(f"the browser did not keep {key!r}")

    def remove(self, key: str) -> None:
        try:
            self._storage.removeItem(key)
        except Exception as error:
            raise _js_error(error, f"remove {key!r}") from None


def in_browser() -> bool:
    """Running as WebAssembly in a page (pygbag, Pyodide)."""
    return sys.platform == "emscripten"


def _browser_local_storage() -> object:
    """``window.localStorage`` through pygbag's ``platform.window`` (or Pyodide's ``js``)."""
    if not in_browser():
        raise StorageUnavailable("there is no browser here, so no localStorage")
    try:
        window = getattr(importlib.import_module("platform"), "window", None)
        if window is None:
            window = importlib.import_module("js")
        storage = window.localStorage
    except Exception as error:
        raise StorageUnavailable(f"the browser refuses localStorage: {_describe(error)}") from None
    if storage is None or _is_nullish(storage):
        raise StorageUnavailable("the browser has no localStorage")
    return storage


def _text_or_none(value: object) -> str | None:
    """``getItem``'s answer as text: JS ``null`` may arrive as None or as a proxy that prints "null"."""
    if value is None or isinstance(value, str):
        return value
    if _is_nullish(value):
        return None
    try:
        # A JS string that came through as a proxy; our values are JSON, never "null".
        return str(value)
    except Exception:
        return None


def _is_nullish(value: object) -> bool:
    try:
        if getattr(value, "typeof", None) == "undefined":
            return True
        return str(value) in _NULLISH
    except Exception:
        return False


def _describe(error: BaseException) -> str:
    """The name and message of an exception, JS or Python, as well as they can be had."""
    parts = [type(error).__name__]
    for attribute in ("name", "message"):
        try:
            part = getattr(error, attribute, None)
        except Exception:
            part = None
        if isinstance(part, str) and part:
            parts.append(part)
    with contextlib.suppress(Exception):
        parts.append(str(error))
    return ": ".join(dict.fromkeys(part for part in parts if part))


def _js_error(error: Exception, doing: str) -> StorageError:
    description = _describe(error)
    if "quota" in description.lower():
        return StorageFull(f"no room to {doing}: {description}")
    return StorageUnavailable(f"cannot {doing}: {description}")


# Choosing one -----------------------------------------------------------------------------


def data_directory() -> Path:
    """``$HEARTS_DATA_DIR``, else ``$XDG_DATA_HOME/hearts``, else ``~/.local/share/hearts``."""
    explicit = os.environ.get("HEARTS_DATA_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / "hearts"
    return Path.home() / ".local" / "share" / "hearts"


def default_backend() -> Backend:
    """``localStorage`` in the browser, a folder elsewhere; if neither can be had, a memory stand-in
    whose ``fallback_reason`` the ``Store`` shows the player."""
    if in_browser():
        try:
            return LocalStorageBackend()
        except StorageError:
            return MemoryBackend(
                fallback_reason="The browser is refusing storage, so nothing will be saved this time."
            )
    try:
        directory = data_directory()
    except (OSError, RuntimeError):  # no home directory to be found
        return MemoryBackend(
            fallback_reason="There is no folder to save in, so nothing will be saved this time."
        )
    try:
        return FileBackend(directory)
    except StorageError:
        return MemoryBackend(
            fallback_reason=f"The game cannot use the folder {directory}, so nothing will be saved this time."
        )
