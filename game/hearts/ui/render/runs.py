"""Pictures with clear edges blitted as runs: the card backs in flight and the fans of backs.

A surface with per-pixel alpha is blended pixel by pixel at every blit. Set to be run-length encoded,
it is encoded once, at its first blit onto an opaque surface, and from then on its opaque runs are
copied, its clear runs skipped, and only the pixels between blended. Inside WebAssembly, where the
blender has no vector path, that is the difference between 0.4-1.1 ms and 0.01 ms for a card at a
phone's scale (natively it is a few microseconds either way).

Only for surfaces that are kept and only ever blitted: reading one (a transform, or a blit onto a
surface with alpha of its own, which pygame blends itself) decodes it, and the next blit encodes it
again. An edge pixel may differ by one level from the same blit unencoded, the same in every frame.
"""

from __future__ import annotations

import pygame


def in_runs(surface: pygame.Surface) -> pygame.Surface:
    """``surface``, to be blitted as runs from now on (it is encoded at its first blit)."""
    surface.set_alpha(255, pygame.RLEACCEL)
    return surface


def is_in_runs(surface: pygame.Surface) -> bool:
    """Whether ``surface`` is blitted as runs."""
    return bool(surface.get_flags() & pygame.RLEACCELOK)
