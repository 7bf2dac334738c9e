"""The data channels of a table with friends, as the page keeps them (``web/peers.js``: ``hearts.peers``).

Each connection has a key the game chooses (the host: a seat's; a guest: one for the host). The host makes an
offer and its code, a guest answers it with a code of its own, the host accepts that; then text goes both
ways until either side closes or the network parts them. Everything here is asked of the page and read back
once a frame; natively, and on a page without channels, every connection is "none" and nothing is sent.
What the text says, and whether a code belongs to this table, is the table's to check (``hearts.friends``).
Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from typing import Any, Literal, get_args

from .page import page_object

PeerState = Literal["none", "gathering", "offered", "answered", "connecting", "open", "closed", "failed"]
PEER_STATES: frozenset[str] = frozenset(get_args(PeerState))

# Why a connection failed, as the page says it: no network to gather an address on; a code the page could
# not read; the two sides never reached each other; the browser refused (a bug or a policy).
PeerFailure = Literal["", "no-address", "bad-code", "no-route", "refused"]
PEER_FAILURES: frozenset[str] = frozenset(get_args(PeerFailure))

PUBLIC_STUN = "stun:stun.l.google.com:19302"
"""The one public address (STUN) server the game asks, when the player lets it, how the internet sees this
device (Google's, free and long-lived); it learns that address and nothing else."""
PUBLIC_STUN_NAME = "stun.l.google.com"
"""The server as Options names it."""

CODE_LIMIT = 1024
"""The longest code the page reads: a description cut to its parts is about 112 characters with one address
(measured in Chromium), some 30 more for each further address, and the page keeps eight at most."""

_CODE = re.compile(r"[A-Za-z0-9_-]+")


def is_code(text: str) -> bool:
    """Whether ``text`` could be a connection's code (base64url, not too long); only the page can tell
    whether it really is one."""
    return 0 < len(text) <= CODE_LIMIT and _CODE.fullmatch(text) is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class PeerStatus:
    """One connection as the page last saw it: its state, its own code once gathered, and why it failed."""

    state: PeerState = "none"
    code: str = ""
    reason: PeerFailure = ""

    @staticmethod
    def read(text: str) -> PeerStatus:
        """The status in the page's JSON; anything else reads as a connection refused."""
        try:
            found = json.loads(text)
            state, code, reason = found["state"], found["code"], found["reason"]
        except (ValueError, TypeError, KeyError):
            return PeerStatus(state="failed", reason="refused")
        if state not in PEER_STATES or reason not in PEER_FAILURES or not isinstance(code, str):
            return PeerStatus(state="failed", reason="refused")
        return PeerStatus(state=state, code=code if is_code(code) else "", reason=reason)


class Peers:
    """The page's channels, by key. ``page`` is the page's ``window.hearts`` (found by default); without one
    (natively), nothing connects."""

    def __init__(self, page: Any | None = None) -> None:
        self._given = page

    def _peers(self) -> Any | None:
        page = self._given if self._given is not None else page_object()
        if page is None:
            return None
        with contextlib.suppress(Exception):
            found = page.peers
            if found is not None and getattr(found, "typeof", "") != "undefined":
                return found
        return None

    @property
    def available(self) -> bool:
        """Whether this page can make connections at all (a browser with WebRTC)."""
        peers = self._peers()
        with contextlib.suppress(Exception):
            return peers is not None and bool(peers.available)
        return False

    def offer(self, key: str, stun: str = "") -> None:
        """Start a connection for ``key`` (closing any before it) and gather its addresses, through ``stun``
        (a ``stun:`` address) or on this network only (empty)."""
        self._call("offer", key, stun)

    def answer(self, key: str, code: str, stun: str = "") -> None:
        """Answer another page's offer ``code`` as ``key``; a code that cannot be one fails at once."""
        if not is_code(code):
            code = ""
        self._call("answer", key, code, stun)

    def accept(self, key: str, code: str) -> bool:
        """Take a guest's answer ``code`` for the offer made as ``key``; False when there is no offer waiting
        for one, or the code is not an answer."""
        return is_code(code) and bool(self._call("accept", key, code))

    def send(self, key: str, text: str) -> bool:
        """Send ``text`` on ``key``'s open channel; False when it is not open (nothing is queued)."""
        return bool(self._call("send", key, text))

    def take(self, key: str) -> list[str]:
        """The messages come on ``key`` since the last take, oldest first."""
        taken = self._call("take", key)
        try:
            found = json.loads(str(taken)) if taken is not None else []
        except ValueError:
            return []
        return [text for text in found if isinstance(text, str)] if isinstance(found, list) else []

    def close(self, key: str) -> None:
        """End ``key``'s connection; the other side sees it closed."""
        self._call("close", key)

    def farewell(self, key: str, text: str) -> bool:
        """Leave ``text`` for the page to send on ``key``'s channel as it goes (closed, reloaded): the last
        word the other side gets. Whether the page took it."""
        return bool(self._call("farewell", key, text))

    def status(self, key: str) -> PeerStatus:
        """``key``'s connection as the page sees it now."""
        found = self._call("status", key)
        return PeerStatus() if found is None else PeerStatus.read(str(found))

    def _call(self, method: str, *args: str) -> Any | None:
        peers = self._peers()
        if peers is None:
            return None
        try:
            return getattr(peers, method)(*args)
        except Exception:
            return None


class PeerChannel:
    """One connection of ``peers`` (by ``key``) as the table's transport (``hearts.friends.transport``):
    text both ways while open, reliable and in order; what is sent while it is not open is lost, as on a
    line that dropped."""

    __slots__ = ("_key", "_peers")

    def __init__(self, peers: Peers, key: str) -> None:
        self._peers = peers
        self._key = key

    @property
    def is_open(self) -> bool:
        return self._peers.status(self._key).state == "open"

    def send(self, data: str) -> None:
        self._peers.send(self._key, data)

    def receive(self) -> list[str]:
        return self._peers.take(self._key)

    def close(self) -> None:
        self._peers.close(self._key)
