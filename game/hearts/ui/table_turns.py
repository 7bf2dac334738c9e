"""The turn conductor: once a frame, what the table does next when nothing holds it. The cards on the
move go on and the bots think; once everything has landed, what waited for it comes (a question, a
result), then a deal, your card played for you (your last, a hand with nothing left to play for,
practice's "Try"), or the next bot's move once it is decided and its pause is over.

The seam: the stage (``table_stage``) runs the motion and its clocks; the conductor reads the match and
the options and answers with a value (``Turn``); the table carries it out, since it alone moves the
match and turns the events into motion.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..announce import Announcement
from ..engine import Card, Phase
from ..storage import Settings
from .modes.base import ModeTraits
from .table_controls import is_players_move
from .table_remarks import SETTLED
from .table_session import TableSession
from .table_stage import Stage
from .table_state import moment_of
from .transitions import Transition


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    """What the table does next (at most one of ``transition``, ``deal``, ``play`` and ``bot``)."""

    transition: Transition | None = None
    deal: bool = False
    play: Card | None = None
    """Your card, played for you."""
    bot: bool = False
    """The bot to move has decided, and its move may be shown now."""
    said: Announcement | None = None
    """What to say now: the hand was just found with nothing left to play for (it plays itself)."""
    changed: bool = False
    """Whether the table looks different (it is drawn again)."""


class Conductor:
    """The table's turns, on its stage."""

    def __init__(self, stage: Stage, traits: ModeTraits) -> None:
        self.stage = stage
        self.traits = traits
        """The kind of table's traits: whether a settled hand plays itself, a card played for you."""
        self.first = traits.first_card
        """A card to play for you at your first turn (practice's "Try"), until it is played."""
        self.settled_in: tuple[object, int] | None = None
        """The match and hand found with nothing left to play for (it plays itself to the end)."""

    def is_settled(self, session: TableSession) -> bool:
        """Whether the hand in progress was found with nothing left to play for (and plays itself)."""
        return self.settled_in == (session, session.view.hand_number)

    def next(self, session: TableSession, dt: float, started: float, *, settings: Settings) -> Turn:
        """The frame whose update began at ``started`` (on the stage's clock), ``dt`` seconds on."""
        stage = self.stage
        pace = stage.pace(settings.pace)
        changed = stage.tick(dt)  # the received cards' lift runs on its own clock
        changed = stage.advance(dt, pace) or changed
        stage.think(session, started)  # while the last cards still move, too
        if stage.is_busy:
            return Turn(changed=changed)
        if stage.to_hand_end and session.view.phase is not Phase.PLAY:
            stage.hand_ended()  # (before the hand's result shows)
            changed = True
        transition = stage.drain()
        if transition is not None or session.needs_deal:
            return Turn(transition=transition, deal=transition is None, changed=changed)
        seat = session.bot_to_move
        settled = self._settle(session, settings)
        if stage.turn_to(session.is_human_turn, moment_of(session.view)):
            changed = True  # fast-forward has ended: the button shows it
        view = session.view
        playing = view.phase is Phase.PLAY and is_players_move(view, waiting=bool(stage.after_motion))
        card = None
        if playing and settings.play_last_card and len(view.hand) == 1:
            card = next(iter(view.hand))  # your one card left plays itself (the option)
        elif playing and self.is_settled(session):
            card = next(iter(view.legal), None)  # any gives the same scores
        if card is None and playing:
            card, self.first = self.first, None  # practice's "Try": the better card, played as it begins
        bot = card is None and seat is not None and stage.bot_may_move(session, dt, pace)
        said = Announcement(text=SETTLED, kind="note") if settled else None
        return Turn(play=card, bot=bot, said=said, changed=changed or settled)

    def _settle(self, session: TableSession, settings: Settings) -> bool:
        """Nothing is left to play for in this hand (the option; never in the lesson): fast-forward to
        its end, your turns included; whether it was found just now."""
        view = session.view
        if self.is_settled(session) or not settings.finish_when_settled:
            return False
        if not self.traits.plays_out_settled_hands or not view.nothing_to_play_for:
            return False
        self.settled_in = (session, view.hand_number)
        self.stage.run_to_hand_end()
        return True
