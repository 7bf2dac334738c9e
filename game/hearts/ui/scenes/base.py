"""What every scene shares: the base class, with the context it reads and the transitions it returns."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...announce import Announcement, Verbosity
from ...page import Mirror
from ..context import Context
from ..intents import Intent
from ..transitions import Pop, Push, Replace, Reset, Transition

__all__ = ["Context", "Pop", "Push", "Replace", "Reset", "Scene", "Transition"]
"""The context and the transitions are defined beside the scenes (``ui/context.py``,
``ui/transitions.py``, which the kinds of table also use) and named here for every scene."""


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

    @property
    def is_typing(self) -> bool:
        """Whether a line is being typed here (``Typed`` intents): the keys then type, and no shortcut or
        Space acts (only ``intents.TYPING_KEYS`` keep their meaning)."""
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
