"""Match flow (SPEC §2): the pass cycle, the dealer, scoring, the moon, the jack, the target and ties."""

from __future__ import annotations

import pytest

from hearts.deals import deal_for
from hearts.engine import (
    Card,
    CardSet,
    CardsPassed,
    Deal,
    HandScored,
    HandStarted,
    IllegalMove,
    Match,
    MatchOver,
    MoonChoice,
    MoonChoiceNeeded,
    Pass,
    PassChosen,
    PassDirection,
    Phase,
    Play,
    Rules,
    Seat,
    Suit,
    Trick,
    dealer_for,
)
from hearts.engine.rules import Moon, Ties

from .scenarios import of_type, play, play_out, start

ALL_CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
"""South holds every club, so South wins every trick: a moon whatever the others do."""

# North takes the first trick (2♣ A♣ J♦ 4♣) with the J♦; South takes the other twelve.
NORTH_TAKES_THE_JACK = {
    "south": "4C 5C 6C 7C 8C 9C TC JC QC KC AS KS QS",
    "west": "2C 2D 3D 4D 5D 6D 2S 3S 4S 2H 3H 4H 5H",
    "north": "AC 3C 7D 8D 9D 5S 6S 7S 6H 7H 8H 9H TH",
}


def hand_scored(events: list) -> HandScored:
    (scored,) = of_type(events, HandScored)
    return scored


# Passing --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand_number", "direction"),
    [
        (1, PassDirection.LEFT),
        (2, PassDirection.RIGHT),
        (3, PassDirection.ACROSS),
        (4, PassDirection.NONE),
        (5, PassDirection.LEFT),
        (8, PassDirection.NONE),
        (13, PassDirection.LEFT),
    ],
)
def test_pass_cycle(hand_number: int, direction: PassDirection) -> None:
    assert PassDirection.for_hand(hand_number) is direction
    match = Match(hands_before=hand_number - 1)
    events = match.apply(deal_for(5, hand_number))
    assert events == [HandStarted(hand_number, dealer_for(hand_number), direction)]
    assert match.phase is (Phase.PLAY if direction is PassDirection.NONE else Phase.PASS)


@pytest.mark.parametrize("direction", list(PassDirection))
@pytest.mark.parametrize("dealer", list(Seat))
def test_pass_direction_and_dealer_are_parameters_of_the_match(
    direction: PassDirection, dealer: Seat
) -> None:
    match = Match(pass_cycle=(direction,), first_dealer=dealer)
    before = match.view_for(Seat.SOUTH)
    assert (before.pass_direction, before.dealer) == (direction, dealer)
    events = match.apply(deal_for(5, 1, dealer))
    assert events == [HandStarted(1, dealer, direction)]
    assert match.phase is (Phase.PLAY if direction is PassDirection.NONE else Phase.PASS)
    assert match.view_for(Seat.NORTH).pass_direction is direction
    # The cycle of one step repeats; the dealer still moves one seat left a hand.
    assert [match.pass_direction_of(number) for number in (2, 7)] == [direction, direction]
    assert [match.dealer_of(number) for number in (2, 3)] == [dealer.next, dealer.next.next]


def test_a_cycle_of_the_callers_counts_from_hand_one() -> None:
    cycle = (PassDirection.ACROSS, PassDirection.NONE, PassDirection.RIGHT)
    match = Match(hands_before=4, pass_cycle=cycle, first_dealer=Seat.NORTH)
    assert match.view_for(Seat.SOUTH).pass_direction is PassDirection.NONE  # hand 5
    assert match.apply(deal_for(3, 5)) == [HandStarted(5, Seat.NORTH.offset(4), PassDirection.NONE)]
    assert [match.pass_direction_of(number) for number in range(1, 7)] == [*cycle, *cycle]


def test_the_default_start_is_the_standard_cycle_and_dealer() -> None:
    match = Match()
    assert [match.pass_direction_of(number) for number in range(1, 9)] == [
        PassDirection.for_hand(number) for number in range(1, 9)
    ]
    assert [match.dealer_of(number) for number in range(1, 9)] == [dealer_for(n) for n in range(1, 9)]


@pytest.mark.parametrize(
    "start",
    [
        {"pass_cycle": ()},
        {"pass_cycle": (1, 2)},
        {"pass_cycle": "left"},
        {"pass_cycle": (PassDirection.LEFT,) * 65},
        {"first_dealer": 2},
        {"first_dealer": "N"},
    ],
)
def test_a_bad_start_is_refused(start: dict) -> None:
    with pytest.raises(ValueError, match="pass_cycle|first_dealer"):
        Match(**start)


def test_left_means_west_right_means_east() -> None:
    assert Seat.SOUTH.offset(PassDirection.LEFT) is Seat.WEST
    assert Seat.SOUTH.offset(PassDirection.RIGHT) is Seat.EAST
    assert Seat.SOUTH.offset(PassDirection.ACROSS) is Seat.NORTH
    assert Seat.WEST.offset(PassDirection.LEFT) is Seat.NORTH


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
@pytest.mark.parametrize("hand_number", [1, 2, 3])
def test_passing_is_simultaneous_and_exchanges_once_all_four_chose(
    order: tuple[int, ...], hand_number: int
) -> None:
    match = Match(hands_before=hand_number - 1)
    deal = deal_for(9, hand_number)
    match.apply(deal)
    direction = PassDirection.for_hand(hand_number)
    chosen = {seat: CardSet(list(deal.hands[seat])[-3:]) for seat in Seat}
    for step, index in enumerate(order):
        seat = Seat(index)
        events = match.apply(Pass(seat, chosen[seat]))
        assert events[0] == PassChosen(seat)
        if step < 3:
            assert len(events) == 1
            assert match.phase is Phase.PASS
            for other in Seat:  # nobody sees anything move before the exchange
                view = match.view_for(other)
                assert view.hand == deal.hands[other] and view.received is None
            assert match.view_for(seat).passed == chosen[seat]
            assert match.view_for(seat).has_passed[seat]
    (exchange,) = of_type(events, CardsPassed)
    assert exchange.direction is direction
    for seat in Seat:
        giver = seat.offset(-direction)
        view = match.view_for(seat)
        assert view.received == chosen[giver] == exchange.received_by(seat)
        assert view.hand == deal.hands[seat] - chosen[seat] | chosen[giver]
        assert view.passed == chosen[seat]
    assert match.phase is Phase.PLAY
    assert match.to_move is next(s for s in Seat if "2C" in match.view_for(s).hand.notation)


def test_pass_mistakes_are_refused_with_reasons() -> None:
    match = Match()
    deal = deal_for(2, 1)
    match.apply(deal)
    south = list(deal.hands[Seat.SOUTH])
    west = list(deal.hands[Seat.WEST])

    def reason(move: object) -> str:
        with pytest.raises(IllegalMove) as caught:
            match.apply(move)  # type: ignore[arg-type]
        return str(caught.value)

    assert reason(Pass(Seat.SOUTH, CardSet(south[:2]))) == "Choose exactly three cards to pass"
    assert reason(Pass(Seat.SOUTH, CardSet(south[:4]))) == "Choose exactly three cards to pass"
    assert reason(Pass(Seat.SOUTH, CardSet([*south[:2], west[0]]))) == "Pass cards from your own hand"
    assert reason(Play.of(Seat.SOUTH, south[0])) == "Choose three cards to pass first"
    match.apply(Pass(Seat.SOUTH, CardSet(south[:3])))
    assert reason(Pass(Seat.SOUTH, CardSet(south[3:6]))) == "You have passed already"
    assert reason(Play.of(Seat.SOUTH, south[5])) == "Wait for the others to pass"
    assert reason(deal_for(2, 2)) == "The cards are already dealt"
    assert match.view_for(Seat.SOUTH).hand == deal.hands[Seat.SOUTH]


def test_no_passing_hand_starts_play_at_once() -> None:
    match = Match(hands_before=3)
    deal = deal_for(4, 4)
    match.apply(deal)
    assert match.phase is Phase.PLAY
    with pytest.raises(IllegalMove, match="No passing this hand"):
        match.apply(Pass(Seat.SOUTH, CardSet(list(deal.hands[Seat.SOUTH])[:3])))


def test_play_needs_a_deal_first() -> None:
    match = Match()
    assert match.phase is Phase.DEAL and match.awaiting == ()
    with pytest.raises(IllegalMove, match="not been dealt"):
        match.apply(Play.of(Seat.SOUTH, deal_for(1, 1).hands[0].mask.bit_length() - 1))


def test_the_dealer_moves_one_seat_left_each_hand() -> None:
    assert [dealer_for(n) for n in range(1, 6)] == [
        Seat.EAST,
        Seat.SOUTH,
        Seat.WEST,
        Seat.NORTH,
        Seat.EAST,
    ]
    assert all(dealer_for(n).next is dealer_for(n + 1) for n in range(1, 20))


def test_a_deal_holds_every_card_once() -> None:
    hands = deal_for(3, 1).hands
    with pytest.raises(ValueError):
        Deal((hands[0], hands[0], hands[2], hands[3]))
    with pytest.raises(ValueError):
        Deal(hands[:3])


# Scoring --------------------------------------------------------------------------------------


def test_worked_check_five_hearts_and_the_queen_make_eighteen() -> None:
    assert CardSet.parse("2H 5H 9H JH AH QS").points == 18


def test_a_plain_hand_scores_the_points_taken() -> None:
    match = start(**NORTH_TAKES_THE_JACK, rules=Rules(points_on_first_trick=True))
    scored = hand_scored(play_out(match, prefer=["AC", "AH", "3C", "KC"]))
    # North's first trick holds the A♥; South takes the other twelve hearts and the Q♠: 25 is no moon.
    assert scored.points == (25, 0, 1, 0)
    assert scored.scores == (25, 0, 1, 0)
    assert scored.moon_shooter is None
    assert match.totals == (25, 0, 1, 0)


@pytest.mark.parametrize(
    ("moon", "scores"),
    [
        (Moon.ADD_TO_OTHERS, (0, 26, 26, 26)),
        (Moon.SUBTRACT_FROM_SHOOTER, (-26, 0, 0, 0)),
    ],
)
def test_shooting_the_moon(moon: Moon, scores: tuple[int, ...]) -> None:
    match = start(Rules(moon=moon), south=ALL_CLUBS)
    scored = hand_scored(play_out(match))
    assert scored.points == (26, 0, 0, 0)
    assert scored.scores == scores
    assert scored.moon_shooter is Seat.SOUTH and scored.moon is moon
    assert match.totals == scores


@pytest.mark.parametrize(
    ("moon", "scores"),
    [
        (Moon.ADD_TO_OTHERS, (-10, 26, 26, 26)),
        (Moon.SUBTRACT_FROM_SHOOTER, (-36, 0, 0, 0)),
    ],
)
def test_the_moon_with_the_jack_taken_by_the_shooter(moon: Moon, scores: tuple[int, ...]) -> None:
    match = start(Rules(moon=moon, jack_of_diamonds=True), south=ALL_CLUBS)
    scored = hand_scored(play_out(match))
    assert scored.scores == scores
    assert scored.jack_taker is Seat.SOUTH


@pytest.mark.parametrize(
    ("moon", "scores"),
    [
        (Moon.ADD_TO_OTHERS, (0, 26, 16, 26)),
        (Moon.SUBTRACT_FROM_SHOOTER, (-26, 0, -10, 0)),
    ],
)
def test_the_moon_without_the_jack(moon: Moon, scores: tuple[int, ...]) -> None:
    """The jack is not needed for a moon, and it still counts for whoever took it."""
    match = start(Rules(moon=moon, jack_of_diamonds=True), **NORTH_TAKES_THE_JACK)
    scored = hand_scored(play_out(match, prefer=["AC", "JD", "3C", "KC"]))
    assert scored.points == (26, 0, 0, 0)
    assert scored.moon_shooter is Seat.SOUTH and scored.jack_taker is Seat.NORTH
    assert scored.scores == scores


def test_the_jack_of_diamonds_scores_minus_ten_in_a_plain_hand() -> None:
    match = start(Rules(jack_of_diamonds=True, points_on_first_trick=True), **NORTH_TAKES_THE_JACK)
    scored = hand_scored(play_out(match, prefer=["AC", "JD", "3C", "KC"]))
    assert scored.points == (26, 0, 0, 0)  # a moon again: the jack trick held no heart
    match = start(Rules(jack_of_diamonds=True, points_on_first_trick=True), **NORTH_TAKES_THE_JACK)
    events = play_out(match, prefer=["AC", "AH", "3C", "KC"])  # now the A♥ goes to North, J♦ later
    scored = hand_scored(events)
    assert scored.points == (25, 0, 1, 0)
    assert scored.jack_taker is Seat.SOUTH
    assert scored.scores == (15, 0, 1, 0)


def test_the_jack_means_nothing_when_the_option_is_off() -> None:
    match = start(**NORTH_TAKES_THE_JACK)
    scored = hand_scored(play_out(match, prefer=["AC", "JD", "3C", "KC"]))
    assert scored.jack_taker is None and scored.scores == (0, 26, 26, 26)


def test_shooter_chooses_waits_for_the_choice() -> None:
    match = start(Rules(moon=Moon.SHOOTER_CHOOSES), south=ALL_CLUBS, totals=(10, 20, 30, 40))
    events = play_out(match)
    assert of_type(events, MoonChoiceNeeded) == [MoonChoiceNeeded(Seat.SOUTH)]
    assert not of_type(events, HandScored)
    assert match.phase is Phase.MOON and match.to_move is Seat.SOUTH
    assert match.view_for(Seat.WEST).moon_shooter is Seat.SOUTH
    assert set(match.legal_moves()) == {
        MoonChoice(Seat.SOUTH, Moon.ADD_TO_OTHERS),
        MoonChoice(Seat.SOUTH, Moon.SUBTRACT_FROM_SHOOTER),
    }
    with pytest.raises(IllegalMove, match="Only the player who shot the moon chooses"):
        match.apply(MoonChoice(Seat.WEST, Moon.SUBTRACT_FROM_SHOOTER))
    with pytest.raises(IllegalMove, match="Choose to add 26"):
        match.apply(MoonChoice(Seat.SOUTH, Moon.SHOOTER_CHOOSES))
    with pytest.raises(IllegalMove, match="must be chosen first"):
        match.apply(deal_for(1, 5))
    scored = hand_scored(match.apply(MoonChoice(Seat.SOUTH, Moon.SUBTRACT_FROM_SHOOTER)))
    assert scored.moon is Moon.SUBTRACT_FROM_SHOOTER and scored.scores == (-26, 0, 0, 0)
    assert match.totals == (-16, 20, 30, 40)
    assert match.phase is Phase.DEAL


def test_shooter_choosing_add_scores_like_the_default() -> None:
    match = start(Rules(moon=Moon.SHOOTER_CHOOSES), south=ALL_CLUBS)
    play_out(match)
    scored = hand_scored(match.apply(MoonChoice(Seat.SOUTH, Moon.ADD_TO_OTHERS)))
    assert scored.scores == (0, 26, 26, 26)


# The end of the match -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "ties", "winners"),
    [
        # SPEC's worked checks (the moon adds 26 to West, North and East):
        ((100, 14, 14, 64), Ties.PLAY_ON, ()),  # 100/40/40/90: tied lowest, play on
        ((100, 14, 14, 64), Ties.SHARED_WIN, (Seat.WEST, Seat.NORTH)),
        ((104, 34, 49, 62), Ties.PLAY_ON, (Seat.WEST,)),  # 104/60/75/88: the 60 wins
        ((104, 34, 49, 62), Ties.SHARED_WIN, (Seat.WEST,)),
        # A tie for lowest at and above the target: 110/110/120/130.
        ((110, 84, 94, 104), Ties.PLAY_ON, ()),
        ((110, 84, 94, 104), Ties.SHARED_WIN, (Seat.SOUTH, Seat.WEST)),
        # Nobody at the target yet: ties do not matter.
        ((40, 14, 14, 20), Ties.SHARED_WIN, ()),
        # Exactly at the target ends it: 0/100/60/70.
        ((0, 74, 34, 44), Ties.PLAY_ON, (Seat.SOUTH,)),
    ],
)
def test_match_end(before: tuple[int, int, int, int], ties: Ties, winners: tuple[Seat, ...]) -> None:
    match = start(Rules(ties=ties), south=ALL_CLUBS, totals=before)
    events = play_out(match)
    assert match.winners == winners
    assert match.is_over == bool(winners)
    if winners:
        assert of_type(events, MatchOver) == [MatchOver(winners, match.totals)]
        assert match.phase is Phase.OVER and match.legal_moves() == []
        with pytest.raises(IllegalMove, match="The match is over"):
            match.apply(deal_for(1, 5))
    else:
        assert not of_type(events, MatchOver)
        assert match.phase is Phase.DEAL
        match.apply(deal_for(1, match.hand_number + 1))  # play another hand
        assert match.phase is Phase.PASS


def test_a_tied_match_goes_on_until_the_lowest_is_unique() -> None:
    match = start(south=ALL_CLUBS, totals=(100, 14, 14, 64))
    play_out(match)
    assert match.totals == (100, 40, 40, 90) and not match.is_over
    match.apply(make_hand_five_deal := deal_for(8, 5))
    assert make_hand_five_deal.hands  # the next hand passes left, then plays
    for seat in Seat:
        match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[:3])))
    play_out(match)
    lowest = min(match.totals)
    if list(match.totals).count(lowest) == 1:
        assert match.winners == (Seat(match.totals.index(lowest)),)
    else:
        assert not match.is_over


def test_target_fifty_ends_sooner() -> None:
    match = start(Rules(target=50), south=ALL_CLUBS, totals=(0, 24, 30, 40))
    play_out(match)
    assert match.winners == (Seat.SOUTH,)


def test_subtract_rule_totals() -> None:
    match = start(Rules(moon=Moon.SUBTRACT_FROM_SHOOTER), south=ALL_CLUBS, totals=(10, 20, 30, 99))
    play_out(match)
    assert match.totals == (-16, 20, 30, 99)
    assert not match.is_over


def test_the_moon_threat_is_the_seat_with_every_point_so_far() -> None:
    match = start(south=ALL_CLUBS)
    view = match.view_for(Seat.WEST)
    assert view.moon_threat is None  # no points yet
    while sum(match.view_for(Seat.WEST).points) == 0:
        seat = match.to_move
        assert seat is not None
        legal = match.legal_plays()
        hearts = [card for card in legal if card.points]
        match.apply(Play.of(seat, hearts[0] if hearts else next(iter(legal))))
    assert match.view_for(Seat.WEST).moon_threat is Seat.SOUTH  # South takes every trick
    assert match.view_for(Seat.SOUTH).moon_threat is Seat.SOUTH


def test_which_cards_a_seat_may_pass_without_listing_the_choices() -> None:
    match = Match()
    assert not match.legal_pass_cards(Seat.SOUTH)  # nothing dealt yet
    deal = deal_for(6, 1)
    match.apply(deal)
    assert [match.legal_pass_cards(seat) for seat in Seat] == list(deal.hands)
    assert match.to_move is None and match.awaiting == tuple(Seat)  # all four pass at once
    three = CardSet(list(deal.hands[Seat.NORTH])[::5])
    match.apply(Pass(Seat.NORTH, three))
    assert not match.legal_pass_cards(Seat.NORTH)
    assert match.awaiting == (Seat.SOUTH, Seat.WEST, Seat.EAST)
    for seat in match.awaiting:
        match.apply(Pass(seat, CardSet(list(match.legal_pass_cards(seat))[:3])))
    assert match.phase is Phase.PLAY and not any(match.legal_pass_cards(seat) for seat in Seat)


def test_a_snapshot_holds_the_whole_state_with_the_jack_in_the_scores() -> None:
    match = start(Rules(jack_of_diamonds=True), **NORTH_TAKES_THE_JACK)
    play(match, "2C", "AC")
    snapshot = match.snapshot()
    assert snapshot is match.snapshot()
    assert snapshot.led_suit is Suit.CLUBS and snapshot.trick.cards == (Card.parse("2C"), Card.parse("AC"))
    assert snapshot.to_move is Seat.EAST and snapshot.legal == match.legal_plays()
    assert snapshot.hands[Seat.WEST] == CardSet.parse(NORTH_TAKES_THE_JACK["west"]) - CardSet.parse("2C")
    with pytest.raises(AttributeError):
        snapshot.to_move = Seat.EAST  # type: ignore[misc]
    play(match, "JD", "4C")  # North takes the J♦: no points, yet it scores −10
    after = match.snapshot()
    assert after is not snapshot and after.led_suit is None
    assert after.points == (0, 0, 0, 0) and after.scores == match.scores() == (0, 0, -10, 0)
    assert after.taken[Seat.NORTH] == CardSet.parse("2C AC JD 4C")
    play_out(match)
    (scored,) = match.results
    assert match.snapshot().scores == scored.scores and match.snapshot().points == scored.points


def test_a_trick_says_who_is_taking_it() -> None:
    """West leads the 5♥, North tops it, East and South throw other suits: North takes it, with 15."""
    trick = Trick(Seat.WEST, tuple(Card.parse(text) for text in ("5H", "KH", "AS")))
    assert trick.winning_card == Card.parse("KH") and trick.winning_seat is Seat.NORTH
    empty = Trick(Seat.WEST, ())
    assert empty.winning_card is None and empty.winning_seat is None
    done = Trick(Seat.WEST, (*trick.cards, Card.parse("QS"))).completed()
    assert (done.winner, done.points, done.cards) == (Seat.NORTH, 15, (*trick.cards, Card.parse("QS")))
    with pytest.raises(ValueError, match="4 cards, not 3"):
        trick.completed()
