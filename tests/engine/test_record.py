"""The save format: what it holds, that it replays, and how it refuses what it is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.deals import deal_for
from hearts.engine import (
    CardSet,
    InvalidSave,
    Match,
    MoonChoice,
    Pass,
    PassDirection,
    Phase,
    Rules,
    Seat,
    record,
)
from hearts.engine.rules import Moon

from .scenarios import play, play_out, start


def passed_hand_one() -> Match:
    match = Match(Rules(jack_of_diamonds=True))
    match.apply(deal_for(11, 1))
    for seat in (Seat.EAST, Seat.SOUTH, Seat.NORTH, Seat.WEST):
        match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[:3])))
    return match


def test_a_save_holds_format_version_rules_seed_and_moves_as_text() -> None:
    match = passed_hand_one()
    data = json.loads(record.dumps(match, seed=11))
    assert data["format"] == "hearts-match" and data["version"] == 2
    assert data["rules"]["jack_of_diamonds"] is True and data["seed"] == 11
    assert data["moves"][0] == deal_for(11, 1).to_text()
    assert data["moves"][1].startswith("pass E ") and len(data["moves"]) == 5
    assert "start" not in data


def test_loading_replays_to_the_same_match() -> None:
    match = passed_hand_one()
    play(match, *[match.legal_plays().notation.split()[0]])
    text = record.dumps(match, seed=11)
    loaded, seed = record.loads(text)
    assert seed == 11
    assert record.dumps(loaded, seed=seed) == text
    assert [loaded.view_for(seat) for seat in Seat] == [match.view_for(seat) for seat in Seat]
    assert loaded.moves == match.moves


def test_a_match_that_starts_later_keeps_its_start() -> None:
    match = start(
        Rules(moon=Moon.SHOOTER_CHOOSES),
        south="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        hand_number=8,
        totals=(10, 0, -5, 99),
    )
    play_out(match)
    assert match.phase is Phase.MOON
    loaded, _ = record.loads(record.dumps(match))
    assert loaded.phase is Phase.MOON and loaded.totals == (10, 0, -5, 99)
    assert loaded.hand_number == 8
    loaded.apply(MoonChoice(Seat.SOUTH, Moon.ADD_TO_OTHERS))
    assert loaded.totals == (10, 26, 21, 125) and loaded.winners == (Seat.SOUTH,)


def test_a_save_keeps_the_pass_cycle_and_the_first_dealer() -> None:
    match = Match(pass_cycle=(PassDirection.ACROSS, PassDirection.NONE), first_dealer=Seat.WEST)
    match.apply(deal_for(4, 1, Seat.WEST))
    for seat in Seat:
        match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[:3])))
    play_out(match)
    match.apply(deal_for(4, 2, Seat.NORTH))
    data = json.loads(record.dumps(match))
    assert data["start"] == {"pass_cycle": ["across", "none"], "first_dealer": "W"}
    loaded, _ = record.loads(json.dumps(data))
    assert (loaded.pass_cycle, loaded.first_dealer) == (match.pass_cycle, match.first_dealer)
    assert [loaded.view_for(seat) for seat in Seat] == [match.view_for(seat) for seat in Seat]
    assert loaded.phase is Phase.PLAY  # hand 2 passes nothing
    del data["start"]  # under the standard start the cards go left, so West leads the 2♣ too soon
    with pytest.raises(InvalidSave, match="cannot be replayed"):
        record.loads(json.dumps(data))


@pytest.mark.parametrize(
    "start",
    [
        {"pass_cycle": []},
        {"pass_cycle": ["sideways"]},
        {"pass_cycle": "left"},
        {"first_dealer": "X"},
        {"first_dealer": 3},
        {"hands_before": 2},
        {"dealer": "N"},
    ],
)
def test_a_bad_start_is_named(start: dict) -> None:
    data = json.loads(record.dumps(passed_hand_one())) | {"start": start}
    with pytest.raises(InvalidSave, match="start|pass cycle|first dealer"):
        record.loads(json.dumps(data))


VERSION_1_SAVE = Path(__file__).parent.parent / "data" / "save-v1-qs-breaks-hearts.json"
"""A whole match saved before the option had one name (``qs_breaks_hearts`` in the save): target 50,
the shooter chooses the moon, the J♦ on and the Q♠ breaking hearts, which move 95 (East leading the
A♥ after only the Q♠) needs."""


def test_a_version_1_save_replays_to_the_same_match() -> None:
    text = VERSION_1_SAVE.read_text()
    assert '"version":1' in text and '"qs_breaks_hearts":true' in text
    match, seed = record.loads(text)
    assert seed == 1313 and match.rules == Rules(
        target=50, moon=Moon.SHOOTER_CHOOSES, jack_of_diamonds=True, queen_breaks_hearts=True
    )
    assert len(match.moves) == 505 and len(match.results) == 9
    assert match.totals == (41, 10, 43, 50) and match.winners == (Seat.WEST,)
    assert [result.jack_taker for result in match.results] == [
        Seat.WEST, Seat.SOUTH, Seat.EAST, Seat.WEST, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.WEST, Seat.WEST
    ]  # fmt: skip
    # Saved again it is version 2 under the one name, and loads to the same match.
    data = json.loads(record.dumps(match, seed=seed))
    assert data["version"] == 2 and data["rules"]["queen_breaks_hearts"] is True
    assert "qs_breaks_hearts" not in data["rules"]
    assert data["moves"] == json.loads(text)["moves"]
    again, _ = record.loads(json.dumps(data))
    assert again.results == match.results and again.moves == match.moves
    # The option matters to this match: without it, the save cannot be replayed.
    data["rules"]["queen_breaks_hearts"] = False
    with pytest.raises(InvalidSave, match="move 95 .* Hearts are not broken yet"):
        record.loads(json.dumps(data))


def test_an_illegal_move_in_a_save_is_refused_with_its_number() -> None:
    data = json.loads(record.dumps(passed_hand_one()))
    data["moves"].append("play S AH")  # nobody leads a heart to the first trick
    with pytest.raises(InvalidSave, match=r"move 6 \('play S AH'\)"):
        record.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": 3}, "newer version"),
        ({"version": "1"}, "no version"),
        ({"format": "chess"}, "not a saved Hearts match"),
        ({"rules": {"target": 100}}, "bad table options"),
        ({"seed": -1}, "seed"),
        ({"moves": "deal"}, "moves"),
        ({"extra": 1}, "unknown fields"),
        ({"start": {"hands_before": 2}}, "start"),
    ],
)
def test_damage_is_named(change: dict, words: str) -> None:
    data = json.loads(record.dumps(passed_hand_one())) | change
    with pytest.raises(InvalidSave, match=words):
        record.loads(json.dumps(data))


def test_text_that_is_not_json_is_quoted() -> None:
    with pytest.raises(InvalidSave, match="not JSON: '{oops'"):
        record.loads("{oops")
