"""Buttons, panels and focus rings, drawn the same way on every screen."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Final

import pygame

from . import theme
from .render.fonts import Fonts
from .render.icons import draw_icon
from .render.text import draw_text, fit_size, wrap
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
        surface.blit(_see_through_panel(rect.size, radius, colour), rect.topleft)
    else:
        pygame.draw.rect(surface, colour[:3], rect, border_radius=radius)


@functools.lru_cache(maxsize=64)
def _see_through_panel(size: tuple[int, int], radius: int, colour: tuple[int, ...]) -> pygame.Surface:
    """A panel with alpha, kept: the table draws the same few boxes again for every card played."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
    return layer


SCRIM_BAND: Final = 64
"""Rows of the grey band ``darken`` multiplies in, a band at a time (as wide as the screen: some 200 KB)."""


def darken(surface: pygame.Surface) -> None:
    """The whole of ``surface`` darkened behind a modal dialog: each colour multiplied by ``theme.SCRIM``,
    a kept grey band at a time. A multiplying fill makes the same pixels, but pygame-ce's blended fills
    have no fast path in WebAssembly: 19 ms there at 780×1688, where these blits take 3.6 (natively both
    about 0.25 ms)."""
    width, height = surface.get_size()
    band = _grey_band(width)
    whole, flags = band.get_rect(), pygame.BLEND_RGB_MULT
    surface.blits([(band, (0, top), whole, flags) for top in range(0, height, SCRIM_BAND)], doreturn=False)


@functools.lru_cache(maxsize=2)
def _grey_band(width: int) -> pygame.Surface:
    band = pygame.Surface((width, SCRIM_BAND))
    band.fill(theme.SCRIM)
    return band


def draw_title(
    surface: pygame.Surface, fonts: Fonts, title: str, rect: pygame.Rect, px: int, min_text: int
) -> None:
    """A screen's title in ``rect``, bold, at ``px`` or as much smaller (down to ``min_text``) as fits."""
    size = fit_size(fonts, title, rect.width, px, min_text, bold=True)
    draw_text(surface, fonts, title, rect, size, theme.TITLE, bold=True)


FOCUS_BAND = 2.5
"""The thickness of each of the focus ring's bands, in design pixels."""


def focus_band(unit: float) -> int:
    """How thick each of the focus ring's two bands is: 2.5 design pixels, rounded up, so never under
    2 CSS pixels (a design pixel is at least a CSS pixel)."""
    return math.ceil(FOCUS_BAND * unit)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, unit: float, radius: int | None = None) -> None:
    """The focus ring round ``rect`` (a button, a card whose corners are rounded by ``radius``): a dark
    band against it, which stands out on a light card or button (the yellow one too), and a light band
    outside it, which stands out on the felt and on dark panels; each at least 2 CSS pixels thick, drawn
    over whatever lies beside ``rect``."""
    band = focus_band(unit)
    corner = max(4, round(10 * unit)) if radius is None else radius
    outer = rect.inflate(4 * band, 4 * band)
    # The light band drawn twice as thick, under the dark one, leaves no gap between them at the corners.
    pygame.draw.rect(surface, theme.FOCUS_RING, outer, width=2 * band, border_radius=corner + 2 * band)
    inner = rect.inflate(2 * band, 2 * band)
    pygame.draw.rect(surface, theme.FOCUS_RING_OUTLINE, inner, width=band, border_radius=corner + band)


def draw_focus_around(surface: pygame.Surface, parts: list[pygame.Rect], unit: float) -> None:
    """The focus ring of ``draw_focus`` round the shape the rectangles ``parts`` make together (a raised
    card's part in view: the strip beside the card over it, and the band above that card), its corners
    square: each band is the parts grown by its offset, less the parts grown by the one inside it."""
    band = focus_band(unit)
    area = parts[0].unionall(parts[1:]).inflate(4 * band, 4 * band)
    ring = pygame.Surface(area.size, pygame.SRCALPHA)
    for grown, colour in ((2, theme.FOCUS_RING), (1, theme.FOCUS_RING_OUTLINE), (0, (0, 0, 0, 0))):
        for part in parts:
            ring.fill(colour, part.move(-area.x, -area.y).inflate(2 * grown * band, 2 * grown * band))
    surface.blit(ring, area)


LABEL_PAD = 12
"""Room between a label and its button's left and right edges, in design pixels."""


def label_room(rect: pygame.Rect, unit: float) -> pygame.Rect:
    """Where a button's label may stand: its button less the padding (less on a narrow button)."""
    pad = min(round(LABEL_PAD * unit), rect.width // 8)
    return rect.inflate(-2 * pad, -round(6 * unit))


def label_size(fonts: Fonts, buttons: list[Button], unit: float, min_text: int) -> int:
    """One type size for a set of buttons read together (a menu whose labels shrink one by one reads
    as untidy): the largest, from 18 design pixels, at which every label stands on one line, down to 14;
    else the largest at which every label fits broken between words over as many lines as its button
    holds (a word cut in two reads as a typo); never under ``min_text``."""
    labelled = [button for button in buttons if button.label and button.icon is None]
    largest = max(min_text, round(18 * unit))
    one_line = max(min_text, round(14 * unit))
    for px in range(largest, one_line - 1, -1):
        if all(_label_fits(fonts, button, unit, px, lines=1) for button in labelled):
            return px
    px = largest
    while px > min_text and not all(_label_fits(fonts, button, unit, px) for button in labelled):
        px -= 1
    return px


def column_label_sizes(fonts: Fonts, buttons: list[Button], unit: float, min_text: int) -> list[int]:
    """One label size per set of buttons read together, button by button: a column (the same left edge
    and width), or a row (the same top and height: a segmented control, Previous and Next); a button in
    both joins them."""
    group = list(range(len(buttons)))

    def root(index: int) -> int:
        while group[index] != index:
            index = group[index]
        return index

    seen: dict[tuple[str, int, int], int] = {}
    for index, button in enumerate(buttons):
        rect = button.rect
        for key in (("column", rect.left, rect.width), ("row", rect.top, rect.height)):
            if key in seen:
                group[root(index)] = root(seen[key])
            else:
                seen[key] = index
    members: dict[int, list[Button]] = {}
    for index, button in enumerate(buttons):
        members.setdefault(root(index), []).append(button)
    sizes = {first: label_size(fonts, together, unit, min_text) for first, together in members.items()}
    return [sizes[root(index)] for index in range(len(buttons))]


def _label_fits(fonts: Fonts, button: Button, unit: float, px: int, *, lines: int | None = None) -> bool:
    """Whether a label fits its button at ``px``, words whole, on at most ``lines`` lines (else as many
    as the button's height holds)."""
    room = label_room(button.rect, unit)
    if any(fonts.size(word, px, bold=True)[0] > room.width for word in button.label.split()):
        return False
    wrapped = wrap(fonts, button.label, px, room.width, bold=True)
    fits_height = len(wrapped) * fonts.line_height(px, bold=True) <= room.height
    return fits_height and (lines is None or len(wrapped) <= lines)


def button_colours(
    *, enabled: bool, primary: bool = False, selected: bool = False
) -> tuple[theme.RGB, theme.RGB]:
    """A button's fill and its ink (label or icon), by its state."""
    if not enabled:
        return theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
    if primary:
        return theme.PRIMARY, theme.PRIMARY_TEXT
    if selected:
        return theme.SELECTED, theme.TEXT_DARK
    return theme.BUTTON, theme.BUTTON_TEXT


def icon_side(rect: pygame.Rect) -> int:
    """How large a button's icon is drawn: a square of some half its shorter side."""
    return round(min(rect.width, rect.height) * 0.56)


def draw_button(
    surface: pygame.Surface,
    fonts: Fonts,
    button: Button,
    unit: float,
    min_text: int,
    *,
    focused: bool = False,
    px: int | None = None,
) -> None:
    """A button; its label at ``px`` when the button belongs to a column set in one size (else as large
    as fits, up to 18 design pixels)."""
    radius = max(4, round(10 * unit))
    fill, ink = button_colours(enabled=button.enabled, primary=button.primary, selected=button.selected)
    draw_panel(surface, button.rect, radius, fill)
    note_button(button.key, button.rect, enabled=button.enabled)
    if button.icon is not None:
        side = icon_side(button.rect)
        icon = pygame.Rect(0, 0, side, side)
        icon.center = button.rect.center
        draw_icon(surface, button.icon, icon, ink)
    elif button.label:
        inner = label_room(button.rect, unit)
        size = px or fit_size(
            fonts, button.label, inner.width, max(min_text, round(18 * unit)), min_text, bold=True
        )
        draw_text(surface, fonts, button.label, inner, size, ink, bold=True, align="center", wrap=True)
    if focused:
        draw_focus(surface, button.rect, unit)
