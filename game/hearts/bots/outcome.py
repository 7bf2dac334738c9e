"""How good a played-out hand is for one seat: what Hard's plays and passes are both weighed by.

A rollout ends with the hand scored as the engine scores it (``sim.hand_scores``); the outcome is
minus the seat's score, moved by a stake when the hand would end the match, won or lost.
"""

from __future__ import annotations

from typing import Final

from ..engine.rules import FULL_MOON, Moon, Ties
from ..engine.views import PlayerView
from .sim import Sim, hand_scores

MATCH_STAKE: Final = 60.0
"""How many hand points winning (or losing) the match is worth when this hand would end it."""


def outcome_value(view: PlayerView, sim: Sim) -> float:
    """How good a played-out hand is for the view's seat: fewer points, and the match if it ends."""
    return scored_outcome(view, sim)[0]


def scored_outcome(view: PlayerView, sim: Sim) -> tuple[float, int]:
    """``outcome_value`` and the view's seat's score for the hand."""
    rules = view.rules
    me = view.seat
    moon_choice = None
    if rules.moon is Moon.SHOOTER_CHOOSES and FULL_MOON in sim.points:
        moon_choice = Moon.SUBTRACT_FROM_SHOOTER if sim.points[me] == FULL_MOON else Moon.ADD_TO_OTHERS
    scores = hand_scores(sim.points, sim.jack_taker, rules, moon_choice)
    value = -float(scores[me])
    totals = [total + score for total, score in zip(view.totals, scores, strict=True)]
    if max(totals) >= rules.target:
        lowest = min(totals)
        if totals[me] == lowest and (totals.count(lowest) == 1 or rules.ties is Ties.SHARED_WIN):
            value += MATCH_STAKE
        elif totals[me] != lowest:
            value -= MATCH_STAKE
    return value, scores[me]
