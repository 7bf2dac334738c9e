"""Invitations and answers as links, read and written as every link of the game is (``link_code``).

A code is the shared envelope around the deflated JSON of the link, behind a check::

    VERSION_CHAR + base64url(check: 6 bytes | deflate(JSON))

- an invitation (``#j=CODE``): the table, the seat, the invitation's id, the host's name and the host's
  connection offer for that seat;
- an answer (``#a=CODE``): the table, the seat, the invitation it answers, the guest's name and the
  guest's connection answer.

The offer and the answer are opaque here: the browser's WebRTC side makes and reads them. A link that is
cut, edited, too long, of another kind or from a newer version raises ``LinkRefused`` with a sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from ..engine import Seat
from ..engine.record import nesting_depth
from ..link_code import UnreadableCode, check_of, code_under, deflate, inflate, unwrap, wrap
from . import values as read
from .errors import ANSWER_BROKEN, INVITE_BROKEN, LINK_NEWER, LinkRefused, MessageRefused
from .messages import MAX_DEPTH

VERSION: Final = 1
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

_CHECK_BYTES: Final = 6
_INVITE_KEYS: Final = frozenset({"link", "table", "seat", "invite", "host", "offer"})
_ANSWER_KEYS: Final = frozenset({"link", "table", "seat", "invite", "guest", "answer"})


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


def _code(data: dict[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"))
    return wrap(VERSION, check_of(VERSION, text.encode("ascii"), _CHECK_BYTES) + deflate(text))


def invite_code(invitation: Invitation, offer: str) -> str:
    return _code(
        {
            "link": "invite",
            "table": invitation.table,
            "seat": invitation.seat.letter,
            "invite": invitation.invite,
            "host": invitation.host,
            "offer": offer,
        }
    )


def answer_code(answer: Answer) -> str:
    return _code(
        {
            "link": "answer",
            "table": answer.table,
            "seat": answer.seat.letter,
            "invite": answer.invite,
            "guest": answer.guest,
            "answer": answer.answer,
        }
    )


def link(page: str, key: str, code: str) -> str:
    """``page`` (the game's address; its own query and fragment dropped) with ``#key=code``."""
    base = page.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{key}={code}"


def invite_link(page: str, invitation: Invitation, offer: str) -> str:
    return link(page, INVITE_KEY, invite_code(invitation, offer))


def answer_link(page: str, answer: Answer) -> str:
    return link(page, ANSWER_KEY, answer_code(answer))


# Reading -----------------------------------------------------------------------------------------


def _read(text: Any, key: str, kind: str, keys: frozenset[str], broken: str) -> dict[str, Any]:
    """The checked data of a link, fragment or bare code of ``kind``; else ``LinkRefused(broken)``."""
    if not isinstance(text, str):
        raise LinkRefused(broken, f"not text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise LinkRefused(broken, f"{len(text):,} characters is far too long")
    code = code_under(key, text)
    if code is None:
        raise LinkRefused(broken, f"no {kind} in {text.strip()[:80]!r}")
    try:
        data = unwrap(code, version=VERSION, max_text=MAX_TEXT)
        check, packed = data[:_CHECK_BYTES], data[_CHECK_BYTES:]
        unpacked = inflate(packed, MAX_UNPACKED)
    except UnreadableCode as error:
        raise LinkRefused(LINK_NEWER if error.is_newer else broken, error.detail) from None
    if check_of(VERSION, unpacked.encode("ascii"), _CHECK_BYTES) != check:
        raise LinkRefused(broken, "the check does not match")
    if nesting_depth(unpacked) > MAX_DEPTH:  # before parsing: see ``messages.decode``
        raise LinkRefused(broken, "nested far too deep")
    try:
        found = json.loads(unpacked)
    except (ValueError, RecursionError):
        raise LinkRefused(broken, f"not JSON: {unpacked[:40]!r}") from None
    if not isinstance(found, dict) or found.keys() != keys or found["link"] != kind:
        raise LinkRefused(broken, f"not an {kind}: {sorted(found) if isinstance(found, dict) else found!r}")
    return found


def _connection(value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_CONNECTION:
        raise read.damaged("no connection offer or answer")
    return value


def read_invite(text: str) -> InviteLink:
    """The invitation in a link, a ``#j=…`` fragment or a bare code."""
    data = _read(text, INVITE_KEY, "invite", _INVITE_KEYS, INVITE_BROKEN)
    try:
        invitation = Invitation(
            table=read.token(data["table"]),
            seat=read.seat(data["seat"]),
            invite=read.token(data["invite"]),
            host=read.name(data["host"]),
        )
        return InviteLink(invitation=invitation, offer=_connection(data["offer"]))
    except MessageRefused as error:
        raise LinkRefused(INVITE_BROKEN, error.detail) from None


def read_answer(text: str) -> Answer:
    """The answer in a link, an ``#a=…`` fragment or a bare code."""
    data = _read(text, ANSWER_KEY, "answer", _ANSWER_KEYS, ANSWER_BROKEN)
    try:
        return Answer(
            table=read.token(data["table"]),
            seat=read.seat(data["seat"]),
            invite=read.token(data["invite"]),
            guest=read.name(data["guest"]),
            answer=_connection(data["answer"]),
        )
    except MessageRefused as error:
        raise LinkRefused(ANSWER_BROKEN, error.detail) from None
