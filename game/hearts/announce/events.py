"""The engine's events as sentences, one an event, ``view`` being the human's view once it happened:
``brief`` keeps each to one short line, ``full`` adds what helps without looking (the lead, a failure
to follow, the running points)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine import (
    PASS_SIZE,
    QUEEN_OF_SPADES,
    TRICKS,
    Card,
    CardPlayed,
    CardsPassed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    MatchOver,
    MoonChoiceNeeded,
    PassChosen,
    PassDirection,
    PlayerView,
    QueenPlayed,
    Seat,
    Suit,
    Trick,
    TrickTaken,
)
from ..words import (
    DIRECTION_WORDS,
    SPOKEN,
    card_name,
    jack_line,
    join_words,
    moon_lines,
    passed_you,
    seat_object,
    seat_subject,
    where_you_came,
)
from .announcement import YOU, Announcement, Verbosity
from .said import MOON_CHOICE, cards_spoken, number, per_seat, points_count, suit_count, trick_held

BRIEF_LIMIT: Final = 120
"""The longest sentence ``brief`` says, in characters."""


def _placed(trick: Trick, card: Card) -> int | None:
    """Where ``card`` stands in ``trick`` (0: it led), or None when it is not there."""
    return trick.cards.index(card) if card in trick.cards else None


def _trick_of(view: PlayerView, card: Card) -> Trick | None:
    """The trick of this hand that holds ``card``, the one in progress included."""
    for trick in (view.trick, *reversed(view.tricks)):
        if card in trick.cards:
            return trick
    return None


def _hand_started(event: HandStarted, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    if event.pass_direction is PassDirection.NONE:
        text = f"Hand {event.hand_number}. No passing this hand."
    else:
        # (your turn follows at once, saying what to choose and for whom)
        text = f"Hand {event.hand_number}, passing {DIRECTION_WORDS[event.pass_direction]}."
    if verbosity == "full":
        if view.hand and view.hand_number == event.hand_number:
            counts = [suit_count(len(view.hand.of_suit(suit)), suit) for suit in Suit]
            text += f" You hold {join_words(counts)}."
        if any(view.totals):
            text += f" Totals: {per_seat(view.totals)}."
        text += f" Playing to {view.rules.target}."
    return [Announcement(text=text, kind="deal")]


def _pass_chosen(event: PassChosen, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    if event.seat is YOU:
        target = view.pass_target
        given = view.passed
        if target is None or given is None:
            return [Announcement(text="Your cards are chosen.", kind="pass")]
        text = f"You pass {cards_spoken(given)} to {seat_object(target)}."
        if verbosity == "full":
            waiting = [seat for seat in Seat if not view.has_passed[seat]]
            if waiting:
                text += f" Waiting for {join_words([seat_object(seat) for seat in waiting])}."
        return [Announcement(text=text, kind="pass")]
    if verbosity == "brief":
        return []
    return [Announcement(text=f"{seat_subject(event.seat)} has chosen {PASS_SIZE} cards.", kind="pass")]


def _cards_passed(event: CardsPassed, verbosity: Verbosity) -> list[Announcement]:
    """What you were given (what you gave was said as you chose it: ``_pass_chosen``)."""
    giver = event.direction.giver(YOU)
    return [Announcement(text=passed_you(giver, event.received_by(YOU), SPOKEN), kind="received")]


def _card_played(event: CardPlayed, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    trick = _trick_of(view, event.card)
    place = None if trick is None else _placed(trick, event.card)
    you = event.seat is YOU
    verb = ("lead" if you else "leads") if place == 0 else ("play" if you else "plays")
    text = f"{seat_subject(event.seat)} {verb} the {card_name(event.card)}"
    if verbosity == "full" and trick is not None and place:
        led = trick.cards[0].suit
        if event.card.suit is not led:
            text += f": no {led.noun}"
    return [Announcement(text=text + ".", kind="card")]


def _trick_taken(event: TrickTaken, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    trick = event.trick
    winner = event.winner
    jack = view.rules.jack_of_diamonds
    card = trick.card_of(winner)
    takes = "take" if winner is YOU else "takes"
    with_card = f" with the {card_name(card)}" if card is not None else ""
    text = f"{seat_subject(winner)} {takes} the trick{with_card}: {trick_held(trick, jack_counts=jack)}."
    if verbosity == "full":
        if trick.score(jack_counts=jack) and view.tricks and event.trick in view.tricks:
            total = view.scores_taken[winner]
            has = "have" if winner is YOU else "has"
            text += f" {seat_subject(winner)} {has} {points_count(total)} this hand."
        left = TRICKS - event.trick_number
        if left > 0:
            text += f" {left} trick{'' if left == 1 else 's'} left."
    return [Announcement(text=text, kind="trick")]


def _moon_choice(event: MoonChoiceNeeded) -> list[Announcement]:
    if event.shooter is YOU:
        return [
            Announcement(
                text=f"You shot the moon! {MOON_CHOICE}",
                priority="assertive",
                kind="moon",
            )
        ]
    text = f"{seat_subject(event.shooter)} shot the moon and is choosing how it scores."
    return [Announcement(text=text, kind="moon")]


def _hand_scored(event: HandScored, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    text = f"Hand {event.hand_number} scores: {per_seat(event.scores)}. Totals: {per_seat(event.totals)}."
    if verbosity == "brief" and len(text) > BRIEF_LIMIT:
        # Only for many totals far below zero: minus signs instead of words keep it to one line.
        scored = per_seat(event.scores, signs=True)
        text = f"Hand {event.hand_number}: {scored}. Totals: {per_seat(event.totals, signs=True)}."
    if verbosity == "full":
        text += f" Playing to {view.rules.target}."
    said = [Announcement(text=text, kind="scores")]
    said += [Announcement(text=line, kind="moon") for line in moon_lines(event, SPOKEN)]
    jack = jack_line(event, SPOKEN)
    if jack is not None:
        said.append(Announcement(text=jack, kind="note"))
    return said


def _match_over(event: MatchOver, verbosity: Verbosity) -> list[Announcement]:
    totals = event.totals
    mine = number(totals[YOU])
    others = [seat for seat in event.winners if seat is not YOU]
    if YOU in event.winners and others:
        names = join_words([seat_object(seat) for seat in others])
        text = f"You share the win with {names}, on {mine}!"
    elif YOU in event.winners:
        text = f"You win the match with {mine}!"
    else:
        names = join_words([seat_object(seat) for seat in event.winners])
        verb = "wins the match" if len(event.winners) == 1 else "share the win"
        text = f"{names} {verb}. You {where_you_came(totals, YOU)} with {mine}."
    if verbosity == "full":
        text += f" Final totals: {per_seat(totals)}."
    return [Announcement(text=text, priority="assertive", kind="match")]


def for_event(event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
    """What to say for one event, ``view`` being the human's view once it happened; [] for an event
    that says nothing at this verbosity (a bot's pass chosen, in brief)."""
    if isinstance(event, CardPlayed):
        return _card_played(event, view, verbosity)
    if isinstance(event, TrickTaken):
        return _trick_taken(event, view, verbosity)
    if isinstance(event, HeartsBroken):
        return [Announcement(text="Hearts are broken.", kind="hearts")]
    if isinstance(event, QueenPlayed):
        # The card's own sentence names the queen; in full the reader also says what it means.
        if verbosity == "brief":
            return []
        text = f"The queen of spades is out: {QUEEN_OF_SPADES.points} points for this trick."
        return [Announcement(text=text, kind="queen")]
    if isinstance(event, HandStarted):
        return _hand_started(event, view, verbosity)
    if isinstance(event, PassChosen):
        return _pass_chosen(event, view, verbosity)
    if isinstance(event, CardsPassed):
        return _cards_passed(event, verbosity)
    if isinstance(event, MoonChoiceNeeded):
        return _moon_choice(event)
    if isinstance(event, HandScored):
        return _hand_scored(event, view, verbosity)
    if isinstance(event, MatchOver):
        return _match_over(event, verbosity)
    return []


def for_events(events: Sequence[Event], view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
    """What to say for a move's events, in order, ``view`` being the human's view after them."""
    said: list[Announcement] = []
    for event in events:
        said += for_event(event, view, verbosity=verbosity)
    return said
