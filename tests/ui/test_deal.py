"""The deal, shown: the cards go round one at a time from the dealer's left, the others' fans and your hand
fill as the cards land, and a tap on a card that has landed starts your pass at once."""

from __future__ import annotations

import pytest

from hearts.engine import Seat
from hearts.storage import Settings
from hearts.ui.motion import DECK, dealing
from hearts.ui.table_pace import DEAL_TIME

from .driver import FRAME, Driver
from .test_app import start_match

MOMENTS = [index / 200 for index in range(201)]


@pytest.mark.parametrize("dealer", list(Seat))
def test_every_card_is_somewhere_and_each_seat_gets_thirteen(dealer: Seat) -> None:
    before = dealing(dealer, 0.0)
    assert before.deck == DECK and not before.flying and sum(before.held.values()) == 0
    for t in MOMENTS:
        state = dealing(dealer, t)
        assert state.deck + len(state.flying) + sum(state.held.values()) == DECK
        assert len(state.flying) <= 6  # a stream, not a cloud
    done = dealing(dealer, 1.0)
    assert done.deck == 0 and not done.flying and all(count == 13 for count in done.held.values())


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_deal_starts_at_the_dealers_left_and_goes_round(dealer: Seat) -> None:
    first = next(state for t in MOMENTS if (state := dealing(dealer, t)).flying)
    assert first.flying[0].seat is dealer.next
    landed: list[Seat] = []
    held = dict.fromkeys(Seat, 0)
    for t in MOMENTS:
        state = dealing(dealer, t)
        for seat in Seat:
            assert state.held[seat] >= held[seat]  # nothing goes back
            landed += [seat] * (state.held[seat] - held[seat])
        held = state.held
    # Fine enough steps see every landing in turn: left of the dealer, then round the table.
    assert landed[:8] == [dealer.offset(step) for step in (1, 2, 3, 0, 1, 2, 3, 0)]
    assert all(len({*dealing(dealer, t).held.values()}) <= 2 for t in MOMENTS)  # never two cards apart


def test_the_table_shows_the_cards_that_have_landed_and_no_more() -> None:
    driver = Driver((390, 844), settings=Settings(pace="normal"))
    start_match(driver)
    table = driver.table
    seen: list[tuple[int, ...]] = []
    for _ in range(round(2 * DEAL_TIME / FRAME)):
        current = table.motion.current
        if current is None or current.kind != "deal" or current.dealer is None:
            break
        state = dealing(current.dealer, current.t)
        drawn = table.shown_hand().dealt()
        assert drawn is not None and len(drawn) == state.held[Seat.SOUTH]
        shown = [card for card, _ in table.shown_hand().rects()]
        assert shown == [card for card in table.hand_cards() if card in drawn]
        counts = tuple(table.shown_hand().held(seat) for seat in Seat)
        assert counts == tuple(state.held[seat] for seat in Seat)
        seen.append(counts)
        driver.step()
    else:
        raise AssertionError("the deal never ended")
    assert len(seen) >= 20, "the deal is shown, frame by frame"
    assert seen[0] != seen[-1]
    assert all(table.shown_hand().held(seat) == 13 for seat in Seat)
    assert len(table.shown_hand().rects()) == 13


def test_a_tap_on_a_card_that_has_landed_ends_the_deal_and_picks_it_to_pass() -> None:
    driver = Driver((390, 844), settings=Settings(pace="normal"))
    start_match(driver)
    table = driver.table
    while not table.shown_hand().dealt():
        driver.step()
    card = next(iter(table.shown_hand().dealt() or ()))
    driver.click(driver.card_spot(card))
    assert table.motion.current is None or table.motion.current.kind != "deal"
    assert card in table.state.selected


def test_under_reduced_motion_the_cards_are_dealt_at_once() -> None:
    driver = Driver((390, 844), settings=Settings(reduced_motion=True))
    start_match(driver)
    table = driver.table
    assert len(table.shown_hand().rects()) == 13
    assert all(table.shown_hand().held(seat) == 13 for seat in Seat)
