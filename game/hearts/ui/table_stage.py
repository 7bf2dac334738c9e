"""The table's stage: what is being shown and when the next thing may happen. The steps of motion in
their queue, what waits for them to land (a question, a result), fast-forward, the bots' pause between
cards, and the lift of the cards just passed to you.

The seam: the engine moves on at once and the table (``TableScene``) turns its events into steps
(``table_pace.steps_for``) and into what follows them; the stage holds both and says when time has
shown them. It never moves the match itself: it tells the table when a bot may play, and the table
plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine import Phase
from .motion import Motion, Step
from .scenes.base import Transition
from .session import Session
from .table_pace import BOT_PAUSE, FAST, PACE, RECEIVED_LIFT, THINK_SLICE

Later = Callable[[], Transition | None]
"""Something the table does once the cards on the move have landed (a result, a question)."""


class Stage:
    """The motion showing and what waits for it, on the table's clock."""

    def __init__(self, *, is_human_turn: bool) -> None:
        self.motion = Motion()
        self.after_motion: list[Later] = []
        """What follows once the cards have landed, in order (a dialog comes before your next input)."""
        self.fast = False
        """Fast-forward: the steps run quicker and the bots play without a pause, until your turn."""
        self.bot_wait = 0.0
        """Seconds since the last bot move (see ``BOT_PAUSE``)."""
        self.was_human_turn = is_human_turn
        self.lift_received = 0.0
        """Seconds left for the cards you were passed to stand raised."""

    @property
    def is_busy(self) -> bool:
        return self.motion.is_busy

    def pace(self, setting: str) -> float:
        """How much longer than normal each step lasts, for the Pace option ``setting``."""
        if self.fast:
            return FAST
        return PACE.get(setting, 1.0)

    def show(self, steps: Iterable[Step]) -> None:
        """Queue ``steps`` (taken one at a time: each may depend on those queued before it)."""
        for shown in steps:
            self.motion.add(shown)

    def then(self, *laters: Later) -> None:
        """Do ``laters``, in order, once the cards now on the move have landed."""
        self.after_motion.extend(laters)

    def advance(self, dt: float) -> bool:
        """Move the motion on by ``dt`` (already scaled by the pace); whether anything was moving. Once
        the exchange lands, the cards passed to you stand raised for a while."""
        head = self.motion.current
        if head is None:
            return False
        self.motion.advance(dt)
        if head is not None and head.kind == "exchange" and self.motion.current is not head:
            self.lift_received = RECEIVED_LIFT
        return True

    def tick(self, dt: float) -> bool:
        """Run the received cards' lift on its own clock; whether it has just ended (they come down)."""
        if self.lift_received <= 0:
            return False
        self.lift_received = max(0.0, self.lift_received - dt)
        return self.lift_received == 0

    def drain(self) -> Transition | None:
        """Do what waited for the motion, once nothing moves, up to the first that goes somewhere."""
        while self.after_motion and not self.motion.is_busy:
            transition = self.after_motion.pop(0)()
            if transition is not None:
                return transition
        return None

    def finish(self) -> Transition | None:
        """The player moved while cards were still moving: they arrive at once."""
        if not self.motion.is_busy:
            return None
        self.motion.finish()
        return self.drain()

    def skip_trick(self) -> Transition | None:
        """Skip the finished trick showing (a tap on it), and do what waited for it."""
        self.motion.skip_trick()
        return self.drain()

    def toggle_fast(self) -> None:
        self.fast = not self.fast
        if self.fast:
            self.motion.skip_trick()

    def turn_to(self, is_human_turn: bool) -> bool:
        """Note whose turn it is; whether fast-forward has just ended (it covers the bots' turns up to
        yours)."""
        ended = is_human_turn and not self.was_human_turn and self.fast
        if ended:
            self.fast = False
        self.was_human_turn = is_human_turn
        return ended

    def bot_may_move(self, session: Session, dt: float, pace: float) -> bool:
        """Let the bot to move think for a slice of this frame; whether its move may be shown now. A
        card waits for the least pause since the last (``pace`` times ``BOT_PAUSE``; none under
        fast-forward); passes are chosen all at once and shown together, so they never wait."""
        self.bot_wait += dt
        move = session.think(THINK_SLICE)
        pause = 0.0 if self.fast or session.phase is Phase.PASS else BOT_PAUSE * pace
        if move is None or self.bot_wait < pause:
            return False
        self.bot_wait = 0.0
        return True
