"""Card faces, the back, the "cannot play" overlay, the shadow and a fan of backs, drawn with vectors at
any size.

Nothing is a scaled bitmap: suit symbols are polygons and circles drawn four times too large and shrunk
once (antialiasing), letters come from the TTF at the size asked for, and the court figures (court.py) are
drawn large once per suit colour and shrunk to each size. Everything is cached (LRU,
bounded by count and by bytes), so a card costs its drawing once per size. The suit symbols and where
things go on a face are in faces.py, the back in back.py.

Two layouts, chosen by width:

- compact (narrower than ``CLASSIC_MIN_WIDTH``): a jumbo corner index that stays readable when only the
  left 40 % of the card shows, and one big suit symbol in the middle;
- classic: a smaller index and the traditional pip layout.

Court cards, in both, show a double-ended king, queen or jack in a frame cut away round the indices.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Final

import pygame

from hearts.engine.cards import FULL_DECK, Card, Rank, Suit
from hearts.ui import theme
from hearts.ui.render import court
from hearts.ui.render.back import draw_back
from hearts.ui.render.cover import solid_inset
from hearts.ui.render.faces import PIP_LAYOUTS, SUIT_SHAPES, FaceLayout
from hearts.ui.render.fonts import Fonts, LruCache, surface_bytes
from hearts.ui.render.runs import in_runs
from hearts.ui.render.shapes import half_turn, supersampled

CLASSIC_MIN_WIDTH: Final = 110
MIN_SIZE: Final = 8
FACE_BYTES: Final = 4
"""Bytes a pixel of a face holds (they have an alpha channel, ``SRCALPHA``)."""
SHADOW_BLUR: Final = 1
"""The shadow's blur radius, in the pixels of the small shadow it is drawn at before it is scaled up."""
BUST_UNIT: Final = 256  # a court figure is drawn this wide once, then shrunk (twice as wide for big cards)


def _whole_size(width: float, height: float) -> tuple[int, int]:
    """A card's size in whole pixels, no smaller than ``MIN_SIZE`` either way (the caches' keys)."""
    return max(MIN_SIZE, int(width)), max(MIN_SIZE, int(height))


class CardPainter:
    """Draws cards at any size; every surface it returns is cached and shared, so treat it as read-only."""

    def __init__(self, fonts: Fonts, *, max_faces: int = 160, max_face_bytes: int = 40 * 1024 * 1024) -> None:
        self.fonts = fonts
        self._faces: LruCache[tuple[int, int, int, bool], pygame.Surface] = LruCache(
            max_faces, max_weight=max_face_bytes, weigh=surface_bytes
        )
        self._blanks: LruCache[tuple[int, int], pygame.Surface] = LruCache(6)
        self._backs: LruCache[tuple[int, int], pygame.Surface] = LruCache(6)
        self._dims: LruCache[tuple[int, int], pygame.Surface] = LruCache(6)
        self._shadows: LruCache[tuple[int, int], pygame.Surface] = LruCache(6)
        self._insets: LruCache[tuple[int, int], int] = LruCache(6)
        self._pips: LruCache[tuple[Suit, int, tuple[int, ...]], pygame.Surface] = LruCache(96)
        self._indices: LruCache[tuple[Rank, Suit, int, int, int, tuple[int, ...]], pygame.Surface] = LruCache(
            128
        )
        self._glyphs: LruCache[tuple[str, int, tuple[int, ...]], pygame.Surface] = LruCache(128)
        self._busts: LruCache[tuple[Rank, Suit, tuple[int, ...], int], pygame.Surface] = LruCache(16)
        self._frames: LruCache[tuple[int, int, tuple[int, int], tuple[int, ...]], pygame.Surface] = LruCache(
            16
        )
        self._fans: LruCache[tuple[int, tuple[int, int], int], pygame.Surface] = LruCache(32)
        self._cap_ratio: float | None = None
        self.painted: Counter[tuple[Card | None, int, int]] = Counter()
        """How often each face (by its card) and the back (None) was painted, by size: what the caches
        did not save, in the order each was first painted."""
        self.fans_painted: Counter[tuple[int, tuple[int, int], int]] = Counter()
        """How often each fan was painted, by its backs, their size and its height."""
        self.paintings = 0
        """How many faces, backs and fans have been painted in all (a cache may have let one go since a
        count was read only if this has grown)."""

    # -- public API --

    def face(self, card: Card, width: int, height: int, *, four_colour: bool = False) -> pygame.Surface:
        """The face of ``card`` at ``width`` x ``height`` (SRCALPHA, rounded corners, thin border)."""
        width, height = _whole_size(width, height)
        # The colour only changes for diamonds and clubs, so the other suits share their cache entries.
        four = four_colour and theme.suit_colour(card.suit) != theme.suit_colour(card.suit, four_colour=True)
        key = (int(card), width, height, four)
        surface = self._faces.get(key)
        if surface is None:
            surface = self._faces.put(key, self._draw_face(card, width, height, four))
            self.painted[card, width, height] += 1
            self.paintings += 1
        return surface

    def has_face(self, card: Card, width: int, height: int, *, four_colour: bool = False) -> bool:
        """Whether the face of ``card`` at this size is painted already (``face`` would only copy it)."""
        width, height = _whole_size(width, height)
        four = four_colour and theme.suit_colour(card.suit) != theme.suit_colour(card.suit, four_colour=True)
        return (int(card), width, height, four) in self._faces

    def holds_every_face(self, sizes: Iterable[tuple[int, int]]) -> bool:
        """Whether a face of every card at each of ``sizes`` fits the cache of faces at once."""
        faces = [_whole_size(width, height) for width, height in sizes]
        deck = len(FULL_DECK)
        limit = self._faces.max_weight
        weight = sum(deck * width * height * FACE_BYTES for width, height in faces)
        return deck * len(faces) <= self._faces.max_items and (limit is None or weight <= limit)

    def back(self, width: int, height: int) -> pygame.Surface:
        """The back of every card: a deep red lattice inside a white margin."""
        width, height = _whole_size(width, height)
        surface = self._backs.get((width, height))
        if surface is None:
            surface = self._backs.put((width, height), self._draw_back(width, height))
            self.painted[None, width, height] += 1
            self.paintings += 1
        return surface

    def has_back(self, width: int, height: int) -> bool:
        """Whether the back at this size is painted already (``back`` would only copy it)."""
        return _whole_size(width, height) in self._backs

    def fan(self, count: int, back: tuple[int, int], height: int) -> pygame.Surface:
        """``count`` backs held in a fan, drawn with backs of size ``back`` and shrunk to ``height`` (smooth
        edges); in runs (``render.runs``), so blit it, and only onto an opaque surface, to keep it quick."""
        key = (count, back, height)
        image = self._fans.get(key)
        if image is None:
            image = self._fans.put(key, in_runs(self._draw_fan(count, back, height)))
            self.fans_painted[key] += 1
            self.paintings += 1
        return image

    def has_fan(self, count: int, back: tuple[int, int], height: int) -> bool:
        """Whether this fan is drawn already (``fan`` would only return it)."""
        return (count, back, height) in self._fans

    def dim(self, width: int, height: int) -> pygame.Surface:
        """An overlay for cards that cannot be played now: greyed and hatched (so not by colour alone)."""
        width, height = _whole_size(width, height)
        surface = self._dims.get((width, height))
        if surface is None:
            surface = self._dims.put((width, height), self._draw_dim(width, height))
        return surface

    def shadow(self, width: int, height: int) -> pygame.Surface:
        """A soft shadow for a card of this size; it is larger than the card: blit it at ``shadow_rect``."""
        width, height = _whole_size(width, height)
        surface = self._shadows.get((width, height))
        if surface is None:
            surface = self._shadows.put((width, height), self._draw_shadow(width, height))
        return surface

    def solid_inset(self, width: int, height: int) -> int:
        """How far the opaque part of every face of this size keeps from its corners (``cover.interior``):
        read from the blank, which each face is with drawing blended on it (alpha 255 stays 255)."""
        width, height = _whole_size(width, height)
        inset = self._insets.get((width, height))
        if inset is None:
            inset = self._insets.put((width, height), solid_inset(self._blank(width, height)))
        return inset

    @staticmethod
    def shadow_spread(width: int) -> int:
        """How far the shadow reaches past each edge of a card ``width`` wide."""
        return max(2, round(width * 0.07))

    @staticmethod
    def shadow_rect(card_rect: pygame.Rect) -> pygame.Rect:
        """Where to blit ``shadow(card_rect.size)`` for a card drawn at ``card_rect``: a little below it."""
        spread = CardPainter.shadow_spread(card_rect.width)
        drop = max(1, round(card_rect.width * 0.03))
        return pygame.Rect(
            card_rect.x - spread,
            card_rect.y - spread + drop,
            card_rect.width + 2 * spread,
            card_rect.height + 2 * spread,
        )

    def layout(self, width: int, height: int) -> FaceLayout:
        """The geometry of a face of this size."""
        width, height = _whole_size(width, height)
        compact = width < CLASSIC_MIN_WIDTH
        if compact:
            cap = max(5, round(min(height * 0.16, width * 0.235)))
        else:
            cap = max(5, round(min(height * 0.105, width * 0.15)))
        index_pip = max(4, round(cap * 0.9))
        ten = self._glyph_run("10", cap, theme.TEXT_DARK)
        return FaceLayout(
            width=width,
            height=height,
            radius=max(3, round(width * 0.065)),
            border=max(1, round(width / 110)),
            compact=compact,
            margin_x=max(2, round(width * 0.04)),
            margin_y=max(2, round(height * 0.035)),
            cap=cap,
            index_pip=index_pip,
            index_width=max(ten.get_width(), index_pip),
        )

    def index_px(self, width: int, height: int) -> int:
        """The font size of a face's corner index at this size, in pixels."""
        return max(4, round(self.layout(width, height).cap / self._ratio()))

    @property
    def cached_faces(self) -> int:
        return len(self._faces)

    @property
    def cached_backs(self) -> int:
        return len(self._backs)

    def clear(self) -> None:
        """Forget every cached surface (e.g. after the window's scale changed a lot)."""
        for cache in (
            self._faces,
            self._blanks,
            self._backs,
            self._dims,
            self._shadows,
            self._insets,
            self._pips,
            self._indices,
            self._glyphs,
            self._busts,
            self._frames,
        ):
            cache.clear()

    # -- pieces --

    def pip(self, suit: Suit, size: int, colour: theme.Colour) -> pygame.Surface:
        """A suit symbol in a ``size`` x ``size`` square, antialiased, on a transparent background."""
        size = max(2, int(size))
        key = (suit, size, tuple(colour))
        surface = self._pips.get(key)
        if surface is None:
            shape = SUIT_SHAPES[suit]
            surface = self._pips.put(
                key,
                supersampled(
                    (size, size), colour, lambda big, k: shape.draw(big, (*colour[:3], 255), 0, 0, size * k)
                ),
            )
        return surface

    def _ratio(self) -> float:
        """Cap height over font size for the bold face (measured once)."""
        if self._cap_ratio is None:
            probe = self.fonts.get(200, bold=True).render("0", True, (0, 0, 0))
            self._cap_ratio = probe.get_bounding_rect().height / 200
        return self._cap_ratio

    def _glyph_run(self, text: str, cap: int, colour: theme.Colour) -> pygame.Surface:
        """``text`` in bold with its digits' ink ``cap`` pixels tall, cropped to the ink, letters set tight.

        Letters that reach below the baseline (J, Q) are drawn a little smaller so that no index is taller
        than ``1.12 * cap``.
        """
        key = (text, cap, tuple(colour))
        cached = self._glyphs.get(key)
        if cached is not None:
            return cached
        px = max(4, round(cap / self._ratio()))
        pieces: list[pygame.Surface] = []
        for char in text:
            image = self.fonts.get(px, bold=True).render(char, True, colour[:3])
            ink = image.get_bounding_rect()
            if ink.height > cap * 1.12:
                smaller = max(4, round(px * cap * 1.12 / ink.height))
                image = self.fonts.get(smaller, bold=True).render(char, True, colour[:3])
                ink = image.get_bounding_rect()
            pieces.append(image.subsurface(ink).copy())
        gap = max(0, round(cap * 0.02)) - (1 if len(pieces) > 1 else 0)
        width = sum(piece.get_width() for piece in pieces) + gap * (len(pieces) - 1)
        height = max(piece.get_height() for piece in pieces)
        run = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        run.fill((*colour[:3], 0))
        x = 0
        for piece in pieces:
            run.blit(piece, (x, 0))
            x += piece.get_width() + gap
        return self._glyphs.put(key, run)

    def _index(self, rank: Rank, suit: Suit, layout: FaceLayout, colour: theme.Colour) -> pygame.Surface:
        """The corner index: the rank above the suit, centred in one column."""
        key = (rank, suit, layout.cap, layout.index_pip, layout.index_width, tuple(colour))
        cached = self._indices.get(key)
        if cached is not None:
            return cached
        area = layout.index_rect
        surface = pygame.Surface(area.size, pygame.SRCALPHA)
        surface.fill((*colour[:3], 0))
        label = "10" if rank == Rank.TEN else rank.letter
        run = self._glyph_run(label, layout.cap, colour)
        surface.blit(run, run.get_rect(midtop=(area.width // 2, 0)))
        pip = self.pip(suit, layout.index_pip, colour)
        surface.blit(pip, pip.get_rect(midbottom=(area.width // 2, area.height)))
        return self._indices.put(key, surface)

    # -- whole surfaces --

    def _blank(self, width: int, height: int) -> pygame.Surface:
        """The empty face: white, rounded, with a thin border."""
        cached = self._blanks.get((width, height))
        if cached is not None:
            return cached
        layout = self.layout(width, height)

        def draw(big: pygame.Surface, k: int) -> None:
            outer = big.get_rect()
            pygame.draw.rect(big, theme.CARD_BORDER, outer, border_radius=layout.radius * k)
            inner = outer.inflate(-2 * layout.border * k, -2 * layout.border * k)
            inner_radius = max(1, (layout.radius - layout.border) * k)
            pygame.draw.rect(big, theme.CARD_FACE, inner, border_radius=inner_radius)

        return self._blanks.put((width, height), supersampled((width, height), theme.CARD_BORDER, draw, 2))

    def _draw_face(self, card: Card, width: int, height: int, four_colour: bool) -> pygame.Surface:
        layout = self.layout(width, height)
        colour = theme.suit_colour(card.suit, four_colour=four_colour)
        surface = self._blank(width, height).copy()
        index = self._index(card.rank, card.suit, layout, colour)
        surface.blit(index, layout.index_rect)
        bottom = index.get_rect(bottomright=(width - layout.margin_x, height - layout.margin_y))
        surface.blit(half_turn(index), bottom)
        if card.rank >= Rank.JACK and card.rank != Rank.ACE:
            self._draw_court(surface, card, layout, colour)
        elif layout.compact or card.rank == Rank.ACE:
            self._draw_centre_pip(surface, card, layout, colour)
        else:
            self._draw_pips(surface, card, layout, colour)
        return surface

    def _draw_centre_pip(
        self, surface: pygame.Surface, card: Card, layout: FaceLayout, colour: theme.Colour
    ) -> None:
        scale = 0.56 if card.rank == Rank.ACE and not layout.compact else 0.44
        size = round(min(layout.width * scale, layout.height * 0.34))
        pip = self.pip(card.suit, size, colour)
        surface.blit(pip, pip.get_rect(center=(layout.width / 2, layout.height / 2)))

    def _draw_pips(
        self, surface: pygame.Surface, card: Card, layout: FaceLayout, colour: theme.Colour
    ) -> None:
        width, height = layout.width, layout.height
        size = round(min(width * 0.158, height * 0.113))
        pip = self.pip(card.suit, size, colour)
        upside_down = half_turn(pip)
        left, right = width * 0.35, width * 0.65
        top, bottom = height * 0.19, height * 0.81
        for column, row in PIP_LAYOUTS[card.rank]:
            x = left + (right - left) * column
            y = top + (bottom - top) * row
            image = upside_down if row > 0.5 else pip
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_court(
        self, surface: pygame.Surface, card: Card, layout: FaceLayout, colour: theme.Colour
    ) -> None:
        """The framed, double-ended picture: the bust is drawn once per colour and shrunk to each size,
        the frame once per size and colour, so a new size costs little more than a pip card."""
        frame = layout.court_frame
        box_width = frame.bust_box(1)[2]
        unit = BUST_UNIT if box_width * 2 <= BUST_UNIT else 2 * BUST_UNIT
        key = (card.rank, card.suit, tuple(colour), unit)
        bust = self._busts.get(key)
        if bust is None:
            bust = self._busts.put(key, court.draw_bust(card.rank, card.suit, colour, unit))
        frame_key = (frame.rect.width, frame.rect.height, frame.notch, tuple(colour))
        line = self._frames.get(frame_key)
        if line is None:

            def draw(big: pygame.Surface, k: int) -> None:
                court.draw_frame_line(big, k, frame, colour)

            line = self._frames.put(frame_key, supersampled(frame.rect.size, colour, draw, 3))
        box = court.emblem_box(frame)
        emblem = self.pip(card.suit, box[2], colour) if box is not None else None
        surface.blit(court.compose(frame, line, bust, emblem), frame.rect)

    def _draw_fan(self, count: int, back: tuple[int, int], height: int) -> pygame.Surface:
        card_width, card_height = back
        picture = self.back(card_width, card_height)
        spread = min(64.0, 6.0 * (count - 1))
        pivot = card_height * 1.2  # how far below the cards' centres the hand holds them
        canvas = pygame.Surface((4 * card_height, 3 * card_height), pygame.SRCALPHA)
        hold = (canvas.get_width() / 2, card_height + pivot)
        for index in range(count):
            angle = spread / 2 - (spread * index / (count - 1) if count > 1 else 0.0)
            turned = pygame.transform.rotate(picture, angle)
            x = hold[0] - math.sin(math.radians(angle)) * pivot
            y = hold[1] - math.cos(math.radians(angle)) * pivot
            canvas.blit(turned, turned.get_rect(center=(round(x), round(y))))
        used = canvas.subsurface(canvas.get_bounding_rect())
        width = max(1, round(used.get_width() * height / used.get_height()))
        return pygame.transform.smoothscale(used, (width, height))

    def _draw_back(self, width: int, height: int) -> pygame.Surface:
        """The back at this size, uncached (back.py draws it)."""
        return draw_back(width, height)

    def _draw_dim(self, width: int, height: int) -> pygame.Surface:
        """The grey tint everywhere, the hatching everywhere but on the two indices.

        A hatch line across an index would darken its paper to nearly the ink's shade: red and green
        fell below 3:1 there. The tint alone keeps every suit's index above 3:1 (tests/ui/test_render.py).
        """
        radius = max(3, round(width * 0.065))
        layout = self.layout(width, height)
        clear = layout.index_rect.inflate(2 * layout.border, 2 * layout.border)
        clear_turned = clear.move(width - clear.right - clear.left, height - clear.bottom - clear.top)

        def draw(big: pygame.Surface, k: int) -> None:
            rect = big.get_rect()
            pygame.draw.rect(big, theme.DIM, rect, border_radius=radius * k)
            hatch = pygame.Surface(rect.size, pygame.SRCALPHA)
            hatch.fill((*theme.DIM_HATCH[:3], 0))
            step = max(5, round(width * 0.11)) * k
            stroke = max(1, round(width / 60 * k))
            for x in range(-rect.height, rect.width + step, step):
                pygame.draw.line(hatch, theme.DIM_HATCH, (x, rect.height), (x + rect.height, 0), stroke)
            mask = pygame.Surface(rect.size, pygame.SRCALPHA)
            mask.fill((255, 255, 255, 0))
            pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius * k)
            for index in (clear, clear_turned):
                big_index = pygame.Rect(index.x * k, index.y * k, index.width * k, index.height * k)
                pygame.draw.rect(mask, (255, 255, 255, 0), big_index, border_radius=layout.radius * k // 2)
            hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            big.blit(hatch, (0, 0))

        return supersampled((width, height), theme.DIM, draw, 2)

    def _draw_shadow(self, width: int, height: int) -> pygame.Surface:
        spread = self.shadow_spread(width)
        size = (width + 2 * spread, height + 2 * spread)
        shrink = max(1, spread // 2)
        small = pygame.Surface((max(1, size[0] // shrink), max(1, size[1] // shrink)), pygame.SRCALPHA)
        small.fill((*theme.SHADOW[:3], 0))
        body = pygame.Rect(0, 0, max(1, width // shrink), max(1, height // shrink))
        body.center = small.get_rect().center
        pygame.draw.rect(small, theme.SHADOW, body, border_radius=max(1, round(width * 0.065 / shrink)))
        if hasattr(pygame.transform, "gaussian_blur"):
            # Blurred small, then scaled up: the same soft edge (alpha within 6 of 255 of blurring it at
            # full size) for a fraction of the work, which in WebAssembly at a phone's scale was 66 ms.
            margin = SHADOW_BLUR
            around = (small.get_width() + 2 * margin, small.get_height() + 2 * margin)
            padded = pygame.Surface(around, pygame.SRCALPHA)
            padded.fill((*theme.SHADOW[:3], 0))
            padded.blit(small, (margin, margin))
            blurred = pygame.transform.gaussian_blur(padded, SHADOW_BLUR)
            small = blurred.subsurface((margin, margin, small.get_width(), small.get_height()))
        return pygame.transform.smoothscale(small, size)
