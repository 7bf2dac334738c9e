"""Fuzzing ``record.loads``: damaged, foreign and hostile input raises ``InvalidSave`` and nothing else.

SPEC §7: a damaged, foreign or older save never crashes the game. Every input here goes through
``load``, which fails the test on any exception but ``InvalidSave`` (showing the input), and checks
that whatever does load is a legal match: it saves again, loads again, and replays.
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.engine import CARDS, InvalidSave, Match, Moon, Phase, Rules, Seat, Ties, record
from tests.engine.helpers import Driver, fingerprint
from tests.runs import searched

SEEDED_MUTATIONS: Final = searched(8000, in_pyodide=1500)
"""Random edits (bytes, text and JSON level) of real saves."""
SAMPLED_TRUNCATIONS: Final = searched(600, in_pyodide=150)
"""Cut points sampled from the long save (the short one is cut at every length)."""
HYPOTHESIS_EXAMPLES: Final = searched(300, in_pyodide=60)
"""Per hypothesis test below."""
MAX_MESSAGE: Final = 300
"""An ``InvalidSave`` message is shown to the player: it quotes an excerpt, never a whole input."""

RULES_TEXT: Final = (
    '{"target":100,"moon":"add","jack_of_diamonds":false,"ties":"play_on",'
    '"qs_breaks_hearts":false,"points_on_first_trick":false}'
)


# Loading, and what a successful load must give -------------------------------------------------


def load(text: Any) -> Match | None:
    """``record.loads(text)``: None when it raises ``InvalidSave``, the match when it loads (after
    checking it is a legal match); any other exception fails the test with the input shown."""
    try:
        match, seed = record.loads(text)
    except InvalidSave as error:
        message = str(error)
        assert message.strip(), f"an empty message for {shown(text)}"
        return None
    except Exception as error:  # the property under test: nothing else may escape
        raise AssertionError(
            f"record.loads raised {type(error).__name__} ({shown(error)}) for {shown(text)}"
        ) from error
    check_loaded(match, seed, text)
    return match


def check_loaded(match: Match, seed: int | None, text: str | bytes) -> None:
    """A loaded match is what the text says, and legal: every move of the text was applied (none
    skipped), it re-saves to the same match, and its moves replay from scratch."""
    data = json.loads(text)
    assert len(match.moves) == len(data["moves"]), "moves were skipped"
    assert match.rules == Rules.from_dict(data["rules"])
    assert seed == data.get("seed")
    assert seed is None or (type(seed) is int and 0 <= seed < 2**64)
    again, again_seed = record.loads(record.dumps(match, seed=seed))
    assert again_seed == seed
    assert fingerprint(again) == fingerprint(match)
    fresh = Match(match.rules, hands_before=match.hands_before, totals_before=match.totals_before)
    for move in match.moves:
        fresh.apply(move)
    assert fingerprint(fresh) == fingerprint(match)


def shown(value: Any, limit: int = 400) -> str:
    # Without memory addresses ("<memory at 0x7f…>"): as a test id it must read the same in every
    # process that collects the tests (pytest-xdist's workers compare them).
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


# Real saves to damage --------------------------------------------------------------------------


def played(rules: Rules | Match, seed: int, stop: Any = None) -> Match:
    """A random match under ``rules`` (or going on from a match) from ``seed``, until it is over or
    ``stop(match)`` is true."""
    rng = random.Random(seed)
    match = rules if isinstance(rules, Match) else Match(rules)
    driver = Driver(seed, rng)
    while not match.is_over and not (stop and stop(match)):
        match.apply(driver.next_move(match))
    return match


@functools.lru_cache(maxsize=1)
def real_saves() -> dict[str, str]:
    """Real saves at different points: empty, mid-pass, a hand and more, a moon choice pending, a
    whole match, and a match that started later (with a ``start``)."""
    saves = {"empty": record.dumps(Match(Rules()))}
    mid_pass = played(Rules(), 1, lambda match: len(match.awaiting) == 2)
    saves["mid pass"] = record.dumps(mid_pass, seed=1)
    short = played(Rules(jack_of_diamonds=True), 2, lambda match: len(match.moves) >= 70)
    saves["short"] = record.dumps(short, seed=2)
    for seed in range(1000):
        moon = played(
            Rules(target=50, moon=Moon.SHOOTER_CHOOSES), seed, lambda match: match.phase is Phase.MOON
        )
        if moon.phase is Phase.MOON:
            saves["moon pending"] = record.dumps(moon, seed=seed)
            break
    whole = played(Rules(target=50), 3)
    saves["whole match"] = record.dumps(whole, seed=3)
    later = Match(Rules(ties=Ties.SHARED_WIN), hands_before=6, totals_before=(10, 0, -5, 90))
    saves["started later"] = record.dumps(played(later, 4, lambda match: len(match.moves) >= 30))
    return saves


def test_the_real_saves_load() -> None:
    saves = real_saves()
    assert set(saves) == {"empty", "mid pass", "short", "moon pending", "whole match", "started later"}
    for name, text in saves.items():
        assert load(text) is not None, name
        assert load(text.encode()) is not None, name
        assert load(bytearray(text.encode())) is not None, name
    loaded, _seed = record.loads(saves["moon pending"])
    assert loaded.phase is Phase.MOON
    loaded, _seed = record.loads(saves["whole match"])
    assert loaded.is_over
    loaded, _seed = record.loads(saves["started later"])
    assert loaded.hands_before == 6 and loaded.totals_before == (10, 0, -5, 90)
    assert "start" in json.loads(saves["started later"])


# Seeded mutation loops -------------------------------------------------------------------------


def test_truncated_at_every_length() -> None:
    for name in ("short", "mid pass", "moon pending"):
        text = real_saves()[name]
        data = text.encode()
        for end in range(len(text)):
            assert load(text[:end]) is None, (name, end)
            assert load(data[:end]) is None, (name, end)
    text = real_saves()["whole match"]
    rng = random.Random(1)
    for end in rng.sample(range(len(text)), SAMPLED_TRUNCATIONS):
        assert load(text[:end]) is None, end


def test_truncated_move_lists_load_as_earlier_positions() -> None:
    """Dropping moves from the end gives the match as it stood then: each is a legal save."""
    data = json.loads(real_saves()["short"])
    full, _seed = record.loads(real_saves()["short"])
    for count in range(len(data["moves"]) + 1):
        loaded = load(json.dumps({**data, "moves": data["moves"][:count]}))
        assert loaded is not None and loaded.moves == full.moves[:count]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if not data:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
    at = rng.randrange(len(data))
    if kind == 0:  # flip one bit
        return data[:at] + bytes([data[at] ^ 1 << rng.randrange(8)]) + data[at + 1 :]
    if kind == 1:  # a random byte
        return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
    if kind == 2:  # delete a span
        return data[:at] + data[at + rng.randrange(1, 40) :]
    if kind == 3:  # insert random bytes
        return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6))) + data[at:]
    if kind == 4:  # duplicate a span
        end = min(len(data), at + rng.randrange(1, 60))
        return data[:end] + data[at:end] + data[end:]
    other = rng.randrange(len(data))  # swap two bytes
    swapped = bytearray(data)
    swapped[at], swapped[other] = swapped[other], swapped[at]
    return bytes(swapped)


SPICE: Final = (
    '"',
    "\\",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    "1e999",
    "-1",
    "NaN",
    "\ud800",
    "\x00",
    "é",
    "♠",
    "10",
    "QS",
    "play",
    "pass",
    "moon",
    "deal",
    " ",
    "\n",
)


def mutate_text(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    if rng.random() < 0.5:
        return text[:at] + rng.choice(SPICE) + text[at:]
    return text[:at] + text[at + rng.randrange(1, 12) :]


def mutate_moves(moves: list[Any], rng: random.Random) -> list[Any]:
    moves = list(moves)
    if not moves:
        return [rng.choice(["play S 2C", "deal", "", None, 7, ["play S 2C"]])]
    at = rng.randrange(len(moves))
    kind = rng.randrange(10)
    if kind == 0 and len(moves) > 1:  # swap two moves (two passes may well swap legally)
        other = rng.randrange(len(moves))
        moves[at], moves[other] = moves[other], moves[at]
    elif kind == 1:
        del moves[at]
    elif kind == 2:
        moves.insert(at, moves[at])
    elif kind == 3 and isinstance(moves[at], str):  # another card (or another seat)
        words = moves[at].split(" ")
        if words[0] in ("play", "pass"):
            words[rng.randrange(2, len(words))] = rng.choice(CARDS).notation
        elif words[0] == "moon":
            words[1] = rng.choice("SWNEX")
        moves[at] = " ".join(words)
    elif kind == 4 and isinstance(moves[at], str):
        moves[at] = moves[at].replace(" ", rng.choice(["", "  ", "\t", "/"]), 1)
    elif kind == 5:
        moves[at] = rng.choice(
            [
                None,
                1,
                1.5,
                True,
                [],
                {},
                "",
                "play",
                "play S",
                "moon S choose",
                "moon S add",
                "pass S",
                "deal " + "2C" * 13,
            ]
        )
    elif kind == 6:  # a move of another seat
        if isinstance(moves[at], str) and len(moves[at]) > 6:
            moves[at] = moves[at][:5] + rng.choice("SWNE") + moves[at][6:]
    elif kind == 7:
        moves = moves[: rng.randrange(len(moves) + 1)]
    elif kind == 8 and isinstance(moves[at], str):  # letters in another case, 10 for T
        moves[at] = moves[at].lower() if rng.random() < 0.5 else moves[at].replace("T", "10")
    else:
        moves.append(rng.choice(moves))
    return moves


WRONG_VALUES: Final = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    50,
    100,
    150,
    1.0,
    100.0,
    2**64,
    -(2**63),
    1e999,
    "1",
    "100",
    "",
    "add",
    "play_on",
    [],
    [1],
    {},
    {"a": 1},
    "\ud800",
)


def mutate_record(data: dict[str, Any], rng: random.Random) -> Any:
    data = json.loads(json.dumps(data))
    kind = rng.randrange(9)
    if kind == 8:  # where a match that began later began
        start = data.get("start") or {"hands_before": 3, "totals": [1, 2, 3, 4]}
        key = rng.choice(["hands_before", "totals", "extra"])
        if rng.random() < 0.2:
            start.pop(key, None)
        elif key == "totals" and rng.random() < 0.5:
            totals = list(start["totals"]) if isinstance(start.get("totals"), list) else [0] * 4
            totals[rng.randrange(len(totals))] = rng.choice((*WRONG_VALUES, 10**6, 10**6 + 1))
            start["totals"] = totals[: rng.choice([2, 3, 4, 4, 4, 5])]
        else:
            start[key] = rng.choice((*WRONG_VALUES, 20000, 20001, [0, 0, 0, 0]))
        data["start"] = start if rng.random() < 0.9 else rng.choice(WRONG_VALUES)
    elif kind < 3:
        data["moves"] = mutate_moves(data["moves"], rng)
    elif kind == 3:  # a table option of the wrong type or value, or extra and missing options
        rules = data["rules"]
        key = rng.choice([*rules, "extra", "queen_breaks_hearts"])
        if rng.random() < 0.2:
            rules.pop(key, None)
        else:
            rules[key] = rng.choice(WRONG_VALUES)
    elif kind == 4:
        data["seed"] = rng.choice(WRONG_VALUES)
    elif kind == 5:
        data["version"] = rng.choice(WRONG_VALUES)
    elif kind == 6:
        key = rng.choice(["format", "version", "rules", "seed", "moves", "start", "extra"])
        if rng.random() < 0.5:
            data.pop(key, None)
        else:
            data[key] = rng.choice(WRONG_VALUES)
    else:
        return rng.choice([list(data.values()), list(data), data["moves"], data["rules"]])
    return data


def test_seeded_mutations_of_real_saves() -> None:
    rng = random.Random(2024)
    saves = list(real_saves().values())
    loaded = 0
    for _ in range(SEEDED_MUTATIONS):
        text = rng.choice(saves)
        kind = rng.randrange(4)
        if kind == 0:
            mutated: Any = mutate_bytes(text.encode(), rng)
            if rng.random() < 0.5:
                mutated = mutated.decode("utf-8", errors=rng.choice(["replace", "ignore"]))
        elif kind == 1:
            mutated = mutate_text(text, rng)
        else:
            mutated = json.dumps(mutate_record(json.loads(text), rng), allow_nan=True)
        loaded += load(mutated) is not None
    # Some edits leave a legal save (swapped passes, dropped moves at the end, "10" for "T"), so
    # the successful-load checks ran too; most do not.
    assert 0 < loaded < SEEDED_MUTATIONS // 2, loaded


def test_every_move_edited_to_every_other_card() -> None:
    """Each play of the short save changed to each other card: refused, or a legal other game."""
    data = json.loads(real_saves()["short"])
    for index, text in enumerate(data["moves"]):
        if not text.startswith("play "):
            continue
        for card in CARDS[::5]:
            moves = [*data["moves"][:index], f"{text[:7]}{card.notation}"]
            load(json.dumps({**data, "moves": moves}))


# Foreign and hostile input ---------------------------------------------------------------------

HOSTILE: Final[tuple[Any, ...]] = (
    "",
    " ",
    "\n",
    "null",
    "true",
    "false",
    "0",
    "-0",
    "1e999",
    "-1e999",
    "NaN",
    "Infinity",
    "-Infinity",
    '"hearts-match"',
    "[]",
    "{}",
    "[1, 2, 3]",
    '{"format": null}',
    "{'format': 1}",
    '{"format": "hearts-match"}',
    '{"format": "hearts-match", "version": NaN}',
    '{"format": "hearts-match", "version": Infinity}',
    '{"format": "hearts-match", "version": 1e999}',
    '{"format": "hearts-match", "version": 1, "version": 2}',
    '{"format": "chess-pgn", "version": 1, "moves": ["e4"]}',
    '{"format": "hearts-match", "format": "other"}',
    '{"format": "hearts-match", "version": 1, "rules": null, "moves": []}',
    '{"format": "hearts-match", "version": 1, "rules": {}, "moves": []}',
    '{"format": "hearts-match", "version": 1, "rules": [], "moves": []}',
    "1" * 5000,
    "-" + "9" * 4301,
    '"' + "\\ud800" + '"',
    '"\ud800"',
    "\ud800",
    '{"format": "hearts-match", "version": "\ud800"}',
    "\x00",
    "\ufeff{}",
    '{"format": "hearts-match", "version": 1, "rules": ' + RULES_TEXT + ', "moves": ' + "[" * 50,
    b"",
    b"\xff",
    b"\xff\xfe{\x00}\x00",
    b"\xc3\x28",
    b"\xed\xa0\x80",  # a UTF-8-encoded surrogate
    b"\xef\xbb\xbf{}",
    "{}".encode("utf-16"),
    bytearray(b"[]"),
    None,
    42,
    4.2,
    ["format"],
    {"format": "hearts-match"},
    memoryview(b"{}"),
    object(),
)


@pytest.mark.parametrize("text", HOSTILE, ids=lambda text: shown(text, 30))
def test_hostile_input_is_refused(text: Any) -> None:
    assert load(text) is None


def nested(depth: int, inner: str = "1") -> list[str]:
    return ["[" * depth + inner + "]" * depth, '{"a":' * depth + inner + "}" * depth]


LIMIT: Final = sys.getrecursionlimit()
DEPTHS: Final = (
    *range(1, 60, 7),
    # Natively the parser gives up (RecursionError) a little under the recursion limit, and a value
    # it did parse is quoted in the message: nesting just under the limit must not recurse there.
    *range(LIMIT - 200, LIMIT + 10),
    # Far beyond it; inside WebAssembly the C stack is smaller than the limits assume.
    2 * LIMIT,
    3000,
    5000,
    7000,
    8000,
    20_000,
    100_000,
)


def test_deeply_nested_json_is_refused() -> None:
    """JSON nested from a little to very deep, alone and in every field of a save."""
    for depth in DEPTHS:
        for value in nested(depth):
            for text in (
                value,
                value[:-1],  # unclosed
                '{"format": ' + value + "}",
                '{"format": "hearts-match", "version": ' + value + "}",
                '{"format": "hearts-match", "version": 1, "seed": ' + value + ', "moves": []}',
                '{"format": "hearts-match", "version": 1, "rules": ' + value + ', "moves": []}',
                '{"format": "hearts-match", "version": 1, "rules": '
                + RULES_TEXT
                + ', "moves": ['
                + value
                + "]}",
                '{"format": "hearts-match", "version": 1, "rules": '
                + RULES_TEXT
                + ', "moves": '
                + value
                + "}",
                '{"format": "hearts-match", "version": 1, "rules": '
                + RULES_TEXT.replace('"add"', value)
                + ', "moves": []}',
                '{"format": "hearts-match", "version": 1, "rules": '
                + RULES_TEXT
                + ', "moves": [], "start": '
                + value
                + "}",
            ):
                assert load(text) is None, (depth, text[:80])


def save_with(**changes: Any) -> str:
    data: dict[str, Any] = {
        "format": "hearts-match",
        "version": 1,
        "rules": json.loads(RULES_TEXT),
        "seed": 7,
        "moves": [],
    }
    data.update(changes)
    return json.dumps(data)


FIELD_DAMAGE: Final = (
    [("version", value) for value in (True, 1.0, "1", None, [], 0, -1, record.VERSION + 1, 10**40)]
    + [("seed", value) for value in (-1, 1.5, "7", True, [], {}, 2**64, -(2**64), 1e999)]
    + [("moves", value) for value in (None, "play S 2C", {}, 7, [None], [7], [[]], ["deal"])]
    + [("rules", value) for value in (None, [], "standard", 1, {"target": 100})]
    + [
        ("start", value)
        for value in (
            [],
            1,
            "later",
            {},
            {"hands_before": 1},
            {"totals": [0, 0, 0, 0]},
            {"hands_before": True, "totals": [0, 0, 0, 0]},
            {"hands_before": -1, "totals": [0, 0, 0, 0]},
            {"hands_before": 1.0, "totals": [0, 0, 0, 0]},
            {"hands_before": record.MAX_MOVES + 1, "totals": [0, 0, 0, 0]},
            {"hands_before": 1, "totals": [0, 0, 0]},
            {"hands_before": 1, "totals": [0, 0, 0, 0, 0]},
            {"hands_before": 1, "totals": [0, 0, 0, False]},
            {"hands_before": 1, "totals": [0, 0, 0, 0.5]},
            {"hands_before": 1, "totals": [0, 0, 0, 10**7]},
            {"hands_before": 1, "totals": [0, 0, 0, -(10**7)]},
            {"hands_before": 1, "totals": "0 0 0 0"},
            {"hands_before": 1, "totals": [0, 0, 0, 0], "extra": 1},
            {"pass_cycle": []},
            {"pass_cycle": ["left", "up"]},
            {"pass_cycle": ["left"] * 65},
            {"pass_cycle": [1]},
            {"pass_cycle": "left"},
            {"first_dealer": "X"},
            {"first_dealer": 3},
            {"first_dealer": None},
            {"pass_cycle": ["left"], "totals": [0, 0, 0, 0]},
        )
    ]
    + [
        ("rules", {**json.loads(RULES_TEXT), key: value})
        for key, value in (
            ("target", True),
            ("target", 100.0),
            ("target", "100"),
            ("target", 99),
            ("target", None),
            ("moon", "sideways"),
            ("moon", "Add"),
            ("moon", None),
            ("moon", ["add"]),
            ("ties", "tie"),
            ("jack_of_diamonds", 1),
            ("jack_of_diamonds", "true"),
            ("qs_breaks_hearts", None),
            ("queen_breaks_hearts", None),
            ("points_on_first_trick", 0),
            ("extra", True),
            ("queen_breaks_hearts", True),
        )
    ]
)


@pytest.mark.parametrize(
    ("field", "value"), FIELD_DAMAGE, ids=[f"{field}={value!r}" for field, value in FIELD_DAMAGE]
)
def test_a_field_of_the_wrong_type_or_value(field: str, value: Any) -> None:
    assert load(save_with(**{field: value})) is None


def test_too_many_moves_are_refused_before_replaying() -> None:
    assert load(save_with(moves=["play S 2C"] * (record.MAX_MOVES + 1))) is None


# Hypothesis --------------------------------------------------------------------------------------

JSON_VALUES: Final = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)

FUZZ: Final = settings(
    max_examples=HYPOTHESIS_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(st.text())
def test_any_text(text: str) -> None:
    assert load(text) is None


@FUZZ
@given(st.binary())
def test_any_bytes(data: bytes) -> None:
    assert load(data) is None


@FUZZ
@given(JSON_VALUES)
def test_any_json_value(value: Any) -> None:
    assert load(json.dumps(value)) is None


def move_texts() -> list[str]:
    moves: list[str] = json.loads(real_saves()["short"])["moves"]
    return moves


@FUZZ
@given(
    version=st.one_of(st.just(1), JSON_VALUES),
    rules=st.one_of(
        st.just(json.loads(RULES_TEXT)),
        st.dictionaries(
            st.sampled_from([*json.loads(RULES_TEXT), "extra"]),
            st.one_of(JSON_VALUES, st.sampled_from([50, 100, 150, "add", "choose", "shared"])),
        ),
        JSON_VALUES,
    ),
    seed=st.one_of(st.none(), st.integers(), JSON_VALUES),
    moves=st.one_of(
        st.lists(st.one_of(st.sampled_from(move_texts()), st.text(max_size=20), JSON_VALUES), max_size=30),
        JSON_VALUES,
    ),
    extra=st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=2),
)
def test_save_shaped_records(version: Any, rules: Any, seed: Any, moves: Any, extra: Any) -> None:
    data = {
        **extra,
        "format": "hearts-match",
        "version": version,
        "rules": rules,
        "seed": seed,
        "moves": moves,
    }
    load(json.dumps(data))


@FUZZ
@given(st.data())
def test_hypothesis_edits_of_a_real_save(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(sorted(real_saves().values())))
    for _ in range(data.draw(st.integers(1, 3))):
        start = data.draw(st.integers(0, len(text)))
        end = data.draw(st.integers(start, min(len(text), start + 30)))
        text = text[:start] + data.draw(st.text(max_size=6)) + text[end:]
    load(text)


# Messages --------------------------------------------------------------------------------------


def message(text: Any) -> str:
    with pytest.raises(InvalidSave) as caught:
        record.loads(text)
    return str(caught.value)


MESSAGES: Final = [
    # (what is damaged, the input, words the message must hold: what is wrong, the bad input quoted)
    pytest.param("{oops", ["JSON", "'{oops'"], id="not JSON"),
    pytest.param("[1, 2]", ["not a saved Hearts match", "[1, 2]"], id="foreign JSON"),
    pytest.param('{"format": "chess-pgn"}', ["not a saved Hearts match", "chess-pgn"], id="another format"),
    pytest.param(42, ["text", "int"], id="not text"),
    pytest.param(b"\xff\xfe", ["UTF-8"], id="not UTF-8"),
    pytest.param(save_with(version="1"), ["version", "'1'"], id="version a string"),
    pytest.param(save_with(version=None), ["version", "None"], id="no version"),
    pytest.param(save_with(version=3), ["newer", "3"], id="newer version"),
    pytest.param(save_with(version=0), ["version", "0"], id="version 0"),
    pytest.param(save_with(extra=1), ["unknown", "'extra'"], id="unknown field"),
    pytest.param(save_with(seed=-1), ["seed", "-1"], id="seed negative"),
    pytest.param(save_with(seed=1.5), ["seed", "1.5"], id="seed a float"),
    pytest.param(save_with(seed="7"), ["seed", "'7'"], id="seed a string"),
    pytest.param(save_with(rules=None), ["table options", "None"], id="rules null"),
    pytest.param(
        save_with(rules={**json.loads(RULES_TEXT), "target": True}), ["target", "True"], id="target true"
    ),
    pytest.param(
        save_with(rules={**json.loads(RULES_TEXT), "moon": "sideways"}),
        ["moon", "'sideways'"],
        id="moon unknown",
    ),
    pytest.param(
        save_with(rules={**json.loads(RULES_TEXT), "colour": "red"}),
        ["unknown", "colour"],
        id="rules extra key",
    ),
    pytest.param(save_with(rules={"target": 100}), ["missing", "moon"], id="rules missing keys"),
    pytest.param(
        save_with(moves=["play S ZZ"]), ["move 1", "'play S ZZ'", "not a card"], id="move not a card"
    ),
    pytest.param(save_with(moves=[7]), ["move 1", "7", "not a move"], id="move a number"),
    pytest.param(
        save_with(moves=["play S 2C"]), ["move 1", "'play S 2C'", "not been dealt"], id="move illegal"
    ),
    pytest.param(
        save_with(moves=["moon S choose"]),
        ["move 1", "'moon S choose'", "add or subtract"],
        id="moon choice unknown",
    ),
    pytest.param(save_with(start=[]), ["start", "[]"], id="start not an object"),
    pytest.param(
        save_with(start={"hands_before": -1, "totals": [0, 0, 0, 0]}),
        ["hand", "-1"],
        id="start hands negative",
    ),
    pytest.param(
        save_with(start={"hands_before": 1, "totals": [0, 0, 0]}),
        ["totals", "[0, 0, 0]"],
        id="start totals short",
    ),
    pytest.param(save_with(moves="play S 2C"), ["moves", "'play S 2C'"], id="moves a string"),
    pytest.param(save_with(moves=None), ["moves", "None"], id="moves null"),
]


@pytest.mark.parametrize(("text", "words"), MESSAGES)
def test_each_kind_of_damage_is_named_and_quoted(text: Any, words: list[str]) -> None:
    said = message(text)
    for word in words:
        assert word in said, f"{word!r} not in {said!r}"


def test_an_illegal_move_says_which_and_why() -> None:
    """A move the rules forbid: its number, its text and the table's reason."""
    data = json.loads(real_saves()["short"])
    moves = data["moves"]
    index = next(i for i, text in enumerate(moves) if text.startswith("play "))
    seat = moves[index].split(" ")[1]
    other = next(card for card in CARDS if card.notation not in moves[index])
    said = message(json.dumps({**data, "moves": [*moves[:index], f"play {seat} {other.notation}"]}))
    assert f"move {index + 1} " in said and f"'play {seat} {other.notation}'" in said
    assert re.search(r"cannot be replayed: \S", said), said


def test_a_newer_version_is_not_taken_for_damage() -> None:
    said = message(save_with(version=record.VERSION + 1))
    assert "newer" in said and str(record.VERSION + 1) in said


HUGE: Final = 100_000

HUGE_INPUTS: Final = {
    "not JSON": "x" * HUGE,
    "another format": json.dumps({"format": "y" * HUGE}),
    "unknown field": save_with(**{"x" * HUGE: 1}),
    "version": save_with(version="v" * HUGE),
    "seed": save_with(seed="s" * HUGE),
    "start": save_with(start={"hands_before": "h" * HUGE, "totals": [0, 0, 0, 0]}),
    "start totals": save_with(start={"hands_before": 1, "totals": [0] * HUGE}),
    "moves": save_with(moves="m" * HUGE),
    "rules": save_with(rules=[1] * HUGE),
    "rules key": save_with(rules={"x" * HUGE: 1}),
    "moon": save_with(rules={**json.loads(RULES_TEXT), "moon": "x" * HUGE}),
    "target": save_with(rules={**json.loads(RULES_TEXT), "target": "9" * HUGE}),
    "play": save_with(moves=["play S " + "X" * HUGE]),
    "deal": save_with(moves=["deal " + "2C" * HUGE]),
    "pass": save_with(moves=["pass S " + "QS " * HUGE]),
}


def test_messages_stay_short_whatever_the_input() -> None:
    """The table shows the message: an excerpt of a huge input, never all of it."""
    lengths = {name: len(message(text)) for name, text in HUGE_INPUTS.items()}
    too_long = {name: length for name, length in lengths.items() if length > MAX_MESSAGE}
    assert not too_long, f"messages longer than {MAX_MESSAGE} characters, by damaged field: {too_long}"


def test_seats_in_moves_are_checked() -> None:
    """A whole real save with one move's seat changed is refused (a move for the wrong seat)."""
    data = json.loads(real_saves()["short"])
    for index, text in enumerate(data["moves"]):
        if text.startswith("play "):
            seat = Seat.parse(text.split(" ")[1])
            moves = [*data["moves"][:index], f"play {seat.next.letter} {text.split(' ')[2]}"]
            assert load(json.dumps({**data, "moves": moves})) is None
