"""Learn to play: one guided hand on a fixed deal, with a note the first time each new thing happens.

No drawing here: ``Coach`` watches the hand (the human's view and the events) and says which notes are
due, always in the lesson's order and each once; ``why_card`` and ``why_pass`` put a suggestion in one
line; ``lesson_reason`` turns a refusal into a lesson. The deal was chosen by playing it out many ways
(following every suggestion, ignoring them, playing at random): each thing the lesson teaches comes up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .bots.hints import suggest_play
from .engine import (
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    Deal,
    Event,
    HandScored,
    HeartsBroken,
    Phase,
    PlayerView,
    QueenPlayed,
    Reason,
    Refusal,
    Seat,
    Suit,
    TrickTaken,
)
from .words import SEAT_NAMES as NAMES
from .words import join_words

# South (you) holds the 2♣ and a handful of high spades and hearts worth passing; the Q♠ sits with West.
LESSON_DEAL: Final = Deal(
    (
        CardSet.parse("2C 8C 3D TD AD 4S 5S 8S JS KS 5H JH QH"),
        CardSet.parse("3C KC AC 5D 6D QD 7S QS 3H 4H 6H 9H AH"),
        CardSet.parse("4C 5C 6C 7C TC 7D JD KD AS 2H 8H TH KH"),
        CardSet.parse("9C JC QC 2D 4D 8D 9D 2S 3S 6S 9S TS 7H"),
    )
)
LESSON_SEED: Final = 51
"""Seeds the computer players of the lesson, so it plays the same way every time you play the same."""


@dataclass(frozen=True, slots=True)
class Note:
    """A few words shown beside what they explain: ``anchor`` names that thing for the table."""

    key: str
    title: str
    text: str
    anchor: str
    """``hand``, ``action``, ``trick``, ``marks`` or ``seat:<SEAT>``."""


ORDER: Final = (
    "goal", "passing", "received", "lead", "first_trick", "trick", "follow", "discard", "hearts",
    "queen", "moon",
)  # fmt: skip


class Coach:
    """Which notes are due: each the first time its subject comes up, and only then; notes that come up
    at the same moment go in ``ORDER``."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    @property
    def is_done(self) -> bool:
        return len(self.shown) == len(ORDER)

    def watch(self, view: PlayerView, events: Sequence[Event] = ()) -> list[Note]:
        """Look at the hand as it stands now (the human's view) and what just happened; the notes to
        show now, in order."""
        ready = {note.key: note for note in self._triggered(view, events) if note.key not in self.shown}
        notes = [ready[key] for key in ORDER if key in ready]
        self.shown.extend(note.key for note in notes)
        return notes

    def _triggered(self, view: PlayerView, events: Sequence[Event]) -> Iterable[Note]:
        me = view.seat
        if view.phase is Phase.DEAL and not view.hand_number:
            yield GOAL  # before the cards come out
        if view.phase is Phase.PASS and view.passed is None:
            target = NAMES[view.pass_direction.target(view.seat)]
            yield Note("passing", "Passing", PASSING.format(target=target), "hand")
        for event in events:
            if isinstance(event, CardsPassed):
                giver = NAMES[event.direction.giver(me)]
                yield Note("received", "New cards", RECEIVED.format(giver=giver), "hand")
            elif isinstance(event, TrickTaken) and event.trick_number == 1:
                cards = event.trick.cards
                winner = NAMES[event.winner]
                best = event.trick.card_of(event.winner)
                verb = "win" if event.winner is me else "wins"
                text = TRICK.format(winner=winner, verb=verb, card=best, suit=cards[0].suit.noun[:-1])
                yield Note("trick", "Winning a trick", text, f"seat:{event.winner.name}")
            elif isinstance(event, CardPlayed):
                played = _trick_of(view, event)
                if played and event.card.suit is not played[0].suit:
                    who = NAMES[event.seat]
                    suit = played[0].suit.noun
                    text = DISCARD_YOU if event.seat is me else DISCARD_OTHER.format(who=who, suit=suit)
                    yield Note("discard", "Nothing to follow with", text, f"seat:{event.seat.name}")
            if isinstance(event, HeartsBroken):
                yield Note("hearts", "Hearts are broken", HEARTS, "marks")
            elif isinstance(event, QueenPlayed):
                yield Note("queen", "The Q♠", QUEEN.format(who=NAMES[event.seat]), "trick")
        leader = view.to_move
        if view.phase is Phase.PLAY and leader is not None and not view.tricks and not view.trick.cards:
            # before the 2♣ is played: the note introduces it
            if leader is me:
                yield Note("lead", "The 2♣ starts", LEAD_YOU, "hand")
            else:
                who = NAMES[leader]
                yield Note("lead", "The 2♣ starts", LEAD_OTHER.format(who=who), f"seat:{leader.name}")
            yield Note("first_trick", "The first trick", FIRST_TRICK, "trick")
        if view.phase is Phase.PLAY and view.to_move == me and view.trick.cards:
            led = view.trick.cards[0].suit
            if view.hand.of_suit(led):
                yield Note("follow", "Following suit", _follow_words(view), "hand")
        threat = view.moon_threat
        if threat is not None:
            who = NAMES[threat]
            text = MOON_YOU if threat is me else MOON_OTHER.format(who=who)
            yield Note("moon", "Moon threat", text, f"seat:{threat.name}")


def _follow_words(view: PlayerView) -> str:
    """The follow note, with a tip only when the suggested card takes it (so the note never advises
    what the suggestion does not do)."""
    led = view.trick.cards[0].suit
    text = FOLLOW.format(suit=led.noun.capitalize())
    winning = view.trick.winning_card
    if winning is not None and not view.trick.would_win(lesson_play(view)):
        text += f" Tip: play under the {winning}, and the trick goes to someone else."
    return text


def _trick_of(view: PlayerView, event: CardPlayed) -> tuple[Card, ...]:
    """The cards of the trick ``event`` belongs to, as far as ``view`` shows them."""
    for trick in (view.trick, *reversed(view.tricks)):
        if event.card in trick.cards:
            return trick.cards
    return ()


GOAL = Note(
    "goal",
    "The aim",
    "Hearts is about taking as few points as you can. Each heart you win costs 1 point, and the Q♠ costs 13. "
    "Lowest score wins.",
    "hand",
)
PASSING = (
    "First, pick three cards to give to {target}. Good ones to pass: the Q♠ and the spades above her, "
    "high hearts, or the last cards of a short suit."
)
RECEIVED = "{giver} passed you three cards; they are marked until you play. The others swapped cards too."
LEAD_YOU = "You hold the 2♣, so you start the hand with it. Everyone else must play a club if they can."
LEAD_OTHER = "{who} holds the 2♣ and starts the hand with it. Everyone must play a club if they can."
FIRST_TRICK = "On this first trick nobody may play a heart or the Q♠ (unless they hold nothing else)."
TRICK = (
    "{winner} {verb} the trick with the {card}: the highest {suit} takes it, and whoever takes a trick "
    "leads the next one."
)
FOLLOW = "{suit} were led and you hold some, so you must play one."
DISCARD_YOU = (
    "You have none of the suit that was led, so you may play any card. A good moment to get rid of "
    "a dangerous one!"
)
DISCARD_OTHER = "{who} has no {suit} left, so they threw in another card. You will get chances like that too."
HEARTS = "A heart has been played, so hearts are broken: from now on anyone may lead one."
QUEEN = "{who} played the Q♠. Whoever takes this trick takes 13 points with her."
MOON_YOU = (
    "You have taken every point so far. A player who takes ALL the hearts and the Q♠ scores 0 while "
    "everyone else gets 26: that is shooting the moon."
)
MOON_OTHER = (
    "{who} has taken every point so far. Whoever takes all the hearts and the Q♠ scores 0, the others "
    "26! To stop it, win a heart when you can; don't throw {who} any."
)


def why_pass(view: PlayerView, cards: CardSet) -> str:
    """One line on why these three are worth passing."""
    reasons = []
    spades = [card for card in cards if card.suit is Suit.SPADES and card >= QUEEN_OF_SPADES]
    hearts = [card for card in cards if card.suit is Suit.HEARTS]
    if spades:
        reasons.append("high spades can catch the Q♠")
    if hearts:
        reasons.append("high hearts win tricks full of points")
    if len(reasons) < len({card.suit for card in cards}):
        reasons.append("passing a short suit leaves you free to discard")
    listed = join_words([str(card) for card in cards])  # ("3♦, 10♦ and A♦": read aloud, each apart)
    return f"Suggested: {listed} — " + "; ".join(reasons) + "."


def lesson_play(view: PlayerView) -> Card:
    """The card the lesson suggests: the hint's, except while another player threatens the moon, when
    it does what the moon note advises."""
    stop = _stop_the_moon(view)
    return suggest_play(view) if stop is None else stop[0]


def _stop_the_moon(view: PlayerView) -> tuple[Card, str] | None:
    """While another seat has taken every point so far, the card that follows the moon note's advice
    (win a heart when you can, throw no hearts onto their tricks, keep a high heart for later), and
    why; None when the advice says nothing about this decision (the hint's card then)."""
    shooter = view.moon_threat
    if shooter is None or shooter is view.seat:
        return None
    who = NAMES[shooter]
    legal = sorted(view.legal)
    hearts = [card for card in legal if card.suit is Suit.HEARTS]
    hint = suggest_play(view)
    trick = view.trick
    winning, winner = trick.winning_card, trick.winning_seat
    if winning is None or winner is None:  # your lead
        if hearts and all(card < hearts[-1] for card in view.unseen.of_suit(Suit.HEARTS)):
            return hearts[-1], f"no one can beat it, so you win a heart and {who} can't shoot the moon."
        others = [card for card in legal if card.suit is not Suit.HEARTS]
        if hint.suit is Suit.HEARTS and others:
            low = min(others, key=lambda card: card.rank)
            return low, f"lead no heart while {who} threatens the moon: they would likely win it."
        return None
    follow = [card for card in legal if card.suit is winning.suit]
    if follow:
        beats = [card for card in follow if trick.would_win(card)]
        if beats and any(card.suit is Suit.HEARTS for card in trick.cards):
            card = beats[0] if len(trick.cards) == 3 else follow[-1]
            return card, f"win this trick and its hearts, and {who} can't shoot the moon."
        if not beats and winning.suit is Suit.HEARTS:
            return follow[0], "you can't win this one: keep your higher hearts to win one later."
        return None
    if winner is shooter or trick.card_of(shooter) is None:  # they may take what you throw
        safe = [card for card in legal if not card.points]
        if hint.points and safe:
            card = max(safe, key=lambda card: card.rank)
            return card, f"you can't follow; throw no points onto a trick {who} may take."
        return None
    if hint.points or hearts:  # someone else takes this trick: any point they take stops the moon
        card = hint if hint.points else hearts[-1]
        return card, f"{NAMES[winner]} takes this trick, and a point for them stops {who}'s moon."
    return None


def why_card(view: PlayerView, card: Card) -> str:
    """One line on why ``card`` is a good play now."""
    stop = _stop_the_moon(view)
    if stop is not None and stop[0] == card:
        return f"Suggested: {card} — {stop[1]}"
    trick = view.trick.cards
    if not trick:
        if card == TWO_OF_CLUBS:
            return f"Suggested: {card} — the hand always starts with it."
        return f"Suggested: {card} — lead low, so someone else is likely to win the trick."
    led = trick[0].suit
    winning = view.trick.winning_card
    assert winning is not None
    if card.suit is not led:
        if card == QUEEN_OF_SPADES:
            return f"Suggested: {card} — you can't follow, so hand the Q♠ to someone else!"
        if card.suit is Suit.HEARTS:
            return f"Suggested: {card} — you can't follow, so give away a heart."
        return f"Suggested: {card} — you can't follow, so throw away a risky high card."
    if not view.trick.would_win(card):
        return f"Suggested: {card} — it is lower than the {winning}, so you won't take this trick."
    if len(trick) == 3 and not any(played.points for played in trick):
        return f"Suggested: {card} — the trick has no points, so winning it with a high card is safe."
    name = led.noun[:-1]
    if len(trick) == 3:
        return f"Suggested: {card} — you will win this one anyway, so win it with your highest {name}."
    if not any(held.suit is led and not view.trick.would_win(held) for held in view.hand):
        return f"Suggested: {card} — every {name} you hold beats the {winning}; keep your low ones for later."
    return f"Suggested: {card} — no points in this trick yet, a good moment to get rid of a high {name}."


def lesson_reason(reason: Reason) -> str:
    """A refusal from the rules, said as a lesson (by its kind; any other kind in the engine's words)."""
    kind = reason.kind
    if kind is Refusal.LEAD_TWO_OF_CLUBS:
        return "The hand always opens with the 2♣, and you hold it: play it first."
    if kind is Refusal.HEARTS_NOT_BROKEN:
        return (
            "You can't lead a heart until one has been played on an earlier trick (unless you hold "
            "nothing but hearts)."
        )
    if kind is Refusal.NO_POINTS_FIRST_TRICK:
        return "No points on the first trick: keep your hearts and the Q♠ for later."
    if kind is Refusal.MUST_FOLLOW and reason.suit is not None:
        suit = reason.suit
        return f"{suit.noun.capitalize()} were led and you still hold a {suit.noun[:-1]}: play one."
    return str(reason)


def summary(scored: HandScored, seat: Seat = Seat.SOUTH) -> list[str]:
    """What the hand scored for ``seat``, and why, in a few lines."""
    points = scored.points[seat]
    queen_taker = scored.queen_taker
    lines = []
    if scored.moon_shooter is seat:
        lines.append("You shot the moon: you took every point, so the others get 26 each and you 0!")
    elif points == 0:
        lines.append("You took no points at all: a perfect hand.")
    else:
        hearts = scored.hearts[seat]
        parts = [f"{hearts} heart{'s' if hearts != 1 else ''} (1 each)"] if hearts else []
        if queen_taker is seat:
            parts.append("the Q♠ (13)")
        lines.append(f"You took {' and '.join(parts)}: {points} point{'s' if points != 1 else ''}.")
    if queen_taker is not None and queen_taker is not seat:
        lines.append(f"{NAMES[queen_taker]} took the Q♠.")
    others = ", ".join(f"{NAMES[other]} {scored.scores[other]}" for other in Seat if other is not seat)
    lines.append(f"Points for the others: {others}.")
    lines.append(
        "A real match goes on hand after hand until someone reaches 100; then the lowest total wins."
    )
    return lines
