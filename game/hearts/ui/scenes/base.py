"""What every scene shares: the context it reads, the transitions it returns, the base class."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...announce import Announcement, Verbosity
from ...live import TableKeeper
from ...page import Mirror
from ...storage import Settings, Stats, Store
from ..intents import Intent
from ..render.cards import CardPainter
from ..render.fonts import Fonts
from ..routes import Route
from ..session import Session
from ..sound import Sound
from ..speaker import Speaker


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
    notices: list[str] = field(default_factory=list)
    """Sentences for the player that are not tied to one screen (saving problems)."""
    sound: Sound = field(default_factory=Sound)
    """Every sound effect goes through it; it follows the Sound option."""
    speaker: Speaker = field(default_factory=Speaker)
    """Every announcement goes through it (to the page, for a screen reader, and to the game log)."""
    live: TableKeeper = field(default_factory=TableKeeper)
    """Whether this window has the table (of the windows sharing its storage, one plays at a time)."""
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


@dataclass(frozen=True, slots=True)
class Push:
    """Show ``route`` over this scene; when it closes, this scene is shown again (its ``resume``)."""

    route: Route


@dataclass(frozen=True, slots=True)
class Replace:
    """Close this scene and show ``route`` in its place (the pause menu's Options: closing them goes
    back to the table, not to the menu)."""

    route: Route


@dataclass(frozen=True, slots=True)
class Pop:
    """Close this scene; ``result`` goes to the scene beneath (its ``resume``)."""

    result: object = None


@dataclass(frozen=True, slots=True)
class Reset:
    """Clear the stack and show ``route`` alone (back to the menu, a new match)."""

    route: Route


Transition = Push | Replace | Pop | Reset


class Scene:
    """A screen. ``dirty`` asks the app to redraw; ``is_overlay`` scenes draw over the one beneath."""

    is_overlay = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True
        self.resize(ctx.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the scene out for a window of ``size`` (called on start and whenever it changes)."""
        self.dirty = True

    def handle(self, intent: Intent) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def resume(self, result: object) -> Transition | None:
        """The scene above closed with ``result``."""
        self.dirty = True
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    @property
    def is_animating(self) -> bool:
        return False

    @property
    def is_safe_to_reload(self) -> bool:
        """Whether a reload now would cost the player nothing they would miss."""
        return False

    @property
    def is_still(self) -> bool:
        """Whether nothing here changes until the player acts (no clock of its own runs): the loop may
        rest meanwhile (``App.may_rest``). Only a scene that knows it says so."""
        return False

    def background_work(self) -> Callable[[float], bool] | None:
        """Work for the frames that draw nothing while this scene is in view (a table's coach), if any."""
        return None

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """What a screen reader is told as this scene comes into view (``returned``: again, as the one
        over it closed): its title, by default, the first time."""
        title = getattr(self, "title", "")
        if returned or not isinstance(title, str) or not title:
            return None
        return Announcement(text=f"{title}.", kind="note")

    def answer(self, what: str) -> Announcement | None:
        """The answer to a query key (``intents.QUERIES``) if this scene has one (the table does)."""
        return None

    def mirror(self) -> Mirror | None:
        """What the page mirrors of this scene for assistive technology (None: nothing)."""
        return None
