"""A tap plays the card the player aimed at: the one under the finger in the hand as last seen, never
a card that slid into its place when the hand was laid out again (``hearts.ui.hand_sight``)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from hearts.engine import Card, Match, Phase, Play, Rules, Seat
from hearts.storage import MemoryBackend, Store
from hearts.ui.session import Session

from .driver import Driver
from .test_app import QUICK, _one_action, human_plays

SEED = 2
"""A match whose fourth hand (no passing) comes, at 390×844 and playing by the hint, to a trick you
play fourth holding 8♣ 4♦ 5♦ 7♦ 8♦ J♦ 3♠ 6♠ 9♠ J♠ 10♥ J♥, diamonds led: 7♦ or 8♦ takes it."""


def a_trick_you_take_last() -> Driver:
    """The table of ``SEED`` at your turn as the fourth card of a trick you can take, the hand seen."""
    backend = MemoryBackend()
    Store(backend).save_match(Session(Match(Rules(), hands_before=3), SEED, "normal").to_saved())
    driver = Driver((390, 844), backend=backend, settings=replace(QUICK, play_last_card=False))
    for _ in range(60):
        driver.settle()
        view = driver.table.session.view
        if view.phase is Phase.PLAY and view.to_move is Seat.SOUTH and len(view.trick.cards) == 3:
            break
        _one_action(driver)
    driver.see_hand()
    view = driver.table.session.view
    shown = " ".join(str(card) for card in driver.table.hand_cards())
    assert shown == "8♣ 4♦ 5♦ 7♦ 8♦ J♦ 3♠ 6♠ 9♠ J♠ 10♥ J♥", f"seed {SEED} no longer comes to this trick"
    assert {Card.parse("7D"), Card.parse("8D")} <= set(view.legal)
    return driver


def taps_after_taking(driver: Driver, card: Card, second: tuple[int, int]) -> Card | None:
    """Touch ``card`` (it takes the trick, so your lead comes at once), then touch ``second`` (a spot in
    the hand as it lay before) two frames later, as a quick finger does: the card now under ``second``
    (one slid in, checked to differ from what lay there before)."""
    table = driver.table
    aimed = table.shown_hand().card_at(second)
    driver.touch(driver.card_spot(card))
    assert human_plays(driver)[-1] == Play.of(Seat.SOUTH, card)
    assert table.snapshot().turn_to_play and table.motion.is_busy  # your lead, your card still flying
    slid = table.shown_hand().card_at(second)
    assert slid is not None and slid != aimed, "no card slid under the second tap"
    driver.step()  # 67 ms after the first touch, the second
    driver.touch(second)
    return slid


def test_a_quick_tap_on_the_neighbour_of_the_card_that_took_the_trick_leads_that_neighbour() -> None:
    driver = a_trick_you_take_last()
    before = len(human_plays(driver))
    king, neighbour = Card.parse("8D"), Card.parse("JD")  # (K♦ and A♦ as first seen in the browser)
    slid = taps_after_taking(driver, king, driver.card_spot(neighbour))
    assert slid == Card.parse("3S")
    assert human_plays(driver)[before:] == [Play.of(Seat.SOUTH, king), Play.of(Seat.SOUTH, neighbour)]
    driver.settle()
    assert Play.of(Seat.SOUTH, slid) not in human_plays(driver)[before:]


def test_a_quick_tap_beside_the_card_that_took_the_trick_leads_the_card_that_lay_there() -> None:
    driver = a_trick_you_take_last()
    before = len(human_plays(driver))
    winner = Card.parse("7D")
    x, y = driver.card_spot(winner)
    beside = (x + 44, y)
    seen = driver.table.shown_hand().card_at(beside)
    assert seen == Card.parse("8D")
    slid = taps_after_taking(driver, winner, beside)
    assert slid == Card.parse("JD")
    assert human_plays(driver)[before:] == [Play.of(Seat.SOUTH, winner), Play.of(Seat.SOUTH, seen)]


def test_a_double_tap_on_the_card_that_took_the_trick_plays_it_alone() -> None:
    """Two touches on one spot, a frame apart, and a double click within one frame: one card each."""
    for twice in ("touch", "click"):
        driver = a_trick_you_take_last()
        table = driver.table
        before = len(human_plays(driver))
        card = Card.parse("8D")
        spot = driver.card_spot(card)
        if twice == "touch":
            driver.touch(spot)
            assert table.shown_hand().card_at(spot) not in (None, card)  # a card slid under the finger
            driver.touch(spot)
        else:
            press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, touch=False)
            driver.post(press, press)
        assert human_plays(driver)[before:] == [Play.of(Seat.SOUTH, card)], twice
        assert table.snapshot().turn_to_play  # your lead came at once; the second tap did not take it
        assert table.remarks.said is None  # nor did it earn a refusal
        driver.settle()
        assert human_plays(driver)[before:] == [Play.of(Seat.SOUTH, card)], twice
