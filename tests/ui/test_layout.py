"""The table's layout over a grid of window sizes: every card visible and hittable, controls apart."""

from __future__ import annotations

import itertools
import math

import pytest
from pygame import Rect

from hearts.engine import Seat
from hearts.ui.hand_layout import RAISE
from hearts.ui.layout import MIN_TAP, dialog_layout, header_layout, is_portrait
from hearts.ui.table_layout import TableLayout, table_layout

PHONE_WIDTHS = (320, 360, 375, 390, 414, 430)
PHONE_HEIGHTS = (568, 640, 667, 740, 844, 932)
TABLETS = ((768, 1024), (834, 1194), (1024, 1366))
DESKTOPS = ((1024, 768), (1280, 720), (1366, 768), (1440, 900), (1920, 1080), (2560, 1440), (3840, 2160))


def _sizes() -> list[tuple[tuple[int, int], float]]:
    sizes: list[tuple[tuple[int, int], float]] = []
    for width, height in itertools.product(PHONE_WIDTHS, PHONE_HEIGHTS):
        sizes.append(((width, height), 1.0))  # portrait phone
        sizes.append(((height, width), 1.0))  # the same phone turned
    for width, height in TABLETS:
        sizes += [((width, height), 1.0), ((height, width), 1.0)]
    sizes += [(size, 1.0) for size in DESKTOPS]
    # Dense screens: the same CSS sizes at two and three device pixels per CSS pixel (3 is capped to 2
    # by the app, but the layout must hold at any scale).
    for (width, height), scale in (
        ((390, 844), 2.0),
        ((844, 390), 2.0),
        ((320, 568), 3.0),
        ((1280, 720), 2.0),
    ):
        sizes.append(((round(width * scale), round(height * scale)), scale))
    return sizes


SIZES = _sizes()
Case = tuple[tuple[int, int], float]


def _is_large(case: Case) -> bool:
    """Beyond 1280x720 CSS pixels, on its side."""
    (width, height), scale = case
    return not is_portrait((width, height)) and width / scale > 1280 and height / scale > 720


PORTRAIT = [case for case in SIZES if is_portrait(case[0])]
LANDSCAPE = [case for case in SIZES if not is_portrait(case[0])]
LARGE = [case for case in SIZES if _is_large(case)]
NOT_LARGE = [case for case in SIZES if not _is_large(case)]


def _id(case: Case) -> str:
    (width, height), scale = case
    return f"{width}x{height}@{scale:g}"


def _ids(cases: list[Case]) -> list[str]:
    return [_id(case) for case in cases]


@pytest.fixture(params=SIZES, ids=[_id(case) for case in SIZES])
def layout(request: pytest.FixtureRequest) -> TableLayout:
    size, scale = request.param
    return table_layout(size, scale)


def _window(layout: TableLayout) -> Rect:
    return Rect(0, 0, *layout.size)


def test_the_design_follows_the_shape(layout: TableLayout) -> None:
    assert layout.is_portrait == is_portrait(layout.size)


@pytest.mark.parametrize("count", [13, 12, 8, 7, 1])
def test_every_card_is_inside_the_window_and_hittable_with_a_tap_sized_part(
    layout: TableLayout, count: int
) -> None:
    hand = layout.hand
    tap = math.ceil(MIN_TAP * layout.metrics.scale) - 1
    rects = hand.rects(count)
    assert len(rects) == count
    for index, rect in enumerate(rects):
        assert _window(layout).contains(rect), f"card {index} at {rect} leaves the window"
        visible = hand.visible_part(count, index)
        assert visible.width >= tap and visible.height >= tap, f"card {index} shows only {visible.size}"
        assert hand.hit(count, visible.center) == index


@pytest.mark.parametrize(
    "raised", [frozenset({0, 6, 12}), frozenset({3, 9, 11}), frozenset({0, 1, 8}), frozenset({7, 8, 9})]
)
def test_raised_cards_stay_in_the_window_clear_of_the_controls_and_leave_every_card_tappable(
    layout: TableLayout, raised: frozenset[int]
) -> None:
    hand = layout.hand
    tap = math.ceil(MIN_TAP * layout.metrics.scale) - 1
    for index, rect in enumerate(hand.rects(13, raised)):
        assert _window(layout).contains(rect)
        for name, control in layout.controls().items():
            assert not rect.colliderect(control), f"raised card {index} covers {name}"
        visible = hand.visible_part(13, index, raised)
        assert visible.width >= tap and visible.height >= tap, f"card {index} shows only {visible.size}"
        assert hand.hit(13, visible.center, raised) == index


def test_controls_are_tap_sized_inside_the_window_and_apart(layout: TableLayout) -> None:
    tap = math.ceil(MIN_TAP * layout.metrics.scale)
    controls = layout.controls()
    for name, rect in controls.items():
        assert rect.width >= tap and rect.height >= tap, f"{name} is {rect.size}"
        assert _window(layout).contains(rect), f"{name} leaves the window"
    for (one, a), (other, b) in itertools.combinations(controls.items(), 2):
        assert not a.colliderect(b), f"{one} overlaps {other}"


def test_panels_marks_message_and_trick_do_not_collide(layout: TableLayout) -> None:
    boxes = {f"panel {seat.name}": layout.seats[seat].panel for seat in Seat}
    boxes["message"] = layout.message
    boxes["marks"] = layout.marks
    boxes["header"] = layout.header
    hand_top = layout.hand.area.top - round(layout.hand.card[1] * RAISE)
    hand_box = Rect(layout.hand.area.left, hand_top, layout.hand.area.width, layout.size[1] - hand_top)
    for seat in Seat:
        boxes[f"trick {seat.name}"] = layout.seats[seat].trick_slot
    everything = {**boxes, **layout.controls(), "hand": hand_box}
    for (one, a), (other, b) in itertools.combinations(everything.items(), 2):
        if one.startswith("trick") and other.startswith("trick"):
            continue  # the trick's cards overlap one another on purpose
        assert not a.colliderect(b), f"{one} {a} overlaps {other} {b}"
    for name, rect in boxes.items():
        assert _window(layout).contains(rect), f"{name} leaves the window"


@pytest.mark.parametrize("case", PORTRAIT, ids=_ids(PORTRAIT))
def test_held_upright_the_hand_is_the_largest_thing_on_screen(case: Case) -> None:
    layout = table_layout(*case)
    assert layout.is_portrait
    assert layout.hand.card[0] >= layout.trick_card[0]


@pytest.mark.parametrize("case", LANDSCAPE, ids=_ids(LANDSCAPE))
def test_on_its_side_the_trick_is_a_quarter_of_the_height_where_the_hand_allows(case: Case) -> None:
    layout = table_layout(*case)
    assert not layout.is_portrait
    height = layout.size[1]
    if layout.hand.per_row == 13:
        assert layout.trick_card[1] >= height / 4, (layout.trick_card, height)
    else:
        # Too narrow for one row: the hand in two, beside them your box, the message and the action.
        # The trick's cards stay readable (a phone's 320 CSS pixels of height give them 40 across).
        assert layout.trick_card[0] >= 40 * layout.metrics.scale, (layout.trick_card, layout.hand.card)
        assert layout.trick_card[1] >= height / 5.8, (layout.trick_card, height)


def test_each_seat_box_holds_its_pieces_apart(layout: TableLayout) -> None:
    from hearts.ui.seatbox import is_one_line, seat_parts

    for seat in Seat:
        panel = layout.seats[seat].panel
        parts = seat_parts(panel, layout.metrics)
        pieces = {"mark": parts.mark, "name": parts.name, "dealer": parts.dealer, "score": parts.score}
        if not is_one_line(panel, layout.metrics):  # on one line the score runs to the box's end
            pieces["strip"] = parts.strip
            assert parts.strip.height >= 12 * layout.metrics.scale, seat
        for name, rect in pieces.items():
            assert rect.width > 0 and panel.contains(rect), (seat, name, rect, panel)
        for (one, a), (other, b) in itertools.combinations(pieces.items(), 2):
            assert not a.colliderect(b), (seat, one, other)


@pytest.mark.parametrize("case", LANDSCAPE, ids=_ids(LANDSCAPE))
def test_in_landscape_your_box_is_in_front_of_your_hand(case: Case) -> None:
    layout = table_layout(*case)
    assert not layout.is_portrait
    south = layout.seats[Seat.SOUTH].panel
    hand = layout.hand.area
    if layout.hand.per_row == 13:
        assert abs(south.centerx - hand.centerx) <= 1 and south.bottom <= layout.hand.reach_top
    else:  # two rows: your box beside them, at their height
        assert south.left >= hand.right and hand.top - layout.metrics.px(30) <= south.top < hand.bottom


def test_trick_cards_are_big_enough_to_read(layout: TableLayout) -> None:
    width, height = layout.trick_card
    assert width >= 30 * layout.metrics.scale
    assert height == round(width * 1.4)


@pytest.mark.parametrize("buttons", [1, 2, 5])
def test_dialogs_fit_with_tap_sized_buttons(layout: TableLayout, buttons: int) -> None:
    dialog = dialog_layout(layout.size, layout.metrics.scale, buttons)
    tap = math.ceil(MIN_TAP * layout.metrics.scale)
    assert _window(layout).contains(dialog.panel)
    assert dialog.body.height > 0
    for rect in (*dialog.buttons, dialog.close):
        assert dialog.panel.contains(rect)
        assert rect.width >= tap and rect.height >= tap
    for a, b in itertools.combinations((*dialog.buttons, dialog.close, dialog.body), 2):
        assert not a.colliderect(b)


def test_a_full_screen_has_back_at_the_top_left_and_its_title_centred(layout: TableLayout, fonts) -> None:  # type: ignore[no-untyped-def]
    header = header_layout(layout.size, layout.metrics, fonts)
    window = _window(layout)
    tap = math.ceil(MIN_TAP * layout.metrics.scale)
    assert window.contains(header.back) and window.contains(header.title)
    assert header.back.width >= tap and header.back.height >= tap
    assert header.back.left == header.back.top == header.title.top
    assert header.title.left > header.back.right and header.title.height == header.back.height
    assert header.title.centerx == window.centerx
    assert header.below > header.back.bottom


@pytest.fixture(scope="module")
def fonts():  # type: ignore[no-untyped-def]
    from hearts.ui.render.fonts import Fonts

    return Fonts()


@pytest.fixture(scope="module")
def painter(fonts):  # type: ignore[no-untyped-def]
    import pygame

    from hearts.ui.render.cards import CardPainter

    pygame.display.init()
    return CardPainter(fonts)


def test_text_fits_its_boxes_at_no_less_than_12_css_pixels(layout: TableLayout, fonts) -> None:  # type: ignore[no-untyped-def]
    from hearts.ui.seatbox import seat_parts

    metrics = layout.metrics
    floor = metrics.text(12)
    assert floor >= math.ceil(12 * metrics.scale)
    for seat in Seat:
        parts = seat_parts(layout.seats[seat].panel, metrics)
        assert fonts.size("North", floor, bold=True)[0] <= parts.name.width, seat
        assert fonts.line_height(floor) <= parts.name.height + metrics.px(4), seat
    # The longest prompt or reason, at the least size, in the lines the message box holds.
    longest = "You have chosen three cards. Tap one of them to put it back."
    lines = max(1, layout.message.height // fonts.line_height(floor))
    width = fonts.size(longest, floor)[0]
    assert width <= lines * layout.message.width * 0.9, (width, lines, layout.message.width)
    action_inner = layout.action.width - metrics.px(12)
    assert fonts.size("Pass across", floor, bold=True)[0] <= action_inner
    from hearts.ui.table_draw import HEARTS_BROKEN, QUEEN_PLAYED, mark_words

    for words in (HEARTS_BROKEN, QUEEN_PLAYED):
        text = mark_words(fonts, words, layout.marks.width - metrics.px(8), floor)
        assert fonts.size(text, floor, bold=True)[0] + metrics.px(8) <= layout.marks.width


# The widest things a box's score can say, by the engine's rules: a target of 150 leaves totals up to 149;
# twelve hearts, the queen and the J♦; every heart with the moon badge; the J♦'s gain alone; nothing yet.
WORST_WORDS = (
    ("149", "+15", 12, True, True, False),
    ("149", "+26", 13, True, False, True),
    ("99", "−10", 0, False, True, False),
    ("0", "0", 0, False, False, False),
)


@pytest.mark.parametrize("words", WORST_WORDS, ids=[f"{w[0]} {w[1]}" for w in WORST_WORDS])
def test_every_box_says_its_total_large_and_this_hands_points_in_words(
    layout: TableLayout,
    fonts,  # type: ignore[no-untyped-def]
    painter,  # type: ignore[no-untyped-def]
    words: tuple[str, str, int, bool, bool, bool],
) -> None:
    """Whatever the score, every box holds the total larger than the words, the hearts taken as a count
    and the Q♠ chip, always (the moon badge never stands in for them: a player read "Moon" as a moon
    shot), and this hand's points labelled: "+15 this hand" wherever there are two lines; never a number
    left unsaid. The J♦ chip and the moon badge show where there is room (this hand's points count the
    J♦ all the same)."""
    from hearts.ui.seatbox import SeatWords, is_one_line, seat_parts
    from hearts.ui.table_seats import SeatBoxes, row_width

    total, points, hearts, queen, jack, threat = words
    said = SeatWords(total=total, points=points, hearts=hearts, queen=queen, jack=jack)
    boxes = SeatBoxes(fonts, painter)
    metrics = layout.metrics
    for seat in Seat:
        panel = layout.seats[seat].panel
        one_line = is_one_line(panel, metrics)
        parts = seat_parts(panel, metrics)
        rows = boxes.set_out(metrics, parts, said, threat, 0 if seat is Seat.SOUTH else 13, one_line=one_line)
        pieces = {piece.kind: piece for _, row in rows for piece in row}
        for rect, row in rows:
            assert row_width(row) <= rect.width, (seat, [piece.text for piece in row], rect)
            assert panel.contains(rect), (seat, rect, panel)
        assert pieces["total"].text == total and pieces["total"].px > pieces["hand"].px, seat
        assert pieces["hand"].px >= metrics.text(12), seat
        if one_line:
            assert pieces["hand"].text in (f"{points} this hand", f"hand {points}"), seat
        else:
            assert pieces["hand"].text == f"{points} this hand", seat
        assert ("hearts" in pieces) == (hearts > 0), seat
        if "hearts" in pieces:
            assert pieces["hearts"].text == str(hearts), seat
        assert ("queen" in pieces) == queen, seat
        assert "badge" not in pieces or threat, seat


def test_result_dialogs_hold_every_row_at_readable_size(layout: TableLayout, fonts) -> None:  # type: ignore[no-untyped-def]
    """A hand's five score rows and two notes (a moon, the jack), and the match's summary and four rows,
    fit their dialog's body with lines no shorter than the text."""
    from hearts.ui.render.text import wrap
    from hearts.ui.result_cells import table_rows

    metrics = layout.metrics
    dialog = dialog_layout(layout.size, metrics.scale, 1)
    row, px = table_rows(dialog.body.height, 7, metrics)
    assert px >= metrics.text(12) and row >= fonts.line_height(px)
    assert fonts.size("North took the J♦: −10.", px, bold=True)[0] <= dialog.body.width
    match = dialog_layout(layout.size, metrics.scale, 2)
    summary = "East and West won after 12 hands. You came fourth."
    lines = wrap(fonts, summary, metrics.text(16), match.body.width)
    left = match.body.height - round(metrics.text(16) * 1.35) * len(lines) - metrics.px(6)
    row, px = table_rows(left, 4, metrics, spacing=2.0)
    assert px >= metrics.text(12) and row >= fonts.line_height(px)


def _every_note_text() -> list[str]:
    """The texts of every note the lesson can show, as met over many ways of playing it."""
    from ..test_lesson import at_random, play_lesson_notes

    texts: set[str] = set()
    for seed in range(12):
        texts |= {note.text for note in play_lesson_notes(at_random, seed)}
    return sorted(texts)


NOTE_TEXTS = _every_note_text()


def test_every_lesson_note_fits_its_box_at_readable_size(layout: TableLayout, fonts) -> None:  # type: ignore[no-untyped-def]
    from hearts.ui.lesson_note import note_text
    from hearts.ui.table_layout import NOTE_CHARACTERS, with_note_band

    lesson_layout, band = with_note_band(layout)
    window = _window(layout)
    assert window.contains(band)
    for name, control in lesson_layout.controls().items():
        assert not band.colliderect(control), name
    hand_top = lesson_layout.hand.area.top - round(lesson_layout.hand.card[1] * RAISE)
    assert band.bottom <= hand_top
    for text in NOTE_TEXTS:
        assert len(text) <= NOTE_CHARACTERS, text
        px, lines, height = note_text(fonts, text, band, layout.metrics)
        assert px >= layout.metrics.text(12)
        pad = layout.metrics.px(10)
        needed = len(lines) * fonts.line_height(px) + round(layout.metrics.text(16) * 1.5) + 2 * pad
        assert needed <= band.height, (text, px, len(lines), band.size)


def test_no_trick_card_hides_another_cards_index_whatever_the_order(layout: TableLayout, painter) -> None:  # type: ignore[no-untyped-def]
    """Each card's top-left index (as the card painter draws it at the trick's size) is clear of the three
    other cards, so any card may lie on top of any other."""
    width, height = layout.trick_card
    index = painter.layout(width, height).index_rect
    for seat, other in itertools.permutations(Seat, 2):
        slot = layout.seats[seat].trick_slot
        shown = index.move(slot.topleft)
        hidden = shown.colliderect(layout.seats[other].trick_slot)
        assert not hidden, f"{other.name}'s card hides {seat.name}'s index"
        assert _window(layout).contains(slot)


@pytest.mark.parametrize("case", NOT_LARGE, ids=_ids(NOT_LARGE))
def test_up_to_1280_by_720_the_table_is_as_designed(case: Case) -> None:
    """No size held upright, or at or below 1280x720 CSS pixels, counts as large."""
    layout = table_layout(*case)
    width, height = (side / layout.metrics.scale for side in layout.size)
    assert layout.is_portrait or width <= 1280 or height <= 720
    assert not layout.large


@pytest.mark.parametrize("case", LARGE, ids=_ids(LARGE))
def test_on_a_large_screen_the_boxes_and_the_message_stand_by_the_trick(case: Case) -> None:
    """Beyond 1280x720 CSS pixels, West and East stand by the trick rather than at the window's edges,
    and the message between West and your box, by the trick and your hand (in one row: every large
    screen has room for it)."""
    layout = table_layout(*case)
    width, height = (side / layout.metrics.scale for side in layout.size)
    assert not layout.is_portrait and width > 1280 and height > 720
    assert layout.large and layout.hand.per_row == 13
    seats = layout.seats
    trick = seats[Seat.WEST].trick_slot.unionall([place.trick_slot for place in seats])
    near = layout.metrics.px(40)
    west, east, south = seats[Seat.WEST].panel, seats[Seat.EAST].panel, seats[Seat.SOUTH].panel
    assert 0 < trick.left - west.right <= near and 0 < east.left - trick.right <= near, (west, trick, east)
    message = layout.message
    assert message.left == west.left and message.right < south.left <= message.right + near
    assert message.right > trick.left + trick.width // 4  # under the trick as much as under West


def test_the_boxes_words_and_buttons_grow_faster_than_the_window_beyond_1280_by_720() -> None:
    """At 1920x1080 a seat's box and the buttons take more of the window than at 1280x720, so they stay in
    proportion to the cards beside them."""
    small, large = table_layout((1280, 720)), table_layout((1920, 1080))
    for seat in Seat:
        assert large.seats[seat].panel.height / 1080 > small.seats[seat].panel.height / 720, seat
        assert large.seats[seat].panel.width / 1920 > small.seats[seat].panel.width / 1280, seat
    assert large.buttons["menu"].width / 1080 > small.buttons["menu"].width / 720
    assert large.metrics.text(15) / 1080 > small.metrics.text(15) / 720
