"""Play from here: a finished hand replayed to South's decision, checked against the hand as played."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from hearts.engine import (
    Card,
    CardSet,
    HandScored,
    IllegalMove,
    Match,
    PassDirection,
    Phase,
    Play,
    Reason,
    Seat,
    Suit,
    record,
)
from hearts.practice import PracticeStart, main, position, practice_match
from hearts.review import HandReplay, replay_hand
from hearts.storage.saved_match import SavedMatch, match_text
from tests.storage.helpers import finished_match

SEED = 7
NO_PASS_HAND = 4
"""The standard cycle passes left, right, across, then not at all."""


@cache
def original() -> Match:
    """A whole bot-played match; tests take copies, so none can change another's."""
    match = finished_match(SEED)
    assert len(match.results) >= NO_PASS_HAND
    return match


def fresh() -> Match:
    return original().copy()


def replay(hand_number: int) -> HandReplay:
    return replay_hand(original(), hand_number)


def breaks_hearts(card: Card, match: Match) -> bool:
    return card.suit is Suit.HEARTS or (match.rules.queen_breaks_hearts and card == Card.parse("QS"))


def south_index(hand: HandReplay, step: int) -> int:
    """How many cards of trick ``step`` were played before South's."""
    trick = hand.tricks[step - 1].trick
    return (Seat.SOUTH - trick.leader) & 3


def expected_at(
    hand: HandReplay, step: int
) -> tuple[tuple[CardSet, ...], tuple[Card, ...], list[int], list[Card]]:
    """From the review, not from the replay under test: every seat's cards, the cards on the table,
    the points taken and every card played, at South's turn in trick ``step``."""
    shown = hand.tricks[step - 1]
    before_south = shown.trick.plays[: south_index(hand, step)]
    held = list(shown.held)
    for seat, card in before_south:
        held[seat] = held[seat] - CardSet([card])
    points = [0, 0, 0, 0]
    played: list[Card] = []
    for earlier in hand.tricks[: step - 1]:
        assert earlier.trick.winner is not None
        points[earlier.trick.winner] += earlier.trick.points
        played += earlier.trick.cards
    on_table = tuple(card for _seat, card in before_south)
    return tuple(held), on_table, points, played + list(on_table)


# The position at the pass and at South's turns ------------------------------------------------


def test_step_zero_is_the_hand_as_dealt_before_any_pass() -> None:
    practice = practice_match(fresh(), 2, 0)
    snapshot = practice.snapshot()
    assert snapshot.hand_number == 2
    assert snapshot.phase is Phase.PASS
    assert snapshot.pass_direction is PassDirection.RIGHT
    assert snapshot.hands == replay(2).dealt
    assert snapshot.passed == (CardSet(),) * 4
    assert snapshot.points == (0, 0, 0, 0)
    assert snapshot.totals == original().results[0].totals
    assert position(practice) == {
        "hand": [card.notation for card in replay(2).dealt[Seat.SOUTH]],
        "trick": [],
        "played": [],
        "points": {"S": 0, "W": 0, "N": 0, "E": 0},
    }


def test_step_zero_of_a_hand_without_passing_is_before_the_first_card() -> None:
    practice = practice_match(fresh(), NO_PASS_HAND, 0)
    snapshot = practice.snapshot()
    assert snapshot.phase is Phase.PLAY
    assert snapshot.hands == replay(NO_PASS_HAND).dealt
    assert snapshot.trick.cards == ()
    assert snapshot.to_move is snapshot.trick.leader
    assert Card.parse("2C") in snapshot.hands[snapshot.to_move]


@pytest.mark.parametrize("hand_number", [1, NO_PASS_HAND])
@pytest.mark.parametrize("step", [1, 9, 13])
def test_south_to_play_in_trick_k_sees_the_hand_as_it_was(hand_number: int, step: int) -> None:
    hand = replay(hand_number)
    practice = practice_match(fresh(), hand_number, step)
    snapshot = practice.snapshot()
    held, on_table, points, played = expected_at(hand, step)
    assert snapshot.hand_number == hand_number
    assert snapshot.phase is Phase.PLAY
    assert snapshot.to_move is Seat.SOUTH
    assert len(snapshot.tricks) == step - 1
    assert snapshot.hands == held
    assert snapshot.trick.cards == on_table
    assert list(snapshot.points) == points
    assert snapshot.hearts_broken == any(breaks_hearts(card, practice) for card in played)
    assert snapshot.tricks == tuple(shown.trick for shown in hand.tricks[: step - 1])
    assert position(practice) == {
        "hand": [card.notation for card in held[Seat.SOUTH]],
        "trick": [card.notation for card in on_table],
        "played": [card.notation for card in played],
        "points": dict(zip("SWNE", points, strict=True)),
    }


# Playing on from there ---------------------------------------------------------------------------


def rest_of_hand(practice: Match, hand_number: int) -> HandScored:
    """Apply the original's moves from where the practice match stands until the hand is scored."""
    for move in original().moves[practice.move_count :]:
        for event in practice.apply(move):
            if isinstance(event, HandScored):
                assert event.hand_number == hand_number
                return event
    raise AssertionError("the hand was never scored")


@pytest.mark.parametrize("step", [0, 1, 9, 13])
def test_the_same_moves_end_the_hand_exactly_as_it_did(step: int) -> None:
    practice = practice_match(fresh(), 3, step)
    assert rest_of_hand(practice, 3) == original().results[2]
    assert practice.moves == original().moves[: practice.move_count]


def test_playing_the_card_south_played_is_the_hand_as_it_went() -> None:
    hand = replay(1)
    for step in range(1, 14):
        card = hand.tricks[step - 1].card_of(Seat.SOUTH)
        practice = practice_match(fresh(), 1, step, play=card)
        assert practice.moves == original().moves[: practice.move_count]
        assert practice.moves[-1] == Play(Seat.SOUTH, card)


def test_another_legal_card_leaves_the_hand_as_it_went() -> None:
    hand = replay(1)
    tried = 0
    for step in range(1, 14):
        played = hand.tricks[step - 1].card_of(Seat.SOUTH)
        at_turn = practice_match(fresh(), 1, step)
        others = [card for card in at_turn.legal_plays() if card != played]
        if not others:
            continue
        as_played = practice_match(fresh(), 1, step, play=played)
        diverged = practice_match(fresh(), 1, step, play=others[0])
        assert diverged.move_count == as_played.move_count
        assert diverged.snapshot() != as_played.snapshot()
        assert others[0] not in diverged.snapshot().hands[Seat.SOUTH]
        assert diverged.moves[-1] == Play(Seat.SOUTH, others[0])
        tried += 1
    assert tried >= 3


def test_the_original_is_untouched() -> None:
    match = fresh()
    moves, text, snapshot = match.moves, record.dumps(match, seed=SEED), match.snapshot()
    for step in (0, 1, 9):
        practice = practice_match(match, 2, step)
        practice.apply(practice.legal_moves()[0])
        assert practice is not match
    practice_match(match, 2, 5, play=replay(2).tricks[4].card_of(Seat.SOUTH))
    assert match.moves == moves
    assert record.dumps(match, seed=SEED) == text
    assert match.snapshot() == snapshot
    assert match.is_over


# Refusals ----------------------------------------------------------------------------------------


def illegal_card_at(hand_number: int) -> tuple[int, Card, Reason]:
    """A step of the hand and a card South holds there but may not play, with the engine's reason."""
    for step in range(1, 14):
        practice = practice_match(fresh(), hand_number, step)
        held = practice.snapshot().hands[Seat.SOUTH]
        for card in held - practice.legal_plays():
            reason = practice.why_illegal(Play(Seat.SOUTH, card))
            assert reason is not None
            return step, card, reason
    raise AssertionError("South could play anything it held at every turn of the hand")


def test_an_illegal_card_is_refused_with_the_engines_reason() -> None:
    step, card, reason = illegal_card_at(1)
    with pytest.raises(IllegalMove) as refused:
        practice_match(fresh(), 1, step, play=card)
    assert refused.value.reason == reason and str(refused.value) == str(reason)


def test_a_card_south_does_not_hold_is_refused() -> None:
    practice = practice_match(fresh(), 1, 5)
    elsewhere = next(iter(practice.snapshot().hands[Seat.NORTH]))
    with pytest.raises(IllegalMove):
        practice_match(fresh(), 1, 5, play=elsewhere)


@pytest.mark.parametrize("step", [-1, 14])
def test_a_step_out_of_range_is_refused(step: int) -> None:
    with pytest.raises(ValueError, match="step 0"):
        practice_match(fresh(), 1, step)


def test_a_hand_not_finished_is_refused() -> None:
    with pytest.raises(ValueError, match="not finished"):
        practice_match(fresh(), len(original().results) + 1, 1)
    with pytest.raises(ValueError, match="numbered from 1"):
        PracticeStart(hand_number=0, step=1)


def test_a_card_at_the_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="trick 1"):
        practice_match(fresh(), 1, 0, play=Card.parse("2C"))


# The command -------------------------------------------------------------------------------------


def save_file(tmp_path: Path) -> Path:
    """The match written as the desktop game writes its save."""
    path = tmp_path / "hearts.match"
    path.write_text(match_text(SavedMatch(fresh(), SEED, "easy")), encoding="utf-8")
    return path


def test_the_command_prints_the_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(save_file(tmp_path)), "--hand", "1", "--from", "9"]) == 0
    printed = json.loads(capsys.readouterr().out)
    held, on_table, points, played = expected_at(replay(1), 9)
    assert printed == {
        "hand": [card.notation for card in held[Seat.SOUTH]],
        "trick": [card.notation for card in on_table],
        "played": [card.notation for card in played],
        "points": dict(zip("SWNE", points, strict=True)),
    }
    assert len(printed["hand"]) == 5


def test_the_command_plays_a_card_given_as_10h(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = replay(1)
    step = next(step for step in range(1, 14) if hand.tricks[step - 1].card_of(Seat.SOUTH).notation[0] == "T")
    card = hand.tricks[step - 1].card_of(Seat.SOUTH)
    spelled = "10" + card.notation[1]
    assert main([str(save_file(tmp_path)), "--hand", "1", "--from", str(step), "--play", spelled]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == position(practice_match(fresh(), 1, step, play=card))
    assert printed["played"][-1] == card.notation


def test_the_command_refuses_an_illegal_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    step, card, reason = illegal_card_at(1)
    command = [str(save_file(tmp_path)), "--hand", "1", "--from", str(step), "--play", card.notation]
    assert main(command) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert str(reason) in captured.err


@pytest.mark.parametrize("text", ["{not json", '{"format": "hearts-save", "version": 1}', ""])
def test_the_command_refuses_a_damaged_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = tmp_path / "hearts.match"
    path.write_text(text, encoding="utf-8")
    assert main([str(path), "--hand", "1", "--from", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "cannot read" in captured.err


def test_the_command_refuses_a_cut_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_file(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    assert main([str(path), "--hand", "1", "--from", "1"]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--hand", "1", "--from", "1", "--play", "ZZ"], "not a card"),
        (["--hand", "1", "--from", "14"], "step 0"),
        (["--hand", "99", "--from", "1"], "not finished"),
    ],
)
def test_the_command_refuses_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], said: str
) -> None:
    assert main([str(save_file(tmp_path)), *arguments]) == 2
    assert said in capsys.readouterr().err


def test_the_command_reads_a_bare_match_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.json"
    path.write_text(record.dumps(fresh(), seed=SEED), encoding="utf-8")
    assert main([str(path), "--hand", "2", "--from", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["hand"] == [
        card.notation for card in replay(2).dealt[Seat.SOUTH]
    ]
