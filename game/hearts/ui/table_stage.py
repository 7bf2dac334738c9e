"""The table's stage: what is being shown and when the next thing may happen. The steps of motion in
their queue, what waits for them to land (a question, a result), fast-forward, the bots' pause between
cards, and the lift of the cards just passed to you.

The seam: the engine moves on at once and the table (``TableScene``) hands its events to the stage,
which turns them into steps (``present``, through ``table_pace.steps_for``), and what follows them;
the stage holds both and says when time has shown them. It never moves the match itself: it lets the
bots think in each frame's spare time (while the last cards still move, too), tells the table when the
decided move may be shown, and the table plays it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

from .. import announce
from ..announce import Announcement, Verbosity
from ..engine import Event, Phase, PlayerView
from .motion import InHand, Motion, Step
from .table_hand import ShownHand
from .table_pace import (
    BOT_PAUSE,
    DRAW_MEMORY,
    FAST,
    PACE,
    RECEIVED_LIFT,
    THINK_BUDGET,
    THINK_STEP_MEMORY,
    Saying,
    steps_for,
)
from .table_session import TableSession
from .transitions import Transition

Later = Callable[[], Transition | None]
"""Something the table does once the cards on the move have landed (a result, a question)."""


class SaysEvents(Protocol):
    """A table's words, as far as the stage needs them: what it says of an event."""

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]: ...


class Stage:
    """The motion showing and what waits for it, on the table's clock."""

    def __init__(self, words: SaysEvents | None = None) -> None:
        self.say: Saying = announce.for_event if words is None else words.said
        """What the table says of each event it shows: its mode's words, or the announcer's."""
        self.motion = Motion()
        self.after_motion: list[Later] = []
        """What follows once the cards have landed, in order (a dialog comes before your next input)."""
        self.fast = False
        """Fast-forward: the steps run quicker and the bots play without a pause, until your turn."""
        self.fast_from: Hashable = None
        """Where the match stood when fast-forward was last switched on or off."""
        self.to_hand_end = False
        """Fast-forward runs to the end of the hand, through your turns (nothing is left to play for)."""
        self.bot_wait = 0.0
        """Seconds since the last bot move (see ``BOT_PAUSE``)."""
        self.lift_received = 0.0
        """Seconds left for the cards you were passed to stand raised."""
        self.clock: Callable[[], float] = time.perf_counter
        """What the bots' thinking in a frame is measured by: the wall clock, as a frame is (the pace
        bench counts processor time, so a busy machine does not slow the table it measures)."""
        self.think_step = 0.0
        """How long the bots expect their next step of thinking to take (``THINK_STEP_MEMORY``)."""
        self.draw_time = 0.0
        """How long the table expects its next drawing to take (``DRAW_MEMORY``)."""
        self.has_drawn = False
        """Whether the table has been drawn: till then its drawing's length is unknown, and the first is
        its longest (the still part painted whole): in WebAssembly at a phone's scale, a Hard bot's first
        step of thinking about its pass beside it made a frame of 53 ms."""

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

    def present(
        self,
        events: list[Event],
        after: PlayerView,
        hand: ShownHand,
        before: PlayerView | None,
        start: InHand | None,
        reduced_motion: bool,
        verbosity: Verbosity,
    ) -> list[Announcement]:
        """Queue the steps that show ``events`` (``table_pace.steps_for``: ``after`` is your view once
        they happened, ``before`` the one a played card left from, ``start`` where your own played card
        lay, ``hand`` your hand as shown); what they leave to be said at once (no step says it)."""
        unsaid: list[Announcement] = []
        steps = steps_for(
            events,
            after,
            before=before,
            your_card_from=start,
            hand=hand,
            reduced_motion=reduced_motion,
            verbosity=verbosity,
            unsaid=unsaid,
            say=self.say,
        )
        self.show(steps)
        return unsaid

    def then(self, *laters: Later) -> None:
        """Do ``laters``, in order, once the cards now on the move have landed."""
        self.after_motion.extend(laters)

    def advance(self, dt: float, pace: float) -> bool:
        """Move the motion on by ``dt`` seconds, each step ``pace`` times its length; whether anything
        was moving. Once the exchange lands, the cards passed to you stand raised for a while."""
        head = self.motion.current
        if head is None:
            return False
        self.motion.advance(dt, pace)
        if head.kind == "exchange" and self.motion.current is not head:
            self.lift_received = RECEIVED_LIFT
        return True

    def tick(self, dt: float) -> bool:
        """Run the received cards' lift on its own clock; whether it has just ended (they come down)."""
        if self.lift_received <= 0:
            return False
        self.lift_received = max(0.0, self.lift_received - dt)
        return self.lift_received == 0

    @property
    def is_still(self) -> bool:
        """Whether nothing moves, waits for the motion or runs on its own clock here."""
        return self.lift_received <= 0 and not self.after_motion and not self.motion.is_busy

    def drain(self) -> Transition | None:
        """Do what waited for the motion, once nothing moves, up to the first that goes somewhere."""
        while self.after_motion and not self.motion.is_busy:
            transition = self.after_motion.pop(0)()
            if transition is not None:
                return transition
        return None

    def finish(self) -> Transition | None:
        """The player moved while cards were still moving: they arrive at once (a finished trick still
        stays for its least time, see ``Motion.finish``)."""
        if not self.motion.is_busy:
            return None
        self.motion.finish()
        return self.drain()

    def skip(self) -> Transition | None:
        """Cut the deal or the finished trick showing short (a tap), and do what waited for it."""
        self.motion.skip()
        return self.drain()

    def toggle_fast(self, moment: Hashable) -> None:
        """Fast-forward on or off, at ``moment`` (where the match stands: see ``turn_to``)."""
        self.fast = not self.fast
        self.fast_from = moment
        self.to_hand_end = False
        if self.fast:
            self.motion.skip()

    def run_to_hand_end(self) -> None:
        """Fast-forward, your turns included, until ``hand_ended``."""
        self.fast = self.to_hand_end = True

    def hand_ended(self) -> None:
        """The hand's last cards have landed: a run to its end stops there."""
        if self.to_hand_end:
            self.fast = self.to_hand_end = False

    def turn_to(self, is_human_turn: bool, moment: Hashable) -> bool:
        """Note whose turn it is at ``moment`` (any value that changes with each move); whether
        fast-forward has just ended. It covers the moves up to your next turn: one the bots come to,
        or one that follows your own card at once (you took the trick and lead), never the turn it
        was switched on in; a run to the hand's end goes on through them."""
        # (The turn it was switched on in is the match's, not the one the cards still landing show: a
        # press as your turn comes, the last cards in the air, is for the moves after your card.)
        ended = self.fast and not self.to_hand_end and is_human_turn and moment != self.fast_from
        if ended:
            self.fast = False
        return ended

    def spare(self, started: float) -> float:
        """Seconds left for thinking in the frame whose update began at ``started`` (``think``'s
        budget)."""
        until = started + THINK_BUDGET - (self.draw_time if self.motion.is_busy else 0.0)
        return max(0.0, until - self.clock())

    def think(self, session: TableSession, started: float) -> None:
        """Let the bots think in this frame, whose table update began at ``started`` (on ``clock``),
        until ``THINK_BUDGET`` into it, less the drawing to come if the frame will draw (cards move, a
        trick is held). The bot to move, then the ones after it (``Session.think_on``), one step at a
        time, and none that the recent steps say would end past that (``THINK_STEP_MEMORY``), except
        the first: the bot to move always gets on, unless this frame is the table's first drawing (none
        thinks in that one)."""
        if self.motion.is_busy and not self.has_drawn:
            return
        clock = self.clock
        until = started + THINK_BUDGET - (self.draw_time if self.motion.is_busy else 0.0)
        expected = self.think_step
        first = True
        while True:
            now = clock()
            if not first and now + expected > until:
                break
            first = False
            if not session.think_on():
                break
            expected = max(clock() - now, expected * THINK_STEP_MEMORY)
        self.think_step = expected

    def drew(self, seconds: float) -> None:
        """The table took ``seconds`` to draw (on ``clock``)."""
        self.draw_time = max(seconds, self.draw_time * DRAW_MEMORY)
        self.has_drawn = True

    def bot_may_move(self, session: TableSession, dt: float, pace: float) -> bool:
        """Whether the move the bot to move has decided (``think``) may be shown now. A card waits for
        the least pause since the last cards landed (``pace`` times ``BOT_PAUSE``; none under
        fast-forward); passes are chosen all at once and shown together, so they never wait."""
        self.bot_wait += dt
        pause = 0.0 if self.fast or session.phase is Phase.PASS else BOT_PAUSE * pace
        if not session.bot_move_ready or self.bot_wait < pause:
            return False
        self.bot_wait = 0.0
        return True
