"""What a screen reader says: the engine's events and the human's view as short sentences, one an event,
in the player's terms (the human is always South, "you").

The words come from ``hearts.words``, spoken rather than drawn: the table shows "the Q♠", the reader
says "the queen of spades". ``brief`` keeps every sentence to one short line (at most 120 characters);
``full`` adds what helps without looking: the lead, a failure to follow, the running points. Queries
(``hand_by_suit``, ``scores`` …) answer at any moment of a match and never raise.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from .engine import (
    FULL_MOON,
    PASS_SIZE,
    QUEEN_OF_SPADES,
    TRICKS,
    TWO_OF_CLUBS,
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    MatchOver,
    MoonChoiceNeeded,
    PassChosen,
    PassDirection,
    Phase,
    PlayerView,
    QueenPlayed,
    Refusal,
    Seat,
    Suit,
    Trick,
    TrickTaken,
)
from .words import (
    DIRECTION_WORDS,
    RANK_WORDS,
    SPOKEN,
    card_name,
    jack_line,
    join_words,
    moon_lines,
    pass_choice,
    passed_you,
    seat_object,
    seat_subject,
    trick_holds,
)

__all__ = [
    "VERBOSITIES",
    "Announcement",
    "History",
    "Priority",
    "Verbosity",
    "card_name",
    "card_title",
    "cards_out",
    "cards_spoken",
    "current_trick",
    "for_event",
    "for_events",
    "hand_by_suit",
    "passing",
    "refusal",
    "scores",
    "speak_symbols",
    "whose_turn",
    "your_turn",
]

Priority = Literal["polite", "assertive"]
"""How a screen reader speaks it: ``polite`` waits for the current speech, ``assertive`` interrupts."""
Verbosity = Literal["brief", "full"]
VERBOSITIES: Final[tuple[Verbosity, ...]] = ("brief", "full")
_MOON_CHOICE: Final = f"Choose: add {FULL_MOON} to each opponent, or take {FULL_MOON} off your score."
YOU: Final = Seat.SOUTH
BRIEF_LIMIT: Final = 120
"""The longest sentence ``brief`` says, in characters."""
ORDINALS: Final = ("first", "second", "third", "fourth")


@dataclass(frozen=True, slots=True, kw_only=True)
class Announcement:
    """One sentence (or two) for the screen reader, with how urgently to say it and what it is about.

    ``kind`` is one of "deal", "pass", "received", "card", "hearts", "queen", "trick", "turn", "scores",
    "moon", "match", "refusal", "query", "note"."""

    text: str
    priority: Priority = "polite"
    kind: str


# Cards and numbers, said ----------------------------------------------------------------------


def card_title(card: Card) -> str:
    """A card's name opening a line, as a list item is named: "Queen of spades", "10 of hearts"."""
    name = card_name(card)
    return name[0].upper() + name[1:]


def cards_spoken(cards: Iterable[Card]) -> str:
    """Cards as a spoken list, by suit in display order then rank: "the 4 of diamonds, king of spades
    and 10 of hearts"."""
    return SPOKEN.cards(cards)


def number(value: int) -> str:
    """A score as said: "12", "minus 10" (a screen reader may skip a bare minus sign)."""
    return f"minus {-value}" if value < 0 else str(value)


def points_count(value: int) -> str:
    """A number of points: "0 points", "1 point", "minus 9 points"."""
    return f"{number(value)} point{'' if abs(value) == 1 else 's'}"


def points_words(value: int) -> str:
    """What a trick scores: "no points", "1 point", "minus 9 points"."""
    return "no points" if value == 0 else points_count(value)


def per_seat(values: Sequence[int], *, signs: bool = False) -> str:
    """A number for each seat, you first: "you 3, West minus 10, North 10, East 0" (with ``signs``:
    "West -10", shorter, as a screen reader still says it)."""
    return ", ".join(
        f"{seat_object(seat)} {values[seat] if signs else number(values[seat])}" for seat in Seat
    )


def _suit_count(count: int, suit: Suit) -> str:
    """How many cards of a suit: "no clubs", "1 club", "4 clubs"."""
    if count == 0:
        return f"no {suit.noun}"
    return f"{count} {suit.noun[:-1] if count == 1 else suit.noun}"


def _suit_ranks(cards: CardSet, suit: Suit) -> str:
    return ", ".join(RANK_WORDS[card.rank] for card in cards.of_suit(suit))


# Where the hand stands -------------------------------------------------------------------------


def _placed(trick: Trick, card: Card) -> int | None:
    """Where ``card`` stands in ``trick`` (0: it led), or None when it is not there."""
    return trick.cards.index(card) if card in trick.cards else None


def _trick_of(view: PlayerView, card: Card) -> Trick | None:
    """The trick of this hand that holds ``card``, the one in progress included."""
    for trick in (view.trick, *reversed(view.tricks)):
        if card in trick.cards:
            return trick
    return None


def _is_dealt(view: PlayerView) -> bool:
    """Whether this view's hand has been dealt (before the first deal there is no hand to speak of)."""
    return bool(view.hand or view.tricks) or view.phase in (Phase.PASS, Phase.PLAY)


def _pass_words(direction: PassDirection, target: Seat) -> str:
    """Where a pass goes: "to the left, to West", "across, to North"."""
    if direction is PassDirection.ACROSS:
        return f"across, to {seat_object(target)}"
    return f"to the {DIRECTION_WORDS[direction]}, to {seat_object(target)}"


# Events ----------------------------------------------------------------------------------------


def _hand_started(event: HandStarted, view: PlayerView, verbosity: Verbosity) -> list[Announcement]:
    if event.pass_direction is PassDirection.NONE:
        text = f"Hand {event.hand_number}. No passing this hand."
    else:
        # (your turn follows at once, saying what to choose and for whom)
        text = f"Hand {event.hand_number}, passing {DIRECTION_WORDS[event.pass_direction]}."
    if verbosity == "full":
        if view.hand and view.hand_number == event.hand_number:
            counts = [_suit_count(len(view.hand.of_suit(suit)), suit) for suit in Suit]
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
    # The points figure counts the J♦'s −10: the jack is named without it.
    held = trick_holds(trick, jack_counts=jack, voice=SPOKEN, jack_bonus=False)
    score = trick.score(jack_counts=jack)
    what = f"{join_words(held)}, {points_words(score)}" if held else "no points"
    takes = "take" if winner is YOU else "takes"
    with_card = f" with the {card_name(card)}" if card is not None else ""
    text = f"{seat_subject(winner)} {takes} the trick{with_card}: {what}."
    if verbosity == "full":
        if score and view.tricks and event.trick in view.tricks:
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
                text=f"You shot the moon! {_MOON_CHOICE}",
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


def _place(totals: Sequence[int], seat: Seat) -> tuple[int, bool]:
    """A seat's place by total (0: lowest) and whether another seat shares it."""
    mine = totals[seat]
    place = sum(1 for other in Seat if totals[other] < mine)
    tied = any(totals[other] == mine for other in Seat if other is not seat)
    return place, tied


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
        place, tied = _place(totals, YOU)
        came = f"tied for {ORDINALS[place]}" if tied else f"came {ORDINALS[place]}"
        text = f"{names} {verb}. You {came} with {mine}."
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
        return [Announcement(text="The queen of spades is out: 13 points for this trick.", kind="queen")]
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


# Your move ------------------------------------------------------------------------------------


def _void_rule(view: PlayerView) -> str:
    """What a seat that cannot follow may play: anything, or on the first trick nothing that scores."""
    if view.legal == view.hand:
        return "play any card"
    hearts = view.hand.has_suit(Suit.HEARTS)
    queen = QUEEN_OF_SPADES in view.hand
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
            text=f"You shot the moon. {_MOON_CHOICE}",
            kind="turn",
        )
    return None


def pass_pick(view: PlayerView, card: Card, *, chosen: bool, count: int) -> Announcement:
    """A card just chosen for the pass (or put back), and what is left to do with ``count`` chosen."""
    rest = your_turn(view, chosen=count, verbosity="brief")
    done = "chosen" if chosen else "put back"
    return Announcement(text=f"{card_title(card)} {done}." + (f" {rest.text}" if rest else ""), kind="note")


# A refused move --------------------------------------------------------------------------------

_PASS_REFUSALS: Final = frozenset(
    {
        Refusal.ALREADY_PASSED,
        Refusal.NO_PASSING,
        Refusal.PASS_FROM_HAND,
        Refusal.PASS_THREE,
        Refusal.PASSING_IS_OVER,
    }
)
_MATCH_REFUSALS: Final = frozenset(
    {
        Refusal.CHOOSE_THE_MOON,
        Refusal.DEAL_FIRST,
        Refusal.MATCH_IS_OVER,
        Refusal.MOON_ADD_OR_SUBTRACT,
        Refusal.NO_MOON_NOW,
        Refusal.NOT_A_DEAL_NOW,
        Refusal.NOT_THE_SHOOTER,
    }
)
_CARD_WITH_SYMBOL: Final = re.compile(r"\b(10|[2-9TJQKA])([♣♦♠♥♧♢♤♡])")
_SUIT_SYMBOL: Final = re.compile(r"[♣♦♠♥♧♢♤♡]")
_KEEP_CAPITAL: Final = frozenset({"I", "West", "North", "East", "South"})


def speak_symbols(text: str) -> str:
    """Text with its card symbols said in words: "Lead the 2♣" → "Lead the 2 of clubs", "3 ♥ and the
    Q♠" → "3 hearts and the queen of spades"."""

    def card(match: re.Match[str]) -> str:
        return card_name(Card.parse(match.group(1) + match.group(2)))

    def suit(match: re.Match[str]) -> str:
        return Card.parse("2" + match.group(0)).suit.noun

    return _SUIT_SYMBOL.sub(suit, _CARD_WITH_SYMBOL.sub(card, text))


def refusal(reason: str, kind: Refusal | None = None) -> Announcement:
    """Why a move was refused, said at once: "You must follow clubs" → "Can't play that: you must
    follow clubs."; the opening by the engine's ``kind`` of refusal (a pass, a deal or a moon choice,
    else a card), the words being ``reason`` (the engine's sentence, or the table's own)."""
    said = " ".join(speak_symbols(str(reason)).split()).rstrip(" .!;:,")
    if kind in _PASS_REFUSALS:
        opening = "Can't pass those"
    elif kind in _MATCH_REFUSALS:
        opening = "Can't do that"
    else:
        opening = "Can't play that"
    if not said:
        return Announcement(text=f"{opening}.", priority="assertive", kind="refusal")
    if said.lower().startswith(("can't", "cannot", "can not")):
        text = said[0].upper() + said[1:] + "."
    else:
        first = said.split(" ", 1)[0]
        if first not in _KEEP_CAPITAL and not (len(first) > 1 and first.isupper()):
            said = said[0].lower() + said[1:]
        text = f"{opening}: {said}."
    return Announcement(text=text, priority="assertive", kind="refusal")


# Queries ---------------------------------------------------------------------------------------


def _query(text: str) -> Announcement:
    return Announcement(text=text, kind="query")


def hand_by_suit(view: PlayerView) -> Announcement:
    """Your cards suit by suit, ranks in words: "Clubs: 2, 7, king. Diamonds: none. …"."""
    if not view.hand:
        if not _is_dealt(view):
            return _query("You hold no cards: the hand is not dealt yet.")
        return _query("You hold no cards.")
    parts = [f"{suit}: {_suit_ranks(view.hand, suit) or 'none'}." for suit in Suit]
    return _query(" ".join(parts))


def _plays(trick: Trick) -> str:
    """A trick's cards so far: "West led the 7 of clubs; North played the king of clubs"."""
    said = []
    for index, (seat, card) in enumerate(trick.plays):
        verb = "led" if index == 0 else "played"
        who = seat_subject(seat) if index == 0 else seat_object(seat)
        said.append(f"{who} {verb} the {card_name(card)}")
    return "; ".join(said)


def trick_story(trick: Trick, *, jack_counts: bool) -> tuple[str, ...]:
    """A finished trick in sentences: its cards in the order played, then who took it and what it held
    (the last trick, as its dialog is read)."""
    said = [f"{_plays(trick)}."]
    if trick.winner is not None:
        held = trick_holds(trick, jack_counts=jack_counts, voice=SPOKEN, jack_bonus=False)
        score = trick.score(jack_counts=jack_counts)
        what = f"{join_words(held)}, {points_words(score)}" if held else "no points"
        said.append(f"{seat_subject(trick.winner)} took it: {what}.")
    return tuple(said)


def _to_move(view: PlayerView, *, leading: bool) -> str:
    seat = view.to_move
    if seat is None:
        return ""
    if seat is YOU:
        return "Your lead." if leading else "Your turn."
    return f"{seat_subject(seat)} leads." if leading else f"{seat_subject(seat)} to play."


def _last_trick(view: PlayerView) -> str:
    if not view.tricks:
        return ""
    last = view.tricks[-1]
    winner = last.winner
    if winner is None:
        return ""
    card = last.card_of(winner)
    with_card = f" with the {card_name(card)}" if card is not None else ""
    return f"{seat_subject(winner)} took the last trick{with_card}."


def current_trick(view: PlayerView) -> Announcement:
    """The cards on the table and who plays next, or who took the last trick and who leads."""
    trick = view.trick
    if view.phase is Phase.PLAY and trick.cards:
        text = _plays(trick) + "."
        leader = trick.winning_seat
        if len(trick.cards) > 1 and leader is not None:
            text += f" {seat_subject(leader)} {'are' if leader is YOU else 'is'} winning."
        turn = _to_move(view, leading=False)
        return _query(f"{text} {turn}".strip())
    if view.phase is Phase.PLAY:
        last = _last_trick(view)
        lead = _to_move(view, leading=True)
        if not last:
            if view.to_move is YOU:
                return _query("No cards on the table: your lead.")
            if view.to_move is not None:
                return _query(f"No cards on the table: {seat_object(view.to_move)} leads.")
            return _query("No cards on the table.")
        return _query(f"{last} {lead}".strip())
    last = _last_trick(view)
    if view.phase is Phase.DEAL and not view.tricks:
        return _query("No cards on the table: waiting for the deal.")
    if view.phase is Phase.PASS:
        return _query(f"No cards on the table yet: everyone is choosing {PASS_SIZE} cards to pass.")
    return _query(f"No cards on the table. {last}".strip())


def scores(view: PlayerView) -> Announcement:
    """This hand's points so far and each seat's total, and the score that ends the match."""
    totals = f"Totals: {per_seat(view.totals)}. Playing to {view.rules.target}."
    if not view.tricks and not view.trick.cards:
        if not _is_dealt(view):
            return _query(f"No hand played yet. {totals}")
        return _query(f"This hand: no points yet. {totals}")
    finished = view.phase is not Phase.PLAY and len(view.tricks) == TRICKS
    label = f"Hand {view.hand_number}" if finished else "This hand"
    return _query(f"{label}: {per_seat(view.scores_taken)}. {totals}")


def whose_turn(view: PlayerView) -> Announcement:
    """Whose move it is: "Your turn.", "West to play.", everyone passing, the deal, a moon, the end."""
    phase = view.phase
    if phase is Phase.OVER:
        return _query("The match is over.")
    if phase is Phase.DEAL:
        return _query("Waiting for the deal.")
    if phase is Phase.PASS:
        waiting = [seat for seat in Seat if not view.has_passed[seat]]
        if len(waiting) == 4:
            return _query("Everyone is choosing cards to pass.")
        if YOU in waiting:
            return _query(f"Your turn to choose {PASS_SIZE} cards to pass.")
        return _query(f"Waiting for {join_words([seat_object(seat) for seat in waiting])} to pass.")
    if phase is Phase.MOON:
        shooter = view.moon_shooter
        if shooter is YOU:
            return _query("Your turn: choose how your moon scores.")
        if shooter is not None:
            return _query(f"{seat_subject(shooter)} is choosing how the moon scores.")
        return _query("Waiting for the moon's score to be chosen.")
    seat = view.to_move
    if seat is None:
        return _query("Waiting.")
    return _query(_to_move(view, leading=not view.trick.cards))


def passing(view: PlayerView) -> Announcement:
    """What you passed to whom and what you received from whom, or that this hand has no pass, or
    that you have not chosen yet."""
    if not _is_dealt(view):
        upcoming = view.pass_direction
        if upcoming is PassDirection.NONE:
            return _query("Not dealt yet. The next hand has no passing.")
        target = upcoming.target(YOU)
        return _query(f"Not dealt yet. The next hand passes {_pass_words(upcoming, target)}.")
    direction = view.pass_direction
    if direction is PassDirection.NONE:
        return _query("No passing this hand.")
    target = direction.target(YOU)
    giver = direction.giver(YOU)
    if view.passed is None:
        where = _pass_words(direction, target)
        return _query(f"You have not chosen your {PASS_SIZE} cards yet: this hand passes {where}.")
    text = f"You passed {cards_spoken(view.passed)} to {seat_object(target)}."
    if view.received is None:
        return _query(f"{text} {seat_subject(giver)} has not passed to you yet.")
    return _query(f"{text} {passed_you(giver, view.received, SPOKEN)}")


def cards_out(view: PlayerView) -> Announcement:
    """For each suit, how many cards you have not seen (not yours, not played) and which: "Still out:
    clubs, 3 cards: 4, 9, jack. Diamonds: none. …" (the count said as a count, never as a rank)."""
    if not _is_dealt(view):
        return _query("No cards dealt yet.")
    unseen = view.unseen
    if not unseen:
        return _query("Still out: none. Every card is played or in your hand.")
    parts = []
    for index, suit in enumerate(Suit):
        name = suit.noun if index == 0 else str(suit)
        count = len(unseen.of_suit(suit))
        if not count:
            parts.append(f"{name}: none.")
        elif count == 13:
            parts.append(f"{name}, all 13.")
        else:
            cards = "1 card" if count == 1 else f"{count} cards"
            parts.append(f"{name}, {cards}: {_suit_ranks(unseen, suit)}.")
    return _query("Still out: " + " ".join(parts))


# The log ---------------------------------------------------------------------------------------


class History:
    """The last LIMIT announcements (a game log), oldest first: adding one more forgets the oldest."""

    __slots__ = ("_items",)
    LIMIT: ClassVar[int] = 50

    def __init__(self) -> None:
        self._items: deque[Announcement] = deque(maxlen=self.LIMIT)

    def add(self, announcement: Announcement) -> None:
        self._items.append(announcement)

    def items(self) -> tuple[Announcement, ...]:
        return tuple(self._items)

    def __len__(self) -> int:
        return len(self._items)
