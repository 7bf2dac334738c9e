"""Where an arrow key moves the focus among buttons laid out on the screen, whatever their layout.

An arrow moves the way it points: ↓ to the nearest row below, onto the button closest across; → to the
next button in the same row. Past the last row or the end of a row it goes round, as a list does. Where
nothing lies that way at all (← → in a single column, ↑ ↓ in a single row), it moves along the list,
so a list answers every arrow; ← → on a button alone in its row of a grid stay where they are. Pure:
the scenes hand in their buttons' rectangles, in reading order.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame import Rect

from .intents import Step


def step_focus(rects: Sequence[Rect], current: int | None, step: Step) -> int | None:
    """The index the focus moves to from ``current`` for ``step``: an arrow (``delta`` -1 or +1,
    ``vertical`` for ↑ ↓), or Tab (``in_order``: the next in the list, going round); from no focus, the
    first (or, going back, the last); None when there is nothing to focus."""
    delta, vertical = step.delta, step.vertical
    count = len(rects)
    if not count:
        return None
    if current is None or not 0 <= current < count:
        return 0 if delta > 0 else count - 1
    if step.in_order:
        return (current + delta) % count
    here = rects[current]
    others = [index for index in range(count) if index != current]
    if vertical:
        below = [index for index in others if rects[index].centery >= here.bottom]
        above = [index for index in others if rects[index].centery <= here.top]
        ahead, behind = (below, above) if delta > 0 else (above, below)
        if ahead or behind:
            # The nearest row ahead, else (going round) the farthest behind; in it, the closest across.
            def row(index: int) -> int:
                rect = rects[index]
                return rect.top if delta > 0 else -rect.bottom

            return min(
                ahead or behind,
                key=lambda index: (row(index), abs(rects[index].centerx - here.centerx), index),
            )
    else:
        in_row = [index for index in others if here.top < rects[index].centery < here.bottom]
        ahead = [index for index in in_row if (rects[index].centerx - here.centerx) * delta > 0]
        if in_row:
            # The next in the row, else (going round) the one at its other end.
            return min(ahead or in_row, key=lambda index: (rects[index].centerx * delta, index))
        if _is_grid(rects):
            return current  # alone in its row of a grid (the last of an odd count): ← → stay
    return (current + delta) % count


def _is_grid(rects: Sequence[Rect]) -> bool:
    """Whether any two buttons share a row (else they form a single column)."""
    return any(
        first.top < second.centery < first.bottom
        for index, first in enumerate(rects)
        for second in rects[index + 1 :]
    )
