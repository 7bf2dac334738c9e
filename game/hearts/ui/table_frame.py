"""What the table shows at one moment, as a value: the drawer draws from it and the layout alone.

The table scene builds a frame when it is drawn (``TableScene.frame``); ``still_key`` names everything
the still part (the felt, the boxes, the cards at rest) depends on, so an equal key means an equal
picture and the kept layer can be copied instead of drawn again.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine import Card, Phase, PlayerView, Seat, Trick
from ..lesson import Note
from ..words import SEAT_NAMES
from .motion import Flight, Step
from .table_layout import TableLayout
from .widgets import Button

USUAL_NAMES = tuple(SEAT_NAMES[seat] for seat in Seat)
"""The seats' names in their boxes at a table of bots: You, West, North, East."""


@dataclass(frozen=True, slots=True)
class Moving:
    """The step of motion showing: its kind, how far it has got, and what it shows."""

    kind: str
    t: float
    trick: Trick | None
    """The trick as the step shows it (cards still in the air are ``hidden``)."""
    hidden: frozenset[Card]
    taken: Trick | None
    """A finished trick being held (its winner ringed), then collected."""
    flights: tuple[Flight, ...]
    dealer: Seat | None
    """While dealing: the dealer, from whose left the cards go round."""

    @classmethod
    def of(cls, step: Step) -> Moving:
        return cls(step.kind, step.t, step.trick, step.hidden, step.taken, step.flights, step.dealer)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused card, shaking (``shake`` from 1 down to 0) with its reason beside it."""

    card: Card
    reason: str
    shake: float
    age: float
    """Seconds since it was refused (the shake's phase)."""


@dataclass(frozen=True, slots=True)
class TableFrame:
    layout: TableLayout
    shown: PlayerView
    """The match as the cards on the table show it (behind the engine while cards move)."""
    live: PlayerView
    """The match as it is: the seat to move and your legal cards, once your input counts."""
    is_players_move: bool
    """Whether your input is taken now (the prompt says it is your turn)."""
    scored: tuple[int, ...] | None
    """Once the hand shown is over: what each seat scored for it (the moon and the J♦ applied), which
    the boxes' "this hand" says rather than the points taken."""
    is_your_turn: bool
    """Whether the match waits for you (even while the last cards still move)."""
    is_players_turn_to_play: bool
    """A card to play: unplayable cards are hatched exactly while this holds."""
    moving: Moving | None
    hand: tuple[Card, ...]
    """Your cards as laid out, left to right (those in the air left out)."""
    raised: frozenset[int]
    """Which of them stand raised (chosen, lifted, suggested, or just received)."""
    cards: tuple[tuple[Card, pygame.Rect], ...]
    """Each card of your hand to draw and where, in drawing order (while dealing, those landed)."""
    deal_order: tuple[Card, ...]
    """Your cards in the order they are dealt to you."""
    cards_shown: tuple[int, ...]
    """How many cards each seat is shown holding, by seat."""
    highlighted: frozenset[Card]
    lifted: Card | None
    """The card a first tap lifted (tap-then-confirm), or the one a hint points at."""
    selected: frozenset[Card]
    focus: int | None
    refusal: Refusal | None
    received: frozenset[Card] | None
    """Cards passed to you, marked until you play your first card."""
    header: str
    message: str
    message_is_reason: bool
    buttons: tuple[Button, ...]
    note: Note | None
    band: pygame.Rect | None
    four_colour: bool
    reduced_motion: bool
    keyboard: bool
    """Whether the last input was a key (the words then name keys, not taps)."""
    names: tuple[str, ...] = USUAL_NAMES
    """Each seat's name in its box, by seat (at a table with friends, theirs, and whether they are
    away)."""

    @property
    def marked(self) -> Seat | None:
        """The seat marked to move: as the cards on the table show it, so the mark moves on as a card
        lands (never while it flies, even once your input counts), to a trick's winner as its ring
        appears; as the message does."""
        view = self.shown
        return view.to_move if view.phase is Phase.PLAY else None

    def trick_cards(self) -> list[pygame.Rect]:
        """Where the trick's cards lie as drawn (not those in the air): the lesson's note keeps clear."""
        moving = self.moving
        trick = moving.trick if moving is not None and moving.trick is not None else self.shown.trick
        hidden = moving.hidden if moving is not None else frozenset()
        return [self.layout.seats[seat].trick_slot for seat, card in trick.plays if card not in hidden]

    def still_key(self, shake_offset: tuple[int, int]) -> tuple[object, ...]:
        """Everything the still part is drawn from (``shake_offset``: where the refused card stands)."""
        moving = self.moving
        refusal = self.refusal
        return (
            self.layout,
            self.header,
            self.names,
            self.shown,
            self.live,
            self.is_players_move,
            self.scored,
            None if moving is None else (moving.kind, moving.trick, moving.hidden, moving.taken),
            tuple((card, tuple(rect)) for card, rect in self.cards),
            self.cards_shown,
            self.highlighted,
            self.lifted,
            self.selected,
            self.focus,
            None if refusal is None else (refusal.card, refusal.reason, shake_offset),
            self.four_colour,
        )
