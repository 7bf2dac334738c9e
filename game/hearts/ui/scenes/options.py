"""Options: the player's settings on a "Game" page, the next match's table options on a "Table" page.

Each row is a label, a short note and a segmented control showing every choice, the current one
selected; a tap on a choice takes it and saves at once. A link row has one button instead, which opens a
screen of its own (Move to another device, at the end of the Game page). The control sits beside the
words when the row is wide enough for both, else under them. The options themselves are data, in
``options_list``; the frame (Back, the title, the pages) is ``PagedScene``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..options_list import DIFFICULTY, KEPT_NOTE, SEGMENT, TABLE_NOTE, TABS, Link, Option
from ..render.text import wrap
from ..widgets import Button
from .base import Context, Push, Transition
from .paged import PagedScene, pages_of

CLOSE = (8, 4)
"""The padding round the panel and each row (design pixels) of a short window, or of a page closed up."""


@dataclass(frozen=True, slots=True)
class _Row:
    option: Option | Link
    label_lines: tuple[str, ...]
    note_lines: tuple[str, ...]
    height: int
    stacked: bool
    """The control under the words (else beside them)."""
    status_lines: tuple[str, ...] = ()
    """(Options say nothing under a row's note.)"""


class OptionsScene(PagedScene):
    """Settings and table options; ``tab`` is ``"tab_game"`` or ``"tab_table"``. ``level``: the level
    the table beneath plays whatever the setting (a friend's challenge, the daily deal), shown as the
    difficulty, which can't be changed there, with ``why``."""

    title = "Options"

    def __init__(
        self, ctx: Context, tab: str = "tab_game", *, level: str | None = None, why: str = ""
    ) -> None:
        self.tab = tab if tab in TABS else "tab_game"
        self.level = level
        self.why = why
        self._rail_for: tuple[object, bool] | None = None
        """The window (its size and scale) the rail was chosen for, and the choice."""
        super().__init__(ctx)

    def is_fixed(self, option: Option | Link) -> bool:
        """Whether the table beneath fixes this option (the difficulty, in a challenge or the daily)."""
        return option.key == DIFFICULTY and self.level is not None

    def note_for(self, option: Option | Link) -> str:
        return self.why if self.is_fixed(option) else option.note

    @property
    def options(self) -> tuple[Option | Link, ...]:
        return TABS[self.tab][1]

    def _top_items(self) -> list[tuple[str, str, bool]]:
        return [(key, name, key == self.tab) for key, (name, _) in TABS.items()]

    def _note(self) -> str:
        if self.tab != "tab_table":
            return ""
        return TABLE_NOTE if self.ctx.session is None else f"{TABLE_NOTE} {KEPT_NOTE}"

    def _wants_rail(self) -> bool:
        """The rail when either tab wants it: the two share one arrangement, so a tab chosen moves nothing
        but the rows (the Game tab's ten rows took the rail in a landscape window, the Table tab's seven
        did not). Chosen once for a window: both tabs laid out to choose it."""
        window = (self.size, self.ctx.scale)
        if self._rail_for is None or self._rail_for[0] != window:
            shown = self.tab
            try:
                wants = []
                for tab in TABS:
                    self.tab = tab
                    wants.append(super()._wants_rail())
            finally:
                self.tab = shown
            self._rail_for = (window, any(wants))
        return self._rail_for[1]

    def _paginate(self, body: pygame.Rect) -> int:
        """The rows split over pages; on a tall window rows close up a little when that saves a page
        (the Game page's ten rows on one 1280×720 page)."""
        short = body.height < self.metrics.px(360)
        normal = CLOSE if short else (14, 7)
        count = self._paginate_with(body, *normal)
        if count == 1 or short:
            return count
        if self._paginate_with(body, *CLOSE) < count:
            return len(self.pages)
        return self._paginate_with(body, *normal)

    def _paginate_with(self, body: pygame.Rect, pad_design: int, row_pad_design: int) -> int:
        """The rows split over pages, with ``pad_design`` round the panel and ``row_pad_design`` above
        and below each row (design pixels)."""
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        pad = self.pad = metrics.px(pad_design)
        row_pad = self.row_pad = metrics.px(row_pad_design)
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
            notes = wrap(fonts, self.note_for(option), self.small_px, words_width)
            text_height = len(labels) * label_line + metrics.px(2) + len(notes) * note_line
            height = (text_height + gap + tap) if stacked else max(tap, text_height)
            rows.append(_Row(option, tuple(labels), tuple(notes), height + 2 * row_pad, stacked))
        self.pages = pages_of(rows, inner.height)
        return len(self.pages)

    def _segment_widths(self, option: Option | Link) -> list[int]:
        """Each choice's natural width in the segmented control: its words with room either side."""
        fonts, metrics = self.ctx.fonts, self.metrics
        least = 2 * metrics.tap if isinstance(option, Link) else metrics.tap  # a lone button, as wide as two
        return [
            max(least, fonts.size(name, self.segment_px, bold=True)[0] + metrics.px(20))
            for name in option.names
        ]

    def _control_width(self, option: Option | Link) -> int:
        return sum(self._segment_widths(option))

    def words_width(self, row: _Row) -> int:
        """How wide the row's label and note may run."""
        if row.stacked:
            return self.inner_width
        return self.inner_width - self._control_width(row.option) - 2 * self.gap

    def _page_buttons(self) -> list[Button]:
        settings = self.ctx.settings
        tap = self.metrics.tap
        buttons = []
        for row, top in zip(self.pages[self.page], self.row_tops(self.pages[self.page]), strict=True):
            option = row.option
            natural = self._segment_widths(option)
            if row.stacked:
                bottom = top + row.height - self.row_pad
                control = pygame.Rect(self.inner_left, bottom - tap, self.inner_width, tap)
            else:
                control = pygame.Rect(0, 0, sum(natural), tap)
                control.right = self.inner_left + self.inner_width
                control.centery = top + row.height // 2
            if isinstance(option, Link):
                buttons.append(Button(option.key, control, label=option.button))
                continue
            fixed = self.is_fixed(option)
            current = option.values.index(self.level) if fixed else option.current(settings)
            left = control.left
            for index, name in enumerate(option.names):
                width = round(natural[index] * control.width / sum(natural))
                if index == len(option.names) - 1:
                    width = control.right - left
                rect = pygame.Rect(left, control.top, width, tap)
                chosen = index == current
                buttons.append(
                    Button(
                        option.segment(index), rect, label=name, selected=chosen, enabled=chosen or not fixed
                    )
                )
                left = rect.right
        return buttons

    def _spoken_label(self, button: Button) -> str:
        """A choice named with its option ("Difficulty: Hard, chosen"), a tab as a tab."""
        name, _, _ = button.key.partition(SEGMENT)
        option = next((option for option in self.options if option.key == name), None)
        said = button.label if option is None else f"{option.label}: {button.label}"
        if button.key in TABS:
            said = f"{said} tab"
        return f"{said}, chosen" if button.selected else said

    def _activate(self, key: str) -> Transition | None:
        if key in TABS:
            if key != self.tab:
                self.tab = key
                self.page = 0
                self.resize(self.size)
            return None
        name, _, number = key.partition(SEGMENT)
        option = next((option for option in self.options if option.key == name), None)
        if isinstance(option, Link):
            return Push(option.route)
        if option is not None and self.is_fixed(option):
            return None  # the table beneath keeps its level
        if option is not None and number.isdigit() and int(number) < len(option.values):
            self.ctx.save_settings(option.chosen(self.ctx.settings, int(number)))
            self._rebuild()
        return None

    def _draw_page(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, self.pages[self.page], self.words_width)
