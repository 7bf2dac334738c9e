"""The game's side of the page's data channels (``hearts.peers``), against a stand-in for ``window.hearts``
that answers as ``web/peers.js`` does (the real one is played in Chromium: tests/browser/test_peers.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts.peers import CODE_LIMIT, PeerChannel, Peers, PeerStatus, is_code


class StandInPeers:
    """``window.hearts.peers`` as far as these tests need: it records calls and answers what it is told."""

    available = True

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[str, ...]]] = []
        self.statuses: dict[str, str] = {}
        self.inbox: dict[str, str] = {}

    def __getattr__(self, method: str) -> Any:
        def call(*args: str) -> Any:
            self.calls.append((method, args))
            if method == "status":
                return self.statuses.get(args[0], json.dumps({"state": "none", "code": "", "reason": ""}))
            if method == "take":
                return self.inbox.pop(args[0], "[]")
            return method in ("send", "accept")

        return call


class StandInPage:
    def __init__(self) -> None:
        self.peers = StandInPeers()


@pytest.fixture
def page() -> StandInPage:
    return StandInPage()


def test_natively_there_is_no_page_so_nothing_connects_and_nothing_is_sent() -> None:
    peers = Peers()
    assert peers.available is False
    assert peers.status("west") == PeerStatus()
    assert peers.send("west", "hello") is False
    assert peers.accept("west", "AQEE") is False
    assert peers.take("west") == []


def test_a_status_the_page_gives_is_read_and_a_malformed_one_is_a_refusal(page: StandInPage) -> None:
    peers = Peers(page)
    page.peers.statuses["west"] = json.dumps({"state": "offered", "code": "AQAE_x-1", "reason": ""})
    assert peers.status("west") == PeerStatus(state="offered", code="AQAE_x-1")
    for broken in (
        "{",
        "[]",
        json.dumps({"state": "dancing", "code": "", "reason": ""}),
        json.dumps({"state": "failed", "code": "", "reason": "because"}),
        json.dumps({"state": "open"}),
    ):
        page.peers.statuses["west"] = broken
        assert peers.status("west") == PeerStatus(state="failed", reason="refused"), broken
    page.peers.statuses["west"] = json.dumps({"state": "offered", "code": "<script>", "reason": ""})
    assert peers.status("west") == PeerStatus(state="offered", code="")


def test_codes_that_cannot_be_codes_never_reach_the_page(page: StandInPage) -> None:
    peers = Peers(page)
    for text in ("", "has space", "é", "A" * (CODE_LIMIT + 1)):
        assert not is_code(text)
        assert peers.accept("west", text) is False
        peers.answer("host", text)
    assert ("accept", ("west", "")) not in page.peers.calls
    assert [args for method, args in page.peers.calls if method == "answer"] == [("host", "", "")] * 4
    assert is_code("A" * CODE_LIMIT)
    assert peers.accept("west", "AQEE-_") is True


def test_taken_messages_keep_their_order_and_only_text_is_kept(page: StandInPage) -> None:
    peers = Peers(page)
    page.peers.inbox["host"] = json.dumps(["one", 2, "three", None])
    assert peers.take("host") == ["one", "three"]
    assert peers.take("host") == []
    page.peers.inbox["host"] = "not json"
    assert peers.take("host") == []


def test_a_page_that_throws_is_a_quiet_no(page: StandInPage) -> None:
    class Throwing:
        available = True

        def __getattr__(self, _name: str) -> Any:
            raise RuntimeError("the page broke")

    page.peers = Throwing()  # type: ignore[assignment]
    peers = Peers(page)
    assert peers.send("west", "x") is False
    assert peers.status("west") == PeerStatus()


def test_a_channel_is_one_key_of_the_page_as_the_table_uses_a_connection(page: StandInPage) -> None:
    peers = Peers(page)
    channel = PeerChannel(peers, "west")
    assert channel.is_open is False
    page.peers.statuses["west"] = json.dumps({"state": "open", "code": "", "reason": ""})
    assert channel.is_open is True
    channel.send("hello")
    page.peers.inbox["west"] = json.dumps(["one", "two"])
    page.peers.inbox["north"] = json.dumps(["not mine"])
    assert channel.receive() == ["one", "two"]
    channel.close()
    assert ("send", ("west", "hello")) in page.peers.calls
    assert ("close", ("west",)) in page.peers.calls
    assert page.peers.inbox == {"north": json.dumps(["not mine"])}
