"""A bot that picks uniformly among legal moves: the floor every real level must clear."""

from __future__ import annotations

import random
from collections.abc import Generator

from ..engine import PASS_SIZE, Card, CardSet, PlayerView
from .base import Bot


class RandomBot(Bot):
    level = "random"

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        yield from ()
        return CardSet(rng.sample(list(view.hand), PASS_SIZE))

    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        yield from ()
        return rng.choice(list(view.legal))
