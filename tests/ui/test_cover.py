"""Cards blitted by parts (render/cover.py): what a rectangle keeps outside its covers, where a face is
opaque, and a face drawn by parts against the same face blended whole."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from hearts.engine.cards import CARDS, Card
from hearts.ui import theme
from hearts.ui.render.cards import CLASSIC_MIN_WIDTH, CardPainter
from hearts.ui.render.cover import interior, solid_inset, uncovered
from hearts.ui.render.fonts import Fonts
from hearts.ui.table_faces import CopiesAhead, TableFaces

SIZES = [(36, 50), (60, 84), (CLASSIC_MIN_WIDTH, 154), (220, 308), (300, 420)]


@pytest.fixture(scope="module")
def painter() -> Iterator[CardPainter]:
    pygame.font.init()
    yield CardPainter(Fonts())


def _cells(rects: list[pygame.Rect]) -> list[tuple[int, int]]:
    return [
        (x, y) for rect in rects for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
    ]


@pytest.mark.parametrize("seed", range(200))
def test_what_a_rectangle_keeps_outside_its_covers_is_every_pixel_outside_them_once(seed: int) -> None:
    chance = random.Random(seed)

    def rect() -> pygame.Rect:
        return pygame.Rect(
            chance.randint(-4, 20), chance.randint(-4, 20), chance.randint(0, 16), chance.randint(0, 16)
        )

    whole, covers = rect(), [rect() for _ in range(chance.randint(0, 5))]
    parts = uncovered(whole, covers)
    kept = _cells(parts)
    assert len(kept) == len(set(kept)), f"seed {seed}: parts overlap"
    expected = {cell for cell in _cells([whole]) if not any(cover.collidepoint(cell) for cover in covers)}
    assert set(kept) == expected, f"seed {seed}"


def test_a_card_s_interior_is_its_rectangle_less_four_corners() -> None:
    card = pygame.Rect(10, 20, 50, 70)
    bands = interior(card, 6)
    cells = _cells(list(bands))
    assert len(cells) == len(set(cells)) == 50 * 70 - 4 * 6 * 6
    assert all(card.contains(band) for band in bands)
    assert interior(card, 25) == ()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_face_is_opaque_in_its_interior_and_not_one_pixel_further(
    painter: CardPainter, width: int, height: int
) -> None:
    """The inset the table leaves its corners is read from the blank: it holds for every face, in two
    colours or four (the tinted ones: below), and the inset one less would take in a pixel that is not
    opaque."""
    inset = painter.solid_inset(width, height)
    assert 0 < inset <= painter.layout(width, height).radius
    at = pygame.Rect(0, 0, width, height)
    for card in CARDS:
        for four_colour in (False, True):
            assert solid_inset(painter.face(card, width, height, four_colour=four_colour)) == inset, card
    blank_alpha = painter.face(Card.parse("2C"), width, height)
    assert all(blank_alpha.get_at(cell)[3] == 255 for cell in _cells(list(interior(at, inset))))
    assert not all(blank_alpha.get_at(cell)[3] == 255 for cell in _cells(list(interior(at, inset - 1))))


def _table(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.blit(theme.felt(size), (0, 0))
    return surface


@pytest.mark.parametrize(("width", "height"), [(60, 84), (220, 308)])
@pytest.mark.parametrize(("tinted", "hatched"), [(False, False), (True, False), (False, True)])
def test_a_face_drawn_by_parts_is_the_face_blended_whole(
    painter: CardPainter, width: int, height: int, tinted: bool, hatched: bool
) -> None:
    """Two cards fanned: the one under by parts (its opaque part copied, what the other covers left out),
    the one over whole; the same pixels as both blended whole."""
    size = (3 * width, 2 * height)
    faces = TableFaces(painter)
    under, over = (
        pygame.Rect(10, 10, width, height),
        pygame.Rect(10 + width // 3, 10 + height // 5, width, height),
    )
    covers = list(interior(over, painter.solid_inset(width, height)))
    for card, other in [(Card.parse("QS"), Card.parse("7H")), (Card.parse("TD"), Card.parse("KC"))]:
        whole, parts = _table(size), _table(size)
        faces.draw_whole(whole, card, under, "hand", None, four_colour=False, tinted=tinted, hatched=hatched)
        blended = faces.draw_uncovered(
            parts, card, under, "hand", None, four_colour=False, tinted=tinted, hatched=hatched, covers=covers
        )
        for surface in (whole, parts):
            faces.draw_whole(surface, other, over, "hand", None, four_colour=False)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(parts, "RGB"), card
        assert blended < width * height // 10  # the corners left in view, and nothing else


def test_copies_planned_before_any_hand_is_drawn_wait_for_one_then_are_all_made(painter: CardPainter) -> None:
    """A hand planned for copying before any surface was drawn on by parts keeps its whole plan until one
    is (there is no pixel format to copy into yet), then makes every copy, plain and hatched."""
    faces = TableFaces(painter)
    ahead = CopiesAhead(faces)
    hand = [Card.parse(text) for text in ("2C", "QS", "TH")]
    width, height = 60, 84
    ahead.plan((width, height), hand, four_colour=False)
    assert ahead.is_done  # nothing can be done yet, so the frame's idle time goes elsewhere
    for _ in range(10):
        ahead.step()
    assert faces.solid_made == 0
    table = _table((3 * width, 2 * height))
    faces.draw_uncovered(
        table, Card.parse("AD"), pygame.Rect(5, 5, width, height), "hand", None, four_colour=False
    )
    made = faces.solid_made
    assert not ahead.is_done
    while ahead.step():
        pass
    assert ahead.is_done and faces.solid_made == made + 2 * len(hand)
