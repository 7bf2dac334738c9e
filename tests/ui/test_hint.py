"""The table's Hint is Hard's choice, worked out a slice a frame and shown when ready; a player who
follows it at every decision is charged nothing by the coach (one judgement for hint and coach)."""

from __future__ import annotations

import pytest

from hearts import coach
from hearts.bots.hard import HardBot, distinct_choices
from hearts.engine import CardSet, Pass, Phase, Play, Seat
from hearts.ui import session as session_module
from hearts.ui.scenes.dialog import Dialog

from .driver import Driver
from .test_app import QUICK, start_match


def ask_for_a_hint(driver: Driver, frames: int = 3000) -> int:
    """Press Hint and step frames until it shows; the frames it took."""
    table = driver.table
    driver.click(driver.button_spot("hint"))
    for frame in range(frames):
        if not table.hint.is_working:
            return frame
        driver.step()
    raise AssertionError("the hint never came")


def play_a_hand_by_hints(driver: Driver) -> list[Pass | Play]:
    """South follows the hint at every decision until the hand's result; the moves it made."""
    made: list[Pass | Play] = []
    for _ in range(200):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog):
            assert scene.name == "hand_result", scene.name
            return made
        table = driver.table
        view = table.session.view
        ask_for_a_hint(driver)
        if view.phase is Phase.PASS:
            chosen = CardSet(table.state.selected)
            assert len(chosen) == 3
            driver.click(driver.button_spot("action"))
            made.append(Pass(Seat.SOUTH, chosen))
        else:
            card = table.state.raised
            assert card is not None and card in view.legal and table.message == f"Suggested: {card}."
            driver.click(driver.card_spot(card))
            made.append(Play.of(Seat.SOUTH, card))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_a_hand_played_by_the_hint_is_charged_nothing(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "new_seed", lambda: seed)
    driver = Driver((844, 390), settings=QUICK)
    start_match(driver)
    made = play_a_hand_by_hints(driver)
    session = driver.table.session
    assert session.seed == seed
    moves = [
        move for move in session.match.moves if isinstance(move, Pass | Play) and move.seat is Seat.SOUTH
    ]
    # Every move South made was a hint taken (the last card may have played itself).
    assert moves[: len(made)] == made and len(moves) - len(made) <= 1
    coaching = session.coaching
    while coaching.review_of(1) is None:
        assert coaching.advance(0.05) or coaching.review_of(1) is not None
    review = coaching.review_of(1)
    assert review is not None and len(review.decisions) == 14
    assert review.points_lost == 0 and review.key_moments == ()
    for decision in review.decisions:
        assert decision.cost == 0 and decision.reason in ("same", "forced"), decision


def test_the_hint_is_hards_choice_with_the_coachs_seed() -> None:
    """The hint for a pass and for a card is the move of the Hard bot seeded as the coach judges."""
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.settle()
    table = driver.table
    session = table.session
    view = session.view
    assert view.phase is Phase.PASS
    frames = ask_for_a_hint(driver)
    assert frames > 1  # worked out over several frames, not in one
    hard = HardBot(coach.seed_for(session.seed))
    assert Pass(Seat.SOUTH, CardSet(table.state.selected)) == hard.decide(view)
    driver.click(driver.button_spot("action"))
    driver.settle()
    while len(distinct_choices(session.view)) == 1:  # (a forced card's hint comes in one frame)
        ask_for_a_hint(driver)
        driver.click(driver.card_spot(table.state.raised))  # type: ignore[arg-type]
        driver.settle()
    view = session.view
    driver.click(driver.button_spot("hint"))
    assert table.hint.is_working and table.message == "Thinking of a hint…"
    assert ask_for_a_hint(driver) > 1
    assert Play.of(Seat.SOUTH, table.state.raised) == hard.decide(view)  # type: ignore[arg-type]
