"""The daily deal: a date names the same deal, pass and bots everywhere; par is Hard in South's seat, the
same whether worked out in slices or in one go; the share text gives nothing of the deal away.

The golden dates run natively and inside Pyodide (tests/pyodide/run.mjs runs this file too), so they pin
the same deal on both.
"""

from __future__ import annotations

import datetime
import itertools
import json

import pytest

from hearts import daily
from hearts.deals import deal_for, seat_seed
from hearts.engine import (
    FULL_DECK,
    Card,
    CardSet,
    Deal,
    HandStarted,
    Match,
    Pass,
    PassDirection,
    Phase,
    Play,
    Seat,
    TrickTaken,
)
from hearts.ui.session import Session

# Pinned: the seed, the pass and the four hands as dealt (South, West, North, East). A change here is a
# change of every player's daily deal for that date.
GOLDEN = {
    "2026-12-01": (
        93103580472352977,
        PassDirection.ACROSS,
        (
            "2C 4C 8C KC AC 7D 9D 5S 8S KS 2H 3H 6H",
            "5C 7C TC 4D 5D 6D QD KD 6S 9S QS 4H QH",
            "3C 9C JC JD AD 2S 3S 4S JS 5H 7H 8H KH",
            "6C QC 2D 3D 8D TD 7S TS AS 9H TH JH AH",
        ),
    ),
    "2027-01-01": (
        312883063365767488,
        PassDirection.RIGHT,
        ("2C 3C 8C 5D 2S 5S 9S JS KS 4H 8H 9H TH", None, None, None),
    ),
    "2028-02-29": (
        3623357326367287963,
        PassDirection.RIGHT,
        ("4C TC AC 9D QD KD 3S 4S 8S 3H 8H 9H KH", None, None, None),
    ),
    "1999-12-31": (
        4811129866286135708,
        PassDirection.ACROSS,
        ("TC KC 4D 5D 8D TD 2S 4S 5S 8S QS AS 2H", None, None, None),
    ),
}


@pytest.mark.parametrize("date", sorted(GOLDEN))
def test_golden_dates_give_the_same_deal_on_every_run(date: str) -> None:
    seed, direction, hands = GOLDEN[date]
    today = daily.daily_for(date)
    assert (today.key, today.seed, today.direction, today.level) == (date, seed, direction, "hard")
    for seat, expected in zip(Seat, hands, strict=True):
        if expected is not None:
            assert today.deal.hands[seat] == CardSet.parse(expected), (date, seat)
    # The same from a date object, and from a fresh computation.
    assert daily.daily_for(datetime.date.fromisoformat(date)) == today
    assert daily.seed_for(date) == seed


def test_neighbouring_dates_differ() -> None:
    start = datetime.date(2026, 1, 1)
    days = [start + datetime.timedelta(days=offset) for offset in range(400)]
    seeds = [daily.seed_for(day) for day in days]
    deals = [daily.daily_for(day).deal for day in days[:60]]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**63 for seed in seeds)
    for first, second in itertools.pairwise(deals):
        assert first != second
        assert first.hands[Seat.SOUTH] != second.hands[Seat.SOUTH]


def test_the_pass_follows_the_calendar_left_right_across_none() -> None:
    cycle = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE]
    start = daily.EPOCH
    for offset in range(-8, 40):
        day = start + datetime.timedelta(days=offset)
        assert daily.direction_for(day) is cycle[offset % 4], day
    # The cycle runs across month and year ends without a jump.
    assert daily.direction_for("2026-12-31") is cycle[364 % 4]
    assert daily.direction_for("2027-01-01") is cycle[365 % 4]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2026-13-01", "no such day"),
        ("2026-02-29", "no such day"),
        ("20261201", "YYYY-MM-DD"),
        ("2026-12-1", "YYYY-MM-DD"),
        ("2026-12-01T00:00", "YYYY-MM-DD"),
        ("", "YYYY-MM-DD"),
        ("２０２６-１２-０１", "YYYY-MM-DD"),  # full-width digits are not ASCII digits
    ],
)
def test_a_date_is_written_year_month_day(text: str, says: str) -> None:
    with pytest.raises(daily.InvalidDate) as caught:
        daily.parse_date(text)
    assert says in str(caught.value)


def test_the_daily_match_is_what_a_session_deals_and_passes() -> None:
    today = daily.daily_for("2026-12-02")
    session = Session(today.new_match(), today.seed, today.level)
    started = session.deal()[0]
    assert isinstance(started, HandStarted)
    assert session.match.hand.dealt == tuple(hand.mask for hand in today.deal.hands)  # type: ignore[union-attr]
    assert started.pass_direction is today.direction is daily.direction_for("2026-12-02")
    assert today.deal == deal_for(today.seed, 1)
    assert all(today.bot_seed(seat) == seat_seed(today.seed, seat) for seat in Seat)
    assert today.dealt_match().snapshot() == session.match.snapshot()


def _scripted(hands: tuple[str, str, str, str]) -> Match:
    """A daily-shaped match (no pass) on a given deal, every seat playing its lowest legal card."""
    match = Match(daily.RULES, pass_cycle=(PassDirection.NONE,))
    match.apply(Deal(tuple(CardSet.parse(text) for text in hands)))
    while match.phase is Phase.PLAY:
        match.apply(match.legal_moves()[0])
    return match


def test_trick_marks_follow_what_south_took() -> None:
    match = daily.daily_for("2026-12-02").new_match()
    match.apply(daily.daily_for("2026-12-02").deal)
    assert match.phase is Phase.PLAY  # 2026-12-02 passes no cards
    assert daily.trick_marks(match) == ""
    taken: list[TrickTaken] = []
    while not daily.is_finished(match):
        for event in match.apply(match.legal_moves()[-1]):
            if isinstance(event, TrickTaken):
                taken.append(event)
        assert len(daily.trick_marks(match)) == len(taken)
    marks = daily.trick_marks(match)
    assert len(marks) == 13
    for mark, event in zip(marks, taken, strict=True):
        south = event.winner is Seat.SOUTH
        if south and Card.parse("QS") in event.trick.cards:
            assert mark == daily.MARK_QUEEN
        elif south and event.points:
            assert mark == daily.MARK_HEARTS
        else:
            assert mark == daily.MARK_CLEAN
    assert daily.points_of(match) == match.results[0].scores[Seat.SOUTH]
    # The marks stay those of the daily hand once the match deals on.
    match.apply(deal_for(1, 2))
    assert daily.trick_marks(match) == marks


def test_a_moon_marks_every_trick_with_points_as_the_moon() -> None:
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"  # South wins every trick
    rest = list(FULL_DECK - CardSet.parse(clubs))
    hands = (clubs, *(CardSet(rest[index : index + 13]).notation for index in (0, 13, 26)))
    match = _scripted(hands)  # type: ignore[arg-type]
    assert match.results[0].moon_shooter is Seat.SOUTH
    marks = daily.trick_marks(match)
    tricks = match.hand.tricks  # type: ignore[union-attr]
    expected = [daily.MARK_MOON if trick.points else daily.MARK_CLEAN for trick in tricks]
    assert len(marks) == 13 and list(marks) == expected and daily.MARK_MOON in marks
    assert daily.trick_marks(match, Seat.WEST) == daily.MARK_CLEAN * 13


def test_the_share_text_gives_scores_and_marks_and_no_cards() -> None:
    text = daily.share_text("2026-12-01", 4, 6, "··♥··♠·······")
    assert text.splitlines() == ["Hearts daily 2026-12-01", "4 points · par 6 (2 better)", "··♥··♠·······"]
    assert "practice" in daily.share_text("2026-12-01", 4, 6, "", practice=True)
    assert "(level)" in daily.share_text(datetime.date(2026, 12, 1), 1, 1, "")
    assert "1 point · par 0 (1 worse)" in daily.share_text("2026-12-01", 1, 0, "")
    assert "par" not in daily.share_text("2026-12-01", 26, None, "")
    # Spoiler-free: a real finished daily's text names no card.
    match = daily.daily_for("2026-12-04").dealt_match()
    while not daily.is_finished(match):
        match.apply(match.legal_moves()[0])
    shared = daily.share_text("2026-12-04", daily.points_of(match), 3, daily.trick_marks(match))
    for card in FULL_DECK:
        assert str(card) not in shared and card.notation not in shared


@pytest.fixture(scope="module")
def sliced_par() -> tuple[daily.Par, int]:
    """Par for 2026-12-01 worked out in slices of no time at all: the computation, and the slices."""
    computation = daily.Par(daily.daily_for("2026-12-01"))
    assert computation.value is None and not computation.is_done
    slices = 1
    while not computation.work(0.0):
        slices += 1
    return computation, slices


# Two pars' worth of work: 22 s inside Pyodide, where Hard's choices are checked by the bots' own tests.
@pytest.mark.native
def test_par_is_the_same_in_slices_and_in_one_go(sliced_par: tuple[daily.Par, int]) -> None:
    sliced, slices = sliced_par
    assert slices > 50  # it really was cut up
    assert sliced.match is not None and daily.is_finished(sliced.match)
    plain = daily.par("2026-12-01")
    assert sliced.value == plain == daily.points_of(sliced.match)
    assert sliced.work(0.002) is True and sliced.value == plain


@pytest.mark.native  # a third par's worth of work: too slow to be worth it inside Pyodide
def test_a_slice_overruns_by_one_step_of_the_thinking_at_most(sliced_par: tuple[daily.Par, int]) -> None:
    """Counted, not timed: in slices of no time, par takes one slice for each step of Hard's thinking
    played out in one go, and one more to finish."""
    sliced, slices = sliced_par
    match = sliced.daily.dealt_match()
    thinking = daily.play_out(sliced.daily, match)
    steps = sum(1 for _ in thinking)
    assert slices == steps + 1
    assert sliced.match is not None and match.moves == sliced.match.moves


@pytest.mark.native  # a fourth par's worth of work: too slow to be worth it inside Pyodide
def test_par_is_what_the_game_plays_with_hard_in_souths_seat(
    sliced_par: tuple[daily.Par, int],
) -> None:
    """The hand played through the game's own Session, Hard deciding for South: the opponents play
    as they would for a player who plays Hard's cards, and South scores par."""
    sliced = sliced_par[0]
    today = sliced.daily
    session = Session(today.new_match(), today.seed, today.level)
    session.deal()
    south = today.bot(Seat.SOUTH)
    while not daily.is_finished(session.match):
        if session.is_human_turn:
            move = south.decide(session.match.view_for(Seat.SOUTH))
            if isinstance(move, Play):
                session.play(move.card)
            else:
                assert isinstance(move, Pass)
                session.pass_cards(move.cards)
        else:
            while session.think(1.0) is None:
                pass
            session.apply_bot_move()
    assert sliced.match is not None and session.match.moves == sliced.match.moves
    assert daily.points_of(session.match) == sliced.value


@pytest.mark.native
def test_the_command_prints_the_deal_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert daily.main(["--date", "2026-12-01", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seed, direction, hands = GOLDEN["2026-12-01"]
    assert data["seed"] == seed and data["pass"] == direction.label and data["level"] == "hard"
    assert [data["hands"][seat.name.lower()] for seat in Seat] == [
        CardSet.parse(text).notation for text in hands if text is not None
    ]
    assert "par" not in data
    assert daily.main(["--date", "2026-12-32"]) == 2
    assert "no such day" in capsys.readouterr().err
