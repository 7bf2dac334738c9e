"""One live table: of the windows that share the game's storage, at most one plays at a time.

Players open the game twice without meaning to (the installed app and a tab, a restored tab, two desktop
windows over one data folder). Only the live window plays and saves; any other shows "Hearts is open in
another window" with "Play here", which takes the table over: the other window stops, and this one reads
the freshest save before its first move.

Who has the table is decided by a ``LiveTable``: the page's (``web/live.js``: the Web Locks API, else a
lease in ``localStorage``) in the browser, a lease file in the data folder on the desktop (``FolderTable``),
or nobody else at all (``AlwaysLive``). The game follows it a frame at a time through a ``TableKeeper``,
which says when to stop and when to open afresh. Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, Protocol

from . import page

LEASE_FILE: Final = "live.lock"
"""The lease's file in the data folder (no key of the store is named so)."""
CHECK_SECONDS: Final = 0.5
"""How often a desktop window looks at the lease: how soon it sees another window take the table."""
RENEW_SECONDS: Final = 1.0
"""How often the live window renews its lease."""
EXPIRY_SECONDS: Final = 6.0
"""A lease not renewed for this long is a window that stopped without saying so (a crash): free."""


@dataclass(frozen=True, slots=True)
class Presence:
    """Whether this window has the table, and how many times it has taken it (``generation``): a new
    generation means the other windows may have played on since this one last read the saves."""

    live: bool
    generation: int


class LiveTable(Protocol):
    """Who has the table, as seen from this window."""

    def presence(self) -> Presence:
        """Called every frame: cheap, never raises."""
        ...

    def claim(self) -> None:
        """Take the table ("Play here"): the window that had it stops."""
        ...

    def release(self) -> None:
        """Give the table up (the window closes), so a waiting window can have it."""
        ...


class AlwaysLive:
    """No other window can share this storage (tests, storage in memory, a page without the protocol)."""

    def presence(self) -> Presence:
        return Presence(True, 1)

    def claim(self) -> None:
        pass

    def release(self) -> None:
        pass


class PageTable:
    """The page's protocol (``window.hearts.live``); live whenever the page cannot say (an older page)."""

    def presence(self) -> Presence:
        state = page.live_state()
        return Presence(True, 1) if state is None else Presence(*state)

    def claim(self) -> None:
        page.claim_table()

    def release(self) -> None:
        pass  # the page lets the table go as it closes (the lock dies with it)


class FolderTable:
    """Windows sharing a data folder, by a lease file in it: ``{"id": …, "at": seconds since the epoch}``.

    The live window renews its lease every second; a window whose lease another has replaced stops at
    its next look (every half second). A lease left by a window that stopped without removing it (a crash)
    expires after a few seconds. Two windows starting at once may both think themselves live for one look;
    the saves' revisions refuse the stale one's writes meanwhile. Any failure of the file system counts as
    live: a broken folder must never stop the game (saving reports its own trouble)."""

    def __init__(self, directory: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(directory) / LEASE_FILE
        self.clock = clock
        self.id = secrets.token_hex(8)
        self._live = False
        self._generation = 0
        self._checked_at: float | None = None
        self._renewed_at = 0.0
        self._look(self.clock())

    def presence(self) -> Presence:
        now = self.clock()
        if self._checked_at is None or now - self._checked_at >= CHECK_SECONDS:
            self._look(now)
        return Presence(self._live, self._generation)

    def claim(self) -> None:
        now = self.clock()
        self._write(now)
        self._checked_at = now
        self._become(live=True)

    def release(self) -> None:
        if self._live and self._holder() == self.id:
            with contextlib.suppress(OSError):
                self.path.unlink()
        self._live = False

    def _look(self, now: float) -> None:
        self._checked_at = now
        lease = self._read()
        if lease is None or lease[0] == self.id or now - lease[1] > EXPIRY_SECONDS or lease[1] > now + 60:
            # Ours, free, or abandoned (a clock set far ahead counts as abandoned too): take or renew it.
            if lease is None or lease[0] != self.id or now - self._renewed_at >= RENEW_SECONDS:
                self._write(now)
                if lease is None or lease[0] != self.id:
                    taken = self._read()  # a window that wrote at the same moment wins if it wrote last
                    if taken is not None and taken[0] != self.id:
                        self._become(live=False)
                        return
            self._become(live=True)
        else:
            self._become(live=False)

    def _become(self, *, live: bool) -> None:
        if live and not self._live:
            self._generation += 1
        self._live = live

    def _holder(self) -> str | None:
        lease = self._read()
        return None if lease is None else lease[0]

    def _read(self) -> tuple[str, float] | None:
        """The lease's holder and time; None when there is none or it cannot be read (a free table)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        holder, at = data.get("id"), data.get("at")
        if not isinstance(holder, str) or isinstance(at, bool) or not isinstance(at, int | float):
            return None
        return holder, float(at)

    def _write(self, now: float) -> None:
        """Write the lease as this window's, whole (a temporary file renamed over it)."""
        self._renewed_at = now
        temporary: str | None = None
        try:
            handle, temporary = tempfile.mkstemp(prefix=".live.", suffix=".tmp", dir=self.path.parent)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump({"id": self.id, "at": now}, file)
            os.replace(temporary, self.path)
            temporary = None
        except OSError:
            pass  # a folder that cannot be written: nobody else can take the table through it either
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.remove(temporary)


Change = Literal["elsewhere", "moved_on", "back"]


class TableKeeper:
    """The game's side of one live table, checked once a frame: "elsewhere" when this window must stop
    because another has the table, "moved_on" when a save of this window's was refused as behind the stored
    one (another window played on), "back" when it has the table again and must open afresh from storage."""

    def __init__(self, table: LiveTable | None = None) -> None:
        self.table: LiveTable = table if table is not None else AlwaysLive()
        first = self.table.presence()
        self.away = not first.live
        self._generation = first.generation
        self._claimed = False

    def claim(self) -> None:
        """ "Play here": take the table; the next ``check`` answers "back" once it is this window's."""
        self._claimed = True
        self.table.claim()

    def release(self) -> None:
        self.table.release()

    def check(self, stale: bool = False) -> Change | None:
        """What changed since the last frame: ``stale`` when a save was refused as behind the stored one."""
        presence = self.table.presence()
        if not self.away:
            if not presence.live or stale:
                self.away = True
                self._claimed = False
                return "elsewhere" if not presence.live else "moved_on"
            if presence.generation != self._generation:  # lost and taken back between two looks
                self._generation = presence.generation
                return "back"
            return None
        if presence.live and (presence.generation != self._generation or self._claimed):
            self.away = False
            self._claimed = False
            self._generation = presence.generation
            return "back"
        return None


def table_for(folder: Path | None) -> LiveTable:
    """The page's protocol in the browser, a lease in ``folder`` on the desktop, else nobody else."""
    if page.is_live():
        return PageTable()
    return AlwaysLive() if folder is None else FolderTable(folder)


# Answers for a table with friends ----------------------------------------------------------------------
#
# A friend's answer link opened in another tab of the host's browser belongs to the tab that holds the
# table: the page carries it there on a channel between its tabs (``web/live.js``). Natively there are no
# tabs: nothing is passed and nothing arrives.


def _live() -> Any | None:
    found = page.page_object()
    if found is None:
        return None
    with contextlib.suppress(Exception):
        live = found.live
        if live is not None and getattr(live, "typeof", "") != "undefined":
            return live
    return None


def pass_answer(text: str) -> str | None:
    """Send ``text`` (an answer link) to the other tabs; an id to ask ``is_taken`` about, or None when
    this page cannot pass it on (natively, an older page)."""
    live = _live()
    if live is None:
        return None
    try:
        return str(live.passAnswer(text))
    except Exception:
        return None


def is_taken(passed: str) -> bool:
    """Whether a tab that holds a table with friends took the answer sent as ``passed``."""
    live = _live()
    if live is None:
        return False
    try:
        return str(live.isTaken(passed)).lower() == "true"
    except Exception:
        return False


def listen_for_answers(listening: bool) -> None:
    """Say whether this page holds a table with friends, so that answers sent from other tabs come here."""
    live = _live()
    if live is not None:
        with contextlib.suppress(Exception):
            live.listen(listening)


def take_answers() -> list[str]:
    """The answers other tabs sent here (or this page's address took) since the last call, oldest first."""
    live = _live()
    if live is None:
        return []
    try:
        said = str(live.takeAnswers())
        if said == "[]":
            return []
        found = json.loads(said)
    except Exception:
        return []
    return [text for text in found if isinstance(text, str)] if isinstance(found, list) else []
