"""A friend's seat at a host's table: the table of ``Context.friends.guest``, turned so that you sit South,
fed by what the host sends (``GuestSession``). It keeps nothing (the host's page keeps the match), never
touches your own match, its save or its statistics, and counts a finished match on the friends' own
line. After each hand, its scores (and its review, from your side: ``GuestSession.replay_of``); when the
table is gone, a sentence and the way back to the menu."""

from __future__ import annotations

from ...engine import Event, HandScored, MatchOver, MoonChoiceNeeded, Phase, Seat
from ..context import Context
from ..guest_session import GuestSession
from ..routes import FriendsClosed, FriendsMenu, MoonChoice, SeatResult
from ..session import HUMAN
from ..table_stage import Later
from ..transitions import Push, Transition
from .base import OPEN_MENU, Guide, ModeTraits, NoGuide
from .friends import AWAY_WORDS, FriendsWords, seat_label


class FriendsSeatMode:
    """The table of a friend's seat: see the module docstring."""

    traits = ModeTraits(keeps_every_move=False, plays_out_settled_hands=False)

    def __init__(self, ctx: Context, session: GuestSession) -> None:
        self.ctx = ctx
        self.session = session
        self.words = FriendsWords(self.names)
        self.guide: Guide = NoGuide()

    def names(self, *, away: bool = True) -> tuple[str, ...]:
        """Each seat's player as this screen places them, and (``away``) whether they are gone."""
        guest, turned = self.session.guest, self.session.turned
        labels = []
        for seat, name in zip(Seat, guest.names, strict=False):
            gone = AWAY_WORDS[guest.away[seat]] if away and seat in guest.away else None
            labels.append(seat_label(name, gone))
        while len(labels) < 4:
            labels.append("")
        here = turned.by_seat(tuple(labels))
        return ("You", *here[1:])

    def keep(self) -> None:
        """Nothing: the host's page keeps the match."""

    def after(self, events: list[Event] | None) -> list[Later]:
        session = self.session
        if events is None:
            view = session.view
            moon = view.phase is Phase.MOON and view.moon_shooter is HUMAN and session.is_human_turn
            return [lambda: Push(MoonChoice())] if moon else []
        if not events and session.is_gone_shown:
            why = session.guest.closed_why or "The table has closed."
            return [lambda: Push(FriendsClosed(why))]
        laters: list[Later] = []
        over = next((event for event in events if isinstance(event, MatchOver)), None)
        if over is not None:
            self.ctx.store.record_friends(session.match_id, won=HUMAN in over.winners)
            self.ctx.notices.extend(self.ctx.store.take_problems())
        for event in events:
            if isinstance(event, MoonChoiceNeeded) and event.shooter is HUMAN:
                laters.append(lambda: Push(MoonChoice()))
            elif isinstance(event, HandScored):
                laters.append(self._result(event, over))
        return laters

    def _result(self, scored: HandScored, over: MatchOver | None) -> Later:
        return lambda: Push(SeatResult(self.session.match_id, scored, self.names(away=False), over))

    def answer(self, asked: object) -> Transition | None:
        return Push(FriendsMenu(self.session.match_id)) if asked == OPEN_MENU else None

    def background(self, seconds: float) -> bool:
        """The coach judging your decisions, for the hands' reviews (nothing is kept on this page)."""
        return self.session.coach(seconds)
