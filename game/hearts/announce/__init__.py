"""What a screen reader says: the engine's events and the human's view as short sentences, one an event,
in the player's terms (the human is always South, "you").

The words come from ``hearts.words``, spoken rather than drawn: the table shows "the Q♠", the reader
says "the queen of spades". One idea a module:

- ``announcement``: the value said (``Announcement``), its priority and the verbosities;
- ``said``: cards, numbers and points in spoken words;
- ``events``: an event's sentences (``for_event``), ``brief`` (one short line, at most 120 characters)
  or ``full`` (the lead, a failure to follow, the running points);
- ``turn``: what you are asked to do on your move (``your_turn``, ``pass_pick``);
- ``refusal``: a refused move, and the table's symbols said in words (``speak_symbols``);
- ``queries``: answers at any moment of a match (``hand_by_suit``, ``scores`` …), never raising;
- ``history``: the game log.
"""

from ..words import card_name
from .announcement import VERBOSITIES, Announcement, Priority, Verbosity
from .events import for_event, for_events
from .history import History
from .queries import cards_out, current_trick, hand_by_suit, passing, scores, trick_story, whose_turn
from .refusal import refusal, speak_symbols
from .said import card_title, cards_spoken
from .turn import pass_pick, your_turn

__all__ = [
    "VERBOSITIES",
    "Announcement",
    "History",
    "Priority",
    "Verbosity",
    "card_name",
    "card_title",
    "cards_out",
    "cards_spoken",
    "current_trick",
    "for_event",
    "for_events",
    "hand_by_suit",
    "pass_pick",
    "passing",
    "refusal",
    "scores",
    "speak_symbols",
    "trick_story",
    "whose_turn",
    "your_turn",
]
