"""What a hand's review shows at one moment, as a value: the drawer draws from it alone.

The review scene builds a frame when it is drawn (``ReviewScene.frame``) from the replayed hand, the
coach's review (or how far it has got), the step on show and the layout, with ``review_frame``. The
coach's findings are read here too, as pure functions of the review and the step: the heading, your
decision at a step, the better card a key moment offers to try.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pygame import Rect

from ..coach import Decision, Review, moment_line
from ..engine import TRICKS, Card, Seat
from ..review import HandReplay
from ..words import DIRECTION_WORDS, seat_name, trick_taken
from .review_layout import ORDER, CoachText, ReviewLayout
from .widgets import Button

ONLY_ONE: Final = "Only one card made sense here."
"""What the review says of a forced decision."""
LAST_CARD: Final = "Your last card: there was nothing to choose."
"""What it says of the last trick's (one card left, not a choice that made sense)."""


def coach_heading(review: Review | None, progress: tuple[int, int] | None) -> str:
    """The coach's panel's first line: what it found, how far it has got (``progress``: decisions judged
    and to judge), or that it has nothing (no ``progress``: no coach on this hand)."""
    if review is None:
        if progress is None:
            return "The coach has nothing on this hand."
        done, total = progress
        return f"Judging your plays… {done} of {total}"
    if not review.key_moments:
        return "No costly plays this hand."
    # Every costly play counts in the points; the costliest few are shown, and it says so.
    count, shown = len(review.costly), len(review.key_moments)
    heading = f"{count} costly play{'s' if count > 1 else ''}: {review.points_lost:.1f} points in all"
    return heading if shown >= count else f"{heading}. Here are the {shown} costliest."


def coach_text(review: Review | None, heading: str) -> CoachText:
    """What the layout measures of the coach's panel."""
    return CoachText(
        heading=heading,
        moments=tuple(moment_line(decision) for decision in review.key_moments) if review else (),
        whys=tuple(decision.why for decision in review.decisions) if review else (),
    )


def decision_at(review: Review | None, step: int) -> Decision | None:
    """Your decision at ``step`` (0: the pass), once the coach has judged it."""
    if review is None:
        return None
    kind = "pass" if step == 0 else "play"
    return next(
        (d for d in review.decisions if d.kind == kind and (kind == "pass" or d.trick == step)),
        None,
    )


def decision_words(decision: Decision) -> str:
    """The coach's word on a decision."""
    if not decision.forced:
        return decision.why
    return LAST_CARD if decision.kind == "play" and decision.trick == TRICKS else ONLY_ONE


def better_card(review: Review | None, step: int) -> Card | None:
    """At a key moment where a card was played, the coach's better card (what "Try" plays)."""
    if review is None or step == 0:
        return None
    for decision in review.key_moments:
        if decision.kind == "play" and decision.trick == step and len(decision.best) == 1:
            return next(iter(decision.best))
    return None


def review_buttons(
    layout: ReviewLayout, step: int, steps: int, *, practise: bool, better: Card | None
) -> tuple[Button, ...]:
    """Back, ◀ and ▶, and between them, with practice: play again from here, and at a key moment, try
    the better card."""
    between: list[Button] = []
    if practise:
        here = "Play from the pass" if step == 0 else f"Play from trick {step}"
        if better is None:
            between = [Button("play", layout.step.copy(), label=here)]
        else:
            room, gap = layout.step, layout.gap
            left = Rect(room.left, room.top, (room.width - gap) // 2, room.height)
            right = Rect(left.right + gap, left.top, room.right - left.right - gap, left.height)
            between = [
                Button("play", left, label=here),
                Button("try", right, label=f"Try {better}", primary=True),
            ]
    return (
        Button("back", layout.back, label="Back"),
        Button("prev", layout.prev, label="◀", enabled=step > 0),
        *between,
        Button("next", layout.next, label="▶", enabled=step < steps - 1),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownRow:
    """A seat's row at the step on show: its name, its cards, and which of them stand raised."""

    seat: Seat
    name: str
    cards: tuple[Card, ...]
    raised: frozenset[Card]
    """The cards it passed (at the deal) or played (at a trick)."""
    is_winner: bool
    """Whether it took the trick on show."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewFrame:
    """Everything the review's drawing depends on: the layout, the coach's panel, the step on show."""

    layout: ReviewLayout
    title: str
    coach_heading: str
    moments: tuple[tuple[int, str], ...]
    """The key moments listed (as many as the layout fits): each one's trick and its line."""
    step: int
    heading: str
    """The step's heading: the deal and its pass, or who took the trick."""
    rows: tuple[ShownRow, ...]
    """In ``ORDER``."""
    decision: tuple[str, bool] | None
    """The coach's word on your decision here, and whether it was a key moment."""
    step_label: str | None
    """The step's name between ◀ and ▶ (with no practice to offer there)."""
    buttons: tuple[Button, ...]
    focus_key: str | None
    four_colour: bool


AFTER_PASS: Final = "after the pass"
"""Said of a hand whose deal this page never saw (another seat's, at a friend's table): it is shown as
it stood after the pass."""


def _rows(replay: HandReplay, step: int, layout: ReviewLayout) -> tuple[ShownRow, ...]:
    if step == 0:
        after = replay.tricks[0].held  # (for a deal not known here)
        held = {seat: tuple(replay.dealt[seat] or after[seat]) for seat in Seat}
        raised = {seat: frozenset(replay.passed[seat] or ()) for seat in Seat}
        winner = None
    else:
        shown = replay.tricks[step - 1]
        held = {seat: tuple(shown.held[seat]) for seat in Seat}
        raised = {seat: frozenset((shown.card_of(seat),)) for seat in Seat}
        winner = shown.trick.winner
    rows = []
    for seat in ORDER:
        name = seat_name(seat)
        if step == 0 and replay.dealt[seat] is None:
            # (beside the cards there is room for the name alone: the heading says it there)
            unseen = replay.exchange is not None and not layout.label_beside
            name = f"{name}, {AFTER_PASS}" if unseen else name
        elif step == 0 and replay.exchange is not None and not layout.label_beside:
            target = replay.passed_to(seat)
            name = f"{name} → {seat_name(target)}" if target is not None else name
        rows.append(
            ShownRow(seat=seat, name=name, cards=held[seat], raised=raised[seat], is_winner=seat is winner)
        )
    return tuple(rows)


def review_frame(
    layout: ReviewLayout,
    replay: HandReplay,
    review: Review | None,
    *,
    heading: str,
    step: int,
    practise: bool,
    focus_key: str | None,
    four_colour: bool,
) -> ReviewFrame:
    """The review of ``replay`` at ``step``, the coach having found ``review`` (None: not yet) and
    saying ``heading``; ``practise``: whether the hand may be played again from here."""
    steps = 1 + len(replay.tricks)
    if step == 0:
        step_heading = (
            "No passing this hand"
            if replay.exchange is None
            else f"Dealt, then passed {DIRECTION_WORDS[replay.direction]}"
        )
        if replay.exchange is not None and replay.seen_by is not None and layout.label_beside:
            step_heading = f"{step_heading}; the others' hands {AFTER_PASS}"
    else:
        # The J♦ counts in the heading under the rule that scores it (its taker is known only then).
        jack_counts = replay.scored.jack_taker is not None
        step_heading = trick_taken(replay.tricks[step - 1].trick, jack_counts=jack_counts)
    decision = decision_at(review, step)
    moments = review.key_moments[: len(layout.moments)] if review is not None else ()
    return ReviewFrame(
        layout=layout,
        title=f"Hand {replay.hand_number} review",
        coach_heading=heading,
        moments=tuple((moment.trick, moment_line(moment)) for moment in moments),
        step=step,
        heading=step_heading,
        rows=_rows(replay, step, layout),
        decision=None if decision is None else (decision_words(decision), decision.key),
        step_label=None
        if practise
        else ("The deal and the pass" if step == 0 else f"Trick {step} of {len(replay.tricks)}"),
        buttons=review_buttons(layout, step, steps, practise=practise, better=better_card(review, step)),
        focus_key=focus_key,
        four_colour=four_colour,
    )
