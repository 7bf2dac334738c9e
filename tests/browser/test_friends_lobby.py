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
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_NET = ROOT.parent / "shared" / "tools" / "private-net"
SIZE = (390, 844)


def _journey(site: Path) -> dict[str, Any]:
    from browser_player import CHROMIUM, CHROMIUM_ARGS, Player, Table
    from playwright.sync_api import sync_playwright
    from serve import serving

    seen: dict[str, Any] = {}

    def titled(player: Player, pattern: str) -> Table:
        return player.wait_for(
            lambda t: t.dialog is not None and re.search(pattern, t.dialog.title) is not None,
            what=f"a dialog like {pattern!r}",
        )

    def line_with(player: Player, text: str) -> str:
        table = player.wait_for(
            lambda t: t.dialog is not None and any(text in line for line in t.dialog.lines),
            what=f"a line with {text!r}",
        )
        assert table.dialog is not None
        return next(line for line in table.dialog.lines if text in line)

    def press(player: Player, pattern: str) -> None:
        """Tap the choice of the dialog on top whose name matches ``pattern``."""
        dialog = player.table().dialog
        assert dialog is not None
        player.tap(dialog.choice(pattern))

    def type_in_box(player: Player, text: str) -> None:
        """The page's box for a line of text: typed into, then OK, as a person does."""
        player.page.wait_for_selector("#ask[open]")
        player.page.fill("#ask-text", text)
        player.page.click("#ask-ok")

    with serving(site) as url, sync_playwright() as driver:
        # Without the rule that resolves no name but 127.0.0.1: it would also refuse the pages' own addresses,
        # which Chromium names by mDNS. The namespace keeps every packet in.
        args = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--host-resolver-rules")]
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)
        started = time.monotonic()
        host = Player.opened(Player.context(browser, SIZE), url)
        titled(host, "main menu")
        press(host, "^Play friends$")
        titled(host, "^Play friends$")
        # Both invitations made at once (each gathers its addresses meanwhile), then read one by one.
        press(host, "^Invite West$")
        titled(host, "^Invite to West's seat$")
        press(host, "^Done$")
        titled(host, "^Play friends$")
        press(host, "^Invite North$")
        titled(host, "^Invite to North's seat$")
        to_north = line_with(host, "#j=")
        press(host, "^Done$")
        titled(host, "^Play friends$")
        press(host, "^Invite West$")  # the invitation waiting, shown again
        invitation = seen["invitation"] = line_with(host, "#j=")

        # Two friends open their invitations, their pages starting side by side.
        friend = Player(Player.context(browser, SIZE).new_page())
        other = Player(Player.context(browser, SIZE).new_page())
        friend.page.goto(invitation)
        other.page.goto(to_north)
        friend.wait_started()
        other.wait_started()
        joining = titled(friend, "^Join").dialog
        assert joining is not None
        seen["join_title"] = joining.title
        press(friend, "^Join$")
        type_in_box(friend, "Bea")
        titled(friend, "^Your answer$")
        answer = seen["answer"] = line_with(friend, "#a=")
        seen["friend_waits"] = line_with(friend, "Waiting for")

        press(host, "^Paste answer$")  # (on North's invitation: an answer says which seat it is for)
        type_in_box(host, answer)
        seen["seated"] = line_with(host, "has taken West's seat")
        press(host, "^Done$")
        seen["west"] = line_with(host, "West:")
        # Seated, the friend's page waits on its answer's screen until the host starts.
        seen["friend_seated"] = line_with(friend, "It begins when")

        # North's answer is opened in a new tab of the host's browser (as a phone's camera would open it):
        # that tab passes it to the one that holds the table.
        press(other, "^Join$")
        type_in_box(other, "Cy")
        titled(other, "^Your answer$")
        tab = Player.opened(host.page.context, line_with(other, "#a="))
        seen["tab_says"] = line_with(tab, "other tab")
        seen["north"] = line_with(host, "North: Cy")
        seen["seconds"] = round(time.monotonic() - started, 1)
        seen["host_troubles"] = host.troubles
        browser.close()
    return seen


@pytest.fixture(scope="module")
def journey(built_site: Path) -> dict[str, Any]:
    assert PRIVATE_NET.is_file(), f"the namespace tool is missing: put it at {PRIVATE_NET}"
    done = subprocess.run(
        [str(PRIVATE_NET), "env", f"FRIENDS_SITE={built_site}", sys.executable, __file__],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return json.loads(done.stdout.strip().splitlines()[-1])


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
