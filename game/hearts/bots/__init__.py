"""Computer players: each sees one seat's ``PlayerView`` and nothing else.

``make_bot(level, seed)`` builds one: ``random`` (the floor), ``easy``, ``normal`` and ``hard``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Final

from ..levels import LEVELS
from .base import Bot, Thinking, Thought

BOT_CLASSES: Final = {
    "random": ("random_bot", "RandomBot"),
    "easy": ("easy", "EasyBot"),
    "normal": ("normal", "NormalBot"),
    "hard": ("hard", "HardBot"),
}
"""Each level's module and class: a module is imported only when a bot of its level is first made."""


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``) with its own seed."""
    try:
        module_name, class_name = BOT_CLASSES[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r}; choose one of {', '.join(LEVELS)}") from None
    bot_class: type[Bot] = getattr(import_module(f".{module_name}", __name__), class_name)
    return bot_class(seed)


__all__ = ["BOT_CLASSES", "LEVELS", "Bot", "Thinking", "Thought", "make_bot"]
