"""Drawing the seats' boxes round the table: the panel, the mark of the seat to move (or, while passing,
a tick once it has passed), the name, the dealer's chip, the total with the cards taken this hand (a
count of hearts, the Q♠ and J♦ chips or the moon badge), this hand's points in words, and an opponent's
fan of backs and count.

The seam: ``TableDrawer`` decides what each box says (which seat is to move as the message has it, how
many cards a seat is shown holding) and hands that over; ``SeatBoxes`` knows only how a box looks, and
the painter keeps the fans of backs. Where the pieces stand is ``seatbox.seat_parts`` and what they
say ``seatbox.seat_words``, shared with the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

import pygame

from ..engine import TRICKS, Phase, PlayerView, Seat, Suit
from ..words import SEAT_NAMES as NAMES
from . import theme
from .layout import CARD_ASPECT, Metrics
from .render.cards import CardPainter
from .render.fonts import Fonts, LruCache
from .render.text import Align, draw_text, fit_size
from .report import note_seat, note_seat_text
from .seatbox import SeatParts, SeatWords, is_one_line, seat_parts, seat_words
from .table_layout import TableLayout
from .widgets import draw_panel

MOON_THREAT = ("Moon threat", "Moon")
MOON_THREAT_POINTS: Final = 8
"""The moon badge shows once a seat holds every point taken so far and they come to this many: a
heart or two in one seat is how most hands begin, not a threat."""


FAN_HEIGHT: Final = 14
"""How tall an opponent's fan of backs stands, in design pixels."""
PANEL_RADIUS: Final = 10
"""The rounding of a box's corners, in design pixels."""
FAN_DRAWN: Final = 4
"""How many times larger a fan is drawn than it shows: shrunk, its edges are smooth."""


PANELS_KEPT: Final = 8
"""See-through panels kept already blended over the felt: the four boxes of a match's table and the four
of a lesson's, at one window size."""


class Panel(NamedTuple):
    """A box's see-through panel at ``rect`` (x, y, width, height) in a window of ``size``."""

    size: tuple[int, int]
    rect: tuple[int, int, int, int]
    radius: int


class KeptPanels:
    """The boxes' see-through panels, each made once blended over the felt and then kept; shared by every
    table, so a table opened anew finds its boxes' panels made, by an earlier table or ahead of it
    (``table_faces.DealAhead``)."""

    def __init__(self) -> None:
        self._kept: LruCache[Panel, pygame.Surface] = LruCache(PANELS_KEPT)
        self.made = 0
        """How many have been made (only a panel made can push a kept one out)."""

    def __contains__(self, panel: Panel) -> bool:
        return panel in self._kept

    def get(self, panel: Panel) -> pygame.Surface:
        """``panel`` blended over the felt where it stands."""
        kept = self._kept.get(panel)
        if kept is None:
            kept = theme.felt(panel.size).subsurface(panel.rect).copy()
            draw_panel(kept, kept.get_rect(), panel.radius, theme.PANEL)
            self._kept.put(panel, kept)
            self.made += 1
        return kept


PANELS: Final = KeptPanels()


def keepable_panel(layout: TableLayout, size: tuple[int, int], rect: pygame.Rect) -> Panel | None:
    """The panel of the box at ``rect``, if it can be kept blended over the felt: only the felt lies under
    it (inside the window, clear of the header and the marks)."""
    if not pygame.Rect((0, 0), size).contains(rect) or rect.collidelist([layout.header, layout.marks]) >= 0:
        return None
    return Panel(size, (rect.x, rect.y, rect.width, rect.height), layout.metrics.px(PANEL_RADIUS))


def box_panels(layout: TableLayout, size: tuple[int, int]) -> list[Panel]:
    """The panels of the four boxes that can be kept, for a table laid out as ``layout``."""
    panels = (keepable_panel(layout, size, layout.seats[seat].panel) for seat in Seat)
    return [panel for panel in panels if panel is not None]


def fan_card(metrics: Metrics) -> tuple[int, int]:
    """The size of the backs an opponent's fan is drawn with."""
    height = metrics.px(FAN_HEIGHT) * FAN_DRAWN
    return round(height / CARD_ASPECT), height


def is_moon_threat(view: PlayerView, seat: Seat) -> bool:
    """Whether ``seat``'s box carries the moon badge: it holds every point taken this hand, and enough
    of them (``MOON_THREAT_POINTS``) to be going for all."""
    return view.moon_threat == seat and view.points[seat] >= MOON_THREAT_POINTS


class Choice(NamedTuple):
    """One way to set out a box's score."""

    long_badge: bool
    """The moon badge in its long words ("Moon threat") or its short ones."""
    badge: bool
    """The moon badge at all (it gives way before the count of hearts and the Q♠ chip, which always
    show: they say what was taken)."""
    jack: bool
    """The J♦ chip (this hand's points count it all the same)."""
    total_size: int
    space: int
    """The total's text size and the space after it, in design pixels."""
    short_hand: bool
    """"hand +5" for "+5 this hand"."""
    backs: int
    """An opponent's backs in its fan, at most (0: no fan, nor the count of its cards)."""


_CHOICES: Final = (
    Choice(long_badge=True, badge=True, jack=True, total_size=17, space=8, short_hand=False, backs=TRICKS),
    Choice(long_badge=True, badge=True, jack=True, total_size=17, space=8, short_hand=False, backs=1),
    Choice(long_badge=False, badge=True, jack=True, total_size=17, space=8, short_hand=False, backs=1),
    Choice(long_badge=False, badge=True, jack=True, total_size=17, space=8, short_hand=False, backs=0),
    Choice(long_badge=False, badge=True, jack=True, total_size=15, space=6, short_hand=False, backs=0),
    Choice(long_badge=False, badge=True, jack=True, total_size=13, space=5, short_hand=False, backs=0),
    Choice(long_badge=False, badge=True, jack=False, total_size=13, space=5, short_hand=False, backs=0),
    Choice(long_badge=False, badge=False, jack=False, total_size=13, space=5, short_hand=False, backs=0),
    Choice(long_badge=False, badge=False, jack=False, total_size=13, space=5, short_hand=True, backs=0),
)
"""The ways to set out a box's score, fullest first: the first that fits is drawn."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of a box's score: what it is ("total", "hearts", "queen", "jack", "badge", "hand",
    "fan" or "count"), its text, its width and text size, and the space after it."""

    kind: str
    text: str
    width: int
    px: int
    after: int


def row_width(pieces: list[Piece]) -> int:
    """How wide ``pieces`` are in a row, with the spaces between them."""
    return sum(piece.width for piece in pieces) + sum(piece.after for piece in pieces[:-1])


def _hand_parts(text: str) -> list[tuple[str, bool]]:
    """The parts of "+5 this hand" (or "hand +5"), each with whether it is bold: the number is."""
    if text.startswith("hand "):
        return [("hand ", False), (text.removeprefix("hand "), True)]
    number, _, words = text.partition(" ")
    return [(number, True), (f" {words}", False)]


PanelKey = tuple[tuple[int, int], tuple[int, int, int, int], int]
"""A see-through panel over the felt: the window's size, the panel's rectangle and its corners' radius."""


class SeatBoxes:
    """Draws the four seats' boxes."""

    def __init__(self, fonts: Fonts, painter: CardPainter) -> None:
        self.fonts = fonts
        self.painter = painter

    def fan_image(self, count: int, metrics: Metrics) -> pygame.Surface:
        """``count`` backs held in a fan ``FAN_HEIGHT`` tall (the painter keeps it)."""
        return self.painter.fan(count, fan_card(metrics), metrics.px(FAN_HEIGHT))

    def draw(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        view: PlayerView,
        seat: Seat,
        *,
        to_move: bool,
        count: int,
        scored: tuple[int, ...] | None = None,
        name: str | None = None,
    ) -> None:
        """The box of ``seat`` as ``view`` shows it; ``to_move`` marks it as the seat to move, ``count``
        is how many cards its strip shows (0: none, as for your own box); ``scored``: what each seat
        scored for the hand, once it is over; ``name``: the seat's, when not the usual."""
        place = layout.seats[seat]
        rect = place.panel
        metrics = layout.metrics
        fonts = self.fonts
        floor = metrics.text(12)
        radius = metrics.px(PANEL_RADIUS)
        if to_move:
            draw_panel(surface, rect, radius, theme.PANEL_SOLID)
        elif (panel := keepable_panel(layout, surface.get_size(), rect)) is not None:
            # Kept blended over the felt: the four blended anew at every redraw took 2-3.5 ms inside
            # WebAssembly at a phone's scale.
            surface.blit(PANELS.get(panel), rect)
        else:
            draw_panel(surface, rect, radius, theme.PANEL)
        note_seat(seat, rect)
        if to_move:
            pygame.draw.rect(
                surface, theme.FOCUS_RING, rect, width=max(2, metrics.px(2)), border_radius=radius
            )
        parts = seat_parts(rect, metrics)
        one_line = is_one_line(rect, metrics)
        if to_move:
            self._draw_to_move(surface, parts.mark)
        elif view.phase is Phase.PASS and view.has_passed[seat]:
            self._chip(surface, metrics, parts.mark, "✓", (theme.SCORE_GOOD, theme.TEXT_DARK))
        name = NAMES[seat] if name is None else name
        # Every box's name at one size: the size at which the longest name fits (a friend's own, too).
        longest = "North" if len(name) <= len("North") else name
        px = fit_size(fonts, longest, parts.name.width, metrics.text(15), floor, bold=True)
        align: Align = "left" if one_line else "center"
        draw_text(surface, fonts, name, parts.name, px, theme.TEXT, bold=True, align=align, wrap=False)
        if view.dealer == seat and view.phase is not Phase.DEAL:
            self._chip(surface, metrics, parts.dealer, "D", theme.BADGE_DEALER)
        self._draw_score(surface, metrics, parts, view, seat, count, one_line=one_line, scored=scored)

    def _chip(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        rect: pygame.Rect,
        text: str,
        colours: tuple[theme.RGB, theme.RGB],
    ) -> None:
        """A round chip with a letter or sign: the dealer's D, a seat's tick once it has passed."""
        pygame.draw.circle(surface, colours[0], rect.center, rect.width // 2)
        draw_text(surface, self.fonts, text, rect, metrics.text(12), colours[1], bold=True)

    def _draw_to_move(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mark of the seat to move: a gold arrow pointing at its name."""
        inset = max(2, rect.width // 5)
        box = rect.inflate(-inset, -inset)
        points = [(box.left, box.top), (box.right, box.centery), (box.left, box.bottom)]
        pygame.draw.polygon(surface, theme.FOCUS_RING, points)

    def _draw_score(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        parts: SeatParts,
        view: PlayerView,
        seat: Seat,
        count: int,
        *,
        one_line: bool,
        scored: tuple[int, ...] | None,
    ) -> None:
        """The total, large, and the cards taken this hand (a count of hearts, the Q♠ and J♦ chips, and
        the moon badge while the hand is played); this hand's points in words (once it is over, what it
        scored); an opponent's cards (a fan of backs and their count)."""
        words = seat_words(view, seat, scored)
        threat = scored is None and is_moon_threat(view, seat)
        rows = self.set_out(metrics, parts, words, threat, count, one_line=one_line)
        for rect, pieces in rows:
            left = rect.left if one_line else rect.centerx - row_width(pieces) // 2
            for index, piece in enumerate(pieces):
                box = pygame.Rect(left, rect.top, piece.width, rect.height)
                self._draw_piece(surface, metrics, box, piece)
                if piece.kind in ("total", "hand"):
                    note_seat_text(seat, piece.kind, piece.text, piece.px, box)
                left += piece.width + (piece.after if index < len(pieces) - 1 else 0)

    def set_out(
        self,
        metrics: Metrics,
        parts: SeatParts,
        words: SeatWords,
        threat: bool,
        count: int,
        *,
        one_line: bool,
    ) -> list[tuple[pygame.Rect, list[Piece]]]:
        """The score's rows, each a rectangle and its pieces: the fullest way that fits (``_CHOICES``).
        Where not all fits, the fan gives way to one back, then to none (the count with it); the badge to
        its short words; the total to a smaller size; the J♦ chip, then the badge, to this hand's points
        (the count of hearts and the Q♠ chip always stay); and last, on one line, "+5 this hand" to
        "hand +5"."""
        rows: list[tuple[pygame.Rect, list[Piece]]] = []
        for choice in _CHOICES:
            taken = self._taken(metrics, words, threat, choice)
            hand = self._hand(metrics, words, choice.short_hand, min(choice.backs, count), count)
            rows = [(parts.score, taken + hand)] if one_line else [(parts.score, taken), (parts.strip, hand)]
            if all(row_width(pieces) <= rect.width for rect, pieces in rows):
                break
        return rows

    def _taken(self, metrics: Metrics, words: SeatWords, threat: bool, choice: Choice) -> list[Piece]:
        """The total, then the cards taken this hand: a count of hearts and the Q♠ chip, always (they
        say what was taken); the moon badge where room allows; and the J♦ chip (where room is short,
        left to this hand's points, which count it)."""
        fonts = self.fonts
        floor = metrics.text(12)
        gap = metrics.px(choice.space)
        total_px = metrics.text(choice.total_size)
        total_width = fonts.size(words.total, total_px, bold=True)[0]
        pieces = [Piece("total", words.total, total_width, total_px, gap)]
        if words.hearts:
            number = str(words.hearts)
            width = fonts.size(number, floor, bold=True)[0] + metrics.px(1) + round(floor * 0.8)
            pieces.append(Piece("hearts", number, width, floor, metrics.px(choice.space / 2)))
        if words.queen:
            width = fonts.size("Q♠", floor, bold=True)[0] + metrics.px(6)
            pieces.append(Piece("queen", "Q♠", width, floor, metrics.px(choice.space / 2)))
        if threat and choice.badge:
            badge = MOON_THREAT[0] if choice.long_badge else MOON_THREAT[1]
            width = fonts.size(badge, floor, bold=True)[0] + metrics.px(10)
            pieces.append(Piece("badge", badge, width, floor, gap))
        if words.jack and choice.jack:
            width = fonts.size("J♦", floor, bold=True)[0] + metrics.px(6)
            pieces.append(Piece("jack", "J♦", width, floor, gap))
        return pieces

    def _hand(self, metrics: Metrics, words: SeatWords, short: bool, backs: int, count: int) -> list[Piece]:
        """This hand's points in words, then an opponent's fan of ``backs`` and how many cards it holds
        (neither when ``backs`` is 0: a number alone would say nothing)."""
        floor = metrics.text(12)
        text = words.hand_short if short else words.hand
        width = sum(self.fonts.size(part, floor, bold=bold)[0] for part, bold in _hand_parts(text))
        pieces = [Piece("hand", text, width, floor, metrics.px(6))]
        if backs:
            fan = self.fan_image(backs, metrics).get_width()
            pieces.append(Piece("fan", str(backs), fan, floor, metrics.px(3)))
            width = self.fonts.size(str(count), floor, bold=True)[0]
            pieces.append(Piece("count", str(count), width, floor, 0))
        return pieces

    def _draw_piece(self, surface: pygame.Surface, metrics: Metrics, box: pygame.Rect, piece: Piece) -> None:
        """One piece of the score in ``box``, as wide as the piece."""
        fonts = self.fonts
        kind, text, px = piece.kind, piece.text, piece.px
        if kind == "total":
            draw_text(surface, fonts, text, box, px, theme.TEXT, bold=True, align="left", wrap=False)
        elif kind == "hearts":
            number = draw_text(surface, fonts, text, box, px, theme.TEXT, bold=True, align="left", wrap=False)
            icon = round(px * 0.8)
            heart = pygame.Rect(number.right + metrics.px(1), 0, icon, icon)
            heart.centery = box.centery
            colour = theme.suit_colour(Suit.HEARTS, on_dark=True)
            surface.blit(self.painter.pip(Suit.HEARTS, icon, colour), heart)
        elif kind == "hand":
            left = box.left
            for part, bold in _hand_parts(text):
                width = self.fonts.size(part, px, bold=bold)[0]
                place = pygame.Rect(left, box.top, width, box.height)
                colour = theme.TEXT if bold else theme.TEXT_MUTED
                draw_text(surface, fonts, part, place, px, colour, bold=bold, align="left", wrap=False)
                left += width
        elif kind == "fan":
            fan = self.fan_image(int(text), metrics)
            surface.blit(fan, (box.left, box.centery - fan.get_height() // 2))
        elif kind == "count":
            draw_text(surface, fonts, text, box, px, theme.TEXT_MUTED, bold=True, align="left", wrap=False)
        else:  # the Q♠ and J♦ chips, like a card's face, or the moon badge, a pill
            fill, ink = theme.BADGE_MOON if kind == "badge" else theme.BADGE_DEALER
            if kind == "jack":  # red on a card's white, as the J♦ is printed
                fill, ink = theme.CARD_FACE, theme.suit_colour(Suit.DIAMONDS)
            chip = box.inflate(0, min(0, px + metrics.px(4) - box.height))
            draw_panel(surface, chip, chip.height // 2 if kind == "badge" else metrics.px(4), fill)
            draw_text(surface, fonts, text, chip, px, ink, bold=True, wrap=False)
