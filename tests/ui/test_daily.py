"""The daily deal through the real app: opened from the menu, kept apart from the saved match, its par
worked out in the frames that draw nothing, its result counted once and shared; practice replays."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from functools import cache

import pytest

from hearts import daily as daily_module
from hearts.daily import Daily, Par, daily_for, points_of, share_text, trick_marks
from hearts.engine import Match, PassDirection, Phase, Seat
from hearts.storage import MemoryBackend, Store
from hearts.storage.daily import DailyAttempt, new_attempt_id
from hearts.ui.modes import DailyMode
from hearts.ui.scenes.daily_result import DailyResultDialog
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.share_box import ShareBox
from hearts.ui.scenes.table import TableScene
from hearts.words import DIRECTION_WORDS

from .driver import Driver
from .test_app import QUICK, start_match
from .test_challenge import drawn_words, press

DAY = datetime.date(2026, 12, 1)


@pytest.fixture(autouse=True)
def today_is_fixed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(daily_module, "today", lambda: DAY)
    yield


# The tests that need par's game run in one worker (``--dist loadgroup``), so it is worked out once.
pytestmark = pytest.mark.xdist_group("daily-par")


@cache
def hard_in_my_seat() -> tuple[Daily, Match, int]:
    """The day's deal as Hard plays it in all four seats (par's own game), and par."""
    daily = daily_for(DAY)
    par = Par(daily)
    while not par.work(1.0):
        pass
    assert par.match is not None and par.value is not None
    return daily, par.match, par.value


def attempt_up_to(
    match: Match, moves: int, *, practice: bool = False, par: int | None = None
) -> DailyAttempt:
    """The day's attempt with the first ``moves`` moves of ``match`` made."""
    daily = daily_for(DAY)
    partial = match.at_start()
    for move in match.moves[:moves]:
        partial.apply(move)
    return DailyAttempt(daily.key, partial, daily.seed, new_attempt_id(), practice, par)


def daily_at(scene: object) -> DailyMode | None:
    """The daily deal a scene is the table of, if it is one."""
    if isinstance(scene, TableScene) and isinstance(scene.mode, DailyMode):
        return scene.mode
    return None


def open_daily(driver: Driver) -> DailyMode:
    if not isinstance(driver.scene, MenuScene):
        driver.click(driver.button_spot("menu"))
        press(driver, "main_menu")
    driver.click(driver.button_spot("daily"))
    daily = daily_at(driver.app.stack[0])
    assert daily is not None
    return daily


def test_the_daily_deal_is_kept_apart_from_the_saved_match() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.settle()
    saved_match = driver.backend.data[Store.MATCH_KEY]
    heard: list[str] = []
    driver.app.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    scene = open_daily(driver)
    assert scene.daily.key == "2026-12-01" and not scene.practice
    assert "Daily deal" in scene.words.header(scene.session.view)
    driver.settle(limit=600)
    # Said as it deals: the day's hand by its date, not a match's "Hand 1" and target.
    direction = daily_for(DAY).direction
    how = "no passing" if direction is PassDirection.NONE else f"passing {DIRECTION_WORDS[direction]}"
    assert any(f"Daily deal for 1 December: one hand against Hard, {how}." in said for said in heard), heard
    assert not any("Hand 1" in said for said in heard), heard
    view = scene.session.view
    assert view.hand_number == 1 and view.pass_direction is daily_for(DAY).direction
    # The day's deal, against Hard.
    assert scene.session.match.moves[0] == daily_for(DAY).deal and scene.session.bot_level == "hard"
    assert driver.backend.data[Store.MATCH_KEY] == saved_match
    assert Store(driver.backend).load_daily_attempt() is not None
    # A reload opens at the saved match, as ever; the menu's Daily deal goes back to the attempt.
    again = Driver((390, 844), backend=driver.backend)
    assert isinstance(again.app.stack[0], TableScene) and daily_at(again.app.stack[0]) is None
    saved_match = again.backend.data[Store.MATCH_KEY]  # (its bots may have moved on since)
    resumed = open_daily(again)
    assert resumed.session.match.moves == scene.session.match.moves
    assert resumed.attempt_id == scene.attempt_id
    assert again.backend.data[Store.MATCH_KEY] == saved_match


def test_the_last_cards_by_tap_end_the_day_with_its_result_counted_once() -> None:
    daily, hard, par = hard_in_my_seat()
    backend = MemoryBackend()
    store = Store(backend)
    store.save_daily_attempt(attempt_up_to(hard, len(hard.moves) - 6, par=par))
    driver = Driver((390, 844), backend=backend, settings=QUICK)
    scene = open_daily(driver)
    for _ in range(200):
        driver.settle(limit=600)
        if isinstance(driver.scene, Dialog):
            break
        view = scene.session.view
        assert view.phase is Phase.PLAY
        legal = sorted(scene.session.match.legal_moves(), key=str)
        driver.click(driver.card_spot(legal[0].card))
    result = driver.scene
    assert isinstance(result, DailyResultDialog)
    points = scene.session.match.results[0].scores[Seat.SOUTH]
    counted = Store(backend).load_daily().result_for(daily.key)
    assert counted is not None and (counted.points, counted.par) == (points, par)
    assert counted.marks == trick_marks(scene.session.match) and len(counted.marks) == 13
    words = drawn_words(result)
    assert f"you took {points} point" in words and f"Par is {par}" in words
    assert "Days played 1" in words and "streak 1" in words
    # Play it again: practice, which never changes the day's result.
    press(driver, "practice")
    again = daily_at(driver.app.stack[0])
    assert again is not None and again.practice and "practice" in again.words.header(again.session.view)
    assert again.par_value == par  # the same cards: par is not worked out again
    assert Store(backend).load_daily().result_for(daily.key) == counted


def test_par_is_worked_out_in_idle_frames_and_reaches_a_result_that_lacked_it() -> None:
    daily, hard, par = hard_in_my_seat()
    backend = MemoryBackend()
    Store(backend).save_daily_attempt(attempt_up_to(hard, len(hard.moves)))  # finished, par unknown
    driver = Driver((844, 390), backend=backend, settings=QUICK, coach=True)
    open_daily(driver)
    driver.settle()
    result = driver.scene
    assert isinstance(result, DailyResultDialog)
    assert "is being worked out" in drawn_words(result)
    assert Store(backend).load_daily().result_for(daily.key).par is None  # type: ignore[union-attr]
    # Drawn, the result is a picture: the mirror reads it, the tricks' marks in words and the record too.
    lines = result.mirror().dialog.lines  # type: ignore[union-attr]
    points = points_of(result.attempt.session.match)
    assert lines[0].endswith(f"you took {points} point{'' if abs(points) == 1 else 's'}.")
    assert "is being worked out" in lines[1]
    assert lines[-2].startswith("Your tricks: trick 1: ") and lines[-2].count("trick ") == 13
    assert lines[-1].startswith("Days played")
    for _ in range(40_000):
        driver.step()
        if result.attempt.par_value is not None:
            break
    assert result.attempt.par_value == par
    driver.step()
    assert f"Par is {par}" in drawn_words(result)
    assert any(line.startswith(f"Par is {par}") for line in result.mirror().dialog.lines)  # type: ignore[union-attr]
    assert driver.app.ctx.speaker.log().lines[-1].startswith(f"Par is {par}")  # said once found
    assert Store(backend).load_daily().result_for(daily.key).par == par  # type: ignore[union-attr]
    attempt = Store(backend).load_daily_attempt()
    assert attempt is not None and attempt.par == par  # a reload need not work it out again


def test_share_shows_a_text_without_spoilers_and_says_where_it_went() -> None:
    daily, hard, par = hard_in_my_seat()
    backend = MemoryBackend()
    Store(backend).save_daily_attempt(attempt_up_to(hard, len(hard.moves), par=par))
    driver = Driver((1280, 720), backend=backend, settings=QUICK)
    open_daily(driver)
    driver.settle()
    press(driver, "share")
    box = driver.scene
    assert isinstance(box, ShareBox)
    points = hard.results[0].scores[Seat.SOUTH]
    assert box.text == share_text(DAY, points, par, trick_marks(hard))
    dealt = [card for seat in Seat for card in daily.deal.hands[seat]]
    assert not [str(card) for card in dealt if str(card) in box.text]  # nothing of the deal itself
    assert box.outcome in ("copied", "printed")
    assert ("Copied" if box.outcome == "copied" else "terminal") in drawn_words(box)
    press(driver, "done")
    assert isinstance(driver.scene, DailyResultDialog)


def test_another_days_attempt_gives_way_to_todays_deal() -> None:
    _, hard, _ = hard_in_my_seat()
    backend = MemoryBackend()
    yesterday = daily_for(DAY - datetime.timedelta(days=1))
    old = attempt_up_to(hard, 10)
    Store(backend).save_daily_attempt(
        DailyAttempt(yesterday.key, yesterday.new_match(), yesterday.seed, old.attempt, False, None)
    )
    driver = Driver((390, 844), backend=backend, settings=QUICK)
    scene = open_daily(driver)
    assert scene.daily.key == DAY.isoformat() and scene.attempt_id != old.attempt
    kept = Store(
        backend
    ).load_daily_attempt()  # yesterday's is gone (today's takes its place as it is played)
    assert kept is None or kept.date == DAY.isoformat()


def test_a_replay_begun_before_par_is_known_still_gives_par_to_the_day() -> None:
    daily, hard, par = hard_in_my_seat()
    backend = MemoryBackend()
    Store(backend).save_daily_attempt(attempt_up_to(hard, len(hard.moves)))  # finished, par unknown
    driver = Driver((390, 844), backend=backend, settings=QUICK, coach=True)
    first = open_daily(driver)
    driver.settle()
    assert first.par_value is None and Store(backend).load_daily().has_played(daily.key)
    press(driver, "practice")
    replay = daily_at(driver.app.stack[0])
    assert replay is not None and replay.practice
    assert replay.par is first.par  # the work on par goes on where it had got to
    for _ in range(40_000):
        driver.step()
        if replay.par_value is not None:
            break
    assert replay.par_value == par
    counted = Store(backend).load_daily().result_for(daily.key)
    assert counted is not None and counted.par == par and counted.attempt != replay.attempt_id
