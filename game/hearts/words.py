"""The table's words for seats, pass directions and taken tricks, seen from the human in the South seat."""

from __future__ import annotations

from typing import Final

from .engine import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, PassDirection, Seat, Suit, Trick

SEAT_NAMES: Final = {Seat.SOUTH: "You", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}
DIRECTION_WORDS: Final = {
    PassDirection.LEFT: "left",
    PassDirection.RIGHT: "right",
    PassDirection.ACROSS: "across",
}


def trick_taken(trick: Trick, *, jack_counts: bool = False) -> str:
    """Who took a finished trick and what it holds: "West takes it — 3 ♥ and the Q♠"."""
    winner = trick.winner
    assert winner is not None, "the trick is not finished"
    hearts = sum(1 for card in trick.cards if card.suit is Suit.HEARTS)
    held = [f"{hearts} ♥"] if hearts else []
    if QUEEN_OF_SPADES in trick.cards:
        held.append("the Q♠")
    if jack_counts and JACK_OF_DIAMONDS in trick.cards:
        held.append("the J♦ (−10)")
    if not held:
        what = "no points"
    elif len(held) == 1:
        what = held[0]
    else:
        what = ", ".join(held[:-1]) + " and " + held[-1]
    who = "You take it" if winner is Seat.SOUTH else f"{SEAT_NAMES[winner]} takes it"
    return f"{who} — {what}"


def table_header(hand_number: int, direction: PassDirection, target: int) -> str:
    """The table's header: the hand, its pass and the score that ends the match ("Hand 5 · Pass right ·
    to 100")."""
    passing = "No pass" if direction is PassDirection.NONE else f"Pass {DIRECTION_WORDS[direction]}"
    return f"Hand {max(1, hand_number)} · {passing} · to {target}"
