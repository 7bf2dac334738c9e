"""A host and friends around one table in memory, each friend's page driven by a seeded bot that sees only
what its page was sent: the harness the friends' tests share."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hearts.bots import Bot, make_bot
from hearts.deals import seat_seed
from hearts.engine import Card, CardSet, Match, PlayerView, Rules, Seat, Trick
from hearts.friends import (
    Answer,
    GuestTable,
    HostTable,
    MemoryLine,
    MessageRefused,
    Transport,
    answer_link,
    invite_link,
    read_answer,
    read_invite,
)
from hearts.friends.messages import decode, encode

PAGE = "https://example.org/hearts/index.html"
FRIENDS = (Seat.WEST, Seat.NORTH, Seat.EAST)
NAMES = ("Ada", "West", "North", "East")


def cards_in(value: object) -> Iterator[Card]:
    """Every card a decoded message holds, wherever it is: a card, a set, a trick, a view, an event."""
    if type(value) is Card:
        yield value
    elif isinstance(value, CardSet):
        yield from value
    elif isinstance(value, Trick):
        yield from value.cards
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for found in dataclasses.fields(value):
            yield from cards_in(getattr(value, found.name))


def known_to(match: Match, seat: Seat) -> CardSet:
    """The cards ``seat`` may know of now: its hand, what it passed and got, and every card played."""
    snapshot = match.snapshot()
    mask = snapshot.hands[seat].mask | snapshot.passed[seat].mask | snapshot.received[seat].mask
    for trick in (*snapshot.tricks, snapshot.trick):
        for card in trick.cards:
            mask |= 1 << card
    return CardSet.from_mask(mask)


class Kept:
    """One end of a line that keeps every message sent and received through it, in order. A friend's
    page keeps its end so (``tools/friends_demo.py``): what it received, beside what the host's ``Watched``
    checked as it left, shows that the page got those messages and no other."""

    def __init__(self, end: Transport) -> None:
        self._end = end
        self.sent: list[str] = []
        self.received: list[str] = []

    @property
    def is_open(self) -> bool:
        return self._end.is_open

    def send(self, data: str) -> None:
        self.sent.append(data)
        self._end.send(data)

    def receive(self) -> list[str]:
        found = self._end.receive()
        self.received.extend(found)
        return found

    def close(self) -> None:
        self._end.close()


def digest(texts: list[str]) -> list[object]:
    """How many messages, and one SHA-256 of them in order: two ends' records compared in a few bytes."""
    return [len(texts), hashlib.sha256(json.dumps(texts).encode()).hexdigest()]


class Watched(Kept):
    """The host's end of a friend's line, checking every message the host sends before it leaves:
    it must decode, re-encode to itself, and hold no card the seat may not know.

    A failed check raises ``AssertionError``; with ``strict=False`` it is kept in ``failures`` instead and
    the message goes on (a demonstration counts leaks rather than stopping at the first)."""

    def __init__(
        self, end: Transport, seat: Seat, table: Callable[[], HostTable], seed: int, *, strict: bool = True
    ) -> None:
        super().__init__(end)
        self.seat = seat
        self._table = table
        self.seed = seed
        self.strict = strict
        self.cards_checked = 0
        self.messages = 0
        self.failures: list[str] = []

    def send(self, data: str) -> None:
        fault = self.fault(data)
        if fault is not None:
            assert not self.strict, fault
            self.failures.append(fault)
        self.messages += 1
        super().send(data)

    def fault(self, data: str) -> str | None:
        """What is wrong with ``data`` sent now to this seat, in a sentence; None when nothing is."""
        host = self._table()
        try:
            message = decode(data, table=host.table, from_host=True)
        except MessageRefused as refused:
            return f"seed {self.seed}: {data} does not decode ({refused.detail})"
        if encode(message, host.table) != data:
            return f"seed {self.seed}: {data} does not re-encode to itself"
        allowed = known_to(host.match, self.seat)
        for card in cards_in(message):
            if card not in allowed:
                return f"seed {self.seed}: {card} leaked to {self.seat} in {data}"
            self.cards_checked += 1
        return None


@dataclass
class Friend:
    """One friend's page: the guest table, its line to the host, the bot that stands in for the person."""

    seat: Seat
    guest: GuestTable
    line: MemoryLine
    watched: Watched
    bot: Bot
    acted_on: PlayerView | None = None


class Table:
    """A host and three friends in memory (see the module docstring)."""

    def __init__(
        self,
        seed: int,
        *,
        rules: Rules | None = None,
        level: str = "random",
        delay: int = 0,
        grace: int = 20,
        local: tuple[Seat, ...] = (Seat.SOUTH,),
        paced: bool = False,
    ) -> None:
        """``paced``: the host's moves are the page's to make (the table screen's), not ``tick``'s."""
        self.seed = seed
        self.level = level
        self.delay = delay
        self.host = HostTable(
            names=NAMES,
            seed=seed,
            rules=rules or Rules(),
            local=local,
            bot_level=level,
            grace=grace,
            table=f"t{seed}",
            tokens=self._token,
            paced=paced,
        )
        self._tokens = 0
        self.local_bots = {seat: make_bot(level, seat_seed(seed, seat)) for seat in local}
        self.friends: dict[Seat, Friend] = {}
        self.lines: list[MemoryLine] = []
        self.watched: list[Watched] = []
        self.ticks = 0
        self.hold: Callable[[Seat], bool] = lambda seat: False
        """A friend whose seat this says is held reads what arrives but does not act (tests act for it)."""

    def _token(self) -> str:
        self._tokens += 1
        return f"i{self._tokens}"

    def join(self, seat: Seat, name: str | None = None) -> Friend:
        """Invite ``seat``, open the link on the friend's page, answer, and connect, as the pages will."""
        host = self.host
        sent = invite_link(PAGE, host.invite(seat), offer=f"offer-{seat.letter}")
        opened = read_invite(sent)
        invitation = opened.invitation
        name = name or f"Friend {seat.letter}"
        answer = Answer(
            table=invitation.table, seat=seat, invite=invitation.invite, guest=name, answer="answer"
        )
        host.check_answer(read_answer(answer_link(PAGE, answer)))
        line = MemoryLine(delay=self.delay)
        watched = Watched(line.host, seat, lambda: self.host, self.seed)
        host.connect(seat, watched)
        guest = GuestTable(invitation=invitation, name=name, link=line.guest)
        bot = make_bot(self.level, seat_seed(self.seed, seat))
        friend = Friend(seat=seat, guest=guest, line=line, watched=watched, bot=bot)
        self.friends[seat] = friend
        self.lines.append(line)
        self.watched.append(watched)
        return friend

    def tick(self) -> None:
        self.ticks += 1
        for line in self.lines:
            line.tick()
        host = self.host
        host.tick()
        for seat, bot in self.local_bots.items():
            if seat in host.match.awaiting and host.is_started:
                host.play_local(bot.decide(host.match.view_for(seat)))
        for friend in self.friends.values():
            self.step_friend(friend)

    def step_friend(self, friend: Friend) -> None:
        guest = friend.guest
        guest.tick()
        view = guest.view
        if guest.must_act and view is not None and view is not friend.acted_on and not self.hold(friend.seat):
            friend.acted_on = view
            guest.send_move(friend.bot.decide(view))

    def play(self, *, hands: int | None = None, most_ticks: int = 200_000) -> None:
        """Tick until the match is over (or ``hands`` hands are scored); a table that stops moving fails."""
        host = self.host
        while not host.match.is_over and (hands is None or len(host.match.results) < hands):
            self.tick()
            assert self.ticks < most_ticks, f"seed {self.seed}: the table stalled at {host.match.phase}"
