"""The UI tests run headless; where pygame cannot run (in Pyodide, or not installed) they are not collected.

The whole tests/ folder also runs inside Pyodide (tests/pyodide/run.mjs), which has no pygame: there the
files of this folder are ignored rather than failing to import.
"""

from __future__ import annotations

import importlib.util
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if sys.platform == "emscripten" or importlib.util.find_spec("pygame") is None:
    collect_ignore_glob = ["*.py"]
