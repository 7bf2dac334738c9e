"""A link for a phone's camera: its QR code, drawn once for each link and kept; the link's text where the
page cannot make a code (natively), so it can be copied by hand."""

from __future__ import annotations

import pygame

from .layout import Metrics
from .qr import LEAST_MODULE, QrCode, qr_code, qr_surface

MOST_PX = 300
"""The widest a code is drawn, in design pixels: a phone reads it at arm's length well below that."""


class LinkPicture:
    """The picture of the link shown now (``link`` "" for none yet)."""

    def __init__(self) -> None:
        self.link = ""
        self.code: QrCode | None = None
        self._drawn: tuple[int, pygame.Surface | None] | None = None

    def follow(self, link: str) -> bool:
        """Show ``link`` from now on; whether it changed."""
        if link == self.link:
            return False
        self.link = link
        self.code = qr_code(link) if link else None
        self._drawn = None
        return True

    def side(self, metrics: Metrics, width: int) -> int:
        """How much room across (and down) the code takes: none without one; whole pixels a module, so no
        more than fits ``width`` and the most it is drawn at."""
        if self.code is None:
            return 0
        room = min(width, metrics.px(MOST_PX))
        module = self.code.module_px(room)
        return self.code.side * module if module >= LEAST_MODULE else room

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
        """The code, centred at the top of ``rect`` and no taller than it; the area used."""
        if self.code is None:
            return pygame.Rect(rect.left, rect.top, rect.width, 0)
        room = min(rect.width, rect.height)
        if self._drawn is None or self._drawn[0] != room:
            self._drawn = (room, qr_surface(self.code, room))
        picture = self._drawn[1]
        if picture is None:
            return pygame.Rect(rect.left, rect.top, rect.width, 0)
        spot = picture.get_rect(midtop=(rect.centerx, rect.top))
        surface.blit(picture, spot)
        return pygame.Rect(rect.left, rect.top, rect.width, spot.height)
