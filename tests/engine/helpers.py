"""Shared helpers for the engine's property tests: table options, a random driver, fingerprints and
a walker that finds every card inside a value.

The engine never uses ``random``; the tests do, always through a seeded ``random.Random`` so that a
failure names the seed that reproduces it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from enum import Enum
from typing import Any, Final

from hearts.deals import deal_for
from hearts.engine import (
    Card,
    CardSet,
    Match,
    MoonChoice,
    Move,
    Pass,
    Phase,
    Play,
    Rules,
    Seat,
    Ties,
    record,
)
from hearts.engine.rules import Moon

ALL_CARDS: Final = (1 << 52) - 1
SEATS: Final = tuple(Seat)

TARGETS: Final = (50, 100, 150)
MOON_RULES: Final = (Moon.ADD_TO_OTHERS, Moon.SHOOTER_CHOOSES, Moon.SUBTRACT_FROM_SHOOTER)
MOON_CHOICES: Final = (Moon.ADD_TO_OTHERS, Moon.SUBTRACT_FROM_SHOOTER)
"""What a shooter may choose under the shooter-chooses option."""

ALL_RULES: Final = tuple(
    Rules(
        target=target,
        moon=moon,
        jack_of_diamonds=jack,
        ties=ties,
        queen_breaks_hearts=queen,
        points_on_first_trick=first,
    )
    for target, moon, jack, ties, queen, first in itertools.product(
        TARGETS, MOON_RULES, (False, True), tuple(Ties), (False, True), (False, True)
    )
)
"""Every combination of the table options: 3 × 3 × 2 × 2 × 2 × 2 = 144 tables."""


def random_rules(rng: random.Random) -> Rules:
    return rng.choice(ALL_RULES)


def rules_strategy() -> Any:
    """Hypothesis strategy over every table (imported lazily: only the tests that use it need it)."""
    from hypothesis import strategies as st

    return st.sampled_from(ALL_RULES)


# Driving a match -----------------------------------------------------------------------------


def mask_of(cards: Any) -> int:
    """A bit mask from a ``CardSet`` or an iterable of ``Card``."""
    if isinstance(cards, CardSet):
        return cards.mask
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def hand_cards(match: Match, seat: Seat) -> list[Card]:
    """The cards ``seat`` holds now, lowest first (read from the public hand, never changed)."""
    hand = match.hand
    assert hand is not None
    return list(CardSet.from_mask(hand.hands[seat]))


class Driver:
    """Chooses the next move of a match at random: passes in random seat order, random legal plays,
    random moon choices; deals come from ``deal_for(seed, …)``.

    One seat may be ``greedy`` (plays high to win tricks), which makes moons a little more common.
    """

    def __init__(self, seed: int, rng: random.Random) -> None:
        self.seed = seed
        self.rng = rng
        self.greedy = rng.choice((None, None, *SEATS))

    def next_move(self, match: Match) -> Move:
        rng = self.rng
        phase = match.phase
        if phase is Phase.DEAL:
            return deal_for(self.seed, match.hand_number + 1)
        if phase is Phase.PASS:
            seat = rng.choice(match.awaiting)
            return Pass(seat, CardSet(rng.sample(hand_cards(match, seat), 3)))
        if phase is Phase.MOON:
            shooter = match.to_move
            assert shooter is not None and match.legal_moves(), "no moon choice to make"
            return MoonChoice(shooter, rng.choice(MOON_CHOICES))
        if phase is Phase.PLAY:
            legal = match.legal_moves()
            assert legal, f"no legal move for {match.to_move} in the play"
            if match.to_move != self.greedy or rng.random() < 0.15:
                return rng.choice(legal)
            return self._greedy_play(match, legal)
        raise AssertionError(f"no move to make in phase {phase}")

    @staticmethod
    def _greedy_play(match: Match, legal: list[Move]) -> Move:
        hand = match.hand
        assert hand is not None
        plays = [move for move in legal if isinstance(move, Play)]
        if hand.trick and plays[0].card.suit != hand.trick[0].suit:
            # Cannot follow, so cannot win: keep the penalty cards, throw the lowest other card.
            return min(plays, key=lambda move: (move.card.points > 0, move.card.rank))
        return max(plays, key=lambda move: move.card.rank)


MAX_HANDS: Final = 300
"""Far above any random match (ties for lowest make a few play on); a bound against a stuck loop."""


def new_match(rules: Rules, rng: random.Random) -> Match:
    """A new match; one in five starts later, after some hands and with some totals (as lessons
    and tests may start one)."""
    if rng.random() < 0.8:
        return Match(rules)
    hands_before = rng.randrange(10)
    totals = tuple(rng.randrange(-26, rules.target) for _ in SEATS)
    return Match(rules, hands_before=hands_before, totals_before=totals)


def play_match(match: Match, seed: int, rng: random.Random) -> Iterator[tuple[Match, Move, list[Any]]]:
    """Play ``match`` out at random, yielding ``(match, move, events)`` after every move."""
    driver = Driver(seed, rng)
    while not match.is_over:
        assert match.hand_number - match.hands_before <= MAX_HANDS, "the match does not end"
        move = driver.next_move(match)
        events = match.apply(move)
        yield match, move, events


# Comparing states ----------------------------------------------------------------------------


def fingerprint(match: Match) -> tuple[Any, ...]:
    """Everything observable about a match through its public queries, the four views and its save."""
    return (
        match.phase,
        match.to_move,
        match.awaiting,
        match.totals,
        match.points(),
        match.hand_number,
        match.is_over,
        match.winners,
        match.results,
        match.legal_plays(),
        tuple(match.view_for(seat) for seat in SEATS),
        record.dumps(match),
    )


def describe_difference(before: tuple[Any, ...], after: tuple[Any, ...]) -> str:
    names = (
        "phase",
        "to_move",
        "awaiting",
        "totals",
        "points",
        "hand_number",
        "is_over",
        "winners",
        "results",
        "legal_plays",
        "views",
        "save",
    )
    changed = [name for name, old, new in zip(names, before, after, strict=True) if old != new]
    return f"changed: {', '.join(changed)}"


# What a view holds ---------------------------------------------------------------------------

_NO_CARDS: Final[set[type]] = {str, bytes, bool, int, float, complex, type(None)}
"""Types known to hold no card (enums are added as they are met)."""
_FIELDS: Final[dict[type, tuple[str, ...]]] = {}


def cards_inside(value: object) -> int:
    """Every card held anywhere inside ``value``, as a mask: a generic walk over dataclass fields,
    tuples, lists, sets and dicts, so a field added to ``PlayerView`` later is covered too.

    A type the walker does not know is an error rather than a silent pass: teach it here. (A card
    hidden in a plain int, such as a raw bit mask, cannot be told from a number and is not found.)
    """
    kind = type(value)
    if kind is Card:  # before the plain types: a Card is an int
        return 1 << value
    if kind in _NO_CARDS:
        return 0
    if kind is CardSet:
        return value.mask
    if kind in (tuple, list, set, frozenset):
        items = value
    elif kind is dict:
        items = [*value.keys(), *value.values()]
    else:
        names = _FIELDS.get(kind)
        if names is None:
            if isinstance(value, Enum):
                _NO_CARDS.add(kind)
                return 0
            if isinstance(value, CardSet):
                return value.mask
            if not dataclasses.is_dataclass(value) or isinstance(value, type):
                raise TypeError(f"cards_inside does not know {kind.__name__}: {value!r}")
            names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(value))
        items = [getattr(value, name) for name in names]
    mask = 0
    for item in items:
        # The common leaves inline: this runs for every view after every move.
        item_kind = type(item)
        if item_kind is Card:
            mask |= 1 << item
        elif item_kind is CardSet:
            mask |= item.mask
        elif item_kind not in _NO_CARDS:
            mask |= cards_inside(item)
    return mask


def played_mask(match: Match) -> int:
    """The cards played so far in the current (or last) hand, the trick in progress included."""
    hand = match.hand
    if hand is None:
        return 0
    mask = mask_of(hand.trick)
    for trick in hand.tricks:
        mask |= mask_of(trick.cards)
    return mask


def is_exchanged(match: Match) -> bool:
    """Whether the three-card exchange of the current hand has happened."""
    hand = match.hand
    return hand is not None and hand.direction != 0 and all(hand.passed)


def known_to(match: Match, seat: Seat) -> int:
    """The cards ``seat`` may know: its own hand, what it passed, what it received (after the
    exchange) and the cards played this hand. Read from the true state, not from the view."""
    hand = match.hand
    if hand is None:
        return 0
    mask = hand.hands[seat] | hand.passed[seat] | played_mask(match)
    if is_exchanged(match):
        mask |= hand.received[seat]
    return mask


def cards_text(mask: int) -> str:
    return CardSet.from_mask(mask).notation
