"""A friend's side of the table: it keeps the view and the events the host sends, and sends its moves.

The guest holds no match. Everything it shows comes from its latest ``PlayerView`` (its own hand, the
tricks, the scores: what a solo table shows from ``view_for``), and the events animate the way there.
Its moves are only proposals: the host's engine plays or refuses them, and a refusal comes back here with
the engine's reason.
"""

from __future__ import annotations

from typing import Final

from ..engine import (
    CardSet,
    Event,
    Moon,
    MoonChoice,
    Pass,
    Phase,
    Play,
    PlayerMove,
    PlayerView,
    Reason,
    Seat,
    Trick,
)
from ..engine.cards import EMPTY
from .errors import DAMAGED, MessageRefused
from .links import Invitation
from .messages import (
    Away,
    Back,
    ChooseMoon,
    Closed,
    GuestMessage,
    Happened,
    Hello,
    Leave,
    PassCards,
    Ping,
    PlayCard,
    Pong,
    Refused,
    SeatView,
    TurnedAway,
    Welcome,
    decode,
    encode,
)
from .transport import Transport

PING_EVERY: Final = 60
"""Ticks between two pings (about a second at a tick a frame): the host counts a silent friend as gone."""
TABLE_CLOSED: Final = "The host has closed the table."
CONNECTION_LOST: Final = "The connection to the table was lost. Ask the host for a new invitation to rejoin."


class GuestTable:
    """One friend's seat at a host's table, over ``link``: see the module docstring."""

    def __init__(
        self, *, invitation: Invitation, name: str, link: Transport, ping_every: int = PING_EVERY
    ) -> None:
        self.table = invitation.table
        self.seat = invitation.seat
        self.name = name
        self.ping_every = ping_every
        self.now = 0
        self.welcome: Welcome | None = None
        self.view: PlayerView | None = None
        self.names: tuple[str, ...] = ()
        self.away: dict[Seat, bool] = {}
        """Seats whose friend is away, and whether a bot plays for them now."""
        self.turned_away: str | None = None
        """Why the host did not seat this guest (a sentence), if it did not."""
        self.is_closed = False
        self.closed_why: str | None = None
        """Once closed: why, in a sentence (the host closed the table, the connection was lost …)."""
        self.pongs = 0
        self._link = link
        self._sent_at: tuple[int, Phase, int] | None = None
        """The moment of the view this seat last proposed a move from, until the host answers it."""
        self._events: list[Event] = []
        self._moments: list[tuple[tuple[Event, ...], PlayerView]] = []
        self._since_view: list[Event] = []
        self._refusals: list[Reason] = []
        self._notices: list[str] = []
        self._send(Hello(invite=invitation.invite, name=name))

    # What the page reads --------------------------------------------------------------------------

    @property
    def is_seated(self) -> bool:
        return self.welcome is not None and not self.is_closed

    @property
    def hand(self) -> CardSet:
        return self.view.hand if self.view else EMPTY

    @property
    def trick(self) -> Trick | None:
        return self.view.trick if self.view else None

    @property
    def totals(self) -> tuple[int, ...]:
        return self.view.totals if self.view else (0, 0, 0, 0)

    @property
    def must_act(self) -> bool:
        """Whether the table waits for this seat: to pass, to play or to choose the moon's score; not
        while a move proposed at this same moment is on its way (another view of the same moment may come
        first, when another seat moves: acting on it again would be refused as a second move)."""
        view = self.view
        if view is None or not self.is_seated or _moment(view) == self._sent_at:
            return False
        if view.phase is Phase.PASS:
            return not view.has_passed[self.seat]
        if view.phase is Phase.PLAY:
            return view.to_move == self.seat
        return view.phase is Phase.MOON and view.moon_shooter == self.seat

    @property
    def legal(self) -> CardSet:
        """The cards this seat may play now, or (while passing) may choose from; empty otherwise."""
        view = self.view
        if view is None or not self.must_act:
            return EMPTY
        return view.hand if view.phase is Phase.PASS else view.legal

    def take_events(self) -> list[Event]:
        """The events received since the last call, to animate."""
        events, self._events = self._events, []
        return events

    def take_moments(self) -> list[tuple[tuple[Event, ...], PlayerView]]:
        """Each view received since the last call, with the events that led to it, in order: a table
        shows them one after the other, at its own pace (the host may have sent several at once)."""
        moments, self._moments = self._moments, []
        return moments

    def take_refusals(self) -> list[Reason]:
        """The engine's reasons for the moves the host refused since the last call."""
        refusals, self._refusals = self._refusals, []
        return refusals

    def take_notices(self) -> list[str]:
        """Sentences for the player since the last call (a message ignored, the table closed …)."""
        notices, self._notices = self._notices, []
        return notices

    # What the player does -------------------------------------------------------------------------

    def send_move(self, move: PlayerMove) -> None:
        """Propose ``move`` for this seat, at the moment of the view it was chosen from."""
        view = self.view
        if view is None or move.seat != self.seat:
            raise ValueError(f"{self.seat} cannot propose {move!r} now")
        moment = _moment(view)
        played = moment[2]
        message: GuestMessage
        if isinstance(move, Play):
            message = PlayCard(hand_number=view.hand_number, cards_played=played, card=move.card)
        elif isinstance(move, Pass):
            message = PassCards(hand_number=view.hand_number, cards=move.cards)
        else:
            message = ChooseMoon(hand_number=view.hand_number, moon=move.moon)
        self._sent_at = moment
        self._send(message)

    def choose_moon(self, moon: Moon) -> None:
        self.send_move(MoonChoice(self.seat, moon))

    def leave(self) -> None:
        """Leave the table for good (a bot takes the seat at once)."""
        self._send(Leave())
        self._link.close()
        self.is_closed = True

    # The tick -------------------------------------------------------------------------------------

    def tick(self) -> None:
        """Read what arrived, and ping now and then."""
        self.now += 1
        for raw in self._link.receive():
            try:
                message = decode(raw, table=self.table, from_host=True)
            except MessageRefused as error:
                self._notices.append(error.sentence)
                continue
            self._take(message)
        if not self.is_closed and not self._link.is_open:
            self._close(CONNECTION_LOST)
        if not self.is_closed and self.now % self.ping_every == 0:
            self._send(Ping(number=self.now))

    def _take(self, message: object) -> None:
        if isinstance(message, SeatView):
            if message.view.seat != self.seat:
                self._notices.append(DAMAGED)
            else:
                self.view = message.view
                self._moments.append((tuple(self._since_view), message.view))
                self._since_view.clear()
        elif isinstance(message, Happened):
            self._events.append(message.event)
            self._since_view.append(message.event)
        elif isinstance(message, Refused):
            self._refusals.append(message.reason)
            self._sent_at = None  # the move was not made: the seat may choose again
        elif isinstance(message, Welcome):
            if message.seat != self.seat:
                self._notices.append(DAMAGED)
                return
            self.welcome = message
            self.names = message.names
            self.away = {seat: False for seat in message.away}
        elif isinstance(message, Away):
            self.away[message.seat] = message.covered
        elif isinstance(message, Back):
            self.away.pop(message.seat, None)
            self.names = tuple(
                message.name if seat == message.seat else name
                for seat, name in zip(Seat, self.names, strict=False)
            )
        elif isinstance(message, TurnedAway):
            self.turned_away = message.why.value
            self._close(message.why.value)
        elif isinstance(message, Closed):
            self._close(TABLE_CLOSED)
        elif isinstance(message, Pong):
            self.pongs += 1

    def _close(self, why: str) -> None:
        self.is_closed = True
        self.closed_why = why
        self._notices.append(why)

    def _send(self, message: GuestMessage) -> None:
        self._link.send(encode(message, self.table))


def _moment(view: PlayerView) -> tuple[int, Phase, int]:
    """Where a hand stands in ``view``: its number, its phase and how many cards have been played."""
    return view.hand_number, view.phase, len(view.tricks) * 4 + len(view.trick.cards)
