"""The table's pace: how long each thing stays in view, and the steps of motion the engine's events
become (the engine moves on at once; the table shows each move in turn)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from .. import announce
from ..announce import Announcement, Verbosity
from ..engine import CardPlayed, CardsPassed, Event, HandStarted, HeartsBroken, PlayerView, TrickTaken
from .motion import InHand, Step, exchange_step, play_step, step, trick_steps
from .session import HUMAN
from .table_hand import ShownHand


class Saying(Protocol):
    """What a table says of an event, ``view`` being your view once it happened: a match's table says what
    the announcer does (``announce.for_event``); a kind of table may say some in its own words."""

    def __call__(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]: ...


PACE = {"relaxed": 1.5, "normal": 1.0, "quick": 0.55}
"""How much longer (or shorter) than normal each step lasts, by the Pace option."""
FAST = 0.12
"""The same under fast-forward."""
THINK_BUDGET = 0.013
"""The table's work in a frame, its drawing and the bots' thinking included, ends this many seconds into
its update: the frame's spare time goes to thinking, leaving the browser the rest of its 16.7 ms."""
DRAW_MEMORY = 0.9
"""A frame that will draw leaves room for it: the longest recent drawing, this share of it still
expected a frame later (the kept table is drawn again only when a card lands or a step begins)."""
THINK_STEP_MEMORY = 0.5
"""A bot's steps cannot be cut, so none is started that would end past those limits (the first of each
frame excepted, so it always gets on) by what the last steps took: the longest of the last step and this
share of what was expected before it. Hard's steps take about 0.4 ms, a few of them ten times that (the
start of a decision): one long step costs the next few little."""


# Step lengths at normal pace, in seconds.
DEAL_TIME = 1.6
DEAL_SKIPPED_AFTER = 0.35
"""A tap on the table lands the deal at once, but not in its first moment: that tap is a double tap's
second (on New match, or Next hand)."""
EXCHANGE_TIME = 0.7
PLAY_TIME = 0.3
HOLD_TIME = 1.2
"""A finished trick stays, its winner ringed and named, long enough to read (a tap or a move cuts it
short)."""
HOLD_LEAST = 0.5
"""However it is cut short (a tap on the felt, fast-forward, your next card), and at any pace, a finished
trick stays this many seconds, so its winner and "… takes it" are always seen."""
COLLECT_TIME = 0.35
BOT_PAUSE = 0.3
"""The least time between two bot cards, so a play can be followed by eye."""
RECEIVED_LIFT = 1.5
"""The cards you were passed stand raised this long once the exchange lands."""
REFUSED_SHAKE = 0.45
"""A refused card shakes (or, under reduced motion, jumps) this long."""
REFUSED_BUBBLE = 2.5
"""Its reason stays beside it this long."""
REASON_TIME = 4.0
"""A reason stays on the message line this long (or until your next move); then the prompt, with who
passed you what, comes back."""


def steps_for(
    events: Sequence[Event],
    after: PlayerView,
    *,
    before: PlayerView | None,
    your_card_from: InHand | None,
    hand: ShownHand,
    reduced_motion: bool,
    verbosity: Verbosity,
    unsaid: list[Announcement] | None = None,
    say: Saying = announce.for_event,
) -> Iterator[Step]:
    """The steps that show ``events``, in order.

    ``after`` is your view once the events happened, ``before`` the one a played card left from;
    ``your_card_from`` where your own played card lay, ``hand`` your hand as shown when the events came
    (the cards you pass leave from it: the exchange is the first step of its move). Under reduced
    motion nothing moves, but a finished trick is still held long enough to read. What is said of an
    event (``say``, at ``verbosity``: by default the announcer's ``for_event``) is announced as the
    event's first step begins (as the step before it, for an event with no step of its own); what comes
    before any step, with no step after it, is left in ``unsaid``."""
    motion_time = 0.0 if reduced_motion else 1.0
    played: Step | None = None
    last: Step | None = None
    pending: list[Announcement] = []
    for event in events:
        said = tuple(say(event, after, verbosity=verbosity))
        made = 0
        for shown in _event_steps(event, after, before, your_card_from, hand, motion_time):
            if not made:
                if isinstance(event, CardsPassed):  # what you were given, said once it has landed
                    shown.said, shown.said_after = tuple(pending), said
                else:
                    shown.said = (*pending, *said)
                pending = []
            made += 1
            last = shown
            if shown.kind == "play":
                played = shown
            yield shown
        if made:
            continue
        if isinstance(event, HeartsBroken) and played is not None:
            played.sounds += ("hearts",)
        if last is not None:
            last.said += said
        else:
            pending.extend(said)
    if unsaid is not None:
        unsaid.extend(pending)


def _event_steps(
    event: Event,
    after: PlayerView,
    before: PlayerView | None,
    your_card_from: InHand | None,
    hand: ShownHand,
    motion_time: float,
) -> Iterator[Step]:
    """The steps that show one event (none for an event that only changes words or sounds)."""
    if isinstance(event, HandStarted):
        yield step("deal", DEAL_TIME * motion_time, after, dealer=event.dealer, skippable=True)
    elif isinstance(event, CardsPassed):
        starts = {card: hand.in_hand(card) for card in event.cards[HUMAN]}
        yield exchange_step(event, after, starts, EXCHANGE_TIME * motion_time)
    elif isinstance(event, CardPlayed):
        start = your_card_from if event.seat is HUMAN else None
        base = before if before is not None else after
        yield play_step(event, base, start, PLAY_TIME * motion_time)
    elif isinstance(event, TrickTaken):
        yield from trick_steps(event, after, HOLD_TIME, COLLECT_TIME * motion_time, HOLD_LEAST)
