"""The backends: one contract for all three, then what each does when storage says no."""

from __future__ import annotations

import errno
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.storage import (
    Backend,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    StorageFull,
    StorageUnavailable,
    default_backend,
)
from hearts.storage.backends import file_name_for

from .helpers import FakeLocalStorage, JsError, JsNull

MakeBackend = Callable[[Path], Backend]
BACKENDS: dict[str, MakeBackend] = {
    "memory": lambda _: MemoryBackend(),
    "file": lambda directory: FileBackend(directory / "saves"),
    "local_storage": lambda _: LocalStorageBackend(FakeLocalStorage()),
}
VALUES = ["", "plain", '{"json": [1, 2, 3]}', "Q♠ 10♥ — “quotes”\nand a new line", "🂡" * 50, "x" * 200_000]


@pytest.fixture(params=sorted(BACKENDS))
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return BACKENDS[request.param](tmp_path)


def test_every_backend_is_a_backend(backend: Backend) -> None:
    assert isinstance(backend, Backend)


def test_a_missing_key_is_none(backend: Backend) -> None:
    assert backend.get("hearts.match") is None


@pytest.mark.parametrize("value", VALUES, ids=["empty", "plain", "json", "unicode", "astral", "long"])
def test_what_is_set_is_got_back(backend: Backend, value: str) -> None:
    backend.set("hearts.match", value)
    assert backend.get("hearts.match") == value
    assert backend.get("hearts.settings") is None


def test_set_replaces_and_remove_forgets(backend: Backend) -> None:
    backend.set("hearts.match", "old")
    backend.set("hearts.stats", "other")
    backend.set("hearts.match", "new")
    assert backend.get("hearts.match") == "new"
    backend.remove("hearts.match")
    backend.remove("hearts.match")  # a second time is no error
    assert backend.get("hearts.match") is None
    assert backend.get("hearts.stats") == "other"


def test_keys_that_are_awkward_as_file_names_stay_apart(backend: Backend) -> None:
    keys = ["a", "A", "../a", "a/b", ".", "..", ".a", "%61", "a b", "", "é", "CON", "x" * 400, "x" * 401]
    for index, key in enumerate(keys):
        backend.set(key, str(index))
    assert [backend.get(key) for key in keys] == [str(index) for index in range(len(keys))]


# Memory ------------------------------------------------------------------------------------


def test_memory_quota_refuses_a_write_that_does_not_fit_and_keeps_the_old_value() -> None:
    backend = MemoryBackend(quota=30)
    backend.set("key", "x" * 20)  # 23 characters with the key
    with pytest.raises(StorageFull):
        backend.set("key2", "y" * 4)  # 23 + 8 > 30
    backend.set("key", "z" * 27)  # replacing frees the old value first: exactly 30
    with pytest.raises(StorageFull):
        backend.set("key", "z" * 28)
    assert backend.get("key") == "z" * 27 and backend.get("key2") is None


def test_a_refusing_memory_backend_refuses_everything() -> None:
    backend = MemoryBackend(refuse=True)
    for call in (lambda: backend.get("k"), lambda: backend.set("k", "v"), lambda: backend.remove("k")):
        with pytest.raises(StorageUnavailable):
            call()
    backend.refuse = False
    backend.set("k", "v")
    assert backend.get("k") == "v"


# Files -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("hearts.match", "hearts.match"),
        ("hearts.damaged.1", "hearts.damaged.1"),
        ("../etc", "%2E.%2Fetc"),
        (".", "%2E"),
        ("Hearts", "%48earts"),
        ("a b%", "a%20b%25"),
        ("♠", "%E2%99%A0"),
        ("", "%"),
    ],
)
def test_file_names_are_escaped_keys(key: str, name: str) -> None:
    assert file_name_for(key) == name


@given(st.text(max_size=300), st.text(max_size=300))
def test_file_names_are_safe_and_never_shared(first: str, second: str) -> None:
    for key in (first, second):
        name = file_name_for(key)
        assert 0 < len(name) <= 120
        assert not name.startswith(".") and "/" not in name and "\\" not in name and "\0" not in name
    if first != second:
        # Case-insensitive disks fold names, so they must differ even when folded.
        assert file_name_for(first).lower() != file_name_for(second).lower()


def test_a_file_backend_keeps_values_across_instances(tmp_path: Path) -> None:
    FileBackend(tmp_path / "deep" / "folder").set("hearts.match", "saved")
    assert FileBackend(tmp_path / "deep" / "folder").get("hearts.match") == "saved"
    assert sorted(path.name for path in (tmp_path / "deep" / "folder").iterdir()) == ["hearts.match"]


def test_a_folder_that_is_a_file_is_unavailable(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("not a folder")
    with pytest.raises(StorageUnavailable):
        FileBackend(tmp_path / "taken")


def test_a_file_that_is_not_utf8_is_read_as_damaged_text_and_written_back_unchanged(tmp_path: Path) -> None:
    backend = FileBackend(tmp_path)
    backend.path_for("hearts.match").write_bytes(b'{"format":\xff\xfe}')
    text = backend.get("hearts.match")
    assert text == '{"format":\udcff\udcfe}'
    backend.set("copy", text)
    assert backend.path_for("copy").read_bytes() == b'{"format":\xff\xfe}'


@pytest.mark.parametrize(
    ("code", "error"),
    [(errno.ENOSPC, StorageFull), (errno.EACCES, StorageUnavailable), (errno.EROFS, StorageUnavailable)]
    + ([(errno.EDQUOT, StorageFull)] if hasattr(errno, "EDQUOT") else []),
)
@pytest.mark.parametrize("step", ["write", "replace"])
def test_a_failed_file_write_keeps_the_old_value_and_leaves_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, error: type[Exception], step: str
) -> None:
    backend = FileBackend(tmp_path)
    backend.set("hearts.match", "old")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    if step == "write":
        monkeypatch.setattr(os, "fsync", fail)  # the data is written, but cannot reach the disk
    else:
        monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(error):
        backend.set("hearts.match", "new")
    monkeypatch.undo()
    assert backend.get("hearts.match") == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["hearts.match"]


def test_a_file_that_cannot_be_read_is_unavailable(tmp_path: Path) -> None:
    backend = FileBackend(tmp_path)
    backend.path_for("hearts.match").mkdir()  # a folder where the file should be
    with pytest.raises(StorageUnavailable):
        backend.get("hearts.match")


@pytest.mark.native
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores file modes")
def test_a_read_only_folder_is_unavailable(tmp_path: Path) -> None:  # pragma: no cover - not as root
    backend = FileBackend(tmp_path)
    backend.set("hearts.match", "old")
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StorageUnavailable):
            backend.set("hearts.match", "new")
        assert backend.get("hearts.match") == "old"
    finally:
        tmp_path.chmod(0o700)


# The browser -------------------------------------------------------------------------------


@pytest.mark.parametrize("null", [None, JsNull()], ids=["none", "proxy"])
def test_js_null_from_get_item_is_none(null: object) -> None:
    backend = LocalStorageBackend(FakeLocalStorage(null=null))
    assert backend.get("hearts.match") is None
    backend.set("hearts.match", "null")  # a real string that happens to read "null" is kept
    assert backend.get("hearts.match") == "null"


def test_a_js_string_that_arrives_as_a_proxy_is_text() -> None:
    class JsString:
        def __str__(self) -> str:
            return '{"format":"hearts-save"}'

    storage = FakeLocalStorage()
    storage.items["hearts.match"] = JsString()  # type: ignore[assignment]
    assert LocalStorageBackend(storage).get("hearts.match") == '{"format":"hearts-save"}'


@pytest.mark.parametrize(
    ("thrown", "error"),
    [
        (JsError("QuotaExceededError", "The quota has been exceeded."), StorageFull),
        (JsError("NS_ERROR_DOM_QUOTA_REACHED", "Persistent storage maximum size reached"), StorageFull),
        (JsError("Error", "QuotaExceededError: setItem failed"), StorageFull),
        (Exception("JsException: QuotaExceededError: Failed to execute 'setItem'"), StorageFull),
        (JsError("SecurityError", "The operation is insecure."), StorageUnavailable),
        (TypeError("storage is not a function"), StorageUnavailable),
        (JsError("InvalidStateError"), StorageUnavailable),
    ],
    ids=["quota", "firefox", "in-message", "pyodide", "security", "type", "other"],
)
def test_js_exceptions_become_storage_errors(thrown: Exception, error: type[Exception]) -> None:
    storage = FakeLocalStorage()
    backend = LocalStorageBackend(storage)
    backend.set("hearts.match", "old")
    storage.throw = lambda: thrown
    with pytest.raises(error):
        backend.set("hearts.match", "new")
    with pytest.raises((StorageFull, StorageUnavailable)):
        backend.get("hearts.match")
    with pytest.raises((StorageFull, StorageUnavailable)):
        backend.remove("hearts.match")
    storage.throw = None
    assert backend.get("hearts.match") == "old"


def test_the_local_storage_quota_is_storage_full() -> None:
    backend = LocalStorageBackend(FakeLocalStorage(quota=100))
    backend.set("hearts.match", "x" * 50)
    with pytest.raises(StorageFull):
        backend.set("hearts.match", "x" * 100)
    assert backend.get("hearts.match") == "x" * 50


def test_a_write_the_browser_silently_dropped_is_caught() -> None:
    storage = FakeLocalStorage()
    backend = LocalStorageBackend(storage)
    backend.set("hearts.match", "old")
    storage.ignore_writes = True
    with pytest.raises(StorageUnavailable):
        backend.set("hearts.match", "new")
    LocalStorageBackend(storage, verify=False).set("hearts.match", "new")  # trusted blindly
    assert backend.get("hearts.match") == "old"


class Window:
    """``platform.window`` as pygbag provides it, with a ``localStorage`` that may throw."""

    def __init__(self, storage: object = None, thrown: Exception | None = None) -> None:
        self._storage = storage
        self._thrown = thrown

    @property
    def localStorage(self) -> object:  # noqa: N802 - the JavaScript name
        if self._thrown is not None:
            raise self._thrown
        return self._storage


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Callable[[Window], None]:
    """Pretend to run under pygbag with the given window."""

    def enter(window: Window) -> None:
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setattr(platform, "window", window, raising=False)

    return enter


def test_in_the_browser_the_default_is_local_storage(browser: Callable[[Window], None]) -> None:
    storage = FakeLocalStorage()
    browser(Window(storage))
    backend = default_backend()
    assert isinstance(backend, LocalStorageBackend)
    backend.set("hearts.match", "saved")
    assert storage.items == {"hearts.match": "saved"}


@pytest.mark.parametrize(
    "window",
    [Window(thrown=JsError("SecurityError", "The operation is insecure.")), Window(None), Window(JsNull())],
    ids=["throws", "none", "null"],
)
def test_a_browser_that_refuses_local_storage_gets_a_stand_in(
    browser: Callable[[Window], None], window: Window
) -> None:
    browser(window)
    with pytest.raises(StorageUnavailable):
        LocalStorageBackend()
    backend = default_backend()
    assert isinstance(backend, MemoryBackend) and backend.is_fallback
    assert backend.fallback_reason is not None and "refusing storage" in backend.fallback_reason


def test_outside_the_browser_there_is_no_local_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(StorageUnavailable):
        LocalStorageBackend()


# Choosing the folder -----------------------------------------------------------------------


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("HEARTS_DATA_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return monkeypatch


@pytest.mark.parametrize(
    ("hearts_dir", "xdg", "expected"),
    [
        ("explicit", "xdg", "explicit"),
        ("", "xdg", "xdg/hearts"),
        (None, "xdg", "xdg/hearts"),
        (None, None, "home/.local/share/hearts"),
    ],
)
def test_the_desktop_folder_comes_from_the_environment(
    desktop: pytest.MonkeyPatch, tmp_path: Path, hearts_dir: str | None, xdg: str | None, expected: str
) -> None:
    if hearts_dir is not None:
        desktop.setenv("HEARTS_DATA_DIR", str(tmp_path / hearts_dir) if hearts_dir else "")
    if xdg is not None:
        desktop.setenv("XDG_DATA_HOME", str(tmp_path / xdg))
    backend = default_backend()
    assert isinstance(backend, FileBackend)
    assert backend.directory == tmp_path / expected
    backend.set("hearts.settings", "{}")
    assert (tmp_path / expected / "hearts.settings").read_text() == "{}"


def test_an_unusable_desktop_folder_gets_a_stand_in(desktop: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    desktop.setenv("HEARTS_DATA_DIR", str(tmp_path / "file"))
    backend = default_backend()
    assert isinstance(backend, MemoryBackend) and backend.is_fallback
    assert str(tmp_path / "file") in (backend.fallback_reason or "")
