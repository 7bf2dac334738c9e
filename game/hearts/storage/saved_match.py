"""A saved match as text and back: the engine's record of it, the bots' level, whether its statistics
are counted, the coach's tally and the friend's challenge it replays. Loading replays the record through
the engine, so a save can never hold an illegal state; anything else raises ``InvalidSave``."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..challenge import Challenge
from ..engine import Deal, InvalidSave, Match, record
from ..levels import LEVELS

SAVE_FORMAT: Final = "hearts-save"
VERSION: Final = 1
_MAX_CHARS: Final = record.MAX_CHARS + 10_000
_MAX_DEPTH: Final = record.MAX_DEPTH + 1
MATCH_ID: Final = re.compile(r"[0-9a-f]{16}")
"""A match's id: 16 hex digits (``new_match_id``, ``derived_match_id``)."""


def new_match_id() -> str:
    """A fresh id for a match that starts now: 16 random hex digits."""
    return secrets.token_hex(8)


def derived_match_id(match: Match, seed: int | None) -> str:
    """The id of a match saved before matches had one: made from its seed and its first hand's deal,
    so two copies of one match share it."""
    first = match.moves[0] if match.moves else None
    deal = first.to_text() if isinstance(first, Deal) else ""
    return hashlib.sha256(f"{seed}|{deal}".encode("ascii")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match as the autosave keeps it.

    ``bot_level`` is the level the bots play the hand in progress at (a new difficulty takes
    effect from the next hand); ``counted`` says the finished match is already in the statistics.
    """

    match: Match
    seed: int | None
    bot_level: str
    counted: bool = False
    points_lost_tenths: Mapping[int, int] = field(default_factory=dict)
    """The finished hands the coach has reviewed, each with what your costly plays in it lost, in
    tenths of a point (``coach.Review.points_lost``). Kept with the match so a reload loses none, and
    counted in the statistics with it; a hand missing here was never reviewed."""
    challenge: Challenge | None = None
    """A friend's challenge this match replays: its bots keep their level and the result is compared
    with the friend's score (``challenge.score``) when it carries one."""
    match_id: str = ""
    """Made when the match starts (``new_match_id``) and kept with it, so the statistics count it once
    whichever window finishes it. Left out, it is derived from the seed and the first deal
    (``derived_match_id``), as for a save from before matches had one."""

    def __post_init__(self) -> None:
        if not self.match_id:
            object.__setattr__(self, "match_id", derived_match_id(self.match, self.seed))


def match_text(saved: SavedMatch) -> str:
    """``saved`` as the text the autosave keeps."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "bot_level": saved.bot_level,
        "counted": saved.counted,
        "match_id": saved.match_id,
        "points_lost_tenths": {
            str(hand): tenths for hand, tenths in sorted(saved.points_lost_tenths.items())
        },
        "record": record.to_record(saved.match, seed=saved.seed),
    }
    if saved.challenge is not None:
        data["challenge"] = {"score": saved.challenge.score}
    return dumps(data)


class NewerSave(InvalidSave):
    """A save written by a newer version of the game."""


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True)


def loads(text: str) -> Any:
    """JSON text, refused (``InvalidSave``) when too long or too deeply nested to be ours."""
    if not isinstance(text, str) or len(text) > _MAX_CHARS:
        raise InvalidSave("not text of a sensible length")
    if record.nesting_depth(text) > _MAX_DEPTH:
        # Checked before parsing: a deep enough nest can overflow the WebAssembly stack before
        # Python's recursion limit stops it.
        raise InvalidSave("nested far too deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidSave(f"not JSON: {text[:40]!r}") from None


def parse_saved_match(text: str) -> SavedMatch:
    data = loads(text)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSave("not a saved Hearts match")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise InvalidSave(f"unknown save version {version!r}")
    if version > VERSION:
        raise NewerSave(f"a save from a newer version ({version})")
    bot_level, counted = data.get("bot_level"), data.get("counted")
    if not isinstance(bot_level, str) or bot_level not in LEVELS:
        raise InvalidSave(f"no bot level {bot_level!r}")
    if type(counted) is not bool:
        raise InvalidSave(f"counted is true or false, not {counted!r}")
    engine_record = data.get("record")
    if isinstance(engine_record, dict):
        engine_version = engine_record.get("version")
        if type(engine_version) is int and engine_version > record.VERSION:
            raise NewerSave(f"a match record from a newer version ({engine_version})")
    match, seed = record.from_record(engine_record)
    lost = _points_lost(data.get("points_lost_tenths"), match)
    challenge = _challenge(data.get("challenge"), match, seed, bot_level)
    match_id = data.get("match_id")
    if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
        match_id = ""  # an older save's (or one that cannot be read): derived from the match
    return SavedMatch(match, seed, bot_level, counted and match.is_over, lost, challenge, match_id)


def _challenge(data: object, match: Match, seed: int | None, bot_level: str) -> Challenge | None:
    """The friend's challenge a save replays: its seed, table and level are the match's own; a friend's
    score that cannot be read is left out, and a match no challenge can name plays on as an ordinary
    one (the match itself is whole either way)."""
    if not isinstance(data, dict) or seed is None:
        return None
    score = data.get("score")
    if type(score) is not int or not record.MIN_SCORE <= score <= record.MAX_SCORE:
        score = None
    try:
        return Challenge(seed=seed, rules=match.rules, level=bot_level, score=score)
    except ValueError:
        return None


def _points_lost(data: object, match: Match) -> dict[int, int]:
    """The coach's tally from a save, forgiving: a save without one (older) or an entry that is not a
    finished hand's number with a whole number of tenths at least 0 leaves that hand unreviewed."""
    finished = {scored.hand_number for scored in match.results}
    lost: dict[int, int] = {}
    if isinstance(data, dict):
        for key, tenths in data.items():
            if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 6):
                continue
            if int(key) in finished and type(tenths) is int and tenths >= 0:
                lost[int(key)] = tenths
    return lost


def saved_fingerprint(saved: SavedMatch) -> str:
    """A short name for one match: its record hashed."""
    text = record.dumps(saved.match, seed=saved.seed)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


PRACTICE_FORMAT: Final = "hearts.practice"


@dataclass(frozen=True, slots=True)
class SavedPractice:
    """A practice hand in progress (``saved``: its own match, replayed to where it began and played on),
    kept apart from the match so a reload returns to it and the match never sees it."""

    saved: SavedMatch
    before: int
    """What you scored in the original hand."""
    start: str
    """Where the practice began, in words ("from trick 4")."""


def practice_text(practice: SavedPractice) -> str:
    """``practice`` as the text its slot keeps: the match's save, and what the comparison needs."""
    return dumps(
        {
            "format": PRACTICE_FORMAT,
            "version": VERSION,
            "before": practice.before,
            "start": practice.start,
            "match": loads(match_text(practice.saved)),
        }
    )


def parse_saved_practice(text: str) -> SavedPractice:
    """A practice from its slot's text; ``InvalidSave`` for anything else."""
    data = loads(text)
    if not isinstance(data, dict) or data.get("format") != PRACTICE_FORMAT:
        raise InvalidSave("not a saved practice hand")
    before, start, match = data.get("before"), data.get("start"), data.get("match")
    if type(before) is not int or not isinstance(start, str) or not isinstance(match, dict):
        raise InvalidSave(f"a practice's score, start and match, not {before!r}, {start!r}, {match!r}")
    return SavedPractice(parse_saved_match(dumps(match)), before, start)
