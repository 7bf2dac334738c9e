"""A friend's table, driven by real events: the app holds only a ``GuestTable`` (its seat's views and the
events the host sends), talking over a ``MemoryLine`` to a host's table the test drives; the friend
plays their seat from the bottom of the screen, and nothing of their own match is touched."""

from __future__ import annotations

import pygame

from hearts.bots.hard import HardBot
from hearts.coach import seed_for
from hearts.engine import CardSet, Pass, Phase, Play, Rules, Seat
from hearts.engine.reasons import REASONS, Refusal
from hearts.friends import GuestTable, MemoryLine, Presence, Transport
from hearts.friends.guest import CONNECTION_LOST, TABLE_CLOSED
from hearts.friends.messages import PlayCard, Refused, decode, encode
from hearts.friends.turned import Turned
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui.routes import FriendsSeat, Menu
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.table import TableScene
from hearts.ui.seatbox import signed
from hearts.ui.session import Session

from ..friends.tables import Table
from .driver import FRAME, Driver

QUICK = Settings(pace="quick", table=Rules(target=50), finish_when_settled=False)
SEED = 11
SEAT = Seat.WEST
OWN_KEYS = ("hearts.match", "hearts.stats")
"""Where the player's own match and statistics are kept."""


class Refusing:
    """The host's end of the friend's line, which refuses the friend's next card as a host refuses a
    move that came too late: the card never reaches the table, and the engine's reason goes back."""

    def __init__(self, end: Transport, table: str) -> None:
        self._end = end
        self.table = table
        self.refuse_next = False
        self.refused = 0

    @property
    def is_open(self) -> bool:
        return self._end.is_open

    def send(self, data: str) -> None:
        self._end.send(data)

    def receive(self) -> list[str]:
        kept = []
        for data in self._end.receive():
            message = decode(data, table=self.table, from_host=False)
            if self.refuse_next and isinstance(message, PlayCard):
                self.refuse_next = False
                self.refused += 1
                self._end.send(encode(Refused(reason=REASONS[Refusal.NOT_YOUR_TURN]), self.table))
                continue
            kept.append(data)
        return kept

    def close(self) -> None:
        self._end.close()


class SeatDriver(Driver):
    """The friend's app, with the host's table (and its own player, a bot) stepped along each frame."""

    def __init__(self, table: Table, **kwargs: object) -> None:
        self.friends_table = table
        self.own: list[str | None] = []
        """The player's own match and statistics as they were before the friend's table opened."""
        super().__init__((1280, 720), **kwargs)  # type: ignore[arg-type]

    def step(self, dt: float = FRAME) -> bool:
        table = getattr(self, "friends_table", None)
        if table is not None:
            table.tick()  # the lines, the host (its bots at once) and the host's own player
        return super().step(dt)


def seat_table(backend: MemoryBackend | None = None) -> tuple[Table, SeatDriver, Refusing]:
    """A host's table with this app's friend at West (and a friend at North, played by a bot), the seat
    open on the app."""
    table = Table(SEED, level="easy")
    host = table.host
    line = MemoryLine()  # (this page's line: the app plays it, not the harness's bots)
    table.lines.append(line)
    refusing = Refusing(line.host, host.table)
    invitation = host.invite(SEAT)
    host.connect(SEAT, refusing)
    guest = GuestTable(invitation=invitation, name="Bea", link=line.guest)
    table.join(Seat.NORTH, "Cy")
    driver = SeatDriver(table, settings=QUICK, backend=backend)
    driver.app.open(Menu())  # (the app opens on your own match; the lobby is reached from the menu)
    driver.own = [driver.backend.get(key) for key in OWN_KEYS]
    driver.app.ctx.friends.guest = guest  # (as the lobby does once the host's table seats you)
    for _ in range(3):
        driver.step()
    host.start()
    for _ in range(3):
        driver.step()
    assert guest.view is not None
    driver.app.open(FriendsSeat())
    assert isinstance(driver.scene, TableScene)
    return table, driver, refusing


def test_a_friend_plays_a_whole_hand_from_their_own_seat_by_taps() -> None:
    backend = MemoryBackend()
    own = Session.new(Rules(), "easy", seed=3)
    own.deal()
    Store(backend).save_match(own.to_saved())
    table, driver, _ = seat_table(backend)
    assert driver.own[0] is not None
    host = table.host
    turned = Turned(SEAT)
    assert driver.table.frame().names == ("You", "Cy", "East", "Ada")  # your left is North, and so on
    heard: list[str] = []
    driver.app.ctx.speaker.listeners.append(lambda message: heard.append(message.text))
    driver.settle()
    # The words name each seat's player as the boxes do: the seat on your left is North's, Cy's.
    driver.key(pygame.K_p)  # what the pass is: asked by its key, answered in the words of the table
    assert any("to Cy" in line for line in heard) and not any("West" in line for line in heard), heard
    played = 0
    for _ in range(400):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog):
            assert scene.name == "seat_result"
            break
        view = driver.table.session.view
        assert view == turned.view(host.match.view_for(SEAT))  # every move shown before yours
        moves = len(host.match.moves)
        if view.phase is Phase.PASS:
            for card in sorted(view.hand)[:3]:
                driver.click(driver.card_spot(card))
            driver.click(driver.button_spot("action"))
        else:
            driver.click(driver.card_spot(next(iter(view.legal))))
            played += 1
        for _ in range(3):
            driver.step()
        assert len(host.match.moves) > moves, "the move reached the host's table and was played"
    assert len(host.match.results) == 1
    said = " ".join(heard)
    assert "Cy plays" in said or "Cy leads" in said, heard
    assert "Ada plays" in said or "Ada leads" in said, heard
    assert not any(word in said for word in ("West plays", "North plays", "South")), heard
    result = driver.scene
    assert isinstance(result, Dialog) and result.title == "Hand 1"
    scored = host.match.results[0]
    mine = f"You: {signed(scored.scores[SEAT])} this hand, {scored.totals[SEAT]} in all"
    assert result.lines[0] == mine and result.lines[1].startswith("Cy: ")  # (North sits on your left)
    west = [move for move in host.match.moves if isinstance(move, Play) and move.seat is SEAT]
    assert played == 12 and len(west) == 13  # (the last card played itself, sent as yours)
    assert driver.table.session.results == [turned.event(scored) for scored in host.match.results]
    # Nothing of the friend's own match changed: its save, its statistics.
    assert [backend.get(key) for key in OWN_KEYS] == driver.own
    assert Store(backend).load_stats().matches_played == 0


def test_the_first_hand_is_dealt_before_the_friend_as_at_a_solo_table() -> None:
    """The host dealt it before the friend's table opened: the table still shows the deal first, and
    the pass is the friend's once it has landed."""
    _, driver, _ = seat_table()
    driver.step()
    current = driver.table.snapshot().current
    assert current is not None and current.kind == "deal"
    assert not driver.table.session.is_human_turn
    driver.settle()
    assert driver.table.session.view.phase is Phase.PASS and driver.table.session.is_human_turn


def test_a_refused_card_shows_the_hosts_reason_and_the_turn_comes_back() -> None:
    table, driver, refusing = seat_table()
    host = table.host
    for _ in range(200):
        driver.settle()
        view = driver.table.session.view
        if view.phase is Phase.PLAY:
            break
        for card in sorted(view.hand)[:3]:
            driver.click(driver.card_spot(card))
        driver.click(driver.button_spot("action"))
        for _ in range(3):
            driver.step()
    refusing.refuse_next = True
    card = next(iter(view.legal))
    moves = len(host.match.moves)
    driver.click(driver.card_spot(card))
    assert not driver.table.session.is_human_turn  # on its way: a second tap does nothing
    driver.click(driver.card_spot(card))
    for _ in range(3):
        driver.step()
    assert refusing.refused == 1 and len(host.match.moves) == moves
    frame = driver.table.frame()  # the reason, as a refusal shows at a solo table
    assert frame.message == str(REASONS[Refusal.NOT_YOUR_TURN]) and frame.message_is_reason
    driver.settle()
    assert driver.table.session.is_human_turn  # yours to play again
    driver.click(driver.card_spot(card))
    for _ in range(3):
        driver.step()
    assert host.match.moves[moves] == Play.of(SEAT, card)  # (the bots after you play at once here)


def test_a_friend_gone_shows_away_and_the_host_closing_says_so() -> None:
    table, driver, _ = seat_table()
    driver.settle()
    table.lines[1].drop()  # Cy's page, at North, goes
    for _ in range(3):
        driver.step()
    assert driver.table.frame().names[Seat.WEST] == "Cy · away"
    for _ in range(30):
        driver.step()
    assert driver.table.frame().names[Seat.WEST] == "Cy · bot plays"
    table.host.close()
    driver.settle()
    for _ in range(30):
        driver.step()
    scene = driver.scene
    assert isinstance(scene, Dialog) and scene.name == "friends_closed"
    assert TABLE_CLOSED in scene.lines
    assert driver.app.ctx.speaker.history.items()[-1].text == f"The table has ended. {TABLE_CLOSED}"  # aloud
    driver.click(scene.buttons[0].rect.center)
    assert isinstance(driver.scene, MenuScene)
    assert driver.app.ctx.friends.guest is None


def test_the_hint_works_from_the_friends_own_view() -> None:
    table, driver, _ = seat_table()
    driver.settle()
    view = driver.table.session.view
    assert view.phase is Phase.PASS
    driver.click(driver.button_spot("hint"))
    for _ in range(3000):
        if not driver.table.hint.is_working:
            break
        driver.step()
    chosen = CardSet(driver.table.state.selected)
    assert chosen == HardBot(seed_for(0)).decide(view).cards  # Hard's pass, from your view alone
    moves = len(table.host.match.moves)
    driver.click(driver.button_spot("action"))
    for _ in range(3):
        driver.step()
    assert Pass(SEAT, chosen) in table.host.match.moves[moves:]


def test_a_friend_back_for_the_last_hands_sees_the_end_and_counts_it_on_the_friends_line() -> None:
    table = Table(SEED, rules=Rules(target=50), level="easy")
    host = table.host
    first = table.join(SEAT, "Bea")  # (a page of the harness plays the first hands)
    table.tick()
    host.start()
    while not (host.match.phase is Phase.PLAY and max(host.match.totals) >= 30):
        table.tick()
        assert not host.match.is_over, f"seed {SEED}: the match ended too soon"
    first.guest.leave()
    del table.friends[SEAT]
    table.tick()
    # This page comes back through a fresh invitation, in the middle of a hand.
    line = MemoryLine()
    table.lines.append(line)
    invitation = host.invite(SEAT)
    host.connect(SEAT, line.host)
    guest = GuestTable(invitation=invitation, name="Bea", link=line.guest)
    backend = MemoryBackend()
    driver = SeatDriver(table, settings=QUICK, backend=backend)
    driver.app.open(Menu())
    driver.app.ctx.friends.guest = guest
    for _ in range(3):
        driver.step()
    driver.app.open(FriendsSeat())
    assert isinstance(driver.scene, TableScene)
    for _ in range(600):
        driver.settle()
        scene = driver.scene
        if isinstance(scene, Dialog) and scene.title.startswith("Hand "):  # a hand's scores: on
            driver.click(scene.buttons[0].rect.center)
            continue
        if isinstance(scene, Dialog):
            break
        driver.move_by_taps()
    assert host.match.is_over
    scene = driver.scene
    assert isinstance(scene, Dialog) and scene.name == "seat_result"
    assert (scene.title == "You win!") == (SEAT in host.match.winners)
    counted = Store(backend).load_friends_stats()
    assert (counted.played, counted.won) == (1, int(SEAT in host.match.winners))
    assert Store(backend).load_stats().matches_played == 0
    driver.click(scene.buttons[0].rect.center)
    assert isinstance(driver.scene, MenuScene) and driver.app.ctx.friends.guest is None


def test_a_lost_connection_says_so_and_leads_back_to_the_menu() -> None:
    table, driver, _ = seat_table()
    driver.settle()
    table.lines[0].drop()  # this page's line
    for _ in range(30):
        driver.step()
    scene = driver.scene
    assert isinstance(scene, Dialog) and scene.name == "friends_closed"
    assert CONNECTION_LOST in scene.lines
    assert table.host.status(SEAT).presence in (Presence.AWAY, Presence.COVERED)  # (the host goes on)
