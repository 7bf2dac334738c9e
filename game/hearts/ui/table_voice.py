"""The table for a screen reader: what it says aloud (your turn, a note, the words of its message
line), the answers to the query keys, and the mirror of the hand and the buttons that the page keeps
for assistive technology (``hearts.page.Mirror``).

The seam: pure functions of what the table knows (the view, the frame it draws, what you chose); the
sentences themselves come from ``hearts.announce``, as every spoken word does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Final

from pygame import Rect

from .. import announce
from ..announce import Announcement, Priority, Verbosity
from ..engine import PASS_SIZE, Card, CardSet, Phase, PlayerView, Reason
from ..lesson import Note
from ..page import Box, Mirror, MirrorButton, MirrorCard
from .table_frame import TableFrame
from .table_input import Say
from .table_state import Moment, TableSnapshot, moment_of
from .widgets import Button

ANSWERS: Final[dict[str, Callable[[PlayerView], Announcement]]] = {
    "hand": announce.hand_by_suit,
    "trick": announce.current_trick,
    "scores": announce.scores,
    "turn": announce.whose_turn,
    "passing": announce.passing,
    "out": announce.cards_out,
}
"""The query keys' answers, by what they ask (``intents.QUERIES``)."""
NONE_CHOSEN: Final = CardSet()


def answer(what: str, view: PlayerView, *, chosen: CardSet = NONE_CHOSEN) -> Announcement | None:
    """The answer to a query key, for the match as ``view`` shows it and the cards ``chosen`` so far for
    the pass (None for an unknown question)."""
    choosing = view.phase is Phase.PASS and view.passed is None and bool(chosen)
    if choosing and what == "turn":
        return announce.your_turn(view, chosen=len(chosen), verbosity="brief")
    if choosing and what == "passing":
        said = f"You have chosen {announce.cards_spoken(chosen)} so far."
        rest = announce.your_turn(view, chosen=len(chosen), verbosity="brief")
        return Announcement(text=f"{said} {rest.text}" if rest else said, kind="query")
    found = ANSWERS.get(what)
    return None if found is None else found(view)


class Voice:
    """What the table says once: the note showing, your turn at each moment; and the mirror last built."""

    def __init__(self) -> None:
        self.note_said: Note | None = None
        self.turn_said: Moment | None = None
        self._mirrored: tuple[tuple[object, ...], Mirror] | None = None

    def note(self, note: Note | None) -> Announcement | None:
        """A guided table's note, read out as it comes up."""
        if note is None or note is self.note_said:
            return None
        self.note_said = note
        return Announcement(text=announce.speak_symbols(f"{note.title}. {note.text}"), kind="note")

    def turn(self, view: PlayerView, chosen: int, verbosity: Verbosity) -> Announcement | None:
        """Your turn, and what you must do (``chosen``: the cards chosen to pass so far), said once a
        moment."""
        moment = moment_of(view)
        if moment == self.turn_said:
            return None
        self.turn_said = moment
        return announce.your_turn(view, chosen=chosen, verbosity=verbosity)

    def mirror(self, snap: TableSnapshot, build: Callable[[], Mirror], note: Note | None = None) -> Mirror:
        """The mirror at ``snap`` (``build`` makes it), built again only when something it shows may have
        changed (the step showing and the view by identity: a new one is a change; the layout too, since
        the cards' places go to the page; the ``note`` showing, whose control it carries)."""
        state, settings = snap.state, snap.settings
        rest = (state.focus, state.selected, state.raised, snap.players_move, snap.layout, snap.fast, note)
        key = (snap.current, snap.live, (*rest, settings.sound, settings.confirm_taps))
        kept = self._mirrored
        if kept is None or kept[0][0] is not key[0] or kept[0][1] is not key[1] or kept[0][2] != key[2]:
            kept = self._mirrored = (key, build())
        return kept[1]


def guided(turn: Announcement, line: str | None) -> Announcement:
    """Your ``turn`` said with a guided table's ``line`` after it (the lesson's suggestion, and why), which
    the message line shows instead of the table's own words."""
    if not line:
        return turn
    return replace(turn, text=f"{turn.text} {announce.speak_symbols(line)}")


def refused(reason: str, why: Reason | None) -> Announcement:
    """A card refused, for ``reason`` (the engine's ``why``, in the table's words; None: not your turn)."""
    return announce.refusal(announce.speak_symbols(reason), None if why is None else why.kind)


def spoken(said: Say) -> Announcement:
    """The message line's words as said aloud: a reason at once, a remark politely."""
    priority: Priority = "assertive" if said.reason else "polite"
    text = said.text if said.aloud is None else said.aloud
    return Announcement(
        text=announce.speak_symbols(text), priority=priority, kind="refusal" if said.reason else "note"
    )


NOTE_CONTROL: Final = "note"
"""The mirror's control for a guided table's note: pressed, it closes the note (or goes on from it)."""


def mirror_of(frame: TableFrame, why: Callable[[Card], Reason | None], note: Rect | None = None) -> Mirror:
    """The page's mirror of the table as ``frame`` shows it (the cards you may not play with the
    engine's reasons, from ``why``: the session's ``why_not``), with a control for the note showing at
    ``note`` (it is read out as it comes up; the control moves on from it, as a tap on it does)."""
    shown = mirror(
        frame.live,
        frame.hand,
        focus=frame.focus,
        selected=frame.selected,
        playing=frame.is_players_turn_to_play,
        why=why,
        buttons=frame.buttons,
        rects=dict(frame.cards),
        lifted=frame.lifted,
    )
    if frame.note is None or note is None:
        return shown
    # Named as a note first, so that no button of the table shares the start of its name ("Passing").
    label = f"Note: {frame.note.title}, {'close it' if frame.is_your_turn else 'go on'}"
    control = MirrorButton(id=NOTE_CONTROL, label=announce.speak_symbols(label), rect=box(note))
    return replace(shown, buttons=(control, *shown.buttons))


def cant_play(reason: str) -> str:
    """A card's reason as the mirror describes it: "can't play: you must follow clubs"."""
    said = reason.strip().rstrip(".")
    return f"can't play: {said[:1].lower()}{said[1:]}" if said else "can't play now"


def hand_label(view: PlayerView, count: int, chosen: int) -> str:
    """The hand's name in the mirror: how many cards, and while passing how many are still to choose."""
    cards = f"{count} card{'s' if count != 1 else ''}"
    if view.phase is Phase.PASS and view.passed is None:
        left = PASS_SIZE - chosen
        still = f"choose {left} more to pass" if left else "three chosen: press Pass"
        return f"Your hand, {cards}: {still}"
    return f"Your hand, {cards}"


def mirror(
    view: PlayerView,
    cards: Sequence[Card],
    *,
    focus: int | None,
    selected: Collection[Card],
    playing: bool,
    why: Callable[[Card], Reason | None],
    buttons: Sequence[Button],
    rects: Mapping[Card, Rect] | None = None,
    lifted: Card | None = None,
) -> Mirror:
    """The page's mirror of the table: your cards as laid out (while it is your turn to ``play``, those
    you may not play with ``why``; each where ``rects`` has it drawn), the focused one active, those
    chosen marked (for the pass, ``selected``; else the card ``lifted``, which Play would play), and the
    table's buttons."""
    multi = view.phase is Phase.PASS and view.passed is None
    shown: list[MirrorCard] = []
    for card in cards:
        reason = why(card) if playing and card not in view.legal else None
        shown.append(
            MirrorCard(
                id=card.notation,
                name=announce.card_title(card),
                playable=reason is None,
                why="" if reason is None else cant_play(str(reason)),
                chosen=card in selected if multi else card == lifted,
                rect=box(rects[card]) if rects and card in rects else None,
            )
        )
    active = cards[focus].notation if focus is not None and 0 <= focus < len(cards) else None
    return Mirror(
        has_hand=True,
        hand_label=hand_label(view, len(cards), len(selected)),
        cards=tuple(shown),
        active=active,
        multi=multi,
        buttons=tuple(mirror_button(button) for button in buttons),
    )


def mirror_button(button: Button) -> MirrorButton:
    """A button of the canvas as the mirror names it (a toggled one says it is on)."""
    label = button.label or button.key
    return MirrorButton(
        id=button.key,
        label=f"{label} (on)" if button.selected else label,
        enabled=button.enabled,
        rect=box(button.rect),
    )


def box(rect: Rect) -> Box:
    """A rectangle as the mirror sends it."""
    return (rect.x, rect.y, rect.width, rect.height)
