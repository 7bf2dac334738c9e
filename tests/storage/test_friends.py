"""The host's match with friends and the friends' line of statistics: slots of their own, apart from the
player's own match and statistics."""

from __future__ import annotations

from hearts.deals import deal_for
from hearts.engine import Match, Rules
from hearts.storage import MemoryBackend, SavedMatch, Store
from hearts.storage.friends import FRIENDS_MATCH_KEY, SavedFriends


def friends_match() -> SavedFriends:
    match = Match(Rules())
    match.apply(deal_for(5, 1))
    saved = SavedMatch(match, 5, "easy", False, {})
    return SavedFriends(saved=saved, table="tableid12345", names=("Ada", "Bea", "Cy", "East"))


def test_the_host_match_comes_back_as_it_was_kept_and_leaves_the_own_match_alone() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    kept = friends_match()
    assert store.save_friends(kept)
    again = Store(backend).load_friends()
    assert again is not None
    assert again.table == kept.table and again.names == kept.names
    assert again.saved.match.moves == kept.saved.match.moves and again.saved.seed == 5
    assert store.load_match() is None and backend.get("hearts.match") is None
    assert store.clear_friends() and Store(backend).load_friends() is None


def test_a_damaged_friends_match_is_dropped_with_a_sentence() -> None:
    backend = MemoryBackend()
    backend.set(FRIENDS_MATCH_KEY, '{"format": "hearts-friends", "version": 1, "table": "t"}')
    store = Store(backend)
    assert store.load_friends() is None
    problems = store.take_problems()
    assert problems and "could not be read" in problems[0]
    assert backend.get(FRIENDS_MATCH_KEY) is None


def test_friends_matches_count_once_each_on_their_own_line() -> None:
    store = Store(MemoryBackend())
    store.record_friends("m1", won=False)
    store.record_friends("m1", won=False)
    counted = store.record_friends("m2", won=True)
    assert (counted.played, counted.won) == (2, 1)
    assert counted.line == "With friends: played 2, won 1"
    assert store.load_friends_stats() == counted
    assert store.load_stats().matches_played == 0
