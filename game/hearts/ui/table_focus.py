"""Where the keyboard's focus goes by itself at the table: onto a card you may play as your turn comes.

The seam: a pure function of the table's state and what it shows; the arrows move the focus
(``table_input.keyed``) and the hint puts it on its card (``table_hint.hinted``).
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Phase
from .table_state import TableSnapshot, TableState


def placed(snap: TableSnapshot, *, note_showing: bool) -> TableState:
    """By keys, on your turn: the focus on a card you may play (the one it is on, if it may be played,
    else the first from the left), once the cards have landed (the hand shown is then the hand). Once a
    moment, so the arrows can then take it anywhere; not while a note shows (Enter with no focus reads
    it). The pass starts on the first card."""
    state, view, moment = snap.state, snap.live, snap.moment
    if (
        not snap.keyboard
        or not snap.players_move
        or snap.busy
        or state.focus_placed == moment
        or note_showing
    ):
        return state
    state = replace(state, focus_placed=moment)
    if view.phase is Phase.PASS and view.passed is None:
        return state if state.focus is not None else replace(state, focus=0)
    cards, focus, legal = snap.hand.cards(), state.focus, view.legal
    if focus is None or focus >= len(cards) or cards[focus] not in legal:
        playable = [index for index, card in enumerate(cards) if card in legal]
        if playable:
            return replace(state, focus=playable[0])
    return state
