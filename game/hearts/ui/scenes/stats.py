"""Statistics: the player's record over finished matches and over daily deals, as two groups of tiles
with a note under each.

The daily figures are read once, as of the player's local date, when the screen opens."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace

import pygame

from ... import daily
from ...announce import speak_symbols
from ...page import Mirror
from ...storage import Stats
from ...storage.daily import DailyStats
from .. import theme
from ..render.text import draw_text, fit_size, wrap
from ..widgets import draw_panel
from .base import Context
from .paged import PagedScene

NOTE = (
    "Only finished matches count: a match ends once someone reaches the target. A match you leave for "
    "a new one before then is not counted."
)
EMPTY_NOTE = "No finished matches yet. Your numbers appear here after your first full match."
COACH_NOTE = (
    "Points lost to costly plays: in each hand it reviews, the coach adds up what your costly plays "
    "cost you, each at least a point worse on average than Hard's choice from what you knew. Lower is "
    "better; compare your last match with your average."
)
DAILY_NOTE = (
    "Par is what Hard scores in your seat on the same deal. Against par is your points minus par, so "
    "below zero means you took fewer points than Hard. A streak counts days played in a row; if you "
    "have not played today yet, yours is still alive until midnight."
)
DAILY_EMPTY_NOTE = "No daily deals yet. Daily deal on the menu is one hand, the same for everyone today."
MATCHES = "Matches"
DAILY = "Daily deal"
NONE = "—"


def figures(stats: Stats) -> list[tuple[str, str]]:
    """Each statistic's name and its value as shown ("—" when there is nothing to show yet)."""
    win_rate = stats.win_rate
    average = stats.average_points_per_hand
    lost, last_lost = stats.points_lost_per_hand, stats.last_points_lost_per_hand
    return [
        ("Matches played", str(stats.matches_played)),
        ("Matches won", str(stats.matches_won)),
        ("Win rate", NONE if win_rate is None else f"{round(win_rate * 100)}%"),
        ("Average points per hand", NONE if average is None else f"{average:.1f}"),
        ("Moons shot", str(stats.moons_shot)),
        ("Q♠ taken", str(stats.queens_taken)),
        ("Points lost to costly plays, per hand", NONE if lost is None else f"{lost:.1f}"),
        ("The same, your last match", NONE if last_lost is None else f"{last_lost:.1f}"),
    ]


def against_par(average: float | None) -> tuple[str, str]:
    """The average against par as shown, signed to one decimal, and its name with what the sign means
    on a line of its own."""
    if average is None:
        return NONE, "Average against par"
    shown = round(average, 1)
    if shown == 0:  # neither "+0.0" nor "-0.0"
        return "0.0", "Average against par\nLevel with Hard"
    meaning = "Hard did better" if shown > 0 else "You beat Hard"
    return f"{shown:+.1f}", f"Average against par\n{meaning}"


def daily_figures(stats: DailyStats) -> list[tuple[str, str]]:
    """Each daily statistic's name (a new line where one must start) and its value as shown."""
    value, label = against_par(stats.average_against_par)
    return [
        ("Days played", str(stats.days_played)),
        ("Current streak", str(stats.current_streak)),
        ("Best streak", str(stats.best_streak)),
        (label, value),
    ]


def spoken_figure(label: str, value: str) -> str:
    """A figure as a screen reader says it: "Win rate: 25%", "Win rate: none yet", and a name with its
    meaning on a second line as "Average against par: -1.2 (You beat Hard)"."""
    name, _, meaning = label.partition("\n")
    said = f"{name}: {'none yet' if value == NONE else value}"
    spoken = speak_symbols(f"{said} ({meaning})" if meaning else said)
    return spoken[:1].upper() + spoken[1:]  # "Queen of spades taken: 5"


@dataclass(frozen=True, slots=True)
class Tile:
    label_lines: tuple[str, ...]
    value: str
    rect: pygame.Rect


@dataclass(frozen=True, slots=True)
class _Block:
    """Rows of tiles (each tile's name lines, value and rectangle from the block's top left) under a
    group's heading when it starts one, or a note's lines; ``top`` below the body's top."""

    height: int
    heading: str = ""
    tiles: tuple[tuple[tuple[str, ...], str, pygame.Rect], ...] = ()
    note: tuple[str, ...] = ()
    top: int = 0


COLUMN_WIDTHS = (600, 880)
"""The content column's widths to try, in design pixels: the comfortable one, and a wider one for a wide
but short window (the tiles four a row), taken only when it needs fewer pages."""


class StatsScene(PagedScene):
    title = "Statistics"
    column_design_width = COLUMN_WIDTHS[0]

    def __init__(self, ctx: Context, *, today: datetime.date | None = None) -> None:
        self.daily = ctx.store.daily_stats(today if today is not None else daily.today())
        self.friends = ctx.store.load_friends_stats()
        """Matches with friends, counted on a line of their own (never among your own matches)."""
        ctx.notices.extend(ctx.store.take_problems())
        super().__init__(ctx)

    def _groups(self) -> list[tuple[str, list[tuple[str, str]], list[str]]]:
        """Each group's heading, figures and the notes under them."""
        played, days = self.ctx.stats.matches_played, self.daily.days_played
        notes = [NOTE, COACH_NOTE] if played else [EMPTY_NOTE, NOTE, COACH_NOTE]
        if self.friends.played:
            notes.append(self.friends.line)
        return [
            (MATCHES, figures(self.ctx.stats), notes),
            (DAILY, daily_figures(self.daily), [DAILY_NOTE] if days else [DAILY_EMPTY_NOTE, DAILY_NOTE]),
        ]

    def mirror(self) -> Mirror:
        """Every figure and note as lines (all of them, whichever page is drawn: a screen reader reads on
        without turning pages), then the screen's controls."""
        lines: list[str] = []
        for heading, shown, notes in self._groups():
            lines.append(f"{heading}.")
            lines.extend(spoken_figure(label, value) for label, value in shown)
            lines.extend(speak_symbols(note) for note in notes)
        mirrored = super().mirror()
        assert mirrored.dialog is not None
        return replace(mirrored, dialog=replace(mirrored.dialog, lines=(*mirrored.dialog.lines, *lines)))

    def resize(self, size: tuple[int, int]) -> None:
        """Laid out in the column that needs the fewest pages (the narrower when they tie), so no page
        is left with a paragraph or two that a wider column would have kept with the rest."""
        counts = {}
        for width in COLUMN_WIDTHS:
            self.column_design_width = width
            super().resize(size)
            counts[width] = self.page_count
        best = min(COLUMN_WIDTHS, key=lambda width: (counts[width], width))
        if best != self.column_design_width:
            self.column_design_width = best
            super().resize(size)

    def _paginate(self, body: pygame.Rect) -> int:
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        self.value_px, self.label_px, self.footnote_px = metrics.text(30), metrics.text(14), metrics.text(14)
        self.heading_px = metrics.text(17)
        self.tile_pad = metrics.px(10)
        self.heading_height = fonts.line_height(self.heading_px, bold=True) + metrics.px(4)
        # Eight tiles: four by two, three a row, two a row or one.
        if body.width >= 4 * metrics.px(150) + 3 * gap:
            match_columns = 4
        elif body.width >= 3 * metrics.px(150) + 2 * gap:
            match_columns = 3
        else:
            match_columns = 2 if body.width >= 2 * metrics.px(120) + gap else 1
        # Four tiles: in one row, or two by two, never three and one.
        if body.width >= 4 * metrics.px(120) + 3 * gap:
            daily_columns = 4
        else:
            daily_columns = 2 if body.width >= 2 * metrics.px(120) + gap else 1
        note_line = fonts.line_height(self.footnote_px)
        blocks: list[_Block] = []
        for (heading, shown, notes), columns in zip(
            self._groups(), (match_columns, daily_columns), strict=True
        ):
            blocks += self._group(heading, shown, columns, body)
            for note in notes:
                lines = tuple(wrap(fonts, note, self.footnote_px, body.width))
                blocks.append(_Block(len(lines) * note_line, note=lines))
        # Each block goes whole onto one page.
        self.pages: list[list[_Block]] = [[]]
        used = 0
        for block in blocks:
            if self.pages[-1] and used + gap + block.height > body.height:
                self.pages.append([])
                used = 0
            top = used + (gap if self.pages[-1] else 0)
            self.pages[-1].append(replace(block, top=top))
            used = top + block.height
        # Alone on its page, the grid stands a little clear of the title.
        self.offset = max(0, min((body.height - used) // 3, metrics.px(40))) if len(self.pages) == 1 else 0
        return len(self.pages)

    def _group(
        self, heading: str, shown: list[tuple[str, str]], columns: int, body: pygame.Rect
    ) -> list[_Block]:
        """A group's heading and tiles: one block when they fit a page, else a block a row (the
        heading with the first, never alone at the foot of a page)."""
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        width = (body.width - (columns - 1) * gap) // columns
        inner_width = width - 2 * metrics.px(8)
        labels = [
            tuple(
                line for part in label.split("\n") for line in wrap(fonts, part, self.label_px, inner_width)
            )
            for label, _ in shown
        ]
        value_line = fonts.line_height(self.value_px, bold=True)
        label_line = fonts.line_height(self.label_px)
        height = 2 * self.tile_pad + value_line + metrics.px(2) + max(map(len, labels)) * label_line
        rows = [range(start, min(start + columns, len(shown))) for start in range(0, len(shown), columns)]
        whole = self.heading_height + len(rows) * height + (len(rows) - 1) * gap
        chunks = [rows] if whole <= body.height else [[row] for row in rows]
        blocks = []
        for number, chunk in enumerate(chunks):
            top = self.heading_height if number == 0 else 0
            tiles = tuple(
                (
                    labels[i],
                    shown[i][1],
                    pygame.Rect(column * (width + gap), top + line * (height + gap), width, height),
                )
                for line, row in enumerate(chunk)
                for column, i in enumerate(row)
            )
            bottom = top + len(chunk) * height + (len(chunk) - 1) * gap
            blocks.append(_Block(bottom, heading if number == 0 else "", tiles))
        return blocks

    def tiles(self) -> list[Tile]:
        """The tiles on the page on show, with their rectangles in the window."""
        return [
            Tile(labels, value, rect.move(self.body.left, self.body.top + self.offset + block.top))
            for block in self.pages[self.page]
            for labels, value, rect in block.tiles
        ]

    @property
    def page_text(self) -> list[str]:
        """Every string on the page on show: headings, values, names and notes."""
        text = []
        for block in self.pages[self.page]:
            if block.heading:
                text.append(block.heading)
            for labels, value, _ in block.tiles:
                text.extend([value, " ".join(labels)])
            text.extend(block.note)
        return text

    def _draw_page(self, surface: pygame.Surface) -> None:
        metrics, fonts = self.metrics, self.ctx.fonts
        value_line = fonts.line_height(self.value_px, bold=True)
        label_line = fonts.line_height(self.label_px)
        for tile in self.tiles():
            draw_panel(surface, tile.rect, metrics.px(12), theme.PANEL)
            inner = tile.rect.inflate(-2 * metrics.px(8), -2 * self.tile_pad)
            px = fit_size(fonts, tile.value, inner.width, self.value_px, metrics.text(12), bold=True)
            draw_text(
                surface,
                fonts,
                tile.value,
                pygame.Rect(inner.left, inner.top, inner.width, value_line),
                px,
                theme.TITLE,
                bold=True,
                wrap=False,
            )
            y = inner.top + value_line + metrics.px(2)
            for line in tile.label_lines:
                draw_text(
                    surface,
                    fonts,
                    line,
                    pygame.Rect(inner.left, y, inner.width, label_line),
                    self.label_px,
                    theme.TEXT,
                    wrap=False,
                )
                y += label_line
        note_line = fonts.line_height(self.footnote_px)
        for block in self.pages[self.page]:
            if block.heading:
                rect = pygame.Rect(
                    self.body.left,
                    self.body.top + self.offset + block.top,
                    self.body.width,
                    self.heading_height - metrics.px(4),
                )
                draw_text(
                    surface, fonts, block.heading, rect, self.heading_px, theme.TITLE, bold=True, align="left"
                )
            for index, line in enumerate(block.note):
                rect = pygame.Rect(
                    self.body.left,
                    self.body.top + self.offset + block.top + index * note_line,
                    self.body.width,
                    note_line,
                )
                draw_text(surface, fonts, line, rect, self.footnote_px, theme.TEXT_MUTED, wrap=False)
