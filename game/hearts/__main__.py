"""``python -m hearts``: the game in a desktop window."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .ui.app import main

main()
