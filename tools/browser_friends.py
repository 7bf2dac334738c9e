"""What the browser journeys of Play friends share (tests/browser/test_friends_lobby.py and
test_friends_play.py, each run alone inside a network namespace of its own): Chromium launched for it, and
the host's first steps, West and North invited."""

from __future__ import annotations

from browser_player import CHROMIUM, CHROMIUM_ARGS, Player
from playwright.sync_api import Browser, Playwright


def launched_in_private(driver: Playwright) -> Browser:
    """Chromium without the rule that resolves no name but 127.0.0.1: it would also refuse the pages' own
    addresses, which Chromium names by mDNS. The namespace keeps every packet in."""
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
