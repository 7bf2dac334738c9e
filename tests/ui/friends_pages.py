"""Stand-in pages for the friends' screens: ``window.hearts`` as the game reaches it, with the page's data
channels (``web/peers.js``) and its tabs' answer channel (``web/live.js``) played in memory.

A ``Board`` joins the pages' connections: an offer is gathered at the first look (unless the board is told to
hold it), an answer's code names the offer it answers, and a connection accepted opens at the next look on
both sides (or fails with the reason the board is told). Each page keeps its own connections by key, as the
page's script does, and everything crosses as JSON text, as it does through the bridge to JavaScript.
"""

from __future__ import annotations

import json
import sys
import types
from dataclasses import dataclass, field
from typing import Any

import pytest


@dataclass
class Connection:
    page: str
    key: str
    state: str = "gathering"
    code: str = ""
    reason: str = ""
    stun: str = ""
    other: Connection | None = None
    inbox: list[str] = field(default_factory=list)


class Board:
    """Every page's connections and tabs: see the module docstring."""

    def __init__(self) -> None:
        self.connections: list[Connection] = []
        self.hold_gathering = False
        self.failure = ""
        """When set, a connection accepted fails with this reason instead of opening."""
        self.listeners: list[FakeLive] = []

    def offered(self, code: str) -> Connection | None:
        return next((c for c in self.connections if c.code == code and c.state == "offered"), None)

    def answered(self, code: str) -> Connection | None:
        return next((c for c in self.connections if c.code == code and c.state == "answered"), None)


class FakePeers:
    """``hearts.peers`` of one page."""

    available = True

    def __init__(self, board: Board, page: str) -> None:
        self.board = board
        self.page = page
        self.mine: dict[str, Connection] = {}
        self.farewells: dict[str, str] = {}
        """The last message left for each connection, sent as the page goes."""

    def _new(self, key: str, stun: str) -> Connection:
        self.close(key)
        connection = Connection(self.page, key, stun=stun)
        self.mine[key] = connection
        self.board.connections.append(connection)
        return connection

    def offer(self, key: str, stun: str) -> None:
        self._new(key, stun)

    def answer(self, key: str, code: str, stun: str) -> None:
        connection = self._new(key, stun)
        offer = self.board.offered(code)
        if offer is None:
            connection.state, connection.reason = "failed", "bad-code"
            return
        connection.other = offer
        connection.state, connection.code = "answered", f"answer{len(self.board.connections)}"

    def accept(self, key: str, code: str) -> bool:
        connection = self.mine.get(key)
        answer = self.board.answered(code)
        if connection is None or connection.state != "offered":
            return False
        if answer is None or answer.other is not connection:
            return False
        connection.other = answer
        connection.state = answer.state = "connecting"
        return True

    def farewell(self, key: str, text: str) -> bool:
        self.farewells[key] = text
        return key in self.mine

    def send(self, key: str, text: str) -> bool:
        connection = self.mine.get(key)
        if connection is None or connection.state != "open" or connection.other is None:
            return False
        connection.other.inbox.append(text)
        return True

    def take(self, key: str) -> str:
        connection = self.mine.get(key)
        taken = [] if connection is None else connection.inbox[:]
        if connection is not None:
            connection.inbox.clear()
        return json.dumps(taken)

    def close(self, key: str) -> None:
        connection = self.mine.pop(key, None)
        if connection is not None:
            connection.state = "closed"
            if connection.other is not None and connection.other.state == "open":
                connection.other.state = "closed"

    def status(self, key: str) -> str:
        connection = self.mine.get(key)
        if connection is None:
            return json.dumps({"state": "none", "code": "", "reason": ""})
        if connection.state == "gathering" and not self.board.hold_gathering:
            connection.state = "offered"
            connection.code = f"offer{self.board.connections.index(connection)}"
        if connection.state == "connecting" and connection.other is not None:
            if self.board.failure:
                connection.state, connection.reason = "failed", self.board.failure
            else:
                connection.state = connection.other.state = "open"
        return json.dumps({"state": connection.state, "code": connection.code, "reason": connection.reason})


class FakeLive:
    """``hearts.live`` of one page, as far as friends' answers go (the table itself is always live)."""

    summary = "live:1"

    def __init__(self, board: Board) -> None:
        self.board = board
        self.listening = False
        self.received: list[str] = []
        self.taken: set[str] = set()
        board.listeners.append(self)

    def listen(self, flag: bool) -> None:
        self.listening = bool(flag)

    def takeAnswers(self) -> str:  # noqa: N802 (the page's name)
        taken, self.received = self.received, []
        return json.dumps(taken)

    def passAnswer(self, text: str) -> str:  # noqa: N802
        answer_id = f"passed{len(self.taken)}"
        for other in self.board.listeners:
            if other is not self and other.listening:
                other.received.append(text)
                self.taken.add(answer_id)
        return answer_id

    def isTaken(self, answer_id: str) -> bool:  # noqa: N802
        return answer_id in self.taken


class FriendsPage:
    """``window.hearts`` of one page: its address, its channels, the box that asks for text (answered by
    the test: ``answers``), sharing and copying (noted), and the mirror as last sent."""

    def __init__(self, board: Board, name: str, fragment: str = "") -> None:
        self.link = types.SimpleNamespace(address="https://example.org/hearts/", query="", fragment=fragment)
        self.peers = FakePeers(board, name)
        self.live = FakeLive(board)
        self.answers: list[str | None] = []
        """What the player types in the page's box, question after question (None: Cancel)."""
        self.questions: list[str] = []
        self.asked: str | None = None
        self.askedText = ""
        self.copied: list[str] = []
        self.shared_texts: list[str] = []
        self.shared: str | None = None
        self.mirrored: dict[str, Any] = {}
        self.spoken: list[str] = []
        """What the page's live regions said, a frame's sentences at a time."""
        self.presses: list[dict[str, str]] = []
        """Presses a screen reader makes on the mirror, taken at the next frame."""

    def askText(self, title: str, hint: str, value: str, limit: int) -> None:  # noqa: N802
        self.questions.append(title)
        answer = self.answers.pop(0) if self.answers else None
        self.asked = "cancelled" if answer is None else "given"
        self.askedText = answer or ""

    def copy(self, text: str) -> None:
        self.copied.append(text)
        self.shared = "copied"

    def share(self, text: str) -> None:
        self.shared_texts.append(text)
        self.shared = "shared"

    def announce(self, text: str, priority: str) -> None:
        self.spoken.append(text)

    def mirror(self, said: str) -> None:
        self.mirrored = json.loads(said)

    def takePresses(self) -> str:  # noqa: N802
        taken, self.presses = self.presses, []
        return json.dumps(taken)

    def __getattr__(self, name: str) -> object:
        return lambda *args: None


class Browser:
    """Which page the game's Python sees now (``use``): each driver steps with its own page in view."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.platform = types.ModuleType("platform")
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setitem(sys.modules, "platform", self.platform)

    def use(self, page: FriendsPage) -> None:
        self.platform.window = types.SimpleNamespace(hearts=page)  # type: ignore[attr-defined]
