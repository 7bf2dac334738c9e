"""Statistics: the player's record over finished matches, as a grid of tiles and a note."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ...storage import Stats
from .. import theme
from ..render.text import draw_text, fit_size, wrap
from ..widgets import draw_panel
from .options import PagedScene

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


@dataclass(frozen=True, slots=True)
class Tile:
    label_lines: tuple[str, ...]
    value: str
    rect: pygame.Rect


@dataclass(frozen=True, slots=True)
class _Block:
    """A row of tiles (name lines and value of each) or a note's lines, ``top`` below the body's top."""

    height: int
    tiles: tuple[tuple[tuple[str, ...], str], ...] = ()
    note: tuple[str, ...] = ()
    top: int = 0


class StatsScene(PagedScene):
    title = "Statistics"
    column_design_width = 600

    def _paginate(self, body: pygame.Rect) -> int:
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        self.value_px, self.label_px, self.footnote_px = metrics.text(30), metrics.text(14), metrics.text(14)
        self.tile_pad = metrics.px(10)
        shown = figures(self.ctx.stats)
        if body.width >= 3 * metrics.px(150) + 2 * gap:
            columns = 3
        else:
            columns = 2 if body.width >= 2 * metrics.px(120) + gap else 1
        tile_width = (body.width - (columns - 1) * gap) // columns
        inner_width = tile_width - 2 * metrics.px(8)
        labels = [tuple(wrap(fonts, label, self.label_px, inner_width)) for label, _ in shown]
        value_line = fonts.line_height(self.value_px, bold=True)
        label_line = fonts.line_height(self.label_px)
        tile_height = (
            2 * self.tile_pad + value_line + metrics.px(2) + max(len(lines) for lines in labels) * label_line
        )
        self.tile_size = (tile_width, tile_height)
        notes = [NOTE, COACH_NOTE] if self.ctx.stats.matches_played else [EMPTY_NOTE, NOTE, COACH_NOTE]
        note_line = fonts.line_height(self.footnote_px)
        blocks = [
            _Block(
                tile_height,
                tiles=tuple(
                    (labels[i], shown[i][1]) for i in range(start, start + columns) if i < len(shown)
                ),
            )
            for start in range(0, len(shown), columns)
        ]
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

    def tiles(self) -> list[Tile]:
        """The tiles on the page on show, with their rectangles in the window."""
        width, height = self.tile_size
        return [
            Tile(
                labels,
                value,
                pygame.Rect(
                    self.body.left + index * (width + self.gap),
                    self.body.top + self.offset + block.top,
                    width,
                    height,
                ),
            )
            for block in self.pages[self.page]
            for index, (labels, value) in enumerate(block.tiles)
        ]

    @property
    def page_text(self) -> list[str]:
        """Every string on the page on show: values, names and notes."""
        text = []
        for block in self.pages[self.page]:
            for labels, value in block.tiles:
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
            for index, line in enumerate(block.note):
                rect = pygame.Rect(
                    self.body.left,
                    self.body.top + self.offset + block.top + index * note_line,
                    self.body.width,
                    note_line,
                )
                draw_text(surface, fonts, line, rect, self.footnote_px, theme.TEXT_MUTED, wrap=False)
