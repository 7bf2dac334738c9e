"""One match against three bots: the engine, the deals, the bots' thinking, and the match as its save
keeps it (``to_saved``).

No drawing here, no clock of its own and no saving: the table lets the bots think a step at a time in
each frame's spare time and decides when their moves are shown, and tells its mode to keep the match
after each move. The coach judges your decisions in the time left over (``coach``), so a hand's review
is ready when the hand ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..bots import Bot, Thinking, make_bot
from ..challenge import Challenge
from ..coach import Coaching, seed_for
from ..deals import deal_for, new_seed, seat_seed
from ..engine import (
    Card,
    CardSet,
    Deal,
    Event,
    HandScored,
    Match,
    Moon,
    MoonChoice,
    Pass,
    Phase,
    Play,
    PlayerMove,
    PlayerView,
    Reason,
    Rules,
    Seat,
)
from ..storage import SavedMatch
from ..storage.saved_match import new_match_id

HUMAN = Seat.SOUTH
BOT_SEATS = (Seat.WEST, Seat.NORTH, Seat.EAST)


class Session:
    """The human in the South seat against three bots of one level (changed only between hands)."""

    def __init__(
        self,
        match: Match,
        seed: int,
        bot_level: str,
        *,
        reviewed: Mapping[int, int] | None = None,
        challenge: Challenge | None = None,
        match_id: str | None = None,
    ) -> None:
        self.match = match
        self.match_id = new_match_id() if match_id is None else match_id
        """Made when the match starts and kept in its save, so it counts once whichever window ends it."""
        self.seed = seed
        self.bot_level = bot_level
        self.challenge = challenge
        """A friend's match replayed: its bots keep ``bot_level`` (a new difficulty waits for the next
        match), and the result is compared with the friend's score."""
        self._bots: dict[Seat, Bot] = {}
        self._thinking: Thinking | None = None
        self._thinking_for: tuple[Seat, int] | None = None
        self._ahead: list[tuple[tuple[Seat, int], Match, Thinking]] = []
        """The next bots' thinking, begun before the moves they follow are applied (``think_on``): by
        the seat and move count each is for, with the match as it will be then."""
        self._ahead_ends = False
        """Whether the last of them is the last bot to move before your turn or the hand's end."""
        self._view: tuple[Match, int, PlayerView] | None = None
        self.coaching = Coaching(seed_for(seed))
        """Your decisions judged by Hard, a slice at a time: the hand reviews, and what the hands
        ``reviewed`` before a reload lost (from the save)."""
        self.coaching.catch_up(match, reviewed)

    @classmethod
    def new(cls, rules: Rules, bot_level: str, seed: int | None = None) -> Session:
        return cls(Match(rules), new_seed() if seed is None else seed, bot_level)

    @classmethod
    def from_saved(cls, saved: SavedMatch) -> Session:
        """The match a save holds, ready to play on exactly where it was."""
        return cls(
            saved.match,
            saved.seed if saved.seed is not None else 0,
            saved.bot_level,
            reviewed=saved.points_lost_tenths,
            challenge=saved.challenge,
            match_id=saved.match_id,
        )

    def to_saved(self) -> SavedMatch:
        """The match as the autosave keeps it, with the coach's tally of the hands reviewed so far."""
        return SavedMatch(
            self.match,
            self.seed,
            self.bot_level,
            False,  # counted in the statistics: Store.record_finished marks it
            dict(self.coaching.points_lost_tenths),
            challenge=self.challenge,
            match_id=self.match_id,
        )

    # What the table asks -------------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        """Your view of the match, built once per move (the table reads it many times a frame)."""
        match, count = self.match, self.match.move_count
        if self._view is None or self._view[0] is not match or self._view[1] != count:
            self._view = (match, count, match.view_for(HUMAN))
        return self._view[2]

    @property
    def phase(self) -> Phase:
        return self.match.phase

    @property
    def results(self) -> Sequence[HandScored]:
        return self.match.results

    def take_refusals(self) -> list[Reason]:
        """None: the engine here refuses a move at once (``IllegalMove``)."""
        return []

    def why_not(self, card: Card) -> Reason | None:
        """Why the engine says you may not play ``card`` now (None: you may)."""
        return self.match.why_illegal(Play.of(HUMAN, card))

    @property
    def needs_deal(self) -> bool:
        return self.match.phase is Phase.DEAL

    @property
    def is_human_turn(self) -> bool:
        return HUMAN in self.match.awaiting

    @property
    def bot_to_move(self) -> Seat | None:
        """The bot whose move the match waits for (during passing, the first still choosing)."""
        for seat in self.match.awaiting:
            if seat is not HUMAN:
                return seat
        return None

    # Moves -----------------------------------------------------------------------------------

    def deal(self, bot_level: str | None = None, deal: Deal | None = None) -> list[Event]:
        """Deal the next hand (the seed's, unless ``deal`` is given); a new difficulty takes effect
        here, between hands."""
        if self.challenge is not None:
            bot_level = None  # the friend's bots, as they played for them
        if bot_level is not None and bot_level != self.bot_level:
            self.bot_level = bot_level
            self._bots.clear()
        return self._apply(deal if deal is not None else deal_for(self.seed, self.match.hand_number + 1))

    def play(self, card: Card) -> list[Event]:
        """The human plays ``card``; an illegal card raises ``IllegalMove`` and changes nothing."""
        return self._apply(Play.of(HUMAN, card))

    def pass_cards(self, cards: CardSet) -> list[Event]:
        return self._apply(Pass(HUMAN, cards))

    def choose_moon(self, moon: Moon) -> list[Event]:
        return self._apply(MoonChoice(HUMAN, moon))

    def think(self, seconds: float) -> PlayerMove | None:
        """Let the bot to move think for about ``seconds``; its move once decided (not yet applied)."""
        seat = self.bot_to_move
        if seat is None:
            return None
        key = (seat, len(self.match.moves))
        if self._thinking is None or self._thinking_for != key:
            ahead = self._ahead
            if ahead and ahead[0][0] == key:
                self._thinking = ahead.pop(0)[2]  # begun while the moves before it were still to be shown
            else:
                self._thinking = Thinking(self._bot(seat), self.match.view_for(seat))
                ahead.clear()
                self._ahead_ends = False
            self._thinking_for = key
        return self._thinking.advance(seconds)

    def think_on(self) -> bool:
        """One step of the bots' thinking; whether there was any to do. The bot to move thinks; once it
        has decided, the bot after it starts on the view that move will leave it, and so on up to your
        turn or the hand's end, while the table is still to show those moves. Each move is certain, and
        a bot's choice depends only on its view and seed, so each chooses exactly what it would have
        chosen later."""
        if self.bot_to_move is None:
            return False
        if not self.bot_move_ready:
            self.think(0.0)
            return True
        for _, _, ahead in self._ahead:
            if not ahead.is_done:
                ahead.advance(0.0)
                return True
        if self._ahead_ends:
            return False
        assert self._thinking is not None
        _, match, thinking = self._ahead[-1] if self._ahead else (None, self.match, self._thinking)
        assert thinking.move is not None
        after = match.copy()
        after.apply(thinking.move)
        seat = after.to_move
        if (
            HUMAN in after.awaiting
            or after.phase is not Phase.PLAY
            or seat is None
            or not self._thinks_for(seat)
        ):
            self._ahead_ends = True
            return False
        self._ahead.append(((seat, len(after.moves)), after, Thinking(self._bot(seat), after.view_for(seat))))
        return True

    @property
    def bot_move_ready(self) -> bool:
        """Whether the bot to move has decided its move (``think`` returned it)."""
        seat = self.bot_to_move
        thinking = self._thinking
        ready = seat is not None and self._thinking_for == (seat, len(self.match.moves))
        return ready and thinking is not None and thinking.move is not None

    @property
    def bots_thinking_ahead(self) -> int:
        """How many bots after the one to move have begun on the views its move will leave them."""
        return len(self._ahead)

    def apply_bot_move(self) -> list[Event]:
        """Carry out the move the bot to move has decided (``think`` returned it)."""
        thinking = self._thinking
        if not self.bot_move_ready or thinking is None or thinking.move is None:
            raise RuntimeError("no bot move is ready")
        move = thinking.move
        self._thinking = None
        return self._apply(move)

    def _thinks_for(self, seat: Seat) -> bool:
        """Whether this page's bot will choose ``seat``'s move (every seat but yours, here)."""
        return seat is not HUMAN

    def _bot(self, seat: Seat) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            # Each seat's bot is seeded from the match, so a reloaded match plays on identically.
            bot = self._bots[seat] = make_bot(self.bot_level, seed=seat_seed(self.seed, seat))
        return bot

    def coach(self, seconds: float) -> bool:
        """Let the coach judge your decisions for about ``seconds``; whether it had work. While you
        choose a card, once it has caught up, it weighs the choice you are making."""
        choosing = self.is_human_turn and self.match.phase is Phase.PLAY
        self.coaching.anticipate(self.view if choosing else None)
        return self.coaching.advance(seconds)

    def _apply(self, move: Deal | PlayerMove) -> list[Event]:
        if isinstance(move, Pass | Play) and move.seat is HUMAN:
            self.coaching.note(self.view, move)
        events = self._move(move)
        for event in events:
            if isinstance(event, HandScored):
                self.coaching.hand_over(event.hand_number)
        return events

    def _move(self, move: Deal | PlayerMove) -> list[Event]:
        """The engine's transition (a table with friends plays it at its host)."""
        return self.match.apply(move)
