"""How to play: one page that scrolls, driven through the real app by wheel, keys, mouse and finger."""

from __future__ import annotations

import math
import re

import pygame
import pytest

from hearts.storage import Settings
from hearts.ui.howto_words import KEY_GROUPS, KEYS_TITLE, SECTIONS
from hearts.ui.layout import MIN_TAP, MIN_TEXT
from hearts.ui.render.fonts import Fonts
from hearts.ui.scenes.base import Pop
from hearts.ui.scenes.howto import HowToScene
from hearts.ui.scenes.menu import MenuScene

from .driver import Driver
from .test_scenes import make_ctx

SIZES = [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.init()
    return Fonts()


def open_howto(size: tuple[int, int] = (390, 844), settings: Settings | None = None) -> Driver:
    """The app at ``size``, with How to play opened from the menu by a click."""
    driver = Driver(size, settings=settings)
    assert isinstance(driver.scene, MenuScene)
    driver.click(driver.button_spot("rules"))
    assert isinstance(driver.scene, HowToScene)
    return driver


def howto(driver: Driver) -> HowToScene:
    scene = driver.scene
    assert isinstance(scene, HowToScene), scene
    return scene


def key(driver: Driver, code: int) -> None:
    driver.key(code)


def wheel(driver: Driver, notches: float) -> None:
    driver.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=round(notches), precise_x=0.0, precise_y=notches)
    )


def mouse_drag(driver: Driver, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """Press, move in ``steps`` frames, let go: a mouse drag at the pace of a hand."""
    driver.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    for index in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * index / steps)
        y = round(start[1] + (end[1] - start[1]) * index / steps)
        driver.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False)
        )
    driver.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))


def finger_drag(driver: Driver, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """The same with a finger, with the mouse events SDL makes up for it (which must not count)."""
    width, height = driver.app.screen.get_size()

    def finger(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
        return pygame.event.Event(
            kind, x=pos[0] / width, y=pos[1] / height, dx=0.0, dy=0.0, finger_id=0, touch_id=1
        )

    driver.post(
        finger(pygame.FINGERDOWN, start),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=True),
    )
    for index in range(1, steps + 1):
        pos = (
            round(start[0] + (end[0] - start[0]) * index / steps),
            round(start[1] + (end[1] - start[1]) * index / steps),
        )
        driver.post(
            finger(pygame.FINGERMOTION, pos),
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True),
        )
    driver.post(
        finger(pygame.FINGERUP, end), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=True)
    )


def settle(driver: Driver) -> None:
    for _ in range(300):
        driver.step()
        if not howto(driver).scroll.is_gliding:
            return
    raise AssertionError("the page kept gliding")


# The page and its layout --------------------------------------------------------------------------------


def test_the_page_is_taller_than_a_phone_and_its_end_shows_the_keys() -> None:
    driver = open_howto((390, 844))
    scene = howto(driver)
    assert scene.content_height > 2 * scene.panel.height
    top = scene.visible_text
    assert SECTIONS[0][0] in top and KEYS_TITLE not in top
    key(driver, pygame.K_END)
    assert scene.scroll.at_end
    end = scene.visible_text
    last_title, last_rows = KEY_GROUPS[-1]
    assert last_title in end
    assert " ".join(last_rows[-1].action.split()) in " ".join(end)
    # Nothing is cut off below the last line: it stands whole inside the panel, its padding under it.
    last = max(scene.pieces, key=lambda piece: piece.rect.bottom)
    assert scene.screen_rect(last).bottom == scene.panel.bottom - scene.pad


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def test_every_word_is_on_the_page_once_and_in_order(fonts: Fonts) -> None:
    scene = HowToScene(make_ctx(fonts, (320, 568)))
    expected = [
        word for title, paragraphs in SECTIONS for text in (title, *paragraphs) for word in _words(text)
    ]
    expected += _words(KEYS_TITLE)
    for title, rows in KEY_GROUPS:
        expected += _words(title)
        for row in rows:
            expected += [key.label for key in row.keys] + _words(row.action)
    # The pieces come in reading order: a key row's caps, then the action beside them.
    assert [word for piece in scene.pieces for word in _words(piece.text)] == expected
    # And down the page: each line starts no higher than the one before it (an action beside its caps).
    tops = [piece.rect.top for piece in scene.pieces if piece.style != "key"]
    assert tops == sorted(tops)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_page_fits_the_window_at_every_size(fonts: Fonts, size: tuple[int, int]) -> None:
    scene = HowToScene(make_ctx(fonts, size))
    window = pygame.Rect((0, 0), size)
    back = scene.button("back")
    assert back is not None
    assert window.contains(back.rect) and window.contains(scene.panel)
    assert back.rect.width >= MIN_TAP and back.rect.height >= MIN_TAP
    assert not back.rect.colliderect(scene.panel)
    if scene.title_rect is not None:
        assert window.contains(scene.title_rect) and not scene.title_rect.colliderect(scene.panel)
    else:
        assert scene.pieces[0].style == "title" and scene.pieces[0].text == scene.title
    text_column = pygame.Rect(scene.text_left, scene.panel.top, scene.text_width, scene.panel.height)
    thumb = scene.thumb_rect()
    assert thumb is not None and scene.panel.contains(thumb) and not thumb.colliderect(text_column)
    for piece in scene.pieces:
        px, bold = scene.styles.size(piece.style)
        assert px >= MIN_TEXT
        width, _ = fonts.size(piece.text, px, bold=bold)
        # Every line within its own box, and every box within the text column: nothing runs past the panel.
        assert width <= piece.rect.width, piece
        assert piece.rect.left >= 0 and piece.rect.right <= scene.text_width, piece
        assert piece.rect.top >= 0 and piece.rect.bottom <= scene.content_height - scene.pad, piece
    for earlier, later in zip(scene.pieces, scene.pieces[1:], strict=False):
        assert not earlier.rect.colliderect(later.rect) or earlier.style != later.style == "text", (
            earlier,
            later,
        )
    for where in ("top", "end"):
        if where == "end":
            scene.scroll.to_end()
        surface = pygame.Surface(size)
        scene.draw(surface)
        assert scene.visible_text


def test_a_wide_screen_keeps_a_readable_line_length(fonts: Fonts) -> None:
    for size in ((1280, 720), (1920, 1080)):
        scene = HowToScene(make_ctx(fonts, size))
        lines = [piece.text for piece in scene.pieces if piece.style == "text" and piece.rect.left == 0]
        longest = max(len(line) for line in lines)
        assert 55 <= longest <= 90, (size, longest)
        assert abs(scene.panel.centerx - size[0] / 2) <= 1  # a centred column


def test_the_thumb_shows_where_the_page_is(fonts: Fonts) -> None:
    scene = HowToScene(make_ctx(fonts, (390, 844)))
    top = scene.thumb_rect()
    assert top is not None
    scene.scroll.to_end()
    end = scene.thumb_rect()
    assert end is not None
    assert top.top < end.top and top.height == end.height
    share = scene.panel.height / scene.content_height
    assert top.height == pytest.approx((scene.panel.height - 2 * scene.metrics.px(8)) * share, abs=1)
    assert end.bottom == scene.panel.bottom - scene.metrics.px(8)


def test_turning_the_phone_keeps_the_place(fonts: Fonts) -> None:
    ctx = make_ctx(fonts, (390, 844))
    scene = HowToScene(ctx)
    scene.scroll.scroll_to(scene.scroll.max_offset / 2)
    ctx.size = (844, 390)
    scene.resize(ctx.size)
    assert scene.scroll.offset == pytest.approx(scene.scroll.max_offset / 2, abs=1)


# Scrolling -------------------------------------------------------------------------------------------


def test_the_wheel_scrolls_three_lines_a_notch_and_stops_at_the_top() -> None:
    driver = open_howto()
    scene = howto(driver)
    line = scene.styles.text_line
    wheel(driver, 1)  # towards the top, already there
    assert scene.scroll.offset == 0
    wheel(driver, -1)
    assert scene.scroll.offset == 3 * line
    wheel(driver, -2)
    assert scene.scroll.offset == 9 * line
    wheel(driver, 0.5)  # a touchpad's part of a notch
    assert scene.scroll.offset == pytest.approx(7.5 * line)
    for _ in range(200):
        wheel(driver, -1)
    assert scene.scroll.at_end


def test_the_keys_scroll_by_lines_and_screens_and_jump_to_the_ends() -> None:
    driver = open_howto()
    scene = howto(driver)
    line, page = scene.styles.text_line, scene.page_step
    assert scene.panel.height - 3 * line < page < scene.panel.height  # a screenful, a little overlapping
    key(driver, pygame.K_UP)
    assert scene.scroll.offset == 0
    key(driver, pygame.K_DOWN)
    assert scene.scroll.offset == 2 * line
    key(driver, pygame.K_UP)
    assert scene.scroll.offset == 0
    key(driver, pygame.K_PAGEDOWN)
    assert scene.scroll.offset == page
    key(driver, pygame.K_SPACE)
    assert scene.scroll.offset == 2 * page
    key(driver, pygame.K_PAGEUP)
    assert scene.scroll.offset == page
    key(driver, pygame.K_END)
    assert scene.scroll.at_end
    key(driver, pygame.K_PAGEDOWN)
    assert scene.scroll.at_end
    key(driver, pygame.K_HOME)
    assert scene.scroll.offset == 0
    assert isinstance(driver.scene, HowToScene)


@pytest.mark.parametrize("drag", [mouse_drag, finger_drag], ids=["mouse", "finger"])
def test_a_drag_moves_the_page_with_the_pointer(drag) -> None:  # type: ignore[no-untyped-def]
    driver = open_howto(settings=Settings(reduced_motion=True))
    scene = howto(driver)
    x, y = scene.panel.center
    # 8 steps of 30 px up: the first passes the slop and starts the drag; the other seven move it.
    drag(driver, (x, y + 120), (x, y - 120))
    assert scene.scroll.offset == 7 * 30
    drag(driver, (x, y - 120), (x, y + 40))  # 8 steps of 20 px down
    assert scene.scroll.offset == 7 * 30 - 7 * 20
    drag(driver, (x, y - 200), (x, y + 300))  # far past the top
    assert scene.scroll.offset == 0


def test_a_flick_glides_on_unless_motion_is_reduced() -> None:
    gliding = open_howto()
    scene = howto(gliding)
    x, y = scene.panel.center
    mouse_drag(gliding, (x, y + 160), (x, y - 160))
    let_go = scene.scroll.offset
    assert scene.scroll.is_gliding and scene.is_animating
    drawn = gliding.app.frames_drawn
    settle(gliding)
    assert scene.scroll.offset > let_go + 100
    assert gliding.app.frames_drawn > drawn + 5  # it moved on screen, frame by frame

    still = open_howto(settings=Settings(reduced_motion=True))
    scene = howto(still)
    mouse_drag(still, (x, y + 160), (x, y - 160))
    assert not scene.scroll.is_gliding
    let_go = scene.scroll.offset
    for _ in range(10):
        still.step()
    assert scene.scroll.offset == let_go


def test_a_press_on_the_text_presses_nothing() -> None:
    driver = open_howto()
    scene = howto(driver)
    driver.click(scene.panel.center)
    driver.touch(scene.panel.center)
    assert driver.scene is scene and scene.scroll.offset == 0


# Leaving ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("drag", [mouse_drag, finger_drag], ids=["mouse", "finger"])
def test_a_drag_from_the_text_that_ends_on_back_does_not_go_back(drag) -> None:  # type: ignore[no-untyped-def]
    driver = open_howto()
    scene = howto(driver)
    drag(driver, scene.panel.center, scene.back_rect.center)
    settle(driver)
    assert driver.scene is scene
    assert scene.scroll.offset > 0  # it scrolled, as a drag should


@pytest.mark.parametrize("how", ["click", "touch", "short mouse drag", "short finger drag"])
def test_a_tap_or_a_short_drag_on_back_goes_back(how: str) -> None:
    driver = open_howto()
    back = howto(driver).back_rect.center
    if how == "click":
        driver.click(back)
    elif how == "touch":
        driver.touch(back)
    else:
        drag = mouse_drag if how == "short mouse drag" else finger_drag
        drag(driver, back, (back[0] + 5, back[1] + 4), steps=2)
    assert isinstance(driver.scene, MenuScene)
    assert len(driver.app.stack) == 1  # and the rest of the gesture pressed nothing on the menu


def test_escape_goes_back_to_where_the_page_was_opened_from() -> None:
    driver = open_howto()
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, MenuScene)


def test_back_and_escape_close_the_scene(fonts: Fonts) -> None:
    from hearts.ui.intents import Back, Hover, Tap

    scene = HowToScene(make_ctx(fonts))
    back = scene.button("back")
    assert back is not None
    assert scene.handle(Tap(back.rect.center)) == Pop()
    assert scene.handle(Back()) == Pop()
    assert scene.handle(Hover((5, 5))) is None
    assert scene.handle(Tap((-10, -10))) is None


def test_the_mirror_reads_the_keys_a_row_a_sentence_and_finds_back(fonts: Fonts) -> None:
    """Drawn, the keys' table is a picture: the page's mirror reads it after the rules, each row in words
    (the arrows named), and its Back has the place of the drawn one."""
    scene = HowToScene(make_ctx(fonts))
    dialog = scene.mirror().dialog
    assert dialog is not None
    lines = dialog.lines
    keys = lines.index(KEYS_TITLE)
    assert keys > 0 and lines[keys + 1] == KEY_GROUPS[0][0]
    assert "Tab or Shift+Tab: The next button, or the one before." in lines[keys:]
    assert any(line.startswith("Left arrow, Right arrow, Up arrow or Down arrow: ") for line in lines[keys:])
    assert sum(len(rows) + 1 for _, rows in KEY_GROUPS) == len(lines) - keys - 1
    assert dialog.own_keys and dialog.active is None  # (Space and Enter scroll: the page's focus is off Back)
    back = scene.button("back")
    assert back is not None and dialog.choices[0].rect == (
        back.rect.x,
        back.rect.y,
        back.rect.width,
        back.rect.height,
    )


# The keys on the page ------------------------------------------------------------------------------


def _every_key_code() -> set[int]:
    return {getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")}


def test_every_key_on_the_page_does_what_the_page_says() -> None:
    from hearts.ui.intents import intent_of

    listed: set[int] = set()
    for title, rows in KEY_GROUPS:
        for row in rows:
            for named in row.keys:
                for code in named.codes:
                    intent = intent_of(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0), (100, 100))
                    assert isinstance(intent, row.intent), (title, named.label, row.action, intent)
                    listed.add(code)
    # And every key the game answers to is on the page (a phone's own Back button is not a keyboard key).
    answered = {
        code
        for code in _every_key_code()
        if intent_of(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0), (100, 100)) is not None
    }
    assert answered - {pygame.K_AC_BACK} == listed


def test_the_keys_listed_for_this_page_really_move_it() -> None:
    title, rows = KEY_GROUPS[-1]
    assert title == "On this page"
    for row in rows:
        for named in row.keys:
            for code in named.codes:
                driver = open_howto()
                scene = howto(driver)
                scene.scroll.scroll_to(scene.scroll.max_offset / 2)
                before = scene.scroll.offset
                key(driver, code)
                if code == pygame.K_ESCAPE:
                    assert isinstance(driver.scene, MenuScene), row.action
                    continue
                after = scene.scroll.offset
                assert after != before, (named.label, row.action)
                if "top" in row.action.lower():
                    assert after in (0, scene.scroll.max_offset), named.label
                if "screenful" in row.action:
                    assert abs(after - before) == scene.page_step, named.label
                if "little" in row.action:
                    assert 0 < abs(after - before) < scene.panel.height / 4, named.label


def test_the_page_names_the_rules_and_the_options() -> None:
    text = " ".join(title + " " + " ".join(paragraphs) for title, paragraphs in SECTIONS)
    for phrase in ("2♣", "Q♠", "13", "26", "100", "moon", "clockwise", "left", "right", "across", "follow",
                   "broken", "50", "150", "J♦", "share", "first trick", "Tips", "drag", "wheel"):  # fmt: skip
        assert phrase.lower() in text.lower(), phrase


def test_text_sizes_are_the_metrics_at_two_pixels_per_css_pixel(fonts: Fonts) -> None:
    scene = HowToScene(make_ctx(fonts, (780, 1688), 2.0))
    floor = math.ceil(MIN_TEXT * 2.0)
    styles = scene.styles
    assert min(styles.text_px, styles.key_px, styles.heading_px, styles.subheading_px) >= floor
    assert scene.back_rect.height >= MIN_TAP * 2
