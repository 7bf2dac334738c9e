"""The questions of moving to another device: load this file in place of what is here? play this
match here? and the word when a file or a link cannot be loaded. Nothing changes until the player says
Replace (or Play it here); then the game opens afresh on what storage holds (``Reopen``)."""

from __future__ import annotations

from ...engine import Seat
from ...match_link import import_match
from ...storage import SavedMatch
from ...transfer import NOTHING_SAVED, ImportFailed, Transfer, import_into
from ...words import seat_object, table_words
from ..options_list import LEVEL_WORDS
from ..routes import KEEP, MoveProblem, Reopen
from .base import Context, Replace, Reset, Transition
from .dialog import Choice, Dialog

REPLACE = "replace"
PLAY_HERE = "play_here"
NOT_NOW = "not_now"
OK = "ok"


def import_dialog(ctx: Context, transfer: Transfer, name: str, current: str) -> Dialog:
    """What the file ``name`` holds and what it would replace; "Replace" imports it all, "Keep mine"
    changes nothing."""

    def replace() -> Transition:
        try:
            import_into(ctx.store, transfer)
        except ImportFailed as failed:
            return Replace(MoveProblem("Nothing was loaded", str(failed)))
        ctx.notices.append(f"Loaded {name}.")
        return Reset(Reopen())

    return Dialog(
        ctx,
        "Load this file?",
        [Choice(REPLACE, "Replace", primary=True, go=replace), Choice(KEEP, "Keep mine")],
        lines=[f"{name} holds {transfer.summary()}.", replaces(current)],
        close_result=KEEP,
        read_lines=True,
        name="import_file",
    )


def replaces(current: str) -> str:
    """What an import replaces, in a sentence (``current``: what this device holds, in words)."""
    if current == NOTHING_SAVED:
        return "Nothing is saved on this device yet, so nothing is lost."
    return f"It replaces what this device holds: {current}."


def match_here_dialog(ctx: Context, saved: SavedMatch) -> Dialog:
    """A match from a link: what it is, what it replaces, and whether to play it here. Only the match
    changes; settings and statistics stay as they are."""
    match = saved.match
    scores = ", ".join(f"{seat_object(seat)} {match.totals[seat]}" for seat in Seat)
    lines = [
        f"A match at hand {max(1, match.hand_number)}: {table_words(match.rules)}, "
        f"against {LEVEL_WORDS.get(saved.bot_level, saved.bot_level)} computer players.",
        f"Scores so far: {scores}.",
    ]
    session = ctx.session
    if session is not None and not session.match.is_over:
        lines.append(f"It replaces your match at hand {max(1, session.match.hand_number)}.")
    lines.append("Your settings and statistics here stay as they are.")

    def play_here() -> Transition:
        try:
            import_match(ctx.store, saved)
        except ImportFailed as failed:
            return Replace(MoveProblem("Match link", str(failed)))
        return Reset(Reopen())

    return Dialog(
        ctx,
        "Play this match here?",
        [Choice(PLAY_HERE, "Play it here", primary=True, go=play_here), Choice(NOT_NOW, "Not now")],
        lines=lines,
        close_result=NOT_NOW,
        read_lines=True,
        name="match_here",
    )


def problem_dialog(ctx: Context, title: str, sentence: str) -> Dialog:
    """Why a file or a link was not loaded; nothing was changed."""
    return Dialog(
        ctx,
        title,
        [Choice(OK, "OK", primary=True)],
        lines=[sentence],
        close_result=OK,
        read_lines=True,
        name="move_problem",
    )
