"""What the browser journeys of Play friends share (tests/browser/test_friends_play.py and test_peers.py, and
tools/friends_demo.py, each run alone inside a network namespace of its own):
Chromium launched there once its network has settled, and the host's first steps, West and North invited."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterable
from pathlib import Path

from browser_player import CHROMIUM, CHROMIUM_ARGS, Player
from playwright.sync_api import Browser, Playwright

TENTATIVE = 0x40
"""IFA_F_TENTATIVE, among an IPv6 address's flags in /proc/net/if_inet6: still being checked for a
duplicate on its link, so not yet in use."""


def settling_links() -> list[str]:
    """The network interfaces of this process's namespace whose IPv6 is not yet in use (``settling_in``), by
    name: loopback aside, and none with IPv6 off (on the interface, or on the whole machine)."""
    table = Path("/proc/net/if_inet6")
    if not table.exists():
        return []
    links = [name for _, name in socket.if_nameindex() if name != "lo" and not ipv6_off(name)]
    return settling_in(table.read_text(), links)


def ipv6_off(link: str) -> bool:
    switch = Path("/proc/sys/net/ipv6/conf", link, "disable_ipv6")
    return switch.exists() and switch.read_text().strip() == "1"


def settling_in(table: str, links: Iterable[str]) -> list[str]:
    """Which of ``links`` have no address yet in ``table``, a reading of /proc/net/if_inet6 (an interface is
    given its link-local address only once it is up at both ends), or one still tentative (an address's flags
    are its fifth column, the interface's name its sixth)."""
    rows = [line.split() for line in table.splitlines() if line.strip()]
    tentative = {row[5] for row in rows if int(row[4], 16) & TENTATIVE}
    addressed = {row[5] for row in rows}
    return sorted(link for link in links if link in tentative or link not in addressed)


def network_settled(*, timeout: float = 10.0) -> None:
    """Wait until every interface of the namespace has its IPv6 address in use. A new veth's link-local
    address comes a moment after the link is up and stays tentative for a second or two; the moment it comes
    into use, Chromium takes the network to have changed and fails every request in flight
    (ERR_NETWORK_CHANGED), so a page booting then loses its runtime."""
    deadline = time.monotonic() + timeout
    while settling := settling_links():
        if time.monotonic() > deadline:
            raise RuntimeError(f"no IPv6 address in use on {', '.join(settling)} after {timeout:.0f} s")
        time.sleep(0.05)


def launched_in_private(driver: Playwright) -> Browser:
    """Chromium for a page inside the namespace, once its network has settled (``network_settled``).
    Without the rule that resolves no name but 127.0.0.1: it would also refuse the pages' own addresses,
    which Chromium names by mDNS (a random name ending ".local"). The namespace keeps every packet in."""
    network_settled()
    args = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--host-resolver-rules")]
    return driver.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)


def invite_west_and_north(host: Player) -> tuple[str, str]:
    """From the main menu: both invitations made at once (each gathers its addresses meanwhile), then
    West's shown again. The links to West's seat and to North's."""
    host.titled("main menu")
    host.press("^Play friends$")
    host.titled("^Play friends$")
    host.press("^Invite West$")
    host.titled("^Invite to West's seat$")
    host.press("^Done$")
    host.titled("^Play friends$")
    host.press("^Invite North$")
    host.titled("^Invite to North's seat$")
    to_north = host.line_with("#j=")
    host.press("^Done$")
    host.titled("^Play friends$")
    host.press("^Invite West$")  # the invitation waiting, shown again
    return host.line_with("#j="), to_north
