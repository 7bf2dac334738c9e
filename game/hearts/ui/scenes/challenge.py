"""Challenge links at the table: the offer when the game opens with a friend's link, and your own link
to send, from the pause menu (your match so far) or the match result (with your final score).

A challenge is played as a match like any other, saved after every card, except that its bots keep the
challenge's level (so they play as they did for the friend) and the result compares both scores.
"""

from __future__ import annotations

import urllib.parse

from ...challenge import FRAGMENT_KEY, Challenge, InvalidChallenge, link_for, parse
from ...engine import Match
from ...page import page_object
from ...words import table_words
from ..intents import Intent
from ..session import HUMAN, Session
from .base import Context, Pop, Reset, Scene, Transition
from .dialog import Choice, Dialog

ACCEPT = "challenge_accept"
DECLINE = "challenge_decline"
SHARE = "challenge_share"
"""The pause menu's and the match result's "Challenge a friend"."""

LEVEL_WORDS = {"random": "random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


def is_challenge_fragment(fragment: str) -> bool:
    """Whether the page's fragment is meant as a challenge (``c=…``); other fragments are not ours."""
    pairs = urllib.parse.parse_qsl(fragment, keep_blank_values=True)
    return any(key == FRAGMENT_KEY for key, _ in pairs)


def read_challenge(text: str) -> tuple[Challenge | None, str | None]:
    """The challenge a link or code holds, or the sentence that says why it cannot be played."""
    try:
        return parse(text), None
    except InvalidChallenge as refused:
        return None, refused.sentence


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
            [Choice(ACCEPT, "Play it", primary=True), Choice(DECLINE, "Not now")],
            lines=lines,
            close_result=DECLINE,
            name="challenge_offer",
        )

    def handle(self, intent: Intent) -> Transition | None:
        transition = super().handle(intent)
        if isinstance(transition, Pop) and transition.result == ACCEPT:
            return Reset(start_challenge(self.ctx, self.challenge))
        return transition


def start_challenge(ctx: Context, challenge: Challenge) -> Scene:
    """The challenge's match at the table, in place of any match in progress (which does not count)."""
    from .table import TableScene

    session = Session(challenge.new_match(), challenge.seed, challenge.level, challenge=challenge)
    ctx.session = session
    return TableScene(ctx, session)


def refused(ctx: Context, sentence: str) -> Dialog:
    """Why a challenge link cannot be played; closing it goes on to the usual start."""
    return Dialog(
        ctx,
        "Challenge link",
        [Choice("resume", "OK", primary=True)],
        lines=[sentence],
        close_result="resume",
        name="challenge_refused",
    )


def challenge_of(session: Session) -> Challenge:
    """Your match as a challenge: its seed, table and level, and your final score once it is over."""
    match: Match = session.match
    score = match.totals[HUMAN] if match.is_over else None
    return Challenge(seed=session.seed, rules=match.rules, level=session.bot_level, score=score)


def page_address() -> str | None:
    """The game's own address in the browser, without query or fragment; None natively."""
    found = page_object()
    if found is None:
        return None
    try:
        address = str(found.link.address or "")
    except Exception:
        return None
    address = address.split("#", 1)[0].split("?", 1)[0]
    return address if address.startswith(("https://", "http://")) else None


def challenge_text(session: Session) -> str:
    """What you send a friend: a line, then the link (in the browser) or the code and how to open it."""
    challenge = challenge_of(session)
    address = page_address()
    if challenge.score is not None:
        opener = f"I finished a match of Hearts on {challenge.score}. Can you beat it on the same deals?"
    else:
        opener = "Play my match of Hearts on the same deals as me."
    if address:
        return f"{opener}\n{link_for(address, challenge)}"
    code = challenge.to_code()
    return f"{opener}\nChallenge code: {code}\n(python -m hearts --challenge {code})"
