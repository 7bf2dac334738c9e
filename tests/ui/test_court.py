"""The court cards' pictures: a king, a queen and a jack that tell apart at hand size (headless)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from hearts.engine.cards import Card, Rank, Suit
from hearts.ui import theme
from hearts.ui.render.cards import CLASSIC_MIN_WIDTH, CardPainter
from hearts.ui.render.fonts import Fonts

COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)
HAND_SIZES = [(48, 67), (60, 84), (72, 101), (90, 126)]
SIZES = [*HAND_SIZES, (CLASSIC_MIN_WIDTH, 154), (160, 224)]


@pytest.fixture(scope="module")
def painter() -> Iterator[CardPainter]:
    pygame.font.init()
    yield CardPainter(Fonts())


def channels(colour: pygame.Color | tuple[int, ...]) -> tuple[int, int, int]:
    return (colour[0], colour[1], colour[2])


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def share_changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> float:
    """The share of pixels in ``rect`` that differ clearly (by more than 48 in some channel)."""
    changed = 0
    for x, y in itertools.product(range(rect.left, rect.right), range(rect.top, rect.bottom)):
        if not near(channels(a.get_at((x, y))), channels(b.get_at((x, y))), 48):
            changed += 1
    return changed / (rect.width * rect.height)


def middle(width: int, height: int) -> pygame.Rect:
    """The card less a quarter of its width and a fifth of its height on each side."""
    return pygame.Rect(width // 4, height // 5, width - 2 * (width // 4), height - 2 * (height // 5))


def frame_mask(painter: CardPainter, width: int, height: int) -> pygame.Surface:
    """The court frame's shape on a face, grown by a pixel for antialiasing: opaque inside."""
    frame = painter.layout(width, height).court_frame
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    points = [(x + frame.rect.x, y + frame.rect.y) for x, y in frame.outline(1)]
    pygame.draw.polygon(mask, (255, 255, 255, 255), points)
    pygame.draw.polygon(mask, (255, 255, 255, 255), points, 3)
    return mask


def index_rects(painter: CardPainter, width: int, height: int) -> tuple[pygame.Rect, pygame.Rect]:
    index = painter.layout(width, height).index_rect
    turned = pygame.Rect(width - index.right, height - index.bottom, index.width, index.height)
    return index, turned


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("four_colour", [False, True])
def test_jack_queen_and_king_of_a_suit_differ_in_the_middle(
    painter: CardPainter, width: int, height: int, four_colour: bool
) -> None:
    """Not just the letter: more than a fifth of the middle of the card is drawn differently (with the
    old framed letter and crown it was 8 to 20 %)."""
    for suit in Suit:
        faces = {
            rank: painter.face(Card.of(rank, suit), width, height, four_colour=four_colour) for rank in COURTS
        }
        for a, b in itertools.combinations(COURTS, 2):
            share = share_changed(faces[a], faces[b], middle(width, height))
            assert share > 0.22, (suit, a, b, round(share, 3))


@pytest.mark.parametrize(("width", "height"), HAND_SIZES)
def test_every_court_picture_is_its_own(painter: CardPainter, width: int, height: int) -> None:
    """The twelve pictures differ from each other, apart from their indices (suits that share a colour
    differ in the robe's trim)."""
    frame = painter.layout(width, height).court_frame.rect
    seen: dict[bytes, Card] = {}
    for rank, suit in itertools.product(COURTS, Suit):
        card = Card.of(rank, suit)
        picture = painter.face(card, width, height).subsurface(frame)
        key = pygame.image.tobytes(picture, "RGBA")
        assert key not in seen, f"{card} looks like {seen.get(key)}"
        seen[key] = card


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_pictures_stay_inside_their_frame(painter: CardPainter, width: int, height: int) -> None:
    """Outside the frame and the indices, a court card is plain paper."""
    mask = frame_mask(painter, width, height)
    indices = [rect.inflate(2, 2) for rect in index_rects(painter, width, height)]
    border = painter.layout(width, height).border + painter.layout(width, height).radius
    inside = pygame.Rect(0, 0, width, height).inflate(-2 * border, -2 * border)
    for rank, suit in itertools.product(COURTS, Suit):
        face = painter.face(Card.of(rank, suit), width, height, four_colour=True)
        for x, y in itertools.product(range(inside.left, inside.right), range(inside.top, inside.bottom)):
            if mask.get_at((x, y)).a or any(rect.collidepoint(x, y) for rect in indices):
                continue
            assert near(channels(face.get_at((x, y))), theme.CARD_FACE, 2), (rank, suit, (x, y))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_frame_keeps_clear_of_the_indices(painter: CardPainter, width: int, height: int) -> None:
    mask = frame_mask(painter, width, height)
    for rect in index_rects(painter, width, height):
        for x, y in itertools.product(range(rect.left, rect.right), range(rect.top, rect.bottom)):
            assert not mask.get_at((x, y)).a, (rect, (x, y))


@pytest.mark.parametrize(("width", "height"), HAND_SIZES)
def test_court_indices_are_only_ink_on_paper(painter: CardPainter, width: int, height: int) -> None:
    """The big corner indices stay untouched: every pixel in them is the paper, the suit's ink or a blend
    of the two (no parchment, gold or skin from the picture)."""
    for rank, suit, four in itertools.product(COURTS, Suit, (False, True)):
        ink = theme.suit_colour(suit, four_colour=four)
        face = painter.face(Card.of(rank, suit), width, height, four_colour=four)
        for rect in index_rects(painter, width, height):
            for x, y in itertools.product(range(rect.left, rect.right), range(rect.top, rect.bottom)):
                colour = channels(face.get_at((x, y)))
                assert is_blend(colour, theme.CARD_FACE, ink), (rank, suit, (x, y), colour)


def is_blend(colour: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...], tolerance: float = 14) -> bool:
    span = [y - x for x, y in zip(a[:3], b[:3], strict=True)]
    offset = [c - x for x, c in zip(a[:3], colour[:3], strict=True)]
    length = sum(d * d for d in span) or 1
    t = max(0.0, min(1.0, sum(o * d for o, d in zip(offset, span, strict=True)) / length))
    return sum((o - t * d) ** 2 for o, d in zip(offset, span, strict=True)) ** 0.5 <= tolerance


SIGNATURES = {
    Rank.KING: theme.KING_BEARD,  # the white beard
    Rank.QUEEN: theme.QUEEN_HAIR,  # the long chestnut hair
    Rank.JACK: theme.JACK_HAIR,  # the fair hair under the cap
}


@pytest.mark.parametrize(("width", "height"), [(60, 84), (90, 126), (160, 224)])
def test_each_figure_wears_its_own_colours(painter: CardPainter, width: int, height: int) -> None:
    """The king's white beard, the queen's chestnut hair and the jack's fair hair each cover a clear patch
    of their own card and almost none of the others'."""
    frame = painter.layout(width, height).court_frame.rect
    for suit in Suit:
        for rank, colour in SIGNATURES.items():
            for other in COURTS:
                face = painter.face(Card.of(other, suit), width, height)
                count = sum(
                    near(channels(face.get_at((x, y))), colour, 12)
                    for x, y in itertools.product(
                        range(frame.left, frame.right), range(frame.top, frame.bottom)
                    )
                )
                share = count / (frame.width * frame.height)
                if other == rank:
                    assert share > 0.006, (rank, suit, share)
                else:
                    assert share < 0.002, (rank, other, suit, share)
