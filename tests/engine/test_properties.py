"""Invariants over thousands of seeded random matches under random table options (STYLE §8).

Cheap invariants run after every move of many matches; the expensive ones (every illegal move at
every position, every view walked, save and load with a continuation) on fewer. Every match is
reproducible from its seed: a failure says which.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.deals import SplitMix64, deal_for
from hearts.engine import (
    CARDS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    CardPlayed,
    CardSet,
    CardsPassed,
    Deal,
    HandScored,
    HandStarted,
    IllegalMove,
    Match,
    MatchOver,
    Moon,
    MoonChoice,
    MoonChoiceNeeded,
    Move,
    Pass,
    PassChosen,
    Phase,
    Play,
    Reason,
    Rules,
    Seat,
    Suit,
    Ties,
    Trick,
    TrickTaken,
    dealer_for,
    record,
)
from tests.engine.helpers import (
    ALL_CARDS,
    ALL_RULES,
    MOON_CHOICES,
    SEATS,
    Driver,
    cards_inside,
    cards_text,
    describe_difference,
    fingerprint,
    hand_cards,
    is_exchanged,
    known_to,
    mask_of,
    new_match,
    play_match,
    played_mask,
    random_rules,
    rules_strategy,
)
from tests.runs import searched

# How many matches each kind of check plays. Natively the whole file takes about 40 s on the
# 2-core development machine. Checking every position costs about 1 ms a position (some 250 moves
# tried there), so the full check covers a few matches at every position and more at sampled ones.
# Inside Pyodide the largest runs play fewer matches (``tests.runs``).

CHEAP_MATCHES: Final = searched(1000, in_pyodide=400)
"""Conservation, points, scores, totals, match end and waiting for a move, after every move."""
FULL_MATCHES: Final = searched(4, in_pyodide=2)
"""Every card for every seat, plus bad passes, deals and moon choices, at every position."""
SAMPLED_FULL_MATCHES: Final = searched(120, in_pyodide=40)
"""The same full check at sampled positions of more matches: the first position of each kind in
a match, and a share of the others."""
SAMPLED_FULL_SHARE: Final = 0.02
VIEW_MATCHES: Final = searched(30, in_pyodide=12)
"""The four views walked for hidden cards after every move."""
SAVE_MATCHES: Final = searched(100, in_pyodide=40)
"""Save and load at random points and at every kind of position, then the same moves to both."""
SAVE_SHARE: Final = 0.01
CONTINUATION: Final = 12
"""How many moves both the match and its reloaded copy take after a save."""
HYPOTHESIS_MATCHES: Final = 40

SUIT_BITS: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))
HEART_BITS: Final = SUIT_BITS[Suit.HEARTS]


@contextmanager
def match_context(seed: int, rules: Rules) -> Iterator[None]:
    """Name the seed and the rules of the match on any failure inside."""
    try:
        yield
    except Exception as error:
        error.add_note(f"match seed {seed}, {rules!r}")
        raise


def penalty_points(mask: int) -> int:
    """Scoring as SPEC §2 states it: one per heart, 13 for the Q♠."""
    return (mask & HEART_BITS).bit_count() + (13 if mask >> QUEEN_OF_SPADES & 1 else 0)


def trick_winner(leader: Seat, cards: tuple[Any, ...]) -> Seat:
    """The highest card of the led suit wins; no trumps."""
    led = cards[0].suit
    best = max((card for card in cards if card.suit == led), key=lambda card: card.rank)
    return leader.offset(cards.index(best))


def expected_winners(totals: list[int], rules: Rules) -> tuple[Seat, ...]:
    """SPEC §2: once a total reaches the target the unique lowest wins; a tied lowest plays on, or
    every tied player wins under the shared-win option."""
    if max(totals) < rules.target:
        return ()
    lowest = min(totals)
    leaders = tuple(seat for seat in SEATS if totals[seat] == lowest)
    if len(leaders) == 1 or rules.ties is Ties.SHARED_WIN:
        return leaders
    return ()


# The cheap invariants ------------------------------------------------------------------------


def check_conservation(match: Match, phase: Phase, checked: list[int] | None = None) -> None:
    """The four hands, the trick in progress and the completed tricks are disjoint and make 52;
    each completed trick went to its highest card of the led suit with its points; the seats took
    those cards, once each, and have the points in them.

    ``checked`` (``[hand number, tricks checked, their cards]``) lets a caller that checks after
    every move look at each completed trick once instead of at every move.
    """
    hand = match.hand
    if hand is None:
        return
    if checked is None:
        checked = [hand.number, 0, 0]
    elif checked[0] != hand.number or checked[1] > len(hand.tricks):
        checked[:] = [hand.number, 0, 0]
    done = checked[2]
    tricks = hand.tricks
    new_tricks = len(tricks) != checked[1]
    if new_tricks:
        for trick in tricks[checked[1] :]:
            cards = mask_of(trick.cards)
            assert len(trick.cards) == 4 and cards.bit_count() == 4
            assert not done & cards, f"{cards_text(done & cards)} in two tricks"
            assert trick.winner == trick_winner(trick.leader, trick.cards)
            assert trick.points == penalty_points(cards)
            # The public queries for tricks the engine did not take itself say the same.
            assert trick.winning_seat == trick.winner and trick.winning_card == trick.card_of(trick.winner)
            assert Trick(trick.leader, trick.cards).completed() == trick
            done |= cards
        checked[1:] = [len(tricks), done]
    hands = hand.hands
    current = hand.trick
    if current:
        partial = Trick(hand.leader, tuple(current))
        assert partial.winning_seat == trick_winner(hand.leader, tuple(current)), "the trick so far"
    in_trick = 0
    for card in current:
        in_trick |= 1 << card
    union = done | hands[0] | hands[1] | hands[2] | hands[3] | in_trick
    count = (
        done.bit_count()
        + len(current)
        + hands[0].bit_count()
        + hands[1].bit_count()
        + hands[2].bit_count()
        + hands[3].bit_count()
    )
    # 52 cards in all, and together they are the whole pack: so no card is in two places.
    assert union == ALL_CARDS, f"missing: {cards_text(ALL_CARDS & ~union)}"
    assert count == 52, f"{count} cards in the hands and tricks"
    assert len(tricks) <= 13 and len(current) < 4
    if new_tricks or not done:
        taken = hand.taken
        assert taken[0] | taken[1] | taken[2] | taken[3] == done
        assert taken[0] + taken[1] + taken[2] + taken[3] == done, "a card taken twice"
        assert match.points() == tuple(penalty_points(mask) for mask in taken)
    if phase is Phase.PLAY:
        # Everyone has played the same number of cards, give or take the trick in progress.
        behind = 13 - len(tricks)
        leader = int(hand.leader)
        in_progress = len(current)
        for index in range(4):
            size = hands[(leader + index) & 3].bit_count()
            assert size == behind - (index < in_progress), "a seat holds a wrong number of cards"


def check_taken(match: Match) -> None:
    """At the end of a hand: what each seat took is exactly the tricks it won."""
    hand = match.hand
    assert hand is not None
    won = [0, 0, 0, 0]
    for trick in hand.tricks:
        won[trick_winner(trick.leader, trick.cards)] |= mask_of(trick.cards)
    assert list(hand.taken) == won


def spec_legal_plays(held: int, trick: list[Any], first_trick: bool, broken: bool, rules: Rules) -> int:
    """The cards that may be played, straight from SPEC §2 (written apart from the engine)."""
    if not trick:
        if first_trick:
            return held & 1 << TWO_OF_CLUBS
        non_hearts = held & ~HEART_BITS
        return held if broken or not non_hearts else non_hearts
    led = SUIT_BITS[trick[0].suit]
    if held & led:
        return held & led
    if first_trick and not rules.points_on_first_trick:
        safe = held & ~(HEART_BITS | 1 << QUEEN_OF_SPADES)
        if safe:
            return safe
    return held


PASS_OFFSETS: Final = (1, 3, 2, 0)
"""By hand number: left (the next seat in play order), right, across, no pass; then again."""


class Referee:
    """Follows a match from the outside and checks each move's events against SPEC §2–3: the deal,
    the exchange, which cards may be played, tricks, points, the moon, totals and the match end."""

    def __init__(self, match: Match, stats: Counter[str]) -> None:
        self.rules = match.rules
        self.stats = stats
        self.hands_before = match.hands_before
        self.totals = list(match.totals_before)
        self.shooter: Seat | None = None
        self.checked = [0, 0, 0]
        self.dealt = [0, 0, 0, 0]
        self.passes = [0, 0, 0, 0]
        self.voids = [0, 0, 0, 0]
        self.broken = False

    def check(self, match: Match, move: Move, events: list[Any]) -> None:
        phase = match.phase
        check_conservation(match, phase, self.checked)
        if type(move) is Play:
            first = events[0]
            assert type(first) is CardPlayed and first.seat == move.seat and first.card == move.card
            if move.card.suit is Suit.HEARTS or (
                move.card == QUEEN_OF_SPADES and self.rules.queen_breaks_hearts
            ):
                self.broken = True
            hand = match.hand
            assert hand is not None and hand.hearts_broken == self.broken
            trick = hand.trick if hand.trick else hand.tricks[-1].cards
            assert trick[-1] == move.card
            if move.card.suit != trick[0].suit:
                self.voids[move.seat] |= 1 << trick[0].suit  # shown out of the led suit
            assert list(hand.voids) == self.voids, "the voids shown are not the suits not followed"
            if len(events) == 1:  # most moves: a card, nothing else
                assert phase is Phase.PLAY and match.awaiting == (move.seat.next,)
                self._check_legal_plays(match)
                return
        elif isinstance(move, Deal):
            self._check_deal(match, move, events)
        elif isinstance(move, Pass):
            self._check_pass(match, move, events)
        scored: list[HandScored] = []
        needed: list[MoonChoiceNeeded] = []
        over: list[MatchOver] = []
        for event in events:
            if isinstance(event, TrickTaken):
                hand = match.hand
                assert hand is not None
                assert event.trick_number == len(hand.tricks)
                assert event.trick == hand.tricks[-1]
                assert event.winner == trick_winner(event.trick.leader, event.trick.cards)
                if len(hand.tricks) < 13:
                    assert match.to_move == event.winner, "the winner of a trick leads the next"
            elif isinstance(event, HandScored):
                scored.append(event)
            elif isinstance(event, MoonChoiceNeeded):
                needed.append(event)
            elif isinstance(event, MatchOver):
                over.append(event)
        if needed:
            self._check_moon_needed(match, needed, scored)
        if scored:
            assert len(scored) == 1
            self._check_scores(match, move, scored[0])
            self._check_end(match, over)
        else:
            assert not over, "the match ended without a hand being scored"
        self._check_waiting(match, phase, move)
        if phase is Phase.PLAY:
            self._check_legal_plays(match)

    def _check_legal_plays(self, match: Match) -> None:
        hand = match.hand
        assert hand is not None and match.to_move is not None
        held = hand.hands[match.to_move]
        if not hand.tricks and not hand.trick:
            assert held >> TWO_OF_CLUBS & 1, "the 2♣ leads the first trick"
        expected = spec_legal_plays(held, hand.trick, not hand.tricks, self.broken, self.rules)
        actual = match.legal_plays().mask
        assert actual == expected, (
            f"{match.to_move.name} may play {cards_text(actual)}, the rules say {cards_text(expected)}"
        )

    def _check_deal(self, match: Match, deal: Deal, events: list[Any]) -> None:
        number = match.hand_number
        assert len(events) == 1 and isinstance(events[0], HandStarted)
        started = events[0]
        assert started.hand_number == number == self.hands_before + len(match.results) + 1
        assert started.dealer == SEATS[(number + 2) % 4], "East deals first, then one seat left"
        assert int(started.pass_direction) == PASS_OFFSETS[(number - 1) % 4]
        self.dealt = [cards.mask for cards in deal.hands]
        self.passes = [0, 0, 0, 0]
        self.voids = [0, 0, 0, 0]
        self.broken = False
        hand = match.hand
        assert hand is not None and list(hand.hands) == self.dealt
        if PASS_OFFSETS[(number - 1) % 4]:
            assert match.phase is Phase.PASS and match.awaiting == SEATS
        else:
            assert match.phase is Phase.PLAY, "a no-pass hand starts with the play"
            self.stats["no-pass hands"] += 1

    def _check_pass(self, match: Match, move: Pass, events: list[Any]) -> None:
        assert not self.passes[move.seat]
        self.passes[move.seat] = move.cards.mask
        assert events[0] == PassChosen(move.seat)
        hand = match.hand
        assert hand is not None
        if not all(self.passes):
            assert len(events) == 1 and match.phase is Phase.PASS
            assert list(hand.hands) == self.dealt, "cards moved before all four had chosen"
            return
        assert len(events) == 2 and isinstance(events[1], CardsPassed)
        assert [cards.mask for cards in events[1].cards] == self.passes
        offset = PASS_OFFSETS[(hand.number - 1) % 4]
        for seat in SEATS:
            giver = seat.offset(-offset)
            expected = self.dealt[seat] & ~self.passes[seat] | self.passes[giver]
            assert hand.hands[seat] == expected, f"{seat.name} holds the wrong cards after passing"
            assert events[1].received_by(seat).mask == self.passes[giver]
        self.stats["exchanges"] += 1

    def _check_moon_needed(
        self, match: Match, needed: list[MoonChoiceNeeded], scored: list[HandScored]
    ) -> None:
        assert self.rules.moon is Moon.SHOOTER_CHOOSES
        assert len(needed) == 1 and not scored
        assert match.points()[needed[0].shooter] == 26
        assert match.phase is Phase.MOON
        assert match.to_move == needed[0].shooter
        assert match.awaiting == (needed[0].shooter,)
        self.shooter = needed[0].shooter
        self.stats["moon choice needed"] += 1

    def _check_scores(self, match: Match, move: Move, result: HandScored) -> None:
        hand = match.hand
        assert hand is not None and len(hand.tricks) == 13
        check_taken(match)
        points = [penalty_points(mask) for mask in hand.taken]
        assert sum(points) == 26
        assert list(result.points) == points
        shooters = [seat for seat in SEATS if points[seat] == 26]
        if not shooters:
            scores = list(points)
            assert result.moon_shooter is None and result.moon is None
            assert self.shooter is None
            if 25 in points:
                self.stats["one short of the moon"] += 1
        else:
            shooter = shooters[0]
            if self.rules.moon is Moon.SHOOTER_CHOOSES:
                # The choice came as the move that scored the hand.
                assert isinstance(move, MoonChoice) and move.seat == shooter == self.shooter
                moon = move.moon
            else:
                assert self.shooter is None
                moon = self.rules.moon
            self.shooter = None
            assert result.moon_shooter == shooter and result.moon is moon
            if moon is Moon.ADD_TO_OTHERS:
                scores = [0 if seat == shooter else 26 for seat in SEATS]
            else:
                assert moon is Moon.SUBTRACT_FROM_SHOOTER
                scores = [-26 if seat == shooter else 0 for seat in SEATS]
            self.stats[f"moon {self.rules.moon.value} → {moon.value}"] += 1
        if self.rules.jack_of_diamonds:
            taker = next(seat for seat in SEATS if hand.taken[seat] >> JACK_OF_DIAMONDS & 1)
            scores[taker] -= 10
            assert result.jack_taker == taker
            self.stats["jack of diamonds"] += 1
            if shooters:
                self.stats["jack of diamonds in a moon hand"] += 1
        else:
            assert result.jack_taker is None
        assert list(result.scores) == scores
        for seat in SEATS:
            self.totals[seat] += scores[seat]
        assert list(result.totals) == self.totals
        assert list(match.totals) == self.totals
        assert match.results[-1] == result
        self.stats["hands"] += 1

    def _check_end(self, match: Match, over: list[MatchOver]) -> None:
        winners = expected_winners(self.totals, self.rules)
        if not winners:
            assert not over and not match.is_over
            if max(self.totals) >= self.rules.target:
                self.stats["tie for lowest: play on"] += 1
            return
        assert len(over) == 1
        assert over[0].winners == winners == match.winners
        assert list(over[0].totals) == self.totals
        assert match.is_over and match.phase is Phase.OVER
        self.stats["shared win" if len(winners) > 1 else "single winner"] += 1

    @staticmethod
    def _check_waiting(match: Match, phase: Phase, move: Move) -> None:
        """Until the match is over it always waits for a move that can be made."""
        if match.is_over:
            assert phase is Phase.OVER
            assert match.legal_moves() == [] and match.awaiting == () and match.to_move is None
            return
        if phase is Phase.DEAL:
            assert match.why_illegal(deal_for(0, match.hand_number + 1)) is None
            return
        assert match.awaiting, f"nobody to wait for in {phase}"
        if phase is Phase.PASS:
            # Listing all 286 choices is left to the full check below; here any three will do.
            for seat in SEATS:
                cards = match.legal_pass_cards(seat)
                if seat not in match.awaiting:
                    assert not cards, f"{seat.name} has passed, yet may pass {cards}"
                    continue
                assert list(cards) == hand_cards(match, seat)
                three = Pass(seat, CardSet(list(cards)[:3]))
                assert match.why_illegal(three) is None, f"{seat.name} cannot pass"
            return
        assert not any(match.legal_pass_cards(seat) for seat in SEATS), f"cards to pass in {phase}"
        # The driver asserts that ``legal_moves()`` is not empty before it chooses from it.
        assert match.awaiting == (match.to_move,)


def test_cheap_invariants_after_every_move() -> None:
    stats: Counter[str] = Counter()
    for seed in range(CHEAP_MATCHES):
        rng = random.Random(seed)
        rules = random_rules(rng)
        with match_context(seed, rules):
            match = new_match(rules, rng)
            referee = Referee(match, stats)
            for _match, move, events in play_match(match, seed, rng):
                referee.check(match, move, events)
            assert match.is_over
            stats["matches"] += 1
            stats["started later"] += bool(match.hands_before or any(match.totals_before))
    # The interesting cases came up, so the checks above were not vacuous.
    assert stats["matches"] == CHEAP_MATCHES
    for kind in (
        "moon add → add",
        "moon subtract → subtract",
        "moon choose → add",
        "moon choose → subtract",
        "one short of the moon",
        "jack of diamonds",
        "jack of diamonds in a moon hand",
        "single winner",
        "shared win",
        "tie for lowest: play on",
        "started later",
        "no-pass hands",
        "exchanges",
    ):
        assert stats[kind] >= 2, f"{kind!r} hardly came up: {dict(stats)}"


@settings(max_examples=HYPOTHESIS_MATCHES, deadline=None)
@given(
    rules=rules_strategy(),
    seed=st.integers(0, 2**64 - 1),
    choices=st.integers(0, 2**32 - 1),
)
def test_any_seed_any_table_plays_a_correct_match(rules: Rules, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    match = new_match(rules, rng)
    referee = Referee(match, Counter())
    for _match, move, events in play_match(match, seed, rng):
        referee.check(match, move, events)
    assert match.is_over
    loaded, loaded_seed = record.loads(record.dumps(match, seed=seed))
    assert loaded_seed == seed
    assert fingerprint(loaded) == fingerprint(match)


# Every illegal move, every position ----------------------------------------------------------


def refuse(match: Match, move: Move, reason: Reason | None) -> None:
    """``move`` is refused with ``IllegalMove`` carrying ``reason``, whose sentence is not empty."""
    assert reason is not None and str(reason).strip(), f"{move} has no reason: {reason!r}"
    try:
        match.apply(move)
    except IllegalMove as error:
        assert error.reason == reason and str(error) == str(reason), f"{move}: {error} ≠ {reason}"
        assert isinstance(error, ValueError)
    else:
        raise AssertionError(f"{move} was accepted although {reason!r}")


def accept(match: Match, move: Move) -> None:
    """``move`` is accepted (tried on a copy, so the match stays where it is)."""
    try:
        match.copy().apply(move)
    except IllegalMove as error:
        raise AssertionError(f"{move} is legal by why_illegal but refused: {error}") from None


@functools.lru_cache(maxsize=64)
def cached_deal(seed: int, hand_number: int) -> Deal:
    return deal_for(seed, hand_number)


def other_moves(match: Match, seed: int) -> list[Move]:
    """Deals, passes and moon choices to try in any phase: right and wrong sizes, cards not in the
    hand, passing twice, passing when there is no passing, moon choices by anyone."""
    moves: list[Move] = [cached_deal(seed, match.hand_number + 1), cached_deal(seed + 1, 1)]
    hand = match.hand
    for seat in SEATS:
        own = hand_cards(match, seat) if hand is not None else []
        others = [card for card in CARDS if card not in own]
        if len(own) < 4:
            own = others[:4]
        foreign = [card for card in others if hand is not None and card.bit & hand.hands[seat - 1]]
        moves += [
            Pass(seat, CardSet(own[:3])),
            Pass(seat, CardSet(own[-3:])),
            Pass(seat, CardSet(own[:2])),
            Pass(seat, CardSet(own[:4])),
            Pass(seat, CardSet()),
        ]
        if foreign:
            moves.append(Pass(seat, CardSet([*own[:2], foreign[0]])))
        moves += [MoonChoice(seat, moon) for moon in Moon]
    return moves


PLAYS_OF: Final = tuple(tuple(Play.of(seat, card) for card in CARDS) for seat in SEATS)


def check_position(match: Match, seed: int, stats: Counter[str]) -> None:
    """At this position: ``legal_moves()`` is exactly what ``why_illegal`` allows, every other move is
    refused with that reason, every legal one is accepted, and the match is unchanged afterwards
    (the fingerprint: the queries, the four views and the save text)."""
    before = fingerprint(match)
    phase = match.phase
    stats[f"positions {phase.value}"] += 1
    why_illegal = match.why_illegal
    reasons: set[str] = set()
    # One source of truth, for the plays of every seat: all 52 cards of each.
    for seat in SEATS:
        allowed: list[Move] = []
        for move in PLAYS_OF[seat]:
            reason = why_illegal(move)
            if reason is None:
                allowed.append(move)
            else:
                refuse(match, move, reason)
                reasons.add(reason)
        listed = [move for move in match.legal_moves(seat) if isinstance(move, Play)]
        assert listed == allowed, f"{seat.name}: listed {listed}, allowed {allowed}"
        for move in allowed:
            accept(match, move)
    legal = match.legal_moves()
    if phase is Phase.PLAY:
        assert legal and all(isinstance(move, Play) for move in legal)
        assert legal == match.legal_moves(match.to_move)
        assert mask_of(move.card for move in legal) == match.legal_plays().mask
    else:
        assert not any(isinstance(move, Play) for move in legal)
        assert not match.legal_plays()
    if phase is Phase.PASS:
        check_pass_choices(match, stats)
    if phase is Phase.MOON:
        shooter = match.to_move
        assert shooter is not None
        assert set(legal) == {MoonChoice(shooter, moon) for moon in MOON_CHOICES}
    # One source of truth for the other kinds of move too (a deal is chance's, never listed).
    listed_by_seat = {seat: set(match.legal_moves(seat)) for seat in SEATS}
    for move in other_moves(match, seed):
        reason = why_illegal(move)
        if reason is None:
            accept(match, move)
        else:
            refuse(match, move, reason)
            reasons.add(reason)
        if not isinstance(move, Deal):
            assert (move in listed_by_seat[move.seat]) == (reason is None), (
                f"{move}: listed {move in listed_by_seat[move.seat]}, why_illegal says {reason!r}"
            )
    for reason in reasons:
        stats[f"refused: {reason}"] += 1
    after = fingerprint(match)
    assert after == before, f"a refused move changed the match: {describe_difference(before, after)}"


def check_pass_choices(match: Match, stats: Counter[str]) -> None:
    """While passing, a seat still to pass may give any three of its cards, and only those; a seat
    that has passed may give nothing."""
    hand = match.hand
    assert hand is not None
    for seat in SEATS:
        listed = match.legal_moves(seat)
        if seat not in match.awaiting:
            assert listed == [] and hand.passed[seat] and not match.legal_pass_cards(seat)
            continue
        assert not hand.passed[seat]
        every_three = {Pass(seat, CardSet(three)) for three in combinations(hand_cards(match, seat), 3)}
        assert len(listed) == len(every_three) == 286
        assert set(listed) == every_three
        # The query lists the cards, not the 286 choices: exactly the cards those choices use.
        assert match.legal_pass_cards(seat) == CardSet.from_mask(
            mask_of(c for move in listed for c in move.cards)
        )
        assert all(match.why_illegal(move) is None for move in listed)
        stats["pass choices checked"] += 1


def full_check_match(seed: int, share: float, stats: Counter[str]) -> None:
    """Play a random match, checking every position (``share`` 1) or the first position of each
    kind and a random ``share`` of the others."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    check_rng = random.Random(-seed)
    with match_context(seed, rules):
        match = new_match(rules, rng)
        driver = Driver(seed, rng)
        kinds: set[str] = set()
        while True:
            kind = position_kind(match)
            if kind not in kinds or share >= 1 or check_rng.random() < share:
                kinds.add(kind)
                check_position(match, seed, stats)
            if match.is_over:
                break
            match.apply(driver.next_move(match))
        stats["matches"] += 1


REASONS_TO_SEE: Final = (
    "Choose exactly three cards to pass",
    "Pass cards from your own hand",
    "No passing this hand",
    "You have passed already",
    "The cards have been passed already",
    "Choose three cards to pass first",
    "Wait for the others to pass",
    "It is not your turn",
    "The cards are already dealt",
    "The cards have not been dealt yet",
    "There is no moon to choose for",
    "The match is over",
)


def test_every_illegal_move_is_refused_at_every_position() -> None:
    stats: Counter[str] = Counter()
    for seed in range(FULL_MATCHES):
        full_check_match(10_000 + seed, 1.0, stats)
    assert stats["matches"] == FULL_MATCHES
    for kind in ("deal", "pass", "play", "over"):
        assert stats[f"positions {kind}"], f"never checked a {kind} position: {dict(stats)}"
    for reason in REASONS_TO_SEE:
        assert any(reason in kind for kind in stats), f"never refused for {reason!r}"


def test_every_illegal_move_is_refused_at_sampled_positions() -> None:
    stats: Counter[str] = Counter()
    for seed in range(SAMPLED_FULL_MATCHES):
        full_check_match(20_000 + seed, SAMPLED_FULL_SHARE, stats)
    assert stats["matches"] == SAMPLED_FULL_MATCHES
    assert stats["positions moon"], "never checked a moon choice"
    for reason in (
        *REASONS_TO_SEE,
        "Only the player who shot the moon chooses",
        "The moon's score must be chosen first",
        "Choose to add 26 to the others or subtract 26 from yourself",
    ):
        assert any(reason in kind for kind in stats), f"never refused for {reason!r}"


# Views -----------------------------------------------------------------------------------------


def shown_out(match: Match) -> tuple[frozenset[Suit], ...]:
    """Per seat, the suits it has failed to follow this hand: public, as every play is."""
    hand = match.hand
    voids: list[set[Suit]] = [set(), set(), set(), set()]
    if hand is None:
        return tuple(frozenset(suits) for suits in voids)
    tricks = [(trick.leader, trick.cards) for trick in hand.tricks]
    if hand.trick:
        tricks.append((hand.leader, tuple(hand.trick)))
    for leader, cards in tricks:
        for index, card in enumerate(cards[1:], start=1):
            if card.suit != cards[0].suit:
                voids[leader.offset(index)].add(cards[0].suit)
    return tuple(frozenset(suits) for suits in voids)


def check_views(match: Match) -> None:
    hand = match.hand
    exchanged = is_exchanged(match)
    voids = shown_out(match)
    views = [match.view_for(seat) for seat in SEATS]
    for seat, view in zip(SEATS, views, strict=True):
        leaked = cards_inside(view) & ~known_to(match, seat)
        assert not leaked, f"{seat.name}'s view shows {cards_text(leaked)}"
        assert view.seat == seat
        assert view.voids == voids
        assert view.totals == match.totals and view.hand_number == match.hand_number
        if hand is None:
            assert not view.hand and view.received is None and view.passed is None
            continue
        assert view.hand.mask == hand.hands[seat]
        assert view.played.mask == played_mask(match)
        assert view.phase is match.phase and view.to_move == match.to_move
        assert view.points == match.points() and view.totals == match.totals
        if exchanged:
            assert view.received is not None and view.received.mask == hand.received[seat]
        else:
            assert view.received is None
        if hand.passed[seat]:
            assert view.passed is not None and view.passed.mask == hand.passed[seat]
        else:
            assert view.passed is None
        if match.phase is Phase.PLAY and match.to_move == seat:
            assert view.legal == match.legal_plays()
        else:
            assert not view.legal
    # Together the views account for all 52 cards once: each hand, plus what was played.
    if hand is not None:
        union = views[0].played.mask
        for view in views:
            assert not union & view.hand.mask
            union |= view.hand.mask
        assert union == ALL_CARDS


def test_views_never_show_a_hidden_card() -> None:
    seen = Counter[str]()
    for seed in range(VIEW_MATCHES):
        rng = random.Random(30_000 + seed)
        rules = random_rules(rng)
        with match_context(30_000 + seed, rules):
            match = new_match(rules, rng)
            check_views(match)
            for _match, _move, _events in play_match(match, 30_000 + seed, rng):
                check_views(match)
                seen[match.phase.value] += 1
                if match.phase is Phase.PASS and len(match.awaiting) < 4:
                    seen["passes in, not exchanged"] += 1
    assert seen["passes in, not exchanged"] and seen["moon"] and seen["over"]


def test_the_walker_finds_a_planted_card() -> None:
    """The leak check can fail: a view with another seat's card in any field is caught."""
    match = Match(ALL_RULES[0])
    match.apply(deal_for(7, 1))
    match.apply(Pass(Seat.WEST, CardSet(hand_cards(match, Seat.WEST)[:3])))
    view = match.view_for(Seat.SOUTH)
    assert cards_inside(view) == view.hand.mask
    west = hand_cards(match, Seat.WEST)
    for planted in (
        dataclasses.replace(view, passed=CardSet(west[:3])),
        dataclasses.replace(view, tricks=((west[0],),)),
        dataclasses.replace(view, voids=(frozenset([west[1]]),) * 4),
    ):
        assert cards_inside(planted) & ~known_to(match, Seat.SOUTH)
    with pytest.raises(TypeError):
        cards_inside(dataclasses.replace(view, trick=object()))


# Save, load, continue --------------------------------------------------------------------------


def position_kind(match: Match) -> str:
    phase = match.phase
    hand = match.hand
    if phase is Phase.DEAL:
        return "deal (new match)" if hand is None else "deal (between hands)"
    if phase is Phase.PASS:
        return f"pass ({4 - len(match.awaiting)} in)"
    if phase is Phase.PLAY:
        assert hand is not None
        return "play (mid-trick)" if hand.trick else "play (lead)"
    return phase.value


def reloaded(match: Match, seed: int | None) -> Match:
    text = record.dumps(match, seed=seed)
    loaded, loaded_seed = record.loads(text)
    assert loaded_seed == seed
    assert record.dumps(loaded, seed=seed) == text
    before, after = fingerprint(match), fingerprint(loaded)
    assert after == before, f"the reloaded match differs: {describe_difference(before, after)}"
    return loaded


def test_save_and_load_continue_identically() -> None:
    kinds: Counter[str] = Counter()
    for number in range(SAVE_MATCHES):
        seed = 40_000 + number
        rng = random.Random(seed)
        rules = random_rules(rng)
        with match_context(seed, rules):
            match = new_match(rules, rng)
            driver = Driver(seed, rng)
            followers: list[tuple[Match, int]] = []
            saved_kinds: set[str] = set()
            while True:
                kind = position_kind(match)
                if kind not in saved_kinds or rng.random() < SAVE_SHARE:
                    saved_kinds.add(kind)
                    kinds[kind] += 1
                    saved_seed = None if rng.random() < 0.1 else seed
                    followers.append((reloaded(match, saved_seed), CONTINUATION))
                if match.is_over:
                    break
                move = driver.next_move(match)
                events = match.apply(move)
                still: list[tuple[Match, int]] = []
                for follower, left in followers:
                    assert follower.apply(move) == events
                    if left > 1:
                        still.append((follower, left - 1))
                    else:
                        assert fingerprint(follower) == fingerprint(match)
                followers = still
            for follower, _left in followers:
                assert fingerprint(follower) == fingerprint(match)
                for move in other_moves(follower, seed)[:3]:
                    assert follower.why_illegal(move) == match.why_illegal(move) is not None
    for kind in (
        "deal (new match)",
        "deal (between hands)",
        "pass (0 in)",
        "pass (1 in)",
        "pass (2 in)",
        "pass (3 in)",
        "play (lead)",
        "play (mid-trick)",
        "moon",
        "over",
    ):
        assert kinds[kind], f"never saved at {kind!r}: {dict(kinds)}"


def test_the_fingerprint_sees_a_change() -> None:
    """The save/load and refusal checks can fail: one move changes the fingerprint."""
    match = Match(ALL_RULES[5])
    before = fingerprint(match)
    match.apply(deal_for(3, 1))
    middle = fingerprint(match)
    assert middle != before
    match.apply(Pass(Seat.NORTH, CardSet(hand_cards(match, Seat.NORTH)[:3])))
    assert fingerprint(match) != middle
    assert "views" in describe_difference(middle, fingerprint(match))


# Deals -----------------------------------------------------------------------------------------

GOLDEN_DEALS: Final = {
    (1, 1): "deal 4CTC3D6D8D9D2S4S6S8SQS3HJH/5C9CJDQD7S9STS7H9HTHQHKHAH/"
    "2C3C8CQCKCTDKDAD5SJSKSAS2H/6C7CJCAC2D4D5D7D3S4H5H6H8H",
    (2, 4): "deal 2C8C4D5D7D8DJD3S6S9SJSTHJH/7CJCKCAC6DTD4SKS2H5H6H9HKH/"
    "4C6C9C2S5S7S8SQSAS3H7H8HQH/3C5CTCQC2D3D9DQDKDADTS4HAH",
    (2**64 - 1, 7): "deal 4CJCQC2D8DQD3S5S2H6H8H9HQH/2C7C3D4D7DJDAD4S6STSASJHAH/"
    "3C8C9CTCKCAC5DTDKD2S8SQS7H/5C6C6D9D7S9SJSKS3H4H5HTHKH",
}


@pytest.mark.parametrize(("seed", "hand_number"), list(GOLDEN_DEALS))
def test_golden_deals(seed: int, hand_number: int) -> None:
    """The same seed deals the same cards on every platform (these also run in WebAssembly)."""
    assert deal_for(seed, hand_number).to_text() == GOLDEN_DEALS[seed, hand_number]


def test_deals_are_deterministic_and_complete() -> None:
    texts = set()
    for seed in (0, 1, 2, 99, 12345, 2**32, 2**63 - 1, 2**64 - 1):
        for hand_number in range(1, 26):
            deal = deal_for(seed, hand_number)
            assert deal == deal_for(seed, hand_number)
            assert isinstance(deal, Deal) and len(deal.hands) == 4
            union = 0
            for hand in deal.hands:
                assert len(hand) == 13
                assert not union & hand.mask
                union |= hand.mask
            assert union == ALL_CARDS
            texts.add(deal.to_text())
    assert len(texts) == 8 * 25, "two different hands got the same deal"


@pytest.mark.parametrize("hand_number", [1, 2, 3, 4, 5, 13])
def test_the_first_card_goes_to_the_dealers_left(hand_number: int) -> None:
    """Re-derive the shuffled pack (the dealer's documented SplitMix64 + Fisher–Yates) and check it
    went out one card at a time starting at the dealer's left."""
    for seed in (1, 5, 77):
        rng = SplitMix64(seed * 1_000_003 + hand_number)
        pack = list(range(52))
        for last in range(51, 0, -1):
            other = rng.below(last + 1)
            pack[last], pack[other] = pack[other], pack[last]
        deal = deal_for(seed, hand_number)
        first = dealer_for(hand_number).next
        for index, card in enumerate(pack):
            assert CARDS[card] in deal.hands[first.offset(index)], (index, card)
    assert dealer_for(1) is Seat.EAST and dealer_for(1).next is Seat.SOUTH
    assert [dealer_for(number) for number in range(2, 6)] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]


# Small pins for the referee's own arithmetic (SPEC §2's worked checks) -------------------------


@pytest.mark.parametrize(
    ("totals", "ties", "winners"),
    [
        ([100, 40, 40, 90], Ties.PLAY_ON, ()),
        ([100, 40, 40, 90], Ties.SHARED_WIN, (Seat.WEST, Seat.NORTH)),
        ([104, 60, 75, 88], Ties.PLAY_ON, (Seat.WEST,)),
        ([99, 60, 75, 88], Ties.PLAY_ON, ()),
    ],
)
def test_expected_winners_follow_the_worked_checks(
    totals: list[int], ties: Ties, winners: tuple[Seat, ...]
) -> None:
    assert expected_winners(totals, Rules(ties=ties)) == winners


def test_penalty_points_follow_the_worked_check() -> None:
    five_hearts_and_queen = CardSet.parse("2H 5H 9H JH AH QS 3C JD")
    assert penalty_points(five_hearts_and_queen.mask) == 18 == five_hearts_and_queen.points


ILLEGAL_TRY_MATCHES: Final = searched(500, in_pyodide=100)
"""Matches in which one refused card is tried at every position of the play."""


def test_a_refused_card_changes_nothing_in_hundreds_of_matches() -> None:
    """At every position of the play, one random card that is not legal (for the seat to move or
    for another seat) is refused with the table's reason, and the match is left as it was."""
    refused = 0
    for seed in range(ILLEGAL_TRY_MATCHES):
        rng = random.Random(10_000 + seed)
        rules = random_rules(rng)
        match = Match(rules)
        with match_context(seed, rules):
            while not match.is_over:
                phase = match.phase
                if phase is Phase.DEAL:
                    match.apply(deal_for(seed, match.hand_number + 1))
                    continue
                if phase is Phase.PASS:
                    seat = rng.choice(match.awaiting)
                    hand = list(match.view_for(seat).hand)
                    match.apply(Pass(seat, CardSet(rng.sample(hand, 3))))
                    continue
                if phase is Phase.PLAY:
                    legal = match.legal_moves()
                    seat = rng.choice(SEATS)
                    move = Play.of(seat, rng.choice(CARDS))
                    if move not in legal:
                        hand = match.hand
                        assert hand is not None
                        before = (list(hand.hands), list(hand.trick), match.points(), len(match.moves))
                        with pytest.raises(IllegalMove) as caught:
                            match.apply(move)
                        assert str(caught.value) and caught.value.reason == match.why_illegal(move)
                        assert (
                            list(hand.hands),
                            list(hand.trick),
                            match.points(),
                            len(match.moves),
                        ) == before
                        assert match.legal_moves() == legal
                        refused += 1
                match.apply(rng.choice(match.legal_moves()))
    assert refused > ILLEGAL_TRY_MATCHES * 100


# Snapshots -----------------------------------------------------------------------------------

SNAPSHOT_MATCHES: Final = searched(1000, in_pyodide=200)
"""Matches whose every position is checked for snapshot, view and legal sets agreeing. Each starts
with every total in the last 30 points before the target, so most end after a hand or two."""


def check_snapshot(match: Match, seat: Seat) -> None:
    """The snapshot says what the queries, the legal sets and ``seat``'s view say."""
    snapshot = match.snapshot()
    assert match.snapshot() is snapshot, "a second snapshot of the same position is a new object"
    view = match.view_for(seat)
    assert (snapshot.phase, snapshot.hand_number, snapshot.dealer, snapshot.pass_direction) == (
        view.phase,
        view.hand_number,
        view.dealer,
        view.pass_direction,
    )
    assert (snapshot.to_move, snapshot.awaiting, snapshot.winners) == (
        match.to_move,
        match.awaiting,
        match.winners,
    )
    assert (snapshot.points, snapshot.scores, snapshot.totals) == (
        match.points(),
        match.scores(),
        match.totals,
    )
    assert (snapshot.points, snapshot.totals, snapshot.moon_shooter) == (
        view.points,
        view.totals,
        view.moon_shooter,
    )
    assert snapshot.hands[seat] == view.hand
    assert (snapshot.trick.cards, snapshot.tricks) == (view.trick.cards, view.tricks)
    if match.hand is not None:  # before the first deal a view puts its own seat at the empty trick
        assert snapshot.trick == view.trick
    assert snapshot.led_suit == (view.trick.cards[0].suit if view.trick.cards else None)
    assert (snapshot.hearts_broken, snapshot.queen_played) == (view.hearts_broken, view.queen_played)
    assert view.passed == (snapshot.passed[seat] or None)
    assert view.received == (snapshot.received[seat] or None)
    # The legal sets: the snapshot's, the match's, the moves listed and the view's.
    assert snapshot.legal == match.legal_plays()
    plays = [move.card for move in match.legal_moves() if isinstance(move, Play)]
    assert plays == list(snapshot.legal)
    assert view.legal == (snapshot.legal if seat == snapshot.to_move else CardSet())
    for each in SEATS:
        expected = (
            snapshot.hands[each] if snapshot.phase is Phase.PASS and each in snapshot.awaiting else CardSet()
        )
        assert match.legal_pass_cards(each) == expected
    # The 52 cards, each in one place; points and scores from the cards taken.
    in_trick = mask_of(snapshot.trick.cards)
    places = [cards.mask for cards in (*snapshot.hands, *snapshot.taken)] + [in_trick]
    if snapshot.hands[0]:
        assert sum(mask.bit_count() for mask in places) == 52
    assert [penalty_points(cards.mask) for cards in snapshot.taken] == list(snapshot.points)
    if match.results and match.results[-1].hand_number == snapshot.hand_number and match.hand is not None:
        assert snapshot.scores == match.results[-1].scores
    else:
        jack = [
            -10 if match.rules.jack_of_diamonds and JACK_OF_DIAMONDS in cards else 0
            for cards in snapshot.taken
        ]
        assert list(snapshot.scores) == [
            points + bonus for points, bonus in zip(snapshot.points, jack, strict=True)
        ]


def test_snapshot_view_and_legal_sets_agree_at_every_position() -> None:
    positions = 0
    for seed in range(SNAPSHOT_MATCHES):
        rng = random.Random(seed * 7 + 3)
        rules = random_rules(rng)
        with match_context(seed, rules):
            totals = tuple(rng.randrange(rules.target - 30, rules.target) for _ in SEATS)
            match = Match(rules, hands_before=rng.randrange(8), totals_before=totals)  # type: ignore[arg-type]
            check_snapshot(match, SEATS[seed % 4])
            for _match, _move, _events in play_match(match, seed, rng):
                positions += 1
                check_snapshot(match, SEATS[positions % 4])
            assert match.is_over
    assert positions > SNAPSHOT_MATCHES * 52
