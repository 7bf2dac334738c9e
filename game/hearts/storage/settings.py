"""The player's settings: how hard the bots play, how the table behaves and the next match's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from ..engine import HeartsError, Rules

DIFFICULTIES: Final = ("easy", "normal", "hard")
PACES: Final = ("relaxed", "normal", "quick")
VERBOSITIES: Final = ("brief", "full")
"""How much a screen reader is told: a short sentence an event, or more (``hearts.announce``)."""
_CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "difficulty": DIFFICULTIES,
    "pace": PACES,
    "verbosity": VERBOSITIES,
}
_SWITCHES: Final = (
    "confirm_taps",
    "play_last_card",
    "finish_when_settled",
    "reduced_motion",
    "four_colour",
    "sound",
    "find_across_internet",
)
NAME_LIMIT: Final = 24
"""The longest name a player goes by at a table with friends (the friends' protocol's own limit)."""


def is_player_name(value: object) -> bool:
    """A name to go by: 1 to ``NAME_LIMIT`` printable characters, not all space."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= NAME_LIMIT
        and value.isprintable()
        and bool(value.strip())
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything the player chooses outside a match; the defaults are a first visit."""

    difficulty: str = "normal"
    confirm_taps: bool = False
    """Tap a card, then confirm it, instead of playing on the first tap."""
    play_last_card: bool = True
    """The 13th card, the only one left, plays itself."""
    finish_when_settled: bool = True
    """Once no points are left to take (and no moon is possible), the rest of the hand plays itself
    at fast-forward pace (a save from before this option has it on)."""
    pace: str = "normal"
    reduced_motion: bool = False
    four_colour: bool = False
    sound: bool = True
    """Short, soft sound effects (a save from before this option has it on)."""
    verbosity: str = "brief"
    """How much the page announces to a screen reader."""
    table: Rules = field(default_factory=Rules)
    """The table options for the next match (the match in progress keeps its own)."""
    find_across_internet: bool = True
    """Play friends: ask a public address (STUN) server how the internet sees this device, so friends on
    other networks can connect; off, friends on the same network only, and nothing is asked of anyone."""
    name: str = ""
    """What you go by at a table with friends ("" until you say)."""

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise ValueError(f"{name} is one of {', '.join(choices)}, not {getattr(self, name)!r}")
        for name in _SWITCHES:
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} is true or false, not {getattr(self, name)!r}")
        if not isinstance(self.table, Rules):
            raise ValueError(f"table is a Rules, not {self.table!r}")
        if self.name != "" and not is_player_name(self.name):
            raise ValueError(f"name is up to {NAME_LIMIT} printable characters, not {self.name!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        data: dict[str, Any] = {item.name: getattr(self, item.name) for item in fields(self)}
        data["table"] = self.table.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from ``to_dict`` data, forgiving: unknown keys are ignored and each missing or
        bad value falls back to its default, so one bad field never costs the others."""
        if not isinstance(data, Mapping):
            return cls()
        values: dict[str, Any] = {}
        for name, choices in _CHOICES.items():
            if isinstance(data.get(name), str) and data[name] in choices:
                values[name] = data[name]
        for name in _SWITCHES:
            if type(data.get(name)) is bool:
                values[name] = data[name]
        if is_player_name(data.get("name")):
            values["name"] = data["name"]
        table = _forgiving_rules(data.get("table"))
        if table is not None:
            values["table"] = table
        return cls(**values)


def _forgiving_rules(data: object) -> Rules | None:
    """The table options in ``data``, each bad or unknown option dropped (so it keeps its default)."""
    if not isinstance(data, Mapping):
        return None
    good: dict[str, Any] = {}
    for key, value in data.items():
        try:
            Rules.from_dict({key: value}, partial=True)
        except (HeartsError, TypeError, ValueError):
            continue
        good[key] = value
    try:
        return Rules.from_dict(good, partial=True)
    except (HeartsError, TypeError, ValueError):  # pragma: no cover - each option passed alone
        return None
