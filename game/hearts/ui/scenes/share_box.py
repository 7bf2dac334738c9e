"""Sharing a text from a screen: the page's share sheet or clipboard in the browser, and on the desktop
a box showing the text, which has been printed and, where there is a clipboard, copied."""

from __future__ import annotations

import pygame

from ... import page
from .. import share, theme
from ..layout import DialogLayout, Metrics
from ..render.text import draw_text, wrap
from ..widgets import draw_panel
from .base import Context, Transition
from .dialog import Choice, Dialog, draw_lines, set_paragraphs

WAITING = {
    "pending": "Sharing…",
    "cancelled": "Not shared. Done closes this.",
    "shown": "Copy it from the box on the page.",
}
"""Lines for the outcomes ``share.message`` leaves unsaid (the box shows the text whatever happens)."""
TEXT_PX = 16
NOTE_PX = 14
FLOOR_PX = 12
"""The smallest the text is set to fit the box (a long link on a small phone)."""
ELLIPSIS = "…"


class ShareBox(Dialog):
    """The text to share in a box, and a line saying whether it is on the clipboard."""

    def __init__(self, ctx: Context, title: str, text: str, outcome: share.Outcome) -> None:
        """``outcome``: where the text went (``share.share`` has shared it already)."""
        self.text = text
        self.outcome = outcome
        self._set: tuple[tuple[object, ...], int, list[tuple[str, pygame.Rect]]] | None = None
        """The text as last set in its box: for which box, at what size, line by line."""
        super().__init__(
            ctx,
            title,
            [Choice("done", "Done", primary=True)],
            body=self._body,
            body_height=self._height,
            name="share_box",
        )
        self.mirrored = self._said()

    def update(self, dt: float) -> Transition | None:
        if self.outcome == "pending":
            said = page.share_outcome()
            if said is not None and said != "pending":
                self.outcome = said
                self.mirrored = self._said()
                self.resize(self.ctx.size)  # the line under the text changes
        return super().update(dt)

    def _said(self) -> tuple[str, ...]:
        """The text and the line under it, for a screen reader in the page's mirror (drawn, they are a
        picture)."""
        note = self._note()
        return (*self._paragraphs(), *([note] if note else []))

    def _paragraphs(self) -> list[str]:
        return self.text.splitlines() or [""]

    def _note(self) -> str:
        return share.message(self.outcome) or WAITING.get(self.outcome, "")

    def _height(self, metrics: Metrics, width: int) -> int:
        inner = width - 2 * metrics.px(12)
        px, note = metrics.text(TEXT_PX), metrics.text(NOTE_PX)
        rows = sum(len(wrap(self.ctx.fonts, line, px, inner) or [""]) for line in self._paragraphs())
        notes = len(wrap(self.ctx.fonts, self._note(), note, width) or [""])
        box = rows * round(px * 1.35) + len(self._paragraphs()) * (round(px * 1.35) // 3) + 2 * metrics.px(12)
        return box + metrics.px(10) + notes * round(note * 1.35) + round(note * 1.35) // 3

    def _body(self, surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        px, note = metrics.text(TEXT_PX), metrics.text(NOTE_PX)
        notes = len(wrap(self.ctx.fonts, self._note(), note, rect.width) or [""])
        note_height = notes * round(note * 1.35) + round(note * 1.35) // 3
        box = pygame.Rect(rect.left, rect.top, rect.width, rect.height - note_height - metrics.px(10))
        draw_panel(surface, box, metrics.px(8), theme.PANEL)
        inner = box.inflate(-2 * metrics.px(12), -2 * metrics.px(12))
        px, lines = self._set_in(inner, metrics)
        for line, row in lines:
            draw_text(surface, self.ctx.fonts, line, row, px, theme.TEXT, align="left", wrap=False)
        below = pygame.Rect(rect.left, box.bottom + metrics.px(10), rect.width, note_height)
        draw_lines(surface, self.ctx, [self._note()], below, note, colour=theme.SCORE_GOOD)

    def _set_in(self, rect: pygame.Rect, metrics: Metrics) -> tuple[int, list[tuple[str, pygame.Rect]]]:
        """The text set in ``rect``: at the largest size down to ``FLOOR_PX`` at which all of it fits (the
        dialog stops growing at some height, and a match's link is long), else at the floor with its last
        line cut short by an ellipsis (the whole text went to the clipboard or the page's box)."""
        key = (rect.size, metrics.unit, self.text)
        if self._set is None or self._set[0] != key:
            fonts = self.ctx.fonts
            low, high = metrics.text(FLOOR_PX), metrics.text(TEXT_PX)
            rows = self._rows(rect, high)
            if rows[-1][1].bottom > rect.bottom:  # the largest size does not fit: the largest that does
                while high - low > 1:  # (``high`` does not fit; ``low`` does, or is the floor)
                    middle = (low + high) // 2
                    fits = self._rows(rect, middle)[-1][1].bottom <= rect.bottom
                    low, high = (middle, high) if fits else (low, middle)
                high, rows = low, self._rows(rect, low)
            lines = [(line, row) for line, row in rows if row.bottom <= rect.bottom]
            if len(lines) < len(rows) and lines:
                last, row = lines[-1]
                while last and fonts.size(last + ELLIPSIS, high)[0] > rect.width:
                    last = last[:-1]
                lines[-1] = (last + ELLIPSIS, row)
            self._set = (key, high, lines)
        return self._set[1], self._set[2]

    def _rows(self, rect: pygame.Rect, px: int) -> list[tuple[str, pygame.Rect]]:
        """Every line of the text at ``px``, stacked from the top of ``rect`` (beyond its bottom too), a
        third of a line between paragraphs."""
        unbounded = pygame.Rect(rect.left, rect.top, rect.width, 1 << 20)
        return set_paragraphs(self.ctx.fonts, self._paragraphs(), unbounded, px)[0]
