"""Exports carry everything the game keeps (the same values; an import moves the revisions on); anything
else is refused with a sentence."""

from __future__ import annotations

import base64
import datetime
import hashlib
import io
import json
import os
import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from hearts import match_link, transfer, transfer_files
from hearts.challenge import Challenge
from hearts.engine import Moon, Rules, Ties
from hearts.match_link import InvalidMatchLink, match_link_code, read_match_code
from hearts.storage import MemoryBackend, Settings, Stats, StorageUnavailable, Store
from hearts.storage.backends import FileBackend, data_directory
from hearts.storage.daily import DailyAttempt, DailyRecords, DailyResult
from hearts.storage.revisions import REVISIONS_KEY, revision_of, tombstones_in
from hearts.storage.saved_match import SavedMatch, SavedPractice, match_text
from hearts.storage.store import MATCH_KEY, MOVED_ON, PRACTICE_KEY, SETTINGS_KEY
from hearts.transfer import (
    KEYS,
    ImportFailed,
    InvalidTransfer,
    Transfer,
    export_text,
    import_into,
    read_export,
)
from tests.runs import searched
from tests.storage.helpers import finished_match, unfinished_match

FINISHED = [finished_match(seed) for seed in range(6)]
BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def random_store(rng: random.Random) -> Store:
    """A store holding a random mix of what the game keeps."""
    store = Store(MemoryBackend())
    for index in rng.sample(range(len(FINISHED)), rng.randint(0, 3)):
        store.record_finished(SavedMatch(FINISHED[index], index, "easy"))
    if rng.random() < 0.7:
        seed = rng.randrange(1000)
        store.save_match(
            SavedMatch(unfinished_match(seed, rng.randint(1, 120)), seed, rng.choice(["easy", "hard"]))
        )
    elif rng.random() < 0.3:
        store.clear_match()
    if rng.random() < 0.3:
        seed = rng.randrange(1000)
        practice = SavedPractice(
            SavedMatch(unfinished_match(seed, rng.randint(1, 40)), seed, "normal"), 3, "from trick 2"
        )
        store.save_practice(practice)
    if rng.random() < 0.6:
        store.save_settings(
            Settings(
                difficulty=rng.choice(["easy", "hard"]), sound=rng.random() < 0.5, table=Rules(target=100)
            )
        )
    if rng.random() < 0.3:
        store.save_stats(Stats(matches_played=rng.randint(0, 500), hands_played=rng.randint(0, 900)))
    if rng.random() < 0.5:
        dates = {f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}" for _ in range(rng.randint(1, 6))}
        store.save_daily(
            DailyRecords({date: DailyResult(date=date, points=rng.randint(0, 26)) for date in dates})
        )
    if rng.random() < 0.3:
        seed = rng.randrange(1000)
        attempt = DailyAttempt("2026-05-05", unfinished_match(seed, rng.randint(1, 40)), seed, "a" * 16)
        store.save_daily_attempt(attempt)
    assert not store.take_problems()
    return store


def rich_export() -> str:
    return export_text(random_store_with_everything())


def random_store_with_everything() -> Store:
    store = Store(MemoryBackend())
    store.record_finished(SavedMatch(FINISHED[0], 0, "easy"))
    store.record_finished(SavedMatch(FINISHED[1], 1, "easy"))
    store.save_match(SavedMatch(unfinished_match(9, 90), 9, "normal"))
    store.save_practice(SavedPractice(SavedMatch(unfinished_match(8, 30), 8, "normal"), 5, "from trick 1"))
    store.save_settings(Settings(difficulty="hard"))
    store.save_daily(DailyRecords({"2026-03-04": DailyResult(date="2026-03-04", points=7, par=5)}))
    store.save_daily_attempt(DailyAttempt("2026-03-05", unfinished_match(7, 20), 7, "b" * 16))
    return store


def without_revision(text: str) -> object:
    """What ``text`` holds, its revision left out (the one field an import changes)."""
    data = json.loads(text)
    assert isinstance(data, dict)
    data.pop("revision", None)
    return data


def test_a_round_trip_keeps_every_text_and_every_value() -> None:
    rng = random.Random(26)
    for _ in range(300):
        source = random_store(rng)
        target = Store(MemoryBackend())
        target.save_settings(Settings(difficulty="easy"))  # replaced, or removed when the source has none
        target.save_settings(Settings(difficulty="hard"))  # revision 2 here: the import goes past it
        import_into(target, read_export(export_text(source)))
        stored: dict[str, str] = target.backend.data  # type: ignore[attr-defined]
        kept = {key: source.backend.data[key] for key in KEYS if key in source.backend.data}  # type: ignore[attr-defined]
        assert set(stored) - {REVISIONS_KEY} == set(kept)
        for key, text in kept.items():
            assert without_revision(stored[key]) == without_revision(text)
            assert revision_of(stored[key]) == max(revision_of(text), 2 if key == SETTINGS_KEY else 0) + 1
        tombstones = tombstones_in(stored.get(REVISIONS_KEY))
        assert set(tombstones) == set(KEYS) - set(kept)
        assert all(tombstones[key] == (3 if key == SETTINGS_KEY else 1) for key in tombstones)
        fresh_source, fresh_target = Store(source.backend), Store(target.backend)
        before, after = fresh_source.load_match(), fresh_target.load_match()
        assert (before is None) == (after is None)
        if before is not None and after is not None:
            assert after.match.snapshot() == before.match.snapshot()
        assert fresh_target.load_stats() == fresh_source.load_stats()
        assert fresh_target.load_settings() == fresh_source.load_settings()
        assert fresh_target.load_daily() == fresh_source.load_daily()
        assert not fresh_target.take_problems()


def test_an_import_leaves_every_other_window_behind() -> None:
    backend = MemoryBackend()
    other = Store(backend)
    other.save_match(SavedMatch(unfinished_match(4, 30), 4, "easy"))
    other.save_settings(Settings(difficulty="easy"))
    importing = Store(backend)
    import_into(importing, read_export(export_text(random_store_with_everything())))
    before = dict(backend.data)
    assert not other.save_match(SavedMatch(unfinished_match(4, 31), 4, "easy"))
    assert not other.save_settings(Settings(difficulty="hard"))
    assert other.stale and other.take_problems() == [MOVED_ON]
    assert backend.data == before
    # The store that imported goes on from what it imported.
    loaded = importing.load_match()
    assert loaded is not None and importing.save_match(loaded) and not importing.stale
    # So does the other window, once it takes the table back.
    other.resync()
    assert other.load_settings() == Settings(difficulty="hard") and other.save_settings(Settings())


def test_an_import_without_a_part_leaves_a_tombstone_a_window_behind_cannot_pass() -> None:
    backend = MemoryBackend()
    other = Store(backend)
    playing = SavedMatch(unfinished_match(4, 30), 4, "easy")
    other.save_match(playing)
    import_into(Store(backend), read_export(export_text(Store(MemoryBackend()))))
    assert MATCH_KEY not in backend.data
    assert tombstones_in(backend.data[REVISIONS_KEY])[MATCH_KEY] == 2
    assert not other.save_match(playing) and MATCH_KEY not in backend.data and other.stale


def test_the_summary_counts_what_the_file_holds() -> None:
    summary = read_export(rich_export()).summary()
    assert "a match at hand" in summary
    assert "2 finished matches" in summary
    assert "1 daily result" in summary
    assert "a practice hand" in summary and "a daily deal in progress" in summary
    assert read_export(export_text(Store(MemoryBackend()))).summary() == "nothing saved"


def envelope(text: str) -> dict[str, object]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def resealed(data: dict[str, str], version: object = 1) -> str:
    return json.dumps(
        {"format": "hearts.transfer", "version": version, "checksum": transfer.checksum(data), "data": data}
    )


def mutate(rng: random.Random, text: str) -> tuple[str, bool]:
    """``text`` changed at random, and whether it was sealed again (its checksum made to fit)."""
    kind = rng.randrange(7)
    if kind < 5:
        return changed(rng, text, kind), False
    return altered_part(rng, text, kind), True


def changed(rng: random.Random, text: str, kind: int) -> str:
    spot = rng.randrange(len(text))
    if kind == 0:
        return text[:spot] + chr(ord(text[spot]) ^ (1 << rng.randrange(7))) + text[spot + 1 :]
    if kind == 1:
        return text[:spot] + text[spot + rng.randint(1, 5) :]
    if kind == 2:
        return text[:spot] + rng.choice(['"', "{", "]", "0", "x", ",", "\\", "é"]) + text[spot:]
    if kind == 3:
        return text[:spot]
    if kind == 4:
        return text.replace(
            '"version":1', f'"version":{rng.choice(["0", "2", "1.0", "true", "null", "-1"])}', 1
        )
    return text


def altered_part(rng: random.Random, text: str, kind: int) -> str:
    data = envelope(text)["data"]
    assert isinstance(data, dict)
    key = rng.choice(sorted(data))
    part = data[key]
    where = rng.randrange(len(part))
    if kind == 5:
        data[key] = part[:where] + rng.choice(["1", "x", '"', "}", ""]) + part[where + 1 :]
    else:
        data[key] = part[:where]
    return resealed(data)


MUTATIONS: Final = searched(10_000, in_pyodide=2000)
"""Mutated exports read, each refused whole or read whole."""


def test_mutated_exports_are_refused_or_read_whole() -> None:
    rng = random.Random(2026)
    original = rich_export()
    parts = read_export(original).parts
    target = Store(MemoryBackend())
    target.save_settings(Settings(difficulty="easy"))
    before = dict(target.backend.data)  # type: ignore[attr-defined]
    refused = 0
    for _ in range(MUTATIONS):
        text, sealed = mutate(rng, original)
        try:
            got = read_export(text)
        except InvalidTransfer as error:
            assert str(error).endswith(".") and "\n" not in str(error)
            assert target.backend.data == before  # type: ignore[attr-defined]
            refused += 1
            continue
        assert isinstance(got, Transfer)
        if sealed:
            # A part changed and sealed again is a different export, read only when the game reads
            # every part of it without a complaint (the statistics ignore a field they do not know).
            assert got.texts == envelope(text)["data"]
            for key, part in got.parts:
                store = Store(MemoryBackend())
                store.backend.set(key, part)
                transfer.part_loaders()[key](store)
                assert not store.take_problems() and store.backend.data == {key: part}  # type: ignore[attr-defined]
        else:
            assert got.parts == parts, text
    assert refused > MUTATIONS * 9 // 10


def test_an_altered_part_with_a_new_checksum_is_refused_by_name() -> None:
    data = envelope(rich_export())["data"]
    assert isinstance(data, dict)
    data["hearts.stats"] = data["hearts.stats"].replace('"hearts-stats"', '"hearts-stat"')
    with pytest.raises(InvalidTransfer, match="cannot be read \\(the statistics\\)"):
        read_export(resealed(data))
    data = envelope(rich_export())["data"]
    assert isinstance(data, dict)
    data["hearts.mystery"] = "{}"
    with pytest.raises(InvalidTransfer, match="damaged"):
        read_export(resealed(data))


def test_a_newer_version_is_refused_with_its_own_sentence() -> None:
    data = envelope(rich_export())["data"]
    assert isinstance(data, dict)
    with pytest.raises(InvalidTransfer) as refused:
        read_export(resealed(data, version=2))
    assert str(refused.value) == transfer.NEWER
    assert "made by a newer version of Hearts" in transfer.NEWER
    assert read_export(resealed(data)).texts == data


def test_a_checksum_that_does_not_match_is_refused_as_damaged() -> None:
    whole = envelope(rich_export())
    whole["checksum"] = "0" * 64
    with pytest.raises(InvalidTransfer) as refused:
        read_export(json.dumps(whole))
    assert str(refused.value) == transfer.DAMAGED and "damaged" in transfer.DAMAGED


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"format": "hearts-save"}', "[" * 100_000, None, 42])
def test_text_that_is_not_an_export_is_refused(text: object) -> None:
    with pytest.raises(InvalidTransfer, match="not a Hearts export"):
        read_export(text)


class FailingBackend(MemoryBackend):
    """A memory backend whose write (set or remove) after the first ``writes`` fails, once."""

    def __init__(self, writes: int) -> None:
        super().__init__()
        self.writes = writes

    def set(self, key: str, value: str) -> None:
        self._count()
        super().set(key, value)

    def remove(self, key: str) -> None:
        self._count()
        super().remove(key)

    def _count(self) -> None:
        self.writes -= 1
        if self.writes == -1:
            raise StorageUnavailable("refused this once")


def test_an_import_that_storage_stops_part_way_changes_nothing() -> None:
    incoming = read_export(rich_export())
    for allowed in range(len(KEYS)):
        backend = FailingBackend(10_000)
        store = Store(backend)
        store.save_match(SavedMatch(unfinished_match(1, 10), 1, "easy"))
        store.save_stats(Stats(matches_played=40))
        before = dict(backend.data)
        backend.writes = allowed
        with pytest.raises(ImportFailed):
            import_into(store, incoming)
        assert backend.data == before
    backend = FailingBackend(len(KEYS))
    import_into(Store(backend), incoming)
    assert backend.data.keys() == incoming.texts.keys()
    assert all(without_revision(backend.data[key]) == without_revision(incoming.texts[key]) for key in KEYS)


def test_an_import_that_removes_a_part_and_stops_part_way_changes_nothing() -> None:
    incoming = read_export(export_text(Store(MemoryBackend())))  # nothing: every key goes
    for allowed in range(len(KEYS) + 1):
        backend = FailingBackend(10_000)
        store = Store(backend)
        store.save_match(SavedMatch(unfinished_match(1, 10), 1, "easy"))
        store.clear_practice()  # a tombstone to keep as it was
        before = dict(backend.data)
        backend.writes = allowed
        with pytest.raises(ImportFailed):
            import_into(store, incoming)
        assert backend.data == before
    backend = FailingBackend(len(KEYS) + 1)
    import_into(Store(backend), incoming)
    assert set(backend.data) == {REVISIONS_KEY}


# The command line -----------------------------------------------------------------------------


def folder_store() -> Store:
    """The store of the game's folder on this computer ($HEARTS_DATA_DIR), which the command line uses."""
    return Store(FileBackend(data_directory()))


@pytest.mark.native
def test_the_command_line_carries_a_match_to_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home, away, file = tmp_path / "home", tmp_path / "away", tmp_path / "hearts.json"
    monkeypatch.setenv("HEARTS_DATA_DIR", str(home))
    store = folder_store()
    store.record_finished(SavedMatch(FINISHED[2], 2, "easy"))
    playing = SavedMatch(unfinished_match(5, 70), 5, "hard")
    store.save_match(playing)
    assert transfer.main(["export", str(file)]) == 0

    monkeypatch.setenv("HEARTS_DATA_DIR", str(away))
    assert transfer.main(["import", str(file), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "a match at hand" in out and "1 finished match" in out and "It would replace nothing saved" in out
    loaded = folder_store().load_match()
    assert loaded is not None and loaded.match.snapshot() == playing.match.snapshot()
    assert folder_store().load_stats().matches_played == 1


@pytest.mark.native
def test_the_command_line_changes_nothing_unless_told_yes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "hearts.json"
    file.write_text(rich_export(), encoding="ascii")
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "data"))
    folder_store().save_stats(Stats(matches_played=41))
    files = {path.name: path.read_bytes() for path in (tmp_path / "data").iterdir()}
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert transfer.main(["import", str(file)]) != 0
    assert "Replace? [y/N]" in capsys.readouterr().out
    assert {path.name: path.read_bytes() for path in (tmp_path / "data").iterdir()} == files

    file.write_text(rich_export()[:-5], encoding="ascii")
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert transfer.main(["import", str(file)]) == 2
    assert capsys.readouterr().err.strip() == transfer.DAMAGED
    assert {path.name: path.read_bytes() for path in (tmp_path / "data").iterdir()} == files


# The match link --------------------------------------------------------------------------------


def real_matches() -> Iterator[SavedMatch]:
    """Matches in progress as players leave them: every table option, early and late, a friend's
    challenge, the coach's tally, and one without a seed (its deals written out)."""
    tables = [
        Rules(target=100),
        Rules(target=50, jack_of_diamonds=True, moon=Moon.SHOOTER_CHOOSES),
        Rules(target=150, moon=Moon.SUBTRACT_FROM_SHOOTER, ties=Ties.SHARED_WIN, queen_breaks_hearts=True),
        Rules(target=100, points_on_first_trick=True, moon=Moon.SHOOTER_CHOOSES),
    ]
    rng = random.Random(2626)
    for seed in range(60):
        rules = tables[seed % len(tables)]
        match = unfinished_match(seed, rng.randint(1, 900), rules)
        if match.is_over:
            continue
        level = rng.choice(["random", "easy", "normal", "hard"])
        lost = {result.hand_number: rng.randint(0, 90) for result in match.results if rng.random() < 0.7}
        challenge = None
        if seed % 7 == 3 and seed % 11 != 5:
            challenge = Challenge(seed=seed, rules=rules, level=level, score=rng.choice([None, 38, -12]))
        yield SavedMatch(match, None if seed % 11 == 5 else seed, level, False, lost, challenge)


def same_match(got: SavedMatch, saved: SavedMatch) -> None:
    assert match_text(got) == match_text(saved)
    assert got.match.snapshot() == saved.match.snapshot()
    assert (got.seed, got.bot_level, got.challenge) == (saved.seed, saved.bot_level, saved.challenge)
    assert dict(got.points_lost_tenths) == dict(saved.points_lost_tenths)


def test_a_match_code_carries_the_match_exactly() -> None:
    count = 0
    for saved in real_matches():
        code = match_link_code(saved)
        assert code[0] == "1" and set(code[1:]) <= BASE64URL
        same_match(read_match_code(code), saved)
        count += 1
    assert count > 40


def test_a_code_is_read_from_a_link_a_fragment_or_alone() -> None:
    saved = SavedMatch(unfinished_match(4, 250, Rules(target=100)), 4, "hard")
    code = match_link_code(saved)
    link = match_link.match_link("https://example.org/hearts/index.html?utm_source=chat#c=old", saved)
    assert link == f"https://example.org/hearts/index.html#m={code}"
    for text in (link, f"#m={code}", f"m={code}", f"  <{link}>  ", f"'{code}'", code):
        same_match(read_match_code(text), saved)
    assert match_link.is_match_fragment(f"m={code}") and not match_link.is_match_fragment("c=1AAA")


def test_the_seeds_own_deals_and_the_plays_are_packed_small() -> None:
    """The code holds the save's text, packed: a long match near its end stays near 2,000 characters
    (it would be over 3,000 with every deal and seat written out)."""
    match = unfinished_match(7, 10_000, Rules(target=100))
    while match.is_over:  # the same match one trick before its end
        match = unfinished_match(7, len(match.moves) - 4, Rules(target=100))
    saved = SavedMatch(match, 7, "normal")
    assert match.hand_number >= 8
    assert len(match_link_code(saved)) < 2_300
    plain = zlib.compress(match_text(saved).encode("ascii"), 9)
    assert len(match_link_code(saved)) < 0.7 * len(base64.urlsafe_b64encode(plain))
    assert len(match_link_code(SavedMatch(unfinished_match(7, 1), 7, "easy"))) < 400


def resealed_code(text: str, version: str = "1") -> str:
    """A code for ``text`` as it stands (no packing), sealed with a check that fits."""
    check = hashlib.sha256((version + text).encode("ascii")).digest()[:6]
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = check + deflate.compress(text.encode("ascii")) + deflate.flush()
    return version + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def test_a_code_without_packing_is_read_too() -> None:
    saved = SavedMatch(unfinished_match(12, 300, Rules(target=100)), 12, "easy")
    same_match(read_match_code(resealed_code(match_text(saved))), saved)


def test_a_newer_code_or_a_newer_save_inside_is_refused_with_its_own_sentence() -> None:
    saved = SavedMatch(unfinished_match(3, 80), 3, "normal")
    code = match_link_code(saved)
    for newer in ("2" + code[1:], "a" + code[1:]):
        with pytest.raises(InvalidMatchLink) as refused:
            read_match_code(newer)
        assert str(refused.value) == match_link.NEWER and refused.value.is_newer
    assert "newer version of Hearts" in match_link.NEWER
    for old, new in (
        ('"version":1,"bot_level"', '"version":2,"bot_level"'),
        ('"version":2,"rules"', '"version":3,"rules"'),
    ):
        text = match_text(saved)
        assert old in text
        with pytest.raises(InvalidMatchLink) as refused:
            read_match_code(resealed_code(text.replace(old, new, 1)))
        assert str(refused.value) == match_link.NEWER


def test_a_finished_match_is_refused_with_its_own_sentence() -> None:
    code = match_link_code(SavedMatch(FINISHED[0], 0, "easy"))
    with pytest.raises(InvalidMatchLink, match="already ended"):
        read_match_code(code)


@pytest.mark.parametrize(
    "text",
    ["", "1", "#m=", "https://example.org/hearts/", "1A", "1" + "A" * 40, "x" * 300_000, "1ÀÀÀ", None, 7],
)
def test_text_that_is_not_a_code_is_refused_as_broken(text: object) -> None:
    with pytest.raises(InvalidMatchLink) as refused:
        read_match_code(text)  # type: ignore[arg-type]
    assert str(refused.value) == match_link.BROKEN


def test_a_code_that_unpacks_to_a_huge_text_is_refused_before_it_is_read() -> None:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = b"\0" * 6 + deflate.compress(b" " * 50_000_000) + deflate.flush()
    code = "1" + base64.urlsafe_b64encode(bomb).decode("ascii").rstrip("=")
    assert len(code) < match_link.MAX_TEXT
    with pytest.raises(InvalidMatchLink, match="incomplete or has been changed"):
        read_match_code(code)


def mutated_code(rng: random.Random, code: str) -> str:
    spot = rng.randrange(len(code))
    kind = rng.randrange(5)
    if kind == 0:  # one character changed for another of the alphabet
        return code[:spot] + rng.choice(sorted(BASE64URL)) + code[spot + 1 :]
    if kind == 1:  # some lost
        return code[:spot] + code[spot + rng.randint(1, 4) :]
    if kind == 2:  # one added
        return code[:spot] + rng.choice([*sorted(BASE64URL), "=", "%", " ", "é"]) + code[spot:]
    if kind == 3:  # cut short
        return code[:spot]
    return code[:spot] + code[spot + 1 : spot + 2] + code[spot : spot + 1] + code[spot + 2 :]  # two swapped


def test_mutated_codes_are_refused_or_read_as_themselves() -> None:
    rng = random.Random(26)
    saved_matches = [
        SavedMatch(unfinished_match(31, 9), 31, "easy"),
        SavedMatch(unfinished_match(32, 260, Rules(target=100, jack_of_diamonds=True)), 32, "hard"),
        SavedMatch(unfinished_match(33, 200), None, "normal", points_lost_tenths={1: 12}),
    ]
    codes = [(match_link_code(saved), saved) for saved in saved_matches]
    refused = 0
    for _ in range(5_000):
        code, saved = rng.choice(codes)
        text = mutated_code(rng, code)
        try:
            got = read_match_code(text)
        except InvalidMatchLink as error:
            assert str(error) in (match_link.BROKEN, match_link.NEWER), text
            refused += 1
            continue
        same_match(got, saved)  # base64's unused low bits of the last character, say
    assert refused > 4_500


# Playing a match from a link here -----------------------------------------------------------


def test_a_match_from_a_link_replaces_only_the_match_and_its_practice_hand() -> None:
    store = random_store_with_everything()
    before = dict(store.backend.data)  # type: ignore[attr-defined]
    sent = SavedMatch(unfinished_match(40, 333, Rules(target=100)), 40, "hard")
    incoming = read_match_code(match_link_code(sent))
    match_link.import_match(store, incoming)
    after = store.backend.data  # type: ignore[attr-defined]
    assert without_revision(after[MATCH_KEY]) == without_revision(match_text(incoming))
    assert revision_of(after[MATCH_KEY]) == revision_of(before[MATCH_KEY]) + 1
    assert PRACTICE_KEY not in after  # a hand of the match it replaced
    assert tombstones_in(after[REVISIONS_KEY]) == {PRACTICE_KEY: revision_of(before[PRACTICE_KEY]) + 1}
    changed = (MATCH_KEY, PRACTICE_KEY, REVISIONS_KEY)
    assert {key: text for key, text in after.items() if key not in changed} == {
        key: text for key, text in before.items() if key not in changed
    }
    loaded = Store(store.backend).load_match()
    assert loaded is not None
    same_match(loaded, incoming)


def test_a_match_storage_refuses_changes_nothing_and_says_so() -> None:
    backend = FailingBackend(10_000)
    store = Store(backend)
    store.save_match(SavedMatch(unfinished_match(1, 10), 1, "easy"))
    store.save_stats(Stats(matches_played=4))
    before = dict(backend.data)
    backend.writes = 0
    with pytest.raises(ImportFailed) as failed:
        match_link.import_match(store, SavedMatch(unfinished_match(2, 50), 2, "easy"))
    assert str(failed.value) == match_link.NOT_SAVED
    assert backend.data == before


@pytest.mark.native
def test_reading_a_match_link_loads_no_pygame() -> None:
    from tests.test_layering import loaded_after

    loaded = loaded_after("import hearts.match_link, hearts.transfer_files")
    assert "hearts" in loaded and "pygame" not in loaded


# Export files on the desktop ------------------------------------------------------------------


DAY = datetime.date(2026, 5, 5)


def test_an_export_file_never_overwrites_another(tmp_path: Path) -> None:
    first = transfer_files.write_export("one", tmp_path, DAY)
    second = transfer_files.write_export("two", tmp_path, DAY)
    third = transfer_files.write_export("three", tmp_path / "new", DAY)
    assert (first.name, second.name, third.name) == (
        "hearts-2026-05-05.json",
        "hearts-2026-05-05-2.json",
        "hearts-2026-05-05.json",
    )
    assert first.read_text(encoding="ascii") == "one" and second.read_text(encoding="ascii") == "two"


def test_the_newest_hearts_file_is_the_one_loaded(tmp_path: Path) -> None:
    assert transfer_files.newest_export(tmp_path) is None
    assert transfer_files.newest_export(tmp_path / "missing") is None
    older, newer = tmp_path / "hearts-2026-05-01.json", tmp_path / "hearts-2026-04-30 (1).json"
    for number, path in enumerate((older, newer, tmp_path / "notes.json", tmp_path / "hearts.json")):
        path.write_text("{}", encoding="ascii")
        os.utime(path, (1_000_000 + number, 1_000_000 + number))
    (tmp_path / "hearts-folder.json").mkdir()
    os.utime(older, (999_999, 999_999))
    assert transfer_files.newest_export(tmp_path) == newer


def test_a_file_far_too_long_or_not_text_is_refused_unread(tmp_path: Path) -> None:
    long, binary, good = tmp_path / "long.json", tmp_path / "binary.json", tmp_path / "good.json"
    long.write_bytes(b" " * (transfer.MAX_TEXT + 1))
    binary.write_bytes(b"\xff\xfe{")
    good.write_text(rich_export(), encoding="ascii")
    for path in (long, binary):
        with pytest.raises(InvalidTransfer, match="not a Hearts export"):
            transfer_files.read_export_file(path)
    assert read_export(transfer_files.read_export_file(good)).parts == read_export(rich_export()).parts
    with pytest.raises(OSError):
        transfer_files.read_export_file(tmp_path / "missing.json")


def test_exports_go_to_the_folder_named_else_downloads_else_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("HEARTS_EXPORT_DIR", raising=False)
    assert transfer_files.export_folder() == tmp_path
    (tmp_path / "Downloads").mkdir()
    assert transfer_files.export_folder() == tmp_path / "Downloads"
    monkeypatch.setenv("HEARTS_EXPORT_DIR", str(tmp_path / "elsewhere"))
    assert transfer_files.export_folder() == tmp_path / "elsewhere"
