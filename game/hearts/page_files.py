"""Files through the web page (``web/shell.js``): a text saved as a download, and a file the player picks,
read by the page. Natively every call here is a quiet no-op (the desktop keeps its files in a folder,
``hearts.transfer_files``). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast, get_args

from .page import page_object

# How a file pick went, as the page says it: the picker still open (or the file still being read); a
# file read, its text ready; the picker closed without a file; the file could not be read.
PickState = Literal["pending", "picked", "cancelled", "failed"]
PICK_STATES: frozenset[str] = frozenset(get_args(PickState))


@dataclass(frozen=True, slots=True, kw_only=True)
class Picked:
    """How the latest ``pick_file()`` went, with the file's text and name once it is ``picked``."""

    state: PickState
    text: str = ""
    name: str = ""


def download(name: str, text: str) -> bool:
    """Have the browser save ``text`` as a file called ``name`` (its downloads); whether the page took
    it (never natively, nor on an older page). Call it from the player's tap: a browser may hold back
    a download no gesture asked for."""
    found = page_object()
    if found is None:
        return False
    try:
        answer = found.download(name, text)
    except Exception:
        return False
    # As text whatever the bridge hands over (a bool, or a proxy of a JS boolean).
    return str(answer).lower() != "false"


def pick_file(max_chars: int) -> bool:
    """Open the browser's file picker for a Hearts file; whether the page took the request (never
    natively). The page reads the file chosen (at most ``max_chars`` characters of it: a longer file is
    cut, and then refused as not ours) and answers later: poll ``picked_file()`` once a frame until it is
    no longer "pending". Call this from the handler of the player's tap or key, in the same frame:
    browsers open a file picker only shortly after a gesture of the player's."""
    found = page_object()
    if found is None:
        return False
    try:
        found.pickFile(max_chars)
    except Exception:
        return False
    return True


def picked_file() -> Picked | None:
    """How the latest ``pick_file()`` went (see ``PickState``); None natively or before any pick."""
    found = page_object()
    if found is None:
        return None
    try:
        state = str(found.picked)
        if state not in PICK_STATES:
            return None
        if state != "picked":
            return Picked(state=cast(PickState, state))
        return Picked(state="picked", text=str(found.pickedText), name=str(found.pickedName))
    except Exception:
        return None
