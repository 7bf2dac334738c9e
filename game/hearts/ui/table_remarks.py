"""What the table says on its message line: why your last try was refused (for a while, or until your
next move), a passing remark (a hint's suggestion), and the refused card itself, which shakes with its
reason beside it; and the line itself, the prompt as the cards on the table show it when nothing was
said.

The seam: the table decides when something is said (a ``table_input.Say``, in its mode's words);
``Remarks`` keeps what was said and runs its clocks, and the functions here turn the match as shown
into words, reading nothing else (``message_line`` is the frame's line).
"""

from __future__ import annotations

from ..engine import Card, Phase, PlayerView, Seat, Trick
from ..words import prompt, seat_name, trick_taken
from .motion import Step
from .table_controls import is_players_move
from .table_pace import REASON_TIME, REFUSED_BUBBLE, REFUSED_SHAKE

SETTLED = "No points left: the rest plays itself."
"""The line while a hand with nothing left to play for plays itself to the end."""


class Remarks:
    """The reason or the remark showing, and the refused card, each on its own clock."""

    def __init__(self) -> None:
        self.reason: str | None = None
        """Why the last try was refused: shown until the next move or choice (or ``REASON_TIME``)."""
        self.note: str | None = None
        """A passing remark (a hint's suggestion), shown until the next move."""
        self.reason_age = 0.0
        self.refused: Card | None = None
        self.refused_age = 0.0
        """The card last refused, and seconds since (it shakes, then its reason shows beside it)."""

    @property
    def said(self) -> str | None:
        """What the line says instead of the prompt, if anything."""
        return self.reason or self.note or None

    def say(self, text: str, *, reason: bool) -> None:
        """Show ``text`` as a reason (a refusal) or as a remark."""
        if reason:
            self.reason = text
            self.reason_age = 0.0
        else:
            self.reason = None
            self.note = text
        self.refused = None

    def refuse(self, card: Card, reason: str) -> None:
        """``card`` may not be played, for ``reason``: it shakes, its reason beside it."""
        self.say(reason, reason=True)
        self.refused, self.refused_age = card, 0.0

    def clear(self) -> None:
        """Nothing to say (the player moved or chose)."""
        self.reason = self.note = None

    def tick(self, dt: float) -> bool:
        """Run the refusal's shake and bubble and the reason's stay; whether the table looks different."""
        changed = False
        if self.refusal_shown is not None:
            self.refused_age += dt
            changed = True
        if self.reason is not None:
            self.reason_age += dt
            if self.reason_age >= REASON_TIME:
                self.reason = None
                changed = True
        return changed

    @property
    def is_still(self) -> bool:
        """Whether no refusal and no reason runs on its clock."""
        return self.refusal_shown is None and self.reason is None

    @property
    def refusal_shown(self) -> tuple[Card, str, float] | None:
        """The refused card whose reason shows beside it, the reason, and its shake (0 when still)."""
        if self.refused is None or self.reason is None or self.refused_age >= REFUSED_BUBBLE:
            return None
        shake = max(0.0, 1 - self.refused_age / REFUSED_SHAKE)
        return self.refused, self.reason, shake


def waiting_words(phase: Phase, bot_to_move: Seat | None) -> str:
    """Why a card you tapped was not taken: the match waits for someone else."""
    if phase is Phase.PASS:
        return "Wait for the others to choose their cards."
    if bot_to_move is None:
        return "Wait a moment."
    return f"Wait for {seat_name(bot_to_move)} to play."


def message_line(
    *,
    said: str | None,
    shown: PlayerView,
    current: Step | None,
    players_move: bool,
    on_its_way: bool,
    settled: bool,
    chosen: int,
    guide: str | None,
    jack_counts: bool,
) -> str:
    """The message line: what was ``said``, else the prompt as the cards on the table show it
    (``shown``, while ``current`` shows; never your turn before the card before it has landed), after
    who took the last trick; a guided table's own line (``guide``) instead of the prompt."""
    if said is not None:
        return said
    if settled and shown.phase is Phase.PLAY:
        return SETTLED
    if guide is not None:
        return guide
    stale = is_players_move(shown, waiting=False) and not players_move
    # While your card is on its way, the turn it answered is over and the next is not yet shown;
    # while the passed cards cross, what you were given and who leads are said once they land.
    passing = current is not None and current.kind == "exchange"
    line = "" if stale or passing or on_its_way else prompt(shown, chosen)
    return after_trick(line, taken_showing(shown, current), jack_counts=jack_counts)


def taken_showing(shown: PlayerView, current: Step | None) -> Trick | None:
    """The finished trick the message names: while it is held and collected (``current``), then until
    the next card lands (``shown`` is the match as the table shows it)."""
    if current is not None and current.taken is not None:
        return current.taken
    if shown.phase is Phase.PLAY and shown.tricks and not shown.trick.cards:
        return shown.tricks[-1]
    return None


def after_trick(prompt: str, taken: Trick | None, *, jack_counts: bool) -> str:
    """The prompt, after who took the finished trick showing (if one is showing)."""
    if taken is None:
        return prompt
    words = trick_taken(taken, jack_counts=jack_counts)
    return f"{words}. {prompt}" if prompt else words
