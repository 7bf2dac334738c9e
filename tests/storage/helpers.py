"""Real matches played by bots, and a stand-in for the browser's ``localStorage``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from hearts.bots import make_bot
from hearts.deals import deal_for, seat_seed
from hearts.engine import Match, Move, Phase, Rules, Seat


def bot_moves(match: Match, seed: int, level: str = "easy") -> Iterator[Move]:
    """Yield each move of the rest of ``match`` as it is applied: deals from ``seed``, bots at
    ``level`` in every seat (passes chosen from views taken before any pass is applied)."""
    bots = [make_bot(level, seat_seed(seed, seat)) for seat in Seat]
    while not match.is_over:
        if match.phase is Phase.DEAL:
            moves: list[Move] = [deal_for(seed, match.hand_number + 1)]
        else:
            views = [match.view_for(seat) for seat in match.awaiting]
            moves = [bots[view.seat].decide(view) for view in views]
        for move in moves:
            match.apply(move)
            yield move


def finished_match(seed: int, rules: Rules | None = None, level: str = "easy") -> Match:
    match = Match(rules or Rules(target=50))
    for _ in bot_moves(match, seed, level):
        pass
    return match


def unfinished_match(seed: int, moves: int, rules: Rules | None = None) -> Match:
    """The first ``moves`` moves of a bot match."""
    match = Match(rules or Rules(target=50))
    for count, _ in enumerate(bot_moves(match, seed), start=1):
        if count == moves:
            break
    return match


class JsError(Exception):
    """A JavaScript DOMException as it may reach Python: a ``name`` and a ``message``."""

    def __init__(self, name: str, message: str = "") -> None:
        super().__init__(message)
        self.name = name
        self.message = message


class JsNull:
    """A JavaScript ``null`` that came through as a proxy rather than as None."""

    def __str__(self) -> str:
        return "null"


class FakeLocalStorage:
    """The parts of ``window.localStorage`` the backend uses, with a quota counted in characters
    (keys too) and a way to make every call throw."""

    def __init__(self, quota: int | None = None, null: object = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        self.null = null
        self.throw: Callable[[], Exception] | None = None
        self.ignore_writes = False
        """Drop writes without a word, as a bridge that swallows exceptions might."""
        self.calls = 0

    def _maybe_throw(self) -> None:
        self.calls += 1
        if self.throw is not None:
            raise self.throw()

    def getItem(self, key: str) -> object:  # noqa: N802 - the JavaScript name
        self._maybe_throw()
        return self.items.get(key, self.null)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the JavaScript name
        self._maybe_throw()
        if self.quota is not None:
            others = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if others + len(key) + len(value) > self.quota:
                raise JsError("QuotaExceededError", "The quota has been exceeded.")
        if not self.ignore_writes:
            self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802 - the JavaScript name
        self._maybe_throw()
        self.items.pop(key, None)


class RecordingBackend:
    """A memory backend that writes down every call, to check the order of writes."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.calls: list[tuple[str, str]] = []

    def get(self, key: str) -> str | None:
        self.calls.append(("get", key))
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.calls.append(("set", key))
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.calls.append(("remove", key))
        self.data.pop(key, None)


class BrokenBackend:
    """A backend with a bug: every call raises something that is not a storage error."""

    def get(self, key: str) -> str | None:
        raise RuntimeError("bug")

    def set(self, key: str, value: str) -> None:
        raise RuntimeError("bug")

    def remove(self, key: str) -> None:
        raise RuntimeError("bug")
