"""The options the Options screen shows, as data: each one's name, note and choices, and how it reads
and changes the settings; which go on the "Game" page and which on the "Table" page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..engine import Moon, Ties
from ..engine.rules import TARGETS
from ..peers import PUBLIC_STUN_NAME
from ..storage import DIFFICULTIES, PACES, VERBOSITIES, Settings
from .routes import MoveDevice, Route


@dataclass(frozen=True, slots=True)
class Option:
    """One row: what it is called, a note under the name, its values and their names."""

    key: str
    label: str
    note: str
    values: tuple[object, ...]
    names: tuple[str, ...]
    get: Callable[[Settings], object]
    put: Callable[[Settings, object], Settings]

    def current(self, settings: Settings) -> int:
        value = self.get(settings)
        return self.values.index(value) if value in self.values else 0

    def chosen(self, settings: Settings, index: int) -> Settings:
        """``settings`` with this option's choice number ``index``."""
        return self.put(settings, self.values[index])

    def segment(self, index: int) -> str:
        """The key of the control's choice number ``index``."""
        return f"{self.key}{SEGMENT}{index}"


@dataclass(frozen=True, slots=True)
class Link:
    """A row that opens a screen of its own: its name, a note, and the one button that opens ``route``
    (named like an option's choices, so a row lays out and reads the same either way)."""

    key: str
    label: str
    note: str
    button: str
    route: Route

    @property
    def names(self) -> tuple[str, ...]:
        return (self.button,)

    def segment(self, index: int) -> str:
        """The button's key (a link has one)."""
        return self.key


OFF_ON = (False, True)
SEGMENT = ":"
"""Between an option's key and a choice's number in a segment's key ("difficulty:2")."""


def _change(name: str, value: object) -> dict[str, Any]:
    """One field's new value, for ``dataclasses.replace`` (the field's type is checked on building)."""
    return {name: value}


def _setting(name: str) -> tuple[Callable[[Settings], object], Callable[[Settings, object], Settings]]:
    return (lambda settings: getattr(settings, name)), (
        lambda settings, value: replace(settings, **_change(name, value))
    )


def _rule(name: str) -> tuple[Callable[[Settings], object], Callable[[Settings, object], Settings]]:
    return (
        (lambda settings: getattr(settings.table, name)),
        (lambda settings, value: replace(settings, table=replace(settings.table, **_change(name, value)))),
    )


LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
"""The computer players' levels as the player reads them."""
LEVEL_WORDS = {"random": "random", **LEVEL_NAMES}
"""Every level a table may be played at (a challenge's or a save's too), in words."""

DIFFICULTY = "difficulty"

GAME_OPTIONS: tuple[Option, ...] = (
    Option(
        DIFFICULTY,
        "Difficulty",
        "Applies from the next hand.",
        DIFFICULTIES,
        tuple(LEVEL_NAMES[level] for level in DIFFICULTIES),
        *_setting("difficulty"),
    ),
    Option(
        "confirm_taps",
        "Tap, then confirm",
        "The first tap lifts a card; tap it again to play it.",
        OFF_ON,
        ("Off", "On"),
        *_setting("confirm_taps"),
    ),
    Option(
        "play_last_card",
        "Play my last card",
        "Your last card of a hand plays itself.",
        OFF_ON,
        ("Off", "On"),
        *_setting("play_last_card"),
    ),
    Option(
        "finish_when_settled",
        "Play out empty tricks",
        "Once no points are left, the rest of the hand plays itself.",
        OFF_ON,
        ("Off", "On"),
        *_setting("finish_when_settled"),
    ),
    Option(
        "pace",
        "Pace",
        "How quickly the computer players take their turns.",
        PACES,
        ("Relaxed", "Normal", "Quick"),
        *_setting("pace"),
    ),
    Option(
        "reduced_motion",
        "Reduced motion",
        "Cards jump into place instead of sliding.",
        OFF_ON,
        ("Off", "On"),
        *_setting("reduced_motion"),
    ),
    Option(
        "four_colour",
        "Four-colour deck",
        "Blue diamonds and green clubs, so no two suits look alike.",
        OFF_ON,
        ("Off", "On"),
        *_setting("four_colour"),
    ),
    Option(
        "sound",
        "Sound",
        "Soft sounds for cards, tricks and the end of a match.",
        OFF_ON,
        ("Off", "On"),
        *_setting("sound"),
    ),
    Option(
        "verbosity",
        "Screen reader",
        "How much is announced: a short sentence for each event, or more.",
        VERBOSITIES,
        ("Brief", "Full"),
        *_setting("verbosity"),
    ),
)

TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        "Target",
        "The match ends after a hand in which someone reaches this score.",
        TARGETS,
        tuple(str(target) for target in TARGETS),
        *_rule("target"),
    ),
    Option(
        "moon",
        "Moon",
        "When one player takes all the hearts and the Q♠ in a hand.",
        (Moon.ADD_TO_OTHERS, Moon.SHOOTER_CHOOSES, Moon.SUBTRACT_FROM_SHOOTER),
        ("Others +26", "Shooter chooses", "Shooter −26"),
        *_rule("moon"),
    ),
    Option(
        "jack",
        "Jack of diamonds −10",
        "Whoever takes the J♦ scores 10 points less.",
        OFF_ON,
        ("Off", "On"),
        *_rule("jack_of_diamonds"),
    ),
    Option(
        "ties",
        "Ties for lowest",
        "When the lowest total at the end is shared.",
        (Ties.PLAY_ON, Ties.SHARED_WIN),
        ("Play on", "Shared win"),
        *_rule("ties"),
    ),
    Option(
        "queen_breaks",
        "Q♠ breaks hearts",
        "Once the Q♠ has been played, hearts may be led.",
        OFF_ON,
        ("Off", "On"),
        *_rule("queen_breaks_hearts"),
    ),
    Option(
        "first_trick",
        "Points on the first trick",
        "Hearts and the Q♠ on the opening trick.",
        OFF_ON,
        ("Not allowed", "Allowed"),
        *_rule("points_on_first_trick"),
    ),
)

FRIENDS_OPTIONS: tuple[Option, ...] = (
    Option(
        "find_across_internet",
        "Find friends across the internet",
        f"Asks one public server, {PUBLIC_STUN_NAME}. Off: the same network only.",
        OFF_ON,
        ("Off", "On"),
        *_setting("find_across_internet"),
    ),
)

MOVE = Link(
    "move",
    "Move to another device",
    "Take your match and statistics to another phone or computer.",
    "Open",
    MoveDevice(),
)

TABS: dict[str, tuple[str, tuple[Option | Link, ...]]] = {
    "tab_game": ("Game", (*GAME_OPTIONS, MOVE)),
    "tab_table": ("Table", (*TABLE_OPTIONS, *FRIENDS_OPTIONS)),
}
TABLE_NOTE = "For your next match."
KEPT_NOTE = "The match in progress keeps its own."
"""Said after ``TABLE_NOTE`` while a match is in progress."""
