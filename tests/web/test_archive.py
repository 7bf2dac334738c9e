"""The game as packed for the browser runs on its own: unpacked where pygbag unpacks it, with nothing of
the repository on its path, it finds its modules, fonts and sounds, draws the table and plays every sound.
The snapshot tool, which draws the table here, is not in the archive: a copy of it goes beside. And it holds
nothing the page could not unpack as it is (the page skips tarfile's checks, web/index.tmpl)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path, PurePosixPath

TOOLS = Path(__file__).resolve().parents[2] / "tools"
SCRIPT = """
import sys
from pathlib import Path
from hearts.ui.assets import asset_path
from snapshot import render
import pygame

font = asset_path("fonts", "HeartsSans.ttf")
assert Path(font).resolve().is_relative_to(Path.cwd().resolve()), font
surface, _report = render("playing", (390, 844))
pygame.image.save(surface, "table.png")
print("drew", surface.get_size(), "with", font)

from hearts.ui.sound import SOUNDS, Sound

card = asset_path("sounds", "card.ogg")
assert Path(card).resolve().is_relative_to(Path.cwd().resolve()), card
sound = Sound(needs_gesture=False)
played = [name for name in SOUNDS if sound.play(name)]
print("played", len(played), "of", len(SOUNDS), sound.failure)
"""


def test_the_packed_game_runs_from_where_pygbag_unpacks_it(site: Path, tmp_path: Path) -> None:
    app = tmp_path / "data" / "hearts"
    with tarfile.open(site / "hearts.tar.gz") as archive:
        archive.extractall(app, filter="tar")
    home = app / "assets"  # pygbag runs main.py from here, with this folder first on sys.path
    assert (home / "main.py").is_file()
    assert not (home / "snapshot").exists() and not (home / "hearts" / "ui" / "snapshot.py").exists()
    tool = tmp_path / "tool"
    shutil.copytree(TOOLS / "snapshot", tool / "snapshot", ignore=shutil.ignore_patterns("__pycache__"))
    environment = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path[:0] = [{str(home)!r}, {str(tool)!r}]; {SCRIPT}",
        ],
        cwd=home,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "drew (390, 844)" in result.stdout, result.stdout
    assert "played 7 of 7 None" in result.stdout, result.stdout
    assert (home / "table.png").stat().st_size > 10_000


def test_the_archive_holds_only_files_and_folders_under_assets(site: Path) -> None:
    with tarfile.open(site / "hearts.tar.gz") as archive:
        members = archive.getmembers()
    assert any(member.name == "assets/main.py" for member in members)
    for member in members:
        path = PurePosixPath(member.name)
        assert member.isfile() or member.isdir(), member.name
        assert path.parts[0] == "assets" and ".." not in path.parts, member.name
        tarfile.data_filter(member, "/data/data/hearts")  # (raises for anything a page should not unpack)
