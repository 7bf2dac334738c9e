"""The table's controls: when your input counts, the big button (Pass…, Play) and the icon buttons, what
each says and whether it can be pressed now, and how keyboard focus steps over the hand and the button.

The seam: pure functions of what the table knows (the live view, whether cards move, what you chose,
the options). The table asks for its buttons once, and the frame, the drawing and hit-testing all use
that one list, so a button is tapped where it is drawn.
"""

from __future__ import annotations

from ..engine import PASS_SIZE, Card, Phase, PlayerView
from ..words import DIRECTION_WORDS
from .intents import Back, FastForward, Hint, Intent, LastTrick, Mute
from .session import HUMAN
from .table_layout import TableLayout
from .widgets import Button

Action = tuple[str, bool]
"""The big button's label, and whether it can be pressed now."""
BUTTON_KEYS: dict[type[Intent], str] = {
    Back: "menu",
    Hint: "hint",
    LastTrick: "last",
    FastForward: "fast",
    Mute: "sound",
}
"""The keys that do what a button does, by the button's key."""


def is_players_move(view: PlayerView, *, waiting: bool) -> bool:
    """Whether your input is taken now: from the moment the prompt says it is your turn (passing, or a
    card to play), even while the last cards still move; unless something ``waiting`` for the cards to
    land comes first (a dialog: the moon, the results)."""
    if waiting:
        return False
    return (view.phase is Phase.PASS and view.passed is None) or (
        view.phase is Phase.PLAY and view.to_move == HUMAN
    )


def action(
    view: PlayerView, *, busy: bool, chosen: int, lifted: Card | None, confirm_taps: bool
) -> Action | None:
    """The big button, if there is one now: Pass (pressable with three cards ``chosen``) or, under
    tap-then-confirm, Play once a first tap has ``lifted`` a card. None while cards move."""
    if busy:
        return None
    if view.phase is Phase.PASS and view.passed is None:
        return f"Pass {DIRECTION_WORDS[view.pass_direction]}", chosen == PASS_SIZE
    if view.phase is Phase.PLAY and view.to_move == HUMAN and confirm_taps and lifted is not None:
        return "Play", True
    return None


def buttons(
    layout: TableLayout, view: PlayerView, *, can_hint: bool, fast: bool, sound: bool, action: Action | None
) -> list[Button]:
    """Every button on the table, the big one last (when there is one)."""
    shown = [
        Button("menu", layout.buttons["menu"], icon="menu", label="Menu"),
        Button("hint", layout.buttons["hint"], icon="hint", label="Hint", enabled=can_hint),
        Button("last", layout.buttons["last"], icon="last", label="Last trick", enabled=bool(view.tricks)),
        Button("fast", layout.buttons["fast"], icon="fast", label="Fast-forward", selected=fast),
        Button(
            "sound",
            layout.buttons["sound"],
            icon="sound" if sound else "muted",
            label="Sound on" if sound else "Sound off",
        ),
    ]
    if action is not None:
        label, enabled = action
        shown.append(Button("action", layout.action, label=label, enabled=enabled, primary=enabled))
    return shown


def next_focus(focus: int | None, delta: int, stops: int) -> int | None:
    """Focus after a step of ``delta`` over ``stops`` places (the hand's cards, then the big button),
    going round; the first step from none lands on the first place, or the last going back."""
    if not stops:
        return focus
    return (0 if delta > 0 else stops - 1) if focus is None else (focus + delta) % stops
