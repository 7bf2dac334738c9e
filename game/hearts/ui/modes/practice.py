"""Practice: a finished hand played again from a point of its review, with the same cards and the same
bots (so what differs comes from your choices alone). It never touches the match in progress, its
statistics or its save: it is saved in a slot of its own after every card, so a reload returns to it; at
the end, its result stands beside the original's."""

from __future__ import annotations

from dataclasses import dataclass

from ...announce import Announcement, Verbosity, for_event
from ...engine import Card, Event, HandScored, MatchOver, PlayerView, Reason
from ...storage import SavedMatch, SavedPractice
from ...storage.saved_match import new_match_id
from ..context import Context
from ..routes import Opening, PracticeMenu, PracticeResult
from ..session import HUMAN, Session
from ..transitions import Pop, Push, Reset, Transition
from .base import OPEN_MENU, BaseMode, ModeTraits

STOP = "stop"
"""The practice menu's answer that ends the practice (back to the review it began from)."""
DONE = "done"
"""The practice result's answer that closes it (back to the review)."""


class PracticeMode(BaseMode):
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
        """``first``: the coach's better card, played for you as the practice begins (shown as it is
        played)."""
        super().__init__(ctx, session)
        self.traits = ModeTraits(hands=0, first_card=first)  # (one hand only, dealt before it began)
        self.words = PracticeWords(start)
        self.alone = alone
        """Reopened on its own after a reload (no review beneath it to go back to)."""
        self.before = before
        """What you scored in the original hand."""
        self.start = start
        """Where the practice began, in words ("from trick 4")."""

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        return Push(PracticeResult(self.session.match_id, scored, self.before))

    def match_over(self, over: MatchOver) -> Transition | None:
        return None  # (the hand's result says it all: practice decides no match)

    def answer(self, asked: object) -> Transition | None:
        if asked == OPEN_MENU:
            return Push(PracticeMenu())
        if asked not in (STOP, DONE):
            return None
        self.ctx.store.clear_practice()
        return Reset(Opening()) if self.alone else Pop()

    def keep(self) -> None:
        practice = SavedPractice(self.session.to_saved(), self.before, self.start)
        self.ctx.store.save_practice(practice)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def background(self, seconds: float) -> bool:
        return False  # (the practice hand is judged when its review asks)


@dataclass(frozen=True, slots=True)
class PracticeWords:
    """Practice says which hand it plays again, and from where."""

    start: str

    def header(self, view: PlayerView) -> str:
        return f"Practice · hand {view.hand_number} {self.start}"

    def names(self) -> tuple[str, ...] | None:
        return None

    def refusal(self, reason: Reason) -> str:
        return str(reason)

    def said(self, event: Event, view: PlayerView, *, verbosity: Verbosity) -> list[Announcement]:
        return for_event(event, view, verbosity=verbosity)


def practice_from(original: Session, hand: int, step: int) -> SavedPractice:
    """Hand ``hand`` of ``original``'s match as practice begins it from ``step`` (0: the pass; k: your
    turn in trick k): its own match, replayed to that point with the same seed and bots, and what you
    scored in the original hand."""
    from ...practice import practice_match

    match = practice_match(original.match, hand, step)
    before = next(result for result in original.match.results if result.hand_number == hand)
    start = "from the pass" if step == 0 else f"from trick {step}"
    saved = SavedMatch(match, original.seed, original.bot_level, match_id=new_match_id())  # (its own)
    return SavedPractice(saved, practice_points(before), start)


def practice_points(scored: HandScored) -> int:
    """What you scored in a hand."""
    return scored.scores[HUMAN]
