"""A table with friends played between real pages of the built site, by what the screens show and by
real touches: the host's page invites West and North (East stays a computer player), the friends' pages
join by the links read off the screens (West's answer pasted into the host's page, North's opened in a
new tab of the host's browser, as a phone's camera would open it, which passes it to the tab that holds
the table), the host starts, and the three people play a whole hand, each from their own seat. Then, in
the second hand, West's page is closed: the host's page says West has gone, a bot covers the seat, the
host invites West again from the table's menu and a fresh page takes the seat and plays on. Last, the
host's page reloads mid-hand and opens the table where it was.

WebRTC needs a network interface to gather an address on, and a test sends nothing beyond this machine:
the pages run in a network namespace of their own (``../shared/tools/private-net``: loopback and a pair of
virtual interfaces that lead nowhere), where Chromium's WebRTC gathers a host candidate and the pages'
data channels carry the game. This file is also the program run inside it, printing what the pages
showed as one JSON object.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from browser_player import Hand, Player, Table
    from playwright.sync_api import Browser, BrowserContext


pytestmark = pytest.mark.xdist_group("friends-play")  # (one run of the pages, which its tests share)

ROOT = Path(__file__).resolve().parents[2]
SIZE = (390, 844)
FRIENDS = {"West": "Bea", "North": "Cy"}


# ------------------------------------------------------------------------------------- the screens


def has_said(player: Player, text: str) -> bool:
    """Whether one of the last lines said aloud on ``player``'s page (the page keeps 50) holds ``text``."""
    return any(text in line for line in player.spoken())


def wait_said(player: Player, text: str, *, timeout: float = 30.0) -> str:
    """The last line said aloud on ``player``'s page that holds ``text``, once one does."""
    deadline = time.monotonic() + timeout
    while True:
        lines = player.spoken()
        found = next((line for line in reversed(lines) if text in line), None)
        if found is not None:
            return found
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s to hear {text!r}; heard {lines[-6:]}"
        player.page.wait_for_timeout(50)


# ------------------------------------------------------------------------------------- the journey


class Seen:
    """Every card each page's mirror listed in its hand, by seat, and each hand's first full reading."""

    def __init__(self) -> None:
        self.cards: dict[str, set[str]] = {}
        self.dealt: dict[str, list[str]] = {}

    def kept(self, hands: dict[str, Hand]) -> dict[str, Any]:
        """What was seen, and what each page passed, as JSON."""
        return {
            "seen": {seat: sorted(cards) for seat, cards in self.cards.items()},
            "dealt": self.dealt,
            "passed": {seat: list(hand.passed) for seat, hand in hands.items()},
        }

    def read(self, seat: str, table: Table) -> None:
        ids = [card.id for card in table.hand]
        self.cards.setdefault(seat, set()).update(ids)
        if len(ids) == 13 and seat not in self.dealt:
            self.dealt[seat] = ids


def play_round(
    hands: dict[str, Hand], seen: Seen, *, until: Callable[[dict[str, Table]], bool], timeout: float = 120.0
) -> dict[str, Table]:
    """Each page plays its moves as they come, by touch, until ``until(tables)`` holds of the pages'
    last readings; every reading goes to ``seen``."""
    from browser_player import SEE_MS, is_my_move, passing

    deadline = time.monotonic() + timeout
    tables: dict[str, Table] = {}
    while True:
        for seat, hand in hands.items():
            table = tables[seat] = hand.player.table()
            seen.read(seat, table)
            still = hand.player.still_for(table)  # (a player who has looked long enough aims at once)
            if table.dialog is not None or not is_my_move(table):
                continue
            if passing(table):
                hand.step(table)
            elif still * 1000 >= SEE_MS:
                hand.play_card(table)
            else:
                continue
            tables[seat] = hand.player.table()
            seen.read(seat, tables[seat])
        if until(tables):
            return tables
        assert time.monotonic() < deadline, f"the table did not get there in {timeout:.0f} s: {tables}"
        next(iter(hands.values())).player.page.wait_for_timeout(30)


def is_result(table: Table) -> bool:
    return table.dialog is not None and table.dialog.title.startswith("Hand ")


def open_menu(player: Player) -> None:
    """The table's menu, by Escape (a tap on Menu, at the top, would go to the notice drawn over it)."""
    player.wait_for(lambda t: t.dialog is None and t.button("^Menu") is not None, what="the table")
    player.key("Escape")
    player.titled("^Menu$")


def lines_of(table: Table) -> tuple[str, ...]:
    return () if table.dialog is None else table.dialog.lines


def seen_still(player: Player) -> Table:
    from browser_player import seen

    return seen(player, player.table())


def profile(browser: Browser) -> BrowserContext:
    """A person's browser profile of its own: a phone, its system asking for less motion, that has played
    before at the Quick pace with Easy bots (so East, the computer player, plays as Easy)."""
    from browser_player import Player
    from browser_settings import settings_kept

    from hearts.storage import Settings

    context = Player.context(browser, SIZE, reduced_motion=True)
    context.add_init_script(settings_kept(Settings(difficulty="easy", pace="quick", reduced_motion=True)))
    return context


def opened_on(browser: Browser, url: str) -> Player:
    """A friend's page, in a browser profile of its own, opened on the invitation link ``url`` (booting
    while the next thing is done)."""
    from browser_player import Player

    friend = Player(profile(browser).new_page())
    friend.page.goto(url)
    return friend


def answer_of(friend: Player, name: str, said: dict[str, str] | None = None) -> str:
    """The friend joins under ``name``; the answer link its page shows (and in ``said``, the title of the
    screen that asked and the line under the answer)."""
    friend.wait_started()
    joining = friend.titled("^Join").dialog
    friend.press("^Join$")
    friend.type_in_box(name)
    friend.titled("^Your answer$")
    if said is not None and joining is not None:
        said["join_title"] = joining.title
        said["waits"] = friend.line_with("Waiting for")
    return friend.line_with("#a=")


def seat_by_answer(host: Player, seat: str, answer: str) -> str:
    """The host, on the invitation's screen of ``seat``, pastes the friend's answer."""
    host.titled(f"^Invite to {seat}'s seat$")
    host.press("^Paste answer$")
    host.type_in_box(answer)
    seated = host.line_with(f"has taken {seat}'s seat")
    host.press("^Done$")
    return seated


def _journey(site: Path, out: dict[str, Any]) -> None:
    from browser_friends import invite_west_and_north, launched_in_private
    from browser_player import Hand, Player
    from playwright.sync_api import sync_playwright
    from serve import serving

    out["at"] = {}
    seen = Seen()
    with serving(site) as url, sync_playwright() as driver:
        browser = launched_in_private(driver)
        started = time.monotonic()

        def mark(what: str) -> None:
            out["at"][what] = round(time.monotonic() - started, 1)

        # West and North invited, both invitations gathering side by side; East stays a computer player.
        host = Player.opened(profile(browser), url)
        to_west, to_north = invite_west_and_north(host)
        out["links"] = [to_west]
        west = opened_on(browser, to_west)
        north = opened_on(browser, to_north)
        out["west_said"] = {}
        from_west = answer_of(west, FRIENDS["West"], out["west_said"])
        from_north = answer_of(north, FRIENDS["North"])
        out["links"].append(from_west)
        out["seated"] = [seat_by_answer(host, "West", from_west)]
        host.titled("^Play friends$")
        # Seated, West's page waits on its answer's screen until the host starts.
        out["west_said"]["seated"] = west.line_with("It begins when")
        # North's answer opened in a new tab of the host's browser: that tab passes it on, then is closed.
        tab = Player.opened(host.page.context, from_north)
        out["tab_says"] = tab.line_with("other tab")
        out["seated"].append(host.line_with("North: Cy"))
        tab.page.close()
        out["lobby"] = list(lines_of(host.titled("^Play friends$")))
        mark("connected")
        host.press("^Start$")

        # The first hand, every person playing their own seat by touch, to its result on every page.
        hands = {"South": Hand(host), "West": Hand(west), "North": Hand(north)}
        tables = play_round(hands, seen, until=lambda ts: all(is_result(t) for t in ts.values()))
        out["results"] = {seat: [table.dialog.title, *lines_of(table)] for seat, table in tables.items()}  # type: ignore[union-attr]
        out["played"] = {seat: list(hand.played) for seat, hand in hands.items()}
        out["hands"] = [seen.kept(hands)]
        mark("hand 1")

        # The second hand: West's page closes once West has passed.
        seen = Seen()
        host.press("^Next hand$")
        west.press("^Back to the table$")
        north.press("^Back to the table$")
        hands = {seat: Hand(hand.player) for seat, hand in hands.items()}
        play_round(hands, seen, until=lambda _: len(hands["West"].passed) == 3)
        passed = {seat: list(hand.passed) for seat, hand in hands.items()}
        west.page.context.close()
        del hands["West"]
        out["gone"] = wait_said(host, "has gone away")
        mark("gone")
        # The others play on while the table waits for West; then a bot covers the seat.
        play_round(hands, seen, until=lambda _: has_said(host, "A bot plays"))
        out["covered"] = wait_said(host, "A bot plays")
        mark("covered")

        # The host invites West again from the table's menu; a fresh page takes the seat.
        open_menu(host)
        host.press("^Invite friends$")
        out["while_away"] = list(lines_of(host.titled("^Play friends$")))
        host.press("^Invite West$")
        again = opened_on(browser, host.line_with("#j="))
        out["seated"].append(seat_by_answer(host, "West", answer_of(again, FRIENDS["West"])))
        out["back"] = list(lines_of(host.titled("^Play friends$")))
        host.press("^Back to the table$")
        mark("back")
        hands["West"] = Hand(again)
        # (and the host has played in this hand, so that the reload below comes with cards gone from its hand:
        # in one run West's returning page played its first card before the host's first of the hand)
        play_round(
            hands, seen, until=lambda _: len(hands["West"].played) >= 1 and len(hands["South"].played) >= 1
        )
        out["again_played"] = list(hands["West"].played)
        out["hands"].append({**seen.kept(hands), "passed": passed})
        mark("again played")

        # The host's page reloads mid-hand: its table opens where it was, its friends' seats bots.
        host.wait_for(lambda t: t.dialog is None and len(t.hand) > 0, what="the host's table")
        before = [card.id for card in seen_still(host).hand]
        out["reload_s"] = round(host.reload(), 1)
        out["reopened"] = wait_said(host, "back where it was")
        host.wait_for(lambda t: t.dialog is None and len(t.hand) > 0, what="the table")
        after = seen_still(host)
        out["hand_kept"] = [before, [card.id for card in after.hand]]
        out["friends_told"] = {
            seat: [friend.titled("ended").dialog.title, *lines_of(friend.table())]  # type: ignore[union-attr]
            for seat, friend in (("West", again), ("North", north))
        }
        out["friends_heard"] = {
            seat: [line for line in friend.spoken() if line.startswith("The table has ended")]
            for seat, friend in (("West", again), ("North", north))
        }
        open_menu(host)
        host.press("^Invite friends$")
        out["after_reload"] = list(lines_of(host.titled("^Play friends$")))
        host.press("^Back to the table$")
        alone = {"South": Hand(host)}
        count = len(after.hand)
        play_round(alone, seen, until=lambda ts: 0 < len(ts["South"].hand) < count or is_result(ts["South"]))
        out["host_played"] = list(alone["South"].played)
        mark("reloaded")
        out["troubles"] = {
            name: player.troubles
            for name, player in (
                ("South", host),
                ("Tab", tab),
                ("West", west),
                ("North", north),
                ("West again", again),
            )
        }
        browser.close()


# ------------------------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def journey(built_site: Path) -> dict[str, Any]:
    from .private_net import journey_in_private  # (not in the namespace: there this file runs alone)

    return journey_in_private(__file__, built_site, timeout=240)


SCORE = re.compile(r"^(\w+): (?:.*, )?([+-]?\d+) this hand, (-?\d+) in all")
GIVER = [
    {"West": "South", "North": "West", "South": "East"},
    {"South": "West", "West": "North", "North": "East"},
]
"""Who passes to each person in the first hand (to the left) and the second (to the right); East is a
computer player, whose cards no page shows."""


def scores(lines: list[str], names: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Each person's points this hand and in all, by name, from a result's lines."""
    found = {}
    for line in lines:
        match = SCORE.match(line)
        if match is not None:
            found[names.get(match[1], match[1])] = (int(match[2]), int(match[3]))
    return found


def foreign_cards(hand: dict[str, Any], givers: dict[str, str]) -> dict[str, list[str]]:
    """By seat, the cards its page listed in its hand that were neither dealt to it nor passed to it: a
    card passed by East (a computer player) is any card no person's page was dealt."""
    dealt, passed = hand["dealt"], hand["passed"]
    everyone = {card for cards in dealt.values() for card in cards}
    foreign = {}
    for seat, cards in hand["seen"].items():
        giver = givers[seat]
        given = set(passed[giver]) if giver in passed else set()
        extra = set(cards) - set(dealt[seat]) - given
        foreign[seat] = sorted(extra & everyone if giver not in passed else extra)
    return foreign


def test_a_friend_joins_by_the_links_the_two_screens_show(journey: dict[str, Any]) -> None:
    invitation, answer = journey["links"]
    assert invitation.startswith("http://127.0.0.1:") and "#j=" in invitation
    assert "#a=" in answer
    said = journey["west_said"]
    assert said["join_title"] == "Join Host's table, West's seat"
    assert said["waits"] == "Send this answer back to Host. Waiting for Host to open it…"
    assert said["seated"] == "You are at Host's table. It begins when Host starts it."
    assert journey["tab_says"] == "Sent to your table in the other tab. You can close this one."


def test_three_people_play_a_whole_hand_each_from_their_seat(journey: dict[str, Any]) -> None:
    """Each person's page shows only their own cards, plays all of them by touch, and shows the hand's
    scores as the host's page does."""
    assert journey["seated"][:2] == ["Bea has taken West's seat.", "North: Cy, connected."]
    assert journey["lobby"][1:] == [
        "West: Bea, connected.",
        "North: Cy, connected.",
        "East: a computer player.",
    ]
    first = journey["hands"][0]
    dealt = {seat: set(cards) for seat, cards in first["dealt"].items()}
    assert sorted(dealt) == ["North", "South", "West"] and all(len(cards) == 13 for cards in dealt.values())
    assert not (
        dealt["South"] & dealt["West"] or dealt["South"] & dealt["North"] or dealt["West"] & dealt["North"]
    )
    assert all(len(cards) == 3 for cards in first["passed"].values()), first["passed"]
    # What a page listed is what its seat was dealt and passed, to the card.
    assert set(first["seen"]["West"]) == dealt["West"] | set(first["passed"]["South"])
    assert set(first["seen"]["North"]) == dealt["North"] | set(first["passed"]["West"])
    assert foreign_cards(first, GIVER[0]) == {"South": [], "West": [], "North": []}
    for seat, played in journey["played"].items():  # (the last card may play itself)
        assert 12 <= len(played) <= 13 and set(played) <= set(first["seen"][seat]), (seat, played)
    host_names = {"You": "Host", "West": "Bea", "North": "Cy"}
    by_host = scores(journey["results"]["South"], host_names)
    assert journey["results"]["South"][0] == "Hand 1" and sum(score for score, _ in by_host.values()) in (
        26,
        78,
    )
    for seat, name in FRIENDS.items():
        result = journey["results"][seat]
        assert result[0] == "Hand 1", result
        assert scores(result, {"You": name}) == by_host, (seat, result)


def test_a_friend_gone_is_covered_by_a_bot_and_invited_back(journey: dict[str, Any]) -> None:
    # (said with whatever else the same frame said: Bea's pass, when it arrived with her going)
    assert "Bea has gone away." in journey["gone"], journey["gone"]
    assert "A bot plays for Bea until they come back." in journey["covered"], journey["covered"]
    assert "West: Bea, away." in journey["while_away"]
    assert journey["seated"][2:] == ["Bea has taken West's seat."]
    assert "West: Bea, connected." in journey["back"]
    second = journey["hands"][1]
    assert foreign_cards(second, GIVER[1]) == {"South": [], "West": [], "North": []}
    wests = set(second["dealt"]["West"]) - set(second["passed"]["West"]) | set(second["passed"]["North"])
    assert len(journey["again_played"]) == 1 and set(journey["again_played"]) <= wests


def test_the_hosts_reload_keeps_the_match(journey: dict[str, Any]) -> None:
    # Said first in the frame the table opens in (before "Your lead ..." when the reload comes on the host's
    # turn).
    assert journey["reopened"].startswith(
        "Your table with friends is back where it was. The computer plays your friends' seats until you "
        "invite them again from the menu."
    ), journey["reopened"]
    before, after = journey["hand_kept"]
    assert before == after and len(before) < 13
    for seat, told in journey["friends_told"].items():
        # The host's page, going, left each friend its farewell: the table has closed (not "lost").
        assert told == ["The table has ended", "The host has closed the table."], (seat, told)
        # and said so aloud, the reason with the title (a listener heard only the title before)
        assert journey["friends_heard"][seat] == ["The table has ended. The host has closed the table."], seat
    assert journey["after_reload"][1:] == [
        "West: Bea, a computer player.",
        "North: Cy, a computer player.",
        "East: a computer player.",
    ]
    assert len(journey["host_played"]) == 1 and set(journey["host_played"]) <= set(after)
    assert journey["troubles"] == {"South": [], "Tab": [], "West": [], "North": [], "West again": []}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    seen: dict[str, Any] = {}
    try:
        _journey(Path(os.environ["FRIENDS_SITE"]), seen)
    finally:  # (what was seen up to a failure, too)
        print(json.dumps(seen))
