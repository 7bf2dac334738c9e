"""A fast private simulator of one hand for the bots' look-ahead: bit masks and plain ints only.

It knows every hand (a sampled deal, never the real one) and plays the rest of the hand out with the
Normal bot's policy, rewritten on masks (``Sim.choose``, from ``sim_policy``). Property tests hold it
to the engine (same legal cards, same scores) and to ``normal.normal_play`` (same card in every
position tried).
"""

from __future__ import annotations

from ..engine.cards import HEARTS_MASK, PENALTY_MASK, Seat, points_in
from ..engine.rules import FULL_MOON, JACK_BONUS, Moon, Rules, legal_play_mask, moon_scores
from .sim_policy import JD_BIT, QS_BIT, NormalPolicy


class Sim(NormalPolicy):
    """One hand in play, from any point to its end."""

    __slots__ = (
        "best",
        "best_seat",
        "count",
        "first_trick_points",
        "hands",
        "hearts_broken",
        "jack_counts",
        "jack_taker",
        "leader",
        "led",
        "played",
        "points",
        "qs_breaks",
        "qs_taker",
        "queen_known",
        "shooter",
        "to_move",
        "trick_mask",
        "tricks_done",
        "voids",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        *,
        leader: int,
        trick: list[int],
        tricks_done: int,
        hearts_broken: bool,
        points: list[int],
        jack_taker: int,
        played: int,
        voids: list[int] | None = None,
        qs_taker: int = -1,
        queen_known: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.jack_counts = rules.jack_of_diamonds
        self.qs_taker = qs_taker
        self.queen_known = queen_known if queen_known is not None else [-1, -1, -1, -1]
        """Per seat: the seat it knows holds the Q♠ (it passed her there), else -1."""
        self.voids = voids if voids is not None else [0, 0, 0, 0]
        self.qs_breaks = rules.queen_breaks_hearts
        self.first_trick_points = rules.points_on_first_trick
        self.leader = leader
        self.tricks_done = tricks_done
        self.hearts_broken = hearts_broken
        self.points = points
        self.jack_taker = jack_taker
        self.played = played
        self.trick_mask = 0
        self.count = 0
        self.led = -1
        self.best = -1
        self.best_seat = leader
        self.to_move = leader
        self.shooter = -1
        for card in trick:
            self.play(card)

    def copy(self) -> Sim:
        """An independent copy (the lists that change in play are copied; ``queen_known`` never changes)."""
        clone = object.__new__(Sim)
        clone.best = self.best
        clone.best_seat = self.best_seat
        clone.count = self.count
        clone.first_trick_points = self.first_trick_points
        clone.hands = self.hands.copy()
        clone.hearts_broken = self.hearts_broken
        clone.jack_counts = self.jack_counts
        clone.jack_taker = self.jack_taker
        clone.leader = self.leader
        clone.led = self.led
        clone.played = self.played
        clone.points = self.points.copy()
        clone.qs_breaks = self.qs_breaks
        clone.qs_taker = self.qs_taker
        clone.queen_known = self.queen_known
        clone.shooter = self.shooter
        clone.to_move = self.to_move
        clone.trick_mask = self.trick_mask
        clone.tricks_done = self.tricks_done
        clone.voids = self.voids.copy()
        return clone

    @property
    def is_over(self) -> bool:
        return self.tricks_done == 13

    def legal(self) -> int:
        return legal_play_mask(
            self.hands[self.to_move],
            self.led,
            self.tricks_done == 0,
            self.hearts_broken,
            self.first_trick_points,
        )

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move (the caller has made sure it is legal)."""
        bit = 1 << card
        seat = self.to_move
        self.hands[seat] &= ~bit
        self.played |= bit
        trick_mask = self.trick_mask | bit
        count = self.count
        if count == 0:
            self.led = card // 13
            self.best = card
            self.best_seat = seat
        elif card // 13 == self.led:
            if card > self.best:
                self.best = card
                self.best_seat = seat
        else:
            self.voids[seat] |= 1 << self.led
        if bit & PENALTY_MASK and (bit & HEARTS_MASK or self.qs_breaks):
            self.hearts_broken = True
        if count < 3:
            self.trick_mask = trick_mask
            self.count = count + 1
            self.to_move = (seat + 1) & 3
            return
        winner = self.best_seat
        if trick_mask & PENALTY_MASK:
            self.points[winner] += points_in(trick_mask)
            if trick_mask & QS_BIT:
                self.qs_taker = winner
        if trick_mask & JD_BIT:
            self.jack_taker = winner
        self.tricks_done += 1
        self.trick_mask = 0
        self.count = 0
        self.led = -1
        self.leader = self.to_move = winner

    def play_out(self) -> None:
        """Play to the end of the hand with Normal's policy (the shooter, if any, takes all)."""
        choose = self.choose
        play = self.play
        while self.tricks_done < 13:
            play(choose())


def hand_scores(
    points: list[int], jack_taker: int, rules: Rules, moon_choice: Moon | None = None
) -> list[int]:
    """Scores for a finished hand, as the engine scores it; under shooter-chooses the shooter takes
    ``moon_choice`` (add, when none is given)."""
    shooter = next((seat for seat in range(4) if points[seat] == FULL_MOON), -1)
    if shooter < 0:
        scores = points.copy()
    else:
        moon = rules.moon
        if moon is Moon.SHOOTER_CHOOSES:
            moon = moon_choice or Moon.ADD_TO_OTHERS
        scores = list(moon_scores(moon, Seat(shooter)))
    if rules.jack_of_diamonds and jack_taker >= 0:
        scores[jack_taker] += JACK_BONUS
    return scores
