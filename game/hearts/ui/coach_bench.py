"""``python -m hearts.ui.coach_bench``: is the coach's review ready when the hand's result shows?

The real app (SDL's dummy drivers, the clock stepped by hand 1/60 s a frame) plays hands at Normal pace
against Normal bots, seeded so a run repeats. You follow the hint through real taps, as a quick player
would: once the table has shown every move and waits for you, ``--card-seconds`` to play a card and
``--pass-seconds`` to choose a pass; a hand's result is read for ``--result-seconds``. The coach works
as in the game, ``COACH_SLICE`` in each frame that draws nothing, so what it gets done by a hand's
result is what it would get done at 60 frames a second (as long as a frame takes under 16 ms). On a
busy machine a slice of wall-clock time holds less work; ``--processor-clock`` measures the slices in
processor time instead, which stands for a machine that gives the game a core of its own.

Per hand: whether the review was ready when the result appeared, how many of your decisions were
judged by then, and the processor seconds the coach spent on the hand (the whole review).

    PYTHONPATH=game python -m hearts.ui.coach_bench --hands 20 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for the figures

import pygame

from ..bots.hints import suggest_pass, suggest_play
from ..engine import Phase
from ..storage import MemoryBackend, Store
from .app import App
from .router import scene_for
from .routes import NewMatch
from .scenes.dialog import Dialog
from .scenes.table import TableScene
from .session import Session

FRAME = 1 / 60
CARD_SECONDS = 1.0
"""A quick player: a second to play a card once the table waits for it."""
PASS_SECONDS = 3.0
"""Three cards chosen and passed in three seconds."""
RESULT_SECONDS = 1.5
"""A glance at the hand's result before "Next hand"."""
MAX_FRAMES_PER_HAND = 60 * 600


@dataclass(frozen=True, slots=True)
class HandTimed:
    """One hand as the bench saw it."""

    match_seed: int
    hand: int
    ready: bool
    """The review was complete when the hand's result appeared."""
    judged: int
    """Your decisions judged by then, of ``decisions``."""
    decisions: int
    coach_cpu_s: float
    """Processor seconds the coach spent judging this hand's decisions, all told."""
    hand_seconds: float
    """Game seconds from the deal to the result."""
    idle_frames: int
    """Frames that drew nothing in that time: the coach's, ``COACH_SLICE`` each."""


def _tap(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def _taps_for_your_turn(scene: TableScene) -> list[pygame.event.Event]:
    """The hint's choice, tapped: three cards then the pass button, or one card."""
    view = scene.session.view
    cards = scene.hand_cards()
    hand = scene.layout.hand
    if view.phase is Phase.PASS:
        taps = []
        raised: set[int] = set()
        for card in suggest_pass(view):
            index = cards.index(card)
            taps.append(_tap(hand.visible_part(len(cards), index, frozenset(raised)).center))
            raised.add(index)
        return [*taps, _tap(scene.layout.action.center)]
    index = cards.index(suggest_play(view))
    return [_tap(hand.visible_part(len(cards), index).center)]


class Player:
    """The app, and you at it following the hint at a steady pace."""

    def __init__(
        self,
        seed: int,
        size: tuple[int, int],
        card_seconds: float,
        pass_seconds: float,
        result_seconds: float,
        processor_clock: bool = False,
    ) -> None:
        self.app = App(size, store=Store(MemoryBackend()), resizable=False)
        self.processor_clock = processor_clock
        if processor_clock:
            self.app.coach_clock = time.process_time  # the app measures the coach's slices
        self.seed = seed - 1
        self.card_seconds, self.pass_seconds, self.result_seconds = card_seconds, pass_seconds, result_seconds
        self.sessions: list[Session] = []
        self._new_match()

    def _new_match(self) -> None:
        self.seed += 1
        ctx = self.app.ctx
        self.app.stack = [scene_for(NewMatch(self.seed), ctx)]
        assert ctx.session is not None  # (the new match is the match in progress)
        self.sessions.append(ctx.session)

    @property
    def session(self) -> Session:
        return self.sessions[-1]

    def next_hand(self) -> HandTimed:
        """Play on to the next hand's result; how the coach stood then."""
        app = self.app
        waited = 0.0
        start = app.clock
        idle = 0
        for _ in range(MAX_FRAMES_PER_HAND):
            scene = app.scene
            events: list[pygame.event.Event] = []
            if isinstance(scene, Dialog) and scene.name == "hand_result":
                return self._result(app.clock - start, idle)
            if isinstance(scene, Dialog) and scene.name == "match_result":
                self._new_match()
                continue
            if isinstance(scene, Dialog):
                events = [_tap(scene.buttons[0].rect.center)]  # the moon choice, say: its first answer
            elif isinstance(scene, TableScene) and not scene.motion.is_busy and scene.session.is_human_turn:
                needed = self.pass_seconds if scene.session.phase is Phase.PASS else self.card_seconds
                if waited >= needed:
                    events, waited = _taps_for_your_turn(scene), 0.0
                else:
                    waited += FRAME
            idle += not app.frame(FRAME, events)
        raise RuntimeError("no hand result in ten minutes of play")

    def _result(self, hand_seconds: float, idle_frames: int) -> HandTimed:
        session = self.session
        coaching = session.coaching
        hand = session.match.results[-1].hand_number
        judged, decisions = coaching.progress(hand)
        ready = coaching.review_of(hand) is not None
        dialog = self.app.scene
        assert isinstance(dialog, Dialog)
        # Read the result, then on ("Next hand", or "See the result" at a match's end): the coach
        # goes on working meanwhile, as it would.
        for _ in range(round(self.result_seconds / FRAME)):
            self.app.frame(FRAME, [])
        if session.match.is_over:
            while coaching.advance(0.05):  # the match's last review, finished for its figure
                pass
        self.app.frame(FRAME, [_tap(dialog.buttons[0].rect.center)])
        return HandTimed(
            session.seed, hand, ready, judged, decisions, 0.0, round(hand_seconds, 1), idle_frames
        )

    def coach_cpu(self, timed: HandTimed) -> float:
        session = next(each for each in self.sessions if each.seed == timed.match_seed)
        return session.coaching.cpu.get(timed.hand, 0.0)

    def finish(self) -> None:
        """Let the coach finish the hand in play's predecessor (its time counts in its figure)."""
        while self.session.coaching.advance(0.05):
            pass


def run(
    hands: int,
    seed: int = 1,
    size: tuple[int, int] = (390, 844),
    card_seconds: float = CARD_SECONDS,
    pass_seconds: float = PASS_SECONDS,
    result_seconds: float = RESULT_SECONDS,
    processor_clock: bool = False,
) -> list[HandTimed]:
    """``hands`` hands played through the app, each as the bench saw it (``processor_clock``: the
    coach's slices measured in processor time, as if the game had a core to itself)."""
    player = Player(seed, size, card_seconds, pass_seconds, result_seconds, processor_clock)
    timed = [player.next_hand() for _ in range(hands)]
    player.finish()
    return [HandTimed(**{**asdict(each), "coach_cpu_s": round(player.coach_cpu(each), 3)}) for each in timed]


def summary(timed: Sequence[HandTimed]) -> dict[str, Any]:
    cpu = [each.coach_cpu_s for each in timed]
    return {
        "ready": sum(each.ready for each in timed),
        "hands": len(timed),
        "coach_cpu_s_median": round(statistics.median(cpu), 2),
        "coach_cpu_s_mean": round(statistics.fmean(cpu), 2),
        "coach_cpu_s_max": round(max(cpu), 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.ui.coach_bench",
        description="Play hands through the app; is the coach's review ready at each result?",
    )
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed (the next match: +1)")
    parser.add_argument("--size", default="390x844")
    parser.add_argument("--card-seconds", type=float, default=CARD_SECONDS)
    parser.add_argument("--pass-seconds", type=float, default=PASS_SECONDS)
    parser.add_argument("--result-seconds", type=float, default=RESULT_SECONDS)
    parser.add_argument(
        "--processor-clock",
        action="store_true",
        help="measure the coach's slices in processor time: a busy machine then counts as a quiet one",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    load_before = os.getloadavg()[0]
    timed = run(
        args.hands,
        args.seed,
        (int(width), int(height)),
        args.card_seconds,
        args.pass_seconds,
        args.result_seconds,
        args.processor_clock,
    )
    result = {
        **summary(timed),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "card_seconds": args.card_seconds,
        "pass_seconds": args.pass_seconds,
        "processor_clock": args.processor_clock,
        "per_hand": [asdict(each) for each in timed],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for each in timed:
            mark = "ready" if each.ready else f"{each.judged}/{each.decisions}"
            print(
                f"match {each.match_seed} hand {each.hand:2}: {mark:6} coach {each.coach_cpu_s:.2f} s, "
                f"{each.idle_frames} idle frames in {each.hand_seconds} s"
            )
        print(f"ready at the result in {result['ready']} of {result['hands']} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
