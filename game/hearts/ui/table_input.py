"""What a tap, a key or a press on the page's mirror means at the table: pure functions from the input
and a snapshot of the table to a new state and a command (play, pass, refuse, say, or a button pressed).

The seam: the table takes a snapshot of what it shows (``table_state.TableSnapshot``: its buttons, your
hand as shown, the step in motion) and hands it in; these functions decide, and the table carries the
command out (it alone moves the match, speaks and draws). Hit-testing reads the rectangles drawing
uses, and your hand as you last saw it (``hand_sight``), so a tap takes the card that lay under the
finger.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import announce
from ..announce import Announcement
from ..engine import PASS_SIZE, Card, CardSet, Moon, Phase
from . import routes
from .hand_sight import HandSight
from .intents import Confirm, Intent, Jump, Pressed, Step, Tap
from .session import HUMAN
from .table_controls import BUTTON_KEYS, next_focus
from .table_pace import DEAL_SKIPPED_AFTER
from .table_state import TableSnapshot, TableState


@dataclass(frozen=True, slots=True)
class Press:
    """A button pressed (or its key): ``menu``, ``hint``, ``last``, ``fast``, ``sound`` or ``action``."""

    key: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A card picked (a tap, a click or Enter): the cards still moving land first, then it counts."""

    card: Card


@dataclass(frozen=True, slots=True)
class Skip:
    """A tap on the finished trick showing (it goes as soon as it has had its least time), or on the
    table while the cards are dealt (they land at once)."""


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card


@dataclass(frozen=True, slots=True)
class PassCards:
    cards: CardSet


@dataclass(frozen=True, slots=True)
class Picked:
    """A card chosen for the pass, or put back: ``said`` aloud."""

    said: Announcement


@dataclass(frozen=True, slots=True)
class Refuse:
    """A card you may not play now: it shakes, with the engine's reason beside it."""

    card: Card


@dataclass(frozen=True, slots=True)
class Say:
    """Words for the message line and aloud (``aloud``, if the line reads badly when heard): a reason
    (urgent) or a passing remark."""

    text: str
    reason: bool
    aloud: str | None = None


Command = Press | Choose | Skip | PlayCard | PassCards | Picked | Refuse | Say
MOONS: dict[object, Moon] = {
    routes.MOON_ADD: Moon.ADD_TO_OTHERS,
    routes.MOON_SUBTRACT: Moon.SUBTRACT_FROM_SHOOTER,
}
"""The moon's dialog's answers, as the choice they make."""


def read(intent: Intent, snap: TableSnapshot, sight: HandSight) -> tuple[TableState, Command | None]:
    """What ``intent`` means at the table as ``snap`` shows it (``sight``: the hand as you last saw it)."""
    if isinstance(intent, Tap):
        return tapped(intent.pos, snap, sight)
    if isinstance(intent, Pressed):
        return pressed(intent, snap)
    return keyed(intent, snap)


def aimed_card(pos: tuple[int, int], snap: TableSnapshot, sight: HandSight) -> Card | None:
    """The card a tap at ``pos`` was aimed at: the one under it in the hand as you last saw it, if it is
    still in your hand; else none."""
    shown = snap.hand
    if sight.sees(tuple(shown.rects())):
        return shown.card_at(pos)
    card = sight.card_seen_at(pos)
    if card is None or card not in shown.cards() or card not in snap.live.hand:
        return None  # the card left the hand, or one slid into the spot under the finger
    return card


def tapped(pos: tuple[int, int], snap: TableSnapshot, sight: HandSight) -> tuple[TableState, Command | None]:
    """A tap: a button, the finished trick showing, the deal (anywhere on the table), or a card (never
    one while it is not your move: a tap during an animation never plays a card)."""
    state, current = snap.state, snap.current
    for button in snap.buttons:
        if button.rect.collidepoint(pos):
            return state, Press(button.key) if button.enabled else None
    aimed = aimed_card(pos, snap, sight)
    if current is not None and not (aimed is not None and snap.players_move):
        if current.kind == "deal":
            skips = current.skippable and current.shown >= DEAL_SKIPPED_AFTER
        else:
            skips = current.skippable and snap.layout.trick_area.collidepoint(pos)
        return state, Skip() if skips else None
    if aimed is None:
        return state, None
    return replace(state, focus=None), Choose(aimed)


def pressed(press: Pressed, snap: TableSnapshot) -> tuple[TableState, Command | None]:
    """A control of the page's mirror: a card is taken as a tap on it (the keyboard's focus, if it is
    shown, moved onto it, so that Enter next acts on that card), a button as a press."""
    state = snap.state
    if press.kind == "button":
        buttons = snap.buttons
        key = next((button.key for button in buttons if button.key == press.id and button.enabled), None)
        return state, None if key is None else Press(key)
    cards = snap.hand.cards() if press.kind == "card" else []
    card = next((card for card in cards if card.notation == press.id), None)
    if card is None or (snap.busy and not snap.players_move):
        return state, None  # (as a tap: never a card while it is not your move)
    focus = None if state.focus is None else cards.index(card)
    return replace(state, focus=focus), Choose(card)


def keyed(intent: Intent, snap: TableSnapshot) -> tuple[TableState, Command | None]:
    """A key: a button's own, an arrow or Home/End moving the focus, or Enter on what it is on."""
    state = snap.state
    if isinstance(intent, Step | Jump) and state.focus is not None:
        # The focus is the player's to move from here on (Enter moves nothing: an Enter pressed while
        # the last card flies still lets the focus go to a card you may play).
        state = replace(state, focus_placed=snap.moment)
    key = BUTTON_KEYS.get(type(intent))
    if key is not None:
        return state, Press(key)
    cards, action = snap.hand.cards(), snap.action
    if isinstance(intent, Step):
        stops = len(cards) + (1 if action is not None else 0)
        return replace(state, focus=next_focus(state.focus, intent.delta, stops)), None
    if isinstance(intent, Jump):
        return replace(state, focus=len(cards) - 1 if intent.to_end and cards else 0), None
    if not isinstance(intent, Confirm):
        return state, None
    ready = action is not None and action[1]
    if state.focus is None:
        return (state, Press("action")) if ready else (replace(state, focus=0), None)
    if state.focus >= len(cards):
        return state, Press("action") if ready else None
    if snap.busy and not snap.players_move:
        return state, None
    return state, Choose(cards[state.focus])


def choose(card: Card, snap: TableSnapshot, waiting: str) -> tuple[TableState, Command | None]:
    """The player picked ``card``: chosen for the pass or put back, lifted (tap-then-confirm), played,
    or refused; ``waiting`` says why while the match waits for someone else."""
    state, view, keyboard = snap.state, snap.live, snap.keyboard
    if view.phase is Phase.PASS and view.passed is None:
        selected = state.selected
        if card in selected:
            selected = selected - {card}
        elif len(selected) < PASS_SIZE:
            selected = selected | {card}
            if len(selected) == PASS_SIZE and keyboard:  # the focus on the Pass button, so Enter passes
                state = replace(state, focus=len(snap.hand.cards()))
        else:
            how = "Press Enter on" if keyboard else "Tap"
            return state, Say(f"You have chosen three cards. {how} one of them to put it back.", reason=True)
        said = announce.pass_pick(view, card, chosen=card in selected, count=len(selected))
        return replace(state, selected=selected), Picked(said)
    if view.phase is not Phase.PLAY or view.to_move != HUMAN:
        return state, Say(waiting, reason=True)
    if card not in view.legal:
        return state, Refuse(card)
    # Your one card left is no choice to confirm (and with the option on, it plays itself anyway).
    if snap.settings.confirm_taps and state.raised != card and len(view.hand) > 1:
        again = f"Press Enter again to play the {card}." if keyboard else f"Tap {card} again, or press Play."
        return replace(state, raised=card), Say(again, reason=False)
    return state, PlayCard(card)


def act(snap: TableSnapshot) -> tuple[TableState, Command | None]:
    """The big button (or Enter on it): pass the three chosen, or play the card lifted."""
    state, view = snap.state, snap.live
    passing = view.phase is Phase.PASS and view.passed is None
    if passing and len(state.selected) == PASS_SIZE:
        return replace(state, selected=frozenset(), focus=None), PassCards(CardSet(state.selected))
    if view.phase is Phase.PLAY and state.raised is not None:
        return state, PlayCard(state.raised)
    if passing:  # Enter on a Pass button not yet ready
        left = PASS_SIZE - len(state.selected)
        return state, Say(f"Choose {left} more card{'s' if left != 1 else ''} first.", reason=True)
    return state, None


def played(state: TableState, count: int) -> TableState:
    """Your card has gone from the ``count`` cards shown: nothing lifted, the focus kept in the hand."""
    focus = None if state.focus is None else max(0, min(state.focus, count - 2))
    return replace(state, raised=None, focus=focus)
