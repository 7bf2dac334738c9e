"""The whole app, driven by real events: matches by touch, mouse and keyboard; resizes; reloads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Phase, Play, Rules, Seat
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene

from .driver import Driver

GAME = Path(__file__).resolve().parents[2] / "game"

QUICK = Settings(pace="quick", table=Rules(target=50), finish_when_settled=False)
"""A short match at a quick pace, every card yours to play (the rest of a settled hand, which plays
itself by default, has its own tests: tests/ui/test_settled.py)."""


def start_match(driver: Driver) -> None:
    assert isinstance(driver.scene, MenuScene)
    driver.click(driver.button_spot("new"))
    assert isinstance(driver.scene, TableScene)


def human_plays(driver: Driver) -> list[Play]:
    return [
        move
        for move in driver.table.session.match.moves
        if isinstance(move, Play) and move.seat is Seat.SOUTH
    ]


def test_a_whole_match_by_touch_in_portrait() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    played = driver.play_match_by_taps(driver.touch)
    match = driver.table.session.match
    assert match.is_over and match.winners
    assert len(human_plays(driver)) == 13 * len(match.results)
    assert played == 12 * len(match.results)  # the last card of each hand played itself
    stats = Store(driver.backend).load_stats()
    assert stats.matches_played == 1 and stats.hands_played == len(match.results)


def test_a_whole_match_by_mouse_in_landscape_with_tap_then_confirm() -> None:
    driver = Driver((1280, 720), settings=replace(QUICK, confirm_taps=True))
    start_match(driver)
    played = driver.play_match_by_taps(driver.click, confirm_taps=True)
    match = driver.table.session.match
    assert match.is_over
    assert played == 12 * len(match.results) and len(human_plays(driver)) == 13 * len(match.results)


def test_a_whole_match_by_keyboard_alone() -> None:
    driver = Driver((1024, 768), settings=QUICK)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # the menu's first entry: New match
    assert isinstance(driver.scene, TableScene)
    for _ in range(5000):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog):
            if scene.name == "match_result":
                break
            driver.key(pygame.K_RETURN)
            continue
        table = driver.table
        view = table.session.view
        wanted = (
            sorted(table.hand_cards().index(card) for card in _hint_pass(view))
            if view.phase is Phase.PASS
            else [table.hand_cards().index(suggest_play(view))]
        )
        for index in wanted:
            driver.key(pygame.K_HOME)
            for _ in range(index):
                driver.key(pygame.K_RIGHT)
            assert table.state.focus == index
            driver.key(pygame.K_RETURN)
        if view.phase is Phase.PASS:
            driver.key(pygame.K_END)
            driver.key(pygame.K_RIGHT)  # past the last card: the Pass button
            driver.key(pygame.K_RETURN)
            assert table.session.view.passed is not None
    assert driver.table.session.match.is_over


def _hint_pass(view):  # type: ignore[no-untyped-def]
    from hearts.bots.hints import suggest_pass

    return suggest_pass(view)


def play_to_human_turn_mid_trick(driver: Driver) -> None:
    """Play on until it is the human's turn with cards already in the trick, a few tricks in."""
    for _ in range(2000):
        driver.settle()
        view = driver.table.session.view
        if view.phase is Phase.PLAY and len(view.tricks) >= 2 and view.trick.cards:
            return
        _one_action(driver)
    raise AssertionError("never reached a mid-trick turn")


def _one_action(driver: Driver) -> None:
    scene = driver.scene
    if isinstance(scene, Dialog):
        driver.click(scene.buttons[0].rect.center)
        return
    view = driver.table.session.view
    if view.phase is Phase.PASS:
        for card in _hint_pass(view):
            driver.click(driver.card_spot(card))
        driver.click(driver.button_spot("action"))
    else:
        driver.click(driver.card_spot(suggest_play(view)))


def test_a_double_tap_plays_one_card_and_taps_during_animation_play_none() -> None:
    # (No last card playing itself: only the taps may play here.)
    driver = Driver((390, 844), settings=replace(QUICK, play_last_card=False))
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    table = driver.table
    before = len(human_plays(driver))
    card = suggest_play(table.session.view)
    spot = driver.card_spot(card)
    others = [c for c in table.hand_cards() if c != card]
    # Two taps in one frame (a double tap), then taps on other cards while the card flies.
    driver.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, touch=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, touch=False),
    )
    assert len(human_plays(driver)) == before + 1
    assert table.motion.is_busy
    for other in others[:3]:
        cards = table.hand_cards()
        if other in cards and not table.is_players_move:  # (your next lead may be tapped already)
            driver.click(table.layout.hand.visible_part(len(cards), cards.index(other)).center)
    assert len(human_plays(driver)) == before + 1
    driver.settle()
    assert len(human_plays(driver)) == before + 1


def test_an_illegal_card_shows_the_reason_and_changes_nothing() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    for _ in range(200):
        play_to_human_turn_mid_trick(driver)
        view = driver.table.session.view
        illegal = [card for card in view.hand if card not in view.legal]
        if illegal:
            break
        _one_action(driver)
    else:
        raise AssertionError("no position with an illegal card came up")
    match = driver.table.session.match
    moves = match.moves
    driver.click(driver.card_spot(illegal[0]))
    assert match.moves == moves
    assert driver.table.message == str(match.why_illegal(Play.of(Seat.SOUTH, illegal[0])))
    assert driver.table.frame().message_is_reason


def test_a_resize_from_portrait_to_landscape_mid_trick_lays_out_again_and_plays_on() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    assert driver.table.layout.is_portrait
    driver.resize((1280, 720))
    assert driver.app.screen.get_size() == (1280, 720)
    assert not driver.table.layout.is_portrait
    before = len(human_plays(driver))
    card = suggest_play(driver.table.session.view)
    driver.click(driver.card_spot(card))
    assert human_plays(driver)[-1] == Play.of(Seat.SOUTH, card) and len(human_plays(driver)) == before + 1


def test_a_reload_mid_hand_continues_the_same_match() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    moves = driver.table.session.match.moves
    # A new app over the same storage: the page was reloaded. It opens at the table, the menu a tap away.
    again = Driver((390, 844), backend=driver.backend)
    assert isinstance(again.scene, TableScene) and len(again.app.stack) == 1
    assert again.table.session.match.moves == moves
    again.settle()
    card = suggest_play(again.table.session.view)
    again.click(again.card_spot(card))
    assert again.table.session.match.moves[: len(moves)] == moves
    assert again.table.session.match.moves[len(moves)] == Play.of(Seat.SOUTH, card)


KEPT_SEED = 11


def test_the_table_keeps_the_match_after_every_move() -> None:
    """The deal, the bots' moves and yours are each in the save by the end of the frame that made
    them (the table tells its mode to keep the match after each move), so a reload loses none."""
    from hearts.engine import Match
    from hearts.storage import SavedMatch

    backend = MemoryBackend()
    Store(backend).save_match(SavedMatch(Match(Rules()), KEPT_SEED, "normal"))
    driver = Driver((390, 844), backend=backend, settings=QUICK)
    match = driver.table.session.match
    kept: set[int] = set()
    while len(match.moves) < 12:  # the deal, the pass and the first two tricks
        driver.step()
        saved = Store(backend).load_match()
        assert saved is not None and saved.match.moves == match.moves, f"seed {KEPT_SEED}"
        kept.add(len(saved.match.moves))
        if driver.is_waiting_for_player():
            _one_action(driver)
    assert len(kept) > 4  # (kept move by move, not only at the end)


def test_a_damaged_save_is_reported_set_aside_and_spares_settings_and_statistics() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(Settings(four_colour=True, difficulty="easy"))
    stats_before = backend.get("hearts.stats")
    backend.set("hearts.match", '{"format": "hearts-save", "version": 1, "record": {"moves": ["play S ZZ"]}}')
    driver = Driver((390, 844), backend=backend)
    assert isinstance(driver.scene, MenuScene)
    assert not driver.scene.can_continue
    assert driver.app.ctx.settings.four_colour and driver.app.ctx.settings.difficulty == "easy"
    assert backend.get("hearts.stats") == stats_before
    assert Store(backend).damaged_saves() == [
        '{"format": "hearts-save", "version": 1, "record": {"moves": ["play S ZZ"]}}'
    ]
    assert driver.app.notice is not None and "set aside" in driver.app.notice
    start_match(driver)
    driver.settle()
    assert driver.table.session.view.phase is Phase.PASS


@pytest.mark.parametrize("size", [(320, 568), (568, 320), (3840, 2160)])
def test_the_table_plays_at_the_extremes(size: tuple[int, int]) -> None:
    driver = Driver(size, settings=QUICK)
    start_match(driver)
    driver.settle()
    window = pygame.Rect(0, 0, *size)
    pairs = driver.table.shown_hand().rects()
    assert len(pairs) == 13 and all(window.contains(rect) for _, rect in pairs)
    _one_action(driver)  # the pass, by taps on the cards and the button
    assert driver.table.session.view.passed is not None


def saved_moon_hand() -> MemoryBackend:
    """Storage holding a match at hand 4 (no passing) under shooter-chooses where South holds every
    club, so South takes every trick: a moon, whatever anyone plays."""
    from hearts.engine import Match, Moon
    from hearts.storage import SavedMatch

    from ..engine.scenarios import make_deal

    backend = MemoryBackend()
    match = Match(Rules(moon=Moon.SHOOTER_CHOOSES), hands_before=3, totals_before=(10, 20, 30, 40))
    match.apply(make_deal(south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))
    Store(backend).save_match(SavedMatch(match, 7, "normal"))
    return backend


@pytest.mark.parametrize(
    ("choice", "south_total", "said"),
    [
        ("moon_subtract", 10 - 26, "You shot the moon and took 26 off your score."),
        ("moon_add", 10, "You shot the moon: everyone else +26."),
    ],
)
def test_the_human_moon_under_shooter_chooses(choice: str, south_total: int, said: str) -> None:
    """South holds every club and takes every trick; the table asks how the moon scores. The question
    has no ✕ and Escape leaves it open (closing it must not choose); the result says which choice
    applied."""
    from hearts.ui.report import recording

    backend = saved_moon_hand()
    driver = Driver((390, 844), backend=backend, settings=QUICK)
    for _ in range(12):  # the 13th plays itself
        driver.settle()
        view = driver.table.session.view
        driver.click(driver.card_spot(next(iter(view.legal))))
    driver.settle()
    dialog = driver.scene
    assert isinstance(dialog, Dialog) and dialog.name == "moon"
    assert not dialog.closable
    driver.key(pygame.K_ESCAPE)
    driver.click(dialog.layout.close.center)  # where a ✕ would be
    assert driver.scene is dialog and driver.table.session.phase is Phase.MOON
    driver.click(driver.button_spot(choice))
    driver.settle()
    results = driver.table.session.match.results
    assert results[-1].moon_shooter is Seat.SOUTH
    assert results[-1].totals[Seat.SOUTH] == south_total
    result = driver.scene
    assert isinstance(result, Dialog) and result.name == "hand_result"
    with recording((390, 844), 1.0) as report:
        result.draw(pygame.Surface((390, 844)))
    assert said in " ".join(item["text"] for item in report.items if item["kind"] == "text")


def test_the_real_loop_runs_and_stops_on_quit() -> None:
    """``App.run`` (the loop pygbag drives) draws, yields to asyncio each frame and ends on QUIT."""
    import asyncio

    from hearts.ui.app import App

    app = App((390, 844), store=Store(MemoryBackend()))
    ticks = 0

    async def quit_soon() -> None:
        nonlocal ticks
        while ticks < 5:
            ticks += 1
            await asyncio.sleep(0)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    async def both() -> None:
        await asyncio.gather(app.run(), quit_soon())

    asyncio.run(asyncio.wait_for(both(), timeout=10))
    assert ticks == 5 and app.frames_drawn >= 1 and not app.running


START_KEPT = """
import gc, json, sys
from hearts.ui import app as app_module

async def run(self):  # what the loop finds as it begins
    print(json.dumps({
        "kept": gc.get_freeze_count(),
        "app_collectable": any(found is self for found in gc.get_objects()),
        "collectable": len(gc.get_objects()),
    }))

app_module.App.run = run
app_module.main(sys.argv[1:])
"""


@pytest.mark.native
def test_the_start_is_set_beyond_the_garbage_collectors_reach(tmp_path: Path) -> None:
    """The game's start (its modules, the fonts, the app and its menu) lasts as long as the program: the
    entry point sets it beyond the garbage collector's reach before the loop runs, so that a full
    collection walks only what play makes (at the start, inside WebAssembly, a full collection took
    20-23 ms, a long task in whatever frame it fell in). The browser's entry, ``main.py``, calls the same
    function (its count is checked in tests/browser/test_play.py)."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HEARTS_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(GAME),
    }
    done = subprocess.run(
        [sys.executable, "-c", START_KEPT, "--size", "390x844"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert not seen["app_collectable"]
    assert seen["kept"] > 10_000  # (some 50,000: the game's modules and tables)
    assert seen["collectable"] < seen["kept"] // 100


def play_to_human_turn_with(driver: Driver, cards_in_trick: int) -> None:
    """Play on until it is my turn with ``cards_in_trick`` cards already in a trick, a trick or more in."""
    for _ in range(500):
        driver.settle()
        scene = driver.scene
        if not isinstance(scene, Dialog):
            view = driver.table.session.view
            if view.phase is Phase.PLAY and view.tricks and len(view.trick.cards) == cards_in_trick:
                return
        _one_action(driver)
    raise AssertionError(f"never my turn with {cards_in_trick} cards in the trick")


def test_reduced_motion_moves_no_card_but_still_shows_the_full_trick() -> None:
    driver = Driver((390, 844), settings=Settings(reduced_motion=True))
    start_match(driver)
    play_to_human_turn_with(driver, 3)
    table = driver.table
    driver.click(driver.card_spot(suggest_play(table.session.view)))
    steps = {step.kind: step.tween.duration for step in table.motion.steps}
    assert list(steps) == ["hold", "collect"], steps  # the card's flight took no time at all
    assert steps["hold"] > 0 and steps["collect"] == 0


def test_tapping_the_trick_cuts_it_to_its_least_time_and_skips_its_collection() -> None:
    from hearts.ui.table_pace import HOLD_LEAST

    from .driver import FRAME

    driver = Driver((390, 844), settings=Settings())
    start_match(driver)
    play_to_human_turn_with(driver, 3)
    table = driver.table
    driver.click(driver.card_spot(suggest_play(table.session.view)))
    for _ in range(60):
        if table.motion.current is not None and table.motion.current.kind == "hold":
            break
        driver.step()
    assert table.motion.current is not None and table.motion.current.kind == "hold"
    driver.click(table.layout.trick_area.center)
    assert [step.kind for step in table.motion.steps] == ["hold"]  # still read, then no sweep
    for _ in range(round(HOLD_LEAST / FRAME)):
        driver.step()
    assert table.motion.current is None or table.motion.current.kind not in ("hold", "collect")


def test_the_menu_leads_back_to_the_same_match_and_a_new_match_asks_first() -> None:
    driver = Driver((1280, 720), settings=QUICK)
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    moves = driver.table.session.match.moves
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "pause"
    driver.click(driver.button_spot("main_menu"))
    assert isinstance(driver.scene, MenuScene)
    driver.click(driver.button_spot("continue"))
    assert driver.table.session.match.moves == moves
    driver.click(driver.button_spot("menu"))
    driver.click(driver.button_spot("new_match"))
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "confirm_new"
    driver.click(driver.button_spot("resume"))
    assert driver.table.session.match.moves == moves
    driver.click(driver.button_spot("menu"))
    driver.click(driver.button_spot("new_match"))
    driver.click(driver.button_spot("start_new"))
    assert len(driver.table.session.match.moves) < len(moves)
    assert Store(driver.backend).load_stats().matches_played == 0  # an abandoned match does not count


def test_keep_playing_on_the_main_menus_question_goes_to_the_match() -> None:
    """Asked on the main menu whether to end the match in progress, "Keep playing" goes to its table, as
    it says; Escape only closes the question."""
    driver = Driver((1280, 720), settings=QUICK)
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    moves = driver.table.session.match.moves
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("main_menu"))
    for how in ("escape", "keep"):
        assert isinstance(driver.scene, MenuScene)
        driver.click(driver.button_spot("new"))
        assert isinstance(driver.scene, Dialog) and driver.scene.name == "confirm_new"
        if how == "escape":
            driver.key(pygame.K_ESCAPE)
        else:
            driver.click(driver.button_spot("resume"))
    assert isinstance(driver.scene, TableScene) and driver.table.session.match.moves == moves


def test_options_change_the_table_as_promised() -> None:
    """Four colours show at once; a new difficulty waits for the next hand."""
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.settle()
    session = driver.table.session
    assert session.bot_level == "normal"
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("options"))
    driver.click(driver.button_spot("difficulty:2"))  # normal → hard
    driver.click(driver.button_spot("four_colour:1"))
    driver.key(pygame.K_ESCAPE)  # back to the menu it was opened from
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "pause"
    driver.key(pygame.K_ESCAPE)  # and to the table
    assert isinstance(driver.scene, TableScene)
    assert driver.app.ctx.settings.four_colour and driver.app.ctx.settings.difficulty == "hard"
    assert session.bot_level == "normal"  # this hand keeps its bots
    assert Store(driver.backend).load_settings().difficulty == "hard"
    driver.play_match_by_taps(driver.click, hands=1)
    driver.click(driver.scene.buttons[0].rect.center)  # Next hand
    driver.step()
    assert session.bot_level == "hard"


@pytest.mark.parametrize("where", ["menu", "table"])
def test_moving_the_mouse_redraws_nothing(where: str) -> None:
    driver = Driver((390, 844), settings=QUICK)
    if where == "table":
        start_match(driver)
        driver.settle()
        while driver.table.is_animating:
            driver.step()
    drawn = driver.app.frames_drawn
    for x in range(0, 390, 13):
        driver.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 400), rel=(13, 0), buttons=(0, 0, 0), touch=False)
        )
    assert driver.app.frames_drawn == drawn


def test_taps_while_a_bot_thinks_play_nothing_and_say_why() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    play_to_human_turn_with(driver, 0)  # I lead: three bots follow
    table = driver.table
    driver.click(driver.card_spot(suggest_play(table.session.view)))
    while table.motion.is_busy:
        driver.step()
    assert table.session.bot_to_move is not None
    mine = len(human_plays(driver))
    for card in table.hand_cards()[:3]:
        driver.click(driver.card_spot(card))
    assert len(human_plays(driver)) == mine
    assert table.message.startswith("Wait for") and table.frame().message_is_reason


def test_a_double_touch_over_two_frames_plays_one_card_and_confirm_mode_needs_a_second_tap() -> None:
    driver = Driver((390, 844), settings=Settings(pace="quick", confirm_taps=True))
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    table = driver.table
    card = suggest_play(table.session.view)
    mine = len(human_plays(driver))
    driver.touch(driver.card_spot(card))  # first touch raises the card
    assert table.state.raised == card and len(human_plays(driver)) == mine
    spot = driver.card_spot(card)
    driver.touch(spot)  # the second plays it
    driver.touch(spot)  # and a third, a frame later, plays nothing more
    assert len(human_plays(driver)) == mine + 1


@pytest.mark.parametrize("itself", [True, False])
def test_with_tap_then_confirm_a_tap_on_the_last_card_plays_it_with_no_second_tap_asked(itself: bool) -> None:
    """Your one card left is no choice to confirm: a tap on it plays it, with "Play my last card" off, or
    on, while the trick before it is still gathered (it would play itself before a second tap anyway)."""
    driver = Driver((390, 844), settings=replace(QUICK, confirm_taps=True, play_last_card=itself))
    start_match(driver)
    table = driver.table
    while len(table.session.view.hand) != 1:
        driver.settle()
        view = table.session.view
        if view.phase is Phase.PASS:
            for card in suggest_pass(view):
                driver.touch(driver.card_spot(card))
            driver.touch(driver.button_spot("action"))
            continue
        spot = driver.card_spot(suggest_play(view))
        driver.touch(spot)
        driver.touch(spot)
        while itself and len(view.hand) == 2 and table.session.view.to_move is not Seat.SOUTH:
            driver.step()  # (the others' cards, until the last card is yours, still moving)
    if not itself:
        driver.settle()
    (last,) = table.session.view.hand
    heard: list[str] = []
    driver.app.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    mine = len(human_plays(driver))
    spot = driver.card_spot(last)  # (as soon as the hand as it lies now has been seen)
    assert table.motion.is_busy == itself
    driver.touch(spot)
    assert len(human_plays(driver)) == mine + 1 and human_plays(driver)[-1].card == last
    assert not any("again" in text for text in heard), heard


def reload(driver: Driver) -> Driver:
    """A new app over the same storage: it opens at the match in progress."""
    again = Driver(driver.app.screen.get_size(), backend=driver.backend)
    assert isinstance(again.app.stack[0], TableScene)  # a question it left open may stand over it
    return again


def test_a_reload_after_passing_while_the_bots_still_choose_keeps_the_pass() -> None:
    driver = Driver((390, 844), settings=Settings(pace="quick", difficulty="hard"))
    start_match(driver)
    driver.settle()
    view = driver.table.session.view
    chosen = _hint_pass(view)
    for card in chosen:
        driver.click(driver.card_spot(card))
    driver.click(driver.button_spot("action"))
    session = driver.table.session
    assert session.view.passed == chosen
    again = reload(driver)
    assert again.table.session.match.moves == session.match.moves
    again.settle()
    assert again.table.session.view.received is not None  # the exchange happened after the reload


def test_a_reload_with_the_hand_results_showing_shows_them_again() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "hand_result"
    again = reload(driver)
    again.settle()
    assert isinstance(again.scene, Dialog) and again.scene.name == "hand_result"
    assert again.table.session.needs_deal
    again.click(again.scene.buttons[0].rect.center)
    again.settle()
    assert again.table.session.match.hand_number == 2


def test_a_reload_at_the_moon_question_asks_it_again() -> None:
    backend = saved_moon_hand()
    driver = Driver((390, 844), backend=backend, settings=QUICK)
    for _ in range(12):  # the 13th plays itself
        driver.settle()
        driver.click(driver.card_spot(next(iter(driver.table.session.view.legal))))
    driver.settle()
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "moon"
    again = reload(driver)
    again.settle()
    assert isinstance(again.scene, Dialog) and again.scene.name == "moon"
    again.click(again.button_spot("moon_subtract"))
    again.settle()
    assert again.table.session.match.results[-1].totals[Seat.SOUTH] == 10 - 26


def test_the_page_is_told_when_a_reload_would_lose_nothing() -> None:
    """The web page offers an update only at such moments: the menu, results, your own idle turn."""
    driver = Driver((390, 844), settings=QUICK)
    assert driver.app.is_safe_to_reload  # the menu
    start_match(driver)
    assert not driver.app.is_safe_to_reload  # the deal is moving
    driver.settle()
    while driver.table.is_animating:
        driver.step()
    assert driver.app.is_safe_to_reload  # your turn, nothing moving, the match saved
    driver.play_match_by_taps(driver.click, hands=1)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "hand_result"
    assert driver.app.is_safe_to_reload
    driver.key(pygame.K_ESCAPE)  # results stay up (they cannot be closed): still safe
    driver.click(driver.scene.buttons[0].rect.center)
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("main_menu"))
    driver.click(driver.button_spot("learn"))
    assert not driver.app.is_safe_to_reload  # the lesson keeps nothing


def test_reopening_with_a_match_in_progress_shows_its_table_and_the_menu_is_a_tap_away() -> None:
    driver = Driver((844, 390), settings=QUICK)
    start_match(driver)
    play_to_human_turn_mid_trick(driver)
    moves = driver.table.session.match.moves
    again = reload(driver)
    assert again.table.session.match.moves == moves
    assert again.table.session.view == driver.table.session.view  # exactly where it was
    again.click(again.button_spot("menu"))
    again.click(again.button_spot("main_menu"))
    assert isinstance(again.scene, MenuScene) and again.scene.can_continue
    # A finished match (or none) opens at the menu.
    assert isinstance(Driver((844, 390)).scene, MenuScene)


def test_a_window_uncovered_by_another_is_drawn_again() -> None:
    driver = Driver((390, 844), settings=QUICK)
    for _ in range(5):
        driver.step()
    assert not driver.step()  # the menu is still: nothing to draw
    drawn = driver.frames and driver.app.frames_drawn
    driver.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert driver.app.frames_drawn == drawn + 1


def test_a_still_menu_lets_the_loop_rest_until_the_player_acts() -> None:
    """On a still screen, untouched for ``STILL_AFTER`` with nothing to draw or work out, the browser's
    loop may rest (``hearts.page.rest``); the player's next act, or anything to draw, ends it."""
    from hearts.ui.app import STILL_AFTER

    driver = Driver((390, 844), settings=QUICK)
    assert isinstance(driver.scene, MenuScene)
    driver.step()
    assert not driver.app.may_rest  # just drawn
    untouched = driver.app.clock
    while driver.app.clock - untouched < STILL_AFTER - 0.1:
        driver.step()
        assert not driver.app.may_rest
    for _ in range(6):
        driver.step()
    assert driver.app.may_rest
    driver.key(pygame.K_DOWN)  # an act: the focus moves, and the loop is awake again
    assert not driver.app.may_rest
    for _ in range(5):
        driver.step()
    assert not driver.app.may_rest

    # At the table, your turn to pass: still once the hand is seen and a second has gone by untouched.
    start_match(driver)
    driver.settle()
    driver.see_hand()
    untouched = driver.app.clock
    while driver.app.clock - untouched < STILL_AFTER + 0.2:
        driver.step()
    assert driver.app.may_rest
    # The pass made, the bots' passes come and the cards you were given stay raised on their own
    # clock: never at rest meanwhile, nor while a bot's card is on its way.
    view = driver.table.session.view
    for card in suggest_pass(view):
        driver.touch(driver.card_spot(card))
    driver.touch(driver.button_spot("action"))
    counted = 0
    for _ in range(2000):
        if driver.table.is_still:
            break
        driver.step()
        counted += driver.table.stage.lift_received > 0
        assert not driver.app.may_rest
    assert counted, "the cards you were given were never seen raised"


def test_a_table_with_friends_is_ticked_every_frame_and_keeps_the_loop_awake() -> None:
    """The table with friends this window holds is ticked once a frame whatever scene is on top (its
    friends' messages arrive while the menu shows), and the loop never rests while it is open."""
    from hearts.friends import HostTable
    from hearts.ui.app import STILL_AFTER

    driver = Driver((390, 844), settings=QUICK)
    host = HostTable(names=("Ada", "West", "North", "East"), seed=7)
    driver.app.ctx.friends.host = host
    while driver.app.clock < STILL_AFTER + 1:
        driver.step()
        assert not driver.app.may_rest
    ticks = host.now
    assert ticks > 0
    driver.step()
    assert host.now == ticks + 1
    driver.app.ctx.friends.close()
    assert host.is_closed and driver.app.ctx.friends.host is None
    for _ in range(6):
        driver.step()
    assert driver.app.may_rest


def test_a_screen_built_in_a_frame_is_first_drawn_in_the_next() -> None:
    """Building a screen and drawing it whole in one frame was a long task in WebAssembly at a phone's
    scale (the hand's result over the table: 53 ms): the frame that builds one draws nothing, and does no
    background work; the next frame draws it."""
    driver = Driver((390, 844), settings=QUICK)
    for _ in range(3):
        driver.step()
    menu = driver.scene
    assert isinstance(menu, MenuScene)
    drawn = driver.app.frames_drawn
    driver.key(pygame.K_RETURN)  # the focused first choice: a new match, its table built
    assert driver.scene is not menu and driver.app.frames_drawn == drawn
    assert driver.step() and driver.app.frames_drawn == drawn + 1
    driver.key(pygame.K_ESCAPE)  # the pause menu, over the table
    assert driver.app.frames_drawn == drawn + 1
    assert driver.step() and driver.app.frames_drawn == drawn + 2


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720)])
def test_a_notice_leaves_the_tables_menu_button_in_reach(size: tuple[int, int]) -> None:
    """A notice at the top stands clear of the table's Menu button (top left upright, top right across):
    a tap on Menu while it shows opens the menu, not just closes the notice."""
    driver = Driver(size, settings=QUICK)
    start_match(driver)
    driver.settle()
    driver.app.ctx.notices.append("Your table is back where it was. Invite your friends again from the menu.")
    driver.step()
    driver.step()
    assert driver.app.notice is not None
    driver.click(driver.button_spot("menu"))
    assert isinstance(driver.scene, Dialog) and driver.scene.title == "Menu", driver.scene


def test_the_last_trick_closes_on_a_tap_outside_it_but_not_on_the_tap_that_opened_it() -> None:
    from hearts.ui.scenes.dialog import SECOND_TAP

    from .driver import FRAME

    driver = Driver((320, 568), settings=QUICK)
    start_match(driver)
    while not driver.table.session.view.tricks:
        driver.settle()
        driver.move_by_taps()
    driver.settle()
    spot = driver.button_spot("last")
    driver.click(spot)
    shown = driver.scene
    assert isinstance(shown, Dialog) and shown.name == "last_trick"
    outside = (shown.layout.panel.centerx, shown.layout.panel.bottom + 8)
    driver.click(outside)  # at once: the second of a double tap that opened it, let be
    assert driver.scene is shown
    for _ in range(round(SECOND_TAP / FRAME) + 1):
        driver.step()
    driver.click(outside)
    assert driver.scene is driver.table
