"""Challenge codes: every table option, level and score round-trips; anything cut, edited or hostile is
refused with the one sentence (another for a newer version); the code replays the challenger's match."""

from __future__ import annotations

import itertools
import json
import random
import string

import pytest

from hearts import challenge
from hearts.bots import LEVELS
from hearts.challenge import BROKEN, NEWER, Challenge, InvalidChallenge
from hearts.deals import deal_for
from hearts.engine import (
    PRESETS,
    HandStarted,
    Moon,
    Phase,
    Rules,
    Seat,
    Ties,
)
from hearts.storage import MemoryBackend, SavedMatch, Store
from hearts.ui.session import Session
from tests.engine.helpers import ALL_RULES

SEEDS = (0, 1, 93103580472352977, 2**63 - 1, 2**64 - 1)
SCORES = (None, 0, 1, 61, -10, -26, -32768, 32767)


def test_every_table_every_level_and_score_round_trips() -> None:
    assert len(ALL_RULES) == 3 * 3 * 2 * 2 * 2 * 2
    assert challenge.LEVELS == LEVELS
    codes = set()
    for rules, level in itertools.product(ALL_RULES, LEVELS):
        for seed, score in zip(SEEDS, itertools.cycle(SCORES), strict=False):
            original = Challenge(seed=seed, rules=rules, level=level, score=score)
            code = original.to_code()
            assert challenge.decode(code) == original
            assert code[0] == "1" and set(code[1:]) <= set(string.ascii_letters + string.digits + "-_")
            assert len(code) <= 23
            codes.add(code)
    assert len(codes) == len(ALL_RULES) * len(LEVELS) * len(SEEDS)
    for score in SCORES:
        assert challenge.decode(Challenge(seed=7, score=score).to_code()).score == score


@pytest.mark.parametrize("score", [challenge.MIN_SCORE, -10_001, 61, 10_001, challenge.MAX_SCORE])
def test_every_score_a_code_carries_survives_the_save_of_the_match(score: int) -> None:
    """The save keeps a friend's score within the very bound a code packs, so a challenge reloaded
    still compares with it."""
    offered = challenge.decode(Challenge(seed=7, level="hard", score=score).to_code())
    backend = MemoryBackend()
    saved = SavedMatch(offered.new_match(), 7, offered.level, challenge=offered)
    assert Store(backend).save_match(saved)
    loaded = Store(backend).load_match()
    assert loaded is not None and loaded.challenge == offered and loaded.challenge.score == score


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_command_line_names_tables_by_preset(name: str) -> None:
    assert challenge.rules_from_text(name) == PRESETS[name]


def test_the_command_line_names_tables_by_option() -> None:
    rules = challenge.rules_from_text("target=50, moon=choose,jack_of_diamonds=on,ties=shared")
    assert rules == Rules(target=50, moon=Moon.SHOOTER_CHOOSES, jack_of_diamonds=True, ties=Ties.SHARED_WIN)
    assert challenge.rules_from_text("queen_breaks_hearts=yes,points_on_first_trick=1") == PRESETS["house"]
    for bad in ("target=75", "moon=half", "colour=red", "nonsense"):
        with pytest.raises(ValueError):
            challenge.rules_from_text(bad)


@pytest.mark.parametrize(
    "bad",
    [
        {"seed": -1},
        {"seed": 2**64},
        {"seed": True},
        {"level": "expert"},
        {"score": 32768},
        {"score": -32769},
        {"score": 1.5},
    ],
)
def test_a_challenge_that_cannot_be_packed_is_refused_when_made(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Challenge(**{"seed": 1, **bad})  # type: ignore[arg-type]


def test_links_carry_the_code_in_the_fragment() -> None:
    original = Challenge(seed=42, rules=PRESETS["omnibus"], level="hard", score=58)
    code = original.to_code()
    link = original.link("https://example.org/hearts/index.html?utm_source=x#old")
    assert link == f"https://example.org/hearts/index.html?utm_source=x#c={code}"
    for text in (
        link,
        f"  {link}\n",
        f"<{link}>",
        f"#c={code}",
        f"c={code}",
        code,
        f"https://example.org/hearts/?c={code}",
        f"https://example.org/hearts/#x=1&c={code}",
    ):
        assert challenge.parse(text) == original, text
    for text in ("https://example.org/hearts/index.html", "#x=1", "https://example.org/#c=", ""):
        with pytest.raises(InvalidChallenge) as caught:
            challenge.parse(text)
        assert str(caught.value) == BROKEN


def test_a_newer_version_says_so() -> None:
    code = Challenge(seed=42).to_code()
    for version in "29az":
        with pytest.raises(InvalidChallenge) as caught:
            challenge.decode(version + code[1:])
        assert str(caught.value) == NEWER and caught.value.is_newer
    for not_a_version in ("0", "A", "-", "_"):
        with pytest.raises(InvalidChallenge) as caught:
            challenge.decode(not_a_version + code[1:])
        assert str(caught.value) == BROKEN and not caught.value.is_newer
    # Text that only starts like a later version's code, but could not be base64url of any bytes, is
    # broken, not newer: "bogus-link" would decode to 6¾ bytes.
    body = code[1:]
    for text in ("bogus-link", "z" + body + "A" * ((1 - len(body)) % 4 or 4)):
        assert len(text[1:]) % 4 == 1
        with pytest.raises(InvalidChallenge) as caught:
            challenge.decode(text)
        assert str(caught.value) == BROKEN and not caught.value.is_newer, text


@pytest.mark.parametrize(
    "hostile",
    [
        "1" + "A" * 100_000,
        "1" + "A" * 1_999,
        "1AAAAAAAAAAUBAnRAU2Q\u00e9",
        "1AAAAAAAAAAUBAnRAU2\u0660",  # an Arabic-Indic zero: a digit to str.isdigit, not to a code
        "1AAAAAAAAAAUBAnRAU2Q==",
        "1AAAAAAAAAAUBAnRAU2Q\x00",
        "1AAAAAAAAAAUB+nRAU2Q",
        "1AAAAAAAAAAUB/nRAU2Q",
        "1",
        "1A",
        "\ud800",
        "#c=" + "1" * 5000,
    ],
)
def test_hostile_text_gets_the_sentence_and_nothing_else(hostile: str) -> None:
    with pytest.raises(InvalidChallenge) as caught:
        challenge.parse(hostile)
    assert str(caught.value) in (BROKEN, NEWER)


def test_not_text_is_refused_as_broken() -> None:
    for value in (None, b"1AAAA", 12):
        with pytest.raises(InvalidChallenge) as caught:
            challenge.parse(value)  # type: ignore[arg-type]
        assert str(caught.value) == BROKEN


def _mutate(rng: random.Random, code: str) -> str:
    alphabet = string.ascii_letters + string.digits + "-_=+/ #?&%.~é\u00a0\u202e😀\x00"
    if len(code) < 2:
        return code + rng.choice(alphabet)
    kind = rng.randrange(7)
    position = rng.randrange(len(code) + 1)
    if kind == 0:  # cut
        return code[: rng.randrange(len(code))]
    if kind == 1:  # one character changed
        index = rng.randrange(len(code))
        return code[:index] + rng.choice(alphabet) + code[index + 1 :]
    if kind == 2:  # inserted
        return code[:position] + "".join(rng.choices(alphabet, k=rng.randint(1, 3))) + code[position:]
    if kind == 3:  # junk appended
        return code + "".join(rng.choices(alphabet, k=rng.randint(1, 40)))
    if kind == 4:  # deleted
        index = rng.randrange(len(code))
        return code[:index] + code[index + rng.randint(1, 3) :]
    if kind == 5:  # two neighbours swapped
        index = rng.randrange(len(code) - 1)
        return code[:index] + code[index + 1] + code[index] + code[index + 2 :]
    # several of the above at once
    for _ in range(rng.randint(2, 4)):
        code = _mutate(rng, code) or code
    return code


def test_ten_thousand_mutated_codes_are_refused_or_decode_to_themselves() -> None:
    rng = random.Random(15)
    refused = decoded = 0
    for _ in range(10_000):
        original = Challenge(
            seed=rng.randrange(2**63),
            rules=rng.choice(ALL_RULES),
            level=rng.choice(LEVELS),
            score=rng.choice((None, rng.randint(-200, 300))),
        )
        code = original.to_code()
        mutated = _mutate(rng, code)
        try:
            result = challenge.decode(mutated)
        except InvalidChallenge as error:
            assert str(error) in (BROKEN, NEWER)
            refused += 1
        else:
            # A mutation that still decodes is a code in its own right (a swap of equal characters,
            # say): it reads back as the very text it was.
            assert result.to_code() == mutated
            decoded += 1
        # Inside a link, the same.
        try:
            challenge.parse(challenge.link_for("https://example.org/index.html", mutated))
        except InvalidChallenge as error:
            assert str(error) in (BROKEN, NEWER)
    assert refused > 9_000


def _play_match(session: Session, rng: random.Random) -> list[tuple[int, int, int, int]]:
    """Play ``session`` to its end, South choosing at random (by ``rng``); the deals, hand by hand."""
    deals = []
    while session.phase is not Phase.OVER:
        if session.needs_deal:
            for event in session.deal():
                if isinstance(event, HandStarted):
                    assert session.match.hand is not None
                    deals.append(session.match.hand.dealt)
        elif session.is_human_turn:
            if session.phase is Phase.PASS:
                cards = list(session.match.legal_pass_cards(Seat.SOUTH))
                session.pass_cards(type(session.view.hand)(rng.sample(cards, 3)))
            elif session.phase is Phase.MOON:
                session.choose_moon(Moon.ADD_TO_OTHERS)
            else:
                session.play(rng.choice(list(session.match.legal_plays())))
        else:
            while session.think(1.0) is None:
                pass
            session.apply_bot_move()
    return deals


def test_the_challenge_replays_the_challengers_deals_and_bots() -> None:
    rules = Rules(target=50, jack_of_diamonds=True, moon=Moon.SHOOTER_CHOOSES)
    first = Session.new(rules, "easy")
    deals = _play_match(first, random.Random(1))
    score = first.match.totals[Seat.SOUTH]
    code = Challenge(seed=first.seed, rules=rules, level="easy", score=score).to_code()

    received = challenge.parse(challenge.link_for("https://example.org/index.html", code))
    assert received.score == score
    # The friend plays other cards: the deals are still the challenger's, hand by hand.
    friend = Session(received.new_match(), received.seed, received.level)
    friend_deals = _play_match(friend, random.Random(2))
    common = min(len(deals), len(friend_deals))
    assert common >= 1 and friend_deals[:common] == deals[:common]
    assert all(
        dealt == tuple(hand.mask for hand in deal_for(first.seed, number).hands)
        for number, dealt in enumerate(deals, start=1)
    )
    # The same cards played again give the challenger's match, move for move: the bots play as
    # they did for the challenger.
    again = Session(received.new_match(), received.seed, received.level)
    assert _play_match(again, random.Random(1)) == deals
    assert again.match.moves == first.match.moves and again.match.totals[Seat.SOUTH] == score


@pytest.mark.native
def test_the_command_encodes_and_decodes(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        challenge.main(["encode", "--seed", "42", "--rules", "house", "--level", "hard", "--score", "-3"])
        == 0
    )
    made = json.loads(capsys.readouterr().out)
    assert made["seed"] == 42 and made["score"] == -3 and made["rules"] == PRESETS["house"].to_dict()
    assert challenge.main(["decode", made["code"]]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read == {key: value for key, value in made.items() if key != "code"}
    assert challenge.main(["decode", made["code"][:-2]]) == 1
    assert json.loads(capsys.readouterr().err)["error"] == BROKEN
    assert challenge.main(["encode", "--seed", "42", "--rules", "target=70"]) == 2
