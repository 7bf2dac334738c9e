"""The rest plays itself: once no points are left in a hand (and no moon is possible), the table plays
your cards and the bots' at fast-forward pace to the hand's result, saying why once; with the option
off it waits for you as ever. Through the real app, with taps."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from hearts.engine import Card, HandScored, Match, Phase, Play, Rules, Seat
from hearts.storage import SavedMatch, Settings
from hearts.ui.routes import PlayMatch
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.speaker import Message
from hearts.ui.table_remarks import SETTLED
from tests.engine.helpers import Driver as RandomDriver

from .driver import Driver
from .test_app import _one_action


def one_tap_from_settled() -> tuple[Match, int, Card]:
    """A first hand played at random to your turn where your card ends a trick that takes the last
    point (no moon), with tricks still to go; the seed and that card. (With the bots' play the last
    point usually falls in the last trick, so the position is found, not waited for.)"""
    for seed in range(500):
        rng = random.Random(seed)
        match = Match(Rules())
        driver = RandomDriver(seed, rng)
        while not match.results:
            view = match.view_for(Seat.SOUTH)
            if view.phase is Phase.PLAY and view.to_move is Seat.SOUTH and len(view.trick.cards) == 3:
                for card in view.legal:
                    after = match.copy()
                    after.apply(Play.of(Seat.SOUTH, card))
                    if after.view_for(Seat.SOUTH).nothing_to_play_for and len(view.hand) >= 4:
                        return match, seed, card
            match.apply(driver.next_move(match))
    raise AssertionError("no such position in 500 seeds")


@dataclass
class Played:
    """What one hand showed: where it was found settled, what the line said, what was heard."""

    settled_with: int | None = None
    """How many cards you held when nothing was left to play for (None: never)."""
    scores_then: tuple[int, ...] = ()
    """The hand's scores as they stood at that moment."""
    taps_after: int = 0
    """Moves the table waited for you to make after that moment."""
    lines: set[str] = field(default_factory=set)
    fast_frames: int = 0
    heard: list[Message] = field(default_factory=list)


def play_first_hand(*, on: bool) -> tuple[Driver, Played]:
    settings = replace(Settings(), pace="quick", finish_when_settled=on)
    driver = Driver((390, 844), settings=settings)
    match, seed, card = one_tap_from_settled()
    driver.app.open(PlayMatch(SavedMatch(match, seed, "normal")))
    driver.settle()
    played = Played()
    driver.app.ctx.speaker.listeners.append(played.heard.append)
    assert not driver.table.session.view.nothing_to_play_for
    driver.click(driver.card_spot(card))  # the trick that takes the last point
    for _ in range(20000):
        table = driver.table
        view = table.session.view
        if played.settled_with is None and view.nothing_to_play_for:
            played.settled_with = len(view.hand)
            played.scores_then = table.session.match.scores()
        if not isinstance(driver.scene, Dialog):
            played.lines.add(table.message)
            played.fast_frames += table.stage.fast
        if not driver.is_waiting_for_player():
            driver.step()
            continue
        if isinstance(driver.scene, Dialog) and driver.scene.name == "hand_result":
            return driver, played
        if played.settled_with is not None and not isinstance(driver.scene, Dialog):
            played.taps_after += 1
        _one_action(driver)
    raise AssertionError("the hand did not end")


def heard_text(played: Played) -> list[str]:
    return [part.text for message in played.heard for part in message.parts]


def test_with_nothing_left_to_play_for_the_rest_plays_itself_to_the_result() -> None:
    driver, played = play_first_hand(on=True)
    assert played.settled_with is not None and played.settled_with >= 3, "the hand never settled early"
    assert played.taps_after == 0, "the table waited for a tap with nothing left to play for"
    assert SETTLED in played.lines
    assert heard_text(played).count(SETTLED) == 1
    assert played.fast_frames > 0
    match = driver.table.session.match
    result = match.results[-1]
    assert isinstance(result, HandScored) and result.hand_number == 1 and len(match.results) == 1
    assert result.scores == played.scores_then
    assert not driver.table.stage.fast  # fast-forward ends with the hand
    # The next hand is played as ever: its line is the prompt again.
    driver.click(driver.scene.buttons[0].rect.center)
    driver.settle()
    assert driver.table.message != SETTLED


def test_with_the_option_off_the_table_waits_for_you() -> None:
    driver, played = play_first_hand(on=False)
    assert played.settled_with is not None and played.settled_with >= 3
    assert played.taps_after == played.settled_with - 1  # every card but the last (which plays itself)
    assert SETTLED not in played.lines
    assert SETTLED not in heard_text(played)
    assert driver.table.session.match.results[-1].scores == played.scores_then
