"""Looking at drawn pixels: a pixel's colour, whether two colours are near, and what a stretch of pixels
shows in greyscale (luminance only), for the tests that measure contrast and patterns on the drawn table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pygame

from hearts.ui import theme

Colour = tuple[int, int, int]


def colour(surface: pygame.Surface, x: int, y: int) -> Colour:
    pixel = surface.get_at((x, y))
    return (pixel.r, pixel.g, pixel.b)


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def grey(surface: pygame.Surface, x: int, y: int) -> float:
    """The pixel in greyscale: its relative luminance, 0 (black) to 1 (white)."""
    return theme.luminance(colour(surface, x, y))


def ratio(light: float, dark: float) -> float:
    """The WCAG contrast ratio of two luminances, in either order."""
    high, low = max(light, dark), min(light, dark)
    return (high + 0.05) / (low + 0.05)


def text_contrast(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, Colour, Colour]:
    """The contrast of the text drawn in ``rect`` (a text's rectangle from the layout report): the ink
    (the pixel farthest from the background: a glyph's fully covered pixel, as an edge is only ever a
    blend of ink and background) against the background under the text (the commonest colour in
    ``rect``, and every colour near it), taking the background pixel that contrasts least. Returns the
    ratio, the ink and that background colour."""
    area = rect.clip(surface.get_rect())
    seen = [colour(surface, x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)]
    background = Counter(seen).most_common(1)[0][0]
    papers = {pixel for pixel in seen if theme.contrast_ratio(pixel, background) < 1.03}
    ink = max(seen, key=lambda pixel: theme.contrast_ratio(pixel, background))
    paper = min(papers, key=lambda pixel: theme.contrast_ratio(ink, pixel))
    return theme.contrast_ratio(ink, paper), ink, paper


def spread(values: Iterable[float]) -> float:
    """How far apart the light and dark parts of some luminances are: the contrast ratio of their 90th
    and 10th percentiles (1 for an even area; stripes raise it)."""
    ordered = sorted(values)
    assert ordered, "no pixels to measure"
    return ratio(ordered[len(ordered) * 9 // 10], ordered[len(ordered) // 10])
