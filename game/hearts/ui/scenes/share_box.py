"""Sharing a text from a screen: the page's share sheet or clipboard in the browser, and on the desktop
a box showing the text, which has been printed and, where there is a clipboard, copied."""

from __future__ import annotations

import pygame

from ... import page
from .. import share, theme
from ..layout import DialogLayout, Metrics
from ..render.text import wrap
from ..widgets import draw_panel
from .base import Context, Transition
from .dialog import Choice, Dialog, draw_lines

WAITING = {
    "pending": "Sharing…",
    "cancelled": "Not shared. Done closes this.",
    "shown": "Copy it from the box on the page.",
}
"""Lines for the outcomes ``share.message`` leaves unsaid (the box shows the text whatever happens)."""
TEXT_PX = 16
NOTE_PX = 14


class ShareBox(Dialog):
    """The text to share in a box, and a line saying whether it is on the clipboard."""

    def __init__(self, ctx: Context, title: str, text: str, outcome: share.Outcome) -> None:
        """``outcome``: where the text went (``share.share`` has shared it already)."""
        self.text = text
        self.outcome = outcome
        super().__init__(
            ctx,
            title,
            [Choice("done", "Done", primary=True)],
            body=self._body,
            body_height=self._height,
            name="share_box",
        )

    def update(self, dt: float) -> Transition | None:
        if self.outcome == "pending":
            said = page.share_outcome()
            if said is not None and said != "pending":
                self.outcome = said
                self.resize(self.ctx.size)  # the line under the text changes
        return super().update(dt)

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
        draw_lines(
            surface, self.ctx, self._paragraphs(), box.inflate(-2 * metrics.px(12), -2 * metrics.px(12)), px
        )
        below = pygame.Rect(rect.left, box.bottom + metrics.px(10), rect.width, note_height)
        draw_lines(surface, self.ctx, [self._note()], below, note, colour=theme.SCORE_GOOD)
