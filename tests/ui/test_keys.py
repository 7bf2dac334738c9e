"""Playing by keys alone, through real key events: the focus on a card you may play at every turn, passing
by keys (and by the hint), arrows that move the way they point in a grid of buttons, a focus ring that
shows on every card and button (measured on the drawn pixels), and words that name the keys used."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Phase, Rules
from hearts.storage import Settings
from hearts.ui import theme
from hearts.ui.focus import step_focus
from hearts.ui.intents import Step
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.options import OptionsScene
from hearts.ui.scenes.table import TableScene
from hearts.ui.widgets import focus_band

from .driver import FRAME, Driver
from .pixels import Colour, colour

QUICK = Settings(pace="quick", table=Rules(target=50))
"""A short match: it ends after the hand in which someone reaches 50."""


def move_focus(driver: Driver, table: TableScene, index: int, *, down_up: bool = False) -> None:
    """Arrows until the focus is on ``index`` (the hand's ↓ and ↑ when ``down_up``: they move along it
    as → and ← do)."""
    for _ in range(30):
        focus = table.state.focus
        assert focus is not None
        if focus == index:
            return
        if focus < index:
            driver.key(pygame.K_DOWN if down_up else pygame.K_RIGHT)
        else:
            driver.key(pygame.K_UP if down_up else pygame.K_LEFT)
    raise AssertionError(f"the focus never reached {index}")


def pass_by_keys(driver: Driver, *, hint: bool) -> None:
    """Choose three cards by keys (or take the hint's), check the focus went to the Pass button, and
    press Enter there."""
    table = driver.table
    view = table.session.view
    cards = table.hand_cards()
    if hint:
        driver.key(pygame.K_h)
        for _ in range(600):  # Hard's pass, worked out a slice a frame
            if not table.hint.is_working:
                break
            driver.step()
        assert len(table.state.selected) == 3, "the hint's three cards are chosen"
    else:
        if table.state.focus is None:
            driver.key(pygame.K_HOME)
        for index in sorted(cards.index(card) for card in suggest_pass(view)):
            move_focus(driver, table, index)
            driver.key(pygame.K_RETURN)
        assert len(table.state.selected) == 3
    assert table.state.focus == len(cards), "three chosen: the focus is on the Pass button"
    driver.key(pygame.K_RETURN)
    assert table.session.view.passed is not None, "Enter on the Pass button passed"


def play_match_by_keys(driver: Driver, on_dialog: Callable[[Dialog], None] = lambda dialog: None) -> int:
    """Play to the match's end by keys alone; at each of your turns, check the focus is on a card you
    may play before moving it to the Normal bot's card. Returns the turns checked."""
    turns = refused = 0
    hands = 0
    for _ in range(5000):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog):
            if scene.name == "match_result":
                assert refused, "a card you may not play was tried"
                return turns
            assert scene.focus == 0, "opened after a key, the dialog shows its focus on the first button"
            on_dialog(scene)
            driver.key(pygame.K_RETURN)
            continue
        table = driver.table
        view = table.session.view
        if view.phase is Phase.PASS:
            hands += 1
            pass_by_keys(driver, hint=hands % 2 == 0)
            continue
        assert view.phase is Phase.PLAY
        cards = table.hand_cards()
        focus = table.state.focus
        assert focus is not None and focus < len(cards), "your turn: the focus is on a card"
        assert cards[focus] in view.legal, f"the focus is on {cards[focus]}, not a card to play"
        turns += 1
        unplayable = [index for index, card in enumerate(cards) if card not in view.legal]
        if unplayable and refused < 3:
            # Enter on a card you may not play says why and leaves the focus where it is.
            move_focus(driver, table, unplayable[0])
            moves = table.session.match.move_count
            driver.key(pygame.K_RETURN)
            assert table.state.focus == unplayable[0] and table.session.match.move_count == moves
            assert table.frame().message_is_reason
            refused += 1
        move_focus(driver, table, cards.index(suggest_play(view)), down_up=turns % 2 == 0)
        driver.key(pygame.K_RETURN)
    raise AssertionError("the match did not end")


def test_a_match_by_keys_alone_keeps_the_focus_on_a_card_you_may_play() -> None:
    # Every card by a key (the rest of a settled hand does not play itself), but the last of each hand.
    driver = Driver((1280, 720), settings=replace(QUICK, finish_when_settled=False))
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # New match, the menu's first entry
    assert isinstance(driver.scene, TableScene)
    turns = play_match_by_keys(driver)
    match = driver.table.session.match
    assert match.is_over
    assert turns >= 12 * len(match.results)  # every card but the last of each hand (it plays itself)


def test_a_mouse_player_sees_no_focus_ring() -> None:
    driver = Driver((1280, 720), settings=QUICK)
    driver.click(driver.button_spot("new"))
    table = driver.table
    for _ in range(200):
        driver.settle()
        if isinstance(driver.scene, Dialog):
            break
        view = table.session.view
        if view.phase is Phase.PASS:
            for card in suggest_pass(view):
                driver.click(driver.card_spot(card))
            assert table.state.focus is None
            driver.click(driver.button_spot("action"))
        else:
            assert table.state.focus is None, "your turn, by mouse: no focus ring"
            driver.click(driver.card_spot(suggest_play(view)))
    assert isinstance(driver.scene, Dialog) and driver.scene.focus is None


def to_first_turn_to_play(driver: Driver) -> TableScene:
    """A new match, the pass made by keys (the hint's), until your first turn to play."""
    driver.click(driver.button_spot("new"))
    driver.settle()
    pass_by_keys(driver, hint=True)
    driver.settle()
    table = driver.table
    assert table.session.view.phase is Phase.PLAY and table.state.focus is not None
    return table


def test_words_name_the_keys_after_a_key_and_taps_after_a_tap() -> None:
    driver = Driver((1280, 720), settings=Settings(pace="quick", confirm_taps=True))
    table = to_first_turn_to_play(driver)
    card = table.hand_cards()[table.state.focus or 0]
    driver.key(pygame.K_RETURN)
    assert table.state.raised == card and table.message == f"Press Enter again to play the {card}."
    driver.key(pygame.K_RETURN)
    assert card not in table.session.view.hand, "the second Enter played it"
    driver.settle()
    tapped = suggest_play(table.session.view)
    driver.click(driver.card_spot(tapped))
    assert table.message == f"Tap {tapped} again, or press Play."
    assert table.state.focus is None, "a click takes the focus ring away"


def test_a_fourth_card_for_the_pass_is_refused_in_the_words_of_the_input() -> None:
    driver = Driver((1280, 720), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("new"))
    driver.settle()
    table = driver.table
    view = table.session.view
    chosen = sorted(suggest_pass(view))
    for card in chosen:
        driver.click(driver.card_spot(card))
    other = next(card for card in table.hand_cards() if card not in chosen)
    driver.click(driver.card_spot(other))
    assert table.message == "You have chosen three cards. Tap one of them to put it back."
    driver.key(pygame.K_HOME)
    move_focus(driver, table, table.hand_cards().index(other))
    driver.key(pygame.K_RETURN)
    assert table.message == "You have chosen three cards. Press Enter on one of them to put it back."


# The focus ring, measured on the drawn pixels ---------------------------------------------------------


def drawn(scene: TableScene | Dialog, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
    """``scene`` drawn with its focus, and without it (the same pixels unfocused)."""
    focused, plain = pygame.Surface(size), pygame.Surface(size)
    scene.draw(focused)
    if isinstance(scene, TableScene):
        kept = scene.state
        scene.state = replace(kept, focus=None)
        scene.draw(plain)
        scene.state = kept
    else:
        keep = scene.focus
        scene.focus = None
        scene.draw(plain)
        scene.focus = keep
    return focused, plain


def run(
    surface: pygame.Surface, start: tuple[int, int], step: tuple[int, int], ok: Callable[..., bool]
) -> int:
    """How many pixels in a row from ``start`` (going by ``step``) satisfy ``ok(colour, x, y)``."""
    (x, y), count = start, 0
    width, height = surface.get_size()
    while 0 <= x < width and 0 <= y < height and ok(colour(surface, x, y), x, y):
        count += 1
        x, y = x + step[0], y + step[1]
    return count


def measure_ring(
    focused: pygame.Surface,
    plain: pygame.Surface,
    edge: tuple[int, int],
    outward: tuple[int, int],
    inside: Colour,
    outside: Callable[[int, int], Colour],
) -> tuple[int, int]:
    """Crossing the ring from ``edge`` (the first pixel outside a card or button) ``outward``: how thick
    its band is that stands out 3:1 against ``inside`` (the card's face, the button's fill), and how
    thick the band beyond it that stands out 3:1 against ``outside`` (what lies there unfocused: the
    felt, a panel) and against the same pixels drawn without the focus."""
    dark = run(focused, edge, outward, lambda seen, x, y: theme.contrast_ratio(seen, inside) >= 3)
    start = (edge[0] + outward[0] * dark, edge[1] + outward[1] * dark)
    light = run(
        focused,
        start,
        outward,
        lambda seen, x, y: theme.contrast_ratio(seen, outside(x, y)) >= 3
        and theme.contrast_ratio(seen, colour(plain, x, y)) >= 3,
    )
    return dark, light


SIZES = [((390, 844), 1.0), ((1280, 720), 1.0), ((780, 1688), 2.0)]


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=lambda case: str(case))
@pytest.mark.parametrize("seed", (0, 1, 38))  # 38: a wide index ("10") beside the focus
def test_the_focus_ring_on_a_card_stands_out_on_the_card_and_the_felt(
    size: tuple[int, int], scale: float, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("hearts.ui.session.new_seed", lambda: seed)  # (the deal decides what lies where)
    driver = Driver(size, settings=Settings(pace="quick"), scale=scale)
    table = to_first_turn_to_play(driver)
    # The first card of the top row: the felt on its left and above, the next card over it (in two
    # rows, the deal decides which row the hand's first card starts), once the cards you were given
    # have gone down.
    for _ in range(round(2 / FRAME)):
        driver.step()
    frame = table.frame()
    spots = dict(frame.cards)
    first = min(range(len(frame.hand) - 1), key=lambda index: (spots[frame.hand[index]].top, index))
    driver.key(pygame.K_HOME)
    for _ in range(first):
        driver.key(pygame.K_RIGHT)
    assert table.state.focus == first
    focused, plain = drawn(table, size)
    frame = table.frame()
    card = dict(frame.cards)[frame.hand[first]]
    after = dict(frame.cards)[frame.hand[first + 1]]
    # The ring marks the part of the card no other card covers (its neighbours' indices stay readable).
    rect = table.layout.hand.visible_part(len(frame.hand), first, frame.raised)
    assert rect.topleft == card.topleft and rect.right == after.left
    rect.width -= focus_band(table.layout.metrics.unit)  # (the ring ends early over the next card)
    felt = theme.felt(size)
    least = 2 * scale  # 2 CSS pixels
    border = table.ctx.painter.layout(card.width, card.height).border
    paper = colour(plain, rect.left + border + 1, rect.centery)  # inside the edge, within the margin
    assert theme.luminance(paper) > 0.3, ("the card's face, inside its edge", paper)
    for edge, outward in (((rect.left - 1, rect.centery), (-1, 0)), ((rect.centerx, rect.top - 1), (0, -1))):
        for inside in (paper, theme.CARD_FACE):
            dark, light = measure_ring(focused, plain, edge, outward, inside, lambda x, y: colour(felt, x, y))
            assert dark >= least and light >= least, (edge, dark, light)
    # The next card lies over this one's right part: the ring is drawn over its edge, never hidden by it,
    # and no wider there than a few CSS pixels, clear of its corner index.
    index = table.ctx.painter.layout(after.width, after.height).index_rect.move(after.topleft)
    for y in range(rect.top + rect.height // 3, rect.bottom - rect.height // 3):
        ring = [colour(focused, rect.right + step, y) for step in range(4 * int(least))]
        dark = sum(1 for seen in ring if seen == theme.FOCUS_RING_OUTLINE)
        light = sum(1 for seen in ring if seen == theme.FOCUS_RING)
        assert dark >= least and light >= least, (y, dark, light)
        under = colour(plain, rect.right, y)
        if theme.luminance(under) > 0.25:  # the next card's paper, not a pip
            assert theme.contrast_ratio(ring[0], under) >= 3
    ink = [
        (x, y)
        for x in range(index.left, index.right)
        for y in range(index.top, index.bottom)
        if theme.luminance(colour(plain, x, y)) < 0.3  # the index's rank and suit, not its paper
    ]
    assert ink, "no index found"
    covered = [spot for spot in ink if colour(focused, *spot) != colour(plain, *spot)]
    assert not covered, ("the ring covers the next card's index", covered[:5])


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=lambda case: str(case))
def test_the_focus_ring_on_a_raised_card_goes_round_all_of_it_that_shows(
    size: tuple[int, int], scale: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H raises Hard's card and puts the focus on it: the ring goes round the strip beside the next card
    and the band above it (it circled the strip alone, the band above looking like another card)."""
    monkeypatch.setattr("hearts.ui.session.new_seed", lambda: 1)  # (the A♣ raised, a card over its right)
    driver = Driver(size, settings=Settings(pace="quick"), scale=scale)
    table = to_first_turn_to_play(driver)
    driver.key(pygame.K_h)
    for _ in range(round(3 / FRAME)):
        if table.state.raised is not None:
            break
        driver.step()
    focus = table.state.focus
    frame = table.frame()
    assert focus is not None and frame.hand[focus] == table.state.raised and focus + 1 < len(frame.hand)
    focused, plain = drawn(table, size)
    spots = dict(frame.cards)
    card, after = spots[frame.hand[focus]], spots[frame.hand[focus + 1]]
    assert after.left < card.right and after.top > card.top  # raised, the next card over its right part
    band = focus_band(table.layout.metrics.unit)
    radius = table.ctx.painter.layout(card.width, card.height).radius
    above = range(card.left + radius, card.right - radius)
    assert all(colour(focused, x, card.top - 1 - band // 2) == theme.FOCUS_RING_OUTLINE for x in above)
    beside = range(card.top + radius, after.top - 2 * band)
    assert all(colour(focused, card.right + band // 2, y) == theme.FOCUS_RING_OUTLINE for y in beside)
    index = table.ctx.painter.layout(after.width, after.height).index_rect.move(after.topleft)
    covered = [
        (x, y)
        for x in range(index.left, index.right)
        for y in range(index.top, index.bottom)
        if colour(focused, x, y) != colour(plain, x, y)
    ]
    assert not covered, ("the ring covers the next card's index", covered[:5])


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=lambda case: str(case))
def test_the_focus_on_the_yellow_pass_button_stands_out(size: tuple[int, int], scale: float) -> None:
    driver = Driver(size, settings=Settings(pace="quick"), scale=scale)
    driver.click(driver.button_spot("new"))
    driver.settle()
    table = driver.table
    driver.key(pygame.K_HOME)
    for card in sorted(suggest_pass(table.session.view)):
        move_focus(driver, table, table.hand_cards().index(card))
        driver.key(pygame.K_RETURN)
    assert table.state.focus == len(table.hand_cards())
    button = next(button for button in table.snapshot().buttons if button.key == "action")
    assert button.primary and button.enabled
    focused, plain = drawn(table, size)
    assert pygame.image.tobytes(focused, "RGB") != pygame.image.tobytes(plain, "RGB")
    rect = button.rect
    for edge, outward in (((rect.left - 1, rect.centery), (-1, 0)), ((rect.centerx, rect.top - 1), (0, -1))):
        dark, light = measure_ring(
            focused, plain, edge, outward, theme.PRIMARY, lambda x, y: colour(plain, x, y)
        )
        assert dark >= 2 * scale and light >= 2 * scale, (edge, dark, light)


def test_the_focus_on_a_dialogs_yellow_button_stands_out() -> None:
    size = (390, 844)
    seen: list[Dialog] = []

    def measure(dialog: Dialog) -> None:
        if seen:
            return
        seen.append(dialog)
        button = dialog.buttons[0]
        assert button.primary
        focused, plain = drawn(dialog, size)
        rect = button.rect
        dark, light = measure_ring(
            focused,
            plain,
            (rect.left - 1, rect.centery),
            (-1, 0),
            theme.PRIMARY,
            lambda x, y: colour(plain, x, y),
        )
        assert dark >= 2 and light >= 2, (dark, light)

    driver = Driver(size, settings=QUICK)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    play_match_by_keys(driver, measure)
    assert seen and seen[0].name == "hand_result"


# Arrows in a grid of buttons ----------------------------------------------------------------------------


def test_arrows_move_the_way_they_point_in_the_two_column_pause_menu_and_in_options() -> None:
    driver = Driver((844, 390), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("new"))
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, Dialog) and menu.name == "pause"
    rects = [button.rect for button in menu.buttons]
    assert rects[0].top == rects[1].top and rects[0].left == rects[2].left, "two columns"
    assert menu.focus == 0
    for key, expected in (
        (pygame.K_DOWN, 2),  # down the left column
        (pygame.K_RIGHT, 3),  # across the row
        (pygame.K_DOWN, 5),
        (pygame.K_UP, 3),
        (pygame.K_RIGHT, 2),  # round to the row's other end
        (pygame.K_LEFT, 3),
        (pygame.K_UP, 1),
        (pygame.K_UP, len(rects) - 1),  # round to the column's bottom
    ):
        driver.key(key)
        assert menu.focus == expected, (pygame.key.name(key), menu.focus, expected)
    options = next(index for index, button in enumerate(menu.buttons) if button.key == "options")
    for _ in range(len(rects)):
        if menu.focus == options:
            break
        driver.key(pygame.K_DOWN if rects[options].left == rects[menu.focus or 0].left else pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    scene = driver.scene
    assert isinstance(scene, OptionsScene)
    # A rail down the left (Back, the tabs, Next) beside the rows: ↑ ↓ go along the rail and round, never
    # off into the rows level with it (↓ from Back went to the Difficulty row, which begins higher up).
    driver.key(pygame.K_HOME)
    back = scene.button("back")
    assert scene.focus_key == "back" and back is not None
    rail = sorted(
        (button for button in scene.buttons if button.enabled and button.rect.left == back.rect.left),
        key=lambda button: button.rect.top,
    )
    walked = []
    for _ in rail:
        walked.append(scene.focus_key)
        driver.key(pygame.K_DOWN)
    assert walked == [button.key for button in rail] and len(rail) >= 3 and scene.focus_key == "back"
    # → from the Game tab into the row level with it; then ↓ row by row, onto the control closest across.
    driver.key(pygame.K_DOWN)
    assert scene.focus_key == "tab_game"
    driver.key(pygame.K_RIGHT)
    assert scene.focus_key == "difficulty:0"
    for _ in range(4):
        before = scene.button(scene.focus_key or "")
        driver.key(pygame.K_DOWN)
        after = scene.button(scene.focus_key or "")
        assert before is not None and after is not None
        assert after.rect.top > before.rect.top, (before.key, after.key)
        row = [button for button in scene.buttons if button.enabled and button.rect.top == after.rect.top]
        assert after == min(row, key=lambda button: abs(button.rect.centerx - before.rect.centerx))
    # Across a segmented control: each choice in turn, then round to its first (not the rail's tab level
    # with the row's other end, where a key more went to the Table tab and Enter changed tabs); ← from
    # its first goes on to that tab.
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    walked = []
    for _ in range(4):
        walked.append(scene.focus_key)
        driver.key(pygame.K_RIGHT)
    assert walked == ["difficulty:0", "difficulty:1", "difficulty:2", "difficulty:0"]
    driver.key(pygame.K_LEFT)  # (from its second)
    driver.key(pygame.K_LEFT)
    assert scene.focus_key == "tab_game"


def test_a_rail_beside_rows_is_a_column_of_its_own() -> None:
    """Back and a tab down the left, a wide gap, then rows of choices: ↑ ↓ keep to the rail, a row's end
    goes round on its own side, and a choice alone on its side of a row stays put going round."""
    rail = [pygame.Rect(0, 0, 100, 40), pygame.Rect(0, 60, 100, 40)]
    rows = [pygame.Rect(500, 5, 60, 40), pygame.Rect(560, 5, 60, 40), pygame.Rect(540, 62, 80, 40)]
    rects = rail + rows
    down = Step(1, vertical=True)
    assert step_focus(rects, 0, down) == 1 and step_focus(rects, 1, down) == 0  # down the rail, round
    assert step_focus(rects, 2, down) == 4  # the rows below, closest across
    assert step_focus(rects, 0, Step(1)) == 2  # → from the rail into the row level with it
    assert step_focus(rects, 3, Step(1)) == 2  # the row's end: round to its own first choice
    assert step_focus(rects, 4, Step(1)) == 4  # alone on its side: stays
    assert step_focus(rects, 4, Step(-1)) == 1  # ← on to the rail


def test_a_list_answers_every_arrow_and_a_grid_moves_by_rows_and_columns() -> None:
    column = [pygame.Rect(0, top, 100, 40) for top in (0, 50, 100)]
    row = [pygame.Rect(left, 0, 100, 40) for left in (0, 110, 220)]
    grid = [pygame.Rect(left, top, 100, 40) for top in (0, 50) for left in (0, 110)]
    for rects in (column, row):  # a single column or row: every arrow moves along it, going round
        for vertical in (False, True):
            assert step_focus(rects, 0, Step(1, vertical=vertical)) == 1
            assert step_focus(rects, 0, Step(-1, vertical=vertical)) == 2
    assert step_focus(grid, 0, Step(1, vertical=True)) == 2  # down the column
    assert step_focus(grid, 0, Step(1, vertical=False)) == 1  # across the row
    assert step_focus(grid, 1, Step(1, vertical=False)) == 0  # round to the row's start
    assert step_focus(grid, 3, Step(1, vertical=True)) == 1  # round to the column's top
    assert (
        step_focus(grid, None, Step(1, vertical=True)) == 0
        and step_focus(grid, None, Step(-1, vertical=False)) == 3
    )
    assert step_focus([], None, Step(1)) is None
    # The last of an odd count, alone in its row of a grid (the pause menu's Main menu): ← → stay on it.
    odd = [*grid, pygame.Rect(0, 100, 100, 40)]
    assert (
        step_focus(odd, 4, Step(1, vertical=False)) == 4 and step_focus(odd, 4, Step(-1, vertical=False)) == 4
    )
    assert step_focus(odd, 4, Step(1, vertical=True)) == 0


def test_tab_and_shift_tab_go_through_every_button_in_order_options_tabs_included() -> None:
    """Tab moves to the next button in the order the screen lists them, Shift+Tab back, going round, in a
    grid as in a list; in Options that reaches every tab (the arrows go by rows and may pass a rail's
    tabs by)."""
    shift_tab = pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0
    )
    driver = Driver((844, 390), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("new"))
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, Dialog) and menu.name == "pause" and menu.focus == 0
    count = len(menu.buttons)
    for expected in [*range(1, count), 0]:
        driver.key(pygame.K_TAB)
        assert menu.focus == expected
    driver.post(shift_tab)
    assert menu.focus == count - 1
    options = next(index for index, button in enumerate(menu.buttons) if button.key == "options")
    while menu.focus != options:
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    scene = driver.scene
    assert isinstance(scene, OptionsScene)
    enabled = [button.key for button in scene.buttons if button.enabled]
    seen = []
    for _ in range(len(enabled)):
        driver.key(pygame.K_TAB)
        seen.append(scene.focus_key)
    assert sorted(seen, key=str) == sorted(enabled, key=str)  # every one, once
    tabs = [key for key in enabled if key.startswith("tab_")]
    assert len(tabs) >= 2 and set(tabs) <= set(seen)
    before = scene.focus_key
    driver.key(pygame.K_TAB)
    driver.post(shift_tab)
    assert scene.focus_key == before


def test_an_enter_pressed_while_the_cards_move_still_leaves_the_focus_on_a_card_you_may_play() -> None:
    driver = Driver((1280, 720), settings=replace(QUICK, finish_when_settled=False))
    table = to_first_turn_to_play(driver)
    for _ in range(3):  # three of your turns: Enter pressed in every frame while the others play
        view = table.session.view
        move_focus(driver, table, table.hand_cards().index(suggest_play(view)))
        driver.key(pygame.K_RETURN)
        for _ in range(600):
            if driver.is_waiting_for_player():
                break
            driver.key(pygame.K_RETURN)
        if not isinstance(driver.scene, TableScene) or table.session.view.phase is not Phase.PLAY:
            break
        driver.step()
        cards, legal = table.hand_cards(), table.session.view.legal
        focus = table.state.focus
        assert focus is not None and cards[focus] in legal, "the focus waits on a card to play"
