"""What the game's start leaves behind: kept out of the garbage collector's way for the program's life."""

from __future__ import annotations

import gc


def keep_the_start() -> int:
    """Called once the game has started (its modules, their tables, the fonts, the first scene): all of
    that lasts as long as the program, so it is set beyond the garbage collector's reach. A full
    collection would otherwise walk it every time (20-23 ms inside WebAssembly, in whatever frame it fell
    in: a long task); it then walks only what play has made. How many objects were set aside."""
    gc.freeze()
    return gc.get_freeze_count()
