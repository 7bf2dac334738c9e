"""The duplicate tournament: seatings, seeds, the statistics, and whole runs with random bots."""

from __future__ import annotations

import io
import json
import math
import pathlib
import statistics
import subprocess
import sys

import pytest

from hearts.engine import HandScored, Match, Pass, PassDirection, Seat
from hearts.tournament import (
    BotMisbehaved,
    Config,
    DealResult,
    Entry,
    Estimate,
    HandResult,
    ProgressBar,
    bot_seed,
    format_summary,
    parse_seats,
    play_deal,
    play_deals,
    play_hand,
    run,
    seatings,
    start_hand,
    summarize,
    t_quantile_975,
)

GAME = pathlib.Path(__file__).resolve().parents[2] / "game"
SEATS = tuple(Seat)


def config_for(seats: str, deals: int, seed: int = 1, rules_name: str = "standard") -> Config:
    return Config(entries=parse_seats(seats), deals=deals, seed=seed, rules_name=rules_name)


def labels_of(seating: tuple[Entry, ...]) -> str:
    return ",".join(entry.label for entry in seating)


# Seatings -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        (
            "hard,normal,normal,normal",
            [
                "hard,normal,normal,normal",
                "normal,hard,normal,normal",
                "normal,normal,hard,normal",
                "normal,normal,normal,hard",
            ],
        ),
        ("a=random,a=random,b=random,b=random", ["a,a,b,b", "b,a,a,b", "b,b,a,a", "a,b,b,a"]),
        ("a=random,b=random,a=random,b=random", ["a,b,a,b", "b,a,b,a"]),
        ("random,random,random,random", ["random,random,random,random"]),
    ],
)
def test_every_distinct_rotation_is_played_once(seats: str, expected: list[str]) -> None:
    assert [labels_of(seating) for seating in seatings(parse_seats(seats))] == expected


def test_one_against_three_puts_the_one_in_every_seat_once() -> None:
    found = seatings(parse_seats("hard,normal,normal,normal"))
    seats_of_hard = [seat for seating in found for seat in SEATS if seating[seat].label == "hard"]
    assert sorted(seats_of_hard) == list(SEATS)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("hard,normal,normal", "four seats"),
        ("hard,normal,normal,normal,normal", "four seats"),
        ("hard,normal,normal,genius", "no bot level 'genius'"),
        ("a=easy,a=hard,normal,normal", "cannot play as both"),
    ],
)
def test_bad_seats_are_refused(text: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        parse_seats(text)


def test_a_named_entry_keeps_its_level() -> None:
    assert parse_seats("me=hard,normal,normal,normal")[:2] == (Entry("me", "hard"), Entry("normal", "normal"))


def test_bot_seeds_differ_by_seat_deal_and_label_but_not_by_run() -> None:
    seeds = {bot_seed(1, deal, seat, label) for deal in range(3) for seat in SEATS for label in "ab"}
    assert len(seeds) == 3 * 4 * 2
    assert bot_seed(1, 2, Seat.NORTH, "hard") == bot_seed(1, 2, Seat.NORTH, "hard")
    assert all(0 <= seed < 2**63 for seed in seeds)


@pytest.mark.parametrize("index", range(8))
def test_deals_cycle_the_pass_direction(index: int) -> None:
    match = start_hand(config_for("random,random,random,random", 1).rules, 1, index)
    assert match.hand is not None
    assert match.hand.direction is PassDirection.for_hand(index % 4 + 1)


# Statistics -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.7062), (2, 4.3027), (4, 2.7764), (9, 2.2622), (29, 2.0452), (120, 1.9799), (10**6, 1.9600)],
)
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile_975(df) == pytest.approx(quantile, abs=1e-4)


def test_an_estimate_is_the_mean_with_t_times_the_standard_error() -> None:
    samples = [1.0, 2.0, 3.0, 4.0, 6.0]
    estimate = Estimate.of(samples)
    # mean 16/5; squared deviations 4.84 + 1.44 + 0.04 + 0.64 + 7.84 = 14.8 over 4 degrees of freedom
    standard_error = math.sqrt(14.8 / 4) / math.sqrt(5)
    assert estimate.mean == pytest.approx(3.2)
    assert statistics.stdev(samples) == pytest.approx(math.sqrt(3.7))
    assert estimate.half_width == pytest.approx(2.776445 * standard_error, rel=1e-6)
    assert estimate.samples == 5
    assert Estimate.of([7.0]).half_width is None


def test_each_deal_is_one_observation_and_differences_are_paired() -> None:
    """Entry a holds one seat, b three; a shoots the moon in deal 0, b in deal 1."""
    config = config_for("a=random,b=random,b=random,b=random", 2)
    assert [labels_of(seating) for seating in config.seatings] == [
        "a,b,b,b",
        "b,a,b,b",
        "b,b,a,b",
        "b,b,b,a",
    ]
    labels = [tuple(entry.label for entry in seating) for seating in config.seatings]

    def deal(index: int, hands: list[tuple[tuple[int, ...], Seat | None]]) -> DealResult:
        return DealResult(
            index=index,
            hands=tuple(
                HandResult(seating=seating, scores=scores, shooter=shooter)
                for seating, (scores, shooter) in zip(labels, hands, strict=True)
            ),
        )

    deals = [
        deal(
            0,
            [((2, 8, 10, 6), None), ((5, 4, 9, 8), None), ((7, 7, 6, 6), None), ((26, 26, 26, 0), Seat.EAST)],
        ),
        deal(
            1,
            [
                ((26, 0, 26, 26), Seat.WEST),
                ((3, 10, 7, 6), None),
                ((6, 6, 8, 6), None),
                ((13, 0, 9, 4), None),
            ],
        ),
    ]
    summary = summarize(config, deals)
    a, b = summary.entries
    # a: deal 0 (2 + 4 + 6 + 0) / 4 = 3, deal 1 (26 + 10 + 8 + 4) / 4 = 12
    # b: deal 0 144 / 12 = 12, deal 1 108 / 12 = 9
    assert (a.label, a.seats, a.hands) == ("a", 1, 8)
    assert (b.label, b.seats, b.hands) == ("b", 3, 24)
    assert a.points.mean == pytest.approx(7.5)
    assert a.points.half_width == pytest.approx(12.7062 * 4.5, rel=1e-4)
    assert b.points.mean == pytest.approx(10.5)
    assert b.points.half_width == pytest.approx(12.7062 * 1.5, rel=1e-4)
    (difference,) = summary.differences
    # paired: a - b is -9 then +3, mean -3, standard error 6
    assert (difference.entry, difference.versus) == ("a", "b")
    assert difference.points.mean == pytest.approx(-3.0)
    assert difference.points.half_width == pytest.approx(12.7062 * 6, rel=1e-4)
    assert (a.moons_shot, a.moons_allowed) == (1, 1)
    assert (b.moons_shot, b.moons_allowed) == (1, 3 + 2)
    assert summary.to_dict()["entries"]["b"]["moons_allowed_per_hand"] == pytest.approx(5 / 24, abs=1e-6)


# Whole runs -------------------------------------------------------------------------------


def test_random_against_random_plays_every_seating_of_every_deal() -> None:
    config = config_for("a=random,b=random,b=random,b=random", 2, seed=3)
    results = list(play_deals(config))
    assert [result.index for result in results] == [0, 1]
    for result in results:
        assert [",".join(hand.seating) for hand in result.hands] == [
            labels_of(seating) for seating in config.seatings
        ]
        for hand in result.hands:
            if hand.shooter is None:
                assert sum(hand.scores) == 26
            else:
                assert hand.scores == tuple(0 if seat == hand.shooter else 26 for seat in SEATS)
    summary = summarize(config, results)
    a, b = summary.entries
    assert (summary.hands, a.hands, b.hands) == (8, 8, 24)
    for entry in (a, b):
        seat_scores = [
            score
            for result in results
            for hand in result.hands
            for seated, score in zip(hand.seating, hand.scores, strict=True)
            if seated == entry.label
        ]
        assert len(seat_scores) == entry.hands
        assert entry.points.mean == pytest.approx(sum(seat_scores) / entry.hands)
    shooters = [hand for result in results for hand in result.hands if hand.shooter is not None]
    assert a.moons_shot + b.moons_shot == len(shooters)
    assert a.moons_allowed + b.moons_allowed == 3 * len(shooters)


@pytest.mark.parametrize("rules_name", ["omnibus", "moon_choice", "house"])
def test_every_preset_plays_through(rules_name: str) -> None:
    config = config_for("a=random,random,random,random", 1, rules_name=rules_name)
    (result,) = play_deals(config)
    assert len(result.hands) == 4


def test_the_same_seed_gives_the_same_tournament() -> None:
    config = config_for("a=random,b=random,a=random,b=random", 3, seed=11)
    assert run(config) == run(config)
    assert play_deal(config, 2) == list(play_deals(config))[2]
    assert run(config) != run(config_for("a=random,b=random,a=random,b=random", 3, seed=12))


@pytest.mark.native
def test_two_workers_give_what_one_gives() -> None:
    config = config_for("a=random,random,random,random", 6, seed=5)
    assert list(play_deals(config, workers=2)) == list(play_deals(config, workers=1))


def test_a_bot_answering_for_another_seat_is_refused() -> None:
    match = start_hand(config_for("random,random,random,random", 1).rules, 1, 0)

    def answer_for_the_next_seat(seat: Seat, _view: object) -> Pass:
        move = match.legal_moves(seat.next)[0]
        assert isinstance(move, Pass)
        return move

    with pytest.raises(BotMisbehaved, match="another seat's move"):
        play_hand(match, answer_for_the_next_seat)


def test_play_hand_returns_the_score() -> None:
    from hearts.bots import make_bot

    match: Match = start_hand(config_for("random,random,random,random", 1).rules, 7, 1)
    bots = [make_bot("random", seat) for seat in SEATS]
    scored = play_hand(match, lambda seat, view: bots[seat].decide(view))
    assert isinstance(scored, HandScored)
    assert scored.hand_number == 2
    assert match.results == (scored,)


def test_the_progress_bar_stays_off_a_pipe_and_the_table_names_everyone() -> None:
    stream = io.StringIO()
    bar = ProgressBar(3, stream)
    for done in (1, 2, 3):
        bar(done)
    assert stream.getvalue() == ""
    config = config_for("a=random,b=random,b=random,b=random", 2)
    text = format_summary(run(config), seconds=0.5)
    assert "a=random,b=random,b=random,b=random" in text
    assert "a − b" in text


@pytest.mark.native
def test_json_is_the_last_line_of_stdout() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "hearts.tournament",
            "--seats",
            "a=random,random,random,random",
            "--deals",
            "3",
            "--seed",
            "5",
            "--json",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=GAME,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["hands"] == 12
    assert figures["seats"] == ["a=random", "random", "random", "random"]
    assert figures["entries"]["a"]["hands"] == 12
    assert figures["entries"]["random"]["hands"] == 36
    assert set(figures["entries"]["a"]["points_per_hand"]) == {"mean", "half_width", "deals"}
    assert figures["differences"][0]["entry"] == "a"
    assert result.stderr == ""
