"""A table with friends across four Chromium pages: ``./build.sh friends-demo [--hands N] [--drop]``.

A host's page and three friends' pages (West, North, East), each a browser context of its own on 127.0.0.1
running the game's Python in Pyodide: the host's ``HostTable`` in one, a ``GuestTable`` in each of the
others. Each friend's page opens the invitation link the host's page wrote and answers with the link its
own page writes, carried between them by this driver as a person would carry them; then every message goes
over a real WebRTC data channel (``web/peers.js`` through ``hearts.peers``). Seeded easy bots stand in for
the people (the screens for friends are not built), each deciding from what its own page holds.

Every message the host sends is checked as it leaves, card by card, against what that seat may know then
(``tests/friends/tables.Watched``, the check of the in-memory tests): ``leaks`` counts the failures. With
``--drop``, North's context is closed mid-hand: the host shows the seat away, a bot covers it after the
grace, a new invitation brings a fresh context back to the seat, and the table plays on.

WebRTC needs a network interface to gather an address on: this runs only inside a network namespace whose
interfaces lead nowhere (``../shared/tools/private-net``, as build.sh runs it), so nothing leaves the
machine. tests/web/test_friends_demo.py runs it and reads the JSON line it prints last.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PRIVATE_NET = ROOT.parent / "shared" / "tools" / "private-net"
NAMESPACE_LINKS = frozenset({"lo", "v0", "v1"})
"""The interfaces private-net makes: loopback and a veth pair that leads nowhere."""
SITE = "https://friends.example/"
"""The address the links are written for (no page opens it: the driver carries the links)."""
FRIENDS = ("WEST", "NORTH", "EAST")
DROPPED = "NORTH"
DROP_AT = 8
"""Cards played in the first hand when the dropped friend's context closes: early enough that the friend is
back before the hand ends."""
TICK_S = 0.002
"""What the pages' loops sleep a tick: the table's pace, a few milliseconds a move."""
QUIET_TICKS = 150
"""Ticks without a move after the last hand before the host stops: every move on its way has landed."""
MOST_TICKS = 60_000
"""A table that has not finished in this many ticks has stalled."""
PAGE = """<!doctype html><html lang="en"><title>friends</title>
<script>window.hearts = {};</script><script src="peers.js"></script><body></body></html>"""

# ------------------------------------------------------------------------------------- the pages' Python

HOST = """
import asyncio
from hearts.bots import make_bot
from hearts.deals import seat_seed
from hearts.engine import Deal, MoonChoice, Pass, Play, Seat
from hearts.friends import HostTable, Presence, invite_link, read_answer
from hearts.friends.messages import decode
from hearts.friends.public import event_data, view_data
from hearts.peers import PeerChannel, Peers
from friends_tables import Watched, digest

FRIENDS = (Seat.WEST, Seat.NORTH, Seat.EAST)
peers = Peers()
table = HostTable(names=("Ada", "West", "North", "East"), seed=SEED, bot_level="easy", grace=GRACE)
south = make_bot("easy", seat_seed(SEED, Seat.SOUTH))
invitations = {}
lines = []  # every friend's connection, as the host's end that checks what leaves
happened = []  # [seat, presence, tick, hand, cards played] at each change of a friend's seat
shown = {}
ticks = 0
resting = False
inviting = False  # the host's player is inviting someone, not playing (their card waits)
hold_at = None  # [hand, cards]: from that moment the host's player invites (the drop's), set by the demo


def moment():
    hand = table.match.hand
    return [table.match.hand_number, 0 if hand is None else hand.played.bit_count()]


def invite(name):
    seat = Seat[name]
    invitations[seat] = table.invite(seat)
    peers.offer(seat.letter, "")


def invitation_link(name):
    seat = Seat[name]
    return invite_link(SITE, invitations[seat], peers.status(seat.letter).code)


def accept(text):
    answer = read_answer(text)
    table.check_answer(answer)
    return peers.accept(answer.seat.letter, answer.answer)


def seat_friend(name):
    seat = Seat[name]
    line = Watched(PeerChannel(peers, seat.letter), seat, lambda: table, SEED, strict=False)
    lines.append(line)
    table.connect(seat, line)


async def step():
    global ticks, inviting, hold_at
    ticks += 1
    if hold_at is not None and moment() >= hold_at:
        inviting, hold_at = True, None
    assert ticks < MOST_TICKS, f"the table stalled at {table.match.phase}"
    table.tick()
    if table.is_started and not (resting or inviting) and Seat.SOUTH in table.match.awaiting:
        table.play_local(south.decide(table.match.view_for(Seat.SOUTH)))
    for seat in FRIENDS:
        presence = table.status(seat).presence.name
        if shown.get(seat) != presence:
            shown[seat] = presence
            happened.append([seat.name, presence, ticks, *moment()])
    await asyncio.sleep(TICK_S)


async def host_plays():
    global resting
    while any(table.status(seat).presence is not Presence.HERE for seat in FRIENDS):
        await step()
    table.start()
    while len(table.match.results) < HANDS and not table.match.is_over:
        await step()
    resting = True  # South plays no more: the table settles where it waits for South
    quiet = 0
    while quiet < QUIET_TICKS:
        moves = table.match.move_count
        await step()
        quiet = quiet + 1 if table.match.move_count == moves else 0


def sent():  # what each friend's seat was sent on its last line (its digest), once the table has closed
    return {line.seat.name: digest(line.sent) for line in lines}


def report():
    hands = len(table.match.results)
    dealt = cards = 0
    by_seat = {seat.name: 0 for seat in FRIENDS}
    for move in table.match.moves:
        if isinstance(move, Deal):
            dealt += 1
        elif isinstance(move, Play) and dealt <= hands:
            cards += 1
        if isinstance(move, Pass | Play | MoonChoice) and move.seat.name in by_seat:
            by_seat[move.seat.name] += 1
    sent_by_friends = {seat.name: 0 for seat in FRIENDS}
    line_moves = []
    refused = 0
    for line in lines:
        kinds = [decode(text, table=table.table, from_host=False).kind for text in line.received]
        moves = sum(1 for kind in kinds if kind in ("pass", "play", "moon"))
        sent_by_friends[line.seat.name] += moves
        line_moves.append([line.seat.name, moves])
        refused += sum(1 for text in line.sent if '"kind":"refused"' in text)
    texts = [text for line in lines for text in (*line.sent, *line.received)]
    return {
        "failed": None if hosting.exception() is None else repr(hosting.exception()),
        "hands": hands,
        "cards_played": cards,
        "messages": len(texts),
        "bytes": sum(len(text.encode()) for text in texts),
        "leaks": sum(len(line.failures) for line in lines),
        "first_leaks": [failure for line in lines for failure in line.failures][:3],
        "cards_checked": sum(line.cards_checked for line in lines),
        "refused": refused,
        "moves": by_seat,
        "moves_sent": sent_by_friends,
        "line_moves": line_moves,
        "happened": happened,
        "seats": [status.presence.name for status in table.seats],
        "views": {seat.name: view_data(table.match.view_for(seat)) for seat in FRIENDS},
        "scored": [event_data(event) for event in table.match.results],
        "ticks": ticks,
    }
"""

GUEST = """
import asyncio
from hearts.bots import make_bot
from hearts.deals import seat_seed
from hearts.engine import HandScored
from hearts.friends import Answer, GuestTable, answer_link, read_invite
from hearts.friends.public import event_data, view_data
from hearts.peers import PeerChannel, Peers
from friends_tables import Kept, digest

peers = Peers()
guest = None
scored = []


def open_invitation(text):
    global opened
    opened = read_invite(text)
    peers.answer("host", opened.offer, "")
    return [opened.invitation.host, opened.invitation.seat.name]


def answer_text(name):
    invitation = opened.invitation
    answer = Answer(
        table=invitation.table, seat=invitation.seat, invite=invitation.invite, guest=name,
        answer=peers.status("host").code,
    )
    return answer_link(SITE, answer)


async def guest_plays(name):
    global guest, line  # (line: the page's own end of its line to the host, keeping what arrives)
    line = Kept(PeerChannel(peers, "host"))
    guest = GuestTable(invitation=opened.invitation, name=name, link=line)
    bot = make_bot("easy", seat_seed(SEED, guest.seat))
    acted = None
    while not guest.is_closed:
        guest.tick()
        scored.extend(event for event in guest.take_events() if isinstance(event, HandScored))
        view = guest.view
        if guest.must_act and view is not None and view is not acted:
            acted = view
            guest.send_move(bot.decide(view))
        await asyncio.sleep(TICK_S)


def report():
    return {
        "view": None if guest.view is None else view_data(guest.view),
        "scored": [event_data(event) for event in scored],
        "refusals": [str(reason) for reason in guest.take_refusals()],
        "notices": guest.take_notices(),
        "names": list(guest.names),
        "closed": guest.is_closed,
        "received": digest(line.received),
    }
"""

# ---------------------------------------------------------------------------------------------- the site


def lay_out(folder: Path) -> None:
    """The pages' files: the page, peers.js, Pyodide, and the game's packages with the leak check."""
    import shutil

    from tests.web.wasm import PYODIDE, game_archive

    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    shutil.copy2(ROOT / "web" / "peers.js", folder / "peers.js")
    (folder / "pyodide").symlink_to(PYODIDE, target_is_directory=True)
    tables = ROOT / "tests" / "friends" / "tables.py"
    (folder / "hearts.zip").write_bytes(game_archive({"friends_tables.py": tables}))


def in_namespace() -> bool:
    """Whether this process sees only the interfaces private-net makes (nothing it sends leaves)."""
    import socket

    return {name for _, name in socket.if_nameindex()} <= NAMESPACE_LINKS


# -------------------------------------------------------------------------------------------- the driver


class Demo:
    """The four pages (five with ``--drop``: the fresh context the dropped friend comes back in) and
    what the driver saw of them."""

    def __init__(self, browser: Any, base: str, *, seed: int, hands: int, grace: int, drop: bool) -> None:
        self.browser = browser
        self.base = base
        self.errors: list[str] = []
        self.link_chars = 0
        prelude = (
            f"SEED = {seed}\nHANDS = {hands}\nGRACE = {grace}\nSITE = {SITE!r}\nTICK_S = {TICK_S}\n"
            f"QUIET_TICKS = {QUIET_TICKS}\nMOST_TICKS = {MOST_TICKS}\n"
        )
        self.contexts: dict[str, Any] = {}
        self.host = self.open("HOST")
        self.guests = {seat: self.open(seat) for seat in FRIENDS}
        self.spare = self.open("SPARE") if drop else None
        pages = [self.host, *self.guests.values(), *([self.spare] if self.spare else [])]
        start_pyodide(pages)
        self.run(self.host, prelude + HOST + "\nresult = True")
        for page in pages[1:]:
            self.run(page, prelude + GUEST + "\nresult = True")

    def open(self, name: str) -> Any:
        context = self.browser.new_context()
        self.contexts[name] = context
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        page.goto(self.base)
        return page

    @staticmethod
    def run(page: Any, code: str) -> Any:
        from tests.web.wasm import python

        return python(page, code)

    def host_says(self, expression: str) -> Any:
        return self.run(self.host, f"result = {expression}")

    def join(self, guests: dict[str, Any]) -> None:
        """Each of ``guests`` (seat: page) joins as a person would: the host invites, the friend's page
        opens the invitation link and answers, the host's page takes the answer link; until each channel
        is open at both ends. The seats go through each step together."""
        for seat in guests:
            self.run(self.host, f"invite({seat!r})\nresult = True")
        for seat in guests:
            wait_for_state(self.host, seat[0], "offered")
        for seat, page in guests.items():
            link = self.host_says(f"invitation_link({seat!r})")
            self.link_chars = max(self.link_chars, len(link))
            opened = self.run(page, f"result = open_invitation({link!r})")
            assert opened == ["Ada", seat], opened
        for seat, page in guests.items():
            wait_for_state(page, "host", "answered")
            answer = self.run(page, f"result = answer_text({seat.title()!r})")
            self.link_chars = max(self.link_chars, len(answer))
            assert self.host_says(f"accept({answer!r})") is True, f"the host refused {seat}'s answer"
        for seat, page in guests.items():
            wait_for_state(self.host, seat[0], "open")
            wait_for_state(page, "host", "open")

    def seat(self, guests: dict[str, Any]) -> None:
        """Hand each open channel to the table, and start each friend's page playing."""
        for seat, page in guests.items():
            self.run(self.host, f"seat_friend({seat!r})\nresult = True")
            self.run(page, f"playing = asyncio.ensure_future(guest_plays({seat.title()!r}))\nresult = True")

    def play(self) -> dict[str, Any]:
        started = time.monotonic()
        self.join(self.guests)
        connect_ms = round((time.monotonic() - started) * 1000)
        self.seat(self.guests)
        if self.spare is not None:  # the host's own card waits at the drop, however fast the table runs
            self.run(self.host, f"hold_at = [1, {DROP_AT}]\nresult = True")
        self.run(self.host, "hosting = asyncio.ensure_future(host_plays())\nresult = True")
        drop: dict[str, Any] = {}
        while not self.host_says("hosting.done()"):
            if self.spare is not None:
                self.drop_and_return(drop)
            self.host.wait_for_timeout(40)
        assert self.spare is None or "joined" in drop, f"the table ended before the friend was back: {drop}"
        seen: dict[str, Any] = self.host_says("report()")
        seen["connect_ms"] = connect_ms
        seen["link_chars"] = self.link_chars
        if self.spare is not None:
            seen["drop"] = drop
        seen["guests"] = {seat: self.run(page, "result = report()") for seat, page in self.guests.items()}
        self.run(self.host, "table.close()\nresult = True")
        for page in self.guests.values():
            for _ in range(100):
                if self.run(page, "result = guest.is_closed"):
                    break
                page.wait_for_timeout(50)
        seen["after_close"] = {
            seat: self.run(page, "result = report()") for seat, page in self.guests.items()
        }
        seen["sent"] = self.host_says("sent()")
        seen["errors"] = self.errors
        return seen

    def drop_and_return(self, drop: dict[str, Any]) -> None:
        """One step of the drop: close the friend's context mid-hand, then once a bot covers the seat,
        bring the friend back in the fresh context through a new invitation. While the host's player
        invites, their own card waits (as a person's would), so the friend is back within the hand."""
        if "closed" not in drop:
            # At the drop's moment the host's page stops its own player (``hold_at``): their card waits
            # until the friend is back (the host's player is busy inviting), so the hand cannot end
            # first, however slowly this side looks on a busy machine.
            if self.host_says("inviting"):
                drop["closed"] = self.host_says("moment()")  # the moment just before it closed
                self.contexts[DROPPED].close()
        elif (
            "joined" not in drop
            and self.host_says(f"table.status(Seat.{DROPPED}).presence.name") == "COVERED"
        ):
            assert self.spare is not None
            self.guests[DROPPED] = self.spare
            self.join({DROPPED: self.spare})
            self.seat({DROPPED: self.spare})
            while self.host_says(f"table.status(Seat.{DROPPED}).presence.name") != "HERE":
                self.host.wait_for_timeout(10)
            self.run(self.host, "inviting = False\nresult = True")
            drop["joined"] = self.host_says("moment()")


def start_pyodide(pages: list[Any]) -> None:
    """Load Pyodide with the game in every page at once (a few seconds each), and wait for them all."""
    from tests.web.wasm import LOAD

    for page in pages:
        page.evaluate(
            f"""(args) => {{
                window.pyodideLoaded = null;
                ({LOAD})(args).then(() => {{ window.pyodideLoaded = "ok"; }},
                                    (error) => {{ window.pyodideLoaded = String(error); }});
            }}""",
            {"pyodide": "pyodide/", "archive": "hearts.zip"},
        )
    for page in pages:
        page.wait_for_function("() => window.pyodideLoaded !== null", timeout=120_000)
        loaded = page.evaluate("window.pyodideLoaded")
        assert loaded == "ok", loaded
        assert page.evaluate("window.pyodideJspi") is False, "Pyodide took the stack-switching (JSPI) path"


def wait_for_state(page: Any, key: str, state: str) -> None:
    page.wait_for_function(
        "([key, state]) => JSON.parse(hearts.peers.status(key)).state === state",
        arg=[key, state],
        timeout=20_000,
    )


@contextmanager
def chromium() -> Iterator[Any]:
    from browser_friends import launched_in_private
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = launched_in_private(driver)
        try:
            yield browser
        finally:
            browser.close()


def observe(*, seed: int, hands: int, grace: int, drop: bool) -> dict[str, Any]:
    """Play the table and return everything seen (the summary line is a part of it: ``summary``)."""
    from serve import serving

    with tempfile.TemporaryDirectory(prefix="friends-demo-") as folder, chromium() as browser:
        lay_out(Path(folder))
        with serving(Path(folder)) as base:
            return Demo(browser, base, seed=seed, hands=hands, grace=grace, drop=drop).play()


def summary(seen: dict[str, Any]) -> dict[str, Any]:
    """The one line: the issue's seven figures, then what the drop did, then what went wrong if anything."""
    line = {key: seen[key] for key in ("hands", "cards_played", "messages", "bytes", "leaks")}
    line |= {"link_chars": seen["link_chars"], "connect_ms": seen["connect_ms"]}
    in_step = [seat for seat, guest in seen["guests"].items() if guest["view"] == seen["views"][seat]]
    line["in_step"] = in_step
    if "drop" in seen:
        shown = [
            (presence, hand, cards) for seat, presence, _, hand, cards in seen["happened"] if seat == DROPPED
        ]
        line["dropped"] = [DROPPED, *seen["drop"].get("closed", [])]
        # Each as the host's page showed it: [hand, cards played in it] (none: it never did).
        for key, presence in (("away", "AWAY"), ("covered", "COVERED"), ("rejoined", "HERE")):
            found = [[hand, cards] for shown_as, hand, cards in shown[1:] if shown_as == presence]
            line[key] = found[0] if found else None
        line["covered_moves"] = seen["moves"][DROPPED] - seen["moves_sent"][DROPPED]
        line["returned_moves"] = [moves for seat, moves in seen["line_moves"] if seat == DROPPED][-1]
    line["refused"] = seen["refused"]
    for key in ("failed", "first_leaks", "errors"):
        if seen[key]:
            line[key] = seen[key]
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./build.sh friends-demo", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    parser.add_argument("--drop", action="store_true", help="close North's page mid-hand, then rejoin")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--grace", type=int, default=100, help="ticks a friend is waited for (default 100)")
    parser.add_argument("--full", action="store_true", help="print everything seen, as a JSON line first")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands is at least 1")
    if not in_namespace():
        print(
            "friends-demo: WebRTC must not reach a real network here: run it inside "
            f"{PRIVATE_NET} (./build.sh friends-demo does).",
            file=sys.stderr,
        )
        return 2
    sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
    seen = observe(seed=args.seed, hands=args.hands, grace=args.grace, drop=args.drop)
    line = summary(seen)
    if args.full:
        print(json.dumps(seen), flush=True)
    print(json.dumps(line), flush=True)
    broken = line.get("failed") or line["leaks"] or line.get("errors") or len(line["in_step"]) != len(FRIENDS)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
