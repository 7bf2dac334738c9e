"""The back of every card: a deep red lattice inside a white margin, a heart on a medallion in the middle."""

from __future__ import annotations

import pygame

from hearts.engine.cards import Suit
from hearts.ui import theme
from hearts.ui.render.faces import SUIT_SHAPES
from hearts.ui.render.shapes import supersampled


def draw_back(width: int, height: int) -> pygame.Surface:
    """The back at ``width`` x ``height`` (SRCALPHA, rounded corners, thin border)."""
    radius = max(3, round(width * 0.065))
    border = max(1, round(width / 110))

    def draw(big: pygame.Surface, k: int) -> None:
        outer = big.get_rect()
        pygame.draw.rect(big, theme.CARD_BORDER, outer, border_radius=radius * k)
        face = outer.inflate(-2 * border * k, -2 * border * k)
        pygame.draw.rect(big, theme.CARD_BACK_MARGIN, face, border_radius=max(1, (radius - border) * k))
        margin = max(2, round(width * 0.07)) * k
        panel = outer.inflate(-2 * margin, -2 * margin)
        inner_radius = max(1, round(radius * 0.6)) * k
        pygame.draw.rect(big, theme.CARD_BACK, panel, border_radius=inner_radius)
        pattern = pygame.Surface(panel.size, pygame.SRCALPHA)
        pattern.fill((*theme.CARD_BACK_LINE, 0))
        _lattice(pattern, max(4, round(width * 0.16)) * k, max(1, round(width / 80 * k)))
        mask = pygame.Surface(panel.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(pattern, panel)
        frame = panel.inflate(-2 * max(1, round(width * 0.03)) * k, -2 * max(1, round(width * 0.03)) * k)
        pygame.draw.rect(
            big,
            theme.CARD_BACK_MARGIN,
            frame,
            width=max(1, round(width / 90 * k)),
            border_radius=max(1, inner_radius // 2),
        )
        # A medallion in the middle: a heart on a cream oval ringed in the back's colour.
        medal = pygame.Rect(0, 0, round(width * 0.36) * k, round(width * 0.36) * k)
        medal.center = outer.center
        pygame.draw.ellipse(big, theme.CARD_BACK_MARGIN, medal)
        ring, disc = medal.width // 7, medal.width // 4
        pygame.draw.ellipse(big, theme.CARD_BACK, medal.inflate(-ring, -ring))
        pygame.draw.ellipse(big, theme.CARD_BACK_MARGIN, medal.inflate(-disc, -disc))
        heart = round(medal.width * 0.42)
        left, top = medal.centerx - heart / 2, medal.centery - heart / 2
        SUIT_SHAPES[Suit.HEARTS].draw(big, theme.CARD_BACK, left, top, heart)

    return supersampled((width, height), theme.CARD_BORDER, draw, 2)


def _lattice(surface: pygame.Surface, step: int, stroke: int) -> None:
    """The back's pattern: diagonal lines both ways, centred, with a small diamond where they cross."""
    width, height = surface.get_size()
    cx, cy = width / 2, height / 2
    colour = (*theme.CARD_BACK_LINE, 255)
    reach = width + height
    for n in range(-(reach // step) - 1, reach // step + 2):
        # y - cy = (x - cx) + n * step  and  y - cy = -(x - cx) + n * step
        offset = n * step
        left, right = cx - reach, cx + reach
        pygame.draw.line(surface, colour, (left, cy - reach + offset), (right, cy + reach + offset), stroke)
        pygame.draw.line(surface, colour, (left, cy + reach + offset), (right, cy - reach + offset), stroke)
    jewel = max(stroke * 1.8, step * 0.16)
    inner = jewel * 0.5
    dark = (*theme.CARD_BACK_DARK, 255)
    half = step / 2
    rows = int(height / half) // 2 + 2
    columns = int(width / step) // 2 + 2
    for j in range(-rows, rows + 1):
        y = cy + j * half
        for i in range(-columns * 2, columns * 2 + 1):
            if (i - j) % 2:
                continue
            x = cx + i * half
            for ink, r in ((colour, jewel), (dark, inner)):
                pygame.draw.polygon(surface, ink, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
