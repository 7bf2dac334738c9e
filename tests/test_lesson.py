"""The lesson's coach, on the lesson's deal: whatever the player does, every note comes up once, in order."""

from __future__ import annotations

import random

import pytest

from hearts.bots import make_bot
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.deals import deal_for, seat_seed
from hearts.engine import (
    QUEEN_OF_SPADES,
    STANDARD,
    TWO_OF_CLUBS,
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    Deal,
    HandScored,
    HeartsBroken,
    Match,
    Pass,
    Phase,
    Play,
    PlayerView,
    Seat,
    Suit,
    TrickTaken,
)
from hearts.engine.reasons import MUST_FOLLOW, REASONS, Reason, Refusal
from hearts.lesson import (
    LESSON_DEAL,
    LESSON_SEED,
    MOON_OTHER,
    ORDER,
    Coach,
    Note,
    lesson_play,
    lesson_reason,
    summary,
    why_card,
    why_pass,
)


def play_lesson_notes(choose, seed: int = 0) -> list[Note]:  # type: ignore[no-untyped-def]
    """Every note the lesson shows, played with ``choose`` for you."""
    notes: list[Note] = []
    play_lesson(choose, seed, notes)
    return notes


def play_lesson(choose, seed: int = 0, notes: list[Note] | None = None) -> tuple[list[str], HandScored]:  # type: ignore[no-untyped-def]
    """The lesson hand with Normal bots (as the table plays it) and ``choose(view, rng)`` for you; the
    notes in the order they came up."""
    rng = random.Random(seed)
    match = Match(STANDARD)
    coach = Coach()
    appeared: list[str] = []
    bots = {seat: make_bot("normal", seed=seat_seed(LESSON_SEED, seat)) for seat in Seat}
    first = coach.watch(match.view_for(Seat.SOUTH))
    appeared += [note.key for note in first]
    if notes is not None:
        notes += first
    events = match.apply(LESSON_DEAL)
    while True:
        view = match.view_for(Seat.SOUTH)
        released = coach.watch(view, events)
        for note in released:
            assert is_about_now(note.key, view, events), f"{note.key} came late"
        appeared += [note.key for note in released]
        if notes is not None:
            notes += released
        scored = [event for event in events if isinstance(event, HandScored)]
        if scored:
            return appeared, scored[0]
        seat = match.awaiting[0]
        move = choose(view, rng) if seat is Seat.SOUTH else bots[seat].decide(match.view_for(seat))
        events = match.apply(move)


def is_about_now(key: str, view, events) -> bool:  # type: ignore[no-untyped-def]
    """Whether the note's subject is on the table at this moment (so the note is not late)."""
    played = [event for event in events if isinstance(event, CardPlayed)]
    taken = [event for event in events if isinstance(event, TrickTaken)]
    tricks = [event.trick for event in taken] + [view.trick]
    if key == "goal":
        return view.phase is Phase.DEAL
    if key == "passing":
        return view.phase is Phase.PASS and view.passed is None
    if key == "received":
        return any(isinstance(event, CardsPassed) for event in events)
    if key in ("lead", "first_trick"):  # before the 2♣ is played
        return view.phase is Phase.PLAY and not view.tricks and not view.trick.cards
    if key == "trick":
        return any(event.trick_number == 1 for event in taken)
    if key == "follow":
        return (
            view.to_move is Seat.SOUTH
            and bool(view.trick.cards)
            and bool(view.hand.of_suit(view.trick.cards[0].suit))
        )
    if key == "discard":
        return any(
            event.card.suit is not trick.cards[0].suit
            for event in played
            for trick in tricks
            if event.card in trick.cards
        )
    if key == "hearts":
        return any(isinstance(event, HeartsBroken) for event in events)
    if key == "queen":
        return any(event.card == QUEEN_OF_SPADES for event in played)
    if key == "moon":
        return view.moon_threat is not None
    raise AssertionError(key)


def suggested(view, rng):  # type: ignore[no-untyped-def]
    if view.phase is Phase.PASS:
        return Pass(Seat.SOUTH, suggest_pass(view))
    return Play.of(Seat.SOUTH, lesson_play(view))


def at_random(view, rng):  # type: ignore[no-untyped-def]
    if view.phase is Phase.PASS:
        return Pass(Seat.SOUTH, CardSet(rng.sample(list(view.hand), 3)))
    return Play.of(Seat.SOUTH, rng.choice(list(view.legal)))


def test_the_lesson_deal_gives_you_the_two_of_clubs() -> None:
    assert TWO_OF_CLUBS in LESSON_DEAL.hands[Seat.SOUTH]
    assert sum(len(hand) for hand in LESSON_DEAL.hands) == 52


def test_following_the_suggestions_every_note_comes_once_as_its_subject_comes_up() -> None:
    appeared, scored = play_lesson(suggested)
    assert sorted(appeared) == sorted(ORDER) and len(appeared) == len(ORDER)
    assert appeared[:6] == ["goal", "passing", "received", "lead", "first_trick", "trick"]
    assert scored.points[Seat.SOUTH] <= 6


@pytest.mark.parametrize("seed", range(40))
def test_whatever_you_play_every_note_comes_once_as_its_subject_comes_up(seed: int) -> None:
    appeared, _ = play_lesson(at_random, seed)
    assert sorted(appeared) == sorted(ORDER) and len(appeared) == len(ORDER)
    assert appeared[:3] == ["goal", "passing", "received"]


def test_notes_that_come_up_together_go_in_the_lesson_order_and_each_comes_once() -> None:
    coach = Coach()
    match = Match(STANDARD)
    assert [note.key for note in coach.watch(match.view_for(Seat.SOUTH))] == ["goal"]
    events = match.apply(LESSON_DEAL)
    view = match.view_for(Seat.SOUTH)
    assert [note.key for note in coach.watch(view, events)] == ["passing"]
    assert coach.watch(view) == []  # each note once
    for seat in Seat:
        events = match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[:3])))
    keys = [note.key for note in coach.watch(match.view_for(Seat.SOUTH), events)]
    assert keys == ["received", "lead", "first_trick"]  # the 2♣'s notes before it is played
    events = match.apply(Play.of(match.to_move, TWO_OF_CLUBS))
    assert "lead" not in [note.key for note in coach.watch(match.view_for(Seat.SOUTH), events)]
    assert not coach.is_done


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (REASONS[Refusal.LEAD_TWO_OF_CLUBS], "2♣"),
        (REASONS[Refusal.HEARTS_NOT_BROKEN], "lead a heart"),
        (REASONS[Refusal.NO_POINTS_FIRST_TRICK], "first trick"),
        (MUST_FOLLOW[Suit.CLUBS], "Clubs were led and you still hold a club: play one."),
        (MUST_FOLLOW[Suit.HEARTS], "Hearts were led and you still hold a heart: play one."),
    ],
)
def test_refusals_are_said_as_lessons(reason: Reason, words: str) -> None:
    lesson = lesson_reason(reason)
    assert words in lesson and lesson != str(reason)
    assert "follow" not in lesson or lesson.count("follow") == 1  # said once, not twice over


def test_suggestions_come_with_a_reason() -> None:
    match = Match(STANDARD)
    match.apply(LESSON_DEAL)
    view = match.view_for(Seat.SOUTH)
    cards = suggest_pass(view)
    line = why_pass(view, cards)
    assert all(str(card) in line for card in cards) and "—" in line
    first, second, third = (str(card) for card in cards)  # (apart, as a screen reader reads them)
    assert line.startswith(f"Suggested: {first}, {second} and {third} — "), line
    _, scored = play_lesson(suggested)
    assert scored.queen_taker is Seat.NORTH
    lines = summary(scored)
    assert f": {scored.points[Seat.SOUTH]} points." in lines[0] and "North took the Q♠." in lines
    assert (
        summary(
            HandScored(1, (0, 13, 13, 0), (0,) * 4, (0,) * 4, None, None, None, (0, 13, 0, 0), Seat.NORTH)
        )[0]
        == "You took no points at all: a perfect hand."
    )
    hurt = HandScored(
        1, (18, 0, 8, 0), (18, 0, 8, 0), (18, 0, 8, 0), None, None, None, (5, 0, 8, 0), Seat.SOUTH
    )
    assert summary(hurt)[0] == "You took 5 hearts (1 each) and the Q♠ (13): 18 points."
    opening = Match(STANDARD)
    opening.apply(LESSON_DEAL)
    for seat in Seat:
        opening.apply(Pass(seat, CardSet(list(opening.view_for(seat).hand)[-3:])))
    lead = opening.view_for(opening.to_move)
    assert "starts" in why_card(lead, next(iter(lead.legal))) or "lead" in why_card(
        lead, next(iter(lead.legal))
    )


def moon_advice_broken(view: PlayerView, card: Card) -> str | None:
    """How ``card`` goes against the moon note's advice ("win a heart when you can; don't throw them
    any"), while another seat threatens the moon; None when it does not."""
    shooter = view.moon_threat
    if shooter is None or shooter is view.seat:
        return None
    trick, legal = view.trick, view.legal
    winning = trick.winning_card
    if winning is None:
        if card.suit is Suit.HEARTS and legal.of_suit(Suit.HEARTS) != legal:
            out = view.unseen.of_suit(Suit.HEARTS)
            if any(other > card for other in out):
                return "led a heart the shooter may win"
        return None
    follow = legal.of_suit(winning.suit)
    if follow:
        has_hearts = any(played.suit is Suit.HEARTS for played in trick.cards)
        if has_hearts and any(held > winning for held in follow) and not card > winning:
            return "let a heart go when it could take it"
        return None
    shooter_may_take = trick.winning_seat is shooter or trick.card_of(shooter) is None
    if shooter_may_take and card.points and any(not held.points for held in legal):
        return "threw points onto a trick the shooter may take"
    return None


def kind_of(view: PlayerView) -> str:
    """Which part of the moon note's advice a decision puts to the test: taking a heart (you can win a
    trick holding one), throwing (you can't follow and hold points), leading (you hold a heart), or none."""
    winning, legal = view.trick.winning_card, view.legal
    if winning is None:
        return "lead" if legal.of_suit(Suit.HEARTS) else ""
    follow = legal.of_suit(winning.suit)
    if follow:
        hearts = any(card.suit is Suit.HEARTS for card in view.trick.cards)
        return "take" if hearts and any(card > winning for card in follow) else ""
    return "throw" if any(card.points for card in legal) else ""


def threatened_decisions(deals: list[tuple[Deal, int]]) -> list[tuple[PlayerView, Card]]:
    """South's decisions while another seat threatens the moon, with the lesson's suggestion, over
    ``deals`` (each with a seed: South plays at random under it, the others as Normal bots)."""
    found = []
    for deal, seed in deals:
        rng = random.Random(seed)
        match = Match(STANDARD)
        match.apply(deal)
        bots = {seat: make_bot("normal", seed=seat_seed(seed, seat)) for seat in Seat}
        while match.phase in (Phase.PASS, Phase.PLAY):
            seat = match.awaiting[0]
            view = match.view_for(seat)
            if seat is Seat.SOUTH and view.phase is Phase.PLAY:
                threat = view.moon_threat
                if threat is not None and threat is not Seat.SOUTH:
                    found.append((view, lesson_play(view)))
                move = at_random(view, rng)
            else:
                move = bots[seat].decide(view)
            match.apply(move)
    return found


def test_the_suggestions_follow_the_moon_notes_advice() -> None:
    """Over the lesson's deal and others, played many ways: while another player threatens the moon,
    the suggested card takes a heart when it can and throws no points onto a trick they may take."""
    assert "win a heart when you can" in MOON_OTHER and "don't throw {who} any" in MOON_OTHER
    deals = [(LESSON_DEAL, seed) for seed in range(30)] + [(deal_for(seed, 1), seed) for seed in range(60)]
    decisions = threatened_decisions(deals)
    broken = [(view.trick, card, why) for view, card in decisions if (why := moon_advice_broken(view, card))]
    assert broken == []
    # Each kind of decision came up (so each rule was put to the test), and each line says why.
    kinds = [kind_of(view) for view, _ in decisions]
    assert min(kinds.count(kind) for kind in ("take", "throw", "lead")) >= 5, kinds
    for view, card in decisions:
        assert why_card(view, card).startswith(f"Suggested: {card} — ")


def test_the_hints_own_card_would_go_against_the_moon_note() -> None:
    """The check above can fail: on the lesson's deal the hint alone throws a heart onto North's trick
    while North threatens the moon."""
    decisions = threatened_decisions([(LESSON_DEAL, seed) for seed in range(30)])
    assert any(moon_advice_broken(view, suggest_play(view)) for view, _ in decisions)
