"""10,000 mutated messages and links: each is refused with a sentence, or (a mutation that still spells
something valid) read as what it now says; nothing raises anything else. A host fed mutated messages in
the middle of a match carries on."""

from __future__ import annotations

import json
import random
import string

from hearts.engine import Card, CardSet, Moon, Seat
from hearts.friends import GuestTable, MemoryLine, errors
from hearts.friends.links import (
    Answer,
    Invitation,
    answer_link,
    invite_link,
    read_answer,
    read_invite,
)
from hearts.friends.messages import (
    MAX_MESSAGE_BYTES,
    ChooseMoon,
    Hello,
    Message,
    PassCards,
    Ping,
    PlayCard,
    decode,
    encode,
)

from .tables import FRIENDS, PAGE, Table

MESSAGE_SENTENCES = {
    errors.DAMAGED,
    errors.TOO_LARGE,
    errors.NEWER,
    errors.OTHER_VERSION,
    errors.UNKNOWN,
    errors.OTHER_TABLE,
}
OLDER_VERSION = {errors.OTHER_VERSION}
"""No version is older than 1, the first: that sentence is for later versions reading this one."""
ALPHABET = string.ascii_letters + string.digits + '{}[]":,-_=+/ #?&%.~\\é\u00a0\u202e😀\x00\udc80'


def mutate_text(rng: random.Random, text: str) -> str:
    """One seeded change of the kinds a network or a person makes: cut, a character changed, inserted or
    deleted, junk appended, neighbours swapped, or several of these."""
    kind = rng.randrange(7)
    if len(text) < 2:
        return text + rng.choice(ALPHABET)
    index = rng.randrange(len(text))
    if kind == 0:
        return text[:index]
    if kind == 1:
        return text[:index] + rng.choice(ALPHABET) + text[index + 1 :]
    if kind == 2:
        return text[:index] + "".join(rng.choices(ALPHABET, k=rng.randint(1, 3))) + text[index:]
    if kind == 3:
        return text + "".join(rng.choices(ALPHABET, k=rng.randint(1, 40)))
    if kind == 4:
        return text[:index] + text[index + rng.randint(1, 3) :]
    if kind == 5:
        index = min(index, len(text) - 2)
        return text[:index] + text[index + 1] + text[index] + text[index + 2 :]
    for _ in range(rng.randint(2, 4)):
        text = mutate_text(rng, text) or text
    return text


def mutate_message(rng: random.Random, raw: str) -> str | bytes:
    """A change to the text, or to the JSON: another version, another table, a value swapped for another
    of the message's own, a key dropped, too large, or bytes that are not UTF-8."""
    kind = rng.randrange(10)
    if kind < 4:
        return mutate_text(rng, raw)
    data = json.loads(raw)
    if kind == 4:
        data["v"] = rng.choice([0, 2, 3, -1, "1", 1.0, None, True, 10**30])
    elif kind == 5:
        data["table"] = rng.choice(["elsewhere", "", 7, None, data["table"] + "x"])
    elif kind == 6:
        keys = [key for key in data if key not in ("v", "table")]
        data[rng.choice(keys)] = rng.choice([None, 0, -1, "", "QS", [], {}, "S", 52, True, "x" * 100])
    elif kind == 7:
        del data[rng.choice(list(data))]
    elif kind == 8:
        data["kind"] = rng.choice(["hello", "view", "pass", "play", "welcome", "event", "nope", ""])
    else:
        return rng.choice(
            [
                raw + " " * (MAX_MESSAGE_BYTES - len(raw) + rng.randint(1, 3)),
                raw.encode("utf-8")[: rng.randrange(len(raw))] + b"\xff",
                raw.replace('"', '"' + "é" * MAX_MESSAGE_BYTES, 1),
            ]
        )
    return json.dumps(data, separators=(",", ":"))


def corpus() -> tuple[str, list[tuple[str, bool]]]:
    """A played table's id and its messages, each with whether the host sent it."""
    table = Table(61)
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    table.play(hands=2)
    sent = [(raw, True) for watched in table.watched for raw in watched.sent]
    received = [(raw, False) for watched in table.watched for raw in watched.received]
    return table.host.table, sent + received


def test_ten_thousand_mutated_messages_and_links_are_refused_in_a_sentence_or_read() -> None:
    rng = random.Random(62)
    table, messages = corpus()
    invitation = Invitation(table=table, seat=Seat.EAST, invite="inv-7", host="Ada")
    answer = Answer(table=table, seat=Seat.EAST, invite="inv-7", guest="Eve", answer="c2RwLWFuc3dlcg")
    links = [invite_link(PAGE, invitation, "c2RwLW9mZmVy"), answer_link(PAGE, answer)]
    refused = read = 0
    sentences: set[str] = set()
    for number in range(10_000):
        if number % 5 == 0:
            link = rng.choice(links)
            mutated_link = mutate_text(rng, link)
            reader = read_invite if "#j=" in link else read_answer
            try:
                reader(mutated_link)
            except errors.LinkRefused as error:
                assert str(error) in {errors.INVITE_BROKEN, errors.ANSWER_BROKEN, errors.LINK_NEWER}, (
                    f"seed 62, case {number}: {mutated_link!r}"
                )
                refused += 1
            else:
                read += 1
            continue
        raw, from_host = rng.choice(messages)
        mutated = mutate_message(rng, raw)
        try:
            message: Message = decode(mutated, table=table, from_host=from_host)
        except errors.MessageRefused as error:
            assert str(error) in MESSAGE_SENTENCES, f"seed 62, case {number}: {mutated!r}"
            sentences.add(str(error))
            refused += 1
        else:
            # Still a message: it reads back as itself, and the other side would read it the same.
            assert decode(encode(message, table), table=table, from_host=from_host) == message
            read += 1
    assert refused > 8_000 and sentences == MESSAGE_SENTENCES - OLDER_VERSION, f"seed 62: {sentences}"


def test_a_host_fed_mutated_messages_carries_on_and_says_so() -> None:
    """Messages in a friend's name, mutated from ones it could send now, reach the host mid-match: the
    damaged are refused with a notice, the valid are played or refused by the engine, and the match ends."""
    rng = random.Random(63)
    table = Table(63)
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    notices: list[str] = []
    injected = 0
    while not table.host.match.is_over:
        friend = table.friends[rng.choice(FRIENDS)]
        view = friend.guest.view
        if friend.line.is_open and view is not None and rng.random() < 0.3:
            cards = list(map(Card, range(52)))
            template = rng.choice(
                [
                    Ping(number=rng.randrange(1000)),
                    PlayCard(
                        hand_number=view.hand_number,
                        cards_played=len(view.tricks) * 4 + len(view.trick.cards),
                        card=rng.choice(cards),
                    ),
                    PassCards(hand_number=view.hand_number, cards=CardSet(rng.sample(cards, 3))),
                    ChooseMoon(hand_number=view.hand_number, moon=Moon.SUBTRACT_FROM_SHOOTER),
                    Hello(invite="i1", name="Mallory"),
                ]
            )
            mutated = mutate_message(rng, encode(template, table.host.table))
            if isinstance(mutated, str):  # the line carries text, as a data channel's string messages
                friend.line.guest.send(mutated)
                injected += 1
        table.tick()
        notices += table.host.take_notices()
        assert table.ticks < 100_000, "seed 63: the table stalled"
    refusals = [notice for notice in notices if notice in MESSAGE_SENTENCES]
    assert injected > 100 and len(refusals) > injected // 2, (
        f"seed 63: {injected} sent, {len(refusals)} refused"
    )


def test_a_friends_page_fed_mutated_messages_carries_on_and_says_so() -> None:
    rng = random.Random(64)
    table, messages = corpus()
    sent = [raw for raw, from_host in messages if from_host]
    line = MemoryLine()
    invitation = Invitation(table=table, seat=Seat.WEST, invite="i1", host="Ada")
    guest = GuestTable(invitation=invitation, name="Wes", link=line.guest)
    notices: list[str] = []
    for raw in sent[:1_000]:
        line.host.send(raw)
        for _ in range(2):
            mutated = mutate_message(rng, rng.choice(sent))
            if isinstance(mutated, str):
                line.host.send(mutated)
        guest.tick()
        notices += guest.take_notices()
        guest.take_events()
        guest.take_refusals()
    assert guest.welcome is not None and guest.view is not None and guest.view.seat is Seat.WEST
    assert len([notice for notice in notices if notice in MESSAGE_SENTENCES]) > 1_000
