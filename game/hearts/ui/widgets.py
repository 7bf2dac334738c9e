"""Buttons, panels and focus rings, drawn the same way on every screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme
from .render.fonts import Fonts
from .render.icons import draw_icon
from .render.text import draw_text, fit_size
from .report import note_button


@dataclass(slots=True)
class Button:
    """A tappable control: a label, or an icon with its name for screen readers and tests."""

    key: str
    rect: pygame.Rect
    label: str = ""
    icon: str | None = None
    enabled: bool = True
    primary: bool = False
    selected: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour: tuple[int, ...]) -> None:
    """A rounded panel; colours with alpha are blended over what is beneath."""
    if len(colour) == 4 and colour[3] < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, colour[:3], rect, border_radius=radius)


def draw_title(
    surface: pygame.Surface, fonts: Fonts, title: str, rect: pygame.Rect, px: int, min_text: int
) -> None:
    """A screen's title in ``rect``, bold, at ``px`` or as much smaller (down to ``min_text``) as fits."""
    size = fit_size(fonts, title, rect.width, px, min_text, bold=True)
    draw_text(surface, fonts, title, rect, size, theme.TITLE, bold=True)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, unit: float) -> None:
    width = max(2, round(3 * unit))
    ring = rect.inflate(width * 2 + 2, width * 2 + 2)
    pygame.draw.rect(surface, theme.FOCUS_RING, ring, width=width, border_radius=max(4, round(10 * unit)))


def draw_button(
    surface: pygame.Surface,
    fonts: Fonts,
    button: Button,
    unit: float,
    min_text: int,
    *,
    focused: bool = False,
) -> None:
    radius = max(4, round(10 * unit))
    if not button.enabled:
        fill, ink = theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
    elif button.primary:
        fill, ink = theme.PRIMARY, theme.PRIMARY_TEXT
    elif button.selected:
        fill, ink = theme.SELECTED, theme.TEXT_DARK
    else:
        fill, ink = theme.BUTTON, theme.BUTTON_TEXT
    draw_panel(surface, button.rect, radius, fill)
    note_button(button.key, button.rect, enabled=button.enabled)
    if button.icon is not None:
        side = round(min(button.rect.width, button.rect.height) * 0.56)
        icon = pygame.Rect(0, 0, side, side)
        icon.center = button.rect.center
        draw_icon(surface, button.icon, icon, ink)
    elif button.label:
        inner = button.rect.inflate(-round(12 * unit), -round(6 * unit))
        size = fit_size(
            fonts, button.label, inner.width, max(min_text, round(18 * unit)), min_text, bold=True
        )
        draw_text(surface, fonts, button.label, inner, size, ink, bold=True, align="center", wrap=True)
    if focused:
        draw_focus(surface, button.rect, unit)
