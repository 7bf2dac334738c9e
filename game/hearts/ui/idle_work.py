"""The work for frames that draw nothing, and its pace: in a frame with nothing to draw (you are thinking,
or a bot is), the coach judges your decisions and the daily deal's par is worked out, so they are ready
at the hand's result without slowing a drawn frame.

The seam: the app asks ``work_for`` its scenes what there is to do, and hands it to its ``IdlePace``
with the frame's start, the slice granted and the clock that measures both. A step of the work cannot be
cut short, so the pace starts one only within the slice and when its longest recent step would still end
within ``FRAME_BUDGET`` of the frame's start: the frame keeps to the budget unless a step runs longer
than any before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .context import Context
from .scenes.base import Scene
from .scenes.dialog import Dialog
from .table_faces import DealAhead

COACH_SLICE = 0.004
"""Seconds the coach may judge your decisions in a frame that draws nothing: it starts no step later."""
FRAME_BUDGET = 0.008
"""Nor a step it expects to end later than this many seconds into the frame (a bot may have thought in
it already): its longest recent step is what it expects."""
STILL_DIALOG_SLICE = 0.006
"""The coach's slice (and the daily deal's par's) while a still dialog waits for the player: the table
beneath neither moves nor thinks, so more of the frame's budget is free."""
COACH_STEP_MEMORY = 0.85
"""How much of its longest recent step the coach still expects of the next, a frame later."""

Work = Callable[[float], bool]
"""A step of work (given 0.0: one step); whether there is more to do."""


def work_for(stack: Sequence[Scene], ctx: Context, deal: DealAhead) -> Work | None:
    """The work for frames that draw nothing: the table's in view (under any dialog), else what the
    first deal of a table to come shows (``deal``), else the saved match's coaching."""
    for scene in reversed(stack):
        work = scene.background_work()
        if work is not None:
            return work
    work = deal.work(ctx.size, ctx.scale, four_colour=ctx.settings.four_colour)
    if work is not None:
        return work
    return None if ctx.session is None else ctx.session.coach


def slice_for(granted: float, top: Scene) -> float:
    """The slice for a frame whose top scene is ``top``: more while a still dialog is read (a result, a
    menu), since no bot thinks and nothing moves beneath it; none stays none."""
    reading = isinstance(top, Dialog) and not top.is_animating
    return max(granted, STILL_DIALOG_SLICE) if granted > 0 and reading else granted


class IdlePace:
    """Steps of work, one at a time, kept to a slice and to the frame's budget."""

    def __init__(self) -> None:
        self.expected_step = 0.0
        """How long the next step is expected to take (the longest recent one, fading)."""

    def run(self, work: Work, started: float, *, granted: float, clock: Callable[[], float]) -> bool:
        """Steps of ``work`` in the frame that began at ``started`` (by ``clock``), within ``granted``
        seconds from now; whether the work is done."""
        slice_end, budget_end = clock() + granted, started + FRAME_BUDGET
        self.expected_step *= COACH_STEP_MEMORY
        while True:
            now = clock()
            if now >= slice_end or now + self.expected_step > budget_end:
                return False
            if not work(0.0):
                return True
            self.expected_step = max(self.expected_step, clock() - now)
