"""The QR code of a link: the page's encoder (uqr, the very file the site carries, run here by Node) makes
the symbol, the game draws it, and a decoder phones' readers are built on (zxing-cpp) reads the pixels
back, as a camera would read them off the screen."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pygame
import pytest
import zxingcpp

from hearts.engine import Seat
from hearts.friends import Invitation, invite_link
from hearts.ui.layout import metrics_for
from hearts.ui.link_picture import LinkPicture
from hearts.ui.qr import DARK, LEAST_MODULE, LIGHT, QUIET, QrCode, qr_code, qr_surface

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "https://hearts.example.org/play/"
CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
LENGTHS = (112, 160, 250)


def link(code_length: int, name: str = "Ada", seed: int = 7) -> str:
    """An invitation as the host's page writes it (``hearts.friends.invite_link``), with a connection
    code of ``code_length`` characters (112 with one address, as measured in Chromium)."""
    code = "".join(random.Random(seed).choice(CODE_CHARS) for _ in range(code_length))
    invitation = Invitation(table="t9F2kQxa", seat=Seat.WEST, invite="Zk2lq0aa", host=name)
    return invite_link(ADDRESS, invitation, code)


TEXTS = [link(length, name="Zoë") for length in LENGTHS] + [link(112), "x" * 4000]


@pytest.fixture(scope="module")
def answers() -> dict[str, str]:
    """``hearts.qr``'s answer for each of ``TEXTS``, from web/qr.js's own code under Node."""
    script = (
        "import { readFileSync } from 'node:fs';"
        "globalThis.window = { hearts: {} };"
        "const source = readFileSync(process.argv[1], 'utf8').replace('./uqr.mjs', process.argv[2]);"
        "await import('data:text/javascript,' + encodeURIComponent(source));"
        "const texts = JSON.parse(readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(texts.map((text) => window.hearts.qr(text))));"
    )
    uqr = (ROOT / "node_modules" / "uqr" / "dist" / "index.mjs").as_uri()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(ROOT / "web" / "qr.js"), uqr],
        input=json.dumps(TEXTS),
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(zip(TEXTS, json.loads(done.stdout), strict=True))


class Page:
    """``window.hearts`` with the answers Node gave."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers

    def qr(self, text: str) -> str:
        return self.answers[text]


def read(surface: pygame.Surface) -> list[str]:
    width, height = surface.get_size()
    pixels = memoryview(pygame.image.tobytes(surface, "RGB")).cast("B", (height, width, 3))
    return [found.text for found in zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode)]


@pytest.mark.native
@pytest.mark.parametrize("text", TEXTS[:3])
@pytest.mark.parametrize("room", [180, 300])
def test_a_link_drawn_reads_back_exactly(answers: dict[str, str], text: str, room: int) -> None:
    code = qr_code(text, Page(answers))
    assert code is not None
    surface = qr_surface(code, room)
    assert surface is not None
    assert surface.get_width() == surface.get_height() <= room
    assert read(surface) == [text]


@pytest.mark.native
def test_an_invite_with_one_address_is_a_symbol_a_phone_reads_off_a_phone(answers: dict[str, str]) -> None:
    """An invitation with one address (its connection code 112 characters, as measured in Chromium) is
    about 270 characters, a symbol of version 13 at most at level M (69 modules, 77 with the border): 3
    whole pixels a module in 250 CSS pixels, 6 device pixels on a phone drawing at twice the scale."""
    text = link(112)
    assert len(text) <= 290
    code = qr_code(text, Page(answers))
    assert code is not None
    assert code.version <= 13
    assert code.module_px(250) >= 3


@pytest.mark.native
def test_every_module_is_whole_pixels_with_the_quiet_border_light(answers: dict[str, str]) -> None:
    code = qr_code(link(112), Page(answers))
    assert code is not None
    surface = qr_surface(code, 300)
    assert surface is not None
    module = code.module_px(300)
    assert surface.get_width() == code.side * module
    border = QUIET * module
    for x in range(surface.get_width()):
        for y in (0, border - 1, surface.get_height() - 1):
            assert surface.get_at((x, y))[:3] == LIGHT
    # The top left finder pattern: its dark outer ring starts right after the border, a module thick.
    assert surface.get_at((border, border))[:3] == DARK
    assert surface.get_at((border + module - 1, border + module - 1))[:3] == DARK
    assert surface.get_at((border + module, border + module))[:3] == LIGHT


@pytest.mark.native
def test_no_code_is_drawn_where_a_module_would_be_too_small_to_read(answers: dict[str, str]) -> None:
    code = qr_code(link(112), Page(answers))
    assert code is not None
    assert qr_surface(code, code.side * LEAST_MODULE) is not None
    assert qr_surface(code, code.side * LEAST_MODULE - 1) is None


@pytest.mark.native
def test_a_text_too_long_for_any_symbol_has_none(answers: dict[str, str]) -> None:
    assert answers["x" * 4000] == ""
    assert qr_code("x" * 4000, Page(answers)) is None


def test_natively_there_is_no_page_so_no_code() -> None:
    assert qr_code(link(112)) is None


def test_an_answer_that_is_not_a_symbol_is_refused() -> None:
    good = {"version": 1, "rows": ["0" * 21] * 21}
    assert QrCode.parse(json.dumps(good)) == QrCode(version=1, rows=("0" * 21,) * 21)
    for broken in (
        "",
        "{",
        json.dumps({"version": 1}),
        json.dumps({**good, "version": 41}),
        json.dumps({**good, "version": "1"}),
        json.dumps({**good, "rows": ["0" * 21] * 20}),
        json.dumps({**good, "rows": ["0" * 20] * 21}),
        json.dumps({**good, "rows": ["2" * 21] * 21}),
        json.dumps({**good, "rows": [0] * 21}),
    ):
        assert QrCode.parse(broken) is None, broken


def test_a_page_that_throws_gives_no_code() -> None:
    class Broken:
        def qr(self, _text: str) -> str:
            raise RuntimeError("the page broke")

    assert qr_code("hello", Broken()) is None


@pytest.mark.native
@pytest.mark.parametrize("width", [200, 300, 374, 600])
def test_the_room_a_link_takes_is_the_code_as_drawn(answers: dict[str, str], width: int) -> None:
    """The dialog leaves just the code's own height for it (no gap under it): whole pixels a module,
    within the width and the most it is drawn at."""
    picture = LinkPicture()
    picture.code = qr_code(link(112), Page(answers))
    metrics = metrics_for((1280, 720), 1.0)
    side = picture.side(metrics, width)
    drawn = picture.draw(pygame.Surface((width, width)), pygame.Rect(0, 0, width, side))
    assert drawn.height == side <= width
