"""Draw the app's icons (the favicon and the web app manifest's 192, 512 and maskable 512) into web/icons/.

    .venv/bin/python tools/make_icons.py

The design: two fanned cards, the ace of hearts on top, on the table's felt. The maskable icon keeps the
cards inside the middle 80% (the part every launcher shows) over a full-bleed felt.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "game"))

import pygame  # noqa: E402

from hearts.engine.cards import Card  # noqa: E402
from hearts.ui import theme  # noqa: E402
from hearts.ui.render.cards import CardPainter  # noqa: E402
from hearts.ui.render.fonts import Fonts  # noqa: E402

OUT = ROOT / "web" / "icons"


def icon(size: int, *, maskable: bool, painter: CardPainter) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    felt = theme.felt((size, size))
    if maskable:
        surface.blit(felt, (0, 0))
        area = round(size * 0.8)
    else:
        mask = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(size * 0.22))
        surface.blit(felt, (0, 0))
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        area = round(size * 0.92)
    height = round(area * 0.78)
    width = round(height / 1.4)
    back = pygame.transform.rotozoom(painter.back(width, height), 12, 1)
    front = pygame.transform.rotozoom(painter.face(Card.parse("AH"), width, height), -8, 1)
    centre = size // 2
    surface.blit(back, back.get_rect(center=(centre - round(width * 0.22), centre)))
    surface.blit(front, front.get_rect(center=(centre + round(width * 0.18), centre + round(height * 0.02))))
    return surface


def main() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    painter = CardPainter(Fonts())
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
        ("favicon.png", 64, False),
        ("apple-touch-icon.png", 180, True),
    ):
        pygame.image.save(icon(size, maskable=maskable, painter=painter), str(OUT / name))
        print(OUT / name)


if __name__ == "__main__":
    main()
