"""A host and three friends play whole matches in memory; no friend is ever told a card it may not know."""

from __future__ import annotations

from typing import Final

import pytest

from hearts.engine import (
    PRESETS,
    CardSet,
    CardsPassed,
    HandScored,
    Match,
    MatchOver,
    PassDirection,
    Phase,
    Seat,
)
from hearts.friends import MemoryLine, Presence
from hearts.friends.messages import SeatView as SeatViewMessage
from hearts.friends.messages import decode, encode
from hearts.friends.public import told_to
from tests.runs import searched

from .tables import FRIENDS, Table, Watched, cards_in, known_to

LEAK_HANDS: Final = searched(200, in_pyodide=20)
"""Hands the leak check watches (natively the issue's count)."""


def full_table(seed: int, **options: object) -> Table:
    table = Table(seed, **options)  # type: ignore[arg-type]
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    return table


@pytest.mark.parametrize(
    ("seed", "preset"), [(1, "standard"), (2, "moon_choice"), (3, "omnibus"), (4, "quick")]
)
def test_a_host_and_three_friends_play_a_whole_match(seed: int, preset: str) -> None:
    table = full_table(seed, rules=PRESETS[preset])
    assert [status.presence for status in table.host.seats] == [Presence.HOST] + [Presence.HERE] * 3
    table.play()
    for _ in range(3):  # what is still on its way arrives
        table.tick()
    host = table.host
    assert host.match.is_over, f"seed {seed}"
    for seat, friend in table.friends.items():
        guest = friend.guest
        assert guest.view == host.match.view_for(seat), f"seed {seed}: {seat} ends on another view"
        events = guest.take_events()
        assert [event for event in events if isinstance(event, MatchOver)] == [
            MatchOver(host.match.winners, host.match.totals)
        ], f"seed {seed}"
        assert [event for event in events if isinstance(event, HandScored)] == list(host.match.results)
        assert guest.take_refusals() == [], f"seed {seed}: {seat} was refused a move"
        assert guest.names == ("Ada", "Friend W", "Friend N", "Friend E")
    # Every move a friend made is the host's record, and the record replays to the same match.
    replayed = Match(host.match.rules)
    for move in host.match.moves:
        replayed.apply(move)
    assert replayed.totals == host.match.totals and replayed.winners == host.match.winners


def test_no_friend_is_told_a_card_it_may_not_know_over_200_hands() -> None:
    """Each message the host sends is decoded and checked card by card, as it leaves, against what its
    seat may know then: its own hand, what it passed and got, and every card played (``Watched``)."""
    hands = cards = messages = 0
    seed = 100
    while hands < LEAK_HANDS:
        table = full_table(seed, rules=PRESETS[("standard", "omnibus", "moon_choice", "house")[seed % 4]])
        table.play(hands=LEAK_HANDS - hands)
        hands += len(table.host.match.results)
        cards += sum(watched.cards_checked for watched in table.watched)
        messages += sum(watched.messages for watched in table.watched)
        seed += 1
    assert hands == LEAK_HANDS
    # Enough was looked at for the count to mean something: every view holds a hand and the tricks.
    assert messages > LEAK_HANDS * 3 * 52 and cards > LEAK_HANDS * 3 * 13 * 13


def test_the_check_catches_a_leak() -> None:
    """The check above can fail: another seat's hand, or the whole exchange, is caught."""
    table = full_table(9)
    while table.host.match.phase is not Phase.PASS:
        table.tick()
    host = table.host
    north = host.match.view_for(Seat.NORTH)
    known = known_to(host.match, Seat.WEST)
    assert not set(cards_in(SeatViewMessage(view=north))) <= set(known)
    assert set(cards_in(SeatViewMessage(view=host.match.view_for(Seat.WEST)))) <= set(known)
    raw = encode(SeatViewMessage(view=north), host.table)
    with pytest.raises(AssertionError, match="leaked to West"):
        table.watched[0].send(raw)
    counting = Watched(MemoryLine().host, Seat.WEST, lambda: host, 9, strict=False)
    counting.send(raw)
    counting.send(encode(SeatViewMessage(view=host.match.view_for(Seat.WEST)), host.table))
    assert len(counting.failures) == 1 and "leaked to West" in counting.failures[0]
    assert counting.messages == 2


def test_a_friend_is_told_only_its_own_part_of_the_exchange() -> None:
    given = tuple(CardSet.parse(text) for text in ("2C 3C 4C", "2D 3D 4D", "2S 3S 4S", "2H 3H 4H"))
    exchange = CardsPassed(PassDirection.LEFT, given)
    told = told_to(exchange, Seat.NORTH)
    assert isinstance(told, CardsPassed)
    assert told.cards[Seat.NORTH] == given[Seat.NORTH]
    assert told.received_by(Seat.NORTH) == given[Seat.WEST]
    assert not told.cards[Seat.SOUTH] and not told.cards[Seat.EAST]
    across = told_to(CardsPassed(PassDirection.ACROSS, given), Seat.EAST)
    assert isinstance(across, CardsPassed)
    assert [bool(cards) for cards in across.cards] == [False, True, False, True]


def test_a_view_and_every_event_survive_the_wire() -> None:
    table = full_table(11, rules=PRESETS["omnibus"])
    table.play(hands=2)
    sent = [raw for watched in table.watched for raw in watched.sent]
    kinds = {decode(raw, table=table.host.table, from_host=True).kind for raw in sent}
    assert {"welcome", "view", "event", "back"} <= kinds
    views = [decode(raw, table=table.host.table, from_host=True) for raw in sent if '"kind":"view"' in raw]
    assert all(isinstance(message, SeatViewMessage) for message in views) and len(views) > 100


@pytest.mark.parametrize("delay", [1, 3, 7])
def test_a_friend_on_a_slow_line_proposes_each_move_once(delay: int) -> None:
    """While a friend's move is on its way, the host may send that seat another view of the same moment
    (another seat passed, say); the friend's page must not take it for a new turn and propose again (the
    host would refuse the second pass, and the player would read "passed already")."""
    table = full_table(20 + delay, delay=delay)
    table.play(hands=2)
    for seat, friend in table.friends.items():
        assert friend.guest.take_refusals() == [], f"delay {delay}: {seat} proposed a move twice"
