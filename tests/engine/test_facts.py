"""The facts of Hearts the engine says once, for everything above it: the game's numbers, the moon's
scores, who passes to whom, whether a card would win a trick, and what each seat has taken so far."""

from __future__ import annotations

import pytest

from hearts.deals import deal_for
from hearts.engine import (
    FULL_DECK,
    FULL_MOON,
    JACK_BONUS,
    PASS_SIZE,
    TRICKS,
    Card,
    CardSet,
    CardsPassed,
    IllegalMove,
    Match,
    Moon,
    Pass,
    PassDirection,
    Phase,
    Play,
    Reason,
    Refusal,
    Rules,
    Seat,
    Suit,
    Trick,
    moon_scores,
)
from hearts.engine.cards import ALL_CARDS_MASK, PENALTY_MASK
from hearts.engine.seen import SeenHand

from .scenarios import of_type, play, play_out, start
from .test_match import ALL_CLUBS, NORTH_TAKES_THE_JACK

# The game's numbers -----------------------------------------------------------------------------


def test_a_hand_is_dealt_thirteen_cards_a_seat_and_plays_thirteen_tricks() -> None:
    match = start(**NORTH_TAKES_THE_JACK)
    assert all(len(match.view_for(seat).hand) == TRICKS == 13 for seat in Seat)
    play_out(match)
    assert len(match.view_for(Seat.SOUTH).tricks) == TRICKS


def test_a_pass_is_three_cards() -> None:
    match = Match()
    match.apply(deal_for(1, 1))
    hand = list(match.view_for(Seat.SOUTH).hand)
    assert PASS_SIZE == 3
    for count in (PASS_SIZE - 1, PASS_SIZE + 1):
        with pytest.raises(IllegalMove):
            match.apply(Pass(Seat.SOUTH, CardSet(hand[:count])))
    match.apply(Pass(Seat.SOUTH, CardSet(hand[:PASS_SIZE])))
    assert len(match.legal_moves(Seat.WEST)[0].cards) == PASS_SIZE


def test_the_moon_is_every_point_of_the_deck_and_the_jack_is_minus_ten() -> None:
    assert FULL_MOON == FULL_DECK.points == 26
    assert JACK_BONUS == -10


@pytest.mark.parametrize(
    ("moon", "shooter", "scores"),
    [
        (Moon.ADD_TO_OTHERS, Seat.SOUTH, (0, 26, 26, 26)),
        (Moon.ADD_TO_OTHERS, Seat.NORTH, (26, 26, 0, 26)),
        (Moon.SUBTRACT_FROM_SHOOTER, Seat.SOUTH, (-26, 0, 0, 0)),
        (Moon.SUBTRACT_FROM_SHOOTER, Seat.EAST, (0, 0, 0, -26)),
    ],
)
def test_the_moons_scores(moon: Moon, shooter: Seat, scores: tuple[int, ...]) -> None:
    assert moon_scores(moon, shooter) == scores


# Who passes to whom -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("direction", "seat", "target", "giver"),
    [
        (PassDirection.LEFT, Seat.SOUTH, Seat.WEST, Seat.EAST),
        (PassDirection.LEFT, Seat.EAST, Seat.SOUTH, Seat.NORTH),
        (PassDirection.RIGHT, Seat.SOUTH, Seat.EAST, Seat.WEST),
        (PassDirection.RIGHT, Seat.WEST, Seat.SOUTH, Seat.NORTH),
        (PassDirection.ACROSS, Seat.SOUTH, Seat.NORTH, Seat.NORTH),
        (PassDirection.ACROSS, Seat.WEST, Seat.EAST, Seat.EAST),
        (PassDirection.NONE, Seat.NORTH, Seat.NORTH, Seat.NORTH),
    ],
)
def test_a_pass_direction_names_target_and_giver(
    direction: PassDirection, seat: Seat, target: Seat, giver: Seat
) -> None:
    assert direction.target(seat) is target
    assert direction.giver(seat) is giver


@pytest.mark.parametrize("hand_number", [1, 2, 3])
def test_the_exchange_goes_from_giver_to_target(hand_number: int) -> None:
    match = Match(hands_before=hand_number - 1)
    match.apply(deal_for(5, hand_number))
    direction = match.view_for(Seat.SOUTH).pass_direction
    chosen = {seat: CardSet(list(match.view_for(seat).hand)[:PASS_SIZE]) for seat in Seat}
    events = [event for seat in Seat for event in match.apply(Pass(seat, chosen[seat]))]
    (exchange,) = of_type(events, CardsPassed)
    for seat in Seat:
        view = match.view_for(seat)
        assert view.received == chosen[direction.giver(seat)] == exchange.received_by(seat)
        assert view.pass_target is direction.target(seat)
        assert chosen[seat] <= match.view_for(direction.target(seat)).hand


# Whether a card would win a trick ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "card", "wins"),
    [
        ("", "2C", True),  # a lead takes the trick as it stands
        ("5D", "6D", True),
        ("5D", "4D", False),
        ("5D", "AS", False),  # off suit never wins
        ("5D KD", "QD", False),
        ("5D KD", "AD", True),
        ("5D AH KD", "QD", False),  # the heart played off suit beats nothing
        ("5D AH", "6D", True),
        ("2H 9H TH", "JH", True),
    ],
)
def test_a_trick_says_whether_a_card_would_win_it(cards: str, card: str, wins: bool) -> None:
    trick = Trick(Seat.WEST, tuple(Card.parse(text) for text in cards.split()))
    assert trick.would_win(Card.parse(card)) is wins


def test_would_win_agrees_with_the_trick_once_played() -> None:
    match = start(**NORTH_TAKES_THE_JACK)
    while match.phase is Phase.PLAY:
        seat = match.to_move
        assert seat is not None
        view = match.view_for(seat)
        for card in view.legal:
            after = Trick(view.trick.leader, (*view.trick.cards, card))
            assert view.trick.would_win(card) is (after.winning_seat is seat)
        play(match, min(view.legal).notation)


# What each seat has taken so far ----------------------------------------------------------------


def test_the_view_holds_the_scores_taken_so_far_with_the_jack() -> None:
    match = start(Rules(jack_of_diamonds=True), **NORTH_TAKES_THE_JACK)
    play(match, "2C", "AC", "JD", "4C")  # North takes the J♦ on the first trick
    for seat in Seat:
        view = match.view_for(seat)
        assert view.points == (0, 0, 0, 0)
        assert view.scores_taken == (0, 0, JACK_BONUS, 0) == match.scores()


def test_the_scores_taken_are_the_tricks_scores_until_the_hand_is_scored() -> None:
    rules = Rules(jack_of_diamonds=True)
    match = start(rules, hand_number=1)
    for seat in Seat:
        match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[-PASS_SIZE:])))
    while match.phase is Phase.PLAY:
        view = match.view_for(Seat.SOUTH)
        taken = [0, 0, 0, 0]
        for trick in view.tricks:
            assert trick.winner is not None
            taken[trick.winner] += trick.score(jack_counts=rules.jack_of_diamonds)
        assert view.scores_taken == tuple(taken) == match.scores()
        play(match, min(match.legal_plays()).notation)
    assert sum(match.view_for(Seat.SOUTH).scores_taken) == FULL_MOON + JACK_BONUS


def test_a_moon_leaves_the_scores_taken_as_taken() -> None:
    match = start(Rules(moon=Moon.ADD_TO_OTHERS), south=ALL_CLUBS)
    play_out(match)
    view = match.view_for(Seat.SOUTH)
    assert view.scores_taken == (FULL_MOON, 0, 0, 0)
    assert match.results[-1].scores == moon_scores(Moon.ADD_TO_OTHERS, Seat.SOUTH)


# Why a move is illegal, as data -----------------------------------------------------------------


def refused(match: Match, move: Play | Pass) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        match.apply(move)
    assert caught.value.reason == match.why_illegal(move)
    return caught.value


def test_a_refusal_carries_its_kind_and_the_suit_led() -> None:
    match = start(**NORTH_TAKES_THE_JACK)
    lead = refused(match, Play.of(Seat.WEST, Card.parse("2D")))
    assert (lead.kind, lead.suit) == (Refusal.LEAD_TWO_OF_CLUBS, None)
    play(match, "2C")
    revoke = refused(match, Play.of(Seat.NORTH, Card.parse("7D")))
    assert (revoke.kind, revoke.suit) == (Refusal.MUST_FOLLOW, Suit.CLUBS)
    assert str(revoke) == "You must follow clubs"
    turn = refused(match, Play.of(Seat.EAST, Card.parse("AS")))
    assert turn.kind is Refusal.NOT_YOUR_TURN
    assert refused(match, Pass(Seat.SOUTH, CardSet.parse("4C 5C 6C"))).kind is Refusal.NO_PASSING


def test_every_kind_has_a_sentence_and_the_suit_goes_into_it() -> None:
    for kind in Refusal:
        reason = Reason(kind, Suit.SPADES) if kind is Refusal.MUST_FOLLOW else Reason(kind)
        text = str(reason)
        assert text and "{" not in text
    assert str(Reason(Refusal.MUST_FOLLOW, Suit.HEARTS)) == "You must follow hearts"


# One seat's knowledge, from the tricks alone ----------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules(jack_of_diamonds=True, queen_breaks_hearts=True)])
def test_a_seen_hand_knows_what_the_view_knows(rules: Rules) -> None:
    for deal in range(6):
        match = Match(rules, hands_before=3)  # no pass: every seat knows its 13 from the deal
        match.apply(deal_for(deal, 4))
        seen = {seat: SeenHand(seat, match.view_for(seat).hand.mask, rules) for seat in Seat}
        while match.phase is Phase.PLAY:
            mover = match.to_move
            assert mover is not None
            before = match.view_for(mover)
            led = before.trick.cards[0] // 13 if before.trick.cards else -1
            assert seen[mover].legal(before.hand.mask, led) == before.legal.mask
            card = sorted(before.legal)[deal % len(before.legal)]
            for held in before.hand - before.legal:
                assert seen[mover].why_illegal(mover, held, led) == match.why_illegal(Play.of(mover, held))
            match.apply(Play.of(mover, card))
            for seat in Seat:
                seen[seat].play(mover, card, led)
                view = match.view_for(seat)
                if len(view.trick.cards) == 0:
                    seen[seat].take(view.tricks[-1])
                hand = seen[seat]
                assert hand.hearts_broken == view.hearts_broken
                assert hand.queen_played == view.queen_played
                assert tuple(frozenset(s for s in Suit if v >> s & 1) for v in hand.voids) == view.voids
                assert tuple(hand.points) == view.points
                assert tuple(hand.scores) == view.scores_taken
        assert all(hand.is_over for hand in seen.values())


def test_a_seen_hand_refuses_a_first_lead_but_the_two_of_clubs() -> None:
    hand = SeenHand(Seat.SOUTH, CardSet.parse(NORTH_TAKES_THE_JACK["south"]).mask, Rules())
    with pytest.raises(IllegalMove) as caught:
        hand.play(Seat.WEST, Card.parse("3D"), -1)
    assert caught.value.kind is Refusal.LEAD_TWO_OF_CLUBS
    hand.play(Seat.WEST, Card.parse("2C"), -1)
    hand.play(Seat.NORTH, Card.parse("AC"), 0)
    assert hand.play(Seat.EAST, Card.parse("AH"), 0) == (Suit.CLUBS.mask, ALL_CARDS_MASK & ~PENALTY_MASK)
    assert hand.cannot_hold[Seat.EAST] & Suit.CLUBS.mask == Suit.CLUBS.mask
