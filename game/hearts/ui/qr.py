"""A QR code of a link, drawn for a phone's camera to read off another screen.

The page encodes (``web/qr.js``: ``hearts.qr``, level M error correction or better, which survives a glare
or a thumb over a corner); this module checks what it answers and lays the symbol out for a camera: the
four modules of quiet border the standard asks for, every module the same whole number of pixels so no edge
blurs into its neighbour, dark on light whatever the theme. Natively there is no page, so no code: the link
is shown as text and copied instead. Drawn once, scaled without smoothing, and kept by whoever shows it.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

import pygame

from ..page import page_object

QUIET = 4
"""Modules of light border on every side (the standard's least)."""

LEAST_MODULE = 2
"""Pixels a module needs at least for a camera to tell it from its neighbours; smaller, no code is drawn."""

DARK = (16, 16, 16)
LIGHT = (255, 255, 255)


@dataclass(frozen=True, slots=True)
class QrCode:
    """A symbol: its version (1-40) and its rows of modules, "1" dark and "0" light, without the border."""

    version: int
    rows: tuple[str, ...]

    @staticmethod
    def parse(answer: str) -> QrCode | None:
        """The symbol in the page's JSON answer, or None when it is not one: every row as long as there are
        rows, 17 + 4 × version of them, of "0" and "1" only."""
        try:
            found = json.loads(answer)
            version, rows = found["version"], found["rows"]
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(version, int) or not 1 <= version <= 40 or not isinstance(rows, list):
            return None
        side = 17 + 4 * version
        if len(rows) != side or not all(isinstance(row, str) and len(row) == side for row in rows):
            return None
        if any(row.strip("01") for row in rows):
            return None
        return QrCode(version=version, rows=tuple(rows))

    @property
    def side(self) -> int:
        """Modules across, the quiet border included."""
        return len(self.rows) + 2 * QUIET

    def module_px(self, room: int) -> int:
        """The whole pixels a module gets when the code, border and all, may take ``room`` pixels across."""
        return room // self.side


def qr_code(text: str, page: Any | None = None) -> QrCode | None:
    """The page's QR code for ``text`` (``page`` is ``window.hearts``, found by default); None natively, on
    a page that cannot make one, or for a text too long for any."""
    found = page if page is not None else page_object()
    if found is None:
        return None
    with contextlib.suppress(Exception):
        return QrCode.parse(str(found.qr(text)))
    return None


def qr_surface(code: QrCode, room: int) -> pygame.Surface | None:
    """``code`` drawn to fit ``room`` pixels across, square; None when a module would get fewer than
    ``LEAST_MODULE`` pixels (the link is then only shown as text)."""
    module = code.module_px(room)
    if module < LEAST_MODULE:
        return None
    side = code.side
    light, dark = bytes(LIGHT), bytes(DARK)
    border = light * side * QUIET
    pixels = bytearray(border)
    for row in code.rows:
        pixels += light * QUIET
        pixels += b"".join(dark if module_dark == "1" else light for module_dark in row)
        pixels += light * QUIET
    pixels += border
    small = pygame.image.frombytes(bytes(pixels), (side, side), "RGB")
    return pygame.transform.scale(small, (side * module, side * module))
