"""A friend's challenge offered when the game opens with their link, and the refusal of a link that
cannot be played.

A challenge is played as a match like any other, saved after every card, except that its bots keep the
challenge's level (so they play as they did for the friend) and the result compares both scores.
"""

from __future__ import annotations

from ...challenge import Challenge
from ...words import table_words
from ..options_list import LEVEL_WORDS
from ..routes import PlayChallenge
from .base import Context, Reset
from .dialog import Choice, Dialog

ACCEPT = "challenge_accept"
DECLINE = "challenge_decline"


class ChallengeOffer(Dialog):
    """A friend's challenge: what it is, and whether to play it. Declining changes nothing."""

    def __init__(self, ctx: Context, challenge: Challenge) -> None:
        self.challenge = challenge
        lines = [
            f"A friend sends you their match, to play on the same deals: {table_words(challenge.rules)}, "
            f"against {LEVEL_WORDS[challenge.level]} computer players."
        ]
        if challenge.score is not None:
            lines.append(f"They finished on {challenge.score}. The lower score wins.")
        else:
            lines.append("They sent it during their match: play it and compare when you both finish.")
        session = ctx.session
        if session is not None and not session.match.is_over:
            lines.append("Your match in progress ends if you play, and does not count in your statistics.")
        super().__init__(
            ctx,
            "A challenge",
            [
                Choice(ACCEPT, "Play it", primary=True, go=Reset(PlayChallenge(challenge))),
                Choice(DECLINE, "Not now"),
            ],
            lines=lines,
            close_result=DECLINE,
            name="challenge_offer",
            read_lines=True,  # (what the challenge is, and what playing it ends: said before the choice)
        )


def refused(ctx: Context, sentence: str) -> Dialog:
    """Why a challenge link cannot be played; closing it goes on to the usual start."""
    return Dialog(
        ctx,
        "Challenge link",
        [Choice("resume", "OK", primary=True)],
        lines=[sentence],
        close_result="resume",
        name="challenge_refused",
        read_lines=True,  # (why is the news: "Challenge link." alone tells a listener nothing)
    )
