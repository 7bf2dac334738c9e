"""The coach's work in a frame that draws nothing keeps to the frame: it starts no step after its slice,
nor one that its longest recent step says would end past the frame's budget."""

from __future__ import annotations

from collections.abc import Callable

from hearts.ui.app import COACH_SLICE, FRAME_BUDGET

from .driver import Driver

MS = 0.001


class Clock:
    """A clock the test moves: each step of work takes the time it is given."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def coached() -> tuple[Driver, Clock]:
    """The real app, its coach measured by a clock the test moves."""
    driver = Driver((390, 844))
    clock = Clock()
    driver.app.coach_clock = clock
    driver.app.coach_slice = COACH_SLICE
    return driver, clock


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
    driver, clock = coached()
    done: list[float] = []
    driver.app._coach(work_of(clock, [1 * MS] * 20, done), clock.now)
    assert len(done) == round(COACH_SLICE / MS)


def test_the_coach_stops_when_it_has_no_work() -> None:
    driver, clock = coached()
    done: list[float] = []
    driver.app._coach(work_of(clock, [0.5 * MS, 0.5 * MS], done), clock.now)
    assert done == [0.5 * MS, 0.5 * MS]


def test_after_a_long_step_the_coach_waits_for_a_frame_with_room() -> None:
    driver, clock = coached()
    done: list[float] = []
    lengths = [6 * MS] + [1 * MS] * 50
    driver.app._coach(work_of(clock, lengths, done), clock.now)
    assert done == [6 * MS]  # the first step is not foreseen; past the slice, nothing more
    # A frame in which a bot has already thought for 3 ms: 3 + 0.85 × 6 would end past the budget.
    started = clock.now
    clock.now += 3 * MS
    driver.app._coach(work_of(clock, lengths, done), started)
    assert done == [6 * MS]
    # The long step is forgotten little by little: in an empty frame, a few frames on, work resumes,
    # and no frame it works in is foreseen to end past the budget.
    for _ in range(10):
        started = clock.now
        driver.app._coach(work_of(clock, lengths, done), started)
        assert clock.now - started <= FRAME_BUDGET
    assert len(done) > 1
