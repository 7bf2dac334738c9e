"""The page's mirror of a screen of buttons (the main menu, Options, Statistics): its title, what it says,
and its buttons as a dialog's choices, the focused one active, so a screen reader can read and press them
(``hearts.page.Mirror``; the table's own mirror is ``table_voice``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..page import Mirror, MirrorButton, MirrorDialog
from .table_voice import box
from .widgets import Button


def spoken_label(button: Button) -> str:
    """A button as the mirror names it: its label (or key), and whether it is the one chosen."""
    label = button.label or button.key
    return f"{label}, chosen" if button.selected else label


def screen_mirror(
    title: str,
    buttons: Sequence[Button],
    focus: str | None,
    *,
    lines: Sequence[str] = (),
    label: Callable[[Button], str] = spoken_label,
    own_keys: bool = False,
) -> Mirror:
    """A screen's buttons (the enabled ones: a disabled one cannot be pressed) as the choices of a
    dialog named ``title``, the button with key ``focus`` active (``own_keys``: ``MirrorDialog``'s)."""
    choices = tuple(
        MirrorButton(id=button.key, label=label(button), rect=box(button.rect))
        for button in buttons
        if button.enabled
    )
    active = focus if any(choice.id == focus for choice in choices) else None
    dialog = MirrorDialog(title=title, lines=tuple(lines), choices=choices, active=active, own_keys=own_keys)
    return Mirror(dialog=dialog)
