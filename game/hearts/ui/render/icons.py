"""Vector icons for the table's buttons, drawn at any size: hint, last, fast, sound, muted, menu, close,
back.

Each icon is drawn in a unit square four times too large, shrunk once (antialiasing) and cached per name,
size and colour; ``draw_icon`` centres it in the rectangle it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from hearts.ui.render.fonts import LruCache
from hearts.ui.render.shapes import Point, supersampled

if TYPE_CHECKING:
    from pygame.typing import ColorLike, RectLike

RGBA = tuple[int, int, int, int]
Painter = Callable[[pygame.Surface, float, RGBA], None]

CACHE: Final[LruCache[tuple[str, int, RGBA], pygame.Surface]] = LruCache(96)
"""The icons drawn, by name, size and colour: the last 96 kept."""


def _stroke(surface: pygame.Surface, colour: RGBA, a: Point, b: Point, width: float) -> None:
    """A thick line with round ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(
        surface,
        colour,
        [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)],
    )
    pygame.draw.circle(surface, colour, a, width / 2)
    pygame.draw.circle(surface, colour, b, width / 2)


def _menu(big: pygame.Surface, s: float, colour: RGBA) -> None:
    for y in (0.26, 0.5, 0.74):
        _stroke(big, colour, (0.17 * s, y * s), (0.83 * s, y * s), 0.11 * s)


def _close(big: pygame.Surface, s: float, colour: RGBA) -> None:
    _stroke(big, colour, (0.24 * s, 0.24 * s), (0.76 * s, 0.76 * s), 0.12 * s)
    _stroke(big, colour, (0.76 * s, 0.24 * s), (0.24 * s, 0.76 * s), 0.12 * s)


def _back(big: pygame.Surface, s: float, colour: RGBA) -> None:
    tip = (0.17 * s, 0.5 * s)
    _stroke(big, colour, tip, (0.83 * s, 0.5 * s), 0.11 * s)
    _stroke(big, colour, tip, (0.45 * s, 0.22 * s), 0.11 * s)
    _stroke(big, colour, tip, (0.45 * s, 0.78 * s), 0.11 * s)


def _fast(big: pygame.Surface, s: float, colour: RGBA) -> None:
    for left in (0.08, 0.48):
        triangle = [(left * s, 0.2 * s), ((left + 0.44) * s, 0.5 * s), (left * s, 0.8 * s)]
        pygame.draw.polygon(big, colour, triangle)


def _hint(big: pygame.Surface, s: float, colour: RGBA) -> None:
    """A light bulb with a few rays."""
    clear = (*colour[:3], 0)
    centre = (0.5 * s, 0.42 * s)
    radius = 0.22 * s
    pygame.draw.circle(big, colour, centre, radius)
    neck = [(0.36 * s, 0.54 * s), (0.64 * s, 0.54 * s), (0.6 * s, 0.7 * s), (0.4 * s, 0.7 * s)]
    pygame.draw.polygon(big, colour, neck)
    _stroke(big, colour, (0.41 * s, 0.78 * s), (0.59 * s, 0.78 * s), 0.07 * s)
    _stroke(big, colour, (0.45 * s, 0.87 * s), (0.55 * s, 0.87 * s), 0.06 * s)
    # A highlight cut out of the glass, so it reads as a bulb and not a ball.
    shine = pygame.Rect(0.36 * s, 0.28 * s, 0.2 * s, 0.2 * s)
    pygame.draw.arc(big, clear, shine, math.pi * 0.55, math.pi * 0.95, max(1, round(0.045 * s)))
    for degrees in (-90, -40, -140, 5, 175):
        angle = math.radians(degrees)
        inner, outer = radius + 0.07 * s, radius + 0.15 * s
        a = (centre[0] + math.cos(angle) * inner, centre[1] + math.sin(angle) * inner)
        b = (centre[0] + math.cos(angle) * outer, centre[1] + math.sin(angle) * outer)
        _stroke(big, colour, a, b, 0.055 * s)


def _last(big: pygame.Surface, s: float, colour: RGBA) -> None:
    """Three cards fanned out, as a trick lies on the table: the last trick."""
    clear = (*colour[:3], 0)
    pivot = (0.5 * s, 1.12 * s)
    half_w, height, lift = 0.15 * s, 0.48 * s, 0.42 * s
    line = 0.07 * s
    for index, degrees in enumerate((-20, 0, 20)):
        angle = math.radians(degrees)
        cos, sin = math.cos(angle), math.sin(angle)

        def at(x: float, y: float, cos: float = cos, sin: float = sin) -> Point:
            return (pivot[0] + x * cos - y * sin, pivot[1] + x * sin + y * cos)

        top = -lift - height
        corners = [at(-half_w, top), at(half_w, top), at(half_w, -lift), at(-half_w, -lift)]
        # Clear a margin around the card so that it stands apart from the one below.
        pygame.draw.polygon(big, clear, corners)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            _stroke(big, clear, a, b, line * 2.6)
        if index == 2:
            pygame.draw.polygon(big, colour, corners)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            _stroke(big, colour, a, b, line)


def _speaker(big: pygame.Surface, s: float, colour: RGBA) -> None:
    """A loudspeaker facing right: a small box and the cone opening from it."""
    box = [(0.14 * s, 0.38 * s), (0.28 * s, 0.38 * s), (0.28 * s, 0.62 * s), (0.14 * s, 0.62 * s)]
    cone = [(0.26 * s, 0.38 * s), (0.5 * s, 0.18 * s), (0.5 * s, 0.82 * s), (0.26 * s, 0.62 * s)]
    pygame.draw.polygon(big, colour, box)
    pygame.draw.polygon(big, colour, cone)


def _sound(big: pygame.Surface, s: float, colour: RGBA) -> None:
    """Sound on: the speaker and two waves spreading from it."""
    _speaker(big, s, colour)
    width = max(1, round(0.075 * s))
    for radius in (0.17, 0.32):
        ring = pygame.Rect(0, 0, 2 * radius * s, 2 * radius * s)
        ring.center = (round(0.5 * s), round(0.5 * s))
        pygame.draw.arc(big, colour, ring, -math.pi * 0.3, math.pi * 0.3, width)


def _muted(big: pygame.Surface, s: float, colour: RGBA) -> None:
    """Sound off: the speaker and a cross where the waves would be."""
    _speaker(big, s, colour)
    _stroke(big, colour, (0.62 * s, 0.38 * s), (0.86 * s, 0.62 * s), 0.08 * s)
    _stroke(big, colour, (0.86 * s, 0.38 * s), (0.62 * s, 0.62 * s), 0.08 * s)


_PAINTERS: Final[dict[str, Painter]] = {
    "hint": _hint,
    "last": _last,
    "fast": _fast,
    "sound": _sound,
    "muted": _muted,
    "menu": _menu,
    "close": _close,
    "back": _back,
}
ICONS: Final[tuple[str, ...]] = tuple(_PAINTERS)


def _key(name: str, size: int, colour: ColorLike) -> tuple[str, int, RGBA]:
    c = pygame.Color(colour)
    return (name, max(4, int(size)), (c.r, c.g, c.b, c.a))


def has_icon(name: str, size: int, colour: ColorLike) -> bool:
    """Whether ``icon`` has that icon cached (painted ahead: each is drawn supersampled, some 2-3 ms in
    WebAssembly at a phone's scale)."""
    return _key(name, size, colour) in CACHE


def icon(name: str, size: int, colour: ColorLike) -> pygame.Surface:
    """The icon ``name`` in a ``size`` x ``size`` square, on a transparent background (cached, read-only)."""
    painter = _PAINTERS.get(name)
    if painter is None:
        raise ValueError(f"no icon named {name!r}; the icons are {', '.join(ICONS)}")
    key = _key(name, size, colour)
    surface = CACHE.get(key)
    if surface is None:
        size, rgba = key[1], key[2]
        image = supersampled((size, size), rgba, lambda big, k: painter(big, size * k, rgba))
        surface = CACHE.put(key, image)
    return surface


def draw_icon(surface: pygame.Surface, name: str, rect: RectLike, colour: ColorLike) -> pygame.Rect:
    """Draw the icon ``name`` centred in ``rect`` (a square as large as its shorter side); returns where."""
    area = pygame.Rect(rect)
    image = icon(name, min(area.width, area.height), colour)
    return surface.blit(image, image.get_rect(center=area.center))
