"""A dialog over the table: a title, a body (lines, a score table, or a drawing), and buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from ...announce import Announcement, Verbosity, speak_symbols
from ...page import Mirror, MirrorButton, MirrorDialog
from .. import theme
from ..celebration import Confetti
from ..focus import step_focus
from ..intents import Back, Confirm, Hover, Intent, Jump, Pressed, Step, Tap
from ..layout import DialogLayout, Metrics, dialog_layout
from ..render.fonts import Fonts
from ..render.icons import draw_icon
from ..render.text import draw_text, fit_size, wrap
from ..report import note_button
from ..table_voice import box
from ..widgets import Button, darken, draw_button, draw_panel, label_size
from .base import Context, Pop, Scene, Transition

MENU = "menu"
CLOSE = "close"
"""The mirror's ids for a dialog's menu and close buttons (its choices go by their numbers)."""
SECOND_TAP = 0.35
"""Seconds within which a tap is taken as a double tap's second (``Dialog.closes_outside``)."""

BodyDrawer = Callable[[pygame.Surface, pygame.Rect, DialogLayout], None]
BodyHeight = Callable[[Metrics, int], int]
"""The height a body needs at a width, so the panel fits its content."""
MenuSpot = Callable[[tuple[int, int]], pygame.Rect]
"""Where the menu button stands in a window of a size (the table's own, over a dialog at the table)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A button of a dialog: pressing it answers ``key`` to the scene beneath (closing the dialog), or,
    when the choice carries its own transition ``go``, makes that transition (``Push`` opens a screen
    over the dialog, which shows again when that screen closes)."""

    key: str
    label: str
    primary: bool = False
    go: Transition | Callable[[], Transition | None] | None = None
    """What pressing it does instead of answering ``key``: a transition, or a function that makes one
    when pressed (what it shares is then as it stands at that moment)."""


class Dialog(Scene):
    """A modal panel; closing it (× or Escape) answers ``close_result`` when it may be closed. A dialog
    with a ``menu`` (the hand's result) has a menu button instead, which Escape presses too: the menu
    opens over the dialog, which shows again when the menu closes."""

    is_overlay = True

    def __init__(
        self,
        ctx: Context,
        title: str,
        choices: Sequence[Choice],
        *,
        lines: Sequence[str] = (),
        body: BodyDrawer | None = None,
        body_height: BodyHeight | None = None,
        closable: bool = True,
        close_result: object = None,
        wide: bool | Literal["landscape"] = False,
        button_share: float = 0.5,
        name: str = "dialog",
        title_colour: tuple[int, int, int] = theme.TITLE,
        confetti: Confetti | None = None,
        menu: Transition | None = None,
        menu_spot: MenuSpot | None = None,
        spoken: Sequence[str] = (),
        read_lines: bool = False,
        mirrored: Sequence[str] = (),
        closes_outside: bool = False,
    ) -> None:
        """``spoken``: what a drawn ``body`` shows, in sentences for a screen reader (read as the
        dialog opens, and mirrored with its ``lines``); ``mirrored``: the same where the announcer has
        said it already (mirrored only, to read again); ``read_lines``: its lines are the news, read
        as it opens whatever the verbosity (else only in full)."""
        self.title = title
        self.spoken = tuple(spoken)
        self.mirrored = tuple(mirrored)
        self.read_lines = read_lines
        self.choices = tuple(choices)
        self.lines = tuple(lines)
        self.body = body
        self.body_height = body_height
        self.closable = closable
        self.close_result = close_result
        self.wide = wide
        self.button_share = button_share
        """The most of the panel's height the buttons may take (beyond it they go in more columns)."""
        self.name = name
        self.title_colour = title_colour
        self.confetti = confetti
        """Falling suits behind the panel (a victory)."""
        self.menu = menu
        self.menu_spot = menu_spot
        """Where the menu button stands when the panel leaves it clear (else at the title's left)."""
        self.menu_button: Button | None = None
        self.label_px = 0
        """The buttons' one type size."""
        self.focus: int | None = 0 if ctx.keyboard and choices else None
        """The focused button: the first (what Enter chooses) once a key has been used."""
        self.closes_outside = closes_outside and closable
        """A tap outside the panel closes it (a dialog to glance at: the last trick, the score sheet),
        once it has been up ``SECOND_TAP`` (sooner, the tap is the second of the one that opened it)."""
        self.shown_for = 0.0
        super().__init__(ctx)

    def resize(self, size: tuple[int, int]) -> None:
        wide = size[0] > size[1] if self.wide == "landscape" else self.wide
        share = self.button_share
        self.layout = dialog_layout(size, self.ctx.scale, len(self.choices), wide=wide, button_share=share)
        measure = self.body_height if self.body is not None else self._lines_height
        if measure is not None:
            content = measure(self.layout.metrics, self.layout.body.width)
            self.layout = dialog_layout(
                size, self.ctx.scale, len(self.choices), wide=wide, content=content, button_share=share
            )
        self.buttons = [
            Button(choice.key, rect, label=choice.label, primary=choice.primary)
            for choice, rect in zip(self.choices, self.layout.buttons, strict=True)
        ]
        metrics = self.layout.metrics
        self.label_px = label_size(self.ctx.fonts, self.buttons, metrics.unit, metrics.text(12))
        self.menu_button = None
        if self.menu is not None:
            spot = self.menu_spot(size) if self.menu_spot is not None else None
            if spot is None or spot.colliderect(self.layout.panel):
                title = self.layout.title
                spot = pygame.Rect(title.left - metrics.tap, title.top, metrics.tap, metrics.tap)
            self.menu_button = Button("menu", spot, icon="menu", label="Menu")
        self.dirty = True

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Tap):
            for index, button in enumerate(self.buttons):
                if button.hit(intent.pos):
                    return self.choose(index)
            if self.menu_button is not None and self.menu_button.hit(intent.pos):
                return self.menu
            if self.closable and self.layout.close.collidepoint(intent.pos):
                return Pop(self.close_result)
            outside = not self.layout.panel.collidepoint(intent.pos)
            if self.closes_outside and outside and self.shown_for >= SECOND_TAP:
                return Pop(self.close_result)
            return None
        if isinstance(intent, Pressed):
            return self._pressed(intent.kind, intent.id)
        if isinstance(intent, Back):
            if self.menu is not None:
                return self.menu
            return Pop(self.close_result) if self.closable else None
        if isinstance(intent, Step) and self.buttons:
            rects = [button.rect for button in self.buttons]
            self.focus = step_focus(rects, self.focus, intent)
            self.dirty = True
        elif isinstance(intent, Jump) and self.buttons:
            self.focus = len(self.buttons) - 1 if intent.to_end else 0
            self.dirty = True
        elif isinstance(intent, Confirm) and self.buttons:
            return self.choose(self.focus if self.focus is not None else 0)
        elif isinstance(intent, Hover):
            return None
        return None

    def _pressed(self, kind: str, key: str) -> Transition | None:
        """A choice pressed in the page's mirror: its number, or the menu or close button."""
        if kind != "choice":
            return None
        if key == MENU and self.menu is not None:
            return self.menu
        if key == CLOSE and self.closable:
            return Pop(self.close_result)
        if key.isdigit() and int(key) < len(self.choices):
            return self.choose(int(key))
        return None

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """The title, what a drawn body shows, what Enter does (to a keyboard player), and in full every
        line; the first time only (a dialog shown again after the menu over it needs no second reading)."""
        if returned:
            return None
        said = [self.title if self.title.endswith((".", "!", "?")) else f"{self.title}."]
        said.extend(self.spoken)
        if verbosity == "full" or self.read_lines:
            said.extend(self.lines)
        first = next((choice for choice in self.choices if choice.primary), None)
        if first is not None and self.ctx.keyboard:
            said.append(f"Enter: {first.label}.")
        return Announcement(text=speak_symbols(" ".join(said)), kind="note")

    def mirror(self) -> Mirror:
        """The dialog's title, lines and choices (with its menu and close buttons) for the page."""
        choices = [
            MirrorButton(id=str(index), label=choice.label, rect=box(button.rect))
            for index, (choice, button) in enumerate(zip(self.choices, self.buttons, strict=True))
        ]
        if self.menu is not None:
            spot = self.menu_button.rect if self.menu_button is not None else None
            choices.append(MirrorButton(id=MENU, label="Menu", rect=None if spot is None else box(spot)))
        if self.closable and all(choice.key != self.close_result for choice in self.choices):
            choices.append(MirrorButton(id=CLOSE, label="Close", rect=box(self.layout.close)))
        active = None if self.focus is None else str(self.focus)
        lines = tuple(speak_symbols(line) for line in (*self.spoken, *self.mirrored, *self.lines))
        dialog = MirrorDialog(title=self.title, lines=lines, choices=tuple(choices), active=active)
        return Mirror(dialog=dialog)

    @property
    def is_safe_to_reload(self) -> bool:
        return self.name in ("hand_result", "match_result", "lesson_summary")

    def choose(self, index: int) -> Transition | None:
        """The player chose the ``index``-th choice."""
        go = self.choices[index].go
        if go is None:
            return Pop(self.choices[index].key)
        return go() if callable(go) else go

    def show(self, lines: Sequence[str], choices: Sequence[Choice] | None = None) -> None:
        """Say ``lines`` (and offer ``choices``) from now on, laid out again when they differ from what is
        shown (a dialog that follows something under way: a connection, a share)."""
        lines, choices = tuple(lines), self.choices if choices is None else tuple(choices)
        if lines == self.lines and choices == self.choices:
            return
        self.lines, self.choices = lines, choices
        if self.focus is not None and self.focus >= len(choices):
            self.focus = len(choices) - 1 if choices else None
        self.resize(self.ctx.size)

    def _lines_height(self, metrics: Metrics, width: int) -> int:
        return lines_height(self.ctx, self.lines, metrics.text(16), width)

    def update(self, dt: float) -> Transition | None:
        self.shown_for += dt
        if self.confetti is not None and self.confetti.is_falling:
            self.confetti.advance(dt)
            self.dirty = True
        return None

    @property
    def is_animating(self) -> bool:
        return self.confetti is not None and self.confetti.is_falling

    @property
    def is_still(self) -> bool:
        return not self.is_animating

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        metrics = layout.metrics
        darken(surface)
        if self.confetti is not None:
            self.confetti.draw(surface, self.ctx.painter)
        draw_panel(surface, layout.panel, metrics.px(16), theme.PANEL_SOLID)
        pygame.draw.rect(
            surface,
            theme.PANEL_BORDER,
            layout.panel,
            width=max(1, metrics.px(1)),
            border_radius=metrics.px(16),
        )
        title = layout.title
        if not self.closable and self.menu_button is None:  # no button beside it: the title may run wider
            title = title.inflate(2 * metrics.tap, 0)
        # A title too long for the panel's width gives up a little size before it wraps.
        px = fit_size(self.ctx.fonts, self.title, title.width, metrics.text(22), metrics.text(18), bold=True)
        draw_text(surface, self.ctx.fonts, self.title, title, px, self.title_colour, bold=True)
        if self.closable:
            draw_icon(surface, "close", layout.close.inflate(-metrics.px(18), -metrics.px(18)), theme.TEXT)
            note_button(CLOSE, layout.close)
        if self.menu_button is not None:
            draw_button(surface, self.ctx.fonts, self.menu_button, metrics.unit, metrics.text(12))
        if self.body is not None:
            self.body(surface, layout.body, layout)
        elif self.lines:
            draw_lines(surface, self.ctx, self.lines, layout.body, metrics.text(16))
        for index, button in enumerate(self.buttons):
            draw_button(
                surface,
                self.ctx.fonts,
                button,
                metrics.unit,
                metrics.text(12),
                focused=index == self.focus,
                px=self.label_px,
            )


def lines_height(ctx: Context, lines: Sequence[str], px: int, width: int) -> int:
    """How tall ``lines`` stand at ``width`` as ``draw_lines`` sets them, the gap after each paragraph
    included (a panel sized without those gaps loses its last line)."""
    return paragraphs_height(ctx.fonts, lines, px, width)


def paragraphs_height(fonts: Fonts, lines: Sequence[str], px: int, width: int) -> int:
    """``lines_height`` measured with ``fonts``."""
    line = round(px * 1.35)
    return sum(len(wrap(fonts, text, px, width) or [""]) * line + line // 3 for text in lines)


def set_paragraphs(
    fonts: Fonts, lines: Sequence[str], rect: pygame.Rect, px: int
) -> tuple[list[tuple[str, pygame.Rect]], pygame.Rect]:
    """Paragraphs wrapped and stacked from the top of ``rect``, as many lines as fit: each line with its
    rectangle, and the area used (the gap after each whole paragraph included)."""
    placed: list[tuple[str, pygame.Rect]] = []
    top = rect.top
    line_height = round(px * 1.35)
    for paragraph in lines:
        for line in wrap(fonts, paragraph, px, rect.width) or [""]:
            if top + line_height > rect.bottom:
                return placed, pygame.Rect(rect.left, rect.top, rect.width, top - rect.top)
            placed.append((line, pygame.Rect(rect.left, top, rect.width, line_height)))
            top += line_height
        top += line_height // 3
    return placed, pygame.Rect(rect.left, rect.top, rect.width, top - rect.top)


def draw_lines(
    surface: pygame.Surface,
    ctx: Context,
    lines: Sequence[str],
    rect: pygame.Rect,
    px: int,
    *,
    colour: tuple[int, int, int] = theme.TEXT,
) -> pygame.Rect:
    """Paragraphs, wrapped and stacked from the top of ``rect``; returns the area used."""
    return draw_paragraphs(surface, ctx.fonts, lines, rect, px, colour=colour)


def draw_paragraphs(
    surface: pygame.Surface,
    fonts: Fonts,
    lines: Sequence[str],
    rect: pygame.Rect,
    px: int,
    *,
    colour: tuple[int, int, int] = theme.TEXT,
) -> pygame.Rect:
    """``draw_lines`` with ``fonts``: the lines ``set_paragraphs`` places, drawn; returns the area used."""
    placed, used = set_paragraphs(fonts, lines, rect, px)
    for line, row in placed:
        draw_text(surface, fonts, line, row, px, colour, align="left", wrap=False)
    return used
