"""Play friends between real pages of the built site, by what the screens show: the host's page opens
a table and invites West, a friend's page opens the invitation link read off the host's screen (its mirror,
as a screen reader gets it), joins under a name typed in the page's box and shows its answer, which the
host pastes in the same box; then the two connect by WebRTC and the host's table seats the friend. A second
friend's answer is opened in a new tab of the host's browser instead, which passes it to the table's tab.

WebRTC gathers addresses from the machine's network interfaces, and a test must send nothing beyond this
machine: so the pages run in a network namespace (``../shared/tools/private-net``: loopback and a pair of
virtual interfaces that lead nowhere), as ``test_peers.py`` does. This file is the program run inside it
too; it serves the site there, plays the journey and prints what the pages showed as one JSON object.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIZE = (390, 844)


def _journey(site: Path) -> dict[str, Any]:
    from browser_friends import invite_west_and_north, launched_in_private
    from browser_player import Player
    from playwright.sync_api import sync_playwright
    from serve import serving

    seen: dict[str, Any] = {}

    with serving(site) as url, sync_playwright() as driver:
        browser = launched_in_private(driver)
        started = time.monotonic()
        host = Player.opened(Player.context(browser, SIZE), url)
        invitation, to_north = invite_west_and_north(host)
        seen["invitation"] = invitation

        # Two friends open their invitations, their pages starting side by side.
        friend = Player(Player.context(browser, SIZE).new_page())
        other = Player(Player.context(browser, SIZE).new_page())
        friend.page.goto(invitation)
        other.page.goto(to_north)
        friend.wait_started()
        other.wait_started()
        joining = friend.titled("^Join").dialog
        assert joining is not None
        seen["join_title"] = joining.title
        friend.press("^Join$")
        friend.type_in_box("Bea")
        friend.titled("^Your answer$")
        answer = seen["answer"] = friend.line_with("#a=")
        seen["friend_waits"] = friend.line_with("Waiting for")

        host.press("^Paste answer$")  # (on North's invitation: an answer says which seat it is for)
        host.type_in_box(answer)
        seen["seated"] = host.line_with("has taken West's seat")
        host.press("^Done$")
        seen["west"] = host.line_with("West:")
        # Seated, the friend's page waits on its answer's screen until the host starts.
        seen["friend_seated"] = friend.line_with("It begins when")

        # North's answer is opened in a new tab of the host's browser (as a phone's camera would open it):
        # that tab passes it to the one that holds the table.
        other.press("^Join$")
        other.type_in_box("Cy")
        other.titled("^Your answer$")
        tab = Player.opened(host.page.context, other.line_with("#a="))
        seen["tab_says"] = tab.line_with("other tab")
        seen["north"] = host.line_with("North: Cy")
        seen["seconds"] = round(time.monotonic() - started, 1)
        seen["host_troubles"] = host.troubles
        browser.close()
    return seen


@pytest.fixture(scope="module")
def journey(built_site: Path) -> dict[str, Any]:
    from .private_net import journey_in_private  # (not in the namespace: there this file runs alone)

    return journey_in_private(__file__, built_site, timeout=180)


def test_a_friend_joins_by_the_links_the_two_screens_show(journey: dict[str, Any]) -> None:
    assert journey["invitation"].startswith("http://127.0.0.1:") and "#j=" in journey["invitation"]
    assert journey["join_title"] == "Join Host's table, West's seat"
    assert "#a=" in journey["answer"]
    assert journey["friend_waits"] == "Send this answer back to Host. Waiting for Host to open it…"
    assert journey["seated"] == "Bea has taken West's seat."
    assert journey["west"] == "West: Bea, connected."
    assert journey["friend_seated"] == "You are at Host's table. It begins when Host starts it."
    assert journey["tab_says"] == "Sent to your table in the other tab. You can close this one."
    assert journey["north"] == "North: Cy, connected."
    assert journey["host_troubles"] == []


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    print(json.dumps(_journey(Path(os.environ["FRIENDS_SITE"]))))
