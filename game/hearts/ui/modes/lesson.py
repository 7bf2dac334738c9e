"""Learn to play: one hand on a fixed deal; a note beside each new thing the first time it happens; the
suggested card marked, with why; refusals explained; a summary at the end.

The lesson keeps nothing: no autosave, no statistics, and the match in progress (``ctx.session``) is
left as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ...bots.hints import suggest_pass
from ...engine import (
    PASS_SIZE,
    STANDARD,
    Card,
    CardPlayed,
    CardSet,
    Event,
    HandScored,
    Match,
    Phase,
    PlayerView,
    Reason,
)
from ...lesson import LESSON_DEAL, LESSON_SEED, Coach, Note, lesson_play, lesson_reason, why_card, why_pass
from ...words import pass_words
from ..context import Context
from ..intents import Confirm, Intent, Tap
from ..routes import LessonMenu, LessonSummary
from ..session import HUMAN, Session
from ..transitions import Push, Transition
from .base import ModeTraits, TableMode

LESSON_LEVEL = "normal"


class LessonMode(TableMode):
    traits = ModeTraits(
        keeps_every_move=False,
        refusals_are_errors=False,  # a refusal is a lesson, shown like the other lines, not as an error
        plays_out_settled_hands=False,  # the lesson's hand is played to its last card
        notes=True,
    )

    def __init__(self, ctx: Context) -> None:
        self.coach = Coach()
        self._showing: list[Note] = []
        """Notes whose moment has come, waiting to be read; the first is showing."""
        self._waiting: list[tuple[Card | None, list[Note]]] = []
        """Notes due once a card has landed (None: once nothing moves), in the order they came up."""
        self._suggestion: tuple[int, frozenset[Card]] = (-1, frozenset())
        super().__init__(ctx, Session(Match(STANDARD), LESSON_SEED, LESSON_LEVEL))

    def header(self, view: PlayerView) -> str:
        """What this table is, and its pass: the lesson is one hand, played to no target."""
        return f"Learn to play · {pass_words(view.pass_direction)}"

    # Nothing of the lesson is kept --------------------------------------------------------------------

    def background(self, seconds: float) -> bool:
        return False  # the lesson is not reviewed

    def deal(self) -> list[Event] | None:
        return self.session.deal(LESSON_LEVEL, LESSON_DEAL)

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        self._showing.clear()
        self._waiting.clear()
        return Push(LessonSummary(scored))

    def menu(self) -> Transition | None:
        return Push(LessonMenu())

    # The notes ----------------------------------------------------------------------------------------
    #
    # A note comes up when the coach sees its subject in the engine's events, which run ahead of the
    # cards on the table: it waits until the card that brought it up has landed (the trick it names is
    # then complete and held), and while it shows, the complete trick stays on the table and the
    # computer players wait.

    @property
    def notes(self) -> list[Note]:
        """Notes to read now, in order (those whose moment has come on the table)."""
        while self._waiting and self._is_due(self._waiting[0][0]):
            self._showing.extend(self._waiting.pop(0)[1])
        return self._showing

    def _is_due(self, card: Card | None) -> bool:
        """Whether ``card`` has landed on the table (None: whether nothing moves any more)."""
        current = self.motion.current
        if current is None or card is None:
            return current is None
        return not (current.kind == "play" and any(flight.card == card for flight in current.flights))

    @property
    def note(self) -> Note | None:
        notes = self.notes
        return notes[0] if notes else None

    def dismiss_note(self) -> None:
        if self.notes:
            self._showing.pop(0)

    def shown(self, events: list[Event]) -> None:
        notes = self.coach.watch(self.session.view, events)
        if notes:
            played = [event.card for event in events if isinstance(event, CardPlayed)]
            self._waiting.append((played[-1] if played else None, notes))

    def holds_table(self) -> bool:
        """While a note shows: the bots wait, and a complete trick stays on the table."""
        if not self.coach.shown:
            self._showing.extend(self.coach.watch(self.session.view))
        if not self.notes:
            return False
        current = self.motion.current
        if current is None:
            return not self.session.is_human_turn
        return current.kind == "hold"

    def intercepts(self, intent: Intent, focus: int | None) -> bool:
        if not self.notes:
            return False
        closes = (isinstance(intent, Tap) and self.note_rect.collidepoint(intent.pos)) or (
            isinstance(intent, Confirm) and (focus is None or not self.session.is_human_turn)
        )
        if closes:
            self.dismiss_note()
        return closes

    @contextmanager
    def your_move(self) -> Iterator[None]:
        """Your move answers the note that was showing and those about your hand, whose moment it has
        passed (the 2♣ note once you have played it); not one the move brings up."""
        moves = len(self.session.match.moves)
        answered = [note for index, note in enumerate(self.notes) if not index or note.anchor == "hand"]
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

    def highlighted(self, busy: bool) -> frozenset[Card]:
        return frozenset() if busy else self._suggested()

    def message(self, view: PlayerView, busy: bool, chosen: int) -> str | None:
        """The suggestion and why, for your decision; else the table's own line (how to pass the three
        chosen, who took the trick showing)."""
        if not busy and view.phase is Phase.PASS and view.passed is None and chosen < PASS_SIZE:
            return why_pass(view, CardSet(self._suggested()))
        if not busy and view.phase is Phase.PLAY and view.to_move == HUMAN:
            return why_card(view, next(iter(self._suggested())))
        return None

    def reason_words(self, reason: Reason) -> str:
        return lesson_reason(reason)
