"""The table's frame composed from values: what the cards show (your hand as shown, the step in motion),
your choices, the words and the buttons, gathered into one ``TableFrame`` for the drawer.

The seam: the table hands in a snapshot of itself (``table_state.TableSnapshot``: your choices, the hand
built once for it, the step showing, the options), what was said and its mode's words and marks;
``compose`` reads nothing else, so the same values always make the same frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, HandScored, Phase, PlayerView, Seat
from ..lesson import Note
from .table_frame import USUAL_NAMES, Moving, Refusal, TableFrame
from .table_remarks import Remarks, message_line
from .table_state import TableSnapshot


def scored_for(view: PlayerView, results: Sequence[HandScored]) -> tuple[int, ...] | None:
    """What each seat scored for the hand ``view`` shows, once it is over (None while it is played)."""
    if view.phase in (Phase.PASS, Phase.PLAY) or not results:
        return None
    if results[-1].hand_number != view.hand_number:
        return None
    return results[-1].scores


def compose(
    snap: TableSnapshot,
    remarks: Remarks,
    *,
    header: str,
    highlighted: frozenset[Card],
    note: Note | None,
    guide: str | None,
    errors: bool,
    names: tuple[str, ...] | None = None,
) -> TableFrame:
    """What the table shows at ``snap``, with what was said (``remarks``); from its mode, the ``header``,
    the cards ``highlighted``, the ``note`` showing, a guided table's line (``guide``), whether a
    reason shows as an error (``errors``) and the seats' ``names`` in their boxes (None: the usual)."""
    shown, live, current, state = snap.hand, snap.live, snap.current, snap.state
    view, hand, players_move = shown.view, shown.cards(), snap.players_move
    moving = None if current is None else Moving.of(current)
    refusal = remarks.refusal_shown
    message = message_line(
        said=remarks.said,
        shown=view,
        current=current,
        players_move=players_move,
        on_its_way=snap.on_its_way is not None,
        settled=snap.settled,
        chosen=len(state.selected),
        guide=guide,
        jack_counts=live.rules.jack_of_diamonds,
    )
    return TableFrame(
        layout=snap.layout,
        shown=view,
        live=live,
        is_players_move=players_move,
        scored=scored_for(view, snap.results),
        is_your_turn=snap.your_turn,
        is_players_turn_to_play=players_move and live.phase is Phase.PLAY,
        moving=moving,
        hand=tuple(hand),
        raised=shown.raised_indexes(hand),
        cards=tuple(shown.rects()),
        deal_order=tuple(shown.deal_order()) if moving is not None and moving.kind == "deal" else (),
        cards_shown=tuple(shown.held(seat) for seat in Seat),
        highlighted=highlighted,
        lifted=state.raised,
        selected=state.selected,
        focus=state.focus,
        refusal=None if refusal is None else Refusal(*refusal, age=remarks.refused_age),
        received=shown.received(),
        header=header,
        message=message,
        message_is_reason=remarks.reason is not None and errors,
        buttons=tuple(snap.buttons),
        note=note,
        band=snap.band,
        four_colour=snap.settings.four_colour,
        reduced_motion=snap.settings.reduced_motion,
        keyboard=snap.keyboard,
        names=USUAL_NAMES if names is None else names,
    )
