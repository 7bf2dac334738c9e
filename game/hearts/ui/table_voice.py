"""The table for a screen reader: the answers to the query keys, and the mirror of the hand and the
buttons that the page keeps for assistive technology (``hearts.page.Mirror``).

The seam: pure functions of what the table knows (the view, your cards as laid out, the focus, what you
chose, its buttons); the sentences themselves come from ``hearts.announce``, as every spoken word does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Final

from pygame import Rect

from .. import announce
from ..announce import Announcement
from ..engine import PASS_SIZE, Card, CardSet, Phase, PlayerView, Reason
from ..page import Box, Mirror, MirrorButton, MirrorCard
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
) -> Mirror:
    """The page's mirror of the table: your cards as laid out (while it is your turn to ``play``, those
    you may not play with ``why``; each where ``rects`` has it drawn), the focused one active, and the
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
                chosen=multi and card in selected,
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
