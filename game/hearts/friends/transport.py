"""How a message travels between two pages, and a connection in memory for tests and tools.

The table needs little of a connection: send text, take what has arrived, know whether it is still open,
close it. While open it is reliable and ordered, as a WebRTC data channel is in its default mode; what a
real network does wrong shows up as the connection dropping (what was in flight is lost), which the table
handles as a guest going away. The browser's side (peer connections, the channel) is not built yet; it
will be one more class with these four methods.

``MemoryLine`` joins two ``MemoryEnd``s. A message sent at tick ``t`` arrives at tick ``t + delay`` (never
before one sent earlier), ticks being counted by whoever drives the test, so no test sleeps.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol


class Transport(Protocol):
    """One end of a connection to one peer."""

    @property
    def is_open(self) -> bool:
        """Whether messages sent now can still arrive."""
        ...

    def send(self, data: str) -> None:
        """Send one message (once closed, it is silently lost)."""
        ...

    def receive(self) -> list[str]:
        """Every message that has arrived since the last call, in the order sent (those sent before
        a close still arrive after it)."""
        ...

    def close(self) -> None:
        """Close the connection from this end; the other end sees it closed."""
        ...


class MemoryEnd:
    """One end of a ``MemoryLine``."""

    __slots__ = ("_line", "_side")

    def __init__(self, line: MemoryLine, side: int) -> None:
        self._line = line
        self._side = side

    @property
    def is_open(self) -> bool:
        return self._line.is_open

    def send(self, data: str) -> None:
        self._line.carry(1 - self._side, data)

    def receive(self) -> list[str]:
        return self._line.arrived(self._side)

    def close(self) -> None:
        self._line.close()


class MemoryLine:
    """A connection in memory between ``host`` and ``guest``, with a delay in ticks and faults on demand:
    ``drop`` loses it with whatever is in flight, ``close`` ends it in order.

    Counts what it carried (``messages``, ``bytes``), for tools that measure a table."""

    def __init__(self, *, delay: int = 0) -> None:
        if type(delay) is not int or delay < 0:
            raise ValueError(f"a delay is a whole number of ticks, not {delay!r}")
        self.delay = delay
        self.now = 0
        self.is_open = True
        self.messages = 0
        self.bytes = 0
        self._queues: tuple[deque[tuple[int, str]], deque[tuple[int, str]]] = (deque(), deque())
        self.host = MemoryEnd(self, 0)
        self.guest = MemoryEnd(self, 1)

    def tick(self) -> None:
        self.now += 1

    def carry(self, to_side: int, data: str) -> None:
        if not self.is_open:
            return
        if not isinstance(data, str):
            raise TypeError(f"a message is text, not {type(data).__name__}")
        queue = self._queues[to_side]
        due = self.now + self.delay
        if queue and queue[-1][0] > due:  # the delay shrank: never overtake what went before
            due = queue[-1][0]
        queue.append((due, data))
        self.messages += 1
        self.bytes += len(data.encode("utf-8", "surrogatepass"))

    def arrived(self, side: int) -> list[str]:
        queue = self._queues[side]
        found = []
        while queue and queue[0][0] <= self.now:
            found.append(queue.popleft()[1])
        return found

    def close(self) -> None:
        self.is_open = False

    def drop(self) -> None:
        """The network fails: closed at both ends, and nothing still in flight arrives."""
        self.is_open = False
        for queue in self._queues:
            queue.clear()
