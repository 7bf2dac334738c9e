"""Challenge links through the real app: offered when the game opens with one, declined without a trace,
accepted into the friend's deals with the friend's bots, kept through a reload, compared at the end; bad
links refused in a sentence; and your own match sent from the pause menu and the match result."""

from __future__ import annotations

import pygame
import pytest

from hearts.announce import speak_symbols
from hearts.challenge import BROKEN, NEWER, Challenge, parse
from hearts.deals import deal_for
from hearts.engine import Rules, Seat
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui.report import recording
from hearts.ui.scenes.challenge import ChallengeOffer
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.share_box import ShareBox
from hearts.ui.scenes.table import TableScene

from .driver import Driver
from .test_app import QUICK, start_match

FRIEND = Challenge(seed=123_456_789, rules=Rules(target=50, jack_of_diamonds=True), level="easy", score=38)


def press(driver: Driver, key: str) -> None:
    scene = driver.scene
    assert isinstance(scene, Dialog), scene
    button = next((b for b in scene.buttons if b.key == key), None)
    assert button is not None, f"no {key!r} on {scene.name}: {[b.key for b in scene.buttons]}"
    driver.click(button.rect.center)


def a_match_in_progress() -> MemoryBackend:
    """Storage holding a match some cards in, as a player leaves it."""
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    return driver.backend


def test_declining_a_challenge_leaves_everything_saved_as_it_was() -> None:
    backend = a_match_in_progress()
    before = dict(backend.data)
    driver = Driver((390, 844), backend=backend, challenge=FRIEND.link("https://example.org/hearts/"))
    offer = driver.scene
    assert isinstance(offer, ChallengeOffer)
    said = " ".join(offer.lines)
    assert "to 50" in said and "J♦" in said and "Easy" in said and "38" in said
    assert "match in progress ends" in said  # it asks before replacing the match
    assert driver.app.ctx.speaker.history.items()[-1].text.endswith(speak_symbols(said))  # and says so aloud
    press(driver, "challenge_decline")
    # Back at the saved match, exactly where it was (its hand's result, not yet dismissed, again).
    assert isinstance(driver.app.stack[0], TableScene) and not isinstance(driver.scene, ChallengeOffer)
    assert driver.table.session.challenge is None
    for _ in range(30):
        driver.step()
    assert backend.data == before


def test_escape_declines_too() -> None:
    driver = Driver((844, 390), challenge=FRIEND.to_code())
    assert isinstance(driver.scene, ChallengeOffer)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)
    assert driver.backend.data.get(Store.MATCH_KEY) is None


def test_an_accepted_challenge_deals_the_friends_deals_with_the_friends_bots() -> None:
    backend = a_match_in_progress()
    Store(backend).save_settings(Settings(pace="quick", difficulty="hard"))
    driver = Driver((390, 844), backend=backend, challenge=FRIEND.to_code())
    press(driver, "challenge_accept")
    table = driver.scene
    assert isinstance(table, TableScene)
    session = table.session
    assert (session.seed, session.match.rules, session.bot_level) == (FRIEND.seed, FRIEND.rules, "easy")
    driver.play_match_by_taps(driver.click, hands=2)
    match = session.match
    for number in (1, 2):
        assert match.results[number - 1].hand_number == number
    # Each hand dealt is the friend's: the deal the seed gives for that hand.
    dealt = [move for move in match.moves if type(move).__name__ == "Deal"]
    assert dealt[:2] == [deal_for(FRIEND.seed, 1), deal_for(FRIEND.seed, 2)]
    # The difficulty in the settings (Hard) never replaced the friend's bots (Easy).
    assert session.bot_level == "easy"
    saved = Store(backend).load_match()
    assert saved is not None and saved.challenge == FRIEND and FRIEND.score == 38
    assert saved.match.moves == match.moves


def test_a_challenge_survives_a_reload_and_its_result_compares_both_scores() -> None:
    driver = Driver((390, 844), settings=QUICK, challenge=FRIEND.to_code())
    press(driver, "challenge_accept")
    driver.play_match_by_taps(driver.click, hands=1)
    again = Driver((390, 844), backend=driver.backend)
    session = again.table.session
    assert session.challenge == FRIEND
    assert again.table.frame().header.startswith("Challenge · ")  # the table says so
    again.play_match_by_taps(again.click)
    result = again.scene
    assert isinstance(result, Dialog) and result.name == "match_result"
    mine = session.match.totals[Seat.SOUTH]
    summary = drawn_words(result)
    assert "Your friend finished on 38" in summary
    if mine < 38:
        assert f"you beat them by {38 - mine}" in summary
    elif mine > 38:
        assert f"they beat you by {mine - 38}" in summary
    # Play again: the friend's deals again, not an ordinary match.
    press(again, "play_again")
    replay = again.table.session
    assert replay is not session and replay.challenge == FRIEND and not replay.match.results
    assert (replay.seed, replay.match.rules, replay.bot_level) == (FRIEND.seed, FRIEND.rules, "easy")


def drawn_words(dialog: Dialog) -> str:
    """Every piece of text the dialog draws, in order, joined by spaces (wrapped lines join up again)."""
    with recording(dialog.ctx.size, dialog.ctx.scale) as report:
        dialog.draw(pygame.Surface(dialog.ctx.size))
    return " ".join(item["text"] for item in report.items if item["kind"] == "text")


@pytest.mark.parametrize(
    "text",
    [
        FRIEND.to_code()[:-3],  # cut short
        FRIEND.to_code()[:5] + ("A" if FRIEND.to_code()[5] != "A" else "B") + FRIEND.to_code()[6:],  # edited
        "https://example.org/hearts/#c=",
        "#c=9" + FRIEND.to_code()[1:],  # a version this game does not know
        "c=" + "x" * 5000,
    ],
)
def test_a_bad_link_says_why_and_starts_as_usual(text: str) -> None:
    backend = a_match_in_progress()
    before = dict(backend.data)
    driver = Driver((390, 844), backend=backend, challenge=text)
    # The reason, over the normal start (the saved match); no offer.
    assert isinstance(driver.app.stack[0], TableScene)
    assert not any(isinstance(scene, ChallengeOffer) for scene in driver.app.stack)
    refusal = driver.scene
    assert isinstance(refusal, Dialog) and refusal.name == "challenge_refused"
    said = " ".join(refusal.lines)
    assert said == (NEWER if text.startswith("#c=9") else BROKEN)
    assert driver.app.ctx.speaker.history.items()[-1].text.endswith(said)  # read aloud, not only shown
    press(driver, "resume")
    assert not any(
        isinstance(scene, Dialog) and scene.name == "challenge_refused" for scene in driver.app.stack
    )
    for _ in range(10):
        driver.step()
    assert backend.data == before


def test_the_pause_menu_sends_this_match_as_a_challenge() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.settle()
    driver.click(driver.button_spot("menu"))
    press(driver, "challenge")
    box = driver.scene
    assert isinstance(box, ShareBox)
    session = driver.table.session
    code = box.text.split("Challenge code: ")[1].split()[0]
    sent = parse(code)
    assert (sent.seed, sent.rules, sent.level, sent.score) == (
        session.seed,
        session.match.rules,
        session.bot_level,
        None,  # the match is not over: no score yet
    )
    assert box.outcome in ("copied", "printed")  # natively: printed, and copied where SDL can
    press(driver, "done")
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "pause"  # the menu it was sent from
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TableScene)
