"""The hand review, opened the way a player opens it: from the hand result and from the pause menu, stepped
through all 13 tricks by taps, swipes and keys, and the same after a reload."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
import pytest
from snapshot import build, context

from hearts.engine import Seat
from hearts.review import replay_hand
from hearts.storage import Store
from hearts.ui.intents import Pressed
from hearts.ui.render.text import wrap
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.review import ReviewScene
from hearts.words import SEAT_NAMES

from .driver import Driver
from .test_app import QUICK, reload, start_match

if TYPE_CHECKING:
    from hearts.coach import Coaching
    from hearts.engine import Match


def wait_for_the_coach(driver: Driver, limit: int = 20_000) -> ReviewScene:
    scene = driver.scene
    assert isinstance(scene, ReviewScene)
    for _ in range(limit):
        if scene.review is not None:
            return scene
        driver.step()
    raise AssertionError("the coach never finished")


def choose(driver: Driver, key_start: str) -> None:
    dialog = driver.scene
    assert isinstance(dialog, Dialog)
    button = next(button for button in dialog.buttons if button.key.startswith(key_start))
    driver.click(button.rect.center)


def swipe(driver: Driver, start: tuple[int, int], end: tuple[int, int]) -> None:
    steps = 6
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)]
    for index in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * index // steps
        y = start[1] + (end[1] - start[1]) * index // steps
        events.append(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False)
        )
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
    driver.post(*events)


def test_the_review_from_the_hand_result_steps_through_every_trick() -> None:
    driver = Driver((390, 844), settings=QUICK, coach=True)
    start_match(driver)
    # A player who takes a moment over each move (a quarter of a second; anyone takes longer) leaves the
    # coach frames that draw nothing.
    driver.play_match_by_taps(driver.click, hands=1, think=0.25)
    result = driver.scene
    assert isinstance(result, Dialog) and result.name == "hand_result"
    # The coach worked while the hand was played (a few milliseconds a frame; a costly-looking pass,
    # looked at again with four times the samples, can take all of it): counted in steps, not timed.
    coaching = driver.table.session.coaching
    _, made = coaching.progress(1)
    assert made == 14 and coaching.steps > 0
    choose(driver, "review")
    review = wait_for_the_coach(driver)
    match = driver.table.session.match
    assert review.replay == replay_hand(match, 1)
    # All four hands as dealt, then as they stood before each trick.
    assert [len(cards) for cards in review.replay.dealt] == [13] * 4
    tricks = review.replay.tricks
    assert len(tricks) == 13
    for trick in tricks:
        assert all(len(held) == 14 - trick.number for held in trick.held)
        for seat in Seat:
            assert trick.card_of(seat) in trick.held[seat]
    # It opens on the costliest moment, or at the deal when there is none.
    moments = review.review.key_moments if review.review is not None else ()
    assert review.step == (moments[0].trick if moments else 0)
    # Tap by tap from the deal to the last trick, then back by keys.
    driver.key(pygame.K_HOME)
    assert review.step == 0 and not review.buttons[1].enabled  # nothing before the deal
    for step in range(1, 14):
        driver.click(driver.button_spot("next"))
        assert review.step == step
    assert not next(button for button in review.buttons if button.key == "next").enabled
    driver.click(driver.button_spot("next"))
    assert review.step == 13
    driver.key(pygame.K_LEFT)
    assert review.step == 12
    # A swipe to the left turns on, to the right turns back; a short drag does nothing.
    middle = (195, 500)
    swipe(driver, middle, (middle[0] - 150, middle[1]))
    assert review.step == 13
    swipe(driver, middle, (middle[0] + 150, middle[1]))
    assert review.step == 12
    swipe(driver, middle, (middle[0] + 10, middle[1]))
    assert review.step == 12
    driver.key(pygame.K_END)
    assert review.step == 13
    # Back, to the hand's result, and on to the next hand.
    driver.key(pygame.K_ESCAPE)
    again = driver.scene
    assert isinstance(again, Dialog) and again.name == "hand_result"
    assert len(match.results) == 1 and match.hand_number == 1


def test_the_last_hand_is_reviewed_from_the_pause_menu_and_after_a_reload() -> None:
    driver = Driver((844, 390), settings=QUICK)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    driver.click(driver.scene.buttons[0].rect.center)  # on to hand 2
    driver.settle()
    driver.click(driver.button_spot("menu"))
    choose(driver, "review")
    first = wait_for_the_coach(driver).review
    assert first is not None
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is driver.table
    # What the hand lost to costly plays was saved with the match as soon as its review was done.
    saved = Store(driver.backend).load_match()
    assert saved is not None and saved.points_lost_tenths == {1: first.points_lost_tenths}
    # Reopened, the match knows its last hand and the coach says the same of it.
    again = reload(driver)
    coaching = again.table.session.coaching
    assert coaching.review_of(1) is None and coaching.points_lost_tenths == {1: first.points_lost_tenths}
    again.settle()
    again.click(again.button_spot("menu"))
    choose(again, "review")
    assert wait_for_the_coach(again).review == first


def test_the_last_hands_review_counts_in_the_statistics_when_it_is_done_after_the_match() -> None:
    driver = Driver((390, 844), settings=QUICK)  # the coach idle while the match is played
    start_match(driver)
    driver.play_match_by_taps(driver.click)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "match_result"
    stats = driver.app.ctx.stats
    assert stats.matches_played == 1 and stats.hands_reviewed == 0 and stats.points_lost_per_hand is None
    # The coach now works while the result is on show: the last two hands' reviews (all it keeps)
    # join the match already counted, once each.
    coaching = driver.table.session.coaching
    last = len(driver.table.session.match.results)
    driver.app.coach_slice = 0.004
    for _ in range(200_000):
        if coaching.review_of(last) is not None and coaching.idle:
            break
        driver.step()
    assert set(coaching.points_lost_tenths) == {last - 1, last}
    lost = sum(coaching.points_lost_tenths.values())
    for _ in range(10):
        driver.step()
    stats = driver.app.ctx.stats
    assert (stats.matches_played, stats.hands_reviewed, stats.points_lost_tenths) == (1, 2, lost)
    assert (stats.last_hands_reviewed, stats.last_points_lost_tenths) == (2, lost)
    assert Store(driver.backend).load_stats() == stats


def drawn_review(name: str, size: tuple[int, int]) -> ReviewScene:
    """The snapshot's ``name`` review (hand 1, judged to the end), laid out and drawn at ``size``."""
    pygame.display.init()
    ctx = context(size, 1.0)
    review = build(name, ctx)[-1]
    assert isinstance(review, ReviewScene) and review.review is not None
    review.draw(pygame.Surface(size))
    return review


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)])
def test_a_hand_with_no_costly_play_says_so_in_a_line_and_gives_the_room_to_the_cards(
    size: tuple[int, int],
) -> None:
    clean = drawn_review("review_clean", size)
    assert clean.review is not None and clean.review.key_moments == ()
    fonts = clean.ctx.fonts
    one_line = fonts.line_height(clean.layout.text_px, bold=True) + 2 * clean.layout.gap
    assert clean.layout.coach.height <= one_line and clean.layout.moments == ()
    # The cards have all the room under that line: the whole width, the height down to the controls.
    marked = drawn_review("review", size)
    assert marked.review is not None and marked.review.key_moments
    content_height = marked.layout.table.bottom - marked.layout.coach.top
    assert clean.layout.table.width == size[0] - 2 * marked.layout.coach.left
    assert clean.layout.table.bottom == marked.layout.table.bottom
    if size[0] < size[1]:  # the line over the cards
        assert clean.layout.coach.width == clean.layout.table.width
        assert clean.layout.table.top <= clean.layout.coach.bottom + clean.layout.gap
        assert clean.layout.table.height >= content_height - one_line - clean.layout.gap
    else:  # the line beside the step's heading, the cards below both
        assert clean.layout.coach.top == clean.layout.table.top
        assert clean.layout.table.height == content_height
        assert clean.layout.heading.right <= clean.layout.coach.left
        assert clean.layout.coach.bottom <= clean.layout.heading.bottom <= clean.layout.rows[0].cards.top
    # Every decision's words fit in their place whole, in both.
    for scene in (clean, marked):
        assert scene.review is not None
        line = fonts.line_height(scene.layout.small_px)
        for decision in scene.review.decisions:
            lines = len(wrap(fonts, decision.why, scene.layout.small_px, scene.layout.decision.width))
            assert lines * line <= scene.layout.decision.height, (decision.why, size)


def test_a_screen_reader_hears_the_review_step_by_step_and_presses_its_buttons() -> None:
    review = drawn_review("review", (390, 844))
    assert review.review is not None and review.review.key_moments
    heard: list[str] = []
    review.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    opened = review.opened_words("brief", returned=False)
    assert opened is not None and opened.text.startswith(f"Hand {review.replay.hand_number} review. ")
    assert review.coach_heading() in opened.text and f"Trick {review.step} of 13." in opened.text
    mirrored = review.mirror().dialog
    assert mirrored is not None and mirrored.title == review.title
    labels = [choice.label for choice in mirrored.choices]
    assert labels[:2] == ["Back", "Previous step"] and labels[-1] == "Next step"
    assert f"Play from trick {review.step}" in labels
    assert mirrored.own_keys and mirrored.active is None  # (Enter plays from here: the page keeps off Back)
    assert mirrored.lines[0] == review.coach_heading()  # then the key moments, then the step
    assert "♠" not in " ".join(mirrored.lines) and "♥" not in " ".join(mirrored.lines)  # cards in words

    # The mirror's Previous step, pressed down to the deal: each step is said as it comes.
    for step in range(review.step - 1, -1, -1):
        review.handle(Pressed("choice", "prev"))
        review.ctx.speaker.flush()
        assert review.step == step
        said = heard.pop()
        if step:
            trick = review.replay.tricks[step - 1].trick
            assert said.startswith(f"Trick {step} of 13. ") and "took it" in said
            assert SEAT_NAMES[trick.winner] in said  # type: ignore[index]
        else:
            assert said.startswith("The deal and the pass. You passed the ")
    assert review.handle(Pressed("choice", "prev")) is None and review.step == 0  # disabled at the deal
    assert heard == []


class LateCoach:
    """The coach of a review, still at work until its next slice."""

    def __init__(self, review: object) -> None:
        self.review, self.done = review, False

    def review_of(self, hand: int) -> object:
        return self.review if self.done else None

    def progress(self, hand: int) -> tuple[int, int]:
        return (14, 14) if self.done else (9, 14)

    def advance(self, seconds: float) -> bool:
        self.done = True
        return False


def test_the_coach_finishing_while_the_review_is_open_is_said_with_where_it_moved() -> None:
    review = drawn_review("review", (390, 844))
    found = review.review
    assert found is not None and found.key_moments
    review.coaching = LateCoach(found)  # type: ignore[assignment]
    review.step = 0
    opened = review.opened_words("brief", returned=False)
    assert opened is not None and "Judging your plays… 9 of 14. The deal and the pass." in opened.text
    heard: list[str] = []
    review.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    review.update(0.1)
    review.ctx.speaker.flush()
    moment = found.key_moments[0].trick
    assert review.step == moment
    assert heard == [" ".join([f"{review.coach_heading()}.", *review.step_words()])]
    assert heard[0].startswith(f"{len(found.costly)} costly play") and f"Trick {moment} of 13." in heard[0]


HEAVY_SEED = 2034
"""A match whose first hand, played as Easy plays in your seat, holds four costly plays of yours: more
than the coach lists."""


@functools.cache
def heavy_hand() -> tuple[Match, Coaching]:
    """``HEAVY_SEED``'s match after its first hand, played as Easy plays in your seat, and the coach's
    review of that hand judged to the end: worked out once a process (it takes seconds), and read only."""
    from snapshot import play_until

    from hearts.coach import Coaching, moments, seed_for
    from hearts.engine import Rules
    from hearts.ui.session import Session

    session = Session.new(Rules(), "normal", seed=HEAVY_SEED)
    play_until(session, lambda s: len(s.match.results) >= 1 and s.needs_deal, you="easy")
    coaching = Coaching(seed_for(session.seed))
    for moment in moments(session.match, 1):
        coaching.note(moment.view, moment.move)
    coaching.hand_over(1)
    while coaching.advance(0.05):
        pass
    return session.match, coaching


def heavy_review(size: tuple[int, int]) -> tuple[Driver, ReviewScene]:
    """The review of ``HEAVY_SEED``'s first hand, judged to the end, open in the app at ``size``."""
    match, coaching = heavy_hand()
    driver = Driver(size)
    review = ReviewScene(driver.app.ctx, replay_hand(match, 1), coaching)
    driver.app.stack.append(review)
    review.dirty = True
    return driver, review


# The tests of the heavy hand share one worker, so its review is worked out once.
HEAVY = pytest.mark.xdist_group("heavy-review")


@HEAVY
@pytest.mark.parametrize("size", [(1280, 720), (844, 390), (390, 844)])
def test_the_coach_says_when_it_lists_only_the_costliest_plays(size: tuple[int, int]) -> None:
    from hearts.ui.report import recording

    driver, review = heavy_review(size)
    found = review.review
    assert found is not None and len(found.costly) == 4 and len(found.key_moments) == 3
    with recording(size, 1.0) as report:
        driver.step()
    coach = [
        item for item in report.items if item["kind"] == "text" and review.layout.coach.contains(item["rect"])
    ]
    words = " ".join(item["text"] for item in coach)
    assert f"4 costly plays: {found.points_lost:.1f} points in all. Here are the 3 costliest." in words
    assert len(review.layout.moments) == 3  # all three listed under it
    for item in coach:  # and every word inside the panel
        assert review.layout.coach.contains(item["rect"]), item


@HEAVY
def test_the_review_in_landscape_puts_the_coachs_words_right_under_its_list() -> None:
    """At 1280×720 the words on the step's decision follow the list of costly plays (they lay at the
    foot of the column, under a tall empty panel)."""
    driver, review = heavy_review((1280, 720))
    driver.click(review.layout.moments[0].center)  # the costliest play's trick
    decision = review.decision_here()
    assert decision is not None and decision.key
    last = review.layout.moments[-1]
    assert 0 <= review.layout.decision.top - last.bottom <= 2 * review.layout.gap
    # no empty panel below
    assert review.layout.coach.bottom <= review.layout.decision.bottom + 2 * review.layout.gap


@pytest.mark.parametrize("jack_rule", [True, False], ids=["jack-on", "jack-off"])
def test_the_trick_with_the_jack_names_it_in_the_review_under_its_rule(jack_rule: bool) -> None:
    """The step's heading says what the trick held as the table said it: the J♦ with its −10 where the
    rule scores it, and not where it is just a diamond."""
    from hearts.bots import make_bot
    from hearts.deals import deal_for
    from hearts.engine import JACK_OF_DIAMONDS, Match, Phase, Rules
    from hearts.ui.review_frame import coach_text, review_frame
    from hearts.ui.review_layout import review_layout

    match = Match(Rules(jack_of_diamonds=jack_rule))
    bots = {seat: make_bot("easy", seed=int(seat)) for seat in Seat}
    match.apply(deal_for(3, 1))
    while match.hand_number == 1 and match.phase is not Phase.DEAL:
        seat = match.to_move if match.phase is not Phase.PASS else match.awaiting[0]
        assert seat is not None
        match.apply(bots[seat].decide(match.view_for(seat)))
    replay = replay_hand(match, 1)
    step = 1 + next(
        index for index, shown in enumerate(replay.tricks) if JACK_OF_DIAMONDS in shown.trick.cards
    )
    pygame.display.init()
    ctx = context((390, 844), 1.0)
    layout = review_layout((390, 844), 1.0, ctx.fonts, coach_text(None, ""))
    frame = review_frame(
        layout, replay, None, heading="", step=step, practise=False, focus_key=None, four_colour=False
    )
    assert ("J♦ (−10)" in frame.heading) is jack_rule, frame.heading


@pytest.mark.parametrize("size", [(320, 568), (360, 640), (390, 844)])
def test_on_a_small_phone_the_cards_stay_large_enough_to_read_beside_the_coachs_list(
    size: tuple[int, int],
) -> None:
    """A long list of costly plays and a long explanation leave the rows little height on a small phone:
    the seats' names go beside the rows where that makes the cards larger, and a card stays at least 28
    CSS pixels tall (its rank and suit readable; over the rows, the names had left the cards 16 tall)."""
    from hearts.ui.review_layout import CoachText, review_layout

    pygame.display.init()
    ctx = context(size, 1.0)
    why = (
        "A moon was within reach: every point so far is yours, with 0 hearts in the other hands. Hard shoots"
        " the moon in 100% of its deals after the 4♣, in 0% after the 8♦. From here Hard expects the 4♣ to"
        " cost you nothing and the 8♦ to cost you 25.0 points: 25.0 points lost."
    )
    coach = CoachText(
        heading="2 costly plays: 27.6 points in all",
        moments=(
            "Trick 10: you played 8♦, better 4♣: 25.0 points lost (8♦ costs 25.0, 4♣ costs 0.0)",
            "Trick 4: you played J♦, better 8♦: 2.6 points lost (J♦ costs 11.5, 8♦ costs 8.9)",
        ),
        whys=(why,),
    )
    layout = review_layout(size, 1.0, ctx.fonts, coach)
    assert layout.card_size[1] >= 28, layout.card_size
    for row in layout.rows:
        assert layout.table.contains(row.cards) and not row.label.colliderect(row.cards.inflate(0, -1))
    assert all(
        not first.cards.colliderect(second.cards)
        for index, first in enumerate(layout.rows)
        for second in layout.rows[index + 1 :]
    )


def test_the_last_trick_is_no_choice_not_the_only_card_that_made_sense() -> None:
    """A forced decision is "the only card that made sense"; the last trick's, one card left, was no choice
    at all, and says so."""
    from hearts.coach.judgement import Decision
    from hearts.engine import CardSet
    from hearts.ui.review_frame import LAST_CARD, ONLY_ONE, decision_words

    def forced(trick: int) -> Decision:
        cards = CardSet()
        return Decision(1, 20 - trick, "play", trick, cards, cards, 0.0, 0.0, True, "why")

    assert decision_words(forced(13)) == LAST_CARD
    assert decision_words(forced(5)) == ONLY_ONE
    assert decision_words(Decision(1, 5, "play", 5, CardSet(), CardSet(), 0.0, 0.0, False, "why")) == "why"
