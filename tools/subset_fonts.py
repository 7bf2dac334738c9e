"""Make the game's two small fonts from the system's DejaVu Sans (regular and bold).

    .venv/bin/pip install fonttools      # a one-off tool, not a game dependency
    .venv/bin/python tools/subset_fonts.py [--src /usr/share/fonts/truetype/dejavu]

Writes assets/fonts/HeartsSans.ttf and assets/fonts/HeartsSans-Bold.ttf: only the characters a card
table needs (Latin, punctuation, arrows, the suits and a few symbols), renamed "Hearts Sans" so that no
one mistakes the subset for the full DejaVu family. The copyright and licence name records are kept;
assets/fonts/LICENSE-DejaVu.txt holds the full licence text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

try:
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - a helpful message for a one-off tool
    sys.exit("fontTools is missing: .venv/bin/pip install fonttools")

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "assets" / "fonts"
DEFAULT_SRC = Path("/usr/share/fonts/truetype/dejavu")

# (source file, output file, family, subfamily)
FACES: tuple[tuple[str, str, str], ...] = (
    ("DejaVuSans.ttf", "HeartsSans.ttf", "Regular"),
    ("DejaVuSans-Bold.ttf", "HeartsSans-Bold.ttf", "Bold"),
)
FAMILY = "Hearts Sans"

# Inclusive code point ranges and single characters to keep.
RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement: accents, × ÷ ± · ½ « » ° ©
    (0x0152, 0x0153),  # Œ œ
    (0x0160, 0x0161),  # Š š
    (0x0178, 0x0178),  # Ÿ
    (0x017D, 0x017E),  # Ž ž
    (0x2000, 0x206F),  # General Punctuation: spaces, – — ‘ ’ “ ” … • ‹ › ′ ″
    (0x20AC, 0x20AC),  # €
    (0x2122, 0x2122),  # ™
    (0x2139, 0x2139),  # ℹ
    (0x2190, 0x2195),  # ← ↑ → ↓ ↔ ↕
    (0x21BA, 0x21BB),  # ↺ ↻
    (0x2212, 0x2212),  # − minus
    (0x2264, 0x2265),  # ≤ ≥
    (0x2260, 0x2260),  # ≠
    (0x25A0, 0x25A1),  # ■ □
    (0x25B2, 0x25B2),  # ▲
    (0x25B6, 0x25B6),  # ▶
    (0x25BC, 0x25BC),  # ▼
    (0x25C0, 0x25C0),  # ◀
    (0x25C6, 0x25C7),  # ◆ ◇
    (0x25CB, 0x25CB),  # ○
    (0x25CF, 0x25CF),  # ●
    (0x2605, 0x2606),  # ★ ☆
    (0x263D, 0x263E),  # ☽ ☾  (moon)
    (0x265B, 0x265B),  # ♛  (a crown for the winner)
    (0x2660, 0x2667),  # ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧
    (0x2699, 0x2699),  # ⚙
    (0x26A0, 0x26A0),  # ⚠
    (0x2713, 0x2718),  # ✓ ✔ ✕ ✖ ✗ ✘
    (0x2764, 0x2764),  # ❤
)

# Name records kept: copyright, family, style, id, full name, version, PostScript name, licence, licence URL.
NAME_IDS = (0, 1, 2, 3, 4, 5, 6, 13, 14)


def code_points() -> list[int]:
    return sorted({cp for low, high in RANGES for cp in range(low, high + 1)})


def rename(font: TTFont, style: str) -> None:
    """Call the subset "Hearts Sans" everywhere a name says which font this is."""
    postscript = FAMILY.replace(" ", "") + "-" + style
    names = {
        1: FAMILY,
        2: style,
        3: f"{postscript};subset of DejaVu Sans",
        4: f"{FAMILY} {style}" if style != "Regular" else FAMILY,
        6: postscript,
    }
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17):
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)


def subset_one(src: Path, dst: Path, style: str) -> int:
    options = subset.Options()
    options.layout_features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk"]
    options.name_IDs = list(NAME_IDS)
    options.name_languages = [0x409]
    options.hinting = True  # TrueType hints keep small sizes crisp under FreeType
    options.notdef_outline = True
    options.recalc_bounds = True
    options.drop_tables += ["FFTM", "DSIG"]
    font = subset.load_font(str(src), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points())
    subsetter.subset(font)
    rename(font, style)
    font.recalcTimestamp = False  # keep the source's dates, so that a re-run gives the same bytes
    dst.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(dst), options)
    return dst.stat().st_size


def write_licence(src: Path, dst: Path) -> None:
    """The licence as DejaVu embeds it in the font (name record 13): Bitstream Vera and Arev terms."""
    text = TTFont(str(src))["name"].getDebugName(13)
    if not text or "Bitstream" not in text:
        raise SystemExit(f"{src} carries no licence text; copy it from the DejaVu package instead")
    header = (
        "Hearts Sans and Hearts Sans Bold (HeartsSans.ttf, HeartsSans-Bold.ttf) are subsets of\n"
        "DejaVu Sans 2.37 and DejaVu Sans Bold 2.37 (https://dejavu-fonts.github.io/), renamed as the\n"
        "licence below asks of modified fonts. Their licence, as the DejaVu fonts state it:\n\n"
    )
    dst.write_text(header + text.strip() + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC, help="folder holding DejaVuSans*.ttf")
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write the subsets to")
    args = parser.parse_args(argv)
    for source, target, style in FACES:
        size = subset_one(args.src / source, args.out / target, style)
        print(f"{args.out / target}: {size:,} bytes")
    write_licence(args.src / FACES[0][0], args.out / "LICENSE-DejaVu.txt")
    print(f"{args.out / 'LICENSE-DejaVu.txt'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
