"""The lesson's dialogs: its menu (back to the lesson, or leave it), the summary of the hand, and what
"Play a real match" asks when a friend's challenge is the match in progress."""

from __future__ import annotations

from ...engine import HandScored
from ...lesson import summary
from ..routes import ChallengeOrNewMatch, ContinueMatch, Lesson, Menu, NewMatch, RealMatch
from ..session import HUMAN
from .base import Context, Push, Reset, Transition
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

    def real_match() -> Transition:
        """Your match in progress, or a new one; a friend's challenge in progress is never reopened
        unasked, nor ended unasked (it holds the one saved match)."""
        session = ctx.session
        if session is not None and session.challenge is not None and not session.match.is_over:
            return Push(ChallengeOrNewMatch())
        return Reset(RealMatch())

    return Dialog(
        ctx,
        "Lesson complete" if points else "A perfect hand!",
        [
            Choice("real_match", "Play a real match", primary=True, go=real_match),
            Choice("replay", "Replay the lesson", go=Reset(Lesson())),
        ],
        lines=summary(scored),
        closable=False,
        name="lesson_summary",
    )


def challenge_or_new_match(ctx: Context) -> Dialog:
    """A friend's challenge is the match in progress: a new match takes its place (the game keeps one
    match), so the player chooses; closing goes back to the summary."""
    return Dialog(
        ctx,
        "A challenge in progress",
        [
            Choice("start_new", "Start a new match", primary=True, go=Reset(NewMatch())),
            Choice("challenge", "Back to the challenge", go=Reset(ContinueMatch())),
        ],
        lines=[
            "A friend's challenge is your match in progress. A new match ends the challenge, which then "
            "does not count."
        ],
        close_result="resume",
        name="challenge_or_new",
    )
