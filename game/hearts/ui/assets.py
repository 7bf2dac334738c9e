"""Where the game's files (fonts, …) live, both in the repository and in the web build."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve()

# The web build copies assets/ into the app folder next to the package (game/assets/…); in the repository
# it sits at the root (assets/…). The first folder that exists wins.
CANDIDATES: tuple[Path, ...] = (_HERE.parents[2] / "assets", _HERE.parents[3] / "assets")


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("fonts", "HeartsSans.ttf")``; it must exist."""
    tried: list[Path] = []
    for folder in CANDIDATES:
        path = folder.joinpath(*parts)
        if path.exists():
            return path
        tried.append(path)
    looked = " or ".join(str(path) for path in tried)
    raise FileNotFoundError(f"asset {'/'.join(parts)!r} not found: looked for {looked}")
