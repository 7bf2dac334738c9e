"""The coach judges South's decisions from South's view alone, agrees with Hard when South plays as Hard
would, and names the better card when South blunders."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest

from hearts import coach
from hearts.bots import make_bot
from hearts.bots.hard import HardBot, distinct_choices
from hearts.coach import command
from hearts.engine import Card, CardSet, Deal, Match, Pass, Phase, Play, Seat, record
from hearts.storage.saved_match import SAVE_FORMAT

NO_PASS = 3
"""Hands before the one under test: hand 4 passes no cards, so a scripted deal is played as dealt."""


def deal(south: str, west: str, north: str, east: str) -> Deal:
    return Deal(tuple(CardSet.parse(text) for text in (south, west, north, east)))


# North leads a spade in trick 2 (it wins trick 1 with the 5♣); South plays third, West still to play.
SPADE_LED = deal(
    "3C 2S AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "4C QS 7S 8S QH KH AH 2D 3D 4D 5D 6D 7D",
    "5C 6C 7C 8C 9C TC JC 3S 4S 5S 9S 8D 9D",
    "2C QC KC AC 6S TS JS KS TD JD QD KD AD",
)
# South wins trick 1 with its only club and leads next, holding the K♠ and two low spades.
SOUTH_LEADS = deal(
    "AC KS 2S 3S 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "4C QS 7S 8S JH QH KH AH 2D 3D 4D 5D 6D",
    "5C 6C 7C 8C 9C TC JC 4S 5S 9S 7D 8D 9D",
    "2C 3C QC KC 6S TS JS AS TD JD QD KD AD",
)


def scripted(dealt: Deal, plays: str) -> Match:
    match = Match(hands_before=NO_PASS)
    match.apply(dealt)
    for text in plays.split():
        seat = match.to_move
        assert seat is not None
        match.apply(Play.of(seat, Card.parse(text)))
    return match


def test_a_high_spade_on_a_spade_lead_with_the_queen_out_is_a_key_moment() -> None:
    match = scripted(SPADE_LED, "2C 3C 4C 5C 5S 6S AS")
    result = coach.run(coach.review(match, 4, seed=7))
    (moment,) = result.key_moments
    assert moment.kind == "play" and moment.trick == 2
    assert moment.chosen == CardSet.parse("AS") and moment.best == CardSet.parse("2S")
    assert moment.cost >= coach.KEY_COST and moment.best_ev > moment.chosen_ev
    assert "Q♠ still out" in moment.why and "West yet to play" in moment.why and "2♠" in moment.why
    # The forced first card is not judged.
    first = result.decisions[0]
    assert first.forced and not first.key and first.cost == 0


def test_leading_the_king_into_the_unplayed_queen_is_a_key_moment() -> None:
    match = scripted(SOUTH_LEADS, "2C AC 4C 5C KS")
    (moment,) = coach.run(coach.review(match, 4, seed=7)).key_moments
    assert moment.chosen == CardSet.parse("KS")
    (best,) = moment.best
    assert best in CardSet.parse("2S 3S"), moment
    assert "Leading the K♠ with the Q♠ still out" in moment.why


def test_cards_south_could_not_see_change_nothing() -> None:
    # West and East swap two diamonds nobody has played yet: South's views are the same, the truth is not.
    swapped = deal(
        "3C 2S AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "4C QS 7S 8S QH KH AH 2D TD 4D 5D 6D 7D",
        "5C 6C 7C 8C 9C TC JC 3S 4S 5S 9S 8D 9D",
        "2C QC KC AC 6S TS JS KS 3D JD QD KD AD",
    )
    one = scripted(SPADE_LED, "2C 3C 4C 5C 5S 6S AS")
    two = scripted(swapped, "2C 3C 4C 5C 5S 6S AS")
    assert one.hand is not None and two.hand is not None
    assert one.view_for(Seat.SOUTH) == two.view_for(Seat.SOUTH)
    assert one.view_for(Seat.WEST) != two.view_for(Seat.WEST)
    first = coach.run(coach.review(one, 4, seed=11))
    second = coach.run(coach.review(two, 4, seed=11))
    assert first == second
    assert any(not decision.forced for decision in first.decisions)


def play_hand(match: Match, seats: dict[Seat, object]) -> None:
    """Deal and play hand ``match.hand_number + 1`` to its end with the given bots."""
    from hearts.deals import deal_for

    match.apply(deal_for(5, match.hand_number + 1))
    hand = match.hand_number
    while match.hand_number == hand and match.phase is not Phase.DEAL:
        seat = match.to_move if match.phase is not Phase.PASS else match.awaiting[0]
        assert seat is not None
        match.apply(seats[seat].decide(match.view_for(seat)))  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def played_as_hard() -> tuple[Match, int, coach.Review]:
    """A hand in which South played every card as Hard would (with the seed the coach uses), judged."""
    seed = coach.seed_for(5)
    match = Match()
    seats: dict[Seat, object] = {seat: make_bot("normal", seed=seat) for seat in Seat}
    seats[Seat.SOUTH] = HardBot(seed)
    play_hand(match, seats)
    return match, seed, coach.run(coach.review(match, 1, seed))


def test_playing_as_hard_would_has_no_costly_moment(
    played_as_hard: tuple[Match, int, coach.Review],
) -> None:
    match, seed, result = played_as_hard
    assert [decision.kind for decision in result.decisions] == ["pass"] + ["play"] * 13
    assert result.key_moments == () and result.points_lost == 0
    for decision in result.decisions:
        assert decision.chosen == decision.best or decision.forced or decision.kind == "play"
        assert decision.cost == 0


def test_the_command_prints_every_decision_of_the_last_hand(
    played_as_hard: tuple[Match, int, coach.Review],
    tmp_path,
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    match, seed, result = played_as_hard
    save = tmp_path / "save.json"
    save.write_text(
        json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": 1,
                "bot_level": "normal",
                "counted": False,
                "record": record.to_record(match, seed=5),
            }
        )
    )
    assert command.main([str(save), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["decision"] for line in lines] == list(range(14))
    assert {tuple(line) for line in lines} == {
        (
            "hand",
            "decision",
            "kind",
            "chosen",
            "best",
            "chosen_ev",
            "best_ev",
            "cost",
            "key",
            "reason",
            "uncounted",
            "why",
        )
    }
    assert lines == [decision.to_json() for decision in result.decisions]
    assert all(line["hand"] == 1 and not line["key"] for line in lines)
    assert lines[0]["kind"] == "pass" and len(lines[0]["chosen"].split()) == 3
    # The review is a function of South's views and the seed, which a reload (the record written and
    # read back) keeps: the same review through a reload.
    again, again_seed = record.loads(record.dumps(match, seed=5))
    assert list(coach.moments(again, 1)) == list(coach.moments(match, 1))
    assert coach.seed_for(again_seed) == seed


def test_the_command_says_what_is_wrong_with_a_file(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert command.main([str(broken)]) == 2
    assert "cannot read" in capsys.readouterr().err
    fresh = tmp_path / "fresh.json"
    fresh.write_text(record.dumps(Match(), seed=1))
    assert command.main([str(fresh)]) == 2
    assert "no finished hand" in capsys.readouterr().err


def test_coaching_as_the_hand_is_played_gives_the_same_review(
    played_as_hard: tuple[Match, int, coach.Review],
) -> None:
    match, seed, result = played_as_hard
    coaching = coach.Coaching(seed)
    for moment in coach.moments(match, 1):
        coaching.note(moment.view, moment.move)
    assert coaching.progress(1) == (0, 14)
    while coaching.advance(0.005):
        assert coaching.review_of(1) is None  # the hand is not over until the table says so
    assert coaching.idle and coaching.progress(1) == (14, 14)
    coaching.hand_over(1)
    coaching.advance(0.005)
    assert coaching.review_of(1) == result


def test_coaching_catches_up_after_a_reload_and_keeps_two_hands() -> None:
    match = scripted(SPADE_LED, "2C 3C 4C 5C 5S 6S AS")
    coaching = coach.Coaching(7)
    coaching.catch_up(match)
    assert coaching.progress(4) == (0, 2)
    while coaching.advance(0.005):
        pass
    assert coaching.progress(4) == (2, 2) and coaching.review_of(4) is None
    # Two later hands noted: hand 4 is forgotten.
    later = scripted(SPADE_LED, "2C")
    for hand in (5, 6):
        view = later.view_for(Seat.SOUTH)
        coaching.note(dataclasses.replace(view, hand_number=hand), Play.of(Seat.SOUTH, Card.parse("3C")))
    assert not coaching.knows(4) and coaching.knows(5) and coaching.knows(6)


@pytest.mark.native  # bookkeeping over four reviews (20 s in WebAssembly), which are checked there above
def test_the_statistics_average_what_the_coach_found_over_the_hands_it_reviewed() -> None:
    from hearts.storage import MemoryBackend, SavedMatch, Store

    from .storage.helpers import finished_match

    match = finished_match(4)  # Easy in every seat, South too: plays the coach finds costly
    assert len(match.results) >= 3
    coaching = coach.Coaching(coach.seed_for(4))
    for hand in (1, 2):
        for moment in coach.moments(match, hand):
            coaching.note(moment.view, moment.move)
        coaching.hand_over(hand)
    assert coaching.reviews_finished == 0
    while coaching.advance(0.05):
        pass
    assert coaching.reviews_finished == 2
    reviews = [coaching.review_of(1), coaching.review_of(2)]
    told = [review for review in reviews if review is not None]
    assert len(told) == 2
    assert coaching.points_lost_tenths == {r.hand: round(r.points_lost * 10) for r in told}
    lost = [review.points_lost for review in told]
    assert sum(lost) > 0
    for review in told:  # every costly play counts, the key moments shown among them
        assert set(review.key_moments) <= set(review.costly)
        assert review.points_lost == round(sum(d.cost for d in review.costly), 1)
        assert all(d.cost >= coach.KEY_COST and not d.forced for d in review.costly)
    # A third hand noted: hand 1's review is forgotten, its tally is not.
    view = dataclasses.replace(match.at_start().view_for(Seat.SOUTH), hand_number=3)
    coaching.note(view, Play.of(Seat.SOUTH, Card.parse("2C")))
    assert coaching.review_of(1) is None and set(coaching.points_lost_tenths) == {1, 2}
    # Kept with the match and counted when it is recorded: the average over the two hands reviewed.
    store = Store(MemoryBackend())
    saved = SavedMatch(match, 4, "easy", points_lost_tenths=coaching.points_lost_tenths)
    stats = store.record_finished(saved)
    assert stats.hands_reviewed == 2 and stats.hands_played == len(match.results)
    assert stats.points_lost_per_hand == pytest.approx(sum(lost) / 2)
    assert store.load_stats() == stats
    # After a reload the tally comes back with the match.
    again = coach.Coaching(coach.seed_for(4))
    again.catch_up(match, coaching.points_lost_tenths)
    assert again.points_lost_tenths == coaching.points_lost_tenths


@pytest.mark.native  # the bench is a command for a terminal; the coach it times runs in Pyodide above
def test_the_bench_times_the_coach_on_fixed_hands(capsys) -> None:  # type: ignore[no-untyped-def]
    assert command.main(["--bench", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["hands"] == 1 and result["median_wall_s"] > 0
    (hand,) = result["per_hand"]
    assert hand["seed"] == 1 and hand["forced"] >= 1  # the last card is always forced
    match = command.bench_hand(1)
    assert match.results and match.results[0].hand_number == 1
    assert record.dumps(match) == record.dumps(command.bench_hand(1))  # the same hand every time
    with pytest.raises(SystemExit):
        command.main(["--bench", "0"])


@pytest.mark.native
def test_the_command_runs_as_a_module() -> None:
    game = pathlib.Path(__file__).resolve().parents[1] / "game"
    result = subprocess.run(
        [sys.executable, "-m", "hearts.coach"],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(game), "PATH": ""},
    )
    assert result.returncode == 2
    assert result.stderr.startswith("usage: python -m hearts.coach")
    assert "a saved match is needed (or --bench, or --study)" in result.stderr


def test_weighing_ahead_while_south_chooses_gives_the_same_review(
    played_as_hard: tuple[Match, int, coach.Review],
) -> None:
    match, seed, result = played_as_hard
    coaching = coach.Coaching(seed)
    ahead = 0
    for moment in coach.moments(match, 1):
        # South is choosing: the coach, having caught up, weighs the choice before it is made.
        coaching.anticipate(moment.view)
        while coaching.advance(0.005):
            pass
        if isinstance(moment.move, Play):
            assert coaching.progress(1) == (moment.index, moment.index)  # its work is ahead, not judged
            ahead += 1
        coaching.note(moment.view, moment.move)
    coaching.hand_over(1)
    while coaching.advance(0.005):
        pass
    assert ahead == 13 and coaching.review_of(1) == result
    # Weighings begun for views South did not choose from (the next decision's) are not used.
    wrong = coach.Coaching(seed)
    made = list(coach.moments(match, 1))
    for moment, following in zip(made, [*made[1:], None], strict=True):
        wrong.anticipate(None if following is None else following.view)
        wrong.advance(0.02)
        wrong.note(moment.view, moment.move)
    wrong.hand_over(1)
    while wrong.advance(0.005):
        pass
    assert wrong.review_of(1) == result


@pytest.mark.native  # a command for a terminal (its jobs are processes), over hands the coach reviews above
def test_the_study_counts_what_the_coach_found_and_looks_again_at_its_key_moments(capsys) -> None:  # type: ignore[no-untyped-def]
    assert command.main(["--study", "2", "--json", "--jobs", "2"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["hands"] == result["hands_asked"] == 2
    for name in ("south_normal", "south_hard_own_seed"):
        tally = result[name]
        assert tally["hands"] == 2 and tally["judged_decisions"] > 10
        assert (
            0
            <= tally["key_moments"]
            <= tally["confirmed_by_second_look"]
            <= tally["looked_again"]
            <= tally["judged_decisions"]
        )
        assert tally["key_moments_per_hand"] == round(tally["key_moments"] / 2, 3)
        assert 0 <= tally["key_moments_found_again"] <= tally["key_moments"]
        # Each key moment's third look is kept: found again when it names the same choice a point better.
        looks = tally["third_looks"]
        assert len(looks) == tally["key_moments"]
        found = sum(same and third >= coach.KEY_COST for _, third, same in looks)
        assert tally["key_moments_found_again"] == found
        assert all(cost >= coach.CONFIRM_COST for cost, _, _ in looks)
    # Normal in South's seat gives the coach something to say; each example is a line of its kind.
    assert result["south_normal"]["looked_again"] > 0
    examples = result["examples"]
    assert examples and all(isinstance(line, str) and line for line in examples.values())
    if "noise" in examples:
        assert examples["noise"].startswith("Too close to call")


def test_the_hint_is_the_coachs_first_look_and_its_work_is_not_done_twice(
    played_as_hard: tuple[Match, int, coach.Review],
) -> None:
    match, seed, result = played_as_hard
    coaching = coach.Coaching(seed)
    for moment in coach.moments(match, 1):
        while coaching.advance(0.05):  # the decisions before this one, judged
            pass
        hint = None
        while hint is None:
            hint = coaching.hint(moment.view, 0.01)
        expected = moment.move.cards if isinstance(moment.move, Pass) else moment.move.card
        assert hint == expected  # South played as Hard seeded as the coach: the hint, every time
        coaching.note(moment.view, moment.move)
        if isinstance(moment.move, Play):
            steps = 0
            while coaching.progress(1)[0] <= moment.index:
                coaching.advance(0.0)
                steps += 1
            assert steps == 1  # the weighing the hint made is the one the card is judged by
    coaching.hand_over(1)
    while coaching.advance(0.05):
        pass
    assert coaching.review_of(1) == result


def test_a_hint_asked_for_comes_before_the_decisions_waiting_to_be_judged(
    played_as_hard: tuple[Match, int, coach.Review],
) -> None:
    match, seed, _ = played_as_hard
    made = list(coach.moments(match, 1))
    choosing = next(m for m in made if isinstance(m.move, Play) and len(distinct_choices(m.view)) > 1)
    coaching = coach.Coaching(seed)
    for moment in made[: made.index(choosing)]:
        coaching.note(moment.view, moment.move)  # South's pass and cards so far, none judged yet
    alone = coach.Coaching(seed)  # how many steps the hint takes on its own
    steps = 1
    while alone.hint(choosing.view, -1.0) is None:  # (a step a call)
        steps += 1
    assert steps > 2
    assert coaching.hint(choosing.view, -1.0) is None  # asked for: one step, not ready
    for _ in range(steps - 1):
        coaching.advance(0.0)  # the coach's own slices (a step each) go to the hint first…
    assert coaching.hint(choosing.view, -1.0) == choosing.move.card  # type: ignore[union-attr]
    assert coaching.progress(1) == (0, choosing.index)  # …and to nothing else meanwhile
