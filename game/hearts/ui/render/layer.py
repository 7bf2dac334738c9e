"""A picture kept between frames: drawn again only when what it shows has changed, else copied whole.

A scene draws its still part (the felt, the boxes, the cards at rest) into a layer under a key that
names everything that part depends on; while the key stays the same, a frame costs one copy of the
layer and then only what moves. The layer is opaque and has the window's pixel format, so the copy is
exact: the frame is the same, pixel for pixel, as one drawn from scratch.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Layer:
    """One opaque surface the size of the window, and the key it was drawn for."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._key: Hashable | None = None
        self.redraws = 0
        """How many times it has been drawn (the tests count them)."""

    @staticmethod
    def can_keep(target: pygame.Surface) -> bool:
        """Whether a layer can stand for drawing on ``target``: an opaque target, else blending would
        differ."""
        return not target.get_flags() & pygame.SRCALPHA

    def blit(
        self,
        target: pygame.Surface,
        key: Hashable,
        draw: Callable[[pygame.Surface], None],
        *,
        area: pygame.Rect | None = None,
    ) -> None:
        """Put the picture for ``key`` on ``target`` (only its ``area``, if given, in the same place),
        calling ``draw`` on the layer first when the key (or the target's size or format) has changed
        since the last time."""
        surface = self._surface
        if (
            surface is None
            or surface.get_size() != target.get_size()
            or surface.get_bitsize() != target.get_bitsize()
            or surface.get_masks() != target.get_masks()
        ):
            surface = self._surface = pygame.Surface(target.get_size(), 0, target)
            self._key = None
        if self._key is None or self._key != key:
            draw(surface)
            self._key = key
            self.redraws += 1
        if area is None:
            target.blit(surface, (0, 0))
        else:
            target.blit(surface, area.topleft, area)

    def forget(self) -> None:
        """Let go of the surface (it is drawn again next time)."""
        self._surface = None
        self._key = None
