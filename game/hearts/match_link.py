"""Match links: the match in progress carried to another device in a link, with no server.

A code is a version character and then base64url, without padding::

    1 + base64url(check: 6 bytes | deflate(packed save text))

- the save text is the match's own (``match_text``: what the autosave keeps), packed: each play
  written as its card alone (``QS``: the reader replays the match, so it knows whose turn it was), and
  each deal the match's seed deals anyway as ``deal`` alone (the reader deals it again from the seed);
  together they halve the code;
- deflate is raw (no zlib header or checksum of its own: the check does that work), at level 9;
- the check is the first 6 bytes of SHA-256 of the version character and the save text as it was, so
  a code cut short or edited is refused, never half-read.

Reading a code replays the match through the engine, so a link can never hold an illegal match. Anything
else (cut, edited, huge, not ASCII, a finished match, a version this game does not know) raises
``InvalidMatchLink``, whose text is a sentence for the player. Compressed streams may differ between
zlib builds, so a code is judged by the text it unpacks to, never by being spelt the way this build
would spell it.

A link is the page's address with the fragment ``#m=CODE``; the fragment never reaches a server.
"""

from __future__ import annotations

import json
from typing import Any, Final

from .deals import deal_for
from .engine import Card, Deal, InvalidSave, Match, Play, parse_move, record
from .link_code import UnreadableCode, check_of, code_under, deflate, has_key, inflate, unwrap, wrap
from .storage import Store
from .storage.saved_match import VERSION as SAVE_VERSION
from .storage.saved_match import NewerSave, SavedMatch, dumps, match_text, parse_saved_match
from .transfer import ImportFailed, TransferError

VERSION: Final = 1
VERSION_CHAR: Final = "1"
"""The first character of a code names its version: ``1`` now, then ``2`` … ``9``, ``a`` … ``z``."""
FRAGMENT_KEY: Final = "m"
"""A link carries the code as ``#m=CODE``."""
MAX_TEXT: Final = 200_000
"""Longer text is refused before it is looked at (a long match's code is a few thousand characters)."""
MAX_SAVE: Final = 1_000_000
"""The most a code may unpack to, in characters: far above any real match, far below a stalled page."""
DEALT: Final = "deal"
"""A deal in the packed text that the seed deals (a real deal's text always names its cards)."""

_CHECK_BYTES: Final = 6

BROKEN: Final = (
    "This match link is incomplete or has been changed, so it cannot be opened. Copy the whole link again."
)
NEWER: Final = (
    "This match link was made by a newer version of Hearts. "
    "Reload the game to update it, then open the link again."
)
FINISHED: Final = "The match in this link has already ended, so there is nothing left to play."
NOT_SAVED: Final = "This device's storage refused the match, so nothing was changed."


class InvalidMatchLink(TransferError, ValueError):
    """A code or link that cannot be opened. ``str`` is the sentence for the player (``NEWER``,
    ``FINISHED`` or ``BROKEN``); ``detail`` says what was wrong."""

    def __init__(self, sentence: str, detail: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.detail = detail
        self.is_newer = sentence == NEWER


# Writing ------------------------------------------------------------------------------------------


def match_link_code(saved: SavedMatch) -> str:
    """The code of the match ``saved`` (see the module docstring)."""
    text = match_text(saved)
    return wrap(VERSION, _check(text) + deflate(_packed(text)))


def match_link(page: str, saved: SavedMatch | str) -> str:
    """``page`` (the game's address; any query or fragment of its own dropped) with ``#m=CODE``."""
    code = saved if isinstance(saved, str) else match_link_code(saved)
    base = page.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{FRAGMENT_KEY}={code}"


def _check(text: str) -> bytes:
    return check_of(VERSION, text.encode("ascii"), _CHECK_BYTES)


def _packed(text: str) -> str:
    """The save text with each play written as its card alone (the engine knows whose turn it is) and
    each deal the seed would deal as ``DEALT``."""
    data = json.loads(text)
    engine_record = data["record"]
    match, seed = record.from_record({**engine_record, "moves": []})
    packed = []
    for written in engine_record["moves"]:
        move = parse_move(written)
        if isinstance(move, Play):
            packed.append(written.rpartition(" ")[2])
        elif isinstance(move, Deal) and seed is not None and written == _dealt(seed, match):
            packed.append(DEALT)
        else:
            packed.append(written)
        match.apply(move)
    engine_record["moves"] = packed
    return dumps(data)


def _unpacked(data: Any) -> str:
    """The save text of packed data, replayed through the engine to learn each play's seat."""
    engine_record = data.get("record") if isinstance(data, dict) else None
    if not isinstance(engine_record, dict) or not isinstance(engine_record.get("moves"), list):
        raise InvalidMatchLink(BROKEN, "no moves")
    versions = ((data.get("version"), SAVE_VERSION), (engine_record.get("version"), record.VERSION))
    for version, known in versions:
        if type(version) is int and version > known:
            raise InvalidMatchLink(NEWER, f"a save of version {version}")
    match, seed = record.from_record({**engine_record, "moves": []})
    moves = []
    for token in engine_record["moves"]:
        if token == DEALT:
            if seed is None:
                raise InvalidMatchLink(BROKEN, "a deal from no seed")
            written = _dealt(seed, match)
        elif isinstance(token, str) and " " not in token:
            seat = match.to_move
            if seat is None:
                raise InvalidMatchLink(BROKEN, f"a card {token!r} when no one is to play")
            written = Play.of(seat, Card.parse(token)).to_text()
        else:
            written = token
        match.apply(parse_move(written))
        moves.append(written)
    engine_record["moves"] = moves
    return dumps(data)


def _dealt(seed: int, match: Match) -> str:
    """The text of the deal the match's seed deals next, as the table deals it."""
    return deal_for(seed, match.hand_number + 1).to_text()


# Reading ------------------------------------------------------------------------------------------


def read_match_code(text: str) -> SavedMatch:
    """The match in a link, a ``#m=…`` fragment or a bare code (space and quotes around it ignored).
    Raises ``InvalidMatchLink`` for anything ``match_link_code`` could not have made from a match in
    progress, or one from a newer version (with its own sentence)."""
    try:
        return _read(code_in(text))
    except InvalidMatchLink:
        raise
    except Exception as error:  # whatever the unpacking met, the player gets the sentence
        raise InvalidMatchLink(BROKEN, f"{type(error).__name__}: {error}") from None


def code_in(text: str) -> str:
    """The code in a link (its ``m=…`` fragment, or ``m=…`` in its query), a fragment (``#m=…``, ``m=…``) or a
    bare code."""
    if not isinstance(text, str):
        raise InvalidMatchLink(BROKEN, f"not text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidMatchLink(BROKEN, f"{len(text):,} characters is far too long")
    code = code_under(FRAGMENT_KEY, text)
    if code is None:
        raise InvalidMatchLink(BROKEN, f"no match in {text.strip()[:80]!r}")
    return code


def is_match_fragment(fragment: str) -> bool:
    """Whether the page's fragment is meant as a match link (``m=…``); other fragments are not ours."""
    return has_key(fragment, FRAGMENT_KEY)


def _read(code: str) -> SavedMatch:
    try:
        data = unwrap(code, version=VERSION, max_text=MAX_TEXT)
    except UnreadableCode as error:
        raise InvalidMatchLink(NEWER if error.is_newer else BROKEN, error.detail) from None
    check, packed = data[:_CHECK_BYTES], data[_CHECK_BYTES:]
    text = _unpacked(_loads(_inflate(packed)))
    if _check(text) != check:
        raise InvalidMatchLink(BROKEN, "the check does not match")
    try:
        saved = parse_saved_match(text)
    except NewerSave as error:
        raise InvalidMatchLink(NEWER, str(error)) from None
    except InvalidSave as error:
        raise InvalidMatchLink(BROKEN, str(error)) from None
    if saved.match.is_over:
        raise InvalidMatchLink(FINISHED, "the match is over")
    return saved


def _inflate(packed: bytes) -> str:
    try:
        return inflate(packed, MAX_SAVE)
    except UnreadableCode as error:
        raise InvalidMatchLink(BROKEN, error.detail) from None


def _loads(text: str) -> Any:
    if record.nesting_depth(text) > record.MAX_DEPTH:
        raise InvalidMatchLink(BROKEN, "nested far too deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidMatchLink(BROKEN, f"not JSON: {text[:40]!r}") from None


# Playing it here ----------------------------------------------------------------------------------


def import_match(store: Store, saved: SavedMatch) -> None:
    """Make ``saved`` the match in progress in ``store``, touching nothing else it keeps but a practice
    hand (a hand of the match it replaces). Raises ``ImportFailed`` when storage refuses the match
    (then nothing was changed); the store's own word about it is taken, the refusal says it."""
    if not store.save_match(saved):
        store.take_problems()
        raise ImportFailed(NOT_SAVED)
    store.clear_practice()
