"""Drawing the seats' boxes round the table: the panel, the mark of the seat to move (or, while passing,
a tick once it has passed), the name, the dealer's chip, the score, and the strip (the moon badge, the
Q♠ chip, an opponent's fan of backs and count).

The seam: ``TableDrawer`` decides what each box says (which seat is to move as the message has it, how
many cards a seat is shown holding) and hands that over; ``SeatBoxes`` knows only how a box looks, and
keeps the fans of backs it has drawn. Where the pieces stand is ``seatbox.seat_parts``, shared with the
layout tests.
"""

from __future__ import annotations

import math

import pygame

from ..engine import QUEEN_OF_SPADES, Phase, PlayerView, Seat, Suit
from ..words import SEAT_NAMES as NAMES
from . import theme
from .layout import CARD_ASPECT, Metrics
from .render.cards import CardPainter
from .render.fonts import Fonts
from .render.text import Align, draw_text, fit_size
from .report import note_seat
from .seatbox import is_one_line, seat_parts
from .table_layout import TableLayout
from .widgets import draw_panel

MOON_THREAT = ("Moon threat", "Moon")


def queen_taker(view: PlayerView) -> Seat | None:
    """Who took the Q♠ this hand, once a trick has taken it."""
    return next((trick.winner for trick in view.tricks if QUEEN_OF_SPADES in trick.cards), None)


class SeatBoxes:
    """Draws the four seats' boxes, keeping the fans of backs between frames."""

    def __init__(self, fonts: Fonts, painter: CardPainter) -> None:
        self.fonts = fonts
        self.painter = painter
        self._fans: dict[tuple[int, int], pygame.Surface] = {}

    def draw(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        view: PlayerView,
        seat: Seat,
        *,
        to_move: bool,
        count: int,
    ) -> None:
        """The box of ``seat`` as ``view`` shows it; ``to_move`` marks it as the seat to move, ``count``
        is how many cards its strip shows (0: none, as for your own box)."""
        place = layout.seats[seat]
        rect = place.panel
        metrics = layout.metrics
        fonts = self.fonts
        floor = metrics.text(12)
        draw_panel(surface, rect, metrics.px(10), theme.PANEL_SOLID if to_move else theme.PANEL)
        note_seat(seat, rect)
        if to_move:
            pygame.draw.rect(
                surface, theme.FOCUS_RING, rect, width=max(2, metrics.px(2)), border_radius=metrics.px(10)
            )
        parts = seat_parts(rect, metrics)
        one_line = is_one_line(rect, metrics)
        if to_move:
            self._draw_to_move(surface, parts.mark)
        elif view.phase is Phase.PASS and view.has_passed[seat]:
            self._chip(surface, metrics, parts.mark, "✓", (theme.SCORE_GOOD, theme.TEXT_DARK))
        name = NAMES[seat]
        # Every box's name at one size: the size at which the longest name fits.
        px = fit_size(fonts, "North", parts.name.width, metrics.text(15), floor, bold=True)
        align: Align = "left" if one_line else "center"
        draw_text(surface, fonts, name, parts.name, px, theme.TEXT, bold=True, align=align, wrap=False)
        if view.dealer == seat and view.phase is not Phase.DEAL:
            self._chip(surface, metrics, parts.dealer, "D", theme.BADGE_DEALER)
        self._draw_score(
            surface, metrics, parts.score, view.totals[seat], view.points[seat], centred=not one_line
        )
        self._draw_strip(surface, metrics, parts.strip, view, seat, count)

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
        rect: pygame.Rect,
        total: int,
        points: int,
        *,
        centred: bool,
    ) -> None:
        """The match total in points, then a heart and this hand's points: "34 pts ♥3", the heart drawn."""
        fonts = self.fonts
        total_text, points_text = f"{total} pt" if total == 1 else f"{total} pts", str(points)
        space = metrics.px(4)
        px = metrics.text(15)
        while px > metrics.text(12):
            icon = round(px * 0.8)
            if (
                fonts.size(total_text, px)[0] + 2 * space + icon + fonts.size(points_text, px, bold=True)[0]
                <= rect.width
            ):
                break
            px -= 1
        icon = round(px * 0.8)
        total_width = fonts.size(total_text, px)[0]
        points_width = fonts.size(points_text, px, bold=True)[0]
        width = total_width + 2 * space + icon + points_width
        left = rect.centerx - width // 2 if centred else rect.left
        total_rect = pygame.Rect(left, rect.top, total_width, rect.height)
        draw_text(surface, fonts, total_text, total_rect, px, theme.TEXT_MUTED, align="left", wrap=False)
        heart = pygame.Rect(total_rect.right + space, 0, icon, icon)
        heart.centery = rect.centery
        surface.blit(self.painter.pip(Suit.HEARTS, icon, theme.suit_colour(Suit.HEARTS, on_dark=True)), heart)
        points_rect = pygame.Rect(heart.right + space // 2, rect.top, points_width + space, rect.height)
        draw_text(
            surface, fonts, points_text, points_rect, px, theme.TEXT, bold=True, align="left", wrap=False
        )

    def _draw_strip(
        self,
        surface: pygame.Surface,
        metrics: Metrics,
        rect: pygame.Rect,
        view: PlayerView,
        seat: Seat,
        count: int,
    ) -> None:
        """The strip of a seat's box, centred: the moon badge while the seat has every point so far, a Q♠
        chip once it has taken the queen this hand, and an opponent's cards (a fan of backs and their
        count). The badge makes the Q♠ chip needless (whoever has every point has the queen, once it is
        out). Where they do not all fit, the fan gives way to one back, the badge to its short words, then
        the back and last the count."""
        fonts = self.fonts
        floor = metrics.text(12)
        space = metrics.px(4)
        threat = view.moon_threat == seat
        queen = queen_taker(view) == seat and not threat
        count_width = fonts.size(str(count), floor, bold=True)[0]
        chip_width = fonts.size("Q♠", floor, bold=True)[0] + metrics.px(8)

        def pieces(long_words: bool, backs: int, counted: bool) -> list[tuple[str, int]]:
            """Each piece and its width, for a badge in long or short words and ``backs`` fanned."""
            found: list[tuple[str, int]] = []
            if threat:
                words = MOON_THREAT[0] if long_words else MOON_THREAT[1]
                found.append((words, fonts.size(words, floor, bold=True)[0] + metrics.px(10)))
            if queen:
                found.append(("Q♠", chip_width))
            if count and backs:
                found.append(("fan", self._fan_image(backs, rect.height).get_width()))
            if count and counted:
                found.append(("count", count_width))
            return found

        choices = [
            (True, count, True),
            (True, 1, True),
            (False, 1, True),
            (False, 0, True),
            (False, 0, False),
        ]
        for choice in choices:
            chosen = pieces(*choice)
            total = sum(width for _, width in chosen) + space * (len(chosen) - 1)
            if total <= rect.width:
                break
        backs = choice[1]
        left = rect.centerx - total // 2
        for piece, width in chosen:
            box = pygame.Rect(left, rect.top, width, rect.height)
            if piece == "fan":
                fan = self._fan_image(backs, rect.height)
                surface.blit(fan, (left, rect.bottom - fan.get_height()))
            elif piece == "count":
                text = str(count)
                draw_text(
                    surface, fonts, text, box, floor, theme.TEXT_MUTED, bold=True, align="left", wrap=False
                )
            elif piece == "Q♠":
                draw_panel(surface, box, metrics.px(4), theme.BADGE_DEALER[0])  # like a card's face
                draw_text(surface, fonts, piece, box, floor, theme.BADGE_DEALER[1], bold=True, wrap=False)
            else:
                draw_panel(surface, box, box.height // 2, theme.BADGE_MOON[0])
                draw_text(surface, fonts, piece, box, floor, theme.BADGE_MOON[1], bold=True, wrap=False)
            left += width + space

    def _fan_image(self, count: int, height: int) -> pygame.Surface:
        """``count`` backs held in a fan ``height`` pixels tall, drawn large and shrunk (smooth edges)."""
        key = (count, height)
        image = self._fans.get(key)
        if image is not None:
            return image
        big = 4
        card_height = height * big
        card_width = round(card_height / CARD_ASPECT)
        back = self.painter.back(card_width, card_height)
        spread = min(64.0, 6.0 * (count - 1))
        pivot = card_height * 1.2  # how far below the cards' centres the hand holds them
        canvas = pygame.Surface((4 * card_height, 3 * card_height), pygame.SRCALPHA)
        hold = (canvas.get_width() / 2, card_height + pivot)
        for index in range(count):
            angle = spread / 2 - (spread * index / (count - 1) if count > 1 else 0.0)
            turned = pygame.transform.rotate(back, angle)
            x = hold[0] - math.sin(math.radians(angle)) * pivot
            y = hold[1] - math.cos(math.radians(angle)) * pivot
            canvas.blit(turned, turned.get_rect(center=(round(x), round(y))))
        used = canvas.subsurface(canvas.get_bounding_rect())
        width = max(1, round(used.get_width() * height / used.get_height()))
        image = pygame.transform.smoothscale(used, (width, height))
        self._fans[key] = image
        return image
