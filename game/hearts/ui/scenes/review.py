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
from typing import Final

import pygame

from ...announce import Announcement, Verbosity, cards_spoken, speak_symbols, trick_story
from ...coach import Coaching, Decision, Review, moment_line
from ...engine import Card, Seat
from ...page import Mirror
from ...review import HandReplay
from ...words import SPOKEN, passed_you, seat_object
from ..intents import Back, Confirm, Drag, Intent, Jump, Pressed, Release, Step, Tap
from ..mirrors import screen_mirror, spoken_label
from ..review_draw import draw_review
from ..review_frame import (
    ReviewFrame,
    better_card,
    coach_heading,
    coach_text,
    decision_at,
    decision_words,
    review_buttons,
    review_frame,
)
from ..review_layout import ReviewLayout, review_layout
from ..widgets import Button
from .base import Context, Pop, Scene, Transition

SWIPE: Final = 48
"""Design pixels a drag must travel sideways to turn the page."""
COACH_SLICE: Final = 0.006
"""Seconds per frame the coach may work while the review waits for it."""


def sentence(words: str) -> str:
    """``words`` ending as a sentence does (the coach's heading has no stop of its own)."""
    return words if words.endswith((".", "!", "?")) else f"{words}."


UNSEEN_PASSES: Final = (
    "What the others were dealt and passed among themselves was never shown to you: "
    "their hands are shown as they were after the pass."
)
"""Said at the pass of a hand reviewed from a friend's seat."""

STEP_NAMES: Final = {"prev": "Previous step", "next": "Next step"}
"""The arrows as a screen reader names them."""


class ReviewScene(Scene):
    """A finished hand, step by step; ``coaching`` supplies (or is still working out) its review. Laid
    out by ``review_layout``, shown as a ``ReviewFrame``, drawn by ``draw_review``."""

    layout: ReviewLayout

    def __init__(
        self,
        ctx: Context,
        replay: HandReplay,
        coaching: Coaching | None,
        *,
        work: Callable[[float], bool] | None = None,
        practise: Callable[[int, Card | None], Transition] | None = None,
        jack_counts: bool = False,
    ) -> None:
        """``work(seconds)``: the coach's work for that long (by default ``coaching.advance``; a table's
        own ``background`` keeps the review it finishes). ``practise(step, card)``: the hand played again
        from ``step``, ``card`` played first (None: no practice from this review); ``jack_counts``: the
        J♦ scores at this table (said of a trick)."""
        self.practise = practise
        self.jack_counts = jack_counts
        self.replay = replay
        self.coaching = coaching
        self.work = work
        self.step = 0
        self.press: tuple[int, int] | None = None
        self.focus_key: str | None = None
        super().__init__(ctx)
        review = self.review
        if review is not None and review.key_moments:
            self.step = review.key_moments[0].trick

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
            self.ctx.speaker.say(Announcement(text=" ".join(self.step_words()), kind="note"))

    @property
    def title(self) -> str:
        return f"Hand {self.replay.hand_number} review"

    def coach_heading(self) -> str:
        """The coach's panel's first line: how far it has got, or what it found."""
        coaching = self.coaching
        progress = None if coaching is None else coaching.progress(self.replay.hand_number)
        return coach_heading(self.review, progress)

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
            if replay.seen_by is not None and replay.exchange is not None:
                said.append(UNSEEN_PASSES)
        else:
            shown = replay.tricks[self.step - 1]
            said = [
                f"Trick {self.step} of {len(replay.tricks)}.",
                *trick_story(shown.trick, jack_counts=self.jack_counts),
            ]
        decision = self.decision_here()
        if decision is not None:
            said.append(decision_words(decision))
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
            own_keys=True,  # (Enter plays from the step on show)
        )

    def decision_here(self) -> Decision | None:
        """Your decision at the step on show, once the coach has judged it."""
        return decision_at(self.review, self.step)

    def better_card(self) -> Card | None:
        """At a key moment where a card was played, the coach's better card (what "Try" plays)."""
        return better_card(self.review, self.step)

    # Layout and frame -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        text = coach_text(self.review, self.coach_heading())
        self.layout = review_layout(size, self.ctx.scale, self.ctx.fonts, text)
        self.dirty = True

    @property
    def buttons(self) -> tuple[Button, ...]:
        """Back, ◀, the step's buttons and ▶, as the step on show has them."""
        better = self.better_card()
        return review_buttons(
            self.layout, self.step, self.steps, practise=self.practise is not None, better=better
        )

    def moments(self) -> list[tuple[Decision, pygame.Rect]]:
        """The key moments listed in the coach's panel, each with where it stands."""
        review = self.review
        return list(zip(review.key_moments, self.layout.moments, strict=False)) if review is not None else []

    def frame(self) -> ReviewFrame:
        """What the review shows now."""
        return review_frame(
            self.layout,
            self.replay,
            self.review,
            heading=self.coach_heading(),
            step=self.step,
            practise=self.practise is not None,
            focus_key=self.focus_key,
            four_colour=self.ctx.settings.four_colour,
        )

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
            for decision, rect in self.moments():
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
                if abs(dx) >= self.layout.metrics.px(SWIPE) and abs(dx) > 2 * abs(dy):
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
            (self.work or coaching.advance)(COACH_SLICE)
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
        draw_review(surface, self.ctx.fonts, self.ctx.painter, self.frame())
        self.dirty = False
