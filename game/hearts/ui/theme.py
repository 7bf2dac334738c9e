"""The table's palette as named colours, the suit colours, and the felt background drawn once per size.

Colours are plain ``(r, g, b)`` or ``(r, g, b, a)`` tuples. Text colours are chosen for at least 4.5:1
contrast against the background they are meant for (``contrast_ratio`` measures it, as WCAG defines it).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final, TypeAlias

import pygame

from hearts.engine.cards import Suit

RGB: TypeAlias = tuple[int, int, int]
RGBA: TypeAlias = tuple[int, int, int, int]
Colour: TypeAlias = RGB | RGBA

# --- The table ------------------------------------------------------------------------------------------
FELT: Final[RGB] = (24, 94, 60)  # the centre of the table
FELT_EDGE: Final[RGB] = (9, 48, 31)  # the corners, where the vignette is darkest
FELT_LINE: Final[RGB] = (40, 118, 80)  # faint marks drawn on the felt (trick area outline, seat spots)

# --- Panels (seat plates, dialogs, the score sheet) -----------------------------------------------------
PANEL: Final[RGBA] = (10, 30, 22, 215)  # translucent dark plate over the felt
PANEL_SOLID: Final[RGB] = (16, 40, 30)
PANEL_BORDER: Final[RGB] = (62, 112, 86)
PANEL_LIGHT: Final[RGB] = (247, 244, 235)  # a paper-like dialog
PANEL_LIGHT_BORDER: Final[RGB] = (196, 186, 160)
SCRIM: Final[RGB] = (115, 115, 115)
"""Darkens the table behind a modal dialog: each colour is multiplied by it (``widgets.darken``), as black
at an alpha of 140 over it would, within a level (and a whole phone screen's alpha blend cost 20-30 ms in
WebAssembly at scale 2, a long task as the hand's result opened)."""

# --- Text -----------------------------------------------------------------------------------------------
TEXT: Final[RGB] = (246, 243, 232)  # on the felt and on dark panels
TEXT_MUTED: Final[RGB] = (182, 204, 190)
TEXT_DARK: Final[RGB] = (28, 30, 34)  # on light panels and on cards
TEXT_DARK_MUTED: Final[RGB] = (86, 88, 92)
TEXT_DISABLED: Final[RGB] = (128, 140, 132)
TITLE: Final[RGB] = (255, 224, 140)  # headings on dark panels

# --- Focus and selection --------------------------------------------------------------------------------
# The focus ring is two bands: no one colour stands out 3:1 on both a white card and the green felt.
FOCUS_RING: Final[RGB] = (255, 204, 0)  # the outer band, bright gold: 3:1 on the felt and dark panels
FOCUS_RING_OUTLINE: Final[RGB] = (20, 16, 0)  # the inner band, near black: 3:1 on cards and light buttons
SELECTED: Final[RGB] = (120, 200, 255)  # a raised card (tap then confirm, passing)
HINT: Final[RGB] = (128, 236, 170)  # the card(s) a hint suggests
RECEIVED: Final[RGB] = (178, 140, 255)  # the mark on cards received in the pass
LAST_PLAYED: Final[RGB] = (255, 255, 255)

# --- Buttons --------------------------------------------------------------------------------------------
BUTTON: Final[RGB] = (236, 232, 218)
BUTTON_HOVER: Final[RGB] = (255, 252, 240)
BUTTON_PRESSED: Final[RGB] = (204, 196, 172)
BUTTON_DISABLED: Final[RGB] = (88, 104, 96)
BUTTON_BORDER: Final[RGB] = (60, 52, 36)
BUTTON_TEXT: Final[RGB] = (28, 30, 34)
BUTTON_TEXT_DISABLED: Final[RGB] = (170, 180, 174)
PRIMARY: Final[RGB] = (244, 190, 40)  # the one main action on a screen: "Pass left", "Next hand"
PRIMARY_HOVER: Final[RGB] = (255, 210, 84)
PRIMARY_PRESSED: Final[RGB] = (206, 154, 20)
PRIMARY_TEXT: Final[RGB] = (34, 24, 0)
ICON_BUTTON: Final[RGBA] = (255, 255, 255, 28)  # the round backing of an icon button on the felt
ICON_BUTTON_HOVER: Final[RGBA] = (255, 255, 255, 56)
ICON_BUTTON_PRESSED: Final[RGBA] = (0, 0, 0, 60)

# --- The message line ("You must follow clubs") ---------------------------------------------------------
MESSAGE: Final[RGB] = (255, 228, 150)
MESSAGE_BG: Final[RGBA] = (0, 0, 0, 120)
ERROR: Final[RGB] = (255, 150, 140)

# --- Badges: (background, text) -------------------------------------------------------------------------
BADGE_MOON: Final[tuple[RGB, RGB]] = ((88, 54, 168), (255, 255, 255))  # "Moon threat"
BADGE_HEARTS_BROKEN: Final[tuple[RGB, RGB]] = ((176, 24, 36), (255, 255, 255))  # "Hearts broken"
BADGE_QUEEN_PLAYED: Final[tuple[RGB, RGB]] = ((24, 24, 28), (255, 255, 255))  # "Q♠ played"
BADGE_DEALER: Final[tuple[RGB, RGB]] = ((236, 232, 218), (28, 30, 34))
BADGE_TURN: Final[tuple[RGB, RGB]] = ((255, 204, 0), (34, 24, 0))  # whose turn it is
BADGE_RECEIVED: Final[tuple[RGB, RGB]] = (RECEIVED, (28, 30, 34))  # the tag on cards passed to you

# --- Scores ---------------------------------------------------------------------------------------------
SCORE_GOOD: Final[RGB] = (140, 236, 160)  # lowest total, victory
SCORE_BAD: Final[RGB] = (255, 150, 140)  # points taken, defeat
VICTORY: Final[RGB] = (255, 214, 64)
WINNER: Final[RGB] = (255, 226, 110)  # the ring round a trick's winning card: pale gold, unlike the focus
DEFEAT: Final[RGB] = (220, 226, 232)

# --- Cards ----------------------------------------------------------------------------------------------
CARD_FACE: Final[RGB] = (252, 251, 247)
CARD_BORDER: Final[RGB] = (150, 150, 146)
COURT_TINT: Final[RGB] = (250, 241, 212)  # the parchment inside a court card's frame
COURT_GOLD: Final[RGB] = (214, 164, 40)
COURT_GOLD_DARK: Final[RGB] = (128, 90, 12)
# The court figures (render/court.py): one dark line round every shape, as on printed cards.
FIGURE_LINE: Final[RGB] = (36, 30, 28)
SKIN: Final[RGB] = (250, 214, 180)
CHEEK: Final[RGB] = (238, 150, 130)
LIPS: Final[RGB] = (196, 48, 52)
KING_BEARD: Final[RGB] = (218, 226, 240)  # silver white: an old king
KING_BEARD_SHADE: Final[RGB] = (150, 160, 182)
QUEEN_HAIR: Final[RGB] = (112, 56, 30)  # chestnut, long
QUEEN_HAIR_SHADE: Final[RGB] = (70, 32, 18)
JACK_HAIR: Final[RGB] = (236, 190, 80)  # fair, short
JACK_HAIR_SHADE: Final[RGB] = (176, 126, 36)
ERMINE: Final[RGB] = (252, 252, 250)
STEEL: Final[RGB] = (204, 212, 222)
STEEL_SHADE: Final[RGB] = (132, 142, 156)
WOOD: Final[RGB] = (136, 88, 44)
ROSE: Final[RGB] = (236, 104, 140)
ROSE_DARK: Final[RGB] = (170, 40, 84)
LEAF: Final[RGB] = (58, 140, 62)
FEATHER: Final[RGB] = (252, 250, 244)
# The trim on a court robe, by suit: the two suits that share a robe colour never share a trim.
COURT_TRIM: Final[dict[Suit, RGB]] = {
    Suit.CLUBS: (236, 200, 96),  # yellow
    Suit.DIAMONDS: (150, 190, 240),  # pale blue
    Suit.SPADES: (150, 160, 204),  # lavender
    Suit.HEARTS: (252, 230, 176),  # cream
}
CARD_BACK: Final[RGB] = (142, 22, 36)  # deep red
CARD_BACK_DARK: Final[RGB] = (96, 12, 24)
CARD_BACK_LINE: Final[RGB] = (214, 112, 112)
CARD_BACK_MARGIN: Final[RGB] = (250, 246, 238)
DIM: Final[RGBA] = (40, 44, 48, 108)  # greys a card that cannot be played now (index still 3:1)
DIM_HATCH: Final[RGBA] = (20, 22, 26, 90)
SHADOW: Final[RGBA] = (0, 0, 0, 110)

# --- Suits ----------------------------------------------------------------------------------------------
BLACK_SUIT: Final[RGB] = (20, 20, 24)
RED_SUIT: Final[RGB] = (204, 36, 16)
BLUE_SUIT: Final[RGB] = (40, 40, 200)  # four-colour diamonds
GREEN_SUIT: Final[RGB] = (0, 120, 90)  # four-colour clubs: a blue-leaning green, apart from red for CVD

SUIT_COLOURS: Final[dict[Suit, RGB]] = {
    Suit.CLUBS: BLACK_SUIT,
    Suit.DIAMONDS: RED_SUIT,
    Suit.SPADES: BLACK_SUIT,
    Suit.HEARTS: RED_SUIT,
}
SUIT_COLOURS_FOUR: Final[dict[Suit, RGB]] = {
    Suit.CLUBS: GREEN_SUIT,
    Suit.DIAMONDS: BLUE_SUIT,
    Suit.SPADES: BLACK_SUIT,
    Suit.HEARTS: RED_SUIT,
}
# Suit symbols on dark panels and badges (e.g. "Q♠ played"): at least 4.5:1 on PANEL and FELT_EDGE, 3:1 on
# the brighter middle of the felt (enough for a symbol; put sentences on a panel or use TEXT / MESSAGE).
SUIT_COLOURS_ON_DARK: Final[dict[Suit, RGB]] = {
    Suit.CLUBS: (236, 236, 240),
    Suit.DIAMONDS: (255, 128, 112),
    Suit.SPADES: (236, 236, 240),
    Suit.HEARTS: (255, 128, 112),
}
SUIT_COLOURS_FOUR_ON_DARK: Final[dict[Suit, RGB]] = {
    Suit.CLUBS: (110, 224, 170),
    Suit.DIAMONDS: (150, 170, 255),
    Suit.SPADES: (236, 236, 240),
    Suit.HEARTS: (255, 128, 112),
}


def suit_colour(suit: Suit, *, four_colour: bool = False, on_dark: bool = False) -> RGB:
    """The ink of a suit on a card face (or, with ``on_dark``, on the felt)."""
    if on_dark:
        return (SUIT_COLOURS_FOUR_ON_DARK if four_colour else SUIT_COLOURS_ON_DARK)[suit]
    return (SUIT_COLOURS_FOUR if four_colour else SUIT_COLOURS)[suit]


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    """Relative luminance, 0 (black) to 1 (white)."""
    return 0.2126 * _linear(colour[0]) + 0.7152 * _linear(colour[1]) + 0.0722 * _linear(colour[2])


def over(top: Colour, bottom: Colour) -> RGB:
    """``top`` laid over the opaque ``bottom`` with ``top``'s alpha (255 if it has none): the colour seen."""
    alpha = (top[3] if len(top) > 3 else 255) / 255
    return (
        round(top[0] * alpha + bottom[0] * (1 - alpha)),
        round(top[1] * alpha + bottom[1] * (1 - alpha)),
        round(top[2] * alpha + bottom[2] * (1 - alpha)),
    )


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two opaque colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# --- The felt, drawn once per window size ---------------------------------------------------------------
_FELT_CACHE: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
_FELT_CACHE_SIZE: Final = 3
_FELT_STEPS: Final = 48


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table background for a window size: calm green, lighter in the middle, darker at the corners.

    A small radial gradient is drawn once and scaled up smoothly, so even a large window costs one
    ``smoothscale``; the last few sizes are kept.
    """
    width, height = max(1, int(size[0])), max(1, int(size[1]))
    key = (width, height)
    cached = _FELT_CACHE.get(key)
    if cached is not None:
        _FELT_CACHE.move_to_end(key)
        return cached
    # The gradient is drawn small, with the window's aspect, as concentric ellipses from the edge inwards.
    small_w = max(8, min(160, width // 6))
    small_h = max(8, min(160, height // 6))
    small = pygame.Surface((small_w, small_h))
    small.fill(FELT_EDGE)
    reach = 1.45  # how far past the edge the outermost ellipse reaches (so corners are darkest)
    for step in range(_FELT_STEPS, 0, -1):
        t = step / _FELT_STEPS  # 1 at the outside, small at the centre
        shade = _mix(FELT, FELT_EDGE, t**1.8)
        rx, ry = small_w / 2 * reach * t, small_h / 2 * reach * t
        rect = pygame.Rect(0, 0, max(1, round(rx * 2)), max(1, round(ry * 2)))
        rect.center = (small_w // 2, small_h // 2)
        pygame.draw.ellipse(small, shade, rect)
    surface = pygame.transform.smoothscale(small, (width, height))
    _FELT_CACHE[key] = surface
    while len(_FELT_CACHE) > _FELT_CACHE_SIZE:
        _FELT_CACHE.popitem(last=False)
    return surface


table_background = felt  # the same picture under another name, for screens that say what it is for
