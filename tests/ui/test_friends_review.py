"""A friend's review of a hand, from their own side of the table: built on their page from what it saw
(its own deal and pass, the cards passed to it, the tricks), never from the host's match, which the test
holds only to check it against; opened from the hand's result and from the friend's menu, with the
coach judging the friend's own decisions alone."""

from __future__ import annotations

import pygame

from hearts.engine import CardSet, Pass, Play, Seat, TrickTaken
from hearts.engine.cards import EMPTY
from hearts.friends.turned import Turned
from hearts.review import HandReplay, replay_hand
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.review import UNSEEN_PASSES, ReviewScene
from hearts.ui.scenes.table import TableScene

from .test_friends_seat import SEAT, SEED, SeatDriver, seat_table
from .test_review import choose

TURNED = Turned(SEAT)


def play_the_first_hand(driver: SeatDriver) -> None:
    """The friend's seat plays hand 1 by taps, to its result."""
    for _ in range(400):
        driver.settle()
        if isinstance(driver.scene, Dialog):
            break
        driver.move_by_taps()
        for _ in range(3):
            driver.step()
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "seat_result", f"seed {SEED}"


def test_a_friend_reviews_the_hand_from_its_result_and_from_the_menu() -> None:
    table, driver, _ = seat_table()
    play_the_first_hand(driver)
    choose(driver, "review")  # "Review this hand", on the friend's hand result
    review = driver.scene
    assert isinstance(review, ReviewScene) and review.title == "Hand 1 review"
    real = replay_hand(table.host.match, 1)
    # Every trick as the host's engine took it, and every hand before it, seen from your side.
    assert len(review.replay.tricks) == 13
    for shown, trick in zip(review.replay.tricks, real.tricks, strict=True):
        taken = TURNED.event(TrickTaken(trick.number, trick.trick))
        assert isinstance(taken, TrickTaken) and shown.trick == taken.trick
        assert shown.held == TURNED.by_seat(trick.held)
    driver.key(pygame.K_HOME)
    assert UNSEEN_PASSES in review.step_words()
    for step in range(1, 14):
        driver.click(driver.button_spot("next"))
        assert review.step == step
        shown = real.tricks[step - 1]
        rows = {row.seat: row for row in review.frame().rows}
        for seat in Seat:
            row = rows[TURNED.seat_here(seat)]
            assert row.cards == tuple(shown.held[seat]) and row.raised == {shown.card_of(seat)}
    assert not any(button.key in ("play", "try") for button in review.buttons)  # no practice here
    # Back to the result it came from, then to the table; the menu has the last hand's review too.
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "seat_result"
    choose(driver, "resume")
    assert isinstance(driver.scene, TableScene)
    driver.key(pygame.K_ESCAPE)
    driver.step()
    menu = driver.scene
    assert isinstance(menu, Dialog) and menu.name == "friends_menu"
    assert "invite" not in [button.key for button in menu.buttons]  # (still a friend's menu)
    choose(driver, "review")
    again = driver.scene
    assert isinstance(again, ReviewScene) and again.replay == review.replay
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TableScene)


def known_cards(replay: HandReplay, seat: Seat) -> CardSet:
    """Every card the replay holds for ``seat``: its deal, its hands before the tricks, its pass."""
    cards = replay.dealt[seat] or EMPTY
    for trick in replay.tricks:
        cards |= trick.held[seat]
    if replay.exchange is not None:
        cards |= replay.exchange.cards[seat]
    return cards


def test_the_friends_replay_holds_no_hidden_card_and_the_coach_judges_only_their_seat() -> None:
    table, driver, _ = seat_table()
    host = table.host
    play_the_first_hand(driver)
    session = driver.table.session
    replay = session.last_replay
    assert replay is not None and replay.seen_by is Seat.SOUTH
    real = replay_hand(host.match, 1)
    giver = real.direction.giver(SEAT)
    assert replay.dealt[Seat.SOUTH] == real.dealt[SEAT]
    for seat in Seat:
        here = TURNED.seat_here(seat)
        known = seat in (SEAT, giver)
        assert replay.passed[here] == (real.passed[seat] if known else None)
        if seat is SEAT:
            continue
        assert replay.dealt[here] is None
        # Of another seat, only the cards it played, and the three it passed to you.
        assert replay.exchange is not None
        assert replay.exchange.cards[here] == (real.passed[seat] if seat is giver else EMPTY)
        played = real.tricks[0].held[seat]
        assert known_cards(replay, here) == (played | real.passed[seat] if seat is giver else played)
        if seat is not giver:  # what it passed to another: never shown to you, nor held as its here
            hidden = real.passed[seat]
            assert hidden is not None and len(hidden) == 3 and not known_cards(replay, here) & hidden
    # The coach was told of your pass and your thirteen cards, each with the view you had then (the
    # host's engine's view of your seat, turned), and of nothing else: its verdicts are worked out from
    # those alone (tests/coach; running it whole here would take seconds).
    coaching = session.coaching
    match, expected = host.match.at_start(), []
    for move in host.match.moves:
        if isinstance(move, Pass | Play) and move.seat is SEAT:
            mine = Pass(Seat.SOUTH, move.cards) if isinstance(move, Pass) else Play.of(Seat.SOUTH, move.card)
            expected.append((TURNED.view(match.view_for(SEAT)), mine))
        match.apply(move)
    made = [(moment.view, moment.move) for moment in coaching.decisions_made(1)]
    assert len(made) == 14 and made == expected
