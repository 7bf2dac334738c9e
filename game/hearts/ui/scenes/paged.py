"""The frame every full-screen reading scene shares (Options, Statistics): Back and the title across the
top, a centred column of content, and Previous / Next with "Page 2 of 4" at the bottom whenever the
content does not fit the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import pygame

from ...page import Mirror
from .. import theme
from ..focus import step_focus
from ..intents import Back, Confirm, Intent, Jump, Pressed, Step, Tap
from ..layout import header_layout, is_portrait, metrics_for
from ..mirrors import screen_mirror, spoken_label
from ..render.text import draw_text, fit_size, wrap
from ..widgets import Button, column_label_sizes, draw_button, draw_focus, draw_panel, draw_title
from .base import Context, Pop, Scene, Transition

BACK = "back"
PREV = "prev"
NEXT = "next"


class WordsRow(Protocol):
    """A row of a page of rows (Options, Move to another device): its words, already wrapped, beside or
    above its control."""

    @property
    def label_lines(self) -> tuple[str, ...]: ...

    @property
    def note_lines(self) -> tuple[str, ...]: ...

    @property
    def status_lines(self) -> tuple[str, ...]:
        """What the row's control last did (saved, refused…), under the note."""
        ...

    @property
    def height(self) -> int: ...

    @property
    def stacked(self) -> bool:
        """The control under the words (else beside them)."""
        ...


Row = TypeVar("Row", bound=WordsRow)


def pages_of(rows: Sequence[Row], height: int) -> list[list[Row]]:
    """``rows`` in order on pages ``height`` tall: a row that would run past a page's foot starts the next
    (a row taller than a page has one to itself)."""
    pages: list[list[Row]] = [[]]
    used = 0
    for row in rows:
        if pages[-1] and used + row.height > height:
            pages.append([])
            used = 0
        pages[-1].append(row)
        used += row.height
    return pages


class PagedScene(Scene):
    """A full-screen page: Back, a title, content in a column, paginated when it does not fit.

    Subclasses set ``title`` and implement ``_paginate`` (split the content over pages for a body
    rectangle; return how many), ``_draw_page`` and, when they have controls, ``_page_buttons`` and
    ``_activate``. ``_top_items`` adds controls shown on every page (tabs) and ``_note`` a sentence above
    the content. Short landscape windows get the controls down a rail on the left when that saves pages.
    """

    title = ""
    inner_left = inner_top = inner_width = 0
    """The content's column inside its panel (a page of rows lays it out in ``_paginate``)."""
    label_px = small_px = row_pad = 0
    """A page of rows' type sizes (its labels; its notes and statuses) and the padding inside a row."""
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
        if not self._lay_out(rail=self._wants_rail()):
            self._lay_out(rail=False)
        self.page = min(self.page, self.page_count - 1)
        self._rebuild()

    def _wants_rail(self) -> bool:
        """Whether the controls go down a rail on the left: in a short landscape window, when that leaves
        the content fewer pages."""
        self._lay_out(rail=False)
        if self.page_count == 1 or is_portrait(self.size):
            return False
        stacked = self.page_count
        return self._lay_out(rail=True) and self.page_count < stacked

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
            self.paged = self.page_count > 1  # (a page alone has no Previous and Next to offer)
            return True
        header = header_layout(self.size, metrics, fonts, title=self.title)
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

    def mirror(self) -> Mirror:
        """The page's title, its note and its controls for the page's mirror."""
        note = self._note()
        return screen_mirror(
            self.title, self.buttons, self.focus_key, lines=(note,) if note else (), label=self._spoken_label
        )

    def _spoken_label(self, button: Button) -> str:
        """A control as a screen reader names it."""
        return spoken_label(button)

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Pressed):
            pressed = self.button(intent.id) if intent.kind == "choice" else None
            if pressed is None or not pressed.enabled:
                return None
            self.focus_key = pressed.key
            return self._press(pressed.key)
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
                rects = [button.rect for button in self.buttons if button.enabled]
                index = step_focus(rects, enabled.index(self.focus_key), intent)
                self.focus_key = enabled[index or 0]
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
        sizes = column_label_sizes(fonts, self.buttons, metrics.unit, metrics.text(12))
        for button, size in zip(self.buttons, sizes, strict=True):
            draw_button(surface, fonts, button, metrics.unit, metrics.text(12), px=size)
        focused = self.button(self.focus_key) if self.focus_key is not None else None
        if focused is not None:  # over every button: a segment's neighbour never hides its ring
            draw_focus(surface, focused.rect, metrics.unit)

    def row_tops(self, rows: Sequence[WordsRow]) -> list[int]:
        """Where each of ``rows`` starts, one under the other from the top of the content."""
        tops, top = [], self.inner_top
        for row in rows:
            tops.append(top)
            top += row.height
        return tops

    def draw_rows(
        self, surface: pygame.Surface, rows: Sequence[Row], words_width: Callable[[Row], int]
    ) -> None:
        """A panel of ``rows`` with a rule between two: each row's label, note and status (as wide as
        ``words_width`` says), in the middle of the row when its control stands beside them, else at its
        top (the controls are buttons, drawn with the rest)."""
        metrics, fonts = self.metrics, self.ctx.fonts
        panel = self.draw_column_panel(surface, sum(row.height for row in rows) + 2 * self.pad)
        label_line, note_line = fonts.line_height(self.label_px), fonts.line_height(self.small_px)
        for index, (row, top) in enumerate(zip(rows, self.row_tops(rows), strict=True)):
            if index:
                left, right = panel.left + self.pad, panel.right - self.pad
                pygame.draw.line(
                    surface, theme.PANEL_BORDER, (left, top), (right, top), max(1, metrics.px(1))
                )
            words = (
                len(row.label_lines) * label_line
                + metrics.px(2)
                + (len(row.note_lines) + len(row.status_lines)) * note_line
            )
            y = top + self.row_pad if row.stacked else top + (row.height - words) // 2
            width = words_width(row)
            for lines, px, line_height, colour, space in (
                (row.label_lines, self.label_px, label_line, theme.TEXT, metrics.px(2)),
                (row.note_lines, self.small_px, note_line, theme.TEXT_MUTED, 0),
                (row.status_lines, self.small_px, note_line, theme.MESSAGE, 0),
            ):
                for line in lines:
                    box = pygame.Rect(self.inner_left, y, width, line_height)
                    draw_text(surface, fonts, line, box, px, colour, align="left", wrap=False)
                    y += line_height
                y += space

    def draw_column_panel(self, surface: pygame.Surface, height: int) -> pygame.Rect:
        """The translucent plate behind a page's content, ``height`` tall from the body's top."""
        rect = pygame.Rect(self.body.left, self.body.top, self.body.width, min(height, self.body.height))
        draw_panel(surface, rect, self.metrics.px(14), theme.PANEL)
        return rect
