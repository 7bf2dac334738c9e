"""The lesson's dialogs: its menu (back to the lesson, or leave it) and the summary of the hand."""

from __future__ import annotations

from ...engine import HandScored
from ...lesson import summary
from ..routes import Lesson, Menu, RealMatch
from ..session import HUMAN
from .base import Context, Reset
from .dialog import Choice, Dialog


def lesson_menu(ctx: Context) -> Dialog:
    return Dialog(
        ctx,
        "Learn to play",
        [
            Choice("resume", "Back to the lesson", primary=True),
            Choice("leave", "Leave the lesson", go=Reset(Menu())),
        ],
        lines=["Leaving now keeps nothing of the lesson; your saved match is untouched."],
        close_result="resume",
        name="lesson_menu",
    )


def lesson_summary(ctx: Context, scored: HandScored) -> Dialog:
    """What the lesson's hand scored for you, and why."""
    points = scored.points[HUMAN]
    return Dialog(
        ctx,
        "Lesson complete" if points else "A perfect hand!",
        [
            Choice("real_match", "Play a real match", primary=True, go=Reset(RealMatch())),
            Choice("replay", "Replay the lesson", go=Reset(Lesson())),
        ],
        lines=summary(scored),
        closable=False,
        name="lesson_summary",
    )
