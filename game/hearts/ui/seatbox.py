"""A seat's box, piece by piece: what it says and where each piece goes, pure, so drawing and the tests
share them.

Every box holds the same pieces in the same order at every size and all match long: a mark (the seat
to move; during the pass, a tick once it has passed), the name and the dealer's chip; the match total,
large, with the cards taken this hand as what they are (a count of hearts beside a heart, a Q♠ chip or
the "Moon threat" badge while the seat has taken every point so far, the J♦ chip under that option);
and this hand's points labelled as such ("+5 this hand", the J♦'s −10 counted), with an opponent's cards
as a fan of backs and their count. In a two-line box the total and the cards taken share the second
line and this hand's points lie under it; in a one-line box (a short landscape window's North)
everything follows on the one line.

No number stands beside a heart but a count of hearts: this hand's points (the queen's 13 and the J♦'s
−10 among them) always carry their words.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from ..engine import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, PlayerView, Seat, Suit
from .layout import Metrics
from .table_layout import strip_height


@dataclass(frozen=True, slots=True)
class SeatWords:
    """What a seat's box says about its score."""

    total: str
    """The match total before this hand, alone: "34"."""
    points: str
    """This hand's points with their sign: "+5", "0", "−10"."""
    hearts: int
    """How many hearts the seat has taken this hand."""
    queen: bool
    """Whether it has taken the Q♠ this hand."""
    jack: bool = False
    """Whether it has taken the J♦ this hand, under the option that makes it worth −10."""

    @property
    def hand(self) -> str:
        """This hand's points, labelled: "+5 this hand"."""
        return f"{self.points} this hand"

    @property
    def hand_short(self) -> str:
        """The same where a one-line box has no room for the full words: "hand +5"."""
        return f"hand {self.points}"


def signed(points: int) -> str:
    """Points with their sign, a true minus for a gain: "+5", "0", "−10"."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def seat_words(view: PlayerView, seat: Seat, scored: tuple[int, ...] | None = None) -> SeatWords:
    """What ``seat``'s box says, from the public view: its total; the hearts, the queen and (under its
    option) the J♦ among the tricks it has won; and this hand's points as the view counts them (the
    J♦'s −10 among them), so that the box says what the hand will score if it ends as it stands; once
    it is over, what it ``scored`` (a moon applied: the shooter's 26 points become its 0 or −26)."""
    taken = [card for trick in view.tricks if trick.winner == seat for card in trick.cards]
    jack = view.rules.jack_of_diamonds and JACK_OF_DIAMONDS in taken
    return SeatWords(
        total=str(view.totals[seat]),
        points=signed(view.scores_taken[seat] if scored is None else scored[seat]),
        hearts=sum(1 for card in taken if card.suit is Suit.HEARTS),
        queen=QUEEN_OF_SPADES in taken,
        jack=jack,
    )


@dataclass(frozen=True, slots=True)
class SeatParts:
    mark: Rect
    name: Rect
    dealer: Rect
    score: Rect
    """The total and the cards taken (on one line: everything after the dealer's chip)."""
    strip: Rect
    """This hand's points and an opponent's fan of backs (on one line: empty, at the box's end)."""


def is_one_line(panel: Rect, metrics: Metrics) -> bool:
    return panel.height < 2 * metrics.text(15) + metrics.px(10)


def chip_size(metrics: Metrics) -> int:
    """The side of the mark's and the dealer chip's squares."""
    return max(metrics.text(12) + metrics.px(4), metrics.px(18))


def seat_parts(panel: Rect, metrics: Metrics) -> SeatParts:
    """Where each piece of ``panel`` goes."""
    pad = metrics.px(4)
    space = metrics.px(3)
    chip = chip_size(metrics)
    line = metrics.text(15) + metrics.px(4)
    strip_tall = strip_height(metrics) - metrics.px(2)
    if is_one_line(panel, metrics):
        row = Rect(panel.left + pad, panel.top, panel.width - 2 * pad, panel.height)
        mark = Rect(row.left, 0, chip, chip)
        mark.centery = row.centery
        name = Rect(mark.right + space, row.top, round(metrics.text(15) * 2.8), row.height)
        dealer = Rect(name.right + space, 0, chip, chip)
        dealer.centery = row.centery
        score_left = dealer.right + space
        score = Rect(score_left, row.top, row.right - score_left, row.height)
        return SeatParts(
            mark=mark, name=name, dealer=dealer, score=score, strip=Rect(row.right, row.top, 0, 0)
        )
    inner = Rect(panel.left + pad, panel.top + metrics.px(4), panel.width - 2 * pad, 2 * line)
    first = Rect(inner.left, inner.top, inner.width, line)
    mark = Rect(first.left, 0, chip, chip)
    mark.centery = first.centery
    dealer = Rect(first.right - chip, 0, chip, chip)
    dealer.centery = first.centery
    name = Rect(mark.right + space, first.top, dealer.left - space - mark.right - space, line)
    score = Rect(inner.left, first.bottom, inner.width, line)
    strip = Rect(inner.left, score.bottom, inner.width, strip_tall)
    return SeatParts(mark=mark, name=name, dealer=dealer, score=score, strip=strip)
