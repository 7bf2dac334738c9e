"""The table's words for seats, pass directions, taken tricks, the header and the prompt, seen from the
human in the South seat."""

from __future__ import annotations

from typing import Final

from .engine import (
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    HandScored,
    Moon,
    PassDirection,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Suit,
    Ties,
    Trick,
)

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
    return f"Hand {max(1, hand_number)} · {pass_words(direction)} · to {target}"


def pass_words(direction: PassDirection) -> str:
    """A hand's pass in two words: "Pass left", "No pass"."""
    return "No pass" if direction is PassDirection.NONE else f"Pass {DIRECTION_WORDS[direction]}"


def has_played(view: PlayerView) -> bool:
    """Whether the seat of ``view`` has played a card this hand."""
    return any(trick.card_of(view.seat) is not None for trick in (*view.tricks, view.trick))


def prompt(view: PlayerView, chosen: int) -> str:
    """What the player is asked to do now (``chosen``: cards picked so far for the pass), and until
    their first card who passed them what, or that this hand has no passing."""
    first_card = view.phase is Phase.PLAY and bool(view.hand_number) and not has_played(view)
    no_pass = first_card and view.pass_direction is PassDirection.NONE
    if view.phase is Phase.PASS:
        if view.passed is not None:
            text = "Waiting for the others to choose their cards."
        else:
            left = 3 - chosen
            direction = DIRECTION_WORDS[view.pass_direction]
            target = SEAT_NAMES[view.seat.offset(view.pass_direction)]
            text = (
                f"Choose {left} more card{'s' if left != 1 else ''} to pass {direction} to {target}."
                if left
                else f"Press “Pass {direction}” to give these three to {target}."
            )
    elif view.phase is Phase.PLAY and view.to_move == view.seat:
        if not view.tricks and not view.trick.cards:
            text = "Your lead: the 2♣ starts the hand."
        elif not view.trick.cards:
            text = "Your lead."
        else:
            led = view.trick.cards[0].suit
            suit = led.name.lower()
            if any(card.suit is led for card in view.hand):
                text = f"Your turn: follow {suit}."
            else:
                text = f"Your turn: you have no {suit}, so play another suit."
    else:
        text = ""
    if no_pass:
        text = f"No passing this hand. {text}" if text else "No passing this hand."
    if first_card and view.received:
        giver = SEAT_NAMES[view.seat.offset(-view.pass_direction)]
        passed = f"{giver} passed you {' '.join(str(card) for card in view.received)}."
        text = f"{text} {passed}" if text else passed
    return text


def _subject(seat: Seat) -> str:
    return "You" if seat is Seat.SOUTH else SEAT_NAMES[seat]


def _moon_line(shooter: Seat, moon: Moon | None) -> str:
    """A moon and how it scored, so a shooter who chose sees which choice applied."""
    if moon is Moon.SUBTRACT_FROM_SHOOTER:
        if shooter is Seat.SOUTH:
            return "You shot the moon and took 26 off your score."
        return f"{SEAT_NAMES[shooter]} shot the moon and took 26 off their score."
    return f"{_subject(shooter)} shot the moon: everyone else +26."


def hand_story(scored: HandScored) -> list[str]:
    """What a scored hand is remembered by, in sentences: the moon shot, or missed by a heart or two (or
    by the Q♠), and the J♦ when it counts."""
    lines: list[str] = []
    if scored.moon_shooter is not None:
        lines.append(_moon_line(scored.moon_shooter, scored.moon))
    elif scored.hearts:
        for seat in Seat:
            hearts = scored.hearts[seat]
            if scored.queen_taker == seat and 11 <= hearts < 13:
                missing = "one heart" if hearts == 12 else "two hearts"
                lines.append(f"{_subject(seat)} missed the moon by {missing}.")
            elif hearts == 13 and scored.queen_taker is not None and scored.queen_taker != seat:
                taker = "you" if scored.queen_taker is Seat.SOUTH else SEAT_NAMES[scored.queen_taker]
                lines.append(f"{_subject(seat)} missed the moon: {taker} took the Q♠.")
    if scored.jack_taker is not None:
        taker = _subject(scored.jack_taker)
        lines.append(f"{taker} took the J♦: −10.")
    return lines


def table_words(rules: Rules) -> str:
    """A table in a sentence, what differs from the standard game named: "Hearts to 100, the J♦
    counting −10, the moon's shooter choosing"."""
    said = [f"Hearts to {rules.target}"]
    if rules.jack_of_diamonds:
        said.append("the J♦ counting −10")
    if rules.moon is Moon.SHOOTER_CHOOSES:
        said.append("the moon's shooter choosing how it scores")
    elif rules.moon is Moon.SUBTRACT_FROM_SHOOTER:
        said.append("a moon taking 26 off its shooter")
    if rules.queen_breaks_hearts:
        said.append("the Q♠ breaking hearts")
    if rules.points_on_first_trick:
        said.append("points allowed on the first trick")
    if rules.ties is Ties.SHARED_WIN:
        said.append("ties sharing the win")
    return ", ".join(said)
