"""Learn to play: one hand on a fixed deal; a note beside each new thing the first time it happens; the
suggested card marked, with why; refusals explained; a summary at the end.

The lesson keeps nothing: no autosave, no statistics, and the match in progress (``ctx.session``) is
left as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from ...announce import Announcement, Verbosity, for_event
from ...bots.hints import suggest_pass
from ...engine import (
    PASS_SIZE,
    STANDARD,
    Card,
    CardPlayed,
    CardSet,
    Event,
    HandScored,
    HandStarted,
    Match,
    Phase,
    PlayerView,
    Reason,
)
from ...lesson import LESSON_DEAL, LESSON_SEED, Coach, Note, lesson_play, lesson_reason, why_card, why_pass
from ...words import pass_words, passing_words
from ..context import Context
from ..intents import Confirm, Intent, Pressed, Tap
from ..motion import Step
from ..routes import LessonMenu, LessonSummary
from ..session import HUMAN, Session
from ..table_state import TableSnapshot
from ..table_voice import NOTE_CONTROL
from ..transitions import Push, Transition
from .base import OPEN_MENU, BaseMode, ModeTraits

LESSON_LEVEL = "normal"


class LessonMode(BaseMode):
    traits = ModeTraits(
        keeps_every_move=False,
        refusals_are_errors=False,  # a refusal is a lesson, shown like the other lines, not as an error
        plays_out_settled_hands=False,  # the lesson's hand is played to its last card
        notes=True,
        level=LESSON_LEVEL,
        deal=LESSON_DEAL,
    )

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, Session(Match(STANDARD), LESSON_SEED, LESSON_LEVEL))
        self.words = LessonWords()
        self.guide = self.lesson = LessonGuide(self.session)

    # Nothing of the lesson is kept --------------------------------------------------------------------

    def background(self, seconds: float) -> bool:
        return False  # the lesson is not reviewed

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        self.lesson.clear()
        return Push(LessonSummary(scored))

    def answer(self, asked: object) -> Transition | None:
        return Push(LessonMenu()) if asked == OPEN_MENU else None


def on_felt(tap: Tap, table: TableSnapshot) -> bool:
    """Whether ``tap`` fell on none of your cards and none of the table's buttons."""
    return table.hand.card_at(tap.pos) is None and not any(
        button.rect.collidepoint(tap.pos) for button in table.buttons
    )


@dataclass(frozen=True, slots=True)
class LessonWords:
    """The lesson says what it is, and explains a refusal as a lesson."""

    def header(self, view: PlayerView) -> str:
        """What this table is, and its pass: the lesson is one hand, played to no target."""
        return f"Learn to play · {pass_words(view.pass_direction)}"

    def names(self) -> tuple[str, ...] | None:
        return None

    def refusal(self, reason: Reason) -> str:
        return lesson_reason(reason)

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        """As at a match, but for the deal: the lesson is one hand, with no number and no target."""
        if not isinstance(event, HandStarted):
            return for_event(event, view, verbosity=verbosity)
        how = passing_words(event.pass_direction)
        return [Announcement(text=f"Learn to play: one hand, {how}.", kind="deal")]


class LessonGuide:
    """The lesson's notes and suggestions over ``session``, read against a snapshot of the table."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.coach = Coach()
        self._showing: list[Note] = []
        """Notes whose moment has come, waiting to be read; the first is showing."""
        self._waiting: list[tuple[Card | None, list[Note]]] = []
        """Notes due once a card has landed (None: once nothing moves), in the order they came up."""
        self._suggestion: tuple[int, frozenset[Card]] = (-1, frozenset())

    # The notes ----------------------------------------------------------------------------------------
    #
    # A note comes up when the coach sees its subject in the engine's events, which run ahead of the
    # cards on the table: it waits until the card that brought it up has landed (the trick it names is
    # then complete and held), and while it shows, the complete trick stays on the table and the
    # computer players wait.

    def notes(self, table: TableSnapshot) -> list[Note]:
        """Notes to read now, in order (those whose moment has come on the ``table``)."""
        while self._waiting and _is_due(self._waiting[0][0], table.current):
            self._showing.extend(self._waiting.pop(0)[1])
        return self._showing

    def note(self, table: TableSnapshot) -> Note | None:
        notes = self.notes(table)
        return notes[0] if notes else None

    def dismiss(self, table: TableSnapshot) -> None:
        """The note showing has been read."""
        if self.notes(table):
            self._showing.pop(0)

    def clear(self) -> None:
        """The hand is over: no note is left to read."""
        self._showing.clear()
        self._waiting.clear()

    def shown(self, events: list[Event]) -> None:
        notes = self.coach.watch(self.session.view, events)
        if notes:
            played = [event.card for event in events if isinstance(event, CardPlayed)]
            self._waiting.append((played[-1] if played else None, notes))

    def holds(self, table: TableSnapshot) -> bool:
        """While a note shows: the bots wait, and a complete trick stays on the table."""
        if not self.coach.shown:
            self._showing.extend(self.coach.watch(self.session.view))
        if not self.notes(table):
            return False
        current = table.current
        if current is None:
            return not table.your_turn
        return current.kind == "hold"

    def closes(self, intent: Intent, table: TableSnapshot, box: pygame.Rect | None) -> bool:
        """A tap on the note or on the felt ("tap to go on" says no more than tap), Enter, or the note's
        control in the page's mirror."""
        if not self.notes(table):
            return False
        closes = (
            (
                isinstance(intent, Tap)
                and ((box is not None and box.collidepoint(intent.pos)) or on_felt(intent, table))
            )
            or (isinstance(intent, Confirm) and (table.state.focus is None or not table.your_turn))
            or intent == Pressed("button", NOTE_CONTROL)
        )
        if closes:
            self.dismiss(table)
        return closes

    @contextmanager
    def your_move(self, table: TableSnapshot) -> Iterator[None]:
        """Your move answers the note that was showing and those about your hand, whose moment it has
        passed (the 2♣ note once you have played it); not one the move brings up."""
        moves = len(self.session.match.moves)
        notes = self.notes(table)
        answered = [note for index, note in enumerate(notes) if not index or note.anchor == "hand"]
        yield
        if len(self.session.match.moves) > moves:
            self._showing[:] = [note for note in self._showing if note not in answered]

    # The suggestions ----------------------------------------------------------------------------------

    def _suggested(self) -> frozenset[Card]:
        """The suggested pass (three cards) or card for the decision before you, worked out once per
        position (drawing and the message line both ask)."""
        moves = len(self.session.match.moves)
        if self._suggestion[0] != moves:
            view = self.session.view
            cards: frozenset[Card] = frozenset()
            if view.phase is Phase.PASS and view.passed is None:
                cards = frozenset(suggest_pass(view))
            elif view.phase is Phase.PLAY and view.to_move == HUMAN:
                cards = frozenset({lesson_play(view)})
            self._suggestion = (moves, cards)
        return self._suggestion[1]

    def marked(self, table: TableSnapshot) -> frozenset[Card]:
        return frozenset() if table.busy else self._suggested()

    def line(self, table: TableSnapshot) -> str | None:
        """The suggestion and why, for your decision; else the table's own line (how to pass the three
        chosen, who took the trick showing)."""
        view, busy, chosen = table.live, table.busy, len(table.state.selected)
        if not busy and view.phase is Phase.PASS and view.passed is None and chosen < PASS_SIZE:
            return why_pass(view, CardSet(self._suggested()))
        if not busy and view.phase is Phase.PLAY and view.to_move == HUMAN:
            return why_card(view, next(iter(self._suggested())))
        return None


def _is_due(card: Card | None, current: Step | None) -> bool:
    """Whether ``card`` has landed on the table while ``current`` shows (None: whether nothing moves)."""
    if current is None or card is None:
        return current is None
    return not (current.kind == "play" and any(flight.card == card for flight in current.flights))
