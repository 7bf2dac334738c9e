"""What one seat may know: the only thing a bot or a hint ever receives."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import ALL_CARDS_MASK, JACK_OF_DIAMONDS, PENALTY_MASK, CardSet, Seat, Suit
from .events import Trick
from .rules import PassDirection, Rules

_WITH_JACK: Final = PENALTY_MASK | 1 << JACK_OF_DIAMONDS


class Phase(Enum):
    """Where the match stands: waiting for a deal, passing, playing, a moon choice, or over."""

    DEAL = "deal"
    PASS = "pass"
    PLAY = "play"
    MOON = "moon"
    OVER = "over"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    """One seat's knowledge of the match: its own cards, everything played, and the public scores.

    It never holds another seat's hand, nor the cards another seat passed or received.
    """

    seat: Seat
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: Seat
    pass_direction: PassDirection
    hand: CardSet
    """The cards this seat holds now."""
    passed: CardSet | None
    """The three cards this seat gave, once it has confirmed them."""
    received: CardSet | None
    """The three cards this seat was given, once the exchange is done."""
    has_passed: tuple[bool, ...]
    """Per seat: whether it has confirmed its pass (public: the table shows who is ready)."""
    tricks: tuple[Trick, ...]
    """This hand's completed tricks, in order."""
    trick: Trick
    """The trick in progress (possibly empty)."""
    to_move: Seat | None
    legal: CardSet
    """The cards this seat may play now (empty when it is not its turn to play)."""
    hearts_broken: bool
    queen_played: bool
    voids: tuple[frozenset[Suit], ...]
    """Per seat: the suits it has shown out of this hand (failed to follow)."""
    points: tuple[int, ...]
    """Penalty points each seat has taken this hand (hearts and the Q♠: the moon is judged on them)."""
    scores_taken: tuple[int, ...]
    """What each seat's tricks score this hand so far: its points, and the J♦'s −10 when the table
    counts it; the moon is not applied here (``HandScored.scores`` has it)."""
    totals: tuple[int, ...]
    """Each seat's running total (this hand's score is added once the hand is over)."""
    moon_shooter: Seat | None = None
    """Under the shooter-chooses option: who is choosing (and whether it is this seat)."""

    @property
    def pass_target(self) -> Seat | None:
        if self.pass_direction is PassDirection.NONE:
            return None
        return self.seat.offset(self.pass_direction)

    @property
    def played(self) -> CardSet:
        """Every card played this hand, the trick in progress included."""
        mask = 0
        for trick in (*self.tricks, self.trick):
            for card in trick.cards:
                mask |= 1 << card
        return CardSet.from_mask(mask)

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen played and does not hold: somewhere in the other hands."""
        return CardSet.from_mask(ALL_CARDS_MASK & ~self.hand.mask & ~self.played.mask)

    @property
    def is_first_trick(self) -> bool:
        return not self.tricks

    @property
    def moon_threat(self) -> Seat | None:
        """The seat that has taken every point played so far this hand, once there are some."""
        taken = sum(self.points)
        if taken <= 0:
            return None
        for seat in Seat:
            if self.points[seat] == taken:
                return seat
        return None

    @property
    def taken(self) -> CardSet:
        """Every card in this hand's completed tricks."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card
        return CardSet.from_mask(mask)

    @property
    def nothing_to_play_for(self) -> bool:
        """Whether the rest of the hand can change no score: in the play, every heart and the Q♠ (and
        the J♦ when it counts) are in completed tricks, and no one seat has taken them all (no moon).

        Public knowledge only, and it can only change at the end of a trick.
        """
        if self.phase is not Phase.PLAY:
            return False
        needed = _WITH_JACK if self.rules.jack_of_diamonds else PENALTY_MASK
        return self.taken.mask & needed == needed and self.moon_threat is None
