"""A friend's seat, as the table plays it: no match on this page, only what the host sent (``GuestTable``),
turned so that you sit South (``friends.turned``).

The host may send several moves at once; each arrives as a moment (the events, then your view after
them), and the table shows them one at a time at its own pace, as it shows a solo match's bots: the
"bot to move" here is whoever moved in the next moment still to show. Your own move is sent to the host
and shown when it comes back played; until then it is on its way, and a second tap does nothing. A
refusal from the host gives the turn back, and the table says the engine's reason. Once the table is
gone (the host closed it, the connection was lost), one last empty moment lets the table say so.

After each hand its review is built from what this page saw (``review.replay_seen``: your last view of
the hand and the tricks as they were taken), and the coach judges your passes and cards from the views
you chose them from. Only the hand in play and the last one scored are kept.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace

from ..coach import Coaching, seed_for
from ..engine import (
    TRICKS,
    Card,
    CardPlayed,
    CardSet,
    Deal,
    Event,
    HandScored,
    HandStarted,
    MatchOver,
    Moon,
    MoonChoice,
    Pass,
    PassChosen,
    Phase,
    Play,
    PlayerMove,
    PlayerView,
    Reason,
    Seat,
    Trick,
    TrickTaken,
)
from ..engine.cards import EMPTY
from ..engine.reasons import REASONS, Refusal
from ..engine.rules import why_illegal_play
from ..friends import GuestTable
from ..friends.turned import Turned
from ..review import HandReplay, replay_seen
from .session import HUMAN


class GuestSession:
    """The seat of ``guest`` (seated, with a view)."""

    def __init__(self, guest: GuestTable) -> None:
        if guest.view is None:
            raise ValueError("a friend's table opens once the host has sent its view")
        self.guest = guest
        self.turned = Turned(guest.seat)
        self.match_id = f"friends-{guest.table}"
        """The table's id: what routes name this table by, and what counts the match once."""
        self.coaching = Coaching(seed_for(0))
        """Hard's choice for your hint, and its judgement of your decisions, from your own views."""
        self.over: MatchOver | None = None
        self.is_gone_shown = False
        """Whether the table has said that it is gone (the last, empty moment)."""
        self._pending: deque[tuple[list[Event], PlayerView]] = deque()
        self._shown = self.turned.view(guest.view)
        # What happened before the table opened is in the view, but for the hand's deal: the table shows
        # it (and whatever came after it) as the other moments, so the first hand is dealt before you.
        moments = guest.take_moments()
        guest.take_events()
        deals = [
            at for at, (events, _) in enumerate(moments) if any(isinstance(e, HandStarted) for e in events)
        ]
        if deals:
            since = moments[deals[-1] :]
            self._shown = self.turned.view(since[0][1])
            self._pending.extend(
                ([self.turned.event(e) for e in events], self.turned.view(view)) for events, view in since
            )
        self._on_way: PlayerMove | None = None
        self._results: list[HandScored] = []
        self._refused: list[Reason] = []
        self._deciding: tuple[PlayerView, Pass | Play] | None = None
        """Your pass or card on its way, with the view you chose it from (for the coach)."""
        self._taken: dict[int, Trick] = {}
        """The tricks taken in the hand on show, by number."""
        self._replay: HandReplay | None = None

    # What the table reads ---------------------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        """Your view as the moments shown so far leave it; a move on its way already counts as made, and
        once the table is gone nothing is yours to play."""
        view, move = self._shown, self._on_way
        if isinstance(move, Play) or (self.guest.is_closed and not self._pending):
            return replace(view, to_move=None, legal=EMPTY)
        if isinstance(move, Pass):
            passed = tuple(
                True if seat is HUMAN else done for seat, done in zip(Seat, view.has_passed, strict=False)
            )
            return replace(view, passed=move.cards, has_passed=passed)
        return view

    @property
    def phase(self) -> Phase:
        return self._shown.phase

    @property
    def needs_deal(self) -> bool:
        return False  # (the host deals: the deal comes as a moment)

    @property
    def results(self) -> Sequence[HandScored]:
        """The hands scored since this table opened."""
        return self._results

    @property
    def is_human_turn(self) -> bool:
        self._fetch()
        if self._pending or self._on_way is not None or self.guest.is_closed:
            return False
        view = self._shown
        if view.phase is Phase.PASS:
            return not view.has_passed[HUMAN]
        if view.phase is Phase.PLAY:
            return view.to_move is HUMAN
        return view.phase is Phase.MOON and view.moon_shooter is HUMAN

    @property
    def bot_to_move(self) -> Seat | None:
        """Who moved in the next moment to show (West for a deal); South for the table's last word."""
        self._fetch()
        if self._pending:
            events = self._pending[0][0]
            movers = (event.seat for event in events if isinstance(event, PassChosen | CardPlayed))
            return next(movers, Seat.WEST)
        if self.guest.is_closed and self.over is None and not self.is_gone_shown:
            return HUMAN
        return None

    @property
    def bot_move_ready(self) -> bool:
        return self.bot_to_move is not None

    def replay_of(self, hand_number: int) -> HandReplay | None:
        """Hand ``hand_number`` as you saw it, if it is the last one scored and you saw it whole."""
        replay = self._replay
        return replay if replay is not None and replay.hand_number == hand_number else None

    @property
    def last_replay(self) -> HandReplay | None:
        """The last hand scored, as you saw it (None if none yet)."""
        return self._replay

    def coach(self, seconds: float) -> bool:
        """Let the coach judge your decisions for about ``seconds``; whether it had work. While you
        choose a card, once it has caught up, it weighs the choice you are making."""
        choosing = self.is_human_turn and self._shown.phase is Phase.PLAY
        self.coaching.anticipate(self._shown if choosing else None)
        return self.coaching.advance(seconds)

    def take_refusals(self) -> list[Reason]:
        """The host's reasons for refusing your moves since the last call (the turn is yours again)."""
        self._fetch()
        refused, self._refused = self._refused, []
        return refused

    def think_on(self) -> bool:
        self._fetch()
        return False  # (nobody thinks on this page but you)

    def why_not(self, card: Card) -> Reason | None:
        """The engine's reason you may not play ``card``, from your own view."""
        view = self.view
        if view.phase is not Phase.PLAY or view.to_move is not HUMAN:
            return REASONS[Refusal.NOT_YOUR_TURN]
        led = view.trick.cards[0].suit if view.trick.cards else None
        first = not view.tricks
        broken, rules = view.hearts_broken, view.rules
        return why_illegal_play(
            card, view.hand.mask, led, first_trick=first, hearts_broken=broken, rules=rules
        )

    # Moves ------------------------------------------------------------------------------------------

    def apply_bot_move(self) -> list[Event]:
        """The next moment, shown: its events (none for the table's last word)."""
        self._fetch()
        if not self._pending:
            self.is_gone_shown = True
            return []
        before = self._shown
        events, self._shown = self._pending.popleft()
        for event in events:
            if isinstance(event, TrickTaken):
                self._taken[event.trick_number] = event.trick
            elif isinstance(event, HandScored):
                self._results.append(event)
                self._hand_over(before, event)
            elif isinstance(event, MatchOver):
                self.over = event
            if isinstance(event, PassChosen | CardPlayed) and event.seat is HUMAN:
                self._decided(event)
            if _answers(event):
                self._on_way = None
        return events

    def _decided(self, event: PassChosen | CardPlayed) -> None:
        """Your pass or card played: the coach is told of it, with the view you chose it from (not of a
        move the host made for your seat while you were away)."""
        deciding, self._deciding = self._deciding, None
        if deciding is None:
            return
        view, move = deciding
        made = isinstance(move, Pass) if isinstance(event, PassChosen) else move == Play.of(HUMAN, event.card)
        if made:
            self.coaching.note(view, move)

    def _hand_over(self, before: PlayerView, scored: HandScored) -> None:
        """The hand's review, from your last view of it and its tricks (none if this page never had a view
        of it: it opened as the hand ended); the coach finishes judging it."""
        taken, self._taken = self._taken, {}
        for number, trick in enumerate(before.tricks, 1):
            taken.setdefault(number, trick)
        seen = before.hand_number == scored.hand_number and sorted(taken) == list(range(1, TRICKS + 1))
        self._replay = replay_seen(before, [taken[n] for n in sorted(taken)], scored) if seen else None
        self.coaching.hand_over(scored.hand_number)

    def deal(self, bot_level: str | None = None, deal: Deal | None = None) -> list[Event]:
        return []

    def play(self, card: Card) -> list[Event]:
        return self._send(Play.of(HUMAN, card))

    def pass_cards(self, cards: CardSet) -> list[Event]:
        return self._send(Pass(HUMAN, cards))

    def choose_moon(self, moon: Moon) -> list[Event]:
        return self._send(MoonChoice(HUMAN, moon))

    def _send(self, move: PlayerMove) -> list[Event]:
        """Your move to the host, unless one is on its way already (or it is not yours to make)."""
        if self.is_human_turn and self.guest.must_act:
            self._on_way = move
            if isinstance(move, Pass | Play):
                self._deciding = (self._shown, move)
            self.guest.send_move(self.turned.to_table(move))
        return []

    def _fetch(self) -> None:
        """Take what the host sent: the moments to show, and the refusals of your move."""
        guest, turned = self.guest, self.turned
        for events, view in guest.take_moments():
            self._pending.append(([turned.event(event) for event in events], turned.view(view)))
        guest.take_events()  # (the same, as moments)
        for reason in guest.take_refusals():
            self._on_way = self._deciding = None
            self._refused.append(reason)


def _answers(event: Event) -> bool:
    """Whether ``event`` shows your move played (or the hand gone on without it)."""
    if isinstance(event, PassChosen | CardPlayed):
        return event.seat is HUMAN
    return isinstance(event, HandScored | HandStarted)
