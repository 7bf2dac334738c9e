"""Why a move is illegal, as data: a kind (``Refusal``) and its facts (the suit led), with the sentence
the table shows built from them. ``IllegalMove`` carries one; code reads the kind, never the text."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import Suit
from .errors import HeartsError


class Refusal(Enum):
    """The kinds of illegal move; each value is its sentence (``{suit}``: the suit led, as a noun)."""

    # A card
    NOT_IN_HAND = "That card is not in your hand"
    LEAD_TWO_OF_CLUBS = "Lead the 2♣"
    HEARTS_NOT_BROKEN = "Hearts are not broken yet"
    NO_POINTS_FIRST_TRICK = "No points on the first trick"
    MUST_FOLLOW = "You must follow {suit}"
    NOT_YOUR_TURN = "It is not your turn"
    PASS_FIRST = "Choose three cards to pass first"
    WAIT_FOR_PASSES = "Wait for the others to pass"
    # A pass
    PASS_THREE = "Choose exactly three cards to pass"
    PASS_FROM_HAND = "Pass cards from your own hand"
    NO_PASSING = "No passing this hand"
    ALREADY_PASSED = "You have passed already"
    PASSING_IS_OVER = "The cards have been passed already"
    # The match: a deal, a moon choice
    MATCH_IS_OVER = "The match is over"
    DEAL_FIRST = "The cards have not been dealt yet"
    NOT_A_DEAL_NOW = "The cards are already dealt"
    NO_MOON_NOW = "There is no moon to choose for"
    NOT_THE_SHOOTER = "Only the player who shot the moon chooses"
    CHOOSE_THE_MOON = "The moon's score must be chosen first"
    MOON_ADD_OR_SUBTRACT = "Choose to add 26 to the others or subtract 26 from yourself"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one move is illegal: its kind, and the suit led when the kind is about one."""

    kind: Refusal
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return self.kind.value
        return self.kind.value.format(suit=self.suit.noun)


REASONS: Final = {kind: Reason(kind) for kind in Refusal if kind is not Refusal.MUST_FOLLOW}
"""Every reason that has no suit, built once."""
MUST_FOLLOW: Final = {suit: Reason(Refusal.MUST_FOLLOW, suit) for suit in Suit}
"""Follow the suit led, by suit."""


class IllegalMove(HeartsError, ValueError):
    """A well-formed move the rules forbid now: ``reason`` says why as data (``kind``, ``suit``) and
    ``str(err)`` is the sentence the table shows."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason

    @property
    def kind(self) -> Refusal:
        return self.reason.kind

    @property
    def suit(self) -> Suit | None:
        return self.reason.suit
