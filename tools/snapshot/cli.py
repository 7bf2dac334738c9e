"""``python -m snapshot --size WxH --out DIR`` (``./build.sh snapshot``): the scenes drawn to PNG, each with
its layout report beside it (``<scene>-WxH.json``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pygame

from hearts.storage import Settings

from .picture import render
from .scenes import LESSON_SCENES, SCENES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./build.sh snapshot", description=__doc__)
    parser.add_argument("--size", default="390x844", help="window size, WxH (default 390x844)")
    parser.add_argument("--scale", type=float, default=1.0, help="pixels per CSS pixel")
    parser.add_argument("--out", default="snapshots", help="folder for the PNG files")
    parser.add_argument(
        "--scenes",
        default=",".join(SCENES),
        help="comma-separated scene names, or 'lesson' for the lesson's notes",
    )
    parser.add_argument("--four-colour", action="store_true", help="draw the four-colour deck")
    parser.add_argument("--keys", action="store_true", help="as a keyboard player sees it (the focus shown)")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings(four_colour=args.four_colour)
    names = LESSON_SCENES if args.scenes == "lesson" else args.scenes.split(",")
    for name in names:
        path = out / f"{name}-{size[0]}x{size[1]}.png"
        surface, report = render(name, size, args.scale, settings, keys=args.keys)
        pygame.image.save(surface, str(path))
        path.with_suffix(".json").write_text(json.dumps(report.to_json(), indent=1), encoding="utf-8")
        print(path)
    return 0
