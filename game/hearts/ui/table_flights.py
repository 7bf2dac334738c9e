"""Drawing the cards in the air over the still table: the flights of the step showing (a card played, a
trick collected, the exchange) and the deal's stream of backs from the deck.

The seam: ``TableDrawer`` draws the still part and then asks ``Flights`` for what moves, from the same
frame; a spot in a flight is named (``motion.Spot``) and measured here against the frame's layout, so a
window that changes shape mid-flight lays it out anew. A card in the air is painted at a size the table
shows anyway and shrunk, never painted anew at each size it passes. A back in the air takes the nearest
of a ladder of sizes a few pixels apart (the ladder is the same hand after hand, so its rungs are shrunk
once and kept), and is blitted as runs (``render.runs``): the deal's deck and stream blended whole had
cost 6-10 ms a frame inside WebAssembly at a phone's scale.
"""

from __future__ import annotations

import pygame

from ..engine import Seat
from ..engine.cards import Card
from .motion import Anchor, Flight, InHand, Pile, Slot, Spot, dealing
from .render.fonts import LruCache, surface_bytes
from .render.runs import in_runs
from .report import note_card
from .table_faces import TableFaces
from .table_frame import TableFrame
from .table_layout import TableLayout
from .tween import ease_out_cubic, lerp

RUNG: float = 0.025
"""How far apart the ladder's sizes for a back in the air are, as a share of the back it is shrunk from
(3 pixels at a phone's scale: a step no eye follows on a card in motion)."""


def on_ladder(size: tuple[int, int], drawn: tuple[int, int]) -> tuple[int, int]:
    """The size on the ladder nearest ``size``, for a back shrunk from one of size ``drawn``: its width
    to the nearest rung, and its height to keep the back's shape, unless it is narrowing alone (your card
    turning over as it lands), then to the nearest rung too."""
    step = max(1, round(drawn[0] * RUNG))
    width = max(step, round(size[0] / step) * step)
    tall = drawn[1] / drawn[0]
    if abs(size[1] - size[0] * tall) <= step + 1:  # shrinking whole
        return width, max(1, round(width * tall))
    return width, max(step, round(size[1] / step) * step)


def spot_rect(layout: TableLayout, spot: Spot, size: tuple[int, int]) -> pygame.Rect:
    """Where ``spot`` lies for a card of ``size`` (the trick's): a place in your hand, a seat's place in
    the trick, its pile of tricks taken, or its anchor (small over an opponent's panel)."""
    if isinstance(spot, InHand):
        return layout.hand.rects(spot.count, spot.raised)[spot.index]
    if isinstance(spot, Slot):
        return layout.seats[spot.seat].trick_slot
    if isinstance(spot, Pile):
        rect = pygame.Rect(0, 0, round(size[0] * 0.5), round(size[1] * 0.5))
        rect.center = layout.seats[spot.seat].panel.center
        return rect
    assert isinstance(spot, Anchor)
    if spot.seat is not Seat.SOUTH:
        size = (round(size[0] * 0.6), round(size[1] * 0.6))  # small, over the seat's panel
    rect = pygame.Rect(0, 0, *size)
    rect.center = layout.seats[spot.seat].anchor
    return rect


class Flights:
    """Draws what moves in a frame, keeping the backs it has shrunk."""

    def __init__(self, faces: TableFaces) -> None:
        self.faces = faces
        self.painter = faces.painter
        self._shrunk_backs: LruCache[tuple[tuple[int, int], tuple[int, int]], pygame.Surface] = LruCache(
            160, max_weight=8 * 1024 * 1024, weigh=surface_bytes
        )
        self.backs_shrunk = 0
        """How many backs have been shrunk (or copied) for the air: what the kept ones did not save."""

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The cards in the air in ``frame`` (nothing when no step is showing)."""
        moving = frame.moving
        if moving is None:
            return
        self._draw_flights(surface, frame, moving.flights, moving.t)
        if moving.kind == "deal" and moving.dealer is not None:
            self._draw_dealing(surface, frame, moving.dealer, moving.t)

    def _back_at(self, drawn: tuple[int, int], size: tuple[int, int]) -> pygame.Surface:
        """The back painted at ``drawn`` and shrunk to ``size`` (or copied, at its own size), in runs;
        these are kept, since backs take the same paths hand after hand (the deal's stream, the
        exchange)."""
        key = (drawn, size)
        image = self._shrunk_backs.get(key)
        if image is None:
            back = self.painter.back(*drawn)
            shrunk = back.copy() if back.get_size() == size else pygame.transform.smoothscale(back, size)
            image = self._shrunk_backs.put(key, in_runs(shrunk))
            self.backs_shrunk += 1
        return image

    def kept_backs(self) -> list[pygame.Surface]:
        """The backs shrunk for the air and kept."""
        return self._shrunk_backs.values()

    def _back_in_flight(
        self, drawn: tuple[int, int], rect: pygame.Rect
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """A back for ``rect`` in the air: shrunk from ``drawn`` to the ladder's size nearest ``rect``'s,
        and where it goes (centred where ``rect`` is)."""
        image = self._back_at(drawn, on_ladder(rect.size, drawn))
        return image, image.get_rect(center=rect.center)

    def _draw_flights(
        self, surface: pygame.Surface, frame: TableFrame, flights: tuple[Flight, ...], t: float
    ) -> None:
        layout = frame.layout
        size = layout.trick_card
        for flight in flights:
            progress = flight.progress(t)
            start = spot_rect(layout, flight.start, size)
            end = spot_rect(layout, flight.end, size)
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
            if flight.card is None:  # between two opponents: both ends small, a size the table never
                # shows at rest, so shrunk from the deck's back at the trick's size (painted at the deal)
                if drawn[0] * drawn[1] < size[0] * size[1]:
                    drawn = size
                image, rect = self._back_in_flight(drawn, rect)
                surface.blit(image, rect)
                note_card("flight", None, None, rect, None)
            elif drawn == rect.size:
                self.faces.draw(surface, flight.card, rect, "flight", None, four_colour=frame.four_colour)
            else:
                face = self.painter.face(flight.card, *drawn, four_colour=frame.four_colour)
                surface.blit(pygame.transform.smoothscale(face, rect.size), rect)
                self.faces.note("flight", flight.card, None, rect)

    def _draw_dealing(self, surface: pygame.Surface, frame: TableFrame, dealer: Seat, t: float) -> None:
        """The deck in the middle of the table going down as backs stream from it round the table,
        starting at the dealer's left: to the others' boxes, and to your hand, where each card turns
        face up as it lands in its place."""
        layout = frame.layout
        state = dealing(dealer, t)
        size = layout.trick_card
        deck = pygame.Rect(0, 0, *size)
        deck.center = layout.trick_area.center
        back = self._back_at(size, size)
        layers = min(state.deck, 6)
        for layer in range(layers):  # a stack: a pixel of edge per few cards left
            offset = layers - 1 - layer
            surface.blit(back, (deck.x - offset, deck.y - offset))
        hand = frame.deal_order
        sorted_hand = frame.hand
        for card in state.flying:
            if card.seat is Seat.SOUTH and card.nth < len(hand):
                end = spot_rect(layout, InHand(sorted_hand.index(hand[card.nth]), len(sorted_hand)), size)
                face: Card | None = hand[card.nth]
            else:  # small, into the seat's box, where its fan grows
                face = None
                end = pygame.Rect(0, 0, round(size[0] * 0.42), round(size[1] * 0.42))
                end.center = layout.seats[card.seat].panel.center
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
                image = self.painter.face(face, end.width, end.height, four_colour=frame.four_colour)
                if image.get_size() != rect.size:
                    image = pygame.transform.smoothscale(image, rect.size)
            else:
                image, rect = self._back_in_flight(size, rect)
            surface.blit(image, rect)
