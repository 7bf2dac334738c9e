"""Facts about a position that South's view proves: what the coach's reasons are built from.

Each function reads only the ``PlayerView`` South had, so a reason made of these facts can never rest
on a card South could not see: who has shown out of a suit (failed to follow), which cards are still
out, who plays after South, whether a card wins the trick as it stands or surely wins it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import QUEEN_OF_SPADES, Card, CardSet, PlayerView, Seat, Suit
from ..words import SEAT_NAMES


def name(seat: Seat) -> str:
    """A seat as a sentence names it ("you" for South)."""
    return "you" if seat is Seat.SOUTH else SEAT_NAMES[seat]


def names(seats: Sequence[Seat]) -> str:
    """Seats in a list: "West", "West and North", "West, North and East"."""
    words = [name(seat) for seat in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def cards(shown: Sequence[Card]) -> str:
    """Cards in a list, as the sentences name them: "the A♦", "the A♦ and K♦"."""
    words = [str(card) for card in shown]
    return "the " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1])


def queen_out(view: PlayerView) -> bool:
    """The Q♠ is in another seat's hand: neither held nor played."""
    return QUEEN_OF_SPADES in view.unseen


def still_out(view: PlayerView, suit: Suit) -> CardSet:
    """The cards of ``suit`` in the other hands."""
    return view.unseen.of_suit(suit)


def higher_out(view: PlayerView, card: Card) -> list[Card]:
    """The cards of ``card``'s suit above it still in the other hands."""
    return [other for other in still_out(view, card.suit) if other.rank > card.rank]


def to_play_after(view: PlayerView) -> list[Seat]:
    """The seats that play to this trick after South, in order."""
    trick = view.trick
    return [trick.leader.offset(step) for step in range(len(trick.cards) + 1, 4)]


def shown_out(view: PlayerView, suit: Suit, seats: Sequence[Seat] | None = None) -> list[Seat]:
    """The other seats (or those of ``seats``) that have failed to follow ``suit`` this hand."""
    pool = [seat for seat in Seat if seat is not view.seat] if seats is None else list(seats)
    return [seat for seat in pool if suit in view.voids[seat]]


def led_suit(view: PlayerView) -> Suit | None:
    cards_in_trick = view.trick.cards
    return cards_in_trick[0].suit if cards_in_trick else None


def surely_wins(view: PlayerView, card: Card) -> bool:
    """``card`` takes the trick whatever the others hold: it wins as it stands, and nobody still to
    play can hold a higher card of the suit led (none is out, or they have all shown out of it)."""
    if not view.trick.would_win(card):
        return False
    suit = card.suit
    if not higher_out(view, card):
        return True
    return len(shown_out(view, suit, to_play_after(view))) == len(to_play_after(view))


def points_in_trick(view: PlayerView) -> int:
    """The penalty points already in the trick (hearts and the Q♠)."""
    return sum(card.points for card in view.trick.cards)


def trick_holds(view: PlayerView) -> str:
    """What the trick holds so far, in words: "2 hearts and the Q♠", or ""."""
    trick = view.trick.cards
    hearts = sum(1 for card in trick if card.suit is Suit.HEARTS)
    parts = [f"{hearts} heart{'s' if hearts > 1 else ''}"] if hearts else []
    if QUEEN_OF_SPADES in trick:
        parts.append("the Q♠")
    return " and ".join(parts)


def held_in_suit(view: PlayerView, suit: Suit) -> int:
    return len(view.hand.of_suit(suit))


def all_points_are(view: PlayerView) -> Seat | None:
    """The seat that has taken every point so far this hand (None before any, or when shared)."""
    return view.moon_threat


def nobody_has_points(view: PlayerView) -> bool:
    return sum(view.points) == 0
