"""Hand review: a finished hand replayed trick by trick with every card shown, and the coach's key moments.

Step 0 is the deal and the pass (what each seat was dealt, passed and received); steps 1 to 13 are the
tricks, each with all four hands as they stood before it, the cards played and who took them. The
coach's key moments sit on top and take you to their trick. Tap ◀ ▶, swipe, or use ← → Home End;
Escape goes back. While the coach is still at work the panel says how far it has got and fills in.
Between ◀ and ▶, "Play from trick 4" plays the hand again from the step on show, as practice; at a key
moment, "Try Q♦" does so with the coach's better card played first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from ...announce import Announcement, Verbosity, cards_spoken, speak_symbols, trick_story
from ...coach import Coaching, Decision, Review, moment_line
from ...engine import Card, Seat
from ...page import Mirror
from ...review import HandReplay
from ...words import SEAT_NAMES, SPOKEN, passed_you, seat_object, trick_taken
from .. import theme
from ..intents import Back, Confirm, Drag, Intent, Jump, Pressed, Release, Step, Tap
from ..layout import header_layout, is_portrait, metrics_for
from ..mirrors import screen_mirror, spoken_label
from ..render.text import draw_text, fit_size, wrap
from ..report import note_button, note_card, note_text
from ..widgets import Button, draw_button, draw_panel, draw_title
from .base import Context, Pop, Scene, Transition

SWIPE: Final = 48
"""Design pixels a drag must travel sideways to turn the page."""
COACH_SLICE: Final = 0.006
"""Seconds per frame the coach may work while the review waits for it."""


def sentence(words: str) -> str:
    """``words`` ending as a sentence does (the coach's heading has no stop of its own)."""
    return words if words.endswith((".", "!", "?")) else f"{words}."


STEP_NAMES: Final = {"prev": "Previous step", "next": "Next step"}
"""The arrows as a screen reader names them."""
ORDER: Final = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)
"""Rows from the top: the others, then you at the bottom, next to the coach's words."""


@dataclass(frozen=True, slots=True)
class Row:
    seat: Seat
    label: pygame.Rect
    cards: pygame.Rect


class ReviewScene(Scene):
    """A finished hand, step by step; ``coaching`` supplies (or is still working out) its review."""

    def __init__(
        self,
        ctx: Context,
        replay: HandReplay,
        coaching: Coaching | None,
        *,
        practise: Callable[[int, Card | None], Transition] | None = None,
        jack_counts: bool = False,
    ) -> None:
        """``practise(step, card)``: the hand played again from ``step``, ``card`` played first (None:
        no practice from this review); ``jack_counts``: the J♦ scores at this table (said of a trick)."""
        self.practise = practise
        self.jack_counts = jack_counts
        self.replay = replay
        self.coaching = coaching
        self.step = 0
        self.press: tuple[int, int] | None = None
        self.focus_key: str | None = None
        self.buttons: list[Button] = []
        super().__init__(ctx)
        review = self.review
        if review is not None and review.key_moments:
            self.step = review.key_moments[0].trick
            self._rebuild()  # (the buttons name the step)

    # State ----------------------------------------------------------------------------------------

    @property
    def review(self) -> Review | None:
        return None if self.coaching is None else self.coaching.review_of(self.replay.hand_number)

    @property
    def steps(self) -> int:
        return 1 + len(self.replay.tricks)

    def go(self, step: int) -> None:
        step = max(0, min(self.steps - 1, step))
        if step != self.step:
            self.step = step
            self.dirty = True
            self._rebuild()
            self.ctx.speaker.say(Announcement(text=" ".join(self.step_words()), kind="note"))

    @property
    def title(self) -> str:
        return f"Hand {self.replay.hand_number} review"

    def coach_heading(self) -> str:
        """The coach's panel's first line: how far it has got, or what it found."""
        review = self.review
        if self.coaching is None:
            return "The coach has nothing on this hand."
        if review is None:
            done, total = self.coaching.progress(self.replay.hand_number)
            return f"Judging your plays… {done} of {total}"
        if not review.key_moments:
            return "No costly plays this hand."
        # Every costly play counts in the points; the costliest few are shown, and it says so.
        count, shown = len(review.costly), len(review.key_moments)
        heading = f"{count} costly play{'s' if count > 1 else ''}: {review.points_lost:.1f} points in all"
        return heading if shown >= count else f"{heading}. Here are the {shown} costliest."

    def step_words(self) -> tuple[str, ...]:
        """The step on show in sentences: the pass (what you gave and got), or the trick as it was played
        and taken; then the coach's word on your decision there."""
        replay = self.replay
        if self.step == 0:
            passed, target = replay.passed[Seat.SOUTH], replay.passed_to(Seat.SOUTH)
            received = replay.received(Seat.SOUTH)
            if passed is None or target is None or received is None:
                said = ["The deal. No passing this hand."]
            else:
                said = [
                    f"The deal and the pass. You passed {cards_spoken(passed)} to {seat_object(target)}.",
                    passed_you(replay.direction.giver(Seat.SOUTH), received, SPOKEN),
                ]
        else:
            shown = replay.tricks[self.step - 1]
            said = [
                f"Trick {self.step} of {len(replay.tricks)}.",
                *trick_story(shown.trick, jack_counts=self.jack_counts),
            ]
        decision = self.decision_here()
        if decision is not None:
            said.append(decision.why if not decision.forced else "Only one card made sense here.")
        return tuple(speak_symbols(sentence) for sentence in said)

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """The title, the coach's finding and the step on show (again on return: the practice over it
        may have been long)."""
        said = [f"{self.title}.", sentence(speak_symbols(self.coach_heading())), *self.step_words()]
        return Announcement(text=" ".join(said), kind="note")

    def mirror(self) -> Mirror:
        """The coach's finding and key moments, the step on show in sentences, and the buttons."""
        review = self.review
        moments = [speak_symbols(moment_line(decision)) for decision in review.key_moments] if review else []
        lines = (speak_symbols(self.coach_heading()), *moments, *self.step_words())
        return screen_mirror(
            self.title,
            self.buttons,
            self.focus_key,
            lines=lines,
            label=lambda button: STEP_NAMES.get(button.key) or spoken_label(button),
        )

    def decision_here(self) -> Decision | None:
        """Your decision at the step on show, once the coach has judged it."""
        review = self.review
        if review is None:
            return None
        kind = "pass" if self.step == 0 else "play"
        return next(
            (d for d in review.decisions if d.kind == kind and (kind == "pass" or d.trick == self.step)),
            None,
        )

    def better_card(self) -> Card | None:
        """At a key moment where a card was played, the coach's better card (what "Try" plays)."""
        review = self.review
        if review is None or self.step == 0:
            return None
        for decision in review.key_moments:
            if decision.kind == "play" and decision.trick == self.step and len(decision.best) == 1:
                return next(iter(decision.best))
        return None

    # Layout ---------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        metrics = self.metrics = metrics_for(size, self.ctx.scale)
        fonts = self.ctx.fonts
        width, height = size
        margin, gap, tap = metrics.px(12), metrics.px(8), metrics.tap
        self.gap = gap
        self.text_px, self.small_px = metrics.text(15), metrics.text(13)
        header = header_layout(size, metrics, fonts, title_text=22)
        self.back_rect, self.title_rect, self.title_px = header.back, header.title, header.title_px
        top = header.below
        bottom = height - margin - tap
        self.prev_rect = pygame.Rect(margin, bottom, tap * 3 // 2, tap)
        self.next_rect = pygame.Rect(width - margin - tap * 3 // 2, bottom, tap * 3 // 2, tap)
        self.step_rect = pygame.Rect(
            self.prev_rect.right + gap, bottom, self.next_rect.left - self.prev_rect.right - 2 * gap, tap
        )
        content = pygame.Rect(margin, top, width - 2 * margin, bottom - gap - top)
        line = fonts.line_height(self.text_px)
        review = self.review
        # Until there is a key moment to show, the coach says its piece in one line over the cards,
        # which take the rest of the room.
        compact = review is None or not review.key_moments
        portrait = is_portrait(size)
        heading_width = content.width
        if compact:
            coach_height = 2 * gap + fonts.line_height(self.text_px, bold=True)
            if portrait:
                self.coach_rect = pygame.Rect(content.left, content.top, content.width, coach_height)
                top = self.coach_rect.bottom + gap
            else:  # beside the step's heading: the height goes to the cards
                half = content.width // 2
                self.coach_rect = pygame.Rect(content.right - half, content.top, half, coach_height)
                heading_width = content.width - half - gap
                top = content.top
            self.table_rect = pygame.Rect(content.left, top, content.width, content.bottom - top)
        elif portrait:
            coach_height = min(content.height // 3, self._coach_height(content.width))
            self.coach_rect = pygame.Rect(content.left, content.top, content.width, coach_height)
            self.table_rect = pygame.Rect(
                content.left,
                self.coach_rect.bottom + gap,
                content.width,
                content.bottom - self.coach_rect.bottom - gap,
            )
        else:  # the coach's column: its list, then the words on the step's decision right under it
            coach_width = min(content.width * 2 // 5, metrics.px(420))
            words = self._decision_lines(coach_width - 2 * gap, least=4, most=7)
            wanted = self._coach_height(coach_width) + words * fonts.line_height(self.small_px)
            self.coach_rect = pygame.Rect(content.left, content.top, coach_width, min(wanted, content.height))
            self.table_rect = pygame.Rect(
                self.coach_rect.right + 2 * gap,
                content.top,
                content.right - self.coach_rect.right - 2 * gap,
                content.height,
            )
        # The step's heading, four rows of cards, and a line for your decision: under the rows in
        # portrait, at the foot of the coach's column in landscape (the rows need the height).
        self.heading_rect = pygame.Rect(
            self.table_rect.left, self.table_rect.top, min(heading_width, self.table_rect.width), line + gap
        )
        if compact and not portrait:  # the heading row is as tall as the coach's line beside it
            self.heading_rect.height = max(self.heading_rect.height, self.coach_rect.height)
        small = fonts.line_height(self.small_px)
        if portrait or compact:
            lines = self._decision_lines(self.table_rect.width, least=1 if compact else 2, most=6)
            self.decision_rect = pygame.Rect(
                self.table_rect.left,
                self.table_rect.bottom - lines * small,
                self.table_rect.width,
                lines * small,
            )
            rows_bottom = self.decision_rect.top - gap
        else:
            inner = self.coach_rect.inflate(-2 * gap, -2 * gap)
            lines = self._decision_lines(inner.width, least=4, most=7)
            self.decision_rect = pygame.Rect(
                inner.left, inner.bottom - lines * small, inner.width, lines * small
            )
            rows_bottom = self.table_rect.bottom
        rows_area = pygame.Rect(
            self.table_rect.left,
            self.heading_rect.bottom,
            self.table_rect.width,
            rows_bottom - self.heading_rect.bottom,
        )
        label_px = self.small_px
        label_beside = self.label_beside = not portrait or rows_area.width >= metrics.px(520)
        label_width = max(fonts.size(SEAT_NAMES[seat], label_px, bold=True)[0] for seat in Seat) + gap
        label_height = 0 if label_beside else fonts.line_height(label_px, bold=True)
        cards_width = rows_area.width - (label_width + gap if label_beside else 0)
        row_height = rows_area.height // 4
        # Thirteen cards overlapping by half, a raised card's lift above them.
        card_height = min(round((row_height - label_height - gap) / 1.18), round(cards_width / 7 * 1.4))
        self.card_size = (max(8, round(card_height / 1.4)), max(12, card_height))
        self.lift = max(2, self.card_size[1] // 6)
        self.rows = []
        for index, seat in enumerate(ORDER):
            y = rows_area.top + index * row_height
            if label_beside:
                label = pygame.Rect(rows_area.left, y + self.lift, label_width, self.card_size[1])
                cards = pygame.Rect(label.right + gap, y, cards_width, self.card_size[1] + self.lift)
            else:
                label = pygame.Rect(rows_area.left, y, rows_area.width, label_height)
                cards = pygame.Rect(rows_area.left, label.bottom, cards_width, self.card_size[1] + self.lift)
            self.rows.append(Row(seat, label, cards))
        self._rebuild()
        self.dirty = True

    def _decision_lines(self, width: int, *, least: int, most: int) -> int:
        """Lines for the words on your decision: as many as the longest of this hand's takes, within
        ``least`` and ``most``."""
        review = self.review
        needed = [
            len(wrap(self.ctx.fonts, decision.why, self.small_px, width))
            for decision in (review.decisions if review is not None else ())
        ]
        return max(least, min(most, max(needed, default=least)))

    def _heading(self, width: int) -> tuple[int, list[str]]:
        """The coach's heading across ``width``: its type size and lines. One line, a little smaller if
        need be; a heading too long for that wraps at full size."""
        fonts, words = self.ctx.fonts, self.coach_heading()
        px = fit_size(fonts, words, width, self.text_px, self.metrics.text(12), bold=True)
        if fonts.size(words, px, bold=True)[0] <= width:
            return px, [words]
        return self.text_px, wrap(fonts, words, self.text_px, width, bold=True)

    def _heading_height(self, width: int) -> int:
        """The height of the coach's heading across ``width`` (the panel's, padding aside)."""
        px, lines = self._heading(width)
        return len(lines) * self.ctx.fonts.line_height(px, bold=True)

    def _coach_height(self, width: int) -> int:
        """The coach's panel: its heading, and the key moments once known."""
        fonts, gap = self.ctx.fonts, self.gap
        height = 2 * gap + self._heading_height(width - 2 * gap)
        review = self.review
        for decision in review.key_moments if review is not None else ():
            lines = wrap(fonts, moment_line(decision), self.small_px, width - 2 * gap)
            height += len(lines) * fonts.line_height(self.small_px) + gap + gap // 2
        return height

    def _rebuild(self) -> None:
        self.buttons = [
            Button("back", self.back_rect, label="Back"),
            Button("prev", self.prev_rect, label="◀", enabled=self.step > 0),
            *self._practice_buttons(),
            Button("next", self.next_rect, label="▶", enabled=self.step < self.steps - 1),
        ]
        review = self.review
        self.moment_rects: list[tuple[Decision, pygame.Rect]] = []
        if review is not None:
            fonts = self.ctx.fonts
            top = self.coach_rect.top + self.gap + self._heading_height(self.coach_rect.width - 2 * self.gap)
            for decision in review.key_moments:
                lines = wrap(
                    fonts, moment_line(decision), self.small_px, self.coach_rect.width - 2 * self.gap
                )
                height = len(lines) * fonts.line_height(self.small_px) + self.gap
                rect = pygame.Rect(self.coach_rect.left, top, self.coach_rect.width, height)
                if rect.bottom > self.coach_rect.bottom:
                    break
                self.moment_rects.append((decision, rect))
                top = rect.bottom + self.gap // 2

    def _practice_buttons(self) -> list[Button]:
        """Between ◀ and ▶: play again from here, and at a key moment, try the better card."""
        if self.practise is None:
            return []
        here = "Play from the pass" if self.step == 0 else f"Play from trick {self.step}"
        better = self.better_card()
        if better is None:
            return [Button("play", self.step_rect.copy(), label=here)]
        half = (self.step_rect.width - self.gap) // 2
        left = pygame.Rect(self.step_rect.left, self.step_rect.top, half, self.step_rect.height)
        right = pygame.Rect(
            left.right + self.gap, left.top, self.step_rect.right - left.right - self.gap, left.height
        )
        return [Button("play", left, label=here), Button("try", right, label=f"Try {better}", primary=True)]

    # Input ----------------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Pressed):
            pressed = next((button for button in self.buttons if button.key == intent.id), None)
            if intent.kind != "choice" or pressed is None or not pressed.enabled:
                return None
            return self._activate(pressed.key)
        if isinstance(intent, Back):
            return Pop()
        if isinstance(intent, Tap):
            self.press = intent.pos
            for button in self.buttons:
                if button.hit(intent.pos):
                    return self._activate(button.key)
            for decision, rect in self.moment_rects:
                if rect.collidepoint(intent.pos):
                    self.go(decision.trick)
                    return None
            return None
        if isinstance(intent, Drag):
            return None
        if isinstance(intent, Release):
            if self.press is not None:
                dx = intent.pos[0] - self.press[0]
                dy = intent.pos[1] - self.press[1]
                if abs(dx) >= self.metrics.px(SWIPE) and abs(dx) > 2 * abs(dy):
                    self.go(self.step - 1 if dx > 0 else self.step + 1)
            self.press = None
            return None
        if isinstance(intent, Step):
            self.go(self.step + intent.delta)
        elif isinstance(intent, Jump):
            self.go(self.steps - 1 if intent.to_end else 0)
        elif isinstance(intent, Confirm):
            # Enter: the focused button, else play again from the step on show.
            return self._activate(self.focus_key if self.focus_key is not None else "play")
        return None

    def _activate(self, key: str) -> Transition | None:
        if key == "back":
            return Pop()
        if key == "play" and self.practise is not None:
            return self.practise(self.step, None)
        if key == "try" and self.practise is not None and (better := self.better_card()) is not None:
            return self.practise(self.step, better)
        if key == "prev":
            self.go(self.step - 1)
        elif key == "next":
            self.go(self.step + 1)
        return None

    # Time -----------------------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        coaching = self.coaching
        if coaching is not None and self.review is None:
            before = coaching.progress(self.replay.hand_number)
            coaching.advance(COACH_SLICE)
            review = self.review
            if review is not None:
                said = [sentence(speak_symbols(self.coach_heading()))]
                if review.key_moments and self.step == 0:
                    self.step = review.key_moments[0].trick
                    said.extend(self.step_words())  # it moved to the costliest moment: say where
                self.resize(self.size)  # the panel grows to hold the key moments
                self.ctx.speaker.say(Announcement(text=" ".join(said), kind="note"))
            elif coaching.progress(self.replay.hand_number) != before:
                self.dirty = True
        return None

    # Drawing --------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        metrics, fonts = self.metrics, self.ctx.fonts
        surface.blit(theme.table_background(surface.get_size()), (0, 0))
        draw_title(surface, fonts, self.title, self.title_rect, self.title_px, metrics.text(12))
        self._draw_coach(surface)
        self._draw_step(surface)
        if self.practise is None:
            label = (
                "The deal and the pass"
                if self.step == 0
                else f"Trick {self.step} of {len(self.replay.tricks)}"
            )
            px = fit_size(fonts, label, self.step_rect.width, metrics.text(15), metrics.text(12), bold=True)
            draw_text(surface, fonts, label, self.step_rect, px, theme.TEXT, bold=True, wrap=False)
        for button in self.buttons:
            draw_button(
                surface, fonts, button, metrics.unit, metrics.text(12), focused=button.key == self.focus_key
            )
        self.dirty = False

    def _draw_words(
        self, surface: pygame.Surface, words: str, rect: pygame.Rect, colour: tuple[int, int, int]
    ) -> None:
        """A few lines from the top of ``rect``, as many as fit."""
        fonts = self.ctx.fonts
        line = fonts.line_height(self.small_px)
        y = rect.top
        for text in wrap(fonts, words, self.small_px, rect.width):
            if y + line > rect.bottom:
                break
            row = pygame.Rect(rect.left, y, rect.width, line)
            draw_text(surface, fonts, text, row, self.small_px, colour, align="left", wrap=False)
            y += line

    def _draw_coach(self, surface: pygame.Surface) -> None:
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        draw_panel(surface, self.coach_rect, metrics.px(12), theme.PANEL)
        inner = self.coach_rect.inflate(-2 * gap, -2 * gap)
        px, lines = self._heading(inner.width)
        top = inner.top
        for words in lines:
            heading = pygame.Rect(inner.left, top, inner.width, fonts.line_height(px, bold=True))
            draw_text(surface, fonts, words, heading, px, theme.TITLE, bold=True, align="left", wrap=False)
            top = heading.bottom
        line = fonts.line_height(self.small_px)
        for decision, rect in self.moment_rects:
            if decision.trick == self.step:
                draw_panel(surface, rect, metrics.px(8), theme.PANEL_SOLID)
            y = rect.top + gap // 2
            for text in wrap(fonts, moment_line(decision), self.small_px, rect.width - 2 * gap):
                row = pygame.Rect(rect.left + gap, y, rect.width - 2 * gap, line)
                draw_text(surface, fonts, text, row, self.small_px, theme.TEXT, align="left", wrap=False)
                y += line
            note_button(f"moment {decision.trick}", rect)  # a tap on it shows its trick

    def _draw_step(self, surface: pygame.Surface) -> None:
        fonts, gap = self.ctx.fonts, self.gap
        replay = self.replay
        painter = self.ctx.painter
        width, height = self.card_size
        four = self.ctx.settings.four_colour
        if self.step == 0:
            direction = replay.direction
            heading = (
                "No passing this hand"
                if replay.passed[0] is None
                else f"Dealt, then passed {direction.name.lower()}"
            )
            shown = {seat: replay.dealt[seat] for seat in Seat}
            marked = {seat: set(replay.passed[seat] or ()) for seat in Seat}
            winner = None
        else:
            shown_trick = replay.tricks[self.step - 1]
            heading = trick_taken(shown_trick.trick)
            shown = {seat: shown_trick.held[seat] for seat in Seat}
            marked = {seat: {shown_trick.card_of(seat)} for seat in Seat}
            winner = shown_trick.trick.winner
        draw_text(
            surface,
            fonts,
            heading,
            self.heading_rect,
            self.text_px,
            theme.TEXT,
            bold=True,
            align="left",
            wrap=False,
        )
        label_px = self.small_px
        for row in self.rows:
            seat = row.seat
            name = SEAT_NAMES[seat]
            if self.step == 0 and replay.passed[0] is not None:
                target = replay.passed_to(seat)
                name = (
                    f"{name} → {SEAT_NAMES[target]}" if target is not None and not self.label_beside else name
                )
            colour = theme.TITLE if seat is winner else theme.TEXT_MUTED
            draw_text(surface, fonts, name, row.label, label_px, colour, bold=True, align="left", wrap=False)
            cards = list(shown[seat])
            if not cards:
                continue
            step = (
                min(width + gap // 2, (row.cards.width - width) / max(1, len(cards) - 1))
                if len(cards) > 1
                else 0
            )
            for index, card in enumerate(cards):
                x = round(row.cards.left + index * step)
                up = card in marked[seat]
                rect = pygame.Rect(x, row.cards.top + (0 if up else self.lift), width, height)
                face = painter.face(card, width, height, four_colour=four)
                surface.blit(face, rect.topleft)
                note_card("review", card, seat, rect, None)
                if up:
                    ring = theme.FOCUS_RING if seat is winner or self.step == 0 else theme.SELECTED
                    pygame.draw.rect(
                        surface,
                        ring,
                        rect.inflate(2, 2),
                        width=max(2, gap // 3),
                        border_radius=max(3, width // 10),
                    )
        decision = self.decision_here()
        if decision is not None:
            words = decision.why if not decision.forced else "Only one card made sense here."
            colour = theme.TITLE if decision.key else theme.TEXT
            self._draw_words(surface, words, self.decision_rect, colour)
            note_text(words, self.small_px, self.decision_rect)
