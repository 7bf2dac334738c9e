"""Options never contradict the table: a friend's challenge and the daily deal play a level of their own,
and Options opened from their menus shows that level as the difficulty, says why it can't change, and
leaves the setting for your own matches as it was."""

from __future__ import annotations

import pygame

from hearts.challenge import Challenge
from hearts.engine import Rules
from hearts.storage import Settings, Store
from hearts.ui.scenes.options import OptionsScene

from .driver import Driver
from .test_challenge import press
from .test_daily import open_daily

HARD_FRIEND = Challenge(seed=987_654_321, rules=Rules(target=50), level="hard", score=40)


def difficulty_buttons(scene: OptionsScene) -> dict[str, tuple[bool, bool]]:
    """Each difficulty's (selected, enabled)."""
    return {
        button.label: (button.selected, button.enabled)
        for button in scene.buttons
        if button.key.startswith("difficulty:")
    }


def options_say_the_level(driver: Driver, level: str, reason: str) -> None:
    """Options, open at the top: ``level`` chosen and the only one enabled, ``reason`` under it; a tap on
    another level changes nothing."""
    options = driver.scene
    assert isinstance(options, OptionsScene)
    levels = difficulty_buttons(options)
    assert levels[level] == (True, True)
    assert all(not enabled for name, (_, enabled) in levels.items() if name != level)
    row = next(row for row in options.pages[0] if row.option.key == "difficulty")
    assert reason in " ".join(row.note_lines)
    other = next(button for button in options.buttons if button.label == "Easy")
    driver.click(other.rect.center)
    assert difficulty_buttons(options)[level] == (True, True)
    assert Store(driver.backend).load_settings().difficulty == "normal"


def test_a_hard_challenge_shows_hard_in_options() -> None:
    driver = Driver((390, 844), settings=Settings(pace="quick", difficulty="normal"))
    driver = Driver((390, 844), backend=driver.backend, challenge=HARD_FRIEND.to_code())
    press(driver, "challenge_accept")
    driver.settle()
    driver.click(driver.button_spot("menu"))
    press(driver, "options")
    options_say_the_level(driver, "Hard", "This challenge is played at Hard, as your friend played it.")
    driver.key(pygame.K_ESCAPE)
    assert driver.table.session.bot_level == "hard"


def test_the_daily_deal_shows_its_level_in_options() -> None:
    driver = Driver((390, 844), settings=Settings(pace="quick", difficulty="normal"))
    open_daily(driver)
    driver.settle()
    driver.click(driver.button_spot("menu"))
    press(driver, "options")
    options_say_the_level(driver, "Hard", "The daily deal is played against Hard, the same for everyone.")


def test_options_from_a_match_of_your_own_change_the_difficulty() -> None:
    driver = Driver((390, 844), settings=Settings(pace="quick", difficulty="normal"))
    driver.click(driver.button_spot("new"))
    driver.settle()
    driver.click(driver.button_spot("menu"))
    press(driver, "options")
    options = driver.scene
    assert isinstance(options, OptionsScene)
    assert all(enabled for _, enabled in difficulty_buttons(options).values())
    driver.click(next(button for button in options.buttons if button.label == "Hard").rect.center)
    assert Store(driver.backend).load_settings().difficulty == "hard"
