"""Both halves of playing by ear, joined through WebAssembly CPython: the game's ``hearts.page`` running in
Pyodide inside the built page (under the stand-in loader of ``test_boot``, which never starts a game), talking
to the page's ``web/access.js`` as the game does under pygbag.

Checked from Python in the page: a mirror of a real hand (a dealt match's view, the cards the rules forbid
marked with the engine's reason) reaches Chromium's accessibility tree; a click on one of its cards comes
back from ``presses()`` once; ``announce`` reaches the live region of its priority; ``keys_are_ours`` is off
while the share box has the focus; ``is_live`` by both ways of finding the page (Pyodide's ``js`` module and
pygbag's ``platform.window``). The same deal is worked out natively, so the page is checked against it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

from hearts.announce import card_title
from hearts.deals import deal_for
from hearts.engine import Match, PassDirection, Play, Seat
from tests.web.conftest import CHROMIUM_ARGS
from tests.web.test_access import NO_NOTIFY, ax_nodes, focused, properties, region, value
from tests.web.test_boot import STARTED, Behaviour, build, serving
from tests.web.test_share import BOX_OPEN
from tests.web.wasm import PYODIDE, game_archive, load_pyodide, python

SEED = 3
LOAD_TIMEOUT_MS = 60_000
WAIT_TIMEOUT_MS = 5_000  # for what the page does within a few frames of being asked

# Run once in the page's Pyodide: the first hand of a match without passing, played (each seat its first
# legal card) until it is South's turn; ``show_hand`` mirrors South's cards as the table does.
PRELUDE = f"""
from hearts.announce import card_title
from hearts.deals import deal_for
from hearts.engine import Match, PassDirection, Play, Seat
from hearts import page
from hearts.page import Mirror, MirrorButton, MirrorCard, Press

match = Match(pass_cycle=(PassDirection.NONE,))
match.apply(deal_for({SEED}, 1))
while match.to_move is not Seat.SOUTH:
    match.apply(Play.of(match.to_move, next(iter(match.legal_plays()))))
view = match.view_for(Seat.SOUTH)


def show_hand():
    cards = []
    for card in view.hand:
        reason = match.why_illegal(Play.of(Seat.SOUTH, card))
        why = "" if reason is None else str(reason)
        cards.append(MirrorCard(id=card.notation, name=card_title(card), playable=reason is None, why=why))
    page.mirror(
        Mirror(
            has_hand=True,
            hand_label=f"Your hand, {{len(cards)}} cards",
            cards=tuple(cards),
            active=cards[0].id,
            buttons=(MirrorButton(id="hint", label="Hint"),),
        )
    )
    return [[card.id, card.name, card.why] for card in cards]
"""


def south_at_its_turn() -> list[list[str]]:
    """South's cards where the prelude stops, worked out natively: notation, title and why not."""
    match = Match(pass_cycle=(PassDirection.NONE,))
    match.apply(deal_for(SEED, 1))
    while match.to_move is not Seat.SOUTH:
        seat = match.to_move
        assert seat is not None
        match.apply(Play.of(seat, next(iter(match.legal_plays()))))
    return [
        [card.notation, card_title(card), str(match.why_illegal(Play.of(Seat.SOUTH, card)) or "")]
        for card in match.view_for(Seat.SOUTH).hand
    ]


# ------------------------------------------------------------------------------------------------ set-up


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.fail(f"Pyodide is missing from {PYODIDE}: run npm ci (./build.sh test does)")
    root = build(tmp_path_factory.mktemp("access-pyodide") / "web")
    (root / "hearts.zip").write_bytes(game_archive())
    return root


@pytest.fixture(scope="module")
def page(site: Path, chromium: str) -> Iterator[Page]:
    """One page for the module: the built game page, the stand-in's game started, Pyodide and the game's
    packages loaded into it, the prelude run. No ariaNotify, so the live regions speak; no clipboard, so
    a share shows the page's box."""
    with (
        serving(site, Behaviour()) as base,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(service_workers="block", permissions=[])
        page = context.new_page()
        page.set_default_timeout(LOAD_TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.add_init_script(NO_NOTIFY)
        page.goto(base)
        page.wait_for_function(STARTED, timeout=10_000)
        assert load_pyodide(page, pyodide="/pyodide/").startswith("0.27.")
        python(page, PRELUDE + "\nresult = None")
        assert errors == []
        page.set_default_timeout(WAIT_TIMEOUT_MS)
        yield page
        assert errors == []
        browser.close()


# ------------------------------------------------------------------------------------------------- cases


def test_python_in_the_page_finds_the_page_both_ways(page: Page):
    found = python(
        page,
        """
        import platform, sys
        by_js = [sys.platform, page.is_live(), hasattr(platform, "window")]
        platform.window = __import__("js").window  # as under pygbag
        try:
            by_window = page.is_live()
        finally:
            del platform.window
        result = [*by_js, by_window]
        """,
    )
    assert found == ["emscripten", True, False, True]


def test_a_real_hand_mirrored_from_python_is_in_the_accessibility_tree(page: Page):
    expected = south_at_its_turn()
    assert {why for _id, _name, why in expected} >= {"", "You must follow clubs"}  # both kinds of card
    sent = python(page, "result = show_hand()")
    assert sent == expected

    lines = [f'- listbox "Your hand, {len(expected)} cards":']
    lines += [f'  - option "{name}"' + (" [disabled]" if why else "") for _id, name, why in expected]
    assert page.locator("#mirror-hand").aria_snapshot() == "\n".join(lines)

    tree, _canvas = ax_nodes(page)
    options = [node for node in tree if value(node, "role") == "option"]
    assert [value(node, "name") for node in options] == [name for _id, name, _why in expected]
    for node, (_id, name, why) in zip(options, expected, strict=True):
        assert value(node, "description") == (why or None), name
        assert properties(node).get("disabled") is (True if why else None), name
    assert page.locator("#mirror-buttons").aria_snapshot() == '- group "Table":\n  - button "Hint"'


def test_a_click_on_a_mirrored_card_reaches_python_once(page: Page):
    expected = south_at_its_turn()
    python(page, "result = show_hand()")
    playable = next(notation for notation, _name, why in expected if not why)
    refused = next(notation for notation, _name, why in expected if why)
    # What a screen reader does: a click on the element itself (the mirror is never under the pointer).
    page.locator(f"#mirror-card-{playable}").dispatch_event("click")
    taken = python(
        page,
        f"""
        first = page.presses()
        second = page.presses()
        result = [first == [Press("card", "{playable}")], [[p.kind, p.id] for p in first], second,
                  [type(p.id).__name__ for p in first]]
        """,
    )
    assert taken == [True, [["card", playable]], [], ["str"]]

    page.get_by_role("option", name=card_title_of(expected, refused)).dispatch_event("click")
    page.get_by_role("button", name="Hint").dispatch_event("click")
    assert python(page, "result = [[p.kind, p.id] for p in page.presses()]") == [
        ["card", refused],
        ["button", "hint"],
    ]


def card_title_of(expected: list[list[str]], notation: str) -> str:
    return next(name for card, name, _why in expected if card == notation)


@pytest.mark.parametrize(
    ("sentence", "priority"),
    [("West plays the 7 of hearts.", "polite"), ("You took the queen of spades.", "assertive")],
)
def test_a_sentence_from_python_reaches_the_live_region_of_its_priority(
    page: Page, sentence: str, priority: str
):
    other = "assertive" if priority == "polite" else "polite"
    before = region(page, other)
    python(page, f"page.announce({sentence!r}, {priority!r})\nresult = None")
    said = "([where, text]) => document.getElementById(where).textContent === text"
    page.wait_for_function(said, arg=[f"say-{priority}", sentence])
    assert region(page, other) == before
    assert page.evaluate("hearts.spoken.at(-1)") == {"text": sentence, "priority": priority}


def test_the_keys_are_not_the_games_while_the_share_box_has_the_focus(page: Page):
    python(page, "result = show_hand()")
    assert python(page, "result = [page.keys_are_ours(), page.share_outcome()]") == [True, None]
    # Shared from Python as the game shares: without a clipboard the page shows the text in its box.
    assert python(page, "result = page.share('Hearts: I won by 12 points.')") is True
    page.wait_for_function(BOX_OPEN)
    page.wait_for_function("hearts.shared !== 'pending'")
    assert focused(page) == "share-text"
    assert python(page, "result = [page.keys_are_ours(), page.share_outcome()]") == [False, "shown"]
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement.id === 'mirror-hand'")
    assert python(page, "result = page.keys_are_ours()") is True
