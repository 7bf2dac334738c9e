"""A match to the target against three bots (a friend's challenge too): saved after every card, counted
in the statistics once it ends, a result after every hand."""

from __future__ import annotations

from ...engine import HandScored
from ..context import Context
from ..routes import HandResult, PauseMenu
from ..session import Session
from ..transitions import Push, Transition
from .base import OPEN_MENU, BaseMode, MatchWords


class MatchMode(BaseMode):
    def __init__(self, ctx: Context, session: Session) -> None:
        super().__init__(ctx, session)
        self.words = MatchWords(challenge=session.challenge is not None)
        self.counted_reviews: set[int] | None = None
        """Once the match is counted in the statistics, the hands whose reviews were counted with it."""

    def hand_over(self, scored: HandScored, match_over: bool) -> Transition | None:
        table = self.session.match_id
        return Push(HandResult(table, scored, match_over, PauseMenu(table, over_result=True)))

    def answer(self, asked: object) -> Transition | None:
        return Push(PauseMenu(self.session.match_id)) if asked == OPEN_MENU else None

    # Saving and counting ----------------------------------------------------------------------------

    def keep(self) -> None:
        session, store = self.session, self.ctx.store
        if session.match.is_over:
            # The finished match is saved once its statistics are counted; a review completed
            # after that (the last hand's, usually) is added to them alone.
            self._count_late_reviews()
            return
        store.save_match(session.to_saved())
        self.ctx.notices.extend(store.take_problems())

    def finished(self) -> None:
        saved = self.session.to_saved()
        self.ctx.stats = self.ctx.store.record_finished(saved)
        self.counted_reviews = set(saved.points_lost_tenths)
        self.ctx.notices.extend(self.ctx.store.take_problems())

    def _count_late_reviews(self) -> None:
        if self.counted_reviews is None:
            return
        tally = self.session.coaching.points_lost_tenths
        late = {hand: tenths for hand, tenths in tally.items() if hand not in self.counted_reviews}
        if late:
            self.counted_reviews.update(late)
            self.ctx.stats = self.ctx.stats.with_reviews(late.values())
            self.ctx.store.save_stats(self.ctx.stats)
            self.ctx.notices.extend(self.ctx.store.take_problems())
