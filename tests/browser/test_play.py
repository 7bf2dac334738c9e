"""Playing the built site in Chromium as a player would: touch at 390×844, a mouse at 1280×720, keys alone;
a refused card, a double tap, a reload, the network gone, a friend's challenge, a phone turned on its side.
Everything is read through the page and done by real input (see ``tools/browser_player.py``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_keys import KeyHand
from browser_player import Hand, Player, Table, is_my_move, passing, said_since, seen, visible_point
from playwright.sync_api import Browser, BrowserContext

from hearts.challenge import Challenge, encode
from hearts.engine import TRICKS, Match, Phase, Seat
from hearts.ui.hand_sight import AIM_TIME

from .links import link_for, match_stopped

PHONE = (390, 844)
DESKTOP = (1280, 720)
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def new_match(player: Player) -> Table:
    table = player.wait_for(
        lambda t: t.dialog is not None and t.dialog.title.startswith("Hearts"), what="the menu"
    )
    assert table.dialog is not None
    player.tap(table.dialog.choice("^New match"))
    return player.wait_for(is_my_move, what="the first pass")


def my_play_turn(player: Player) -> Table:
    """Plays the pass with the first three cards, then waits for a turn to play a card."""
    table = player.wait_for(is_my_move, what="my move")
    hand = Hand(player)
    while passing(table) or not is_my_move(table):
        if is_my_move(table):
            hand.step(table)
        table = player.table()
    return table


def test_boots_to_the_menu_on_our_runtime(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    table = player.table()
    assert table.dialog is not None and table.dialog.title == "Hearts: main menu"
    assert table.dialog.choices[0].name == "New match"
    runtime = player.page.evaluate("({ runtime: Module.runtime, jspi: Module.stackSwitching })")
    assert runtime == {"runtime": "hearts-pyodide", "jspi": False}, runtime
    # The loading screen has gone, and nothing was asked of any host but ours.
    assert player.page.evaluate("document.getElementById('transfer').hidden")
    # The game's archive was asked for once, as the page loaded: it downloads while Python starts.
    asked = player.page.evaluate(
        """() => performance.getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith("/hearts.tar.gz")).map((entry) => entry.startTime)"""
    )
    ready = player.page.evaluate("Module.timings.interpreter")
    assert len(asked) == 1 and asked[0] < ready, (asked, ready)
    # Every method the game's dataclasses made as it started ran from the code the build compiled
    # (hearts.methods_ahead): none was compiled in WebAssembly.
    methods = player.page.evaluate("hearts.methods")
    assert methods["compiled"] == 0 and methods["ran"] > 1000, methods
    # What the start made was set beyond the garbage collector's reach (hearts.ui.start.keep_the_start).
    assert player.page.evaluate("hearts.startKept") > 10_000
    player.check()


def test_a_whole_hand_by_touch(phone: BrowserContext, site_url: str, tmp_path: Path) -> None:
    player = Player.opened(phone, site_url)
    new_match(player)
    fast_forward(player)
    hand = Hand(player)
    result = hand.play()
    assert result.title == "Hand 1"
    assert len(hand.passed) == 3 and 1 <= len(hand.played) <= 13
    player.screenshot(str(tmp_path / "result-390x844.png"))
    player.tap(result.choice("^Next hand"))
    table = player.wait_for(lambda t: len(t.hand) == TRICKS and t.dialog is None, what="hand 2")
    assert player.wait_for(is_my_move).hand_label is not None
    assert any("passing right" in said for said in player.spoken()), player.spoken()[-5:]
    assert len(table.hand) == TRICKS
    player.check()


TAPS_SEEN = """window.__tapsEnded = [];
    addEventListener("touchend", (event) => window.__tapsEnded.push(event.timeStamp), { capture: true });"""
"""When each finger lifted, as the page received it (a busy machine can deliver a tap late)."""


def test_a_refused_card_says_why_and_a_double_tap_plays_one(phone: BrowserContext, site_url: str) -> None:
    phone.add_init_script(TAPS_SEEN)
    player = Player.opened(phone, site_url)
    new_match(player)
    hand = Hand(player)
    refused = doubled = False
    while not (refused and doubled):
        table = player.wait_for(lambda t: is_my_move(t) or t.dialog is not None, timeout=60, what="a move")
        assert table.dialog is None, "the hand ended before a card could be refused"
        if passing(table):
            hand.step(table)
            continue
        table = seen(player, table)
        barred = [card for card in table.hand if card.disabled]
        if barred and not refused:
            card = barred[0]
            said = player.spoken()
            player.tap_at(*visible_point(card, table.hand))
            player.page.wait_for_timeout(400)
            after = player.table()
            assert [c.id for c in after.hand] == [c.id for c in table.hand], "a refused card left the hand"
            new = said_since(said, player.spoken())
            assert any(re.search(r"\bmust\b|can't|cannot", line, re.IGNORECASE) for line in new), new
            refused = True
            continue
        if not doubled:
            card = next(card for card in table.hand if not card.disabled)
            point = visible_point(card, table.hand)
            count = len(table.hand)
            player.tap_at(*point)
            player.page.wait_for_timeout(60)
            player.tap_at(*point)
            player.page.wait_for_timeout(1500)
            first, second = player.page.evaluate("window.__tapsEnded.slice(-2)")
            if second - first >= AIM_TIME * 1000:
                # Sent 60 ms apart, the taps reached the page further apart than a double tap's (a busy
                # machine): the second was aimed at the hand as it lay by then. A later turn tries again.
                continue
            assert len(player.table().hand) == count - 1, "a double tap played more than one card"
            doubled = True
            continue
        hand.step(table)
    player.check()


def test_a_whole_hand_by_mouse_its_review_and_play_from_there(
    calm_desktop: BrowserContext, site_url: str
) -> None:
    player = Player.opened(calm_desktop, site_url, pointer="mouse")
    # The system's wish for less motion is the first visit's setting.
    menu = player.wait_for(lambda t: t.dialog is not None, what="the menu")
    assert menu.dialog is not None
    player.tap(menu.dialog.choice("^Options"))
    options = player.wait_for(lambda t: t.dialog is not None and "ptions" in t.dialog.title, what="Options")
    assert options.dialog is not None
    chosen = [c.name for c in options.dialog.choices if re.match(r"Reduced motion: \w+, chosen", c.name)]
    assert chosen == ["Reduced motion: On, chosen"], [c.name for c in options.dialog.choices]
    player.key("Escape")
    new_match(player)
    # Fast-forward, pressed as a player presses it, keeps the test short.
    fast_forward(player)
    result = Hand(player).play()
    assert result.title == "Hand 1"
    player.tap(result.choice("^Review"))
    review = player.wait_for(
        lambda t: t.dialog is not None and any(c.name.startswith("Play from") for c in t.dialog.choices),
        what="the review",
    )
    assert review.dialog is not None
    player.tap(review.dialog.choice("^Play from"))
    practice = player.wait_for(is_my_move, timeout=60, what="practice from that step")
    assert practice.hand
    player.check()


def test_a_whole_hand_by_keys_alone(calm_easy_desktop: BrowserContext, site_url: str) -> None:
    player = Player.opened(calm_easy_desktop, site_url, pointer="mouse")
    player.wait_for(lambda t: t.dialog is not None, what="the menu")
    player.key("Enter")  # New match has the focus
    player.wait_for(is_my_move, what="the first pass")
    player.key("f")  # fast-forward
    hand = KeyHand(player)
    result = hand.play()
    assert result.title == "Hand 1"
    # (once no points are left, the rest of the hand plays itself)
    assert len(hand.passed) == 3 and 1 <= len(hand.played) <= 13
    # The hand's review, by keys: Enter there plays again from the trick on show (with the page's focus
    # on the review's first button, Back, Enter pressed that and left the review).
    focused = "document.activeElement ? document.activeElement.textContent : ''"
    for _ in range(len(result.choices)):
        on = player.page.evaluate(focused)
        if on.startswith("Review"):
            break
        player.key("ArrowDown")  # (the game moves its focus, and the page's follows a frame later)
        player.page.wait_for_function(f"(before) => ({focused}) !== before", arg=on, timeout=5000)
    player.key("Enter")
    review = player.titled("review")
    assert review.dialog is not None and any(c.name.startswith("Play from") for c in review.dialog.choices)
    player.key("Enter")
    player.wait_for(lambda t: t.dialog is None and len(t.hand) > 0, what="practice from the trick on show")
    player.check()


def test_a_reload_mid_trick_comes_back_to_the_same_cards(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    new_match(player)
    table = my_play_turn(player)
    Hand(player).step(table)
    table = player.wait_for(lambda t: is_my_move(t) and not passing(t), what="my next turn")
    before = [card.id for card in table.hand]
    saved = player.page.evaluate("Object.keys(localStorage).filter((key) => key.includes('match')).length")
    assert saved, "nothing was saved in localStorage"
    player.reload()
    after = player.wait_for(is_my_move, what="the table again")
    assert [card.id for card in after.hand] == before
    player.check()


def test_a_reload_mid_pass_keeps_the_deal(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    table = new_match(player)
    before = [card.id for card in table.hand]
    player.reload()
    after = player.wait_for(is_my_move, what="the pass again")
    assert passing(after)
    assert [card.id for card in after.hand] == before
    player.check()


def test_offline_after_one_visit(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    player.page.wait_for_function(
        "navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true)"
    )
    player.page.wait_for_function(
        """async () => {
            const names = await caches.keys();
            const runtime = names.find((name) => name.startsWith("hearts-runtime-"));
            if (!runtime) return false;
            const kept = await (await caches.open(runtime)).keys();
            return kept.some((request) => request.url.endsWith(".whl"))
                && kept.some((request) => request.url.endsWith("pyodide.asm.wasm"));
        }""",
        timeout=60_000,
    )
    phone.set_offline(True)
    player.reload()
    new_match(player)
    table = my_play_turn(player)
    count = len(table.hand)
    Hand(player).step(table)
    assert len(player.table().hand) == count - 1
    player.check()


def test_a_challenge_link_offers_the_friends_match(phone: BrowserContext, site_url: str) -> None:
    code = encode(Challenge(seed=1234, level="hard", score=61))
    player = Player.opened(phone, f"{site_url}#c={code}")
    table = player.wait_for(lambda t: t.dialog is not None and "hallenge" in t.dialog.title, what="the offer")
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Play"))
    player.wait_for(is_my_move, what="the friend's first deal")
    player.check()


def test_turning_the_phone_lays_the_table_out_again(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    table = new_match(player)
    rows = {card.rect[1] for card in table.hand if card.rect}
    assert len(rows) >= 2  # portrait: two rows
    player.page.set_viewport_size({"width": PHONE[1], "height": PHONE[0]})
    turned = player.wait_for(
        lambda t: bool(t.hand)
        and all(c.rect and c.rect[0] + c.rect[2] <= PHONE[1] for c in t.hand)
        and len({c.rect[1] for c in t.hand if c.rect}) == 1,
        what="one row of cards on a phone on its side",
    )
    assert len(turned.hand) == TRICKS
    player.page.set_viewport_size({"width": 1280, "height": 720})
    player.wait_for(
        lambda t: all(c.rect and c.rect[0] + c.rect[2] > 844 for c in t.hand[-1:]), what="desktop size"
    )
    player.check()


def axe(player: Player) -> list[dict[str, Any]]:
    player.page.add_script_tag(path=str(AXE))
    result = player.page.evaluate(
        "async () => (await axe.run(document, { runOnly: { type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })).violations"
        ".map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))"
    )
    return list(result)


def test_the_mirror_during_play_is_the_hand_and_passes_axe(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    new_match(player)
    table = my_play_turn(player)
    snapshot = player.page.locator("#mirror-hand").aria_snapshot()
    expected = "\n".join(
        [f'- group "{table.hand_label}":']
        + [f'  - button "{card.name}"' + (" [disabled]" if card.disabled else "") for card in table.hand]
    )
    assert snapshot == expected
    assert axe(player) == []
    player.check()


def test_two_tabs_one_live_table_play_here_moves_the_match(phone: BrowserContext, site_url: str) -> None:
    first = Player.opened(phone, site_url)
    new_match(first)
    table = my_play_turn(first)
    Hand(first).step(table)
    mine = first.wait_for(lambda t: is_my_move(t) and not passing(t), what="my next turn")
    second = Player.opened(phone, site_url)
    offer = second.wait_for(
        lambda t: t.dialog is not None and bool(t.dialog.choices), what="the screen of the other window"
    )
    assert offer.dialog is not None and "another window" in offer.dialog.title.lower(), offer.dialog
    assert not offer.hand
    second.tap(offer.dialog.choice("^Play here"))
    moved = second.wait_for(is_my_move, what="the match in the second tab")
    assert [card.id for card in moved.hand] == [card.id for card in mine.hand]
    left = first.wait_for(
        lambda t: t.dialog is not None and "another window" in t.dialog.title.lower(),
        what="the first tab to let go",
    )
    assert left.dialog is not None and not left.hand
    first.check()
    second.check()


def fast_forward(player: Player) -> None:
    fast = player.wait_for(lambda t: t.button("^Fast") is not None, what="Fast-forward").button("^Fast")
    assert fast is not None
    player.tap(fast)


def test_the_daily_deal_to_its_result(calm_easy_phone: BrowserContext, site_url: str) -> None:
    """The daily deal's opponents are Hard whatever the Options say; the player's Quick pace still holds."""
    player = Player.opened(calm_easy_phone, site_url)
    table = player.wait_for(lambda t: t.dialog is not None, what="the menu")
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Daily deal"))
    player.wait_for(is_my_move, what="the daily deal")
    fast_forward(player)
    result = Hand(player).play()
    assert "aily" in result.title or any("par" in line.lower() for line in result.lines), result
    player.check()


SAID_CARD = re.compile(
    r"\b(West|North|East|You) (?:leads?|plays?) the (\w+) of (clubs|diamonds|spades|hearts)"
)
RANKS = {"jack": 11, "queen": 12, "king": 13, "ace": 14}
SUITS = {"clubs": "C", "diamonds": "D", "spades": "S", "hearts": "H"}


def trick_so_far(spoken: list[str]) -> list[tuple[str, int, str]]:
    """The cards of the trick in play, as the table said them: (seat, rank, suit letter)."""
    cards: list[tuple[str, int, str]] = []
    for sentence in (part for line in spoken for part in re.split(r"(?<=\.)\s+", line)):
        for seat, rank, suit in SAID_CARD.findall(sentence):
            cards.append((seat, RANKS.get(rank) or int(rank), SUITS[suit]))
        if "take the trick" in sentence or "takes the trick" in sentence:
            cards = []
    return cards


def rank_of(card_id: str) -> int:
    return {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}.get(card_id[0]) or int(card_id[0])


def fourth_with_a_winner(match: Match) -> bool:
    """You are the last to play to a trick and hold a card that takes it, with a higher card of the same
    suit beside it (the next card to its right in your hand)."""
    if match.phase is not Phase.PLAY or match.to_move is not Seat.SOUTH:
        return False
    view = match.view_for(Seat.SOUTH)
    best = view.trick.winning_card
    if len(view.trick.cards) != 3 or best is None:
        return False
    led = view.trick.cards[0].suit
    return any(
        card.suit is led
        and card.rank > best.rank
        and any(other.suit is led and other.rank > card.rank for other in view.hand)
        for card in view.legal
    )


def test_a_quick_tap_after_a_won_trick_leads_what_was_aimed_at(phone: BrowserContext, site_url: str) -> None:
    """The fourth to play takes the trick with a card, and taps its neighbour 60 ms later: the lead is that
    neighbour (the card under the finger as the player aimed) or nothing, never a card that slid in. The
    position comes in a match link (made from the engine, as another device makes it), so it comes every
    time."""
    seed = 1  # (on seed 1's deals, every seat playing its first legal card: hand 4's first trick)
    match = match_stopped(seed, fourth_with_a_winner)
    player = Player.opened(phone, link_for(site_url, match, seed))
    offer = player.wait_for(lambda t: t.dialog is not None and bool(t.dialog.choices), what="the offer")
    assert offer.dialog is not None
    player.tap(offer.dialog.choice("^Play it here"))
    table = seen(player, player.wait_for(is_my_move, what="the link's trick"))
    trick = trick_so_far(player.spoken())
    led = match.view_for(Seat.SOUTH).trick.cards[0].suit.name[0]
    best = match.view_for(Seat.SOUTH).trick.winning_card
    assert best is not None
    winners = [
        card
        for card in table.hand[:-1]
        if not card.disabled
        and card.id[-1] == led
        and rank_of(card.id) > best.rank
        and table.hand[table.hand.index(card) + 1].id[-1] == led
    ]
    assert winners, (table.hand, trick)
    card = winners[0]
    neighbour = table.hand[table.hand.index(card) + 1]
    before = {c.id for c in table.hand}
    player.tap_at(*visible_point(card, table.hand))
    player.page.wait_for_timeout(60)
    # At the right of what shows of it: where, once the hand closes up, another card lies.
    player.tap_at(*visible_point(neighbour, table.hand, edge=True))
    player.page.wait_for_timeout(2500)
    gone = before - {c.id for c in player.table().hand}
    assert card.id in gone, f"{card.id} was not played"
    assert gone <= {card.id, neighbour.id}, f"aimed at {neighbour.id}; {gone - {card.id}} left"
    player.check()


# Counts the game's turns of its loop (it takes the mirror's presses once a turn) against the browser's
# frames.
COUNT_TURNS = """() => {
    const watch = window.loopWatch = { turns: 0, frames: 0, touchedAt: null, wokenAt: null };
    const take = hearts.takePresses;
    hearts.takePresses = function () {
        watch.turns += 1;
        if (watch.touchedAt !== null && watch.wokenAt === null) watch.wokenAt = watch.frames;
        return take.apply(this, arguments);
    };
    // The frame a touch reached the page in, and the frame of the loop's first turn after it.
    addEventListener("pointerdown", () => { watch.touchedAt = watch.frames; watch.wokenAt = null; }, true);
    (function frame() { watch.frames += 1; requestAnimationFrame(frame); })();
}"""
RECOUNT = "() => { window.loopWatch.turns = 0; window.loopWatch.frames = 0; }"


def test_the_game_turns_its_loop_once_a_frame_and_rests_on_a_still_screen(
    browser: Browser, site_url: str
) -> None:
    context = Player.context(browser, PHONE)
    try:
        player = Player.opened(context, site_url)
        player.page.evaluate(COUNT_TURNS)
        # The menu, untouched: the loop rests, turning a few times a second (hearts.page.rest).
        player.page.wait_for_timeout(1500)
        player.page.evaluate(RECOUNT)
        player.page.wait_for_function("window.loopWatch.frames >= 120")
        watch = player.page.evaluate("window.loopWatch")
        assert watch["turns"] <= watch["frames"] // 8, watch
        # A touch wakes it at once: the menu opens what was tapped within a few frames.
        menu = player.table()
        assert menu.dialog is not None
        player.page.evaluate(RECOUNT)
        player.tap(menu.dialog.choice("^New match"))
        player.page.wait_for_function("window.loopWatch.wokenAt !== null")
        watch = player.page.evaluate("window.loopWatch")
        assert watch["wokenAt"] - watch["touchedAt"] <= 2, watch
        # While the cards are dealt, once a frame (a turn may miss a frame while the page is busy);
        # Pyodide's own loop would come back at once and turn it hundreds of times a frame.
        player.page.evaluate(RECOUNT)
        player.page.wait_for_function("window.loopWatch.frames >= 60")
        watch = player.page.evaluate("window.loopWatch")
        assert watch["frames"] // 3 <= watch["turns"] <= watch["frames"] + 2, watch
        # Your turn to pass, the hand seen and untouched: at rest again.
        player.wait_for(is_my_move, what="the first pass")
        player.page.wait_for_timeout(1800)
        player.page.evaluate(RECOUNT)
        player.page.wait_for_function("window.loopWatch.frames >= 120")
        watch = player.page.evaluate("window.loopWatch")
        assert watch["turns"] <= watch["frames"] // 8, watch
        player.check()
    finally:
        context.close()


def test_the_score_sheet_before_any_hand_and_back_to_the_menu(phone: BrowserContext, site_url: str) -> None:
    player = Player.opened(phone, site_url)
    table = new_match(player)
    menu_button = table.button("^Menu")
    assert menu_button is not None
    player.tap(menu_button)
    menu = player.wait_for(lambda t: t.dialog is not None and bool(t.dialog.choices), what="the pause menu")
    assert menu.dialog is not None
    player.tap(menu.dialog.choice("^Score"))
    sheet = player.wait_for(
        lambda t: t.dialog is not None and t.dialog.title != menu.dialog.title, what="the score sheet"
    )
    assert sheet.dialog is not None
    assert any("No hand has been scored yet" in line for line in sheet.dialog.lines), sheet.dialog
    player.tap(sheet.dialog.choice("^Close"))
    back = player.wait_for(
        lambda t: t.dialog is None or t.dialog.title != sheet.dialog.title, what="the sheet to close"
    )
    assert back.dialog is not None and back.dialog.title == menu.dialog.title, back.dialog
    player.check()
