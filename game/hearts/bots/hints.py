"""Hints for the human player: what the Normal bot would do in their seat, from their view alone.

The Normal bot uses no randomness, so the same view always gives the same hint.
"""

from __future__ import annotations

from ..engine import Card, CardSet, Phase, PlayerView
from .normal import normal_pass, normal_play


def suggest_pass(view: PlayerView) -> CardSet:
    """Three cards of the hand to pass."""
    if view.phase is not Phase.PASS or len(view.hand) < 3:
        raise ValueError("there is nothing to pass in this view")
    return normal_pass(view)


def suggest_play(view: PlayerView) -> Card:
    """One card the seat may play now."""
    if view.phase is not Phase.PLAY or view.to_move != view.seat or not view.legal:
        raise ValueError("it is not this seat's turn to play")
    return normal_play(view)
