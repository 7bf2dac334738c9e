"""The bot over standard input and output (issue 3): requests rebuild the engine's own view, every
line gets one answer, and a malformed or impossible request gets an error and the next line is read."""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import pathlib
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

from hearts.bots import make_bot
from hearts.bots.base import best_moon_choice
from hearts.bots.stdio import request_from_view, respond, serve, view_from_request
from hearts.deals import deal_for, seat_seed
from hearts.engine import Card, Match, Moon, Pass, Phase, Play, PlayerView, Rules, Seat
from tests.engine.scenarios import play, play_out, start

from .positions import WEST_RUNS, WEST_RUNS_PLAY, random_views

Request = dict[str, Any]


def ask(request: Request | str, level: str = "normal") -> Any:
    line = request if isinstance(request, str) else json.dumps(request)
    return json.loads(respond(make_bot(level, seed=0), line))


def same_view(engine: PlayerView, rebuilt: PlayerView) -> bool:
    """Equal but for what a request does not carry: the hand number, the dealer, and while
    passing, which other seats have passed already."""
    return rebuilt == dataclasses.replace(
        engine, hand_number=rebuilt.hand_number, dealer=rebuilt.dealer, has_passed=rebuilt.has_passed
    )


def west_runs() -> Match:
    """South to play the last card of trick 5 (a no-pass hand): see ``positions.WEST_RUNS``."""
    match = start(**WEST_RUNS)
    for trick in WEST_RUNS_PLAY:
        play(match, *trick.split())
    return match


def passing_position() -> PlayerView:
    """A left-pass hand of random legal play, up to a point where South is to play after the first
    trick, with a card of North's in the trick and a card South passed still in West's hand."""
    bots = [make_bot("random", seed) for seed in range(4)]
    for deal in range(1, 50):
        match = Match(hands_before=0)
        match.apply(deal_for(deal, 1))
        for seat in Seat:
            match.apply(bots[seat].decide(match.view_for(seat)))
        while match.phase is Phase.PLAY:
            seat = match.to_move
            assert seat is not None
            view = match.view_for(seat)
            north_played = view.trick.card_of(Seat.NORTH) is not None
            passed = view.passed
            if seat is Seat.SOUTH and view.tricks and north_played and passed and passed - view.played:
                return view
            match.apply(bots[seat].decide(view))
    raise AssertionError("no such position in 49 deals")


# Rebuilding the view ------------------------------------------------------------------------------


def test_a_request_rebuilds_the_engines_view_of_every_decision() -> None:
    count = 0
    for view in random_views(seed=4, hands=24):
        request = json.loads(json.dumps(request_from_view(view)))
        assert same_view(view, view_from_request(request))
        count += 1
    assert count > 24 * 13


def test_the_queen_option_goes_by_its_one_name_and_its_old_one_still_reads() -> None:
    view = next(random_views(seed=5, hands=1, hero=Seat.SOUTH))
    view = dataclasses.replace(view, rules=Rules(queen_breaks_hearts=True))
    request = request_from_view(view)
    assert request["rules"]["queen_breaks_hearts"] is True and "qs_breaks_hearts" not in request["rules"]
    assert view_from_request(request).rules.queen_breaks_hearts
    old = dict(request, rules={"qs_breaks_hearts": True})
    assert view_from_request(old).rules == Rules(queen_breaks_hearts=True)
    both = dict(request, rules={"qs_breaks_hearts": True, "queen_breaks_hearts": True})
    assert "twice" in ask(both)["error"]


def test_the_moon_choice_under_shooter_chooses() -> None:
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    match = start(Rules(moon=Moon.SHOOTER_CHOOSES), south=clubs, totals=(95, 60, 70, 80))
    play_out(match)
    assert match.phase is Phase.MOON
    view = match.view_for(Seat.SOUTH)
    request = request_from_view(view)
    assert same_view(view, view_from_request(request))
    # Adding 26 would end the match with West lowest: South subtracts.
    assert best_moon_choice(view) is Moon.SUBTRACT_FROM_SHOOTER
    assert ask(request) == "subtract"
    assert "error" in ask(dict(request, rules={"moon": "add"}))


def test_answers_for_a_play_and_a_pass() -> None:
    request = request_from_view(west_runs().view_for(Seat.SOUTH))
    assert ask(request) == "KH"
    assert ask(request, "easy") in ("4H", "KH")
    match = Match()
    match.apply(deal_for(3, 1))
    view = match.view_for(Seat.EAST)
    answer = ask(request_from_view(view))
    assert isinstance(answer, list) and len(answer) == 3
    assert {Card.parse(text) for text in answer} <= set(view.hand)


def test_cards_in_any_of_the_engines_notations() -> None:
    request = request_from_view(west_runs().view_for(Seat.SOUTH))
    request["hand"] = [text.replace("T", "10").replace("H", "♥") for text in request["hand"]]
    assert ask(request) == "KH"


# Malformed and impossible requests -----------------------------------------------------------------


def edit_hand(swap_out: str, swap_in: str) -> Callable[[Request], None]:
    def change(request: Request) -> None:
        request["hand"] = [swap_in if card == swap_out else card for card in request["hand"]]

    return change


def replace_in_trick(number: int, old: str, new: str) -> Callable[[Request], None]:
    def change(request: Request) -> None:
        trick = request["tricks"][number - 1] if number else request["trick"]
        trick["cards"] = [new if card == old else card for card in trick["cards"]]

    return change


def show_out_then_follow(request: Request) -> None:
    # East discards the K♦ on trick 2 (showing out of clubs), then plays the 7♣ to trick 3.
    replace_in_trick(2, "5C", "KD")(request)


def own_revoke(request: Request) -> None:
    # South plays the 2♦ to the clubs of trick 2 while still holding the 6♣.
    replace_in_trick(2, "6C", "2D")(request)
    edit_hand("2D", "6C")(request)


def first_trick_not_led_with_the_two(request: Request) -> None:
    # The same four cards, but South's 4♣ first and East's 2♣ last.
    request["tricks"][0] = {"leader": 0, "cards": ["4C", "AC", "3C", "2C"]}


BAD_PLAY_REQUESTS: list[tuple[str, Callable[[Request], None], str]] = [
    ("unknown card", edit_hand("KH", "ZH"), "not a card"),
    ("card twice in the hand", edit_hand("KH", "4H"), "twice"),
    ("card in hand and in a trick", edit_hand("KH", "AC"), "appears twice"),
    ("a card too few", lambda r: r["hand"].pop(), "does not make 13"),
    ("a card too many", lambda r: r["hand"].append("AD"), "does not make 13"),
    ("not this seat's turn", lambda r: r["trick"]["cards"].pop(), "turn"),
    ("wrong leader", lambda r: r["tricks"][2].update(leader=2), "led by seat"),
    ("trick in progress led by the wrong seat", lambda r: r["trick"].update(leader=3), "led by"),
    ("first trick without the 2C", first_trick_not_led_with_the_two, "led with the 2C"),
    ("a suit it had shown out of", show_out_then_follow, "shown"),
    ("this seat revoked", own_revoke, "You must follow clubs"),
    ("seat out of range", lambda r: r.update(seat=4), "seat number"),
    ("seat as text", lambda r: r.update(seat="0"), "seat number"),
    ("phase", lambda r: r.update(phase="bid"), "phase"),
    ("direction", lambda r: r.update(pass_direction="up"), "pass_direction"),
    ("hand not a list", lambda r: r.update(hand="KH 4H"), "list of cards"),
    ("unknown field", lambda r: r.update(colour="red"), "unknown fields"),
    ("missing hand", lambda r: r.pop("hand"), "needs 'hand'"),
    ("scores", lambda r: r.update(scores=[1, 2, 3]), "scores"),
    ("rules value", lambda r: r.update(rules={"target": 7}), "target"),
    ("rules option", lambda r: r.update(rules={"jokers": True}), "unknown table options"),
    ("trick of four in progress", lambda r: r["trick"]["cards"].append("AD"), "0 to 3"),
    ("trick of three done", lambda r: r["tricks"][0]["cards"].pop(), "4 cards"),
    ("trick without leader", lambda r: r["tricks"][0].pop("leader"), "leader"),
    ("passed without an exchange", lambda r: r.update(passed=["AD", "KD", "QD"]), "passed"),
    ("moon without the option", lambda r: r.update(phase="moon"), "moon"),
    ("pass with no passing", lambda r: r.update(phase="pass"), "no passing"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=name) for name, change, message in BAD_PLAY_REQUESTS],
)
def test_an_impossible_request_gets_an_error(change: Callable[[Request], None], message: str) -> None:
    request = request_from_view(west_runs().view_for(Seat.SOUTH))
    assert ask(request) == "KH"
    broken = copy.deepcopy(request)
    change(broken)
    answer = ask(broken)
    assert isinstance(answer, dict) and set(answer) == {"error"}, answer
    assert message in answer["error"]
    with pytest.raises(ValueError, match=message.replace("'", ".")):
        view_from_request(broken)


def passed_card_from_north(request: Request) -> None:
    """North plays one of the cards South passed to West (still unplayed) instead of its own."""
    unplayed = [
        card
        for card in request["passed"]
        if all(card not in trick["cards"] for trick in (*request["tricks"], request["trick"]))
    ]
    north_index = (Seat.NORTH - request["trick"]["leader"]) % 4
    request["trick"]["cards"][north_index] = unplayed[0]


BAD_PASS_REQUESTS: list[tuple[str, Callable[[Request], None], str]] = [
    ("passed card played by another seat", passed_card_from_north, "passed to seat 1"),
    ("no passed cards", lambda r: r.pop("passed"), "passed (three cards)"),
    ("two passed cards", lambda r: r["passed"].pop(), "three cards"),
    ("received card not held", lambda r: r.update(received=r["passed"]), "passed and received"),
    ("passed card still held", lambda r: r.update(passed=r["hand"][:3]), "passed"),
    ("wrong direction", lambda r: r.update(pass_direction="none"), "exchange"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(change, message, id=name) for name, change, message in BAD_PASS_REQUESTS],
)
def test_an_impossible_exchange_gets_an_error(change: Callable[[Request], None], message: str) -> None:
    view = passing_position()
    request = request_from_view(view)
    assert Card.parse(ask(request)) in view.legal
    broken = copy.deepcopy(request)
    change(broken)
    answer = ask(broken)
    assert isinstance(answer, dict) and set(answer) == {"error"}, answer
    assert message in answer["error"]


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("", id="empty"),
        pytest.param("\n", id="blank"),
        pytest.param("not json", id="text"),
        pytest.param("{", id="open brace"),
        pytest.param("[1, 2]", id="list"),
        pytest.param("null", id="null"),
        pytest.param('"KH"', id="string"),
        pytest.param('{"seat": 0}', id="fields"),
        # Deep enough for a RecursionError natively; it would overflow WebAssembly's smaller stack.
        pytest.param("[" * 5000 + "]" * 5000, id="deep", marks=pytest.mark.native),
    ],
)
def test_bad_lines_get_an_error(line: str) -> None:
    answer = ask(line)
    assert isinstance(answer, dict) and isinstance(answer["error"], str) and answer["error"]


def test_serve_answers_every_line_in_order_and_goes_on() -> None:
    good = json.dumps(request_from_view(west_runs().view_for(Seat.SOUTH)))
    lines = [good, "garbage", "", good.replace('"seat": 0', '"seat": 9'), good]
    out = io.StringIO()
    assert serve(make_bot("normal"), io.StringIO("\n".join(lines) + "\n"), out) == 5
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0] == answers[4] == "KH"
    assert [isinstance(answer, dict) for answer in answers] == [False, True, True, True, False]


# The real program --------------------------------------------------------------------------------


GAME = pathlib.Path(__file__).resolve().parents[2] / "game"
PROGRAM = [sys.executable, "-m", "hearts.bots.stdio"]
PROGRAM_ENV = {"PYTHONPATH": str(GAME), "PATH": ""}
"""The program's own environment: this checkout's game on its path (pytest's ``pythonpath`` reaches
only the tests' process, and an installed copy may be another checkout's) and nothing inherited."""


def program(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*PROGRAM, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=PROGRAM_ENV,
    )


def next_answer(process: subprocess.Popen[str], answers: queue.Queue[str]) -> Any:
    """The program's next answer; if none comes, the program is stopped and its errors shown."""
    try:
        return json.loads(answers.get(timeout=20))
    except queue.Empty:
        process.kill()
        code = process.wait(timeout=20)
        assert process.stderr is not None
        raise AssertionError(f"no answer from the program (exit {code}):\n{process.stderr.read()}") from None


@pytest.mark.native
def test_the_program_answers_each_line_as_it_comes() -> None:
    good = json.dumps(request_from_view(west_runs().view_for(Seat.SOUTH)))
    process = program("--level", "normal", "--seed", "3")
    assert process.stdin is not None and process.stdout is not None
    answers: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(
        target=lambda: [answers.put(line) for line in process.stdout or ()], daemon=True
    )
    reader.start()
    try:
        # One line at a time: each answer must arrive (flushed) before the next request is sent.
        for line, expected in [(good, "KH"), ("{oops", None), ('{"seat": 0}', None), (good, "KH")]:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            answer = next_answer(process, answers)
            if expected is None:
                assert set(answer) == {"error"}
            else:
                assert answer == expected
    finally:
        process.stdin.close()
        code = process.wait(timeout=20)
    reader.join(timeout=5)
    assert code == 0, process.stderr and process.stderr.read()


@pytest.mark.native
def test_the_program_answers_a_batch_and_stops_at_the_end_of_input() -> None:
    good = json.dumps(request_from_view(west_runs().view_for(Seat.SOUTH))).encode()
    lines = [good, b"", b"\xff\xfe not UTF-8", b"[]", b'{"seat": 0, "phase": "play"}', good]
    result = subprocess.run(
        [*PROGRAM, "--level", "easy"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
        env=PROGRAM_ENV,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] in ("KH", "4H") and answers[-1] == answers[0]
    assert all(set(answer) == {"error"} for answer in answers[1:-1])


@pytest.mark.native
def test_the_program_refuses_an_unknown_level() -> None:
    process = program("--level", "grandmaster")
    _, err = process.communicate(timeout=30)
    assert process.returncode == 2 and "grandmaster" in err, err


def game_positions(match_seed: int, hands: int) -> list[PlayerView]:
    """The views of every decision of the first hands of a match the game's bots play (seat
    ``seat``'s bot seeded by ``seat_seed``, as the table makes them), from hand 1 on."""
    bots = {seat: make_bot("normal", seed=seat_seed(match_seed, seat)) for seat in Seat}
    match = Match(Rules(jack_of_diamonds=True))
    views: list[PlayerView] = []
    while match.hand_number < hands:
        if match.phase is Phase.DEAL:
            match.apply(deal_for(match_seed, match.hand_number + 1))
        seat = match.awaiting[0]
        view = match.view_for(seat)
        views.append(view)
        match.apply(bots[seat].decide(view))
    return views


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_with_hand_number_and_seed_the_bot_chooses_as_in_the_game(level: str) -> None:
    match_seed = 2026
    views = game_positions(match_seed, hands=5 if level != "hard" else 2)
    assert {view.hand_number for view in views} >= {1, 2}
    differ = 0
    for view in views[:: 1 if level != "hard" else 20]:
        in_game = make_bot(level, seed=seat_seed(match_seed, view.seat)).decide(view)
        request = json.loads(json.dumps(request_from_view(view, seed=match_seed)))
        assert request["hand_number"] == view.hand_number and request["seed"] == match_seed
        assert view_from_request(request).hand_number == view.hand_number
        # The program's own seed plays no part once the request names the match's.
        answer = json.loads(respond(make_bot(level, seed=99), json.dumps(request)))
        expected = (
            in_game.card.notation
            if isinstance(in_game, Play)
            else [card.notation for card in in_game.cards]
            if isinstance(in_game, Pass)
            else in_game.moon.value
        )
        assert answer == expected, f"{level}, hand {view.hand_number}, seat {view.seat}"
        if level == "easy":  # without them Easy's friendly mistakes fall elsewhere
            del request["hand_number"], request["seed"]
            differ += json.loads(respond(make_bot(level, seed=99), json.dumps(request))) != expected
    assert level != "easy" or differ > 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand_number", 0),
        ("hand_number", "2"),
        ("hand_number", True),
        ("seed", -1),
        ("seed", 2**64),
        ("seed", 1.5),
    ],
)
def test_a_bad_hand_number_or_seed_gets_an_error(field: str, value: object) -> None:
    request = request_from_view(west_runs().view_for(Seat.SOUTH))
    assert field in ask(dict(request, **{field: value}))["error"]
