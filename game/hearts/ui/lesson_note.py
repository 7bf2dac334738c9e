"""The lesson's note: a panel in the band the lesson's layout keeps for it, ringing and pointing at the
thing it explains."""

from __future__ import annotations

import pygame

from ..engine import Seat
from ..lesson import Note
from . import theme
from .layout import Metrics
from .render.fonts import Fonts
from .render.text import draw_text, wrap
from .table_layout import TableLayout
from .widgets import draw_panel


def note_text(fonts: Fonts, text: str, band: pygame.Rect, metrics: Metrics) -> tuple[int, list[str], int]:
    """The text size, the wrapped lines and the box height for a note in ``band``: 15-pixel text, smaller
    (never under the 12-CSS-pixel floor) when the note would not fit."""
    pad = metrics.px(10)
    title = round(metrics.text(16) * 1.5)
    px = metrics.text(15)
    while True:
        lines = wrap(fonts, text, px, band.width - 2 * pad)
        height = len(lines) * fonts.line_height(px) + title + 2 * pad
        if height <= band.height or px <= metrics.text(12):
            return px, lines, min(height, band.height)
        px -= 1


def draw_note(
    surface: pygame.Surface,
    fonts: Fonts,
    note: Note,
    layout: TableLayout,
    band: pygame.Rect,
    your_turn: bool,
    *,
    keyboard: bool = False,
    focused: bool = False,
) -> pygame.Rect:
    """Draw ``note`` in ``band`` (or over your hand, ``note_band``); where its box is (a tap there
    closes it). Its hint names Enter when ``keyboard`` (keys are in use), but on your turn with the
    focus on your hand (``focused``) Enter plays, so it says that your move closes the note."""
    metrics = layout.metrics
    pad = metrics.px(10)
    title_px = metrics.text(16)
    band = note_band(fonts, note, layout, band, your_turn)
    text_px, lines, height = note_text(fonts, note.text, band, metrics)
    line_height = fonts.line_height(text_px)
    box = pygame.Rect(band.left, band.top, band.width, height)
    if not layout.is_portrait:
        box.centery = band.centery
    _draw_pointer(surface, layout, box, note)
    draw_panel(surface, box, metrics.px(12), theme.PANEL_LIGHT)
    pygame.draw.rect(surface, theme.HINT, box, width=max(2, metrics.px(2)), border_radius=metrics.px(12))
    inner = box.inflate(-2 * pad, -2 * pad)
    title = pygame.Rect(inner.left, inner.top, inner.width, round(title_px * 1.4))
    draw_text(
        surface, fonts, note.title, title, title_px, theme.TEXT_DARK, bold=True, align="left", wrap=False
    )
    if not keyboard:
        hint = "tap to close" if your_turn else "tap to go on"
    elif your_turn:
        hint = "your move closes it" if focused else "Enter to close"
    else:
        hint = "Enter to go on"
    draw_text(surface, fonts, hint, title, metrics.text(12), theme.TEXT_DARK_MUTED, align="right", wrap=False)
    top = title.bottom
    for line in lines:
        if top + line_height > inner.bottom + 1:
            break  # never outside the box (a test holds every note to its box)
        row = pygame.Rect(inner.left, top, inner.width, line_height)
        draw_text(surface, fonts, line, row, text_px, theme.TEXT_DARK, align="left", wrap=False)
        top += line_height
    return box


def note_band(
    fonts: Fonts, note: Note, layout: TableLayout, band: pygame.Rect, your_turn: bool
) -> pygame.Rect:
    """Where ``note`` stands: in ``band``, unless the band lies over the trick (a short window) and the
    note is about the table while the computer players wait for you to read it; then over your hand,
    which has nothing to play meanwhile, so the trick it names stays in sight (when it fits there at
    its full size)."""
    if your_turn or note.anchor == "hand" or not band.colliderect(layout.trick_area):
        return band
    metrics = layout.metrics
    gap = metrics.px(6)
    hand = layout.hand.area
    below = pygame.Rect(band.left, hand.top, band.width, hand.bottom - hand.top - gap)
    if any(below.colliderect(control) for control in layout.controls().values()):
        return band
    px, _, height = note_text(fonts, note.text, below, metrics)
    return below if px == metrics.text(15) and height <= below.height else band


def _draw_pointer(surface: pygame.Surface, layout: TableLayout, box: pygame.Rect, note: Note) -> None:
    """Ring the thing the note explains (a seat, the marks, the trick), and point at it with a short
    arrow from the note's edge; the hand's suggested cards glow already."""
    target = _anchor_rect(layout, note.anchor)
    if target is None or note.anchor == "hand":
        return
    metrics = layout.metrics
    width = max(2, metrics.px(3))
    pygame.draw.rect(
        surface,
        theme.HINT,
        target.inflate(2 * width, 2 * width),
        width=width,
        border_radius=metrics.px(12),
    )
    if box.colliderect(target):
        return
    below = target.centery > box.bottom
    above = target.centery < box.top
    if not (below or above):
        return
    x = min(max(target.centerx, box.left + metrics.px(24)), box.right - metrics.px(24))
    edge = box.bottom if below else box.top
    size = metrics.px(10)
    tip = edge + size if below else edge - size
    pygame.draw.polygon(surface, theme.HINT, [(x - size, edge), (x + size, edge), (x, tip)])


def _anchor_rect(layout: TableLayout, anchor: str) -> pygame.Rect | None:
    if anchor == "hand":
        return layout.hand.area
    if anchor == "action":
        return layout.action
    if anchor == "trick":
        return layout.trick_area
    if anchor == "marks":
        return layout.marks
    if anchor.startswith("seat:"):
        return layout.seats[Seat[anchor[5:]]].panel
    return None
