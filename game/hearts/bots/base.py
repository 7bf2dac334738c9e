"""What every bot is: a player that sees one ``PlayerView`` and answers with a move, in slices.

The browser build has no threads, so a bot thinks as a generator: it yields now and then, and the
table advances it a few milliseconds per frame (``Thinking.advance``). ``Bot.decide`` is the blocking
wrapper for tools and tests. A bot's randomness comes from its seed and the view alone, so the same
view and the same seed always give the same move.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import ClassVar, final

from ..engine import (
    PASS_SIZE,
    Card,
    CardSet,
    Moon,
    MoonChoice,
    Pass,
    Phase,
    Play,
    PlayerMove,
    PlayerView,
    moon_scores,
)

Thought = Generator[None, None, PlayerMove]
"""A decision in progress: yields while it works, returns the move."""


class Bot(ABC):
    """A computer player. Subclasses choose passes and plays; they never see more than the view."""

    level: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rng_for(self, view: PlayerView) -> random.Random:
        """A generator seeded by this bot's seed and everything in the view (and nothing else)."""
        return random.Random(f"{self.level}:{self.seed}:{view_key(view)}")

    def think(self, view: PlayerView) -> Thought:
        """The decision for ``view`` as a generator (see the module docstring)."""
        rng = self.rng_for(view)
        if view.phase is Phase.PASS:
            cards = yield from self.think_pass(view, rng)
            assert len(cards) == PASS_SIZE and cards <= view.hand, f"{self.level} passed {cards}"
            return Pass(view.seat, cards)
        if view.phase is Phase.PLAY and view.to_move == view.seat:
            card = yield from self.think_play(view, rng)
            assert card in view.legal, f"{self.level} chose {card!r}, not in {view.legal}"
            return Play.of(view.seat, card)
        if view.phase is Phase.MOON and view.moon_shooter == view.seat:
            moon = yield from self.think_moon(view, rng)
            return MoonChoice(view.seat, moon)
        raise ValueError(f"seat {view.seat.name} has nothing to decide in phase {view.phase.name}")

    @final
    def decide(self, view: PlayerView) -> PlayerMove:
        """The decision for ``view``, thought through in one go (blocking)."""
        thought = self.think(view)
        while True:
            try:
                next(thought)
            except StopIteration as done:
                move: PlayerMove = done.value
                return move

    @abstractmethod
    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        """Three cards of ``view.hand`` to pass."""

    @abstractmethod
    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        """One card of ``view.legal``."""

    def think_moon(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Moon]:
        """Under shooter-chooses: the option that serves this seat best."""
        yield from ()
        return best_moon_choice(view)


def best_moon_choice(view: PlayerView) -> Moon:
    """Add 26 to the others, unless that would end the match with this seat not the winner, or
    subtracting would win it outright; otherwise the choice that leaves the seat furthest ahead."""
    me = view.seat

    def standing(moon: Moon) -> tuple[int, int]:
        totals = [total + score for total, score in zip(view.totals, moon_scores(moon, me), strict=True)]
        over = max(totals) >= view.rules.target
        lowest = min(totals)
        wins = over and totals[me] == lowest and totals.count(lowest) == 1
        loses = over and not wins
        margin = min(t for seat, t in enumerate(totals) if seat != me) - totals[me]
        return (1 if wins else -1 if loses else 0), margin

    add = standing(Moon.ADD_TO_OTHERS)
    subtract = standing(Moon.SUBTRACT_FROM_SHOOTER)
    return Moon.SUBTRACT_FROM_SHOOTER if subtract > add else Moon.ADD_TO_OTHERS


def view_key(view: PlayerView) -> str:
    """Every fact in the view, as stable text (the process's hash seed plays no part)."""
    tricks = " ".join(
        trick.leader.letter + ":" + "".join(card.notation for card in trick.cards)
        for trick in (*view.tricks, view.trick)
    )
    voids = ",".join("".join(sorted(suit.letter for suit in suits)) for suits in view.voids)
    return "|".join(
        str(part)
        for part in (
            view.seat.letter,
            view.phase.value,
            view.hand_number,
            view.rules.to_dict(),
            view.hand.compact,
            view.passed.compact if view.passed else "-",
            view.received.compact if view.received else "-",
            tricks,
            voids,
            view.points,
            view.totals,
            view.moon_shooter,
        )
    )


class Thinking:
    """A bot's decision advanced in slices of wall-clock time, for a loop that must keep drawing."""

    def __init__(self, bot: Bot, view: PlayerView) -> None:
        self._thought = bot.think(view)
        self.move: PlayerMove | None = None
        self.spent = 0.0

    @property
    def is_done(self) -> bool:
        return self.move is not None

    def advance(self, seconds: float) -> PlayerMove | None:
        """Think for about ``seconds`` (at least one step); the move once it is decided."""
        if self.move is not None:
            return self.move
        start = time.perf_counter()
        deadline = start + seconds
        try:
            while True:
                next(self._thought)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as done:
            self.move = done.value
        self.spent += time.perf_counter() - start
        return self.move
