"""After a hand and after the match: the hand result says who took the Q♠ and how many hearts each seat
took; the score sheet shows every hand's scores and running totals, the engine's own, through a reload."""

from __future__ import annotations

import itertools

import pygame
import pytest
from snapshot import build, context

from hearts.announce.refusal import speak_symbols
from hearts.engine import HandScored, Match, MatchOver, Moon, Phase, Rules, Seat, places
from hearts.storage import MemoryBackend, Store
from hearts.ui import theme
from hearts.ui.report import recording
from hearts.ui.scenes.dialog import SECOND_TAP, Dialog
from hearts.ui.scenes.hand_result import hand_result_dialog
from hearts.ui.scenes.match_result import match_result_dialog
from hearts.ui.scenes.score_sheet import sheet_rows
from hearts.ui.session import Session
from hearts.ui.widgets import SCRIM_BAND, darken
from hearts.words import SEAT_NAMES, hand_story

from .driver import FRAME, Driver
from .test_app import QUICK, reload, start_match
from .test_layout import SIZES


def dialog_texts(name: str, size: tuple[int, int]) -> tuple[Dialog, list[dict]]:  # type: ignore[type-arg]
    """The scene ``name`` drawn at ``size``: its dialog and the texts drawn inside the dialog's panel."""
    pygame.display.init()
    ctx = context(size, 1.0)
    stack = build(name, ctx)
    dialog = stack[-1]
    assert isinstance(dialog, Dialog)
    surface = pygame.Surface(size)
    with recording(size, 1.0) as report:
        for scene in stack:
            scene.draw(surface)
    panel = dialog.layout.panel
    texts = [
        item
        for item in report.to_json()["items"]
        if item["kind"] == "text" and panel.collidepoint(item["rect"][0] + 1, item["rect"][1] + 1)
    ]
    return dialog, texts


def on_the_row_of(texts: list[dict], words: str) -> list[str]:  # type: ignore[type-arg]
    """Every text on the same line as ``words``."""
    row = next(item for item in texts if item["text"] == words)
    middle = row["rect"][1] + row["rect"][3] / 2
    return [item["text"] for item in texts if item["rect"][1] <= middle <= item["rect"][1] + item["rect"][3]]


def test_the_hand_result_names_the_queens_taker_and_each_seats_hearts() -> None:
    for size in ((390, 844), (844, 390)):
        dialog, texts = dialog_texts("hand_result", size)
        assert dialog.ctx.session is not None
        scored = dialog.ctx.session.match.results[-1]
        assert scored.queen_taker is not None
        for seat in Seat:
            row = on_the_row_of(texts, SEAT_NAMES[seat])
            assert str(scored.hearts[seat]) in row, (seat, row)
            assert ("Q♠" in row) == (seat == scored.queen_taker), (seat, row)
        words = " ".join(item["text"] for item in texts)
        assert "Next: Hand 2 · Pass right · to 100" in words


def open_the_score_sheet(driver: Driver) -> Dialog:
    driver.click(driver.button_spot("menu"))
    pause = driver.scene
    assert isinstance(pause, Dialog) and pause.name == "pause"
    driver.click(next(button for button in pause.buttons if button.key == "score_sheet").rect.center)
    sheet = driver.scene
    assert isinstance(sheet, Dialog) and sheet.name == "score_sheet"
    return sheet


def test_the_score_sheet_is_the_engines_hand_by_hand_through_a_reload() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=2)
    driver.click(driver.scene.buttons[0].rect.center)  # past the second hand's result
    driver.settle()
    results = driver.table.session.match.results
    assert len(results) == 2
    rows = sheet_rows(results)
    assert [number for number, _ in rows] == [1, 2]
    for seat in Seat:
        scores = [cells[seat][0] for _, cells in rows]
        totals = [cells[seat][1] for _, cells in rows]
        assert totals == list(itertools.accumulate(scores))  # running totals of the hands' scores
        assert totals[-1] == driver.table.session.match.totals[seat]
    open_the_score_sheet(driver)
    again = reload(driver)
    again.settle()
    assert sheet_rows(again.table.session.match.results) == rows
    sheet = open_the_score_sheet(again)
    close = next(button for button in sheet.buttons if button.label == "Close")
    again.click(close.rect.center)
    assert isinstance(again.scene, Dialog) and again.scene.name == "pause"  # the menu it was opened from
    again.key(pygame.K_ESCAPE)
    assert again.scene is again.table


SEED = 11
"""The seed of the matches these tests start."""


def a_new_match(size: tuple[int, int]) -> Driver:
    """A match of ``SEED`` (saved before its first deal, so the app opens at its table), at its pass."""
    backend = MemoryBackend()
    Store(backend).save_match(Session(Match(Rules()), SEED, "normal").to_saved())
    driver = Driver(size, backend=backend, settings=QUICK)
    driver.settle()
    assert driver.table.session.view.phase is Phase.PASS and not driver.table.session.match.results
    return driver


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_score_sheet_before_any_hand_is_scored_keeps_its_words_apart(size: tuple[int, int]) -> None:
    """Opened from the menu before the first hand ends: it says no hand has been scored, and none of its
    words is drawn over another (the sentence lay across the key and the seats' columns)."""
    driver = a_new_match(size)
    sheet = open_the_score_sheet(driver)
    with recording(size, 1.0) as report:
        sheet.dirty = True
        driver.step()
    panel = sheet.layout.panel
    drawn = [item for item in report.items if item["kind"] == "text"]
    start = next(index for index, item in enumerate(drawn) if item["text"] == sheet.title)
    texts = [(item["text"], pygame.Rect(item["rect"])) for item in drawn[start:]]  # (not the table's)
    assert "No hand has been scored yet." in [text for text, _ in texts]
    for (one, rect), (other, rect_other) in itertools.combinations(texts, 2):
        assert not rect.colliderect(rect_other), (one, rect, other, rect_other)
    for text, rect in texts:
        assert panel.contains(rect), (text, rect)
    mirrored = sheet.mirror().dialog
    assert mirrored is not None
    assert [choice.label for choice in mirrored.choices].count("Close") == 1  # (× was a second Close)


@pytest.mark.parametrize("how", ["close", "escape", "outside"])
def test_the_score_sheet_opened_from_the_menu_closes_back_to_the_menu(how: str) -> None:
    """By Close, Escape, or a tap outside it (not the second of a double tap that opened it)."""
    driver = a_new_match((390, 844))
    sheet = open_the_score_sheet(driver)
    if how == "close":
        driver.click(driver.button_spot("close"))
    elif how == "escape":
        driver.key(pygame.K_ESCAPE)
    else:
        outside = (sheet.layout.panel.centerx, sheet.layout.panel.bottom + 4)
        inside = (sheet.layout.panel.centerx, sheet.layout.panel.top + 4)
        driver.click(outside)  # at once: a double tap's second
        assert driver.scene is sheet
        for _ in range(round(SECOND_TAP / FRAME) + 1):
            driver.step()
        driver.click(inside)  # on the panel, not a button: it stays
        assert driver.scene is sheet
        driver.click(outside)
    pause = driver.scene
    assert isinstance(pause, Dialog) and pause.name == "pause"
    assert driver.app.stack == [driver.table, pause]
    driver.click(driver.button_spot("resume"))  # and the menu still goes back to the table
    assert driver.scene is driver.table


@pytest.mark.parametrize("entry", ["options", "statistics", "rules", "challenge"])
def test_what_the_menu_opens_comes_back_to_the_menu(entry: str) -> None:
    """Each of the match menu's screens goes back where it came from, by Escape as by its own button, as
    the score sheet does: the menu, not the table."""
    driver = a_new_match((390, 844))
    for how in ("escape", "button"):
        driver.click(driver.button_spot("menu"))
        driver.click(driver.button_spot(entry))
        opened = driver.scene
        assert not (isinstance(opened, Dialog) and opened.name == "pause"), entry
        if how == "escape":
            driver.key(pygame.K_ESCAPE)
        else:
            driver.click(driver.button_spot("done" if entry == "challenge" else "back"))
        pause = driver.scene
        assert isinstance(pause, Dialog) and pause.name == "pause", (entry, how, opened)
        assert driver.app.stack == [driver.table, pause]
        driver.key(pygame.K_ESCAPE)
        assert driver.scene is driver.table


def test_the_match_result_opens_the_score_sheet_and_comes_back() -> None:
    driver = Driver((390, 844))
    stack = build("victory", driver.app.ctx)
    driver.app.stack = stack
    table, result = stack
    assert isinstance(result, Dialog)
    button = next(button for button in result.buttons if button.label == "Score sheet")
    driver.click(button.rect.center)
    sheet = driver.scene
    assert isinstance(sheet, Dialog) and sheet.name == "score_sheet"
    assert driver.app.stack == [table, result, sheet]  # over the result, which waits beneath
    match = table.session.match  # type: ignore[attr-defined]
    shown = sheet_rows(match.results)[-8:]
    assert sheet.title.startswith("Score sheet")
    assert shown[-1][1] == tuple(
        (score, total) for score, total in zip(match.results[-1].scores, match.totals, strict=False)
    )
    close = next(button for button in sheet.buttons if button.label == "Close")
    driver.click(close.rect.center)
    assert driver.scene is result and driver.app.stack == [table, result]


def test_the_chart_follows_every_seats_total_hand_by_hand() -> None:
    from hearts.ui.celebration import chart_points

    pygame.display.init()
    ctx = context((390, 844), 1.0)
    table, _ = build("victory", ctx)
    match = table.session.match  # type: ignore[attr-defined]
    area = pygame.Rect(10, 20, 300, 150)
    points, target_y = chart_points(match.results, match.rules.target, area)
    for seat in Seat:
        line = points[seat]
        assert len(line) == len(match.results) + 1
        assert line[0][0] == area.left and line[-1][0] == area.right
        xs = [x for x, _ in line]
        assert xs == sorted(xs)
        # Higher on the chart is more points, hand by hand.
        totals = [0, *(result.totals[seat] for result in match.results)]
        for (one, two), (y_one, y_two) in zip(
            itertools.pairwise(totals), itertools.pairwise(y for _, y in line), strict=True
        ):
            assert (two > one) == (y_two < y_one) or two == one
    ranking = sorted(Seat, key=lambda seat: match.totals[seat])
    assert [points[seat][-1][1] for seat in ranking] == sorted(
        (points[seat][-1][1] for seat in ranking), reverse=True
    )
    assert area.top <= target_y <= area.bottom


def test_the_match_result_keeps_its_chart_on_phones_both_ways_up() -> None:
    """Under the ranking in portrait; beside it in landscape, where the buttons go in one row."""
    for size in ((320, 568), (390, 844), (667, 375), (844, 390), (1280, 720), (1920, 1080)):
        dialog, texts = dialog_texts("victory", size)
        target = next(item for item in texts if item["text"].startswith("target "))
        last = next(item for item in texts if item["text"].startswith("4."))
        panel = dialog.layout.panel
        for button in dialog.layout.buttons:
            assert panel.contains(button), size
        tops = {button.top for button in dialog.layout.buttons}
        if size[0] > size[1]:
            assert target["rect"][0] >= last["rect"][0] + last["rect"][2], size
            assert len(tops) == 1, size
        else:
            assert target["rect"][1] >= last["rect"][1] + last["rect"][3], size


def test_a_victory_sends_the_page_its_mirror_once_not_every_frame_of_its_confetti(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A dialog builds its mirror anew each frame it draws (the victory's, as the suits fall): the page
    gets it again only when it differs, not a copy a frame to turn into JSON and compare."""
    sent: list[object] = []
    monkeypatch.setattr("hearts.page.mirror", sent.append)
    driver = Driver((390, 844))
    driver.app.mirroring = True
    _, result = build("victory", driver.app.ctx)
    assert isinstance(result, Dialog) and result.is_animating
    driver.app.stack.append(result)
    drawn = sum(driver.step() for _ in range(30))
    assert drawn == 30 and result.is_animating
    assert len(sent) == 1 and sent[0] == result.mirror()


def test_a_victory_celebrates_for_a_while_and_leaves_nothing_behind_under_reduced_motion() -> None:
    from dataclasses import replace

    from hearts.ui.celebration import FALL_TIME

    pygame.display.init()
    ctx = context((390, 844), 1.0)
    _, result = build("victory", ctx)
    assert isinstance(result, Dialog) and result.confetti is not None
    assert result.is_animating
    for _ in range(round(FALL_TIME * 60)):
        result.update(1 / 60)
    assert not result.is_animating  # then the screen is still: no redraws
    ended = pygame.Surface((390, 844))
    result.confetti.draw(ended, ctx.painter)
    assert pygame.mask.from_threshold(ended, (0, 0, 0), (1, 1, 1, 255)).count() == 390 * 844  # all gone
    still = context((390, 844), 1.0, replace(ctx.settings, reduced_motion=True))
    table, calm = build("victory", still)
    assert isinstance(calm, Dialog) and calm.confetti is None and not calm.is_animating
    # Nothing over the table but the scrim: outside the panel, the picture is the table darkened.
    drawn, under = pygame.Surface((390, 844)), pygame.Surface((390, 844))
    table.draw(drawn)
    calm.draw(drawn)
    table.draw(under)
    under.fill(theme.SCRIM, special_flags=pygame.BLEND_RGB_MULT)  # (as ``widgets.darken`` does, faster)
    outside = pygame.Rect(0, calm.layout.panel.bottom + 2, 390, 844 - calm.layout.panel.bottom - 2)
    assert drawn.subsurface(outside).get_view("2").raw == under.subsurface(outside).get_view("2").raw
    _, lost = build("defeat", ctx)
    assert isinstance(lost, Dialog) and lost.confetti is None


def test_the_hand_result_opens_the_pause_menu_by_escape_and_by_its_menu_button() -> None:
    """The result is no dead end: Escape and the menu button open the match's menu over it, with all the
    menu holds, and closing the menu goes back to the result (which still deals the next hand)."""
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    result = driver.scene
    assert isinstance(result, Dialog) and result.name == "hand_result"
    assert result.menu_button is not None
    assert result.menu_button.rect == driver.table.layout.buttons["menu"]  # the table's own, live over it
    for opening in ("escape", "button"):
        if opening == "escape":
            driver.key(pygame.K_ESCAPE)
        else:
            driver.click(result.menu_button.rect.center)
        menu = driver.scene
        assert isinstance(menu, Dialog) and menu.name == "pause", opening
        keys = {button.key for button in menu.buttons}
        assert {"score_sheet", "options", "statistics", "rules", "main_menu", "new_match"} <= keys
        assert menu.buttons[0].label == "Back to the result"
        driver.key(pygame.K_ESCAPE) if opening == "escape" else driver.click(menu.buttons[0].rect.center)
        assert driver.scene is result, opening
    driver.click(result.menu_button.rect.center)
    driver.click(driver.button_spot("options"))
    driver.key(pygame.K_ESCAPE)  # Options closed: back to the menu, then to the result, not the table
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "pause"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is result
    driver.click(driver.button_spot("next_hand"))
    driver.settle()
    assert driver.table.session.match.hand_number == 2


def story_hands() -> list[tuple[str, HandScored]]:
    """Hands with two story lines or more: a moon with the J♦, a missed moon with the J♦."""
    moon = HandScored(
        1, (26, 0, 0, 0), (0, 26, 16, 26), (0, 26, 16, 26), Seat.SOUTH, Moon.ADD_TO_OTHERS, Seat.NORTH,
        (13, 0, 0, 0), Seat.SOUTH,
    )  # fmt: skip
    missed = HandScored(
        1, (1, 24, 1, 0), (1, 14, 1, 0), (1, 14, 1, 0), None, None, Seat.WEST, (1, 11, 1, 0), Seat.WEST
    )
    return [("moon", moon), ("missed", missed)]


@pytest.mark.parametrize(("size", "scale"), SIZES, ids=[f"{w}x{h}@{s:g}" for (w, h), s in SIZES])
def test_the_hand_result_shows_every_line_inside_its_panel(size: tuple[int, int], scale: float) -> None:
    """A moon or a missed moon with the J♦ and the next hand: every line shows, inside the panel, in
    the panel's own size for its words (the height counts the gaps between paragraphs)."""
    pygame.display.init()
    ctx = context(size, scale)
    session = Session.new(Rules(jack_of_diamonds=True), "normal", seed=1)
    for name, scored in story_hands():
        dialog = hand_result_dialog(ctx, session, scored, False)
        surface = pygame.Surface(size)
        with recording(size, scale) as report:
            dialog.draw(surface)
        panel = dialog.layout.panel
        texts = [item for item in report.items if item["kind"] == "text"]
        shown = " ".join(item["text"] for item in texts)
        for line in (*hand_story(scored), "Next: Hand 2"):
            assert line in shown, (name, line)
        title = "Hand 1: you shot the moon!" if name == "moon" else "Hand 1"  # (a moon of yours, celebrated)
        assert dialog.title == title and title in shown, (name, shown)
        for item in texts:
            x, y, width, height = (round(value * scale) for value in item["rect"])
            assert panel.contains(pygame.Rect(x, y, width, height).inflate(-2, -2)), (name, item)
            assert item["px"] >= 12, (name, item)
        headers = [
            next(item for item in texts if item["text"] == word) for word in ("♥", "Q♠", "Hand", "Total")
        ]
        for left, right in itertools.pairwise(headers):  # the headers never run together
            assert left["rect"][0] + left["rect"][2] + 8 <= right["rect"][0], (name, left, right)


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)])
def test_the_score_sheet_keeps_each_seats_numbers_under_its_name(size: tuple[int, int]) -> None:
    """One column per seat: its name over both of its numbers for every hand (the hand's points and the
    total after it), the moon and the J♦ marked in the column of the seat they fell to, the target
    said; everything inside the panel, nothing under 12 px."""
    dialog, drawn = dialog_texts("score_sheet", size)
    texts = drawn[next(index for index, item in enumerate(drawn) if item["text"] == dialog.title) :]
    assert dialog.ctx.session is not None
    results = dialog.ctx.session.match.results
    assert any(result.moon_shooter is not None for result in results)
    assert any(result.jack_taker is not None for result in results)
    names = {seat: next(item for item in texts if item["text"] == SEAT_NAMES[seat]) for seat in Seat}

    def column_of(item: dict) -> Seat | None:  # type: ignore[type-arg]
        """The seat whose name stands over ``item`` (its whole width under the name's column)."""
        middle = item["rect"][0] + item["rect"][2] / 2
        return next((seat for seat in Seat if abs(column_centre[seat] - middle) < half_width), None)

    column_centre = {seat: item["rect"][0] + item["rect"][2] / 2 for seat, item in names.items()}
    half_width = min(b - a for a, b in itertools.pairwise(sorted(column_centre.values()))) / 2
    numbers_below = [item for item in texts if item["rect"][1] > names[Seat.SOUTH]["rect"][1] + 4]
    for result in results[-8:]:
        row = [item for item in numbers_below if item["text"] == str(result.hand_number)]
        assert row, result.hand_number
        for seat in Seat:
            column = [item for item in numbers_below if column_of(item) is seat]
            said = [item["text"] for item in column]
            assert str(result.totals[seat]).replace("-", "−") in said
            score = result.scores[seat]
            assert (f"+{score}" if score > 0 else str(score).replace("-", "−")) in said
        for seat, mark in ((result.moon_shooter, "☾"), (result.jack_taker, "♦")):
            marked = [
                item for item in numbers_below if mark in item["text"] and "Each seat" not in item["text"]
            ]
            if seat is not None:
                assert any(column_of(item) is seat for item in marked), (result.hand_number, mark)
    words = " ".join(item["text"] for item in texts)
    assert "Target: 100." in words and "☾ shot the moon." in words and "♦ took the J♦." in words
    panel = dialog.layout.panel
    for item in texts:
        assert panel.contains(pygame.Rect(item["rect"]).inflate(-2, -2)), item
        assert item["px"] >= 12, item


def test_tied_places_share_their_rank() -> None:
    """Two seats on 43 behind West's 20: both are "=2", the next is fourth, and you tied for second."""
    assert places((43, 20, 43, 55)) == {
        Seat.SOUTH: (2, True), Seat.WEST: (1, False), Seat.NORTH: (2, True), Seat.EAST: (4, False)
    }  # fmt: skip
    assert places((30, 30, 50, 60))[Seat.SOUTH] == (1, True)  # a shared win
    pygame.display.init()
    size = (390, 844)
    ctx = context(size, 1.0)
    session = Session.new(Rules(target=50), "normal", seed=1)
    dialog = match_result_dialog(ctx, session, MatchOver((Seat.WEST,), (43, 20, 43, 55)))
    with recording(size, 1.0) as report:
        dialog.draw(pygame.Surface(size))
    texts = [item["text"] for item in report.items if item["kind"] == "text"]
    assert "=2.  You" in texts and "=2.  North" in texts and "4.  East" in texts
    assert any(text.startswith("1.  West") for text in texts)
    assert "You tied for second." in " ".join(texts)


def test_a_long_match_pages_its_score_sheet_from_the_latest_hands() -> None:
    """Past eight hands the sheet opens on the page of the latest, outlined there; Earlier hands shows the
    first eight, and Later hands comes back."""
    driver = Driver((390, 844))
    stack = build("victory", driver.app.ctx)
    driver.app.stack = stack
    result = stack[-1]
    assert isinstance(result, Dialog)
    results = driver.app.ctx.session.match.results  # type: ignore[union-attr]
    assert len(results) > 8
    driver.click(next(button for button in result.buttons if button.label == "Score sheet").rect.center)
    sheet = driver.scene
    assert isinstance(sheet, Dialog) and sheet.title == "Score sheet (2 of 2)"
    driver.click(driver.button_spot("earlier"))
    earlier = driver.scene
    assert isinstance(earlier, Dialog) and earlier.title == "Score sheet (1 of 2)"
    with recording((390, 844), 1.0) as report:
        earlier.draw(pygame.Surface((390, 844)))
    left = earlier.layout.body.left
    numbers = [
        item["text"] for item in report.items if item["kind"] == "text" and abs(item["rect"][0] - left) < 10
    ]
    assert numbers[:8] == [str(number) for number in range(1, 9)]  # the hands' numbers down the left
    driver.click(driver.button_spot("later"))
    assert isinstance(driver.scene, Dialog) and driver.scene.title == "Score sheet (2 of 2)"


def test_the_hand_result_is_in_the_page_mirror_a_seat_a_sentence_with_its_story() -> None:
    """What the table shows, to read again after the announcer has said it: each seat's hearts and Q♠,
    its score for the hand and its total, in words; then the hand's story and the next hand."""
    pygame.display.init()
    ctx = context((390, 844), 1.0)
    session = Session.new(Rules(jack_of_diamonds=True), "normal", seed=1)
    (_, moon), (_, missed) = story_hands()
    lines = hand_result_dialog(ctx, session, missed, False).mirror().dialog.lines  # type: ignore[union-attr]
    assert lines[:4] == (
        "You: 1 heart, +1 this hand, 1 in all.",
        "West: 11 hearts and the queen of spades, +14 this hand, 14 in all.",
        "North: 1 heart, +1 this hand, 1 in all.",
        "East: no penalty cards, 0 this hand, 0 in all.",
    )
    assert lines[4:] == tuple(
        speak_symbols(line) for line in (*hand_story(missed), "Next: Hand 2 · Pass right · to 100")
    )
    said = hand_result_dialog(ctx, session, moon, True).opened_words("full", returned=False)
    assert (
        said is not None and "in all" not in said.text
    )  # the announcer says the result; the mirror keeps it


def test_the_match_result_and_its_score_sheet_are_in_the_page_mirror() -> None:
    """Drawn, the ranking and the sheet are a picture: the mirror reads them, the summary and a seat a
    sentence for the ranking, a hand a sentence for the sheet, then the sheet's key."""
    driver = Driver((390, 844))
    driver.app.stack = build("victory", driver.app.ctx)
    table, result = driver.app.stack
    assert isinstance(result, Dialog)
    match = table.session.match  # type: ignore[attr-defined]
    lines = result.mirror().dialog.lines  # type: ignore[union-attr]
    ranking = sorted(Seat, key=lambda seat: (match.totals[seat], seat))
    assert lines[0].startswith("You win by ") or lines[0].startswith("You share the win")
    names = [line.split(". ", 1)[1].split(":")[0] for line in lines[1:]]
    assert names == [SEAT_NAMES[seat] for seat in ranking]
    assert lines[1] == f"1. You: {match.totals[Seat.SOUTH]} points, winner."
    driver.click(next(button for button in result.buttons if button.label == "Score sheet").rect.center)
    sheet = driver.scene
    assert isinstance(sheet, Dialog) and sheet.name == "score_sheet"
    said = sheet.mirror().dialog.lines  # type: ignore[union-attr]
    shown = match.results[(len(match.results) - 1) // 8 * 8 :]  # the last page, eight hands a page
    assert len(said) == len(shown) + 1 and said[-1].endswith("Target: 100.")
    last = shown[-1]
    assert said[-2].startswith(f"Hand {last.hand_number}: You ")
    for seat in Seat:
        assert f"{SEAT_NAMES[seat]} " in said[-2]
        assert f", {last.totals[seat]} in all".replace("-", "−") in said[-2]


def test_the_scrim_darkens_the_table_as_black_at_an_alpha_of_140_would_within_a_level() -> None:
    """A dialog darkens what is beneath by multiplying it (a whole screen's alpha blend was a long task in
    WebAssembly at a phone's scale); it looks as the translucent black it stands for."""
    colours = pygame.Surface((256, 8))
    for x in range(256):
        pygame.draw.line(colours, (x, 255 - x, (x * 7) % 256), (x, 0), (x, 7))
    multiplied, blended = colours.copy(), colours.copy()
    multiplied.fill(theme.SCRIM, special_flags=pygame.BLEND_RGB_MULT)
    black = pygame.Surface(colours.get_size(), pygame.SRCALPHA)
    black.fill((0, 0, 0, 140))
    blended.blit(black, (0, 0))
    for x in range(256):
        one, other = multiplied.get_at((x, 4)), blended.get_at((x, 4))
        assert all(abs(a - b) <= 1 for a, b in zip(one[:3], other[:3], strict=True)), (x, one, other)
    assert multiplied.get_at((255, 4))[0] < 120  # darkened by more than half
    # The dialogs darken by a band at a time (faster in WebAssembly), to the same pixels, over a surface
    # whose height is no multiple of the band's.
    tall = pygame.Surface((256, 3 * SCRIM_BAND + 5))
    for y in range(0, tall.get_height(), 8):
        tall.blit(colours, (0, y))
    banded, filled = tall.copy(), tall.copy()
    darken(banded)
    filled.fill(theme.SCRIM, special_flags=pygame.BLEND_RGB_MULT)
    assert banded.get_view("2").raw == filled.get_view("2").raw
