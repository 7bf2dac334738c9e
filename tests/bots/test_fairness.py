"""Bots cannot cheat: they receive a view, and two different tables that look the same from a seat
get the same decision from every level."""

from __future__ import annotations

import inspect
import itertools
import random

import pytest

from hearts.bots import LEVELS, make_bot
from hearts.bots.base import Bot, Thinking
from hearts.deals import deal_for
from hearts.engine import CardSet, Deal, Match, Phase, Play, PlayerView, Seat

HIDDEN_SWAPS = 12
"""How many pairs of tables that differ only in cards hidden from the deciding seat are tried."""


def twin_matches(seed: int) -> tuple[Match, Match, Seat]:
    """Two matches after the same moves whose deals differ only by two cards swapped between
    seats other than the one to decide, cards never played so far: the same view for that seat."""
    rng = random.Random(seed)
    deal = deal_for(seed, 4)
    hands = [set(hand) for hand in deal.hands]
    first = Match(hands_before=3)
    first.apply(deal)
    for _ in range(rng.randrange(4, 30)):
        first.apply(rng.choice(first.legal_moves()))
    decider = first.to_move
    assert decider is not None
    view = first.view_for(decider)
    unseen = view.unseen
    others = [seat for seat in Seat if seat != decider]
    pairs = list(itertools.combinations(others, 2))
    rng.shuffle(pairs)
    # Same suit, so the swap keeps every follow and void on record legal in both worlds.
    swaps = (
        (one, two, card_one, card_two)
        for one, two in pairs
        for card_one in sorted(unseen & first.view_for(one).hand)
        for card_two in sorted(unseen & first.view_for(two).hand)
        if card_two.suit == card_one.suit
    )
    swap = next(swaps, None)
    assert swap is not None, f"seed {seed}: no two other seats hold hidden cards of one suit"
    one, two, card_one, card_two = swap
    hands[one] = hands[one] - {card_one} | {card_two}
    hands[two] = hands[two] - {card_two} | {card_one}
    second = Match(hands_before=3)
    second.apply(Deal(tuple(CardSet(hand) for hand in hands)))
    for move in first.moves[1:]:
        second.apply(move)
    return first, second, decider


@pytest.mark.parametrize("seed", range(HIDDEN_SWAPS))
@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_decision(level: str, seed: int) -> None:
    first, second, seat = twin_matches(seed)
    view = first.view_for(seat)
    assert second.view_for(seat) == view
    hand_one, hand_two = first.hand, second.hand
    assert hand_one is not None and hand_two is not None
    assert hand_one.hands != hand_two.hands, "the hidden cards really differ"
    bot = make_bot(level, seed=seed)
    assert bot.decide(view) == make_bot(level, seed=seed).decide(second.view_for(seat))


def test_a_bot_is_handed_a_view_and_nothing_else() -> None:
    """Every decision entry point takes a PlayerView (and the bot's own generator): no Match."""
    for name in ("think", "decide", "think_pass", "think_play", "think_moon"):
        parameters = inspect.signature(getattr(Bot, name)).parameters
        annotations = [parameter.annotation for parameter in parameters.values()]
        assert "PlayerView" in annotations, name
        assert not any("Match" in str(annotation) for annotation in annotations), name


@pytest.mark.parametrize("level", LEVELS)
def test_thinking_in_slices_gives_the_blocking_answer(level: str) -> None:
    match = Match(hands_before=3)
    match.apply(deal_for(77, 4))
    rng = random.Random(77)
    for _ in range(9):
        match.apply(rng.choice(match.legal_moves()))
    seat = match.to_move
    assert seat is not None and match.phase is Phase.PLAY
    view: PlayerView = match.view_for(seat)
    thinking = Thinking(make_bot(level, seed=5), view)
    steps = 0
    while thinking.advance(0.0) is None:  # the smallest slice: one step at a time
        steps += 1
        assert steps < 100_000
    assert thinking.move == make_bot(level, seed=5).decide(view)
    assert isinstance(thinking.move, Play) and thinking.move.card in view.legal
