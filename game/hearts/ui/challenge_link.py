"""Challenge links from the table's side: whether the page's address carries one, what a link holds,
and your own match as the text you send a friend (your match so far, or with your final score)."""

from __future__ import annotations

import urllib.parse

from ..challenge import FRAGMENT_KEY, Challenge, InvalidChallenge, link_for, parse
from ..engine import Match
from ..page import page_object
from .routes import Share
from .session import HUMAN, Session


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


def challenge_a_friend(session: Session) -> Share:
    """Share your match as a challenge (built when the player presses the button: browsers want the
    share to start inside the player's gesture)."""
    return Share("Challenge a friend", challenge_text(session))
