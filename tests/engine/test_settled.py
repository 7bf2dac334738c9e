"""``PlayerView.nothing_to_play_for`` over thousands of seeded random hands: it never fires while a
point (or the J♦ that counts) is still out or while one seat has taken every point, and once it fires
the hand scores the same whatever legal cards are played from there."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Final

from hearts.engine import (
    JACK_OF_DIAMONDS,
    Card,
    CardSet,
    HandScored,
    Match,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Trick,
)
from hearts.engine.cards import PENALTY_MASK
from tests.engine.helpers import ALL_CARDS, SEATS, Driver, new_match, random_rules

HANDS: Final = 1500
"""Seeded matches, each followed for its first hand."""
ENDINGS: Final = 3
"""How many different random endings each settled hand is played out with."""


def still_out(match: Match) -> int:
    """The cards that count which are not yet in a completed trick (from the true state)."""
    hand = match.hand
    assert hand is not None
    counted = PENALTY_MASK | (1 << JACK_OF_DIAMONDS if match.rules.jack_of_diamonds else 0)
    taken = hand.taken[0] | hand.taken[1] | hand.taken[2] | hand.taken[3]
    return counted & ~taken


def one_seat_has_every_point(match: Match) -> bool:
    points = match.points()
    return sum(points) > 0 and max(points) == sum(points)


def play_out(match: Match, rng: random.Random) -> HandScored:
    """Play the hand in progress to its score with random legal cards (and moon choice)."""
    driver = Driver(0, rng)
    while True:
        for event in match.apply(driver.next_move(match)):
            if isinstance(event, HandScored):
                return event


def test_nothing_to_play_for_only_when_no_score_can_change() -> None:
    stats: Counter[str] = Counter()
    for seed in range(HANDS):
        rng = random.Random(seed)
        rules = random_rules(rng)
        match = new_match(rules, rng)
        driver = Driver(seed, rng)
        seat = SEATS[seed % 4]
        settled_at: int | None = None
        while not match.results or match.results[-1].hand_number != match.hand_number:
            if match.phase is Phase.PLAY:
                view = match.view_for(seat)
                settled = view.nothing_to_play_for
                assert all(match.view_for(other).nothing_to_play_for is settled for other in SEATS)
                hand = match.hand
                assert hand is not None
                if settled:
                    assert not still_out(match), f"seed {seed}: a card that counts is still out"
                    assert not one_seat_has_every_point(match), f"seed {seed}: a moon is still possible"
                    if settled_at is None:
                        settled_at = len(hand.tricks)
                        stats["settled"] += 1
                        stats[f"settled after trick {settled_at}"] += 1
                        stats["settled with the jack"] += rules.jack_of_diamonds
                        scores = match.scores()
                        for ending in range(ENDINGS):
                            result = play_out(match.copy(), random.Random(seed * ENDINGS + ending))
                            assert result.scores == scores, f"seed {seed}: the ending changed the scores"
                            assert result.moon_shooter is None
                else:
                    assert settled_at is None, f"seed {seed}: settled, then not"
                    if not still_out(match) and not one_seat_has_every_point(match):
                        raise AssertionError(f"seed {seed}: nothing to play for, but not said")
                    stats["moon still possible"] += not still_out(match)
            match.apply(driver.next_move(match))
    # The cases came up, so the checks were not vacuous.
    assert stats["settled"] >= HANDS // 10, dict(stats)
    for kind in ("settled with the jack", "moon still possible", "settled after trick 10"):
        assert stats[kind] >= 3, f"{kind!r} hardly came up: {dict(stats)}"


def view_after(tricks: list[tuple[Card, ...]], winners: list[Seat], rules: Rules) -> PlayerView:
    """A view in the play whose completed tricks are ``tricks``, taken by ``winners`` (only the fields
    the query reads are made consistent)."""
    base = Match(rules).view_for(Seat.SOUTH)
    done = tuple(Trick(Seat.SOUTH, cards, winner) for cards, winner in zip(tricks, winners, strict=True))
    points = [0, 0, 0, 0]
    for trick in done:
        assert trick.winner is not None
        points[trick.winner] += sum(card.points for card in trick.cards)
    return replace(base, phase=Phase.PLAY, tricks=done, points=tuple(points))


def test_a_moon_holder_or_a_missing_jack_keeps_the_hand_open() -> None:
    points = list(CardSet.from_mask(PENALTY_MASK))  # 13 hearts and the Q♠: 14 cards
    plain = CardSet.from_mask(ALL_CARDS & ~PENALTY_MASK & ~(1 << JACK_OF_DIAMONDS))
    others = list(plain)
    cards = points + others[:2]
    tricks = [tuple(cards[index : index + 4]) for index in range(0, 16, 4)]
    standard, omnibus = Rules(), Rules(jack_of_diamonds=True)
    spread = [Seat.SOUTH, Seat.WEST, Seat.SOUTH, Seat.NORTH]
    assert view_after(tricks, spread, standard).nothing_to_play_for
    assert not view_after(tricks[:3], spread[:3], standard).nothing_to_play_for  # two hearts out
    assert not view_after(tricks, [Seat.EAST] * 4, standard).nothing_to_play_for  # East holds the moon
    assert not view_after(tricks, spread, omnibus).nothing_to_play_for  # the J♦ is out
    with_jack = [*tricks, (JACK_OF_DIAMONDS, *others[2:5])]
    assert view_after(with_jack, [*spread, Seat.EAST], omnibus).nothing_to_play_for
    over = replace(view_after(tricks, spread, standard), phase=Phase.OVER)
    assert not over.nothing_to_play_for  # only while the hand is played
    assert not Match(standard).view_for(Seat.SOUTH).nothing_to_play_for
