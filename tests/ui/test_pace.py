"""The table's timing as a player sees it, through real events: a finished trick and its winner stay long
enough to read however the player hurries them; the words and the seat to move change as a card lands,
never as it leaves; and the bots think while the cards move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Card, CardSet, Phase, Play, Seat, Trick
from hearts.storage import Settings
from hearts.ui.motion import Slot
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.session import Session
from hearts.ui.table_pace import HOLD_LEAST, HOLD_TIME
from hearts.words import trick_taken

from .driver import Driver
from .test_app import QUICK, _one_action, human_plays, start_match
from .test_input_timing import says_your_turn

STEP = 1 / 60
READABLE = 0.45
"""About half a second: long enough to read who took the trick, however the player hurries it."""
NORMAL = replace(QUICK, pace="normal")
Events = Callable[[], list[pygame.event.Event]]


def tap(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
    ]


def held(driver: Driver) -> Trick | None:
    """The finished trick the table shows held, its winner ringed, in the frame it draws now."""
    moving = driver.table.frame().moving
    if moving is not None and moving.kind == "hold" and moving.trick == moving.taken:
        return moving.taken
    return None


def play_to_a_trick_end(driver: Driver, wanted: Callable[[Trick], bool] = lambda trick: True) -> Trick:
    """Play on (the hint playing for you) until a finished trick that is ``wanted`` begins to show."""
    for _ in range(40000):
        trick = held(driver)
        if trick is not None and wanted(trick):
            return trick
        if driver.is_waiting_for_player():
            _one_action(driver)
        else:
            driver.step(STEP)
    raise AssertionError("no finished trick came up")


def seconds_held(driver: Driver, trick: Trick, events: Events = list) -> float:
    """How long ``trick`` stays held, complete, its winner ringed and named on the message line, with
    ``events`` sent in each frame."""
    shown = 0.0
    words = trick_taken(trick)
    while held(driver) == trick:
        assert len(trick.plays) == 4 and driver.table.message.startswith(words), driver.table.message
        driver.post(*events(), dt=STEP)
        shown += STEP
        assert shown < 10, "the trick never went"
    return shown


@pytest.mark.parametrize("taps", ["once", "every frame"])
def test_a_tap_on_the_felt_shortens_the_trick_s_end_but_never_hides_its_winner(taps: str) -> None:
    driver = Driver((390, 844), settings=NORMAL)
    start_match(driver)
    trick = play_to_a_trick_end(driver)
    felt = driver.table.layout.trick_area.center
    sent: list[int] = []

    def events() -> list[pygame.event.Event]:
        if taps == "once" and sent:
            return []
        sent.append(1)
        return tap(felt)

    shown = seconds_held(driver, trick, events)
    assert READABLE <= shown <= HOLD_LEAST + 2 * STEP  # shortened from HOLD_TIME, still read
    assert shown < HOLD_TIME


def test_fast_forward_at_a_trick_s_end_leaves_it_its_least_time() -> None:
    driver = Driver((1920, 1080), settings=NORMAL)
    start_match(driver)
    trick = play_to_a_trick_end(driver)
    fast = driver.button_spot("fast")
    shown = seconds_held(driver, trick, lambda: tap(fast) if not driver.table.stage.fast else [])
    assert READABLE <= shown < HOLD_TIME


def test_under_fast_forward_every_trick_shows_its_four_cards_and_winner_for_its_least_time() -> None:
    """Fast-forward on through the bots' turns (at 1920×1080, where the player saw none): each trick that
    ends under it is held complete, its winner named, for ``HOLD_LEAST``."""
    driver = Driver((1920, 1080), settings=NORMAL)
    start_match(driver)
    table = driver.table
    times = []
    for _ in range(40000):
        trick = held(driver)
        if trick is not None and table.stage.fast:
            times.append(seconds_held(driver, trick))
            if len(times) == 5:
                break
        elif driver.is_waiting_for_player():
            _one_action(driver)
            if not isinstance(driver.scene, Dialog) and table.session.bot_to_move is not None:
                driver.click(driver.button_spot("fast"))
                assert table.stage.fast
        else:
            driver.step(STEP)
    assert len(times) == 5
    assert all(READABLE <= shown <= HOLD_LEAST + 2 * STEP for shown in times), times


def test_a_card_tapped_while_the_trick_shows_is_taken_at_once_and_goes_down_after_it() -> None:
    driver = Driver((390, 844), settings=replace(NORMAL, play_last_card=False))
    start_match(driver)
    trick = play_to_a_trick_end(
        driver, lambda trick: trick.winner is Seat.SOUTH and driver.table.session.phase is Phase.PLAY
    )
    table = driver.table
    card = suggest_play(table.session.view)
    before = len(human_plays(driver))
    looking = driver.app.clock
    spot = driver.card_spot(card)  # (once the hand without the card that took the trick has been seen)
    looked = driver.app.clock - looking  # while the trick was held
    tapped = seconds_held(driver, trick, lambda: [] if len(human_plays(driver)) > before else tap(spot))
    assert human_plays(driver)[before:] == [Play.of(Seat.SOUTH, card)]
    assert READABLE <= looked + tapped < HOLD_TIME
    current = table.motion.current
    assert current is not None and current.kind == "play" and card in current.hidden  # now it goes down


def test_who_took_the_trick_stays_on_the_message_line_until_the_next_card_lands() -> None:
    driver = Driver((390, 844), settings=NORMAL)
    start_match(driver)
    trick = play_to_a_trick_end(
        driver, lambda trick: trick.winner is not Seat.SOUTH and driver.table.session.phase is Phase.PLAY
    )
    table = driver.table
    words = trick_taken(trick)
    seconds_held(driver, trick)
    while (leader := table.motion.current) is None or leader.kind != "play":
        assert table.message.startswith(words), table.message  # collected, then the pause
        driver.step(STEP)
    while table.motion.current is leader:
        assert table.message.startswith(words)  # the leader's card is still on its way
        driver.step(STEP)
    assert not table.message.startswith(words)


def test_the_prompt_and_the_turn_mark_wait_for_the_card_to_land() -> None:
    """Frame by frame through a hand: while a card flies, the seat marked to move is the one that played
    it and the message never names your turn (nor while the passed cards cross); both move on in the
    frame it lands."""
    driver = Driver((844, 390), settings=NORMAL)
    start_match(driver)
    table = driver.table
    flights = 0
    for _ in range(40000):
        if isinstance(driver.scene, Dialog) and driver.scene.name == "hand_result":
            break
        current = table.motion.current
        if current is not None and current.kind == "exchange":
            assert not says_your_turn(table.message), table.message  # the 2♣ may be on its way to you
        if current is not None and current.kind == "play" and not isinstance(driver.scene, Dialog):
            (flight,) = current.flights
            assert isinstance(flight.end, Slot)
            assert table.frame().marked is flight.end.seat  # the mark stays with the card in the air
            assert not says_your_turn(table.message), table.message
            flights += 1
        if driver.is_waiting_for_player():
            _one_action(driver)
        else:
            driver.step(STEP)
    assert flights > 52  # every card of the hand, several frames each


def test_the_bots_think_while_the_cards_move() -> None:
    """As your card flies, the bot after you has already decided (Normal decides in one step)."""
    driver = Driver((390, 844), settings=NORMAL)
    start_match(driver)
    table = driver.table
    for _ in range(200):
        driver.settle()
        view = table.session.view
        if view.phase is Phase.PLAY and len(view.trick.cards) < 3 and len(view.hand) > 1:
            break
        _one_action(driver)
    driver.click(driver.card_spot(suggest_play(table.session.view)))
    current = table.motion.current
    assert current is not None and current.kind == "play" and table.session.bot_to_move is not None
    assert table.session.bot_move_ready


def test_no_bot_thinks_in_the_frame_that_first_draws_the_table() -> None:
    """The table's first drawing paints its still part whole, its longest; a bot's first step of thinking
    beside it (Hard weighing its pass) made a frame of 53 ms in WebAssembly at a phone's scale. So the bots
    begin in the frame after, while the deal still runs (Normal chooses its pass in one step)."""
    driver = Driver((390, 844), settings=NORMAL)
    start_match(driver)  # (the table is built in this frame, and first drawn in the next)
    table = driver.table
    assert not table.stage.has_drawn
    assert driver.step()  # drawn: the deal begins
    assert table.stage.has_drawn and table.motion.is_busy
    assert table.session.bot_to_move is not None and not table.session.bot_move_ready
    driver.step()
    assert table.motion.is_busy and table.session.bot_move_ready


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_thinking_ahead_choose_what_they_would_have_chosen(level: str) -> None:
    """The bots after the one to move think on the views its move will leave them; they choose exactly
    the moves a session thinking only for the bot to move chooses."""
    ahead, plain = (Session.new(Settings().table, level, seed=11) for _ in range(2))
    for session in (ahead, plain):
        session.deal()
        while session.phase is Phase.PASS:
            if session.bot_to_move is None:
                session.pass_cards(CardSet(suggest_pass(session.view)))
            else:
                while session.think(0.01) is None:
                    pass
                session.apply_bot_move()
    thought_ahead = 0
    while len(ahead.view.tricks) < 3 and ahead.phase is Phase.PLAY:
        if ahead.bot_to_move is None:
            card = suggest_play(ahead.view)
            ahead.play(card)
            plain.play(card)
            continue
        while ahead.think_on():
            pass  # the bot to move, then each bot after it up to your turn
        thought_ahead += ahead.bots_thinking_ahead
        while plain.think(0.01) is None:
            pass
        ahead.apply_bot_move()
        plain.apply_bot_move()
        assert ahead.match.moves == plain.match.moves
    assert thought_ahead > 0


def play_on_until(driver: Driver, done: Callable[[], bool], what: str) -> None:
    """Play on (the hint's choices for you, the time passing for the bots) until ``done`` holds."""
    for _ in range(40000):
        if done():
            return
        if driver.is_waiting_for_player():
            _one_action(driver)
        else:
            driver.step(STEP)
    raise AssertionError(f"never {what}")


def test_fast_forward_switched_on_for_a_trick_you_win_ends_at_your_lead() -> None:
    """Fast-forward covers the moves up to your next turn. Switched on as you play the card that takes
    the trick, your lead comes next at once: it ends there, so the next F switches it on, not off (a
    player found it still lit while leading)."""
    driver = Driver((1280, 720), settings=NORMAL)
    start_match(driver)
    table = driver.table

    def winners() -> list[Card]:
        """Your cards that take the trick, when you are the last to play to it."""
        view = table.session.view
        last_to_play = table.snapshot().turn_to_play and len(view.trick.cards) == 3
        if not (driver.is_waiting_for_player() and last_to_play):
            return []
        led, best = view.trick.cards[0].suit, view.trick.winning_card
        assert best is not None
        return [card for card in view.legal if card.suit is led and card.rank > best.rank]

    play_on_until(driver, lambda: bool(winners()), "last to play with a card that takes the trick")
    taking = winners()
    driver.key(pygame.K_f)
    assert table.stage.fast
    driver.click(driver.card_spot(taking[0]))
    assert human_plays(driver)[-1] == Play.of(Seat.SOUTH, taking[0])
    driver.settle()
    assert table.snapshot().turn_to_play and not table.session.view.trick.cards  # your lead
    assert not table.stage.fast
    driver.key(pygame.K_f)
    assert table.stage.fast


def test_fast_forward_pressed_as_your_turn_comes_stays_on_until_your_next_turn() -> None:
    """Pressed while the cards before your turn are still landing (the match is already at your turn),
    fast-forward is switched on in that turn: it stays on through it, and ends at your next turn (it was
    switched off again as the cards landed: a player saw the press undone)."""
    driver = Driver((1280, 720), settings=NORMAL)
    start_match(driver)
    table = driver.table
    play_on_until(
        driver,
        lambda: table.session.is_human_turn and table.stage.is_busy and table.session.phase is Phase.PLAY,
        "at your turn while cards still moved",
    )
    driver.key(pygame.K_f)
    assert table.stage.fast
    driver.settle()
    assert table.snapshot().turn_to_play and table.stage.fast, "the press was undone as the cards landed"
    _one_action(driver)  # your card; the bots' cards to your next turn come at fast-forward
    driver.settle()
    assert table.session.is_human_turn and not table.stage.fast
