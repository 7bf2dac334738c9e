"""The practice hand's own slot: saved and read back whole, never in the match's place; a damaged one is
dropped with a sentence, the match untouched."""

from __future__ import annotations

from hearts.practice import practice_match
from hearts.storage import MemoryBackend, SavedMatch, SavedPractice, Store
from hearts.storage.store import MATCH_KEY, PRACTICE_DROPPED, PRACTICE_KEY

from .helpers import finished_match


def a_practice() -> SavedPractice:
    match = practice_match(finished_match(7), 1, 5)
    return SavedPractice(SavedMatch(match, 7, "normal"), 16, "from trick 5")


def test_a_practice_is_kept_in_its_own_slot_and_read_back_whole() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    practice = a_practice()
    assert store.save_practice(practice)
    assert backend.get(PRACTICE_KEY) is not None and backend.get(MATCH_KEY) is None
    loaded = Store(backend).load_practice()
    assert loaded is not None
    assert (loaded.before, loaded.start) == (16, "from trick 5")
    assert loaded.saved.match.snapshot() == practice.saved.match.snapshot()
    assert loaded.saved.match.moves == practice.saved.match.moves
    assert loaded.saved.seed == 7 and loaded.saved.bot_level == "normal"
    assert store.clear_practice() and Store(backend).load_practice() is None


def test_a_damaged_practice_is_dropped_with_a_sentence() -> None:
    for text in ("{", '{"format": "hearts.practice"}', '{"format": "something else"}', "[]"):
        backend = MemoryBackend()
        backend.set(PRACTICE_KEY, text)
        store = Store(backend)
        assert store.load_practice() is None
        assert store.take_problems() == [PRACTICE_DROPPED]
        assert backend.get(PRACTICE_KEY) is None
