"""One live table, played: a window that another has the table from stops and plays nothing; "Play here"
takes the table and opens afresh on the freshest save, at the same card the other window left."""

from __future__ import annotations

import pygame

from hearts.bots.hints import suggest_play
from hearts.engine import Phase
from hearts.storage import MemoryBackend, Store
from hearts.storage.keeper import MOVED_ON
from hearts.storage.saved_match import SavedMatch
from hearts.ui.scenes.elsewhere import ELSEWHERE_TITLE, MOVED_ON_TITLE, TAKING, ElsewhereScene
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene
from tests.storage.helpers import bot_moves, unfinished_match
from tests.test_live import Switch

from .driver import Driver
from .test_app import QUICK


def saved_match(moves: int, seed: int = 5) -> SavedMatch:
    return SavedMatch(unfinished_match(seed, moves), seed, "easy")


def test_a_window_opened_while_another_plays_shows_only_play_here() -> None:
    backend = MemoryBackend()
    Store(backend).save_match(saved_match(30))
    table = Switch(live=False)
    driver = Driver((390, 844), backend=backend, settings=QUICK, live=table)
    scene = driver.scene
    assert isinstance(scene, ElsewhereScene) and len(driver.app.stack) == 1
    assert scene.title == ELSEWHERE_TITLE and [button.label for button in scene.buttons] == ["Play here"]
    assert driver.app.ctx.session is None  # nothing of the match is held, so nothing can be saved
    mirrored = scene.mirror().dialog
    assert mirrored is not None and mirrored.title == ELSEWHERE_TITLE
    assert [choice.label for choice in mirrored.choices] == ["Play here"]
    before = dict(backend.data)
    for _ in range(60):
        driver.step()
    assert backend.data == before and isinstance(driver.scene, ElsewhereScene)

    driver.key(pygame.K_RETURN)  # Play here
    assert table.claims == 1 and isinstance(driver.scene, ElsewhereScene)
    assert scene.lines == (TAKING,)
    table.become(True)
    driver.step()
    assert isinstance(driver.scene, TableScene)
    assert driver.table.session.match.moves == Store(backend).load_match().match.moves  # type: ignore[union-attr]


def test_a_window_that_loses_the_table_mid_match_stops_and_comes_back_where_the_other_left() -> None:
    backend = MemoryBackend()
    Store(backend).save_match(saved_match(25))
    table = Switch()
    driver = Driver((1280, 720), backend=backend, settings=QUICK, live=table)
    assert isinstance(driver.scene, TableScene)
    driver.play_match_by_taps(driver.click, hands=1)
    here = Store(backend).load_match()
    assert here is not None

    table.become(False)  # another window pressed Play here
    driver.step()
    assert isinstance(driver.scene, ElsewhereScene) and driver.app.ctx.session is None
    # The other window plays on by twenty moves and saves after each, as the game does.
    other = Store(backend)
    match = here.match.copy()
    for count, _ in enumerate(bot_moves(match, here.seed or 0), start=1):
        other.save_match(SavedMatch(match.copy(), here.seed, here.bot_level))
        if count == 20:
            break
    there = dict(backend.data)
    for _ in range(90):  # this window, meanwhile, writes nothing over it
        driver.step()
    assert backend.data == there

    driver.click(driver.scene.buttons[0].rect.center)  # type: ignore[attr-defined]
    table.become(True)
    driver.step()
    session = driver.app.ctx.session
    assert session is not None and session.match.moves == match.moves
    if match.phase is not Phase.DEAL:
        assert isinstance(driver.scene, TableScene) and driver.table.session is session


def test_the_menu_opens_afresh_when_the_other_window_finished_the_match() -> None:
    backend = MemoryBackend()
    Store(backend).save_match(saved_match(25))
    table = Switch()
    driver = Driver((390, 844), backend=backend, settings=QUICK, live=table)
    table.become(False)
    driver.step()
    Store(backend).clear_match()  # the other window ended it
    driver.key(pygame.K_RETURN)
    table.become(True)
    driver.step()
    assert isinstance(driver.scene, MenuScene) and driver.app.ctx.session is None


def test_a_save_refused_as_behind_stops_the_window_and_play_here_carries_on_from_the_newer_save() -> None:
    backend = MemoryBackend()
    Store(backend).save_match(saved_match(25))
    table = Switch()
    driver = Driver((390, 844), backend=backend, settings=QUICK, live=table)
    assert isinstance(driver.scene, TableScene)
    # Another window that the lock did not stop (an older page, say) plays on and saves.
    newer = saved_match(40)
    Store(backend).save_match(newer)
    there = dict(backend.data)
    for _ in range(600):  # this window's next save (a bot's card, or yours) is refused …
        if not isinstance(driver.scene, TableScene):
            break
        if driver.is_waiting_for_player():
            driver.click(driver.card_spot(suggest_play(driver.table.session.view)))
        driver.step()
    scene = driver.scene
    assert isinstance(scene, ElsewhereScene) and scene.title == MOVED_ON_TITLE  # … and it stops at once
    assert backend.data == there and driver.app.ctx.session is None
    for _ in range(3):
        driver.step()
    assert MOVED_ON not in driver.app.ctx.notices and driver.app.notice != MOVED_ON
    driver.key(pygame.K_RETURN)  # Play here: the table was this page's all along
    driver.step()
    session = driver.app.ctx.session
    assert session is not None and session.match.moves == newer.match.moves
    assert isinstance(driver.scene, TableScene)
