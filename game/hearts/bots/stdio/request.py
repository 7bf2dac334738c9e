"""A request read into the ``PlayerView`` it describes, checked to be a hand that could have been
played; and a view written as a request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import (
    FULL_MOON,
    TRICKS,
    TWO_OF_CLUBS,
    Card,
    CardSet,
    PassDirection,
    Phase,
    PlayerView,
    Refusal,
    Rules,
    Seat,
    SeenHand,
    Suit,
    Trick,
    dealer_for,
)
from ...engine.rules import Moon
from .fields import (
    DIRECTIONS,
    FIELDS,
    PHASES,
    read_cards,
    read_hand_number,
    read_scores,
    read_seat,
    read_three,
    read_trick,
    seat_number,
    shown,
)


class _Replay:
    """Walks the tricks card by card through the engine's ``SeenHand`` (this seat's knowledge of the
    hand), checking that each play could have happened; what the request adds to the rules is the
    cards this seat passed, known to be where it passed them until played."""

    def __init__(self, seat: Seat, held: int, rules: Rules, passed: int, passed_to: Seat | None) -> None:
        self.seen = SeenHand(seat, held, rules)
        self.passed = passed
        self.passed_to = passed_to
        self.known = [0, 0, 0, 0]
        """Per seat: cards it is known to hold (the ones this seat passed it), until played."""
        if passed_to is not None:
            self.known[passed_to] = passed

    def play_trick(self, number: int, trick: Trick) -> None:
        led_suit = -1
        for index, card in enumerate(trick.cards):
            self._play(number, trick.seat_of(index), card, led_suit)
            led_suit = trick.cards[0].suit
        if trick.winner is not None:  # a completed trick, as the engine scores it
            self.seen.take(trick)

    def _play(self, number: int, seat: Seat, card: Card, led_suit: int) -> None:
        where = f"trick {number}: seat {seat.value} played {card.notation}"
        seen = self.seen
        reason = seen.why_illegal(seat, card, led_suit)
        if reason is not None:
            if reason.kind is Refusal.LEAD_TWO_OF_CLUBS:
                raise ValueError(f"{where}, but the first trick is led with the 2C")
            raise ValueError(f"{where}: {reason}")
        bit = 1 << card
        if seat != seen.seat:
            if bit & self.passed and seat != self.passed_to:
                raise ValueError(f"{where}, a card this seat passed to seat {seat_number(self.passed_to)}")
            if bit & seen.cannot_hold[seat]:
                raise ValueError(f"{where}, though it had shown it held no such card")
            self.known[seat] &= ~bit
        for ruled_out in seen.play(seat, card, led_suit):
            clash = self.known[seat] & ruled_out
            if clash:
                held = CardSet.from_mask(clash).notation
                raise ValueError(f"{where}, which it could not while holding {held} (passed to it)")


def view_from_request(data: object) -> PlayerView:
    """The ``PlayerView`` a request describes; a ValueError says what is malformed or impossible.

    Every card appears at most once across the hand and the tricks; the first trick is led with
    the 2♣ (by this seat if it holds it, by the seat it passed it to) and every later one by the
    winner of the one before; this seat's plays were legal from the cards it held, and its cards
    held and played make 13; no other seat plays a card it had shown it could not hold (a suit it
    showed out of, a non-heart after leading hearts unbroken) or a card this seat passed elsewhere;
    in the play phase it is this seat's turn.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a request is a JSON object, not {shown(data)}")
    unknown = sorted(str(key) for key in data if key not in FIELDS)
    if unknown:
        raise ValueError(f"unknown fields: {', '.join(unknown)}")
    for field in ("seat", "phase", "pass_direction", "hand"):
        if field not in data:
            raise ValueError(f"the request needs {field!r}")
    seat = read_seat(data["seat"], "seat")
    phase = PHASES.get(data["phase"]) if isinstance(data["phase"], str) else None
    if phase is None:
        raise ValueError(f'phase is "pass", "play" or "moon", not {shown(data["phase"])}')
    direction_text = data["pass_direction"]
    direction = DIRECTIONS.get(direction_text) if isinstance(direction_text, str) else None
    if direction is None:
        raise ValueError(f"pass_direction is left, right, across or none, not {shown(direction_text)}")
    rules = Rules.from_dict(data["rules"] if data.get("rules") is not None else {}, partial=True)
    totals = read_scores(data.get("scores"))
    hand = CardSet(read_cards(data["hand"], "hand"))
    exchanged = phase is not Phase.PASS and direction is not PassDirection.NONE
    passed = read_three(data, "passed", exchanged)
    received = read_three(data, "received", exchanged)
    raw_tricks = data.get("tricks", [])
    if not isinstance(raw_tricks, list) or len(raw_tricks) > TRICKS:
        raise ValueError(f"tricks is a list of at most {TRICKS} tricks, not {shown(raw_tricks)}")
    tricks = [
        read_trick(raw, f"trick {number}", True).completed() for number, raw in enumerate(raw_tricks, 1)
    ]
    raw_trick = data.get("trick")
    trick = None if raw_trick is None else read_trick(raw_trick, "trick", False)
    hand_number = read_hand_number(data.get("hand_number"), direction)

    if phase is Phase.PASS:
        if direction is PassDirection.NONE:
            raise ValueError("there is no passing in a hand with pass_direction none")
        if tricks or (trick is not None and trick.cards):
            raise ValueError("no card is played before the pass")
        if len(hand) != TRICKS:
            raise ValueError(f"a hand before the pass holds {TRICKS} cards, not {len(hand)}")
        return PlayerView(
            seat=seat,
            rules=rules,
            phase=Phase.PASS,
            hand_number=hand_number,
            dealer=dealer_for(hand_number),
            pass_direction=direction,
            totals=totals,
            hand=hand,
            passed=None,
            received=None,
            has_passed=(False,) * 4,
            tricks=(),
            trick=Trick(Seat.SOUTH, ()),  # as the engine shows it before play
            to_move=None,
            legal=CardSet(),
            hearts_broken=False,
            queen_played=False,
            voids=(frozenset(),) * 4,
            points=(0,) * 4,
            scores_taken=(0,) * 4,
        )

    passed_to = seat.offset(direction) if passed is not None else None
    if trick is None:
        trick = Trick(
            _first_leader(seat, hand.mask, passed, passed_to) if not tricks else _taker(tricks[-1]), ()
        )
    _check_cards(hand, passed, received, tricks, trick)
    _check_leaders(seat, hand.mask, passed, passed_to, tricks, trick)
    own_played = 0
    for each in (*tricks, trick):
        for index, card in enumerate(each.cards):
            if each.seat_of(index) == seat:
                own_played |= 1 << card
    held = hand.mask | own_played
    if held.bit_count() != TRICKS:
        raise ValueError(
            f"seat {seat.value} holds {len(hand)} cards and has played {own_played.bit_count()}: "
            f"that does not make {TRICKS}"
        )
    if passed is not None and received is not None:
        if passed.mask & held:
            raise ValueError("this seat holds or played a card it passed")
        if received.mask & ~held:
            raise ValueError("a received card is neither in the hand nor played by this seat")
    replay = _Replay(seat, held, rules, passed.mask if passed else 0, passed_to)
    for number, each in enumerate((*tricks, trick), 1):
        replay.play_trick(number, each)
    seen = replay.seen
    if phase is Phase.MOON:
        if rules.moon is not Moon.SHOOTER_CHOOSES:
            raise ValueError('there is no moon choice unless the rules say moon "choose"')
        if len(tricks) != TRICKS or trick.cards:
            raise ValueError(f"the moon is chosen once all {TRICKS} tricks are played")
        if seen.points[seat] != FULL_MOON:
            raise ValueError(f"seat {seat.value} took {seen.points[seat]} points, not the moon")
        legal = 0
    else:
        if len(tricks) == TRICKS:
            raise ValueError(f"all {TRICKS} tricks are played: there is no card to play")
        to_move = trick.leader.offset(len(trick.cards))
        if to_move != seat:
            raise ValueError(f"it is seat {to_move.value}'s turn, not seat {seat.value}'s")
        legal = seen.legal(hand.mask, trick.cards[0].suit if trick.cards else -1)
    return PlayerView(
        seat=seat,
        rules=rules,
        phase=phase,
        hand_number=hand_number,
        dealer=dealer_for(hand_number),
        pass_direction=direction,
        hand=hand,
        passed=passed,
        received=received,
        has_passed=(exchanged,) * 4,
        tricks=tuple(tricks),
        trick=trick,
        to_move=seat,
        legal=CardSet.from_mask(legal),
        hearts_broken=seen.hearts_broken,
        queen_played=seen.queen_played,
        voids=tuple(frozenset(suit for suit in Suit if mask >> suit & 1) for mask in seen.voids),
        points=tuple(seen.points),
        scores_taken=tuple(seen.scores),
        totals=totals,
        moon_shooter=seat if phase is Phase.MOON else None,
    )


def _check_cards(
    hand: CardSet,
    passed: CardSet | None,
    received: CardSet | None,
    tricks: Sequence[Trick],
    trick: Trick,
) -> None:
    """Each card at most once across the hand and the tricks; passed and received apart."""
    seen = hand.mask
    for each in (*tricks, trick):
        for card in each.cards:
            if seen >> card & 1:
                raise ValueError(f"{card.notation} appears twice")
            seen |= 1 << card
    if passed is not None and received is not None and passed.mask & received.mask:
        raise ValueError("a card cannot be both passed and received")


def _first_leader(seat: Seat, hand: int, passed: CardSet | None, passed_to: Seat | None) -> Seat:
    """Who leads the first trick, when no card is played yet and the request does not say."""
    if hand >> TWO_OF_CLUBS & 1:
        return seat
    if passed is not None and passed_to is not None and TWO_OF_CLUBS in passed:
        return passed_to
    raise ValueError(f"seat {seat.value} does not hold the 2C: another seat leads the first trick")


def _check_leaders(
    seat: Seat,
    hand: int,
    passed: CardSet | None,
    passed_to: Seat | None,
    tricks: Sequence[Trick],
    trick: Trick,
) -> None:
    """The first trick is led by the 2♣'s holder (the replay checks the card itself when it is
    played); every later trick by the winner of the one before."""
    if not tricks and not trick.cards:
        if hand >> TWO_OF_CLUBS & 1 and trick.leader != seat:
            raise ValueError(f"seat {seat.value} holds the 2C, so it leads the first trick")
        if passed is not None and TWO_OF_CLUBS in passed and trick.leader != passed_to:
            raise ValueError(f"the 2C was passed to seat {seat_number(passed_to)}, so that seat leads")
        if trick.leader == seat and not hand >> TWO_OF_CLUBS & 1:
            raise ValueError(f"seat {seat.value} cannot lead the first trick without the 2C")
    for number, (before, after) in enumerate(zip(tricks, (*tricks[1:], trick), strict=False), 2):
        winner = _taker(before)
        if after.leader != winner:
            name = "the trick in progress" if after is trick else f"trick {number}"
            raise ValueError(f"{name} is led by seat {after.leader.value}, not by seat {winner.value}")


def _taker(trick: Trick) -> Seat:
    """Who took a completed trick (``Trick.completed`` says)."""
    assert trick.winner is not None
    return trick.winner


def request_from_view(view: PlayerView, *, seed: int | None = None) -> dict[str, Any]:
    """The request that describes ``view`` (the inverse of ``view_from_request``, up to the
    dealer, which follows from the hand number), with the match's ``seed`` when given."""
    phase = {Phase.PASS: "pass", Phase.PLAY: "play", Phase.MOON: "moon"}.get(view.phase)
    if phase is None:
        raise ValueError(f"a request is for passing, playing or the moon, not {view.phase.value}")

    def cards(cardset: CardSet | tuple[Card, ...]) -> list[str]:
        return [card.notation for card in cardset]

    request: dict[str, Any] = {
        "seat": int(view.seat),
        "phase": phase,
        "pass_direction": view.pass_direction.label,
        "hand": cards(view.hand),
        "tricks": [{"leader": int(trick.leader), "cards": cards(trick.cards)} for trick in view.tricks],
        "trick": {"leader": int(view.trick.leader), "cards": cards(view.trick.cards)},
        "scores": list(view.totals),
        "rules": view.rules.to_dict(),
        "hand_number": view.hand_number,
    }
    if seed is not None:
        request["seed"] = seed
    if view.passed is not None and view.received is not None:
        request["passed"] = cards(view.passed)
        request["received"] = cards(view.received)
    return request
