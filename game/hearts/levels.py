"""The computer players' levels, by name, weakest first.

``bots.make_bot`` builds a bot of each; a challenge code packs a level as its index here, so the order
never changes and a new level goes last. Nothing is imported: a challenge code is read before any bot
is needed.
"""

from __future__ import annotations

from typing import Final

LEVELS: Final = ("random", "easy", "normal", "hard")
