"""A host's table paced by its page: nothing moves on a tick; a friend's move is checked as it arrives
(refused at once, or accepted) and played when the page plays it; the page deals and moves the bots."""

from __future__ import annotations

import pytest

from hearts.bots import make_bot
from hearts.deals import deal_for, seat_seed
from hearts.engine import CardSet, Pass, Phase, Seat
from hearts.engine.reasons import REASONS, Refusal

from .tables import Table

SEED = 21


def paced_table() -> Table:
    table = Table(SEED, level="easy", paced=True, local=())  # (no player of the host's moving on a tick)
    table.join(Seat.WEST, "Bea")
    table.hold = lambda seat: True  # (the test makes the friend's moves)
    table.tick()
    table.host.start()
    return table


def test_a_paced_table_waits_for_its_page_to_deal_and_to_move_the_bots() -> None:
    table = paced_table()
    host = table.host
    for _ in range(5):
        table.tick()
    assert host.match.phase is Phase.DEAL and not host.match.moves
    events = host.apply(deal_for(SEED, 1))
    assert events and host.match.phase is Phase.PASS
    for _ in range(5):
        table.tick()
    assert host.match.moves == (deal_for(SEED, 1),)  # no bot passed on its own
    assert host.plays_bot(Seat.NORTH) and not host.plays_bot(Seat.WEST)  # (Bea sits West)
    north = make_bot("easy", seat_seed(SEED, Seat.NORTH))
    host.apply(north.decide(host.match.view_for(Seat.NORTH)))
    assert len(host.match.moves) == 2


def test_a_friends_move_is_checked_as_it_arrives_and_played_when_the_page_plays_it() -> None:
    table = paced_table()
    host = table.host
    host.apply(deal_for(SEED, 1))
    table.tick()
    guest = table.friends[Seat.WEST].guest
    assert guest.view is not None
    hand = sorted(guest.view.hand)
    guest.send_move(Pass(Seat.WEST, CardSet(hand[:3])))
    table.tick()
    accepted = host.accepted(Seat.WEST)
    assert accepted == Pass(Seat.WEST, CardSet(hand[:3]))
    assert not host.match.view_for(Seat.WEST).has_passed[Seat.WEST]  # not played yet
    assert not guest.take_refusals()
    host.apply(accepted)
    assert host.accepted(Seat.WEST) is None and host.match.view_for(Seat.WEST).has_passed[Seat.WEST]


def test_a_paced_table_refuses_at_once_what_the_engine_refuses() -> None:
    table = paced_table()
    host = table.host
    host.apply(deal_for(SEED, 1))
    table.tick()
    guest = table.friends[Seat.WEST].guest
    assert guest.view is not None
    others = sorted(card for card in CardSet.from_mask((1 << 52) - 1) if card not in guest.view.hand)
    guest.send_move(Pass(Seat.WEST, CardSet(others[:3])))  # cards it does not hold
    table.tick()
    table.tick()
    refused = guest.take_refusals()
    assert len(refused) == 1 and refused[0] != REASONS[Refusal.NOT_YOUR_TURN]
    assert host.accepted(Seat.WEST) is None


def test_a_move_for_a_friends_seat_that_its_friend_did_not_make_is_not_played() -> None:
    table = paced_table()
    host = table.host
    host.apply(deal_for(SEED, 1))
    table.tick()
    west = make_bot("easy", seat_seed(SEED, Seat.WEST))
    with pytest.raises(ValueError, match="was not made"):
        host.apply(west.decide(host.match.view_for(Seat.WEST)))
    assert len(host.match.moves) == 1
