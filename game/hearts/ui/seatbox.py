"""A seat's box, piece by piece: pure rectangles, so drawing and the layout tests share them.

Every box holds the same pieces in the same order at every size and all match long: a mark (the seat
to move; during the pass, a tick once it has passed), the name and the dealer's chip; the score (the
total in points, then a heart and this hand's points); and a strip that shows an opponent's cards as a
fan of backs with their count, or the "Moon threat" badge while that seat has taken every point so far.
In a two-line box the strip lies under the two lines; in a one-line box (a short landscape window's
North) everything follows on the one line.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from .layout import Metrics
from .table_layout import strip_height


@dataclass(frozen=True, slots=True)
class SeatParts:
    mark: Rect
    name: Rect
    dealer: Rect
    score: Rect
    strip: Rect
    """An opponent's fan of backs, or the moon badge."""


def is_one_line(panel: Rect, metrics: Metrics) -> bool:
    return panel.height < 2 * metrics.text(15) + metrics.px(10)


def chip_size(metrics: Metrics) -> int:
    """The side of the mark's and the dealer chip's squares."""
    return max(metrics.text(12) + metrics.px(4), metrics.px(18))


def strip_width(metrics: Metrics) -> int:
    """How wide the strip is on one line."""
    return metrics.px(68)


def seat_parts(panel: Rect, metrics: Metrics) -> SeatParts:
    """Where each piece of ``panel`` goes."""
    pad = metrics.px(6)
    space = metrics.px(3)
    chip = chip_size(metrics)
    line = metrics.text(15) + metrics.px(4)
    strip_tall = strip_height(metrics) - metrics.px(2)
    if is_one_line(panel, metrics):
        row = Rect(panel.left + pad, panel.top, panel.width - 2 * pad, panel.height)
        mark = Rect(row.left, 0, chip, chip)
        mark.centery = row.centery
        name = Rect(mark.right + space, row.top, round(metrics.text(15) * 2.8), row.height)
        dealer = Rect(name.right + space, 0, chip, chip)
        dealer.centery = row.centery
        strip = Rect(0, 0, strip_width(metrics), strip_tall)
        strip.midright = (row.right, row.centery)
        score_left = dealer.right + space
        score = Rect(score_left, row.top, strip.left - space - score_left, row.height)
        return SeatParts(mark=mark, name=name, dealer=dealer, score=score, strip=strip)
    inner = Rect(panel.left + pad, panel.top + metrics.px(4), panel.width - 2 * pad, 2 * line)
    first = Rect(inner.left, inner.top, inner.width, line)
    mark = Rect(first.left, 0, chip, chip)
    mark.centery = first.centery
    dealer = Rect(first.right - chip, 0, chip, chip)
    dealer.centery = first.centery
    name = Rect(mark.right + space, first.top, dealer.left - space - mark.right - space, line)
    score = Rect(inner.left, first.bottom, inner.width, line)
    strip = Rect(inner.left, score.bottom, inner.width, strip_tall)
    return SeatParts(mark=mark, name=name, dealer=dealer, score=score, strip=strip)
