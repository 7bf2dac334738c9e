"""Sharing a text (a daily result, a challenge link) from wherever the game runs.

In the browser the page does it (``hearts.page.share``): the system's share sheet, else the clipboard, else
a box with the text and a Copy button; its answer comes a few frames later. On the desktop the game does
it at once: the text goes to standard output, so it is never lost, and onto the clipboard through
``pygame.scrap`` where SDL has one. A missing clipboard is no error: the text was printed.
"""

from __future__ import annotations

import sys
from typing import Final, Literal, TextIO

import pygame

from .. import page

NativeOutcome = Literal["copied", "printed"]
Outcome = page.ShareOutcome | NativeOutcome

MESSAGES: Final[dict[str, str]] = {
    "shared": "Shared",
    "copied": "Copied: paste it wherever you like",
    "printed": "The text is in the terminal: copy it from there",
    "failed": "Sharing does not work here, sorry",
}
"""What the game may say once a share has gone somewhere. Still under way, the player's own cancel and
the page's box (which speaks for itself) need no word."""


def share(text: str) -> Outcome:
    """Share ``text``: in the browser "pending" (then poll ``page.share_outcome()`` each frame) or "failed"
    when the page cannot; on the desktop how it went, at once."""
    if sys.platform == "emscripten":
        return "pending" if page.share(text) else "failed"
    return share_natively(text)


def copy(text: str) -> Outcome:
    """Copy ``text``: in the browser to the clipboard, else the page's box to copy from ("pending", then
    poll as for ``share``); on the desktop as ``share`` does, at once."""
    if sys.platform == "emscripten":
        return "pending" if page.copy(text) else "failed"
    return share_natively(text)


def share_natively(text: str, *, out: TextIO | None = None) -> NativeOutcome:
    """Print ``text`` (to ``out``, standard output by default) and put it on the clipboard if there is one.

    "copied" when SDL took it, else "printed". SDL's clipboard needs its video system, which the game's
    window has started; without it, or with a pygame built without ``scrap``, the text is only printed."""
    print(text, file=out if out is not None else sys.stdout, flush=True)
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, NotImplementedError, AttributeError):
        return "printed"
    return "copied"


def message(outcome: Outcome | None) -> str | None:
    """The line the game shows for ``outcome``, or None when there is nothing to say."""
    return MESSAGES.get(outcome) if outcome is not None else None
