"""Your choices at the table, as one value (``TableState``), and the table at one moment as its pure
parts read it (``TableSnapshot``): your hand as shown, the match as it is, the step showing, the layout
and the options.

The seam: the table keeps one ``TableState`` and replaces it. It takes a snapshot when it reads an
input, places the focus, takes a hint or draws; the pure functions that decide (``table_input``,
``table_focus``, ``table_hint``, ``table_compose``) read the snapshot alone and return a new state, a
command or a frame, so what you chose is never changed behind the table's back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pygame import Rect

from ..engine import Card, HandScored, Phase, PlayerView
from ..storage import Settings
from . import table_controls as controls
from .motion import Step
from .table_hand import ShownHand, card_on_its_way
from .table_layout import TableLayout
from .widgets import Button

if TYPE_CHECKING:
    from .context import Context
    from .table_session import TableSession
from .table_stage import Stage

Moment = tuple[int, Phase, int, int]
"""Where the match stands: the hand, its phase, the tricks done and the cards in the trick."""


def moment_of(view: PlayerView) -> Moment:
    """Where ``view``'s match stands: it changes with every move (what fast-forward, the focus and the
    turn's announcement are measured by)."""
    return view.hand_number, view.phase, len(view.tricks), len(view.trick.cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    selected: frozenset[Card] = frozenset()
    """Cards chosen for the pass (up to three)."""
    raised: Card | None = None
    """Under tap-then-confirm, the card the first tap lifted; also the card a hint points at."""
    focus: int | None = None
    """Keyboard focus: an index into the hand, or ``len(hand)`` for the action button."""
    focus_placed: Moment | None = None
    """The moment of your turn whose focus was put on a card you may play (by keys)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSnapshot:
    state: TableState
    live: PlayerView
    """The match as it is: the seat to move and your legal cards, once your input counts."""
    hand: ShownHand
    """Your hand as the cards on the table show it (its ``view``: the match as they show it)."""
    current: Step | None
    """The step of motion showing (None: nothing moves)."""
    on_its_way: Card | None
    """The card you played that has yet to land."""
    waiting: bool
    """Whether something waits for the cards to land (a dialog: the moon, the results)."""
    layout: TableLayout
    band: Rect | None
    """The band a note stands in (a guided table's), if any."""
    settings: Settings
    keyboard: bool
    """Whether the last input was a key (the words then name keys, not taps)."""
    fast: bool
    """Whether fast-forward is on."""
    settled: bool
    """Whether the hand plays itself (nothing is left to play for)."""
    your_turn: bool
    """Whether the match waits for you (even while the last cards still move)."""
    results: tuple[HandScored, ...]

    @classmethod
    def take(
        cls,
        state: TableState,
        session: TableSession,
        stage: Stage,
        hand: ShownHand,
        ctx: Context,
        layout: TableLayout,
        band: Rect | None,
        settled: bool,
    ) -> TableSnapshot:
        """The table now: your choices (``state``), the match in ``session`` with ``hand`` as shown, the
        motion on ``stage``, the options in ``ctx``."""
        return cls(
            state=state,
            live=session.view,
            hand=hand,
            current=stage.motion.current,
            on_its_way=card_on_its_way(stage.motion.steps),
            waiting=bool(stage.after_motion),
            layout=layout,
            band=band,
            settings=ctx.settings,
            keyboard=ctx.keyboard,
            fast=stage.fast,
            settled=settled,
            your_turn=session.is_human_turn,
            results=tuple(session.results),
        )

    @property
    def busy(self) -> bool:
        return self.current is not None

    @property
    def moment(self) -> Moment:
        return moment_of(self.live)

    @property
    def players_move(self) -> bool:
        """Whether your input is taken now (a move ends the motion still showing)."""
        return controls.is_players_move(self.live, waiting=self.waiting)

    @property
    def turn_to_play(self) -> bool:
        """A card to play: unplayable cards are hatched exactly while this holds."""
        return self.players_move and self.live.phase is Phase.PLAY

    @property
    def action(self) -> controls.Action | None:
        """The big button's label and whether it can be pressed now (None: no button)."""
        chosen, lifted, taps = len(self.state.selected), self.state.raised, self.settings.confirm_taps
        return controls.action(self.live, busy=self.busy, chosen=chosen, lifted=lifted, confirm_taps=taps)

    @property
    def buttons(self) -> list[Button]:
        """Every button on the table, the big one last (when there is one)."""
        can_hint, sound = self.players_move, self.settings.sound
        return controls.buttons(
            self.layout, self.live, can_hint=can_hint, fast=self.fast, sound=sound, action=self.action
        )
