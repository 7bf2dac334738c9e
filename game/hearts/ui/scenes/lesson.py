"""Learn to play: the table with a coach. One hand on a fixed deal; a note beside each new thing the
first time it happens; the suggested card marked, with why; refusals explained; a summary at the end.

The lesson is a table scene that saves nothing: no autosave, no statistics, and the match in progress
(``ctx.session``) is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...bots.hints import suggest_pass, suggest_play
from ...engine import (
    QUEEN_OF_SPADES,
    STANDARD,
    Card,
    CardSet,
    Event,
    HandScored,
    Match,
    Phase,
    PlayerView,
    Seat,
    TrickTaken,
)
from ...lesson import LESSON_DEAL, LESSON_SEED, Coach, Note, lesson_reason, summary, why_card, why_pass
from .. import theme
from ..intents import Confirm, Intent, Tap
from ..layout import Metrics
from ..render.fonts import Fonts
from ..render.text import draw_text, wrap
from ..session import HUMAN, Session
from ..table_layout import table_layout, with_note_band
from ..widgets import draw_panel
from .base import Context, Push, Reset, Transition
from .dialog import Choice, Dialog
from .motion import InHand
from .table import TableScene

LESSON_LEVEL = "normal"


def note_text(fonts: Fonts, text: str, band: pygame.Rect, metrics: Metrics) -> tuple[int, list[str], int]:
    """The text size, the wrapped lines and the box height for a note in ``band``: 15-pixel text, smaller
    (never under the 12-CSS-pixel floor) when the note would not fit."""
    pad = metrics.px(10)
    title = round(metrics.text(16) * 1.5)
    px = metrics.text(15)
    while True:
        lines = wrap(fonts, text, px, band.width - 2 * pad)
        height = len(lines) * fonts.line_height(px) + title + 2 * pad
        if height <= band.height or px <= metrics.text(12):
            return px, lines, min(height, band.height)
        px -= 1


class LessonScene(TableScene):
    def __init__(self, ctx: Context) -> None:
        self.coach = Coach()
        self.notes: list[Note] = []
        """Notes waiting to be read; the first is showing."""
        self.queen_taker: Seat | None = None
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self._suggestion: tuple[int, frozenset[Card]] = (-1, frozenset())
        super().__init__(ctx, Session(Match(STANDARD), LESSON_SEED, LESSON_LEVEL))

    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.band = with_note_band(table_layout(size, self.ctx.scale))
        self.dirty = True

    # Nothing of the lesson is kept ------------------------------------------------------------

    def _autosave(self, session: Session) -> None:
        return None

    def _record_finished(self) -> None:
        return None

    def background(self, seconds: float) -> bool:
        return False  # the lesson is not reviewed

    def _deal(self) -> Transition | None:
        events = self.session.deal(LESSON_LEVEL, LESSON_DEAL)
        return self._show(events)

    # The coach ----------------------------------------------------------------------------------

    @property
    def current_note(self) -> Note | None:
        return self.notes[0] if self.notes else None

    def _show(
        self, events: list[Event], *, before: PlayerView | None = None, human_start: InHand | None = None
    ) -> Transition | None:
        for event in events:
            if isinstance(event, TrickTaken) and QUEEN_OF_SPADES in event.trick.cards:
                self.queen_taker = event.winner
        transition = super()._show(events, before=before, human_start=human_start)
        self.notes.extend(self.coach.watch(self.session.view, events))
        return transition

    def _hand_over(self, scored: HandScored, match_over: bool) -> Callable[[], Transition | None]:
        def show_summary() -> Transition:
            self.notes.clear()
            return Push(self._summary(scored))

        return show_summary

    def _summary(self, scored: HandScored) -> Dialog:
        points = scored.points[HUMAN]
        title = "Lesson complete" if points else "A perfect hand!"
        return Dialog(
            self.ctx,
            title,
            [Choice("real_match", "Play a real match", primary=True), Choice("replay", "Replay the lesson")],
            lines=summary(scored, self.queen_taker),
            closable=False,
            name="lesson_summary",
        )

    def _dismiss_note(self) -> None:
        if self.notes:
            self.notes.pop(0)
            self.dirty = True

    def _suggested(self) -> frozenset[Card]:
        """The suggested pass (three cards) or card for the decision before you, worked out once per
        position (drawing and the message line both ask)."""
        moves = len(self.session.match.moves)
        if self._suggestion[0] != moves:
            view = self.session.view
            cards: frozenset[Card] = frozenset()
            if view.phase is Phase.PASS and view.passed is None:
                cards = frozenset(suggest_pass(view))
            elif view.phase is Phase.PLAY and view.to_move == HUMAN:
                cards = frozenset({suggest_play(view)})
            self._suggestion = (moves, cards)
        return self._suggestion[1]

    def highlighted(self) -> frozenset[Card]:
        return frozenset() if self.motion.is_busy else self._suggested()

    @property
    def message(self) -> str:
        """A refusal explained, else the table's own remark (under tap-then-confirm, how to play the
        lifted card), else once three cards are chosen how to pass them, else the suggestion and why."""
        if self.reason:
            return self.reason
        if self.note:
            return self.note
        view = self.session.view
        if not self.motion.is_busy and view.phase is Phase.PASS and view.passed is None:
            if len(self.selected) == 3:
                return self._prompt()
            return why_pass(view, CardSet(self._suggested()))
        if not self.motion.is_busy and view.phase is Phase.PLAY and view.to_move == HUMAN:
            return why_card(view, next(iter(self._suggested())))
        return self._prompt()

    @property
    def message_is_reason(self) -> bool:
        return False  # in the lesson a refusal is a lesson, shown like the other lines, not as an error

    def _say(self, text: str, *, reason: bool) -> None:
        super()._say(lesson_reason(text) if reason else text, reason=reason)

    # Input ------------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Tap) and self.notes and self.note_rect.collidepoint(intent.pos):
            self._dismiss_note()
            return None
        if (
            isinstance(intent, Confirm)
            and self.notes
            and (self.focus is None or not self.session.is_human_turn)
        ):
            self._dismiss_note()
            return None
        return super().handle(intent)

    def _play(self, card: Card) -> Transition | None:
        return self._answering(lambda: super(LessonScene, self)._play(card))

    def _act(self) -> Transition | None:
        return self._answering(super()._act)

    def _answering(self, move: Callable[[], Transition | None]) -> Transition | None:
        """Make the player's move; it answers the note that was showing (not one it brings up)."""
        moves = len(self.session.match.moves)
        showing = self.current_note
        transition = move()
        if len(self.session.match.moves) > moves and showing is not None and showing in self.notes:
            self.notes.remove(showing)
        return transition

    def update(self, dt: float) -> Transition | None:
        if not self.coach.shown:
            self.notes.extend(self.coach.watch(self.session.view))
        if self.notes and not self.motion.is_busy and not self.session.is_human_turn:
            # The computer players wait while you read.
            return self._drain_after_motion()
        return super().update(dt)

    def _open_menu(self) -> Transition | None:
        return Push(
            Dialog(
                self.ctx,
                "Learn to play",
                [Choice("resume", "Back to the lesson", primary=True), Choice("leave", "Leave the lesson")],
                lines=["Leaving now keeps nothing of the lesson; your saved match is untouched."],
                close_result="resume",
                name="lesson_menu",
            )
        )

    def resume(self, result: object) -> Transition | None:
        self.dirty = True
        if result == "leave":
            from .menu import MenuScene

            return Reset(MenuScene.start(self.ctx))
        if result == "replay":
            return Reset(LessonScene(self.ctx))
        if result == "real_match":
            from .table_dialogs import new_table

            session = self.ctx.session
            if session is not None and not session.match.is_over:
                return Reset(TableScene(self.ctx, session))
            return Reset(new_table(self.ctx))
        return super().resume(result)

    # Drawing ----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        note = self.current_note
        if note is None:
            self.note_rect = pygame.Rect(0, 0, 0, 0)
            return
        metrics = self.layout.metrics
        band = self.band
        pad = metrics.px(10)
        title_px = metrics.text(16)
        fonts = self.ctx.fonts
        text_px, lines, height = note_text(fonts, note.text, band, metrics)
        line_height = fonts.line_height(text_px)
        box = pygame.Rect(band.left, band.top, band.width, height)
        if not self.layout.is_portrait:
            box.centery = band.centery
        self._draw_pointer(surface, box, note)
        draw_panel(surface, box, metrics.px(12), theme.PANEL_LIGHT)
        pygame.draw.rect(surface, theme.HINT, box, width=max(2, metrics.px(2)), border_radius=metrics.px(12))
        inner = box.inflate(-2 * pad, -2 * pad)
        title = pygame.Rect(inner.left, inner.top, inner.width, round(title_px * 1.4))
        draw_text(
            surface, fonts, note.title, title, title_px, theme.TEXT_DARK, bold=True, align="left", wrap=False
        )
        hint = "tap to close" if self.session.is_human_turn else "tap to go on"
        draw_text(
            surface, fonts, hint, title, metrics.text(12), theme.TEXT_DARK_MUTED, align="right", wrap=False
        )
        top = title.bottom
        for line in lines:
            if top + line_height > inner.bottom + 1:
                break  # never outside the box (a test holds every note to its box)
            row = pygame.Rect(inner.left, top, inner.width, line_height)
            draw_text(surface, fonts, line, row, text_px, theme.TEXT_DARK, align="left", wrap=False)
            top += line_height
        self.note_rect = box

    def _draw_pointer(self, surface: pygame.Surface, box: pygame.Rect, note: Note) -> None:
        """Ring the thing the note explains (a seat, the marks, the trick), and point at it with a
        short arrow from the note's edge; the hand's suggested cards glow already."""
        target = self._anchor_rect(note.anchor)
        if target is None or note.anchor == "hand":
            return
        metrics = self.layout.metrics
        width = max(2, metrics.px(3))
        pygame.draw.rect(
            surface,
            theme.HINT,
            target.inflate(2 * width, 2 * width),
            width=width,
            border_radius=metrics.px(12),
        )
        if box.colliderect(target):
            return
        below = target.centery > box.bottom
        above = target.centery < box.top
        if not (below or above):
            return
        x = min(max(target.centerx, box.left + metrics.px(24)), box.right - metrics.px(24))
        edge = box.bottom if below else box.top
        size = metrics.px(10)
        tip = edge + size if below else edge - size
        pygame.draw.polygon(surface, theme.HINT, [(x - size, edge), (x + size, edge), (x, tip)])

    def _anchor_rect(self, anchor: str) -> pygame.Rect | None:
        layout = self.layout
        if anchor == "hand":
            return layout.hand.area
        if anchor == "action":
            return layout.action
        if anchor == "trick":
            return layout.trick_area
        if anchor == "marks":
            return layout.marks
        if anchor.startswith("seat:"):
            return layout.seats[Seat[anchor[5:]]].panel
        return None


__all__ = ["LessonScene"]
