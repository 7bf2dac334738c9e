"""What the table asks of a kind of table (``TableMode``, a protocol of eight members), and what the
kinds share (``BaseMode``).

The table reads a mode's traits (a frozen value, ``ModeTraits``, which also says how it deals), its
words and its guide; it tells the mode to keep the game after each move (``keep``), asks what follows
the moves it shows (``after``), hands it the player's menu and the answers of its dialogs (``answer``),
and gives it the frames that draw nothing (``background``). It never calls the mode back for anything
else, and the mode never reaches into the table.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from ...announce import Announcement, Verbosity, for_event
from ...engine import Card, Deal, Event, HandScored, MatchOver, MoonChoiceNeeded, Phase, PlayerView, Reason
from ...lesson import Note
from ...storage import Settings
from ...words import table_header
from ..context import Context
from ..intents import Intent
from ..routes import MatchResult, MoonChoice
from ..session import HUMAN, Session
from ..table_session import TableSession
from ..table_stage import Later
from ..table_state import TableSnapshot
from ..transitions import Push, Transition

OPEN_MENU = "open_menu"
"""What the table asks its mode when the player opens the menu (the button, Escape)."""


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
    level: str | None = None
    """The bots' level for each hand dealt; None: the difficulty in the settings."""
    deal: Deal | None = None
    """The cards dealt for every hand (the lesson's); None: the seed's deal for the hand."""
    hands: int | None = None
    """How many hands the table deals: none once that many are scored (the daily deal's one; practice
    deals none, its hand was dealt before it began); None: on to the match's end."""
    first_card: Card | None = None
    """A card played for you at your first turn, shown as it is played (practice's "Try")."""
    with_friends: bool = False
    """Whether people play the other seats (the host's table with friends): its result leads to a new
    table with friends, and makes no challenge."""


def deal_next(session: TableSession, traits: ModeTraits, settings: Settings) -> list[Event] | None:
    """The next hand dealt in ``session`` as ``traits`` say (the bots at the difficulty in the
    ``settings`` unless the table has a level of its own); None when the table deals no more."""
    if traits.hands is not None and len(session.results) >= traits.hands:
        return None
    return session.deal(traits.level or settings.difficulty, traits.deal)


class TableWords(Protocol):
    """What a kind of table says in its own words."""

    def header(self, view: PlayerView) -> str:
        """The line over the table."""
        ...

    def refusal(self, reason: Reason) -> str:
        """The engine's reason for refusing a move."""
        ...

    def names(self) -> tuple[str, ...] | None:
        """The seats' names in their boxes, by seat, when they are not the usual (You, West …)."""
        ...

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        """What the table says of ``event`` (``view``: yours once it happened)."""
        ...


@dataclass(frozen=True, slots=True)
class MatchWords:
    """A match's words: the hand, its pass and the target over the table (a friend's challenge says
    so first); the engine's reasons as they are."""

    challenge: bool = False

    def header(self, view: PlayerView) -> str:
        header = table_header(view.hand_number, view.pass_direction, view.rules.target)
        return f"Challenge · {header}" if self.challenge else header

    def refusal(self, reason: Reason) -> str:
        return str(reason)

    def names(self) -> tuple[str, ...] | None:
        return None

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        return for_event(event, view, verbosity=verbosity)


class TableMode(Protocol):
    """A kind of table, as the table scene uses it: all it may ask."""

    @property
    def session(self) -> TableSession:
        """The match the table plays."""
        ...

    @property
    def traits(self) -> ModeTraits: ...

    @property
    def words(self) -> TableWords: ...

    @property
    def guide(self) -> Guide:
        """A guided table's extras (the lesson's notes and marks), or none."""
        ...

    def keep(self) -> None:
        """The game has moved on (the table made a move, or a review finished): keep it where this
        table keeps it."""
        ...

    def after(self, events: list[Event] | None) -> list[Later]:
        """What follows ``events`` once their cards have landed (a question, a result); ``None``: the
        table has just opened, and what it left open is put again."""
        ...

    def answer(self, asked: object) -> Transition | None:
        """Where to go when the player opens the menu (``OPEN_MENU``), or a dialog of this table's own
        closes with the result ``asked``."""
        ...

    def background(self, seconds: float) -> bool:
        """Work for about ``seconds`` in a frame that draws nothing; whether there was work to do."""
        ...


class BaseMode:
    """What the kinds of table share: a result after each hand and the match's at its end, the question
    a reload left open put again, the coach at work in the background, and nothing kept (each kind says
    what follows a hand, what its menu opens and where it keeps the game)."""

    traits = ModeTraits()
    words: TableWords = MatchWords()

    def __init__(self, ctx: Context, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        self.guide: Guide = NoGuide()
        """A guided table's extras (the lesson's notes and marks); by default, none."""

    def keep(self) -> None:
        """By default the game is kept nowhere."""

    def after(self, events: list[Event] | None) -> list[Later]:
        """Your choice of the moon, the hand's result, the match's (a match just over is counted at
        once: ``finished``); on opening, the moon choice, or the last hand's result, which the player
        has not yet dismissed (dismissing it deals the next hand)."""
        if events is None:
            return self._reopened()
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

    def _reopened(self) -> list[Later]:
        session = self.session
        if session.phase is Phase.MOON and session.is_human_turn:
            return [lambda: Push(MoonChoice())]
        if session.needs_deal and session.match.results:
            scored = session.match.results[-1]
            return [lambda: self.hand_over(scored, False)]
        return []

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        """What follows a scored hand, once its last trick has been shown (each kind says)."""
        raise NotImplementedError

    def match_over(self, over: MatchOver) -> Transition | None:
        """What follows the match's last hand: its result."""
        self.ctx.sound.play("victory" if HUMAN in over.winners else "defeat")
        return Push(MatchResult(self.session.match_id, over, with_friends=self.traits.with_friends))

    def finished(self) -> None:
        """The match has just ended (counted in the statistics where the table counts it)."""

    def answer(self, asked: object) -> Transition | None:
        raise NotImplementedError

    def background(self, seconds: float) -> bool:
        """The coach judging your decisions, for the hands' reviews; a review finished between moves
        (under the review, or the menu) is kept with the game at once."""
        coaching = self.session.coaching
        finished = coaching.reviews_finished
        worked = self.session.coach(seconds)
        if coaching.reviews_finished != finished:
            self.keep()
        return worked


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
