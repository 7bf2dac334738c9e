"""The envelope every link code of the game shares, and finding a code inside a link.

A code is one version character and then base64url without padding::

    VERSION_CHAR + base64url(bytes)

What the bytes hold, and how they are checked, is each format's own (a challenge packs its match into
a few bytes with a check after them; a match link and the friends' links deflate text behind a check):
the envelope, the limits on hostile text and the reading of a link, a fragment or a bare code are written
once, here, so every link the game opens is read the same way.

Reading raises ``UnreadableCode`` with what was wrong and whether the code came from a newer version;
each format turns that into its own sentence for the player.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import urllib.parse
import zlib
from typing import Final

BASE64URL: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
VERSION_CHARS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
"""Version 1 is ``1``, then ``2`` … ``9``, ``a`` … ``z``: the first character of every code."""


class UnreadableCode(ValueError):
    """A code that is not one a format of this version wrote: ``detail`` says what was wrong, and
    ``is_newer`` whether it names a version later than the reader's."""

    def __init__(self, detail: str, *, is_newer: bool = False) -> None:
        super().__init__(detail)
        self.detail = detail
        self.is_newer = is_newer


def version_char(version: int) -> str:
    """The character that opens a code of ``version`` (1 to 35)."""
    return VERSION_CHARS[version]


def wrap(version: int, data: bytes) -> str:
    """``data`` as a code of ``version``: its character, then base64url without padding."""
    return version_char(version) + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unwrap(code: str, *, version: int, max_text: int) -> bytes:
    """The bytes of a code ``wrap(version, …)`` could have made. Anything else raises
    ``UnreadableCode``: not text, empty, longer than ``max_text``, not ASCII, another version (a later
    one says so), or not base64url."""
    if not isinstance(code, str):
        raise UnreadableCode(f"not text: {type(code).__name__}")
    if not code:
        raise UnreadableCode("no code")
    if len(code) > max_text:
        raise UnreadableCode(f"{len(code):,} characters is far too long")
    if not code.isascii():
        raise UnreadableCode(f"not ASCII: {code[:40]!r}")
    first, body = code[0], code[1:]
    if first != version_char(version):
        # A later version keeps the envelope: what follows its character is base64url that decodes (a
        # word such as "bogus-link" has a character too many for that, so it is no code at all).
        if VERSION_CHARS.find(first) > version and set(body) <= BASE64URL and len(body) % 4 != 1:
            raise UnreadableCode(f"version {first!r}", is_newer=True)
        raise UnreadableCode(f"no version {first!r}")
    if not set(body) <= BASE64URL or len(body) % 4 == 1:
        raise UnreadableCode(f"not base64url: {body[:40]!r}")
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise UnreadableCode(f"not base64url: {error}") from None


def check_of(version: int, data: bytes, size: int) -> bytes:
    """The first ``size`` bytes of SHA-256 of the version character and ``data``: a code cut short or
    edited fails it, so it is refused rather than half-read."""
    return hashlib.sha256(version_char(version).encode("ascii") + data).digest()[:size]


def deflate(text: str) -> bytes:
    """ASCII ``text`` as raw deflate (no header or checksum of its own: a check does that work), level 9."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(text.encode("ascii")) + packer.flush()


def inflate(data: bytes, limit: int) -> str:
    """The ASCII text of one whole raw deflate stream of at most ``limit`` characters; anything else
    raises ``UnreadableCode`` (without ever unpacking more than ``limit`` + 1 bytes)."""
    unpacker = zlib.decompressobj(-15)
    try:
        text = unpacker.decompress(data, limit + 1)
    except zlib.error as error:
        raise UnreadableCode(f"not deflate: {error}") from None
    if len(text) > limit or not unpacker.eof or unpacker.unused_data or unpacker.unconsumed_tail:
        raise UnreadableCode("not one whole deflate stream of a sensible length")
    try:
        return text.decode("ascii")
    except UnicodeDecodeError:
        raise UnreadableCode("not ASCII inside") from None


def code_under(key: str, text: str) -> str | None:
    """The value of ``key`` in a link (its fragment, else its query), in a fragment or a query, or ``text``
    itself when it is a bare code (no "#", "?" or "="); None when a link holds no ``key``. Surrounding
    space, quotes and angle brackets are ignored. (Every link of the game is read alike.)"""
    text = text.strip().strip("<>\"'").strip()
    if "#" not in text and "?" not in text and "=" not in text:
        return text
    before, _, fragment = text.partition("#")
    parts = [fragment, before.partition("?")[2]] if "#" in text else [text.partition("?")[2] or text]
    for part in parts:
        for found, value in urllib.parse.parse_qsl(part, keep_blank_values=True):
            if found == key:
                return value
    return None


def has_key(fragment: str, key: str) -> bool:
    """Whether a page's fragment carries ``key`` (``key=…``): which link it is meant as."""
    pairs = urllib.parse.parse_qsl(fragment, keep_blank_values=True)
    return any(found == key for found, _ in pairs)
