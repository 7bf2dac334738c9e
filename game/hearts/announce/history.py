"""The game log: the last announcements, oldest first."""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from .announcement import Announcement


class History:
    """The last LIMIT announcements (a game log), oldest first: adding one more forgets the oldest."""

    __slots__ = ("_items",)
    LIMIT: ClassVar[int] = 50

    def __init__(self) -> None:
        self._items: deque[Announcement] = deque(maxlen=self.LIMIT)

    def add(self, announcement: Announcement) -> None:
        self._items.append(announcement)

    def items(self) -> tuple[Announcement, ...]:
        return tuple(self._items)

    def __len__(self) -> int:
        return len(self._items)
