"""Render every card face, the back, the overlays and the icons into PNG contact sheets, to look at them.

    .venv/bin/python tools/card_sheet.py   # /tmp/cards_small.png, /tmp/cards_large.png, /tmp/icons.png
    .venv/bin/python tools/card_sheet.py --size 90x126 --four-colour --out /tmp/cards.png
    .venv/bin/python tools/card_sheet.py --size 72x101 --out docs/images/cards.png   # the README's sheet

Runs headless (SDL's dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "game"))

import pygame

from hearts.engine.cards import Card, Rank, Suit
from hearts.ui import theme
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.fonts import Fonts
from hearts.ui.render.icons import ICONS, draw_icon

SUITS_IN_ROWS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def card_sheet(painter: CardPainter, width: int, height: int, *, four_colour: bool) -> pygame.Surface:
    """Four rows of thirteen faces, then a row with the back, a dimmed card, a shadowed card and a fan."""
    gap = max(6, width // 8)
    columns, rows = 13, 6
    sheet = pygame.Surface((gap + columns * (width + gap), gap + rows * (height + gap)))
    sheet.blit(theme.felt(sheet.get_size()), (0, 0))
    for row, suit in enumerate(SUITS_IN_ROWS):
        for column, rank in enumerate(Rank):
            x, y = gap + column * (width + gap), gap + row * (height + gap)
            sheet.blit(painter.face(Card.of(rank, suit), width, height, four_colour=four_colour), (x, y))
    y = gap + 4 * (height + gap)
    x = gap
    sheet.blit(painter.back(width, height), (x, y))
    x += width + gap
    sheet.blit(painter.face(Card.parse("QS"), width, height, four_colour=four_colour), (x, y))
    sheet.blit(painter.dim(width, height), (x, y))
    x += width + gap
    rect = pygame.Rect(x, y, width, height)
    sheet.blit(painter.shadow(width, height), CardPainter.shadow_rect(rect))
    sheet.blit(painter.face(Card.parse("AH"), width, height, four_colour=four_colour), rect)
    # A hand as the table shows it: overlapping so only the left 40 % of each card shows.
    x += width + gap * 2
    hand = ["2C", "9C", "QC", "4D", "10D", "KD", "3S", "JS", "QS", "AS", "5H", "10H", "JH"]
    for index, text in enumerate(hand):
        rect = pygame.Rect(x + index * round(width * 0.4), y, width, height)
        sheet.blit(painter.shadow(width, height), CardPainter.shadow_rect(rect))
        sheet.blit(painter.face(Card.parse(text), width, height, four_colour=four_colour), rect)
        if index in (0, 1, 2):
            sheet.blit(painter.dim(width, height), rect)
    # The last row: the same hand in the other colour scheme.
    y += height + gap
    for index, text in enumerate(hand):
        rect = pygame.Rect(gap + index * round(width * 0.4), y, width, height)
        sheet.blit(painter.face(Card.parse(text), width, height, four_colour=not four_colour), rect)
    return sheet


def icon_sheet(sizes: tuple[int, ...] = (16, 24, 32, 48, 96)) -> pygame.Surface:
    gap = 12
    width = gap + len(ICONS) * (max(sizes) + gap)
    height = gap + len(sizes) * (max(sizes) + gap) + max(sizes) + gap
    sheet = pygame.Surface((width, height))
    sheet.blit(theme.felt(sheet.get_size()), (0, 0))
    y = gap
    for size in sizes:
        for column, name in enumerate(ICONS):
            rect = pygame.Rect(gap + column * (max(sizes) + gap), y, size, size)
            draw_icon(sheet, name, rect, theme.TEXT)
        y += max(sizes) + gap
    for column, name in enumerate(ICONS):  # on a light button
        rect = pygame.Rect(gap + column * (max(sizes) + gap), y, 48, 48)
        pygame.draw.rect(sheet, theme.BUTTON, rect, border_radius=10)
        draw_icon(sheet, name, rect.inflate(-14, -14), theme.BUTTON_TEXT)
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", action="append", help="WxH, e.g. 60x84 (repeatable)")
    parser.add_argument("--out", action="append", type=Path, help="one PNG per --size")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--icons", type=Path, default=Path("/tmp/icons.png"))
    args = parser.parse_args(argv)
    sizes = args.size or ["60x84", "160x224"]
    outs = args.out or [Path("/tmp/cards_small.png"), Path("/tmp/cards_large.png")][: len(sizes)]
    if len(outs) != len(sizes):
        parser.error("give one --out per --size")
    pygame.init()
    painter = CardPainter(Fonts())
    for size, out in zip(sizes, outs, strict=True):
        width, height = (int(part) for part in size.lower().split("x"))
        pygame.image.save(card_sheet(painter, width, height, four_colour=args.four_colour), str(out))
        print(out)
    pygame.image.save(icon_sheet(), str(args.icons))
    print(args.icons)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
