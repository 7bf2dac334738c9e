"""The coach's verdict, numbers and words agree in sign: an expected value below zero is a cost, above
zero a gain (the J♦, a moon that subtracts), and the line says so; a key moment's cost is the difference
of its numbers, and a play is called costly only when that difference survived a closer look."""

from __future__ import annotations

import re

import pytest

from hearts import coach
from hearts.coach import facts
from hearts.coach.judgement import decide
from hearts.coach.study import played_hand
from hearts.coach.words import Moons, Verdict, why_pass, why_play
from hearts.engine import Card, CardSet, Match, Moon, Phase, Play, Rules, Seat, Suit
from tests.test_coach import SPADE_LED, deal, scripted

NUMBER = re.compile(
    r"expects (?P<first>.+?) to (?:(?P<cost>cost you (?P<lost>\d+\.\d) points?)|(?P<gain>be worth "
    r"(?P<won>\d+\.\d) points? to you)|(?P<none>cost you nothing)) and (?P<second>.+?) to "
    r"(?:(?P<cost2>cost you (?P<lost2>\d+\.\d) points?)|(?P<gain2>be worth (?P<won2>\d+\.\d) points? "
    r"to you)|(?P<none2>cost you nothing))[:;]"
)


def said_value(match: re.Match[str], second: bool) -> float:
    """The expected value a sentence gives, with the sign its words carry."""
    tail = "2" if second else ""
    if match.group("cost" + tail):
        return -float(match.group("lost" + tail))
    if match.group("gain" + tail):
        return float(match.group("won" + tail))
    assert match.group("none" + tail)
    return 0.0


def check(decision: coach.Decision) -> None:
    """The verdict (key, cost), the numbers and the sentence of one decision agree."""
    why = decision.why
    assert "-" not in re.sub(r"[A-Za-z]-[A-Za-z]", "", why), why  # no sign dropped into the words
    if decision.reason in ("same", "forced"):
        assert decision.cost == 0 and not decision.key
        assert "lost" not in why and "expects" not in why
        return
    found = NUMBER.search(why)
    assert found is not None, why
    assert said_value(found, second=False) == decision.best_ev, why
    assert said_value(found, second=True) == decision.chosen_ev, why
    difference = round(decision.best_ev - decision.chosen_ev, 1)
    if decision.cost >= coach.KEY_COST:
        assert decision.cost == difference > 0
        assert why.endswith(f"{decision.cost:.1f} points lost."), why
        assert not decision.uncounted and decision.reason not in ("noise", "close", "match")
    else:
        assert decision.cost == 0 or decision.cost == max(0.0, difference)
        assert not decision.key and "lost" not in why and why.endswith("no cost counted."), why
        if decision.uncounted == "noise":
            assert why.startswith("Too close to call") and difference >= coach.KEY_COST
    if decision.key:
        line = coach.moment_line(decision)
        assert f"{decision.cost:.1f} points lost" in line
        for card_set, value in ((decision.chosen, decision.chosen_ev), (decision.best, decision.best_ev)):
            word = "gains" if value > 0 else "costs"
            assert f"{card_set} {word} {abs(value):.1f}" in line, line
    if decision.reason == "moon_missed":
        assert why.startswith("A moon was within reach")


RULES = [Rules(moon=moon, jack_of_diamonds=jack) for moon in Moon for jack in (False, True)]

IN_PYODIDE_TOO = {(Moon.SHOOTER_CHOOSES, True)}
"""Inside Pyodide, the rule set whose hand is checked there as well (the moon's choice and the J♦ both in
play): a review costs 8-20 s in WebAssembly, and the coach is the same Python under every rule set
(natively, all six run, each in a worker of its own)."""


def rule_sets() -> list[object]:
    cases = []
    for seed, rules in enumerate(RULES, start=1):
        marks = () if (rules.moon, rules.jack_of_diamonds) in IN_PYODIDE_TOO else (pytest.mark.native,)
        name = f"{rules.moon.name.lower()}-jack-{'on' if rules.jack_of_diamonds else 'off'}"
        cases.append(pytest.param(seed, rules, marks=marks, id=name))
    return cases


@pytest.mark.parametrize(("seed", "rules"), rule_sets())
def test_every_decision_agrees_in_sign_under_every_moon_rule_with_the_jack_on_and_off(
    seed: int, rules: Rules
) -> None:
    seen = {"gain": 0, "judged": 0, "key": 0}
    match = played_hand(seed, rules=rules)
    review = coach.run(coach.review(match, 1, coach.seed_for(seed)))
    for decision in review.decisions:
        check(decision)
        seen["gain"] += decision.best_ev > 0 or decision.chosen_ev > 0
        seen["judged"] += not decision.forced
        seen["key"] += decision.key
    assert seen["judged"] > 5, seen
    if rules.jack_of_diamonds:  # the checks met gains (the J♦ taken) and key moments, not only costs
        assert seen["gain"] > 0 and seen["key"] > 0, seen


def spade_trick(plays: str) -> Match:
    """Hand 4 (no pass) from a deal where North leads a spade in trick 2 and South plays third."""
    return scripted(SPADE_LED, plays)


@pytest.mark.parametrize(
    ("chosen_ev", "best_ev"),
    [(-3.7, 33.7), (2.0, 9.5), (-9.3, -1.0), (0.0, 4.0), (-4.0, 0.0), (-2.0, -1.5), (5.0, 3.0)],
)
def test_the_words_carry_the_sign_of_any_numbers(chosen_ev: float, best_ev: float) -> None:
    view = spade_trick("2C 3C 4C 5C 5S 6S").view_for(Seat.SOUTH)
    card, best = Card.parse("AS"), Card.parse("2S")
    cost = max(0.0, round(best_ev - chosen_ev, 1))
    for verdict in (Verdict(cost), Verdict(0.0, noise=True)):
        why = why_play(view, card, best, chosen_ev, best_ev, forced=False, verdict=verdict)
        decision = coach.Decision(
            hand=4,
            index=2,
            kind="play",
            trick=2,
            chosen=CardSet([card]),
            best=CardSet([best]),
            chosen_ev=chosen_ev,
            best_ev=best_ev,
            forced=False,
            why=why.text,
            reason=why.kind,
            uncounted="noise" if verdict.noise else "",
            key=verdict.cost >= coach.KEY_COST,
        )
        if verdict.noise and cost < coach.KEY_COST:
            continue  # a closer look is only taken after a difference of a point or more
        check(decision)


def test_a_moon_within_reach_is_named() -> None:
    view = spade_trick("2C 3C 4C 5C 5S 6S").view_for(Seat.SOUTH)
    moons = Moons(chosen=0.1, best=0.8)
    why = why_play(
        view, Card.parse("2S"), Card.parse("AS"), -3.7, 33.7, forced=False, verdict=Verdict(37.4), moons=moons
    )
    assert why.kind == "moon_missed"
    assert why.text.startswith("A moon was within reach: ")
    assert "be worth 33.7 points to you" in why.text and "cost you 3.7 points" in why.text
    assert why.text.endswith("37.4 points lost.")
    assert "Hard shoots the moon in 80% of its deals after the A♠, in 10% after the 2♠" in why.text


def test_facts_come_from_the_view() -> None:
    # Trick 2: North led the 5♠, East the 6♠; South is third with West still to play.
    view = spade_trick("2C 3C 4C 5C 5S 6S").view_for(Seat.SOUTH)
    assert facts.queen_out(view)
    assert facts.to_play_after(view) == [Seat.WEST]
    assert view.trick.would_win(Card.parse("AS"))
    assert not view.trick.would_win(Card.parse("2S"))
    assert facts.surely_wins(view, Card.parse("AS"))  # no spade higher than the A♠
    assert facts.higher_out(view, Card.parse("2S"))[0] == Card.parse("3S")
    assert facts.shown_out(view, Suit.CLUBS) == []


# South holds the Q♠ and no club after trick 1; North leads a club in trick 2 and East plays the A♣.
QUEEN_IN_HAND = deal(
    "3C QS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "4C AS 7S 8S QH KH AH 2D 3D 4D 5D 6D 7D",
    "5C 6C 7C 8C 9C TC JC 3S 4S 5S 9S 8D 9D",
    "2C QC KC AC 6S TS JS KS TD JD QD KD AD",
)


def test_keeping_the_queen_when_she_could_go_is_said_as_it_is() -> None:
    view = scripted(QUEEN_IN_HAND, "2C 3C 4C 5C 6C AC").view_for(Seat.SOUTH)
    assert facts.led_suit(view) is Suit.CLUBS and not view.hand.of_suit(Suit.CLUBS)
    why = why_play(view, Card.parse("2S"), Card.parse("QS"), -9.0, -4.0, forced=False, verdict=Verdict(5.0))
    assert why.kind == "keeps_queen"
    assert why.text.startswith(
        "With no clubs left, the Q♠ would have gone to whoever takes this trick (East for now)"
    )
    assert why.text.endswith("5.0 points lost.")


def test_the_queen_dropped_on_a_trick_you_cannot_win_is_not_called_a_mistake_without_a_reason() -> None:
    match = scripted(QUEEN_IN_HAND, "2C 3C 4C 5C 6C AC QS")
    moment = next(moment for moment in coach.moments(match, 4) if moment.index == 2)
    assert moment.move == Play.of(Seat.SOUTH, Card.parse("QS"))
    looked = coach.Look(CardSet.parse("2S"), -8.0, -5.5, False, Moons())
    decision = decide(moment, looked, noise=False)
    assert decision.uncounted == "queen" and decision.cost == 0 and decision.reason == "queen_dropped"
    # Hard's numbers favour the other card, and the line says so rather than that nothing does.
    assert "textbook play: Hard favours the 2♠, but nothing in the position explains why." in decision.why
    assert decision.why.endswith("no cost counted.") and "says otherwise" not in decision.why
    check(decision)
    # With a reason true to the position (Hard sees a moon let through), it is a mistake, and says why.
    moon = coach.Look(CardSet.parse("2S"), -8.0, -5.5, False, Moons(chosen_against=0.6, best_against=0.1))
    decision = decide(moment, moon, noise=False)
    assert decision.cost == 2.5 and decision.reason == "moon_allowed" and not decision.uncounted
    check(decision)
    # A first look's cost that a closer look did not bear out is noise: nothing counted.
    decision = decide(moment, looked, noise=True)
    assert decision.uncounted == "noise" and decision.cost == 0 and decision.why.startswith("Too close")
    check(decision)


def test_who_has_shown_out_is_read_from_the_tricks_south_saw() -> None:
    # Trick 2: North leads the 6♣, East the A♣; South (no club left) throws the 2♠, West the 8♠.
    match = scripted(QUEEN_IN_HAND, "2C 3C 4C 5C 6C AC 2S 8S KC")
    view = match.view_for(Seat.SOUTH)
    assert facts.shown_out(view, Suit.CLUBS) == [Seat.WEST]  # South's own void is not news to South
    assert facts.shown_out(view, Suit.SPADES) == []
    assert facts.led_suit(view) is Suit.CLUBS and facts.to_play_after(view) == [Seat.WEST, Seat.NORTH]
    assert facts.names([Seat.WEST, Seat.NORTH, Seat.EAST]) == "West, North and East"
    assert facts.cards([Card.parse("AD"), Card.parse("KD")]) == "the A♦ and K♦"
    assert facts.higher_out(view, Card.parse("KC")) == []  # the A♣ went in trick 2
    assert facts.trick_holds(view) == "" and facts.points_in_trick(view) == 0


def test_the_pass_is_explained_by_what_it_gives_away() -> None:
    match = Match()
    match.apply(QUEEN_IN_HAND)  # hand 1: pass left
    view = match.view_for(Seat.SOUTH)
    assert view.phase is Phase.PASS
    verdict = Verdict(3.0)
    low, high = CardSet.parse("2H 3H 4H"), CardSet.parse("9H TH JH")
    why = why_pass(view, low, high, -9.0, -6.0, verdict=verdict)
    assert why.kind == "pass_high" and why.text.startswith("Hard would pass the higher 9♥, 10♥ and J♥")
    check_pass = NUMBER.search(why.text)
    assert check_pass is not None and said_value(check_pass, second=False) == -6.0
    # Passing the 3♣ with two others leaves no club: said as such.
    why = why_pass(view, CardSet.parse("2H 3H 4H"), CardSet.parse("3C 2H 3H"), -9.0, -6.0, verdict=verdict)
    assert why.kind == "pass_void" and "leaves you with no clubs" in why.text
    # Each card of a pass apart from the next, as a screen reader reads it ("passing 3 of clubs 2 of
    # hearts 3 of hearts" ran together).
    assert why.text.startswith("Passing the 3♣, 2♥ and 3♥ leaves")
    assert "passing the 2♥, 3♥ and 4♥ to" in why.text
    # The Q♠ kept with a high spade passed.
    why = why_pass(view, CardSet.parse("2S 2H 3H"), CardSet.parse("QS 2H 3H"), -9.0, -6.0, verdict=verdict)
    assert why.kind == "pass_queen" and why.text.startswith("With only 1 other spade to hide behind")
