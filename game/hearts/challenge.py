"""Challenge codes: a match's seed, table and bot level (and the challenger's final score) in a short
text a friend can open, so both play the same deals.

A code is a version character and then the packed match in base64url, without padding::

    1 + base64url(seed: 8 bytes | table: 1 byte | level and flags: 1 byte | [score: 2 bytes] | check: 4 bytes)

- the seed, unsigned, big-endian (the game's seeds are below 2**63; any up to 2**64 - 1 is kept);
- the table: bits 0-1 the target (50, 100, 150), 2-3 the moon rule (add, choose, subtract), then one
  bit each for the J♦, shared wins, the Q♠ breaking hearts and points on the first trick;
- bits 0-1 the bot level (random, easy, normal, hard), bit 2 set when a score follows; the rest 0;
- the score, a signed 16-bit number (scores go below zero with the J♦ or a moon subtracted);
- the first 4 bytes of SHA-256 of everything before them, the version character included.

Only one spelling of a match is accepted, so a code that decodes re-encodes to itself. Anything else
(cut, edited, huge, not ASCII, a version this game does not know) raises ``InvalidChallenge``, whose
text is a sentence for the player.

A link is the page's address with the fragment ``#c=CODE``; the fragment never reaches a server.

    python -m hearts.challenge encode --seed 42 --rules house --level hard --score 61
    python -m hearts.challenge decode 'https://example.org/hearts/index.html#c=1…'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .engine import PRESETS, STANDARD, HeartsError, InvalidRules, Match, Moon, Rules, Ties
from .engine.record import MAX_SCORE, MAX_SEED, MIN_SCORE
from .engine.rules import TARGETS
from .levels import LEVELS
from .link_code import UnreadableCode, check_of, code_under, unwrap, wrap

VERSION: Final = 1
VERSION_CHAR: Final = "1"
"""The first character of a code names its version: ``1`` now, then ``2`` … ``9``, ``a`` … ``z``."""
FRAGMENT_KEY: Final = "c"
"""A link carries the code as ``#c=CODE``."""
MOONS: Final = (Moon.ADD_TO_OTHERS, Moon.SHOOTER_CHOOSES, Moon.SUBTRACT_FROM_SHOOTER)
MAX_TEXT: Final = 2_000
"""Longer text is refused before it is looked at: no link of ours comes near it."""

_CHECK_BYTES: Final = 4
_HAS_SCORE: Final = 0b100
_LEVEL_BITS: Final = 0b11

BROKEN: Final = (
    "This challenge link is incomplete or has been changed, so it cannot be played. "
    "Ask your friend to send it again."
)
NEWER: Final = (
    "This challenge was made by a newer version of Hearts. "
    "Reload the game to update it, then open the link again."
)


class InvalidChallenge(HeartsError, ValueError):
    """A code or link that cannot be played. ``str`` is the sentence for the player (``NEWER`` for a
    code from a later version, ``BROKEN`` for anything else); ``detail`` says what was wrong."""

    def __init__(self, sentence: str, detail: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.detail = detail
        self.is_newer = sentence == NEWER


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenge:
    """A match to replay: its seed, table and bot level, and the challenger's final score if known.

    ``Session(challenge.new_match(), challenge.seed, challenge.level)`` deals the challenger's deals,
    hand by hand, and seeds the bots as the challenger's game did.
    """

    seed: int
    rules: Rules = STANDARD
    level: str = "normal"
    score: int | None = None
    """The challenger's total at the end of the match (None for a match not finished)."""

    def __post_init__(self) -> None:
        if type(self.seed) is not int or not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to 2**64-1, not {self.seed!r}")
        if not isinstance(self.rules, Rules):
            raise ValueError(f"not table options: {self.rules!r}")
        if self.level not in LEVELS:
            raise ValueError(f"the level is one of {', '.join(LEVELS)}, not {self.level!r}")
        if self.score is not None and (
            type(self.score) is not int or not MIN_SCORE <= self.score <= MAX_SCORE
        ):
            raise ValueError(f"a score is a whole number from {MIN_SCORE} to {MAX_SCORE}, not {self.score!r}")

    def to_code(self) -> str:
        """The code (see the module docstring)."""
        return encode(self)

    def link(self, page: str) -> str:
        """A link to ``page`` (the game's address) that offers this challenge."""
        return link_for(page, self)

    def new_match(self) -> Match:
        """The match to play, before its first deal."""
        return Match(self.rules)

    def to_json(self) -> dict[str, object]:
        return {
            "version": VERSION,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "level": self.level,
            "score": self.score,
        }


# Packing ------------------------------------------------------------------------------------------


def _table_byte(rules: Rules) -> int:
    flags = (
        rules.jack_of_diamonds,
        rules.ties is Ties.SHARED_WIN,
        rules.queen_breaks_hearts,
        rules.points_on_first_trick,
    )
    value = TARGETS.index(rules.target) | MOONS.index(rules.moon) << 2
    for bit, flag in enumerate(flags, start=4):
        value |= flag << bit
    return value


def _rules_from(value: int) -> Rules:
    target, moon = value & 0b11, value >> 2 & 0b11
    if target >= len(TARGETS) or moon >= len(MOONS):
        raise InvalidChallenge(BROKEN, f"no table is numbered {value:#04x}")
    return Rules(
        target=TARGETS[target],
        moon=MOONS[moon],
        jack_of_diamonds=bool(value >> 4 & 1),
        ties=Ties.SHARED_WIN if value >> 5 & 1 else Ties.PLAY_ON,
        queen_breaks_hearts=bool(value >> 6 & 1),
        points_on_first_trick=bool(value >> 7 & 1),
    )


def _check(data: bytes) -> bytes:
    return check_of(VERSION, data, _CHECK_BYTES)


def encode(challenge: Challenge) -> str:
    """The challenge as a code: the version character, then base64url without padding."""
    flags = LEVELS.index(challenge.level) | (_HAS_SCORE if challenge.score is not None else 0)
    data = challenge.seed.to_bytes(8, "big") + bytes((_table_byte(challenge.rules), flags))
    if challenge.score is not None:
        data += challenge.score.to_bytes(2, "big", signed=True)
    return wrap(VERSION, data + _check(data))


def decode(code: str) -> Challenge:
    """The challenge in a bare code. Raises ``InvalidChallenge`` for anything but a code ``encode``
    could have made (or one from a newer version, with its own sentence)."""
    try:
        data = unwrap(code, version=VERSION, max_text=MAX_TEXT)
    except UnreadableCode as error:
        raise InvalidChallenge(NEWER if error.is_newer else BROKEN, error.detail) from None
    if len(data) not in (14, 16):
        raise InvalidChallenge(BROKEN, f"{len(data)} bytes, not 14 or 16")
    packed, check = data[:-_CHECK_BYTES], data[-_CHECK_BYTES:]
    if _check(packed) != check:
        raise InvalidChallenge(BROKEN, "the check does not match")
    flags = packed[9]
    has_score = bool(flags & _HAS_SCORE)
    if flags & ~(_LEVEL_BITS | _HAS_SCORE) or len(packed) != (12 if has_score else 10):
        raise InvalidChallenge(BROKEN, f"flags {flags:#04x} do not fit {len(packed)} bytes")
    challenge = Challenge(
        seed=int.from_bytes(packed[:8], "big"),
        rules=_rules_from(packed[8]),
        level=LEVELS[flags & _LEVEL_BITS],
        score=int.from_bytes(packed[10:12], "big", signed=True) if has_score else None,
    )
    if encode(challenge) != code:
        # Base64 can spell the same bytes more than one way (unused low bits in the last character).
        raise InvalidChallenge(BROKEN, "not the code's one spelling")
    return challenge


# Links --------------------------------------------------------------------------------------------


def link_for(page: str, challenge: Challenge | str) -> str:
    """``page`` (the game's address; any fragment of its own is dropped) with ``#c=CODE``."""
    code = challenge if isinstance(challenge, str) else encode(challenge)
    base = page.split("#", 1)[0]
    return f"{base}#{FRAGMENT_KEY}={code}"


def code_in(text: str) -> str:
    """The code in a link (its ``#c=…`` fragment, or ``c=…`` in its query), a fragment (``#c=…``,
    ``c=…``) or a bare code; surrounding space and quotes are ignored."""
    if not isinstance(text, str):
        raise InvalidChallenge(BROKEN, f"not text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidChallenge(BROKEN, f"{len(text):,} characters is far too long")
    code = code_under(FRAGMENT_KEY, text)
    if code is None:
        raise InvalidChallenge(BROKEN, f"no challenge in {text.strip()[:80]!r}")
    return code


def parse(text: str) -> Challenge:
    """The challenge in a link, a fragment or a bare code (see ``code_in``)."""
    return decode(code_in(text))


# The command --------------------------------------------------------------------------------------

_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"0", "false", "no", "off"})


def rules_from_text(text: str) -> Rules:
    """Table options from the command line: a preset name (``house``), or ``name=value`` pairs
    separated by commas (``target=50,moon=choose,jack_of_diamonds=on``), the rest standard."""
    text = text.strip()
    if text in PRESETS:
        return PRESETS[text]
    values: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, equals, value = item.partition("=")
        if not equals:
            presets = ", ".join(PRESETS)
            raise InvalidRules(f"{item!r} is neither a preset ({presets}) nor name=value")
        key, value = key.strip(), value.strip()
        if key == "target":
            values[key] = int(value) if value.isdigit() else value
        elif value.lower() in _TRUE | _FALSE and key not in ("moon", "ties"):
            values[key] = value.lower() in _TRUE
        else:
            values[key] = value
    return Rules.from_dict(values, partial=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.challenge", description="Make or read a challenge code."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("encode", help="a code (and a link with --page) for a match")
    make.add_argument("--seed", type=int, required=True, help="the match's seed")
    make.add_argument("--rules", default="standard", help="a preset, or name=value,… (default: standard)")
    make.add_argument("--level", default="normal", choices=LEVELS, help="the bots' level")
    make.add_argument("--score", type=int, help="the challenger's final score")
    make.add_argument("--page", help="the game's address, to print a link too")
    read = commands.add_parser("decode", help="read a code or a link, as JSON")
    read.add_argument("code", help="a code, a link or a #c=… fragment")
    args = parser.parse_args(argv)
    if args.command == "decode":
        try:
            challenge = parse(args.code)
        except InvalidChallenge as error:
            print(json.dumps({"error": str(error), "detail": error.detail}), file=sys.stderr)
            return 1
        print(json.dumps(challenge.to_json()))
        return 0
    try:
        rules = rules_from_text(args.rules)
        challenge = Challenge(seed=args.seed, rules=rules, level=args.level, score=args.score)
    except (InvalidRules, ValueError) as error:
        print(f"hearts.challenge: {error}", file=sys.stderr)
        return 2
    data: dict[str, object] = {"code": encode(challenge), **challenge.to_json()}
    if args.page:
        data["link"] = link_for(args.page, challenge)
    print(json.dumps(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
