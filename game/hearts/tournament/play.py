"""Duplicate tournaments, the play: who sits where, the seeds, and each deal played under every seating.

Everything is a pure function of (seed, deal index, seating), and a bot is built afresh for every
hand, so the deals may be played in any order, in any number of processes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from ..bots import Bot, make_bot
from ..deals import SplitMix64, deal_for
from ..engine import PASS_CYCLE, PRESETS, Deal, HandScored, Match, Move, Phase, PlayerView, Rules, Seat
from ..levels import LEVELS

SEATS: Final = tuple(Seat)
_MASK64: Final = (1 << 64) - 1

Decide = Callable[[Seat, PlayerView], Move]
"""How a driver asks a seat for its move: the seat and that seat's view, and nothing else."""


# The table --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One competitor: the label it is reported under and the bot level that plays it."""

    label: str
    level: str

    @classmethod
    def parse(cls, text: str) -> Entry:
        """``LEVEL`` or ``NAME=LEVEL``."""
        label, _, level = text.strip().rpartition("=")
        level = level.strip()
        label = label.strip() or level
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r} in {text!r}; choose one of {', '.join(LEVELS)}")
        return cls(label, level)

    def to_text(self) -> str:
        """The entry as ``parse`` reads it: ``LEVEL``, or ``NAME=LEVEL`` when the label differs."""
        return self.label if self.label == self.level else f"{self.label}={self.level}"


def parse_seats(text: str) -> tuple[Entry, ...]:
    """Four comma-separated entries; one label always means one level."""
    entries = tuple(Entry.parse(part) for part in text.split(","))
    if len(entries) != len(SEATS):
        raise ValueError(f"four seats, not {len(entries)}: {text!r}")
    levels: dict[str, str] = {}
    for entry in entries:
        if levels.setdefault(entry.label, entry.level) != entry.level:
            raise ValueError(f"{entry.label!r} cannot play as both {levels[entry.label]} and {entry.level}")
    return entries


def seatings(entries: Sequence[Entry]) -> tuple[tuple[Entry, ...], ...]:
    """Every distinct rotation: rotation ``r`` puts ``entries[k]`` in seat ``(k + r) % 4``."""
    count = len(entries)
    found: list[tuple[Entry, ...]] = []
    for shift in range(count):
        seating = tuple(entries[(seat - shift) % count] for seat in range(count))
        if seating not in found:
            found.append(seating)
    return tuple(found)


def derive_seed(*parts: int) -> int:
    """A 63-bit seed mixed from whole numbers (one SplitMix64 step per part, so distinct paths
    give distinct seeds)."""
    state = 0
    for part in parts:
        state = SplitMix64(state ^ (part & _MASK64)).next64()
    return state >> 1


def label_number(label: str) -> int:
    """A label as a stable number (Python's string hash changes from run to run)."""
    return int.from_bytes(hashlib.blake2b(label.encode(), digest_size=8).digest(), "big")


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """What a tournament plays: the seats as listed, how many deals, the seed and the rules preset."""

    entries: tuple[Entry, ...]
    deals: int
    seed: int
    rules_name: str = "standard"

    @property
    def rules(self) -> Rules:
        return PRESETS[self.rules_name]

    @property
    def seatings(self) -> tuple[tuple[Entry, ...], ...]:
        return seatings(self.entries)

    @property
    def labels(self) -> tuple[str, ...]:
        """The entries' labels, each once, in the order first listed."""
        return tuple(dict.fromkeys(entry.label for entry in self.entries))


# Playing ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """One seating's play of a deal: who sat where, what each seat scored, who shot the moon."""

    seating: tuple[str, ...]
    scores: tuple[int, ...]
    shooter: Seat | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DealResult:
    index: int
    hands: tuple[HandResult, ...]


class BotMisbehaved(RuntimeError):
    """A bot answered with another seat's move (the engine would take a pass for any seat still
    to pass, so the driver checks)."""


def play_hand(match: Match, decide: Decide) -> HandScored:
    """Ask the seats for their moves until the dealt hand is scored.

    Passing is simultaneous: every seat still to pass decides from views taken before any pass is
    applied. Then the seat to play, or the moon's shooter under the shooter-chooses option.
    """
    scored: HandScored | None = None
    while match.phase not in (Phase.DEAL, Phase.OVER):
        choices = [(seat, match.view_for(seat)) for seat in match.awaiting]
        for seat, move in [(seat, decide(seat, view)) for seat, view in choices]:
            if isinstance(move, Deal) or move.seat != seat:
                raise BotMisbehaved(f"seat {seat.name} answered with another seat's move: {move}")
            for event in match.apply(move):
                if isinstance(event, HandScored):
                    scored = event
    assert scored is not None, "the hand ended without a score"
    return scored


def deal_seed(seed: int, index: int) -> int:
    return derive_seed(seed, index)


def bot_seed(seed: int, index: int, seat: Seat, label: str) -> int:
    return derive_seed(seed, index, seat, label_number(label))


def start_hand(rules: Rules, seed: int, index: int) -> Match:
    """Deal ``index`` dealt as the hand after ``index`` modulo the pass cycle, so the pass direction
    cycles."""
    before = index % len(PASS_CYCLE)
    match = Match(rules, hands_before=before)
    match.apply(deal_for(deal_seed(seed, index), before + 1))
    return match


def play_seating(config: Config, index: int, seating: tuple[Entry, ...]) -> HandResult:
    bots: list[Bot] = [
        make_bot(entry.level, bot_seed(config.seed, index, seat, entry.label))
        for seat, entry in zip(SEATS, seating, strict=True)
    ]

    def decide(seat: Seat, view: PlayerView) -> Move:
        return bots[seat].decide(view)

    match = start_hand(config.rules, config.seed, index)
    try:
        scored = play_hand(match, decide)
    except Exception as error:
        error.add_note(f"in deal {index}, seating {','.join(entry.label for entry in seating)}")
        raise
    return HandResult(
        seating=tuple(entry.label for entry in seating),
        scores=scored.scores,
        shooter=scored.moon_shooter,
    )


def play_deal(config: Config, index: int) -> DealResult:
    """Deal ``index`` under every seating (a pure function of the config and the index)."""
    hands = tuple(play_seating(config, index, seating) for seating in config.seatings)
    return DealResult(index=index, hands=hands)


def play_deals(config: Config, workers: int = 1) -> Iterator[DealResult]:
    """Every deal's result, in deal order, from ``workers`` processes."""
    play = partial(play_deal, config)
    if workers <= 1 or config.deals <= 1:
        yield from map(play, range(config.deals))
        return
    import multiprocessing  # only here: the browser build has no processes

    chunk = max(1, config.deals // (workers * 16))
    # Started afresh, not forked (a fork copies locks the caller's other threads hold; see coach.study).
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(play, range(config.deals), chunksize=chunk)
