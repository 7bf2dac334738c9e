"""hearts.page: the game's side of the web page, with a stand-in for pygbag's ``platform.window``."""

from __future__ import annotations

import dataclasses
import json
import sys
import types

import pytest

from hearts import page, page_files


class FakeHearts:
    """The page's ``window.hearts``, as far as the game uses it."""

    def __init__(self, query: str, fragment: str) -> None:
        self.link = types.SimpleNamespace(query=query, fragment=fragment, address="http://host/")
        self.calls: list[tuple[str, tuple[object, ...]]] = []

    def __getattr__(self, method: str):  # type: ignore[no-untyped-def]
        return lambda *args: self.calls.append((method, args))


@pytest.fixture
def browser_page(monkeypatch: pytest.MonkeyPatch) -> FakeHearts:
    hearts = FakeHearts("utm_source=happy", "x%zz")
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(hearts=hearts)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)
    return hearts


def test_natively_the_page_is_absent_and_quiet(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert page.page_object() is None
    assert page.opened_with() == page.Opened()
    page.tell("started")  # nothing to call, no error


def test_what_the_address_carried_reaches_the_game(browser_page: FakeHearts):
    assert page.opened_with() == page.Opened(query="utm_source=happy", fragment="x%zz")


def test_the_game_tells_the_page(browser_page: FakeHearts):
    page.tell("safe", True)
    assert browser_page.calls == [("safe", (True,))]


def test_an_error_is_reported_on_the_page(browser_page: FakeHearts, capsys: pytest.CaptureFixture[str]):
    try:
        raise ModuleNotFoundError("No module named 'nowhere'")
    except ModuleNotFoundError as error:
        page.report(error)
    assert browser_page.calls == [("failed", ("ModuleNotFoundError: No module named 'nowhere'",))]
    assert "Traceback" in capsys.readouterr().err


def test_a_page_without_the_object_is_no_error(monkeypatch: pytest.MonkeyPatch):
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace()  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)
    assert page.page_object() is None
    assert page.opened_with() == page.Opened()
    page.tell("started")


class SharingPage:
    """The page's ``window.hearts`` with shell.js's share(): it notes the text and says "pending"."""

    def __init__(self, *, refuses: bool = False) -> None:
        self.refuses = refuses
        self.asked: list[object] = []
        self.shared: object = None

    def share(self, text: object) -> None:
        if self.refuses:
            raise RuntimeError("the bridge failed")
        self.asked.append(text)
        self.shared = "pending"


def on_a_page(monkeypatch: pytest.MonkeyPatch, hearts: object) -> None:
    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(hearts=hearts)  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", platform)


def test_natively_sharing_is_left_to_the_game(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert page.share("Hearts daily") is False
    assert page.share_outcome() is None


def test_the_page_is_asked_to_share_and_its_answer_is_read_each_time(monkeypatch: pytest.MonkeyPatch):
    hearts = SharingPage()
    on_a_page(monkeypatch, hearts)
    assert page.share_outcome() is None  # nothing asked yet (the page's null)
    assert page.share("Hearts daily\n♥ • Q") is True
    assert hearts.asked == ["Hearts daily\n♥ • Q"]
    assert page.share_outcome() == "pending"
    for outcome in ("shared", "cancelled", "copied", "shown", "failed"):
        hearts.shared = outcome
        assert page.share_outcome() == outcome


@pytest.mark.parametrize("said", ["", "undefined", "null", "COPIED", "copied!", 3, None])
def test_an_answer_the_game_does_not_know_is_no_answer(monkeypatch: pytest.MonkeyPatch, said: object):
    hearts = SharingPage()
    hearts.shared = said
    on_a_page(monkeypatch, hearts)
    assert page.share_outcome() is None


def test_a_page_that_cannot_share_says_so(monkeypatch: pytest.MonkeyPatch):
    on_a_page(monkeypatch, SharingPage(refuses=True))
    assert page.share("Hearts daily") is False
    on_a_page(monkeypatch, types.SimpleNamespace(link=None))  # an older page: no share() at all
    assert page.share("Hearts daily") is False
    assert page.share_outcome() is None


# ---------------------------------------------------------------------------------- by ear and by keys


class AccessPage:
    """The page's ``window.hearts`` with access.js: it notes what it is told and hands out the presses."""

    def __init__(self, presses: object = "[]", keys: object = True) -> None:
        self.said: list[tuple[object, object]] = []
        self.mirrored: list[object] = []
        self.queued = presses
        self.keys = keys

    def announce(self, text: object, priority: object) -> None:
        self.said.append((text, priority))

    def mirror(self, text: object) -> None:
        self.mirrored.append(text)

    def takePresses(self) -> object:  # noqa: N802 (the page's name)
        if isinstance(self.queued, Exception):
            raise self.queued
        taken, self.queued = self.queued, "[]"
        return taken

    def keysForGame(self) -> object:  # noqa: N802 (the page's name)
        if isinstance(self.keys, Exception):
            raise self.keys
        return self.keys


HAND = page.Mirror(
    has_hand=True,
    hand_label="Your hand, 2 cards",
    cards=(
        page.MirrorCard(id="QS", name="Queen of spades"),
        page.MirrorCard(
            id="2C", name="Two of clubs", playable=False, why="can't play: you must follow hearts"
        ),
    ),
    active="QS",
    buttons=(
        page.MirrorButton(id="hint", label="Hint"),
        page.MirrorButton(id="undo", label="Undo", enabled=False),
    ),
)


@pytest.fixture(autouse=True)
def nothing_sent_yet() -> None:
    """Each test starts with a page that has been sent no mirror."""
    page.forget_mirror()


def test_the_mirror_says_where_each_control_is_drawn():
    placed = page.Mirror(
        has_hand=True,
        cards=(page.MirrorCard(id="AH", name="Ace of hearts", rect=(8, 589, 110, 154)),),
        buttons=(page.MirrorButton(id="hint", label="Hint", rect=(8, 504, 48, 48)),),
        dialog=page.MirrorDialog(
            title="Hand 1", choices=(page.MirrorButton(id="0", label="Next", rect=(1, 2, 3, 4)),)
        ),
    )
    said = json.loads(placed.to_json())
    assert said["hand"]["cards"][0]["rect"] == [8, 589, 110, 154]
    assert said["buttons"][0]["rect"] == [8, 504, 48, 48]
    assert said["dialog"]["choices"][0]["rect"] == [1, 2, 3, 4]


def test_the_mirror_as_the_page_reads_it():
    passing = page.Mirror(
        has_hand=True,
        hand_label="Choose 3 cards to pass left",
        multi=True,
        cards=(page.MirrorCard(id="AH", name="Ace of hearts ♥", chosen=True),),
        dialog=page.MirrorDialog(
            title="Hand 3 is over",
            choices=(page.MirrorButton(id="0", label="Next hand"), page.MirrorButton(id="1", label="Scores")),
            active="0",
            lines=("You took 3 hearts.",),
        ),
    )
    assert json.loads(passing.to_json()) == {
        "hand": {
            "label": "Choose 3 cards to pass left",
            "multi": True,
            "cards": [{"id": "AH", "name": "Ace of hearts ♥", "playable": True, "why": "", "chosen": True}],
            "active": None,
        },
        "buttons": [],
        "dialog": {
            "title": "Hand 3 is over",
            "lines": ["You took 3 hearts."],
            "choices": [{"id": "0", "label": "Next hand"}, {"id": "1", "label": "Scores"}],
            "active": "0",
            "ownKeys": False,
        },
    }
    assert json.loads(HAND.to_json()) == {
        "hand": {
            "label": "Your hand, 2 cards",
            "multi": False,
            "cards": [
                {"id": "QS", "name": "Queen of spades", "playable": True, "why": "", "chosen": False},
                {
                    "id": "2C",
                    "name": "Two of clubs",
                    "playable": False,
                    "why": "can't play: you must follow hearts",
                    "chosen": False,
                },
            ],
            "active": "QS",
        },
        "buttons": [
            {"id": "hint", "label": "Hint", "enabled": True},
            {"id": "undo", "label": "Undo", "enabled": False},
        ],
        "dialog": None,
    }
    assert "♥" in passing.to_json()  # as it is, not escaped


def test_no_hand_is_null_whatever_cards_are_left_over():
    assert json.loads(page.Mirror(cards=HAND.cards, active="QS").to_json()) == {
        "hand": None,
        "buttons": [],
        "dialog": None,
    }


def test_the_page_gets_the_sentences_to_say(monkeypatch: pytest.MonkeyPatch):
    hearts = AccessPage()
    on_a_page(monkeypatch, hearts)
    page.announce("West plays the queen of spades.")
    page.announce("Your turn.", "assertive")
    page.announce("Anything else is polite.", "loud")
    assert hearts.said == [
        ("West plays the queen of spades.", "polite"),
        ("Your turn.", "assertive"),
        ("Anything else is polite.", "polite"),
    ]


def test_the_mirror_is_sent_only_when_it_changes(monkeypatch: pytest.MonkeyPatch):
    hearts = AccessPage()
    on_a_page(monkeypatch, hearts)
    page.mirror(HAND)
    page.mirror(HAND)
    moved = dataclasses.replace(HAND, active="2C")
    page.mirror(moved)
    page.mirror(moved)
    page.mirror(HAND)
    assert hearts.mirrored == [HAND.to_json(), moved.to_json(), HAND.to_json()]


def test_a_mirror_the_page_refused_is_sent_again(monkeypatch: pytest.MonkeyPatch):
    class Refusing(AccessPage):
        refusals = 1

        def mirror(self, text: object) -> None:
            if self.refusals:
                self.refusals -= 1
                raise RuntimeError("the bridge failed")
            super().mirror(text)

    hearts = Refusing()
    on_a_page(monkeypatch, hearts)
    page.mirror(HAND)  # refused: no error for the game
    page.mirror(HAND)
    assert hearts.mirrored == [HAND.to_json()]


def test_the_presses_reach_the_game_once(monkeypatch: pytest.MonkeyPatch):
    hearts = AccessPage(
        '[{"kind":"card","id":"QS"},{"kind":"button","id":"hint"},{"kind":"choice","id":"0"}]'
    )
    on_a_page(monkeypatch, hearts)
    assert page.presses() == [
        page.Press("card", "QS"),
        page.Press("button", "hint"),
        page.Press("choice", "0"),
    ]
    assert page.presses() == []


@pytest.mark.parametrize(
    "said",
    [
        "",
        "not json",
        "{}",
        '{"kind":"card","id":"QS"}',
        "null",
        '[{"kind":"wink","id":"QS"}, {"kind":"card"}, {"kind":"card","id":7}, ["card","QS"], null]',
        None,
        RuntimeError("the bridge failed"),
    ],
)
def test_what_is_not_a_press_is_skipped(monkeypatch: pytest.MonkeyPatch, said: object):
    on_a_page(monkeypatch, AccessPage(said))
    assert page.presses() == []


def test_a_good_press_among_bad_ones_still_counts(monkeypatch: pytest.MonkeyPatch):
    on_a_page(monkeypatch, AccessPage('[{"kind":"wink","id":"x"},{"kind":"card","id":"TH"},3]'))
    assert page.presses() == [page.Press("card", "TH")]


@pytest.mark.parametrize(
    ("said", "ours"),
    [(True, True), (False, False), ("false", False), ("true", True), (RuntimeError("gone"), True)],
)
def test_the_game_keeps_its_keys_unless_the_page_says_otherwise(
    monkeypatch: pytest.MonkeyPatch, said: object, ours: bool
):
    on_a_page(monkeypatch, AccessPage(keys=said))
    assert page.keys_are_ours() is ours


def test_natively_the_screen_reader_calls_are_quiet(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    page.announce("Your turn.")
    page.mirror(HAND)
    assert page.presses() == []
    assert page.keys_are_ours() is True
    # Nothing was sent, so nothing is remembered as sent: on a page, the same mirror goes at once.
    hearts = AccessPage()
    on_a_page(monkeypatch, hearts)
    page.mirror(HAND)
    assert hearts.mirrored == [HAND.to_json()]


def test_an_older_page_without_the_screen_reader_calls_is_no_error(monkeypatch: pytest.MonkeyPatch):
    on_a_page(monkeypatch, types.SimpleNamespace(link=None))
    page.announce("Your turn.")
    page.mirror(HAND)
    assert page.presses() == []
    assert page.keys_are_ours() is True


# ------------------------------------------------------------------------------------------------ files


class FilesPage:
    """The page's ``window.hearts`` with shell.js's files: it notes downloads and picks, and answers a
    pick as the test sets ``picked`` (and ``pickedText``, ``pickedName``)."""

    def __init__(self, *, refuses: bool = False, took: object = True) -> None:
        self.refuses = refuses
        self.took = took
        self.downloads: list[tuple[object, object]] = []
        self.picks: list[object] = []
        self.picked: object = None
        self.pickedText: object = ""  # (the page's names)
        self.pickedName: object = ""

    def download(self, name: object, text: object) -> object:
        if self.refuses:
            raise RuntimeError("the bridge failed")
        self.downloads.append((name, text))
        return self.took

    def pickFile(self, max_chars: object) -> None:  # noqa: N802 (the page's name)
        if self.refuses:
            raise RuntimeError("the bridge failed")
        self.picks.append(max_chars)
        self.picked = "pending"


def test_natively_files_are_left_to_the_game(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert page_files.download("hearts-2026-05-05.json", "{}") is False
    assert page_files.pick_file(1000) is False
    assert page_files.picked_file() is None


def test_the_page_is_asked_to_download_the_text_as_a_file(monkeypatch: pytest.MonkeyPatch):
    hearts = FilesPage()
    on_a_page(monkeypatch, hearts)
    assert page_files.download("hearts-2026-05-05.json", '{"format":"hearts.transfer"}') is True
    assert hearts.downloads == [("hearts-2026-05-05.json", '{"format":"hearts.transfer"}')]
    for took, expected in ((False, False), ("false", False), (None, True), ("true", True)):
        hearts.took = took  # a JS boolean, or its proxy as text; no answer at all counts as taken
        assert page_files.download("a.json", "{}") is expected


def test_a_page_that_cannot_download_says_so(monkeypatch: pytest.MonkeyPatch):
    on_a_page(monkeypatch, FilesPage(refuses=True))
    assert page_files.download("a.json", "{}") is False
    on_a_page(monkeypatch, types.SimpleNamespace(link=None))  # an older page: no download() at all
    assert page_files.download("a.json", "{}") is False
    assert page_files.pick_file(10) is False
    assert page_files.picked_file() is None


def test_a_pick_is_asked_for_and_its_outcome_read_each_time(monkeypatch: pytest.MonkeyPatch):
    hearts = FilesPage()
    on_a_page(monkeypatch, hearts)
    assert page_files.picked_file() is None  # nothing asked yet (the page's null)
    assert page_files.pick_file(250_000) is True
    assert hearts.picks == [250_000]
    assert page_files.picked_file() == page_files.Picked(state="pending")
    for state in ("cancelled", "failed"):
        hearts.picked = state
        assert page_files.picked_file() == page_files.Picked(state=state)  # type: ignore[arg-type]
    hearts.picked, hearts.pickedText, hearts.pickedName = "picked", '{"a":"é"}', "hearts-2026-05-05.json"
    assert page_files.picked_file() == page_files.Picked(
        state="picked", text='{"a":"é"}', name="hearts-2026-05-05.json"
    )


@pytest.mark.parametrize("said", ["", "undefined", "null", "PICKED", "done", 3, None])
def test_a_pick_outcome_the_game_does_not_know_is_no_outcome(monkeypatch: pytest.MonkeyPatch, said: object):
    hearts = FilesPage()
    hearts.picked = said
    on_a_page(monkeypatch, hearts)
    assert page_files.picked_file() is None


def test_a_picked_file_whose_text_cannot_be_read_is_no_outcome(monkeypatch: pytest.MonkeyPatch):
    class Unreadable:
        def __str__(self) -> str:
            raise RuntimeError("a proxy gone stale")

    hearts = FilesPage()
    hearts.picked, hearts.pickedText = "picked", Unreadable()
    on_a_page(monkeypatch, hearts)
    assert page_files.picked_file() is None


# ---------------------------------------------------------------------------------------- one live table


class LivePage:
    """The page's ``window.hearts`` with live.js: ``live``, whose claim() gives this page the table."""

    def __init__(self, state: object = "live", generation: object = 1, decided: object = True) -> None:
        self.live = types.SimpleNamespace(
            state=state, generation=generation, decided=decided, claim=self.claim
        )
        self.claims = 0

    def claim(self) -> None:
        self.claims += 1
        self.live.state = "live"
        self.live.generation = int(str(self.live.generation)) + 1


def test_a_page_that_has_not_decided_yet_lets_the_game_play(monkeypatch: pytest.MonkeyPatch) -> None:
    hearts = LivePage(state="elsewhere", generation=0, decided=False)
    on_a_page(monkeypatch, hearts)
    assert (
        page.live_state() is None
    )  # played as live: the page decides in milliseconds, the game starts in seconds
    hearts.live.decided = True
    assert page.live_state() == (False, 0)


def test_the_game_reads_whether_this_page_has_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    hearts = LivePage(state="elsewhere", generation=1)
    on_a_page(monkeypatch, hearts)
    assert page.live_state() == (False, 1)
    page.claim_table()
    assert hearts.claims == 1
    assert page.live_state() == (True, 2)


@pytest.mark.parametrize(
    ("state", "generation", "read"),
    [
        ("live", 1, (True, 1)),
        ("elsewhere", 0, (False, 0)),  # never live yet
        ("live", 3.0, (True, 3)),  # a JS number as a float
        ("elsewhere", "7", (False, 7)),  # or as text
        ("LIVE", 1, None),
        ("", 1, None),
        (None, 1, None),
        ("live", None, None),
        ("live", "many", None),
        ("live", -1, None),
        ("live", float("nan"), None),
    ],
)
def test_only_a_state_the_game_knows_is_read(
    monkeypatch: pytest.MonkeyPatch, state: object, generation: object, read: tuple[bool, int] | None
) -> None:
    on_a_page(monkeypatch, LivePage(state=state, generation=generation))
    assert page.live_state() == read


def test_natively_there_is_no_table_to_share(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert page.live_state() is None
    page.claim_table()  # nothing to call, no error


def test_an_older_page_without_the_live_table_is_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    on_a_page(monkeypatch, types.SimpleNamespace(link=None))
    assert page.live_state() is None
    page.claim_table()


def test_a_claim_the_page_refuses_is_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise RuntimeError("the bridge failed")

    hearts = LivePage(state="elsewhere")
    hearts.live.claim = refuse
    on_a_page(monkeypatch, hearts)
    page.claim_table()
    assert page.live_state() == (False, 1)


def test_the_runtime_is_named_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import platform
    import sys

    if sys.platform != "emscripten":
        assert page.runtime() == "native"
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "runtime", "pyodide", raising=False)
    assert page.runtime() == "pyodide"
    monkeypatch.delattr(platform, "runtime")
    monkeypatch.delitem(sys.modules, "pyodide_js", raising=False)
    assert page.runtime() == "pygbag"
