"""How the store keeps texts: never raising because of storage, setting damaged texts aside, and never
writing over what another window wrote since this one last looked.

Nothing here raises because of storage: a refused or full backend turns saving off (``saving_off``)
with a sentence in ``problems``, and the game plays on from memory. A text that cannot be read is never
thrown away: it is set aside under ``hearts.damaged.1`` (the newest; at most three are kept) before its
key is cleared, and the player is told.

Two windows may share one storage. Each text written under a key in ``revised_keys`` carries a revision
(``revisions``). A write first reads the stored revision; when it is ahead of the one this keeper last
saw (in the text it last read or wrote, or, for a key not touched yet, what storage held at its first
step), the write is refused, ``stale`` is set and the player told once: a window left behind never
writes an older match over a newer one. A removal is a write too, and leaves a tombstone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..engine import InvalidSave
from .backends import Backend, FileBackend, LocalStorageBackend, MemoryBackend, StorageError, StorageFull
from .revisions import REVISIONS_KEY, stored_revision, tombstones_in, tombstones_text, with_revision
from .saved_match import loads

DAMAGED_PREFIX: Final = "hearts.damaged."
MAX_DAMAGED: Final = 3

SAVING_BACK_ON: Final = "Saving works again."
MOVED_ON: Final = "Hearts moved on in another window, so this window stopped saving."


@dataclass(frozen=True, slots=True)
class Claim:
    """Leave to write a key: what storage holds under it now, and the revision the write carries."""

    text: str | None
    revision: int


class Keeper:
    """Texts under keys of ``backend``, kept as described above; ``Store`` says what the texts are."""

    DAMAGED_PREFIX: Final = DAMAGED_PREFIX
    MAX_DAMAGED: Final = MAX_DAMAGED

    def __init__(self, backend: Backend, revised_keys: tuple[str, ...]) -> None:
        self.backend = backend
        self.saving_off = False
        """True while writes fail; the next write that succeeds turns it off again."""
        self.stale = False
        """True once another window wrote since this store last looked: every write is refused until
        ``resync``."""
        self.problems: list[str] = []
        """Sentences for the player, oldest first; the UI shows them and calls ``take_problems``."""
        self._revised_keys = revised_keys
        self._known: dict[str, int] | None = None
        """The revision last seen under each key of ``revised_keys`` (None until the first step)."""
        # A stand-in for storage that could not be had keeps nothing past this visit, so saving
        # stays off however well its writes go.
        self._keeps_nothing = False
        if isinstance(backend, MemoryBackend) and backend.fallback_reason is not None:
            self._keeps_nothing = self.saving_off = True
            self._tell(backend.fallback_reason)

    def take_problems(self) -> list[str]:
        """The sentences gathered so far, which are then forgotten."""
        problems, self.problems = self.problems, []
        return problems

    def resync(self) -> None:
        """Forget the revisions seen and ``stale``: the next step takes what storage holds."""
        self._known = None
        self.stale = False

    # Set-aside texts -----------------------------------------------------------------------

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

    # Reading and writing -------------------------------------------------------------------

    def _tell(self, sentence: str) -> None:
        if sentence not in self.problems:
            self.problems.append(sentence)

    def _known_revisions(self) -> dict[str, int]:
        """The revision last seen under each key. The first step takes what storage holds, so a window
        loaded before another one writes is behind from then on. Storage that cannot be read gives
        nothing to compare with (tried again at the next step)."""
        if self._known is None:
            backend = self.backend
            try:
                tombstones = tombstones_in(backend.get(REVISIONS_KEY))
                self._known = {
                    key: stored_revision(backend.get(key), tombstones.get(key, 0))
                    for key in self._revised_keys
                }
            except Exception:
                return {}
        return self._known

    def _stored(self, key: str) -> tuple[str | None, int]:
        """The text under ``key`` and its stored revision; raises what storage raises."""
        text = self.backend.get(key)
        if text is not None:
            return text, stored_revision(text, 0)
        return None, tombstones_in(self.backend.get(REVISIONS_KEY)).get(key, 0)

    def _read(self, key: str) -> str | None:
        """The text under ``key`` (None when there is none, or storage failed); for a revised key, its
        revision is the one seen from now on."""
        if key not in self._revised_keys:  # (a set-aside copy, say: no revision to take)
            try:
                return self.backend.get(key)
            except Exception as error:
                self._failed(error, "this match")
                return None
        known = self._known_revisions()
        try:
            text, known[key] = self._stored(key)
        except Exception as error:
            self._failed(error, "this match")
            return None
        return text

    def _claim(self, key: str) -> Claim | None:
        """Leave to write ``key``, or None (the player told once) when another window wrote it after
        this keeper last looked, or this keeper is behind already."""
        if self.stale:
            return None
        known = self._known_revisions()
        try:
            text, stored = self._stored(key)
        except Exception:
            # Storage that cannot be read cannot say; the write tries, and fails as it always did.
            return Claim(None, known.get(key, 0) + 1)
        seen = known.get(key, stored)
        if stored > seen:
            self.stale = True
            self._tell(MOVED_ON)
            return None
        # Past both: a key set aside (or emptied by hand) since then never takes a revision back.
        return Claim(text, max(stored, seen) + 1)

    def _write(self, key: str, text: str, what: str) -> bool:
        """Write ``text`` (a JSON object) under ``key`` if no other window wrote it since; False when
        refused or storage failed (``what`` names it for the player)."""
        claim = self._claim(key)
        return claim is not None and self._put(key, text, claim.revision, what)

    def _put(self, key: str, text: str, revision: int, what: str) -> bool:
        """Write ``text`` under ``key`` with ``revision`` first in it."""
        try:
            self.backend.set(key, with_revision(text, revision))
        except Exception as error:
            self._failed(error, what)
            return False
        if self._known is not None:
            self._known[key] = revision
        if self.saving_off and not self._keeps_nothing:
            self.saving_off = False
            self._tell(SAVING_BACK_ON)
        return True

    def _remove(self, key: str, what: str) -> bool:
        """Remove ``key`` if no other window wrote it since, leaving its tombstone first so a window
        behind cannot bring the text back."""
        claim = self._claim(key)
        if claim is None:
            return False
        backend = self.backend
        try:
            tombstones = tombstones_in(backend.get(REVISIONS_KEY))
            tombstones[key] = claim.revision
            try:
                backend.set(REVISIONS_KEY, tombstones_text(tombstones))
            except StorageFull:
                # No room even for the tombstone: the removal makes room for it.
                backend.remove(key)
                backend.set(REVISIONS_KEY, tombstones_text(tombstones))
            backend.remove(key)
        except Exception as error:
            self._failed(error, what)
            return False
        if self._known is not None:
            self._known[key] = claim.revision
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

    # Damaged texts -------------------------------------------------------------------------

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
        clear ``key``. If that fails, ``key`` is left as it is and the player told so. Not a write of
        the player's: no revision is checked or left behind."""
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
