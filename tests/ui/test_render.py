"""The drawing helpers: assets, fonts, text layout, the palette, card faces and icons (headless)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts.engine.cards import CARDS, Card, Rank, Suit
from hearts.ui import theme
from hearts.ui.assets import CANDIDATES, asset_path
from hearts.ui.render import icons as icons_module
from hearts.ui.render.cards import CLASSIC_MIN_WIDTH, CardPainter
from hearts.ui.render.fonts import Fonts, LruCache
from hearts.ui.render.icons import ICONS, draw_icon, icon
from hearts.ui.render.text import draw_text, fit_size, wrap

from .pixels import near

SIZES = [(36, 50), (60, 84), (CLASSIC_MIN_WIDTH, 154), (160, 224), (300, 420)]


@pytest.fixture(scope="module")
def fonts() -> Iterator[Fonts]:
    pygame.font.init()
    yield Fonts()


@pytest.fixture(scope="module")
def painter(fonts: Fonts) -> CardPainter:
    return CardPainter(fonts)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def is_blend(colour: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...], tolerance: float = 14) -> bool:
    """Whether ``colour`` lies on the way from ``a`` to ``b`` (an antialiased edge between them)."""
    span = [y - x for x, y in zip(a[:3], b[:3], strict=True)]
    offset = [c - x for x, c in zip(a[:3], colour[:3], strict=True)]
    length = sum(d * d for d in span) or 1
    t = max(0.0, min(1.0, sum(o * d for o, d in zip(offset, span, strict=True)) / length))
    return sum((o - t * d) ** 2 for o, d in zip(offset, span, strict=True)) ** 0.5 <= tolerance


def ink_colours(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    """The opaque pixels in ``rect`` that are clearly not the card's paper."""
    found = []
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))
            if c.a == 255 and not near((c.r, c.g, c.b), theme.CARD_FACE, 60):
                found.append((c.r, c.g, c.b))
    return found


# --- assets and fonts -----------------------------------------------------------------------------------


def test_asset_path_finds_the_fonts_and_their_licence() -> None:
    for name in ("HeartsSans.ttf", "HeartsSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        path = asset_path("fonts", name)
        assert path.is_file() and path.stat().st_size > 1000
    assert "Bitstream" in asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert asset_path("fonts", "HeartsSans.ttf").parent.parent in CANDIDATES


def test_asset_path_looks_in_the_web_build_folder_first() -> None:
    game_dir = Path(__file__).resolve().parents[2] / "game"
    assert CANDIDATES[0] == game_dir / "assets"
    assert CANDIDATES[1] == game_dir.parent / "assets"


def test_a_missing_asset_is_a_clear_error() -> None:
    with pytest.raises(FileNotFoundError, match=r"nope\.png"):
        asset_path("fonts", "nope.png")


def test_the_fonts_are_small(fonts: Fonts) -> None:
    for name in ("HeartsSans.ttf", "HeartsSans-Bold.ttf"):
        assert asset_path("fonts", name).stat().st_size < 100_000


@pytest.mark.parametrize("bold", [False, True])
def test_the_fonts_have_every_character_the_table_needs(fonts: Fonts, bold: bool) -> None:
    font = fonts.get(24, bold=bold)
    missing = pixels(font.render("\ue000", True, (0, 0, 0)))  # a private-use code point: never kept
    needed = "AZaz09éü×−–—’“”…•←→↑↓♠♥♦♣♤♡♢♧✓✔✗☾★▶"
    absent = [char for char in needed if pixels(font.render(char, True, (0, 0, 0))) == missing]
    assert not absent


def test_fonts_are_cached_per_size_and_weight(fonts: Fonts) -> None:
    assert fonts.get(18) is fonts.get(18)
    assert fonts.get(18) is not fonts.get(18, bold=True)
    assert fonts.get(18) is not fonts.get(19)
    assert fonts.get(0).get_height() > 0  # clamped, not an error


def test_text_is_cached_and_antialiased(fonts: Fonts) -> None:
    image = fonts.text("Hearts broken", 20, theme.TEXT)
    assert image is fonts.text("Hearts broken", 20, theme.TEXT)
    assert image is not fonts.text("Hearts broken", 20, theme.TEXT, bold=True)
    assert image.get_width() == fonts.size("Hearts broken", 20)[0]
    alphas = {image.get_at((x, y)).a for x in range(image.get_width()) for y in range(image.get_height())}
    assert 0 in alphas and 255 in alphas and len(alphas) > 8  # smooth edges, not 1-bit


def test_font_caches_are_bounded() -> None:
    small = Fonts(max_fonts=4, max_texts=10)
    for px in range(10, 30):
        small.get(px)
        small.text(f"line {px}", px, theme.TEXT)
    assert small.cached_fonts == 4
    assert small.cached_texts == 10


def test_lru_cache_evicts_the_least_recently_used() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now newer than "b"
    cache.put("c", 3)
    assert "a" in cache and "c" in cache and "b" not in cache


def test_lru_cache_respects_a_weight_budget() -> None:
    cache: LruCache[int, bytes] = LruCache(100, max_weight=10, weigh=len)
    for key in range(6):
        cache.put(key, b"xxxx")
    assert cache.weight <= 10 and len(cache) == 2
    cache.put(99, b"x" * 50)  # bigger than the budget on its own: kept alone
    assert len(cache) == 1 and 99 in cache


# --- text layout ----------------------------------------------------------------------------------------

SENTENCES = [
    "You must follow clubs",
    "No points on the first trick",
    "Hearts are not broken yet — lead something else, or wait until a heart has been discarded.",
    "Pass left: choose 3 cards to give to the player on your left.",
    "Supercalifragilisticexpialidocious unbreakable words get cut.",
    "Two\nlines\n\nand a blank one",
]


@pytest.mark.parametrize("text", SENTENCES)
@pytest.mark.parametrize("max_width", [40, 90, 160, 400])
def test_wrap_never_exceeds_the_width(fonts: Fonts, text: str, max_width: int) -> None:
    lines = wrap(fonts, text, 18, max_width)
    assert lines
    assert all(fonts.size(line, 18)[0] <= max_width for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())  # nothing lost, nothing added


def test_wrap_keeps_short_text_on_one_line_and_honours_newlines(fonts: Fonts) -> None:
    assert wrap(fonts, "Lead the 2♣", 18, 1000) == ["Lead the 2♣"]
    assert wrap(fonts, "Two\nlines\n\nand a blank one", 18, 1000) == ["Two", "lines", "", "and a blank one"]


def test_wrap_breaks_at_spaces(fonts: Fonts) -> None:
    lines = wrap(fonts, "aaa bbb ccc", 20, fonts.size("aaa bbb", 20)[0])
    assert lines == ["aaa bbb", "ccc"]


@pytest.mark.parametrize("bold", [False, True])
def test_fit_size_is_the_largest_size_that_fits(fonts: Fonts, bold: bool) -> None:
    text = "Next hand"
    for max_width in (30, 60, 100, 150, 260):
        px = fit_size(fonts, text, max_width, 48, 10, bold=bold)
        assert 10 <= px <= 48
        if px > 10:
            assert fonts.size(text, px, bold=bold)[0] <= max_width
        if px < 48:
            assert fonts.size(text, px + 1, bold=bold)[0] > max_width


def test_fit_size_never_goes_below_the_minimum(fonts: Fonts) -> None:
    assert fit_size(fonts, "A rather long title for a tiny box", 10, 40, 12) == 12
    assert fit_size(fonts, "Short", 1000, 40, 12) == 40
    assert fit_size(fonts, "x", 100, 8, 20) == 20  # a maximum below the minimum yields the minimum


def test_draw_text_centres_wrapped_text_in_its_rectangle(fonts: Fonts) -> None:
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    box = pygame.Rect(50, 40, 120, 220)
    used = draw_text(surface, fonts, SENTENCES[2], box, 16, theme.TEXT)
    assert used.width <= box.width and box.left <= used.left and used.right <= box.right
    assert abs(used.centery - box.centery) <= 1
    assert abs(used.centerx - box.centerx) <= box.width // 2
    assert surface.get_bounding_rect().width > 0
    assert box.contains(surface.get_bounding_rect())


@pytest.mark.parametrize("align", ["left", "right", "center"])
def test_draw_text_aligns(fonts: Fonts, align: str) -> None:
    surface = pygame.Surface((300, 60), pygame.SRCALPHA)
    box = pygame.Rect(10, 0, 280, 60)
    used = draw_text(surface, fonts, "Hint", box, 20, theme.TEXT, align=align)  # type: ignore[arg-type]
    expected = {
        "left": used.left == box.left,
        "right": used.right == box.right,
        "center": abs(used.centerx - box.centerx) <= 1,
    }
    assert expected[align]


def test_draw_text_without_wrapping_and_empty_text(fonts: Fonts) -> None:
    surface = pygame.Surface((100, 40), pygame.SRCALPHA)
    used = draw_text(
        surface, fonts, "A line far too long to fit here", surface.get_rect(), 16, theme.TEXT, wrap=False
    )
    assert used.width > 100 and used.height == fonts.line_height(16)
    empty = draw_text(surface, fonts, "", pygame.Rect(0, 0, 100, 40), 16, theme.TEXT)
    assert empty.size == (0, 0) and empty.center == (50, 20)


# --- the palette ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("four_colour", [False, True])
def test_suit_colours_read_well_on_the_card_face(four_colour: bool) -> None:
    for suit in Suit:
        colour = theme.suit_colour(suit, four_colour=four_colour)
        assert theme.contrast_ratio(colour, theme.CARD_FACE) >= 4.5, suit
        assert theme.contrast_ratio(colour, (255, 255, 255)) >= 4.5, suit


def test_four_colours_differ_from_two_exactly_for_diamonds_and_clubs() -> None:
    changed = {suit for suit in Suit if theme.suit_colour(suit) != theme.suit_colour(suit, four_colour=True)}
    assert changed == {Suit.DIAMONDS, Suit.CLUBS}
    assert len({theme.suit_colour(suit, four_colour=True) for suit in Suit}) == 4
    assert theme.suit_colour(Suit.HEARTS) == theme.suit_colour(Suit.DIAMONDS)
    assert theme.suit_colour(Suit.HEARTS) != theme.suit_colour(Suit.SPADES)


def test_text_colours_have_enough_contrast() -> None:
    for background in (theme.FELT, theme.FELT_EDGE, theme.PANEL_SOLID):
        assert theme.contrast_ratio(theme.TEXT, background) >= 4.5
        assert theme.contrast_ratio(theme.MESSAGE, background) >= 4.5
        assert theme.contrast_ratio(theme.FOCUS_RING, background) >= 3
    assert theme.contrast_ratio(theme.TEXT_DARK, theme.PANEL_LIGHT) >= 4.5
    assert theme.contrast_ratio(theme.BUTTON_TEXT, theme.BUTTON) >= 4.5
    assert theme.contrast_ratio(theme.PRIMARY_TEXT, theme.PRIMARY) >= 4.5
    for background, text in (
        theme.BADGE_MOON,
        theme.BADGE_HEARTS_BROKEN,
        theme.BADGE_QUEEN_PLAYED,
        theme.BADGE_DEALER,
        theme.BADGE_TURN,
        theme.BADGE_RECEIVED,
    ):
        assert theme.contrast_ratio(text, background) >= 4.5
    for suit, four in itertools.product(Suit, (False, True)):
        ink = theme.suit_colour(suit, four_colour=four, on_dark=True)
        assert theme.contrast_ratio(ink, theme.PANEL_SOLID) >= 4.5
        assert theme.contrast_ratio(ink, theme.FELT_EDGE) >= 4.5
        assert theme.contrast_ratio(ink, theme.FELT) >= 3


def test_the_felt_is_drawn_once_per_size_and_darker_at_the_corners() -> None:
    felt = theme.felt((320, 200))
    assert felt.get_size() == (320, 200)
    assert felt is theme.felt((320, 200))
    centre, corner = felt.get_at((160, 100)), felt.get_at((0, 0))
    assert theme.luminance((centre.r, centre.g, centre.b)) > theme.luminance((corner.r, corner.g, corner.b))
    assert centre.g > centre.r and centre.g > centre.b  # green


# --- cards ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_face_renders_and_no_two_are_alike(painter: CardPainter, width: int, height: int) -> None:
    seen: dict[bytes, Card] = {}
    for card in CARDS:
        face = painter.face(card, width, height)
        assert face.get_size() == (width, height)
        assert face.get_flags() & pygame.SRCALPHA
        assert face.get_at((0, 0)).a < 64, "rounded corners are transparent"
        assert face.get_at((width // 2, 0)).a == 255, "the border reaches the edge"
        assert face.get_at((width // 2, height // 2)).a == 255
        key = pixels(face)
        assert key not in seen, f"{card} looks like {seen.get(key)}"
        seen[key] = card


def test_faces_are_cached(painter: CardPainter) -> None:
    card = Card.parse("QS")
    assert painter.face(card, 80, 112) is painter.face(card, 80, 112)
    assert painter.face(card, 80, 112) is not painter.face(card, 81, 113)
    # Spades look the same in four colours, so they share the surface.
    assert painter.face(card, 80, 112, four_colour=True) is painter.face(card, 80, 112)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_index_has_the_suit_colour(painter: CardPainter, width: int, height: int) -> None:
    layout = painter.layout(width, height)
    for card in (Card.parse(text) for text in ("10H", "QD", "AS", "2C", "7H", "KS")):
        face = painter.face(card, width, height)
        ink = ink_colours(face, layout.index_rect)
        assert len(ink) > 10
        expected = theme.suit_colour(card.suit)
        # Almost every ink pixel is the suit colour (the rest are antialiased edges).
        share = sum(near(colour, expected, 60) for colour in ink) / len(ink)
        assert share > 0.5, (card, share)
        # and the rest are its antialiased edges: blends of the ink and the paper, nothing else.
        strays = [colour for colour in ink if not is_blend(colour, theme.CARD_FACE, expected)]
        assert not strays, (card, strays[:5])
        other = theme.RED_SUIT if expected == theme.BLACK_SUIT else theme.BLACK_SUIT
        assert not any(near(colour, other, 25) for colour in ink), card
        # The same index, turned half a turn, in the bottom-right corner.
        turned = layout.index_rect.move(
            width - 2 * layout.margin_x - layout.index_rect.width,
            height - 2 * layout.margin_y - layout.index_rect.height,
        )
        assert sum(near(colour, expected) for colour in ink_colours(face, turned)) > 10


def test_the_index_is_in_the_left_part_of_the_card(painter: CardPainter) -> None:
    for width, height in SIZES:
        layout = painter.layout(width, height)
        assert layout.index_rect.right <= width * 0.42  # readable when only the left ~40 % shows
        assert layout.cap >= 5


@pytest.mark.parametrize(("width", "height"), [(60, 84), (160, 224)])
def test_four_colour_changes_only_diamonds_and_clubs(painter: CardPainter, width: int, height: int) -> None:
    for card in CARDS:
        two = pixels(painter.face(card, width, height))
        four = pixels(painter.face(card, width, height, four_colour=True))
        assert (two != four) == (card.suit in (Suit.DIAMONDS, Suit.CLUBS)), card


def test_four_colour_index_is_blue_for_diamonds_and_green_for_clubs(painter: CardPainter) -> None:
    layout = painter.layout(100, 140)
    for suit, expected in ((Suit.DIAMONDS, theme.BLUE_SUIT), (Suit.CLUBS, theme.GREEN_SUIT)):
        face = painter.face(Card.of(Rank.NINE, suit), 100, 140, four_colour=True)
        ink = ink_colours(face, layout.index_rect)
        assert sum(near(colour, expected) for colour in ink) / len(ink) > 0.6


def test_court_cards_have_gold_crowns_and_pip_cards_do_not(painter: CardPainter) -> None:
    for width, height in ((60, 84), (160, 224)):
        for card in CARDS:
            face = painter.face(card, width, height)
            gold = any(
                near(tuple(face.get_at((x, y))), theme.COURT_GOLD, 30)
                for x in range(0, width, 2)
                for y in range(0, height, 2)
            )
            assert gold == (Rank.JACK <= card.rank <= Rank.KING), card


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_back_dim_and_shadow(painter: CardPainter, width: int, height: int) -> None:
    back = painter.back(width, height)
    assert back.get_size() == (width, height) and back.get_at((0, 0)).a < 64
    middle = back.get_at((width // 2, height // 3))
    assert middle.a == 255 and middle.r > middle.b  # deep red
    assert pixels(back) not in {pixels(painter.face(card, width, height)) for card in CARDS[:13]}

    dim = painter.dim(width, height)
    assert dim.get_size() == (width, height) and dim.get_at((0, 0)).a < 64
    inside = {tuple(dim.get_at((x, height // 2))) for x in range(width // 4, 3 * width // 4)}
    assert all(0 < colour[3] < 255 for colour in inside), "see-through"
    assert len(inside) > 1, "hatched, not a flat tint"

    shadow = painter.shadow(width, height)
    rect = CardPainter.shadow_rect(pygame.Rect(10, 10, width, height))
    assert shadow.get_size() == rect.size
    assert rect.width > width and rect.centery >= 10 + height // 2
    assert shadow.get_at((0, 0)).a < shadow.get_at(shadow.get_rect().center).a


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_dim_tint_keeps_every_index_at_three_to_one(four_colour: bool) -> None:
    paper = theme.over(theme.DIM, theme.CARD_FACE)
    for suit in Suit:
        ink = theme.over(theme.DIM, theme.suit_colour(suit, four_colour=four_colour))
        assert theme.contrast_ratio(ink, paper) >= 3, suit


@pytest.mark.parametrize(("width", "height"), [(48, 67), (60, 84), (90, 126), (CLASSIC_MIN_WIDTH, 154)])
def test_a_hatched_card_keeps_its_index_readable(painter: CardPainter, width: int, height: int) -> None:
    """Measured on the drawn pixels: inside both indices of a card that cannot be played, the ink against
    the darkest paper is at least 3:1 for every suit colour (the hatching must stay off the indices)."""
    layout = painter.layout(width, height)
    dim = painter.dim(width, height)
    corners = (
        layout.index_rect,
        pygame.Rect(
            width - layout.index_rect.right,
            height - layout.index_rect.bottom,
            layout.index_rect.width,
            layout.index_rect.height,
        ),
    )
    for suit, four in itertools.product(Suit, (False, True)):
        expected = theme.suit_colour(suit, four_colour=four)
        face = painter.face(Card.of(Rank.TEN, suit), width, height, four_colour=four)
        hatched = face.copy()
        hatched.blit(dim, (0, 0))
        inks, papers = set(), set()
        for rect in corners:
            for x, y in itertools.product(range(rect.left, rect.right), range(rect.top, rect.bottom)):
                seen = tuple(hatched.get_at((x, y)))[:3]
                if near(tuple(face.get_at((x, y))), expected, 6):
                    inks.add(seen)
                elif near(tuple(face.get_at((x, y))), theme.CARD_FACE, 2):
                    papers.add(seen)
        assert inks and papers
        worst = min(theme.contrast_ratio(ink, paper) for ink in inks for paper in papers)
        assert worst >= 3, (suit, four, round(worst, 2))


def test_tiny_and_odd_sizes_do_not_fail(painter: CardPainter) -> None:
    for width, height in ((8, 8), (20, 28), (37, 51), (109, 153), (111, 155), (401, 561)):
        for card in (Card.parse("10H"), Card.parse("QS"), Card.parse("AC")):
            assert painter.face(card, width, height).get_size() == (width, height)
        painter.back(width, height)
        painter.dim(width, height)
        painter.shadow(width, height)


def test_card_caches_are_bounded(fonts: Fonts) -> None:
    small = CardPainter(fonts, max_faces=10)
    for card in CARDS:
        small.face(card, 50, 70)
    assert small.cached_faces == 10
    by_bytes = CardPainter(fonts, max_face_bytes=200 * 280 * 4 * 3)
    for card in CARDS[:10]:
        by_bytes.face(card, 200, 280)
    assert by_bytes.cached_faces == 3
    for width in range(40, 80):
        small.back(width, width * 7 // 5)
    assert small.cached_backs == 6


def test_the_painter_knows_whether_a_whole_deck_at_these_sizes_fits_its_cache(fonts: Fonts) -> None:
    """What the faces painted ahead ask before they take on a second size (``table_faces.FacesAhead``)."""
    two_decks = CardPainter(fonts, max_face_bytes=2 * 52 * 100 * 140 * 4)
    assert two_decks.holds_every_face([(100, 140), (100, 140)])
    assert not two_decks.holds_every_face([(100, 140), (101, 140)])  # by the bytes
    assert not CardPainter(fonts, max_faces=103).holds_every_face([(10, 14), (12, 16)])  # by the count
    # The painter's own bounds: both sizes of a phone's table at its largest scale fit, a 4K desktop's do not.
    painter = CardPainter(fonts)
    assert painter.holds_every_face([(187, 262), (220, 308)])
    assert not painter.holds_every_face([(300, 420), (340, 476)])
    # And what it says holds, holds: a whole deck at two sizes painted, every face is still there.
    fits = CardPainter(fonts, max_face_bytes=2 * 52 * 100 * 141 * 4)
    assert fits.holds_every_face([(100, 140), (100, 141)])
    for width, height in ((100, 140), (100, 141)):
        for card in CARDS:
            fits.face(card, width, height)
    assert fits.cached_faces == 104


# --- icons ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ICONS)
@pytest.mark.parametrize("size", [12, 24, 48, 160])
def test_icons_draw_inside_their_rectangle(name: str, size: int) -> None:
    surface = pygame.Surface((size + 40, size + 20), pygame.SRCALPHA)
    rect = pygame.Rect(5, 5, size + 30, size)
    drawn = draw_icon(surface, name, rect, theme.TEXT)
    assert rect.contains(drawn) and drawn.size == (size, size)
    ink = surface.get_bounding_rect()
    assert ink.width > size // 3 and ink.height > size // 3
    assert rect.contains(ink)
    area = itertools.product(range(ink.left, ink.right), range(ink.top, ink.bottom))
    alphas = {surface.get_at(point).a for point in area}
    assert len(alphas) > 3  # antialiased


def test_icons_differ_and_are_cached() -> None:
    images = [pixels(icon(name, 32, theme.TEXT)) for name in ICONS]
    assert len(set(images)) == len(ICONS) == 8
    assert icon("hint", 32, theme.TEXT) is icon("hint", 32, theme.TEXT)
    for size in range(8, 200):
        icon("menu", size, theme.TEXT)
    assert len(icons_module.CACHE) == icons_module.CACHE.max_items


def test_an_unknown_icon_is_an_error() -> None:
    with pytest.raises(ValueError, match="no icon named 'star'"):
        icon("star", 32, theme.TEXT)


def test_icons_take_their_colour() -> None:
    for name, colour in itertools.product(ICONS, (theme.TEXT, theme.BUTTON_TEXT, (255, 0, 0))):
        image = icon(name, 40, colour)
        solid = [image.get_at((x, y)) for x in range(40) for y in range(40) if image.get_at((x, y)).a == 255]
        assert solid and all(near((c.r, c.g, c.b), colour[:3], 2) for c in solid)
