"""The main menu: continue or start a match, the daily deal, learn, options, rules, statistics."""

from __future__ import annotations

import math

import pygame

from ...page import Mirror
from .. import theme
from ..focus import step_focus
from ..intents import Confirm, Intent, Jump, Pressed, Step, Tap
from ..layout import metrics_for
from ..mirrors import screen_mirror
from ..render.text import draw_text
from ..routes import (
    ConfirmNewMatch,
    ContinueMatch,
    DailyDeal,
    FriendsTable,
    HowToPlay,
    Lesson,
    NewMatch,
    Options,
    Route,
    Statistics,
)
from ..widgets import Button, column_label_sizes, draw_button
from .base import Context, Push, Reset, Scene, Transition


class MenuScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.focus: int | None = None
        super().__init__(ctx)

    @property
    def is_still(self) -> bool:
        return True  # the menu moves only when the player does

    is_safe_to_reload = True

    @property
    def can_continue(self) -> bool:
        session = self.ctx.session
        return session is not None and not session.match.is_over

    def resize(self, size: tuple[int, int]) -> None:
        metrics = metrics_for(size, self.ctx.scale)
        self.metrics = metrics
        width, height = size
        entries = [
            ("continue", "Continue match"),
            ("new", "New match"),
            ("daily", "Daily deal"),
            ("friends", "Play friends"),
            ("learn", "Learn to play"),
            ("options", "Options"),
            ("rules", "How to play"),
            ("stats", "Statistics"),
        ]
        if not self.can_continue:
            entries = entries[1:]
        gap = metrics.px(10)
        margin = metrics.px(16)
        title = max(metrics.px(90), min(height // 4, metrics.px(160)))
        columns = 1
        if title + len(entries) * (metrics.tap + gap) > height - margin:
            # A short window (a phone on its side): the entries in two columns under a smaller title.
            columns = 2
            title = max(metrics.px(64), min(title, height - margin - 3 * (metrics.tap + gap)))
        rows = math.ceil(len(entries) / columns)
        button_width = min((width - 2 * metrics.px(24) - (columns - 1) * gap) // columns, metrics.px(340))
        total = rows * metrics.tap + (rows - 1) * gap
        self.title_rect = pygame.Rect(0, 0, width, title)
        top = max(self.title_rect.bottom, (height - total) // 2)
        top = min(top, height - total - metrics.px(40))
        top = max(top, self.title_rect.bottom)
        span = columns * button_width + (columns - 1) * gap
        self.buttons = []
        for index, (key, label) in enumerate(entries):
            row, column = divmod(index, columns)  # in reading order
            left = (width - span) // 2 + column * (button_width + gap)
            if row == rows - 1 and len(entries) % columns and columns > 1:
                left = (width - button_width) // 2  # a lone last entry sits in the middle
            rect = pygame.Rect(left, top + row * (metrics.tap + gap), button_width, metrics.tap)
            self.buttons.append(Button(key, rect, label=label, primary=index == 0))
        self.dirty = True

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Pressed):
            keys = [button.key for button in self.buttons]
            if intent.kind != "choice" or intent.id not in keys:
                return None
            self.focus = keys.index(intent.id)
            return self._press(intent.id)
        if isinstance(intent, Tap):
            for button in self.buttons:
                if button.hit(intent.pos):
                    return self._press(button.key)
            return None
        if isinstance(intent, Step):
            rects = [button.rect for button in self.buttons]
            self.focus = step_focus(rects, self.focus, intent)
        elif isinstance(intent, Jump):
            self.focus = len(self.buttons) - 1 if intent.to_end else 0
        elif isinstance(intent, Confirm):
            return self._press(self.buttons[self.focus or 0].key)
        else:
            return None  # hovering and the rest change nothing here
        self.dirty = True
        return None

    title = "Hearts"

    def mirror(self) -> Mirror:
        """The menu's buttons for the page's mirror."""
        return screen_mirror(
            "Hearts: main menu", self.buttons, None if self.focus is None else self.buttons[self.focus].key
        )

    def _press(self, key: str) -> Transition | None:
        self.dirty = True
        if key == "continue" and self.ctx.session is not None:
            return Reset(ContinueMatch())
        if key == "new":
            return Push(ConfirmNewMatch(from_menu=True)) if self.can_continue else Reset(NewMatch())
        screens: dict[str, Route] = {
            "daily": DailyDeal(),
            "learn": Lesson(),
        }
        if key in screens:
            return Reset(screens[key])
        over: dict[str, Route] = {
            "friends": FriendsTable(),
            "options": Options(),
            "rules": HowToPlay(),
            "stats": Statistics(),
        }
        return Push(over[key]) if key in over else None

    def resume(self, result: object) -> Transition | None:
        self.resize(self.ctx.size)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        metrics = self.metrics
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        # The title over its subtitle, the title's size following the room (short windows have less).
        title = self.title_rect
        sub = pygame.Rect(0, 0, title.width, metrics.px(24))
        sub.bottom = title.bottom - metrics.px(8)
        name = pygame.Rect(0, title.top + metrics.px(4), title.width, sub.top - title.top - metrics.px(4))
        size = max(metrics.text(24), min(metrics.text(56), round(name.height / 1.2)))
        draw_text(surface, self.ctx.fonts, "Hearts", name, size, theme.TITLE, bold=True)
        draw_text(
            surface, self.ctx.fonts, "against three computer players", sub, metrics.text(15), theme.TEXT_MUTED
        )
        sizes = column_label_sizes(self.ctx.fonts, self.buttons, metrics.unit, metrics.text(12))
        for index, (button, size) in enumerate(zip(self.buttons, sizes, strict=True)):
            draw_button(
                surface,
                self.ctx.fonts,
                button,
                metrics.unit,
                metrics.text(12),
                focused=index == self.focus,
                px=size,
            )
