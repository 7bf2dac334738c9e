"""What the table draws with, and the frame it draws: the drawer, the faces and copies made ahead in
frames that draw nothing, the header worked out once per view, and the page's mirror of the frame.

The seam: the table hands in a snapshot of itself, what was said and its mode; the frame is composed
from them by a pure function (``table_compose.compose``) and drawn from that value alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine import Card, CardSet, PlayerView, Reason
from ..page import Mirror
from .lesson_note import note_box
from .modes.base import TableMode
from .render.cards import CardPainter
from .render.fonts import Fonts
from .table_compose import compose
from .table_draw import TableDrawer
from .table_faces import CopiesAhead, FacesAhead
from .table_frame import TableFrame
from .table_layout import TableLayout
from .table_remarks import Remarks
from .table_state import TableSnapshot
from .table_voice import mirror_of


class TablePicture:
    def __init__(self, fonts: Fonts, painter: CardPainter) -> None:
        self.drawer = TableDrawer(fonts, painter)
        self.faces_ahead = FacesAhead(painter)
        self.copies_ahead = CopiesAhead(self.drawer.faces)
        self._header: tuple[PlayerView | None, str] = (None, "")

    def header(self, view: PlayerView, mode: TableMode) -> str:
        """The line over the table for ``view`` (worked out once per view: it is drawn every frame)."""
        if self._header[0] is not view:
            self._header = (view, mode.words.header(view))
        return self._header[1]

    def frame(self, snap: TableSnapshot, remarks: Remarks, mode: TableMode) -> TableFrame:
        """What the table shows at ``snap``, with what was said and what its mode (and its guide) adds."""
        guide = mode.guide
        return compose(
            snap,
            remarks,
            header=self.header(snap.hand.view, mode),
            highlighted=guide.marked(snap),
            note=guide.note(snap),
            guide=guide.line(snap),
            errors=mode.traits.refusals_are_errors,
            names=mode.words.names(),
        )

    def note_box(self, frame: TableFrame) -> pygame.Rect:
        """Where the note in ``frame`` stands (a tap there closes it): from the layout, as it is drawn."""
        if frame.note is None or frame.band is None:
            return pygame.Rect(0, 0, 0, 0)
        clear_of = frame.trick_cards()
        return note_box(self.drawer.fonts, frame.note, frame.layout, frame.band, frame.is_your_turn, clear_of)

    def mirror(self, frame: TableFrame, why: Callable[[Card], Reason | None]) -> Mirror:
        """The page's mirror of ``frame`` (``table_voice.mirror_of``), the note's control where the note
        stands."""
        return mirror_of(frame, why, self.note_box(frame) if frame.note is not None else None)

    def work_ahead(
        self, layout: TableLayout, hand: CardSet, *, four_colour: bool
    ) -> Callable[[float], bool] | None:
        """The faces painted ahead (``FacesAhead``), then your cards' opaque copies made; None once both
        are done."""
        self.faces_ahead.plan(layout.trick_card, layout.hand.card, hand, four_colour=four_colour)
        if not self.faces_ahead.is_done:
            return self.faces_ahead.step
        self.copies_ahead.plan(layout.hand.card, hand, four_colour=four_colour)
        return None if self.copies_ahead.is_done else self.copies_ahead.step
