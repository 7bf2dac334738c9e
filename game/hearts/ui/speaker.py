"""Where every announcement goes: the page's live regions (``hearts.page``), the game log, and whoever
else listens (the transcript).

The page speaks the latest message of each animation frame, so what is said within one of the game's
frames goes out as one message, its sentences in order (a card and "Hearts are broken" are both heard),
except that the app's notices come first: what the screen shows depends on them ("Your table with friends
is back where it was." before "Your lead."). It is assertive when any of its sentences is. The game log
keeps each sentence on its own, in the order said.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import page
from ..announce import Announcement, History, Priority, Verbosity
from .routes import GameLog


@dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    """What the page is given at once: the sentences said in one frame, and how urgently."""

    text: str
    priority: Priority
    parts: tuple[Announcement, ...]


Listener = Callable[[Message], None]


class Speaker:
    """Collects the frame's announcements and hands them on as one message when the frame ends."""

    def __init__(self, verbosity: Verbosity = "brief") -> None:
        self.verbosity: Verbosity = verbosity
        self.history = History()
        self.listeners: list[Listener] = [_to_page]
        self._waiting: list[Announcement] = []

    def say(self, *announcements: Announcement | None) -> None:
        """Say these (None: nothing to say) at the end of this frame."""
        for announcement in announcements:
            if announcement is not None and announcement.text:
                if announcement.kind != "query":  # (the log keeps what happened, not what was asked)
                    self.history.add(announcement)
                self._waiting.append(announcement)

    def log(self) -> GameLog:
        """The game log as it stands: the last announcements, oldest first."""
        return GameLog(tuple(said.text for said in self.history.items()))

    def flush(self) -> Message | None:
        """Hand the frame's sentences on, as one message (None when nothing was said)."""
        if not self._waiting:
            return None
        parts = tuple(sorted(self._waiting, key=lambda part: part.kind != "notice"))  # (a stable sort)
        self._waiting = []
        urgent = any(part.priority == "assertive" for part in parts)
        message = Message(
            text=" ".join(part.text for part in parts),
            priority="assertive" if urgent else "polite",
            parts=parts,
        )
        for listener in self.listeners:
            listener(message)
        return message


def _to_page(message: Message) -> None:
    page.announce(message.text, message.priority)
