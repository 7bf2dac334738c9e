"""A seat's box, piece by piece: pure rectangles, so drawing and the layout tests share them.

Every box holds the same pieces in the same order at every size and all match long: a mark (the seat
to move; during the pass, a tick once it has passed), the name and the dealer's chip; the score (the
total in points, then a heart and this hand's points); and for an opponent, the cards they still hold
as a fan of backs with its count. In a two-line box the fan lies under the two lines; in a one-line
box (a short landscape window's North) everything follows on the one line.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from .layout import Metrics
from .table_layout import fan_height


@dataclass(frozen=True, slots=True)
class SeatParts:
    mark: Rect
    name: Rect
    dealer: Rect
    score: Rect
    fan: Rect
    """Empty for your own box: your cards are in front of you."""


def is_one_line(panel: Rect, metrics: Metrics) -> bool:
    return panel.height < 2 * metrics.text(15) + metrics.px(10)


def chip_size(metrics: Metrics) -> int:
    """The side of the mark's and the dealer chip's squares."""
    return max(metrics.text(12) + metrics.px(4), metrics.px(18))


def fan_width(metrics: Metrics) -> int:
    """How wide an opponent's fan and its count are on one line."""
    return metrics.px(58)


def seat_parts(panel: Rect, metrics: Metrics, *, fan: bool) -> SeatParts:
    """Where each piece of ``panel`` goes; ``fan`` for an opponent's box."""
    pad = metrics.px(6)
    space = metrics.px(3)
    chip = chip_size(metrics)
    line = metrics.text(15) + metrics.px(4)
    if is_one_line(panel, metrics):
        row = Rect(panel.left + pad, panel.top, panel.width - 2 * pad, panel.height)
        mark = Rect(row.left, 0, chip, chip)
        mark.centery = row.centery
        name = Rect(mark.right + space, row.top, round(metrics.text(15) * 3.0), row.height)
        dealer = Rect(name.right + space, 0, chip, chip)
        dealer.centery = row.centery
        fan_rect = Rect(row.right, row.centery, 0, 0)
        if fan:
            fan_rect = Rect(0, 0, fan_width(metrics), fan_height(metrics) - metrics.px(2))
            fan_rect.midright = (row.right, row.centery)
        score_left = dealer.right + 2 * space
        score = Rect(score_left, row.top, fan_rect.left - 2 * space - score_left, row.height)
        return SeatParts(mark=mark, name=name, dealer=dealer, score=score, fan=fan_rect)
    inner = Rect(panel.left + pad, panel.top + metrics.px(4), panel.width - 2 * pad, 2 * line)
    first = Rect(inner.left, inner.top, inner.width, line)
    mark = Rect(first.left, 0, chip, chip)
    mark.centery = first.centery
    dealer = Rect(first.right - chip, 0, chip, chip)
    dealer.centery = first.centery
    name = Rect(mark.right + space, first.top, dealer.left - space - mark.right - space, line)
    score = Rect(inner.left, first.bottom, inner.width, line)
    fan_rect = Rect(inner.left, score.bottom, inner.width, 0)
    if fan:
        fan_rect.height = fan_height(metrics) - metrics.px(2)
    return SeatParts(mark=mark, name=name, dealer=dealer, score=score, fan=fan_rect)
