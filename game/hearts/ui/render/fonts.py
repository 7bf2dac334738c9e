"""The game's two fonts (Hearts Sans, regular and bold) at any pixel size, and cached text surfaces."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Final, Generic, TypeVar

import pygame

from hearts.ui.assets import asset_path

if TYPE_CHECKING:
    from pygame.typing import ColorLike

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

REGULAR_FILE: Final = ("fonts", "HeartsSans.ttf")
BOLD_FILE: Final = ("fonts", "HeartsSans-Bold.ttf")
MIN_PX: Final = 4
MAX_PX: Final = 512


class LruCache(Generic[K, V]):
    """A small least-recently-used cache, bounded by a number of entries and, optionally, a total weight.

    ``weigh`` gives an entry's weight (e.g. a surface's bytes); the cache evicts the oldest entries until
    both bounds hold, but always keeps the newest one.
    """

    def __init__(
        self, max_items: int, *, max_weight: int | None = None, weigh: Callable[[V], int] | None = None
    ) -> None:
        if max_items < 1:
            raise ValueError(f"max_items must be at least 1, not {max_items!r}")
        self.max_items = max_items
        self.max_weight = max_weight
        self._weigh = weigh
        self._items: OrderedDict[K, V] = OrderedDict()
        self.weight = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        old = self._items.pop(key, None)
        if old is not None:
            self.weight -= self._weight_of(old)
        self._items[key] = value
        self.weight += self._weight_of(value)
        while len(self._items) > 1 and (len(self._items) > self.max_items or self._overweight()):
            _, evicted = self._items.popitem(last=False)
            self.weight -= self._weight_of(evicted)
        return value

    def values(self) -> list[V]:
        """What the cache holds, the oldest first (its order is left as it is)."""
        return list(self._items.values())

    def _overweight(self) -> bool:
        return self.max_weight is not None and self.weight > self.max_weight

    def clear(self) -> None:
        self._items.clear()
        self.weight = 0

    def _weight_of(self, value: V) -> int:
        return self._weigh(value) if self._weigh is not None else 0


def surface_bytes(surface: pygame.Surface) -> int:
    """Roughly the memory a surface holds."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class Fonts:
    """Hearts Sans at any pixel size: ``get(px)`` for measuring, ``text(...)`` for cached rendered lines.

    Sizes are clamped to 4-512 px. Both caches are bounded, since sizes change whenever the window does.
    """

    def __init__(self, *, max_fonts: int = 48, max_texts: int = 768) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._regular = asset_path(*REGULAR_FILE)
        self._bold = asset_path(*BOLD_FILE)
        self._fonts: LruCache[tuple[int, bool], pygame.font.Font] = LruCache(max_fonts)
        self._texts: LruCache[tuple[str, int, bool, tuple[int, int, int, int]], pygame.Surface] = LruCache(
            max_texts, max_weight=24 * 1024 * 1024, weigh=surface_bytes
        )

    def get(self, px: int, *, bold: bool = False) -> pygame.font.Font:
        """The font at ``px`` pixels (the em size), loaded once per size."""
        px = max(MIN_PX, min(MAX_PX, int(px)))
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts.put(key, pygame.font.Font(self._bold if bold else self._regular, px))
        return font

    def text(self, s: str, px: int, colour: ColorLike, *, bold: bool = False) -> pygame.Surface:
        """One line of antialiased text on a transparent surface; the same request returns the same surface.

        Treat the result as read-only: it is shared with every later caller.
        """
        rgba = tuple(pygame.Color(colour))
        key = (s, max(MIN_PX, min(MAX_PX, int(px))), bold, (rgba[0], rgba[1], rgba[2], rgba[3]))
        surface = self._texts.get(key)
        if surface is None:
            surface = self.get(px, bold=bold).render(s, True, key[3])
            if key[3][3] != 255:
                surface.set_alpha(key[3][3])
            surface = self._texts.put(key, surface)
        return surface

    def size(self, s: str, px: int, *, bold: bool = False) -> tuple[int, int]:
        """The width and height ``text`` would have, without rendering it."""
        return self.get(px, bold=bold).size(s)

    def line_height(self, px: int, *, bold: bool = False) -> int:
        """The distance from one line of text to the next."""
        return self.get(px, bold=bold).get_linesize()

    @property
    def cached_fonts(self) -> int:
        return len(self._fonts)

    @property
    def cached_texts(self) -> int:
        return len(self._texts)
