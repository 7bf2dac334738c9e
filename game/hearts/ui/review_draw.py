"""Drawing a hand's review from its frame (``review_frame.ReviewFrame``) and that alone: the felt and the
title, the coach's panel with its key moments, the step's heading, four rows of cards with the raised
ones ringed, the coach's word on your decision, and the buttons."""

from __future__ import annotations

import pygame

from . import theme
from .render.cards import CardPainter
from .render.fonts import Fonts
from .render.text import draw_text, fit_size, wrap
from .report import note_button, note_card, note_text
from .review_frame import ReviewFrame
from .review_layout import coach_heading_fit
from .widgets import draw_button, draw_panel, draw_title


def draw_review(surface: pygame.Surface, fonts: Fonts, painter: CardPainter, frame: ReviewFrame) -> None:
    """The whole review screen."""
    layout = frame.layout
    metrics = layout.metrics
    surface.blit(theme.table_background(surface.get_size()), (0, 0))
    draw_title(surface, fonts, frame.title, layout.title, layout.title_px, metrics.text(12))
    _draw_coach(surface, fonts, frame)
    _draw_step(surface, fonts, painter, frame)
    if frame.step_label is not None:
        label, room = frame.step_label, layout.step
        px = fit_size(fonts, label, room.width, metrics.text(15), metrics.text(12), bold=True)
        draw_text(surface, fonts, label, room, px, theme.TEXT, bold=True, wrap=False)
    for button in frame.buttons:
        draw_button(
            surface, fonts, button, metrics.unit, metrics.text(12), focused=button.key == frame.focus_key
        )


def _draw_words(
    surface: pygame.Surface,
    fonts: Fonts,
    words: str,
    rect: pygame.Rect,
    px: int,
    colour: tuple[int, int, int],
) -> None:
    """A few lines from the top of ``rect``, as many as fit."""
    line = fonts.line_height(px)
    y = rect.top
    for text in wrap(fonts, words, px, rect.width):
        if y + line > rect.bottom:
            break
        row = pygame.Rect(rect.left, y, rect.width, line)
        draw_text(surface, fonts, text, row, px, colour, align="left", wrap=False)
        y += line


def _draw_coach(surface: pygame.Surface, fonts: Fonts, frame: ReviewFrame) -> None:
    layout = frame.layout
    metrics, gap, small_px = layout.metrics, layout.gap, layout.small_px
    draw_panel(surface, layout.coach, metrics.px(12), theme.PANEL)
    inner = layout.coach.inflate(-2 * gap, -2 * gap)
    px, lines = coach_heading_fit(fonts, frame.coach_heading, inner.width, metrics)
    top = inner.top
    for words in lines:
        heading = pygame.Rect(inner.left, top, inner.width, fonts.line_height(px, bold=True))
        draw_text(surface, fonts, words, heading, px, theme.TITLE, bold=True, align="left", wrap=False)
        top = heading.bottom
    line = fonts.line_height(small_px)
    for (trick, moment), rect in zip(frame.moments, layout.moments, strict=True):
        if trick == frame.step:
            draw_panel(surface, rect, metrics.px(8), theme.PANEL_SOLID)
        y = rect.top + gap // 2
        for text in wrap(fonts, moment, small_px, rect.width - 2 * gap):
            row = pygame.Rect(rect.left + gap, y, rect.width - 2 * gap, line)
            draw_text(surface, fonts, text, row, small_px, theme.TEXT, align="left", wrap=False)
            y += line
        note_button(f"moment {trick}", rect)  # a tap on it shows its trick


def _draw_step(surface: pygame.Surface, fonts: Fonts, painter: CardPainter, frame: ReviewFrame) -> None:
    layout = frame.layout
    gap = layout.gap
    width, height = layout.card_size
    draw_text(
        surface,
        fonts,
        frame.heading,
        layout.heading,
        layout.text_px,
        theme.TEXT,
        bold=True,
        align="left",
        wrap=False,
    )
    for shown, row in zip(frame.rows, layout.rows, strict=True):
        colour = theme.TITLE if shown.is_winner else theme.TEXT_MUTED
        draw_text(
            surface,
            fonts,
            shown.name,
            row.label,
            layout.small_px,
            colour,
            bold=True,
            align="left",
            wrap=False,
        )
        cards = shown.cards
        if not cards:
            continue
        step = (
            min(width + gap // 2, (row.cards.width - width) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        )
        for index, card in enumerate(cards):
            x = round(row.cards.left + index * step)
            up = card in shown.raised
            rect = pygame.Rect(x, row.cards.top + (0 if up else layout.lift), width, height)
            face = painter.face(card, width, height, four_colour=frame.four_colour)
            surface.blit(face, rect.topleft)
            note_card("review", card, shown.seat, rect, None)
            if up:
                ring = theme.FOCUS_RING if shown.is_winner or frame.step == 0 else theme.SELECTED
                pygame.draw.rect(
                    surface,
                    ring,
                    rect.inflate(2, 2),
                    width=max(2, gap // 3),
                    border_radius=max(3, width // 10),
                )
    if frame.decision is not None:
        words, key = frame.decision
        colour = theme.TITLE if key else theme.TEXT
        _draw_words(surface, fonts, words, layout.decision, layout.small_px, colour)
        note_text(words, layout.small_px, layout.decision)
