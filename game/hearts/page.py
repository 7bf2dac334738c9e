"""The web page around the game, under pygbag: what the page's address carried, and what the page shows.

The page (``web/index.tmpl``) keeps a ``hearts`` object on ``window``: the loading screen, the update offer,
sharing a text (``web/shell.js``) and what the address held when it was opened (the page takes query and
fragment aside before pygbag's loader reads the address, and cleans it). Standard library only; natively
every call here is a quiet no-op (the desktop shares through ``hearts.ui.share``).
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened:
    """What the page's address carried when the player opened it, as typed (not decoded)."""

    query: str = ""
    fragment: str = ""


# How a share went, as the page says it: still under way; taken by the system's share sheet; the sheet
# closed by the player; on the clipboard; shown in the page's box for the player to copy; not possible.
ShareOutcome = Literal["pending", "shared", "cancelled", "copied", "shown", "failed"]
SHARE_OUTCOMES: frozenset[str] = frozenset(get_args(ShareOutcome))


def page_object() -> Any | None:
    """The page's ``window.hearts``, under pygbag (or Pyodide); None natively or on a page without it."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        window = getattr(platform, "window", None)
        if window is None:  # Pyodide has no pygbag platform module; its js module is the window
            import js  # type: ignore[import-not-found]

            window = js
        found = window.hearts
    except Exception:
        return None
    return None if found is None or getattr(found, "typeof", "") == "undefined" else found


def tell(method: str, *args: object) -> None:
    """Call ``window.hearts.<method>(*args)`` on the page, if there is one: never an error for the game."""
    found = page_object()
    if found is None:
        return
    with contextlib.suppress(Exception):
        getattr(found, method)(*args)


def opened_with() -> Opened:
    """The query and fragment of the address the page was opened at (empty natively)."""
    found = page_object()
    if found is None:
        return Opened()
    try:
        link = found.link
        return Opened(query=str(link.query or ""), fragment=str(link.fragment or ""))
    except Exception:
        return Opened()


def report(error: BaseException) -> None:
    """Print ``error`` with its traceback and show it on the page's failure screen.

    pygbag's console only prints an exception that reaches it (and, for a missing module, tries to install a
    package of that name from the public index), so the game reports its own."""
    traceback.print_exception(error)
    tell("failed", f"{type(error).__name__}: {error}")


def share(text: str) -> bool:
    """Ask the page to share ``text``; whether it took the request (never natively, nor on an older page).

    The page answers later: poll ``share_outcome()`` once a frame until it is no longer "pending". Call this
    from the handler of the player's tap or key, in the same frame: the share sheet and the clipboard only
    work shortly after a gesture of the player's (the page shows the text in a box otherwise)."""
    found = page_object()
    if found is None:
        return False
    try:
        found.share(text)
    except Exception:
        return False
    return True


def share_outcome() -> ShareOutcome | None:
    """How the latest ``share()`` went (see ``ShareOutcome``); None natively or before any share."""
    found = page_object()
    if found is None:
        return None
    try:
        # As text whatever the bridge hands over (a str, or a proxy of a JS string); null is no outcome.
        said = str(found.shared)
    except Exception:
        return None
    return cast(ShareOutcome, said) if said in SHARE_OUTCOMES else None
