"""Practice: a finished hand played again from a point of its review, with the same cards and the same
bots (so what differs comes from your choices alone). It never touches the match in progress, its
statistics or its save: it is saved in a slot of its own after every card, so a reload returns to it; at
the end, its result stands beside the original's."""

from __future__ import annotations

from ...engine import Card, HandScored, MatchOver, PlayerView
from ...storage import SavedPractice
from ..context import Context
from ..routes import Opening, PracticeMenu, PracticeResult
from ..session import HUMAN, Session
from ..transitions import Pop, Push, Reset, Transition
from .base import TableMode

STOP = "stop"
"""The practice menu's answer that ends the practice (back to the review it began from)."""
DONE = "done"
"""The practice result's answer that closes it (back to the review)."""


class PracticeMode(TableMode):
    """One hand of practice, in ``session`` (a match of its own, replayed to the point chosen)."""

    def __init__(
        self,
        ctx: Context,
        session: Session,
        *,
        before: int,
        start: str,
        first: Card | None = None,
        alone: bool = False,
    ) -> None:
        super().__init__(ctx, session)
        self.alone = alone
        """Reopened on its own after a reload (no review beneath it to go back to)."""
        self.first = first
        """The coach's better card, played for you as the practice begins (shown as it is played)."""
        self.before = before
        """What you scored in the original hand."""
        self.start = start
        """Where the practice began, in words ("from trick 4")."""

    def header(self, view: PlayerView) -> str:
        return f"Practice · hand {view.hand_number} {self.start}"

    def take_first_card(self) -> Card | None:
        first, self.first = self.first, None
        return first

    def deal(self) -> None:
        return None  # one hand only

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        return Push(PracticeResult(self.session, scored, self.before))

    def match_over(self, over: MatchOver) -> Transition | None:
        return None  # (the hand's result says it all: practice decides no match)

    def menu(self) -> Transition | None:
        return Push(PracticeMenu())

    def resume(self, result: object) -> Transition | None:
        if result not in (STOP, DONE):
            return None
        self.ctx.store.clear_practice()
        return Reset(Opening()) if self.alone else Pop()

    def keep(self) -> None:
        practice = SavedPractice(self.session.to_saved(), self.before, self.start)
        self.ctx.store.save_practice(practice)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def background(self, seconds: float) -> bool:
        return False  # (the practice hand is judged when its review asks)


def practice_points(scored: HandScored) -> int:
    """What you scored in a hand."""
    return scored.scores[HUMAN]
