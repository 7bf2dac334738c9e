"""Exports carry everything the game keeps (the same values; an import moves the revisions on); anything
else is refused with a sentence."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from hearts import transfer
from hearts.engine import Rules
from hearts.storage import MemoryBackend, Settings, Stats, StorageUnavailable, Store
from hearts.storage.daily import DailyAttempt, DailyRecords, DailyResult
from hearts.storage.revisions import REVISIONS_KEY, revision_of, tombstones_in
from hearts.storage.saved_match import SavedMatch, SavedPractice
from hearts.storage.store import MATCH_KEY, MOVED_ON, SETTINGS_KEY
from hearts.transfer import (
    KEYS,
    ImportFailed,
    InvalidTransfer,
    Transfer,
    export_text,
    import_into,
    read_export,
)
from tests.storage.helpers import finished_match, unfinished_match

FINISHED = [finished_match(seed) for seed in range(6)]


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
    for _ in range(100):
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


def test_mutated_exports_are_refused_or_read_whole() -> None:
    rng = random.Random(2026)
    original = rich_export()
    parts = read_export(original).parts
    target = Store(MemoryBackend())
    target.save_settings(Settings(difficulty="easy"))
    before = dict(target.backend.data)  # type: ignore[attr-defined]
    refused = 0
    for _ in range(10_000):
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
                transfer._loaders()[key](store)
                assert not store.take_problems() and store.backend.data == {key: part}  # type: ignore[attr-defined]
        else:
            assert got.parts == parts, text
    assert refused > 9_000


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


@pytest.mark.native
def test_the_command_line_carries_a_match_to_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home, away, file = tmp_path / "home", tmp_path / "away", tmp_path / "hearts.json"
    monkeypatch.setenv("HEARTS_DATA_DIR", str(home))
    store = transfer._store()
    store.record_finished(SavedMatch(FINISHED[2], 2, "easy"))
    playing = SavedMatch(unfinished_match(5, 70), 5, "hard")
    store.save_match(playing)
    assert transfer.main(["export", str(file)]) == 0

    monkeypatch.setenv("HEARTS_DATA_DIR", str(away))
    assert transfer.main(["import", str(file), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "a match at hand" in out and "1 finished match" in out and "It would replace nothing saved" in out
    loaded = transfer._store().load_match()
    assert loaded is not None and loaded.match.snapshot() == playing.match.snapshot()
    assert transfer._store().load_stats().matches_played == 1


@pytest.mark.native
def test_the_command_line_changes_nothing_unless_told_yes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "hearts.json"
    file.write_text(rich_export(), encoding="ascii")
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "data"))
    transfer._store().save_stats(Stats(matches_played=41))
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
