"""What the human is asked to do when it is their move: the pass to choose, the lead, the suit to
follow, a moon to score; and a card chosen for the pass."""

from __future__ import annotations

from ..engine import PASS_SIZE, QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Phase, PlayerView, Suit
from ..words import DIRECTION_WORDS, card_name, pass_choice, seat_object, seat_subject
from .announcement import YOU, Announcement, Verbosity
from .said import MOON_CHOICE, card_title, points_words


def _void_rule(view: PlayerView) -> str:
    """What a seat that cannot follow may play: any card, or any but those the engine leaves out of
    its legal cards (the hearts and the queen of spades, on the first trick)."""
    barred = view.hand - view.legal
    if not barred:
        return "play any card"
    hearts = barred.has_suit(Suit.HEARTS)
    queen = QUEEN_OF_SPADES in barred
    if hearts and queen:
        return "play any card but a heart or the queen of spades"
    return "play any card but a heart" if hearts else "play any card but the queen of spades"


def _your_play(view: PlayerView, verbosity: Verbosity) -> str:
    trick = view.trick
    if not trick.cards:
        if view.is_first_trick and TWO_OF_CLUBS in view.hand:
            return "Your lead. You must lead the 2 of clubs."
        if view.hearts_broken:
            return "Your lead."
        if view.hand and all(card.suit is Suit.HEARTS for card in view.hand):
            return "Your lead. You have only hearts: lead one."
        text = "Your lead. Hearts are not broken."
        if verbosity == "full":
            text += " Lead any other suit."
        return text
    led = trick.cards[0].suit
    count = len(view.hand.of_suit(led))
    if count:
        text = f"Your turn. Follow {led.noun}: you have {count}."
    else:
        text = f"Your turn. No {led.noun}: {_void_rule(view)}."
    if verbosity == "full":
        leader = trick.winning_seat
        best = trick.winning_card
        if leader is not None and best is not None:
            text += f" {seat_subject(leader)} {'is' if leader is not YOU else 'are'} winning with the "
            text += f"{card_name(best)}."
        points = sum(card.points for card in trick.cards)
        if points:
            text += f" {points_words(points).capitalize()} on the table."
    return text


def your_turn(view: PlayerView, *, chosen: int = 0, verbosity: Verbosity) -> Announcement | None:
    """What the human is asked to do when it is their move (passing, leading, following, a moon to
    score); None when it is not. ``chosen``: the cards picked so far for the pass."""
    if view.phase is Phase.PASS and view.passed is None and view.pass_target is not None:
        target = view.pass_target
        left = max(0, PASS_SIZE - chosen)
        if not chosen:
            text = pass_choice(view.pass_direction, target)
        elif left:
            text = f"{left} more to choose."
        else:
            direction = DIRECTION_WORDS[view.pass_direction]
            text = f"{PASS_SIZE} cards chosen: press Pass {direction} to give them to {seat_object(target)}."
        return Announcement(text=text, kind="turn")
    if view.phase is Phase.PLAY and view.to_move is YOU:
        return Announcement(text=_your_play(view, verbosity), kind="turn")
    if view.phase is Phase.MOON and view.moon_shooter is YOU:
        return Announcement(
            text=f"You shot the moon. {MOON_CHOICE}",
            kind="turn",
        )
    return None


def pass_pick(view: PlayerView, card: Card, *, chosen: bool, count: int) -> Announcement:
    """A card just chosen for the pass (or put back), and what is left to do with ``count`` chosen."""
    rest = your_turn(view, chosen=count, verbosity="brief")
    done = "chosen" if chosen else "put back"
    return Announcement(text=f"{card_title(card)} {done}." + (f" {rest.text}" if rest else ""), kind="note")
