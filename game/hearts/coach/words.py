"""The coach's words: one line on each decision, the reason first, then Hard's numbers.

A reason is built only from facts South's view proves (``facts``) or from what Hard saw in its own
play-outs, said as Hard's estimate. The numbers are expected values, minus the points South can expect
from here: below zero is a cost, above zero a gain (the J♦, or a moon under the options that subtract
26), and the words always carry that sign ("cost you 3.7 points", "be worth 33.7 points to you").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..engine import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, CardSet, PlayerView, Rank, Suit
from . import facts

MOON_WITHIN_REACH: Final = 0.4
"""The better card is said to put a moon within reach when Hard shoots it in this share of its deals
after it…"""
MOON_GAP: Final = 0.3
"""…and in this much less of them after the card played."""
MOON_ALLOWED_GAP: Final = 0.25
"""A card is said to let another seat shoot the moon when Hard sees it happen in this much more of its
deals after it than after the better card."""


@dataclass(frozen=True, slots=True)
class Moons:
    """How often Hard saw a moon after each card: shot by South, or by another seat (0 to 1)."""

    chosen: float = 0.0
    best: float = 0.0
    chosen_against: float = 0.0
    best_against: float = 0.0


@dataclass(frozen=True, slots=True)
class Why:
    """A decision's line, and the kind of reason it gives (one explanation per kind of mistake)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the judgement found, for the words: the cost counted, and why none was when none was."""

    cost: float
    noise: bool = False
    """A first look found a cost that a closer one did not bear out."""
    excused: bool = False
    """The Q♠ dropped on a trick South could not win, with no reason true to the position against it:
    the textbook play is never called a mistake on Hard's numbers alone."""


def points(value: float) -> str:
    return f"{abs(value):.1f} points"


def worth(ev: float) -> str:
    """What an expected value means to South, in words with its sign."""
    if ev < 0:
        return f"cost you {points(ev)}"
    if ev > 0:
        return f"be worth {points(ev)} to you"
    return "cost you nothing"


def short_worth(ev: float) -> str:
    """``worth`` in a few characters, for a list: "costs 3.7", "gains 33.7", "costs 0"."""
    return f"gains {ev:.1f}" if ev > 0 else f"costs {abs(ev):.1f}"


def numbers(chosen: str, best: str, chosen_ev: float, best_ev: float) -> str:
    return f"From here Hard expects {best} to {worth(best_ev)} and {chosen} to {worth(chosen_ev)}"


def _line(kind: str, reason: str, numbers_text: str, verdict: Verdict) -> Why:
    if verdict.noise:
        return Why(
            "noise",
            f"Too close to call: Hard's first look favoured {reason}, a closer look did not show it "
            f"clearly better. {numbers_text}; no cost counted.",
        )
    if verdict.cost >= 1.0:
        return Why(kind, f"{reason} {numbers_text}: {points(verdict.cost)} lost.")
    return Why("close", f"{reason} {numbers_text}; less than a point between them, no cost counted.")


def why_play(
    view: PlayerView,
    card: Card,
    best: Card,
    chosen_ev: float,
    best_ev: float,
    *,
    forced: bool,
    verdict: Verdict,
    moons: Moons | None = None,
) -> Why:
    """The line on a card played: the reason the better card was better, then the numbers."""
    if forced:
        return Why("forced", f"The {card} was as good as any card you could play.")
    if card == best:
        return Why("same", f"The {card} was Hard's choice too.")
    said = numbers(f"the {card}", f"the {best}", chosen_ev, best_ev)
    if verdict.noise:
        return _line("noise", f"the {best}", said, verdict)
    if verdict.excused:
        return Why(
            "queen_dropped",
            f"Dropping the Q♠ on a trick you cannot win is the textbook play: Hard favours the {best}, "
            f"but nothing in the position explains why. {said}; no cost counted.",
        )
    if verdict.cost < 1.0:
        if best_ev < chosen_ev:
            return Why(
                "match",
                f"Hard prefers the {best} for the match as it stands, not for this hand's points. "
                f"{said}; no cost counted.",
            )
        return _line("close", f"The {card} was about as good as the {best}.", said, verdict)
    kind, reason = play_reason(view, card, best, moons or Moons())
    return _line(kind, reason, said, verdict)


def excuses(view: PlayerView, card: Card, best: Card, moons: Moons) -> bool:
    """Whether ``card`` is the Q♠ dropped on a trick South cannot win with no true reason against it."""
    return card != best and play_reason(view, card, best, moons)[0] == "queen_dropped"


def play_reason(view: PlayerView, card: Card, best: Card, moons: Moons) -> tuple[str, str]:
    """The kind of mistake and its reason, in Hearts terms true to the position."""
    moon = _moon_reason(view, card, best, moons)
    if moon is not None:
        return moon
    led = facts.led_suit(view)
    if led is None:
        return _lead_reason(view, card, best)
    if card.suit is led and best.suit is led:
        return _follow_reason(view, card, best)
    return _discard_reason(view, card, best, led)


def _moon_reason(view: PlayerView, card: Card, best: Card, moons: Moons) -> tuple[str, str] | None:
    if moons.best >= MOON_WITHIN_REACH and moons.best - moons.chosen >= MOON_GAP:
        if facts.nobody_has_points(view):
            so_far = "nobody has taken a point yet"
        elif facts.all_points_are(view) is view.seat:
            so_far = "every point so far is yours"
        else:
            so_far = "the points out are still to be taken"
        hearts = len(facts.still_out(view, Suit.HEARTS))
        queen = " and the Q♠" if facts.queen_out(view) else ""
        return "moon_missed", (
            f"A moon was within reach: {so_far}, with {hearts} heart{'' if hearts == 1 else 's'}{queen} "
            f"in the other hands. Hard shoots the moon in {_share(moons.best)} of its deals after the "
            f"{best}, in {_share(moons.chosen)} after the {card}."
        )
    if moons.chosen_against - moons.best_against >= MOON_ALLOWED_GAP:
        threat = facts.all_points_are(view)
        if threat is not None and threat is not view.seat:
            who = f"{facts.name(threat)} has taken every point so far"
        else:
            who = "another seat could still take every point"
        return "moon_allowed", (
            f"This was the moment to stop a moon: {who}. Hard sees another seat shoot the moon in "
            f"{_share(moons.chosen_against)} of its deals after the {card}, in "
            f"{_share(moons.best_against)} after the {best}."
        )
    return None


def _share(part: float) -> str:
    return f"{round(part * 100)}%"


def _lead_reason(view: PlayerView, card: Card, best: Card) -> tuple[str, str]:
    high_spade = card.suit is Suit.SPADES and card.rank > Rank.QUEEN
    best_high_spade = best.suit is Suit.SPADES and best.rank > Rank.QUEEN
    if high_spade and facts.queen_out(view) and not best_high_spade:
        return "lead_into_queen", (
            f"Leading the {card} with the Q♠ still out lets whoever holds her drop her on your trick."
        )
    voids = facts.shown_out(view, card.suit)
    if voids and not facts.shown_out(view, best.suit):
        return "lead_into_void", (
            f"{facts.names(voids)} {'has' if len(voids) == 1 else 'have'} shown out of "
            f"{card.suit.noun}, so a {card.suit.noun[:-1]} lead lets them throw points on it; nobody "
            f"has shown out of {best.suit.noun}."
        )
    if facts.surely_wins(view, card) and not facts.surely_wins(view, best):
        if facts.higher_out(view, card):
            sure = f"everyone else has shown out of {card.suit.noun}"
        else:
            sure = f"no {card.suit.noun[:-1]} still out is higher than the {card}"
        return "keeps_lead", f"Leading the {card} keeps you on lead: {sure}, so it takes the trick."
    if best.suit is card.suit:
        if best.rank < card.rank:
            return "lead_too_high", (
                f"The {best} leads the same suit lower, under {_higher(view, best)} still out, and "
                f"keeps the {card} for later; the {card} has {_higher(view, card)} still out above it."
            )
        return "lead_higher", (
            f"Hard would lead the higher {best} ({_higher(view, best)} still out above it) and keep "
            f"the {card} to duck with later ({_higher(view, card)} above it)."
        )
    return "lead_other", (
        f"Hard would lead {best.suit.noun} rather than {card.suit.noun}: {_suit_facts(view, best)}; "
        f"{_suit_facts(view, card)}."
    )


def _higher(view: PlayerView, card: Card) -> str:
    """How many cards of ``card``'s suit above it are still out, in words: "no higher heart",
    "1 higher heart", "3 higher hearts"."""
    count = len(facts.higher_out(view, card))
    noun = card.suit.noun[:-1] if count <= 1 else card.suit.noun
    return f"{count or 'no'} higher {noun}"


def _suit_facts(view: PlayerView, card: Card) -> str:
    """What is known of ``card``'s suit: how many are out, how many of them beat it, who has none."""
    out = len(facts.still_out(view, card.suit))
    above = len(facts.higher_out(view, card))
    noun = card.suit.noun[:-1] if out == 1 else card.suit.noun
    said = f"{out} {noun} still out, {above or 'none'} above the {card}"
    voids = facts.shown_out(view, card.suit)
    if voids:
        said += f" ({facts.names(voids)} {'has' if len(voids) == 1 else 'have'} none)"
    return said


def _follow_reason(view: PlayerView, card: Card, best: Card) -> tuple[str, str]:
    winning = view.trick.winning_card
    assert winning is not None
    after = facts.to_play_after(view)
    card_wins, best_wins = view.trick.would_win(card), view.trick.would_win(best)
    if card_wins and not best_wins:
        if card.suit is Suit.SPADES and facts.queen_out(view) and card.rank > Rank.QUEEN and after:
            return "catch_queen", (
                f"With the Q♠ still out and {facts.names(after)} yet to play, the {card} can catch her; "
                f"the {best} stays under the {winning}."
            )
        taken = facts.trick_holds(view)
        if taken and not after:
            return "takes_points", (
                f"The {card} takes this trick and its {taken}; the {best} would have ducked under the "
                f"{winning}."
            )
        if facts.surely_wins(view, card):
            return "keeps_lead", (
                f"The {card} is sure to take the trick and leaves you on lead; the {best} stays under "
                f"the {winning}."
            )
        higher = facts.higher_out(view, card)
        return "wins_for_now", (
            f"The {card} takes the trick for now ({facts.cards(higher)} still out can beat it, "
            f"{facts.names(after)} yet to play); the {best} stays under the {winning}."
        )
    if best_wins and not card_wins:
        if view.rules.jack_of_diamonds and JACK_OF_DIAMONDS in view.trick.cards:
            takes = "takes" if facts.surely_wins(view, best) else "can take"
            return "takes_jack", f"The {best} {takes} the J♦ in this trick, 10 points off your score."
        if not after and not facts.points_in_trick(view):
            return "safe_win", (
                f"Last to play to a trick with no points in it, the {best} wins it safely and gets a "
                f"high {card.suit.noun[:-1]} out of your hand."
            )
    suit = card.suit.noun
    if best_wins and not card_wins:
        holds = facts.trick_holds(view) or "no points so far"
        return "win_it", (
            f"Hard would take the trick with the {best} (it holds {holds}); the {card} stays under "
            f"the {winning}."
        )
    if not card_wins and not best_wins:
        under = f"Both stay under the {winning}, so the trick is not yours either way"
        if best.rank > card.rank:
            return "both_under", (
                f"{under}: a chance to get rid of the {best} safely. Kept, it has "
                f"{_higher(view, best)} still out to hide under."
            )
        return "both_under", (
            f"{under}; Hard would keep the {card} ({_higher(view, card)} still out) and play the {best}."
        )
    if card_wins and best_wins and after:
        return "both_win", (
            f"Both beat the {winning} for now, with {facts.names(after)} yet to play: the {best} "
            f"has {_higher(view, best)} still out above it, the {card} {_higher(view, card)}."
        )
    return "follow_other", (
        f"Last to play, you take this trick either way; what differs is the {suit[:-1]} left in your hand."
    )


def _discard_reason(view: PlayerView, card: Card, best: Card, led: Suit) -> tuple[str, str]:
    winner = view.trick.winning_seat
    assert winner is not None
    now = f"{facts.name(winner)} for now" if facts.to_play_after(view) else facts.name(winner)
    if best == QUEEN_OF_SPADES:
        return "keeps_queen", (
            f"With no {led.noun} left, the Q♠ would have gone to whoever takes this trick ({now}); "
            f"kept, she may yet fall to you."
        )
    if card == QUEEN_OF_SPADES:
        return "queen_dropped", ""
    if view.rules.jack_of_diamonds and card == JACK_OF_DIAMONDS:
        return "gives_jack", (
            f"Thrown on this trick, the J♦ and its 10 points go to whoever takes it ({now})."
        )
    if facts.held_in_suit(view, best.suit) == 1 and facts.held_in_suit(view, card.suit) > 1:
        return "void", (
            f"The {best} was your last {best.suit.noun[:-1]}: throwing it leaves you free to throw on "
            f"the next {best.suit.noun[:-1]} lead."
        )
    best_higher, card_higher = facts.higher_out(view, best), facts.higher_out(view, card)
    if len(best_higher) < len(card_higher):
        return "keeps_danger", (
            f"With no {led.noun} left you could throw any card: the {best} has {_higher(view, best)} "
            f"still out and can win a {best.suit.noun[:-1]} trick later, while the {card} has "
            f"{_higher(view, card)} out."
        )
    return "discard_other", (f"With no {led.noun} left, Hard would throw the {best} rather than the {card}.")


def passing(cards: CardSet) -> str:
    """A pass in words: "passing the 2♣, 3♣ and Q♠" (read aloud, each card apart from the next)."""
    return f"passing {facts.cards(list(cards))}"


def why_pass(
    view: PlayerView, chosen: CardSet, best: CardSet, chosen_ev: float, best_ev: float, *, verdict: Verdict
) -> Why:
    """The line on the pass."""
    if chosen == best:
        return Why("same", "Your pass was Hard's choice too.")
    said = numbers(passing(chosen), passing(best), chosen_ev, best_ev)
    if verdict.noise:
        return _line("noise", passing(best), said, verdict)
    if verdict.cost < 1.0:
        if best_ev < chosen_ev:
            return Why(
                "match",
                f"Hard prefers {passing(best)} for the match as it stands, not for this hand's points. "
                f"{said}; no cost counted.",
            )
        return _line("close", f"Your pass was about as good as {passing(best)}.", said, verdict)
    kind, reason = pass_reason(view, chosen, best)
    return _line(kind, reason, said, verdict)


def pass_reason(view: PlayerView, chosen: CardSet, best: CardSet) -> tuple[str, str]:
    spades = len(view.hand.of_suit(Suit.SPADES))
    kept_queen = QUEEN_OF_SPADES in view.hand and QUEEN_OF_SPADES not in chosen
    high_spades = [card for card in chosen if card.suit is Suit.SPADES and card.rank > Rank.QUEEN]
    if kept_queen and high_spades:
        return "pass_spade_guard", (
            f"Passing {facts.cards(high_spades)} while keeping the Q♠ gives away a spade you could play "
            f"safely: nobody else can drop her on it."
        )
    if kept_queen and QUEEN_OF_SPADES in best and spades <= 3:
        others = spades - 1
        return "pass_queen", (
            f"With only {others} other spade{'' if others == 1 else 's'} to hide behind, the Q♠ was one "
            f"to pass."
        )
    if view.rules.jack_of_diamonds and JACK_OF_DIAMONDS in chosen - best:
        return "pass_jack", (
            "Passing the J♦ gives away the card that takes 10 points off its taker's score; Hard would "
            "keep it, to win it later."
        )
    emptied = [suit for suit in Suit if view.hand.of_suit(suit) and view.hand.of_suit(suit) <= best]
    if emptied and not any(view.hand.of_suit(suit) <= chosen for suit in Suit if view.hand.of_suit(suit)):
        suit = emptied[0]
        return "pass_void", (
            f"Passing {facts.cards(list(best))} leaves you with no {suit.noun}: free to throw points when "
            "they are led."
        )
    kept, passed = list(chosen - best), list(best - chosen)
    if min(card.rank for card in passed) > max(card.rank for card in kept):
        return "pass_high", (
            f"Hard would pass the higher {facts.cards(passed)[4:]} and keep {facts.cards(kept)}: high "
            f"cards are the ones that win the tricks with points in them."
        )
    return "pass_other", f"Hard would keep {facts.cards(kept)} and pass {facts.cards(passed)}."
