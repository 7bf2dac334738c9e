"""Move to another device through the real app: reached from Options, a file saved into a folder and
loaded back on a "new device" (a fresh store) after the Replace / Keep mine question, a refused file
changing nothing, the match link shared, the browser's download and file picker (a stand-in page), and a
``#m=`` link offered as the game opens."""

from __future__ import annotations

import datetime
import sys
import types
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from hearts import match_link, page, transfer
from hearts.engine import Rules
from hearts.match_link import match_link_code, read_match_code
from hearts.storage import MemoryBackend, SavedMatch, Settings, StorageUnavailable, Store
from hearts.storage.revisions import REVISIONS_KEY
from hearts.storage.saved_match import match_text
from hearts.storage.store import MATCH_KEY
from hearts.transfer import KEYS, export_text, read_export
from hearts.ui import routes
from hearts.ui.app import App
from hearts.ui.report import recording
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.move import LINK, LOAD, SAVE, MoveScene
from hearts.ui.scenes.options import OptionsScene
from hearts.ui.scenes.share_box import ShareBox
from hearts.ui.scenes.table import TableScene
from tests.storage.helpers import unfinished_match
from tests.test_transfer import without_revision

from .driver import Driver
from .test_app import QUICK, start_match


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder exports go to and come from (the Downloads folder, on a real desktop)."""
    monkeypatch.setenv("HEARTS_EXPORT_DIR", str(tmp_path))
    return tmp_path


def playing(size: tuple[int, int] = (390, 844), hands: int = 1) -> Driver:
    """The app with a match some hands in, as a player leaves it (to 100: no deal can end it in the first
    three hands, 26 points a hand at most)."""
    driver = Driver(size, settings=replace(QUICK, table=Rules(target=100)))
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=hands)
    driver.settle()
    return driver


def press(driver: Driver, key: str) -> None:
    """Tap the button ``key`` of the screen or dialog on top (turning Options' pages to find it)."""
    scene = driver.scene
    for _ in range(6):
        buttons = scene.buttons if isinstance(scene, Dialog | OptionsScene | MoveScene) else []
        button = next((b for b in buttons if b.key == key), None)
        if button is not None:
            assert button.enabled, key
            driver.click(button.rect.center)
            return
        nexts = [b for b in buttons if b.key == "next" and b.enabled]
        assert nexts, f"no {key!r} on {type(scene).__name__}: {[b.key for b in buttons]}"
        driver.click(nexts[0].rect.center)
    raise AssertionError(f"no {key!r} on any page")


def open_move(driver: Driver) -> MoveScene:
    """Options, then Move to another device, by taps."""
    driver.app.open(routes.Options())
    assert isinstance(driver.scene, OptionsScene)
    press(driver, "move")
    scene = driver.scene
    assert isinstance(scene, MoveScene)
    return scene


def dialog(driver: Driver, name: str) -> Dialog:
    scene = driver.scene
    assert isinstance(scene, Dialog) and scene.name == name, scene
    return scene


def at_table(driver: Driver) -> TableScene:
    """The table the game opened on (a hand's result not yet dismissed shows over it again)."""
    table = driver.app.stack[0]
    assert isinstance(table, TableScene), driver.app.stack
    assert all(isinstance(scene, TableScene | Dialog) for scene in driver.app.stack), driver.app.stack
    return table


def saved_as(driver: Driver) -> set[str]:
    """Press Save, and the names the file may have been given: the day's, read before and after the press
    (a run that passes midnight meanwhile names it by either day)."""
    before = datetime.date.today().isoformat()
    press(driver, SAVE)
    return {f"hearts-{day}.json" for day in (before, datetime.date.today().isoformat())}


def stored(backend: MemoryBackend) -> dict[str, object]:
    """What ``backend`` keeps of the game, each text's revision left out (an import writes past it)."""
    return {key: without_revision(text) for key, text in backend.data.items() if key in KEYS}


# A file, natively --------------------------------------------------------------------------------


def test_a_file_saved_here_loads_on_a_new_device_after_asking(folder: Path) -> None:
    source = playing(hands=2)
    yours = source.table.session.match.totals[0]
    move = open_move(source)
    held = f"This device holds a match at hand 2 (you on {yours}), no finished matches, no daily results and"
    assert " ".join(move.note_lines).startswith(held)
    names = saved_as(source)
    (saved,) = folder.iterdir()
    assert saved.name in names, (saved.name, names)
    exported = read_export(saved.read_text(encoding="ascii")).texts
    assert {key: without_revision(text) for key, text in exported.items()} == stored(source.backend)
    assert move.status[SAVE] == f"Saved in {folder} as {saved.name}."
    assert move.status[SAVE] in " ".join(move.mirror().dialog.lines)  # type: ignore[union-attr]

    device = Driver((1280, 720), settings=Settings(difficulty="easy"))
    assert isinstance(device.scene, MenuScene)
    open_move(device)
    press(device, LOAD)
    asked = dialog(device, "import_file")
    said = " ".join(asked.lines)
    assert saved.name in said and f"a match at hand 2 (you on {yours})" in said and "your settings" in said
    assert (
        "It replaces what this device holds: no finished matches, no daily results and your settings" in said
    )
    assert [choice.label for choice in asked.choices] == ["Replace", "Keep mine"]
    press(device, "replace")
    # Opened afresh on what storage now holds: the match, at its table, where it was.
    assert stored(device.backend) == stored(source.backend)
    assert source.app.ctx.session is not None
    assert at_table(device).session.match.moves == source.app.ctx.session.match.moves
    assert device.app.ctx.settings == source.app.ctx.settings
    device.step()
    assert f"Loaded {saved.name}." in device.app.ctx.speaker.log().lines  # shown at the top, and said


def test_keep_mine_changes_nothing(folder: Path) -> None:
    (folder / "hearts-2026-01-01.json").write_text(export_text(playing().app.store), encoding="ascii")
    driver = playing((844, 390))
    before = dict(driver.backend.data)
    move = open_move(driver)
    press(driver, LOAD)
    dialog(driver, "import_file")
    press(driver, "keep")
    assert driver.scene is move and move.status[LOAD] == "Nothing was changed."
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, OptionsScene)
    assert driver.backend.data == before


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("{}", transfer.NOT_OURS),
        ("cut short", transfer.NOT_OURS),
        (None, transfer.DAMAGED),  # a real export, cut
        (None, transfer.NEWER),  # from a newer version
    ],
    ids=["foreign", "not-json", "cut", "newer"],
)
def test_a_refused_file_says_why_and_touches_nothing(folder: Path, text: str | None, sentence: str) -> None:
    driver = playing()
    if text is None:
        whole = export_text(driver.app.store)
        text = whole[:-40] if sentence == transfer.DAMAGED else whole.replace('"version":1', '"version":9', 1)
    (folder / "hearts-2026-02-02.json").write_text(text, encoding="utf-8")
    before = dict(driver.backend.data)
    move = open_move(driver)
    press(driver, LOAD)
    refusal = dialog(driver, "move_problem")
    assert refusal.lines == (sentence,)
    press(driver, "ok")
    assert driver.scene is move
    assert driver.backend.data == before


def test_with_no_file_to_load_the_screen_says_where_it_looked(folder: Path) -> None:
    driver = Driver((390, 844))
    move = open_move(driver)
    press(driver, LOAD)
    assert driver.scene is move
    assert move.status[LOAD] == f"No Hearts file in {folder} yet: its name starts with hearts-."


def test_a_folder_that_cannot_be_written_is_said(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = folder / "blocked"
    blocked.write_text("a file where the folder should be", encoding="ascii")
    monkeypatch.setenv("HEARTS_EXPORT_DIR", str(blocked))
    driver = Driver((390, 844))
    move = open_move(driver)
    press(driver, SAVE)
    assert move.status[SAVE] == f"The file could not be written to {blocked}."
    assert driver.scene is move


class RefusingBackend(MemoryBackend):
    """Storage that refuses every write once ``refusing`` is set."""

    refusing = False

    def set(self, key: str, value: str) -> None:
        if self.refusing:
            raise StorageUnavailable("no")
        super().set(key, value)

    def remove(self, key: str) -> None:
        if self.refusing:
            raise StorageUnavailable("no")
        super().remove(key)


def test_storage_that_refuses_the_import_leaves_everything_as_it_was(folder: Path) -> None:
    (folder / "hearts-2026-03-03.json").write_text(export_text(playing().app.store), encoding="ascii")
    backend = RefusingBackend()
    Store(backend).save_settings(Settings(difficulty="hard"))
    driver = Driver((390, 844), backend=backend)
    before = dict(backend.data)
    open_move(driver)
    press(driver, LOAD)
    backend.refusing = True
    press(driver, "replace")
    failure = dialog(driver, "move_problem")
    assert failure.lines == (transfer.IMPORT_FAILED,)
    assert backend.data == before
    press(driver, "ok")
    assert isinstance(driver.scene, MoveScene)


# The keyboard and the screen reader ------------------------------------------------------------


def test_the_screen_works_from_the_keyboard(folder: Path) -> None:
    (folder / "hearts-2026-04-04.json").write_text(export_text(playing().app.store), encoding="ascii")
    driver = Driver((390, 844))
    before = dict(driver.backend.data)
    move = open_move(driver)
    driver.key(pygame.K_DOWN)
    assert move.focus_key == SAVE
    driver.key(pygame.K_DOWN)
    assert move.focus_key == LOAD  # the link's button is off: there is no match in progress
    assert not move.button(LINK).enabled  # type: ignore[union-attr]
    driver.key(pygame.K_RETURN)
    asked = dialog(driver, "import_file")
    assert asked.focus == 0  # Enter would replace; Escape keeps
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is move and move.status[LOAD] == "Nothing was changed."
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, OptionsScene)
    assert driver.backend.data == before


def test_the_screen_and_its_question_are_mirrored_for_screen_readers(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder / "hearts-2026-04-05.json").write_text(export_text(playing().app.store), encoding="ascii")
    driver = playing()
    move = open_move(driver)
    said = driver.app.ctx.speaker.log().lines[-1]
    assert said.startswith("Move to another device. This device holds a match at hand 1")
    mirror = move.mirror().dialog
    assert mirror is not None and mirror.title == "Move to another device"
    assert [choice.label for choice in mirror.choices] == [
        "Back",
        "Save to a file: Save file",
        "Copy match link: Copy link",
        "Load from a file: Load file",
    ]
    assert any(line.startswith("Copy match link. Just the match at hand 1") for line in mirror.lines)
    # A press in the page's mirror acts as a tap does.
    presses = [page.Press("choice", LOAD)]
    monkeypatch.setattr(page, "presses", lambda: [presses.pop()] if presses else [])
    driver.step()
    assert not presses
    asked = dialog(driver, "import_file").mirror().dialog
    assert asked is not None and asked.title == "Load this file?"
    assert [choice.label for choice in asked.choices] == ["Replace", "Keep mine"]
    assert any("holds a match at hand 1" in line for line in asked.lines)
    assert driver.app.ctx.speaker.log().lines[-1].startswith("Load this file?")


# The match link ----------------------------------------------------------------------------------


def test_the_match_link_is_shared_and_holds_the_match() -> None:
    driver = playing(hands=1)
    open_move(driver)
    press(driver, LINK)
    box = driver.scene
    assert isinstance(box, ShareBox) and box.title == "Your match link"
    assert box.text.startswith("My Hearts match, at hand 1: open this to play on.")
    code = box.text.split("Match code: ", 1)[1].split("\n", 1)[0]
    session = driver.app.ctx.session
    assert session is not None and read_match_code(code).match.moves == session.match.moves
    assert f"python -m hearts --match {code}" in box.text


NOTES = ("Copied: paste it wherever you like", "The text is in the terminal: copy it from there")


@pytest.mark.parametrize(("size", "scale"), [((320, 568), 1.0), ((780, 1688), 2.0)])
def test_a_long_link_is_set_small_enough_to_show_whole_or_says_it_goes_on(
    size: tuple[int, int], scale: float
) -> None:
    """The box stops growing at some height, and a match's link is long: the text is set smaller to fit,
    down to the 12-pixel floor, and what still does not fit ends in an ellipsis, never cut off unmarked.
    The text and the line under it are in the page's mirror (drawn, they are a picture)."""
    driver = Driver(size, settings=replace(QUICK, table=Rules(target=100)), scale=scale)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=2)
    driver.settle()
    open_move(driver)
    press(driver, LINK)
    box = driver.scene
    assert isinstance(box, ShareBox)
    with recording(box.ctx.size, box.ctx.scale) as report:
        box.draw(pygame.Surface(box.ctx.size))
    texts = [item for item in report.items if item["kind"] == "text"]
    start = next(index for index, item in enumerate(texts) if item["text"].startswith("My Hearts match"))
    note = next(index for index, item in enumerate(texts) if item["text"] in NOTES)
    shown = texts[start:note]
    smallest = min(item["px"] for item in shown)  # (CSS pixels)
    drawn = "".join(item["text"] for item in shown).replace(" ", "")
    whole = box.text.replace(" ", "").replace("\n", "")
    cut = drawn.endswith("…") and whole.startswith(drawn[:-1]) and smallest == 12
    assert smallest >= 12 and (drawn == whole or cut), drawn[-40:]
    said = box.mirror().dialog
    assert said is not None and said.lines == (*box.text.splitlines(), texts[note]["text"])


def offered_at_start(monkeypatch: pytest.MonkeyPatch, fragment: str, backend: MemoryBackend) -> Driver:
    """The app opened at a page address whose fragment is ``fragment`` (taken aside by the page)."""
    monkeypatch.setattr("hearts.ui.moving.opened_with", lambda: page.Opened(fragment=fragment))
    return Driver((390, 844), backend=backend)


def incoming() -> SavedMatch:
    return SavedMatch(unfinished_match(77, 420, Rules(target=100)), 77, "hard")


def test_a_match_link_at_start_is_offered_and_played_here(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = playing().backend
    Store(backend).save_settings(Settings(difficulty="easy", pace="quick"))
    before = dict(backend.data)
    saved = incoming()
    driver = offered_at_start(monkeypatch, f"m={match_link_code(saved)}", backend)
    offer = dialog(driver, "match_here")
    assert isinstance(driver.app.stack[0], TableScene)  # the usual start, beneath the question
    said = " ".join(offer.lines)
    assert f"A match at hand {saved.match.hand_number}: Hearts to 100" in said
    assert "Hard computer players" in said
    assert "It replaces your match at hand 1." in said
    press(driver, "play_here")
    session = at_table(driver).session
    assert session.match.moves == saved.match.moves and session.bot_level == "hard"
    assert without_revision(backend.data[MATCH_KEY]) == without_revision(match_text(saved))
    untouched = (MATCH_KEY, REVISIONS_KEY)  # (the practice hand's removal is noted beside the match)
    assert {key: text for key, text in backend.data.items() if key not in untouched} == {
        key: text for key, text in before.items() if key not in untouched
    }


def test_not_now_leaves_everything_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = playing().backend
    before = dict(backend.data)
    driver = offered_at_start(monkeypatch, f"m={match_link_code(incoming())}", backend)
    dialog(driver, "match_here")
    press(driver, "not_now")
    at_table(driver)
    assert not any(isinstance(scene, Dialog) and scene.name == "match_here" for scene in driver.app.stack)
    for _ in range(10):
        driver.step()
    assert backend.data == before


@pytest.mark.parametrize(
    ("fragment", "sentence"),
    [
        ("m=" + match_link_code(incoming())[:-5], match_link.BROKEN),
        ("m=2" + match_link_code(incoming())[1:], match_link.NEWER),
        ("m=", match_link.BROKEN),
    ],
    ids=["cut", "newer", "empty"],
)
def test_a_bad_match_link_at_start_says_why_and_touches_nothing(
    monkeypatch: pytest.MonkeyPatch, fragment: str, sentence: str
) -> None:
    backend = playing().backend
    before = dict(backend.data)
    driver = offered_at_start(monkeypatch, fragment, backend)
    refusal = dialog(driver, "move_problem")
    assert refusal.title == "Match link" and refusal.lines == (sentence,)
    press(driver, "ok")
    at_table(driver)
    assert not any(isinstance(scene, Dialog) and scene.name == "move_problem" for scene in driver.app.stack)
    assert backend.data == before


def test_other_fragments_are_not_match_links(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = offered_at_start(monkeypatch, "section=rules", MemoryBackend())
    assert isinstance(driver.scene, MenuScene)


# The browser's download and file picker (a stand-in page) -------------------------------------------


class FilesPage:
    """``window.hearts`` as far as the game uses it, with shell.js's files: it notes downloads and picks
    and answers a pick as the test says; every other call is a quiet no-op."""

    def __init__(self) -> None:
        self.link = types.SimpleNamespace(address="https://example.org/hearts/", query="", fragment="")
        self.downloads: list[tuple[str, str]] = []
        self.picks: list[int] = []
        self.picked: str | None = None
        self.pickedText = ""
        self.pickedName = ""
        self.shared: str | None = None

    def download(self, name: str, text: str) -> bool:
        self.downloads.append((name, text))
        return True

    def pickFile(self, max_chars: int) -> None:  # noqa: N802 (the page's name)
        self.picks.append(max_chars)
        self.picked = "pending"

    def share(self, text: str) -> None:
        self.shared = "pending"

    def __getattr__(self, name: str) -> object:
        return lambda *args: None


def in_the_browser(monkeypatch: pytest.MonkeyPatch) -> FilesPage:
    hearts = FilesPage()
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(hearts=hearts)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)
    return hearts


def test_in_the_browser_the_file_is_downloaded_and_one_picked_is_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = playing()
    driver = Driver((390, 844))
    before = dict(driver.backend.data)
    hearts = in_the_browser(monkeypatch)
    move = open_move(driver)
    names = saved_as(driver)
    ((name, text),) = hearts.downloads
    assert name in names and text == export_text(driver.app.store), (name, names)
    assert move.status[SAVE] == f"Saved as {name}: look in your downloads."

    press(driver, LOAD)
    assert hearts.picks == [transfer.MAX_TEXT]
    assert move.status[LOAD] == "Choose a file…"
    for _ in range(5):
        driver.step()
    assert driver.scene is move  # the picker is open
    hearts.picked = "cancelled"
    driver.step()
    assert move.status[LOAD] == "No file chosen." and driver.scene is move

    press(driver, LOAD)
    hearts.picked, hearts.pickedText, hearts.pickedName = "failed", "", ""
    driver.step()
    assert move.status[LOAD] == "The file could not be opened. Please try again."

    press(driver, LOAD)
    text = export_text(source.app.store)
    hearts.picked, hearts.pickedText, hearts.pickedName = "picked", text, "hearts-2026-06-01.json"
    driver.step()
    asked = dialog(driver, "import_file")
    assert "hearts-2026-06-01.json holds a match at hand 1" in asked.lines[0]
    assert asked.lines[1] == "Nothing is saved on this device yet, so nothing is lost."
    assert driver.backend.data == before
    press(driver, "replace")
    assert stored(driver.backend) == stored(source.backend)
    at_table(driver)


def test_in_the_browser_the_match_link_is_the_pages_address(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = playing()
    in_the_browser(monkeypatch)
    open_move(driver)
    press(driver, LINK)
    box = driver.scene
    assert isinstance(box, ShareBox)
    link = box.text.splitlines()[1]
    assert link.startswith("https://example.org/hearts/#m=1")
    session = driver.app.ctx.session
    assert session is not None and read_match_code(link).match.moves == session.match.moves


def test_on_the_desktop_a_match_code_is_offered_as_the_game_opens() -> None:
    """``python -m hearts --match CODE``: the code the desktop's share box shows."""
    saved = incoming()
    app = App((390, 844), store=Store(MemoryBackend()), match=match_link_code(saved))
    offer = app.scene
    assert isinstance(offer, Dialog) and offer.name == "match_here"
    assert not any("replaces" in line for line in offer.lines)  # no match here to replace
