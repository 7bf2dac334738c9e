"""The game's sound effects, every one through ``Sound.play``: the one place that may stay silent.

Nothing opens until sound may play: then pygame's mixer opens, with a small buffer, and the effects are
loaded from ``assets/sounds/``, one at a time in frames that draw nothing (``ready_ahead``), or each the
first time it plays if that comes sooner. In the browser nothing opens before the player's first gesture
(a tap or a key), because browsers refuse sound until then; sounds wanted earlier are simply not heard.
There, with the option on, the page is asked to make the browser's audio context in that gesture itself
(``page.prepare_audio``), so that its start (the first in a browser takes about 50 ms) falls in no frame
of the game. With the Sound option off nothing opens at all.

Sound is a nicety, so nothing about it may stop the game: no audio device, a refused one, a pygame built
without its mixer, a missing or damaged file. Each leaves the game silent (a file: that one sound) and is
told once on stderr, which the browser shows in its console.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final, Protocol

import pygame

from .. import page
from .assets import asset_path

SOUNDS: Final = ("card", "trick", "hearts", "queen", "pass", "victory", "defeat")
"""Every effect, by name: ``assets/sounds/NAME.ogg`` (made by ``tools/make_sounds.py``)."""
RATE: Final = 22050
"""The mixer's rate: the files' own, so nothing is resampled on loading."""
BUFFER: Final = 1024
"""Sample frames per mixer buffer, about 46 ms: small enough to feel immediate, large enough that a busy
browser frame (the audio runs on the page's one thread) does not starve it."""
CHANNELS: Final = 4
"""At most this many sounds at once; a fifth takes the channel of the one playing longest."""
REPEAT: Final = 0.06
"""Seconds of game time within which the same sound is not started again (fast-forward shows cards
36 ms apart)."""


class Backend(Protocol):
    """Where sounds go: pygame's mixer, or a recorder in tests. Any method may raise."""

    def prepare(self) -> None:
        """Sound will be wanted once the player's first gesture allows it: get ready for it then."""

    def open(self) -> None: ...

    def load(self, name: str) -> object: ...

    def play(self, clip: object) -> None: ...


class Mixer:
    """pygame's mixer, opened small."""

    def prepare(self) -> None:
        page.prepare_audio()

    def open(self) -> None:
        pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=BUFFER)
        pygame.mixer.set_num_channels(CHANNELS)

    def load(self, name: str) -> object:
        return pygame.mixer.Sound(asset_path("sounds", f"{name}.ogg"))

    def play(self, clip: object) -> None:
        assert isinstance(clip, pygame.mixer.Sound)
        channel = pygame.mixer.find_channel(True)
        if channel is not None:
            channel.play(clip)


def is_gesture(event: pygame.event.Event) -> bool:
    """Whether a browser counts ``event`` as the player's gesture: a mouse button, a key (not Escape),
    or a finger as it lifts (its touch down does not count yet, nor the mouse press SDL makes of it)."""
    kind = event.type
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return not getattr(event, "touch", False)
    if kind == pygame.KEYDOWN:
        return bool(event.key != pygame.K_ESCAPE)
    return kind == pygame.FINGERUP


class Sound:
    """Plays the effects by name, or does nothing: off, before the first gesture in a browser, or
    after a failure."""

    def __init__(
        self,
        backend: Backend | None = None,
        *,
        enabled: bool = True,
        needs_gesture: bool | None = None,
    ) -> None:
        self.backend: Backend = backend if backend is not None else Mixer()
        self.needs_gesture = sys.platform == "emscripten" if needs_gesture is None else needs_gesture
        self.has_gesture = False
        self._enabled = False
        self._prepared = False
        self.now = 0.0
        """Seconds of game time (``advance``), so that tests step it by hand."""
        self.is_open = False
        self.failure: str | None = None
        """Why every sound is off for good (no device, no mixer), once that has happened."""
        self._clips: dict[str, object] = {}
        self._broken: set[str] = set()
        self._last: dict[str, float] = {}
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        """The Sound option (the context keeps it in step with the settings). Turned on before the
        player's first gesture, the backend gets ready for that gesture (once)."""
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = on
        if on and self.needs_gesture and not self.has_gesture and not self._prepared:
            self._prepared = True
            try:
                self.backend.prepare()
            except Exception as error:  # the mixer makes ready as it opens instead
                _tell(f"Sound could not get ready ({type(error).__name__}: {error}).")

    def advance(self, dt: float) -> None:
        self.now += dt

    def heard_gesture(self) -> None:
        """The player tapped, clicked or pressed a key: a browser now allows sound."""
        self.has_gesture = True

    @property
    def can_play(self) -> bool:
        return self.enabled and self.failure is None and (self.has_gesture or not self.needs_gesture)

    def ready_ahead(self) -> Callable[[float], bool] | None:
        """The mixer opened and every effect loaded, a step at a time, for frames that draw nothing; None
        once done, or while sound cannot play. Else the first sound opens the mixer and each effect's
        first play decodes its file in a frame that draws: in WebAssembly the mixer's start and the pass's
        file took some 6 and 7 ms, in the frame you press Pass, with the table drawn again and cards
        taking off."""
        if not self.can_play or (self.is_open and len(self._clips) + len(self._broken) == len(SOUNDS)):
            return None
        return self._ready_step

    def _ready_step(self, _budget: float = 0.0) -> bool:
        """Open the mixer, or else load the next effect not loaded yet; whether any step is left."""
        if self.is_open:
            self._clip(next(name for name in SOUNDS if name not in self._clips and name not in self._broken))
        else:
            self._open()
        return self.ready_ahead() is not None

    def play(self, name: str) -> bool:
        """Play the effect ``name`` if sound can be heard now; whether it was started."""
        assert name in SOUNDS, name
        if not self.can_play or name in self._broken:
            return False
        now = self.now
        if now - self._last.get(name, -REPEAT) < REPEAT:
            return False
        if not self._open():
            return False
        clip = self._clip(name)
        if clip is None:
            return False
        try:
            self.backend.play(clip)
        except Exception as error:
            self.failure = f"{type(error).__name__}: {error}"
            _tell(f"Sound is off: playing failed ({self.failure}).")
            return False
        self._last[name] = now
        return True

    # Whatever a mixer we do not control raises (pygame's, SDL's, the browser's), the game plays on,
    # silent: hence the broad catches, each one told once.

    def _open(self) -> bool:
        """The mixer opened, if it was not; whether it is open."""
        if not self.is_open:
            try:
                self.backend.open()
            except Exception as error:
                self.failure = f"{type(error).__name__}: {error}"
                _tell(f"Sound is off: the audio device could not be opened ({self.failure}).")
                return False
            self.is_open = True
        return True

    def _clip(self, name: str) -> object | None:
        """The effect ``name``, loaded if it was not; None if its file could not be."""
        clip = self._clips.get(name)
        if clip is None:
            try:
                clip = self._clips[name] = self.backend.load(name)
            except Exception as error:
                self._broken.add(name)
                _tell(f"The sound {name!r} could not be loaded ({type(error).__name__}: {error}).")
                return None
        return clip


def _tell(sentence: str) -> None:
    print(sentence, file=sys.stderr)
