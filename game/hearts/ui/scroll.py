"""A tall column seen through a shorter window: how far it is scrolled, and the gestures that move it.

Pure arithmetic in pixels, with no pygame, so tests can press, drag and let go by hand. The scene
measures its content and its viewport, feeds in the player's gestures with its own clock, and asks
where the content stands (``offset``: how many pixels of it are hidden above the viewport) and where
to draw the scroll thumb. A press that moves less than ``slop`` before it is let go was a tap, not a
drag. A flick glides on and slows down, unless the player asked for reduced motion.
"""

from __future__ import annotations

import math
from typing import Final

VELOCITY_WINDOW: Final = 0.1
"""Seconds of the drag's end that set a flick's speed (earlier movement is forgotten)."""
GLIDE_TIME: Final = 0.35
"""A glide loses about two thirds of its speed in this many seconds (exponential decay)."""
SLOWEST_GLIDE: Final = 20.0
"""Below this many pixels a second a glide stops: the eye no longer reads it as moving."""
FASTEST_GLIDE: Final = 4.0
"""A flick glides at no more than this many viewport heights a second."""


class ScrollView:
    """Where a column of ``content`` pixels stands in a ``viewport`` of fewer, and what moves it."""

    def __init__(
        self, *, viewport: int = 0, content: int = 0, slop: float = 8.0, glides: bool = True
    ) -> None:
        self.viewport = max(0, viewport)
        self.content = max(0, content)
        self.slop = slop
        """How far a press must move before it counts as a drag (pixels)."""
        self.glides = glides
        """Whether a flick glides on after the finger lifts (False under reduced motion)."""
        self.offset = 0.0
        self.velocity = 0.0
        """The glide's speed, in pixels of offset a second (positive: towards the end)."""
        self._press: tuple[float, float] | None = None
        """Where the press that is down began (its y) and the offset then."""
        self.is_dragging = False
        self._samples: list[tuple[float, float]] = []
        """The drag's latest (time, y) points, for the flick's speed."""

    # Size and position ------------------------------------------------------------------------------

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content - self.viewport))

    @property
    def can_scroll(self) -> bool:
        return self.content > self.viewport

    @property
    def at_start(self) -> bool:
        return self.offset <= 0

    @property
    def at_end(self) -> bool:
        return self.offset >= self.max_offset

    def set_size(self, *, viewport: int, content: int) -> None:
        """A new window or new content: the same offset where it still makes sense, else the nearest."""
        self.viewport, self.content = max(0, viewport), max(0, content)
        self.offset = self._clamped(self.offset)

    def scroll_to(self, offset: float) -> bool:
        """Put the content at ``offset`` (clamped to the content); stops a glide. Whether it moved."""
        self.velocity = 0.0
        return self._move_to(offset)

    def scroll_by(self, pixels: float) -> bool:
        """Move ``pixels`` towards the end (negative: towards the start). Whether it moved."""
        return self.scroll_to(self.offset + pixels)

    def to_start(self) -> bool:
        return self.scroll_to(0)

    def to_end(self) -> bool:
        return self.scroll_to(self.max_offset)

    def _clamped(self, offset: float) -> float:
        return min(self.max_offset, max(0.0, offset))

    def _move_to(self, offset: float) -> bool:
        before = self.offset
        self.offset = self._clamped(offset)
        return self.offset != before

    # A press, a drag and a release -------------------------------------------------------------------

    @property
    def is_pressed(self) -> bool:
        return self._press is not None

    def press(self, y: float, now: float) -> None:
        """A finger or the mouse button went down on the content at ``y``; a glide stops under it."""
        self.velocity = 0.0
        self._press = (y, self.offset)
        self.is_dragging = False
        self._samples = [(now, y)]

    def drag(self, y: float, now: float) -> bool:
        """The pressed pointer is at ``y``: once it has moved past the slop, the content follows it.

        Whether the content moved. Without a press first (it began elsewhere), nothing happens."""
        if self._press is None:
            return False
        start_y, start_offset = self._press
        if not self.is_dragging:
            if abs(y - start_y) <= self.slop:
                return False
            # The drag starts here, so the content does not jump by the slop.
            self.is_dragging = True
            self._press = start_y, start_offset = (y, self.offset)
        self._samples.append((now, y))
        self._samples = [sample for sample in self._samples if now - sample[0] <= VELOCITY_WINDOW]
        return self._move_to(start_offset - (y - start_y))

    def release(self, now: float) -> bool:
        """The pointer came up. True when it was a tap (it never moved past the slop)."""
        if self._press is None:
            return False
        was_tap = not self.is_dragging
        if self.is_dragging and self.glides:
            self.velocity = self._flick_speed(now)
        self._press = None
        self.is_dragging = False
        self._samples = []
        return was_tap

    def _flick_speed(self, now: float) -> float:
        recent = [sample for sample in self._samples if now - sample[0] <= VELOCITY_WINDOW]
        if len(recent) < 2 or recent[-1][0] <= recent[0][0]:
            return 0.0  # held still before letting go, or too quick to measure
        (first_time, first_y), (last_time, last_y) = recent[0], recent[-1]
        speed = -(last_y - first_y) / (last_time - first_time)
        fastest = FASTEST_GLIDE * max(1, self.viewport)
        return max(-fastest, min(fastest, speed))

    # Time --------------------------------------------------------------------------------------------

    @property
    def is_gliding(self) -> bool:
        return self.velocity != 0.0

    def advance(self, dt: float) -> bool:
        """Let a glide run ``dt`` seconds, slowing down; it stops at either end. Whether it moved."""
        if not self.velocity or dt <= 0:
            return False
        decay = math.exp(-dt / GLIDE_TIME)
        # The distance is the decaying speed's integral over dt, so big and small steps agree.
        distance = self.velocity * GLIDE_TIME * (1 - decay)
        self.velocity *= decay
        moved = self._move_to(self.offset + distance)
        if not moved or abs(self.velocity) < SLOWEST_GLIDE or self.at_start or self.at_end:
            self.velocity = 0.0
        return moved

    # The thumb ---------------------------------------------------------------------------------------

    def thumb(self, track: int, least: int) -> tuple[int, int] | None:
        """The scroll thumb's start and length along a ``track`` pixels long, never shorter than
        ``least``: its length is the share of the content on show, its place how far down it is.
        None when everything fits."""
        if not self.can_scroll or track <= 0:
            return None
        length = min(track, max(least, round(track * self.viewport / self.content)))
        start = round((track - length) * self.offset / self.max_offset)
        return start, length
