"""What the table asks of the match it shows (``TableSession``): your view, whose move comes next, your
moves, and the others' moves once they may be shown.

A solo match's ``Session`` holds the engine's match; a friend's seat (``guest_session.GuestSession``)
holds only what the host has sent it. The table reads either through these members alone, so it never
needs a match it may not have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..coach import Coaching
from ..engine import Card, CardSet, Deal, Event, HandScored, Moon, Phase, PlayerView, Reason, Seat


class TableSession(Protocol):
    """The match as the table plays it, from your seat (South)."""

    @property
    def match_id(self) -> str:
        """The match's id, by which routes name its table."""
        ...

    @property
    def view(self) -> PlayerView:
        """Your view of the match as it stands for this table."""
        ...

    @property
    def phase(self) -> Phase: ...

    @property
    def needs_deal(self) -> bool:
        """Whether the table deals the next hand now."""
        ...

    @property
    def is_human_turn(self) -> bool:
        """Whether the match waits for your move."""
        ...

    @property
    def bot_to_move(self) -> Seat | None:
        """The other seat whose move the table shows next, if any."""
        ...

    @property
    def bot_move_ready(self) -> bool:
        """Whether that move may be shown (decided, or arrived)."""
        ...

    @property
    def results(self) -> Sequence[HandScored]:
        """The hands scored so far (that this table knows of)."""
        ...

    @property
    def coaching(self) -> Coaching:
        """Hard's choice for your hint."""
        ...

    def think_on(self) -> bool:
        """One step of the others' thinking; whether there was any to do."""
        ...

    def apply_bot_move(self) -> list[Event]:
        """The other seat's move, made: its events, to show."""
        ...

    def deal(self, bot_level: str | None = None, deal: Deal | None = None) -> list[Event]: ...

    def play(self, card: Card) -> list[Event]:
        """You play ``card`` (``IllegalMove`` when refused at once)."""
        ...

    def pass_cards(self, cards: CardSet) -> list[Event]: ...

    def choose_moon(self, moon: Moon) -> list[Event]: ...

    def take_refusals(self) -> list[Reason]:
        """The reasons your moves sent away were refused since the last call (a solo match refuses at
        once, as you play)."""
        ...

    def why_not(self, card: Card) -> Reason | None:
        """Why you may not play ``card`` now (None: you may)."""
        ...
