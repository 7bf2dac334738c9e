"""The table's words for seats, pass directions, taken tricks, the header and the prompt, seen from the
human in the South seat.

The same helpers speak for the screen reader (``hearts.announce``): a ``Voice`` says whether a card
is drawn with its suit symbol ("the Q♠") or said in words ("the queen of spades").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from .engine import (
    FULL_DECK,
    FULL_MOON,
    JACK_BONUS,
    JACK_OF_DIAMONDS,
    PASS_SIZE,
    QUEEN_OF_SPADES,
    Card,
    HandScored,
    Moon,
    PassDirection,
    Phase,
    PlayerView,
    Rank,
    Rules,
    Seat,
    Suit,
    Ties,
    Trick,
    places,
)

ORDINALS: Final = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def where_you_came(totals: Sequence[int], seat: Seat = Seat.SOUTH) -> str:
    """How ``seat`` placed by ``totals``, as said after "You": "came second", "tied for first"."""
    place, tied = places(totals)[seat]
    return f"tied for {ORDINALS[place]}" if tied else f"came {ORDINALS[place]}"


SEAT_NAMES: Final = {Seat.SOUTH: "You", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}
_NAMED: ContextVar[Mapping[Seat, str]] = ContextVar("seat_names", default=SEAT_NAMES)


def seat_name(seat: Seat) -> str:
    """A seat as the words name it: "You", "West" …, or at a table with friends, who plays it ("Bea")."""
    return _NAMED.get()[seat]


@contextmanager
def named(names: Mapping[Seat, str] | None) -> Iterator[None]:
    """Name the seats by ``names`` (each seat's player, yours "You") in every sentence made meanwhile; None:
    the usual names. A table with friends wraps each frame in it, so its words match its boxes."""
    token = _NAMED.set(SEAT_NAMES if names is None else names)
    try:
        yield
    finally:
        _NAMED.reset(token)


DIRECTION_WORDS: Final = {
    PassDirection.LEFT: "left",
    PassDirection.RIGHT: "right",
    PassDirection.ACROSS: "across",
}
RANK_WORDS: Final = {rank: str(int(rank)) for rank in Rank if rank <= Rank.TEN} | {
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}
"""A rank as it is said: "2" to "10", then "jack", "queen", "king", "ace"."""


# Cards in words or symbols --------------------------------------------------------------------


def card_name(card: Card) -> str:
    """A card in words, in lower case: "queen of spades", "10 of hearts"."""
    return f"{RANK_WORDS[card.rank]} of {card.suit.noun}"


def join_words(items: Sequence[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True, slots=True)
class Voice:
    """How the words put cards and numbers: drawn on the table with suit symbols ("the Q♠", "3 ♥",
    "−10"), or spoken for a screen reader in words ("the queen of spades", "3 hearts", "minus 10")."""

    spoken: bool

    def card(self, card: Card) -> str:
        return card_name(card) if self.spoken else str(card)

    def the_card(self, card: Card) -> str:
        return f"the {self.card(card)}"

    def cards(self, cards: Iterable[Card]) -> str:
        """Several cards, by suit in display order then rank: "4♦ K♠ 10♥", or said as a list ("the 4 of
        diamonds, king of spades and 10 of hearts")."""
        ordered = sorted(cards)
        if not self.spoken:
            return " ".join(str(card) for card in ordered)
        if not ordered:
            return "no cards"
        return "the " + join_words([card_name(card) for card in ordered])

    def hearts(self, count: int) -> str:
        if not self.spoken:
            return f"{count} ♥"
        return f"{count} heart{'' if count == 1 else 's'}"

    def signed(self, number: int) -> str:
        """A change of score with its sign: "+26", "−10"; spoken "plus 26", "minus 10"."""
        if self.spoken:
            return f"minus {-number}" if number < 0 else f"plus {number}"
        return f"−{-number}" if number < 0 else f"+{number}"


DRAWN: Final = Voice(spoken=False)
SPOKEN: Final = Voice(spoken=True)


# Seats ----------------------------------------------------------------------------------------


def seat_subject(seat: Seat) -> str:
    """A seat opening a sentence: "You", "West"."""
    return seat_name(seat)


def seat_object(seat: Seat) -> str:
    """A seat inside a sentence: "you", "West"."""
    return "you" if seat is Seat.SOUTH else seat_name(seat)


def passed_you(giver: Seat, cards: Iterable[Card], voice: Voice = DRAWN) -> str:
    """Who gave you which cards: "West passed you 4♦ K♠ 10♥."."""
    return f"{seat_subject(giver)} passed you {voice.cards(cards)}."


def pass_choice(direction: PassDirection, target: Seat, *, chosen: int = 0) -> str:
    """What choosing the pass asks for: "Choose 3 cards to pass left to West.", then "Choose 2 more
    cards …" once some are chosen (``chosen`` below the pass's size)."""
    left = PASS_SIZE - chosen
    more = " more" if chosen else ""
    cards = "card" if left == 1 else "cards"
    return f"Choose {left}{more} {cards} to pass {DIRECTION_WORDS[direction]} to {seat_name(target)}."


# Tricks ---------------------------------------------------------------------------------------


def trick_holds(
    trick: Trick, *, jack_counts: bool = False, voice: Voice = DRAWN, jack_bonus: bool = True
) -> list[str]:
    """What counts in a trick, each as a phrase: its hearts, the Q♠ and (when it counts) the J♦, with
    its −10 unless ``jack_bonus`` is false (a sentence that gives the trick's total says it there)."""
    hearts = sum(1 for card in trick.cards if card.suit is Suit.HEARTS)
    held = [voice.hearts(hearts)] if hearts else []
    if QUEEN_OF_SPADES in trick.cards:
        held.append(voice.the_card(QUEEN_OF_SPADES))
    if jack_counts and JACK_OF_DIAMONDS in trick.cards:
        jack = voice.the_card(JACK_OF_DIAMONDS)
        held.append(f"{jack} ({voice.signed(JACK_BONUS)})" if jack_bonus else jack)
    return held


def trick_taken(trick: Trick, *, jack_counts: bool = False) -> str:
    """Who took a finished trick and what it holds: "West takes it — 3 ♥ and the Q♠"."""
    winner = trick.winner
    assert winner is not None, "the trick is not finished"
    held = trick_holds(trick, jack_counts=jack_counts)
    what = join_words(held) if held else "no points"
    who = "You take it" if winner is Seat.SOUTH else f"{seat_name(winner)} takes it"
    return f"{who} — {what}"


# The header and the prompt --------------------------------------------------------------------


def table_header(hand_number: int, direction: PassDirection, target: int) -> str:
    """The table's header: the hand, its pass and the score that ends the match ("Hand 5 · Pass right ·
    to 100")."""
    return f"Hand {max(1, hand_number)} · {pass_words(direction)} · to {target}"


def pass_words(direction: PassDirection) -> str:
    """A hand's pass in two words: "Pass left", "No pass"."""
    return "No pass" if direction is PassDirection.NONE else f"Pass {DIRECTION_WORDS[direction]}"


def passing_words(direction: PassDirection) -> str:
    """A hand's pass in a sentence's words: "passing left", "no passing"."""
    return "no passing" if direction is PassDirection.NONE else f"passing {DIRECTION_WORDS[direction]}"


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
            left = PASS_SIZE - chosen
            direction = DIRECTION_WORDS[view.pass_direction]
            target = view.pass_direction.target(view.seat)
            text = (
                pass_choice(view.pass_direction, target, chosen=chosen)
                if left
                else f"Press “Pass {direction}” to give these three to {seat_name(target)}."
            )
    elif view.phase is Phase.PLAY and view.to_move == view.seat:
        if not view.tricks and not view.trick.cards:
            text = "Your lead: the 2♣ starts the hand."
        elif not view.trick.cards:
            text = "Your lead."
        else:
            led = view.trick.cards[0].suit
            suit = led.noun
            if any(card.suit is led for card in view.hand):
                text = f"Your turn: follow {suit}."
            else:
                text = f"Your turn: you have no {suit}, so play another suit."
    else:
        text = ""
    if no_pass:
        text = f"No passing this hand. {text}" if text else "No passing this hand."
    if first_card and view.received:
        passed = passed_you(view.pass_direction.giver(view.seat), view.received)
        text = f"{text} {passed}" if text else passed
    return text


# The story of a hand --------------------------------------------------------------------------


_EVERY_HEART: Final = len(FULL_DECK.of_suit(Suit.HEARTS))
"""The hearts a moon takes, as the engine's pack holds them (with the Q♠)."""


def moon_lines(scored: HandScored, voice: Voice = DRAWN) -> list[str]:
    """A moon and how it scored (so a shooter who chose sees which choice applied), or a moon missed
    by a heart or two, or by the Q♠."""
    shooter = scored.moon_shooter
    if shooter is not None:
        if scored.moon is Moon.SUBTRACT_FROM_SHOOTER:
            their = "your" if shooter is Seat.SOUTH else "their"
            return [f"{seat_subject(shooter)} shot the moon and took {FULL_MOON} off {their} score."]
        return [f"{seat_subject(shooter)} shot the moon: everyone else {voice.signed(FULL_MOON)}."]
    lines: list[str] = []
    for seat in Seat:
        hearts = scored.hearts[seat] if scored.hearts else 0
        if scored.queen_taker == seat and _EVERY_HEART - 2 <= hearts < _EVERY_HEART:
            missing = "one heart" if hearts == _EVERY_HEART - 1 else "two hearts"
            lines.append(f"{seat_subject(seat)} missed the moon by {missing}.")
        elif hearts == _EVERY_HEART and scored.queen_taker is not None and scored.queen_taker != seat:
            taker = seat_object(scored.queen_taker)
            queen = voice.the_card(QUEEN_OF_SPADES)
            lines.append(f"{seat_subject(seat)} missed the moon: {taker} took {queen}.")
    return lines


def jack_line(scored: HandScored, voice: Voice = DRAWN) -> str | None:
    """Who took the J♦ when it counts: "West took the J♦: −10."."""
    if scored.jack_taker is None:
        return None
    taker = seat_subject(scored.jack_taker)
    return f"{taker} took {voice.the_card(JACK_OF_DIAMONDS)}: {voice.signed(JACK_BONUS)}."


def hand_story(scored: HandScored, voice: Voice = DRAWN) -> list[str]:
    """What a scored hand is remembered by, in sentences: the moon shot, or missed by a heart or two (or
    by the Q♠), and the J♦ when it counts."""
    jack = jack_line(scored, voice)
    return moon_lines(scored, voice) + ([jack] if jack else [])


def table_words(rules: Rules) -> str:
    """A table in a sentence, what differs from the standard game named: "Hearts to 100, the J♦
    counting −10, the moon's shooter choosing"."""
    said = [f"Hearts to {rules.target}"]
    if rules.jack_of_diamonds:
        said.append(f"the J♦ counting {DRAWN.signed(JACK_BONUS)}")
    if rules.moon is Moon.SHOOTER_CHOOSES:
        said.append("the moon's shooter choosing how it scores")
    elif rules.moon is Moon.SUBTRACT_FROM_SHOOTER:
        said.append(f"a moon taking {FULL_MOON} off its shooter")
    if rules.queen_breaks_hearts:
        said.append("the Q♠ breaking hearts")
    if rules.points_on_first_trick:
        said.append("points allowed on the first trick")
    if rules.ties is Ties.SHARED_WIN:
        said.append("ties sharing the win")
    return ", ".join(said)
