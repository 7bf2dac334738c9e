"""Your hand as the table shows it at one moment: which cards lie in it (those in the air left out; while
dealing, those landed so far), which stand raised, the order they were dealt in, where each is drawn and
which is under a point.

The seam: the table owns what changes (the step of motion showing, the cards you chose or lifted, the
lift of the cards just passed to you) and builds a ``ShownHand`` from them whenever it asks
(``TableScene.shown_hand``), once for each change (``ShownHands``). Drawing (through the frame),
hit-testing and the places your cards fly from all read this one value, so what you tap is what you see.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pygame import Rect

from ..engine import Card, Phase, PlayerView, Seat
from ..words import has_played
from .hand_layout import HAND_COUNT, HandGeometry
from .motion import Dealing, InHand, Step, dealing
from .session import HUMAN


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownHand:
    view: PlayerView
    """The match as the cards on the table show it: the step's base while a step shows, else live."""
    hidden: frozenset[Card]
    """Cards in the air: the step's flights show them instead."""
    deal: Dealing | None
    """While dealing, the deal at this moment (None when not dealing)."""
    up: frozenset[Card]
    """The cards standing raised: chosen for the pass or passed, lifted, or just received."""
    geometry: HandGeometry

    @classmethod
    def of(
        cls,
        step: Step | None,
        live: PlayerView,
        geometry: HandGeometry,
        *,
        selected: Iterable[Card],
        lifted: Card | None,
        lifts_received: bool,
    ) -> ShownHand:
        """The hand while ``step`` shows (None: nothing moves, ``live`` shows); ``selected`` are the
        cards chosen for the pass, ``lifted`` the card a first tap or a hint raised, ``lifts_received``
        whether the cards passed to you still stand raised."""
        view = step.base if step is not None else live
        deal = None
        if step is not None and step.kind == "deal" and step.dealer is not None:
            deal = dealing(step.dealer, step.t)
        up = set(selected)
        if view.passed is not None and view.phase is Phase.PASS:
            up |= set(view.passed)
        if lifted is not None:
            up.add(lifted)
        if lifts_received and view.received is not None:
            up |= set(view.received)
        return cls(
            view=view,
            hidden=step.hidden if step is not None else frozenset(),
            deal=deal,
            up=frozenset(up),
            geometry=geometry,
        )

    def cards(self) -> list[Card]:
        """Your cards as laid out, left to right (hidden ones are in the air)."""
        return [card for card in self.view.hand if card not in self.hidden]

    def dealt(self) -> frozenset[Card] | None:
        """While dealing, the cards that have landed in your hand so far (None when not dealing)."""
        if self.deal is None:
            return None
        return frozenset(self.deal_order()[: self.deal.held[HUMAN]])

    def held(self, seat: Seat) -> int:
        """How many cards ``seat`` is shown holding: while dealing, those that have landed so far; then
        what every player is dealt, less what it has played."""
        if self.deal is not None:
            return self.deal.held[seat]
        view = self.view
        played_now = 1 if view.trick.card_of(seat) is not None else 0
        return HAND_COUNT - len(view.tricks) - played_now

    def deal_order(self) -> list[Card]:
        """Your cards in the order they are dealt to you: shuffled, not sorted, as a real deal comes."""
        view = self.view
        return sorted(view.hand, key=lambda card: (card * 7919 + view.hand_number * 104729) % 52)

    def received(self) -> frozenset[Card] | None:
        """The cards passed to you, marked until you play your first card."""
        view = self.view
        if view.received is None or has_played(view):
            return None
        return frozenset(view.received)

    def raised_indexes(self, cards: list[Card]) -> frozenset[int]:
        """Which of ``cards`` (laid out in this order) stand raised."""
        return frozenset(index for index, card in enumerate(cards) if card in self.up)

    def rects(self) -> list[tuple[Card, Rect]]:
        """Each card to draw and where, in drawing order."""
        cards = self.cards()
        rects = self.geometry.rects(len(cards), self.raised_indexes(cards))
        pairs = list(zip(cards, rects, strict=True))
        dealt = self.dealt()
        if dealt is not None:
            pairs = [(card, rect) for card, rect in pairs if card in dealt]
        return pairs

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card drawn under ``pos``."""
        cards = self.cards()
        index = self.geometry.hit(len(cards), pos, self.raised_indexes(cards))
        if index is None:
            return None
        drawn = self.dealt()
        return cards[index] if drawn is None or cards[index] in drawn else None

    def in_hand(self, card: Card) -> InHand | None:
        """Where ``card`` lies as drawn, as a place the layout can find again (None: not in the hand)."""
        cards = self.cards()
        if card not in cards:
            return None
        return InHand(cards.index(card), len(cards), self.raised_indexes(cards))

    def leaving(self, card: Card, *, waits: bool) -> InHand | None:
        """Where ``card`` leaves from as you play it (``in_hand``): raised too, if it ``waits`` for the
        trick showing to go."""
        start = self.in_hand(card)
        if start is None or not waits:
            return start
        return InHand(start.index, start.count, start.raised | {start.index})


class ShownHands:
    """Your hand as shown, built again only when what it is built from changes (the step showing and the
    live view by identity, the rest by value): drawing, hit-testing and the mirror share one a frame."""

    def __init__(self) -> None:
        self._kept: tuple[Step | None, PlayerView, tuple[object, ...], ShownHand] | None = None

    def of(
        self,
        steps: Sequence[Step],
        live: PlayerView,
        geometry: HandGeometry,
        selected: frozenset[Card],
        raised: Card | None,
        lifts_received: bool,
    ) -> ShownHand:
        """As ``ShownHand.of`` while the first of ``steps`` shows, the card ``raised`` lifted (else the
        card you played, while it waits: ``card_waiting``)."""
        step = steps[0] if steps else None
        lifted = raised if raised is not None else card_waiting(steps)
        dealt = step.t if step is not None and step.kind == "deal" else None
        rest = (dealt, geometry, selected, lifted, lifts_received)
        kept = self._kept
        if kept is None or kept[0] is not step or kept[1] is not live or kept[2] != rest:
            hand = ShownHand.of(
                step, live, geometry, selected=selected, lifted=lifted, lifts_received=lifts_received
            )
            kept = self._kept = (step, live, rest, hand)
        return kept[3]


def card_on_its_way(steps: Iterable[Step]) -> Card | None:
    """The card you played that has yet to land (waiting for a finished trick to go, or flying), among
    the ``steps`` of motion queued."""
    for step in steps:
        if step.kind == "play" and step.base.to_move is HUMAN:
            return next(iter(step.hidden), None)
    return None


def card_waiting(steps: Sequence[Step]) -> Card | None:
    """The card you played while a finished trick still had its least time to show: it stands raised
    until the trick goes, then goes down."""
    return None if not steps or steps[0].kind == "play" else card_on_its_way(steps)
