"""Asking the player for a line of text: a name to go by, or a friend's answer pasted.

The game draws no text field of its own. In the browser the page asks (``hearts.page.ask_text``): a box
with a field, where a phone's own keyboard, pasting and a screen reader all work, answered a few frames
later. On the desktop a pasted answer is read from the clipboard at once, and a name is typed on the keyboard
into the line the screen shows ("typing": the screen hands it its ``Typed`` and ``Erase`` intents; Enter
keeps the line, Escape leaves it).
"""

from __future__ import annotations

from typing import Literal

import pygame

from .. import page
from .intents import Back, Confirm, Erase, Intent, Tap, Typed

QuestionState = Literal["pending", "typing", "given", "cancelled", "unavailable"]
CARET = "▏"
"""Where the next character typed goes, at the end of the line being typed."""


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
        self.title = title
        if page.ask_text(title, hint, value, limit):
            return
        if not pasted:  # typed on the keyboard, into the screen's own line
            self.text, self.state = value[:limit], "typing"
            return
        self.text = clipboard_text().strip()[:limit]
        self.state = "given" if self.text else "unavailable"

    @property
    def is_typing(self) -> bool:
        return self.state == "typing"

    @property
    def typed_line(self) -> str:
        """The line being typed, as the screen shows it: its name, the text so far and the caret."""
        return f"{self.title}: {self.text}{CARET}"

    def take(self, intent: Intent) -> bool:
        """While typing, ``intent`` as the line takes it (text, Backspace, Enter or a tap to keep it, Escape
        to leave it); whether it was taken."""
        if not self.is_typing:
            return False
        if isinstance(intent, Typed):
            typed = "".join(char for char in intent.text if char.isprintable())
            self.text = (self.text + typed)[: self.limit]
        elif isinstance(intent, Erase):
            self.text = self.text[:-1]
        elif isinstance(intent, Confirm | Tap):
            self.text, self.state = self.text.strip(), "given"
        elif isinstance(intent, Back):
            self.state = "cancelled"
        else:
            return False
        return True

    def poll(self) -> bool:
        """Whether the question has settled (given, cancelled or unavailable); follows the page's box, or the
        line typed."""
        if self.state == "pending":
            said = page.asked_text()
            if said is None:  # the page stopped answering: as good as closed
                self.state = "cancelled"
            elif said[0] != "pending":
                self.state = said[0]
                self.text = said[1].strip()[: self.limit]
        return self.state not in ("pending", "typing")
