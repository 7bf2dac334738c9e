"""The journeys the play tests leave out, in Chromium on the built site: a whole match to 50 with memory
sampled after every hand, a match link opened, a reload while the moon's question is asked, the lesson,
and sound after the first gesture. Done by real input and read only through the page (see
``tools/browser_player.py``). The match links are made here from the engine, as the game on another
device makes them; the page gets nothing but the address."""

from __future__ import annotations

import json
import re
import time
from itertools import pairwise

from browser_bench import READ_MEMORY
from browser_player import Control, Hand, Player, Table, is_my_move, passing, said_since, seen, visible_point
from playwright.sync_api import Browser, BrowserContext, FloatRect

from hearts.engine import TRICKS, CardSet, Deal, Match, Moon, Pass, Phase, Rules, Seat
from hearts.engine.cards import CARDS

from .links import link_for, match_stopped

PHONE = (390, 844)
DESKTOP = (1280, 720)
MB = 1024 * 1024


def menu(player: Player) -> Table:
    return player.wait_for(
        lambda t: t.dialog is not None and t.dialog.title == "Hearts: main menu", what="the main menu"
    )


def is_on(button: Control | None) -> bool:
    return button is not None and button.name.endswith("(on)")


def highest(table: Table) -> Control | None:
    """The highest card you may play (the hand is sorted by suit, then rank)."""
    return next((card for card in reversed(table.hand) if not card.disabled), None)


class FastHand(Hand):
    """A hand by the pointer with Fast-forward pressed at each of your turns (it covers the bots' moves up
    to your next turn, and then ends by itself), playing the highest card you may: you take points, so a
    match ends in few hands."""

    def step(self, table: Table) -> None:
        if passing(table):
            super().step(table)
            return
        player = self.player
        # Your turn comes while the last fast-forward is still winding down: press once it has ended.
        try:
            table = player.wait_for(
                lambda t: not is_my_move(t) or not is_on(t.button("^Fast")), timeout=2, what="the turn"
            )
        except AssertionError:
            table = player.table()  # it went on through this turn: nothing to press
        fast = table.button("^Fast")
        if is_my_move(table) and fast is not None and not is_on(fast):
            player.tap(fast)
            try:
                player.wait_for(lambda t: is_on(t.button("^Fast")), timeout=1, what="Fast-forward on")
            except AssertionError:
                return  # the tap came as the hand was laid out again (received cards settling): again
        table = seen(player, player.table())
        if is_my_move(table):
            self.play_card(table)


# ----------------------------------------------------------------------------------- a match to 50

JS_HEAP_GROWTH = 2 * MB
"""Measured: +0.04 MB over a 3-hand match, +0.13 MB over 10 hands (after a forced collection). A page
that kept a mirror, a spoken line list or a frame's pixels per hand would pass this in a few hands."""
IN_USE_GROWTH = 3 * MB
"""Per hand, after the first. Measured over 10 hands: +2.1 MB after hand 2, +1.7, then under 1 MB a hand
(+7 MB in all, levelling off: caches filling as new cards and words are drawn). A 1280×720 surface kept
each hand (3.5 MB) fails it."""
GROWTH_STEP = 1.21
"""Emscripten grows WebAssembly's memory by a fifth at a time, in whole 64 KiB pages (59.9 MB → 71.9 MB,
71.9 MB → 86.3 MB): at most one such step is allowed."""


def test_a_match_to_50_at_fast_forward_keeps_memory_flat(
    calm_easy_desktop: BrowserContext, site_url: str
) -> None:
    """Target 50 (the lowest Options offers), Fast-forward pressed at every turn, the highest card played:
    the match ends in three to five hands (Easy bots, who decide at once). Most of a hand is your own 13
    turns (the hand let lie still before each tap, Fast-forward pressed again), then the least hold of each
    trick (0.5 s). After each hand the page is made to collect
    its garbage, then the JS heap and the runtime's memory are read."""
    player = Player.opened(calm_easy_desktop, site_url, pointer="mouse")
    table = menu(player)
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Options"))
    table = player.titled("^Options$")
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Table tab"))
    table = player.wait_for(
        lambda t: t.dialog is not None and any(c.name.startswith("Target: 50") for c in t.dialog.choices),
        what="the table options",
    )
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Target: 50"))
    table = player.wait_for(
        lambda t: t.dialog is not None and any(c.name == "Target: 50, chosen" for c in t.dialog.choices),
        what="50 chosen",
    )
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Back"))
    table = menu(player)
    assert table.dialog is not None
    player.tap(table.dialog.choice("^New match"))
    player.wait_for(is_my_move, what="the first pass")

    cdp = calm_easy_desktop.new_cdp_session(player.page)

    def sample() -> dict[str, int]:
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")
        wasm = player.page.evaluate(READ_MEMORY)
        return {"js": int(heap["usedSize"]), "size": int(wasm["wasm"]), "in_use": int(wasm["inUse"])}

    samples: list[dict[str, int]] = []
    for _ in range(12):  # (a match to 50 takes 3 or 4 hands; each takes at least 13 points)
        result = FastHand(player, choose=highest).play()
        samples.append(sample())
        follow = next((c for c in result.choices if c.name.startswith(("Next hand", "See the result"))), None)
        assert follow is not None, result
        player.tap(follow)
        if follow.name.startswith("See the result"):
            break
        player.wait_for(lambda t: t.dialog is None and len(t.hand) == TRICKS, what="the next deal")
    else:
        raise AssertionError("no one reached 50 in 12 hands")
    over = player.titled("Victory|Defeat|wins|won")
    assert over.dialog is not None
    said = " ".join(player.spoken()[-4:])
    assert re.search(r"wins the match|You win", said), said

    shown = [
        f"hand {n}: JS {s['js'] / MB:.2f} MB, wasm {s['size'] / MB:.1f} MB, in use {s['in_use'] / MB:.1f} MB"
        for n, s in enumerate(samples, 1)
    ]
    print("\n".join(shown))
    first, last = samples[0], samples[-1]
    assert last["js"] - first["js"] <= JS_HEAP_GROWTH, shown
    assert last["size"] <= first["size"] * GROWTH_STEP, shown
    for before, after in pairwise(samples):
        assert after["in_use"] - before["in_use"] <= IN_USE_GROWTH, shown
    player.check()


# ------------------------------------------------------------------------------------- match links


def test_a_match_link_opens_the_offered_match(phone: BrowserContext, site_url: str) -> None:
    """The link's match is offered as it stands (its hand, its scores), and once taken it is the table,
    your cards those of the link, and the match saved as this device's own."""
    match = match_stopped(
        2024, lambda m: m.hand_number == 2 and m.phase is Phase.PLAY and m.to_move is Seat.SOUTH
    )
    totals = match.totals
    assert any(totals)  # (hand 1 scored something: the offer shows it)
    player = Player.opened(phone, link_for(site_url, match, 2024))
    offer = player.titled("^Play this match here")
    assert offer.dialog is not None
    lines = " ".join(offer.dialog.lines)
    assert "A match at hand 2" in lines, lines
    expected = f"you {totals[0]}, West {totals[1]}, North {totals[2]}, East {totals[3]}"
    assert f"Scores so far: {expected}." in lines, lines
    player.tap(offer.dialog.choice("^Play it here"))
    table = player.wait_for(is_my_move, what="the link's match")
    mine = [card.notation for card in match.view_for(Seat.SOUTH).hand]
    assert [card.id for card in table.hand] == mine
    saved = json.loads(player.page.evaluate("localStorage.getItem('hearts.match') || 'null'"))
    assert saved is not None, "the match was not saved"
    assert len(saved["record"]["moves"]) == len(match.moves)
    player.check()


def moon_match() -> Match:
    """A match under "the shooter chooses", where you shoot the moon whatever anyone plays: after the pass
    you hold the top four clubs and diamonds, A K Q♠ and A K♥, so you win every trick (the first with the
    A♣). Stopped at your lead to the twelfth trick, holding A♥ K♥ (all hearts, so you may lead them)."""
    south = CardSet.parse("AC KC QC JC AD KD QD JD AS KS 2D 3D 2S")
    from_east = CardSet.parse("QS AH KH")
    rest = [card for card in CARDS if card not in south and card not in from_east]
    west, north = CardSet(rest[:13]), CardSet(rest[13:26])
    east = CardSet([*rest[26:], *from_east])
    match = Match(Rules(moon=Moon.SHOOTER_CHOOSES))
    match.apply(Deal((south, west, north, east)))
    match.apply(Pass(Seat.SOUTH, CardSet.parse("2D 3D 2S")))
    match.apply(Pass(Seat.WEST, CardSet(list(west)[:3])))
    match.apply(Pass(Seat.NORTH, CardSet(list(north)[:3])))
    match.apply(Pass(Seat.EAST, from_east))
    while not (match.to_move is Seat.SOUTH and len(match.view_for(Seat.SOUTH).hand) == 2):
        match.apply(match.legal_moves()[0])
    return match


def test_a_reload_during_the_moon_choice_asks_it_again(phone: BrowserContext, site_url: str) -> None:
    """You lead your last two cards by touch and shoot the moon; the table asks how it scores. Reloaded,
    the page reads the match back from localStorage and asks the same question; your answer then counts."""
    match = moon_match()
    player = Player.opened(phone, link_for(site_url, match, 77))
    offer = player.titled("^Play this match here")
    assert offer.dialog is not None
    player.tap(offer.dialog.choice("^Play it here"))
    table = player.wait_for(lambda t: is_my_move(t) and len(t.hand) == 2, what="your lead with two cards")
    Hand(player).step(table)  # the other card plays itself
    asked = player.wait_for(lambda t: t.dialog is not None and bool(t.dialog.choices), what="the moon")
    assert asked.dialog is not None
    assert asked.dialog.title == "You shot the moon!", asked.dialog
    names = [choice.name for choice in asked.dialog.choices]
    stored = player.page.evaluate("localStorage.getItem('hearts.match')")
    moves = json.loads(stored)["record"]["moves"]
    assert len([move for move in moves if move.startswith("play ")]) == 52, moves[-6:]
    assert not any(move.startswith("moon ") for move in moves)

    player.reload()
    again = player.wait_for(lambda t: t.dialog is not None and bool(t.dialog.choices), what="the moon again")
    assert again.dialog is not None
    assert again.dialog.title == asked.dialog.title
    assert [choice.name for choice in again.dialog.choices] == names
    assert not again.hand  # no cards left: the hand is over but for the question
    player.tap(again.dialog.choice("26 off|[Ss]ubtract|−26|-26"))
    result = player.titled("^Hand 1: you shot the moon!$")
    assert result.dialog is not None
    said = " ".join(player.spoken()[-4:])
    assert re.search(r"Totals: you (minus|−|-) ?26, West 0, North 0, East 0", said), said
    player.check()


# ------------------------------------------------------------------------------------------ lesson


def header_band(player: Player) -> bytes:
    """The pixels of the table's header line: right of the Menu button, as tall as it (the header is drawn
    only into the canvas; the mirror does not carry it)."""
    button = player.table().button("^Menu$")
    assert button is not None and button.rect is not None
    x, y, w, h = button.rect
    width = player.page.viewport_size["width"] if player.page.viewport_size else PHONE[0]
    clip: FloatRect = {"x": x + w, "y": y, "width": width - (x + w), "height": h}
    return player.page.screenshot(clip=clip)


REFUSAL_WORDS = re.compile(r"\bfollow|\bwere led\b|\bmust\b", re.IGNORECASE)


def this_turn(player: Player, heard: list[str]) -> str:
    """Your turn's prompt, said aloud after the lines ``heard`` (a player listens for it before aiming at a
    card: it comes as the trick before is cleared away)."""
    for _ in range(100):
        turns = [line for line in said_since(heard, player.spoken()) if "Your turn" in line]
        if turns:
            return turns[-1]
        player.page.wait_for_timeout(50)
    raise AssertionError(f"no prompt for your turn after {heard[-1:]}: {player.spoken()[-4:]}")


def hushed(player: Player, *, quiet_ms: int = 500, timeout: float = 10.0) -> list[str]:
    """What the page has said, once it has said nothing new for ``quiet_ms`` (a player hears a note out
    before acting on it)."""
    deadline = time.monotonic() + timeout
    said = player.spoken()
    while time.monotonic() < deadline:
        player.page.wait_for_timeout(quiet_ms)
        now = player.spoken()
        if now == said:
            return now
        said = now
    raise AssertionError(f"the page kept talking for {timeout:.0f} s: {said[-4:]}")


def test_the_lesson_has_its_own_header_and_says_a_refusal_once(phone: BrowserContext, site_url: str) -> None:
    """The lesson's header is not a match's ("Learn to play · Pass left", never "Hand 1 · Pass left · to
    100"), read as pixels beside a new match's header at the same moment. A card refused while you must
    follow is explained in one sentence, once (it used to say "must follow" twice in one breath).

    Not checked: that the "Following suit" note leaves the trick in sight. The page carries neither the
    note's place nor the trick's (only the hand's and the buttons'), so only a picture would tell."""
    player = Player.opened(phone, site_url)
    table = menu(player)
    assert table.dialog is not None
    player.tap(table.dialog.choice("^Learn to play"))
    player.wait_for(lambda t: t.dialog is None and t.button("^Menu$") is not None, what="the lesson")
    lesson_header = header_band(player)

    hand = Hand(player)
    refusal: list[str] = []
    quiet = 0
    heard: list[str] = []  # the lines said aloud by your last move: your turn's prompt comes after them
    while not refusal:
        table = player.table()
        assert table.dialog is None, f"the lesson ended with no card to refuse: {table.dialog}"
        if not is_my_move(table):
            # A note holds the table until it is read: Enter reads on (nothing has the focus then).
            quiet += 1
            if quiet >= 20:
                player.key("Enter")
                quiet = 0
            player.page.wait_for_timeout(50)
            continue
        quiet = 0
        if passing(table):
            hand.step(table)
            heard = player.spoken()
            continue
        table = seen(player, table)
        barred = [card for card in table.hand if card.disabled]
        playable = [card for card in table.hand if not card.disabled]
        turn = this_turn(player, heard)
        if barred and playable and "Follow" in turn:
            before = hushed(player)  # the lesson's "Following suit" note may come just after the prompt
            player.tap_at(*visible_point(barred[0], table.hand))
            player.page.wait_for_timeout(600)
            assert len(player.table().hand) == len(table.hand), "a refused card was played"
            refusal = [line for line in said_since(before, player.spoken()) if REFUSAL_WORDS.search(line)]
            break
        hand.step(table)
        heard = player.spoken()
    assert len(refusal) == 1, refusal
    assert len(REFUSAL_WORDS.findall(refusal[0])) == 1, refusal[0]

    button = player.table().button("^Menu$")
    assert button is not None
    player.tap(button)
    leave = player.titled("^Learn to play$")
    assert leave.dialog is not None
    player.tap(leave.dialog.choice("^Leave"))
    table = menu(player)
    assert table.dialog is not None
    player.tap(table.dialog.choice("^New match"))
    player.wait_for(is_my_move, what="a match's first pass")
    same = header_band(player) == lesson_header
    assert not same, "the lesson's header reads as a match's (the same pixels)"
    player.check()


# ------------------------------------------------------------------------------------------- sound

# Every AudioContext the page makes, kept where a test can see it (set up before the page's own scripts).
WATCH_AUDIO = """(() => {
    window.audioContexts = [];
    window.audioContextsMadeIn = [];  // the type of the event being handled as each was made
    const Made = window.AudioContext;
    window.AudioContext = class extends Made {
        constructor(...args) {
            super(...args);
            window.audioContexts.push(this);
            window.audioContextsMadeIn.push(window.event ? window.event.type : "no event");
        }
    };
    window.webkitAudioContext = window.AudioContext;
})();"""

SOUND_TROUBLE = re.compile(r"Sound is off|could not be loaded|AudioContext", re.IGNORECASE)
"""What the game writes (to stderr, a console warning) when sound fails, and the browser's own words
about an audio context it would not start."""


SAVED_MOVES = """(count) => {
    const text = localStorage.getItem("hearts.match");
    return text !== null && JSON.parse(text).record.moves.length >= count;
}"""
"""Whether the match saved in localStorage has come to ``count`` moves."""


def test_sound_waits_for_the_first_gesture_and_starts_without_an_error(
    browser: Browser, site_url: str
) -> None:
    """A match link taken (a tap), then the page reloaded at once, West to lead and North and East to
    follow: their cards want sounds before this page has had any gesture, and nothing opens an
    AudioContext (browsers refuse sound until then; headless Chromium does not, so the page is watched
    instead). Your first tap, a card played, starts one in its own event (outside the game's frames), and
    it runs; no error and no failure of sound reaches the console."""
    match = match_stopped(
        2024,
        lambda m: m.phase is Phase.PLAY and m.to_move is Seat.WEST and not m.view_for(Seat.SOUTH).trick.cards,
    )
    context = Player.context(browser, PHONE)
    try:
        context.add_init_script(WATCH_AUDIO)
        warnings: list[str] = []
        page = context.new_page()
        page.on("console", lambda said: warnings.append(said.text) if said.type == "warning" else None)
        player = Player(page)
        player.goto(link_for(site_url, match, 2024))
        offer = player.titled("^Play this match here")
        assert offer.dialog is not None
        player.tap(offer.dialog.choice("^Play it here"))
        # Reloaded as soon as the link's match is saved: the bots have three cards to play (a third of a
        # second apart at the least), so most are still to come in the page that has had no gesture.
        player.page.wait_for_function(SAVED_MOVES, arg=len(match.moves), polling=20)
        player.reload()
        table = player.wait_for(is_my_move, what="your turn, after the bots' cards")
        said = " ".join(player.spoken())
        assert re.search(r"(West|North|East) (leads|plays) the", said), said  # their cards were heard of
        assert player.page.evaluate("window.audioContexts.length") == 0, "sound before a gesture"
        Hand(player).step(table)
        player.page.wait_for_function("window.audioContexts.length > 0", timeout=10_000)
        states = player.page.evaluate("window.audioContexts.map((made) => made.state)")
        assert states == ["running"], states
        # Made by the runtime in the tap's own event, not as the mixer opened in one of the game's frames.
        made_in = player.page.evaluate("window.audioContextsMadeIn")
        assert made_in in (["pointerdown"], ["pointerup"], ["touchend"]), made_in
        assert not [line for line in warnings if SOUND_TROUBLE.search(line)], warnings
        player.check()
    finally:
        context.close()
