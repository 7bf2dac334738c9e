"""Playing seeded matches as the game does, and stating them, for ``make_old_saves.py``: the bots the
game seats, the moves until a chosen moment, and a match described as a fixture states it. It names only the
API that both spellings of the code share (``seat_seed``, ``saved_match``), so any tree's game folder will
do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

from hearts import deals
from hearts.bots import Bot, make_bot
from hearts.challenge import Challenge
from hearts.engine import Deal, Match, Phase, Play, Seat
from hearts.storage import SavedMatch

YOU: Final = Seat.SOUTH


# The two spellings of the API --------------------------------------------------------------------


def seat_seed(seed: int, seat: Seat) -> int:
    """The seed of the bot in ``seat`` of the match with ``seed``, as the game's session gives it."""
    spelled = getattr(deals, "seat_seed", None)  # the restructured code names it
    return seed * 4 + seat if spelled is None else int(spelled(seed, seat))


def saved_match(
    match: Match,
    seed: int,
    level: str,
    *,
    lost: dict[int, int] | None = None,
    challenge: Challenge | None = None,
    counted: bool = False,
) -> SavedMatch:
    """What the table saves (``TableScene._saved``): a flag and the friend's score beside it, or the
    challenge itself, whichever ``SavedMatch`` holds."""
    extra: dict[str, Any] = {}
    if "challenger_score" in {field.name for field in dataclasses.fields(SavedMatch)}:
        score = None if challenge is None else challenge.score
        extra = {"challenge": challenge is not None, "challenger_score": score}
    elif challenge is not None:
        extra = {"challenge": challenge}
    return SavedMatch(match, seed, level, counted=counted, points_lost_tenths=lost or {}, **extra)


def saved_fields(saved: SavedMatch) -> dict[str, Any]:
    """What a loaded ``SavedMatch`` says beside its match."""
    challenge: Any = saved.challenge
    if isinstance(challenge, bool):
        is_challenge, score = challenge, saved.challenger_score  # type: ignore[attr-defined]
    else:
        is_challenge, score = challenge is not None, None if challenge is None else challenge.score
    return {
        "seed": saved.seed,
        "bot_level": saved.bot_level,
        "counted": saved.counted,
        "points_lost_tenths": {str(hand): lost for hand, lost in sorted(saved.points_lost_tenths.items())},
        "challenge": is_challenge,
        "challenger_score": score,
    }


# Playing -------------------------------------------------------------------------------------------


def bots_for(seed: int, level: str, south: dict[str, Any]) -> dict[Seat, Bot]:
    """The game's three bots for the match with ``seed``, and ``south`` (a level and a seed) for you."""
    bots = {seat: make_bot(level, seed=seat_seed(seed, seat)) for seat in Seat if seat is not YOU}
    bots[YOU] = make_bot(south["level"], seed=south["seed"])
    return bots


def advance(match: Match, seed: int, bots: dict[Seat, Bot], stop: Callable[[Match], bool]) -> list[str]:
    """Play until ``stop(match)`` or the match is over; the moves made, as text. As at the table, the
    bots pass before you do."""
    moves = []
    while not match.is_over and not stop(match):
        if match.phase is Phase.DEAL:
            move: Any = deals.deal_for(seed, match.hand_number + 1)
        else:
            seat = next((seat for seat in match.awaiting if seat is not YOU), YOU)
            move = bots[seat].decide(match.view_for(seat))
        match.apply(move)
        moves.append(move.to_text())
    return moves


def hands_scored(count: int) -> Callable[[Match], bool]:
    return lambda match: len(match.results) >= count


def at_play(hand: int, plays: int) -> Callable[[Match], bool]:
    """Hand ``hand`` with ``plays`` cards played in it."""
    return lambda match: match.hand_number == hand and plays_in_hand(match) == plays


def moon_or_hand_over(match: Match) -> bool:
    return match.phase is Phase.MOON or bool(match.results)


def plays_in_hand(match: Match) -> int:
    plays = 0
    for move in reversed(match.moves):
        if isinstance(move, Deal):
            break
        plays += isinstance(move, Play)
    return plays


def describe(match: Match) -> dict[str, Any]:
    """The match as a fixture states it: enough to tell any two positions apart that a player could."""
    return {
        "rules": match.rules.to_dict(),
        "phase": match.phase.name,
        "hand_number": match.hand_number,
        "move_count": match.move_count,
        "awaiting": letters(*match.awaiting),
        "your_hand": match.view_for(YOU).hand.compact if match.hand is not None else "",
        "points": list(match.points()),
        "totals": list(match.totals),
        "results": [
            [result.hand_number, list(result.scores), letters(result.moon_shooter) or None]
            for result in match.results
        ],
        "winners": letters(*match.winners),
    }


def letters(*seats: Seat | None) -> str:
    """Seats by their letters ("WN"); None (nobody) is left out."""
    return "".join(seat.letter for seat in seats if seat is not None)
