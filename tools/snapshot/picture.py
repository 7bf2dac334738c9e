"""A scene's picture: the context the scenes are built in (a store in memory, a made-up record), and the
stack that shows a scene drawn as the game draws it, with its layout report."""

from __future__ import annotations

import pygame

from hearts.storage import MemoryBackend, Settings, Stats, Store
from hearts.ui.context import Context
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.fonts import Fonts
from hearts.ui.report import LayoutReport, recording
from hearts.ui.scenes.table import TableScene

from .scenes import build


def context(size: tuple[int, int], scale: float, settings: Settings | None = None) -> Context:
    """A context over a store in memory, with a record of a dozen matches played."""
    fonts = Fonts()
    stats = Stats(
        matches_played=12,
        matches_won=5,
        hands_played=131,
        points_taken=742,
        moons_shot=2,
        queens_taken=17,
        hands_reviewed=127,
        points_lost_tenths=2794,
        last_hands_reviewed=11,
        last_points_lost_tenths=174,
    )
    return Context(
        store=Store(MemoryBackend()),
        fonts=fonts,
        painter=CardPainter(fonts),
        settings=settings or Settings(),
        stats=stats,
        size=size,
        scale=scale,
    )


def render(
    name: str,
    size: tuple[int, int],
    scale: float = 1.0,
    settings: Settings | None = None,
    *,
    keys: bool = False,
) -> tuple[pygame.Surface, LayoutReport]:
    """The scene ``name`` drawn at ``size``, and its layout report (what was drawn where, in CSS px);
    with ``keys``, as a player using the keyboard sees it (the table's focus on a card you may play).

    The stack is drawn as the app draws it: the last full screen, and what lies over it."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    ctx = context(size, scale, settings)
    ctx.keyboard = keys
    surface = pygame.Surface(size)
    stack = build(name, ctx)
    for scene in stack:
        if isinstance(scene, TableScene):
            scene.place_focus()
    first = max(index for index, scene in enumerate(stack) if not scene.is_overlay)
    with recording(size, scale) as report:
        for scene in stack[first:]:
            scene.draw(surface)
    return surface, report
