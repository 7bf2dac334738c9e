"""A player at the browser's table: opens the built site in a page, reads the table only as the page shows
it (the mirror of the hand, buttons and dialog, with where each is drawn; what was said aloud;
``window.hearts``) and acts only by real input (a touch, a mouse click, a key)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

Pointer = Literal["touch", "mouse"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # No name but our own server's resolves: nothing reaches another host.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # Frames keep coming in a page that is not in front (two tabs of one window).
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
"""Debian's Chromium as the browser tests and the bench run it."""
BOOT_TIMEOUT_MS = 90_000

# The mirror as the page holds it (web/access.js): every control with its kind, name, state and place.
READ_MIRROR = """() => {
    const place = (node) => {
        const rect = node.getAttribute("data-rect");
        return rect ? rect.split(",").map(Number) : null;
    };
    const control = (node) => ({
        id: node.id,
        name: node.textContent,
        disabled: node.getAttribute("aria-disabled") === "true",
        chosen: node.getAttribute("aria-pressed") === "true" || node.getAttribute("aria-selected") === "true",
        rect: place(node),
    });
    const shown = (id) => { const node = document.getElementById(id); return node && !node.hidden; };
    const all = (selector) => [...document.querySelectorAll(selector)].map(control);
    const hand = document.getElementById("mirror-hand");
    const inHand = shown("mirror-hand");
    return {
        hand: inHand ? all("#mirror-hand [data-kind=card]") : [],
        handLabel: inHand ? hand.getAttribute("aria-label") : null,
        active: inHand ? hand.getAttribute("aria-activedescendant") : null,
        buttons: shown("mirror-buttons") ? all("#mirror-buttons [data-kind=button]") : [],
        dialog: shown("mirror-dialog") ? {
            title: document.getElementById("mirror-dialog-title").textContent,
            lines: [...document.querySelectorAll("#mirror-lines li")].map((li) => li.textContent),
            choices: [...document.querySelectorAll("#mirror-choices [data-kind=choice]")].map(control),
        } : null,
    };
}"""

# The mirror once it has changed: a watch on the document counts its changes (set up once a page load). It
# settles at once if the count is no longer ``seen``, else 30 ms after the next change (a burst is read
# once), or after ``ms``: the reader waits in the page, not in a loop of calls from here.
READ_MIRROR_CHANGED = f"""([seen, ms]) => new Promise((settle) => {{
    let watch = window.__mirrorWatch;
    if (!watch) {{
        watch = window.__mirrorWatch = {{ changes: 0, waiting: [] }};
        new MutationObserver(() => {{
            watch.changes += 1;
            for (const wake of watch.waiting.splice(0)) wake();
        }}).observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }});
    }}
    const read = () => settle({{ changes: watch.changes, mirror: ({READ_MIRROR})() }});
    if (watch.changes !== seen) {{
        read();
        return;
    }}
    const timer = setTimeout(read, ms);
    watch.waiting.push(() => {{ clearTimeout(timer); setTimeout(read, 30); }});
}})"""


@dataclass(frozen=True, slots=True)
class Control:
    """A card or a button as the page's mirror shows it."""

    id: str
    name: str
    disabled: bool
    chosen: bool
    rect: tuple[float, float, float, float] | None

    @property
    def centre(self) -> tuple[float, float]:
        assert self.rect is not None, f"{self.name!r} has no place on the page"
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2


@dataclass(frozen=True, slots=True)
class Dialog:
    title: str
    lines: tuple[str, ...]
    choices: tuple[Control, ...]

    def choice(self, pattern: str) -> Control:
        for choice in self.choices:
            if re.search(pattern, choice.name):
                return choice
        names = [choice.name for choice in self.choices]
        raise AssertionError(f"no choice like {pattern!r} in {self.title!r}: {names}")


@dataclass(frozen=True, slots=True)
class Table:
    """One reading of the mirror."""

    hand: tuple[Control, ...]
    hand_label: str | None
    buttons: tuple[Control, ...]
    dialog: Dialog | None
    active: str | None = None
    """The card the game's keyboard focus is on (with a mouse: the hand is then a listbox)."""

    def button(self, pattern: str) -> Control | None:
        return next((button for button in self.buttons if re.search(pattern, button.name)), None)

    def card(self, name: str) -> Control:
        for card in self.hand:
            if name in (card.name, card.id):
                return card
        raise AssertionError(f"no card {name!r} in the hand: {[c.id for c in self.hand]}")


def controls(items: list[dict[str, Any]]) -> tuple[Control, ...]:
    return tuple(
        Control(
            id=str(item["id"]).rsplit("-", 1)[-1],
            name=item["name"],
            disabled=item["disabled"],
            chosen=item["chosen"],
            rect=tuple(item["rect"]) if item["rect"] else None,  # type: ignore[arg-type]
        )
        for item in items
    )


def is_trouble(message: ConsoleMessage) -> bool:
    """A console line that means something went wrong: an error, or a Python traceback."""
    return message.type == "error" or "Traceback (most recent call last)" in message.text


class Player:
    """One page of the game and the person playing it."""

    def __init__(self, page: Page, *, pointer: Pointer = "touch") -> None:
        self.page = page
        self.pointer = pointer
        self.troubles: list[str] = []
        self._changes_seen = -1
        self._still: tuple[object, float] = ((), 0.0)
        """The hand as last read (its cards, where each lay, the focus) and since when it has lain so."""
        page.on("pageerror", lambda error: self.troubles.append(f"page error: {error}"))
        page.on("console", self._console)
        page.on("crash", lambda _page: self.troubles.append("the page crashed"))

    def _console(self, message: ConsoleMessage) -> None:
        if is_trouble(message):
            self.troubles.append(f"console {message.type}: {message.text}")

    # ----------------------------------------------------------------------------------- opening

    @classmethod
    def context(
        cls,
        browser: Browser,
        size: tuple[int, int],
        *,
        pointer: Pointer = "touch",
        scale: float = 1,
        reduced_motion: bool = False,
    ) -> BrowserContext:
        """A browser profile of its own; ``reduced_motion``: its system asks for less motion."""
        touch = pointer == "touch"
        return browser.new_context(
            viewport={"width": size[0], "height": size[1]},
            device_scale_factor=scale,
            has_touch=touch,
            is_mobile=touch,
            service_workers="allow",
            reduced_motion="reduce" if reduced_motion else "no-preference",
        )

    @classmethod
    def opened(cls, context: BrowserContext, url: str, *, pointer: Pointer = "touch") -> Player:
        player = cls(context.new_page(), pointer=pointer)
        player.goto(url)
        return player

    def goto(self, url: str) -> float:
        """Open ``url`` and wait for the game's first frame; the seconds it took."""
        start = time.perf_counter()
        self.page.goto(url)
        self.wait_started()
        return time.perf_counter() - start

    def reload(self) -> float:
        start = time.perf_counter()
        self.page.reload()
        self.wait_started()
        return time.perf_counter() - start

    def wait_started(self) -> None:
        self.page.wait_for_function(
            "window.hearts && (hearts.hasStarted || hearts.hasFailed)", timeout=BOOT_TIMEOUT_MS
        )
        failure = self.page.evaluate("hearts.hasFailed && document.getElementById('failure').textContent")
        assert not failure, failure
        self.wait_for(lambda table: table.dialog is not None or bool(table.buttons) or bool(table.hand))

    # ----------------------------------------------------------------------------------- reading

    def table(self) -> Table:
        return self._table(self.page.evaluate(READ_MIRROR))

    def changed_table(self, *, within: float = 1.0) -> Table:
        """The table once the page has changed since the last reading by this call (at once if it has
        already), or as it is after ``within`` seconds of no change."""
        try:
            read = self.page.evaluate(READ_MIRROR_CHANGED, [self._changes_seen, int(within * 1000)])
        except PlaywrightError as error:  # the page went to another address (or reloaded) meanwhile
            if "context was destroyed" not in str(error):
                raise
            self.page.wait_for_load_state()
            return self.table()
        self._changes_seen = read["changes"]
        return self._table(read["mirror"])

    def still_for(self, table: Table) -> float:
        """The seconds ``table``'s hand has lain as it does, by this player's readings (0 if it has moved
        since the last)."""
        layout, since = self._still
        return time.monotonic() - since if layout == _layout(table) else 0.0

    def _table(self, raw: dict[str, Any]) -> Table:
        table = self._read(raw)
        layout = _layout(table)
        if layout != self._still[0]:
            self._still = (layout, time.monotonic())
        return table

    @staticmethod
    def _read(raw: dict[str, Any]) -> Table:
        dialog = raw["dialog"]
        return Table(
            hand=controls(raw["hand"]),
            hand_label=raw["handLabel"],
            active=raw["active"].rsplit("-", 1)[-1] if raw["active"] else None,
            buttons=controls(raw["buttons"]),
            dialog=None
            if dialog is None
            else Dialog(
                title=dialog["title"], lines=tuple(dialog["lines"]), choices=controls(dialog["choices"])
            ),
        )

    def spoken(self) -> list[str]:
        return [str(item["text"]) for item in self.page.evaluate("hearts.spoken")]

    def wait_for(self, test: Callable[[Table], bool], *, timeout: float = 30.0, what: str = "") -> Table:
        """The table once ``test`` holds of it (read again each time the page changes)."""
        deadline = time.monotonic() + timeout
        table = self.table()
        while not test(table):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what or 'the table'}; it shows {table}")
            table = self.changed_table(within=min(1.0, max(0.05, deadline - time.monotonic())))
        return table

    def titled(self, pattern: str, *, timeout: float = 30.0) -> Table:
        """The table once a dialog whose title matches ``pattern`` is on top."""
        return self.wait_for(
            lambda t: t.dialog is not None and re.search(pattern, t.dialog.title) is not None,
            timeout=timeout,
            what=f"a dialog like {pattern!r}",
        )

    def line_with(self, text: str) -> str:
        """The first line of the dialog on top that holds ``text``, once one does."""
        table = self.wait_for(
            lambda t: t.dialog is not None and any(text in line for line in t.dialog.lines),
            what=f"a line with {text!r}",
        )
        assert table.dialog is not None
        return next(line for line in table.dialog.lines if text in line)

    def check(self) -> None:
        """No error and no traceback reached the console."""
        assert not self.troubles, "\n".join(self.troubles)

    # ----------------------------------------------------------------------------------- acting

    def tap_at(self, x: float, y: float) -> None:
        if self.pointer == "touch":
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def tap(self, control: Control) -> None:
        self.tap_at(*control.centre)

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)

    def press(self, pattern: str) -> None:
        """Tap the choice of the dialog on top whose name matches ``pattern``."""
        dialog = self.table().dialog
        assert dialog is not None
        self.tap(dialog.choice(pattern))

    def type_in_box(self, text: str) -> None:
        """The page's box for a line of text: typed into, then OK, as a person does."""
        self.page.wait_for_selector("#ask[open]")
        self.page.fill("#ask-text", text)
        self.page.click("#ask-ok")

    def screenshot(self, path: str) -> None:
        self.page.screenshot(path=path)


def said_since(before: list[str], now: list[str]) -> list[str]:
    """The lines of ``now`` said after those of ``before`` (the page keeps the last 50 lines: the oldest
    of ``before`` may have gone)."""
    for new in range(len(now) + 1):
        kept = len(now) - new
        if kept <= len(before) and now[:kept] == before[len(before) - kept :]:
            return now[kept:]
    return now


def visible_point(card: Control, hand: tuple[Control, ...], *, edge: bool = False) -> tuple[float, float]:
    """A point of ``card`` that no card drawn after it covers (the hand is fanned: each card lies on
    the one before), near the middle of what shows of it (``edge``: at the right of what shows)."""
    assert card.rect is not None, f"{card.name!r} has no place on the page"
    later = [other.rect for other in hand[hand.index(card) + 1 :] if other.rect is not None]
    x, y, w, h = card.rect

    def free(px: float, py: float) -> bool:
        return not any(ox <= px < ox + ow and oy <= py < oy + oh for ox, oy, ow, oh in later)

    points = [
        (x + dx, y + dy)
        for dy in range(6, int(h) - 4, 6)
        for dx in range(4, int(w) - 3, 4)
        if free(x + dx, y + dy)
    ]
    assert points, f"{card.name!r} is covered whole"
    if edge:
        right = max(p[0] for p in points) - 4
        column = sorted(p for p in points if p[0] >= right)
        return column[len(column) // 2]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return (mx, my) if free(mx, my) else min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


def is_my_move(table: Table) -> bool:
    """Your cards on the table (all dealt), no dialog over them, and Hint at hand: it is yours to pass or
    play."""
    hint = table.button("^Hint")
    dealt = all(card.rect is not None for card in table.hand)
    return bool(table.hand) and dealt and table.dialog is None and hint is not None and not hint.disabled


def passing(table: Table) -> bool:
    label = table.hand_label or ""
    return "to pass" in label or "press Pass" in label


SEE_MS = 450
"""How long a player looks at a hand laid out anew before aiming at it (the game takes a tap sooner than
0.35 s as aimed at the hand as it lay before: ``hearts.ui.hand_sight``)."""


def _layout(table: Table) -> object:
    return (table.active, [(card.id, card.rect) for card in table.hand])


def seen(player: Player, table: Table) -> Table:
    """The table once its hand (and the focus on it) has lain still for ``SEE_MS``, as a player's eye
    would take it in: at once if the player's readings have found it so for that long already."""
    while (still := player.still_for(table)) * 1000 < SEE_MS:
        player.page.wait_for_timeout(SEE_MS - still * 1000)
        table = player.table()
    return table


class Hand:
    """Plays a hand as a person would, by the player's pointer: the first three cards passed, the first
    playable card played. Returns at the first dialog (the hand's result, the moon's question)."""

    def __init__(self, player: Player, *, choose: Callable[[Table], Control | None] | None = None) -> None:
        self.player = player
        self.choose = choose or (lambda table: next((card for card in table.hand if not card.disabled), None))
        self.played: list[str] = []
        self.passed: list[str] = []

    def step(self, table: Table) -> None:
        player = self.player
        table = seen(player, table)
        if not is_my_move(table):
            return
        if passing(table):
            for card in table.hand:
                if len([c for c in table.hand if c.chosen]) >= 3:
                    break
                if not card.chosen:
                    table = self.choose_to_pass(card, table)
            action = player.wait_for(
                lambda t: (b := t.button("^Pass")) is not None and not b.disabled, what="Pass ready"
            ).button("^Pass")
            assert action is not None
            player.tap(action)
            player.wait_for(lambda t: not passing(t) or t.dialog is not None, what="the pass made")
            return
        self.play_card(table)

    def choose_to_pass(self, card: Control, table: Table) -> Table:
        """Tap ``card`` to pass it; once the hand has lain still again, once more if the game did not take
        the tap (it may take none while, to its eye, the hand is still settling: a person taps again)."""
        player = self.player
        self.passed.append(card.id)

        def chosen(t: Table) -> bool:
            return any(c.id == card.id and c.chosen for c in t.hand)

        player.tap_at(*visible_point(card, table.hand))
        with contextlib.suppress(AssertionError):
            return player.wait_for(chosen, timeout=5.0, what="a card chosen")
        table = seen(player, player.table())
        if not chosen(table):
            player.tap_at(*visible_point(next(c for c in table.hand if c.id == card.id), table.hand))
        return player.wait_for(chosen, what="a card chosen")

    def play_card(self, table: Table) -> None:
        """Tap the card ``choose`` picks, and wait for it to leave the hand."""
        player = self.player
        card = self.choose(table)
        if card is None:  # nothing to play this moment (the hand about to play itself out, say)
            player.page.wait_for_timeout(100)
            return
        count = len(table.hand)
        player.tap_at(*visible_point(card, table.hand))
        self.played.append(card.id)
        player.wait_for(lambda t: len(t.hand) < count or t.dialog is not None, what=f"{card.id} played")

    def play(self, *, timeout: float = 240.0) -> Dialog:
        deadline = time.monotonic() + timeout
        table = self.player.table()
        while time.monotonic() < deadline:
            if table.dialog is not None:
                return table.dialog
            if is_my_move(table):
                self.step(table)
                table = self.player.table()
            else:
                table = self.player.changed_table()
        raise AssertionError(f"the hand did not end in {timeout:.0f} s: {self.player.table()}")
