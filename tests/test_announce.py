"""The screen reader's words: one sentence an event in the player's terms, answers at any moment, a log."""

from __future__ import annotations

import ast
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from hearts import announce
from hearts.announce import (
    VERBOSITIES,
    Announcement,
    History,
    Verbosity,
    card_name,
    card_title,
    cards_out,
    cards_spoken,
    current_trick,
    for_event,
    for_events,
    hand_by_suit,
    passing,
    refusal,
    scores,
    whose_turn,
    your_turn,
)
from hearts.engine import (
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    Match,
    MatchOver,
    Moon,
    MoonChoice,
    MoonChoiceNeeded,
    Pass,
    PassChosen,
    PassDirection,
    Phase,
    PlayerView,
    QueenPlayed,
    Rank,
    Rules,
    Seat,
    Suit,
    Trick,
    TrickTaken,
)
from hearts.engine.reasons import MUST_FOLLOW, REASONS, Reason, Refusal
from hearts.words import RANK_WORDS, seat_subject
from tests.engine.helpers import ALL_RULES, new_match, play_match
from tests.engine.scenarios import play, play_out, start
from tests.runs import searched

MATCHES: Final = searched(40, in_pyodide=6)
"""Random matches whose every move's events are said, at each verbosity."""
QUERY_MATCHES: Final = searched(8, in_pyodide=2)
"""Random matches where every query is asked after every move."""
BRIEF_LIMIT: Final = 120
FULL_LIMIT: Final = 250
LIMITS: Final = {"brief": BRIEF_LIMIT, "full": FULL_LIMIT}
YOU: Final = Seat.SOUTH
RANK_FROM_WORD: Final = {word: rank for rank, word in RANK_WORDS.items()}


def random_matches(count: int, salt: int) -> Iterator[tuple[Match, list[Event]]]:
    """``count`` seeded random matches under random tables, as (match, events) after every move."""
    for seed in range(count):
        rng = random.Random(seed * 7919 + salt)
        rules = rng.choice(ALL_RULES)
        match = new_match(rules, rng)
        for after, _move, events in play_match(match, seed, rng):
            yield after, events


def is_your_move(view: PlayerView) -> bool:
    if view.phase is Phase.PASS:
        return view.passed is None and view.pass_target is not None
    if view.phase is Phase.PLAY:
        return view.to_move is YOU
    return view.phase is Phase.MOON and view.moon_shooter is YOU


def check_said(said: Announcement, limit: int) -> None:
    assert said.text.strip() == said.text and said.text, f"empty or padded: {said!r}"
    assert len(said.text) <= limit, f"{len(said.text)} characters: {said.text!r}"
    assert said.priority in ("polite", "assertive")
    assert said.text[-1] in ".!", said.text


# Random matches --------------------------------------------------------------------------------


@pytest.mark.parametrize("verbosity", VERBOSITIES)
def test_every_event_of_random_matches_is_said_in_one_short_sentence(verbosity: Verbosity) -> None:
    limit = LIMITS[verbosity]
    kinds_seen: Counter[str] = Counter()
    for match, events in random_matches(MATCHES, salt=1):
        view = match.view_for(YOU)
        said = for_events(events, view, verbosity=verbosity)
        for item in said:
            check_said(item, limit)
        kinds_seen.update(item.kind for item in said)
        kinds = Counter(item.kind for item in said)
        expected = Counter(type(event).__name__ for event in events)
        assert kinds["card"] == expected["CardPlayed"]
        assert kinds["trick"] == expected["TrickTaken"]
        assert kinds["scores"] == expected["HandScored"]
        assert kinds["match"] == expected["MatchOver"]
        assert kinds["deal"] == expected["HandStarted"]
        assert kinds["received"] == expected["CardsPassed"]
        assert kinds["hearts"] == expected["HeartsBroken"]
        cards = [item for item in said if item.kind == "card"]
        played = [event for event in events if isinstance(event, CardPlayed)]
        for item, event in zip(cards, played, strict=True):
            assert item.text.startswith(f"{seat_subject(event.seat)} "), item.text
            assert f"the {card_name(event.card)}" in item.text
        tricks = [item for item in said if item.kind == "trick"]
        taken = [event for event in events if isinstance(event, TrickTaken)]
        for item, event in zip(tricks, taken, strict=True):
            winning = event.trick.card_of(event.winner)
            assert winning is not None
            assert item.text.startswith(f"{seat_subject(event.winner)} take"), item.text
            assert f"with the {card_name(winning)}:" in item.text
            what = item.text.split(": ", 1)[1]
            assert what.startswith("no points") == (event.points == 0 and not jack_in(event, match))
        for item in said:
            if item.kind == "match":
                assert item.priority == "assertive"
        turn = your_turn(view, verbosity=verbosity)
        assert (turn is not None) == is_your_move(view)
        if turn is not None:
            check_said(turn, limit)
            assert turn.kind == "turn"
    assert {"card", "trick", "hearts", "scores", "deal", "received", "match", "pass"} <= set(kinds_seen)


def jack_in(event: TrickTaken, match: Match) -> bool:
    """Whether the J♦ counts in this taken trick."""
    return match.rules.jack_of_diamonds and Card.parse("JD") in event.trick.cards


def test_every_query_answers_at_every_moment_of_random_matches() -> None:
    asked = 0
    for match, _events in random_matches(QUERY_MATCHES, salt=2):
        view = match.view_for(YOU)
        for query in (hand_by_suit, current_trick, scores, whose_turn, passing, cards_out):
            said = query(view)
            assert said.kind == "query" and said.priority == "polite"
            assert said.text and said.text[-1] in ".!", said.text
        assert spoken_hand(hand_by_suit(view).text) == view.hand
        if view.hand or view.tricks or view.phase in (Phase.PASS, Phase.PLAY):
            assert spoken_unseen(cards_out(view).text) == view.unseen
        for chosen in range(4):
            your_turn(view, chosen=chosen, verbosity="brief")
        asked += 1
    assert asked > 1000


def spoken_hand(text: str) -> CardSet:
    """The cards ``hand_by_suit`` names, read back from its words."""
    if text.startswith("You hold no cards"):
        return CardSet()
    found = re.findall(r"(Clubs|Diamonds|Spades|Hearts): ([^.]+)\.", text)
    assert [suit for suit, _ in found] == ["Clubs", "Diamonds", "Spades", "Hearts"], text
    return CardSet(card for suit, ranks in found for card in read_ranks(Suit[suit.upper()], ranks))


def spoken_unseen(text: str) -> CardSet:
    """The cards ``cards_out`` names, read back, its counts checked against the ranks it lists."""
    if "Every card is played" in text:
        return CardSet()
    assert text.startswith("Still out: "), text
    found = re.findall(
        r"(clubs|diamonds|spades|hearts)(?:, (?:(\d+) cards?|all (13)))?(?:: ([^.]+))?\.",
        text,
        flags=re.IGNORECASE,
    )
    assert [suit.lower() for suit, _, _, _ in found] == ["clubs", "diamonds", "spades", "hearts"], text
    cards: list[Card] = []
    for suit_word, count, whole, ranks in found:
        suit = Suit[suit_word.upper()]
        these = [Card.of(rank, suit) for rank in Rank] if whole else read_ranks(suit, ranks)
        assert len(these) == (int(count or whole) if count or whole else 0), text
        cards += these
    return CardSet(cards)


def read_ranks(suit: Suit, ranks: str) -> list[Card]:
    if ranks == "none":
        return []
    return [Card.of(RANK_FROM_WORD[word], suit) for word in ranks.split(", ")]


# Cards said --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "name", "title"),
    [
        ("QS", "queen of spades", "Queen of spades"),
        ("TH", "10 of hearts", "10 of hearts"),
        ("AC", "ace of clubs", "Ace of clubs"),
        ("2D", "2 of diamonds", "2 of diamonds"),
        ("JD", "jack of diamonds", "Jack of diamonds"),
    ],
)
def test_a_card_is_named_in_words(card: str, name: str, title: str) -> None:
    assert card_name(Card.parse(card)) == name
    assert card_title(Card.parse(card)) == title


def test_cards_are_listed_by_suit_then_rank() -> None:
    cards = [Card.parse(text) for text in ("TH", "KS", "4D")]
    assert cards_spoken(cards) == "the 4 of diamonds, king of spades and 10 of hearts"
    assert cards_spoken([Card.parse("2C")]) == "the 2 of clubs"


# Events said exactly ------------------------------------------------------------------------------

# Trick 1: South's 2♣, West's A♣, and North and East (void in clubs) discard: West leads trick 2.
DEAL: Final = {
    "south": "2C 3C 4C 5C 6C 7C 8C 9C 2D 8D KD AD 2H",
    "west": "TC JC QC KC AC 3D 4D 5D 6D 3S 4S 5S 3H",
    "north": "7D 9D TD JD QD 6S 7S 8S 9S TS 4H 5H 6H",
    "east": "2S JS QS KS AS 7H 8H 9H TH JH QH KH AH",
}
# You hold East's cards above: void in clubs on the first trick, with hearts, the Q♠ and other spades.
VOID: Final = {
    "south": DEAL["east"],
    "west": DEAL["south"],
    "north": DEAL["west"],
    "east": DEAL["north"],
}


def said(event: Event, view: PlayerView, verbosity: Verbosity = "brief") -> list[str]:
    return [item.text for item in for_event(event, view, verbosity=verbosity)]


def test_cards_played_name_the_player_and_the_card() -> None:
    match = start(**DEAL)
    events = play(match, "2C", "AC")
    view = match.view_for(YOU)
    assert [text for event in events for text in said(event, view)] == [
        "You lead the 2 of clubs.",
        "West plays the ace of clubs.",
    ]
    events = play(match, "7D")
    assert said(events[0], match.view_for(YOU), "full") == ["North plays the 7 of diamonds: no clubs."]


def test_a_taken_trick_says_who_took_it_with_what_and_its_points() -> None:
    match = start(**DEAL)
    events = play(match, "2C", "AC", "7D", "2S")
    texts = [item.text for item in for_events(events, match.view_for(YOU), verbosity="brief")]
    assert texts[-1] == "West takes the trick with the ace of clubs: no points."
    events = play(match, "3D", "9D", "7H", "KD")  # West leads, North, East (void: a heart), you win
    texts = [item.text for item in for_events(events, match.view_for(YOU), verbosity="brief")]
    assert texts == [
        "West leads the 3 of diamonds.",
        "North plays the 9 of diamonds.",
        "East plays the 7 of hearts.",
        "Hearts are broken.",
        "You play the king of diamonds.",
        "You take the trick with the king of diamonds: 1 heart, 1 point.",
    ]
    full = [item.text for item in for_events(events[-1:], match.view_for(YOU), verbosity="full")]
    assert full == [
        "You take the trick with the king of diamonds: 1 heart, 1 point. You have 1 point this hand. "
        "11 tricks left."
    ]


@pytest.mark.parametrize(
    ("cards", "winner", "jack", "words"),
    [
        (
            "QS 4H AS 9H",
            Seat.NORTH,
            False,
            "North takes the trick with the ace of spades: 2 hearts and the queen of spades, 15 points.",
        ),
        (
            "JD 2D 3D 4D",
            Seat.SOUTH,
            True,
            "You take the trick with the jack of diamonds: the jack of diamonds, minus 10 points.",
        ),
        (
            "JD QS QD 4H",
            Seat.EAST,
            True,
            "East takes the trick with the queen of diamonds: "
            "1 heart, the queen of spades and the jack of diamonds, 4 points.",
        ),
        ("JD 2D 3D 4D", Seat.SOUTH, False, "You take the trick with the jack of diamonds: no points."),
    ],
)
def test_what_a_trick_holds_is_said_in_words(cards: str, winner: Seat, jack: bool, words: str) -> None:
    played = tuple(Card.parse(text) for text in cards.split())
    ahead = Trick(Seat.SOUTH, played).completed().winner  # the winning card's place from the leader
    assert ahead is not None
    trick = Trick(winner.offset(-ahead), played).completed()
    assert trick.winner is winner
    view = start(Rules(jack_of_diamonds=jack), **DEAL).view_for(YOU)
    assert said(TrickTaken(3, trick), view) == [words]


def test_a_hand_starts_with_its_pass() -> None:
    view = start(**DEAL).view_for(YOU)
    assert said(HandStarted(1, Seat.EAST, PassDirection.LEFT), view) == ["Hand 1, passing left."]
    assert said(HandStarted(2, Seat.SOUTH, PassDirection.RIGHT), view) == ["Hand 2, passing right."]
    assert said(HandStarted(3, Seat.WEST, PassDirection.ACROSS), view) == ["Hand 3, passing across."]
    assert said(HandStarted(4, Seat.NORTH, PassDirection.NONE), view) == ["Hand 4. No passing this hand."]
    assert said(HandStarted(4, Seat.NORTH, PassDirection.NONE), view, "full") == [
        "Hand 4. No passing this hand. You hold 8 clubs, 4 diamonds, no spades and 1 heart. Playing to 100."
    ]


def test_the_exchange_says_what_you_received_and_your_pass_what_you_gave() -> None:
    match = start(hand_number=1, **DEAL)  # hand 1 passes left
    gave = {seat: CardSet(list(match.view_for(seat).hand)[:3]) for seat in Seat}
    events: list[Event] = []
    for seat in Seat:
        events += match.apply(Pass(seat, gave[seat]))
    exchange = next(event for event in events if isinstance(event, CardsPassed))
    view = match.view_for(YOU)
    # East passes to you: its three lowest cards, the 2♠, J♠ and Q♠.
    assert said(exchange, view) == ["East passed you the 2 of spades, jack of spades and queen of spades."]
    # In full too: what you gave was said as you confirmed it (below), not again.
    assert said(exchange, view, "full") == said(exchange, view)
    assert said(PassChosen(Seat.NORTH), view) == []
    assert said(PassChosen(Seat.NORTH), view, "full") == ["North has chosen 3 cards."]
    assert said(PassChosen(YOU), view) == ["You pass the 2 of clubs, 3 of clubs and 4 of clubs to West."]


def test_the_queen_and_broken_hearts() -> None:
    view = start(**DEAL).view_for(YOU)
    assert said(HeartsBroken(Seat.EAST, Card.parse("7H")), view) == ["Hearts are broken."]
    assert said(QueenPlayed(Seat.EAST), view) == []  # the card's own sentence names it
    assert [item.kind for item in for_event(QueenPlayed(Seat.EAST), view, verbosity="full")] == ["queen"]


def scored(
    points: tuple[int, ...],
    totals: tuple[int, ...],
    *,
    shooter: Seat | None = None,
    jack: Seat | None = None,
) -> HandScored:
    hearts = (13, 0, 0, 0) if shooter is YOU else (4, 3, 3, 3)
    moon = Moon.ADD_TO_OTHERS if shooter is not None else None
    queen = YOU if shooter is YOU else Seat.WEST
    return HandScored(3, points, points, totals, shooter, moon, jack, hearts, queen)


def test_a_scored_hand_says_each_score_and_total_then_its_story() -> None:
    view = start(**DEAL).view_for(YOU)
    result = for_event(scored((4, 16, 3, 3), (30, 41, 12, 0), jack=Seat.NORTH), view, verbosity="brief")
    assert [(item.kind, item.text) for item in result] == [
        (
            "scores",
            "Hand 3 scores: you 4, West 16, North 3, East 3. Totals: you 30, West 41, North 12, East 0.",
        ),
        ("note", "North took the jack of diamonds: minus 10."),
    ]
    moon = for_event(scored((0, 26, 26, 26), (0, 26, 26, 26), shooter=YOU), view, verbosity="full")
    assert [(item.kind, item.text) for item in moon] == [
        (
            "scores",
            "Hand 3 scores: you 0, West 26, North 26, East 26. Totals: you 0, West 26, North 26, "
            "East 26. Playing to 100.",
        ),
        ("moon", "You shot the moon: everyone else plus 26."),
    ]


def test_a_scored_hand_with_long_numbers_still_fits_one_brief_line() -> None:
    view = start(**DEAL).view_for(YOU)
    result = for_event(
        scored((-26, -10, 0, 0), (-126, -110, -100, -104), shooter=YOU), view, verbosity="brief"
    )
    assert result[0].text == (
        "Hand 3: you -26, West -10, North 0, East 0. Totals: you -126, West -110, North -100, East -104."
    )
    assert all(len(item.text) <= BRIEF_LIMIT for item in result)


def test_a_moon_to_choose_is_urgent_only_when_it_is_yours() -> None:
    view = start(**DEAL).view_for(YOU)
    mine = for_event(MoonChoiceNeeded(YOU), view, verbosity="brief")
    theirs = for_event(MoonChoiceNeeded(Seat.WEST), view, verbosity="brief")
    assert [(item.kind, item.priority) for item in mine] == [("moon", "assertive")]
    assert [(item.kind, item.priority) for item in theirs] == [("moon", "polite")]
    assert theirs[0].text == "West shot the moon and is choosing how it scores."


@pytest.mark.parametrize(
    ("winners", "totals", "words"),
    [
        ((YOU,), (45, 103, 60, 88), "You win the match with 45!"),
        ((Seat.NORTH,), (88, 103, 45, 60), "North wins the match. You came third with 88."),
        ((Seat.NORTH,), (60, 103, 45, 60), "North wins the match. You tied for second with 60."),
        ((YOU, Seat.EAST), (45, 103, 60, 45), "You share the win with East, on 45!"),
        ((Seat.WEST, Seat.EAST), (50, 45, 101, 45), "West and East share the win. You came third with 50."),
    ],
)
def test_the_end_of_the_match(winners: tuple[Seat, ...], totals: tuple[int, ...], words: str) -> None:
    view = start(**DEAL).view_for(YOU)
    result = for_event(MatchOver(winners, totals), view, verbosity="brief")
    assert [(item.kind, item.priority, item.text) for item in result] == [("match", "assertive", words)]


# Your move ----------------------------------------------------------------------------------------


def turn_text(view: PlayerView, verbosity: Verbosity = "brief", chosen: int = 0) -> str | None:
    turn = your_turn(view, chosen=chosen, verbosity=verbosity)
    return None if turn is None else turn.text


def test_your_turn_to_pass() -> None:
    match = start(hand_number=1, **DEAL)
    view = match.view_for(YOU)
    assert turn_text(view) == "Choose 3 cards to pass left to West."
    assert turn_text(view, chosen=1) == "2 more to choose."
    assert turn_text(view, chosen=3) == "3 cards chosen: press Pass left to give them to West."
    match.apply(Pass(YOU, CardSet.parse("2C 3C 4C")))
    assert turn_text(match.view_for(YOU)) is None  # the others are choosing


def test_your_turn_to_lead_and_to_follow() -> None:
    match = start(**DEAL)
    assert turn_text(match.view_for(YOU)) == "Your lead. You must lead the 2 of clubs."
    play(match, "2C", "AC", "7D", "2S", "3D", "9D", "7H")  # West leads a diamond; you hold four
    assert turn_text(match.view_for(YOU)) == "Your turn. Follow diamonds: you have 4."
    assert turn_text(match.view_for(YOU), "full") == (
        "Your turn. Follow diamonds: you have 4. North is winning with the 9 of diamonds. "
        "1 point on the table."
    )
    play(match, "2D")  # North takes it and leads
    assert turn_text(match.view_for(YOU)) is None
    play(match, "6S", "JS")  # a spade: you have none
    assert turn_text(match.view_for(YOU)) == "Your turn. No spades: play any card."


def test_your_lead_before_and_after_hearts_break() -> None:
    match = start(**DEAL)
    play(match, "2C", "AC", "7D", "2S", "3D", "9D", "QS", "KD")  # you take the second trick
    assert turn_text(match.view_for(YOU)) == "Your lead. Hearts are not broken."
    assert turn_text(match.view_for(YOU), "full") == "Your lead. Hearts are not broken. Lead any other suit."


def test_void_on_the_first_trick_may_not_discard_points() -> None:
    match = start(**VOID)  # West leads the 2♣
    play(match, "2C", "TC", "7D")
    assert turn_text(match.view_for(YOU)) == (
        "Your turn. No clubs: play any card but a heart or the queen of spades."
    )
    points_allowed = start(Rules(points_on_first_trick=True), **VOID)
    play(points_allowed, "2C", "TC", "7D")
    assert turn_text(points_allowed.view_for(YOU)) == "Your turn. No clubs: play any card."


def test_no_turn_while_others_play_or_before_the_deal() -> None:
    assert turn_text(Match().view_for(YOU)) is None
    match = start(**VOID)  # West leads
    assert turn_text(match.view_for(YOU)) is None


# Refusals -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (MUST_FOLLOW[Suit.CLUBS], "Can't play that: you must follow clubs."),
        ("You must follow clubs.", "Can't play that: you must follow clubs."),
        (REASONS[Refusal.HEARTS_NOT_BROKEN], "Can't play that: hearts are not broken yet."),
        (REASONS[Refusal.LEAD_TWO_OF_CLUBS], "Can't play that: lead the 2 of clubs."),
        (REASONS[Refusal.NO_POINTS_FIRST_TRICK], "Can't play that: no points on the first trick."),
        (REASONS[Refusal.NOT_YOUR_TURN], "Can't play that: it is not your turn."),
        (REASONS[Refusal.PASS_THREE], "Can't pass those: choose exactly three cards to pass."),
        (REASONS[Refusal.MATCH_IS_OVER], "Can't do that: the match is over."),
        ("The match is over", "Can't play that: the match is over."),  # the kind decides, never the text
        ("  West has the 2♣!  ", "Can't play that: West has the 2 of clubs."),
        ("No ♥ yet", "Can't play that: no hearts yet."),
        ("Can't lead that now", "Can't lead that now."),
        ("", "Can't play that."),
    ],
)
def test_a_refusal_reads_as_one_sentence(reason: Reason | str, words: str) -> None:
    result = refusal(str(reason), reason.kind) if isinstance(reason, Reason) else refusal(reason)
    assert (result.text, result.priority, result.kind) == (words, "assertive", "refusal")


def test_the_tables_symbols_are_said_in_words() -> None:
    assert announce.speak_symbols("West takes it — 3 ♥ and the Q♠") == (
        "West takes it — 3 hearts and the queen of spades"
    )
    assert announce.speak_symbols("Lead the 2♣, not the 10♦") == "Lead the 2 of clubs, not the 10 of diamonds"
    assert announce.speak_symbols("Next: Hand 2 · Pass right · to 100") == "Next: Hand 2, Pass right, to 100"


# Queries ------------------------------------------------------------------------------------------


def test_queries_before_the_first_deal() -> None:
    view = Match().view_for(YOU)
    assert hand_by_suit(view).text == "You hold no cards: the hand is not dealt yet."
    assert current_trick(view).text == "No cards on the table: waiting for the deal."
    assert scores(view).text == "No hand played yet. Totals: you 0, West 0, North 0, East 0. Playing to 100."
    assert whose_turn(view).text == "Waiting for the deal."
    assert passing(view).text == "Not dealt yet. The next hand passes to the left, to West."
    assert cards_out(view).text == "No cards dealt yet."


def test_queries_while_passing() -> None:
    match = start(hand_number=3, **DEAL)  # hand 3 passes across
    view = match.view_for(YOU)
    assert hand_by_suit(view).text == (
        "Clubs: 2, 3, 4, 5, 6, 7, 8, 9. Diamonds: 2, 8, king, ace. Spades: none. Hearts: 2."
    )
    assert whose_turn(view).text == "Everyone is choosing cards to pass."
    assert passing(view).text == "You have not chosen your 3 cards yet: this hand passes across, to North."
    match.apply(Pass(YOU, CardSet.parse("AD KD 2H")))
    view = match.view_for(YOU)
    assert whose_turn(view).text == "Waiting for West, North and East to pass."
    assert passing(view).text == (
        "You passed the king of diamonds, ace of diamonds and 2 of hearts to North. "
        "North has not passed to you yet."
    )
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        match.apply(Pass(seat, CardSet(list(match.view_for(seat).hand)[:3])))
    assert passing(match.view_for(YOU)).text == (
        "You passed the king of diamonds, ace of diamonds and 2 of hearts to North. "
        "North passed you the 7 of diamonds, 9 of diamonds and 10 of diamonds."
    )


def test_queries_during_play() -> None:
    match = start(**DEAL)
    view = match.view_for(YOU)
    assert current_trick(view).text == "No cards on the table: your lead."
    assert passing(view).text == "No passing this hand."
    play(match, "2C", "AC")
    view = match.view_for(YOU)
    assert current_trick(view).text == (
        "You led the 2 of clubs; West played the ace of clubs. West is winning. North to play."
    )
    assert whose_turn(view).text == "North to play."
    play(match, "7D", "2S")
    view = match.view_for(YOU)
    assert current_trick(view).text == "West took the last trick with the ace of clubs. West leads."
    assert cards_out(view).text == (
        "Still out: clubs, 4 cards: 10, jack, queen, king. "
        "Diamonds, 8 cards: 3, 4, 5, 6, 9, 10, jack, queen. "
        "Spades, 12 cards: 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king, ace. Hearts, 12 cards: 3, 4, 5, 6, 7, "
        "8, 9, 10, jack, queen, king, ace."
    )
    play(match, "3D", "9D", "QS", "KD")
    assert scores(match.view_for(YOU)).text == (
        "This hand: you 13, West 0, North 0, East 0. Totals: you 0, West 0, North 0, East 0. Playing to 100."
    )


def test_queries_at_a_moon_choice_and_at_the_end() -> None:
    # Each card you hold is the highest left of its suit: you take all 13 tricks, every heart and the Q♠.
    rules = Rules(moon=Moon.SHOOTER_CHOOSES, target=50)
    match = start(rules, totals=(10, 40, 45, 30), south="AC KC QC JC TC AD KD QD AS KS QS AH KH")
    play_out(match)
    view = match.view_for(YOU)
    assert view.phase is Phase.MOON
    assert whose_turn(view).text == "Your turn: choose how your moon scores."
    assert turn_text(view) == "You shot the moon. Choose: add 26 to each opponent, or take 26 off your score."
    assert current_trick(view).text == (
        "No cards on the table. You took the last trick with the ace of hearts."
    )
    assert scores(view).text == (
        "Hand 4: you 26, West 0, North 0, East 0. Totals: you 10, West 40, North 45, East 30. Playing to 50."
    )
    events = match.apply(MoonChoice(YOU, Moon.ADD_TO_OTHERS))
    view = match.view_for(YOU)
    assert [item.kind for item in for_events(events, view, verbosity="brief")] == ["scores", "moon", "match"]
    assert match.is_over
    assert whose_turn(view).text == "The match is over."
    assert cards_out(view).text == "Still out: none. Every card is played or in your hand."
    assert hand_by_suit(view).text == "You hold no cards."
    assert passing(view).text == "No passing this hand."
    assert turn_text(view) is None


# The log ------------------------------------------------------------------------------------------


def test_the_history_keeps_the_last_fifty_in_order() -> None:
    history = History()
    assert len(history) == 0 and history.items() == ()
    notes = [Announcement(text=f"Note {number}.", kind="note") for number in range(60)]
    for note in notes[:10]:
        history.add(note)
    assert history.items() == tuple(notes[:10])
    for note in notes[10:]:
        history.add(note)
    assert History.LIMIT == 50
    assert len(history) == 50
    assert history.items() == tuple(notes[10:])


# Layers -------------------------------------------------------------------------------------------


def test_the_announcer_uses_only_the_engine_the_words_and_the_standard_library() -> None:
    package = Path(announce.__file__).parent
    own = {path.stem for path in package.glob("*.py")}
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted(package.glob("*.py"))]
    assert len(trees) > 1, "the announcer is a package of modules"
    outside = set()
    for node in (node for tree in trees for node in ast.walk(tree)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:  # the package's own modules
            if (node.module or "") not in own:
                outside.add(f".{node.module}")
        elif isinstance(node, ast.ImportFrom) and node.level:
            module = node.module or ""
            if node.level != 2 or not (module in {"words", "engine"} or module.startswith("engine.")):
                outside.add(module)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = [alias.name for alias in node.names]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names:
                    outside.add(name)
    assert not outside, outside
