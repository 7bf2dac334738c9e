"""The size the game draws at in the browser: the canvas's, in device pixels, and how many of those make a
CSS pixel (the page's scale)."""

from __future__ import annotations

from .. import page

MAX_SCALE = 2.0
"""Render at device pixels on dense screens, but no more than this many per CSS pixel."""


def browser_size() -> tuple[tuple[int, int], float]:
    """Under pygbag: the canvas's size in device pixels (capped) and the pixels per CSS pixel.

    The page lays the canvas out inside the safe-area insets; the game draws at that size. The page keeps
    that size as it lays out (``page.viewport``), so a frame reads it in one call; an older page is asked
    the long way."""
    measured = page.viewport()
    if measured is not None:
        width, height, ratio = measured
        ratio = min(MAX_SCALE, max(1.0, ratio))
        return (round(width * ratio), round(height * ratio)), ratio
    import platform  # pygbag's module of JavaScript objects

    window = platform.window  # type: ignore[attr-defined]
    ratio = min(MAX_SCALE, max(1.0, float(window.devicePixelRatio or 1)))
    width, height = float(window.innerWidth), float(window.innerHeight)
    try:
        box = window.document.getElementById("canvas").getBoundingClientRect()
        if float(box.width) > 0 and float(box.height) > 0:
            width, height = float(box.width), float(box.height)
    except Exception:
        pass
    return (round(width * ratio), round(height * ratio)), ratio
