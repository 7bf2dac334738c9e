"""Drawing the table from a frame (``TableFrame``, what it shows) and its layout: seats, marks, trick,
flights, hand, controls, the lesson's note."""

from __future__ import annotations

import math

import pygame

from ..engine import QUEEN_OF_SPADES, Phase, PlayerView, Seat, Suit, Trick
from ..engine.cards import Card
from ..words import SEAT_NAMES as NAMES
from . import theme
from .layout import CARD_ASPECT
from .lesson_note import draw_note
from .motion import Anchor, Flight, InHand, Pile, Slot, Spot, dealing
from .render.cards import CardPainter
from .render.fonts import Fonts, LruCache, surface_bytes
from .render.layer import Layer
from .render.text import Align, draw_text, fit_size
from .report import is_recording, note_card, note_seat
from .seatbox import is_one_line, seat_parts
from .table_frame import TableFrame
from .table_layout import TableLayout
from .tween import ease_out_cubic, lerp
from .widgets import draw_button, draw_focus, draw_panel

HEARTS_BROKEN = ("Hearts broken", "♥ broken")
QUEEN_PLAYED = ("Q♠ played", "Q♠ out")
MOON_THREAT = ("Moon threat", "Moon")


def mark_words(fonts: Fonts, words: tuple[str, str], width: int, floor: int) -> str:
    """The mark's full words, or its short form where they would not fit even at the least size."""
    full, short = words
    return full if fonts.size(full, floor, bold=True)[0] <= width else short


def queen_taker(view: PlayerView) -> Seat | None:
    """Who took the Q♠ this hand, once a trick has taken it."""
    return next((trick.winner for trick in view.tricks if QUEEN_OF_SPADES in trick.cards), None)


class TableDrawer:
    """Draws frames of one table, keeping what can be kept between them (the still part, tinted faces,
    fans of backs, shrunk backs)."""

    def __init__(self, fonts: Fonts, painter: CardPainter) -> None:
        self.fonts = fonts
        self.painter = painter
        self.frame: TableFrame | None = None
        """The frame being drawn."""
        self._background: pygame.Surface | None = None
        self._tinted: dict[tuple[Card, int, int, bool], pygame.Surface] = {}
        self._fans: dict[tuple[int, int], pygame.Surface] = {}
        self._shrunk_backs: LruCache[tuple[tuple[int, int], tuple[int, int]], pygame.Surface] = LruCache(
            160, max_weight=8 * 1024 * 1024, weigh=surface_bytes
        )
        self._still = Layer()
        self.keeps_still_part = True
        """Whether the still part is kept between frames (the tests compare it with drawing afresh)."""

    @property
    def layout(self) -> TableLayout:
        return self._frame.layout

    @property
    def _frame(self) -> TableFrame:
        assert self.frame is not None
        return self.frame

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> pygame.Rect:
        """Draw ``frame``; where the lesson's note stands (an empty rectangle when there is none)."""
        self.frame = frame
        if self.keeps_still_part and Layer.can_keep(surface) and not is_recording():
            refusal = frame.refusal
            shake = (0, 0) if refusal is None else self._refusal_offset(refusal.shake)
            self._still.blit(surface, frame.still_key(shake), self._draw_still)
        else:  # the layout report notes each piece as it is drawn, so it is drawn
            self._draw_still(surface)
        moving = frame.moving
        if moving is not None:
            self._draw_flights(surface, moving.flights, moving.t)
            if moving.kind == "deal" and moving.dealer is not None:
                self._draw_dealing(surface, moving.dealer, moving.t)
        self._draw_message(surface)
        focus = frame.focus
        count = len(frame.hand)
        for button in frame.buttons:
            draw_button(
                surface,
                self.fonts,
                button,
                self.layout.metrics.unit,
                self.layout.metrics.text(12),
                focused=button.key == "action" and focus is not None and focus >= count,
            )
        if frame.note is None or frame.band is None:
            return pygame.Rect(0, 0, 0, 0)
        return draw_note(surface, self.fonts, frame.note, frame.layout, frame.band, frame.is_your_turn)

    def _draw_still(self, surface: pygame.Surface) -> None:
        """Everything under the cards in the air, the message and the buttons: the felt, the header,
        the marks, the seats' boxes, the trick and your hand."""
        frame = self._frame
        view = frame.shown
        self._draw_background(surface)
        self._draw_header(surface, frame.header)
        self._draw_marks(surface, view)
        for seat in Seat:
            self._draw_seat(surface, view, seat)
        moving = frame.moving
        trick = moving.trick if moving is not None and moving.trick is not None else view.trick
        hidden = moving.hidden if moving is not None else frozenset()
        self._draw_trick(surface, trick, hidden)
        if moving is not None and moving.kind == "hold" and moving.taken is not None:
            self._ring_winner(surface, moving.taken)
        self._draw_hand(surface)

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
            text = mark_words(self.fonts, words, area.width - metrics.px(8), metrics.text(12))
            width = min(area.width, self.fonts.size(text, px, bold=True)[0] + metrics.px(16))
            chip = pygame.Rect(0, top, width, height)
            chip.right = area.right
            draw_panel(surface, chip, height // 2, fill)
            size = fit_size(self.fonts, text, chip.width - metrics.px(8), px, metrics.text(12), bold=True)
            draw_text(surface, self.fonts, text, chip, size, ink, bold=True, wrap=False)
            top += height + metrics.px(4)

    def _draw_seat(self, surface: pygame.Surface, view: PlayerView, seat: Seat) -> None:
        place = self.layout.seats[seat]
        rect = place.panel
        metrics = self.layout.metrics
        fonts = self.fonts
        floor = metrics.text(12)
        # The seat to move as the message says: now, once your input counts (cards may still fly); else
        # as shown, so the mark moves on with the cards (to a trick's winner as its ring appears).
        now = self._frame.live if self._frame.is_players_move else view
        to_move = now.to_move == seat and now.phase is Phase.PLAY
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
            self._chip(surface, parts.mark, "✓", (theme.SCORE_GOOD, theme.TEXT_DARK))
        name = NAMES[seat]
        # Every box's name at one size: the size at which the longest name fits.
        px = fit_size(fonts, "North", parts.name.width, metrics.text(15), floor, bold=True)
        align: Align = "left" if one_line else "center"
        draw_text(surface, fonts, name, parts.name, px, theme.TEXT, bold=True, align=align, wrap=False)
        if view.dealer == seat and view.phase is not Phase.DEAL:
            self._chip(surface, parts.dealer, "D", theme.BADGE_DEALER)
        self._draw_score(surface, parts.score, view.totals[seat], view.points[seat], centred=not one_line)
        self._draw_strip(surface, parts.strip, view, seat)

    def _chip(
        self, surface: pygame.Surface, rect: pygame.Rect, text: str, colours: tuple[theme.RGB, theme.RGB]
    ) -> None:
        """A round chip with a letter or sign: the dealer's D, a seat's tick once it has passed."""
        pygame.draw.circle(surface, colours[0], rect.center, rect.width // 2)
        draw_text(surface, self.fonts, text, rect, self.layout.metrics.text(12), colours[1], bold=True)

    def _draw_to_move(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The mark of the seat to move: a gold arrow pointing at its name."""
        inset = max(2, rect.width // 5)
        box = rect.inflate(-inset, -inset)
        points = [(box.left, box.top), (box.right, box.centery), (box.left, box.bottom)]
        pygame.draw.polygon(surface, theme.FOCUS_RING, points)

    def _draw_score(
        self, surface: pygame.Surface, rect: pygame.Rect, total: int, points: int, *, centred: bool
    ) -> None:
        """The match total in points, then a heart and this hand's points: "34 pts ♥3", the heart drawn."""
        metrics = self.layout.metrics
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

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect, view: PlayerView, seat: Seat) -> None:
        """The strip of a seat's box, centred: the moon badge while the seat has every point so far, a Q♠
        chip once it has taken the queen this hand, and an opponent's cards (a fan of backs and their
        count). The badge makes the Q♠ chip needless (whoever has every point has the queen, once it is
        out). Where they do not all fit, the fan gives way to one back, the badge to its short words, then
        the back and last the count."""
        metrics = self.layout.metrics
        fonts = self.fonts
        floor = metrics.text(12)
        space = metrics.px(4)
        count = self._frame.cards_shown[seat] if seat is not Seat.SOUTH else 0
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

    def _draw_header(self, surface: pygame.Surface, text: str) -> None:
        """The hand's number, its pass and the target, small, in its own place."""
        area = self.layout.header
        if area.width <= 0:
            return
        metrics = self.layout.metrics
        px = metrics.text(14)
        if self.fonts.size(text, px)[0] > area.width:  # two lines (after the pass, on the table)
            parts = text.split(" · ")
            half = (len(parts) + 1) // 2
            first, second = " · ".join(parts[:half]), " · ".join(parts[half:])
            text = f"{first}\n{second}"
            longer = max(first, second, key=lambda line: self.fonts.size(line, px)[0])
            px = fit_size(self.fonts, longer, area.width, px, metrics.text(12))
        align: Align = "center" if self.layout.is_portrait else "left"
        draw_text(surface, self.fonts, text, area, px, theme.TEXT, align=align, wrap=False)

    def _draw_trick(self, surface: pygame.Surface, trick: Trick, hidden: frozenset[Card]) -> None:
        width, height = self.layout.trick_card
        for seat, card in trick.plays:
            if card in hidden:
                continue
            slot = self.layout.seats[seat].trick_slot
            surface.blit(self.painter.shadow(width, height), self.painter.shadow_rect(slot))
            self._card(surface, card, slot, "trick", seat)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        frame = self._frame
        metrics = self.layout.metrics
        width, height = self.layout.hand.card
        playing = frame.is_players_turn_to_play
        legal = frame.live.legal
        received = frame.received
        suggested = frame.highlighted
        hand = list(frame.hand)
        refusal = frame.refusal
        for card, place in frame.cards:
            index = hand.index(card)
            shaken = refusal is not None and card == refusal.card
            rect = (
                place.move(self._refusal_offset(refusal.shake)) if refusal is not None and shaken else place
            )
            surface.blit(self.painter.shadow(width, height), self.painter.shadow_rect(rect))
            passed = received is not None and card in received
            unplayable = playing and card not in legal
            # Passed to you: tinted; hatched instead when unplayable (both would dim its index), the edge
            # still flagging it.
            self._card(surface, card, rect, "hand", Seat.SOUTH, tinted=passed and not unplayable)
            if unplayable:
                surface.blit(self.painter.dim(width, height), rect.topleft)
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
            if card == frame.lifted or card in frame.selected:
                self._edge(surface, rect, theme.SELECTED)
            if frame.focus == index:
                draw_focus(surface, rect, metrics.unit)
        if refusal is not None and refusal.card in hand:
            self._draw_refusal(surface, refusal.card, refusal.reason, hand, frame.raised)

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
        if self._frame.reduced_motion:
            return (0, -metrics.px(10))
        age = self._frame.refusal.age if self._frame.refusal is not None else 0.0
        return (round(metrics.px(7) * shake * math.sin(age * math.tau * 7)), 0)

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
        px = fit_size(self.fonts, reason, inner, metrics.text(14), metrics.text(12), bold=True)
        text_width = min(inner, self.fonts.size(reason, px, bold=True)[0])
        bubble = pygame.Rect(0, 0, text_width + metrics.px(20), px + metrics.px(14))
        below_index = self.painter.layout(rect.width, rect.height).index_rect.bottom + metrics.px(4)
        bubble.midtop = (visible.centerx, rect.top + below_index)
        bubble.clamp_ip(surface.get_rect().inflate(-2 * margin, -2 * margin))
        draw_panel(surface, bubble, bubble.height // 2, theme.PANEL_SOLID)
        edge = max(1, metrics.px(2))
        pygame.draw.rect(surface, theme.ERROR, bubble, width=edge, border_radius=bubble.height // 2)
        draw_text(surface, self.fonts, reason, bubble, px, theme.ERROR, bold=True, wrap=False)

    def _tinted_face(self, card: Card, width: int, height: int) -> pygame.Surface:
        """The face of a card you were passed, tinted once (three at a time, at the hand's size)."""
        key = (card, width, height, self._frame.four_colour)
        face = self._tinted.get(key)
        if face is None:
            face = self.painter.face(card, width, height, four_colour=key[3]).copy()
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
        painter = self.painter
        four = self._frame.four_colour
        face = (
            self._tinted_face(card, rect.width, rect.height)
            if tinted
            else painter.face(card, rect.width, rect.height, four_colour=four)
        )
        surface.blit(face, rect)
        self._note_card(where, card, seat, rect)

    def _note_card(self, where: str, card: Card, seat: Seat | None, rect: pygame.Rect) -> None:
        """A face drawn at ``rect``, noted for the layout report with its corner index."""
        if is_recording():
            painter = self.painter
            corner = painter.layout(rect.width, rect.height).index_rect.move(rect.topleft)
            note_card(where, card, seat, rect, corner, painter.index_px(rect.width, rect.height))

    def _back_at(self, drawn: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
        """The back painted at ``drawn`` and shrunk to ``size``; the shrunk ones are kept, since backs
        take the same paths hand after hand (the deal's stream, the exchange)."""
        back = self.painter.back(*drawn)
        if back.get_size() == size:
            return back
        key = (back.get_size(), size)
        image = self._shrunk_backs.get(key)
        if image is None:
            image = self._shrunk_backs.put(key, pygame.transform.smoothscale(back, size))
        return image

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
            # Drawn at the larger of its two ends (a size the table shows anyway, so already painted)
            # and shrunk to where it is: a card in the air is never painted anew at each size it passes.
            drawn = start.size if start.width * start.height >= end.width * end.height else end.size
            if flight.card is None:
                surface.blit(self._back_at(drawn, rect.size), rect.topleft)
                note_card("flight", None, None, rect, None)
            elif drawn == rect.size:
                self._card(surface, flight.card, rect, "flight", None)
            else:
                face = self.painter.face(flight.card, *drawn, four_colour=self._frame.four_colour)
                surface.blit(pygame.transform.smoothscale(face, rect.size), rect)
                self._note_card("flight", flight.card, None, rect)

    def _draw_dealing(self, surface: pygame.Surface, dealer: Seat, t: float) -> None:
        """The deck in the middle of the table going down as backs stream from it round the table,
        starting at the dealer's left: to the others' boxes, and to your hand, where each card turns
        face up as it lands in its place."""
        state = dealing(dealer, t)
        size = self.layout.trick_card
        deck = pygame.Rect(0, 0, *size)
        deck.center = self.layout.trick_area.center
        back = self.painter.back(*size)
        layers = min(state.deck, 6)
        for layer in range(layers):  # a stack: a pixel of edge per few cards left
            offset = layers - 1 - layer
            surface.blit(back, (deck.x - offset, deck.y - offset))
        hand = self._frame.deal_order
        sorted_hand = self._frame.hand
        for card in state.flying:
            if card.seat is Seat.SOUTH and card.nth < len(hand):
                end = self._spot_rect(InHand(sorted_hand.index(hand[card.nth]), len(sorted_hand)), size)
                face: Card | None = hand[card.nth]
            else:  # small, into the seat's box, where its fan grows
                face = None
                end = pygame.Rect(0, 0, round(size[0] * 0.42), round(size[1] * 0.42))
                end.center = self.layout.seats[card.seat].panel.center
            progress = ease_out_cubic(card.progress)
            width = round(lerp(deck.width, end.width, progress))
            height = round(lerp(deck.height, end.height, progress))
            centre = (lerp(deck.centerx, end.centerx, progress), lerp(deck.centery, end.centery, progress))
            # Your card turns over in its last stretch: narrowing as a back, widening as its face.
            turn = (card.progress - 0.7) / 0.3 if face is not None else -1.0
            if turn > 0:
                width = max(1, round(width * abs(1 - 2 * turn)))
            if width < 2 or height < 4:
                continue
            rect = pygame.Rect(0, 0, width, height)
            rect.center = (round(centre[0]), round(centre[1]))
            if face is not None and turn > 0.5:
                image = self.painter.face(face, end.width, end.height, four_colour=self._frame.four_colour)
                if image.get_size() != rect.size:
                    image = pygame.transform.smoothscale(image, rect.size)
            else:
                image = self._back_at(size, rect.size)
            surface.blit(image, rect)

    def _draw_message(self, surface: pygame.Surface) -> None:
        frame = self._frame
        if not frame.message:
            return
        metrics = self.layout.metrics
        rect = self.layout.message
        colour = theme.ERROR if frame.message_is_reason else theme.MESSAGE
        px = metrics.text(15)
        lines_fit = rect.height // max(1, self.fonts.line_height(px))
        size = px if lines_fit >= 2 else fit_size(self.fonts, frame.message, rect.width, px, metrics.text(12))
        draw_text(surface, self.fonts, frame.message, rect, size, colour, bold=frame.message_is_reason)
