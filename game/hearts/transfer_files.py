"""Export files on the desktop: where they go, what they are called, and which one to load.

The game has no file dialog, so a saved export goes to the Downloads folder (the home folder when there
is none) as ``hearts-YYYY-MM-DD.json``, never over a file already there (``hearts-YYYY-MM-DD-2.json``
then), and loading takes the newest ``hearts-*.json`` there, which the player is shown by name before
anything changes. (In the browser the page downloads and picks files instead: ``hearts.page``.)
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Final

from .transfer import MAX_TEXT, NOT_OURS, InvalidTransfer

PATTERN: Final = "hearts-*.json"
"""The names the game loads from (a browser's "hearts-2026-05-05 (1).json" too)."""
FOLDER_VARIABLE: Final = "HEARTS_EXPORT_DIR"
"""Names the folder to use instead of Downloads (tests, and players who keep files elsewhere)."""


def export_name(day: datetime.date) -> str:
    """What an export made on ``day`` is called."""
    return f"hearts-{day.isoformat()}.json"


def export_folder() -> Path:
    """The folder exports go to and are loaded from: ``$HEARTS_EXPORT_DIR``, else ~/Downloads if it
    exists, else the home folder."""
    named = os.environ.get(FOLDER_VARIABLE)
    if named:
        return Path(named)
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


def free_path(folder: Path, day: datetime.date) -> Path:
    """The first of ``hearts-DAY.json``, ``hearts-DAY-2.json``, … not yet in ``folder``."""
    path = folder / export_name(day)
    number = 2
    while path.exists():
        path = folder / f"hearts-{day.isoformat()}-{number}.json"
        number += 1
    return path


def write_export(text: str, folder: Path, day: datetime.date) -> Path:
    """Write the export ``text`` to a new file in ``folder``; its path. ``OSError`` when it cannot."""
    folder.mkdir(parents=True, exist_ok=True)
    path = free_path(folder, day)
    with path.open("x", encoding="ascii") as file:  # never over another file, even one made just now
        file.write(text)
    return path


def newest_export(folder: Path) -> Path | None:
    """The most recently changed ``hearts-*.json`` file in ``folder`` (the later name on a tie), or
    None when there is none (or the folder cannot be read)."""
    try:
        found = [(path.stat().st_mtime, path.name, path) for path in folder.glob(PATTERN) if path.is_file()]
    except OSError:
        return None
    return max(found)[2] if found else None


def read_export_file(path: Path) -> str:
    """The text of the file at ``path``. ``InvalidTransfer`` for a file far too long to be an export or
    not UTF-8 text; ``OSError`` when it cannot be read."""
    with path.open("rb") as file:
        data = file.read(MAX_TEXT + 1)
    if len(data) > MAX_TEXT:
        raise InvalidTransfer(NOT_OURS)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidTransfer(NOT_OURS) from None
