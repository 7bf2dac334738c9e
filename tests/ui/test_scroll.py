"""The scroll model on its own: no window, no pygame, gestures and time fed in by hand."""

from __future__ import annotations

import itertools

import pytest

from hearts.ui.scroll import GLIDE_TIME, ScrollView


def view(**kwargs: object) -> ScrollView:
    return ScrollView(viewport=400, content=1000, slop=8, **kwargs)  # type: ignore[arg-type]


def test_it_stops_at_the_top_and_at_the_bottom() -> None:
    scroll = view()
    assert scroll.max_offset == 600 and scroll.can_scroll and scroll.at_start
    assert not scroll.scroll_by(-50)
    assert scroll.offset == 0
    assert scroll.scroll_by(450) and scroll.offset == 450
    assert scroll.scroll_by(450) and scroll.offset == 600 and scroll.at_end
    assert not scroll.scroll_by(1)
    assert scroll.scroll_to(-1000) and scroll.offset == 0
    assert scroll.to_end() and scroll.offset == 600
    assert scroll.to_start() and scroll.offset == 0


def test_content_that_fits_does_not_move() -> None:
    scroll = ScrollView(viewport=400, content=300)
    assert not scroll.can_scroll and scroll.max_offset == 0
    assert not scroll.scroll_by(100) and not scroll.to_end()
    assert scroll.thumb(400, 30) is None


def test_a_smaller_content_or_a_taller_window_pulls_the_offset_back() -> None:
    scroll = view()
    scroll.to_end()
    scroll.set_size(viewport=500, content=1000)
    assert scroll.offset == 500
    scroll.set_size(viewport=500, content=400)
    assert scroll.offset == 0


def test_a_press_that_moves_less_than_the_slop_is_a_tap() -> None:
    scroll = view()
    scroll.scroll_to(100)
    scroll.press(300, now=0.0)
    assert not scroll.drag(306, now=0.05)
    assert not scroll.drag(293, now=0.1)
    assert scroll.offset == 100 and not scroll.is_dragging
    assert scroll.release(now=0.15) is True
    assert not scroll.is_pressed and not scroll.is_gliding


def test_a_drag_moves_the_content_with_the_finger_from_where_it_passed_the_slop() -> None:
    scroll = view()
    scroll.press(300, now=0.0)
    assert not scroll.drag(290, now=0.1)  # 10 px: past the slop, the drag starts here without a jump
    assert scroll.is_dragging and scroll.offset == 0
    assert scroll.drag(190, now=0.2)  # the finger went up 100 px: the content follows it up
    assert scroll.offset == 100
    assert scroll.drag(240, now=0.3)  # and back down 50
    assert scroll.offset == 50
    assert scroll.drag(-1000, now=0.4)  # far past the end: it stops there
    assert scroll.offset == 600
    assert scroll.release(now=2.0) is False


def test_a_drag_without_a_press_does_nothing() -> None:
    """The press went to another screen (the menu button that opened this one)."""
    scroll = view()
    assert not scroll.drag(100, now=0.0)
    assert scroll.release(now=0.1) is False
    assert scroll.offset == 0


def flick(scroll: ScrollView, *, speed: float, held: float = 0.0) -> None:
    """Drag up at ``speed`` pixels a second in 1/60 s steps, hold still ``held`` seconds, let go."""
    scroll.press(600, now=0.0)
    y, now = 600.0, 0.0
    for _ in range(12):
        now += 1 / 60
        y -= speed / 60
        scroll.drag(y, now)
    scroll.release(now + held)


def test_a_flick_glides_on_slowing_down_until_it_stops() -> None:
    scroll = ScrollView(viewport=400, content=10_000, slop=8)
    flick(scroll, speed=1200)
    after_drag = scroll.offset
    assert scroll.is_gliding and scroll.velocity == pytest.approx(1200)
    steps = []
    while scroll.is_gliding:
        before = scroll.offset
        scroll.advance(1 / 60)
        steps.append(scroll.offset - before)
    assert all(step > 0 for step in steps)
    assert all(later < earlier for earlier, later in itertools.pairwise(steps))
    # The whole glide travels about speed × GLIDE_TIME (less the tail cut off when it stops).
    assert 0.9 * 1200 * GLIDE_TIME < scroll.offset - after_drag <= 1200 * GLIDE_TIME
    assert not scroll.advance(1 / 60)


def test_a_glide_runs_the_same_way_in_big_or_small_steps() -> None:
    coarse, fine = ScrollView(viewport=400, content=10_000), ScrollView(viewport=400, content=10_000)
    coarse.velocity = fine.velocity = 1000.0
    coarse.advance(0.2)
    for _ in range(20):
        fine.advance(0.01)
    assert coarse.offset == pytest.approx(fine.offset)


def test_a_glide_stops_at_the_end() -> None:
    scroll = view()
    scroll.scroll_to(560)
    flick(scroll, speed=2000)
    for _ in range(120):
        scroll.advance(1 / 60)
    assert scroll.offset == 600 and not scroll.is_gliding


def test_no_glide_under_reduced_motion_after_holding_still_or_on_a_new_press() -> None:
    still = view(glides=False)
    flick(still, speed=1200)
    assert not still.is_gliding and not still.advance(0.1)
    held = view()
    flick(held, speed=1200, held=0.3)
    assert not held.is_gliding
    caught = ScrollView(viewport=400, content=10_000)
    flick(caught, speed=1200)
    assert caught.is_gliding
    caught.press(300, now=1.0)  # a finger on the moving page stops it
    assert not caught.is_gliding
    caught.release(now=1.1)
    gliding = ScrollView(viewport=400, content=10_000)
    flick(gliding, speed=1200)
    gliding.scroll_by(10)  # as does the wheel or a key
    assert not gliding.is_gliding


def test_a_flick_is_no_faster_than_four_screens_a_second() -> None:
    scroll = ScrollView(viewport=400, content=100_000)
    flick(scroll, speed=50_000)
    assert scroll.velocity == pytest.approx(1600)


def test_the_thumb_shows_the_share_on_view_and_the_place() -> None:
    scroll = view()
    assert scroll.thumb(400, 30) == (0, 160)  # 400 of 1000 on view: 40% of the track
    scroll.scroll_to(300)
    assert scroll.thumb(400, 30) == (120, 160)  # halfway down
    scroll.to_end()
    assert scroll.thumb(400, 30) == (240, 160)  # its end at the track's end
    long = ScrollView(viewport=100, content=100_000)
    assert long.thumb(400, 30) == (0, 30)  # never too small to see
    long.to_end()
    assert long.thumb(400, 30) == (370, 30)
