"""Asking the player for a line of text: a name to go by, or a friend's answer pasted.

The game draws no text field of its own. In the browser the page asks (``hearts.page.ask_text``): a box
with a field, where a phone's own keyboard, pasting and a screen reader all work, answered a few frames
later. On the desktop a pasted answer is read from the clipboard at once; a name cannot be typed there, and
the question says so ("unavailable").
"""

from __future__ import annotations

from typing import Literal

import pygame

from .. import page

QuestionState = Literal["pending", "given", "cancelled", "unavailable"]


def clipboard_text() -> str:
    """The desktop clipboard's text ("" when it is empty or there is none)."""
    try:
        found = pygame.scrap.get_text()
    except (pygame.error, NotImplementedError, AttributeError):
        return ""
    return found if isinstance(found, str) else ""


class Question:
    """One line of text asked of the player, followed a frame at a time (``poll``) until it settles.

    ``pasted``: the answer is text the player copied elsewhere (read from the desktop's clipboard when
    there is no page to ask)."""

    def __init__(self, title: str, hint: str, value: str, limit: int, *, pasted: bool = False) -> None:
        self.limit = limit
        self.text = ""
        self.state: QuestionState = "pending"
        if page.ask_text(title, hint, value, limit):
            return
        if pasted:
            self.text = clipboard_text().strip()[:limit]
        self.state = "given" if self.text else "unavailable"

    def poll(self) -> bool:
        """Whether the question has settled (given, cancelled or unavailable); follows the page's box."""
        if self.state == "pending":
            said = page.asked_text()
            if said is None:  # the page stopped answering: as good as closed
                self.state = "cancelled"
            elif said[0] != "pending":
                self.state = said[0]
                self.text = said[1].strip()[: self.limit]
        return self.state != "pending"
