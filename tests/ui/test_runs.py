"""Pictures blitted as runs (``hearts.ui.render.runs``): the backs in the air and the others' fans. Each
is drawn as it would be blended, within a level of a channel at its edges; the backs in the air are
shrunk to a ladder of sizes, so a deal shrinks once what every later deal shows again."""

from __future__ import annotations

import pygame
import pytest

from hearts.engine.cards import Card
from hearts.storage import Settings
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.fonts import Fonts
from hearts.ui.render.runs import in_runs, is_in_runs
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.table_flights import RUNG, on_ladder

from .driver import Driver
from .test_app import start_match

FELT = (24, 96, 60)


def _blitted(picture: pygame.Surface, screen: pygame.Surface) -> pygame.Surface:
    """``picture`` blitted onto a bit of felt with the window's pixel format."""
    felt = pygame.Surface((picture.get_width() + 8, picture.get_height() + 8), 0, screen)
    felt.fill(FELT)
    felt.blit(picture, (4, 4))
    return felt


@pytest.fixture
def screen() -> pygame.Surface:
    Driver((320, 568))  # (a display of the window's format)
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


@pytest.mark.parametrize("what", ["back", "face", "fan"])
def test_a_picture_in_runs_is_drawn_as_it_would_be_blended(screen: pygame.Surface, what: str) -> None:
    painter = CardPainter(Fonts())
    if what == "back":
        picture = painter.back(132, 186)
    elif what == "face":
        picture = painter.face(Card.parse("QS"), 132, 186)
    else:
        picture = painter.fan(9, (64, 90), 28)
    assert is_in_runs(picture) is (what == "fan")  # the painter keeps its fans in runs
    plain = picture.copy()
    plain.set_alpha(255)  # (no longer in runs)
    assert not is_in_runs(plain)
    blended = pygame.image.tobytes(_blitted(plain, screen), "RGB")
    runs = in_runs(plain.copy())
    first = pygame.image.tobytes(_blitted(runs, screen), "RGB")
    again = pygame.image.tobytes(_blitted(runs, screen), "RGB")
    assert is_in_runs(runs)
    assert first == again
    assert len(first) == len(blended)
    assert max(abs(a - b) for a, b in zip(first, blended, strict=True)) <= 1
    if what != "fan":  # (a fan a few pixels tall is nearly all edges)
        edges = sum(a != b for a, b in zip(first, blended, strict=True))
        assert edges < len(first) // 100


def test_a_size_on_the_ladder_is_the_nearest_rung() -> None:
    drawn = (132, 186)
    step = round(drawn[0] * RUNG)
    assert step == 3
    seen = set()
    for tenth in range(420, 1001):  # a back shrinking from the trick's size to a seat's box
        share = tenth / 1000
        size = (round(drawn[0] * share), round(drawn[1] * share))
        rung = on_ladder(size, drawn)
        assert rung[0] % step == 0
        assert abs(rung[0] - size[0]) <= step / 2 and abs(rung[1] - size[1]) <= step
        seen.add(rung)
    assert len(seen) == len({width for width, _ in seen}) < 30  # against 581 sizes asked for
    narrowed = on_ladder((40, 186), drawn)  # your card turning over as it lands: its width alone shrinks
    assert narrowed == (39, 186)


def test_a_deal_shrinks_again_almost_none_of_the_backs_the_last_one_showed() -> None:
    """At a phone's scale, hand 1's deal shrinks the backs it streams to the ladder's rungs, and hand 2's,
    from another dealer, finds nearly all of them kept (before the ladder it shrank some 115), each in
    runs."""
    size = (780, 1688)
    driver = Driver(size, settings=Settings(pace="normal"), scale=2.0)
    start_match(driver)
    driver.settle()
    flights = driver.table.picture.drawer.flights
    first = flights.backs_shrunk
    assert first > 20
    driver.play_match_by_taps(driver.click, hands=1)
    result = driver.scene
    assert isinstance(result, Dialog) and result.name == "hand_result"
    shrunk = flights.backs_shrunk
    driver.click(result.buttons[0].rect.center)
    driver.settle()  # hand 2's deal, to your pass
    assert driver.table.session.view.hand_number == 2
    assert flights.backs_shrunk - shrunk <= 5  # (2 measured)
    kept = flights.kept_backs()
    assert kept and all(is_in_runs(back) for back in kept)
