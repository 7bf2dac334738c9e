"""The whole state of a match at one moment, as one frozen value: every hand, the trick, the scores.

For a program that drives the engine: a referee, a test, another engine played in lockstep. A bot or
a hint never gets one; it gets a ``PlayerView``, which holds only what its seat may know.
``Match.snapshot()`` reads it straight from the bit masks, cheaply enough to take at every position.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardSet, Seat, Suit
from .events import Trick
from .rules import PassDirection, Rules
from .views import Phase


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """Everything about a match now, hidden cards included; equal snapshots are equal states."""

    rules: Rules
    phase: Phase
    hand_number: int
    """The hand in progress or last played; before the first deal, the hands played before."""
    dealer: Seat
    """Who deals (or dealt) that hand; before the first deal, who deals the next one."""
    pass_direction: PassDirection
    hands: tuple[CardSet, ...]
    """The cards each seat holds now, by seat."""
    passed: tuple[CardSet, ...]
    """The three cards each seat has chosen to pass; empty until it chooses."""
    received: tuple[CardSet, ...]
    """The three cards each seat was given; empty until the exchange."""
    trick: Trick
    """The trick in progress (possibly empty), from its leader."""
    led_suit: Suit | None
    """The suit of the trick's first card; None while the trick is empty."""
    tricks: tuple[Trick, ...]
    """This hand's completed tricks, in order."""
    taken: tuple[CardSet, ...]
    """The cards each seat has won in tricks this hand."""
    points: tuple[int, ...]
    """Penalty points each seat has taken this hand: one a heart, 13 for the Q♠. The moon is
    judged on these, and the J♦ is not among them (as in ``HandScored.points``)."""
    scores: tuple[int, ...]
    """What each seat scores for this hand so far: its points, with −10 for the J♦'s taker under
    that option; once the hand is scored, exactly ``HandScored.scores`` (the moon applied)."""
    hearts_broken: bool
    queen_played: bool
    to_move: Seat | None
    """The seat to play or the moon shooter; None while dealing, passing (see ``awaiting``) or over."""
    awaiting: tuple[Seat, ...]
    """Every seat whose move the match waits for: the four may pass at once."""
    legal: CardSet
    """The cards the seat to move may play; empty outside the play."""
    totals: tuple[int, ...]
    """Each seat's running total over the hands scored so far."""
    moon_shooter: Seat | None
    """Under the shooter-chooses option, the shooter while the choice is open."""
    winners: tuple[Seat, ...]
    """Once the match is over, who won (several under a shared win)."""
