"""The dialogs of a table with friends: its menu (the host's and a friend's), and the sentence a friend
sees when the table is gone."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import HandScored, MatchOver, Seat
from ..routes import FriendsTable, HowToPlay, Menu, Options, Review, ScoreSheet
from ..seatbox import signed
from ..transitions import Transition
from .base import Context, Push, Replace, Reset
from .dialog import Choice, Dialog

RESUME = "resume"
"""Back to the table."""


def friends_menu(
    ctx: Context,
    table: str,
    results: Sequence[HandScored],
    target: int,
    *,
    reviewed: int | None = None,
    over_result: bool = False,
    hosting: bool = True,
) -> Dialog:
    """The menu of the table with friends whose match has the id ``table`` (``results``: its hands
    scored so far, ``target`` its end; ``reviewed``: the hand its review shows, the last one scored,
    when this page has it); leaving closes the table (a host's friends are told, and the host's match
    is over: its save goes) and goes to the main menu. ``hosting``: this page holds the table, so it
    invites (again)."""
    finished = tuple(results)
    review = (
        [Choice("review", "Review the last hand", go=Replace(Review(table, reviewed)))]
        if reviewed is not None
        else []
    )
    invite = [Choice("invite", "Invite friends", go=Replace(FriendsTable()))] if hosting else []

    def leave() -> Transition:
        if ctx.friends.host is not None:
            ctx.store.clear_friends()
        ctx.friends.close()
        return Reset(Menu())

    return Dialog(
        ctx,
        "Menu",
        [
            Choice(RESUME, "Back to the result" if over_result else "Back to the table", primary=True),
            *invite,
            *review,
            Choice("score_sheet", "Score sheet", go=Push(ScoreSheet(finished, target, len(finished)))),
            Choice("options", "Options", go=Replace(Options())),
            Choice("rules", "How to play", go=Replace(HowToPlay())),
            Choice("leave", "Leave the table", go=leave),
        ],
        close_result=RESUME,
        name="friends_menu",
        button_share=0.9,
    )


def friends_closed(ctx: Context, sentence: str) -> Dialog:
    """The table is gone for this page: ``sentence`` says why; the one way on is the main menu."""

    def menu() -> Transition:
        ctx.friends.close()
        return Reset(Menu())

    return Dialog(
        ctx,
        "The table has ended",
        [Choice("main_menu", "Back to the menu", primary=True, go=menu)],
        lines=[sentence],
        closable=False,
        name="friends_closed",
        read_lines=True,  # (the host closed it, or the line was lost: said, not only shown)
    )


def seat_result(
    ctx: Context,
    scored: HandScored,
    names: Sequence[str],
    over: MatchOver | None,
    review: Review | None = None,
) -> Dialog:
    """A hand's scores at a friend's table, each seat's this hand and in all, and (``review``) the way
    to its review, which comes back here; after the last hand, who won, and the way back to the menu
    (the table has ended)."""
    lines = [
        f"{name}: {signed(score)} this hand, {total} in all"
        for name, score, total in zip(names, scored.scores, scored.totals, strict=True)
    ]
    reviewing = [] if review is None else [Choice("review", "Review this hand", go=Push(review))]
    if over is None:
        choices = [Choice(RESUME, "Back to the table", primary=True), *reviewing]
        return Dialog(
            ctx, f"Hand {scored.hand_number}", choices, lines=lines, close_result=RESUME, name="seat_result"
        )
    winners = [names[seat] for seat in over.winners]
    won = "You win!" if Seat.SOUTH in over.winners else f"{' and '.join(winners)} won."

    def menu() -> Transition:
        ctx.friends.close()
        return Reset(Menu())

    choices = [Choice("main_menu", "Back to the menu", primary=True, go=menu), *reviewing]
    return Dialog(ctx, won, choices, lines=lines, closable=False, name="seat_result")
