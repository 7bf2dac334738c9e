"""One table from mouse, touch and key events to what the player means.

A touch arrives from SDL twice, as a finger event and as a mouse event marked ``touch``; only the finger
counts, so one tap is one intent. A press turns into a tap on the way down, which keeps the table quick
to answer. What follows it, the pointer moving while held (``Drag``) and coming up (``Release``), matters
only to a page that scrolls; every other scene ignores them, as it ignores the wheel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame


@dataclass(frozen=True, slots=True)
class Tap:
    """A click or a touch at a window position (pixels)."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Hover:
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Drag:
    """The pressed mouse button or finger moved to ``pos`` (the press itself came as a ``Tap``)."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Release:
    """The mouse button or finger came up at ``pos``."""

    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Wheel:
    """The mouse wheel or a touchpad turned by ``notches`` (positive: towards the top of a page)."""

    notches: float


@dataclass(frozen=True, slots=True)
class Step:
    """Move the keyboard focus by ``delta`` (-1 back, +1 on): across (← →) or, ``vertical``, up and down
    (↑ ↓). A grid of buttons moves the way the arrow points; a list moves along whichever it is."""

    delta: int
    vertical: bool = False
    in_order: bool = False
    """Tab (+1) and Shift+Tab (-1): to the next or the previous in the order the screen lists them, going
    round (a grid of buttons row by row), whichever way that lies."""


@dataclass(frozen=True, slots=True)
class Jump:
    """Move the keyboard focus to the first (``to_end`` False) or last item."""

    to_end: bool


@dataclass(frozen=True, slots=True)
class Page:
    """Page Up (``delta`` -1) or Page Down (+1)."""

    delta: int


@dataclass(frozen=True, slots=True)
class Confirm:
    """Enter or Space: act on the focused item."""


@dataclass(frozen=True, slots=True)
class Back:
    """Escape (or the browser's back gesture): close what is open."""


@dataclass(frozen=True, slots=True)
class Hint:
    pass


@dataclass(frozen=True, slots=True)
class LastTrick:
    pass


@dataclass(frozen=True, slots=True)
class FastForward:
    pass


@dataclass(frozen=True, slots=True)
class Mute:
    """Sound off, or back on."""


@dataclass(frozen=True, slots=True)
class Query:
    """Ask the table something, answered aloud (``what``: one of ``QUERIES``)."""

    what: str


QUERIES = ("hand", "trick", "scores", "turn", "passing", "out")
"""What the query keys ask: your hand by suit, the trick on the table, the scores, whose turn it is,
what was passed and received, and the cards still out in each suit."""


@dataclass(frozen=True, slots=True)
class GameLog:
    """Open the game log: the last announcements, as a page to read."""


@dataclass(frozen=True, slots=True)
class Pressed:
    """A control of the page's mirror for assistive technology was pressed (``hearts.page.Press``): a
    card (``kind`` "card", ``id`` its notation), a button of the table (its key) or a dialog's choice
    (its number)."""

    kind: str
    id: str


@dataclass(frozen=True, slots=True)
class Typed:
    """Text typed on the keyboard, for a line the game itself asks for (a name, on the desktop)."""

    text: str


@dataclass(frozen=True, slots=True)
class Erase:
    """Backspace: the last character typed taken back."""


@dataclass(frozen=True, slots=True)
class Resize:
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Quit:
    pass


Intent = (
    Tap
    | Hover
    | Drag
    | Release
    | Wheel
    | Step
    | Jump
    | Page
    | Confirm
    | Back
    | Hint
    | LastTrick
    | FastForward
    | Mute
    | Query
    | GameLog
    | Pressed
    | Typed
    | Erase
    | Resize
    | Quit
)

_KEYS: Final[dict[int, Intent]] = {
    pygame.K_LEFT: Step(-1),
    pygame.K_UP: Step(-1, vertical=True),
    pygame.K_RIGHT: Step(1),
    pygame.K_DOWN: Step(1, vertical=True),
    pygame.K_HOME: Jump(False),
    pygame.K_END: Jump(True),
    pygame.K_PAGEUP: Page(-1),
    pygame.K_PAGEDOWN: Page(1),
    pygame.K_RETURN: Confirm(),
    pygame.K_KP_ENTER: Confirm(),
    pygame.K_SPACE: Confirm(),
    pygame.K_ESCAPE: Back(),
    pygame.K_BACKSPACE: Erase(),
    pygame.K_AC_BACK: Back(),
    pygame.K_h: Hint(),
    pygame.K_l: LastTrick(),
    pygame.K_f: FastForward(),
    pygame.K_m: Mute(),
    pygame.K_c: Query("hand"),
    pygame.K_t: Query("trick"),
    pygame.K_s: Query("scores"),
    pygame.K_w: Query("turn"),
    pygame.K_p: Query("passing"),
    pygame.K_o: Query("out"),
    pygame.K_g: GameLog(),
}

SHORTCUTS: Final = frozenset({Hint, LastTrick, FastForward, Mute, Query, GameLog})
TYPING_KEYS: Final = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_BACKSPACE})
"""The keys that keep their meaning while a line is typed (Enter keeps it, Escape leaves it, Backspace
erases); every other key arrives as the text it types."""
"""Intents given by a single character key: taken only while the game has the keyboard (WCAG 2.1.4),
never while the page's own box (the share box, say) has it."""


ECHO_SECONDS: Final = 0.6
"""How long after a finger touches down a mouse press at the same spot is taken for its echo."""
ECHO_DISTANCE: Final = 24


class IntentReader:
    """``intent_of`` with a memory: a browser may send its own mouse press after a touch, without SDL's
    ``touch`` mark; a press that close in time and place to the last finger is that echo and counts
    for nothing."""

    def __init__(self) -> None:
        self._finger: tuple[float, tuple[int, int]] | None = None

    def read(self, event: pygame.event.Event, window_size: tuple[int, int], now: float) -> Intent | None:
        intent = intent_of(event, window_size)
        if isinstance(intent, Tap):
            if event.type == pygame.FINGERDOWN:
                self._finger = (now, intent.pos)
            elif self._finger is not None:
                when, (x, y) = self._finger
                near = abs(intent.pos[0] - x) <= ECHO_DISTANCE and abs(intent.pos[1] - y) <= ECHO_DISTANCE
                if now - when <= ECHO_SECONDS and near:
                    return None
        return intent


def intent_of(event: pygame.event.Event, window_size: tuple[int, int]) -> Intent | None:
    """What ``event`` means, or None when it means nothing to the game."""
    kind = event.type
    if kind == pygame.MOUSEBUTTONDOWN:
        if getattr(event, "touch", False) or event.button != 1:
            return None
        return Tap((int(event.pos[0]), int(event.pos[1])))
    if kind == pygame.FINGERDOWN:
        width, height = window_size
        return Tap((int(event.x * width), int(event.y * height)))
    if kind == pygame.MOUSEMOTION:
        if getattr(event, "touch", False):
            return None
        pos = (int(event.pos[0]), int(event.pos[1]))
        held = getattr(event, "buttons", (0,))
        return Drag(pos) if held and held[0] else Hover(pos)
    if kind == pygame.MOUSEBUTTONUP:
        if getattr(event, "touch", False) or event.button != 1:
            return None
        return Release((int(event.pos[0]), int(event.pos[1])))
    if kind in (pygame.FINGERMOTION, pygame.FINGERUP):
        width, height = window_size
        pos = (int(event.x * width), int(event.y * height))
        return Drag(pos) if kind == pygame.FINGERMOTION else Release(pos)
    if kind == pygame.MOUSEWHEEL:
        # As the system reports it, natural scrolling included, which is how every other page scrolls.
        return Wheel(float(getattr(event, "precise_y", event.y)))
    if kind == pygame.KEYDOWN:
        if event.key == pygame.K_TAB:
            return Step(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1, in_order=True)
        return _KEYS.get(event.key)
    if kind == pygame.TEXTINPUT:
        return Typed(str(event.text))
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        return Resize((int(getattr(event, "w", window_size[0])), int(getattr(event, "h", window_size[1]))))
    if kind == pygame.QUIT:
        return Quit()
    return None
