"""Drawing the table from what the table scene shows: seats, marks, trick, flights, hand, controls."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...engine import Phase, PlayerView, Seat, Trick
from ...engine.cards import Card
from ...words import SEAT_NAMES as NAMES
from .. import theme
from ..layout import TableLayout, badge_spot
from ..render.fonts import Fonts
from ..render.text import draw_text, fit_size
from ..report import is_recording, note_card, note_seat
from ..tween import lerp
from ..widgets import draw_button, draw_focus, draw_panel
from .base import Context
from .motion import Anchor, Flight, InHand, Pile, Slot, Spot

if TYPE_CHECKING:
    from .table import TableScene

HEARTS_BROKEN = ("Hearts broken", "♥ broken")
QUEEN_PLAYED = ("Q♠ played", "Q♠ out")


def mark_words(fonts: Fonts, words: tuple[str, str], width: int, floor: int) -> str:
    """The mark's full words, or its short form where they would not fit even at the least size."""
    full, short = words
    return full if fonts.size(full, floor, bold=True)[0] <= width else short


def seat_score(total: int, points: int) -> str:
    """A seat's score, the same at every size and all match long: the total in points, then this hand's
    points after a heart ("34 pts ♥3")."""
    return f"{total} pts ♥{points}"


class TableDrawer:
    def __init__(self, ctx: Context, scene: TableScene) -> None:
        self.ctx = ctx
        self.scene = scene
        self._background: pygame.Surface | None = None
        self._tinted: dict[tuple[Card, int, int, bool], pygame.Surface] = {}

    @property
    def layout(self) -> TableLayout:
        return self.scene.layout

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        view = scene.shown
        self._draw_background(surface)
        self._draw_marks(surface, view)
        for seat in Seat:
            self._draw_seat(surface, view, seat)
        current = scene.motion.current
        trick = current.trick if current is not None and current.trick is not None else view.trick
        hidden = current.hidden if current is not None else frozenset()
        self._draw_trick(surface, trick, hidden)
        if current is not None and current.kind == "hold" and current.taken is not None:
            self._ring_winner(surface, current.taken)
        self._draw_hand(surface, view)
        if current is not None:
            self._draw_flights(surface, current.flights, current.t)
            if current.kind == "deal" and current.dealer is not None:
                self._draw_dealing(surface, current.dealer, current.t)
        self._draw_message(surface)
        focus = scene.focus
        count = len(scene.hand_cards())
        for button in scene.buttons():
            draw_button(
                surface,
                self.ctx.fonts,
                button,
                self.layout.metrics.unit,
                self.layout.metrics.text(12),
                focused=button.key == "action" and focus is not None and focus >= count,
            )

    # Pieces ---------------------------------------------------------------------------------

    def _draw_background(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._background is None or self._background.get_size() != size:
            self._background = theme.felt(size)
        surface.blit(self._background, (0, 0))

    def _draw_marks(self, surface: pygame.Surface, view: PlayerView) -> None:
        metrics = self.layout.metrics
        marks = []
        if view.hearts_broken:
            marks.append((HEARTS_BROKEN, theme.BADGE_HEARTS_BROKEN))
        if view.queen_played:
            marks.append((QUEEN_PLAYED, theme.BADGE_QUEEN_PLAYED))
        if not marks:
            return
        area = self.layout.marks
        px = metrics.text(13)
        height = min(area.height // 2 - metrics.px(2), px + metrics.px(10))
        top = area.top
        for words, (fill, ink) in marks:
            text = mark_words(self.ctx.fonts, words, area.width - metrics.px(8), metrics.text(12))
            width = min(area.width, self.ctx.fonts.size(text, px, bold=True)[0] + metrics.px(16))
            chip = pygame.Rect(0, top, width, height)
            if self.layout.is_portrait:
                chip.right = area.right
            else:
                chip.left = area.left
            draw_panel(surface, chip, height // 2, fill)
            size = fit_size(self.ctx.fonts, text, chip.width - metrics.px(8), px, metrics.text(12), bold=True)
            draw_text(surface, self.ctx.fonts, text, chip, size, ink, bold=True, wrap=False)
            top += height + metrics.px(4)

    def _draw_seat(self, surface: pygame.Surface, view: PlayerView, seat: Seat) -> None:
        place = self.layout.seats[seat]
        rect = place.panel
        metrics = self.layout.metrics
        now = self.scene.session.view  # who is to move now, as the message says (cards may still fly)
        to_move = now.to_move == seat and now.phase is Phase.PLAY
        draw_panel(surface, rect, metrics.px(10), theme.PANEL_SOLID if to_move else theme.PANEL)
        note_seat(seat, rect)
        if to_move:
            pygame.draw.rect(
                surface, theme.FOCUS_RING, rect, width=max(2, metrics.px(2)), border_radius=metrics.px(10)
            )
        one_line = rect.height < 2 * metrics.text(15) + metrics.px(10)
        inner = rect.inflate(-metrics.px(6 if one_line else 10), -metrics.px(6))
        px = metrics.text(15)
        name = NAMES[seat]
        score = seat_score(view.totals[seat], view.points[seat])
        if one_line:
            words = f"{name}  {score}"
            size = fit_size(self.ctx.fonts, words, inner.width, px, metrics.text(12), bold=True)
            draw_text(surface, self.ctx.fonts, words, inner, size, theme.TEXT, bold=True, wrap=False)
        else:
            top = pygame.Rect(inner.left, inner.top, inner.width, inner.height // 2)
            bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.height - top.height)
            draw_text(surface, self.ctx.fonts, name, top, px, theme.TEXT, bold=True)
            size = fit_size(self.ctx.fonts, score, inner.width, px, metrics.text(12))
            draw_text(surface, self.ctx.fonts, score, bottom, size, theme.TEXT_MUTED, wrap=False)
        chip = max(metrics.text(12) + metrics.px(6), metrics.px(20))
        if view.dealer == seat and view.phase is not Phase.DEAL:
            dealer = pygame.Rect(0, 0, chip, chip)
            dealer.center = (rect.right - metrics.px(2), rect.top + metrics.px(2))
            pygame.draw.circle(surface, theme.BADGE_DEALER[0], dealer.center, chip // 2)
            draw_text(
                surface, self.ctx.fonts, "D", dealer, metrics.text(12), theme.BADGE_DEALER[1], bold=True
            )
        if view.phase is Phase.PASS and view.has_passed[seat]:
            ready = pygame.Rect(0, 0, chip, chip)
            ready.center = (rect.left + metrics.px(2), rect.top + metrics.px(2))
            pygame.draw.circle(surface, theme.SCORE_GOOD, ready.center, chip // 2)
            draw_text(surface, self.ctx.fonts, "✓", ready, metrics.text(12), theme.TEXT_DARK, bold=True)
        if view.moon_threat == seat:
            text = "Moon threat"
            px_badge = metrics.text(12)
            badge = pygame.Rect(
                0,
                0,
                self.ctx.fonts.size(text, px_badge, bold=True)[0] + metrics.px(12),
                px_badge + metrics.px(8),
            )
            badge = badge_spot(self.layout, seat, badge.size)
            draw_panel(surface, badge, badge.height // 2, theme.BADGE_MOON[0])
            draw_text(surface, self.ctx.fonts, text, badge, px_badge, theme.BADGE_MOON[1], bold=True)

    def _draw_trick(self, surface: pygame.Surface, trick: Trick, hidden: frozenset[Card]) -> None:
        width, height = self.layout.trick_card
        for seat, card in trick.plays:
            if card in hidden:
                continue
            slot = self.layout.seats[seat].trick_slot
            surface.blit(self.ctx.painter.shadow(width, height), self.ctx.painter.shadow_rect(slot))
            self._card(surface, card, slot, "trick", seat)

    def _draw_hand(self, surface: pygame.Surface, view: PlayerView) -> None:
        scene = self.scene
        metrics = self.layout.metrics
        width, height = self.layout.hand.card
        playing = scene.is_players_turn_to_play
        legal = scene.session.view.legal
        received = view.received if view.received is not None and not scene._has_played(view) else None
        cards = scene.card_rects()
        suggested = scene.highlighted()
        hand = scene.hand_cards()
        raised = scene.raised_indexes(hand)
        refusal = scene.refusal_shown
        for card, place in cards:
            index = hand.index(card)
            shaken = refusal is not None and card == refusal[0]
            rect = place.move(self._refusal_offset(refusal[2])) if refusal is not None and shaken else place
            surface.blit(self.ctx.painter.shadow(width, height), self.ctx.painter.shadow_rect(rect))
            passed = received is not None and card in received
            self._card(surface, card, rect, "hand", Seat.SOUTH, tinted=passed)
            if playing and card not in legal:
                surface.blit(self.ctx.painter.dim(width, height), rect.topleft)
            if passed:  # passed to you: tinted and edged, until you play your first card
                self._edge(surface, rect, theme.RECEIVED)
            if card in suggested:
                glow = max(3, metrics.px(4))
                pygame.draw.rect(
                    surface,
                    theme.HINT,
                    rect.inflate(glow, glow),
                    width=glow,
                    border_radius=max(4, width // 10),
                )
            if card == scene.raised or card in scene.selected:
                self._edge(surface, rect, theme.SELECTED)
            if scene.focus == index:
                draw_focus(surface, rect, metrics.unit)
        if refusal is not None and refusal[0] in hand:
            self._draw_refusal(surface, refusal[0], refusal[1], hand, raised)

    def _edge(self, surface: pygame.Surface, rect: pygame.Rect, colour: theme.RGB) -> None:
        """A coloured edge along a hand card's border."""
        width = max(2, self.layout.metrics.px(3))
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=max(3, rect.width // 12))

    def _refusal_offset(self, shake: float) -> tuple[int, int]:
        """How far a refused card stands from its place: a shake from side to side, or under reduced
        motion a jump up, both fading."""
        if shake <= 0:
            return (0, 0)
        metrics = self.layout.metrics
        if self.ctx.settings.reduced_motion:
            return (0, -metrics.px(10))
        return (round(metrics.px(7) * shake * math.sin(self.scene.refused_age * math.tau * 7)), 0)

    def _draw_refusal(
        self, surface: pygame.Surface, card: Card, reason: str, hand: list[Card], raised: frozenset[int]
    ) -> None:
        """The reason in a bubble on the refused card, just under the corner indices of its row (so it
        hides no card's index), inside the window."""
        metrics = self.layout.metrics
        visible = self.layout.hand.visible_part(len(hand), hand.index(card), raised)
        rect = self.layout.hand.rects(len(hand), raised)[hand.index(card)]
        margin = metrics.px(6)
        room = min(surface.get_width() - 2 * margin, metrics.px(300))
        inner = room - metrics.px(20)
        px = fit_size(self.ctx.fonts, reason, inner, metrics.text(14), metrics.text(12), bold=True)
        text_width = min(inner, self.ctx.fonts.size(reason, px, bold=True)[0])
        bubble = pygame.Rect(0, 0, text_width + metrics.px(20), px + metrics.px(14))
        below_index = self.ctx.painter.layout(rect.width, rect.height).index_rect.bottom + metrics.px(4)
        bubble.midtop = (visible.centerx, rect.top + below_index)
        bubble.clamp_ip(surface.get_rect().inflate(-2 * margin, -2 * margin))
        draw_panel(surface, bubble, bubble.height // 2, theme.PANEL_SOLID)
        edge = max(1, metrics.px(2))
        pygame.draw.rect(surface, theme.ERROR, bubble, width=edge, border_radius=bubble.height // 2)
        draw_text(surface, self.ctx.fonts, reason, bubble, px, theme.ERROR, bold=True, wrap=False)

    def _tinted_face(self, card: Card, width: int, height: int) -> pygame.Surface:
        """The face of a card you were passed, tinted once (three at a time, at the hand's size)."""
        key = (card, width, height, self.ctx.settings.four_colour)
        face = self._tinted.get(key)
        if face is None:
            face = self.ctx.painter.face(card, width, height, four_colour=key[3]).copy()
            tint = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.rect(tint, (*theme.RECEIVED, 56), tint.get_rect(), border_radius=max(3, width // 12))
            face.blit(tint, (0, 0))
            if len(self._tinted) >= 3:
                self._tinted.clear()
            self._tinted[key] = face
        return face

    def _card(
        self,
        surface: pygame.Surface,
        card: Card,
        rect: pygame.Rect,
        where: str,
        seat: Seat | None,
        *,
        tinted: bool = False,
    ) -> None:
        """A face at ``rect``, noted for the layout report with its corner index."""
        painter = self.ctx.painter
        four = self.ctx.settings.four_colour
        face = (
            self._tinted_face(card, rect.width, rect.height)
            if tinted
            else painter.face(card, rect.width, rect.height, four_colour=four)
        )
        surface.blit(face, rect)
        if is_recording():
            corner = painter.layout(rect.width, rect.height).index_rect.move(rect.topleft)
            note_card(where, card, seat, rect, corner)

    def _ring_winner(self, surface: pygame.Surface, trick: Trick) -> None:
        """The winning card of a finished trick, ringed while the trick is held."""
        if trick.winner is None:
            return
        metrics = self.layout.metrics
        slot = self.layout.seats[trick.winner].trick_slot
        width = max(3, metrics.px(4))
        ring = slot.inflate(2 * width, 2 * width)
        pygame.draw.rect(surface, theme.WINNER, ring, width=width, border_radius=max(4, slot.width // 10))
        card = trick.card_of(trick.winner)
        if card is not None:  # on top of the others: any order keeps every index in view
            self._card(surface, card, slot, "trick", trick.winner)

    def _spot_rect(self, spot: Spot, size: tuple[int, int]) -> pygame.Rect:
        if isinstance(spot, InHand):
            return self.layout.hand.rects(spot.count, spot.raised)[spot.index]
        if isinstance(spot, Slot):
            return self.layout.seats[spot.seat].trick_slot
        if isinstance(spot, Pile):
            rect = pygame.Rect(0, 0, round(size[0] * 0.5), round(size[1] * 0.5))
            rect.center = self.layout.seats[spot.seat].panel.center
            return rect
        assert isinstance(spot, Anchor)
        if spot.seat is not Seat.SOUTH:
            size = (round(size[0] * 0.6), round(size[1] * 0.6))  # small, over the seat's panel
        rect = pygame.Rect(0, 0, *size)
        rect.center = self.layout.seats[spot.seat].anchor
        return rect

    def _draw_flights(self, surface: pygame.Surface, flights: tuple[Flight, ...], t: float) -> None:
        size = self.layout.trick_card
        for flight in flights:
            progress = flight.progress(t)
            start = self._spot_rect(flight.start, size)
            end = self._spot_rect(flight.end, size)
            width = round(lerp(start.width, end.width, progress))
            height = round(lerp(start.height, end.height, progress))
            x = lerp(start.centerx, end.centerx, progress)
            y = lerp(start.centery, end.centery, progress)
            if width < 4 or height < 4:
                continue
            rect = pygame.Rect(round(x - width / 2), round(y - height / 2), width, height)
            if flight.card is None:
                surface.blit(self.ctx.painter.back(width, height), rect.topleft)
                note_card("flight", None, None, rect, None)
            else:
                self._card(surface, flight.card, rect, "flight", None)

    def _draw_dealing(self, surface: pygame.Surface, dealer: Seat, t: float) -> None:
        """Backs flying from the dealer to each seat in turn, starting at the dealer's left."""
        width, height = self.layout.trick_card
        dealt = t * 52
        index = int(dealt)
        if index >= 52:
            return
        seat = Seat((dealer.next + index) & 3)
        progress = dealt - index
        start = self._spot_rect(Anchor(dealer), (width, height))
        end = self._spot_rect(Anchor(seat), (width, height))
        x = lerp(start.centerx, end.centerx, progress)
        y = lerp(start.centery, end.centery, progress)
        image = self.ctx.painter.back(width, height)
        surface.blit(image, (round(x - width / 2), round(y - height / 2)))

    def _draw_message(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not scene.message:
            return
        metrics = self.layout.metrics
        rect = self.layout.message
        colour = theme.ERROR if scene.message_is_reason else theme.MESSAGE
        px = metrics.text(15)
        lines_fit = rect.height // max(1, self.ctx.fonts.line_height(px))
        size = (
            px
            if lines_fit >= 2
            else fit_size(self.ctx.fonts, scene.message, rect.width, px, metrics.text(12))
        )
        draw_text(surface, self.ctx.fonts, scene.message, rect, size, colour, bold=scene.message_is_reason)
