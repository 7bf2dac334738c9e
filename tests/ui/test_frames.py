"""The table's frames cost little: its still part (felt, boxes, trick, hand) is kept between frames and
copied, and a card in the air is shrunk from a face already painted rather than painted at each size
it passes. What the player sees stays the table drawn afresh, pixel for pixel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from hearts.bots.hints import suggest_play
from hearts.engine import FULL_DECK, Phase
from hearts.storage import Settings
from hearts.ui import table_cards, table_faces
from hearts.ui.motion import Step as MotionStep
from hearts.ui.render import icons
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.cover import interior, uncovered
from hearts.ui.render.fonts import Fonts
from hearts.ui.render.layer import Layer
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.table import TableScene
from hearts.ui.table_draw import TableDrawer
from hearts.ui.table_frame import TableFrame
from hearts.ui.table_layout import table_layout, with_note_band
from hearts.ui.table_seats import PANELS, box_panels

from .driver import FRAME, Driver
from .test_app import start_match


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _table_of(driver: Driver) -> TableScene | None:
    return next((scene for scene in reversed(driver.app.stack) if isinstance(scene, TableScene)), None)


@contextmanager
def turned_off(drawer: TableDrawer, *switches: str) -> Iterator[None]:
    """The drawer with each of its ``switches`` (a saving it makes) off for a while."""
    for switch in switches:
        setattr(drawer, switch, False)
    try:
        yield
    finally:
        for switch in switches:
            setattr(drawer, switch, True)


class CheckedDriver(Driver):
    """After every frame the app draws, the table as the drawer draws it is compared with the table drawn
    without one of its savings (``saving``, a switch of the drawer): by default without its kept layers,
    every piece painted again; or without ``clips_hidden_parts``, every shadow, face and overlay of the
    cards at rest blended whole, both then drawn afresh (a kept layer would be copied whatever the switch).
    It counts the pixels the cards at rest blend both ways."""

    def __init__(self, size: tuple[int, int], saving: str = "keeps_still_part", **options: object) -> None:
        self.compared = 0
        self.mismatches: list[int] = []
        self.blended = {"saved": 0, "fresh": 0}
        self.saving = saving
        self.afresh = () if saving == "keeps_still_part" else ("keeps_still_part",)
        super().__init__(size, **options)  # type: ignore[arg-type]

    def step(self, dt: float = FRAME) -> bool:
        drawn = super().step(dt)
        table = _table_of(self)
        if drawn and table is not None:
            size = self.app.screen.get_size()
            saved, fresh = pygame.Surface(size), pygame.Surface(size)
            drawer = table.picture.drawer
            with turned_off(drawer, *self.afresh):
                before = drawer.blended
                table.draw(saved)
                self.blended["saved"] += drawer.blended - before
                with turned_off(drawer, self.saving):
                    before = drawer.blended
                    table.draw(fresh)
                    self.blended["fresh"] += drawer.blended - before
            self.compared += 1
            if _pixels(saved) != _pixels(fresh):
                self.mismatches.append(self.frames)
        return drawn


def _play_a_hand_touching_everything(driver: Driver) -> set[str]:
    """One hand as a restless player plays it: the hint, the arrow keys, a card that may not be played,
    a raised card moved; until the hand's result. Returns what it did."""
    done: set[str] = set()
    for _ in range(400):
        driver.settle()
        if isinstance(driver.scene, Dialog):
            assert driver.scene.name == "hand_result", driver.scene.name
            return done
        table = driver.table
        view = table.session.view
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RIGHT)
        if view.phase is Phase.PASS:
            driver.key(pygame.K_h)
            driver.click(driver.button_spot("action"))
            done.add("pass")
            continue
        assert view.phase is Phase.PLAY
        illegal = [card for card in view.hand if card not in view.legal]
        if illegal:
            driver.click(driver.card_spot(illegal[0]))
            for _ in range(8):  # the shake, frame by frame
                driver.step()
            done.add("refused")
        driver.key(pygame.K_h)
        done.add("hint")
        driver.click(driver.card_spot(suggest_play(view)))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_every_frame_of_a_hand_is_the_table_drawn_afresh(size: tuple[int, int]) -> None:
    driver = CheckedDriver(size, settings=Settings(pace="quick"))
    start_match(driver)
    done = _play_a_hand_touching_everything(driver)
    assert {"pass", "refused", "hint"} <= done
    assert driver.compared > 200  # the deal, the flights, the holds and every move were drawn
    assert driver.mismatches == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_every_frame_with_the_hidden_parts_of_cards_left_out_is_the_cards_drawn_whole(
    size: tuple[int, int],
) -> None:
    """Only what the cards drawn after it leave in view of a card at rest (your hand, the trick) is
    blitted, the opaque part of its face copied: the cards raised to pass, those passed to you, the ones
    you may not play and the one shaken all look as drawn whole, shadows, faces and hatches blended."""
    driver = CheckedDriver(size, saving="clips_hidden_parts", settings=Settings(pace="quick"))
    start_match(driver)
    done = _play_a_hand_touching_everything(driver)
    assert {"pass", "refused", "hint"} <= done
    assert driver.compared > 200
    assert driver.mismatches == []


def test_at_a_phone_s_scale_the_cards_at_rest_blend_a_tenth_of_the_pixels() -> None:
    """390×844 drawn at scale 2, as the browser bench plays it: the hand's and the trick's shadows, faces
    and hatches, drawn by parts, blend under a tenth of the pixels they blend whole (in WebAssembly that
    blending was most of a redraw of your hand), with the same picture."""
    driver = CheckedDriver((780, 1688), saving="clips_hidden_parts", scale=2, settings=Settings(pace="quick"))
    start_match(driver)
    _play_a_hand_touching_everything(driver)
    assert driver.mismatches == []
    assert driver.blended["saved"] * 10 < driver.blended["fresh"]


def test_a_face_is_copied_opaque_once_not_at_every_redraw() -> None:
    """Your hand drawn again as the focus moves copies no face again: the opaque copies are kept."""
    driver = Driver((390, 844), settings=Settings(pace="quick"))
    start_match(driver)
    driver.settle()
    drawer = driver.table.picture.drawer
    redraws, made = drawer.hand_redraws, drawer.faces.solid_made
    for _ in range(4):
        driver.key(pygame.K_RIGHT)
    assert drawer.hand_redraws >= redraws + 4
    assert drawer.faces.solid_made == made


@pytest.mark.parametrize(
    "fault", ["corners copied", "the shadow's first strip left out", "its last left out"]
)
def test_cards_drawn_by_parts_that_missed_a_piece_would_be_caught(
    monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    """The comparison fails when a face's corners are taken as opaque (copied, not blended), or when a
    strip of a shadow is left out."""
    if fault == "corners copied":
        monkeypatch.setattr(table_faces, "interior", lambda rect, inset: interior(rect, inset - 1))
    elif fault == "the shadow's first strip left out":
        monkeypatch.setattr(table_cards, "uncovered", lambda rect, covers: uncovered(rect, covers)[1:])
    else:
        monkeypatch.setattr(table_cards, "uncovered", lambda rect, covers: uncovered(rect, covers)[:-1])
    driver = CheckedDriver((390, 844), saving="clips_hidden_parts", settings=Settings(pace="quick"))
    start_match(driver)
    driver.settle()
    assert driver.mismatches


def test_your_hand_is_drawn_again_only_when_it_changes() -> None:
    """The still part is drawn again for every card played; your hand, kept apart over the felt, only
    when it changes: the cards played, passed and received, the ones you may play, the hint, the focus."""
    driver = CheckedDriver((390, 844), settings=Settings(pace="quick"))
    start_match(driver)
    _play_a_hand_touching_everything(driver)
    drawer = _table_of(driver).picture.drawer  # type: ignore[union-attr]
    assert drawer.still_redraws > 100
    assert 13 < drawer.hand_redraws < drawer.still_redraws // 2
    assert driver.mismatches == []


def test_a_kept_hand_that_missed_a_change_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail for the hand's own layer too: a key that leaves out the focus."""
    driver = CheckedDriver((390, 844), settings=Settings(pace="quick"))
    start_match(driver)
    driver.settle()
    key = TableDrawer.hand_key
    monkeypatch.setattr(TableDrawer, "hand_key", lambda drawer: key(drawer)[:-2])  # no focus…
    for _ in range(4):
        driver.key(pygame.K_RIGHT)
    assert driver.mismatches


def test_a_kept_table_that_missed_a_change_would_be_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above can fail: a key that leaves out the focus shows the old focus."""
    driver = CheckedDriver((390, 844), settings=Settings(pace="quick"))
    start_match(driver)
    driver.settle()
    key = TableFrame.still_key
    monkeypatch.setattr(TableFrame, "still_key", lambda frame, shake: key(frame, shake)[:-3])  # no focus…
    for _ in range(4):  # (the bots' passes may land in the first frames and draw the table anew)
        driver.key(pygame.K_RIGHT)
    assert driver.mismatches


def test_the_still_part_is_drawn_once_while_a_card_flies() -> None:
    driver = Driver((1280, 720), settings=Settings(pace="normal"))
    start_match(driver)
    table = driver.table
    flown = 0
    lifted: list[MotionStep] = []
    for _ in range(6000):
        if driver.is_waiting_for_player():
            view = table.session.view
            if view.phase is Phase.PASS:
                driver.key(pygame.K_h)
                driver.click(driver.button_spot("action"))
            else:
                driver.click(driver.card_spot(suggest_play(view)))
        current = table.motion.current
        # (While the cards you were passed stand raised, their lowering may fall in a flight: such a
        # flight is left out, even once they are down.)
        if table.stage.lift_received and current is not None:
            lifted.append(current)
        left_out = any(current is step for step in lifted)
        if current is not None and current.kind == "play" and current.flights and not left_out:
            redraws = table.picture.drawer.still_redraws
            drawn = 0
            while table.motion.current is current:
                drawn += driver.step()
            assert drawn >= 5  # the flight is shown frame by frame
            assert table.picture.drawer.still_redraws - redraws <= 1  # its end: the trick with the card in it
            flown += 1
            if flown == 4:
                return
        driver.step()
    raise AssertionError("no card was played")


def test_cards_in_the_air_are_painted_only_at_the_sizes_the_table_shows_at_rest() -> None:
    driver = Driver((1920, 1080), settings=Settings(pace="normal"))
    painter = driver.app.ctx.painter
    before = Counter(painter.painted)
    start_match(driver)
    driver.play_match_by_taps(driver.click, hands=1)
    now = painter.painted - before
    painted = [
        (width, height)
        for (card, width, height), times in now.items()
        if card is not None
        for _ in range(times)
    ]
    backs = [(width, height) for (card, width, height) in now if card is None]
    layout = driver.table.layout
    at_rest = {layout.hand.card, layout.trick_card}
    assert len(painted) > 26  # every card was shown
    assert set(painted) <= at_rest
    # Backs: the deck and the exchange at the trick's size, the fans' big backs, nothing in between.
    fan_backs = {size for size in backs if size not in at_rest}
    assert len(fan_backs) <= 2


def test_a_layer_is_drawn_again_only_for_a_new_key_or_a_new_size() -> None:
    layer = Layer()
    calls: list[tuple[int, int]] = []

    def draw(surface: pygame.Surface) -> None:
        calls.append(surface.get_size())
        surface.fill((10, 20, 30))

    target = pygame.Surface((40, 30))
    layer.blit(target, ("a", 1), draw)
    layer.blit(target, ("a", 1), draw)
    assert calls == [(40, 30)] and layer.redraws == 1
    assert target.get_at((5, 5))[:3] == (10, 20, 30)
    target.fill((0, 0, 0))
    layer.blit(target, ("a", 1), draw)
    assert target.get_at((39, 29))[:3] == (10, 20, 30)  # copied whole, without drawing
    layer.blit(target, ("a", 2), draw)
    layer.blit(pygame.Surface((20, 10)), ("a", 2), draw)
    assert calls == [(40, 30), (40, 30), (20, 10)]
    assert not Layer.can_keep(pygame.Surface((4, 4), pygame.SRCALPHA))


def test_every_frame_of_the_lesson_is_its_table_drawn_afresh() -> None:
    """The lesson marks the card it suggests and puts its notes over the table: kept all the same."""
    from .test_lesson import LessonRun

    driver = CheckedDriver((390, 844), settings=Settings(pace="quick"))
    driver.click(driver.button_spot("learn"))
    run = LessonRun(driver, "illegal")
    assert run.play().name == "lesson_summary"
    assert run.refusals
    assert driver.compared > 200
    assert driver.mismatches == []


def test_faces_are_painted_ahead_at_the_tricks_size_in_frames_that_draw_nothing() -> None:
    """While the table waits (here on your pass), every face at the trick's size is painted, a step at a
    time in frames that draw nothing, your own cards first; so a card played later paints nothing as it
    lands."""
    from hearts.engine import FULL_DECK

    driver = Driver((390, 844), settings=Settings(pace="quick"), coach=True)
    start_match(driver)
    driver.settle()
    table = driver.table
    painter = driver.app.ctx.painter
    size = table.layout.trick_card
    before = Counter(painter.painted)
    hand = set(table.session.view.hand)
    for _ in range(600):
        if driver.step():
            continue  # (a frame that draws does no such work)
        if table.picture.faces_ahead.is_done:
            break
    assert table.picture.faces_ahead.is_done
    assert all(painter.has_face(card, *size) for card in FULL_DECK)
    now = painter.painted - before
    width, height = size
    painted = [card for (card, *at) in now if card is not None and tuple(at) == size]
    assert len(painted) == 52 and set(painted[:13]) == hand
    assert all(now[card, width, height] == 1 for card in painted)  # each once


@pytest.mark.parametrize("reopened", [False, True], ids=["dealt", "reopened"])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_exchange_paints_no_card_in_the_frames_it_draws(scale: float, reopened: bool) -> None:
    """While you choose your pass, the back and every face are painted ahead at the sizes the exchange
    shows: the three cards passed to you land in your hand at its size, and the backs crossing between the
    others are shrunk from the deck's. So from your press of Pass to your first turn no card is painted in
    a frame that draws (three court cards at the hand's size, or a back at a size of its own, had made
    frames of 54-65 ms in WebAssembly at a phone's scale). The same on a table reopened mid-pass, which no
    deal has shown."""
    size = (round(390 * scale), round(844 * scale))
    driver = Driver(size, settings=Settings(pace="quick"), scale=scale, coach=True)  # (frames' spare time)
    start_match(driver)
    driver.settle()
    if reopened:
        driver = Driver(size, backend=driver.backend, scale=scale, coach=True)
        driver.settle()
    table = driver.table
    painter = driver.app.ctx.painter
    hand_size = table.layout.hand.card
    assert hand_size != table.layout.trick_card  # (else the trick's faces would be the hand's)
    for _ in range(600):  # you think about your pass: frames that draw nothing
        if not driver.step() and table.picture.faces_ahead.is_done:
            break
    assert table.picture.faces_ahead.is_done
    view = table.session.view
    assert view.phase is Phase.PASS and view.received is None
    before = Counter(painter.painted)
    driver.move_by_taps()
    driver.settle()  # the exchange, and the bots' plays up to your turn
    received = table.session.view.received
    assert received is not None and len(received) == 3
    assert table.session.view.phase is Phase.PLAY
    assert painter.painted - before == Counter()


@pytest.mark.parametrize(("css", "scale"), [((390, 844), 1.0), ((390, 844), 2.0), ((768, 1024), 1.0)])
def test_the_first_deal_paints_no_card_in_the_frames_it_draws(
    css: tuple[int, int], scale: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the menu waits, what the first deal of a table to come shows is painted: the deck's back at
    the trick's size (a match's and a lesson's, whose note takes room from the trick), the others' fans of
    1-13 backs and every face at your hand's size, and the boxes' see-through panels blended over the
    felt, so the first deal of a page paints no back, no fan and none of your cards, and makes no panel.
    The deck's back painted in the deal's first frame, beside the table drawn for the first time, had
    made a frame of 49 ms in WebAssembly at a phone's scale, each of your cards turning face up for the
    first time 10-20 ms, and the four panels 3-6 ms. The buttons' icons too (some 16 ms of a new table's
    first frame there)."""
    size = (round(css[0] * scale), round(css[1] * scale))
    driver = Driver(size, settings=Settings(pace="quick"), scale=scale, coach=True)  # (idle frames' work)
    painter = driver.app.ctx.painter
    layout = table_layout(size, scale)
    trick, lesson_trick = layout.trick_card, with_note_band(layout)[0].trick_card
    assert (trick != lesson_trick) is (css == (768, 1024))  # (a tablet's lesson has a smaller trick)
    hand = layout.hand.card
    for _ in range(600):  # the menu read: frames that draw nothing
        driver.step()
        if all(painter.has_face(card, *hand) for card in FULL_DECK):
            break
    assert painter.has_back(*trick) and painter.has_back(*lesson_trick)
    before, fans = Counter(painter.painted), Counter(painter.fans_painted)
    assert len(fans) >= 13  # a fan of each size a hand can hold
    panels = PANELS.made
    assert all(panel in PANELS for panel in box_panels(layout, size))
    icons_painted: list[tuple[int, int]] = []
    supersampled = icons.supersampled
    monkeypatch.setattr(
        icons, "supersampled", lambda size, *rest: icons_painted.append(size) or supersampled(size, *rest)
    )
    start_match(driver)
    driver.settle()  # the deal, to your pass
    assert driver.table.layout.trick_card == trick
    assert driver.table.session.view.phase is Phase.PASS and len(driver.table.session.view.hand) == 13
    assert [key for key in painter.painted - before if key[0] is None or key[1:] == hand] == []
    assert fans == Counter(painter.fans_painted)  # nor any of the others' fans (2.5-8 ms each there)
    assert PANELS.made == panels
    assert icons_painted == []  # nor any button's icon


def test_your_cards_are_copied_opaque_and_hatched_ahead_in_frames_that_draw_nothing() -> None:
    """After the faces ahead, while the table waits, each card of your hand gets its opaque copies at the
    hand's size, plain and hatched, so a frame where the cards you may play change makes none."""
    driver = Driver((390, 844), settings=Settings(pace="quick"), coach=True)
    start_match(driver)
    driver.settle()
    table = driver.table
    faces = table.picture.drawer.faces
    made = faces.solid_made
    for _ in range(600):  # until the background work is the mode's own
        if not driver.step() and table.background_work() == table.mode.background:
            break
    assert table.picture.faces_ahead.is_done and table.picture.copies_ahead.is_done
    assert faces.solid_made >= made + 13  # the hatched ones at least
    width, height = table.layout.hand.card
    for card in table.session.view.hand:
        for hatched in (False, True):
            assert not faces.copy_ahead(card, width, height, four_colour=False, hatched=hatched), card


def test_faces_pushed_out_of_the_painters_cache_are_painted_ahead_again() -> None:
    """What the menu paints ahead is looked over again once anything else has been painted (a table's
    faces may push some out of the painter's cache), and only then."""
    size, scale = (390, 844), 1.0
    Driver(size)  # (a display)
    layout = table_layout(size, scale)
    trick, hand = layout.trick_card, layout.hand.card
    painter = CardPainter(Fonts(), max_faces=2 * len(FULL_DECK) + 4)  # every face at both sizes, barely
    ahead = table_faces.DealAhead(painter)
    for _ in range(200):
        step = ahead.work(size, scale, four_colour=False)
        if step is None:
            break
        step(0.0)
    assert ahead.work(size, scale, four_colour=False) is None
    assert all(painter.has_face(card, *hand) for card in FULL_DECK)
    for card in FULL_DECK:  # a table paints the deck at the trick's size, and a few at another size,
        painter.face(card, *trick)  # pushing out the oldest
    for card in list(FULL_DECK)[:8]:
        painter.face(card, trick[0] // 2, trick[1] // 2)
    pushed_out = [card for card in FULL_DECK if not painter.has_face(card, *hand)]
    assert pushed_out
    painted = 0
    while (step := ahead.work(size, scale, four_colour=False)) is not None:
        step(0.0)
        painted += 1
        assert painted <= 2 * len(FULL_DECK)
    assert all(painter.has_face(card, *hand) for card in FULL_DECK)
