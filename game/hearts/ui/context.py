"""The app's shared things (the storage, the fonts, the options, the match in progress and the tables
open, the sound and the speaker), handed to every scene and every kind of table.

The seam: scenes and modes read it and change it only through its methods (the options) or its plain
fields; it imports no scene and no mode, so both may depend on it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from ..live import TableKeeper
from ..storage import Settings, Stats, Store
from .friends_hold import FriendsHold
from .render.cards import CardPainter
from .render.fonts import Fonts
from .session import Session
from .sound import Sound
from .speaker import Speaker


@dataclass(slots=True)
class Context:
    """The app's shared things, handed to every scene."""

    store: Store
    fonts: Fonts
    painter: CardPainter
    settings: Settings
    stats: Stats
    size: tuple[int, int]
    scale: float = 1.0
    session: Session | None = None
    tables: weakref.WeakValueDictionary[str, object] = field(default_factory=weakref.WeakValueDictionary)
    """The tables open (each table's mode), by the id of the match each plays: what a route names by
    that id (a review, a result) is found here. Weak: a table closed is forgotten with its scene."""
    notices: list[str] = field(default_factory=list)
    """Sentences for the player that are not tied to one screen (saving problems)."""
    sound: Sound = field(default_factory=Sound)
    """Every sound effect goes through it; it follows the Sound option."""
    speaker: Speaker = field(default_factory=Speaker)
    """Every announcement goes through it (to the page, for a screen reader, and to the game log)."""
    live: TableKeeper = field(default_factory=TableKeeper)
    """Whether this window has the table (of the windows sharing its storage, one plays at a time)."""
    friends: FriendsHold = field(default_factory=FriendsHold)
    """The table with friends this window holds, if any (ticked by the app every frame)."""
    keyboard: bool = False
    """Whether the player's last input was a key rather than a tap or a click: the table then keeps its
    focus on a card you may play and its words name keys."""

    def __post_init__(self) -> None:
        self._follow(self.settings)

    def _follow(self, settings: Settings) -> None:
        self.sound.enabled = settings.sound
        self.speaker.verbosity = "full" if settings.verbosity == "full" else "brief"

    def apply_settings(self, settings: Settings) -> None:
        """Play by ``settings`` from now on (read from storage: nothing is written)."""
        self.settings = settings
        self._follow(settings)

    def save_settings(self, settings: Settings) -> None:
        self.apply_settings(settings)
        self.store.save_settings(settings)
        self.notices.extend(self.store.take_problems())
