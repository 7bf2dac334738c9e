"""A table with a friend across two real Chromium pages: the host's ``hearts.friends.HostTable`` in one
page's WebAssembly CPython, a friend's ``GuestTable`` in the other's, joined only by what the pages show
(the invitation link, then the answer link, carried between them as a person would) and a WebRTC data
channel (``web/peers.js`` through ``hearts.peers``).

Each side is a seeded bot standing in for a person, deciding from what its own page holds. The host's end
of the channel checks every message as it leaves, card by card, against what the friend's seat may know
at that moment (``tests/friends/tables.Watched``, the check the in-memory tests use), and the friend's page
must end the hand on exactly the view the host's engine gives its seat.

WebRTC needs a network interface to gather an address on, and a test sends nothing beyond this machine:
like tests/browser/test_peers.py, this file runs itself inside a network namespace of its own
(``../shared/tools/private-net``), server and browser both, and prints what it saw as one JSON line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_NET = ROOT.parent / "shared" / "tools" / "private-net"
SEED = 7
PAGE = """<!doctype html><html lang="en"><title>friends</title>
<script>window.hearts = {};</script><script src="peers.js"></script><body></body></html>"""

HOST = f"""
from hearts.engine import Seat
from hearts.friends import HostTable, invite_link, read_answer
from hearts.peers import PeerChannel, Peers
from friends_tables import Watched

peers = Peers()
table = HostTable(names=("Ada", "Bea", "Cy", "Di"), seed={SEED}, bot_level="easy")
invitation = table.invite(Seat.WEST)
peers.offer("W", "")
result = peers.available
"""

GUEST = """
from hearts.friends import Answer, GuestTable, answer_link, read_invite
from hearts.peers import PeerChannel, Peers

peers = Peers()
opened = read_invite(LINK)
peers.answer("host", opened.offer, "")
result = [opened.invitation.host, opened.invitation.seat.name]
"""

HOST_PLAYS = f"""
import asyncio
from hearts.bots import make_bot
from hearts.deals import seat_seed

south = make_bot("easy", seat_seed({SEED}, Seat.SOUTH))
ticks = 0


async def host_plays():
    global ticks
    table.start()
    while not table.match.results:
        ticks += 1
        assert ticks < 20_000, "the table stalled"
        table.tick()
        if Seat.SOUTH in table.match.awaiting:
            table.play_local(south.decide(table.match.view_for(Seat.SOUTH)))
        await asyncio.sleep(0.002)
    for _ in range(20):  # what the last tick sent is on its way
        table.tick()
        await asyncio.sleep(0.01)


hosting = asyncio.ensure_future(host_plays())
result = True
"""

GUEST_PLAYS = f"""
import asyncio
from hearts.bots import make_bot
from hearts.deals import seat_seed

west = make_bot("easy", seat_seed({SEED}, guest.seat))
acted = None
received = []


async def guest_plays():
    global acted
    while not guest.is_closed:
        guest.tick()
        view = guest.view
        if guest.must_act and view is not None and view is not acted:
            acted = view
            guest.send_move(west.decide(view))
        await asyncio.sleep(0.002)


playing = asyncio.ensure_future(guest_plays())
result = True
"""


# ------------------------------------------------------------------------------ inside the namespace


def _lay_out(folder: Path) -> None:
    """The pages' files: the page, peers.js, Pyodide, and the game's packages with the leak check."""
    from tests.web.wasm import PYODIDE, game_archive

    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    shutil.copy2(ROOT / "web" / "peers.js", folder / "peers.js")
    (folder / "pyodide").symlink_to(PYODIDE, target_is_directory=True)
    tables = ROOT / "tests" / "friends" / "tables.py"
    (folder / "hearts.zip").write_bytes(game_archive({"friends_tables.py": tables}))


def _observe(folder: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    from serve import serving

    from tests.web.conftest import CHROMIUM_ARGS
    from tests.web.wasm import load_pyodide, python

    seen: dict[str, Any] = {"errors": []}
    # Without the rule that resolves no name but 127.0.0.1: the pages' own addresses are mDNS names.
    args = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--host-resolver-rules")]
    with serving(folder) as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=args, headless=True)
        pages = []
        for _ in range(2):
            page = browser.new_context().new_page()
            page.on("pageerror", lambda error: seen["errors"].append(str(error)))
            page.goto(base)
            load_pyodide(page)
            pages.append(page)
        host, guest = pages
        status = "(key) => JSON.parse(hearts.peers.status(key)).state"

        started = time.monotonic()
        assert python(host, HOST) is True
        host.wait_for_function(f"({status})('W') === 'offered'", timeout=15_000)
        invite = python(
            host, 'result = invite_link("https://friends.example/", invitation, peers.status("W").code)'
        )
        seen["invite_chars"] = len(invite)
        seen["opened"] = python(guest, f"LINK = {invite!r}\n" + GUEST)
        guest.wait_for_function(f"({status})('host') === 'answered'", timeout=15_000)
        answer = python(
            guest,
            """
            invitation = opened.invitation
            answer = Answer(
                table=invitation.table, seat=invitation.seat, invite=invitation.invite, guest="Bea",
                answer=peers.status("host").code,
            )
            result = answer_link("https://friends.example/", answer)
            """,
        )
        seen["answer_chars"] = len(answer)
        seen["accepted"] = python(
            host,
            f"answer = read_answer({answer!r})\n"
            "table.check_answer(answer)\n"
            "result = peers.accept('W', answer.answer)",
        )
        host.wait_for_function(f"({status})('W') === 'open'", timeout=20_000)
        guest.wait_for_function(f"({status})('host') === 'open'", timeout=20_000)
        seen["connect_ms"] = round((time.monotonic() - started) * 1000)
        python(
            host,
            "watched = Watched(PeerChannel(peers, 'W'), Seat.WEST, lambda: table, 7)\n"
            "table.connect(Seat.WEST, watched)\n"
            "result = True",
        )
        python(
            guest,
            "link = PeerChannel(peers, 'host')\n"
            "guest = GuestTable(invitation=opened.invitation, name='Bea', link=link)\n"
            "result = True",
        )
        python(guest, GUEST_PLAYS)
        python(host, HOST_PLAYS)
        for _ in range(600):
            if python(host, "result = hosting.done()"):
                break
            host.wait_for_timeout(250)
        seen["host"] = python(
            host,
            """
            from hearts.engine import Pass, Play
            from hearts.friends.public import event_data, view_data
            failed = hosting.exception()
            moves = table.match.moves
            result = {
                "failed": None if failed is None else repr(failed),
                "ticks": ticks,
                "hands": len(table.match.results),
                "scored": event_data(table.match.results[0]) if table.match.results else None,
                "west_view": view_data(table.match.view_for(Seat.WEST)),
                "seats": [status.presence.name for status in table.seats],
                "messages": watched.messages,
                "cards_checked": watched.cards_checked,
                "bytes": sum(len(text.encode()) for text in watched.sent),
                "west_plays": sum(1 for move in moves if isinstance(move, Play) and move.seat is Seat.WEST),
                "west_passes": sum(1 for move in moves if isinstance(move, Pass) and move.seat is Seat.WEST),
            }
            """,
        )
        seen["guest"] = python(
            guest,
            """
            from hearts.engine import HandScored
            from hearts.friends.public import event_data, view_data
            scored = [event for event in guest.take_events() if isinstance(event, HandScored)]
            result = {
                "view": None if guest.view is None else view_data(guest.view),
                "scored": [event_data(event) for event in scored],
                "refusals": [str(reason) for reason in guest.take_refusals()],
                "notices": guest.take_notices(),
                "names": list(guest.names),
            }
            """,
        )
        python(host, "table.close()\nresult = True")
        guest.wait_for_timeout(1500)
        seen["guest_after_close"] = python(guest, "result = [guest.is_closed, guest.take_notices()]")
        browser.close()
    return seen


# ------------------------------------------------------------------------------------------ the test


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    assert PRIVATE_NET.is_file(), f"the namespace tool is missing: put it at {PRIVATE_NET}"
    folder = tmp_path_factory.mktemp("friends-webrtc")
    _lay_out(folder)
    done = subprocess.run(
        [str(PRIVATE_NET), sys.executable, __file__, str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.native
def test_a_friend_joins_by_links_and_plays_a_hand_over_a_data_channel(played: dict[str, Any]) -> None:
    assert played["errors"] == []
    assert played["opened"] == ["Ada", "WEST"]
    assert played["accepted"] is True
    host, guest = played["host"], played["guest"]
    assert host["failed"] is None, host["failed"]  # the leak check raises in the host's page
    assert host["hands"] == 1
    assert host["seats"] == ["HOST", "HERE", "BOT", "BOT"]
    # Every card West played came from the friend's page, and its pass (the next hand's too, if dealt).
    assert host["west_plays"] == 13 and host["west_passes"] >= 1
    assert guest["view"] == host["west_view"]
    assert guest["scored"] == [host["scored"]]
    assert guest["refusals"] == []
    assert guest["names"] == ["Ada", "Bea", "Cy", "Di"]
    assert host["messages"] > 30 and host["cards_checked"] > 13 * 13


def test_the_friend_is_told_in_a_sentence_when_the_host_closes_the_table(played: dict[str, Any]) -> None:
    closed, notices = played["guest_after_close"]
    assert closed is True
    assert len(notices) == 1 and "closed" in notices[0]


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
    os.chdir(ROOT)
    print(json.dumps(_observe(Path(sys.argv[1]))))
