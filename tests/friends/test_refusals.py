"""Every move a friend sends is checked by the host's engine: an illegal or out-of-turn one is refused with
the engine's reason, to that friend alone. Invitations and answers that no longer fit are refused too."""

from __future__ import annotations

import pytest

from hearts.engine import Card, CardSet, Moon, Pass, Phase, Play, Reason, Refusal, Seat
from hearts.engine.reasons import MUST_FOLLOW
from hearts.friends import Answer, GuestTable, MemoryLine, Presence, SeatRefused
from hearts.friends.errors import ANSWER_OTHER_TABLE, NOT_A_FRIENDS_SEAT, NOT_WAITING, SEAT_TAKEN
from hearts.friends.messages import ChooseMoon, PlayCard, Refused, Unseated, decode, encode

from .tables import FRIENDS, Table


def started(seed: int) -> Table:
    table = Table(seed)
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    return table


def refusals_sent(table: Table) -> dict[Seat, list[Reason]]:
    found: dict[Seat, list[Reason]] = {seat: [] for seat in FRIENDS}
    for watched in table.watched:
        for raw in watched.sent:
            message = decode(raw, table=table.host.table, from_host=True)
            if isinstance(message, Refused):
                found[watched.seat].append(message.reason)
    return found


def until_to_play(table: Table, seat: Seat, *, first_trick: bool) -> None:
    """Tick until ``seat`` is to play, on the first trick or (following a lead) after it; its friend's
    bot is held there, so the test acts for it."""
    match = table.host.match

    def there(held: Seat) -> bool:
        hand = match.hand
        return (
            held == seat
            and match.phase is Phase.PLAY
            and match.to_move == seat
            and hand is not None
            and (not hand.tricks) == first_trick
            and bool(first_trick or match.view_for(seat).trick.cards)
        )

    table.hold = there
    while not there(seat):
        table.tick()
        assert table.ticks < 10_000, f"seed {table.seed}: {seat} never came to play"
    table.tick()  # the friend's page gets the view of that moment


def test_a_move_out_of_turn_is_refused_to_that_friend_alone() -> None:
    table = started(41)
    until_to_play(table, Seat.NORTH, first_trick=False)
    west = table.friends[Seat.WEST]
    card = next(iter(west.guest.hand))
    moves = table.host.match.move_count
    west.guest.send_move(Play.of(Seat.WEST, card))
    table.host.tick()
    west.guest.tick()
    assert table.host.match.move_count == moves
    assert refusals_sent(table) == {Seat.WEST: [Reason(Refusal.NOT_YOUR_TURN)], Seat.NORTH: [], Seat.EAST: []}
    assert west.guest.take_refusals() == [Reason(Refusal.NOT_YOUR_TURN)]
    assert str(Reason(Refusal.NOT_YOUR_TURN)) == "It is not your turn"


def test_an_illegal_card_is_refused_with_the_engines_reason() -> None:
    table = started(42)
    until_to_play(table, Seat.EAST, first_trick=False)
    east = table.friends[Seat.EAST]
    view = east.guest.view
    assert view is not None and view.trick.cards
    led = view.trick.cards[0].suit
    off_suit = [card for card in view.hand if card.suit is not led]
    if not view.hand.has_suit(led) or not off_suit:  # this seed's East can follow and hold another suit
        pytest.fail(f"seed 42 no longer gives East a card to revoke with: {view.hand}")
    east.guest.send_move(Play.of(Seat.EAST, off_suit[0]))
    table.host.tick()
    east.guest.tick()
    assert east.guest.take_refusals() == [MUST_FOLLOW[led]]
    assert refusals_sent(table) == {Seat.WEST: [], Seat.NORTH: [], Seat.EAST: [MUST_FOLLOW[led]]}
    # A card the friend does not hold, and a pass once passing is over, are the engine's refusals too.
    missing = next(card for card in map(Card, range(52)) if card not in view.hand)
    east.guest.send_move(Play.of(Seat.EAST, missing))
    east.guest.send_move(Pass(Seat.EAST, CardSet(list(view.hand)[:3])))
    table.host.tick()
    east.guest.tick()
    assert east.guest.take_refusals() == [Reason(Refusal.NOT_IN_HAND), Reason(Refusal.PASSING_IS_OVER)]
    assert refusals_sent(table)[Seat.WEST] == []


def test_a_move_for_a_moment_gone_by_is_refused_not_played_later() -> None:
    table = started(43)
    until_to_play(table, Seat.WEST, first_trick=False)
    west = table.friends[Seat.WEST]
    view = west.guest.view
    assert view is not None
    card = next(iter(view.legal))
    moves = table.host.match.move_count
    played = len(view.tricks) * 4 + len(view.trick.cards)
    line: MemoryLine = west.line
    # The same card as if chosen one card earlier: the table has moved on since.
    line.guest.send(encode(PlayCard(hand_number=view.hand_number, cards_played=played - 1, card=card), "t43"))
    line.guest.send(encode(ChooseMoon(hand_number=view.hand_number, moon=Moon.ADD_TO_OTHERS), "t43"))
    table.host.tick()
    west.guest.tick()
    assert table.host.match.move_count == moves
    assert west.guest.take_refusals() == [Reason(Refusal.NOT_YOUR_TURN), Reason(Refusal.NO_MOON_NOW)]


def test_moves_before_the_deal_are_refused() -> None:
    table = Table(44)
    west = table.join(Seat.WEST)
    table.tick()
    west.line.guest.send(encode(PlayCard(hand_number=1, cards_played=0, card=Card.parse("2C")), "t44"))
    table.tick()
    assert west.guest.take_refusals() == [Reason(Refusal.DEAL_FIRST)]


def test_invitations_and_answers_that_no_longer_fit_are_refused_in_a_sentence() -> None:
    table = Table(45)
    host = table.host
    with pytest.raises(SeatRefused) as refused:
        host.invite(Seat.SOUTH)
    assert str(refused.value) == NOT_A_FRIENDS_SEAT
    first = host.invite(Seat.WEST)
    second = host.invite(Seat.WEST)  # a new invitation revokes the first
    stale = Answer(table=host.table, seat=Seat.WEST, invite=first.invite, guest="Wes", answer="a")
    with pytest.raises(SeatRefused) as refused:
        host.check_answer(stale)
    assert str(refused.value) == NOT_WAITING
    elsewhere = Answer(table="other", seat=Seat.WEST, invite=second.invite, guest="Wes", answer="a")
    with pytest.raises(SeatRefused) as refused:
        host.check_answer(elsewhere)
    assert str(refused.value) == ANSWER_OTHER_TABLE
    host.check_answer(Answer(table=host.table, seat=Seat.WEST, invite=second.invite, guest="Wes", answer="a"))
    # A page that connects with the revoked invitation anyway is turned away; the right one is seated.
    old, new = MemoryLine(), MemoryLine()
    host.connect(Seat.WEST, old.host)
    host.connect(Seat.WEST, new.host)
    old_guest = GuestTable(invitation=first, name="Old", link=old.guest)
    new_guest = GuestTable(invitation=second, name="Wes", link=new.guest)
    host.tick()
    old_guest.tick()
    new_guest.tick()
    assert old_guest.turned_away == Unseated.NOT_WAITING.value and old_guest.is_closed
    assert new_guest.is_seated and host.status(Seat.WEST).presence is Presence.HERE
    with pytest.raises(SeatRefused) as refused:
        host.invite(Seat.WEST)
    assert str(refused.value) == SEAT_TAKEN


def test_a_second_page_on_the_same_invitation_is_turned_away() -> None:
    table = Table(46)
    host = table.host
    invitation = host.invite(Seat.EAST)
    first, second = MemoryLine(), MemoryLine()
    host.connect(Seat.EAST, first.host)
    host.connect(Seat.EAST, second.host)
    seated = GuestTable(invitation=invitation, name="Eve", link=first.guest)
    late = GuestTable(invitation=invitation, name="Eve again", link=second.guest)
    host.tick()
    seated.tick()
    late.tick()
    assert seated.is_seated and host.status(Seat.EAST).name == "Eve"
    assert late.turned_away == Unseated.SEAT_TAKEN.value and not late.is_seated
    assert late.take_notices() == [Unseated.SEAT_TAKEN.value]
