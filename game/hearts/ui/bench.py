"""``python -m hearts.bench ui``: how long the table takes per frame, and how often it redraws idle.

The real app plays real matches at normal pace (the hint plays for you, through real tap events) with a
clock stepped 1/60 s per frame, so the figures are the work per frame, not the wait for the display.
The coach judges your decisions in the frames that draw nothing, as in the game; with
``HEARTS_BENCH_COACH=0`` in the environment it does not, to see what it costs. Each drawn frame builds
the page's mirror of the table for a screen reader, as in the browser.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Generator, Mapping
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from ..bots import Bot
from ..bots.base import view_key
from ..bots.hints import suggest_pass, suggest_play
from ..engine import Card, CardSet, Match, Pass, Phase, Play, PlayerMove, PlayerView, Rules
from ..storage import MemoryBackend, SavedMatch, Settings, Store
from .app import App
from .scenes.dialog import Dialog
from .scenes.table import TableScene
from .session import BOT_SEATS, HUMAN, Session

FRAME = 1 / 60


def tap_event(pos: tuple[int, int]) -> pygame.event.Event:
    """A mouse press at ``pos`` (the app takes it as a tap)."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def player_taps(app: App) -> list[pygame.event.Event]:
    """The taps a player following the hint makes now (none while the table is busy)."""
    scene = app.scene
    if isinstance(scene, Dialog):
        return [tap_event(scene.buttons[0].rect.center)]
    if not isinstance(scene, TableScene) or scene.motion.is_busy or not scene.session.is_human_turn:
        return []
    view = scene.session.view
    cards = scene.hand_cards()
    hand = scene.layout.hand
    if view.phase is Phase.PASS:
        chosen = suggest_pass(view)
        taps = []
        raised: set[int] = set()
        for card in chosen:
            index = cards.index(card)
            taps.append(tap_event(hand.visible_part(len(cards), index, frozenset(raised)).center))
            raised.add(index)
        return [*taps, tap_event(scene.layout.action.center)]
    if view.phase is Phase.PLAY:
        index = cards.index(suggest_play(view))
        return [tap_event(hand.visible_part(len(cards), index).center)]
    return []


def coach_is_on() -> bool:
    """Whether the coach works during the benchmark (``HEARTS_BENCH_COACH=0`` turns it off)."""
    return os.environ.get("HEARTS_BENCH_COACH", "1").strip() not in ("0", "off", "no")


def new_app(size: tuple[int, int]) -> App:
    """The bench's app: a window of ``size`` over a store in memory, a match started by a tap on New match,
    the mirror built as in the browser, and the coach at work unless ``HEARTS_BENCH_COACH`` says not."""
    backend = MemoryBackend()
    Store(backend).save_settings(Settings())
    app = App(size, store=Store(backend), resizable=False)
    app.mirroring = True  # the screen reader's mirror is built every drawn frame, as in the browser
    if not coach_is_on():
        app.coach_slice = 0.0
    app.frame(FRAME)
    for button in getattr(app.scene, "buttons", []):
        if button.key == "new":
            app.frame(FRAME, [tap_event(button.rect.center)])
    assert isinstance(app.scene, TableScene)
    return app


def frame_times(size: tuple[int, int], frames: int) -> tuple[list[float], list[float]]:
    """Milliseconds per frame over ``frames`` frames of play (bots, animations and your taps): every
    frame, and the frames that redrew."""
    app = new_app(size)
    times = []
    drawn = []
    for _ in range(frames):
        events = player_taps(app)
        start = time.perf_counter()
        did_draw = app.frame(FRAME, events)
        spent = (time.perf_counter() - start) * 1000
        times.append(spent)
        if did_draw:
            drawn.append(spent)
    return times, drawn


def idle_redraws(size: tuple[int, int], seconds: float) -> float:
    """Redraws per second while the table waits for you and nothing moves."""
    app = new_app(size)
    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, TableScene) and not scene.is_animating and scene.session.is_human_turn:
            break
        app.frame(FRAME, [])
    drawn = app.frames_drawn
    frames = round(seconds / FRAME)
    for _ in range(frames):
        app.frame(FRAME, [])
    return (app.frames_drawn - drawn) / seconds


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)], 3),
        "max_ms": round(ordered[-1], 3),
        "frames": len(ordered),
    }


def bench_ui(frames: int = 1800, idle_seconds: float = 10.0) -> dict[str, Any]:
    result: dict[str, Any] = {"coach": coach_is_on()}
    for size in ((390, 844), (1920, 1080)):
        every, drawn = frame_times(size, frames)
        result[f"{size[0]}x{size[1]}"] = {**_summary(every), "drawn": _summary(drawn)}
    result["idle_redraws_per_s"] = round(idle_redraws((390, 844), idle_seconds), 3)
    return result


# The pace: from your card to your next turn ------------------------------------------------------------

SLOWED = 2.5
"""How much slower a bot thinks in the browser than natively (WebAssembly; the coach and par measured
2.2–2.5 times): the ``slowed`` figures give thinking and every frame's work that much more time."""
PACE_SIZE = (390, 844)


def cpu_clock(slow: float) -> Callable[[], float]:
    """This thread's processor time, ``slow`` times over. The pace bench measures the table's budgets
    (the bots' thinking in a frame, the coach's slice, each frame's length) by it rather than the wall
    clock: on a shared 2-core machine the wall clock measures the other sessions, while processor time
    is the work this table does; and a bot ``slow`` times slower gets through a ``slow``-th of the work
    in the same budget, as in the browser."""
    return lambda: time.thread_time() * slow


def _your_card_flies(table: TableScene) -> bool:
    """Whether the card you played is still on its way to the trick (its step ends as it lands)."""
    return any(step.kind == "play" and step.base.to_move is HUMAN for step in table.motion.steps)


def _your_turn_shows(table: TableScene) -> bool:
    """Whether the table tells you it is your turn to play: your input counts and the cards on the table
    (the last card landed) show it."""
    shown = table.shown_hand().view
    return table.snapshot().turn_to_play and shown.phase is Phase.PLAY and shown.to_move is HUMAN


class AtOnce(Bot):
    """Answers at once with the move a real bot made from the same view: the same game as that bot's,
    with no thinking to wait for (what the table's pace alone gives that game)."""

    level = "at once"

    def __init__(self, moves: Mapping[str, PlayerMove]) -> None:
        super().__init__()
        self.moves = moves

    def think_pass(self, view: PlayerView, rng: random.Random) -> Generator[None, None, CardSet]:
        yield from ()
        move = self.moves[view_key(view)]
        assert isinstance(move, Pass)
        return move.cards

    def think_play(self, view: PlayerView, rng: random.Random) -> Generator[None, None, Card]:
        yield from ()
        move = self.moves[view_key(view)]
        assert isinstance(move, Play)
        return move.card


def bots_moves(match: Match) -> dict[str, PlayerMove]:
    """Each move the bots made in ``match``, by the view (``view_key``) it was made from."""
    replay = Match(match.rules)
    moves: dict[str, PlayerMove] = {}
    for move in match.moves:
        seat = getattr(move, "seat", HUMAN)
        if seat is not HUMAN and isinstance(move, Pass | Play):
            moves[view_key(replay.view_for(seat))] = move
        replay.apply(move)
    return moves


def pace_samples(
    level: str, slow: float, hands: int, seed: int, cards: int | None = None, at_once: Bot | None = None
) -> tuple[list[float], Match, list[float]]:
    """Seconds from your card landing to your next turn in the same hand, for each of your cards in
    ``hands`` hands of match ``seed`` (or the first ``cards`` of them) against three ``level`` bots at
    Normal pace (the hint playing for you once the table waits for you), on a 60 Hz frame clock; and
    the match as played, and every frame's work in milliseconds (on that clock). ``at_once`` plays the
    bots' seats instead, if given.

    The app is the real one; each frame lasts 1/60 s, or longer when its work (measured by
    ``cpu_clock(slow)``) overruns that, as a browser's frame would."""
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(Settings(difficulty=level, play_last_card=False, finish_when_settled=False))
    store.save_match(SavedMatch(Match(Rules()), seed, level))
    app = App(PACE_SIZE, store=Store(backend), resizable=False)
    clock = cpu_clock(slow)
    app.coach_clock = clock
    if not coach_is_on():
        app.coach_slice = 0.0
    table = app.scene
    assert isinstance(table, TableScene), table
    session = table.session
    assert isinstance(session, Session), session
    table.stage.clock = clock
    if at_once is not None:
        session._bots.update(dict.fromkeys(BOT_SEATS, at_once))
    samples: list[float] = []
    work: list[float] = []
    now = 0.0
    dt = FRAME
    landed: tuple[float, int] | None = None  # when your card landed, in which hand
    flying = False
    match = session.match
    while match.hand_number <= hands and not match.is_over and (cards is None or len(samples) < cards):
        events = player_taps(app)
        started = clock()
        app.frame(dt, events)
        work.append((clock() - started) * 1000)
        dt = min(0.1, max(FRAME, work[-1] / 1000))  # the next frame comes once this one is done
        now += dt
        if events and app.scene is table and _your_card_flies(table):
            flying = True
        if flying and not _your_card_flies(table):
            flying, landed = False, (now, match.hand_number)
        if landed is not None and app.scene is table and _your_turn_shows(table):
            if landed[1] == match.hand_number:
                samples.append(now - landed[0])
            landed = None
    return samples, match, work


def bench_pace(hands: int = 4, seed: int = 1, cards: int | None = None) -> dict[str, dict[str, list[float]]]:
    """Your card landing to your next turn, every sample, by bot level (Normal and Hard): natively and
    with thinking ``SLOWED`` times slower; under ``at_once``, Hard's game with its moves made at once
    (the same in both: a bot's choice does not depend on its time), to tell the table's waiting for
    Hard's thinking from the difference its play makes to who leads when; under ``frame_ms``, each
    frame's work in the Hard runs."""
    result: dict[str, dict[str, list[float]]] = {"frame_ms": {}}
    for name, slow in (("native", 1.0), ("slowed", SLOWED)):
        result[name] = {"normal": pace_samples("normal", slow, hands, seed, cards)[0]}
        result[name]["hard"], hard_game, result["frame_ms"][name] = pace_samples(
            "hard", slow, hands, seed, cards
        )
    at_once = AtOnce(bots_moves(hard_game))
    result["at_once"] = {"hard": pace_samples("hard", 1.0, hands, seed, cards, at_once)[0]}
    return result
