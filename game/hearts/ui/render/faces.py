"""What goes where on a card's face: the suit symbols as vector shapes, the pips' places, the index and
the court picture's frame.

The symbols are ``Shape``s in a unit box, drawn at any size by the painter (cards.py); ``FaceLayout`` is
the geometry of one face size, in pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from hearts.engine.cards import Rank, Suit
from hearts.ui.render.court import CourtFrame
from hearts.ui.render.shapes import Point, Shape, quad

# --- Vector shapes in a unit box (x right, y down, 0..1) -----------------------------------------------


def _heart_outline(steps: int = 120) -> list[Point]:
    """The classic parametric heart, point down, fitted to the unit box (as wide as it is tall)."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        raw.append(
            (
                16 * math.sin(t) ** 3,
                -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)),
            )
        )
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    left, top = min(xs), min(ys)
    span_x, span_y = max(xs) - left, max(ys) - top
    return [((x - left) / span_x, (y - top) / span_y) for x, y in raw]


def _fit(points: Sequence[Point], box: tuple[float, float, float, float]) -> tuple[Point, ...]:
    """Unit-box points moved into ``box`` = (left, top, width, height)."""
    left, top, width, height = box
    return tuple((left + x * width, top + y * height) for x, y in points)


def _stem(top_y: float, half_base: float) -> tuple[Point, ...]:
    """The flared foot of a spade or a club: concave sides from a narrow neck to a wide base."""
    neck, base = 0.035, 1.0
    left = quad((0.5 - neck, top_y), (0.5 - neck * 0.6, base - 0.06), (0.5 - half_base, base))
    right = quad((0.5 + half_base, base), (0.5 + neck * 0.6, base - 0.06), (0.5 + neck, top_y))
    return ((0.5 - neck, top_y), *left, *right)


def _make_suits() -> dict[Suit, Shape]:
    heart = _heart_outline()
    hearts = Shape(polygons=(_fit(heart, (0.0, 0.06, 1.0, 0.9)),))
    # A spade is a heart upside down, a little narrower, on a flared stem.
    spade_body = [(x, 1 - y) for x, y in heart]
    spades = Shape(polygons=(_fit(spade_body, (0.06, 0.0, 0.88, 0.8)), _stem(0.55, 0.2)))
    # A diamond with gently concave sides.
    top, right, bottom, left = (0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)
    pull = 0.07
    diamond = (
        top,
        *quad(top, (0.7 - pull, 0.25 - pull * 0.3), right),
        *quad(right, (0.7 - pull, 0.75 + pull * 0.3), bottom),
        *quad(bottom, (0.3 + pull, 0.75 + pull * 0.3), left),
        *quad(left, (0.3 + pull, 0.25 - pull * 0.3), top),
    )
    diamonds = Shape(polygons=(diamond,))
    # A club: three round leaves, a filled heart between them and a flared stem.
    radius = 0.215
    leaves = (((0.5, 0.235), radius), ((0.265, 0.56), radius), ((0.735, 0.56), radius))
    middle = ((0.5, 0.3), (0.3, 0.56), (0.5, 0.72), (0.7, 0.56))
    clubs = Shape(polygons=(middle, _stem(0.6, 0.2)), circles=leaves)
    return {Suit.CLUBS: clubs, Suit.DIAMONDS: diamonds, Suit.SPADES: spades, Suit.HEARTS: hearts}


SUIT_SHAPES: Final = _make_suits()


# --- Where the pips go ---------------------------------------------------------------------------------


# Pip positions as (column, row): column 0 left, 0.5 middle, 1 right; row 0 top to 1 bottom.
_TOP, _BOTTOM = 0.0, 1.0
_FOUR = ((0.0, _TOP), (1.0, _TOP), (0.0, _BOTTOM), (1.0, _BOTTOM))
_SIX = (*_FOUR, (0.0, 0.5), (1.0, 0.5))
_EIGHT_SIDE = tuple((column, row) for column in (0.0, 1.0) for row in (0.0, 1 / 3, 2 / 3, 1.0))
PIP_LAYOUTS: Final[dict[Rank, tuple[tuple[float, float], ...]]] = {
    Rank.TWO: ((0.5, _TOP), (0.5, _BOTTOM)),
    Rank.THREE: ((0.5, _TOP), (0.5, 0.5), (0.5, _BOTTOM)),
    Rank.FOUR: _FOUR,
    Rank.FIVE: (*_FOUR, (0.5, 0.5)),
    Rank.SIX: _SIX,
    Rank.SEVEN: (*_SIX, (0.5, 0.25)),
    Rank.EIGHT: (*_SIX, (0.5, 0.25), (0.5, 0.75)),
    Rank.NINE: (*_EIGHT_SIDE, (0.5, 0.5)),
    Rank.TEN: (*_EIGHT_SIDE, (0.5, 1 / 6), (0.5, 5 / 6)),
}


# --- One face's geometry --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceLayout:
    """Where things go on a face of one size (pixels)."""

    width: int
    height: int
    radius: int
    border: int
    compact: bool
    margin_x: int
    margin_y: int
    cap: int  # height of the index's rank letters
    index_pip: int  # size of the index's suit symbol
    index_width: int  # width of the index column

    @property
    def index_rect(self) -> pygame.Rect:
        """The top-left index (the bottom-right one is this, turned half a turn)."""
        height = round(self.cap * 1.12) + max(1, round(self.cap * 0.14)) + self.index_pip
        return pygame.Rect(self.margin_x, self.margin_y, self.index_width, height)

    @property
    def court_frame(self) -> CourtFrame:
        """The frame of a court card's picture, clear of both indices."""
        return CourtFrame.around(self.width, self.height, self.index_rect)
