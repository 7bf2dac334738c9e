"""The faces the table draws, each noted for the layout report with its corner index: plain, or tinted
for a card you were passed, which also carries a tag in words ("received") so that colour is not all
that says so.

The seam: the trick and your hand (``TableDrawer``) and the cards in the air (``Flights``) draw their
faces through one ``TableFaces``, so every face is noted the same way and the few tinted faces are kept
in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import NamedTuple

import pygame

from ..engine import FULL_DECK, TRICKS, Seat
from ..engine.cards import Card
from . import theme
from .layout import Metrics
from .render.cards import CardPainter
from .render.cover import blit_parts, interior, pixels_in, uncovered
from .render.fonts import LruCache
from .render.icons import has_icon, icon
from .render.text import draw_text
from .report import is_recording, note_card
from .table_layout import TableLayout, table_layout, with_note_band
from .table_seats import FAN_HEIGHT, PANELS, Panel, box_panels, fan_card
from .widgets import button_colours, draw_panel, icon_side

TINTED_KEPT = 3
"""Tinted faces kept: the three cards you were passed, at the hand's size."""
HAND_COPIES_KEPT = 32
"""Opaque copies of faces kept at the hand's size: your thirteen cards plain and hatched, and the three
passed to you tinted (kept apart from the trick's, which come and go, so these are never pushed out)."""
OTHER_COPIES_KEPT = 8
"""Opaque copies kept of the other faces at rest: the trick's."""
RECEIVED_WORDS = ("received", "new")
"""The tag on a card passed to you, and its short form where a fanned hand shows too little of a card."""


class TableFaces:
    """Draws and notes the table's card faces, keeping the tinted ones."""

    def __init__(self, painter: CardPainter) -> None:
        self.painter = painter
        self._tinted: dict[tuple[Card, int, int, bool], pygame.Surface] = {}
        self._hand_copies: LruCache[tuple[object, ...], pygame.Surface] = LruCache(HAND_COPIES_KEPT)
        self._other_copies: LruCache[tuple[object, ...], pygame.Surface] = LruCache(OTHER_COPIES_KEPT)
        self._like: pygame.Surface | None = None
        """A pixel in the format of the last surface drawn on by parts, for copies made ahead."""
        self.solid_made = 0
        """How many opaque copies of faces have been made (the tests count them)."""

    def draw(
        self,
        surface: pygame.Surface,
        card: Card,
        rect: pygame.Rect,
        where: str,
        seat: Seat | None,
        *,
        four_colour: bool,
        tinted: bool = False,
    ) -> None:
        """A face at ``rect``, noted for the layout report with its corner index."""
        surface.blit(self._face(card, rect.width, rect.height, four_colour, tinted), rect)
        self.note(where, card, seat, rect)

    def draw_uncovered(
        self,
        surface: pygame.Surface,
        card: Card,
        rect: pygame.Rect,
        where: str,
        seat: Seat | None,
        *,
        four_colour: bool,
        tinted: bool = False,
        hatched: bool = False,
        covers: Sequence[pygame.Rect] = (),
    ) -> int:
        """A face at ``rect`` (``hatched``: under the "cannot play" overlay) on an opaque ``surface``, only
        where none of ``covers`` (the opaque parts of cards drawn later) lies: its opaque part copied
        from an opaque copy, its corners blended. The same pixels as the face and the overlay blended
        whole; how many pixels were blended."""
        width, height = rect.size
        solid = interior(rect, self.painter.solid_inset(width, height))
        corners = uncovered(rect, [*solid, *covers])
        blended = blit_parts(
            surface, self._face(card, width, height, four_colour, tinted), rect.topleft, corners
        )
        if hatched:
            blended += blit_parts(surface, self.painter.dim(width, height), rect.topleft, corners)
        inside = [part for band in solid for part in uncovered(band, covers)]
        if inside:
            copy = self._solid_face(surface, card, width, height, four_colour, tinted, hatched, where)
            blit_parts(surface, copy, rect.topleft, inside)
        self.note(where, card, seat, rect)
        return blended

    def draw_whole(
        self,
        surface: pygame.Surface,
        card: Card,
        rect: pygame.Rect,
        where: str,
        seat: Seat | None,
        *,
        four_colour: bool,
        tinted: bool = False,
        hatched: bool = False,
    ) -> int:
        """A face at ``rect`` (``hatched``: under the "cannot play" overlay), blended whole; how many
        pixels were blended."""
        self.draw(surface, card, rect, where, seat, four_colour=four_colour, tinted=tinted)
        if hatched:
            surface.blit(self.painter.dim(rect.width, rect.height), rect.topleft)
        return pixels_in(surface, rect) * (2 if hatched else 1)

    def _face(self, card: Card, width: int, height: int, four_colour: bool, tinted: bool) -> pygame.Surface:
        if tinted:
            return self._tinted_face(card, width, height, four_colour)
        return self.painter.face(card, width, height, four_colour=four_colour)

    def _solid_face(
        self,
        like: pygame.Surface,
        card: Card,
        width: int,
        height: int,
        four_colour: bool,
        tinted: bool,
        hatched: bool,
        where: str,
    ) -> pygame.Surface:
        """The face as an opaque surface in ``like``'s pixel format (``hatched``: with the overlay blended
        on it, as on the table): where the face is opaque, its pixels are those the face blended on
        ``like`` would leave."""
        key = (card, width, height, four_colour, tinted, hatched, like.get_bitsize(), like.get_masks())
        copies = self._hand_copies if where == "hand" else self._other_copies
        copy = copies.get(key)
        if copy is None:
            copy = self._face(card, width, height, four_colour, tinted).convert(like)
            if hatched:
                copy.blit(self.painter.dim(width, height), (0, 0))
            copies.put(key, copy)
            self.solid_made += 1
        if self._like is None or self._like.get_masks() != like.get_masks():
            self._like = pygame.Surface((1, 1), 0, like)
        return copy

    @property
    def can_copy_ahead(self) -> bool:
        """Whether a surface has been drawn on by parts, so a copy made ahead knows its pixel format."""
        return self._like is not None

    def copy_ahead(self, card: Card, width: int, height: int, *, four_colour: bool, hatched: bool) -> bool:
        """Make the opaque copy of a card of your hand (``hatched``: under the overlay) before it is drawn,
        in the format of the surface last drawn on; whether it had to be made (never, before any such
        surface: see ``can_copy_ahead``)."""
        like = self._like
        if like is None:
            return False
        made = self.solid_made
        self._solid_face(like, card, width, height, four_colour, False, hatched, "hand")
        return self.solid_made > made

    def note(self, where: str, card: Card, seat: Seat | None, rect: pygame.Rect) -> None:
        """A face drawn at ``rect``, noted for the layout report with its corner index."""
        if is_recording():
            painter = self.painter
            corner = painter.layout(rect.width, rect.height).index_rect.move(rect.topleft)
            note_card(where, card, seat, rect, corner, painter.index_px(rect.width, rect.height))

    def _tinted_face(self, card: Card, width: int, height: int, four_colour: bool) -> pygame.Surface:
        """The face of a card you were passed, tinted once (three at a time, at the hand's size)."""
        key = (card, width, height, four_colour)
        face = self._tinted.get(key)
        if face is None:
            face = self.painter.face(card, width, height, four_colour=key[3]).copy()
            tint = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.rect(tint, (*theme.RECEIVED, 56), tint.get_rect(), border_radius=max(3, width // 12))
            face.blit(tint, (0, 0))
            if len(self._tinted) >= TINTED_KEPT:
                self._tinted.clear()
            self._tinted[key] = face
        return face

    def received_word(self, visible_widths: Iterable[int], metrics: Metrics) -> str:
        """The tag's word for the cards passed to you, one for the whole hand: "received" where every
        tagged card shows room for it, else "new"."""
        full, short = RECEIVED_WORDS
        needed = self._tag_width(full, metrics) + 2 * metrics.px(3)
        return full if all(width >= needed for width in visible_widths) else short

    def _tag_width(self, word: str, metrics: Metrics) -> int:
        return self.painter.fonts.size(word, metrics.text(12), bold=True)[0] + metrics.px(8)

    def received_tag(
        self, surface: pygame.Surface, word: str, card: pygame.Rect, visible: pygame.Rect, metrics: Metrics
    ) -> pygame.Rect:
        """The tag on a card passed to you: ``word`` in a pill under the card's corner index, inside
        ``visible`` (the part no other card covers). Where the tag went."""
        px = metrics.text(12)
        inset = metrics.px(3)
        index = self.painter.layout(card.width, card.height).index_rect.move(card.topleft)
        tag = pygame.Rect(0, 0, self._tag_width(word, metrics), px + metrics.px(6))
        tag.left = visible.left + inset
        tag.top = min(index.bottom + inset, visible.bottom - inset - tag.height)
        fill, ink = theme.BADGE_RECEIVED
        draw_panel(surface, tag, tag.height // 2, fill)
        draw_text(surface, self.painter.fonts, word, tag, px, ink, bold=True, wrap=False)
        return tag


class FacesAhead:
    """The faces a table shows, painted one at a time in frames that draw nothing (a bot thinking, you
    thinking), so that no frame that draws paints a card for the first time: in WebAssembly at a phone's
    scale a court card takes about 20 ms, and a frame that also draws your hand again then runs past 50.

    First the back at the trick's size (the deck's, which the exchange shrinks; a deal paints it, a table
    reopened mid-hand or resized has not), then your own cards at the trick's size (they go to the trick),
    then every other card at your hand's size (any of them may come to you in the exchange, which would
    paint three in the frame they land), then the others at the trick's size. The hand's size is left out
    when its faces and the trick's would not fit the painter's cache together: painting them would only
    push out faces painted before."""

    def __init__(self, painter: CardPainter) -> None:
        self.painter = painter
        self._for: tuple[tuple[int, int], tuple[int, int], bool] | None = None
        self._left: list[tuple[Card | None, tuple[int, int]]] = []  # None: the back

    def plan(
        self, trick: tuple[int, int], hand: tuple[int, int], first: Iterable[Card], *, four_colour: bool
    ) -> None:
        """Paint the back and every face at the ``trick`` and ``hand`` sizes (``first`` early, at the
        trick's); the plan stands while the sizes and the colours do."""
        wanted = (trick, hand, four_colour)
        if wanted == self._for:
            return
        self._for = wanted
        ahead = list(dict.fromkeys(first))
        others = [card for card in FULL_DECK if card not in ahead]
        self._left = [(None, trick)]
        self._left += [(card, trick) for card in ahead]
        if hand != trick and self.painter.holds_every_face((trick, hand)):
            self._left += [(card, hand) for card in others]
        self._left += [(card, trick) for card in others]

    @property
    def is_done(self) -> bool:
        """Whether the plan's faces are all painted (not before there is a plan)."""
        return self._for is not None and not self._left

    def step(self, _budget: float = 0.0) -> bool:
        """Paint the next face (or the back) not painted yet; whether any is left."""
        assert self._for is not None
        four_colour = self._for[2]
        painter = self.painter
        while self._left:
            card, (width, height) = self._left.pop(0)
            if card is None:
                if not painter.has_back(width, height):
                    painter.back(width, height)
                    break
            elif not painter.has_face(card, width, height, four_colour=four_colour):
                painter.face(card, width, height, four_colour=four_colour)
                break
        return bool(self._left)


class Fan(NamedTuple):
    """An opponent's fan as the painter draws it (``CardPainter.fan``)."""

    held: int
    """How many backs it holds."""
    back: tuple[int, int]
    height: int


class Ahead(NamedTuple):
    """What a table to come in a window of one size is painted from."""

    backs: tuple[tuple[int, int], ...]
    """The backs, by their sizes: the deck's, and the large ones the fans are drawn with."""
    fans: tuple[Fan, ...]
    hand: tuple[int, int] | None
    """The size of your cards in a match's hand, where the painter can hold every face at it beside the
    trick's (else None: your cards are painted as they are dealt)."""
    panels: tuple[Panel, ...] = ()
    """The boxes' see-through panels, blended over the felt (``table_seats.PANELS``)."""
    icons: tuple[tuple[str, int, theme.RGB], ...] = ()
    """The table's buttons' icons (name, side, ink), in each state a button shows them in."""


BUTTON_STATES = ((True, False), (False, False), (True, True))
"""The states a table's button shows its icon in: (enabled, chosen)."""
TABLE_ICONS = {
    "menu": ("menu",),
    "hint": ("hint",),
    "last": ("last",),
    "fast": ("fast",),
    "sound": ("sound", "muted"),
}
"""The table's buttons, by their places in its layout, and the icons each may show."""


def button_icons(layouts: Iterable[TableLayout]) -> tuple[tuple[str, int, theme.RGB], ...]:
    """The icons the tables of ``layouts`` draw on their buttons, enabled, disabled and chosen (a new
    table's first frame drew each, supersampled, some 16 ms of it in WebAssembly at a phone's scale)."""
    inks = [button_colours(enabled=enabled, selected=chosen)[1] for enabled, chosen in BUTTON_STATES]
    return tuple(
        dict.fromkeys(
            (name, icon_side(layout.buttons[key]), ink)
            for layout in layouts
            for key, names in TABLE_ICONS.items()
            for name in names
            for ink in inks
        )
    )


class DealAhead:
    """What a table opened now shows in its first deal, painted in frames that draw nothing before any
    table is open (the menu, say): the deck's back, at the trick's size of a match's table and of a
    lesson's (whose note takes room from the trick), the others' fans of one to thirteen backs, and every
    face at your hand's size, since any may be dealt to you; and the boxes' see-through panels, blended
    over the felt (3-6 ms of a new table's first frame there). A table deals in its first frame: the deck's
    back painted there, beside the table drawn for the first time, made a frame of 49 ms and a long task
    in WebAssembly at a phone's scale; each fan painted as the deal first showed its count took 2.5-8 ms
    of a deal's frame there, and each of your cards turning face up for the first time 10-20 ms."""

    def __init__(self, painter: CardPainter) -> None:
        self.painter = painter
        self._sizes: tuple[tuple[tuple[int, int], float], Ahead] | None = None
        self._done: tuple[tuple[int, int], float, bool, int, int] | None = None
        """What everything was last found painted for, and the painter's count of paintings and the count
        of panels made then: not looked over again until one grows (only a painting can push a face out of
        the painter's cache, and only a panel made another panel)."""

    def ahead(self, size: tuple[int, int], scale: float) -> Ahead:
        """What the tables a window of ``size`` show are painted from (worked out once per size)."""
        if self._sizes is None or self._sizes[0] != (size, scale):
            layouts = (layout := table_layout(size, scale), with_note_band(layout)[0])
            cards = [each.trick_card for each in layouts] + [fan_card(each.metrics) for each in layouts]
            fans = (
                Fan(held, fan_card(each.metrics), each.metrics.px(FAN_HEIGHT))
                for each in layouts
                for held in range(TRICKS, 0, -1)
            )
            hand = layout.hand.card
            fits = self.painter.holds_every_face(dict.fromkeys((layout.trick_card, hand)))
            panels = dict.fromkeys(panel for each in layouts for panel in box_panels(each, size))
            ahead = Ahead(
                tuple(dict.fromkeys(cards)),
                tuple(dict.fromkeys(fans)),
                hand if fits else None,
                tuple(panels),
                button_icons(layouts),
            )
            self._sizes = ((size, scale), ahead)
        return self._sizes[1]

    def work(
        self, size: tuple[int, int], scale: float, *, four_colour: bool
    ) -> Callable[[float], bool] | None:
        """The step that paints the next back, fan or face not painted yet; None when all are."""
        painter = self.painter
        if self._done == (size, scale, four_colour, painter.paintings, PANELS.made):
            return None
        ahead = self.ahead(size, scale)
        left = [partial(PANELS.get, panel) for panel in ahead.panels if panel not in PANELS]
        left += [partial(icon, *each) for each in ahead.icons if not has_icon(*each)]
        left += [partial(painter.back, *back) for back in ahead.backs if not painter.has_back(*back)]
        left += [partial(painter.fan, *fan) for fan in ahead.fans if not painter.has_fan(*fan)]
        if ahead.hand is not None:
            left += [
                partial(painter.face, card, *ahead.hand, four_colour=four_colour)
                for card in FULL_DECK
                if not painter.has_face(card, *ahead.hand, four_colour=four_colour)
            ]
        if not left:
            self._done = (size, scale, four_colour, painter.paintings, PANELS.made)
            return None
        self._done = None

        def step(_budget: float = 0.0) -> bool:
            left.pop(0)()
            return bool(left)

        return step


class CopiesAhead:
    """The opaque copies of your cards at the hand's size, plain and hatched, made one at a time in frames
    that draw nothing, after the faces ahead: a frame where the cards you may play change would otherwise
    make a hatched copy of each card that has none (a copy and a blend of a whole card, about 1.5 ms each
    in WebAssembly at a phone's scale)."""

    def __init__(self, faces: TableFaces) -> None:
        self.faces = faces
        self._for: tuple[tuple[int, int], tuple[Card, ...], bool] | None = None
        self._left: list[tuple[Card, bool]] = []

    def plan(self, size: tuple[int, int], hand: Iterable[Card], *, four_colour: bool) -> None:
        """Copy every card of ``hand`` at ``size``, plain, then hatched; the plan stands while they do."""
        cards = tuple(hand)
        wanted = (size, cards, four_colour)
        if wanted == self._for:
            return
        self._for = wanted
        self._left = [(card, hatched) for hatched in (False, True) for card in cards]

    @property
    def is_done(self) -> bool:
        """Whether there is nothing to copy now: no copy is left, or none can be made until a hand has been
        drawn by parts (the plan then waits, whole, for that first draw)."""
        return not self._left or not self.faces.can_copy_ahead

    def step(self, _budget: float = 0.0) -> bool:
        """Make the next copy not made yet; whether any is left."""
        assert self._for is not None
        if not self.faces.can_copy_ahead:
            return bool(self._left)
        (width, height), _cards, four_colour = self._for
        while self._left:
            card, hatched = self._left.pop(0)
            if self.faces.copy_ahead(card, width, height, four_colour=four_colour, hatched=hatched):
                break
        return bool(self._left)
