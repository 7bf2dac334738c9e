"""The hint: Hard's choice for the decision before you (the one the coach judges by), worked out a slice
a frame, then shown as the cards chosen for the pass or the card lifted.

The seam: ``HintWorker`` keeps the view the hint is for and asks the coaching for a slice of it; the
pure ``hinted`` turns its answer into the table's new state and the words for it.
"""

from __future__ import annotations

from dataclasses import replace

from .. import announce
from ..bots.hints import same_question
from ..engine import Card, CardSet, PlayerView
from .table_input import Say
from .table_session import TableSession
from .table_state import TableSnapshot, TableState

THINKING = "Thinking of a hint…"


class HintWorker:
    """The hint being worked out, if any (the trick showing stays: the hint does not hurry it)."""

    def __init__(self) -> None:
        self.view: PlayerView | None = None
        """The view a hint is being worked out for."""

    @property
    def is_working(self) -> bool:
        return self.view is not None

    def start(self, view: PlayerView) -> None:
        self.view = view

    def work(
        self, session: TableSession, seconds: float, snap: TableSnapshot, *, quiet: bool
    ) -> tuple[TableState, Say] | None:
        """A slice of about ``seconds`` at ``snap``: once the choice is ready, the table's new state and
        the words for it; until then, that it is thinking (unless ``quiet``: something else is said).
        Forgotten, and None, if the view moved on or it is no longer your move."""
        view = self.view
        if view is None:
            return None
        if not same_question(view, session.view) or not snap.players_move:
            self.view = None
            return None
        chosen = session.coaching.hint(view, seconds)
        if chosen is None:
            return None if quiet else (snap.state, Say(THINKING, reason=False))
        self.view = None
        return hinted(snap, chosen)


def hinted(snap: TableSnapshot, chosen: Card | CardSet) -> tuple[TableState, Say]:
    """The hint's ``chosen`` pass or card: chosen (the focus, by keys, on the Pass button) or lifted (the
    focus on it), and said."""
    state, cards, keyboard = snap.state, snap.hand.cards(), snap.keyboard
    if isinstance(chosen, CardSet):
        selected = frozenset(chosen)
        shown = " ".join(str(card) for card in sorted(selected))
        said = Say(
            f"Suggested: pass {shown}. Change them if you like.",
            reason=False,
            aloud=f"Suggested: pass {announce.cards_spoken(chosen)}. Change them if you like.",
        )
        return replace(state, selected=selected, focus=len(cards) if keyboard else state.focus), said
    focus = cards.index(chosen) if keyboard and chosen in cards else state.focus
    return replace(state, raised=chosen, focus=focus), Say(f"Suggested: {chosen}.", reason=False)
