"""Learn to play: one hand on a fixed deal; a note beside each new thing the first time it happens; the
suggested card marked, with why; refusals explained; a summary at the end.

The lesson keeps nothing: no autosave, no statistics, and the match in progress (``ctx.session``) is
left as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ...bots.hints import suggest_pass, suggest_play
from ...engine import (
    STANDARD,
    Card,
    CardSet,
    Event,
    HandScored,
    Match,
    Phase,
    PlayerView,
)
from ...lesson import LESSON_DEAL, LESSON_SEED, Coach, Note, lesson_reason, why_card, why_pass
from ..intents import Confirm, Intent, Tap
from ..routes import LessonMenu, LessonSummary
from ..scenes.base import Context, Push, Transition
from ..session import HUMAN, Session
from ..table_layout import TableLayout, table_layout, with_note_band
from .base import TableMode

LESSON_LEVEL = "normal"


class LessonMode(TableMode):
    is_safe_to_reload = False
    refusals_are_errors = False  # a refusal is a lesson, shown like the other lines, not as an error

    def __init__(self, ctx: Context) -> None:
        self.coach = Coach()
        self.notes: list[Note] = []
        """Notes waiting to be read; the first is showing."""
        self._suggestion: tuple[int, frozenset[Card]] = (-1, frozenset())
        super().__init__(ctx, Session(Match(STANDARD), LESSON_SEED, LESSON_LEVEL))

    def layout(self, size: tuple[int, int]) -> tuple[TableLayout, pygame.Rect | None]:
        return with_note_band(table_layout(size, self.ctx.scale))

    # Nothing of the lesson is kept --------------------------------------------------------------------

    def background(self, seconds: float) -> bool:
        return False  # the lesson is not reviewed

    def deal(self) -> list[Event] | None:
        return self.session.deal(LESSON_LEVEL, LESSON_DEAL)

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        self.notes.clear()
        return Push(LessonSummary(scored))

    def menu(self) -> Transition | None:
        return Push(LessonMenu())

    # The notes ----------------------------------------------------------------------------------------

    @property
    def note(self) -> Note | None:
        return self.notes[0] if self.notes else None

    def dismiss_note(self) -> None:
        if self.notes:
            self.notes.pop(0)

    def shown(self, events: list[Event]) -> None:
        self.notes.extend(self.coach.watch(self.session.view, events))

    def holds_bots(self, busy: bool) -> bool:
        if not self.coach.shown:
            self.notes.extend(self.coach.watch(self.session.view))
        return bool(self.notes) and not busy and not self.session.is_human_turn

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
        """Your move answers the note that was showing (not one it brings up)."""
        moves, showing = len(self.session.match.moves), self.note
        yield
        if len(self.session.match.moves) > moves and showing is not None and showing in self.notes:
            self.notes.remove(showing)

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
                cards = frozenset({suggest_play(view)})
            self._suggestion = (moves, cards)
        return self._suggestion[1]

    def highlighted(self, busy: bool) -> frozenset[Card]:
        return frozenset() if busy else self._suggested()

    def message(self, view: PlayerView, busy: bool, chosen: int, prompt: str) -> str | None:
        """Once three cards are chosen how to pass them, else the suggestion and why."""
        if not busy and view.phase is Phase.PASS and view.passed is None:
            if chosen == 3:
                return prompt
            return why_pass(view, CardSet(self._suggested()))
        if not busy and view.phase is Phase.PLAY and view.to_move == HUMAN:
            return why_card(view, next(iter(self._suggested())))
        return prompt

    def reason_words(self, reason: str) -> str:
        return lesson_reason(reason)
