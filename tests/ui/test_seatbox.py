"""What a seat's box says of its score, over real hands: the total alone, this hand's points with their
sign and words (the J♦'s −10 counted), the hearts it has taken as a count, the Q♠ and J♦ as chips."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from snapshot import play_until

from hearts.engine import JACK_OF_DIAMONDS, Phase, PlayerView, Rules, Seat
from hearts.ui.seatbox import SeatWords, seat_words, signed
from hearts.ui.session import Session


def test_points_carry_their_sign_and_a_gain_a_true_minus() -> None:
    assert [signed(points) for points in (5, 0, -10, 26)] == ["+5", "0", "−10", "+26"]


def _views_after_every_trick(session: Session, hands: int) -> Iterator[PlayerView]:
    """South's view after every trick of the first ``hands`` hands."""
    while len(session.match.results) < hands:
        count = len(session.view.tricks)
        play_until(
            session,
            lambda s, count=count: (s.phase is Phase.PLAY and len(s.view.tricks) != count) or s.needs_deal,
        )
        if session.needs_deal:
            session.deal()
            continue
        yield session.view


def _after_every_trick(session: Session, hands: int) -> list[tuple[SeatWords, int, int, bool]]:
    """Each seat's words after every trick of the first ``hands`` hands, with the penalty points the
    engine counts for it this hand, its total, and whether its tricks hold the J♦."""
    said = []
    for view in _views_after_every_trick(session, hands):
        for seat in Seat:
            jack = any(JACK_OF_DIAMONDS in trick.cards for trick in view.tricks if trick.winner == seat)
            said.append((seat_words(view, seat), view.points[seat], view.totals[seat], jack))
    return said


def test_each_box_says_what_its_seat_took_and_what_the_hand_scores_it_so_far() -> None:
    """Through three hands with the J♦ rule, after every trick: a box's count of hearts and its Q♠ chip
    are exactly the penalty points the engine counts for that seat (a heart each, 13 for the queen), its
    words say those points less 10 for the J♦ chip, and a J♦ taken with fewer than ten hearts reads as
    a gain."""
    session = Session.new(Rules(jack_of_diamonds=True), "normal", seed=7)
    seen = _after_every_trick(session, 3)
    for words, penalty, total, jack in seen:
        assert words.hearts + 13 * words.queen == penalty, words
        assert words.jack == jack
        assert words.hand == f"{signed(penalty - 10 * jack)} this hand", words
        assert words.total == str(total)
    assert any(words.jack and words.hand.startswith("−") for words, *_ in seen)  # the seed has one
    assert any(words.queen for words, *_ in seen) and any(words.hearts > 1 for words, *_ in seen)


def test_without_the_jack_rule_the_jack_is_just_a_card() -> None:
    session = Session.new(Rules(jack_of_diamonds=False), "normal", seed=7)
    seen = _after_every_trick(session, 2)
    for words, penalty, _, _ in seen:
        assert not words.jack and words.hand == f"{signed(penalty)} this hand"
    assert any(jack for *_, jack in seen)  # someone took it


def test_once_the_hand_is_over_each_box_says_what_it_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the hand's result the totals have the hand in them, so "this hand" says what each seat scored
    (the moon and the J♦ applied), never the points taken: a shooter's box read "+26 this hand" beside a
    total that had not moved. Through the real table, for the first hands of a match with the J♦."""
    from .driver import Driver
    from .test_app import QUICK, start_match

    # A fixed deal: with a new match's own seed, a match to 50 could end within the three hands.
    monkeypatch.setattr("hearts.ui.session.new_seed", lambda: 11)
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    for hands in (1, 2, 3):
        driver.play_match_by_taps(driver.click, hands=1)
        table = driver.table
        scored = table.session.match.results[-1]
        frame = table.frame()
        assert frame.scored == scored.scores
        for seat in Seat:
            words = seat_words(frame.shown, seat, frame.scored)
            assert words.hand == f"{signed(scored.scores[seat])} this hand", (hands, seat, words)
            assert words.total == str(scored.totals[seat])
        driver.click(driver.scene.buttons[0].rect.center)  # Next hand
        driver.settle()
        assert table.frame().scored is None  # a hand in play says its points so far


def test_the_moon_badge_waits_for_a_real_threat() -> None:
    """A heart or two in one seat is how hands begin: the badge needs every point taken so far, and
    enough of them to be going for all; the counts it stands beside never give way to it."""
    from hearts.ui.table_seats import MOON_THREAT_POINTS, is_moon_threat

    session = Session.new(Rules(), "normal", seed=7)
    early = threat = 0
    for view in _views_after_every_trick(session, 4):
        for seat in Seat:
            if view.moon_threat == seat and view.points[seat] < MOON_THREAT_POINTS:
                early += 1
                assert not is_moon_threat(view, seat)
            threat += is_moon_threat(view, seat)
    assert early and threat  # both came up in these hands
