"""The host's table: the engine's ``Match`` with seats played by the host's page, by bots, or by friends
on their own devices.

The host holds the only match. Each friend's move arrives as a message, is checked by the engine, and is
either played or refused with the engine's reason to that friend alone. After every move each seated
friend is told what happened, as that seat may see it (``public.told_to``), and gets its own view.

A friend whose connection closes is away: the table waits for them for ``grace`` ticks, then a bot plays
their seat (as it plays every seat nobody answered) until they come back through a new invitation. Time
is counted in ``tick`` calls, which the page makes as it draws, so the table never sleeps and never waits
on a clock of its own.

A table ``paced`` by its page moves only when the page asks: a friend's move is checked by the engine as
it arrives (a refusal goes back at once) and waits, accepted, until the page plays it (``accepted``,
``apply``); the bots' moves and the deals are the page's to make too, so every move is shown at the
table's own pace, in order, as a solo table shows its bots'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from ..bots import make_bot
from ..deals import deal_for, seat_seed
from ..engine import (
    STANDARD,
    Deal,
    Event,
    IllegalMove,
    Match,
    Moon,
    MoonChoice,
    Move,
    Pass,
    Phase,
    Play,
    PlayerMove,
    Reason,
    Refusal,
    Rules,
    Seat,
)
from ..engine.reasons import REASONS
from .errors import (
    ANSWER_OTHER_TABLE,
    NOT_A_FRIENDS_SEAT,
    NOT_WAITING,
    SEAT_TAKEN,
    MessageRefused,
    SeatRefused,
)
from .links import Answer, Invitation
from .messages import (
    Away,
    Back,
    ChooseMoon,
    Closed,
    Happened,
    Hello,
    HostMessage,
    Leave,
    PassCards,
    Ping,
    PlayCard,
    Pong,
    Refused,
    SeatView,
    TurnedAway,
    Unseated,
    Welcome,
    decode,
    encode,
)
from .public import told_to
from .seats import Presence, SeatState, SeatStatus, new_token
from .transport import Transport

GRACE: Final = 300
"""Ticks a friend who went away is waited for before a bot plays their seat (at a tick a frame, about
five seconds)."""
BOT_MOVES_A_TICK: Final = 4
"""Bot moves (deals included) a tick makes at most: the page keeps drawing between them."""


class HostTable:
    """A table of four seats around one match: see the module docstring."""

    def __init__(
        self,
        *,
        names: Iterable[str],
        seed: int,
        rules: Rules = STANDARD,
        local: Iterable[Seat] = (Seat.SOUTH,),
        bot_level: str = "normal",
        grace: int = GRACE,
        silence: int | None = None,
        table: str | None = None,
        tokens: Callable[[], str] = new_token,
        paced: bool = False,
        match: Match | None = None,
    ) -> None:
        """``names``: the four seats' names, for the host and the bots. ``silence``: ticks without a word
        from a connected friend (their page pings) after which they count as gone; None waits on the
        connection alone. ``paced``: the page makes the moves (see the module docstring). ``match``: a
        match already under way (the host's save, reloaded), which counts as started."""
        self.names = tuple(names)
        if len(self.names) != 4:
            raise ValueError(f"four names, not {self.names!r}")
        self.seed = seed
        self.bot_level = bot_level
        self.match = Match(rules) if match is None else match
        self.paced = paced
        self.local = frozenset(local)
        self.grace = grace
        self.silence = silence
        self.table = table if table is not None else tokens()
        self.now = 0
        self.is_started = match is not None
        self.is_closed = False
        self._tokens = tokens
        self._seats = tuple(
            SeatState(name, make_bot(bot_level, seat_seed(seed, seat)))
            for seat, name in zip(Seat, self.names, strict=True)
        )
        self._waiting: list[tuple[Seat, Transport]] = []  # connections before their Hello
        self._events: list[Event] = []
        self._notices: list[str] = []
        self._accepted: dict[Seat, PlayerMove] = {}
        """Paced: each friend's move the engine found legal, waiting for the page to play it."""

    # What the page reads --------------------------------------------------------------------------

    def status(self, seat: Seat) -> SeatStatus:
        state = self._seats[seat]
        return SeatStatus(
            seat=seat, name=state.name, presence=self._presence(seat), invited=bool(state.invite)
        )

    @property
    def seats(self) -> tuple[SeatStatus, ...]:
        return tuple(self.status(seat) for seat in Seat)

    def take_events(self) -> list[Event]:
        """Every event of the match since the last call, unnarrowed: for the host's own page."""
        events, self._events = self._events, []
        return events

    def take_notices(self) -> list[str]:
        """Sentences for the host's player since the last call (a friend went away, a message was
        refused …)."""
        notices, self._notices = self._notices, []
        return notices

    def _presence(self, seat: Seat) -> Presence:
        state = self._seats[seat]
        if seat in self.local:
            return Presence.HOST
        if state.link is not None:
            return Presence.HERE
        if state.covered:
            return Presence.COVERED
        return Presence.AWAY if state.away_since is not None else Presence.BOT

    # Invitations ----------------------------------------------------------------------------------

    def invite(self, seat: Seat) -> Invitation:
        """A new invitation for ``seat`` (the last one for it no longer works). Refused for the host's
        own seats and for a seat where a friend is connected."""
        if seat in self.local:
            raise SeatRefused(NOT_A_FRIENDS_SEAT, f"{seat} is the host's")
        state = self._seats[seat]
        if state.link is not None:
            raise SeatRefused(SEAT_TAKEN, f"{state.name} is at {seat}")
        state.invite = self._tokens()
        return Invitation(table=self.table, seat=seat, invite=state.invite, host=self.host_name)

    @property
    def host_name(self) -> str:
        """The name an invitation shows: the host's own seat's (the first, if the page holds several)."""
        return self.names[min(self.local, default=Seat.SOUTH)]

    def check_answer(self, answer: Answer) -> None:
        """Refuse (``SeatRefused``) an answer that is for another table or for an invitation that is no
        longer waiting; the page connects only after this passes."""
        if answer.table != self.table:
            raise SeatRefused(ANSWER_OTHER_TABLE, f"for table {answer.table!r}")
        state = self._seats[answer.seat]
        if answer.invite != state.invite or state.link is not None:
            raise SeatRefused(NOT_WAITING, f"invitation {answer.invite!r} for {answer.seat}")

    def connect(self, seat: Seat, link: Transport) -> None:
        """A connection opened for ``seat``'s invitation: the friend is seated once its Hello arrives."""
        self._waiting.append((seat, link))

    # The host's own moves -------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the first hand: seats nobody answered are bots from here. Paced, the page deals it."""
        if not self.is_started:
            self.is_started = True
            if not self.paced:
                self._apply(deal_for(self.seed, 1))
                self._send_views()

    def play_local(self, move: PlayerMove) -> list[Event]:
        """A move of one of the host's own seats, and its events; ``IllegalMove`` when the engine refuses
        it."""
        if move.seat not in self.local:
            raise IllegalMove(REASONS[Refusal.NOT_YOUR_TURN])
        events = self._apply(move)
        self._send_views()
        return events

    # The page's moves, paced ----------------------------------------------------------------------

    def plays_bot(self, seat: Seat) -> bool:
        """Whether a bot plays ``seat`` now: nobody answered its invitation, or its friend went long ago."""
        return self._is_bot(seat)

    def accepted(self, seat: Seat) -> PlayerMove | None:
        """The move ``seat``'s friend sent that the engine found legal and the page has still to play."""
        return self._accepted.get(seat)

    def ruled_move(self, seat: Seat) -> PlayerMove | None:
        """A bot's move the rules make for it, with nothing to think over: a moon choice left to a
        friend's seat a bot covers adds 26 to the others. None: the seat's bot decides."""
        if self._is_bot(seat) and self._seats[seat].friend and self.match.phase is Phase.MOON:
            return MoonChoice(seat, Moon.ADD_TO_OTHERS)
        return None

    def apply(self, move: Deal | PlayerMove) -> list[Event]:
        """Play ``move`` at the page's moment, and return its events: the next deal, a move of the host's
        own seat (``IllegalMove`` if refused), a bot's, or a friend's accepted move (``accepted``).
        ``ValueError`` for a move of a friend's seat that its friend did not make."""
        if isinstance(move, Deal):
            events = self._apply(move)
        elif move.seat in self.local:
            return self.play_local(move)
        elif self._accepted.get(move.seat) == move:
            del self._accepted[move.seat]
            events = self._apply(move)
        elif self._is_bot(move.seat):
            events = self._apply(move)
        else:
            raise ValueError(f"{move!r} was not made at {move.seat}")
        self._send_views()
        return events

    def close(self) -> None:
        """Close the table: every friend is told, in a sentence, and disconnected."""
        for seat in Seat:
            self._tell(seat, Closed())
            link = self._seats[seat].link
            if link is not None:
                link.close()
        for _, link in self._waiting:
            link.close()
        self._waiting.clear()
        self.is_closed = True

    # The tick -------------------------------------------------------------------------------------

    def tick(self) -> None:
        """One step of the table: read every connection, notice who went, let the bots move."""
        if self.is_closed:
            return
        self.now += 1
        self._greet()
        for seat in Seat:
            self._read(seat)
        self._check_presence()
        if self.is_started and not self.paced:
            self._run_bots()
        self._send_views()

    def _greet(self) -> None:
        still: list[tuple[Seat, Transport]] = []
        for seat, link in self._waiting:
            hello = None
            for raw in link.receive():
                try:
                    message = decode(raw, table=self.table, from_host=False)
                except MessageRefused as error:
                    self._notices.append(error.sentence)
                    continue
                if isinstance(message, Hello):
                    hello = message
                    break
            if hello is not None:
                self._seat_friend(seat, link, hello)
            elif link.is_open:
                still.append((seat, link))
        self._waiting = still

    def _seat_friend(self, seat: Seat, link: Transport, hello: Hello) -> None:
        state = self._seats[seat]
        if hello.invite != state.invite or state.link is not None:
            why = Unseated.SEAT_TAKEN if state.link is not None else Unseated.NOT_WAITING
            link.send(encode(TurnedAway(why=why), self.table))
            link.close()
            return
        state.invite = None
        state.link = link
        state.friend = True
        state.name = hello.name
        state.away_since = None
        state.covered = False
        state.heard = self.now
        state.sent = None
        away = tuple(other for other in Seat if self._presence(other) in (Presence.AWAY, Presence.COVERED))
        names = tuple(self._seats[other].name for other in Seat)
        self._tell(seat, Welcome(seat=seat, rules=self.match.rules, names=names, away=away))
        for other in Seat:
            if other != seat:
                self._tell(other, Back(seat=seat, name=hello.name))
        self._notices.append(f"{hello.name} has taken {seat}'s seat.")

    def _read(self, seat: Seat) -> None:
        state = self._seats[seat]
        link = state.link
        if link is None:
            return
        for raw in link.receive():
            try:
                message = decode(raw, table=self.table, from_host=False)
            except MessageRefused as error:
                self._notices.append(error.sentence)
                continue
            state.heard = self.now
            if isinstance(message, Ping):
                self._tell(seat, Pong(number=message.number))
            elif isinstance(message, Leave):
                self._lose(seat, covered=True)
                return
            elif isinstance(message, PassCards | PlayCard | ChooseMoon):
                self._friend_moves(seat, message)

    def _friend_moves(self, seat: Seat, message: PassCards | PlayCard | ChooseMoon) -> None:
        match = self.match
        move: PlayerMove
        late: Reason | None = None
        if isinstance(message, PlayCard):
            move = Play.of(seat, message.card)
            if (message.hand_number, message.cards_played) != (match.hand_number, self._cards_played()):
                late = REASONS[Refusal.NOT_YOUR_TURN]
        elif isinstance(message, PassCards):
            move = Pass(seat, message.cards)
            if message.hand_number != match.hand_number:
                late = REASONS[Refusal.PASSING_IS_OVER]
        else:
            move = MoonChoice(seat, message.moon)
            if message.hand_number != match.hand_number:
                late = REASONS[Refusal.NO_MOON_NOW]
        if not self.is_started:
            late = REASONS[Refusal.DEAL_FIRST]
        if late is None and self.paced:
            # Checked now, played when the page shows it: until then nothing else can change what
            # makes it legal (the table waits for this seat; a pass depends on no other).
            late = REASONS[Refusal.NOT_YOUR_TURN] if seat in self._accepted else match.why_illegal(move)
            if late is None:
                self._accepted[seat] = move
                return
        if late is None:
            try:
                self._apply(move)
                return
            except IllegalMove as refused:
                late = refused.reason
        self._tell(seat, Refused(reason=late))

    def _cards_played(self) -> int:
        hand = self.match.hand
        return 0 if hand is None else hand.played.bit_count()

    def _check_presence(self) -> None:
        for seat in Seat:
            state = self._seats[seat]
            link = state.link
            silent = self.silence is not None and self.now - state.heard > self.silence
            if link is not None and (not link.is_open or silent):
                self._lose(seat, covered=False)
            if (
                state.away_since is not None
                and not state.covered
                and self.now - state.away_since >= self.grace
            ):
                state.covered = True
                self._tell_all(Away(seat=seat, covered=True), but=seat)
                self._notices.append(f"A bot plays for {state.name} until they come back.")

    def _lose(self, seat: Seat, *, covered: bool) -> None:
        state = self._seats[seat]
        if state.link is not None:
            state.link.close()
        state.link = None
        state.away_since = self.now
        state.covered = covered
        self._tell_all(Away(seat=seat, covered=covered), but=seat)
        self._notices.append(f"{state.name} has gone away.")

    def _run_bots(self) -> None:
        for _ in range(BOT_MOVES_A_TICK):
            match = self.match
            if match.is_over:
                return
            if match.phase is Phase.DEAL:
                self._apply(deal_for(self.seed, match.hand_number + 1))
                continue
            seat = next((seat for seat in match.awaiting if self._is_bot(seat)), None)
            if seat is None:
                return
            self._apply(self._bot_move(seat))

    def _is_bot(self, seat: Seat) -> bool:
        return self._presence(seat) in (Presence.BOT, Presence.COVERED)

    def _bot_move(self, seat: Seat) -> PlayerMove:
        state = self._seats[seat]
        if state.friend and self.match.phase is Phase.MOON:
            # A friend's choice left unmade: add 26 to the others, as the rules page says.
            return MoonChoice(seat, Moon.ADD_TO_OTHERS)
        return state.bot.decide(self.match.view_for(seat))

    # Telling --------------------------------------------------------------------------------------

    def _apply(self, move: Move) -> list[Event]:
        events = self.match.apply(move)
        if not self.paced:  # (a paced table's page has them from ``apply``)
            self._events.extend(events)
        for seat in Seat:
            if self._seats[seat].link is not None:
                for event in events:
                    self._tell(seat, Happened(event=told_to(event, seat)))
        return events

    def _send_views(self) -> None:
        if not self.is_started:
            return
        for seat in Seat:
            state = self._seats[seat]
            if state.link is not None and (state.sent is None or state.sent_at != self.match.move_count):
                state.sent_at = self.match.move_count  # (a view is built only when the match moved)
                view = self.match.view_for(seat)
                if view != state.sent:
                    state.sent = view
                    self._tell(seat, SeatView(view=view))

    def _tell(self, seat: Seat, message: HostMessage) -> None:
        link = self._seats[seat].link
        if link is not None:
            link.send(encode(message, self.table))

    def _tell_all(self, message: HostMessage, *, but: Seat) -> None:
        for seat in Seat:
            if seat != but:
                self._tell(seat, message)
