"""Drawing the table from a frame (``TableFrame``, what it shows) and its layout: the still part (the
felt, the header, the marks, the seats' boxes, the trick, your hand), then the cards in the air, the
message, the buttons and the lesson's note.

``TableDrawer`` keeps the still part between frames (a ``Layer`` under the frame's ``still_key``), and
within it your hand over the felt (a second ``Layer``, under the hand's own key): the still part is drawn
again as each card is played, and your hand, a row of cards with shadows and rounded corners to blend,
cost most of that while it changes far less often. It composes the pieces drawn elsewhere: the seats'
boxes (``table_seats.SeatBoxes``), the trick and your hand (``table_cards.RestingCards``), the cards in
the air (``table_flights.Flights``) and the faces they draw (``table_faces.TableFaces``)."""

from __future__ import annotations

import pygame

from ..engine import PlayerView, Seat, Trick
from . import theme
from .lesson_note import draw_note
from .render.cards import CardPainter
from .render.fonts import Fonts
from .render.layer import Layer
from .render.text import Align, SetText, draw_text, fit_size, set_out
from .report import is_recording
from .table_cards import RestingCards
from .table_faces import TableFaces
from .table_flights import Flights
from .table_frame import TableFrame
from .table_layout import TableLayout
from .table_seats import SeatBoxes
from .widgets import draw_button, draw_panel, focus_band

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
        self._hand_area_now: pygame.Rect | None = None
        """Where the hand's layer is copied from this frame (``_hand_area``)."""
        self.keeps_still_part = True
        """Whether the still part is kept between frames (the tests compare it with drawing afresh)."""
        self.cards = RestingCards(fonts, painter, self.faces)

    @property
    def clips_hidden_parts(self) -> bool:
        """Whether the cards at rest are blitted only where the cards drawn after them leave them in view
        (``RestingCards.clips_hidden_parts``)."""
        return self.cards.clips_hidden_parts

    @clips_hidden_parts.setter
    def clips_hidden_parts(self, clips: bool) -> None:
        self.cards.clips_hidden_parts = clips

    @property
    def blended(self) -> int:
        """How many pixels the cards at rest have blended with per-pixel alpha (``RestingCards.blended``)."""
        return self.cards.blended

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
            shake = (0, 0) if refusal is None else self.cards.refusal_offset(frame, refusal.shake)
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
            clear_of=frame.trick_cards(),
        )

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
            name = frame.names[seat]
            self.seats.draw(
                surface, frame.layout, view, seat, to_move=to_move, count=count, scored=scored, name=name
            )
        moving = frame.moving
        trick = moving.trick if moving is not None and moving.trick is not None else view.trick
        hidden = moving.hidden if moving is not None else frozenset()
        self.cards.draw_trick(surface, frame, trick, hidden)
        if moving is not None and moving.kind == "hold" and moving.taken is not None:
            self._ring_winner(surface, moving.taken)
        around = self._hand_area() if keep else None
        if around is None:
            self.cards.draw_hand(surface, frame)
        else:
            self._hand_area_now = around
            self._hand.blit(surface, self.hand_key(), self._draw_hand_on_felt, area=around)

    def _draw_hand_on_felt(self, surface: pygame.Surface) -> None:
        """Your hand on the felt, in its layer: the felt only where the layer is copied from."""
        self._draw_background(surface, self._hand_area_now)
        self.cards.draw_hand(surface, self._frame)

    def hand_key(self) -> tuple[object, ...]:
        """Everything your hand is drawn from: the key its kept layer is drawn under."""
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

    def _draw_background(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The felt, all of it or only its ``area``."""
        size = surface.get_size()
        if self._background is None or self._background.get_size() != size:
            self._background = theme.felt(size)
        if area is None:
            surface.blit(self._background, (0, 0))
        else:
            surface.blit(self._background, area.topleft, area)

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
