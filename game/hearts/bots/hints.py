"""Hints for the human player, from their view alone.

``think_hint``: Hard's choice in their seat, thought through a slice at a time, as the table's Hint
gives it. With the seed the coach judges by, it is the very choice the coach calls best, so a hint
followed is never charged.

``suggest_pass`` and ``suggest_play``: what the Normal bot would do, at once (the lesson's suggestions
and the tools use them). The Normal bot uses no randomness, so the same view always gives the same
hint.
"""

from __future__ import annotations

from collections.abc import Generator

from ..engine import PASS_SIZE, Card, CardSet, Pass, Phase, Play, PlayerView
from .hard import HardBot
from .normal import normal_pass, normal_play


def think_hint(view: PlayerView, seed: int) -> Generator[None, None, Card | CardSet]:
    """Hard's pass (three cards) or card for ``view``, with the generator of the Hard bot seeded
    ``seed``: a generator, advanced a slice at a time like a bot's thinking."""
    if view.phase is Phase.PASS and view.passed is None:
        move = yield from HardBot(seed).think(view)
        assert isinstance(move, Pass)
        return move.cards
    if view.phase is Phase.PLAY and view.to_move == view.seat:
        move = yield from HardBot(seed).think(view)
        assert isinstance(move, Play)
        return move.card
    raise ValueError("this seat has no pass or card to choose now")


def same_question(first: PlayerView, second: PlayerView) -> bool:
    """Whether two views ask the seat the same thing (the others' passes confirmed meanwhile change
    nothing): a hint for one still answers the other."""
    return (
        first.phase is second.phase
        and first.hand_number == second.hand_number
        and first.hand == second.hand
        and first.passed == second.passed
        and first.tricks == second.tricks
        and first.trick == second.trick
    )


def suggest_pass(view: PlayerView) -> CardSet:
    """Three cards of the hand to pass."""
    if view.phase is not Phase.PASS or len(view.hand) < PASS_SIZE:
        raise ValueError("there is nothing to pass in this view")
    return normal_pass(view)


def suggest_play(view: PlayerView) -> Card:
    """One card the seat may play now."""
    if view.phase is not Phase.PLAY or view.to_move != view.seat or not view.legal:
        raise ValueError("it is not this seat's turn to play")
    return normal_play(view)
