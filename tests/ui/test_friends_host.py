"""The host's table with friends, driven by real events: the host plays South by taps and keys while
three friends' pages (``GuestTable``s over ``MemoryLine``s, seeded bots standing in for the people) play
the other seats; each move is shown at the table's pace, the match is kept after every card in its own
slot, a friend who goes is shown away and then covered by a bot."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from hearts import page
from hearts.bots import make_bot
from hearts.deals import deal_for, seat_seed
from hearts.engine import Phase, Rules, Seat
from hearts.friends import HostTable, Presence
from hearts.friends.guest import TABLE_CLOSED
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui.friends_saves import saved_friends
from hearts.ui.friends_session import HostSession
from hearts.ui.router import FRIENDS_BACK
from hearts.ui.routes import FriendsMatch
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene

from ..friends.tables import Table
from .driver import FRAME, Driver

QUICK = Settings(pace="quick", table=Rules(target=50), finish_when_settled=False)
SEED = 7


class HostDriver(Driver):
    """The host's app, with the friends' pages and their lines stepped along with each of its frames."""

    def __init__(self, table: Table, **kwargs: object) -> None:
        self.friends_table = table
        super().__init__((1280, 720), **kwargs)  # type: ignore[arg-type]

    def step(self, dt: float = FRAME) -> bool:
        table = getattr(self, "friends_table", None)
        if table is not None:
            for line in table.lines:
                line.tick()
        drawn = super().step(dt)
        if table is not None:
            for friend in table.friends.values():
                table.step_friend(friend)
        return drawn


def host_table(*, grace: int = 20) -> Table:
    table = Table(SEED, rules=Rules(target=50), level="easy", grace=grace, paced=True)
    for seat, name in zip((Seat.WEST, Seat.NORTH, Seat.EAST), ("Bea", "Cy", "Dee"), strict=True):
        table.join(seat, name)
    return table


def open_host(table: Table, backend: MemoryBackend | None = None) -> HostDriver:
    driver = HostDriver(table, settings=QUICK, backend=backend)
    host = table.host
    driver.app.ctx.friends.host = host  # (as the lobby does: the app ticks it from here)
    for _ in range(3):  # the friends' hellos arrive: seated
        driver.step()
    host.start()
    driver.app.open(FriendsMatch())
    assert isinstance(driver.scene, TableScene)
    return driver


def test_the_host_plays_a_whole_hand_with_three_friends_by_taps() -> None:
    table = host_table()
    backend = MemoryBackend()
    driver = open_host(table, backend)
    host = table.host
    assert all(friend.guest.is_seated for friend in table.friends.values())
    assert driver.table.frame().names == ("You", "Bea", "Cy", "Dee")
    saved_moves: list[int] = []

    store = Store(backend)
    played = 0
    for _ in range(400):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog):
            assert scene.name == "hand_result"
            break
        moves = len(host.match.moves)
        played += driver.move_by_taps()
        assert len(host.match.moves) > moves, "the host's own move was played"
        friends = store.load_friends()
        assert friends is not None
        saved_moves.append(len(friends.saved.match.moves))
        assert saved_moves[-1] == len(host.match.moves)  # kept after every card
    assert len(host.match.results) == 1 and played >= 12
    assert saved_moves == sorted(saved_moves) and len(set(saved_moves)) == len(saved_moves)
    # Every friend's page saw the hand to its end, as its own seat may see it.
    for seat, friend in table.friends.items():
        assert friend.guest.view == host.match.view_for(seat)
    assert store.load_match() is None  # the solo match's slot is untouched
    assert store.load_stats().matches_played == 0


def test_the_other_seats_move_one_at_a_time_at_the_tables_pace() -> None:
    table = host_table()
    driver = open_host(table)
    host = table.host
    driver.settle()
    view = driver.table.session.view
    for card in sorted(view.hand)[:3]:
        driver.click(driver.card_spot(card))
    driver.click(driver.button_spot("action"))
    driver.settle()
    assert driver.table.session.view.phase is Phase.PLAY
    # From here on, each frame shows at most one other seat's card: the engine never runs ahead of the
    # cards on the table by more than the one being shown.
    if driver.table.session.is_human_turn:
        driver.click(driver.card_spot(next(iter(driver.table.session.view.legal))))
    shown_behind = []
    for _ in range(200):
        driver.step()
        trick = host.match.view_for(Seat.SOUTH).trick
        shown_behind.append(len(trick.cards))
        if driver.table.session.is_human_turn and not driver.table.motion.is_busy:
            break
    assert driver.table.session.is_human_turn
    steps = [after - before for before, after in pairwise(shown_behind)]
    assert all(step <= 1 for step in steps), shown_behind


def test_a_friend_who_goes_is_away_then_covered_by_a_bot() -> None:
    table = host_table(grace=10)
    driver = open_host(table)
    driver.settle()
    table.friends[Seat.NORTH].line.drop()
    driver.step()
    driver.step()
    assert driver.table.frame().names[Seat.NORTH] == "Cy · away"
    assert "Cy has gone away." in [driver.app.notice, *driver.app.ctx.notices]
    for _ in range(12):
        driver.step()
    assert driver.table.frame().names[Seat.NORTH] == "Cy · bot plays"
    # The bot plays North's moves from here: the hand goes on to its end.
    driver.play_match_by_taps(driver.click, hands=1)
    assert len(table.host.match.results) == 1


def test_a_reload_opens_the_host_match_again_from_its_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    table = host_table()
    backend = MemoryBackend()
    driver = open_host(table, backend)
    driver.settle()
    view = driver.table.session.view
    for card in sorted(view.hand)[:3]:
        driver.click(driver.card_spot(card))
    driver.click(driver.button_spot("action"))
    driver.settle()
    before = table.host.match
    saved = Store(backend).load_friends()
    assert saved is not None and saved.names == ("Ada", "Bea", "Cy", "Dee")

    # The page reloads: a new app on the same storage opens at the table rebuilt from the save, saying
    # so first (before the prompt for the move it waits on); until the host invites the friends again, bots
    # play their seats.
    said: list[str] = []
    monkeypatch.setattr(page, "announce", lambda text, priority="polite": said.append(text))
    again = Driver((1280, 720), backend=backend)
    first = next(text for text in said if FRIENDS_BACK in text)
    assert first.startswith(FRIENDS_BACK) and first != FRIENDS_BACK, first
    host = again.app.ctx.friends.host
    assert isinstance(host, HostTable) and host.is_started and host.table == table.host.table
    assert again.app.ctx.friends.lobby is not None
    assert host.match.moves == before.moves
    assert isinstance(again.scene, TableScene) and again.app.notice == FRIENDS_BACK
    again.settle()
    assert again.table.session.view == before.view_for(Seat.SOUTH)
    assert again.table.frame().names == ("You", "Bea", "Cy", "Dee")
    assert [status.presence for status in host.seats[1:]] == [Presence.BOT] * 3
    card = next(iter(again.table.session.view.legal))
    again.click(again.card_spot(card))
    assert len(host.match.moves) == len(before.moves) + 1
    # The menu invites them again: the table's screen, with an invitation for each seat and the way back.
    again.key(pygame.K_ESCAPE)
    again.step()
    assert isinstance(again.scene, Dialog) and again.scene.name == "friends_menu"
    again.click(again.button_spot("invite"))
    again.step()
    invites = again.scene
    assert isinstance(invites, Dialog) and invites.name == "friends_table"
    assert [choice.key for choice in invites.choices] == ["invite_W", "invite_N", "invite_E", "start"]
    assert invites.choices[-1].label == "Back to the table"
    again.key(pygame.K_ESCAPE)  # closing this screen leaves the table at play, and its friends
    again.step()
    assert again.scene is again.table and not host.is_closed and again.app.ctx.friends.host is host
    # Leaving the table ends it: the friends are told, and its save goes.
    again.key(pygame.K_ESCAPE)
    again.step()
    again.click(again.button_spot("leave"))
    assert host.is_closed and Store(backend).load_friends() is None
    assert isinstance(Driver((1280, 720), backend=backend).scene, MenuScene)


def play_natively_until(table: Table, total: int) -> None:
    """Play the paced table without its page (a bot in the host's seat, every move at once) until a
    hand ends with someone at ``total`` or more: the match's last hands are left to the page."""
    host, south = table.host, make_bot("easy", seat_seed(SEED, Seat.SOUTH))
    host.start()
    while not (host.match.phase is Phase.DEAL and host.match.results and max(host.match.totals) >= total):
        assert not host.match.is_over, f"seed {SEED}: the match ended before {total}"
        for line in table.lines:
            line.tick()
        host.tick()
        for friend in table.friends.values():
            table.step_friend(friend)
        match = host.match
        if match.phase is Phase.DEAL:
            host.apply(deal_for(SEED, match.hand_number + 1))
            continue
        for seat in match.awaiting:
            view = match.view_for(seat)
            if seat is Seat.SOUTH:
                host.play_local(south.decide(view))
            elif (made := host.accepted(seat) or host.ruled_move(seat)) is not None:
                host.apply(made)
            elif host.plays_bot(seat):
                host.apply(make_bot("easy", seat_seed(SEED, seat)).decide(view))
            break


def test_at_the_matchs_end_the_table_closes_and_counts_on_the_friends_line() -> None:
    table = host_table()
    backend = MemoryBackend()
    driver = HostDriver(table, settings=QUICK, backend=backend)
    driver.app.ctx.friends.host = table.host
    for _ in range(3):
        driver.step()
    play_natively_until(table, 30)  # (the match's last hands are played on the page)
    driver.app.open(FriendsMatch())
    driver.play_match_by_taps(driver.click)
    host = table.host
    assert host.match.is_over
    scene = driver.scene
    assert isinstance(scene, Dialog) and scene.name == "match_result"
    assert host.is_closed and driver.app.ctx.friends.host is None
    for friend in table.friends.values():  # every friend was told, after the last hand's events
        assert friend.guest.closed_why == TABLE_CLOSED
        assert friend.guest.view == host.match.view_for(friend.seat)
    store = Store(backend)
    assert store.load_friends() is None  # the slot is emptied
    counted = store.load_friends_stats()
    assert (counted.played, counted.won) == (1, int(Seat.SOUTH in host.match.winners))
    assert store.load_stats().matches_played == 0 and store.load_match() is None
    # Its result leads to a new table with friends (no challenge: the others were people), not a solo match.
    labels = [button.label for button in scene.buttons]
    assert labels[0] == "New table with friends" and "Challenge a friend" not in labels, labels
    driver.click(scene.buttons[0].rect.center)
    assert driver.scene.name == "friends_table", driver.scene
    assert store.load_match() is None


def test_a_reload_keeps_what_the_coach_found_in_the_hands_it_reviewed() -> None:
    """The coach's tally of the hands reviewed before a reload comes back with the table (it started
    again from nothing, and reviewed the match's hands a second time)."""
    table = host_table()
    play_natively_until(table, 1)  # (the first hand scored)
    backend = MemoryBackend()
    store = Store(backend)
    session = HostSession(table.host, match_id=table.host.table, reviewed={1: 25})
    store.save_friends(saved_friends(table.host, session))
    again = Driver((1280, 720), backend=backend)
    stack = again.app.stack
    assert isinstance(stack[0], TableScene), [getattr(scene, "name", scene) for scene in stack]
    assert dict(stack[0].session.coaching.points_lost_tenths) == {1: 25}
