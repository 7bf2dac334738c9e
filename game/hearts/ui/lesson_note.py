"""The lesson's note: a panel in the band the lesson's layout keeps for it, ringing and pointing at the
thing it explains."""

from __future__ import annotations

from collections.abc import Sequence

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
    px, lines, height = _note_size(fonts, text, band, metrics)
    return px, lines, min(height, band.height)


def _note_size(fonts: Fonts, text: str, band: pygame.Rect, metrics: Metrics) -> tuple[int, list[str], int]:
    """``note_text``, with the height the box needs (which may be more than ``band`` has)."""
    pad = metrics.px(10)
    title = round(metrics.text(16) * 1.5)
    px = metrics.text(15)
    while True:
        lines = wrap(fonts, text, px, max(1, band.width - 2 * pad))
        height = len(lines) * fonts.line_height(px) + title + 2 * pad
        if height <= band.height or px <= metrics.text(12):
            return px, lines, height
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
    clear_of: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Draw ``note`` in ``band`` (or where ``note_band`` moves it, clear of the trick's cards
    ``clear_of``); where its box is (a tap there closes it). Its hint names Enter when ``keyboard``
    (keys are in use), but on your turn with the focus on your hand (``focused``) Enter plays, so it
    says that your move closes the note."""
    metrics = layout.metrics
    pad = metrics.px(10)
    title_px = metrics.text(16)
    band = note_band(fonts, note, layout, band, your_turn, clear_of)
    text_px, lines, _ = note_text(fonts, note.text, band, metrics)
    line_height = fonts.line_height(text_px)
    box = _note_box(fonts, note, layout, band)  # (``note_box``)
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


def note_box(
    fonts: Fonts,
    note: Note,
    layout: TableLayout,
    band: pygame.Rect,
    your_turn: bool,
    clear_of: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where ``note``'s box stands, as ``draw_note`` draws it: from the layout, the band and the trick's
    cards it keeps clear of, so a tap is tested against the box the note is drawn in."""
    return _note_box(fonts, note, layout, note_band(fonts, note, layout, band, your_turn, clear_of))


def note_band(
    fonts: Fonts,
    note: Note,
    layout: TableLayout,
    band: pygame.Rect,
    your_turn: bool,
    clear_of: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where ``note`` stands: in ``band``, unless the band lies over the trick (a short window) and the
    note is about the table while the computer players wait for you to read it; then over your hand,
    which has nothing to play meanwhile, so the trick it names stays in sight (when it fits there at
    its full size).

    Nor does it ever cover a card of the trick (``clear_of``, the cards lying in it): when its box
    would, it goes above, below or beside the trick, over the boxes, words and buttons there but never
    over your hand on your turn (a tap on the note closes it, and brings them back): where it fits
    in the largest type, the first of those places on a tie."""
    metrics = layout.metrics
    gap = metrics.px(6)
    hand = layout.hand.area
    chosen = band
    if not your_turn and note.anchor != "hand" and band.colliderect(layout.trick_area):
        below = pygame.Rect(band.left, hand.top, band.width, hand.bottom - hand.top - gap)
        if not any(below.colliderect(control) for control in layout.controls().values()):
            px, _, height = note_text(fonts, note.text, below, metrics)
            if px == metrics.text(15) and height <= below.height:
                chosen = below
    if not clear_of or not _note_box(fonts, note, layout, chosen).collidelistall(list(clear_of)):
        return chosen
    cards = clear_of[0].unionall(list(clear_of[1:]))
    bottom = (layout.hand.reach_top if your_turn else hand.bottom) - gap
    places = [
        pygame.Rect(band.left, band.top, band.width, cards.top - gap - band.top),
        pygame.Rect(band.left, cards.bottom + gap, band.width, bottom - cards.bottom - gap),
        pygame.Rect(band.left, band.top, cards.left - gap - band.left, bottom - band.top),
        pygame.Rect(cards.right + gap, band.top, band.right - cards.right - gap, bottom - band.top),
    ]
    best: tuple[int, pygame.Rect] | None = None
    for place in places:
        if place.width <= 0 or place.height <= 0:
            continue
        px, _, height = _note_size(fonts, note.text, place, metrics)
        if height <= place.height and (best is None or px > best[0]):
            best = (px, place)
    return chosen if best is None else best[1]


def _note_box(fonts: Fonts, note: Note, layout: TableLayout, band: pygame.Rect) -> pygame.Rect:
    """The box ``note`` takes in ``band``: at its top (in landscape, halfway down it), and over the whole
    of any seat's box it lies on, so no seat shows a cut strip of its words below the note's edge."""
    _, _, height = note_text(fonts, note.text, band, layout.metrics)
    box = pygame.Rect(band.left, band.top, band.width, height)
    if not layout.is_portrait:
        box.centery = band.centery
    gap = layout.metrics.px(6)
    for place in layout.seats:
        panel = place.panel.inflate(0, 2 * gap)
        if box.colliderect(place.panel) and not box.contains(place.panel) and band.contains(panel):
            box.union_ip(pygame.Rect(box.left, panel.top, box.width, panel.height))
    return box


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
