"""The table's frames of play with the player's taps recorded once and replayed, for counting the
instructions a frame costs (valgrind's callgrind), free of the hint's own thinking and of the machine's
load. The deals are fixed (seed 2026) and the coach is off, so two trees that play alike replay alike.

    PYTHONPATH=game python tools/ui_workload.py 390x844 900 record /tmp/taps.json
    PYTHONPATH=game valgrind --tool=callgrind python tools/ui_workload.py 390x844 900 replay /tmp/taps.json
    PYTHONPATH=game valgrind --tool=callgrind python tools/ui_workload.py 390x844 0 replay /tmp/taps.json

The difference of the last two counts is the app's work for 900 frames.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["HEARTS_BENCH_COACH"] = "0"

import pygame

import hearts.ui.session as session_module
from hearts.ui.bench import FRAME, new_app, player_taps


def main(argv: list[str]) -> int:
    size, frames, mode, path = argv
    width, _, height = size.partition("x")
    session_module.new_seed = lambda: 2026  # the same deals every run
    app = new_app((int(width), int(height)))
    if mode == "record":
        taps = []
        for _ in range(int(frames)):
            events = player_taps(app)
            taps.append([list(event.pos) for event in events])
            app.frame(FRAME, events)
        with open(path, "w", encoding="utf-8") as file:
            json.dump(taps, file)
        return 0
    with open(path, encoding="utf-8") as file:
        recorded = json.load(file)[: int(frames)]
    for positions in recorded:
        tap = pygame.MOUSEBUTTONDOWN
        events = [pygame.event.Event(tap, pos=(x, y), button=1, touch=False) for x, y in positions]
        app.frame(FRAME, events)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
