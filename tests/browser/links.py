"""Match links for the browser tests, made from the engine as the game on another device makes them: the
page gets nothing but the address."""

from __future__ import annotations

from collections.abc import Callable

from hearts.deals import deal_for
from hearts.engine import Match, Phase
from hearts.match_link import match_link_code
from hearts.storage import SavedMatch


def link_for(site_url: str, match: Match, seed: int) -> str:
    return f"{site_url}#m={match_link_code(SavedMatch(match=match, seed=seed, bot_level='normal'))}"


def match_stopped(seed: int, stop: Callable[[Match], bool]) -> Match:
    """A match on ``seed``'s deals, every seat playing its first legal move, stopped where ``stop`` holds."""
    match = Match()
    while not stop(match):
        if match.phase is Phase.DEAL:
            match.apply(deal_for(seed, match.hand_number + 1))
        else:
            match.apply(match.legal_moves()[0])
    return match
