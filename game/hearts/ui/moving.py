"""Moving to another device, from the game's side: the match link the page's address may carry, your
match as a link to send yourself, and a file's text turned into the question to ask (or the refusal)."""

from __future__ import annotations

from ..match_link import InvalidMatchLink, is_match_fragment, match_link, match_link_code, read_match_code
from ..page import opened_with
from ..storage import SavedMatch, StorageError
from ..transfer import InvalidTransfer, read_export, stored_texts
from ..transfer import describe as describe_texts
from .challenge_link import page_address
from .context import Context
from .routes import ImportFile, MatchHere, MoveProblem, Route, Share
from .session import Session

FILE_REFUSED = "This file can't be loaded"
UNREADABLE_HERE = "The progress saved on this device cannot be read just now, so nothing was changed."


def opened_match() -> str | None:
    """In the browser, the match link the page's address carried (its fragment, taken aside by the
    page before pygbag's loader read the address); None natively or for a fragment that is not one."""
    fragment = opened_with().fragment
    return fragment if fragment and is_match_fragment(fragment) else None


def match_offer(text: str) -> Route:
    """The question a match link asks (play it here?), or why it cannot be opened."""
    try:
        saved = read_match_code(text)
    except InvalidMatchLink as refused:
        return MoveProblem("Match link", refused.sentence)
    return MatchHere(saved)


def match_text(session: Session) -> str:
    """What you send yourself: a line, then the link (in the browser) or the code and how to open it."""
    saved: SavedMatch = session.to_saved()
    opener = f"My Hearts match, at hand {max(1, session.match.hand_number)}: open this to play on."
    address = page_address()
    if address:
        return f"{opener}\n{match_link(address, saved)}"
    code = match_link_code(saved)
    return f"{opener}\nMatch code: {code}\n(python -m hearts --match {code})"


def share_match(session: Session) -> Share:
    """Your match as a link to share (built as the player presses the button: browsers want the share
    to start inside the player's gesture)."""
    return Share("Your match link", match_text(session))


def describe_here(ctx: Context) -> str | None:
    """What this device keeps, in words ("a match at hand 4, 12 finished matches, your settings");
    None when storage cannot be read."""
    try:
        return describe_texts(stored_texts(ctx.store.backend))
    except (StorageError, OSError):
        return None


def file_offer(ctx: Context, text: str, name: str) -> Route:
    """The question a file's text asks (load it in place of what is here?), or why it is refused."""
    try:
        transfer = read_export(text)
    except InvalidTransfer as refused:
        return MoveProblem(FILE_REFUSED, str(refused))
    current = describe_here(ctx)
    if current is None:
        return MoveProblem(FILE_REFUSED, UNREADABLE_HERE)
    return ImportFile(transfer, name, current)
