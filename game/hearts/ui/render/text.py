"""Laying out text: word wrapping, the largest size that fits, and drawing a block of text in a rectangle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from hearts.ui.render.fonts import Fonts

from ..report import note_text

if TYPE_CHECKING:
    from pygame.typing import ColorLike, RectLike

Align = Literal["center", "left", "right"]


def _break_word(fonts: Fonts, word: str, px: int, max_width: int, bold: bool) -> list[str]:
    """A word too long for a line, cut into pieces that fit (each at least one character)."""
    font = fonts.get(px, bold=bold)
    pieces: list[str] = []
    piece = ""
    for char in word:
        if piece and font.size(piece + char)[0] > max_width:
            pieces.append(piece)
            piece = char
        else:
            piece += char
    if piece:
        pieces.append(piece)
    return pieces


def wrap(fonts: Fonts, text: str, px: int, max_width: int, *, bold: bool = False) -> list[str]:
    """The lines of ``text`` at ``px`` so that none is wider than ``max_width``.

    Breaks at spaces; a newline starts a new line (an empty line stays empty); a word longer than a whole
    line is cut between characters. Only a single character wider than ``max_width`` can exceed it.
    """
    font = fonts.get(px, bold=bold)
    max_width = max(1, int(max_width))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = [word for word in paragraph.split(" ") if word]  # not at no-break spaces
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            if font.size(word)[0] <= max_width:
                line = word
            else:
                *whole, line = _break_word(fonts, word, px, max_width, bold)
                lines.extend(whole)
        lines.append(line)
    return lines


def fit_size(fonts: Fonts, text: str, max_width: int, max_px: int, min_px: int, *, bold: bool = False) -> int:
    """The largest size from ``min_px`` to ``max_px`` at which every line of ``text`` fits ``max_width``.

    Never less than ``min_px``, even when nothing fits (the caller wraps or clips then).
    """
    min_px = max(1, int(min_px))
    max_px = max(min_px, int(max_px))
    lines = text.split("\n")

    def fits(px: int) -> bool:
        font = fonts.get(px, bold=bold)
        return all(font.size(line)[0] <= max_width for line in lines)

    if fits(max_px):
        return max_px
    # Width grows almost in proportion to size: start from that estimate, then step to the exact answer.
    widest = max(fonts.get(max_px, bold=bold).size(line)[0] for line in lines)
    px = max(min_px, min(max_px - 1, int(max_px * max_width / max(1, widest))))
    while px < max_px - 1 and fits(px + 1):
        px += 1
    while px > min_px and not fits(px):
        px -= 1
    return px


def draw_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    rect: RectLike,
    px: int,
    colour: ColorLike,
    *,
    bold: bool = False,
    align: Align = "center",
    wrap: bool = True,
) -> pygame.Rect:
    """Draw ``text`` inside ``rect``, vertically centred, wrapped to its width unless ``wrap`` is false.

    Returns the area the text covers (an empty rectangle at the centre for empty text). Lines that do not
    fit the height still draw, above and below ``rect``.
    """
    set_text = set_out(fonts, text, rect, px, colour, bold=bold, align=align, wrap=wrap)
    set_text.draw(surface)
    return set_text.area


@dataclass(frozen=True, slots=True)
class SetText:
    """Text set out in a rectangle: each line's image and where it goes, ready to draw again and again
    (a line drawn every frame need not be measured and wrapped every frame)."""

    text: str
    px: int
    lines: tuple[tuple[pygame.Surface, pygame.Rect], ...]
    used: pygame.Rect | None
    area: pygame.Rect
    """What ``draw_text`` returns: the block the text covers."""

    def draw(self, surface: pygame.Surface) -> None:
        for image, target in self.lines:
            surface.blit(image, target)
        if self.used is not None:
            note_text(self.text, self.px, self.used)


def set_out(
    fonts: Fonts,
    text: str,
    rect: RectLike,
    px: int,
    colour: ColorLike,
    *,
    bold: bool = False,
    align: Align = "center",
    wrap: bool = True,
) -> SetText:
    """``text`` set out inside ``rect`` as ``draw_text`` draws it."""
    area = pygame.Rect(rect)
    lines = _wrap_lines(fonts, text, px, area.width, bold) if wrap else text.split("\n")
    line_height = fonts.line_height(px, bold=bold)
    top = area.centery - (line_height * len(lines)) // 2
    used: pygame.Rect | None = None
    placed: list[tuple[pygame.Surface, pygame.Rect]] = []
    for index, line in enumerate(lines):
        if not line:
            continue
        image = fonts.text(line, px, colour, bold=bold)
        target = image.get_rect(top=top + index * line_height)
        if align == "left":
            target.left = area.left
        elif align == "right":
            target.right = area.right
        else:
            target.centerx = area.centerx
        placed.append((image, target))
        used = target.copy() if used is None else used.union(target)
    if used is None:
        covered = pygame.Rect(area.centerx, area.centery, 0, 0)
    else:  # the block's height counts every line, blank ones at either end included
        covered = pygame.Rect(used.left, top, used.width, line_height * len(lines))
    return SetText(text, px, tuple(placed), used, covered)


def _wrap_lines(fonts: Fonts, text: str, px: int, max_width: int, bold: bool) -> list[str]:
    return wrap(fonts, text, px, max_width, bold=bold)
