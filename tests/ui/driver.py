"""Drive the real app with real pygame events, and a clock stepped by hand."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Card, Phase
from hearts.live import LiveTable
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui.app import App
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.table import TableScene
from hearts.ui.sound import Sound

FRAME = 1 / 30


class Driver:
    def __init__(
        self,
        size: tuple[int, int],
        *,
        backend: MemoryBackend | None = None,
        settings: Settings | None = None,
        scale: float = 1.0,
        sound: Sound | None = None,
        coach: bool = False,
        challenge: str | None = None,
        live: LiveTable | None = None,
    ) -> None:
        """``coach``: let the coach judge the player's decisions as the app does (it costs a few
        milliseconds a frame, so only the tests of the hand review ask for it)."""
        self.backend = backend if backend is not None else MemoryBackend()
        if settings is not None:
            Store(self.backend).save_settings(settings)
        self.app = App(
            size, store=Store(self.backend), scale=scale, sound=sound, challenge=challenge, live=live
        )
        if not coach:
            self.app.coach_slice = 0.0
        else:  # processor time, so a machine busy with other work still leaves the coach its slices
            self.app.coach_clock = time.process_time
        self.frames = 0
        self.step()

    # Events ----------------------------------------------------------------------------------

    def step(self, dt: float = FRAME) -> bool:
        self.frames += 1
        return self.app.frame(dt)

    def post(self, *events: pygame.event.Event, dt: float = FRAME) -> None:
        pygame.event.clear()
        for event in events:
            pygame.event.post(event)
        self.step(dt)

    def click(self, pos: tuple[int, int]) -> None:
        self.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
        )

    def touch(self, pos: tuple[int, int]) -> None:
        """A finger tap, with the mouse events SDL makes up for it (which must not count again)."""
        width, height = self.app.screen.get_size()
        x, y = pos[0] / width, pos[1] / height
        self.post(
            pygame.event.Event(
                pygame.FINGERDOWN, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1, pressure=1.0
            ),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True),
            pygame.event.Event(
                pygame.FINGERUP, x=x, y=y, dx=0.0, dy=0.0, finger_id=0, touch_id=1, pressure=0.0
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True),
        )

    def key(self, key: int) -> None:
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))

    def resize(self, size: tuple[int, int]) -> None:
        self.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))

    # Looking at the app ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.app.scene

    @property
    def table(self) -> TableScene:
        for scene in reversed(self.app.stack):
            if isinstance(scene, TableScene):
                return scene
        raise AssertionError(f"no table in {self.app.stack}")

    def is_waiting_for_player(self) -> bool:
        """Nothing moves and the app waits for the human (a dialog, or the human's turn)."""
        scene = self.scene
        if isinstance(scene, Dialog):
            return True
        if isinstance(scene, TableScene):
            session = scene.session
            return not scene.motion.is_busy and not scene.stage.after_motion and session.is_human_turn
        return True

    def settle(self, limit: float = 120.0, dt: float = FRAME) -> None:
        """Let time pass until the app waits for the player."""
        spent = 0.0
        while not self.is_waiting_for_player():
            self.step(dt)
            spent += dt
            if spent > limit:
                raise AssertionError(f"the app kept going for {limit} s without waiting for the player")

    def hand_is_seen(self) -> bool:
        """Whether the hand as it lies now has been on screen long enough to be aimed at (a tap sooner
        is taken as aimed at the hand as it lay before: ``hearts.ui.hand_sight``)."""
        table = self.table
        return table.sight.sees(tuple(table.shown_hand().rects()))

    def see_hand(self, limit: float = 5.0) -> None:
        """Let time pass until the hand as it lies has been seen (as a player's eye takes in cards that
        moved before tapping one)."""
        spent = 0.0
        while not self.hand_is_seen():
            self.step()
            spent += FRAME
            if spent > limit:
                raise AssertionError(f"the hand was not seen as it lies within {limit} s")

    def card_spot(self, card: Card) -> tuple[int, int]:
        """The middle of the part of ``card`` that shows: where a finger would tap it, once the hand as
        it lies has been seen."""
        self.see_hand()
        table = self.table
        hand = table.shown_hand()
        cards = hand.cards()
        index = cards.index(card)
        raised = hand.raised_indexes(cards)
        return table.layout.hand.visible_part(len(cards), index, raised).center

    def button_spot(self, key: str) -> tuple[int, int]:
        scene = self.scene
        buttons = scene.snapshot().buttons if isinstance(scene, TableScene) else getattr(scene, "buttons", [])
        for button in buttons:
            if button.key == key:
                return button.rect.center
        raise AssertionError(f"no button {key!r} on {type(scene).__name__}: {[b.key for b in buttons]}")

    # Playing --------------------------------------------------------------------------------------

    def move_by_taps(self) -> bool:
        """Your move at the table by taps, quickly chosen: the three lowest cards passed, else the first
        card you may play; whether it was a card played."""
        view = self.table.session.view
        if view.phase is Phase.PASS:
            for card in sorted(view.hand)[:3]:
                self.click(self.card_spot(card))
            self.click(self.button_spot("action"))
            return False
        self.click(self.card_spot(next(iter(view.legal))))
        return True

    def play_match_by_taps(
        self,
        tap: Callable[[tuple[int, int]], None],
        *,
        confirm_taps: bool = False,
        hands: int | None = None,
        think: float = 0.0,
    ) -> int:
        """Play on with the hint's choices, tapping like a player, until the match is over (or
        ``hands`` hands are done), ``think`` seconds before each move. Returns the number of cards
        the human played."""
        played = 0
        for _ in range(20000):
            self.settle()
            for _ in range(round(think / FRAME)):
                self.step()
            scene = self.scene
            if isinstance(scene, Dialog):
                if scene.name == "match_result":
                    return played
                if scene.name == "hand_result" and hands is not None:
                    hands -= 1
                    if hands == 0:
                        return played
                tap(scene.buttons[0].rect.center)
                continue
            table = self.table
            view = table.session.view
            if view.phase is Phase.PASS:
                for card in suggest_pass(view):
                    tap(self.card_spot(card))
                tap(self.button_spot("action"))
            elif view.phase is Phase.PLAY:
                card = suggest_play(view)
                tap(self.card_spot(card))
                if confirm_taps:
                    assert table.state.raised == card, "the first tap should only raise the card"
                    tap(self.button_spot("action"))
                played += 1
            else:
                raise AssertionError(f"unexpected phase {view.phase}")
        raise AssertionError("the match did not end")
