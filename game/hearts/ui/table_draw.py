"""Drawing the table from a frame (``TableFrame``, what it shows) and its layout: the still part (the
felt, the header, the marks, the seats' boxes, the trick, your hand), then the cards in the air, the
message, the buttons and the lesson's note.

``TableDrawer`` keeps the still part between frames (a ``Layer`` under the frame's ``still_key``), and
within it your hand over the felt (a second ``Layer``, under the hand's own key): the still part is drawn
again as each card is played, and your hand, a row of cards with shadows and rounded corners to blend,
cost most of that while it changes far less often. It composes the pieces drawn elsewhere: the seats'
boxes (``table_seats.SeatBoxes``), the cards in the air (``table_flights.Flights``) and the faces both it
and the flights draw (``table_faces.TableFaces``)."""

from __future__ import annotations

import math

import pygame

from ..engine import PlayerView, Seat, Trick
from ..engine.cards import Card
from . import theme
from .lesson_note import draw_note
from .render.cards import MIN_SIZE, CardPainter
from .render.cover import blit_parts, interior, pixels_in, uncovered
from .render.fonts import Fonts
from .render.layer import Layer
from .render.text import Align, SetText, draw_text, fit_size, set_out, wrap
from .report import is_recording
from .table_faces import TableFaces
from .table_flights import Flights
from .table_frame import TableFrame
from .table_layout import TableLayout
from .table_seats import SeatBoxes
from .widgets import draw_button, draw_focus, draw_panel, focus_band

HEARTS_BROKEN = ("Hearts broken", "♥ broken")
QUEEN_PLAYED = ("Q♠ played", "Q♠ out")


def mark_words(fonts: Fonts, words: tuple[str, str], width: int, floor: int) -> str:
    """The mark's full words, or its short form where they would not fit even at the least size."""
    full, short = words
    return full if fonts.size(full, floor, bold=True)[0] <= width else short


class TableDrawer:
    """Draws frames of one table, keeping what can be kept between them (the still part; its pieces keep
    their tinted faces, fans of backs and shrunk backs)."""

    def __init__(self, fonts: Fonts, painter: CardPainter) -> None:
        self.fonts = fonts
        self.painter = painter
        self.frame: TableFrame | None = None
        """The frame being drawn."""
        self._message: tuple[tuple[object, ...], SetText] | None = None
        """The message line set out, kept while it reads the same (it is drawn every frame)."""
        self._background: pygame.Surface | None = None
        self.faces = TableFaces(painter)
        self.seats = SeatBoxes(fonts, painter)
        self.flights = Flights(self.faces)
        self._still = Layer()
        self._hand = Layer()
        self.keeps_still_part = True
        """Whether the still part is kept between frames (the tests compare it with drawing afresh)."""
        self.clips_hidden_parts = True
        """Whether the cards at rest (your hand, the trick) are blitted only where the cards drawn after
        them leave them in view, the opaque part of each face copied, not blended (the tests compare it
        with every shadow, face and overlay blended whole)."""
        self.blended = 0
        """How many pixels the cards at rest have blended with per-pixel alpha, their shadows, faces and
        overlays, over every drawing (the tests count them)."""

    @property
    def still_redraws(self) -> int:
        """How many times the still part has been drawn (kept, it is copied the other times)."""
        return self._still.redraws

    @property
    def hand_redraws(self) -> int:
        """How many times your hand has been drawn into its own layer."""
        return self._hand.redraws

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
            self._still.blit(surface, frame.still_key(shake), self._draw_still_kept)
        else:  # the layout report notes each piece as it is drawn, so it is drawn
            self._draw_still(surface, keep=False)
        self.flights.draw(surface, frame)
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
        return draw_note(
            surface,
            self.fonts,
            frame.note,
            frame.layout,
            frame.band,
            frame.is_your_turn,
            keyboard=frame.keyboard,
            focused=frame.focus is not None,
            clear_of=self._trick_cards_drawn(),
        )

    def _trick_cards_drawn(self) -> list[pygame.Rect]:
        """Where the trick's cards lie as drawn (not those in the air): the lesson's note keeps clear."""
        frame = self._frame
        moving = frame.moving
        trick = moving.trick if moving is not None and moving.trick is not None else frame.shown.trick
        hidden = moving.hidden if moving is not None else frozenset()
        return [self.layout.seats[seat].trick_slot for seat, card in trick.plays if card not in hidden]

    def _draw_still_kept(self, layer: pygame.Surface) -> None:
        self._draw_still(layer, keep=True)

    def _draw_still(self, surface: pygame.Surface, *, keep: bool) -> None:
        """Everything under the cards in the air, the message and the buttons: the felt, the header,
        the marks, the seats' boxes, the trick and your hand (``keep``: your hand from its own layer
        where it can be)."""
        frame = self._frame
        view = frame.shown
        self._draw_background(surface)
        self._draw_header(surface, frame.header)
        self._draw_marks(surface, view)
        for seat in Seat:
            to_move = seat is frame.marked
            count = frame.cards_shown[seat] if seat is not Seat.SOUTH else 0
            scored = frame.scored
            self.seats.draw(surface, frame.layout, view, seat, to_move=to_move, count=count, scored=scored)
        moving = frame.moving
        trick = moving.trick if moving is not None and moving.trick is not None else view.trick
        hidden = moving.hidden if moving is not None else frozenset()
        self._draw_trick(surface, trick, hidden)
        if moving is not None and moving.kind == "hold" and moving.taken is not None:
            self._ring_winner(surface, moving.taken)
        around = self._hand_area() if keep else None
        if around is None:
            self._draw_hand(surface)
        else:
            self._hand.blit(surface, self._hand_key(), self._draw_hand_on_felt, area=around)

    def _draw_hand_on_felt(self, surface: pygame.Surface) -> None:
        self._draw_background(surface)
        self._draw_hand(surface)

    def _hand_key(self) -> tuple[object, ...]:
        """Everything your hand is drawn from."""
        frame = self._frame
        playing = frame.is_players_turn_to_play
        return (
            frame.layout,
            tuple((card, tuple(place)) for card, place in frame.cards),
            frame.hand,
            playing,
            frame.live.legal if playing else None,
            frame.received,
            frame.highlighted,
            frame.raised,
            frame.lifted,
            frame.selected,
            frame.focus,
            frame.four_colour,
        )

    def _hand_area(self) -> pygame.Rect | None:
        """Where your hand and everything drawn round its cards (shadows, the hint's glow, the focus ring)
        lies, when nothing else of the still part does, so that the hand's layer can be copied there
        over the felt: else None, and the hand is drawn in place. A refused card's bubble and shake
        are drawn in place too (they last a moment)."""
        frame = self._frame
        if frame.refusal is not None or not frame.cards:
            return None
        layout = self.layout
        metrics = layout.metrics
        glow, ring = max(3, metrics.px(4)), 4 * focus_band(metrics.unit)
        around: list[pygame.Rect] = []
        for _card, place in frame.cards:
            around += [self.painter.shadow_rect(place), place.inflate(glow, glow), place.inflate(ring, ring)]
        area = around[0].unionall(around).inflate(2, 2).clip(pygame.Rect((0, 0), layout.size))
        others = [layout.header, layout.marks]
        for seat in layout.seats:  # each box with its ring, each trick card with its shadow and ring
            others += [seat.panel.inflate(glow, glow), self.painter.shadow_rect(seat.trick_slot)]
            others.append(seat.trick_slot.inflate(2 * glow, 2 * glow))
        if area.collidelist([rect for rect in others if rect.width > 0 and rect.height > 0]) >= 0:
            return None
        return area

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
        shown = [(seat, card) for seat, card in trick.plays if card not in hidden]
        slots = [self.layout.seats[seat].trick_slot for seat, _card in shown]
        solids = self._solid_parts(surface, slots)
        for order, (seat, card) in enumerate(shown):
            self._draw_card(surface, card, slots[order], "trick", seat, solids, order, False, False)

    def _solid_parts(
        self, surface: pygame.Surface, rects: list[pygame.Rect]
    ) -> list[tuple[pygame.Rect, ...]] | None:
        """The opaque part of each card of a row drawn in order at ``rects``, so that what a later card
        covers is left out of those under it; None when the cards are blended whole (a surface with
        alpha of its own, ``clips_hidden_parts`` off, or cards smaller than the painter draws them)."""
        if not self.clips_hidden_parts or surface.get_flags() & pygame.SRCALPHA or not rects:
            return None
        if min(rects[0].size) < MIN_SIZE:  # (in a window too small for the table) their faces overflow
            return None
        inset = self.painter.solid_inset(rects[0].width, rects[0].height)
        return [interior(rect, inset) for rect in rects]

    def _draw_card(
        self,
        surface: pygame.Surface,
        card: Card,
        rect: pygame.Rect,
        where: str,
        seat: Seat,
        solids: list[tuple[pygame.Rect, ...]] | None,
        order: int,
        tinted: bool,
        hatched: bool,
    ) -> None:
        """A card at rest, its shadow and face (``hatched``: under the "cannot play" overlay), the
        ``order``-th of a row whose opaque parts are ``solids``: only what the cards after it leave in
        view is blitted, or, without ``solids``, the whole of each piece."""
        shadow = self.painter.shadow(rect.width, rect.height)
        under = self.painter.shadow_rect(rect)
        four_colour = self._frame.four_colour
        if solids is None:
            surface.blit(shadow, under)
            self.blended += pixels_in(surface, under)
            self.blended += self.faces.draw_whole(
                surface, card, rect, where, seat, four_colour=four_colour, tinted=tinted, hatched=hatched
            )
            return
        later = [part for parts in solids[order + 1 :] for part in parts if part.colliderect(under)]
        self.blended += blit_parts(surface, shadow, under.topleft, uncovered(under, [*solids[order], *later]))
        covers = [part for part in later if part.colliderect(rect)]
        self.blended += self.faces.draw_uncovered(
            surface,
            card,
            rect,
            where,
            seat,
            four_colour=four_colour,
            tinted=tinted,
            hatched=hatched,
            covers=covers,
        )

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
        tags = self._received_tags(hand, frame.raised, received)
        focused: pygame.Rect | None = None
        shake = self._refusal_offset(refusal.shake) if refusal is not None else (0, 0)
        drawn = [
            place.move(shake) if refusal is not None and card == refusal.card else place
            for card, place in frame.cards
        ]
        solids = self._solid_parts(surface, drawn)
        for order, (card, place) in enumerate(frame.cards):
            index = hand.index(card)
            rect = drawn[order]
            passed = received is not None and card in received
            unplayable = playing and card not in legal
            # Passed to you: tinted; hatched instead when unplayable (both would dim its index), the edge
            # still flagging it.
            tinted = passed and not unplayable
            self._draw_card(surface, card, rect, "hand", Seat.SOUTH, solids, order, tinted, unplayable)
            if passed:  # passed to you: tinted, edged and tagged, until you play your first card
                self._edge(surface, rect, theme.RECEIVED)
                word, visible = tags[card]
                self.faces.received_tag(
                    surface, word, rect, visible.move(rect.x - place.x, rect.y - place.y), metrics
                )
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
                # The part of it no other card covers: the ring marks one card, never its neighbours.
                visible = self.layout.hand.visible_part(len(hand), index, frame.raised)
                if visible.right < rect.right:  # a card over its right part: the ring ends on it early,
                    visible.width -= focus_band(metrics.unit)  # clear of that card's index
                focused = visible.move(rect.x - place.x, rect.y - place.y)
        if focused is not None:  # over every card, so the cards beside it never hide its ring
            radius = self.painter.layout(width, height).radius
            draw_focus(surface, focused, metrics.unit, radius)
        if refusal is not None and refusal.card in hand:
            self._draw_refusal(surface, refusal.card, refusal.reason, hand, frame.raised)

    def _received_tags(
        self, hand: list[Card], raised: frozenset[int], received: frozenset[Card] | None
    ) -> dict[Card, tuple[str, pygame.Rect]]:
        """For each card passed to you, its tag's word (one for them all) and the part of it in view."""
        if not received:
            return {}
        geometry = self.layout.hand
        visible = {
            card: geometry.visible_part(len(hand), hand.index(card), raised)
            for card in received
            if card in hand
        }
        word = self.faces.received_word((rect.width for rect in visible.values()), self.layout.metrics)
        return {card: (word, rect) for card, rect in visible.items()}

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
        lines = wrap(self.fonts, reason, px, inner, bold=True)  # a long reason (the lesson's) wraps
        text_width = max(self.fonts.size(line, px, bold=True)[0] for line in lines)
        line_height = self.fonts.line_height(px, bold=True)
        height = px + (len(lines) - 1) * line_height + metrics.px(14)
        bubble = pygame.Rect(0, 0, text_width + metrics.px(20), height)
        below_index = self.painter.layout(rect.width, rect.height).index_rect.bottom + metrics.px(4)
        bubble.midtop = (visible.centerx, rect.top + below_index)
        bubble.clamp_ip(surface.get_rect().inflate(-2 * margin, -2 * margin))
        radius = min(bubble.height // 2, px + metrics.px(7))
        draw_panel(surface, bubble, radius, theme.PANEL_SOLID)
        edge = max(1, metrics.px(2))
        pygame.draw.rect(surface, theme.ERROR, bubble, width=edge, border_radius=radius)
        inside = bubble.inflate(-metrics.px(20), 0)  # as wide as its widest line: the same lines
        draw_text(surface, self.fonts, reason, inside, px, theme.ERROR, bold=True)

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
            self.faces.draw(surface, card, slot, "trick", trick.winner, four_colour=self._frame.four_colour)

    def _draw_message(self, surface: pygame.Surface) -> None:
        frame = self._frame
        if not frame.message:
            return
        metrics = self.layout.metrics
        rect = self.layout.message
        colour = theme.ERROR if frame.message_is_reason else theme.MESSAGE
        px, least = metrics.text(15), metrics.text(12)
        key = (frame.message, tuple(rect), px, least, colour, frame.message_is_reason)
        if self._message is None or self._message[0] != key:
            lines_fit = rect.height // max(1, self.fonts.line_height(px))
            size = px if lines_fit >= 2 else fit_size(self.fonts, frame.message, rect.width, px, least)
            bold = frame.message_is_reason
            self._message = (key, set_out(self.fonts, frame.message, rect, size, colour, bold=bold))
        self._message[1].draw(surface)
