"""Friends who go: away, then played by a bot after the grace, back through a new invitation; random drops
and rejoins lose no move and never stall the table; a host that closes tells every friend."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hearts.engine import Match, Pass, Phase, Play, Seat
from hearts.friends import Presence
from hearts.friends.guest import CONNECTION_LOST, TABLE_CLOSED
from hearts.friends.messages import Away, Back, PassCards, PlayCard, decode

from .tables import FRIENDS, Table


def started(seed: int, **options: object) -> Table:
    table = Table(seed, **options)  # type: ignore[arg-type]
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    return table


def messages_to(table: Table, seat: Seat) -> list[object]:
    return [
        decode(raw, table=table.host.table, from_host=True)
        for watched in table.watched
        if watched.seat == seat
        for raw in watched.sent
    ]


def test_a_friend_who_drops_is_away_then_covered_by_a_bot_after_the_grace_then_back() -> None:
    table = started(21, grace=10)
    host = table.host
    while host.match.to_move != Seat.NORTH:  # North's turn to play: the table must wait for North
        table.tick()
    table.friends[Seat.NORTH].line.drop()
    table.tick()
    assert host.status(Seat.NORTH).presence is Presence.AWAY
    moves = host.match.move_count
    for _ in range(9):
        table.tick()
    assert host.match.move_count == moves, "the table played North's card inside the grace"
    assert host.status(Seat.NORTH).presence is Presence.AWAY
    table.tick()
    assert host.status(Seat.NORTH).presence is Presence.COVERED
    table.tick()
    assert host.match.move_count > moves, "no bot played for North after the grace"
    for seat in (Seat.WEST, Seat.EAST):
        notices = [message for message in messages_to(table, seat) if isinstance(message, Away)]
        assert notices == [Away(seat=Seat.NORTH, covered=False), Away(seat=Seat.NORTH, covered=True)]
        assert table.friends[seat].guest.away == {Seat.NORTH: True}
    assert CONNECTION_LOST in table.friends[Seat.NORTH].guest.take_notices()
    # North comes back through a new invitation, on a new page, and is told where the match stands.
    back = table.join(Seat.NORTH, "Nora")
    table.tick()
    table.tick()
    assert host.status(Seat.NORTH).presence is Presence.HERE and host.status(Seat.NORTH).name == "Nora"
    assert back.guest.view == host.match.view_for(Seat.NORTH)
    assert Back(seat=Seat.NORTH, name="Nora") in messages_to(table, Seat.WEST)
    assert table.friends[Seat.WEST].guest.names[Seat.NORTH] == "Nora"
    assert table.friends[Seat.WEST].guest.away == {}
    table.play()
    assert host.match.is_over


def test_a_friend_who_leaves_is_covered_at_once() -> None:
    table = started(22, grace=1_000)
    table.tick()
    table.friends[Seat.EAST].guest.leave()
    table.tick()
    assert table.host.status(Seat.EAST).presence is Presence.COVERED
    table.play()  # a grace of 1,000 ticks is never waited for
    assert table.host.match.is_over


def test_a_silent_friend_counts_as_gone() -> None:
    table = Table(23, grace=5)
    table.host.silence = 30
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    quiet = table.friends.pop(Seat.WEST)  # its page stops ticking: no pings, no moves
    for _ in range(30):
        table.tick()
    assert table.host.status(Seat.WEST).presence is Presence.HERE
    table.tick()
    assert table.host.status(Seat.WEST).presence is Presence.AWAY
    assert not quiet.line.is_open
    table.play()
    assert table.host.match.is_over


def test_closing_the_table_tells_every_friend_in_a_sentence() -> None:
    table = started(24)
    table.play(hands=1)
    table.host.close()
    for friend in table.friends.values():
        friend.guest.tick()
        assert friend.guest.is_closed
        assert friend.guest.take_notices() == [TABLE_CLOSED]


@pytest.mark.parametrize("seed", [31, 32, 33, 34])
def test_random_drops_and_rejoins_lose_no_move_and_never_stall(seed: int) -> None:
    rng = random.Random(seed)
    table = started(seed, delay=rng.randint(0, 2), grace=rng.randint(3, 30))
    host = table.host
    rejoin_at: dict[Seat, int] = {}
    drops = covered = 0
    while not host.match.is_over:
        table.tick()
        assert table.ticks < 100_000, f"seed {seed}: the table stalled at {host.match.phase}"
        for seat in FRIENDS:
            presence = host.status(seat).presence
            covered += presence is Presence.COVERED
            if seat in rejoin_at:
                if table.ticks >= rejoin_at[seat] and presence in (Presence.AWAY, Presence.COVERED):
                    del rejoin_at[seat]
                    table.join(seat)
            elif presence is Presence.HERE and rng.random() < 0.01:
                table.friends[seat].line.drop()
                rejoin_at[seat] = table.ticks + rng.randint(1, 80)
                drops += 1
    assert drops >= 3 and covered > 0, f"seed {seed}: the test dropped too little to mean anything"
    # Every move a friend's page sent that reached the host was played: none refused, none forgotten.
    arrived: Counter[Pass | Play] = Counter()
    refused = 0
    for watched in table.watched:
        for raw in watched.received:
            message = decode(raw, table=host.table, from_host=False)
            if isinstance(message, PlayCard):
                arrived[Play.of(watched.seat, message.card)] += 1
            elif isinstance(message, PassCards):
                arrived[Pass(watched.seat, message.cards)] += 1
        refused += sum('"kind":"refused"' in raw for raw in watched.sent)
    played = Counter(move for move in host.match.moves if isinstance(move, Pass | Play))
    assert refused == 0, f"seed {seed}"
    assert arrived and not arrived - played, f"seed {seed}: moves that arrived but were not played"
    # The record holds whole hands and replays to the same match.
    replayed = Match(host.match.rules)
    for move in host.match.moves:
        replayed.apply(move)
    plays = sum(isinstance(move, Play) for move in host.match.moves)
    assert plays == 52 * len(host.match.results) and replayed.totals == host.match.totals
    assert replayed.phase is Phase.OVER
