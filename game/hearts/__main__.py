"""``python -m hearts``: the game in a desktop window."""

from .ui.app import main

main()
