"""Playing by ear and by keys (web/access.js) in headless Chromium, on the built page under the stand-in
loader of ``test_boot``, driven as the game drives it: ``hearts.announce``, ``hearts.mirror`` and
``hearts.takePresses`` called from outside, as Python calls them through ``platform.window``.

Checked: what the live regions say (one sentence a frame per priority, a repeat within 0.7 s dropped, a
repeat after it said again), the browser's own announcement call where it has one; the mirror of the hand as
the accessibility tree has it (Playwright's ARIA snapshot and Chromium's own tree through CDP), a listbox
with a mouse and buttons on a touch screen; the presses it queues; where the keyboard focus goes; whether
the keys are the game's; and axe-core's WCAG 2.2 AA rules on every screen the page shows by itself.
Sentences are timed with Playwright's clock (animation frames included), never with real waits.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import ROOT
from tests.web.test_boot import DATA_SIZE, FAILED, RUNTIME, STARTED, Behaviour, build, serving
from tests.web.test_share import BOX_OPEN, KEYS_HEARD, share

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# Chromium has the browser's own announcement call (ariaNotify); without it the live regions speak, and
# most tests look at them.
NO_NOTIFY = """
delete Document.prototype.ariaNotify;
delete Element.prototype.ariaNotify;
"""
FRAME_MS = 20  # a little more than one animation frame of the fake clock (16 ms)

HINT = {"id": "hint", "label": "Hint", "enabled": True}
UNDO = {"id": "undo", "label": "Undo", "enabled": False}
WHY = "can't play: you must follow hearts"


def card(id: str, name: str, *, playable: bool = True, why: str = "", chosen: bool = False) -> dict[str, Any]:
    return {"id": id, "name": name, "playable": playable, "why": why, "chosen": chosen}


CARDS = [
    card("QS", "Queen of spades"),
    card("2C", "Two of clubs", playable=False, why=WHY),
    card("AH", "Ace of hearts"),
    card("TD", "Ten of diamonds", playable=False, why=WHY),
]


def state(
    cards: list[dict[str, Any]] | None = None,
    *,
    active: str | None = "QS",
    multi: bool = False,
    label: str = "Your hand, 4 cards",
    buttons: list[dict[str, Any]] | None = None,
    dialog: dict[str, Any] | None = None,
    hand: bool = True,
) -> str:
    """A mirror as hearts.page.Mirror.to_json writes it."""
    shown = {"label": label, "multi": multi, "cards": CARDS if cards is None else cards, "active": active}
    return json.dumps(
        {
            "hand": shown if hand else None,
            "buttons": [HINT, UNDO] if buttons is None else buttons,
            "dialog": dialog,
        }
    )


OVER = {
    "title": "Hand 3 is over",
    "choices": [{"id": "0", "label": "Next hand"}, {"id": "1", "label": "See the scores"}],
    "active": "0",
}


# ------------------------------------------------------------------------------------------------ set-up


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("access") / "web")


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    with serving(site, Behaviour()) as address:
        yield address


@contextlib.contextmanager
def opened(
    browser: Browser,
    address: str,
    *,
    touch: bool = False,
    init: str = NO_NOTIFY,
    ready: str = STARTED,
    clock: bool = False,
) -> Iterator[Page]:
    """The page in a fresh profile, once ``ready`` (the game started, by default): with a mouse, or a
    phone's touch screen; with the clock paused (advanced by ``frames``) if asked."""
    options: dict[str, Any] = (
        {"has_touch": True, "is_mobile": True, "viewport": {"width": 390, "height": 844}} if touch else {}
    )
    # No permission granted: the clipboard refuses, so a share shows the page's box.
    context = browser.new_context(service_workers="block", permissions=[], **options)
    try:
        page = context.new_page()
        page.add_init_script(KEYS_HEARD + init)
        if clock:
            page.clock.install()
        page.goto(address)
        page.wait_for_function(ready, timeout=10_000)
        if clock:
            page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        yield page
    finally:
        context.close()


def announce(page: Page, *sentences: str | tuple[str, str]) -> None:
    """``hearts.announce`` called for each sentence (a text, or a text and its priority) in one go, as the
    game calls it within one frame."""
    calls = [[said, "polite"] if isinstance(said, str) else list(said) for said in sentences]
    page.evaluate(
        "(calls) => { for (const [text, priority] of calls) hearts.announce(text, priority); }", calls
    )


def frames(page: Page, milliseconds: int = FRAME_MS) -> None:
    page.clock.run_for(milliseconds)


def region(page: Page, priority: str) -> str:
    return str(page.locator(f"#say-{priority}").text_content())


def spoken(page: Page) -> list[list[str]]:
    return page.evaluate("hearts.spoken.map((said) => [said.text, said.priority])")  # type: ignore[no-any-return]


def mirror(page: Page, json_text: str) -> None:
    page.evaluate("(text) => hearts.mirror(text)", json_text)


def presses(page: Page) -> list[dict[str, str]]:
    return json.loads(page.evaluate("hearts.takePresses()"))  # type: ignore[no-any-return]


def focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement ? document.activeElement.id : ''"))


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2.2 A and AA rules on the page as it is."""
    assert AXE.is_file(), "axe-core is missing: npm ci (./build.sh test runs it)"
    if page.evaluate("typeof axe") == "undefined":
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "(tags) => axe.run(document, { runOnly: { type: 'tag', values: tags } })", AXE_TAGS
    )
    return [
        {
            "id": violation["id"],
            "help": violation["help"],
            "nodes": [node["html"][:160] + " " + node["failureSummary"] for node in violation["nodes"]],
        }
        for violation in result["violations"]
    ]


def ax_nodes(page: Page) -> tuple[list[dict[str, Any]], int]:
    """Chromium's whole accessibility tree, and the canvas's DOM node (its backend id)."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    canvas = session.send("DOM.querySelector", {"nodeId": root, "selector": "#canvas"})["nodeId"]
    backend = session.send("DOM.describeNode", {"nodeId": canvas})["node"]["backendNodeId"]
    session.detach()
    return tree, backend


def value(node: dict[str, Any], field: str) -> Any:
    return (node.get(field) or {}).get("value")


def properties(node: dict[str, Any]) -> dict[str, Any]:
    return {item["name"]: item["value"].get("value") for item in node.get("properties", [])}


# ---------------------------------------------------------------------------------------------- speech


def test_the_live_regions_say_the_last_sentence_of_each_frame(browser: Browser, base: str):
    with opened(browser, base, clock=True) as page:
        polite = page.locator("#say-polite")
        urgent = page.locator("#say-assertive")
        assert polite.get_attribute("aria-live") == "polite"
        assert urgent.get_attribute("aria-live") == "assertive"
        assert polite.get_attribute("aria-atomic") == urgent.get_attribute("aria-atomic") == "true"

        announce(page, "You have the two of clubs: you lead.")
        assert region(page, "polite") == ""  # said on the next frame
        frames(page)
        assert region(page, "polite") == "You have the two of clubs: you lead."

        announce(page, "West plays the four.", "North plays the king.", "East plays the ace.")
        frames(page)
        assert region(page, "polite") == "East plays the ace."
        assert page.locator("#say-polite > *").count() == 1

        announce(page, ("Hearts are broken.", "assertive"), ("Your turn.", "assertive"), "Trick to East.")
        frames(page)
        assert region(page, "assertive") == "Your turn."
        assert region(page, "polite") == "Trick to East."
        assert spoken(page) == [
            ["You have the two of clubs: you lead.", "polite"],
            ["East plays the ace.", "polite"],
            ["Your turn.", "assertive"],  # the urgent one first: the polite one waits its turn
            ["Trick to East.", "polite"],
        ]


def test_a_sentence_repeated_within_700_ms_is_dropped_and_after_it_is_said_again(browser: Browser, base: str):
    with opened(browser, base, clock=True) as page:
        announce(page, "You must follow clubs.")
        frames(page)
        page.evaluate("document.querySelector('#say-polite > *').dataset.first = 'yes'")

        frames(page, 300)
        announce(page, "You must follow clubs.")  # 320 ms later: VoiceOver's double, dropped
        frames(page)
        assert page.locator("#say-polite > [data-first]").count() == 1
        assert spoken(page) == [["You must follow clubs.", "polite"]]

        frames(page, 700)
        announce(page, "You must follow clubs.")  # the player tried again: said again, in a fresh node
        frames(page)
        assert region(page, "polite") == "You must follow clubs."
        assert page.locator("#say-polite > [data-first]").count() == 0
        assert page.locator("#say-polite > *").count() == 1
        assert spoken(page) == [["You must follow clubs.", "polite"]] * 2

        announce(page, "Your turn.", "West plays.", "Your turn.")  # a different sentence between: said
        frames(page)
        assert region(page, "polite") == "Your turn."


def test_an_urgent_sentence_never_gives_way_to_a_polite_one(browser: Browser, base: str):
    with opened(browser, base, clock=True) as page:
        # The same sentence, first polite then urgent, in one frame: said once, urgently.
        announce(page, "Hearts are broken.", ("Hearts are broken.", "assertive"))
        frames(page)
        assert region(page, "assertive") == "Hearts are broken."
        assert region(page, "polite") == ""
        # Urgent then polite within 700 ms: the polite repeat is the one dropped.
        announce(page, ("The queen of spades!", "assertive"))
        frames(page)
        announce(page, "The queen of spades!")
        frames(page)
        assert region(page, "polite") == ""
        # Several urgent ones in a frame: the last.
        announce(page, ("You took 13 points.", "assertive"), ("You shot the moon!", "assertive"))
        frames(page)
        assert region(page, "assertive") == "You shot the moon!"
        assert spoken(page) == [
            ["Hearts are broken.", "assertive"],
            ["The queen of spades!", "assertive"],
            ["You shot the moon!", "assertive"],
        ]


def test_the_browsers_own_announcement_call_is_used_where_there_is_one(browser: Browser, base: str):
    spy = """
    window.notified = [];
    Document.prototype.ariaNotify = function (text, options) {
        window.notified.push([text, options.priority]);
    };
    """
    with opened(browser, base, init=spy, clock=True) as page:
        announce(page, "West plays the four of clubs.", ("Your turn.", "assertive"))
        frames(page)
        assert page.evaluate("window.notified") == [
            ["Your turn.", "high"],
            ["West plays the four of clubs.", "normal"],
        ]
        assert region(page, "polite") == region(page, "assertive") == ""


# ----------------------------------------------------------------------------------------------- mirror

HAND_SNAPSHOT = """\
- listbox "Your hand, 4 cards":
  - option "Queen of spades"
  - option "Two of clubs" [disabled]
  - option "Ace of hearts"
  - option "Ten of diamonds" [disabled]"""


def test_the_canvas_is_only_a_picture(browser: Browser, base: str):
    with opened(browser, base) as page:
        canvas = page.locator("#canvas")
        assert canvas.get_attribute("aria-hidden") == "true"
        assert canvas.get_attribute("tabindex") == "-1"
        assert canvas.get_attribute("aria-label") is None
        mirror(page, state())
        tree, backend = ax_nodes(page)
        assert [node for node in tree if node.get("backendDOMNodeId") == backend] == []
        assert not any(value(node, "role") == "canvas" for node in tree)
        stops = []
        for _ in range(6):  # round the page and back: every keyboard stop, never the canvas
            page.keyboard.press("Tab")
            stops.append(focused(page))
        assert "canvas" not in stops
        after = stops[stops.index("mirror-hand") :][:3]
        assert after == ["mirror-hand", "mirror-button-hint", "mirror-button-undo"]


def test_the_hand_is_a_listbox_of_named_cards_with_a_mouse(browser: Browser, base: str):
    with opened(browser, base) as page:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches") is False
        mirror(page, state())
        hand = page.locator("#mirror-hand")
        assert hand.aria_snapshot() == HAND_SNAPSHOT
        assert hand.get_attribute("tabindex") == "0"
        assert hand.get_attribute("aria-multiselectable") is None
        assert focused(page) == "mirror-hand"  # nothing had the focus: the hand takes it
        hand_node = "document.getElementById('mirror-hand')"
        active = f"document.getElementById({hand_node}.getAttribute('aria-activedescendant'))"
        assert page.evaluate(f"{active}.textContent") == "Queen of spades"
        assert page.evaluate(f"{active}.getAttribute('role')") == "option"

        mirror(page, state(active="2C"))  # the game's focus moved
        assert page.evaluate(f"{active}.textContent") == "Two of clubs"
        mirror(page, state(active=None))
        assert hand.get_attribute("aria-activedescendant") is None

        tree, _canvas = ax_nodes(page)
        options = {value(node, "name"): node for node in tree if value(node, "role") == "option"}
        assert list(options) == ["Queen of spades", "Two of clubs", "Ace of hearts", "Ten of diamonds"]
        assert properties(options["Two of clubs"]).get("disabled") is True
        assert value(options["Two of clubs"], "description") == WHY
        assert value(options["Ten of diamonds"], "description") == WHY
        assert properties(options["Queen of spades"]).get("disabled") is None
        assert value(options["Queen of spades"], "description") is None
        listbox = next(node for node in tree if value(node, "role") == "listbox")
        assert value(listbox, "name") == "Your hand, 4 cards"
        assert page.locator("#mirror-buttons").aria_snapshot() == (
            '- group "Table":\n  - button "Hint"\n  - button "Undo" [disabled]'
        )


def test_the_active_card_is_the_listboxs_active_descendant_in_chromiums_tree(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state(active="AH"))
        tree, _canvas = ax_nodes(page)
        listbox = next(node for node in tree if value(node, "role") == "listbox")
        related = next(item for item in listbox["properties"] if item["name"] == "activedescendant")
        target = related["value"]["relatedNodes"][0]["backendDOMNodeId"]
        named = [value(node, "name") for node in tree if node.get("backendDOMNodeId") == target]
        assert named == ["Ace of hearts"]


def test_while_passing_the_chosen_cards_are_selected(browser: Browser, base: str):
    cards = [
        card("QS", "Queen of spades", chosen=True),
        card("AH", "Ace of hearts"),
        card("KH", "King of hearts", chosen=True),
    ]
    with opened(browser, base) as page:
        mirror(page, state(cards, multi=True, label="Choose 3 cards to pass left", active="AH"))
        hand = page.locator("#mirror-hand")
        assert hand.get_attribute("aria-multiselectable") == "true"
        assert hand.aria_snapshot() == (
            '- listbox "Choose 3 cards to pass left":\n'
            '  - option "Queen of spades" [selected]\n'
            '  - option "Ace of hearts"\n'
            '  - option "King of hearts" [selected]'
        )
        playing = [card("QS", "Queen of spades"), card("AH", "Ace of hearts")]
        mirror(page, state(playing, multi=False, active="QS"))  # passed: a hand to play again
        assert hand.get_attribute("aria-multiselectable") is None
        assert page.locator("#mirror-hand [aria-selected]").count() == 0
        # Tap, then confirm: the card lifted (what Play would play) is the one selected.
        mirror(page, state([playing[0], {**playing[1], "chosen": True}], multi=False, active="AH"))
        assert hand.aria_snapshot() == (
            '- listbox "Your hand, 4 cards":\n'
            '  - option "Queen of spades"\n'
            '  - option "Ace of hearts" [selected]'
        )


# Every change made to the mirror, noted by a MutationObserver: what changed, where.
WATCH = """() => {
    window.changes = [];
    new MutationObserver((records) => {
        for (const record of records) {
            const where = record.target.id || record.target.dataset?.key || record.target.nodeName;
            window.changes.push(record.type === "attributes" ? where + " @" + record.attributeName
                : where + " " + record.type);
        }
    }).observe(document.getElementById("mirror"), { subtree: true, childList: true, attributes: true,
        characterData: true });
}"""


def changes(page: Page) -> list[str]:
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 0))")  # the observer's records delivered
    return page.evaluate("window.changes.splice(0)")  # type: ignore[no-any-return]


def test_the_mirror_changes_only_what_changed(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state())
        page.evaluate("for (const node of document.querySelectorAll('#mirror [data-key]')) node.kept = true")
        page.evaluate(WATCH)

        mirror(page, state())  # the same mirror: nothing happens
        assert changes(page) == []
        mirror(page, state(active="AH"))  # the game's focus moved: one attribute
        assert changes(page) == ["mirror-hand @aria-activedescendant"]

        played = [CARDS[1], CARDS[2], CARDS[3]]  # the queen was played: one option goes
        mirror(page, state(played, active="AH", label="Your hand, 3 cards"))
        assert sorted(changes(page)) == ["mirror-hand @aria-label", "mirror-hand childList"]
        kept = "[...document.querySelectorAll('#mirror [data-key]')].every((node) => node.kept)"
        assert page.evaluate(kept)  # the same elements, not new ones
        assert page.locator("#mirror-hand").aria_snapshot() == (
            '- listbox "Your hand, 3 cards":\n'
            '  - option "Two of clubs" [disabled]\n'
            '  - option "Ace of hearts"\n'
            '  - option "Ten of diamonds" [disabled]'
        )

        playable = [card("2C", "Two of clubs"), CARDS[2], CARDS[3]]  # a new trick: the two may be played
        mirror(page, state(playable, active="AH", label="Your hand, 3 cards"))
        assert sorted(changes(page)) == [
            "mirror-card-2C @aria-describedby",
            "mirror-card-2C @aria-disabled",
            "mirror-reasons childList",
        ]

        mirror(page, state(hand=False, buttons=[]))  # no hand shown: the mirror's parts are hidden
        assert page.locator("#mirror-hand").is_hidden()
        assert page.locator("#mirror-buttons").is_hidden()
        assert page.evaluate("document.querySelectorAll('#mirror-hand > *').length") == 0


def test_on_a_touch_screen_the_cards_are_buttons_to_double_tap(browser: Browser, base: str):
    with opened(browser, base, touch=True) as page:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches") is True
        mirror(page, state())
        assert page.locator("#mirror-hand").aria_snapshot() == (
            '- group "Your hand, 4 cards":\n'
            '  - button "Queen of spades"\n'
            '  - button "Two of clubs" [disabled]\n'
            '  - button "Ace of hearts"\n'
            '  - button "Ten of diamonds" [disabled]'
        )
        tree, _canvas = ax_nodes(page)
        two = next(node for node in tree if value(node, "name") == "Two of clubs")
        assert value(two, "role") == "button"
        assert properties(two).get("disabled") is True
        assert value(two, "description") == WHY

        # A screen reader's double-tap is a click on the button.
        page.locator("#mirror-card-AH").dispatch_event("click")
        page.locator("#mirror-card-2C").dispatch_event("click")  # the game answers with the reason
        assert presses(page) == [{"kind": "card", "id": "AH"}, {"kind": "card", "id": "2C"}]
        assert presses(page) == []

        # A keyboard on the phone: Enter on a focused card's button plays it, and is not the game's too.
        page.locator("#mirror-card-QS").focus()
        page.keyboard.press("Enter")
        assert presses(page) == [{"kind": "card", "id": "QS"}]
        assert page.evaluate("window.heard") == []

        passing = [card("QS", "Queen of spades", chosen=True), card("AH", "Ace of hearts")]
        mirror(page, state(passing, multi=True, label="Choose 3 cards to pass left"))
        assert page.locator("#mirror-hand").aria_snapshot() == (
            '- group "Choose 3 cards to pass left":\n'
            '  - button "Queen of spades" [pressed]\n'
            '  - button "Ace of hearts"'
        )


def test_when_the_pointer_changes_the_hand_changes_with_it(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state())
        assert page.locator("#mirror-hand [role=option]").count() == 4
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        page.wait_for_function("matchMedia('(pointer: coarse)').matches")
        page.wait_for_function("document.querySelectorAll('#mirror-hand > button').length === 4")
        assert page.locator("#mirror-hand").get_attribute("role") == "group"
        session.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        page.wait_for_function("document.querySelectorAll('#mirror-hand > [role=option]').length === 4")
        assert page.locator("#mirror-hand").aria_snapshot() == HAND_SNAPSHOT


def test_presses_on_the_mirror_reach_the_game_once(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state(dialog=OVER))
        assert presses(page) == []
        page.locator("#mirror-card-QS").dispatch_event("click")  # a screen reader's click on an option
        page.locator("#mirror-card-TD").dispatch_event("click")  # unplayable: the game says why
        page.get_by_role("button", name="Undo").dispatch_event("click")  # disabled: nothing
        page.get_by_role("button", name="Hint").dispatch_event("click")
        page.get_by_role("button", name="See the scores").dispatch_event("click")
        assert presses(page) == [
            {"kind": "card", "id": "QS"},
            {"kind": "card", "id": "TD"},
            {"kind": "button", "id": "hint"},
            {"kind": "choice", "id": "1"},
        ]
        assert presses(page) == []


def test_the_listbox_leaves_its_keys_to_the_game(browser: Browser, base: str):
    """Under pygbag the game hears every key on the window: the listbox acts on none itself."""
    with opened(browser, base) as page:
        mirror(page, state())
        assert focused(page) == "mirror-hand"
        for key in ("ArrowRight", "ArrowLeft", "Enter", " "):
            page.keyboard.press(key)
        assert page.evaluate("window.heard") == ["ArrowRight", "ArrowLeft", "Enter", " "]
        assert presses(page) == []
        assert page.locator("#mirror-hand").get_attribute("aria-activedescendant") == "mirror-card-QS"


def test_a_dialogs_text_is_a_list_read_line_by_line(browser: Browser, base: str):
    with opened(browser, base) as page:
        log = {
            "title": "Game log",
            "lines": ["West plays the 7 of hearts.", "Hearts are broken."],
            "choices": [{"id": "back", "label": "Back"}],
            "active": None,
        }
        mirror(page, state(dialog=log))
        assert page.locator("#mirror-dialog").aria_snapshot() == (
            '- dialog "Game log":\n'
            '  - heading "Game log" [level=2]\n'
            '  - list "Text":\n'
            "    - listitem: West plays the 7 of hearts.\n"
            "    - listitem: Hearts are broken.\n"
            '  - button "Back"'
        )
        mirror(page, state(dialog={**log, "lines": ["Hearts are broken."]}))
        assert page.locator("#mirror-lines li").all_inner_texts() == ["Hearts are broken."]
        mirror(page, state(dialog=OVER))
        assert page.locator("#mirror-lines").is_hidden()


def test_a_dialog_takes_the_focus_and_gives_it_back(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state())
        assert focused(page) == "mirror-hand"
        mirror(page, state(dialog=OVER))
        assert page.locator("#mirror-dialog").aria_snapshot() == (
            '- dialog "Hand 3 is over":\n'
            '  - heading "Hand 3 is over" [level=2]\n'
            '  - button "Next hand"\n'
            '  - button "See the scores"'
        )
        assert page.evaluate("document.activeElement.textContent") == "Next hand"
        assert page.evaluate("hearts.keysForGame()") is True
        page.keyboard.press("ArrowDown")  # the game's, which moves its focus and says so
        assert page.evaluate("window.heard") == ["ArrowDown"]
        mirror(page, state(dialog={**OVER, "active": "1"}))
        assert page.evaluate("document.activeElement.textContent") == "See the scores"
        page.keyboard.press("Enter")  # the focused choice: pressed once, not the game's key too
        assert presses(page) == [{"kind": "choice", "id": "1"}]
        assert page.evaluate("window.heard") == ["ArrowDown"]
        mirror(page, state())
        assert page.locator("#mirror-dialog").is_hidden()
        assert focused(page) == "mirror-hand"


def test_a_screen_whose_enter_and_space_are_its_own_keeps_the_focus_off_its_buttons(
    browser: Browser, base: str
):
    """How to play scrolls on Space and Enter, a review plays from the step on show: with the focus on
    the mirror's first button (Back), those keys clicked it and left the screen instead."""
    with opened(browser, base) as page:
        mirror(page, state())
        howto = {
            "title": "How to play",
            "lines": ["The aim is to take as few points as you can."],
            "choices": [{"id": "back", "label": "Back"}],
            "active": None,
            "ownKeys": True,
        }
        mirror(page, state(hand=False, dialog=howto))
        assert focused(page) == "mirror-dialog"
        page.keyboard.press(" ")
        page.keyboard.press("Enter")
        assert page.evaluate("window.heard") == [" ", "Enter"]  # the game's: it scrolls
        assert presses(page) == []
        page.evaluate("document.getElementById('canvas').focus()")  # (a click on the page)
        assert focused(page) == "mirror-dialog"
        mirror(page, state(hand=False, dialog={**howto, "active": "back"}))  # the game's focus on Back
        assert focused(page) == "mirror-choice-back"
        page.keyboard.press("Enter")
        assert presses(page) == [{"kind": "choice", "id": "back"}]


def test_a_focus_given_to_the_canvas_goes_to_the_hand(browser: Browser, base: str):
    with opened(browser, base) as page:
        page.evaluate("document.getElementById('canvas').focus()")
        assert focused(page) == "canvas"  # no hand yet: the canvas keeps it
        mirror(page, state())
        page.evaluate("document.getElementById('canvas').focus()")
        assert focused(page) == "mirror-hand"


# ------------------------------------------------------------------------------------------------- keys


def test_the_keys_are_the_games_unless_a_control_of_the_page_has_the_focus(browser: Browser, base: str):
    with opened(browser, base) as page:
        mirror(page, state())
        assert page.evaluate("hearts.keysForGame()") is True
        assert share(page) == "shown"  # no clipboard here: the box shows the text
        assert focused(page) == "share-text"
        assert page.evaluate("hearts.keysForGame()") is False
        page.get_by_role("button", name="Copy").focus()
        assert page.evaluate("hearts.keysForGame()") is False
        page.keyboard.press("Escape")
        assert page.evaluate(BOX_OPEN) is False
        page.wait_for_function("document.activeElement.id === 'mirror-hand'", timeout=5000)
        assert page.evaluate("hearts.keysForGame()") is True
        # Shown and focused in one task: a "hearts-safe" from the game in between would hide it again.
        offered = """() => {
            document.getElementById("update").hidden = false;
            document.getElementById("update-later").focus();
            return [document.activeElement.id, hearts.keysForGame()];
        }"""
        assert page.evaluate(offered) == ["update-later", False]


# -------------------------------------------------------------------------------------------------- axe


def test_axe_finds_nothing_on_the_loading_screen(browser: Browser, site: Path):
    behaviour = Behaviour(stalled={f"{RUNTIME}cpython312/main.data": DATA_SIZE // 3})
    with (
        serving(site, behaviour) as address,
        opened(
            browser, address, ready="document.getElementById('received').textContent.includes('MB')"
        ) as page,
    ):
        assert page.locator("#transfer").is_visible()
        violations = axe(page)
        assert violations == [], json.dumps(violations, indent=1)


def test_axe_finds_nothing_on_the_failure_screen(browser: Browser, site: Path):
    with (
        serving(site, Behaviour(missing={f"{RUNTIME}pythons.js"})) as address,
        opened(browser, address, ready=FAILED) as page,
    ):
        assert page.locator("#retry").is_visible()
        page.locator("#retry").focus()
        assert page.evaluate("hearts.keysForGame()") is False
        violations = axe(page)
        assert violations == [], json.dumps(violations, indent=1)


def test_axe_finds_nothing_with_the_share_box_open(browser: Browser, base: str):
    with opened(browser, base) as page:
        assert share(page) == "shown"
        violations = axe(page)
        assert violations == [], json.dumps(violations, indent=1)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_axe_finds_nothing_on_the_game_with_its_mirror(browser: Browser, base: str, touch: bool):
    with opened(browser, base, touch=touch) as page:
        mirror(page, state(dialog=OVER))
        announce(page, "Hand 3 is over.", ("You took the queen of spades.", "assertive"))
        page.wait_for_function("hearts.spoken.length === 2")
        violations = axe(page)
        assert violations == [], json.dumps(violations, indent=1)
        passing = [card("QS", "Queen of spades", chosen=True), card("AH", "Ace of hearts")]
        mirror(page, state(passing, multi=True, label="Choose 3 cards to pass left"))
        violations = axe(page)
        assert violations == [], json.dumps(violations, indent=1)
