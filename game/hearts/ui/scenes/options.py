"""Options: the player's settings on a "Game" page, the next match's table options on a "Table" page.

Each row is a label, a short note and a segmented control showing every choice, the current one
selected; a tap on a choice takes it and saves at once. The control sits beside the words when the row
is wide enough for both, else under them.

This module also holds ``PagedScene``, the frame every full-screen reading scene shares (Options, How to
play, Statistics): Back and the title across the top, a centred column of content, and Previous / Next
with "Page 2 of 4" at the bottom whenever the content does not fit the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from ...engine import Moon, Ties
from ...engine.rules import TARGETS
from ...storage import DIFFICULTIES, PACES, Settings
from .. import theme
from ..intents import Back, Confirm, Intent, Jump, Step, Tap
from ..layout import header_layout, is_portrait, metrics_for
from ..render.text import draw_text, fit_size, wrap
from ..widgets import Button, draw_button, draw_panel, draw_title
from .base import Context, Pop, Scene, Transition

BACK = "back"
PREV = "prev"
NEXT = "next"


class PagedScene(Scene):
    """A full-screen page: Back, a title, content in a column, paginated when it does not fit.

    Subclasses set ``title`` and implement ``_paginate`` (split the content over pages for a body
    rectangle; return how many), ``_draw_page`` and, when they have controls, ``_page_buttons`` and
    ``_activate``. ``_top_items`` adds controls shown on every page (tabs) and ``_note`` a sentence above
    the content. Short landscape windows get the controls down a rail on the left when that saves pages.
    """

    title = ""
    column_design_width = 640
    """The content column's widest, in design pixels (a comfortable reading width)."""

    def __init__(self, ctx: Context) -> None:
        self.page = 0
        self.page_count = 1
        self.focus_key: str | None = None
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        super().__init__(ctx)

    # Layout ------------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        metrics = self.metrics = metrics_for(size, self.ctx.scale)
        self.margin, self.gap, self.pad = metrics.px(12), metrics.px(8), metrics.px(14)
        self.button_px = metrics.text(16)
        self.note_px = metrics.text(14)
        self._lay_out(rail=False)
        if self.page_count > 1 and not is_portrait(size):
            # A short landscape window: the controls down a rail on the left leave more room for content.
            stacked = self.page_count
            if not self._lay_out(rail=True) or self.page_count >= stacked:
                self._lay_out(rail=False)
        self.page = min(self.page, self.page_count - 1)
        self._rebuild()

    def _lay_out(self, *, rail: bool) -> bool:
        """Controls across the top with Previous / Next at the bottom, or (``rail``) all down the left.

        False when the rail cannot hold them all."""
        metrics, fonts = self.metrics, self.ctx.fonts
        width, height = self.size
        margin, gap, tap = self.margin, self.gap, metrics.tap
        items = self._top_items()
        self.rail = rail
        if rail:
            labels = ["Back", "Previous", "Next", *(label for _, label, _ in items)]
            widest = max(fonts.size(label, self.button_px, bold=True)[0] for label in labels)
            rail_width = max(tap, min(metrics.px(150), widest + metrics.px(28)))
            self.back_rect = pygame.Rect(margin, margin, rail_width, tap)
            top = self.back_rect.bottom + gap
            self.top_buttons = []
            for key, label, selected in items:
                rect = pygame.Rect(margin, top, rail_width, tap)
                self.top_buttons.append(Button(key, rect, label=label, selected=selected))
                top = rect.bottom + gap
            label_height = fonts.line_height(metrics.text(13)) + 2 * gap
            self.next_rect = pygame.Rect(margin, height - margin - tap, rail_width, tap)
            self.page_label_rect = pygame.Rect(
                margin, self.next_rect.top - label_height, rail_width, label_height
            )
            self.prev_rect = pygame.Rect(margin, self.page_label_rect.top - tap, rail_width, tap)
            if self.prev_rect.top < top:
                return False
            left = self.back_rect.right + 2 * gap
            column_width = min(width - margin - left, metrics.px(self.column_design_width))
            self.title_px = metrics.text(22)
            title_height = fonts.line_height(self.title_px, bold=True)
            self.title_rect = pygame.Rect(
                left + (width - margin - left - column_width) // 2, margin, column_width, title_height
            )
            top = self.title_rect.bottom + gap
            self.column = pygame.Rect(self.title_rect.left, top, column_width, height - margin - top)
            self.body = self._place_note(self.column)
            self.page_count = max(1, self._paginate(self.body))
            self.paged = True
            return True
        header = header_layout(self.size, metrics, fonts)
        self.back_rect, self.title_rect, self.title_px = header.back, header.title, header.title_px
        column_width = min(width - 2 * margin, metrics.px(self.column_design_width))
        top = header.below
        column = pygame.Rect((width - column_width) // 2, top, column_width, height - margin - top)
        self.top_buttons = []
        if items:
            words = max(fonts.size(label, self.button_px, bold=True)[0] for _, label, _ in items)
            each = max(2 * tap, min(metrics.px(180), words + metrics.px(48)))
            each = min(each, (column.width - (len(items) - 1) * gap) // len(items))
            row_width = len(items) * each + (len(items) - 1) * gap
            # On a short window the row goes up beside the title, when the title still fits.
            title_width = fonts.size(self.title, metrics.text(20), bold=True)[0]
            beside = width - margin - row_width - gap - self.title_rect.left
            if column.height < metrics.px(470) and beside >= title_width:
                row = pygame.Rect(width - margin - row_width, margin, row_width, tap)
                self.title_rect.width = beside
            else:
                row = pygame.Rect(0, column.top, row_width, tap)
                row.centerx = column.centerx
                column = pygame.Rect(
                    column.left, row.bottom + gap, column.width, column.bottom - row.bottom - gap
                )
            for index, (key, label, selected) in enumerate(items):
                rect = pygame.Rect(row.left + index * (each + gap), row.top, each, tap)
                self.top_buttons.append(Button(key, rect, label=label, selected=selected))
        self.column = column
        body = self._place_note(column)
        self.page_count = max(1, self._paginate(body))
        self.paged = self.page_count > 1
        if self.paged:
            footer = pygame.Rect(column.left, column.bottom - tap, column.width, tap)
            body = pygame.Rect(body.left, body.top, body.width, footer.top - gap - body.top)
            self.page_count = max(1, self._paginate(body))
            wide = max(fonts.size(word, self.button_px, bold=True)[0] for word in ("Previous", "Next"))
            each = max(tap, min(metrics.px(150), wide + metrics.px(28)))
            each = min(each, (footer.width - 2 * gap) // 3)
            self.prev_rect = pygame.Rect(footer.left, footer.top, each, tap)
            self.next_rect = pygame.Rect(footer.right - each, footer.top, each, tap)
            self.page_label_rect = pygame.Rect(
                self.prev_rect.right + gap,
                footer.top,
                self.next_rect.left - self.prev_rect.right - 2 * gap,
                tap,
            )
        self.body = body
        return True

    def _place_note(self, column: pygame.Rect) -> pygame.Rect:
        """The note at the top of the column, if any; returns the rest of the column."""
        fonts = self.ctx.fonts
        note = self._note()
        self.note_lines = wrap(fonts, note, self.note_px, column.width) if note else []
        self.note_line = fonts.line_height(self.note_px)
        self.note_rect = pygame.Rect(
            column.left, column.top, column.width, len(self.note_lines) * self.note_line
        )
        top = self.note_rect.bottom + (self.gap if self.note_lines else 0)
        return pygame.Rect(column.left, top, column.width, column.bottom - top)

    def _rebuild(self) -> None:
        """The buttons of the current page, in focus order (top to bottom, left to right)."""
        buttons = [
            Button(BACK, self.back_rect.copy(), label="Back"),
            *self.top_buttons,
            *self._page_buttons(),
        ]
        if self.paged:
            buttons.append(Button(PREV, self.prev_rect.copy(), label="Previous", enabled=self.page > 0))
            buttons.append(
                Button(NEXT, self.next_rect.copy(), label="Next", enabled=self.page < self.page_count - 1)
            )
        self.buttons = buttons
        self._keep_focus()
        self.dirty = True

    def _top_items(self) -> list[tuple[str, str, bool]]:
        """Controls on every page, beside Back (key, label, selected): tabs."""
        return []

    def _note(self) -> str:
        """A sentence shown above the content on every page."""
        return ""

    def _paginate(self, body: pygame.Rect) -> int:
        raise NotImplementedError

    def _page_buttons(self) -> list[Button]:
        return []

    def _activate(self, key: str) -> Transition | None:
        return None

    def _draw_page(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    # Input -------------------------------------------------------------------------------------------

    def button(self, key: str) -> Button | None:
        return next((button for button in self.buttons if button.key == key), None)

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Tap):
            for button in self.buttons:
                if button.hit(intent.pos):
                    if self.focus_key is not None:
                        self.focus_key = button.key
                    return self._press(button.key)
            return None
        if isinstance(intent, Back):
            return Pop()
        enabled = [button.key for button in self.buttons if button.enabled]
        if not enabled:
            return None
        if isinstance(intent, Step):
            if self.focus_key in enabled:
                self.focus_key = enabled[(enabled.index(self.focus_key) + intent.delta) % len(enabled)]
            else:
                self.focus_key = self._first_focus() if intent.delta > 0 else enabled[-1]
            self.dirty = True
        elif isinstance(intent, Jump):
            self.focus_key = enabled[-1] if intent.to_end else enabled[0]
            self.dirty = True
        elif isinstance(intent, Confirm):
            if self.focus_key in enabled:
                return self._press(self.focus_key)
            # Enter with nothing focused shows where the focus is rather than leaving the screen.
            self.focus_key = self._first_focus()
            self.dirty = True
        return None

    def _first_focus(self) -> str:
        """Where the focus lands first: the first control after Back, if any."""
        enabled = [button.key for button in self.buttons if button.enabled]
        return enabled[1] if len(enabled) > 1 else enabled[0]

    def _press(self, key: str) -> Transition | None:
        self.dirty = True
        if key == BACK:
            return Pop()
        if key in (PREV, NEXT):
            self.page = max(0, min(self.page_count - 1, self.page + (1 if key == NEXT else -1)))
            self._rebuild()
            return None
        return self._activate(key)

    def _keep_focus(self) -> None:
        """After the buttons change, keep the focus on an enabled control (Previous ↔ Next at the ends)."""
        if self.focus_key is None:
            return
        enabled = {button.key for button in self.buttons if button.enabled}
        if self.focus_key in enabled:
            return
        swap = {PREV: NEXT, NEXT: PREV}.get(self.focus_key)
        if swap in enabled:
            self.focus_key = swap
        else:
            self.focus_key = self._first_focus() if enabled else None

    # Drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        metrics = self.metrics
        fonts = self.ctx.fonts
        surface.blit(theme.table_background(surface.get_size()), (0, 0))
        draw_title(surface, fonts, self.title, self.title_rect, self.title_px, metrics.text(12))
        self._draw_page(surface)
        for index, line in enumerate(self.note_lines):
            rect = pygame.Rect(
                self.note_rect.left,
                self.note_rect.top + index * self.note_line,
                self.note_rect.width,
                self.note_line,
            )
            draw_text(surface, fonts, line, rect, self.note_px, theme.TEXT, wrap=False)
        if self.paged:
            label = f"Page {self.page + 1} of {self.page_count}"
            px = fit_size(fonts, label, self.page_label_rect.width, metrics.text(15), metrics.text(12))
            draw_text(surface, fonts, label, self.page_label_rect, px, theme.TEXT_MUTED, wrap=False)
        for button in self.buttons:
            draw_button(
                surface, fonts, button, metrics.unit, metrics.text(12), focused=button.key == self.focus_key
            )

    def draw_column_panel(self, surface: pygame.Surface, height: int) -> pygame.Rect:
        """The translucent plate behind a page's content, ``height`` tall from the body's top."""
        rect = pygame.Rect(self.body.left, self.body.top, self.body.width, min(height, self.body.height))
        draw_panel(surface, rect, self.metrics.px(14), theme.PANEL)
        return rect


# Options ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One row: what it is called, a note under the name, its values and their names."""

    key: str
    label: str
    note: str
    values: tuple[object, ...]
    names: tuple[str, ...]
    get: Callable[[Settings], object]
    put: Callable[[Settings, object], Settings]

    def current(self, settings: Settings) -> int:
        value = self.get(settings)
        return self.values.index(value) if value in self.values else 0

    def chosen(self, settings: Settings, index: int) -> Settings:
        """``settings`` with this option's choice number ``index``."""
        return self.put(settings, self.values[index])

    def segment(self, index: int) -> str:
        """The key of the control's choice number ``index``."""
        return f"{self.key}{SEGMENT}{index}"


OFF_ON = (False, True)
SEGMENT = ":"
"""Between an option's key and a choice's number in a segment's key ("difficulty:2")."""


def _change(name: str, value: object) -> dict[str, Any]:
    """One field's new value, for ``dataclasses.replace`` (the field's type is checked on building)."""
    return {name: value}


def _setting(name: str) -> tuple[Callable[[Settings], object], Callable[[Settings, object], Settings]]:
    return (lambda settings: getattr(settings, name)), (
        lambda settings, value: replace(settings, **_change(name, value))
    )


def _rule(name: str) -> tuple[Callable[[Settings], object], Callable[[Settings, object], Settings]]:
    return (
        (lambda settings: getattr(settings.table, name)),
        (lambda settings, value: replace(settings, table=replace(settings.table, **_change(name, value)))),
    )


GAME_OPTIONS: tuple[Option, ...] = (
    Option(
        "difficulty",
        "Difficulty",
        "Applies from the next hand.",
        DIFFICULTIES,
        ("Easy", "Normal", "Hard"),
        *_setting("difficulty"),
    ),
    Option(
        "confirm_taps",
        "Tap, then confirm",
        "The first tap lifts a card; tap it again to play it.",
        OFF_ON,
        ("Off", "On"),
        *_setting("confirm_taps"),
    ),
    Option(
        "play_last_card",
        "Play my last card",
        "Your last card of a hand plays itself.",
        OFF_ON,
        ("Off", "On"),
        *_setting("play_last_card"),
    ),
    Option(
        "pace",
        "Pace",
        "How quickly the computer players take their turns.",
        PACES,
        ("Relaxed", "Normal", "Quick"),
        *_setting("pace"),
    ),
    Option(
        "reduced_motion",
        "Reduced motion",
        "Cards jump into place instead of sliding.",
        OFF_ON,
        ("Off", "On"),
        *_setting("reduced_motion"),
    ),
    Option(
        "four_colour",
        "Four-colour deck",
        "Blue diamonds and green clubs, so no two suits look alike.",
        OFF_ON,
        ("Off", "On"),
        *_setting("four_colour"),
    ),
    Option(
        "sound",
        "Sound",
        "Soft sounds for cards, tricks and the end of a match.",
        OFF_ON,
        ("Off", "On"),
        *_setting("sound"),
    ),
)

TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        "Target",
        "The match ends after a hand in which someone reaches this score.",
        TARGETS,
        tuple(str(target) for target in TARGETS),
        *_rule("target"),
    ),
    Option(
        "moon",
        "Moon",
        "When one player takes all the hearts and the Q♠ in a hand.",
        (Moon.ADD_TO_OTHERS, Moon.SHOOTER_CHOOSES, Moon.SUBTRACT_FROM_SHOOTER),
        ("Others +26", "Shooter chooses", "Shooter −26"),
        *_rule("moon"),
    ),
    Option(
        "jack",
        "Jack of diamonds −10",
        "Whoever takes the J♦ scores 10 points less.",
        OFF_ON,
        ("Off", "On"),
        *_rule("jack_of_diamonds"),
    ),
    Option(
        "ties",
        "Ties for lowest",
        "When the lowest total at the end is shared.",
        (Ties.PLAY_ON, Ties.SHARED_WIN),
        ("Play on", "Shared win"),
        *_rule("ties"),
    ),
    Option(
        "queen_breaks",
        "Q♠ breaks hearts",
        "Once the Q♠ has been played, hearts may be led.",
        OFF_ON,
        ("Off", "On"),
        *_rule("queen_breaks_hearts"),
    ),
    Option(
        "first_trick",
        "Points on the first trick",
        "Hearts and the Q♠ on the opening trick.",
        OFF_ON,
        ("Not allowed", "Allowed"),
        *_rule("points_on_first_trick"),
    ),
)

TABS: dict[str, tuple[str, tuple[Option, ...]]] = {
    "tab_game": ("Game", GAME_OPTIONS),
    "tab_table": ("Table", TABLE_OPTIONS),
}
TABLE_NOTE = "For your next match. The match in progress keeps its own."


@dataclass(frozen=True, slots=True)
class _Row:
    option: Option
    label_lines: tuple[str, ...]
    note_lines: tuple[str, ...]
    height: int
    stacked: bool
    """The control under the words (else beside them)."""


class OptionsScene(PagedScene):
    """Settings and table options; ``tab`` is ``"tab_game"`` or ``"tab_table"``."""

    title = "Options"

    def __init__(self, ctx: Context, tab: str = "tab_game") -> None:
        self.tab = tab if tab in TABS else "tab_game"
        super().__init__(ctx)

    @property
    def options(self) -> tuple[Option, ...]:
        return TABS[self.tab][1]

    def _top_items(self) -> list[tuple[str, str, bool]]:
        return [(key, name, key == self.tab) for key, (name, _) in TABS.items()]

    def _note(self) -> str:
        return TABLE_NOTE if self.tab == "tab_table" else ""

    def _paginate(self, body: pygame.Rect) -> int:
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        short = body.height < metrics.px(360)
        pad = self.pad = metrics.px(8 if short else 14)
        row_pad = self.row_pad = metrics.px(4 if short else 7)
        inner = body.inflate(-2 * pad, -2 * pad)
        self.inner_left, self.inner_top, self.inner_width = inner.left, inner.top, inner.width
        self.label_px, self.small_px = metrics.text(17), metrics.text(13)
        self.segment_px = metrics.text(15)
        label_line, note_line = fonts.line_height(self.label_px), fonts.line_height(self.small_px)
        tap = metrics.tap
        rows = []
        for option in self.options:
            beside = inner.width - self._control_width(option) - 2 * gap
            stacked = beside < inner.width * 0.45
            words_width = inner.width if stacked else beside
            labels = wrap(fonts, option.label, self.label_px, words_width)
            notes = wrap(fonts, option.note, self.small_px, words_width)
            text_height = len(labels) * label_line + metrics.px(2) + len(notes) * note_line
            height = (text_height + gap + tap) if stacked else max(tap, text_height)
            rows.append(_Row(option, tuple(labels), tuple(notes), height + 2 * row_pad, stacked))
        self.pages: list[list[_Row]] = [[]]
        used = 0
        for row in rows:
            if self.pages[-1] and used + row.height > inner.height:
                self.pages.append([])
                used = 0
            self.pages[-1].append(row)
            used += row.height
        return len(self.pages)

    def _segment_widths(self, option: Option) -> list[int]:
        """Each choice's natural width in the segmented control: its words with room either side."""
        fonts, metrics = self.ctx.fonts, self.metrics
        return [
            max(metrics.tap, fonts.size(name, self.segment_px, bold=True)[0] + metrics.px(20))
            for name in option.names
        ]

    def _control_width(self, option: Option) -> int:
        return sum(self._segment_widths(option))

    def words_width(self, row: _Row) -> int:
        """How wide the row's label and note may run."""
        if row.stacked:
            return self.inner_width
        return self.inner_width - self._control_width(row.option) - 2 * self.gap

    def _row_tops(self) -> list[int]:
        tops, top = [], self.inner_top
        for row in self.pages[self.page]:
            tops.append(top)
            top += row.height
        return tops

    def _page_buttons(self) -> list[Button]:
        settings = self.ctx.settings
        tap = self.metrics.tap
        buttons = []
        for row, top in zip(self.pages[self.page], self._row_tops(), strict=True):
            option = row.option
            natural = self._segment_widths(option)
            if row.stacked:
                bottom = top + row.height - self.row_pad
                control = pygame.Rect(self.inner_left, bottom - tap, self.inner_width, tap)
            else:
                control = pygame.Rect(0, 0, sum(natural), tap)
                control.right = self.inner_left + self.inner_width
                control.centery = top + row.height // 2
            current = option.current(settings)
            left = control.left
            for index, name in enumerate(option.names):
                width = round(natural[index] * control.width / sum(natural))
                if index == len(option.names) - 1:
                    width = control.right - left
                rect = pygame.Rect(left, control.top, width, tap)
                buttons.append(Button(option.segment(index), rect, label=name, selected=index == current))
                left = rect.right
        return buttons

    def _activate(self, key: str) -> Transition | None:
        if key in TABS:
            if key != self.tab:
                self.tab = key
                self.page = 0
                self.resize(self.size)
            return None
        name, _, number = key.partition(SEGMENT)
        option = next((option for option in self.options if option.key == name), None)
        if option is not None and number.isdigit() and int(number) < len(option.values):
            self.ctx.save_settings(option.chosen(self.ctx.settings, int(number)))
            self._rebuild()
        return None

    def _draw_page(self, surface: pygame.Surface) -> None:
        metrics, fonts = self.metrics, self.ctx.fonts
        rows = self.pages[self.page]
        panel = self.draw_column_panel(surface, sum(row.height for row in rows) + 2 * self.pad)
        label_line, note_line = fonts.line_height(self.label_px), fonts.line_height(self.small_px)
        for index, (row, top) in enumerate(zip(rows, self._row_tops(), strict=True)):
            if index:
                pygame.draw.line(
                    surface,
                    theme.PANEL_BORDER,
                    (panel.left + self.pad, top),
                    (panel.right - self.pad, top),
                    max(1, metrics.px(1)),
                )
            text_height = len(row.label_lines) * label_line + metrics.px(2) + len(row.note_lines) * note_line
            y = top + self.row_pad if row.stacked else top + (row.height - text_height) // 2
            for lines, px, line_height, colour, space in (
                (row.label_lines, self.label_px, label_line, theme.TEXT, metrics.px(2)),
                (row.note_lines, self.small_px, note_line, theme.TEXT_MUTED, 0),
            ):
                for line in lines:
                    box = pygame.Rect(self.inner_left, y, self.words_width(row), line_height)
                    draw_text(surface, fonts, line, box, px, colour, align="left", wrap=False)
                    y += line_height
                y += space
