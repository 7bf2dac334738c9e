"""The engine's fast paths give exactly what the plain ones give.

Reading masks a byte at a time, and building tricks through writable drafts, are there for speed
only: these tests hold them to the obvious way of doing the same thing.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from hearts.engine import CARDS, Card, CardSet, Seat, Trick, TrickTaken
from hearts.engine.cards import by_byte, card_list, cards_in
from hearts.engine.events import new_trick, new_trick_taken
from hearts.engine.moves import PLAYS, PLAYS_BY_BYTE


def masks(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    chosen = [0, 1, 1 << 51, (1 << 52) - 1, 0xFF << 8, 0x1FFF << 39]
    chosen += [rng.getrandbits(52) & rng.getrandbits(52) for _ in range(count)]
    chosen += [1 << rng.randrange(52) for _ in range(count // 10)]
    return chosen


def test_card_list_is_every_card_of_the_mask_lowest_first() -> None:
    for mask in masks(3000, 1):
        expected = [card for card in CARDS if mask >> card & 1]
        assert card_list(mask) == expected
        assert list(cards_in(mask)) == expected
        assert list(CardSet.from_mask(mask)) == expected
        assert all(type(card) is Card for card in card_list(mask))


def test_the_byte_tables_read_any_items() -> None:
    items = tuple(f"item {index}" for index in range(52))
    tables = by_byte(items)
    assert len(tables) == 7 and all(len(table) == 256 for table in tables)
    for mask in masks(500, 2):
        read = [item for place, table in enumerate(tables) for item in table[mask >> 8 * place & 0xFF]]
        assert read == [items[index] for index in range(52) if mask >> index & 1]


def test_the_plays_by_byte_are_the_shared_plays() -> None:
    for seat in Seat:
        for mask in masks(200, 3):
            read = [
                play
                for place, table in enumerate(PLAYS_BY_BYTE[seat])
                for play in table[mask >> 8 * place & 0xFF]
            ]
            assert read == [PLAYS[seat][card] for card in range(52) if mask >> card & 1]
            assert all(play is PLAYS[seat][play.card] for play in read)


@pytest.mark.parametrize(
    ("leader", "cards", "winner", "points"),
    [
        (Seat.SOUTH, (), None, 0),
        (Seat.WEST, tuple(CardSet.parse("2C AC KC QC")), Seat.WEST, 0),
        (Seat.EAST, tuple(CardSet.parse("QS 2H 3S 4S")), Seat.EAST, 14),
    ],
)
def test_a_trick_built_for_speed_is_an_ordinary_trick(
    leader: Seat, cards: tuple[Card, ...], winner: Seat | None, points: int
) -> None:
    fast = new_trick(leader, cards, winner, points)
    plain = Trick(leader, cards, winner, points)
    assert type(fast) is Trick
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain
    assert copy.deepcopy(fast) == plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.points = 99  # type: ignore[misc]

    taken = new_trick_taken(5, fast)
    assert type(taken) is TrickTaken
    assert taken == TrickTaken(5, plain) and hash(taken) == hash(TrickTaken(5, plain))
    assert taken.points == points and repr(taken) == repr(TrickTaken(5, plain))
    with pytest.raises(dataclasses.FrozenInstanceError):
        taken.trick_number = 6  # type: ignore[misc]
