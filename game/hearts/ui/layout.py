"""Sizes that follow the window: the design unit, the tap and text floors, a full screen's header and a
dialog's panel.

Sizes are in window pixels; ``scale`` is window pixels per CSS pixel (the device pixel ratio in a
browser), so the 44-CSS-pixel tap targets and 12-CSS-pixel text hold on every screen. On large windows
everything grows (``zoom``), never below those floors. The table's rectangles are in ``table_layout``,
the hand's in ``hand_layout``, the trick's in ``trick_layout``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from pygame import Rect

if TYPE_CHECKING:
    from .render.fonts import Fonts

MIN_TAP: Final = 44
"""Smallest tap target, in CSS pixels."""
MIN_TEXT: Final = 12
"""Smallest text, in CSS pixels."""
CARD_ASPECT: Final = 1.4
"""Card height over width."""
BACK_TEXT: Final = 16
"""The text size of a full screen's Back button, in design pixels."""


def is_portrait(size: tuple[int, int]) -> bool:
    return size[1] > size[0] * 1.05


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes that follow the window: ``unit`` pixels per design pixel."""

    unit: float
    scale: float

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def text(self, design: float) -> int:
        """A text size in pixels, never below the 12-CSS-pixel floor."""
        return max(round(design * self.unit), math.ceil(MIN_TEXT * self.scale))

    @property
    def tap(self) -> int:
        return math.ceil(max(MIN_TAP * self.scale, 48 * self.unit))


def metrics_for(size: tuple[int, int], scale: float = 1.0) -> Metrics:
    css_width, css_height = size[0] / scale, size[1] / scale
    if is_portrait(size):
        zoom = min(css_width / 390, css_height / 760)
    else:
        zoom = min(css_width / 1100, css_height / 680)
    return Metrics(unit=scale * min(2.5, max(1.0, zoom)), scale=scale)


@dataclass(frozen=True, slots=True)
class Header:
    """The top of a full screen: Back at the top left, the title across from it."""

    back: Rect
    title: Rect
    title_px: int
    """The title's text size at most (it shrinks to fit ``title``)."""
    below: int
    """Where the screen's content may start: a gap under Back."""


TITLE_READABLE: Final = 20
"""The size, in design pixels, under which a title centred on the window takes the room on its right too."""


def header_layout(
    size: tuple[int, int], metrics: Metrics, fonts: Fonts, *, title_text: float = 26, title: str = ""
) -> Header:
    """Back as wide as its word needs (at least a tap) and the title between it and as much room on the
    right, so that the title is centred on the window; a ``title`` that would not fit there at
    ``TITLE_READABLE`` takes the room up to the right margin instead (on a small phone, "Move to another
    device" shrank to the smallest text on two lines). ``fonts`` measures the word Back and ``title``."""
    margin, gap, tap = metrics.px(12), metrics.px(8), metrics.tap
    back_width = max(tap, fonts.size("Back", metrics.text(BACK_TEXT), bold=True)[0] + metrics.px(32))
    back = Rect(margin, margin, back_width, tap)
    side = back_width + gap
    place = Rect(margin + side, margin, size[0] - 2 * (margin + side), tap)
    if title and fonts.size(title, metrics.text(TITLE_READABLE), bold=True)[0] > place.width:
        place.width = size[0] - margin - place.left
    return Header(back=back, title=place, title_px=metrics.text(title_text), below=back.bottom + gap)


@dataclass(frozen=True, slots=True)
class DialogLayout:
    """A centred panel: a title, a body and a column (or row) of buttons."""

    panel: Rect
    title: Rect
    body: Rect
    buttons: tuple[Rect, ...]
    close: Rect
    metrics: Metrics


def dialog_layout(
    size: tuple[int, int],
    scale: float,
    buttons: int,
    *,
    wide: bool = False,
    content: int | None = None,
    button_share: float = 0.5,
) -> DialogLayout:
    """A dialog filling most of a phone, or a comfortable centred panel on a large window; with
    ``content`` (the body's height in pixels), no taller than the title, the body and the buttons need.
    The buttons take at most ``button_share`` of the panel's height (more columns when they would)."""
    metrics = metrics_for(size, scale)
    width, height = size
    margin = metrics.px(12)
    tap = metrics.tap
    panel_width = min(width - 2 * margin, metrics.px(760 if wide else 520))
    panel_height = min(height - 2 * margin, metrics.px(600))
    gap = metrics.px(8)
    inner_width = panel_width - 2 * margin
    # Buttons go side by side when they are few (up to four in a wide panel), else in a column; on a
    # short window, in two or three columns, so the body keeps at least part of the panel.
    side_by_side = buttons <= (4 if wide else 2)
    columns = buttons if side_by_side and inner_width >= buttons * (metrics.px(150) + gap) - gap else 1
    while (
        columns < max(1, buttons)
        and math.ceil(buttons / columns) * (tap + gap) > (panel_height - 2 * margin) * button_share
    ):
        columns += 1
    rows = math.ceil(buttons / columns) if buttons else 0
    buttons_height = rows * tap + max(0, rows - 1) * gap
    if content is not None:
        panel_height = min(panel_height, 2 * margin + tap + gap + content + gap + buttons_height)
    panel = Rect(0, 0, panel_width, panel_height)
    panel.center = (width // 2, height // 2)
    inner = panel.inflate(-2 * margin, -2 * margin)
    title = Rect(inner.left + tap, inner.top, inner.width - 2 * tap, tap)
    close = Rect(inner.right - tap, inner.top, tap, tap)
    body = Rect(
        inner.left, title.bottom + gap, inner.width, inner.bottom - buttons_height - gap - title.bottom - gap
    )
    each = min((inner.width - gap * (columns - 1)) // columns, metrics.px(320 if columns == 1 else 240))
    rects: list[Rect] = []
    top = inner.bottom - buttons_height
    for index in range(buttons):
        row, column = divmod(index, columns)
        in_row = min(columns, buttons - row * columns)
        total = each * in_row + gap * (in_row - 1)
        left = inner.centerx - total // 2 + column * (each + gap)
        rects.append(Rect(left, top + row * (tap + gap), each, tap))
    return DialogLayout(
        panel=panel, title=title, body=body, buttons=tuple(rects), close=close, metrics=metrics
    )
