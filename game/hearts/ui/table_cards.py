"""The cards at rest on the table, drawn from a frame: the trick, and your hand with its marks (passed to
you, hinted, chosen, focused, refused with its reason).

Each card is a shadow, a face and perhaps the "cannot play" overlay, each blended with per-pixel alpha,
and in a fanned hand most of a card lies under the cards drawn after it. So each piece is blitted only
where those cards leave it in view, the opaque part of a face copied rather than blended
(``render.cover``): at a phone's scale a redraw of your hand blended some 1.2 million pixels, about 25 ms
in WebAssembly, and now under a tenth of that, the picture the same pixel for pixel.
"""

from __future__ import annotations

import math

import pygame

from ..engine import Seat, Trick
from ..engine.cards import Card
from . import theme
from .render.cards import MIN_SIZE, CardPainter
from .render.cover import blit_parts, interior, pixels_in, uncovered
from .render.fonts import Fonts
from .render.text import draw_text, fit_size, wrap
from .table_faces import TableFaces
from .table_frame import TableFrame
from .table_layout import TableLayout
from .widgets import draw_focus, draw_focus_around, draw_panel, focus_band


class RestingCards:
    """Draws the trick and your hand for ``TableDrawer``, counting the pixels it blends."""

    def __init__(self, fonts: Fonts, painter: CardPainter, faces: TableFaces) -> None:
        self.fonts = fonts
        self.painter = painter
        self.faces = faces
        self.clips_hidden_parts = True
        """Whether each card is blitted only where the cards drawn after it leave it in view, the opaque
        part of its face copied, not blended (the tests compare it with every shadow, face and overlay
        blended whole)."""
        self.blended = 0
        """How many pixels the cards have blended with per-pixel alpha, their shadows, faces and
        overlays, over every drawing (the tests count them)."""

    def draw_trick(
        self, surface: pygame.Surface, frame: TableFrame, trick: Trick, hidden: frozenset[Card]
    ) -> None:
        """The trick's cards on the table, those in ``hidden`` (in the air) left out."""
        shown = [(seat, card) for seat, card in trick.plays if card not in hidden]
        slots = [frame.layout.seats[seat].trick_slot for seat, _card in shown]
        solids = self._solid_parts(surface, slots)
        for order, (seat, card) in enumerate(shown):
            self._draw_card(surface, frame, card, slots[order], "trick", seat, solids, order, False, False)

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
        frame: TableFrame,
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
        four_colour = frame.four_colour
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

    def draw_hand(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Your hand as ``frame`` shows it, with its marks."""
        layout = frame.layout
        metrics = layout.metrics
        width, height = layout.hand.card
        playing = frame.is_players_turn_to_play
        legal = frame.live.legal
        received = frame.received
        suggested = frame.highlighted
        hand = list(frame.hand)
        refusal = frame.refusal
        tags = self._received_tags(layout, hand, frame.raised, received)
        focused: list[pygame.Rect] = []
        shake = self.refusal_offset(frame, refusal.shake) if refusal is not None else (0, 0)
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
            self._draw_card(surface, frame, card, rect, "hand", Seat.SOUTH, solids, order, tinted, unplayable)
            if passed:  # passed to you: tinted, edged and tagged, until you play your first card
                self._edge(surface, metrics.px(3), rect, theme.RECEIVED)
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
                self._edge(surface, metrics.px(3), rect, theme.SELECTED)
            if frame.focus == index:
                focused = [
                    part.move(rect.x - place.x, rect.y - place.y) for part in self._in_view(frame, index)
                ]
        if len(focused) == 1:  # over every card, so the cards beside it never hide its ring
            draw_focus(surface, focused[0], metrics.unit, self.painter.layout(width, height).radius)
        elif focused:
            draw_focus_around(surface, focused, metrics.unit)
        if refusal is not None and refusal.card in hand:
            keep = [index for index, card in enumerate(hand) if playing and card in legal]
            self._draw_refusal(surface, layout, refusal.card, refusal.reason, hand, frame.raised, keep)

    def _received_tags(
        self, layout: TableLayout, hand: list[Card], raised: frozenset[int], received: frozenset[Card] | None
    ) -> dict[Card, tuple[str, pygame.Rect]]:
        """For each card passed to you, its tag's word (one for them all) and the part of it in view."""
        if not received:
            return {}
        geometry = layout.hand
        visible = {
            card: geometry.visible_part(len(hand), hand.index(card), raised)
            for card in received
            if card in hand
        }
        word = self.faces.received_word((rect.width for rect in visible.values()), layout.metrics)
        return {card: (word, rect) for card, rect in visible.items()}

    @staticmethod
    def _edge(surface: pygame.Surface, px: int, rect: pygame.Rect, colour: theme.RGB) -> None:
        """A coloured edge along a hand card's border, ``px`` (3 CSS pixels) wide but never under 2."""
        width = max(2, px)
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=max(3, rect.width // 12))

    @staticmethod
    def _in_view(frame: TableFrame, index: int) -> list[pygame.Rect]:
        """The parts of card ``index`` no other card covers, for its focus ring (which marks one card,
        never its neighbours): the largest box from its index, and for a raised card the band above the
        cards beside it."""
        geometry, count, raised = frame.layout.hand, len(frame.hand), frame.raised
        rects = geometry.rects(count, raised)
        rect = rects[index]
        visible = geometry.visible_part(count, index, raised)
        if visible.right >= rect.right:
            return [visible]
        band = focus_band(frame.layout.metrics.unit)
        visible.width -= band  # a card over its right part: the ring ends on it early, clear of its index
        over = [other.top for other in rects[index + 1 :] if other.colliderect(rect)]
        above = min(over, default=rect.top) - 2 * band  # (the ring above the card over it)
        if index not in raised or above <= rect.top:
            return [visible]
        return [visible, pygame.Rect(rect.left, rect.top, rect.width, above - rect.top)]

    def refusal_offset(self, frame: TableFrame, shake: float) -> tuple[int, int]:
        """How far a refused card stands from its place: a shake from side to side, or under reduced
        motion a jump up, both fading."""
        if shake <= 0:
            return (0, 0)
        metrics = frame.layout.metrics
        if frame.reduced_motion:
            return (0, -metrics.px(10))
        age = frame.refusal.age if frame.refusal is not None else 0.0
        return (round(metrics.px(7) * shake * math.sin(age * math.tau * 7)), 0)

    def _draw_refusal(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        card: Card,
        reason: str,
        hand: list[Card],
        raised: frozenset[int],
        keep_clear: list[int],
    ) -> None:
        """The reason in a bubble by the refused card (``_bubble_places``), inside the window, hiding no
        card of ``keep_clear`` (the indexes of the cards you may play): on fewer lines where it can, on
        more (a narrower bubble) where it must; where nothing keeps them clear, where it first would go."""
        metrics = layout.metrics
        margin = metrics.px(6)
        bounds = surface.get_rect().inflate(-2 * margin, -2 * margin)
        widest = min(bounds.width, metrics.px(300))
        geometry = layout.hand
        clear = [geometry.visible_part(len(hand), index, raised) for index in keep_clear]
        px, bubble = -1, pygame.Rect(0, 0, 0, 0)
        for room in (widest, widest * 3 // 5, widest * 2 // 5):
            size_px, size = self._bubble_size(reason, room, layout)
            places = self._bubble_places(layout, size, hand.index(card), len(hand), raised, bounds)
            if px < 0:
                px, bubble = size_px, places[0]  # (where nothing keeps them clear)
            free = next((place for place in places if place.collidelist(clear) < 0), None)
            if free is not None:
                px, bubble = size_px, free
                break
        radius = min(bubble.height // 2, px + metrics.px(7))
        draw_panel(surface, bubble, radius, theme.PANEL_SOLID)
        edge = max(1, metrics.px(2))
        pygame.draw.rect(surface, theme.ERROR, bubble, width=edge, border_radius=radius)
        inside = bubble.inflate(-metrics.px(20), 0)  # as wide as its widest line: the same lines
        draw_text(surface, self.fonts, reason, inside, px, theme.ERROR, bold=True)

    def _bubble_size(self, reason: str, room: int, layout: TableLayout) -> tuple[int, tuple[int, int]]:
        """The reason's text size and its bubble's size, the bubble at most ``room`` wide: a long reason
        (the lesson's) wraps."""
        metrics = layout.metrics
        inner = room - metrics.px(20)
        px = fit_size(self.fonts, reason, inner, metrics.text(14), metrics.text(12), bold=True)
        lines = wrap(self.fonts, reason, px, inner, bold=True)
        text_width = max(self.fonts.size(line, px, bold=True)[0] for line in lines)
        height = px + (len(lines) - 1) * self.fonts.line_height(px, bold=True) + metrics.px(14)
        return px, (text_width + metrics.px(20), height)

    def _bubble_places(
        self,
        layout: TableLayout,
        size: tuple[int, int],
        index: int,
        count: int,
        raised: frozenset[int],
        bounds: pygame.Rect,
    ) -> list[pygame.Rect]:
        """Where a bubble of ``size`` may go for card ``index``, best first, inside ``bounds``: just under
        the corner indices of a row (it hides no card's index there), its own row first; centred on the
        card's part in view, else beginning or ending with it, else at either side of the window."""
        geometry = layout.hand
        rects = geometry.rects(count, raised)
        visible = geometry.visible_part(count, index, raised)
        below_index = self.painter.layout(*geometry.card).index_rect.bottom + layout.metrics.px(4)
        own = rects[index].top
        rows = {rect.top for number, rect in enumerate(rects) if number not in raised} | {own}
        places = []
        for top in sorted(rows, key=lambda row: (row != own, abs(row - own))):
            for side, x in (
                ("midtop", visible.centerx),
                ("topleft", visible.left),
                ("topright", visible.right),
                ("topleft", bounds.left),
                ("topright", bounds.right),
            ):
                bubble = pygame.Rect((0, 0), size)
                setattr(bubble, side, (x, top + below_index))
                places.append(bubble.clamp(bounds))
        return places
