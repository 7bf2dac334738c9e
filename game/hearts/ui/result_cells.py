"""What the result dialogs share: scores written with a true minus sign, and a table's
columns and rows fitted to the room (pure: fonts measure, nothing draws)."""

from __future__ import annotations

from collections.abc import Sequence

from .layout import Metrics
from .render.fonts import Fonts


def total_text(value: int) -> str:
    """A total, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def score_text(score: int) -> str:
    """A hand's score, signed: "+13", "−10", "0"."""
    return f"+{score}" if score > 0 else ("−" + str(-score) if score < 0 else "0")


def fit_columns(
    fonts: Fonts, columns: Sequence[Sequence[str]], width: int, max_px: int, min_px: int, gap: int
) -> tuple[int, list[int]]:
    """One type size for a table and its columns' widths: the largest size (from ``max_px`` down to
    ``min_px``) at which every column's widest text fits with ``gap`` between columns; the room left
    over is shared out between the columns."""
    px = max_px
    while True:
        natural = [
            max((fonts.size(text, px, bold=True)[0] for text in column), default=0) for column in columns
        ]
        if px <= min_px or sum(natural) + gap * (len(columns) - 1) <= width:
            break
        px -= 1
    spare = max(0, width - sum(natural) - gap * (len(columns) - 1)) // max(1, len(columns))
    return px, [each + spare for each in natural]


def share_out(natural: Sequence[int], room: int) -> list[int]:
    """Widths for columns that need ``natural``: as even as ``room`` allows, none under its need."""
    widths = list(natural)
    free = list(range(len(widths)))
    while free:
        even = (room - sum(widths[index] for index in range(len(widths)) if index not in free)) // len(free)
        narrow = [index for index in free if natural[index] <= even]
        if len(narrow) == len(free):
            for index in free:
                widths[index] = even
            break
        free = narrow
    return widths


def table_rows(height: int, rows: int, metrics: Metrics, *, spacing: float = 1.9) -> tuple[int, int]:
    """Row height and text size for ``rows`` rows in ``height`` pixels: roomy when there is space,
    tighter when not, never under the 12-CSS-pixel text floor."""
    px = metrics.text(16)
    row = min(round(px * spacing), height // max(1, rows))
    return row, max(metrics.text(12), min(px, int(row / 1.3)))
