"""Your match and statistics carried to another device as one file, and read back there.

An export is one JSON text::

    {"format": "hearts.transfer", "version": 1, "checksum": SHA256, "data": {KEY: TEXT, ...}}

``data`` holds, under the store's own keys, the very texts the store keeps: the match in progress, the
practice hand, the settings, the statistics, the daily records and the daily attempt in progress (each
only when there is one). ``checksum`` is the SHA-256 (hex) of ``data`` as canonical JSON (keys sorted,
no spaces, ASCII), so a file cut or edited by hand is refused, not half-read. Every part must be one the
``Store`` reads without a complaint, or the whole file is refused (``InvalidTransfer``, whose text is a
sentence for the player). An import replaces exactly: the keys the file does not hold are removed, and
if storage fails part-way, the texts that were there before are put back. Each part is written with a
revision above both its own and the one stored, and each key removed leaves a tombstone, so every other
window open on this storage is behind afterwards and cannot write the old state back (``revisions``).

    python -m hearts.transfer export FILE
    python -m hearts.transfer import FILE [--yes]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .engine import HeartsError, Seat, record
from .storage.backends import Backend, FileBackend, MemoryBackend, StorageError, data_directory
from .storage.daily import ATTEMPT_KEY, DAILY_KEY
from .storage.revisions import (
    REVISIONS_KEY,
    revision_of,
    stored_revision,
    tombstones_in,
    tombstones_text,
    with_revision,
)
from .storage.store import MATCH_KEY, PRACTICE_KEY, SETTINGS_KEY, STATS_KEY, Store

FORMAT: Final = "hearts.transfer"
VERSION: Final = 1
KEYS: Final = (MATCH_KEY, PRACTICE_KEY, SETTINGS_KEY, STATS_KEY, DAILY_KEY, ATTEMPT_KEY)
"""The store's keys an export carries, in the order it lists them (set-aside damaged saves stay home)."""
MAX_TEXT: Final = 6 * (record.MAX_CHARS + 20_000)
"""Longer text is refused before it is parsed: six parts, each no longer than a save may be."""
_MAX_DEPTH: Final = record.MAX_DEPTH + 3

NOT_OURS: Final = "This file is not a Hearts export, so nothing was changed."
NEWER: Final = (
    "This file was made by a newer version of Hearts, so this version cannot read it. "
    "Update Hearts and try again."
)
DAMAGED: Final = "This file is damaged (it was cut short or changed), so nothing was changed."
PART_UNREADABLE: Final = "Part of this file cannot be read ({what}), so nothing was changed."
IMPORT_FAILED: Final = "Storage refused the import, so everything was put back as it was."
NOTHING_SAVED: Final = "nothing saved"
"""What ``describe`` says of no saved text at all."""

_WHAT: Final = {
    MATCH_KEY: "the match",
    PRACTICE_KEY: "the practice hand",
    SETTINGS_KEY: "the settings",
    STATS_KEY: "the statistics",
    DAILY_KEY: "the daily results",
    ATTEMPT_KEY: "the daily deal in progress",
}


class TransferError(HeartsError):
    """An export or an import did not happen; the text is a sentence for the player."""


class InvalidTransfer(TransferError, ValueError):
    """A text that is not an export this version can read whole."""


class ImportFailed(TransferError):
    """Storage failed during an import; what was there before has been put back where it could be."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """The parts of an export: each of the store's keys it holds with the text kept under it, in
    ``KEYS`` order."""

    parts: tuple[tuple[str, str], ...]

    @property
    def texts(self) -> dict[str, str]:
        """The parts by key."""
        return dict(self.parts)

    def summary(self) -> str:
        """What the parts hold, in words ("a match at hand 6 (you on 41), 41 finished matches and 23 daily
        results")."""
        return describe(self.texts)


def canonical(data: Mapping[str, str]) -> str:
    """``data`` as the one JSON text its checksum is taken of."""
    return json.dumps(dict(data), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def checksum(data: Mapping[str, str]) -> str:
    """The SHA-256, in hex, of ``data``'s canonical JSON."""
    return hashlib.sha256(canonical(data).encode("ascii")).hexdigest()


def stored_texts(backend: Backend) -> dict[str, str]:
    """The texts ``backend`` keeps under ``KEYS``, as they are; ``StorageError`` if it refuses."""
    texts: dict[str, str] = {}
    for key in KEYS:
        text = backend.get(key)
        if text is not None:
            texts[key] = text
    return texts


def export_text(store: Store) -> str:
    """Everything ``store`` keeps for the player as one export text. A part the game itself could not
    read (it would set it aside at the next start) is left out, so every export can be imported.
    Raises ``StorageError`` when storage refuses to be read."""
    data = {key: text for key, text in stored_texts(store.backend).items() if _readable(key, text)}
    envelope: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "checksum": checksum(data),
        "data": data,
    }
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=True)


def read_export(text: object) -> Transfer:
    """The parts of an export text; ``InvalidTransfer`` (and nothing else) for any text that is not
    one this version can read whole."""
    try:
        return _read_export(text)
    except InvalidTransfer:
        raise
    except Exception:
        raise InvalidTransfer(DAMAGED) from None


def _read_export(text: object) -> Transfer:
    if not isinstance(text, str) or len(text) > MAX_TEXT or record.nesting_depth(text) > _MAX_DEPTH:
        raise InvalidTransfer(NOT_OURS)
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidTransfer(DAMAGED if f'"{FORMAT}"' in text[:200] else NOT_OURS) from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise InvalidTransfer(NOT_OURS)
    version = envelope.get("version")
    if type(version) is not int or version < 1:
        raise InvalidTransfer(DAMAGED)
    if version > VERSION:
        raise InvalidTransfer(NEWER)
    data, stated = envelope.get("data"), envelope.get("checksum")
    if not isinstance(data, dict) or not all(isinstance(value, str) for value in data.values()):
        raise InvalidTransfer(DAMAGED)
    if not isinstance(stated, str) or stated != checksum(data):
        raise InvalidTransfer(DAMAGED)
    if not set(data) <= set(KEYS):
        raise InvalidTransfer(DAMAGED)
    for key in KEYS:
        if key in data and not _readable(key, data[key]):
            raise InvalidTransfer(PART_UNREADABLE.format(what=_WHAT[key]))
    return Transfer(tuple((key, data[key]) for key in KEYS if key in data))


def part_loaders() -> dict[str, Callable[[Store], object]]:
    """How the store reads each part of an export, by its key."""
    return {
        MATCH_KEY: Store.load_match,
        PRACTICE_KEY: Store.load_practice,
        SETTINGS_KEY: Store.load_settings,
        STATS_KEY: Store.load_stats,
        DAILY_KEY: Store.load_daily,
        ATTEMPT_KEY: Store.load_daily_attempt,
    }


def _readable(key: str, text: str) -> bool:
    """The store reads ``text`` under ``key`` without setting it aside or a word to the player."""
    backend = MemoryBackend()
    backend.set(key, text)
    store = Store(backend)
    try:
        part_loaders()[key](store)
    except Exception:
        return False
    return not store.take_problems() and backend.data == {key: text}


def describe(texts: Mapping[str, str]) -> str:
    """What the store's texts hold, in words, read as the game would read them (on a copy, so nothing
    is set aside where they came from)."""
    backend = MemoryBackend()
    backend.data.update({key: texts[key] for key in KEYS if key in texts})
    if not backend.data:
        return NOTHING_SAVED
    store = Store(backend)
    words: list[str] = []
    with contextlib.suppress(Exception):
        saved = store.load_match()
        if saved is not None:
            match = saved.match
            # Your total tells two matches at the same hand apart (this device's and a file's, say).
            yours = f"you on {match.totals[Seat.SOUTH]}"
            at = "a finished match" if match.is_over else f"a match at hand {max(1, match.hand_number)}"
            words.append(f"{at} ({yours})")
    with contextlib.suppress(Exception):
        if store.load_practice() is not None:
            words.append("a practice hand")
    with contextlib.suppress(Exception):
        if store.load_daily_attempt() is not None:
            words.append("a daily deal in progress")
    with contextlib.suppress(Exception):
        words.append(_count(store.load_stats().matches_played, "finished match", "finished matches"))
    with contextlib.suppress(Exception):
        words.append(_count(len(store.load_daily().results), "daily result", "daily results"))
    if SETTINGS_KEY in backend.data:
        words.append("your settings")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count(number: int, one: str, many: str) -> str:
    if number == 0:
        return f"no {many}"
    return f"1 {one}" if number == 1 else f"{number:,} {many}"


def import_into(store: Store, transfer: Transfer) -> None:
    """Make ``store`` keep exactly ``transfer``'s parts: each written, every other key of ``KEYS``
    removed, each with a revision past the stored one (the store is then ``resync``-ed, and every other
    store on this storage is behind). All or nothing: if storage fails part-way, the texts that were
    there are put back and ``ImportFailed`` raised."""
    backend = store.backend
    try:
        before = stored_texts(backend)
        tombstones_before = backend.get(REVISIONS_KEY)
    except Exception:
        raise ImportFailed(IMPORT_FAILED) from None
    tombstones = tombstones_in(tombstones_before)
    wanted = transfer.texts
    revisions = {
        key: max(stored_revision(before.get(key), tombstones.get(key, 0)), revision_of(wanted.get(key))) + 1
        for key in KEYS
    }
    try:
        texts = {key: with_revision(wanted[key], revisions[key]) for key in KEYS if key in wanted}
    except ValueError:
        raise InvalidTransfer(DAMAGED) from None
    removed = {key: revisions[key] for key in KEYS if key not in wanted}
    try:
        if removed:  # tombstones first: a stop before the removals leaves nothing that can go back
            backend.set(REVISIONS_KEY, tombstones_text({**tombstones, **removed}))
        for key, text in texts.items():
            backend.set(key, text)
        for key in removed:
            backend.remove(key)
    except Exception:
        for key, old in [*((key, before.get(key)) for key in KEYS), (REVISIONS_KEY, tombstones_before)]:
            with contextlib.suppress(Exception):
                if old is not None:
                    backend.set(key, old)
                else:
                    backend.remove(key)
        raise ImportFailed(IMPORT_FAILED) from None
    store.resync()


# The command line ---------------------------------------------------------------------------------


def _store() -> Store:
    """The store of the folder the game uses on this computer."""
    return Store(FileBackend(data_directory()))


def main(argv: Sequence[str] | None = None) -> int:
    """``export FILE`` or ``import FILE [--yes]`` on the game's data folder. 0 when done; 2 for a file
    that is refused (nothing changed); 1 when it was not done for another reason."""
    parser = argparse.ArgumentParser(prog="python -m hearts.transfer", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export", help="write your match, settings and statistics to FILE")
    export.add_argument("file", type=Path)
    into = commands.add_parser("import", help="replace them with what FILE holds")
    into.add_argument("file", type=Path)
    into.add_argument("--yes", action="store_true", help="replace without asking")
    arguments = parser.parse_args(argv)
    if arguments.command == "export":
        return _export(arguments.file)
    return _import(arguments.file, arguments.yes)


def _export(path: Path) -> int:
    try:
        store = _store()
        text = export_text(store)
    except (StorageError, OSError) as error:
        print(f"Your saved progress could not be read: {error}", file=sys.stderr)
        return 1
    try:
        path.write_text(text, encoding="ascii")
    except OSError as error:
        print(f"The file could not be written: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {path}, holding {read_export(text).summary()}.")
    return 0


def _import(path: Path, yes: bool) -> int:
    try:
        raw = path.read_bytes()
    except OSError as error:
        print(f"The file could not be read: {error}", file=sys.stderr)
        return 2
    try:
        transfer = read_export(raw.decode("utf-8"))
    except UnicodeDecodeError:
        print(NOT_OURS, file=sys.stderr)
        return 2
    except InvalidTransfer as error:
        print(error, file=sys.stderr)
        return 2
    try:
        store = _store()
        current = describe(stored_texts(store.backend))
    except (StorageError, OSError) as error:
        print(f"Your saved progress could not be read: {error}", file=sys.stderr)
        return 1
    print(f"The file holds {transfer.summary()}.")
    print(f"It would replace {current}.")
    if not yes:
        try:
            answer = input("Replace? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in {"y", "yes"}:
            print("Nothing was changed.")
            return 1
    try:
        import_into(store, transfer)
    except ImportFailed as error:
        print(error, file=sys.stderr)
        return 1
    print("Done.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
