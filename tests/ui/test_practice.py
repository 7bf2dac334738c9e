"""Practice through the real app: from a hand's review, Play from here (the pass, trick 1, trick 9) and
Try the coach's card; the position handed over, the same ending for the same choices, another for
another, and the match in progress, its save and the statistics untouched."""

from __future__ import annotations

import pytest

from hearts.engine import Phase, Play, Seat
from hearts.review import replay_hand
from hearts.ui.modes.practice import PracticeMode
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.review import ReviewScene
from hearts.ui.scenes.table import TableScene

from .driver import Driver
from .test_app import QUICK, start_match
from .test_review import choose, wait_for_the_coach


def reviewing_hand_one(monkeypatch: pytest.MonkeyPatch, *, coach: bool = False, seed: int = 21) -> Driver:
    """A match (on a fixed deal) whose first hand was played by taps, its review open."""
    monkeypatch.setattr("hearts.ui.session.new_seed", lambda: seed)
    driver = Driver((390, 844), settings=QUICK, coach=coach)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1, think=0.25 if coach else 0.0)
    choose(driver, "review")
    assert isinstance(driver.scene, ReviewScene)
    return driver


def practice_from(driver: Driver, step: int) -> TableScene:
    review = driver.scene
    assert isinstance(review, ReviewScene)
    review.go(step)
    driver.step()
    driver.click(driver.button_spot("play"))
    table = driver.scene
    assert isinstance(table, TableScene) and isinstance(table.mode, PracticeMode)
    return table


def original_match(driver: Driver) -> TableScene:
    return next(scene for scene in driver.app.stack if isinstance(scene, TableScene))


@pytest.mark.parametrize("step", [0, 1, 9])
def test_play_from_here_hands_over_the_position_as_it_was(monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    driver = reviewing_hand_one(monkeypatch)
    match = original_match(driver).session.match
    saved_before = driver.backend.get("hearts.match")
    moves_before = len(match.moves)
    stats_before = driver.app.ctx.stats
    replay = replay_hand(match, 1)
    table = practice_from(driver, step)
    practice = table.session.match
    assert practice is not match
    shown = practice.snapshot()
    assert "Practice" in table.frame().header
    if step == 0:
        assert shown.phase is Phase.PASS and shown.hands == replay.dealt
    else:
        trick = replay.tricks[step - 1]
        before_you = trick.trick.cards[: trick.trick.plays.index((Seat.SOUTH, trick.card_of(Seat.SOUTH)))]
        assert shown.trick.cards == before_you
        for seat in Seat:
            held = set(trick.held[seat]) - set(before_you)
            assert set(shown.hands[seat]) == held
        assert shown.to_move is Seat.SOUTH
    # The same choices as the first time: the hand ends exactly as it did.
    original = [move for move in match.moves if isinstance(move, Play) and move.seat is Seat.SOUTH]
    for _ in range(400):
        driver.settle()
        if isinstance(driver.scene, Dialog):
            break
        view = table.session.view
        if view.phase is Phase.PASS:
            for card in replay.passed[Seat.SOUTH] or ():
                driver.click(driver.card_spot(card))
            driver.click(driver.button_spot("action"))
            continue
        played = len([1 for trick in (*view.tricks, view.trick) if trick.card_of(Seat.SOUTH) is not None])
        driver.click(driver.card_spot(original[played].card))
    result = driver.scene
    assert isinstance(result, Dialog) and result.name == "practice_result"
    assert table.session.match.results[-1].scores == replay.scored.scores
    assert "the same" in result.lines[0]
    said = [item.text for item in driver.app.ctx.speaker.history.items()]
    assert said[-1].startswith("Practice: hand 1.") and result.lines[0] in said[-1], "read aloud, even brief"
    # The match in progress, its save and the statistics: untouched.
    assert len(match.moves) == moves_before and driver.backend.get("hearts.match") == saved_before
    assert driver.app.ctx.stats == stats_before
    choose(driver, "done")
    assert isinstance(driver.scene, ReviewScene)


def test_another_card_plays_on_differently_and_stopping_goes_back_to_the_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = reviewing_hand_one(monkeypatch)
    match = original_match(driver).session.match
    replay = replay_hand(match, 1)
    step = next(
        trick.number
        for trick in replay.tricks
        if len([card for card in trick.held[Seat.SOUTH] if card.suit is trick.card_of(Seat.SOUTH).suit]) > 1
    )
    table = practice_from(driver, step)
    view = table.session.view
    other = next(card for card in sorted(view.legal) if card != replay.tricks[step - 1].card_of(Seat.SOUTH))
    driver.click(driver.card_spot(other))
    driver.settle()
    # Your card in that trick is the other one now; the hand goes on from a position the original
    # never had (the cards left differ from the original's at the same trick).
    tried = table.session.match.snapshot()
    assert other in tried.tricks[step - 1].cards or other in tried.trick.cards
    if len(tried.tricks) >= step + 1:
        assert tried.hands != replay.tricks[step].held
    assert other not in replay.tricks[step - 1].trick.cards
    driver.click(driver.button_spot("menu"))
    choose(driver, "stop")
    assert isinstance(driver.scene, ReviewScene)
    assert len(match.moves) == len(original_match(driver).session.match.moves)


def test_try_the_card_plays_the_coachs_card_first(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = reviewing_hand_one(monkeypatch, coach=True, seed=2)  # (a deal whose first hand has costly cards)
    review = wait_for_the_coach(driver)
    assert review.review is not None
    moments = [moment for moment in review.review.key_moments if moment.kind == "play"]
    assert moments
    moment = moments[0]
    review.go(moment.trick)
    driver.step()
    better = next(iter(moment.best))
    assert review.better_card() == better
    driver.click(driver.button_spot("try"))
    table = driver.scene
    assert isinstance(table, TableScene) and isinstance(table.mode, PracticeMode)
    driver.step()
    south = [move for move in table.session.match.moves if isinstance(move, Play) and move.seat is Seat.SOUTH]
    assert south[moment.trick - 1].card == better


def test_a_reload_in_the_middle_of_practice_returns_to_it_and_stopping_goes_to_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = reviewing_hand_one(monkeypatch)
    match_text = driver.backend.get("hearts.match")
    table = practice_from(driver, 3)
    card = sorted(table.session.view.legal)[0]
    driver.click(driver.card_spot(card))
    driver.settle()
    position = table.session.match.snapshot()
    assert driver.backend.get("hearts.practice") is not None
    assert driver.backend.get("hearts.match") == match_text, "the match's own save is untouched"
    again = Driver((390, 844), backend=driver.backend, settings=QUICK)
    reopened = again.scene
    assert isinstance(reopened, TableScene) and isinstance(reopened.mode, PracticeMode)
    assert reopened.session.match.snapshot() == position
    assert "Practice" in reopened.frame().header
    again.click(again.button_spot("menu"))
    choose(again, "stop")
    assert again.backend.get("hearts.practice") is None
    # The match, where it was: at its first hand's result.
    back = again.scene
    assert isinstance(back, Dialog) and back.name == "hand_result"
    assert not isinstance(again.table.mode, PracticeMode)
    assert again.backend.get("hearts.match") == match_text
