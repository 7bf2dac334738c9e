"""A match: hands in turn, the pass cycle, the dealer, totals, the moon, the target and the winners.

Chance stays outside: the match waits in ``Phase.DEAL`` for a ``Deal`` move, which a seeded
dealer (``hearts.deals``) or a test supplies.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from .cards import EMPTY, HEARTS_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, CardSet, Seat, Suit
from .events import Event, HandScored, HandStarted, MatchOver, MoonChoiceNeeded, Trick
from .hand import NOT_YOUR_TURN, Hand, HandPhase
from .moves import MOON_OPTIONS, PLAYS_BY_BYTE, Deal, MoonChoice, Move, Pass, Play
from .reasons import REASONS, IllegalMove, Reason, Refusal
from .rules import (
    FULL_MOON,
    JACK_BONUS,
    PASS_CYCLE,
    PASS_SIZE,
    STANDARD,
    TRICKS,
    Moon,
    PassDirection,
    Rules,
    Ties,
    moon_scores,
)
from .snapshot import Snapshot
from .views import Phase, PlayerView

_MATCH_IS_OVER: Final = REASONS[Refusal.MATCH_IS_OVER]
_DEAL_FIRST: Final = REASONS[Refusal.DEAL_FIRST]
_NOT_A_DEAL_NOW: Final = REASONS[Refusal.NOT_A_DEAL_NOW]
_NO_MOON_NOW: Final = REASONS[Refusal.NO_MOON_NOW]
_NOT_THE_SHOOTER: Final = REASONS[Refusal.NOT_THE_SHOOTER]
_CHOOSE_THE_MOON: Final = REASONS[Refusal.CHOOSE_THE_MOON]
_MOON_ADD_OR_SUBTRACT: Final = REASONS[Refusal.MOON_ADD_OR_SUBTRACT]
FIRST_DEALER: Final = Seat.EAST
MAX_CYCLE: Final = 64
"""The longest pass cycle a match takes: the standard one has four steps."""

_SEATS: Final = tuple(Seat)
_SUITS: Final = tuple(Suit)

# Enum members read through their class cost a ``__getattr__`` hook each time on Python 3.11
# (see ``hand``), so the queries asked at every move use module constants.
_PASSING: Final = HandPhase.PASSING
_PLAYING: Final = HandPhase.PLAYING
_FINISHED: Final = HandPhase.FINISHED
_DEAL: Final = Phase.DEAL
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_MOON: Final = Phase.MOON
_OVER: Final = Phase.OVER
_SHOOTER_CHOOSES: Final = Moon.SHOOTER_CHOOSES


def dealer_for(hand_number: int) -> Seat:
    """The standard dealer: East deals the first hand, so South gets the first card; the deal moves
    one seat left a hand."""
    return FIRST_DEALER.offset(hand_number - 1)


class Match:
    """A whole match under one set of rules; ``apply`` is its only transition."""

    __slots__ = (
        "_hand",
        "_moves",
        "_results",
        "_shooter",
        "_snapshot",
        "_totals",
        "_winners",
        "first_dealer",
        "hands_before",
        "pass_cycle",
        "rules",
        "totals_before",
    )

    def __init__(
        self,
        rules: Rules = STANDARD,
        *,
        hands_before: int = 0,
        totals_before: tuple[int, int, int, int] = (0, 0, 0, 0),
        pass_cycle: Sequence[PassDirection] = PASS_CYCLE,
        first_dealer: Seat = FIRST_DEALER,
    ) -> None:
        """A new match, or (for lessons and tests) one that starts after ``hands_before`` hands
        with the given totals.

        Hand ``n`` passes ``pass_cycle[(n - 1) % len(pass_cycle)]`` and is dealt by
        ``first_dealer.offset(n - 1)``: by default left, right, across, no pass, with East dealing
        hand 1. ``pass_cycle=(PassDirection.ACROSS,)`` passes across every hand.
        """
        if type(hands_before) is not int or hands_before < 0:
            raise ValueError(f"hands_before is a whole number, not {hands_before!r}")
        if len(totals_before) != 4 or any(type(total) is not int for total in totals_before):
            raise ValueError(f"totals_before is four whole numbers, not {totals_before!r}")
        cycle = tuple(pass_cycle)
        if not 0 < len(cycle) <= MAX_CYCLE or any(type(step) is not PassDirection for step in cycle):
            raise ValueError(f"pass_cycle is 1 to {MAX_CYCLE} pass directions, not {pass_cycle!r}")
        if type(first_dealer) is not Seat:
            raise ValueError(f"first_dealer is a Seat, not {first_dealer!r}")
        self.rules = rules
        self.hands_before = hands_before
        self.totals_before = tuple(totals_before)
        self.pass_cycle = cycle
        self.first_dealer = first_dealer
        self._totals = list(totals_before)
        self._hand: Hand | None = None
        self._results: list[HandScored] = []
        self._moves: list[Move] = []
        self._shooter: Seat | None = None
        self._winners: tuple[Seat, ...] = ()
        self._snapshot: tuple[int, Snapshot] | None = None

    def copy(self) -> Match:
        clone = object.__new__(Match)
        clone.rules = self.rules
        clone.hands_before = self.hands_before
        clone.totals_before = self.totals_before
        clone.pass_cycle = self.pass_cycle
        clone.first_dealer = self.first_dealer
        clone._totals = self._totals.copy()
        clone._hand = self._hand.copy() if self._hand else None
        clone._results = self._results.copy()
        clone._moves = self._moves.copy()
        clone._shooter = self._shooter
        clone._winners = self._winners
        clone._snapshot = self._snapshot
        return clone

    def at_start(self) -> Match:
        """A match with the same rules and start as this one, before its first move: replaying
        ``moves`` into it rebuilds this match."""
        first, second, third, fourth = self.totals_before
        return Match(
            self.rules,
            hands_before=self.hands_before,
            totals_before=(first, second, third, fourth),
            pass_cycle=self.pass_cycle,
            first_dealer=self.first_dealer,
        )

    # Queries -------------------------------------------------------------------------------

    def pass_direction_of(self, hand_number: int) -> PassDirection:
        """Where hand ``hand_number`` (counted from 1) passes: the pass cycle, round and round."""
        cycle = self.pass_cycle
        return cycle[(hand_number - 1) % len(cycle)]

    def dealer_of(self, hand_number: int) -> Seat:
        """Who deals hand ``hand_number``: the first dealer, then one seat left a hand."""
        return self.first_dealer.offset(hand_number - 1)

    @property
    def phase(self) -> Phase:
        hand = self._hand
        if hand is not None and hand.phase is _PLAYING:
            return _PLAY
        if self._winners:
            return _OVER
        if self._shooter is not None:
            return _MOON
        if hand is None or hand.phase is _FINISHED:
            return _DEAL
        return _PASS

    @property
    def hand(self) -> Hand | None:
        """The current (or last finished) hand; read it, never change it."""
        return self._hand

    @property
    def hand_number(self) -> int:
        return self._hand.number if self._hand else self.hands_before

    @property
    def to_move(self) -> Seat | None:
        """Who must act next: the seat to play, the moon shooter; None while dealing, passing or over.

        While passing the four choose at once, so no one seat is to move: ``awaiting`` names the
        seats still to pass and ``legal_pass_cards`` what each may give."""
        hand = self._hand
        if hand is not None and hand.phase is _PLAYING:
            return hand.to_move
        if self._shooter is not None and not self._winners:
            return self._shooter
        return None

    @property
    def awaiting(self) -> tuple[Seat, ...]:
        """Every seat whose move the match waits for (all four may pass at once)."""
        phase = self.phase
        if phase is _PASS:
            assert self._hand is not None
            return self._hand.waiting_to_pass
        seat = self.to_move
        return () if seat is None else (seat,)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total over the hands scored so far."""
        return tuple(self._totals)

    @property
    def is_over(self) -> bool:
        return bool(self._winners)

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self._winners

    @property
    def results(self) -> tuple[HandScored, ...]:
        return tuple(self._results)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied so far, deals included: replaying them rebuilds this match."""
        return tuple(self._moves)

    @property
    def move_count(self) -> int:
        """How many moves have been applied: it changes exactly when the match does."""
        return len(self._moves)

    def points(self) -> tuple[int, ...]:
        """Penalty points each seat has taken in the current hand: one a heart, 13 for the Q♠.

        The J♦ is never among them (the moon is judged on these, as in ``HandScored.points``);
        ``scores()`` adds it.
        """
        return tuple(self._hand.points) if self._hand else (0, 0, 0, 0)

    def scores(self) -> tuple[int, ...]:
        """What each seat scores for the current hand so far: its points, and −10 for the J♦'s
        taker under that option; once the hand is scored, exactly its ``HandScored.scores``."""
        hand = self._hand
        if hand is None:
            return (0, 0, 0, 0)
        results = self._results
        if results and results[-1].hand_number == hand.number:
            return results[-1].scores
        return self._scores_taken(hand)

    def _scores_taken(self, hand: Hand) -> tuple[int, ...]:
        """What each seat's tricks score in ``hand`` so far: its points, and the J♦'s −10 for its
        taker under that option; the moon not applied."""
        scores = list(hand.points)
        if self.rules.jack_of_diamonds:
            taken = hand.taken
            for seat in _SEATS:
                if taken[seat] >> JACK_OF_DIAMONDS & 1:
                    scores[seat] += JACK_BONUS
        return tuple(scores)

    def snapshot(self) -> Snapshot:
        """The whole state now, every hand included, as one frozen value (see ``Snapshot``).

        Taken again before the next move it is the same object."""
        count = len(self._moves)
        cached = self._snapshot
        if cached is not None and cached[0] == count:
            return cached[1]
        hand = self._hand
        totals = tuple(self._totals)
        if hand is None:
            upcoming = self.hands_before + 1
            nothing = (EMPTY, EMPTY, EMPTY, EMPTY)
            snapshot = Snapshot(
                rules=self.rules,
                phase=Phase.DEAL,
                hand_number=self.hands_before,
                dealer=self.dealer_of(upcoming),
                pass_direction=self.pass_direction_of(upcoming),
                hands=nothing,
                passed=nothing,
                received=nothing,
                trick=Trick(Seat.SOUTH, ()),
                led_suit=None,
                tricks=(),
                taken=nothing,
                points=(0, 0, 0, 0),
                scores=(0, 0, 0, 0),
                hearts_broken=False,
                queen_played=False,
                to_move=None,
                awaiting=(),
                legal=EMPTY,
                totals=totals,
                moon_shooter=None,
                winners=(),
            )
        else:
            cards = CardSet.from_mask
            led = hand.led_suit
            snapshot = Snapshot(
                rules=self.rules,
                phase=self.phase,
                hand_number=hand.number,
                dealer=hand.dealer,
                pass_direction=hand.direction,
                hands=tuple(map(cards, hand.hands)),
                passed=tuple(map(cards, hand.passed)),
                received=tuple(map(cards, hand.received)),
                trick=Trick(hand.leader, tuple(hand.trick)),
                led_suit=None if led < 0 else _SUITS[led],
                tricks=tuple(hand.tricks),
                taken=tuple(map(cards, hand.taken)),
                points=tuple(hand.points),
                scores=self.scores(),
                hearts_broken=hand.hearts_broken,
                queen_played=hand.queen_played,
                to_move=self.to_move,
                awaiting=self.awaiting,
                legal=self.legal_plays(),
                totals=totals,
                moon_shooter=self._shooter,
                winners=self._winners,
            )
        self._snapshot = (count, snapshot)
        return snapshot

    def legal_plays(self) -> CardSet:
        """The cards the seat to move may play (empty outside the play)."""
        hand = self._hand
        if hand is None or hand.phase is not _PLAYING:
            return EMPTY
        return CardSet.from_mask(hand.legal_mask())

    def legal_pass_cards(self, seat: Seat) -> CardSet:
        """The cards ``seat`` may pass now: its whole hand while it is still to choose, else none.

        Any three of them make a legal ``Pass``, so no combination needs listing.
        """
        hand = self._hand
        if hand is None or hand.phase is not _PASSING or hand.passed[seat]:
            return EMPTY
        return CardSet.from_mask(hand.hands[seat])

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """The moves of ``seat`` (default: the seat to move, or the first still to pass) that
        ``why_illegal`` has nothing against. A deal is chance's move and is never listed.

        While passing that is every three of the seat's 13 cards, 286 passes: ``legal_pass_cards``
        answers the same question without listing them."""
        hand = self._hand
        if hand is not None and hand.phase is _PLAYING:
            to_move = hand.to_move
            if seat is not None and seat != to_move:
                return []
            mask = hand.legal
            moves: list[Move] = []
            for table in PLAYS_BY_BYTE[to_move]:  # as cards.card_list: a byte of the mask a step
                if not mask:
                    break
                byte = mask & 0xFF
                if byte:
                    moves += table[byte]
                mask >>= 8
            return moves
        phase = self.phase
        if phase is _PASS:
            assert hand is not None
            waiting = hand.waiting_to_pass
            seat = waiting[0] if seat is None else seat
            if seat not in waiting:
                return []
            cards = CardSet.from_mask(hand.hands[seat])
            return [Pass(seat, CardSet(three)) for three in combinations(cards, PASS_SIZE)]
        if phase is _MOON:
            shooter = self._shooter
            assert shooter is not None
            if seat is not None and seat != shooter:
                return []
            return [MoonChoice(shooter, moon) for moon in MOON_OPTIONS]
        return []

    def why_illegal(self, move: Move) -> Reason | None:
        """Why ``move`` may not be applied now (its kind and facts; ``str`` of it is the sentence the
        table shows); None when it may."""
        phase = self.phase
        if phase is _OVER:
            return _MATCH_IS_OVER
        if phase is _MOON:
            if not isinstance(move, MoonChoice):
                return _CHOOSE_THE_MOON
            if move.seat != self._shooter:
                return _NOT_THE_SHOOTER
            return None if move.moon in MOON_OPTIONS else _MOON_ADD_OR_SUBTRACT
        if isinstance(move, Deal):
            return None if phase is _DEAL else _NOT_A_DEAL_NOW
        if phase is _DEAL:
            return _DEAL_FIRST
        hand = self._hand
        assert hand is not None
        if isinstance(move, Play):
            return hand.why_illegal_play(move.seat, move.card)
        if isinstance(move, Pass):
            return hand.why_illegal_pass(move.seat, move.cards)
        return _NO_MOON_NOW

    # The transition ------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        """Check ``move`` and carry it out, returning what happened; an illegal move raises
        ``IllegalMove`` and changes nothing."""
        hand = self._hand
        if hand is not None:
            # The two moves of every hand go straight to the hand, which checks them itself and
            # refuses with the same reasons as why_illegal: a play while playing, a pass while
            # passing (a hand still passing means the match is neither over nor waiting on a moon).
            if isinstance(move, Play) and hand.phase is _PLAYING:
                events = hand.play(move.seat, move.card)
                self._moves.append(move)
                if len(hand.tricks) == TRICKS:
                    events.extend(self._score_hand(hand))
                return events
            if isinstance(move, Pass) and hand.phase is _PASSING:
                events = hand.choose_pass(move.seat, move.cards)
                self._moves.append(move)
                return events
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        if isinstance(move, Deal):
            events = self._deal(move)
        elif isinstance(move, Pass):
            assert hand is not None
            events = hand.choose_pass(move.seat, move.cards)
        elif isinstance(move, MoonChoice):
            assert hand is not None
            self._shooter = None
            events = self._finish_hand(hand, move.seat, move.moon)
        else:  # pragma: no cover - why_illegal refuses every other kind
            raise IllegalMove(NOT_YOUR_TURN)
        self._moves.append(move)
        return events

    def _deal(self, deal: Deal) -> list[Event]:
        number = self.hand_number + 1
        masks = tuple(hand.mask for hand in deal.hands)
        hand = Hand(
            self.rules,
            number,
            self.dealer_of(number),
            (masks[0], masks[1], masks[2], masks[3]),
            self.pass_direction_of(number),
        )
        self._hand = hand
        return [HandStarted(number, hand.dealer, hand.direction)]

    def _score_hand(self, hand: Hand) -> list[Event]:
        shooter = next((seat for seat in _SEATS if hand.points[seat] == FULL_MOON), None)
        if shooter is None:
            return self._finish_hand(hand, None, None)
        if self.rules.moon is _SHOOTER_CHOOSES:
            self._shooter = shooter
            return [MoonChoiceNeeded(shooter)]
        return self._finish_hand(hand, shooter, self.rules.moon)

    def _finish_hand(self, hand: Hand, shooter: Seat | None, moon: Moon | None) -> list[Event]:
        scores = list(hand.points if shooter is None or moon is None else moon_scores(moon, shooter))
        jack_taker = None
        if self.rules.jack_of_diamonds:
            jack_taker = next(seat for seat in _SEATS if hand.taken[seat] >> JACK_OF_DIAMONDS & 1)
            scores[jack_taker] += JACK_BONUS
        for seat in _SEATS:
            self._totals[seat] += scores[seat]
        result = HandScored(
            hand.number,
            tuple(hand.points),
            tuple(scores),
            tuple(self._totals),
            shooter,
            moon,
            jack_taker,
            tuple((hand.taken[seat] & HEARTS_MASK).bit_count() for seat in _SEATS),
            next(seat for seat in _SEATS if hand.taken[seat] >> QUEEN_OF_SPADES & 1),
        )
        self._results.append(result)
        events: list[Event] = [result]
        winners = self._winners_now()
        if winners:
            self._winners = winners
            events.append(MatchOver(winners, tuple(self._totals)))
        return events

    def _winners_now(self) -> tuple[Seat, ...]:
        """Once a total reaches the target: the unique lowest, or every tied lowest under a shared
        win; nobody yet while the lowest is tied and the table plays on."""
        totals = self._totals
        if max(totals) < self.rules.target:
            return ()
        lowest = min(totals)
        leaders = tuple(seat for seat in _SEATS if totals[seat] == lowest)
        if len(leaders) == 1 or self.rules.ties is Ties.SHARED_WIN:
            return leaders
        return ()

    # What a seat may know ------------------------------------------------------------------

    def view_for(self, seat: Seat) -> PlayerView:
        """Everything ``seat`` may know, and nothing more."""
        hand = self._hand
        phase = self.phase
        if hand is None:
            upcoming = self.hands_before + 1
            return PlayerView(
                seat=seat,
                rules=self.rules,
                phase=phase,
                hand_number=self.hands_before,
                dealer=self.dealer_of(upcoming),
                pass_direction=self.pass_direction_of(upcoming),
                hand=CardSet(),
                passed=None,
                received=None,
                has_passed=(False,) * 4,
                tricks=(),
                trick=Trick(seat, ()),
                to_move=None,
                legal=CardSet(),
                hearts_broken=False,
                queen_played=False,
                voids=(frozenset(),) * 4,
                points=(0,) * 4,
                scores_taken=(0,) * 4,
                totals=tuple(self._totals),
            )
        exchanged = hand.direction is not PassDirection.NONE and all(hand.passed)
        legal = hand.legal_mask() if phase is _PLAY and hand.to_move == seat else 0
        return PlayerView(
            seat=seat,
            rules=self.rules,
            phase=phase,
            hand_number=hand.number,
            dealer=hand.dealer,
            pass_direction=hand.direction,
            hand=CardSet.from_mask(hand.hands[seat]),
            passed=CardSet.from_mask(hand.passed[seat]) if hand.passed[seat] else None,
            received=CardSet.from_mask(hand.received[seat]) if exchanged else None,
            has_passed=tuple(bool(mask) for mask in hand.passed),
            tricks=tuple(hand.tricks),
            trick=hand.current_trick,
            to_move=self.to_move,
            legal=CardSet.from_mask(legal),
            hearts_broken=hand.hearts_broken,
            queen_played=hand.queen_played,
            voids=tuple(frozenset(suit for suit in _SUITS if voids >> suit & 1) for voids in hand.voids),
            points=tuple(hand.points),
            scores_taken=self._scores_taken(hand),
            totals=tuple(self._totals),
            moon_shooter=self._shooter,
        )
