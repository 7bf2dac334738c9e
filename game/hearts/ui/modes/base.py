"""What every kind of table shares, and what each may change: its traits, a frozen value
(``ModeTraits``), and a few methods (what is dealt, what follows a move, the menu, the header, what is
kept and what works in the background).
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from ...engine import Card, Event, HandScored, MatchOver, MoonChoiceNeeded, Phase, PlayerView, Reason
from ...lesson import Note
from ...words import table_header
from ..context import Context
from ..intents import Intent
from ..routes import MatchResult, MoonChoice
from ..session import HUMAN, Session
from ..table_stage import Later
from ..table_state import TableSnapshot
from ..transitions import Push, Transition


@dataclass(frozen=True, slots=True, kw_only=True)
class ModeTraits:
    """What sets a kind of table apart, as values."""

    keeps_every_move: bool = True
    """Whether a reload on your turn loses nothing (the lesson keeps nothing, so it would)."""
    refusals_are_errors: bool = True
    """Whether a refused card's reason shows as an error (the lesson shows it as a lesson)."""
    plays_out_settled_hands: bool = True
    """Whether a hand with nothing left to play for plays itself to the end, under the option (the
    lesson plays every card)."""
    notes: bool = False
    """Whether notes stand beside the table (the lesson's): the table leaves a band for them."""


class TableMode:
    """A kind of table. Each kind says what follows a hand and what its menu offers; by default it deals
    on at the level in the settings, saves nothing and counts nothing."""

    traits = ModeTraits()

    def __init__(self, ctx: Context, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        # A review finishes between moves (under the review, or the menu): the coach says when.
        session.coaching.on_review = lambda _: self.keep()
        self.guide: Guide = NoGuide()
        """A guided table's extras (the lesson's notes and marks); by default, none."""

    # The table -------------------------------------------------------------------------------------

    def header(self, view: PlayerView) -> str:
        """The line over the table: the hand, its pass and the target."""
        return table_header(view.hand_number, view.pass_direction, view.rules.target)

    def reopened(self) -> list[Later]:
        """The question a table left open, put again (a reload, or Main menu then Continue): the moon
        choice, or the last hand's result, which the player has not yet dismissed (dismissing it deals
        the next hand)."""
        session = self.session
        if session.phase is Phase.MOON and session.is_human_turn:
            return [lambda: Push(MoonChoice())]
        if session.needs_deal and session.match.results:
            scored = session.match.results[-1]
            return [lambda: self.hand_over(scored, False)]
        return []

    def after(self, events: list[Event]) -> list[Later]:
        """What follows ``events`` once their cards have landed: your choice of the moon, the hand's
        result, the match's (a match just over is counted at once: ``finished``)."""
        if any(isinstance(event, MatchOver) for event in events):
            self.finished()
        laters: list[Later] = []
        for event in events:
            if isinstance(event, MoonChoiceNeeded) and event.shooter is HUMAN:
                laters.append(lambda: Push(MoonChoice()))
            elif isinstance(event, HandScored):
                over = any(isinstance(other, MatchOver) for other in events)
                laters.append(partial(self.hand_over, event, over))
            elif isinstance(event, MatchOver):
                laters.append(partial(self.match_over, event))
        return laters

    def deal(self) -> list[Event] | None:
        """Deal the next hand; None when this table deals no more."""
        return self.session.deal(self.ctx.settings.difficulty)

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        """What follows a scored hand, once its last trick has been shown (each kind says)."""
        raise NotImplementedError

    def match_over(self, over: MatchOver) -> Transition | None:
        """What follows the match's last hand: its result."""
        self.ctx.sound.play("victory" if HUMAN in over.winners else "defeat")
        return Push(MatchResult(self.session, over))

    def finished(self) -> None:
        """The match has just ended (counted in the statistics where the table counts it)."""

    def keep(self) -> None:
        """The game moved on (the table made a move, or a review finished): keep it where this table
        keeps it (by default, nowhere)."""

    def menu(self) -> Transition | None:
        """What the menu button and Escape open (each kind has its own menu)."""
        raise NotImplementedError

    def resume(self, result: object) -> Transition | None:
        """A dialog of this table's own closed with ``result`` (the table answers the moon and the rest)."""
        return None

    def take_first_card(self) -> Card | None:
        """A card to play for you at your first turn (practice's "Try"), once; None by default."""
        return None

    def background(self, seconds: float) -> bool:
        """Work for about ``seconds`` in a frame that draws nothing (the coach judging your decisions);
        whether there was work to do."""
        return self.session.coach(seconds)

    def reason_words(self, reason: Reason) -> str:
        """The engine's reason for refusing a move, as the table says it."""
        return str(reason)


class Guide(Protocol):
    """What a guided table adds (the lesson's): notes beside the table, the cards it suggests marked,
    its own message line. It reads a snapshot of the table, never the scene."""

    def note(self, table: TableSnapshot) -> Note | None:
        """The note showing beside the table, if any."""
        ...

    def holds(self, table: TableSnapshot) -> bool:
        """Whether the table waits, the computer players and the cards on the move alike (while you
        read a note)."""
        ...

    def marked(self, table: TableSnapshot) -> frozenset[Card]:
        """Cards to mark as suggested."""
        ...

    def line(self, table: TableSnapshot) -> str | None:
        """The message line when nothing was refused or remarked, or None for the table's own."""
        ...

    def closes(self, intent: Intent, table: TableSnapshot, box: pygame.Rect | None) -> bool:
        """Whether ``intent`` closes the note showing (a tap on its ``box``, Enter), which it then
        does; the table ignores it then."""
        ...

    def your_move(self, table: TableSnapshot) -> AbstractContextManager[None]:
        """Around your move (a card, a pass, or a try that may be refused)."""
        ...

    def shown(self, events: list[Event]) -> None:
        """The table has put ``events`` in motion."""
        ...


class NoGuide:
    """The table unguided: no note, nothing marked, the table's own line."""

    def note(self, table: TableSnapshot) -> Note | None:
        return None

    def holds(self, table: TableSnapshot) -> bool:
        return False

    def marked(self, table: TableSnapshot) -> frozenset[Card]:
        return frozenset()

    def line(self, table: TableSnapshot) -> str | None:
        return None

    def closes(self, intent: Intent, table: TableSnapshot, box: pygame.Rect | None) -> bool:
        return False

    def your_move(self, table: TableSnapshot) -> AbstractContextManager[None]:
        return nullcontext()

    def shown(self, events: list[Event]) -> None:
        pass
