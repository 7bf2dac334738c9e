"""The practice table's dialogs: its menu, and its result beside the original hand's."""

from __future__ import annotations

from ...engine import HandScored
from ..modes.practice import DONE, STOP, practice_points
from ..routes import Review
from .base import Context, Push
from .dialog import Choice, Dialog

KEEP = "keep"


def comparison(now: int, before: int) -> str:
    """This try's score beside the original's: "You took 3 points; you had taken 16 (13 fewer)."."""
    said = f"You took {_points(now)}; you had taken {before}"
    if now == before:
        return f"{said}, the same."
    fewer = before - now
    return f"{said} ({abs(fewer)} {'fewer' if fewer > 0 else 'more'})."


def _points(points: int) -> str:
    return f"{points} point{'s' if abs(points) != 1 else ''}"


def practice_result_dialog(ctx: Context, table: str, scored: HandScored, before: int) -> Dialog:
    """A practice hand over (at ``table``): what you took, beside what you had taken, and its review."""
    return Dialog(
        ctx,
        f"Practice: hand {scored.hand_number}",
        [
            Choice(DONE, "Back to the review", primary=True),
            Choice("review", "Review this try", go=Push(Review(table, scored.hand_number))),
        ],
        lines=[comparison(practice_points(scored), before)],
        read_lines=True,
        close_result=DONE,
        name="practice_result",
    )


def practice_menu(ctx: Context) -> Dialog:
    """The practice table's menu."""
    return Dialog(
        ctx,
        "Practice",
        [Choice(KEEP, "Keep practising", primary=True), Choice(STOP, "Stop practising")],
        lines=["Practice never touches your match, its save or your statistics."],
        close_result=KEEP,
        name="practice_menu",
    )
