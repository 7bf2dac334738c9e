"""What the match result shows besides words: a chart of every seat's total hand by hand against the
target, and on a victory the four suits falling like confetti (none under reduced motion: suits frozen
in mid-air would only hide the table).

The chart's points are pure (``chart_points``), so a test can hold them to the engine's totals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from ..engine import HandScored, Seat, Suit
from ..words import seat_name
from . import theme
from .layout import Metrics
from .render.cards import CardPainter
from .render.fonts import Fonts
from .render.text import draw_text

SEAT_LINES: Final[dict[Seat, theme.RGB]] = {
    Seat.SOUTH: (255, 214, 64),  # gold: you
    Seat.WEST: (96, 170, 255),  # blue
    Seat.NORTH: (240, 120, 200),  # pink
    Seat.EAST: (140, 236, 160),  # green
}
"""Each seat's line; they differ in lightness too, and each line is named at its end."""
TARGET_LINE: Final[theme.RGB] = (230, 90, 80)

FALL_TIME: Final = 4.0
"""The confetti falls this long, then the screen is still."""
PIECES: Final = 36


def chart_points(
    results: Sequence[HandScored], target: int, area: pygame.Rect
) -> tuple[dict[Seat, list[tuple[int, int]]], int]:
    """Each seat's total after every hand (from 0 before the first) as points in ``area``, and the
    height of the target's line. The scale runs from the lowest total (or 0) to the highest or the
    target, whichever is more."""
    totals = {seat: [0, *(result.totals[seat] for result in results)] for seat in Seat}
    low = min(0, *(value for values in totals.values() for value in values))
    high = max(target, *(value for values in totals.values() for value in values))
    span = max(1, high - low)
    steps = max(1, len(results))

    def y(value: int) -> int:
        return area.bottom - round((value - low) * area.height / span)

    points = {
        seat: [
            (area.left + round(index * area.width / steps), y(value)) for index, value in enumerate(values)
        ]
        for seat, values in totals.items()
    }
    return points, y(target)


def draw_chart(
    surface: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    results: Sequence[HandScored],
    target: int,
    metrics: Metrics,
) -> None:
    """The totals hand by hand, a line per seat named at its end, over a dashed line at the target."""
    px = metrics.text(12)
    label_width = max(fonts.size(seat_name(seat), px, bold=True)[0] for seat in Seat) + metrics.px(6)
    area = pygame.Rect(rect.left, rect.top + px, rect.width - label_width, rect.height - 2 * px)
    points, target_y = chart_points(results, target, area)
    pygame.draw.line(surface, theme.PANEL_BORDER, area.bottomleft, area.bottomright, max(1, metrics.px(1)))
    dash = metrics.px(6)
    for x in range(area.left, area.right, 2 * dash):
        end = min(x + dash, area.right)
        pygame.draw.line(surface, TARGET_LINE, (x, target_y), (end, target_y), max(1, metrics.px(2)))
    words = f"target {target}"
    label = pygame.Rect(area.left, target_y - px - metrics.px(4), area.width, px + metrics.px(2))
    draw_text(surface, fonts, words, label, px, TARGET_LINE, align="left", wrap=False)
    width = max(2, metrics.px(3))
    ends: list[int] = []
    for seat in sorted(Seat, key=lambda seat: points[seat][-1][1]):
        line = points[seat]
        if len(line) > 1:
            pygame.draw.lines(surface, SEAT_LINES[seat], False, line, width)
        for point in line:
            pygame.draw.circle(surface, SEAT_LINES[seat], point, width)
        # Names at the lines' ends, nudged apart where ends meet.
        y = line[-1][1]
        for other in ends:
            if abs(y - other) < px + 2:
                y = other + px + 2
        ends.append(y)
        name = pygame.Rect(area.right + metrics.px(6), y - px // 2 - 1, label_width, px + 2)
        draw_text(
            surface, fonts, seat_name(seat), name, px, SEAT_LINES[seat], bold=True, align="left", wrap=False
        )


@dataclass(slots=True)
class _Piece:
    suit: Suit
    x: float
    """Across the window, 0 to 1."""
    delay: float
    speed: float
    """Window heights a second."""
    sway: float
    size: float
    """Of the window's shorter side."""


class Confetti:
    """The four suits falling across the window for ``FALL_TIME`` seconds, then gone."""

    def __init__(self, *, seed: int = 7) -> None:
        chance = random.Random(seed)  # the same fall every time: a picture, not a lottery
        self.pieces = [
            _Piece(
                suit=Suit(index % 4),
                x=chance.random(),
                delay=chance.random() * 1.2,
                speed=0.25 + chance.random() * 0.25,
                sway=chance.random() * math.tau,
                size=0.035 + chance.random() * 0.025,
            )
            for index in range(PIECES)
        ]
        self.age = 0.0

    @property
    def is_falling(self) -> bool:
        return self.age < FALL_TIME

    def advance(self, dt: float) -> None:
        if self.is_falling:
            self.age = min(FALL_TIME, self.age + dt)

    def draw(self, surface: pygame.Surface, painter: CardPainter) -> None:
        width, height = surface.get_size()
        short = min(width, height)
        fade = max(0.0, min(1.0, (FALL_TIME - self.age) / 0.8))
        if fade <= 0:
            return
        for piece in self.pieces:
            time = self.age - piece.delay
            if time < 0:
                continue
            y = -0.1 + time * piece.speed
            if y > 1.05:
                continue
            size = max(6, round(piece.size * short))
            x = piece.x * width + math.sin(piece.sway + time * 2.4) * size
            colour = theme.suit_colour(piece.suit, on_dark=True)
            image = painter.pip(piece.suit, size, colour)
            if fade < 1:
                image = image.copy()
                image.set_alpha(round(255 * fade))
            surface.blit(image, (round(x - size / 2), round(y * height)))
