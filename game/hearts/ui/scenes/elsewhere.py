""" "Hearts is open in another window": what a window shows while another has the table (``hearts.live``).

Nothing of the match is on it, so nothing here can be played or saved; "Play here" takes the table over
(the other window stops) and the game opens afresh on the freshest save.
"""

from __future__ import annotations

import pygame

from .. import theme
from .base import Context, Transition
from .dialog import Choice, Dialog

PLAY_HERE = "play_here"

ELSEWHERE_TITLE = "Open in another window"
ELSEWHERE_LINES = (
    "Hearts is open in another window. You play in one at a time, so your match never splits in two.",
    "Play here to bring the game to this window. The other window will stop.",
)
MOVED_ON_TITLE = "Played on in another window"
MOVED_ON_LINES = (
    "Your game moved on in another window. This one stopped saving so that nothing played there is lost.",
    "Play here to carry on from where the game is now.",
)
TAKING = "Moving the game to this window…"


class ElsewhereScene(Dialog):
    """The whole screen while another window has the table; ``moved_on`` when this window found out by
    a save refused as behind (the other window may have closed since)."""

    is_overlay = False
    is_safe_to_reload = True

    def __init__(self, ctx: Context, *, moved_on: bool = False) -> None:
        super().__init__(
            ctx,
            MOVED_ON_TITLE if moved_on else ELSEWHERE_TITLE,
            [Choice(PLAY_HERE, "Play here", primary=True, go=self._play_here)],
            lines=MOVED_ON_LINES if moved_on else ELSEWHERE_LINES,
            closable=False,
            name="elsewhere",
            read_lines=True,
        )

    def _play_here(self) -> Transition | None:
        """Ask for the table; the app opens afresh once it is this window's (a frame or two)."""
        self.ctx.live.claim()
        self.lines = (TAKING,)
        self.resize(self.ctx.size)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        super().draw(surface)
