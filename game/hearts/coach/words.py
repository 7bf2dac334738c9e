"""The coach's words: one line on each decision, what made the better choice better where it can be
said for sure, then Hard's averages."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import QUEEN_OF_SPADES, Card, CardSet, PlayerView, Rank, Suit
from ..words import SEAT_NAMES


def _points(value: float) -> str:
    points = abs(value)
    return f"{points:.1f} point{'' if points == 1 else 's'}"


def _compare(chosen: str, best: str, chosen_ev: float, best_ev: float) -> str:
    return f"Hard expects {best} to cost you {_points(best_ev)} from here, {chosen} {abs(chosen_ev):.1f}."


def why_play(
    view: PlayerView, card: Card, best: Card, chosen_ev: float, best_ev: float, *, forced: bool
) -> str:
    """One line on a card played: what made the better card better where it can be said for sure,
    then the averages."""
    if forced:
        return f"The {card} was as good as any card you could play."
    if card == best:
        return f"The {card} was Hard's choice too."
    compare = _compare(f"the {card}", f"the {best}", chosen_ev, best_ev)
    queen_out = QUEEN_OF_SPADES not in view.hand and QUEEN_OF_SPADES not in view.played
    trick = view.trick.cards
    if not trick:  # a lead
        high_spade = card.suit is Suit.SPADES and card.rank > Rank.QUEEN
        best_high_spade = best.suit is Suit.SPADES and best.rank > Rank.QUEEN
        if high_spade and queen_out and not best_high_spade:
            return (
                f"Leading the {card} with the Q♠ still out lets whoever holds her drop her on your "
                f"trick. {compare}"
            )
        return compare
    led = trick[0].suit
    winning = view.trick.winning_card
    assert winning is not None
    still_to_play = 3 - len(trick)
    if card.suit is led and best.suit is led and best.rank < winning.rank < card.rank:
        if led is Suit.SPADES and queen_out and card.rank > Rank.QUEEN and still_to_play:
            others = _still_to_play(view)
            return (
                f"With the Q♠ still out and {others} yet to play, the {card} can catch her; "
                f"the {best} stays under the {winning}. {compare}"
            )
        taken = _trick_points(trick, view)
        if taken and not still_to_play:
            return (
                f"The {card} takes this trick and its {taken}; the {best} would have ducked under "
                f"the {winning}. {compare}"
            )
        return f"The {card} wins the trick for now; the {best} stays under the {winning}. {compare}"
    if card.suit is not led and best.suit is not led:
        return (
            f"With no {led.name.lower()} left, this was a chance to throw the {best} rather than "
            f"the {card}. {compare}"
        )
    return compare


def _still_to_play(view: PlayerView) -> str:
    leader = view.trick.leader
    seats = [leader.offset(step) for step in range(len(view.trick.cards) + 1, 4)]
    names = [SEAT_NAMES[seat] for seat in seats]
    return names[0] if len(names) == 1 else " and ".join(names)


def _trick_points(trick: Sequence[Card], view: PlayerView) -> str:
    hearts = sum(1 for card in trick if card.suit is Suit.HEARTS)
    parts = []
    if hearts:
        parts.append(f"{hearts} heart{'s' if hearts > 1 else ''}")
    if QUEEN_OF_SPADES in trick:
        parts.append("the Q♠")
    return " and ".join(parts)


def why_pass(view: PlayerView, chosen: CardSet, best: CardSet, chosen_ev: float, best_ev: float) -> str:
    """One line on the pass."""
    if chosen == best:
        return "Your pass was Hard's choice too."
    compare = _compare(f"passing {chosen}", f"passing {best}", chosen_ev, best_ev)
    spades = sum(1 for card in view.hand if card.suit is Suit.SPADES)
    kept_queen = QUEEN_OF_SPADES in view.hand and QUEEN_OF_SPADES not in chosen
    high_spades = [card for card in chosen if card.suit is Suit.SPADES and card.rank > Rank.QUEEN]
    if kept_queen and high_spades:
        names = " and ".join(str(card) for card in high_spades)
        return (
            f"Passing the {names} while keeping the Q♠ gives away a spade you could play safely: "
            f"nobody else can drop her on it. {compare}"
        )
    if kept_queen and QUEEN_OF_SPADES in best and spades <= 3:
        others = spades - 1
        return (
            f"With only {others} other spade{'' if others == 1 else 's'} to hide behind, the Q♠ "
            f"was one to pass. {compare}"
        )
    return compare
