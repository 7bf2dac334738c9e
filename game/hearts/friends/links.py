"""Invitations and answers as links, read and written as every link of the game is (``link_code``).

A code is the shared envelope around the deflated JSON of the link, behind a check, then the connection's
own code as it is::

    VERSION_CHAR + base64url(check: 6 bytes | deflate(JSON)) + "." + CONNECTION

- an invitation (``#j=CODE``): ``["j", table, seat, invitation id, host's name]`` and the host's
  connection offer for that seat;
- an answer (``#a=CODE``): ``["a", table, seat, invitation answered, guest's name]`` and the guest's
  connection answer.

The offer and the answer are opaque here (the browser's WebRTC side makes and reads them) but already
base64url: deflated and encoded again they grew by a third, so they travel beside the envelope, covered by
its check. With the fields in order rather than named, an invitation's code is about 180 characters, not
256 (``tests/friends/test_messages.py`` holds that). A link that is cut, edited, too long, of another kind
or from a newer version raises ``LinkRefused`` with a sentence.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from ..engine import Seat
from ..engine.record import nesting_depth
from ..link_code import UnreadableCode, check_of, code_under, deflate, inflate, unwrap, wrap
from . import values as read
from .errors import ANSWER_BROKEN, INVITE_BROKEN, LINK_NEWER, LinkRefused, MessageRefused
from .messages import MAX_DEPTH

VERSION: Final = 2
"""1 carried the connection inside the deflated JSON, its fields named (never released)."""
INVITE_KEY: Final = "j"
"""An invitation travels as ``#j=CODE`` (join)."""
ANSWER_KEY: Final = "a"
"""An answer travels as ``#a=CODE``."""
MAX_TEXT: Final = 12_000
"""Longer text is refused before it is looked at."""
MAX_UNPACKED: Final = 16_000
"""The most a code may unpack to, in characters."""
MAX_CONNECTION: Final = 12_000
"""The longest offer or answer a link carries, in characters."""
SEPARATOR: Final = "."
"""Between the envelope and the connection's code (in neither's alphabet)."""

_CHECK_BYTES: Final = 6
_FIELDS: Final = 5
_CONNECTION: Final = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True, kw_only=True)
class Invitation:
    """The host's invitation to one seat of one table; a new one for the seat revokes the last."""

    table: str
    seat: Seat
    invite: str
    host: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InviteLink:
    """What an invitation link carries: the invitation, and the host's offer to connect."""

    invitation: Invitation
    offer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """A guest's answer to an invitation: who answers, and the guest's half of the connection."""

    table: str
    seat: Seat
    invite: str
    guest: str
    answer: str


# Writing -----------------------------------------------------------------------------------------


def _checked(text: str, connection: str) -> bytes:
    return check_of(VERSION, f"{text}{SEPARATOR}{connection}".encode("ascii"), _CHECK_BYTES)


def _code(fields: list[str], connection: str) -> str:
    """The code of a link's ``fields`` and its ``connection`` (which must be base64url)."""
    if not _CONNECTION.fullmatch(connection) or len(connection) > MAX_CONNECTION:
        raise ValueError(f"a connection's code is base64url, not {connection[:40]!r}")
    text = json.dumps(fields, separators=(",", ":"))
    return wrap(VERSION, _checked(text, connection) + deflate(text)) + SEPARATOR + connection


def invite_code(invitation: Invitation, offer: str) -> str:
    fields = [INVITE_KEY, invitation.table, invitation.seat.letter, invitation.invite, invitation.host]
    return _code(fields, offer)


def answer_code(answer: Answer) -> str:
    return _code([ANSWER_KEY, answer.table, answer.seat.letter, answer.invite, answer.guest], answer.answer)


def link(page: str, key: str, code: str) -> str:
    """``page`` (the game's address; its own query and fragment dropped) with ``#key=code``."""
    base = page.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{key}={code}"


def invite_link(page: str, invitation: Invitation, offer: str) -> str:
    return link(page, INVITE_KEY, invite_code(invitation, offer))


def answer_link(page: str, answer: Answer) -> str:
    return link(page, ANSWER_KEY, answer_code(answer))


# Reading -----------------------------------------------------------------------------------------


def _read(text: Any, key: str, kind: str, broken: str) -> tuple[list[Any], str]:
    """The checked fields of a link, fragment or bare code of ``kind`` (``key`` first), and its
    connection; else ``LinkRefused(broken)``."""
    if not isinstance(text, str):
        raise LinkRefused(broken, f"not text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise LinkRefused(broken, f"{len(text):,} characters is far too long")
    code = code_under(key, text)
    if code is None:
        raise LinkRefused(broken, f"no {kind} in {text.strip()[:80]!r}")
    envelope, _, connection = code.partition(SEPARATOR)
    try:
        data = unwrap(envelope, version=VERSION, max_text=MAX_TEXT)
        check, packed = data[:_CHECK_BYTES], data[_CHECK_BYTES:]
        unpacked = inflate(packed, MAX_UNPACKED)
    except UnreadableCode as error:
        raise LinkRefused(LINK_NEWER if error.is_newer else broken, error.detail) from None
    if not _CONNECTION.fullmatch(connection) or len(connection) > MAX_CONNECTION:
        raise LinkRefused(broken, f"no connection code after the envelope: {connection[:40]!r}")
    if _checked(unpacked, connection) != check:
        raise LinkRefused(broken, "the check does not match")
    if nesting_depth(unpacked) > MAX_DEPTH:  # before parsing: see ``messages.decode``
        raise LinkRefused(broken, "nested far too deep")
    try:
        found = json.loads(unpacked)
    except (ValueError, RecursionError):
        raise LinkRefused(broken, f"not JSON: {unpacked[:40]!r}") from None
    if not isinstance(found, list) or len(found) != _FIELDS or found[0] != key:
        raise LinkRefused(broken, f"not an {kind}: {str(found)[:80]}")
    return found, connection


def read_invite(text: str) -> InviteLink:
    """The invitation in a link, a ``#j=…`` fragment or a bare code."""
    (_, table, seat, invite, host), offer = _read(text, INVITE_KEY, "invitation", INVITE_BROKEN)
    try:
        invitation = Invitation(
            table=read.token(table), seat=read.seat(seat), invite=read.token(invite), host=read.name(host)
        )
        return InviteLink(invitation=invitation, offer=offer)
    except MessageRefused as error:
        raise LinkRefused(INVITE_BROKEN, error.detail) from None


def read_answer(text: str) -> Answer:
    """The answer in a link, an ``#a=…`` fragment or a bare code."""
    (_, table, seat, invite, guest), answer = _read(text, ANSWER_KEY, "answer", ANSWER_BROKEN)
    try:
        return Answer(
            table=read.token(table),
            seat=read.seat(seat),
            invite=read.token(invite),
            guest=read.name(guest),
            answer=answer,
        )
    except MessageRefused as error:
        raise LinkRefused(ANSWER_BROKEN, error.detail) from None
