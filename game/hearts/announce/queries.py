"""Answers at any moment of a match, from the human's view: your cards, the trick on the table, the
scores, whose turn it is, the pass, the cards still out. None of them raises."""

from __future__ import annotations

from ..engine import PASS_SIZE, TRICKS, PassDirection, Phase, PlayerView, Rank, Seat, Suit, Trick
from ..words import DIRECTION_WORDS, SPOKEN, card_name, join_words, passed_you, seat_object, seat_subject
from .announcement import YOU, Announcement
from .said import cards_spoken, per_seat, suit_ranks, trick_held


def _query(text: str) -> Announcement:
    return Announcement(text=text, kind="query")


def _is_dealt(view: PlayerView) -> bool:
    """Whether this view's hand has been dealt (before the first deal there is no hand to speak of)."""
    return bool(view.hand or view.tricks) or view.phase in (Phase.PASS, Phase.PLAY)


def _pass_words(direction: PassDirection, target: Seat) -> str:
    """Where a pass goes: "to the left, to West", "across, to North"."""
    if direction is PassDirection.ACROSS:
        return f"across, to {seat_object(target)}"
    return f"to the {DIRECTION_WORDS[direction]}, to {seat_object(target)}"


def hand_by_suit(view: PlayerView) -> Announcement:
    """Your cards suit by suit, ranks in words: "Clubs: 2, 7, king. Diamonds: none. …"."""
    if not view.hand:
        if not _is_dealt(view):
            return _query("You hold no cards: the hand is not dealt yet.")
        return _query("You hold no cards.")
    parts = [f"{suit}: {suit_ranks(view.hand, suit) or 'none'}." for suit in Suit]
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
        said.append(f"{seat_subject(trick.winner)} took it: {trick_held(trick, jack_counts=jack_counts)}.")
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
        if len(waiting) == len(Seat):
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
        elif count == len(Rank):
            parts.append(f"{name}, all {count}.")
        else:
            cards = "1 card" if count == 1 else f"{count} cards"
            parts.append(f"{name}, {cards}: {suit_ranks(unseen, suit)}.")
    return _query("Still out: " + " ".join(parts))
