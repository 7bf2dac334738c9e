"""The save: a match as its rules, its seed and its moves in text, replayed through the engine.

Because loading replays every move, a save can never hold an illegal state. Anything that is not a
save of this format and version raises ``InvalidSave`` and nothing else.
"""

from __future__ import annotations

import json
from typing import Any, Final

from .cards import Seat
from .errors import HeartsError, InvalidNotation, InvalidSave
from .match import FIRST_DEALER, MAX_CYCLE, Match
from .moves import parse_move
from .rules import PASS_CYCLE, PassDirection, Rules

FORMAT: Final = "hearts-match"
VERSION: Final = 2
"""Version 2 writes the option ``queen_breaks_hearts`` under that name; version 1 wrote it as
``qs_breaks_hearts`` and still loads."""
MAX_MOVES: Final = 20_000
"""Far above any real match (about 60 moves a hand); a bound so a hostile save cannot stall the load."""
MAX_SEED: Final = 2**64 - 1
MAX_TOTAL: Final = 1_000_000
MIN_SCORE: Final = -(2**15)
MAX_SCORE: Final = 2**15 - 1
"""A match's final score as a challenge code carries it (a signed 16-bit number) and as the save of a
friend's challenge keeps it: one bound for both, so every score a code carries survives a reload."""
MAX_CHARS: Final = 4_000_000
"""About twice the longest possible save (``MAX_MOVES`` deals)."""
MAX_DEPTH: Final = 16
"""A save nests three deep; anything far deeper is not one."""


def to_record(match: Match, *, seed: int | None = None) -> dict[str, Any]:
    """The match as plain JSON-ready data."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": seed,
        "moves": [move.to_text() for move in match.moves],
    }
    start: dict[str, Any] = {}
    if match.hands_before or any(match.totals_before):
        start = {"hands_before": match.hands_before, "totals": list(match.totals_before)}
    if match.pass_cycle != PASS_CYCLE:
        start["pass_cycle"] = [direction.label for direction in match.pass_cycle]
    if match.first_dealer is not FIRST_DEALER:
        start["first_dealer"] = match.first_dealer.letter
    if start:
        data["start"] = start
    return data


def dumps(match: Match, *, seed: int | None = None) -> str:
    """The match as compact JSON text."""
    return json.dumps(to_record(match, seed=seed), separators=(",", ":"), ensure_ascii=True)


def loads(text: str | bytes) -> tuple[Match, int | None]:
    """The match saved in ``text`` and its seed; ``InvalidSave`` if it is anything else."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidSave("a save is UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidSave(f"a save is text, not {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise InvalidSave(f"far too long for a save ({len(text):,} characters)")
    if nesting_depth(text) > MAX_DEPTH:
        # Checked before parsing: a deep enough nest overflows the WebAssembly stack before
        # Python's recursion limit can stop it, and that would kill the page, not raise.
        raise InvalidSave(f"not a save: nested more than {MAX_DEPTH} deep: {_excerpt(text)!r}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidSave(f"not JSON: {_excerpt(text)!r}") from None
    return from_record(data)


def nesting_depth(text: str) -> int:
    """How deep the brackets of JSON text nest, brackets inside strings aside."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def from_record(data: Any) -> tuple[Match, int | None]:
    """The match in ``data`` (as ``to_record`` makes it) and its seed, rebuilt move by move."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSave(f"not a saved Hearts match: {_excerpt(data)!r}")
    version = data.get("version")
    if type(version) is not int:
        raise InvalidSave(f"the save has no version number: {_excerpt(version)!r}")
    if version > VERSION:
        raise InvalidSave(f"the save is from a newer version ({version}) of the game")
    if version < 1:
        raise InvalidSave(f"unknown save version {version!r}")
    unknown = set(data) - {"format", "version", "rules", "seed", "moves", "start"}
    if unknown:
        raise InvalidSave(f"unknown fields in the save: {_excerpt(sorted(map(str, unknown)))}")
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise InvalidSave(f"the seed is a whole number from 0 to 2**64-1, not {_excerpt(seed)!r}")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise InvalidSave(f"the save's moves are not a list of a sensible length: {_excerpt(moves)!r}")
    try:
        rules = Rules.from_dict(data.get("rules"))  # type: ignore[arg-type]
    except HeartsError as error:
        raise InvalidSave(f"bad table options: {_excerpt(str(error), 160)}") from None
    match = _start(rules, data.get("start"))
    for number, text in enumerate(moves, start=1):
        try:
            match.apply(parse_move(text))
        except HeartsError as error:
            reason = _excerpt(str(error), 160)
            raise InvalidSave(f"move {number} ({_excerpt(text)!r}) cannot be replayed: {reason}") from None
    return match, seed


_DIRECTIONS: Final = {direction.label: direction for direction in PassDirection}


def _start(rules: Rules, start: Any) -> Match:
    """The match before its first move: where one that did not begin at zero began (lessons and
    tests make such matches), and its pass cycle and first dealer when they are not the standard."""
    if start is None:
        return Match(rules)
    if not isinstance(start, dict) or not start or not set(start) <= _START_KEYS:
        raise InvalidSave(f"a bad start in the save: {_excerpt(start)!r}")
    if ("hands_before" in start) != ("totals" in start):
        raise InvalidSave(f"a start has both hands_before and totals, or neither: {_excerpt(start)!r}")
    hands_before, totals = start.get("hands_before", 0), start.get("totals", [0, 0, 0, 0])
    if type(hands_before) is not int or not 0 <= hands_before <= MAX_MOVES:
        raise InvalidSave(f"a bad hand count in the save: {_excerpt(hands_before)!r}")
    if (
        not isinstance(totals, list)
        or len(totals) != 4
        or any(type(total) is not int or abs(total) > MAX_TOTAL for total in totals)
    ):
        raise InvalidSave(f"bad starting totals in the save: {_excerpt(totals)!r}")
    cycle = start.get("pass_cycle", [direction.label for direction in PASS_CYCLE])
    if (
        not isinstance(cycle, list)
        or not 0 < len(cycle) <= MAX_CYCLE
        or any(not isinstance(step, str) or step not in _DIRECTIONS for step in cycle)
    ):
        raise InvalidSave(f"a bad pass cycle in the save: {_excerpt(cycle)!r}")
    dealer = start.get("first_dealer", FIRST_DEALER.letter)
    try:
        first_dealer = Seat.parse(dealer)
    except InvalidNotation:
        raise InvalidSave(f"a bad first dealer in the save: {_excerpt(dealer)!r}") from None
    return Match(
        rules,
        hands_before=hands_before,
        totals_before=(totals[0], totals[1], totals[2], totals[3]),
        pass_cycle=[_DIRECTIONS[step] for step in cycle],
        first_dealer=first_dealer,
    )


_START_KEYS: Final = frozenset({"hands_before", "totals", "pass_cycle", "first_dealer"})


def _excerpt(value: object, limit: int = 60) -> str:
    """The start of the text (or repr) of ``value``: enough to recognise it, short enough to show."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, list | dict | tuple):
        text = repr(value) if len(value) <= limit else f"<{type(value).__name__} of {len(value)} items>"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
