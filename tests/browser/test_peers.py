"""The page's data channels for a table with friends (``web/peers.js``), between real Chromium pages.

WebRTC gathers its addresses from the machine's network interfaces, and a test must send nothing beyond this
machine's loopback. So the pages run in network namespaces this test makes: one with loopback and a pair of
virtual interfaces that lead nowhere (``../shared/tools/private-net``), where two pages reach each other; and
one with nothing up at all (``unshare -n``), where there is no address to offer. This file is the program run
inside them, too: it plays each situation through ``window.hearts.peers`` exactly as the game does, and prints
what the pages said as one JSON object, which the tests below read.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.xdist_group("peers")  # (one run of the pages, which its tests share)

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_NET = ROOT.parent / "shared" / "tools" / "private-net"
PEERS_JS = ROOT / "web" / "peers.js"

CODE_LIMIT = 160
"""The longest code an offer or answer may have on one network with one address (a link of the site's
address, a seat and a name around it stays a QR code a phone reads at arm's length)."""

MESSAGES = 40


# ------------------------------------------------------------------------------ inside the namespace


def _status(page: Any, key: str) -> dict[str, str]:
    return json.loads(page.evaluate("(key) => hearts.peers.status(key)", key))


def _settled(page: Any, key: str, *, leaving: tuple[str, ...], timeout_ms: int = 15_000) -> dict[str, str]:
    page.wait_for_function(
        "([key, leaving]) => !leaving.includes(JSON.parse(hearts.peers.status(key)).state)",
        arg=[key, list(leaving)],
        timeout=timeout_ms,
    )
    return _status(page, key)


def _with_port(code: str, port: int) -> str:
    """``code`` with its last address's port changed (the code's last two bytes)."""
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[-2:] = port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def _observe(situation: str) -> dict[str, Any]:
    from browser_friends import launched_in_private
    from playwright.sync_api import sync_playwright

    seen: dict[str, Any] = {"errors": []}
    with sync_playwright() as driver:
        browser = launched_in_private(driver)

        def open_page() -> Any:
            page = browser.new_context().new_page()
            page.on("pageerror", lambda error: seen["errors"].append(str(error)))
            page.on(
                "console", lambda message: message.type == "error" and seen["errors"].append(message.text)
            )
            page.add_init_script("window.hearts = {}; window.heartsConnectMs = 4000;")
            page.goto("about:blank")
            page.evaluate("window.hearts = {}; window.heartsConnectMs = 4000;")
            page.add_script_tag(path=str(PEERS_JS))
            return page

        host, guest = open_page(), open_page()
        seen["available"] = host.evaluate("hearts.peers.available")
        if situation == "nothing-up":
            host.evaluate("hearts.peers.offer('west', '')")
            seen["offer"] = _settled(host, "west", leaving=("gathering",))
            browser.close()
            return seen

        started = time.monotonic()
        host.evaluate("hearts.peers.offer('west', '')")
        offer = seen["offer"] = _settled(host, "west", leaving=("gathering",))
        guest.evaluate("([code]) => hearts.peers.answer('host', code, '')", [offer["code"]])
        answer = seen["answer"] = _settled(guest, "host", leaving=("gathering",))
        seen["offer_as_answer"] = host.evaluate("([c]) => hearts.peers.accept('west', c)", [offer["code"]])
        seen["accepted"] = host.evaluate("([c]) => hearts.peers.accept('west', c)", [answer["code"]])
        seen["accepted_twice"] = host.evaluate("([c]) => hearts.peers.accept('west', c)", [answer["code"]])
        seen["host_open"] = _settled(host, "west", leaving=("connecting",))
        seen["guest_open"] = _settled(guest, "host", leaving=("answered",))
        seen["connect_ms"] = round((time.monotonic() - started) * 1000)

        for index in range(MESSAGES):
            host.evaluate("([i]) => hearts.peers.send('west', 'to guest ' + i)", [index])
            guest.evaluate("([i]) => hearts.peers.send('host', 'to host ' + i)", [index])
        seen["oversize_sent"] = host.evaluate("hearts.peers.send('west', 'x'.repeat(70000))")
        seen["to_nobody"] = host.evaluate("hearts.peers.send('north', 'hello')")
        seen["guest_got"], seen["host_got"] = [], []
        for _round in range(50):
            seen["guest_got"] += json.loads(guest.evaluate("hearts.peers.take('host')"))
            seen["host_got"] += json.loads(host.evaluate("hearts.peers.take('west')"))
            if len(seen["guest_got"]) >= MESSAGES and len(seen["host_got"]) >= MESSAGES:
                break
            host.wait_for_timeout(100)

        damaged = [
            "",
            "AAAA",
            offer["code"][: len(offer["code"]) // 2],
            offer["code"] + "AA",
            "not a code!",
            "A" * 2000,
        ]
        damaged.append("Ag" + offer["code"][2:])  # another version of the layout
        seen["damaged"] = []
        for index, code in enumerate(damaged):
            key = f"damaged{index}"
            guest.evaluate("([key, code]) => hearts.peers.answer(key, code, '')", [key, code])
            seen["damaged"].append(_settled(guest, key, leaving=("gathering",)))
        seen["answer_to_an_answer"] = None
        guest.evaluate("([code]) => hearts.peers.answer('again', code, '')", [answer["code"]])
        seen["answer_to_an_answer"] = _settled(guest, "again", leaving=("gathering",))

        # An answer whose address leads nowhere: the host says so in its own time, and never hangs.
        host.evaluate("hearts.peers.offer('north', '')")
        north = _settled(host, "north", leaving=("gathering",))
        other = open_page()
        other.evaluate("([code]) => hearts.peers.answer('host', code, '')", [north["code"]])
        nowhere = _with_port(_settled(other, "host", leaving=("gathering",))["code"], 9)
        other.close()
        host.evaluate("([c]) => hearts.peers.accept('north', c)", [nowhere])
        seen["nowhere"] = _settled(host, "north", leaving=("connecting",), timeout_ms=30_000)

        # A STUN server that never answers (an address inside the namespace): the offer comes anyway.
        started = time.monotonic()
        host.evaluate("hearts.peers.offer('east', 'stun:198.18.0.2:3478')")
        seen["silent_stun"] = _settled(host, "east", leaving=("gathering",), timeout_ms=15_000)
        seen["silent_stun_ms"] = round((time.monotonic() - started) * 1000)

        host.evaluate("hearts.peers.close('west')")
        seen["after_host_closed"] = _settled(guest, "host", leaving=("open",))
        seen["closed_on_host"] = _status(host, "west")
        browser.close()
    return seen


# ------------------------------------------------------------------------------------------ the tests


def _run(*command: str) -> dict[str, Any]:
    done = subprocess.run(
        [*command, sys.executable, __file__], capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def between() -> dict[str, Any]:
    """Two pages (and a third) in a namespace with one network that leads nowhere."""
    assert PRIVATE_NET.is_file(), f"the namespace tool is missing: put it at {PRIVATE_NET}"
    return _run(str(PRIVATE_NET), "env", "PEERS_SITUATION=between")


def test_two_pages_connect_with_short_codes_and_talk_both_ways_in_order(between: dict[str, Any]) -> None:
    assert between["errors"] == []
    assert between["available"] is True
    assert between["offer"]["state"] == "offered"
    assert between["answer"]["state"] == "answered"
    for code in (between["offer"]["code"], between["answer"]["code"]):
        assert 0 < len(code) <= CODE_LIMIT, code
    assert between["accepted"] is True
    assert between["host_open"]["state"] == between["guest_open"]["state"] == "open"
    assert between["guest_got"] == [f"to guest {index}" for index in range(MESSAGES)]
    assert between["host_got"] == [f"to host {index}" for index in range(MESSAGES)]


def test_what_cannot_be_sent_or_accepted_is_refused_plainly(between: dict[str, Any]) -> None:
    assert between["offer_as_answer"] is False
    assert between["accepted_twice"] is False
    assert between["oversize_sent"] is False
    assert between["to_nobody"] is False


def test_a_damaged_cut_or_foreign_code_fails_as_a_bad_code(between: dict[str, Any]) -> None:
    assert [status["reason"] for status in between["damaged"]] == ["bad-code"] * len(between["damaged"])
    assert {status["state"] for status in between["damaged"]} == {"failed"}
    assert between["answer_to_an_answer"] == {"state": "failed", "code": "", "reason": "bad-code"}


def test_an_answer_that_leads_nowhere_fails_as_no_route(between: dict[str, Any]) -> None:
    assert between["nowhere"]["state"] == "failed"
    assert between["nowhere"]["reason"] == "no-route"


def test_a_stun_server_that_never_answers_does_not_keep_the_offer(between: dict[str, Any]) -> None:
    assert between["silent_stun"]["state"] == "offered"
    assert 0 < len(between["silent_stun"]["code"]) <= CODE_LIMIT


def test_the_guest_sees_the_host_close(between: dict[str, Any]) -> None:
    assert between["after_host_closed"]["state"] == "closed"
    assert between["closed_on_host"]["state"] == "none"


def test_with_no_network_up_the_offer_fails_saying_there_is_no_address() -> None:
    nothing = _run("unshare", "-n", "env", "PEERS_SITUATION=nothing-up")
    assert nothing["errors"] == []
    assert nothing["offer"] == {"state": "failed", "code": "", "reason": "no-address"}


# Inside a fresh namespace: its addresses as it starts (read by the shell at once: a Python starting on a busy
# machine may come too late to see them settling), and which interfaces are still settling once the journeys'
# launcher has waited for its network.
SETTLING_NOW = """
import json, sys
sys.path.insert(0, {tools!r})
from browser_friends import network_settled, settling_links

network_settled()
print(json.dumps(settling_links()))
"""


def test_chromium_starts_in_a_namespace_only_once_its_addresses_are_in_use() -> None:
    """A new veth's IPv6 address comes a moment after the link is up and is tentative for a second or two;
    its coming into use would fail the requests of a page booting at that moment (seen once: the host's page
    could not fetch its runtime)."""
    assert PRIVATE_NET.is_file(), f"the namespace tool is missing: put it at {PRIVATE_NET}"
    code = SETTLING_NOW.format(tools=str(ROOT / "tools"))
    shell = 'cat /proc/net/if_inet6; echo; exec "$@"'
    command = [str(PRIVATE_NET), "sh", "-c", shell, "sh", sys.executable, "-c", code]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    from browser_friends import settling_in  # (here: run as a script, this file finds tools/ only later)

    table, _, last = done.stdout.partition("\n\n")
    assert settling_in(table, ["v0", "v1"]) == ["v0", "v1"], table
    assert json.loads(last) == []


if __name__ == "__main__":
    import os

    sys.path.insert(0, str(ROOT / "tools"))
    print(json.dumps(_observe(os.environ["PEERS_SITUATION"])))
