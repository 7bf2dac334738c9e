"""The web page around the game, under pygbag: what the page's address carried, and what the page shows.

The page (``web/index.tmpl``) keeps a ``hearts`` object on ``window``: the loading screen, the update offer,
sharing a text, asking for a line of text (``web/shell.js``; files: ``hearts.page_files``), what the
address held when it was opened (the page takes query and fragment aside before pygbag's loader reads the
address, and cleans it),
what a screen reader gets (``web/access.js``): sentences spoken through live regions, and a hidden mirror of
the hand, the table's buttons and the open dialog, whose presses come back to the game; and whether this
page has the table, when the game is open in more than one (``web/live.js``). Standard library only;
natively every call here is a quiet no-op (the desktop shares through ``hearts.ui.share``, keeps files in a
folder, ``hearts.transfer_files``, and shares its table through a lease, ``hearts.live``).
"""

from __future__ import annotations

import contextlib
import json
import sys
import traceback
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened:
    """What the page's address carried when the player opened it, as typed (not decoded)."""

    query: str = ""
    fragment: str = ""


# How a share went, as the page says it: still under way; taken by the system's share sheet; the sheet
# closed by the player; on the clipboard; shown in the page's box for the player to copy; not possible.
ShareOutcome = Literal["pending", "shared", "cancelled", "copied", "shown", "failed"]
SHARE_OUTCOMES: frozenset[str] = frozenset(get_args(ShareOutcome))


Runtime = Literal["native", "pygbag", "pyodide"]


def runtime() -> Runtime:
    """Which Python the game runs on: natively, pygbag's runtime in the browser, or ours (Pyodide, which
    marks pygbag's ``platform`` module with its name), the one place the game asks. Both browser
    runtimes give the game the same ``platform.window``, so nothing else needs to know."""
    if sys.platform != "emscripten":
        return "native"
    import platform

    if getattr(platform, "runtime", None) == "pyodide" or "pyodide_js" in sys.modules:
        return "pyodide"
    return "pygbag"


_found_page: list[tuple[Any, Any]] = []
"""The window last looked in and its ``window.hearts`` (it lasts as long as the page: each look costs
a few calls across to JavaScript, and the game looks several times a frame)."""


def page_object() -> Any | None:
    """The page's ``window.hearts``, under pygbag (or Pyodide); None natively or on a page without it."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        window = getattr(platform, "window", None)
        if window is None:  # Pyodide has no pygbag platform module; its js module is the window
            import js  # type: ignore[import-not-found]

            window = js
        if _found_page and _found_page[0][0] is window:
            return _found_page[0][1]
        found = window.hearts
    except Exception:
        return None
    if found is None or getattr(found, "typeof", "") == "undefined":
        return None
    _found_page[:] = [(window, found)]
    return found


def viewport() -> tuple[float, float, float] | None:
    """The canvas's width and height in CSS pixels and the screen's pixels per CSS pixel, as the page keeps
    them (``hearts.viewport``, "width,height,ratio", measured as the page lays out); None natively, on an
    older page, or before the page has measured."""
    found = page_object()
    if found is None:
        return None
    try:
        said = str(found.viewport)
        width, height, ratio = (float(part) for part in said.split(","))
    except Exception:
        return None
    return (width, height, ratio) if width > 0 and height > 0 and ratio > 0 else None


def prefers_reduced_motion() -> bool:
    """Whether the player's system asks for less motion (the page's ``hearts.reducedMotion()``, the CSS
    ``prefers-reduced-motion`` query); False natively and on an older page."""
    found = page_object()
    if found is None:
        return False
    try:
        return bool(found.reducedMotion())
    except Exception:
        return False


async def rest(seconds: float) -> None:
    """Yield to the browser until the player next acts on the page, or for ``seconds`` at most: our
    runtime's ``platform.rest``, which lets a still screen skip the frames in between. Elsewhere (pygbag's
    runtime has no such call) this is the next frame, as ``asyncio.sleep(0)`` is."""
    import asyncio

    resting = None
    if sys.platform == "emscripten":
        import platform

        resting = getattr(platform, "rest", None)
    if resting is None:
        await asyncio.sleep(0)
    else:
        await resting(seconds)


def prepare_audio() -> None:
    """Sound will be wanted: our runtime's ``platform.prepare_audio`` makes the browser's audio context in
    the player's next gesture, outside the game's frames (the first one a browser makes takes about 50 ms).
    Elsewhere (natively, pygbag's runtime) nothing: the mixer makes its own as it opens."""
    if sys.platform != "emscripten":
        return
    import platform

    preparing = getattr(platform, "prepare_audio", None)
    if preparing is not None:
        try:
            preparing()
        except Exception as error:  # a nicety: the mixer makes its own context as before
            print(f"prepare_audio: {error}", file=sys.stderr)


def is_live() -> bool:
    """Whether there is a page to tell things (never natively)."""
    return page_object() is not None


def tell(method: str, *args: object) -> None:
    """Call ``window.hearts.<method>(*args)`` on the page, if there is one: never an error for the game."""
    found = page_object()
    if found is None:
        return
    with contextlib.suppress(Exception):
        getattr(found, method)(*args)


def opened_with() -> Opened:
    """The query and fragment of the address the page was opened at (empty natively)."""
    found = page_object()
    if found is None:
        return Opened()
    try:
        link = found.link
        return Opened(query=str(link.query or ""), fragment=str(link.fragment or ""))
    except Exception:
        return Opened()


def report(error: BaseException) -> None:
    """Print ``error`` with its traceback and show it on the page's failure screen.

    pygbag's console only prints an exception that reaches it (and, for a missing module, tries to install a
    package of that name from the public index), so the game reports its own."""
    traceback.print_exception(error)
    tell("failed", f"{type(error).__name__}: {error}")


def share(text: str) -> bool:
    """Ask the page to share ``text``; whether it took the request (never natively, nor on an older page).

    The page answers later: poll ``share_outcome()`` once a frame until it is no longer "pending". Call this
    from the handler of the player's tap or key, in the same frame: the share sheet and the clipboard only
    work shortly after a gesture of the player's (the page shows the text in a box otherwise)."""
    found = page_object()
    if found is None:
        return False
    try:
        found.share(text)
    except Exception:
        return False
    return True


def share_outcome() -> ShareOutcome | None:
    """How the latest ``share()`` went (see ``ShareOutcome``); None natively or before any share."""
    found = page_object()
    if found is None:
        return None
    try:
        # As text whatever the bridge hands over (a str, or a proxy of a JS string); null is no outcome.
        said = str(found.shared)
    except Exception:
        return None
    return cast(ShareOutcome, said) if said in SHARE_OUTCOMES else None


def copy(text: str) -> bool:
    """Ask the page to put ``text`` on the clipboard (else to show it in its box to copy); whether it took
    the request. Read how it went from ``share_outcome()``, as for ``share``; call it inside a gesture."""
    found = page_object()
    if found is None:
        return False
    try:
        found.copy(text)
    except Exception:
        return False
    return True


# --------------------------------------------------------------------------------------- asking for text

# How a question went: the page's box still open; answered with OK; closed without an answer.
AskState = Literal["pending", "given", "cancelled"]
ASK_STATES: frozenset[str] = frozenset(get_args(AskState))


def ask_text(title: str, hint: str, value: str, limit: int) -> bool:
    """Open the page's box asking for a line of text (the phone's own keyboard, pasting, a screen reader
    all work there), ``value`` in it to start with; whether the page took the request (never natively).
    Poll ``asked_text()`` once a frame until it is no longer "pending"."""
    found = page_object()
    if found is None:
        return False
    try:
        found.askText(title, hint, value, limit)
    except Exception:
        return False
    return True


def asked_text() -> tuple[AskState, str] | None:
    """How the latest ``ask_text()`` went, with the text once "given"; None natively or before any."""
    found = page_object()
    if found is None:
        return None
    try:
        state = str(found.asked)
        if state not in ASK_STATES:
            return None
        return cast(AskState, state), str(found.askedText) if state == "given" else ""
    except Exception:
        return None


# ---------------------------------------------------------------------------------- by ear and by keys

# How urgently a sentence is said: after whatever is being said, or at once, cutting it short.
Priority = Literal["polite", "assertive"]
# What a press on the page's mirror was on: a card of the hand, a table button, a dialog's choice.
PressKind = Literal["card", "button", "choice"]
PRESS_KINDS: frozenset[str] = frozenset(get_args(PressKind))


def announce(text: str, priority: str = "polite") -> None:
    """Have the player's screen reader say ``text``: "polite" after what it is saying, "assertive" at once.

    The page keeps the last sentence of a frame per priority and drops one repeated within 0.7 s."""
    tell("announce", text, "assertive" if priority == "assertive" else "polite")


Box = tuple[int, int, int, int]
"""Where a control is drawn: left, top, width and height in the canvas's pixels (the page turns them into
its own coordinates, so that touch exploration and tests find the control where it is seen)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MirrorCard:
    """A card of the hand as a screen reader gets it: its name, and why it cannot be played now."""

    id: str
    name: str
    playable: bool = True
    why: str = ""
    chosen: bool = False
    rect: Box | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MirrorButton:
    """A button of the table, or a choice of a dialog (whose ``enabled`` is not sent)."""

    id: str
    label: str
    enabled: bool = True
    rect: Box | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MirrorDialog:
    """The dialog on the table: its title, its choices and the one the game's focus is on."""

    title: str
    choices: tuple[MirrorButton, ...]
    active: str | None = None
    lines: tuple[str, ...] = ()
    """What the dialog says, line by line (a page to read: the game log, How to play)."""
    own_keys: bool = False
    """Enter and Space are the screen's own while no choice has the game's focus (How to play scrolls,
    a review plays from the step on show): the page keeps its focus off the choices, whose button would
    take the key (Back, the first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Mirror:
    """What the page's hidden mirror shows: the hand (when ``has_hand``), the table's buttons, the dialog.

    ``active`` is the card the game's keyboard focus is on; ``multi`` while choosing cards to pass (then
    ``chosen`` marks the cards chosen so far)."""

    hand_label: str = ""
    cards: tuple[MirrorCard, ...] = ()
    active: str | None = None
    multi: bool = False
    has_hand: bool = False
    buttons: tuple[MirrorButton, ...] = ()
    dialog: MirrorDialog | None = None

    def to_json(self) -> str:
        """The mirror as the page reads it (hearts.mirror): hand and dialog null when there are none."""
        hand = (
            {
                "label": self.hand_label,
                "multi": self.multi,
                "cards": [
                    {
                        "id": card.id,
                        "name": card.name,
                        "playable": card.playable,
                        "why": card.why,
                        "chosen": card.chosen,
                        **placed(card.rect),
                    }
                    for card in self.cards
                ],
                "active": self.active,
            }
            if self.has_hand
            else None
        )
        dialog = (
            {
                "title": self.dialog.title,
                "lines": list(self.dialog.lines),
                "choices": [
                    {"id": choice.id, "label": choice.label, **placed(choice.rect)}
                    for choice in self.dialog.choices
                ],
                "active": self.dialog.active,
                "ownKeys": self.dialog.own_keys,
            }
            if self.dialog is not None
            else None
        )
        buttons = [
            {"id": button.id, "label": button.label, "enabled": button.enabled, **placed(button.rect)}
            for button in self.buttons
        ]
        return json.dumps(
            {"hand": hand, "buttons": buttons, "dialog": dialog}, ensure_ascii=False, separators=(",", ":")
        )


def placed(rect: Box | None) -> dict[str, list[int]]:
    """A control's place as the mirror's JSON gives it: ``rect`` when it is known, else nothing."""
    return {} if rect is None else {"rect": list(rect)}


# The mirror last sent to the page, so that an unchanged one is not sent again every frame.
_sent_mirror: dict[str, str] = {}


def forget_mirror() -> None:
    """Forget the mirror last sent, as a page loaded afresh has none: the next one is sent."""
    _sent_mirror.clear()


def mirror(state: Mirror) -> None:
    """Keep the page's hidden mirror in step with ``state``: sent only when it differs from the last one."""
    found = page_object()
    if found is None:
        return
    said = state.to_json()
    if _sent_mirror.get("json") == said:
        return
    try:
        found.mirror(said)
    except Exception:
        return  # not sent: tried again with the next state
    _sent_mirror["json"] = said


@dataclass(frozen=True, slots=True)
class Press:
    """A press on the page's mirror (a screen reader's click, a tap on a card's button): what, and which."""

    kind: PressKind
    id: str


def presses() -> list[Press]:
    """The presses made on the page's mirror since the last call, oldest first (none natively).

    Text that is not a list of presses, and presses of an unknown kind, are skipped."""
    found = page_object()
    if found is None:
        return []
    try:
        said = str(found.takePresses())
        if said == "[]":  # what nearly every frame brings
            return []
        items = json.loads(said)
    except Exception:
        return []
    if not isinstance(items, list):
        return []
    return [
        Press(cast(PressKind, item["kind"]), item["id"])
        for item in items
        if isinstance(item, dict) and item.get("kind") in PRESS_KINDS and isinstance(item.get("id"), str)
    ]


def keys_are_ours() -> bool:
    """Whether the game may act on its single-key shortcuts: not while a control of the page (the share
    box, the update offer, "Try again") has the keyboard focus. Always natively, and whenever in doubt."""
    found = page_object()
    if found is None:
        return True
    try:
        # As text whatever the bridge hands over (a bool, or a proxy of a JS boolean).
        return str(found.keysForGame()).lower() != "false"
    except Exception:
        return True


# ---------------------------------------------------------------------------------------- one live table


def live_state() -> tuple[bool, int] | None:
    """Whether this page has the table (may play and write the saves), and its generation; None natively.

    Another page of the game may have the table: this one waits then ("elsewhere"), writing nothing, until
    the player claims the table here (``claim_table``) or the other page closes. The generation goes up each
    time this page becomes live: the other page may have changed the saves meanwhile, so reload them when it
    changes (0 while it never has been live). None also on a page without ``hearts.live`` (an older page),
    and in the few milliseconds before the page has decided: play as if live then (the game's first frames
    come seconds later)."""
    found = page_object()
    if found is None:
        return None
    try:
        live = found.live
        summary = str(getattr(live, "summary", "") or "")
        if ":" in summary:  # one look: "state:generation", kept by the page once it has decided
            state, _, counted = summary.partition(":")
            generation = int(counted)
            known = state in ("live", "elsewhere") and generation >= 0
            return (state == "live", generation) if known else None
        # As text whatever the bridge hands over (a str or a number, or proxies of them).
        state = str(live.state)
        generation = int(float(str(live.generation)))
        undecided = str(getattr(live, "decided", True)).lower() == "false"
    except Exception:
        return None
    if undecided:
        return None
    if state not in ("live", "elsewhere") or generation < 0:
        return None
    return state == "live", generation


def claim_table() -> None:
    """Play here: this page takes the table at once, and the page that had it stops ("Play here")."""
    found = page_object()
    if found is None:
        return
    with contextlib.suppress(Exception):
        found.live.claim()
