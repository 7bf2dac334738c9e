"""The table's small parts: easing and tweens, the intent table, the session's bots."""

from __future__ import annotations

import pygame
import pytest

from hearts.engine import Phase, Play, Rules, Seat
from hearts.engine.record import dumps, loads
from hearts.ui import tween
from hearts.ui.intents import Back, Confirm, Hint, Jump, LastTrick, Step, Tap, intent_of
from hearts.ui.session import HUMAN, Session


@pytest.mark.parametrize(
    "easing",
    [
        tween.linear,
        tween.ease_out_cubic,
        tween.ease_in_out_cubic,
        tween.ease_out_back,
        tween.ease_in_out_sine,
    ],
)
def test_easings_start_at_zero_and_end_at_one(easing: tween.Easing) -> None:
    assert easing(0.0) == pytest.approx(0.0)
    assert easing(1.0) == pytest.approx(1.0)


def test_a_tween_moves_only_when_advanced_and_honours_its_delay() -> None:
    moving = tween.Tween(1.0, delay=0.5, easing=tween.linear)
    assert moving.value == 0.0 and not moving.has_started
    moving.advance(0.75)
    assert moving.value == pytest.approx(0.25) and not moving.is_done
    moving.advance(0.75)
    assert moving.value == 1.0 and moving.is_done
    instant = tween.Tween(0.0)
    assert instant.is_done and instant.value == 1.0


def test_a_touch_is_one_tap_not_two() -> None:
    size = (400, 800)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=0, touch_id=1)
    made_up_mouse = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=1, touch=True)
    assert intent_of(finger, size) == Tap((200, 200))
    assert intent_of(made_up_mouse, size) is None
    mouse = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1, touch=False)
    assert intent_of(mouse, size) == Tap((10, 20))
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=3, touch=False)
    assert intent_of(right, size) is None


@pytest.mark.parametrize(
    ("key", "intent"),
    [
        (pygame.K_LEFT, Step(-1)),
        (pygame.K_UP, Step(-1, vertical=True)),
        (pygame.K_RIGHT, Step(1)),
        (pygame.K_DOWN, Step(1, vertical=True)),
        (pygame.K_HOME, Jump(False)),
        (pygame.K_END, Jump(True)),
        (pygame.K_RETURN, Confirm()),
        (pygame.K_SPACE, Confirm()),
        (pygame.K_ESCAPE, Back()),
        (pygame.K_h, Hint()),
        (pygame.K_l, LastTrick()),
        (pygame.K_q, None),
    ],
)
def test_keys(key: int, intent: object) -> None:
    assert intent_of(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0), (100, 100)) == intent


def play_bots_until_human(session: Session) -> None:
    """Deal and let the bots move (passes included) until only the human is awaited."""
    while session.needs_deal or session.bot_to_move is not None:
        if session.needs_deal:
            session.deal()
            continue
        while session.think(0.01) is None:
            pass
        session.apply_bot_move()


def test_a_reloaded_session_gets_the_same_bot_moves() -> None:
    """The bots are seeded from the match, so a reload plays on exactly as before."""
    first = Session.new(Rules(), "normal", seed=99)
    play_bots_until_human(first)
    view = first.view
    if view.phase is Phase.PASS:
        from hearts.bots.hints import suggest_pass

        first.pass_cards(suggest_pass(view))
    text = dumps(first.match, seed=first.seed)
    match, seed = loads(text)
    second = Session(match, seed or 0, "normal")
    for _ in range(6):
        play_bots_until_human(first)
        play_bots_until_human(second)
        assert first.match.moves == second.match.moves
        from hearts.bots.hints import suggest_play

        card = suggest_play(first.view)
        first.play(card)
        second.play(card)


def test_the_session_refuses_a_bot_move_that_is_not_ready() -> None:
    session = Session.new(Rules(), "easy", seed=3)
    with pytest.raises(RuntimeError):
        session.apply_bot_move()
    session.deal()
    play_bots_until_human(session)
    assert session.bot_to_move is None and HUMAN in session.match.awaiting
    assert all(not isinstance(move, Play) or move.seat is not Seat.SOUTH for move in session.match.moves)


def test_a_browser_mouse_echo_of_a_touch_is_ignored_but_a_later_click_counts() -> None:
    from hearts.ui.intents import IntentReader

    reader = IntentReader()
    size = (400, 800)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=0, touch_id=1)
    echo = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(201, 399), button=1)  # no touch mark
    assert reader.read(finger, size, 10.0) == Tap((200, 400))
    assert reader.read(echo, size, 10.1) is None
    assert reader.read(echo, size, 11.0) == Tap((201, 399))  # long after: a real click
    elsewhere = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 30), button=1)
    assert reader.read(finger, size, 12.0) == Tap((200, 400))
    assert reader.read(elsewhere, size, 12.1) == Tap((20, 30))
