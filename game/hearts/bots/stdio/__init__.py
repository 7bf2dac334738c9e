"""Play a bot over standard input and output: ``python -m hearts.bots.stdio --level normal``.

One JSON request per line, one JSON answer per line (flushed at once), so any program can pit its
bots against ours. A request describes one seat's view of the hand in progress:

- ``seat`` 0-3 in play order (seat + 1 plays next and receives a left pass); ``phase`` ``"pass"``,
  ``"play"`` or ``"moon"``; ``pass_direction`` ``"left"``, ``"right"``, ``"across"`` or ``"none"``;
- ``hand``: the cards the seat holds now; ``passed`` and ``received``: its three cards each way,
  once the exchange is done;
- ``tricks``: this hand's completed tricks, each ``{"leader": seat, "cards": [...]}`` in play
  order; ``trick``: the trick in progress, in the same shape;
- optional ``scores`` (the four totals before this hand) and ``rules`` (``target``, ``moon``
  ``"add"``/``"choose"``/``"subtract"``, ``jack_of_diamonds``, ``ties``, ``queen_breaks_hearts``
  (also read under its old name ``qs_breaks_hearts``), ``points_on_first_trick``); the standard table
  when absent;
- optional ``hand_number`` (1 and up) and ``seed`` (the match's seed, 0 to 2**64-1): with them the bot
  thinks as the game's bot in that seat of that match does (its seed ``deals.seat_seed(seed, seat)``,
  the hand's number in its view), so it chooses what the game's bot would; without them the hand number is the
  first of the pass cycle with that direction and the bot's seed is the one it was started with.

Cards are written as the engine writes them ("QS", "TH"; "10H" and suit symbols are accepted).
The answer is a card to play (``"QS"``), a list of three cards to pass, or ``"add"`` / ``"subtract"``
for the moon. A malformed or impossible request gets ``{"error": "..."}`` and the next line is read.

The package: ``fields`` reads each field, ``request`` turns a request into a view (checking the hand so
far) and back, ``answering`` answers line by line and is the program.
"""

from .answering import answer, main, respond, serve
from .request import request_from_view, view_from_request

__all__ = ["answer", "main", "request_from_view", "respond", "serve", "view_from_request"]
