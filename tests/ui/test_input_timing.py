"""No lost input: from the moment the prompt says it is your turn, a tap, click or key counts, even while the
finished trick is still held or collected; and the prompt never says so while input would be dropped."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from pygame import Rect

from hearts.bots.hints import suggest_play
from hearts.engine import Card, Phase, Play, PlayerView, Reason, Seat
from hearts.storage import MemoryBackend, SavedMatch, Settings, Store
from hearts.ui.modes import MatchMode
from hearts.ui.modes.base import MatchWords
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.table_pace import DEAL_SKIPPED_AFTER, REASON_TIME
from hearts.ui.table_remarks import taken_showing
from hearts.words import prompt

from ..engine.scenarios import play, start
from .driver import FRAME, Driver
from .test_app import QUICK, _hint_pass, _one_action, human_plays, play_to_human_turn_mid_trick, start_match

YOUR_TURN = ("Your lead", "Your turn")


def says_your_turn(message: str) -> bool:
    """The message tells you to play (after the words on a trick just taken, if it is showing)."""
    return any(words in message for words in YOUR_TURN)


def play_to_a_trick_you_won(driver: Driver, kind: str) -> None:
    """Play on (by hint) until a trick you won is showing its ``kind`` step ("hold" or "collect"), so the
    next lead is yours while it still shows (and the hand without the card that took it has been seen)."""
    for _ in range(30000):
        table = driver.table
        current = table.motion.current
        leading = table.snapshot().turn_to_play and not table.session.view.trick.cards
        if current is not None and current.kind == kind and leading and driver.hand_is_seen():
            return
        if driver.is_waiting_for_player():
            if isinstance(driver.scene, Dialog):
                driver.click(driver.scene.buttons[0].rect.center)
            else:
                _one_action(driver)
        else:
            driver.step(FRAME / 2)
    raise AssertionError(f"never reached a {kind} step before your lead")


@pytest.mark.parametrize("kind", ["hold", "collect"])
@pytest.mark.parametrize("how", ["touch", "click"])
def test_a_tap_on_a_legal_card_while_the_trick_is_shown_plays_it_once(kind: str, how: str) -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    play_to_a_trick_you_won(driver, kind)
    table = driver.table
    assert table.is_players_move
    assert says_your_turn(table.message)
    card = suggest_play(table.session.view)
    before = len(human_plays(driver))
    spot = driver.card_spot(card)
    if how == "touch":
        driver.touch(spot)
    else:
        # A double click in one frame: one card.
        driver.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, touch=False),
        )
    plays = human_plays(driver)
    assert len(plays) == before + 1 and plays[-1] == Play.of(Seat.SOUTH, card)
    current = table.motion.current
    if kind == "hold":  # the trick stays its least time, your card raised, then the card goes down
        assert current is not None and current.kind == "hold"
        hand = table.shown_hand()
        assert card in hand.cards() and hand.cards().index(card) in hand.raised_indexes(hand.cards())
        while current is not None and current.kind == "hold":
            driver.step()
            current = table.motion.current
    assert current is not None and current.kind == "play"  # the old trick is gone; the new card flies
    assert card in current.hidden
    driver.settle()
    assert human_plays(driver)[before:].count(Play.of(Seat.SOUTH, card)) == 1


def about_to_win_the_first_trick() -> MemoryBackend:
    """Storage holding a match at hand 4 (no passing) where South, last to the first trick, can only
    take it with the A♣, then leads with hearts not broken: nine hearts it may not lead, three diamonds."""
    match = start(
        south="AC 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D",
        west="2C 5C 8C JC 5D 6D 7D 8D 2S 3S 4S 5S JH",
        north="3C 6C 9C QC 9D TD JD QD 6S 7S 8S 9S QH",
        east="4C 7C TC KC KD AD TS JS QS KS AS KH AH",
    )
    play(match, "2C", "3C", "4C")
    backend = MemoryBackend()
    Store(backend).save_match(SavedMatch(match, 7, "normal"))
    return backend


def test_a_tap_while_the_cards_are_dealt_lands_them_and_the_next_tap_chooses() -> None:
    """The prompt asks for three cards as the deal begins: a tap on the table then deals every card at
    once (the hand lies as it will), unless it is a double tap's second, on New match; it chooses
    nothing, as no card lay still under the finger."""
    driver = Driver((390, 844), settings=Settings(pace="normal"))
    start_match(driver)
    table = driver.table
    middle = table.layout.hand.visible_part(13, 6, frozenset()).center
    driver.touch(middle)  # New match's double tap
    assert table.motion.current is not None and table.motion.current.kind == "deal"
    while table.motion.current is not None and table.motion.current.shown < DEAL_SKIPPED_AFTER:
        driver.step()
    assert table.motion.is_busy and table.session.view.phase is Phase.PASS
    driver.touch(middle)
    assert not table.motion.is_busy and not table.state.selected
    assert len(table.shown_hand().cards()) == 13
    card = table.shown_hand().cards()[6]
    driver.touch(driver.card_spot(card))  # (once the hand as it lies has been seen)
    assert table.state.selected == {card}


def test_an_illegal_card_tapped_while_the_trick_is_shown_is_refused_with_its_reason() -> None:
    driver = Driver((390, 844), backend=about_to_win_the_first_trick(), settings=QUICK)
    play_to_a_trick_you_won(driver, "hold")
    view = driver.table.session.view
    assert len(view.tricks) == 1 and not view.hearts_broken
    illegal = [card for card in view.hand if card not in view.legal]
    assert len(illegal) == 9
    moves = driver.table.session.match.moves
    driver.click(driver.card_spot(illegal[0]))
    assert driver.table.session.match.moves == moves
    assert driver.table.message == str(
        driver.table.session.match.why_illegal(Play.of(Seat.SOUTH, illegal[0]))
    )


def test_keys_work_while_the_trick_is_shown() -> None:
    driver = Driver((1280, 720), settings=QUICK)
    start_match(driver)
    play_to_a_trick_you_won(driver, "hold")
    table = driver.table
    driver.key(pygame.K_h)  # the hint: a card is suggested once worked out, the trick still showing
    for _ in range(3000):
        if not table.hint.is_working:
            break
        driver.step()
    suggested = table.state.raised
    assert suggested is not None
    assert taken_showing(table.shown_hand().view, table.motion.current) is not None
    assert table.message == f"Suggested: {suggested}."
    driver.settle()
    _one_action(driver)
    play_to_a_trick_you_won(driver, "hold")
    card = suggest_play(table.session.view)
    before = len(human_plays(driver))
    driver.key(pygame.K_HOME)
    for _ in range(table.hand_cards().index(card)):
        driver.key(pygame.K_RIGHT)
    assert table.motion.is_busy  # still showing the trick
    driver.key(pygame.K_RETURN)
    plays = human_plays(driver)
    assert len(plays) == before + 1 and plays[-1] == Play.of(Seat.SOUTH, card)


def test_the_prompt_says_your_turn_only_while_input_is_taken() -> None:
    """Frame by frame through whole hands: whenever the message says it is your turn, a move counts."""
    driver = Driver((844, 390), settings=QUICK)
    start_match(driver)
    said = taken = 0
    won = False  # a trick you won, your lead next, while its end still shows
    for _ in range(6000):
        table = driver.table
        if not isinstance(driver.scene, Dialog):
            says_turn = says_your_turn(table.message)
            said += says_turn
            current = table.motion.current
            if says_turn:
                assert table.is_players_move, current and current.kind
                assert current is None or current.kind in ("hold", "collect")  # no card in the air
                taken += table.motion.is_busy
            trick = taken_showing(table.shown_hand().view, table.motion.current)
            won |= (
                current is not None
                and trick is not None
                and trick.winner is Seat.SOUTH
                and table.is_players_move
            )
        if driver.is_waiting_for_player():
            if isinstance(driver.scene, Dialog):
                if driver.scene.name == "hand_result":
                    break
                driver.click(driver.scene.buttons[0].rect.center)
            else:
                _one_action(driver)
        else:
            driver.step(FRAME)
    assert said >= 12  # every one of your turns (the 13th card plays itself)
    # Your lead came while a trick you won still showed (the first seed's match has one), and you could move.
    assert won and taken > 0


@pytest.mark.parametrize("on", [True, False])
def test_the_last_card_plays_itself_unless_the_option_is_off(on: bool) -> None:
    driver = Driver((390, 844), settings=replace(QUICK, play_last_card=on))
    start_match(driver)
    for _ in range(200):
        driver.settle()
        if isinstance(driver.scene, Dialog):
            break
        view = driver.table.session.view
        if view.phase is Phase.PLAY and len(view.hand) == 1:
            assert not on, "the last card waited for a tap"
            assert says_your_turn(driver.table.message)
            driver.click(driver.card_spot(next(iter(view.hand))))
            continue
        _one_action(driver)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "hand_result"
    assert len(human_plays(driver)) == 13


def test_a_finished_trick_is_ringed_named_and_goes_to_the_winners_box() -> None:
    from hearts.ui.motion import Pile
    from hearts.words import trick_taken

    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    play_to_a_trick_you_won(driver, "hold")
    table = driver.table
    taken = taken_showing(table.shown_hand().view, table.motion.current)
    assert taken is not None and taken.winner is Seat.SOUTH
    assert table.message.startswith(trick_taken(taken) + ".")
    assert table.message.startswith("You take it — ")
    collect = table.motion.steps[1]
    assert collect.kind == "collect" and collect.taken == taken
    assert {flight.end for flight in collect.flights} == {Pile(Seat.SOUTH)}  # your box, not your hand


def test_cards_you_were_passed_stand_raised_then_stay_tinted_and_named_until_your_first_card() -> None:
    from hearts.ui.table_pace import RECEIVED_LIFT

    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    driver.settle()
    table = driver.table
    view = table.session.view
    assert view.phase is Phase.PASS
    for card in _hint_pass(view):
        driver.click(driver.card_spot(card))
    driver.click(driver.button_spot("action"))
    while table.motion.current is None or table.motion.current.kind != "exchange":
        driver.step()
    while table.motion.current is not None and table.motion.current.kind == "exchange":
        driver.step()
    view = table.session.view
    received = view.received
    assert received is not None and len(received) == 3
    hand = table.hand_cards()
    raised = table.shown_hand().raised_indexes(hand)
    assert {hand[index] for index in raised} == set(received)
    # The first hand passes left, so yours come from your right: East.
    assert f"East passed you {' '.join(str(card) for card in received)}." in table.message
    for _ in range(round(RECEIVED_LIFT / FRAME) + 2):
        driver.step()
    assert not table.shown_hand().raised_indexes(table.hand_cards())
    driver.settle()
    assert "passed you" in driver.table.message
    _one_action(driver)
    driver.settle()
    assert "passed you" not in driver.table.message


def play_to_a_card_you_may_not_play(driver: Driver) -> Card:
    """Play on until it is your turn with a card in hand that would be refused; that card."""
    for _ in range(300):
        driver.settle()
        view = driver.table.session.view
        if view.phase is Phase.PLAY and any(card not in view.legal for card in view.hand):
            return next(card for card in view.hand if card not in view.legal)
        _one_action(driver)
    raise AssertionError("no card came up that you may not play")


@pytest.mark.parametrize("reduced", [False, True])
def test_a_refused_card_shakes_or_jumps_and_shows_its_reason_beside_it(reduced: bool) -> None:
    from hearts.ui.table_pace import REFUSED_BUBBLE, REFUSED_SHAKE

    driver = Driver((390, 844), settings=replace(QUICK, reduced_motion=reduced))
    start_match(driver)
    card = play_to_a_card_you_may_not_play(driver)
    table = driver.table
    reason = str(table.session.match.why_illegal(Play.of(Seat.SOUTH, card)))
    place = dict(table.shown_hand().rects())[card]
    driver.click(driver.card_spot(card))
    shown = table.remarks.refusal_shown
    assert shown is not None and shown[0] == card and shown[1] == reason and shown[2] > 0
    frame = table.picture.drawer.frame
    assert frame is not None
    offset = table.picture.drawer.cards.refusal_offset(frame, shown[2])
    assert (offset[0] == 0 and offset[1] < 0) if reduced else offset[1] == 0
    # The bubble: the error colour drawn on the card, under its index.
    driver.app.frame(0.0)
    screen = driver.app.screen
    from hearts.ui import theme

    above = {
        tuple(screen.get_at((x, y))[:3])
        for x in range(max(0, place.left - 40), min(screen.get_width(), place.right + 40))
        for y in range(place.top, place.bottom)
    }
    assert tuple(theme.ERROR) in above
    for _ in range(round(REFUSED_SHAKE / FRAME) + 2):
        driver.step()
    shown = table.remarks.refusal_shown
    assert shown is not None and shown[2] == 0  # still, the reason still beside it
    for _ in range(round((REFUSED_BUBBLE - REFUSED_SHAKE) / FRAME) + 2):
        driver.step()
    assert table.remarks.refusal_shown is None
    assert table.message == reason  # on the message line until your next move


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720)])
def test_the_reason_s_bubble_hides_no_card_you_may_play(size: tuple[int, int]) -> None:
    """The bubble lies by the refused card, but never over a card you may play: the one beside it may be
    the only one (the bubble lay over the J♠ you had to play, at 320×568)."""
    from hearts.ui.report import recording

    driver = Driver(size, settings=QUICK)
    start_match(driver)
    checked = 0
    while checked < 3:
        play_to_a_card_you_may_not_play(driver)
        table = driver.table
        legal = table.session.view.legal
        shown = table.shown_hand()
        cards, raised = shown.cards(), shown.raised_indexes(shown.cards())
        beside = [
            card
            for index, card in enumerate(cards)
            if card not in legal and any(other in legal for other in cards[max(0, index - 1) : index + 2])
        ]
        if len(legal) <= 3 and beside:
            reason = str(table.session.match.why_illegal(Play.of(Seat.SOUTH, beside[0])))
            driver.click(driver.card_spot(beside[0]))
            with recording(size, 1.0) as report:
                table.dirty = True
                driver.app.draw()
            hand_top = min(rect.top for _, rect in shown.rects())
            (bubble,) = (
                Rect(item["rect"]).inflate(20, 14)  # (its padding, in CSS pixels at scale 1)
                for item in report.items
                if item["kind"] == "text" and item["text"] == reason and item["rect"][1] > hand_top
            )
            geometry = table.layout.hand
            for index, card in enumerate(cards):
                if card in legal:
                    assert not bubble.colliderect(geometry.visible_part(len(cards), index, raised)), card
            checked += 1
        _one_action(driver)


def test_a_reason_gives_way_to_the_prompt_after_a_while() -> None:
    driver = Driver((390, 844), settings=QUICK)
    start_match(driver)
    for _ in range(200):
        play_to_human_turn_mid_trick(driver)
        view = driver.table.session.view
        illegal = [card for card in view.hand if card not in view.legal]
        if illegal:
            break
        _one_action(driver)
    else:
        raise AssertionError("no position with an illegal card came up")
    table = driver.table
    driver.click(driver.card_spot(illegal[0]))
    why = table.session.match.why_illegal(Play.of(Seat.SOUTH, illegal[0]))
    reason = str(why)
    assert why is not None and table.message == reason
    for _ in range(round(REASON_TIME / FRAME) - 10):
        driver.step()
    assert table.message == reason
    for _ in range(20):
        driver.step()
    assert table.message == prompt(table.session.view, 0)  # with who passed you what, until your first card


class SaysAtLength:
    """A match's words, but every refusal the same long sentence (the lesson's are that long)."""

    def __init__(self, sentence: str) -> None:
        self.sentence = sentence

    def header(self, view: PlayerView) -> str:
        return MatchWords().header(view)

    def refusal(self, reason: Reason) -> str:
        return self.sentence

    def names(self) -> tuple[str, ...] | None:
        return None


@pytest.mark.parametrize("size", [(320, 568), (390, 844)])
def test_a_long_reason_wraps_inside_its_bubble(size: tuple[int, int]) -> None:
    """The lesson's reasons are a sentence long: in the bubble on the refused card they wrap, every line
    inside the window (one line ran out of its bubble and off both sides at 390 px)."""
    from hearts.ui.report import recording

    driver = Driver(size, settings=QUICK)
    start_match(driver)
    card = play_to_a_card_you_may_not_play(driver)
    table = driver.table
    long = "You must follow the suit that was led while you still hold one: look for the cards not hatched."
    assert isinstance(table.mode, MatchMode)
    table.mode.words = SaysAtLength(long)
    driver.click(driver.card_spot(card))
    assert table.remarks.refusal_shown is not None
    with recording(size, 1.0) as report:
        table.dirty = True
        driver.app.draw()
    words = long.split()
    lines = [item for item in report.items if item["kind"] == "text" and item["text"].split()[0] in words]
    assert any(item["text"] != long for item in lines)  # the bubble's, wrapped (the message line's too)
    for item in lines:
        x, _, width, _ = item["rect"]
        assert x >= 0 and x + width <= size[0], item
