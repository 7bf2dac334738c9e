"""Options and Statistics: laid out at phone to 4K sizes, tapped, driven by keyboard, saved.

How to play scrolls rather than pages: its tests are in test_howto.py (the floor on text sizes is here).
"""

from __future__ import annotations

import dataclasses
import datetime
import itertools
import math
from collections.abc import Iterator

import pygame
import pytest

from hearts.engine import Moon, Ties
from hearts.storage import MemoryBackend, Settings, Stats, Store
from hearts.storage.daily import DailyRecords, DailyResult
from hearts.ui.intents import Back, Confirm, Hover, Jump, Step, Tap
from hearts.ui.layout import MIN_TAP, MIN_TEXT
from hearts.ui.options_list import GAME_OPTIONS, TABLE_OPTIONS
from hearts.ui.render.cards import CardPainter
from hearts.ui.render.fonts import Fonts
from hearts.ui.render.text import fit_size, wrap
from hearts.ui.report import recording
from hearts.ui.scenes.base import Context, Pop
from hearts.ui.scenes.howto import HowToScene
from hearts.ui.scenes.options import OptionsScene
from hearts.ui.scenes.paged import PagedScene
from hearts.ui.scenes.stats import StatsScene, Tile

SIZES = [
    ((320, 568), 1.0),
    ((568, 320), 1.0),
    ((390, 844), 1.0),
    ((844, 390), 1.0),
    ((1280, 720), 1.0),
    ((720, 1280), 1.0),
    ((3840, 2160), 1.0),
    ((2160, 3840), 1.0),
    ((780, 1688), 2.0),  # a 390×844 phone at two device pixels per CSS pixel
    ((1136, 640), 2.0),
]
SCENES = [OptionsScene, StatsScene]
FRAME_KEYS = {"back", "prev", "next", "tab_game", "tab_table"}


def _id(case: tuple[tuple[int, int], float]) -> str:
    (width, height), scale = case
    return f"{width}x{height}@{scale:g}"


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.init()
    return Fonts()


def make_ctx(
    fonts: Fonts,
    size: tuple[int, int] = (390, 844),
    scale: float = 1.0,
    *,
    backend: MemoryBackend | None = None,
    stats: Stats | None = None,
) -> Context:
    store = Store(backend if backend is not None else MemoryBackend())
    return Context(
        store=store,
        fonts=fonts,
        painter=CardPainter(fonts),
        settings=store.load_settings(),
        stats=stats if stats is not None else Stats(),
        size=size,
        scale=scale,
    )


def tap(scene: PagedScene, key: str) -> object:
    button = scene.button(key)
    assert button is not None, f"no {key!r} button on page {scene.page + 1} at {scene.size}"
    return scene.handle(Tap(button.rect.center))


def pages(scene: PagedScene) -> Iterator[int]:
    """Show each page in turn, by tapping Next, from the first."""
    while scene.page > 0:
        tap(scene, "prev")
    yield 0
    while scene.page < scene.page_count - 1:
        before = scene.page
        tap(scene, "next")
        assert scene.page == before + 1
        yield scene.page


def every_page(scene: PagedScene) -> Iterator[int]:
    """Every page of every tab (Options has two)."""
    tabs = ["tab_game", "tab_table"] if isinstance(scene, OptionsScene) else [None]
    for tab in tabs:
        if tab is not None:
            tap(scene, tab)
        yield from pages(scene)


def draws(scene: PagedScene) -> pygame.Surface:
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return surface


# Layout ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scene_class", SCENES, ids=lambda cls: cls.__name__)
@pytest.mark.parametrize("case", SIZES, ids=_id)
def test_controls_are_big_enough_inside_and_apart(
    fonts: Fonts, scene_class: type[PagedScene], case: tuple[tuple[int, int], float]
) -> None:
    size, scale = case
    scene = scene_class(make_ctx(fonts, size, scale))
    window = pygame.Rect((0, 0), size)
    tap_px = math.ceil(MIN_TAP * scale)
    floor_px = math.ceil(MIN_TEXT * scale)
    for _ in every_page(scene):
        draws(scene)
        rects = [button.rect for button in scene.buttons]
        for button in scene.buttons:
            assert button.rect.width >= tap_px and button.rect.height >= tap_px, button
            assert window.contains(button.rect), button
            assert button.label, button
            # The label fits its button at the smallest text size, wrapped if need be.
            inner = button.rect.inflate(-round(12 * scene.metrics.unit), -round(6 * scene.metrics.unit))
            lines = wrap(fonts, button.label, floor_px, inner.width, bold=True)
            assert all(fonts.size(line, floor_px, bold=True)[0] <= inner.width for line in lines), button
            assert len(lines) * fonts.line_height(floor_px, bold=True) <= button.rect.height, button
        for first, second in itertools.combinations(rects, 2):
            assert not first.colliderect(second), (first, second)
        for rect in rects:
            assert not rect.colliderect(scene.title_rect), rect
        assert window.contains(scene.title_rect)
        title_px = fit_size(fonts, scene.title, scene.title_rect.width, scene.title_px, floor_px, bold=True)
        assert title_px >= floor_px
        assert fonts.size(scene.title, title_px, bold=True)[0] <= scene.title_rect.width
        assert fonts.line_height(title_px, bold=True) <= scene.title_rect.height
        assert window.contains(scene.body)
        # The page's content keeps clear of the title, the note and the controls shown on every page.
        assert not scene.body.colliderect(scene.title_rect)
        assert not scene.body.colliderect(scene.note_rect)
        assert window.contains(scene.note_rect)
        for button in scene.buttons:
            if button.key in FRAME_KEYS:
                assert not button.rect.colliderect(scene.body), button
                assert not button.rect.colliderect(scene.note_rect), button
        assert scene.paged == (scene.button("next") is not None)
        if scene.paged:
            assert window.contains(scene.page_label_rect)
            assert not any(button.rect.colliderect(scene.page_label_rect) for button in scene.buttons)


@pytest.mark.parametrize("case", SIZES, ids=_id)
def test_text_never_goes_below_the_floor(fonts: Fonts, case: tuple[tuple[int, int], float]) -> None:
    size, scale = case
    floor_px = math.ceil(MIN_TEXT * scale)
    options = OptionsScene(make_ctx(fonts, size, scale))
    tap(options, "tab_table")
    howto = HowToScene(make_ctx(fonts, size, scale))
    stats = StatsScene(make_ctx(fonts, size, scale))
    sizes = [
        options.label_px, options.small_px, options.note_px, options.button_px,
        howto.styles.title_px, howto.styles.heading_px, howto.styles.subheading_px, howto.styles.text_px,
        howto.styles.key_px, howto.button_px,
        stats.value_px, stats.label_px, stats.footnote_px, stats.heading_px,
    ]  # fmt: skip
    assert min(sizes) >= floor_px


@pytest.mark.parametrize("case", SIZES, ids=_id)
def test_option_rows_fit_their_page(fonts: Fonts, case: tuple[tuple[int, int], float]) -> None:
    size, scale = case
    scene = OptionsScene(make_ctx(fonts, size, scale))
    for _ in every_page(scene):
        rows = scene.pages[scene.page]
        assert rows
        assert scene.inner_top + sum(row.height for row in rows) <= scene.body.bottom - scene.pad
        tops = dict(
            zip((row.option.key for row in rows), scene.row_tops(scene.pages[scene.page]), strict=True)
        )
        for row in rows:
            for line in row.label_lines:
                assert fonts.size(line, scene.label_px)[0] <= scene.words_width(row)
            for line in row.note_lines:
                assert fonts.size(line, scene.small_px)[0] <= scene.words_width(row)
            # Every choice of the row's control, on the row, inside the body, under or beside the words.
            segments = [scene.button(row.option.segment(index)) for index in range(len(row.option.names))]
            top = tops[row.option.key]
            for segment in segments:
                assert segment is not None
                assert top <= segment.rect.top and segment.rect.bottom <= top + row.height
                assert scene.body.left <= segment.rect.left and segment.rect.right <= scene.body.right
                if not row.stacked:
                    assert segment.rect.left >= scene.inner_left + scene.words_width(row)
            for one, other in itertools.pairwise(segments):
                assert one is not None and other is not None and one.rect.right <= other.rect.left


def test_a_tall_window_shows_every_option_on_one_page(fonts: Fonts) -> None:
    for size in ((390, 844), (1280, 720), (3840, 2160)):
        scene = OptionsScene(make_ctx(fonts, size))
        # A phone's Game page holds eight of its nine rows at the tap size: the last turns the page.
        assert scene.page_count == (2 if size == (390, 844) else 1)
        tap(scene, "tab_table")
        assert scene.page_count == 1
        assert scene.button("prev") is None and scene.button("next") is None


def counting_layouts(scene: PagedScene) -> list[bool]:
    """Each arrangement ``scene`` lays out from now on (whether on the rail), as it does it."""
    laid_out: list[bool] = []
    lay_out = scene._lay_out

    def counted(*, rail: bool) -> bool:
        laid_out.append(rail)
        return lay_out(rail=rail)

    scene._lay_out = counted  # type: ignore[method-assign]
    return laid_out


def test_the_two_tabs_of_options_share_one_arrangement(fonts: Fonts) -> None:
    """Choosing a tab moves nothing but the rows: Back and the tabs stay where they were (the Game tab's
    rows took a rail on the left in a landscape window, the Table tab's did not, and both jumped)."""
    for size in ((1280, 720), (844, 390), (568, 320), (390, 844), (320, 568)):
        scene = OptionsScene(make_ctx(fonts, size))
        places = {key: scene.button(key).rect for key in ("back", "tab_game", "tab_table")}  # type: ignore[union-attr]
        laid_out = counting_layouts(scene)
        tap(scene, "tab_table")
        assert {key: scene.button(key).rect for key in places} == places, size  # type: ignore[union-attr]
        if scene.page_count == 1:
            assert scene.button("prev") is None and scene.button("next") is None
        assert len(laid_out) == 1, (size, laid_out)  # the arrangement chosen once, not again by a tab


def test_every_option_can_be_reached_on_a_small_phone(fonts: Fonts) -> None:
    for size in ((320, 568), (568, 320)):
        scene = OptionsScene(make_ctx(fonts, size))
        seen = set()
        for _ in every_page(scene):
            seen |= {button.key for button in scene.buttons}
        every = {
            option.segment(index)
            for option in GAME_OPTIONS + TABLE_OPTIONS
            for index in range(len(option.values))
        }
        assert every <= seen
        assert {"back", "tab_game", "tab_table"} <= seen


# Options -------------------------------------------------------------------------------------------


def selected(scene: OptionsScene, key: str) -> str:
    """The label of the chosen segment of option ``key``."""
    chosen = [button for button in scene.buttons if button.key.startswith(f"{key}:") and button.selected]
    assert len(chosen) == 1, key
    return chosen[0].label


def test_tapping_a_choice_takes_it_and_saves_it(fonts: Fonts) -> None:
    backend = MemoryBackend()
    ctx = make_ctx(fonts, (390, 844), backend=backend)
    scene = OptionsScene(ctx)
    assert ctx.settings == Settings()
    assert [button.label for button in scene.buttons if button.key.startswith("difficulty:")] == [
        "Easy",
        "Normal",
        "Hard",
    ]
    for index, level in ((2, "hard"), (0, "easy"), (1, "normal")):
        assert tap(scene, f"difficulty:{index}") is None
        assert ctx.settings.difficulty == level
        assert selected(scene, "difficulty") == level.capitalize()
        assert Store(backend).load_settings() == ctx.settings
    tap(scene, "difficulty:1")  # the choice already taken: nothing changes
    assert ctx.settings.difficulty == "normal"

    for key in ("confirm_taps", "reduced_motion", "four_colour"):
        tap(scene, f"{key}:1")
        assert getattr(ctx.settings, key) is True
        assert selected(scene, key) == "On"
        assert getattr(Store(backend).load_settings(), key) is True
    tap(scene, "pace:0")
    assert ctx.settings.pace == "relaxed"
    assert selected(scene, "pace") == "Relaxed"
    assert Store(backend).load_settings() == ctx.settings


def test_the_table_page_sets_the_next_matchs_rules(fonts: Fonts) -> None:
    backend = MemoryBackend()
    ctx = make_ctx(fonts, (1280, 720), backend=backend)
    scene = OptionsScene(ctx)
    assert scene.button("target:0") is None
    tap(scene, "tab_table")
    assert scene.tab == "tab_table"
    assert scene.button("tab_table").selected and not scene.button("tab_game").selected
    assert scene.button("difficulty:0") is None

    targets = []
    for index in (2, 0, 1):
        tap(scene, f"target:{index}")
        targets.append(ctx.settings.table.target)
    assert targets == [150, 50, 100]

    labels = []
    for index in (1, 2, 0):
        tap(scene, f"moon:{index}")
        labels.append(selected(scene, "moon"))
    assert labels == ["Shooter chooses", "Shooter −26", "Others +26"]
    tap(scene, "moon:1")
    assert ctx.settings.table.moon is Moon.SHOOTER_CHOOSES

    for key in ("jack", "ties", "queen_breaks", "first_trick"):
        tap(scene, f"{key}:1")
    table = ctx.settings.table
    assert table.jack_of_diamonds and table.queen_breaks_hearts and table.points_on_first_trick
    assert table.ties is Ties.SHARED_WIN
    assert selected(scene, "ties") == "Shared win"
    assert selected(scene, "first_trick") == "Allowed"
    assert Store(backend).load_settings() == ctx.settings
    # The game's settings are untouched by the table's.
    assert dataclasses.replace(ctx.settings, table=Settings().table) == Settings()


def test_options_show_saved_settings(fonts: Fonts) -> None:
    backend = MemoryBackend()
    saved = Settings(difficulty="easy", pace="quick", four_colour=True)
    saved = dataclasses.replace(
        saved, table=dataclasses.replace(saved.table, target=50, moon=Moon.SUBTRACT_FROM_SHOOTER)
    )
    Store(backend).save_settings(saved)
    scene = OptionsScene(make_ctx(fonts, backend=backend))
    assert selected(scene, "difficulty") == "Easy"
    assert selected(scene, "pace") == "Quick"
    assert selected(scene, "four_colour") == "On"
    assert selected(scene, "confirm_taps") == "Off"
    tap(scene, "tab_table")
    assert selected(scene, "target") == "50"
    assert selected(scene, "moon") == "Shooter −26"
    assert selected(scene, "jack") == "Off"


def test_the_table_page_says_it_is_for_the_next_match(fonts: Fonts) -> None:
    scene = OptionsScene(make_ctx(fonts, (390, 844)), tab="tab_table")
    assert "next match" in " ".join(scene.note_lines)
    assert not OptionsScene(make_ctx(fonts)).note_lines
    difficulty = next(row for row in scene.pages[0] + OptionsScene(make_ctx(fonts)).pages[0]
                      if row.option.key == "difficulty")  # fmt: skip
    assert "next hand" in " ".join(difficulty.note_lines)


def test_a_short_window_pages_through_the_options(fonts: Fonts) -> None:
    backend = MemoryBackend()
    ctx = make_ctx(fonts, (568, 320), backend=backend)
    scene = OptionsScene(ctx, tab="tab_table")
    assert scene.page_count > 1
    # The controls went down a rail on the left, which left room for more rows per page.
    assert scene.rail
    assert all(button.rect.right < scene.body.left for button in scene.buttons if button.key in FRAME_KEYS)
    assert scene.page_count == 3  # six table options and Play friends' address server
    assert not scene.button("prev").enabled and scene.button("next").enabled
    # A disabled button does nothing when tapped.
    assert scene.handle(Tap(scene.button("prev").rect.center)) is None
    assert scene.page == 0
    tap(scene, "next")
    assert scene.page == 1 and scene.button("prev").enabled
    option = scene.pages[1][0].option
    before = ctx.settings
    tap(scene, option.segment((option.current(before) + 1) % len(option.values)))
    assert ctx.settings != before and scene.page == 1
    # Switching tabs starts at the first page.
    tap(scene, "tab_game")
    assert scene.page == 0 and scene.tab == "tab_game"


def test_resizing_keeps_the_tab_and_values(fonts: Fonts) -> None:
    ctx = make_ctx(fonts, (1280, 720))
    scene = OptionsScene(ctx)
    tap(scene, "tab_table")
    tap(scene, "target:2")
    for size in ((320, 568), (568, 320), (3840, 2160)):
        ctx.size = size
        scene.resize(size)
        draws(scene)
        assert scene.tab == "tab_table"
        chosen = {button.key for _ in pages(scene) for button in scene.buttons if button.selected}
        assert "target:2" in chosen


# Statistics ---------------------------------------------------------------------------------------


def _all_text(scene: StatsScene) -> list[str]:
    return [text for _ in pages(scene) for text in scene.page_text]


def test_statistics_count_matches_with_friends_on_their_own_line(fonts: Fonts) -> None:
    backend = MemoryBackend()
    store = Store(backend)
    assert not any("With friends" in text for text in _all_text(StatsScene(make_ctx(fonts, backend=backend))))
    store.record_friends("table-1", won=True)
    store.record_friends("table-2", won=False)
    store.record_friends("table-2", won=False)  # (a match counts once)
    scene = StatsScene(make_ctx(fonts, backend=backend))
    assert "With friends: played 2, won 1" in _all_text(scene)
    assert "With friends: played 2, won 1" in scene.mirror().dialog.lines
    assert store.load_stats().matches_played == 0  # your own matches are not theirs


def test_statistics_show_the_figures(fonts: Fonts) -> None:
    stats = Stats(
        matches_played=4, matches_won=1, hands_played=30, points_taken=190, moons_shot=2, queens_taken=5
    )
    scene = StatsScene(make_ctx(fonts, (390, 844), stats=stats))
    draws(scene)
    tiles = {" ".join(tile.label_lines): tile.value for tile in scene.tiles()}
    assert tiles == {
        "Matches played": "4",
        "Matches won": "1",
        "Win rate": "25%",
        "Average points per hand": "6.3",
        "Moons shot": "2",
        "Q♠ taken": "5",
        "Points lost to costly plays, per hand": "—",  # statistics from before the coach
        "The same, your last match": "—",
    }
    assert "Only finished matches count" in " ".join(_all_text(scene))


def test_a_screen_reader_gets_every_figure_and_note_whichever_page_is_drawn(fonts: Fonts) -> None:
    stats = Stats(
        matches_played=4, matches_won=1, hands_played=30, points_taken=190, moons_shot=2, queens_taken=5
    )
    scene = StatsScene(make_ctx(fonts, (320, 568), stats=stats))
    assert scene.page_count > 1  # the picture needs pages; the mirror reads on
    mirrored = scene.mirror().dialog
    assert mirrored is not None and mirrored.title == "Statistics"
    lines = list(mirrored.lines)
    assert lines[lines.index("Matches.") + 1 : lines.index("Matches.") + 9] == [
        "Matches played: 4",
        "Matches won: 1",
        "Win rate: 25%",
        "Average points per hand: 6.3",
        "Moons shot: 2",
        "Queen of spades taken: 5",
        "Points lost to costly plays, per hand: none yet",
        "The same, your last match: none yet",
    ]
    daily = lines[lines.index("Daily deal.") + 1 :]
    assert daily[:4] == [
        "Days played: 0",
        "Current streak: 0",
        "Best streak: 0",
        "Average against par: none yet",
    ]
    assert any(line.startswith("Only finished matches count") for line in lines)
    assert daily[4].startswith("No daily deals yet")
    assert mirrored.choices[0].label == "Back"


def test_statistics_show_the_points_lost_to_costly_plays(fonts: Fonts) -> None:
    stats = Stats(
        matches_played=4,
        hands_played=30,
        hands_reviewed=28,
        points_lost_tenths=63,
        last_hands_reviewed=7,
        last_points_lost_tenths=9,
    )
    scene = StatsScene(make_ctx(fonts, (390, 844), stats=stats))
    draws(scene)
    tiles = {" ".join(tile.label_lines): tile.value for tile in scene.tiles()}
    assert tiles["Points lost to costly plays, per hand"] == "0.2"  # 6.3 points over 28 hands
    assert tiles["The same, your last match"] == "0.1"  # 0.9 over 7
    assert "Lower is better" in " ".join(_all_text(scene))


def test_statistics_before_the_first_match(fonts: Fonts) -> None:
    scene = StatsScene(make_ctx(fonts, (390, 844)))
    tiles = {" ".join(tile.label_lines): tile.value for tile in scene.tiles()}
    assert tiles["Win rate"] == "—" and tiles["Average points per hand"] == "—"
    assert tiles["Matches played"] == "0"
    text = " ".join(_all_text(scene))
    assert "No finished matches yet" in text and "Only finished matches count" in text


@pytest.mark.parametrize("case", SIZES, ids=_id)
def test_statistics_tiles_fit(fonts: Fonts, case: tuple[tuple[int, int], float]) -> None:
    size, scale = case
    stats = Stats(
        matches_played=1234,
        matches_won=1000,
        hands_played=20000,
        points_taken=-99999,
        hands_reviewed=3,
        points_lost_tenths=99999,
        last_hands_reviewed=1,
        last_points_lost_tenths=99999,
    )
    # Three thousand days, each 1,990 points worse than par: the widest figures the records allow.
    ctx = make_ctx(fonts, size, scale, stats=stats)
    start = datetime.date(2020, 1, 1)
    days = [(start + datetime.timedelta(days=back)).isoformat() for back in range(3000)]
    ctx.store.save_daily(DailyRecords({day: DailyResult(date=day, points=1000, par=-990) for day in days}))
    scene = StatsScene(ctx, today=start + datetime.timedelta(days=3000))
    assert [tile.value for tile in _all_tiles(scene)][-4:] == ["3000", "3000", "3000", "+1990.0"]
    seen = []
    for _ in pages(scene):
        draws(scene)
        tiles = scene.tiles()
        seen += tiles
        for tile in tiles:
            assert scene.body.contains(tile.rect)
            for line in tile.label_lines:
                assert fonts.size(line, scene.label_px)[0] <= tile.rect.width
        for first, second in itertools.combinations(tiles, 2):
            assert not first.rect.colliderect(second.rect)
    assert len(seen) == 12  # eight for matches, four for the daily deal


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (844, 390), (390, 844), (320, 568)])
def test_statistics_pages_are_packed_by_the_room(
    fonts: Fonts, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wide, short window takes the tiles four a row when that saves a page (1280×720 shows all on one
    page, not a second page of two paragraphs); a page ends only where the next block would not fit."""
    from snapshot import context, played_daily

    from hearts.ui.scenes import stats

    ctx = context(size, 1.0)
    played_daily(ctx.store, TODAY)
    scene = StatsScene(ctx, today=TODAY)
    monkeypatch.setattr(stats, "COLUMN_WIDTHS", stats.COLUMN_WIDTHS[:1])  # the comfortable column alone
    narrow = StatsScene(ctx, today=TODAY)
    assert scene.page_count <= narrow.page_count
    if size[0] >= 1280:
        assert scene.page_count == 1
    for page, following in itertools.pairwise(scene.pages):
        used = page[-1].top + page[-1].height
        assert used + scene.gap + following[0].height > scene.body.height


# The daily deal's statistics --------------------------------------------------------------------------

TODAY = datetime.date(2026, 12, 2)


def _all_tiles(scene: StatsScene) -> list[Tile]:
    tiles = []
    for _ in pages(scene):
        draws(scene)
        tiles += scene.tiles()
    return tiles


def daily_tiles(scene: StatsScene) -> dict[str, str]:
    """The daily deal's tiles, found on whichever page they are, by name."""
    named = {" ".join(tile.label_lines): tile.value for tile in _all_tiles(scene)}
    wanted = ("Days played", "Current streak", "Best streak", "Average against par")
    return {name: value for name, value in named.items() if name.startswith(wanted)}


def played(backend: MemoryBackend, *results: tuple[int, int, int | None]) -> None:
    """Daily results told to the store as the table tells them: (days before TODAY, points, par)."""
    store = Store(backend)
    for back, points, par in results:
        day = (TODAY - datetime.timedelta(days=back)).isoformat()
        assert store.record_daily(DailyResult(date=day, points=points, par=par))


def test_statistics_show_the_daily_figures(fonts: Fonts) -> None:
    backend = MemoryBackend()
    # Yesterday and the two days before (today not played yet), a gap, then four days in a row; one
    # day's par never came. Against par: -2, 0, +1, -6, -3, -2 over the six with a par: -2.0.
    played(backend, (1, 3, 5), (2, 4, 4), (3, 8, 7), (5, 0, 6), (6, 2, 5), (7, 9, None), (8, 0, 2))
    scene = StatsScene(make_ctx(fonts, (390, 844), backend=backend), today=TODAY)
    assert daily_tiles(scene) == {
        "Days played": "7",
        "Current streak": "3",  # alive until today ends, though today is unplayed
        "Best streak": "4",
        "Average against par You beat Hard": "-2.0",
    }
    text = " ".join(_all_text(scene))
    assert "Daily deal" in text and "below zero means you took fewer points than Hard" in text
    assert "No daily deals yet" not in text
    # The match figures are still there, as before.
    assert {"Matches played", "Win rate", "Q♠ taken"} <= {" ".join(t.label_lines) for t in _all_tiles(scene)}


def test_a_missed_day_ends_the_current_streak(fonts: Fonts) -> None:
    backend = MemoryBackend()
    played(backend, (2, 3, 5), (3, 8, 7))  # yesterday missed
    scene = StatsScene(make_ctx(fonts, backend=backend), today=TODAY)
    tiles = daily_tiles(scene)
    assert (tiles["Current streak"], tiles["Best streak"]) == ("0", "2")


def test_todays_deal_counts_in_the_streak(fonts: Fonts) -> None:
    backend = MemoryBackend()
    played(backend, (0, 9, 4), (1, 5, 5))
    scene = StatsScene(make_ctx(fonts, backend=backend), today=TODAY)
    assert daily_tiles(scene) == {
        "Days played": "2",
        "Current streak": "2",
        "Best streak": "2",
        "Average against par Hard did better": "+2.5",
    }


@pytest.mark.parametrize(
    ("results", "value", "meaning"),
    [
        (((1, 7, 7),), "0.0", "Level with Hard"),
        (
            ((1, 5, 5), (2, 5, 5), (3, 4, 5), *((back, 5, 5) for back in range(4, 30))),  # -1 over 29
            "0.0",
            "Level with Hard",
        ),
        (((1, 10, 3), (2, 0, 3)), "+2.0", "Hard did better"),
        (((1, 26, None),), "—", ""),
    ],
    ids=["level", "just under zero", "above", "no par yet"],
)
def test_the_average_against_par_says_what_its_sign_means(
    fonts: Fonts, results: tuple[tuple[int, int, int | None], ...], value: str, meaning: str
) -> None:
    backend = MemoryBackend()
    played(backend, *results)
    scene = StatsScene(make_ctx(fonts, backend=backend), today=TODAY)
    (name,) = [name for name in daily_tiles(scene) if name.startswith("Average against par")]
    assert daily_tiles(scene)[name] == value
    assert name == f"Average against par {meaning}".strip()


def test_no_daily_deals_yet(fonts: Fonts) -> None:
    scene = StatsScene(make_ctx(fonts), today=TODAY)
    assert daily_tiles(scene) == {
        "Days played": "0",
        "Current streak": "0",
        "Best streak": "0",
        "Average against par": "—",
    }
    assert "No daily deals yet" in " ".join(_all_text(scene))


def test_the_daily_figures_are_as_of_the_local_date(fonts: Fonts, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = MemoryBackend()
    played(backend, (1, 3, 5), (2, 4, 4))
    monkeypatch.setattr("hearts.daily.today", lambda: TODAY)
    assert daily_tiles(StatsScene(make_ctx(fonts, backend=backend)))["Current streak"] == "2"
    monkeypatch.setattr("hearts.daily.today", lambda: TODAY + datetime.timedelta(days=2))
    assert daily_tiles(StatsScene(make_ctx(fonts, backend=backend)))["Current streak"] == "0"


def test_the_daily_figures_are_read_when_the_screen_opens(fonts: Fonts) -> None:
    backend = MemoryBackend()
    played(backend, (1, 3, 5))
    ctx = make_ctx(fonts, backend=backend)
    scene = StatsScene(ctx, today=TODAY)
    played(backend, (2, 3, 5))
    scene.resize((844, 390))
    assert daily_tiles(scene)["Days played"] == "1"
    assert daily_tiles(StatsScene(ctx, today=TODAY))["Days played"] == "2"


@pytest.mark.parametrize(
    "size", [(320, 568), (390, 844), (844, 390), (1280, 720)], ids=lambda s: "x".join(map(str, s))
)
def test_the_statistics_fit_and_read_at_phone_and_desktop_sizes(fonts: Fonts, size: tuple[int, int]) -> None:
    backend = MemoryBackend()
    played(backend, *((back, 26, 0) for back in range(12)))  # two-digit figures, the widest average
    stats = Stats(matches_played=120, matches_won=45, hands_played=1500, points_taken=9000, moons_shot=3)
    scene = StatsScene(make_ctx(fonts, size, backend=backend, stats=stats), today=TODAY)
    window = pygame.Rect((0, 0), size)
    drawn: list[str] = []
    for _ in pages(scene):
        with recording(size, 1.0) as report:
            draws(scene)
        texts = [item for item in report.items if item["kind"] == "text"]
        assert [(item["text"], item["px"]) for item in texts if item["px"] < 12] == []
        for item in texts:
            x, y, width, height = item["rect"]
            assert window.contains(pygame.Rect(round(x), round(y), round(width), round(height))), item
        for tile in scene.tiles():
            assert scene.body.contains(tile.rect), tile
        drawn += [item["text"] for item in texts]
    # Every daily figure and name is drawn, on one page or another.
    for words in (
        "Daily deal",
        "Days played",
        "Current streak",
        "Best streak",
        "12",
        "+26.0",
        "Hard did better",
    ):
        assert words in drawn, words


# Leaving and the keyboard ---------------------------------------------------------------------------


@pytest.mark.parametrize("scene_class", SCENES, ids=lambda cls: cls.__name__)
def test_back_and_escape_close_the_scene(fonts: Fonts, scene_class: type[PagedScene]) -> None:
    scene = scene_class(make_ctx(fonts))
    assert scene.is_overlay is False
    assert tap(scene, "back") == Pop()
    assert scene.handle(Back()) == Pop()
    assert scene.handle(Hover((5, 5))) is None
    assert scene.handle(Tap((-10, -10))) is None


@pytest.mark.parametrize("scene_class", SCENES, ids=lambda cls: cls.__name__)
def test_the_focus_ring_walks_the_controls(fonts: Fonts, scene_class: type[PagedScene]) -> None:
    scene = scene_class(make_ctx(fonts, (320, 568)))
    enabled = [button.key for button in scene.buttons if button.enabled]
    assert scene.focus_key is None
    # Enter with nothing focused only shows the focus (it does not leave the screen).
    assert scene.handle(Confirm()) is None
    assert scene.focus_key == (enabled[1] if len(enabled) > 1 else "back")
    scene.handle(Jump(False))
    assert scene.focus_key == "back"
    # The four arrows reach every control from Back (a grid of them moves by rows and columns).
    reached, todo = {"back"}, ["back"]
    while todo:
        start = todo.pop()
        for step in (Step(1), Step(-1), Step(1, vertical=True), Step(-1, vertical=True)):
            scene.focus_key = start
            scene.handle(step)
            assert scene.focus_key is not None
            if scene.focus_key not in reached:
                reached.add(scene.focus_key)
                todo.append(scene.focus_key)
    assert reached == set(enabled)
    scene.handle(Jump(True))
    assert scene.focus_key == enabled[-1]
    scene.handle(Jump(False))
    assert scene.handle(Confirm()) == Pop()


def test_confirm_activates_the_focused_option(fonts: Fonts) -> None:
    backend = MemoryBackend()
    ctx = make_ctx(fonts, (390, 844), backend=backend)
    scene = OptionsScene(ctx)
    scene.handle(Step(1))
    assert scene.focus_key == "tab_game"
    scene.handle(Step(1))
    scene.handle(Confirm())
    assert scene.tab == "tab_table" and scene.focus_key == "tab_table"
    scene.handle(Step(1, vertical=True))
    assert scene.focus_key == "target:0"  # the target's first choice, 50, just under the tab
    scene.handle(Step(1))
    scene.handle(Step(1))
    assert scene.focus_key == "target:2"
    scene.handle(Confirm())
    assert ctx.settings.table.target == 150
    assert scene.focus_key == "target:2"
    assert Store(backend).load_settings().table.target == 150
    draws(scene)


def test_keyboard_paging_keeps_the_focus_on_an_enabled_button(fonts: Fonts) -> None:
    scene = OptionsScene(make_ctx(fonts, (568, 320)), tab="tab_table")
    assert scene.page_count == 3
    scene.handle(Jump(True))
    assert scene.focus_key == "next"
    for _ in range(scene.page_count - 1):
        scene.handle(Confirm())
    # Next is disabled on the last page, so the focus moved to Previous ...
    assert scene.page == scene.page_count - 1 and scene.focus_key == "prev"
    for _ in range(scene.page_count - 1):
        scene.handle(Confirm())
    # ... and Previous on the first, so back to Next.
    assert scene.page == 0 and scene.focus_key == "next"
    draws(scene)


def test_a_tap_after_keyboard_use_moves_the_focus_with_it(fonts: Fonts) -> None:
    scene = OptionsScene(make_ctx(fonts))
    scene.handle(Step(1))
    tap(scene, "pace:2")
    assert scene.focus_key == "pace:2"
    fresh = OptionsScene(make_ctx(fonts))
    tap(fresh, "pace:2")
    assert fresh.focus_key is None


def test_the_table_tab_says_a_match_in_progress_keeps_its_own_only_when_there_is_one() -> None:
    from hearts.ui.options_list import KEPT_NOTE, TABLE_NOTE

    from .driver import Driver

    driver = Driver((390, 844))
    driver.click(driver.button_spot("options"))
    options = driver.scene
    assert isinstance(options, OptionsScene)
    tap(options, "tab_table")
    assert options._note() == TABLE_NOTE  # (no match yet: nothing keeps its own)
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.button_spot("new"))
    driver.settle()
    driver.key(pygame.K_ESCAPE)  # the match's menu
    pause = driver.scene
    driver.click(next(button for button in pause.buttons if button.key == "options").rect.center)  # type: ignore[attr-defined]
    options = driver.scene
    assert isinstance(options, OptionsScene)
    tap(options, "tab_table")
    assert options._note() == f"{TABLE_NOTE} {KEPT_NOTE}"
