"""WCAG 2.2 AA where a machine can check it on the drawn table, at the five sizes the game is checked at:
target size (2.5.8) for every button of every scene and every card of your hand; no meaning by colour
alone (1.4.1), looked at in greyscale: a card you cannot play is striped, the cards passed to you carry
a tag in words, the seat to move is ringed and marked; and text contrast (1.4.3) measured on the drawn
glyphs of the message line, the seats' boxes and a dialog's body."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pygame
import pytest
from snapshot import LESSON_SCENES, SCENES, build, context, render

from hearts.engine import Card
from hearts.ui import theme
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.fonts import Fonts
from hearts.ui.report import MIN_TARGET_CSS, SEAT_LETTERS, recording, target_size_problems
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.table import TableScene
from hearts.ui.seatbox import seat_parts
from hearts.ui.table_faces import RECEIVED_WORDS
from hearts.ui.table_layout import table_layout, with_note_band

from .pixels import colour, grey, ratio, spread, text_contrast

SIZES = [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)]
IDS = [f"{width}x{height}" for width, height in SIZES]
TEXT_CONTRAST = 4.5
"""WCAG 1.4.3 for text under 18.66 px bold (or 24 px): every text the checks below look at is."""
MARK_CONTRAST = 3
"""WCAG 1.4.11 for a mark that is not text: the ring of the seat to move against the felt."""
STRIPED = 1.4
"""A hatched card's paper, its light and dark stripes this far apart in luminance (it measures 1.57 to
1.85); a plain card's paper measures 1.0 where nothing lies over it."""
EVEN = 1.1


def rect_of(item: dict[str, Any]) -> pygame.Rect:
    x, y, width, height = item["rect"]
    return pygame.Rect(round(x), round(y), round(width), round(height))


def drawn(name: str, size: tuple[int, int]) -> tuple[pygame.Surface, list[tuple[Scene, dict[str, Any]]]]:
    """The scene ``name`` drawn as the snapshot tool draws it (``snapshot.render``), with each layer's
    own layout report (the table's, then a dialog's over it)."""
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    stack = build(name, context(size, 1.0))
    for scene in stack:
        if isinstance(scene, TableScene):
            scene.place_focus()
    surface = pygame.Surface(size)
    first = max(index for index, scene in enumerate(stack) if not scene.is_overlay)
    layers = []
    for scene in stack[first:]:
        with recording(size, 1.0) as report:
            scene.draw(surface)
        layers.append((scene, report.to_json()))
    return surface, layers


def table_of(layers: list[tuple[Scene, dict[str, Any]]]) -> tuple[TableScene, dict[str, Any]]:
    scene, report = layers[0]
    assert isinstance(scene, TableScene)
    return scene, report


# --- 2.5.8 Target size ---------------------------------------------------------------------------------


def test_the_target_check_finds_a_small_button_only_when_it_is_crowded() -> None:
    def button(key: str, x: float, y: float, side: float) -> dict[str, Any]:
        return {"kind": "button", "id": key, "rect": [x, y, side, side], "enabled": True}

    roomy = [button("big", 0, 0, 48), button("small", 100, 0, 20)]  # its circle meets nothing
    assert target_size_problems({"items": roomy}) == []
    beside = [*roomy, button("close", 122, 0, 20)]  # 22 px apart: the two circles meet
    assert target_size_problems({"items": beside}) == [
        "'small' is 20×20 CSS px and crowded by ['close']",
        "'close' is 20×20 CSS px and crowded by ['small']",
    ]
    card = {"kind": "card", "where": "hand", "card": "QS", "rect": [100, 20, 60, 84]}
    assert target_size_problems({"items": [*roomy, card]}) == [
        "'small' is 20×20 CSS px and crowded by ['QS']"  # 10 px below its middle: inside the circle
    ]


# One worker draws every scene at every size: the first size works out the daily deal's par and the coach's
# reviews (seconds), which the snapshot keeps for the sizes after it.
@pytest.mark.xdist_group("every-scene")
@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_button_of_every_scene_is_24_css_pixels_or_spaced_apart(size: tuple[int, int]) -> None:
    """Every scene the snapshot tool draws (the lesson's too): its buttons, a dialog's close button and
    the review's key moments."""
    for name in SCENES + LESSON_SCENES:
        report = render(name, size)[1].to_json()
        assert any(item["kind"] == "button" for item in report["items"]), name
        assert target_size_problems(report) == [], name


def raisings(count: int) -> list[frozenset[int]]:
    """The ways cards stand raised in a hand of ``count``: none, one (lifted by a tap or the hint), and
    with 13 cards any three (chosen for the pass, or just passed to you)."""
    ways = [frozenset(), *(frozenset({index}) for index in range(count))]
    if count == 13:
        ways += [frozenset(three) for three in itertools.combinations(range(count), 3)]
    return ways


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_card_of_your_hand_shows_24_css_pixels_each_way_to_tap(size: tuple[int, int]) -> None:
    """From 13 cards down to 1, on the table and in the lesson (its note takes room): the part of each
    card no other card covers holds a 24 by 24 CSS pixel square, and a tap in its middle picks that card.
    (No spacing exception: the cards of a fan touch.)"""
    plain = table_layout(size)
    for layout in (plain, with_note_band(plain)[0]):
        geometry, scale = layout.hand, layout.metrics.scale
        for count in range(13, 0, -1):
            for raised in raisings(count):
                for index in range(count):
                    part = geometry.visible_part(count, index, raised)
                    where = (count, index, sorted(raised), part)
                    assert min(part.size) / scale >= MIN_TARGET_CSS, where
                    assert geometry.hit(count, part.center, raised) == index, where


# --- 1.4.1 Use of colour, in greyscale ---------------------------------------------------------------


def paper_greys(
    surface: pygame.Surface, hand: list[dict[str, Any]], index: int, painter: CardPainter
) -> list[float]:
    """The luminance of the drawn pixels of hand card ``index`` where its face is bare paper: clear of
    its corner indices (never hatched), its edge, and the cards drawn after it and their shadows."""
    item = hand[index]
    rect = rect_of(item)
    face = painter.face(Card.parse(item["card"]), rect.width, rect.height)
    layout = painter.layout(rect.width, rect.height)
    margin = layout.border + max(4, rect.width // 10)  # a passed card's edge, the hint's glow
    inner = rect.inflate(-2 * margin, -2 * margin)
    index_clear = layout.index_rect.inflate(2 * margin, 2 * margin)
    corners = [
        index_clear.move(rect.topleft),
        index_clear.move(rect.right - index_clear.right - index_clear.left, rect.bottom - index_clear.bottom
                         - index_clear.top),
    ]  # fmt: skip
    later = [painter.shadow_rect(rect_of(other)) for other in hand[index + 1 :]]
    greys = []
    for x, y in itertools.product(range(inner.left, inner.right), range(inner.top, inner.bottom)):
        if any(area.collidepoint(x, y) for area in corners + later):
            continue
        if tuple(face.get_at((x - rect.x, y - rect.y)))[:3] == theme.CARD_FACE:
            greys.append(grey(surface, x, y))
    return greys


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_card_you_cannot_play_is_striped_in_greyscale_and_one_you_can_play_is_not(
    size: tuple[int, int],
) -> None:
    """On the drawn table in luminance only, the bare paper of every hatched card shows light and dark
    stripes, and a playable card's shows none: in the lesson's first lead the 2♣ against the other clubs
    (the same suit, the same ink), and at a trick where you must follow clubs."""
    measured: set[tuple[str, str]] = set()
    for name in ("lesson_lead", "playing"):
        surface, layers = drawn(name, size)
        table, report = table_of(layers)
        frame = table.frame()
        assert frame.is_players_turn_to_play, name
        painter = table.ctx.painter
        hand = [item for item in report["items"] if item["kind"] == "card" and item["where"] == "hand"]
        for index, item in enumerate(hand):
            greys = paper_greys(surface, hand, index, painter)
            if len(greys) < 150:  # a court card, or one mostly covered: too little bare paper to judge
                continue
            playable = Card.parse(item["card"]) in frame.live.legal
            stripes = spread(greys)
            where = (name, item["card"], round(stripes, 2))
            assert stripes <= EVEN if playable else stripes >= STRIPED, where
            measured.add((item["card"], "plain" if playable else "hatched"))
    assert {("2C", "plain"), ("8C", "hatched")} <= measured, measured


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_cards_passed_to_you_each_carry_a_tag_in_words_that_reads_in_greyscale(
    size: tuple[int, int],
) -> None:
    """Exactly the cards passed to you carry the tag ("received", or "new" where little of a card shows),
    drawn over that card, its words 4.5:1 against its pill."""
    surface, layers = drawn("lesson_received", size)
    table, report = table_of(layers)
    received = table.frame().received
    assert received is not None and len(received) == 3
    items = report["items"]
    tagged = []
    for position, item in enumerate(items):
        if item["kind"] != "text" or item["text"] not in RECEIVED_WORDS:
            continue
        owner = next(
            card
            for card in reversed(items[:position])
            if card["kind"] == "card" and card["where"] == "hand" and rect_of(card).contains(rect_of(item))
        )
        tagged.append(Card.parse(owner["card"]))
        contrast, ink, pill = text_contrast(surface, rect_of(item))
        assert contrast >= TEXT_CONTRAST, (owner["card"], round(contrast, 2), ink, pill)
    assert sorted(tagged) == sorted(received)


def edge_pixels(box: pygame.Rect, corner: int) -> list[tuple[int, int]]:
    """The outermost pixels of ``box`` along its four straight sides (its rounded corners left out)."""
    across = range(box.left + corner, box.right - corner)
    down = range(box.top + corner, box.bottom - corner)
    return [
        *((x, y) for x in across for y in (box.top, box.bottom - 1)),
        *((x, y) for y in down for x in (box.left, box.right - 1)),
    ]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("name", ["playing", "trick_won", "daily"])
def test_the_seat_to_move_is_marked_in_greyscale(name: str, size: tuple[int, int]) -> None:
    """The box of the seat to move (you, East after taking a trick, North) is ringed at 3:1 against the
    felt all round, in luminance; no other box is; and only it holds the arrow, 3:1 on its panel."""
    surface, layers = drawn(name, size)
    table, report = table_of(layers)
    marked = table.frame().marked
    assert marked is not None
    felt = theme.felt(size)
    metrics = table.layout.metrics
    boxes = [item for item in report["items"] if item["kind"] == "seat"]
    assert len(boxes) == 4
    for item in boxes:
        box = rect_of(item)
        is_marked = item["seat"] == SEAT_LETTERS[marked]
        edge = edge_pixels(box, metrics.px(12))
        ringed = [ratio(grey(surface, x, y), theme.luminance(colour(felt, x, y))) for x, y in edge]
        share = sum(value >= MARK_CONTRAST for value in ringed) / len(ringed)
        panel = Counter(colour(surface, x, y) for x, y in itertools.product(
            range(box.left, box.right), range(box.top, box.bottom))).most_common(1)[0][0]  # fmt: skip
        mark = seat_parts(box, metrics).mark
        arrow = sum(
            ratio(grey(surface, x, y), theme.luminance(panel)) >= MARK_CONTRAST
            for x, y in itertools.product(range(mark.left, mark.right), range(mark.top, mark.bottom))
        )
        where = (item["seat"], round(min(ringed), 2), share, arrow)
        if is_marked:
            assert share == 1 and arrow >= mark.width * mark.height // 5, where
        else:
            assert share < 0.5 and arrow == 0, where


# --- 1.4.3 Text contrast, on the drawn glyphs ----------------------------------------------------------


def texts_within(report: dict[str, Any], area: pygame.Rect) -> list[dict[str, Any]]:
    return [item for item in report["items"] if item["kind"] == "text" and area.contains(rect_of(item))]


def test_text_on_the_table_and_in_a_dialog_reads_at_4_5_to_1() -> None:
    """At 390×844, measured on the pixels: the message line, every word in the seats' boxes (totals,
    this hand's points, names, counts) and a dialog's body (plain lines, and the hand's score table)."""
    size = (390, 844)
    checked: list[tuple[str, str, float]] = []
    for name in ("playing", "passing", "trick_won"):
        surface, layers = drawn(name, size)
        table, report = table_of(layers)
        message = texts_within(report, table.layout.message)
        assert message, name
        boxes = [rect_of(item) for item in report["items"] if item["kind"] == "seat"]
        in_boxes = [item for box in boxes for item in texts_within(report, box)]
        totals = [item for item in report["items"] if item["kind"] == "seat_text" and item["role"] == "total"]
        assert len(totals) == 4 and all(any(box.contains(rect_of(item)) for box in boxes) for item in totals)
        for item in message + in_boxes + totals:
            checked.append((name, item["text"], text_contrast(surface, rect_of(item))[0]))
    for name in ("challenge_offer", "hand_result"):
        surface, layers = drawn(name, size)
        dialog, report = layers[-1]
        assert isinstance(dialog, Dialog)
        body = texts_within(report, dialog.layout.body)
        assert len(body) >= 3, name
        checked += [(name, item["text"], text_contrast(surface, rect_of(item))[0]) for item in body]
    low = [(name, text, round(contrast, 2)) for name, text, contrast in checked if contrast < TEXT_CONTRAST]
    assert low == []


def test_the_text_measure_sees_a_faint_text() -> None:
    """The measure itself: light grey on white reads at about 2.3:1, black on white at about 21:1."""
    pygame.font.init()
    fonts = Fonts()
    for ink, expected in (((170, 170, 170), (2.2, 2.4)), ((0, 0, 0), (20.0, 21.0))):
        surface = pygame.Surface((200, 40))
        surface.fill((255, 255, 255))
        image = fonts.text("Your turn", 16, ink)
        surface.blit(image, (10, 10))
        contrast, seen, _ = text_contrast(surface, image.get_rect(topleft=(10, 10)))
        assert expected[0] <= contrast <= expected[1], (ink, contrast, seen)
