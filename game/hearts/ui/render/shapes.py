"""Geometry every vector drawing shares: points, Bézier curves, shapes in a unit box, antialiasing.

Cards, court figures and icons are drawn with polygons and circles, never bitmaps: a drawing is made
several times too large and shrunk once (``supersampled``), which smooths its edges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from hearts.ui import theme

SUPERSAMPLE: Final = 4
"""How many times too large a drawing is made before it is shrunk (for smooth edges)."""

Point = tuple[float, float]


def quad(p0: Point, control: Point, p1: Point, steps: int = 12) -> list[Point]:
    """Points along a quadratic Bézier curve, without its first point."""
    points = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append((a * p0[0] + b * control[0] + c * p1[0], a * p0[1] + b * control[1] + c * p1[1]))
    return points


@dataclass(frozen=True, slots=True)
class Shape:
    """Polygons and circles in a unit box (x right, y down, 0..1); ``draw`` scales them into a square."""

    polygons: tuple[tuple[Point, ...], ...] = ()
    circles: tuple[tuple[Point, float], ...] = ()

    def draw(self, surface: pygame.Surface, colour: theme.Colour, x: float, y: float, size: float) -> None:
        for polygon in self.polygons:
            pygame.draw.polygon(surface, colour, [(x + px * size, y + py * size) for px, py in polygon])
        for (cx, cy), radius in self.circles:
            pygame.draw.circle(surface, colour, (x + cx * size, y + cy * size), radius * size)


def supersampled(
    size: tuple[int, int],
    background: theme.Colour,
    draw: Callable[[pygame.Surface, int], None],
    factor: int = SUPERSAMPLE,
) -> pygame.Surface:
    """Call ``draw(big, factor)`` on a surface ``factor`` times larger, then shrink it to ``size``.

    The big surface starts as ``background`` with alpha 0 (the colour of the edges, so they do not
    darken when averaged).
    """
    width, height = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((width * factor, height * factor), pygame.SRCALPHA)
    big.fill((*background[:3], 0))
    draw(big, factor)
    return pygame.transform.smoothscale(big, (width, height))


def half_turn(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` turned half a turn: exact, pixel for pixel (the bottom of a double-ended card)."""
    return pygame.transform.flip(surface, True, True)
