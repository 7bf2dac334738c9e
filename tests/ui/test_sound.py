"""Sound: every effect through ``Sound.play``, which stays silent without error (no device, sound off, a
missing file, a browser before the first gesture); the table's events heard as they are shown; the Sound
option and the table's mute button and key, saved through a reload."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from hearts.bots.hints import suggest_pass, suggest_play
from hearts.engine import Phase, Rules
from hearts.storage import MemoryBackend, Settings, Store
from hearts.ui import sound as sound_module
from hearts.ui.assets import asset_path
from hearts.ui.intents import Mute, intent_of
from hearts.ui.motion import Motion, step
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.options import OptionsScene
from hearts.ui.session import HUMAN
from hearts.ui.sound import REPEAT, SOUNDS, Sound, is_gesture
from hearts.ui.table_pace import HOLD_TIME, PACE

from .driver import FRAME, Driver
from .test_app import QUICK, start_match

GAME = Path(__file__).resolve().parents[2] / "game"


class Recorder:
    """A backend that keeps what it was asked to do (and when, in game time), or fails on request."""

    def __init__(self, *, refuse: bool = False, missing: tuple[str, ...] = ()) -> None:
        self.refuse = refuse
        self.missing = missing
        self.opened = 0
        self.prepared = 0
        self.played: list[tuple[str, float]] = []
        self.loaded: list[str] = []
        self.sound: Sound | None = None

    def prepare(self) -> None:
        self.prepared += 1

    def open(self) -> None:
        self.opened += 1
        if self.refuse:
            raise pygame.error("no audio device")

    def load(self, name: str) -> object:
        self.loaded.append(name)
        if name in self.missing:
            raise FileNotFoundError(f"sounds/{name}.ogg")
        return name

    def play(self, clip: object) -> None:
        assert isinstance(clip, str) and self.sound is not None
        self.played.append((clip, self.sound.now))

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.played]


def recorded(**options: object) -> tuple[Sound, Recorder]:
    recorder = Recorder()
    sound = Sound(recorder, needs_gesture=False, **options)  # type: ignore[arg-type]
    recorder.sound = sound
    return sound, recorder


# The one place ------------------------------------------------------------------------------------------


def test_only_the_sound_module_touches_the_mixer() -> None:
    touching = sorted(
        str(path.relative_to(GAME))
        for path in GAME.rglob("*.py")
        if re.search(r"\.mixer\b|import mixer", path.read_text(encoding="utf-8"))
    )
    assert touching == ["hearts/ui/sound.py"]


def test_every_effect_is_a_small_ogg_vorbis_file() -> None:
    total = 0
    for name in SOUNDS:
        data = asset_path("sounds", f"{name}.ogg").read_bytes()
        assert data[:4] == b"OggS" and data[28:35] == b"\x01vorbis", name
        total += len(data)
    assert total < 60 * 1024


def test_the_real_mixer_plays_every_effect_under_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sound = Sound(needs_gesture=False)
    try:
        for name in SOUNDS:
            assert sound.play(name), name
            sound.advance(1.0)
        assert sound.is_open and sound.failure is None
    finally:
        pygame.mixer.quit()


def test_a_mixer_that_will_not_open_leaves_the_game_silent_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        calls.append(args)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sound = Sound(needs_gesture=False)
    for name in SOUNDS * 3:
        assert sound.play(name) is False
        sound.advance(1.0)
    assert len(calls) == 1  # tried once, then silent for good
    assert sound.failure is not None and "No available audio device" in sound.failure
    told = capsys.readouterr().err
    assert told.count("Sound is off") == 1


def test_a_pygame_without_a_mixer_is_silent_too(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(*args: object, **kwargs: object) -> None:
        raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame.mixer, "init", missing)
    sound = Sound(needs_gesture=False)
    assert sound.play("card") is False and sound.failure is not None


def test_sound_off_never_opens_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: calls.append(args))
    sound = Sound(enabled=False, needs_gesture=False)
    assert not any(sound.play(name) for name in SOUNDS)
    assert calls == [] and not sound.is_open


def test_a_missing_file_silences_that_sound_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    real = sound_module.asset_path

    def without_trick(*parts: str) -> Path:
        if parts == ("sounds", "trick.ogg"):
            raise FileNotFoundError("asset 'sounds/trick.ogg' not found")
        return real(*parts)

    monkeypatch.setattr(sound_module, "asset_path", without_trick)
    sound = Sound(needs_gesture=False)
    try:
        assert sound.play("trick") is False
        assert sound.play("card") is True
        sound.advance(1.0)
        assert sound.play("trick") is False and sound.play("card") is True
        assert sound.failure is None
    finally:
        pygame.mixer.quit()


def test_a_backend_that_fails_while_playing_goes_silent() -> None:
    sound, recorder = recorded()

    def broken(clip: object) -> None:
        raise RuntimeError("the audio context was closed")

    recorder.play = broken  # type: ignore[method-assign]
    assert sound.play("card") is False
    assert sound.failure is not None and not sound.can_play


def test_the_same_sound_is_not_started_twice_within_a_moment() -> None:
    sound, recorder = recorded()
    assert sound.play("card") and not sound.play("card")
    assert sound.play("trick")  # another sound may start at once
    sound.advance(REPEAT)
    assert sound.play("card")
    assert recorder.names == ["card", "trick", "card"]


# The browser's first gesture -------------------------------------------------------------------------


def test_in_the_browser_nothing_opens_before_the_first_gesture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    recorder = Recorder()
    sound = Sound(recorder)
    recorder.sound = sound
    assert sound.needs_gesture
    assert sound.play("card") is False and recorder.opened == 0
    sound.heard_gesture()
    assert sound.play("card") is True and recorder.names == ["card"]


def test_once_sound_may_play_the_mixer_opens_and_the_effects_load_a_step_at_a_time() -> None:
    """For frames that draw nothing (``App``'s idle work): the mixer, then one effect per step, so that
    no first play opens or decodes anything in a frame that draws."""
    recorder = Recorder(missing=("queen",))
    sound = Sound(recorder, needs_gesture=True)
    recorder.sound = sound
    assert sound.ready_ahead() is None  # before the gesture: nothing may open
    sound.heard_gesture()
    steps = 0
    while (work := sound.ready_ahead()) is not None:
        more = work(0.0)
        steps += 1
        assert recorder.opened == 1 and len(recorder.loaded) == steps - 1  # one thing a step
        assert more is (sound.ready_ahead() is not None)
    assert steps == 1 + len(SOUNDS)
    assert recorder.loaded == list(SOUNDS)  # the missing file tried once, and told
    assert sound.play("card") and sound.play("pass") and not sound.play("queen")
    assert recorder.loaded == list(SOUNDS) and recorder.names == ["card", "pass"]  # nothing loaded again
    # Off, or with no device, there is nothing to make ready.
    assert Sound(Recorder(), enabled=False, needs_gesture=False).ready_ahead() is None
    refused = Sound(Recorder(refuse=True), needs_gesture=False)
    work = refused.ready_ahead()
    assert work is not None and work(0.0) is False and refused.failure is not None
    assert refused.ready_ahead() is None


def test_the_sounds_are_ready_before_your_pass_and_its_frame_loads_none() -> None:
    """In a browser: your tap on New match is the gesture; while you choose your pass, frames that draw
    nothing open the mixer and load every effect; pressing Pass then only plays its sound."""
    recorder = Recorder()
    sound = Sound(recorder, needs_gesture=True)
    recorder.sound = sound
    driver = Driver((390, 844), settings=QUICK, sound=sound, coach=True)  # (frames' spare time, as played)
    assert recorder.opened == 0
    start_match(driver)
    driver.settle()
    for _ in range(300):  # you think about your pass
        driver.step()
        if sound.ready_ahead() is None:
            break
    assert recorder.opened == 1 and recorder.loaded == list(SOUNDS)
    driver.move_by_taps()
    driver.settle()
    assert "pass" in recorder.names and recorder.loaded == list(SOUNDS)


def test_natively_sound_needs_no_gesture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert not Sound(Recorder()).needs_gesture


def test_what_counts_as_a_gesture() -> None:
    def event(kind: int, **fields: object) -> pygame.event.Event:
        return pygame.event.Event(kind, **fields)

    finger = {"x": 0.5, "y": 0.5, "dx": 0.0, "dy": 0.0, "finger_id": 0, "touch_id": 1}
    assert is_gesture(event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=False))
    assert is_gesture(event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1, touch=False))
    assert is_gesture(event(pygame.KEYDOWN, key=pygame.K_m, mod=0))
    assert is_gesture(event(pygame.FINGERUP, **finger))
    assert not is_gesture(event(pygame.FINGERDOWN, **finger))  # a browser waits for the lift
    assert not is_gesture(event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True))
    assert not is_gesture(event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert not is_gesture(event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))


def test_a_reloaded_page_stays_silent_until_the_players_first_gesture() -> None:
    """As in a browser: a page opened on a match in progress shows the bots' cards unheard until the
    player touches the page; from then on the table is heard."""
    backend = MemoryBackend()
    driver = Driver((390, 844), backend=backend, settings=QUICK, sound=recorded()[0])
    start_match(driver)
    session = driver.table.session
    for _ in range(60):  # play on until a bot is to move after your card (the autosave keeps that)
        driver.settle()
        view = session.view
        if view.phase is Phase.PASS:
            for card in suggest_pass(view):
                driver.touch(driver.card_spot(card))
            driver.touch(driver.button_spot("action"))
            continue
        driver.touch(driver.card_spot(suggest_play(view)))
        if session.bot_to_move is not None:
            break
    assert session.bot_to_move is not None
    recorder = Recorder()
    quiet = Sound(recorder, needs_gesture=True)
    recorder.sound = quiet
    again = Driver((390, 844), backend=backend, sound=quiet)
    moves = again.table.session.match.move_count
    again.settle()
    assert again.table.session.match.move_count > moves  # the bots played, and their cards were shown
    assert recorder.opened == 0 and recorder.played == []
    # A finger lifting anywhere is the gesture; then the next card is heard.
    width, height = again.app.screen.get_size()
    finger = {"x": 2 / width, "y": 2 / height, "dx": 0.0, "dy": 0.0, "finger_id": 0, "touch_id": 1}
    again.post(pygame.event.Event(pygame.FINGERUP, pressure=0.0, **finger))
    assert quiet.has_gesture and recorder.opened == 0  # opened by the first sound, not by the gesture
    again.touch(again.card_spot(suggest_play(again.table.session.view)))
    again.settle()
    assert recorder.opened == 1 and "card" in recorder.names


# The table's events ------------------------------------------------------------------------------------


def test_a_hand_sounds_each_event_as_it_is_shown() -> None:
    sound, recorder = recorded()
    # Every trick shown at its pace (a settled hand's rest, played at fast-forward, sounds each kind once).
    driver = Driver((390, 844), settings=replace(QUICK, finish_when_settled=False), sound=sound)
    start_match(driver)
    driver.play_match_by_taps(driver.touch, hands=1)
    names = recorder.names
    assert names.count("pass") == 1 and names.index("pass") < names.index("card")  # hand 1 passes left
    assert names.count("card") == 52
    assert names.count("trick") == 13
    assert names.count("queen") == 1 and names.count("hearts") == 1
    assert names[names.index("hearts") - 1] == "card"  # with the card that broke them
    assert names[names.index("queen") + 1] == "trick"  # named as the trick is won, then swept in
    assert "victory" not in names and "defeat" not in names
    # Heard as shown, not as decided: the engine takes a trick with its fourth card, the table holds it
    # for the player to see and sweeps it in after; the sweep's sound waits for the sweep.
    hold = HOLD_TIME * PACE["quick"]
    for index, (name, when) in enumerate(recorder.played):
        if name == "trick":
            card_time = max(time for other, time in recorder.played[:index] if other == "card")
            assert when - card_time >= hold - FRAME, (index, when, card_time)


def test_the_match_ends_with_victory_or_defeat() -> None:
    sound, recorder = recorded()
    quickest = replace(QUICK, difficulty="easy", reduced_motion=True, table=Rules(target=50))
    driver = Driver((1280, 720), settings=quickest, sound=sound)
    start_match(driver)
    driver.play_match_by_taps(driver.click)
    assert isinstance(driver.scene, Dialog) and driver.scene.name == "match_result"
    won = HUMAN in driver.table.session.match.winners
    assert recorder.names[-1] == ("victory" if won else "defeat")
    assert recorder.names.count("victory") + recorder.names.count("defeat") == 1


def test_skipping_a_trick_or_finishing_the_motion_still_cues_its_sounds_once() -> None:
    from hearts.ui.session import Session

    view = Session.new(Rules(), "easy", seed=1).view
    motion = Motion()
    motion.add(step("hold", 1.0, view, skippable=True, sounds=("queen",)))
    motion.add(step("collect", 1.0, view, skippable=True, sounds=("trick",)))
    motion.add(step("play", 1.0, view, sounds=("card",)))
    motion.add(step("play", 1.0, view, sounds=("card",)))
    motion.advance(0.5)
    assert motion.take_cues() == ["queen"]
    assert motion.skip()
    assert motion.take_cues() == ["trick"]
    motion.finish()
    assert motion.take_cues() == ["card"]  # two cards dropped at once: one sound
    assert motion.take_cues() == []


# The option, the mute button and the key ----------------------------------------------------------------


def test_an_old_save_without_the_option_has_sound_on() -> None:
    data = Settings(sound=False).to_dict()
    del data["sound"]
    assert Settings.from_dict(data).sound is True
    assert Settings.from_dict({**data, "sound": "loud"}).sound is True
    assert Settings.from_dict({**data, "sound": False}).sound is False


def test_the_mute_button_turns_sound_off_and_on_and_is_saved_through_a_reload() -> None:
    backend = MemoryBackend()
    sound, recorder = recorded()
    driver = Driver((390, 844), backend=backend, settings=QUICK, sound=sound)
    start_match(driver)
    button = next(button for button in driver.table.snapshot().buttons if button.key == "sound")
    assert button.icon == "sound" and button.label == "Sound on"
    driver.touch(driver.button_spot("sound"))
    assert driver.app.ctx.settings.sound is False and not sound.enabled
    assert Store(backend).load_settings().sound is False
    button = next(button for button in driver.table.snapshot().buttons if button.key == "sound")
    assert button.icon == "muted" and button.label == "Sound off"
    recorder.played.clear()
    driver.settle()
    assert recorder.played == []  # the table goes on, unheard
    # A reload keeps it off, and the mixer of the new page never opens.
    again_recorder = Recorder()
    again = Driver((390, 844), backend=backend, sound=Sound(again_recorder, needs_gesture=False))
    assert again.app.ctx.settings.sound is False and not again.app.ctx.sound.enabled
    again.settle()
    assert again_recorder.opened == 0
    # Back on: saved, and a tap is heard at once to say so.
    sound.advance(1.0)
    driver.touch(driver.button_spot("sound"))
    assert driver.app.ctx.settings.sound is True and Store(backend).load_settings().sound is True
    assert recorder.names == ["card"]


def test_the_m_key_mutes_at_the_table() -> None:
    assert isinstance(intent_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0), (10, 10)), Mute)
    backend = MemoryBackend()
    driver = Driver((1280, 720), backend=backend, settings=QUICK, sound=recorded()[0])
    start_match(driver)
    driver.key(pygame.K_m)
    assert Store(backend).load_settings().sound is False
    driver.key(pygame.K_m)
    assert Store(backend).load_settings().sound is True


def test_the_sound_option_is_saved_and_reaches_the_player() -> None:
    backend = MemoryBackend()
    sound, _ = recorded()
    driver = Driver((390, 844), backend=backend, sound=sound)
    driver.click(driver.button_spot("options"))
    scene = driver.scene
    assert isinstance(scene, OptionsScene)
    for _ in range(scene.page_count):
        if scene.button("sound:0") is not None:
            break
        driver.click(driver.button_spot("next"))
    driver.click(driver.button_spot("sound:0"))
    assert Store(backend).load_settings().sound is False and not sound.enabled
    driver.click(driver.button_spot("sound:1"))
    assert Store(backend).load_settings().sound is True and sound.enabled


def test_in_a_browser_sound_gets_ready_for_the_first_gesture_only_when_it_is_on() -> None:
    """Before the first gesture, the option on asks the backend once to get ready (the page makes the
    browser's audio context in that gesture); off, nothing; after the gesture, or natively, never."""
    recorder = Recorder()
    sound = Sound(recorder, enabled=False, needs_gesture=True)
    assert recorder.prepared == 0
    sound.enabled = True
    sound.enabled = False
    sound.enabled = True
    assert recorder.prepared == 1
    later = Recorder()
    heard = Sound(later, enabled=False, needs_gesture=True)
    heard.heard_gesture()
    heard.enabled = True
    assert later.prepared == 0
    native = Recorder()
    Sound(native, enabled=True, needs_gesture=False)
    assert native.prepared == 0
