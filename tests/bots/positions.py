"""Positions for the bot tests: hand-built deals, and seeded random walks through whole hands."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hearts.deals import deal_for
from hearts.engine import PRESETS, CardSet, Match, Pass, Phase, Play, PlayerView, Seat

# Trick 1 is South's 2♣ under West's A♣; West then runs clubs while North, void, throws the Q♠
# and two hearts on them: West has every point played (15) and leads the 10♥ to trick 5, which
# North and East follow low.
WEST_RUNS = {
    "south": "2C 6C 8C TC 2D 3D 4D 5D 2S 3S 4S 4H KH",
    "west": "AC KC QC JC 6D 7D 8D 9D TD JD AS KS TH",
    "north": "3C QD 5S 6S 7S 8S 9S TS JS QS 2H 3H 6H",
    "east": "4C 5C 7C 9C KD AD 5H 7H 8H 9H JH QH AH",
}
WEST_RUNS_PLAY = (
    "2C AC 3C 4C",
    "KC QS 5C 6C",
    "QC 2H 7C 8C",
    "JC 3H 9C TC",
    "TH 6H 5H",
)


def random_views(seed: int, hands: int, *, hero: Seat | None = None) -> Iterator[PlayerView]:
    """The view of every decision (passes and plays) in ``hands`` random legal hands, each under a
    table preset in turn and a pass direction in turn; only ``hero``'s views when given."""
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    for index in range(hands):
        match = Match(presets[index % len(presets)], hands_before=index % 4)
        match.apply(deal_for(seed * 10_007 + index, index % 4 + 1))
        if match.phase is Phase.PASS:
            for seat in Seat:
                view = match.view_for(seat)
                if hero in (None, seat):
                    yield view
                match.apply(Pass(seat, CardSet(rng.sample(list(view.hand), 3))))
        while match.phase is Phase.PLAY:
            seat = match.to_move
            assert seat is not None
            view = match.view_for(seat)
            if hero in (None, seat):
                yield view
            match.apply(Play.of(seat, rng.choice(list(view.legal))))
