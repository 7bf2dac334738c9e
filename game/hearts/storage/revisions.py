"""Revisions: telling whether storage moved on since a window last looked, when two windows share it.

Every text the store keeps for the player starts with ``{"revision":N,``: a whole number at least 1 that
grows at each write, first in the object so it is read from the text's first few characters. A text
without one (saved by an older version) is revision 0. A key that is removed leaves its revision behind
as a tombstone under ``hearts.revisions``, so a window that missed the removal cannot bring the text
back::

    {"format": "hearts-revisions", "version": 1, "removed": {"hearts.match": 7}}

The stored revision of a key is the one in its text, else its tombstone, else 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ..engine import InvalidSave
from .saved_match import dumps, loads

REVISIONS_KEY: Final = "hearts.revisions"
REVISIONS_FORMAT: Final = "hearts-revisions"
VERSION: Final = 1
MAX_REVISION: Final = 2**53 - 1
"""The largest whole number JavaScript counts exactly; more writes than anyone will ever make."""

_LEADING: Final = re.compile(r'\{"revision":([1-9][0-9]{0,15})(?=[,}])')
_FIELD: Final = '"revision"'


def _valid(value: object) -> int:
    """``value`` as a revision, or 0 when it is not one."""
    return value if type(value) is int and 1 <= value <= MAX_REVISION else 0


def revision_of(text: str | None) -> int:
    """The revision ``text`` carries: its leading field, else a top-level ``revision`` anywhere in it;
    0 for none (an older version's text, damage, or no text at all)."""
    if text is None:
        return 0
    found = _LEADING.match(text)
    if found is not None:
        return _valid(int(found.group(1)))
    if _FIELD not in text:
        return 0
    try:
        data = loads(text)
    except InvalidSave:
        return 0
    return _valid(data.get("revision")) if isinstance(data, dict) else 0


def with_revision(text: str, revision: int) -> str:
    """``text`` (a JSON object) with ``revision`` as its first field, any earlier revision replaced.
    ``ValueError`` when ``text`` is not a JSON object."""
    if not 1 <= revision <= MAX_REVISION:
        raise ValueError(f"a revision is a whole number from 1, not {revision!r}")
    found = _LEADING.match(text)
    if found is not None and _FIELD not in text[found.end() :]:
        return f'{{"revision":{revision}{text[found.end() :]}'
    if text.startswith('{"') and _FIELD not in text:
        return f'{{"revision":{revision},{text[1:]}'
    # Written by another hand (spaces, the field elsewhere): read whole and written again.
    try:
        data = loads(text)
    except InvalidSave:
        raise ValueError(f"not a JSON object: {text[:40]!r}") from None
    if not isinstance(data, dict):
        raise ValueError(f"not a JSON object: {text[:40]!r}")
    data.pop("revision", None)
    return dumps({"revision": revision, **data})


def tombstones_in(text: str | None) -> dict[str, int]:
    """The removed keys' revisions that ``text`` (kept under ``hearts.revisions``) holds; forgiving:
    anything that cannot be read is left out (the next removal writes it whole again)."""
    if text is None:
        return {}
    try:
        data = loads(text)
    except InvalidSave:
        return {}
    removed = data.get("removed") if isinstance(data, dict) else None
    if not isinstance(removed, dict):
        return {}
    return {key: _valid(value) for key, value in removed.items() if _valid(value)}


def tombstones_text(tombstones: Mapping[str, int]) -> str:
    """The text kept under ``hearts.revisions`` for ``tombstones``."""
    data: dict[str, Any] = {
        "format": REVISIONS_FORMAT,
        "version": VERSION,
        "removed": {key: tombstones[key] for key in sorted(tombstones)},
    }
    return dumps(data)


def stored_revision(text: str | None, tombstone: int) -> int:
    """The stored revision of a key holding ``text`` (None: removed or never written) whose tombstone
    is ``tombstone``: the text's revision, else the tombstone."""
    return tombstone if text is None else revision_of(text)
