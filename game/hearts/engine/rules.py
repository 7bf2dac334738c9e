"""Table options as data, and the legality of a play with its reason.

``why_illegal_play`` is the one source of truth for why a card may not be played (a ``Reason``);
``legal_play_mask`` is its fast twin for move generation, and a property test holds the two to each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from enum import Enum, IntEnum
from typing import Any, Final

from .cards import (
    HEARTS_MASK,
    PENALTY_MASK,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    Card,
    Seat,
    Suit,
)
from .errors import HeartsError
from .reasons import MUST_FOLLOW, REASONS, Reason, Refusal

TARGETS: Final = (50, 100, 150)

# The numbers of the game, said once: everything above the engine reads them from here.
PASS_SIZE: Final = 3
"""How many cards each seat passes."""
TRICKS: Final = 13
"""Tricks in a hand, and so cards in each seat's hand as it is dealt."""
FULL_MOON: Final = 26
"""Every point of a hand (13 hearts and the Q♠'s 13): taking them all shoots the moon."""
JACK_BONUS: Final = -10
"""What the J♦ scores for its taker when the table counts it."""


class InvalidRules(HeartsError, ValueError):
    """Table options that are not one of the allowed values."""


class Moon(Enum):
    """What shooting the moon does to the scores."""

    ADD_TO_OTHERS = "add"
    SHOOTER_CHOOSES = "choose"
    SUBTRACT_FROM_SHOOTER = "subtract"


class Ties(Enum):
    """What happens when the lowest total at the end is shared."""

    PLAY_ON = "play_on"
    SHARED_WIN = "shared"


class PassDirection(IntEnum):
    """Where the three passed cards go; the value is how many seats on in play order."""

    NONE = 0
    LEFT = 1
    ACROSS = 2
    RIGHT = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    def target(self, seat: Seat) -> Seat:
        """Whom ``seat`` passes to (itself when there is no pass)."""
        return seat.offset(self)

    def giver(self, seat: Seat) -> Seat:
        """Who passes to ``seat`` (itself when there is no pass)."""
        return seat.offset(-self)

    @classmethod
    def for_hand(cls, hand_number: int) -> PassDirection:
        """The cycle by hand number: left, right, across, no pass, and again."""
        return PASS_CYCLE[(hand_number - 1) % 4]


PASS_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)
"""The standard passes, hand by hand from hand 1: left, right, across, no pass, and again."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The options of one table; the defaults are the standard game."""

    target: int = 100
    moon: Moon = Moon.ADD_TO_OTHERS
    jack_of_diamonds: bool = False
    ties: Ties = Ties.PLAY_ON
    queen_breaks_hearts: bool = False
    points_on_first_trick: bool = False

    def __post_init__(self) -> None:
        if type(self.target) is not int or self.target not in TARGETS:
            raise InvalidRules(f"the target is one of {TARGETS}, not {self.target!r}")
        if not isinstance(self.moon, Moon):
            raise InvalidRules(f"not a moon rule: {self.moon!r}")
        if not isinstance(self.ties, Ties):
            raise InvalidRules(f"not a tie rule: {self.ties!r}")
        for name in ("jack_of_diamonds", "queen_breaks_hearts", "points_on_first_trick"):
            if type(getattr(self, name)) is not bool:
                raise InvalidRules(f"{name} is true or false, not {getattr(self, name)!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data under the field names, as the save format and the bot protocol
        write it."""
        data = asdict(self)
        data["moon"] = self.moon.value
        data["ties"] = self.ties.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, partial: bool = False) -> Rules:
        """Rules from ``to_dict`` data; with ``partial`` a missing key keeps its default.

        The old name ``qs_breaks_hearts`` (saves of version 1, older settings and bot clients) is
        read as ``queen_breaks_hearts``; giving both is refused.
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(f"rules are an object, not {data!r}")
        unknown = sorted(str(key) for key in data if key not in _FIELD_FOR_KEY)
        if unknown:
            raise InvalidRules(f"unknown table options: {', '.join(unknown)}")
        names = [_FIELD_FOR_KEY[key] for key in data]
        if len(set(names)) != len(names):
            raise InvalidRules(f"queen_breaks_hearts given twice, once as {OLD_QUEEN_KEY}")
        if not partial and set(names) != set(_FIELDS):
            missing = sorted(set(_FIELDS) - set(names))
            raise InvalidRules(f"missing table options: {', '.join(missing)}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            field = _FIELD_FOR_KEY[key]
            values[field] = value
            if field in ("moon", "ties"):
                enum: type[Moon] | type[Ties] = Moon if field == "moon" else Ties
                try:
                    values[field] = enum(value)
                except (ValueError, TypeError):
                    choices = ", ".join(repr(member.value) for member in enum)
                    raise InvalidRules(f"{key} is one of {choices}, not {value!r}") from None
        return cls(**values)


def moon_scores(moon: Moon, shooter: Seat) -> tuple[int, ...]:
    """What a moon scores each seat, the J♦ aside: 26 to each of the others, or (when the shooter
    subtracts) −26 to the shooter and nothing to the others. Under ``SHOOTER_CHOOSES`` the score
    is the choice's, so that rule is never asked here."""
    assert moon is not Moon.SHOOTER_CHOOSES, "the shooter chooses add or subtract"
    if moon is Moon.SUBTRACT_FROM_SHOOTER:
        return tuple(-FULL_MOON if seat == shooter else 0 for seat in range(4))
    return tuple(0 if seat == shooter else FULL_MOON for seat in range(4))


def places(totals: Sequence[int]) -> dict[Seat, tuple[int, bool]]:
    """Each seat's place by its total, the lowest first (1), and whether another seat shares it: seats on
    one total share the place, and the place after them is skipped, as in any ranking (1, 1, 3, 4)."""
    return {
        seat: (1 + sum(other < totals[seat] for other in totals), totals.count(totals[seat]) > 1)
        for seat in Seat
    }


OLD_QUEEN_KEY: Final = "qs_breaks_hearts"
"""The name ``queen_breaks_hearts`` had in saves of version 1 and in the bot protocol before it."""
_FIELDS: Final = tuple(field.name for field in fields(Rules))
_FIELD_FOR_KEY: Final = {name: name for name in _FIELDS} | {OLD_QUEEN_KEY: "queen_breaks_hearts"}

STANDARD: Final = Rules()
PRESETS: Final[Mapping[str, Rules]] = {
    "standard": STANDARD,
    "quick": Rules(target=50),
    "long": Rules(target=150),
    "omnibus": Rules(jack_of_diamonds=True),
    "house": Rules(queen_breaks_hearts=True, points_on_first_trick=True),
    "moon_choice": Rules(moon=Moon.SHOOTER_CHOOSES),
}


def why_illegal_play(
    card: Card,
    hand: int,
    led_suit: Suit | None,
    *,
    first_trick: bool,
    hearts_broken: bool,
    rules: Rules,
) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` (a bit mask) now, or None when it may.

    Leading: the first trick opens with the 2♣; a heart may not lead before hearts are broken
    unless the hand holds nothing else. Following: follow suit if you can; on the first trick,
    a void hand discards no heart and no Q♠ while it holds any other card (unless the table
    allows points on the first trick).
    """
    if not hand >> card & 1:
        return REASONS[Refusal.NOT_IN_HAND]
    if led_suit is None:
        if first_trick:
            return None if card == TWO_OF_CLUBS else REASONS[Refusal.LEAD_TWO_OF_CLUBS]
        if card.suit is Suit.HEARTS and not hearts_broken and hand & ~HEARTS_MASK:
            return REASONS[Refusal.HEARTS_NOT_BROKEN]
        return None
    if card.suit is not led_suit and hand & SUIT_MASKS[led_suit]:
        return MUST_FOLLOW[led_suit]
    if first_trick and not rules.points_on_first_trick and PENALTY_MASK >> card & 1 and hand & ~PENALTY_MASK:
        return REASONS[Refusal.NO_POINTS_FIRST_TRICK]
    return None


def legal_play_mask(
    hand: int,
    led_suit: int,
    first_trick: bool,
    hearts_broken: bool,
    points_on_first_trick: bool,
) -> int:
    """The cards of ``hand`` that may be played now, as a mask; ``led_suit`` is -1 when leading.

    The same rules as ``why_illegal_play``, in bit operations, for the hot loop.
    """
    if led_suit < 0:
        if first_trick:
            return hand & (1 << TWO_OF_CLUBS)
        if hearts_broken:
            return hand
        return hand & ~HEARTS_MASK or hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if first_trick and not points_on_first_trick:
        return hand & ~PENALTY_MASK or hand
    return hand
