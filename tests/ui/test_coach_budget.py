"""The coach's work in a frame that draws nothing keeps to the frame: it starts no step after its slice,
nor one that its longest recent step says would end past the frame's budget (``IdlePace``, the app's)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hearts.ui.idle_work import COACH_SLICE, FRAME_BUDGET, STILL_DIALOG_SLICE, IdlePace, slice_for
from hearts.ui.scenes.dialog import Dialog

from .driver import Driver
from .test_app import start_match

MS = 0.001


class Clock:
    """A clock the test moves: each step of work takes the time it is given."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def coached() -> tuple[IdlePace, Clock]:
    """The app's pace of the coach, measured by a clock the test moves."""
    return Driver((390, 844)).app.idle_pace, Clock()


def run(pace: IdlePace, work: Callable[[float], bool], started: float, clock: Clock) -> bool:
    return pace.run(work, started, granted=COACH_SLICE, clock=clock)


def work_of(clock: Clock, lengths: list[float], done: list[float]) -> Callable[[float], bool]:
    """Work in steps of ``lengths`` (taken from the front), noting each step in ``done``."""

    def work(seconds: float) -> bool:
        assert seconds == 0.0  # one step at a time
        if not lengths:
            return False
        length = lengths.pop(0)
        clock.now += length
        done.append(length)
        return True

    return work


def test_the_coach_starts_no_step_once_its_slice_has_passed() -> None:
    pace, clock = coached()
    done: list[float] = []
    assert not run(pace, work_of(clock, [1 * MS] * 20, done), clock.now, clock)
    assert len(done) == round(COACH_SLICE / MS)


def test_the_coach_stops_when_it_has_no_work() -> None:
    pace, clock = coached()
    done: list[float] = []
    assert run(pace, work_of(clock, [0.5 * MS, 0.5 * MS], done), clock.now, clock)
    assert done == [0.5 * MS, 0.5 * MS]


def test_after_a_long_step_the_coach_waits_for_a_frame_with_room() -> None:
    pace, clock = coached()
    done: list[float] = []
    lengths = [6 * MS] + [1 * MS] * 50
    run(pace, work_of(clock, lengths, done), clock.now, clock)
    assert done == [6 * MS]  # the first step is not foreseen; past the slice, nothing more
    # A frame in which a bot has already thought for 3 ms: 3 + 0.85 × 6 would end past the budget.
    started = clock.now
    clock.now += 3 * MS
    run(pace, work_of(clock, lengths, done), started, clock)
    assert done == [6 * MS]
    # The long step is forgotten little by little: in an empty frame, a few frames on, work resumes,
    # and no frame it works in is foreseen to end past the budget.
    for _ in range(10):
        started = clock.now
        run(pace, work_of(clock, lengths, done), started, clock)
        assert clock.now - started <= FRAME_BUDGET
    assert len(done) > 1


def test_a_still_dialog_on_top_grants_the_coach_a_longer_slice() -> None:
    """Under a still dialog (the pause menu) no bot thinks and nothing moves, so the coach's slice grows;
    no slice stays none."""
    driver = Driver((390, 844))
    start_match(driver)
    driver.settle()
    assert slice_for(COACH_SLICE, driver.scene) == COACH_SLICE  # the table
    driver.key(pygame.K_ESCAPE)
    for _ in range(60):
        if not driver.scene.is_animating:
            break
        driver.step()
    assert isinstance(driver.scene, Dialog) and not driver.scene.is_animating
    assert slice_for(COACH_SLICE, driver.scene) == STILL_DIALOG_SLICE
    assert slice_for(0.0, driver.scene) == 0.0
