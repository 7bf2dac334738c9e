"""A friend's table turned so that they sit South: every seat moved round the same number of places, and
nothing else changed."""

from __future__ import annotations

import pytest

from hearts.engine import CardPlayed, CardSet, HandScored, Moon, MoonChoice, Pass, Play, Seat, TrickTaken
from hearts.friends.turned import Turned

from .tables import FRIENDS, Table


@pytest.mark.parametrize("seat", FRIENDS)
def test_a_friends_view_and_events_turned_put_them_south(seat: Seat) -> None:
    table = Table(5, level="easy")
    friend = table.join(seat)
    table.tick()
    table.host.start()
    while len(table.host.match.results) < 1:
        table.tick()
    turned = Turned(seat)
    view = friend.guest.view
    assert view is not None
    here = turned.view(view)
    assert here.seat is Seat.SOUTH and here.hand == view.hand
    assert here.totals[Seat.SOUTH] == view.totals[seat]
    assert here.totals[Seat.WEST] == view.totals[seat.next]  # the seat on your left sits West
    assert here.dealer is turned.seat_here(view.dealer)
    events = friend.guest.take_events()
    played = [turned.event(event) for event in events if isinstance(event, CardPlayed)]
    assert sorted(event.card for event in played) == sorted(
        event.card for event in events if isinstance(event, CardPlayed)
    )
    mine = [event for event in played if event.seat is Seat.SOUTH]
    assert len(mine) == 13
    taken = [turned.event(event) for event in events if isinstance(event, TrickTaken)]
    for event in taken:
        trick = event.trick
        assert trick.winning_card is not None
        assert trick.winner == trick.seat_of(trick.cards.index(trick.winning_card))
    scored = next(turned.event(event) for event in events if isinstance(event, HandScored))
    original = next(event for event in events if isinstance(event, HandScored))
    assert scored.scores[Seat.SOUTH] == original.scores[seat]
    assert sum(scored.scores) == sum(original.scores)


def test_a_move_made_south_goes_back_as_the_friends_seat() -> None:
    turned = Turned(Seat.NORTH)
    three = CardSet.parse("2C 3C 4C")
    assert turned.to_table(Play.of(Seat.SOUTH, 0)) == Play.of(Seat.NORTH, 0)
    assert turned.to_table(Pass(Seat.SOUTH, three)) == Pass(Seat.NORTH, three)
    moon = MoonChoice(Seat.SOUTH, Moon.SUBTRACT_FROM_SHOOTER)
    assert turned.to_table(moon) == MoonChoice(Seat.NORTH, Moon.SUBTRACT_FROM_SHOOTER)
    assert turned.seat_at_table(Seat.WEST) is Seat.EAST  # North's left is East
    assert turned.seat_here(Seat.EAST) is Seat.WEST
