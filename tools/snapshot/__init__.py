"""The snapshot tool: every scene of the game rendered headlessly to PNG, with its layout report (every card,
button, seat box and text, in CSS pixels). A tool, not part of the game: the site does not ship it.

    PYTHONPATH=game:tools python -m snapshot --size 390x844 --out snapshots     (./build.sh snapshot)

It builds each scene as a player would reach it and drives it through the game's public calls and its
input intents (a tap, a press on the page's mirror, Enter), never through a scene's private members.
``play`` reaches the positions by play from fixed seeds, ``scenes`` builds the stack that shows each
scene, ``picture`` draws it, ``cli`` writes the files. Tests and the browser tests draw the same scenes.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from .picture import context, render
from .play import COACHINGS, DAILY_DAY, HANDS_PLAYED, PARS, daily_par, play_until, played_daily
from .scenes import LESSON_SCENES, SCENES, build

__all__ = [
    "COACHINGS",
    "DAILY_DAY",
    "HANDS_PLAYED",
    "LESSON_SCENES",
    "PARS",
    "SCENES",
    "build",
    "context",
    "daily_par",
    "play_until",
    "played_daily",
    "render",
]
