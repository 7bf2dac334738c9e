"""Settings and statistics: round trips, forgiving loads, and counting a finished match exactly."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from hearts.engine import QUEEN_OF_SPADES, Match, Moon, Phase, Play, Rules, Seat, Ties
from hearts.engine.moves import parse_move
from hearts.storage import DIFFICULTIES, PACES, Settings, Stats
from hearts.storage.stats import queens_taken

from .helpers import finished_match, unfinished_match

# Settings ----------------------------------------------------------------------------------

CUSTOM = Settings(
    difficulty="hard",
    confirm_taps=True,
    pace="quick",
    reduced_motion=True,
    four_colour=True,
    find_across_internet=False,
    name="Ada Lovelace",
    table=Rules(target=150, moon=Moon.SHOOTER_CHOOSES, jack_of_diamonds=True, ties=Ties.SHARED_WIN),
)


@pytest.mark.parametrize("settings", [Settings(), CUSTOM], ids=["defaults", "custom"])
def test_settings_survive_json(settings: Settings) -> None:
    assert Settings.from_dict(json.loads(json.dumps(settings.to_dict()))) == settings


def test_the_default_settings_are_a_first_visit() -> None:
    settings = Settings()
    assert (settings.difficulty, settings.pace, settings.table) == ("normal", "normal", Rules())
    assert not (settings.confirm_taps or settings.reduced_motion or settings.four_colour)


@pytest.mark.parametrize("data", [None, [], "settings", 3, {"difficulty": "hard"}.items()])
def test_settings_from_anything_but_an_object_are_the_defaults(data: object) -> None:
    assert Settings.from_dict(data) == Settings()


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("difficulty", "impossible"),
        ("difficulty", None),
        ("difficulty", ["hard"]),
        ("pace", "ludicrous"),
        ("pace", 2),
        ("confirm_taps", 1),
        ("confirm_taps", "true"),
        ("reduced_motion", None),
        ("four_colour", 0),
        ("table", "standard"),
        ("table", None),
        ("find_across_internet", "yes"),
        ("name", "x" * 25),
        ("name", "   "),
        ("name", "tab\there"),
        ("name", 7),
    ],
)
def test_one_bad_setting_falls_back_alone(field: str, bad: object) -> None:
    data = CUSTOM.to_dict()
    data[field] = bad
    loaded = Settings.from_dict(data)
    assert getattr(loaded, field) == getattr(Settings(), field)
    others = {name: value for name, value in CUSTOM.to_dict().items() if name != field}
    assert {name: value for name, value in loaded.to_dict().items() if name != field} == others


def test_one_bad_table_option_falls_back_alone_and_unknown_ones_are_ignored() -> None:
    data = CUSTOM.to_dict()
    data["table"]["target"] = 75
    data["table"]["moon"] = "sideways"
    data["table"]["no_such_option"] = True
    data["table"].pop("ties")
    data["colour_scheme"] = "dark"  # from a later version, perhaps
    loaded = Settings.from_dict(data)
    assert loaded.table == Rules(jack_of_diamonds=True)
    assert loaded.difficulty == "hard" and loaded.four_colour


@pytest.mark.parametrize(
    "values",
    [
        {"difficulty": "expert"},
        {"pace": "slow"},
        {"confirm_taps": 1},
        {"four_colour": None},
        {"table": {"target": 100}},
        {"name": "x" * 25},
        {"name": " "},
        {"find_across_internet": "on"},
    ],
)
def test_settings_refuse_values_they_cannot_hold(values: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Settings(**values)


def test_the_choices_are_the_documented_ones() -> None:
    assert DIFFICULTIES == ("easy", "normal", "hard")
    assert PACES == ("relaxed", "normal", "quick")


# Statistics --------------------------------------------------------------------------------

SOME_STATS = Stats(
    matches_played=7, matches_won=3, hands_played=60, points_taken=-12, moons_shot=2, queens_taken=9
)


def test_stats_survive_json() -> None:
    assert Stats.from_dict(json.loads(json.dumps(SOME_STATS.to_dict()))) == SOME_STATS
    assert Stats.from_dict(Stats().to_dict()) == Stats()


def test_rates_are_none_before_anything_is_played() -> None:
    assert Stats().win_rate is None and Stats().average_points_per_hand is None
    assert SOME_STATS.win_rate == pytest.approx(3 / 7)
    assert SOME_STATS.average_points_per_hand == pytest.approx(-0.2)


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, None, [4], {"n": 1}])
@pytest.mark.parametrize("field", ["matches_played", "hands_played", "moons_shot", "queens_taken"])
def test_a_bad_count_is_reset_to_zero_alone(field: str, bad: object) -> None:
    data = SOME_STATS.to_dict()
    data[field] = bad
    loaded = Stats.from_dict(data)
    assert getattr(loaded, field) == 0
    expected = SOME_STATS.to_dict()
    expected[field] = 0
    if field == "matches_played":
        expected["matches_won"] = 0  # more wins than matches cannot be right
    assert loaded.to_dict() == expected


def test_points_may_be_negative_but_must_be_whole() -> None:
    assert Stats.from_dict({"points_taken": -40}).points_taken == -40
    assert Stats.from_dict({"points_taken": -4.0}).points_taken == 0


@pytest.mark.parametrize("data", [None, [], "stats", 3])
def test_stats_from_anything_but_an_object_are_zero(data: object) -> None:
    assert Stats.from_dict(data) == Stats()


@pytest.mark.parametrize("values", [{"matches_played": -1}, {"moons_shot": 1.0}, {"hands_played": True}])
def test_stats_refuse_values_they_cannot_hold(values: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Stats(**values)


COACHED = dataclasses.replace(
    SOME_STATS, hands_reviewed=50, points_lost_tenths=93, last_hands_reviewed=9, last_points_lost_tenths=20
)


def test_the_coachs_figures_survive_json_and_are_averaged_over_reviewed_hands() -> None:
    assert Stats.from_dict(json.loads(json.dumps(COACHED.to_dict()))) == COACHED
    assert COACHED.points_lost_per_hand == pytest.approx(9.3 / 50)
    assert COACHED.last_points_lost_per_hand == pytest.approx(2.0 / 9)
    assert SOME_STATS.points_lost_per_hand is None and SOME_STATS.last_points_lost_per_hand is None


def test_statistics_from_before_the_coach_load_with_no_hand_reviewed() -> None:
    old = {
        key: value for key, value in SOME_STATS.to_dict().items() if "review" not in key and "lost" not in key
    }
    assert len(old) == 6
    loaded = Stats.from_dict({"format": "hearts-stats", "version": 1, **old})
    assert loaded == SOME_STATS and loaded.points_lost_per_hand is None


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        ({"hands_reviewed": 61}, (0, 0, 0, 0)),  # more hands reviewed than played
        ({"hands_reviewed": 0}, (0, 0, 0, 0)),
        ({"last_hands_reviewed": 51}, (50, 93, 0, 0)),
        ({"last_hands_reviewed": 0}, (50, 93, 0, 0)),
        ({"points_lost_tenths": -3}, (50, 0, 9, 20)),
        ({"last_points_lost_tenths": 2.5}, (50, 93, 9, 0)),
    ],
)
def test_damaged_coach_figures_are_dropped_and_spare_the_rest(
    damage: dict[str, object], expected: tuple[int, int, int, int]
) -> None:
    loaded = Stats.from_dict({**COACHED.to_dict(), **damage})
    coach_fields = ("hands_reviewed", "points_lost_tenths", "last_hands_reviewed", "last_points_lost_tenths")
    assert tuple(getattr(loaded, name) for name in coach_fields) == expected
    assert dataclasses.replace(loaded, **dict(zip(coach_fields, (0, 0, 0, 0), strict=True))) == SOME_STATS


def test_a_finished_match_adds_the_hands_the_coach_reviewed() -> None:
    match = finished_match(3)
    assert len(match.results) >= 2
    stats = COACHED.with_match(match, Seat.SOUTH, {1: 12, 2: 0, 99: 50})  # hand 99 was never played
    assert (stats.hands_reviewed, stats.points_lost_tenths) == (52, 105)
    assert (stats.last_hands_reviewed, stats.last_points_lost_tenths) == (2, 12)
    assert stats.last_points_lost_per_hand == pytest.approx(0.6)
    # The last hand's review, completed once the match had ended, joins the same match.
    later = stats.with_reviews([7])
    assert (later.hands_reviewed, later.points_lost_tenths) == (53, 112)
    assert later.last_points_lost_per_hand == pytest.approx(1.9 / 3)
    # A match with no hand reviewed leaves the average alone and has no figure of its own.
    after = later.with_match(match)
    assert (
        after.points_lost_per_hand == later.points_lost_per_hand and after.last_points_lost_per_hand is None
    )


def test_an_unfinished_match_does_not_count() -> None:
    with pytest.raises(ValueError, match="finished"):
        Stats().with_match(unfinished_match(5, 100))
    with pytest.raises(ValueError):
        Stats().with_match(Match())


def queens_from_the_tricks(match: Match) -> list[int]:
    """Queens taken per seat, worked out from the plays alone: each trick's winner is the seat that
    played the highest card of the suit led (independent of the engine's own bookkeeping)."""
    counts = [0, 0, 0, 0]
    plays = [move for move in match.moves if isinstance(move, Play)]
    assert len(plays) % 4 == 0
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0].card.suit
        winner = max((play for play in trick if play.card.suit is led), key=lambda play: play.card.rank)
        if any(play.card == QUEEN_OF_SPADES for play in trick):
            counts[winner.seat] += 1
    return counts


@pytest.mark.parametrize("seed", range(6))
def test_a_finished_match_adds_what_its_hands_say(seed: int) -> None:
    rules = Rules(target=50, jack_of_diamonds=seed % 2 == 1, moon=Moon.SUBTRACT_FROM_SHOOTER)
    match = finished_match(seed, rules)
    queens = queens_from_the_tricks(match)
    assert sum(queens) == len(match.results)
    for seat in Seat:
        stats = SOME_STATS.with_match(match, seat)
        assert stats.matches_played == 8
        assert stats.matches_won == 3 + (seat in match.winners)
        assert stats.hands_played == 60 + len(match.results)
        assert stats.points_taken == -12 + match.totals[seat]
        assert stats.moons_shot == 2 + sum(result.moon_shooter is seat for result in match.results)
        assert stats.queens_taken == 9 + queens[seat]
    assert Stats().with_match(match) == Stats().with_match(match, Seat.SOUTH)


# South takes all thirteen hearts and East the queen: 13 points each way, told apart only by the
# tricks. (Found by random play of deal 12, hand 4.)
ALL_HEARTS_NO_QUEEN = (
    "deal 5CTCKCTDAD4S5S8S9SKSASKHAH/QC3D5D7D9DQDKD3STS5H7HTHQH/3C8CJC2D6D8DJD2S7S2H3H8HJH/"
    "2C4C6C7C9CAC4D6SJSQS4H6H9H",
    "2C KC QC 8C 4S TS 2S QS 9C 5C KD JC 3C 4C TC 7H AH QH 2H 4H 9S 3S 7S 6S 8S QD JD JS 4D AD 7D 8D 5S "
    "9D JH 7C TD 5D 6D 9H KS 5H 2D 6C AS TH 3H 6H KH 3D 8H AC",
)


def test_thirteen_points_without_the_queen_is_not_a_queen() -> None:
    match = Match(Rules(target=50), hands_before=3, totals_before=(0, 40, 40, 40))
    deal, cards = ALL_HEARTS_NO_QUEEN
    match.apply(parse_move(deal))
    for card in cards.split():
        seat = match.to_move
        assert seat is not None
        match.apply(parse_move(f"play {seat.letter} {card}"))
    assert match.phase is Phase.OVER and match.winners == (Seat.SOUTH,)
    (result,) = match.results
    assert result.points[Seat.SOUTH] == 13 and result.moon_shooter is None
    assert [queens_taken(match, seat) for seat in Seat] == queens_from_the_tricks(match) == [0, 0, 0, 1]
    stats = Stats().with_match(match)
    assert stats == Stats(matches_played=1, matches_won=1, hands_played=1, points_taken=13)
