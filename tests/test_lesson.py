"""The lesson's coach, on the lesson's deal: whatever the player does, every note comes up once, in order."""

from __future__ import annotations

import random

import pytest

from hearts.bots import make_bot
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import STANDARD, TWO_OF_CLUBS, CardSet, HandScored, Match, Pass, Phase, Play, Seat
from hearts.engine import rules as rule_words
from hearts.lesson import LESSON_DEAL, LESSON_SEED, ORDER, Coach, lesson_reason, summary, why_card, why_pass


def play_lesson(choose, seed: int = 0) -> tuple[list[str], HandScored]:  # type: ignore[no-untyped-def]
    """The lesson hand with Normal bots (as the table plays it) and ``choose(view, rng)`` for you; the
    notes in the order they came up."""
    rng = random.Random(seed)
    match = Match(STANDARD)
    coach = Coach()
    appeared: list[str] = []
    bots = {seat: make_bot("normal", seed=LESSON_SEED * 4 + seat) for seat in Seat}
    events = match.apply(LESSON_DEAL)
    while True:
        view = match.view_for(Seat.SOUTH)
        appeared += [note.key for note in coach.watch(view, events)]
        scored = [event for event in events if isinstance(event, HandScored)]
        if scored:
            return appeared, scored[0]
        seat = match.awaiting[0]
        move = choose(view, rng) if seat is Seat.SOUTH else bots[seat].decide(match.view_for(seat))
        events = match.apply(move)


def suggested(view, rng):  # type: ignore[no-untyped-def]
    if view.phase is Phase.PASS:
        return Pass(Seat.SOUTH, suggest_pass(view))
    return Play.of(Seat.SOUTH, suggest_play(view))


def at_random(view, rng):  # type: ignore[no-untyped-def]
    if view.phase is Phase.PASS:
        return Pass(Seat.SOUTH, CardSet(rng.sample(list(view.hand), 3)))
    return Play.of(Seat.SOUTH, rng.choice(list(view.legal)))


def test_the_lesson_deal_gives_you_the_two_of_clubs() -> None:
    assert TWO_OF_CLUBS in LESSON_DEAL.hands[Seat.SOUTH]
    assert sum(len(hand) for hand in LESSON_DEAL.hands) == 52


def test_following_the_suggestions_every_note_comes_once_in_order() -> None:
    appeared, scored = play_lesson(suggested)
    assert appeared == list(ORDER)
    assert scored.points[Seat.SOUTH] <= 6


@pytest.mark.parametrize("seed", range(40))
def test_whatever_you_play_every_note_comes_once_in_order(seed: int) -> None:
    appeared, _ = play_lesson(at_random, seed)
    assert appeared == list(ORDER)


def test_a_note_that_comes_early_waits_for_the_ones_before_it() -> None:
    coach = Coach()
    match = Match(STANDARD)
    match.apply(LESSON_DEAL)
    view = match.view_for(Seat.SOUTH)
    assert [note.key for note in coach.watch(view)] == ["goal", "passing"]
    assert coach.watch(view) == []  # each note once
    assert not coach.is_done


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (rule_words.LEAD_TWO_OF_CLUBS, "2♣"),
        (rule_words.HEARTS_NOT_BROKEN, "lead a heart"),
        (rule_words.NO_POINTS_FIRST_TRICK, "first trick"),
        ("You must follow clubs", "follow the suit that was led"),
    ],
)
def test_refusals_are_said_as_lessons(reason: str, words: str) -> None:
    lesson = lesson_reason(reason)
    assert words in lesson and lesson != reason


def test_suggestions_come_with_a_reason() -> None:
    match = Match(STANDARD)
    match.apply(LESSON_DEAL)
    view = match.view_for(Seat.SOUTH)
    cards = suggest_pass(view)
    line = why_pass(view, cards)
    assert all(str(card) in line for card in cards) and "—" in line
    _, scored = play_lesson(suggested)
    lines = summary(scored, Seat.NORTH)
    assert lines[0].startswith("You took") and "North took the Q♠." in lines
    opening = Match(STANDARD)
    opening.apply(LESSON_DEAL)
    for seat in Seat:
        opening.apply(Pass(seat, CardSet(list(opening.view_for(seat).hand)[-3:])))
    lead = opening.view_for(opening.to_move)
    assert "starts" in why_card(lead, next(iter(lead.legal))) or "lead" in why_card(
        lead, next(iter(lead.legal))
    )
