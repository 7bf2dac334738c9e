"""What happened, in the past tense: ``apply`` returns these for the table to show and animate.

Events are for the trusted front end: some (the deal, the passes) hold cards a bot may not see,
which is why bots and hints get a ``PlayerView`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import CARDS, JACK_OF_DIAMONDS, SUIT_MASKS, Card, CardSet, Seat, points_in
from .rules import JACK_BONUS, Moon, PassDirection


@dataclass(frozen=True, slots=True)
class Trick:
    """The cards of one trick in play order from its leader; ``winner`` once all four are in."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None
    points: int = 0

    def seat_of(self, index: int) -> Seat:
        """Who played the ``index``-th card of the trick."""
        return self.leader.offset(index)

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self.leader.offset(i), card) for i, card in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card | None:
        index = (seat - self.leader) & 3
        return self.cards[index] if index < len(self.cards) else None

    @property
    def winning_card(self) -> Card | None:
        """The card taking the trick so far (None while it is empty): the highest of the suit led,
        as ``Hand`` decides a trick; once all four are in, the card ``winner`` played."""
        cards = self.cards
        if not cards:
            return None
        mask = 0
        for card in cards:
            mask |= 1 << card
        return CARDS[(mask & SUIT_MASKS[cards[0] // 13]).bit_length() - 1]

    @property
    def winning_seat(self) -> Seat | None:
        """Who is taking the trick so far (None while it is empty); once all four are in, ``winner``."""
        card = self.winning_card
        return None if card is None else self.leader.offset(self.cards.index(card))

    def would_win(self, card: Card) -> bool:
        """Whether ``card``, played now, would be taking this trick as it stands: a lead always is,
        and otherwise only a card of the suit led above ``winning_card``."""
        cards = self.cards
        if not cards:
            return True
        winning = self.winning_card
        return card.suit is cards[0].suit and winning is not None and card > winning

    def score(self, *, jack_counts: bool) -> int:
        """What this taken trick scores for its taker: its points, and the J♦'s −10 when the table
        counts it (``Rules.jack_of_diamonds``); the moon aside (``HandScored`` has the hand's scores)."""
        if jack_counts and JACK_OF_DIAMONDS in self.cards:
            return self.points + JACK_BONUS
        return self.points

    def completed(self) -> Trick:
        """This trick of four cards as the engine records it once taken: with its winner and points.

        For tricks the engine did not play itself (a position read from text, say)."""
        if len(self.cards) != 4:
            raise ValueError(f"a completed trick has 4 cards, not {len(self.cards)}")
        mask = 0
        for card in self.cards:
            mask |= 1 << card
        return Trick(self.leader, self.cards, self.winning_seat, points_in(mask))


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand_number: int
    dealer: Seat
    pass_direction: PassDirection


@dataclass(frozen=True, slots=True)
class PassChosen:
    """A seat confirmed its three cards (which cards stays hidden until the exchange)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """The exchange, once all four have chosen: ``cards[seat]`` is what that seat gave."""

    direction: PassDirection
    cards: tuple[CardSet, ...]

    def received_by(self, seat: Seat) -> CardSet:
        return self.cards[seat.offset(-self.direction)]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class HeartsBroken:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class QueenPlayed:
    seat: Seat


@dataclass(frozen=True, slots=True)
class TrickTaken:
    trick_number: int
    trick: Trick

    @property
    def winner(self) -> Seat:
        assert self.trick.winner is not None
        return self.trick.winner

    @property
    def points(self) -> int:
        return self.trick.points


@dataclass(frozen=True, slots=True)
class MoonChoiceNeeded:
    """The shooter must choose between adding 26 to the others and subtracting 26 from itself."""

    shooter: Seat


@dataclass(frozen=True, slots=True)
class HandScored:
    hand_number: int
    points: tuple[int, ...]
    """Penalty points taken this hand (hearts and the Q♠), before any moon; the J♦ is not among
    them, as in ``Match.points()`` and ``Snapshot.points``: ``scores`` has it."""
    scores: tuple[int, ...]
    """What each seat scores for the hand: the moon and the jack of diamonds applied."""
    totals: tuple[int, ...]
    moon_shooter: Seat | None
    moon: Moon | None
    jack_taker: Seat | None
    hearts: tuple[int, ...] = ()
    """How many hearts each seat took this hand."""
    queen_taker: Seat | None = None
    """Who took the Q♠ this hand."""


@dataclass(frozen=True, slots=True)
class MatchOver:
    winners: tuple[Seat, ...]
    totals: tuple[int, ...]


Event = (
    HandStarted
    | PassChosen
    | CardsPassed
    | CardPlayed
    | HeartsBroken
    | QueenPlayed
    | TrickTaken
    | MoonChoiceNeeded
    | HandScored
    | MatchOver
)

# Events fully named by a seat, or a seat and a card, are built once: they are values.
CARD_PLAYED: Final = tuple(tuple(CardPlayed(seat, card) for card in CARDS) for seat in Seat)
PASS_CHOSEN: Final = tuple(PassChosen(seat) for seat in Seat)
QUEEN_PLAYED: Final = tuple(QueenPlayed(seat) for seat in Seat)


class _TrickDraft:
    """A ``Trick`` under construction: the same slots, in the same order, but writable."""

    __slots__ = Trick.__slots__
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    points: int


class _TrickTakenDraft:
    __slots__ = TrickTaken.__slots__
    trick_number: int
    trick: Trick


def new_trick(leader: Seat, cards: tuple[Card, ...], winner: Seat | None, points: int) -> Trick:
    """``Trick(leader, cards, winner, points)`` at less than half the cost, for the hand's hot path.

    A frozen dataclass sets each field through ``object.__setattr__``, several times the cost of a
    plain slot; a draft with the same slots is filled plainly and then becomes a ``Trick``
    (``__class__`` may change between classes of the same layout). The result is an ordinary,
    frozen ``Trick``."""
    draft = _TrickDraft()
    draft.leader = leader
    draft.cards = cards
    draft.winner = winner
    draft.points = points
    draft.__class__ = Trick  # type: ignore[assignment]
    return draft  # type: ignore[return-value]


def new_trick_taken(trick_number: int, trick: Trick) -> TrickTaken:
    """``TrickTaken(trick_number, trick)``, made as ``new_trick`` makes a trick."""
    draft = _TrickTakenDraft()
    draft.trick_number = trick_number
    draft.trick = trick
    draft.__class__ = TrickTaken  # type: ignore[assignment]
    return draft  # type: ignore[return-value]
