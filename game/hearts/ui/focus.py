"""Where an arrow key moves the focus among buttons laid out on the screen, whatever their layout.

An arrow moves the way it points: ↓ to the nearest row below, onto the button closest across; → to the
next button in the same row. Past the last row or the end of a row it goes round, as a list does. Where
nothing lies that way at all (← → in a single column, ↑ ↓ in a single row), it moves along the list,
so a list answers every arrow; ← → on a button alone in its row of a grid stay where they are. Buttons
a wide gap apart (a rail down the side, a page of rows beside it) are columns of their own: ↑ ↓ go up and
down the one they are in, and a row's end goes round to the start of its own side. Pure: the scenes
hand in their buttons' rectangles, in reading order.
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
    near = _side_by_side(rects, current)
    if vertical:
        below = [index for index in others if rects[index].centery >= here.bottom]
        above = [index for index in others if rects[index].centery <= here.top]
        ahead, behind = (below, above) if delta > 0 else (above, below)
        column = [index for index in ahead if index in near], [index for index in behind if index in near]
        if column[0] or column[1]:  # up and down its own column of buttons (a rail beside rows), round
            ahead, behind = column
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
            # The next in the row, else (going round) the one at its other end, among the buttons on
            # this side of a wide gap (not a rail's button beside the row's other end).
            round_to = [index for index in in_row if index in near] if near else in_row
            if not ahead and not round_to:
                return current  # alone on its side of the row: going round stays
            return min(ahead or round_to, key=lambda index: (rects[index].centerx * delta, index))
        if _is_grid(rects):
            return current  # alone in its row of a grid (the last of an odd count): ← → stay
    return (current + delta) % count


def _side_by_side(rects: Sequence[Rect], current: int) -> set[int]:
    """The buttons in the same column of buttons as ``current``, itself included: those reached from it
    across the screen by buttons whose spans across overlap, or leave a gap narrower than a button
    (a rail down the side and a page of rows beside it are two columns); empty when there is one."""
    order = sorted(range(len(rects)), key=lambda index: rects[index].left)
    widest = max(rect.width for rect in rects)
    groups: list[list[int]] = []
    reach = None
    for index in order:
        rect = rects[index]
        if reach is None or rect.left - reach > widest:
            groups.append([])
        groups[-1].append(index)
        reach = rect.right if reach is None else max(reach, rect.right)
    if len(groups) == 1:
        return set()
    return next(set(group) for group in groups if current in group)


def _is_grid(rects: Sequence[Rect]) -> bool:
    """Whether any two buttons share a row (else they form a single column)."""
    return any(
        first.top < second.centery < first.bottom
        for index, first in enumerate(rects)
        for second in rects[index + 1 :]
    )
