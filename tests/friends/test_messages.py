"""Messages and links: each kind round-trips, and what is malformed, too large, of another version, of an
unknown kind or for another table is refused with its sentence."""

from __future__ import annotations

import json

import pytest

from hearts.engine import PRESETS, Seat
from hearts.friends import errors, links
from hearts.friends.links import (
    Answer,
    Invitation,
    answer_code,
    answer_link,
    invite_code,
    invite_link,
    read_answer,
    read_invite,
)
from hearts.friends.messages import (
    GUEST_KINDS,
    HOST_KINDS,
    MAX_MESSAGE_BYTES,
    Closed,
    Hello,
    Leave,
    Message,
    MessageRefused,
    Ping,
    decode,
    encode,
)
from hearts.link_code import version_char

from .tables import FRIENDS, Table

PAGE = "https://example.org/hearts/index.html?utm_source=chat#c=old"


def played_messages() -> tuple[str, list[str], list[str]]:
    """The table id, and every message of a few hands each way (host to friends, friends to host)."""
    table = Table(51, rules=PRESETS["moon_choice"])
    for seat in FRIENDS:
        table.join(seat)
    table.tick()
    table.host.start()
    table.play(hands=3)
    table.friends[Seat.NORTH].guest.leave()
    table.tick()
    table.host.close()
    sent = [raw for watched in table.watched for raw in watched.sent]
    received = [raw for watched in table.watched for raw in watched.received]
    return table.host.table, sent, received


def test_every_kind_round_trips_and_each_side_reads_only_the_others_kinds() -> None:
    table, sent, received = played_messages()
    seen = set()
    for raws, from_host, others in ((sent, True, GUEST_KINDS), (received, False, HOST_KINDS)):
        for raw in raws:
            message = decode(raw, table=table, from_host=from_host)
            seen.add(message.kind)
            assert encode(message, table) == raw
            with pytest.raises(MessageRefused) as refused:
                decode(raw, table=table, from_host=not from_host)
            assert str(refused.value) == errors.UNKNOWN and message.kind not in others
    assert seen >= {
        "welcome",
        "view",
        "event",
        "back",
        "away",
        "closed",
        "hello",
        "pass",
        "play",
        "leave",
        "ping",
    }


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (lambda data: data | {"v": 2}, errors.NEWER),
        (lambda data: data | {"v": 99}, errors.NEWER),
        (lambda data: data | {"v": 0}, errors.DAMAGED),
        (lambda data: data | {"v": "1"}, errors.DAMAGED),
        (lambda data: data | {"v": True}, errors.DAMAGED),
        (lambda data: data | {"table": "elsewhere"}, errors.OTHER_TABLE),
        (lambda data: data | {"table": 7}, errors.DAMAGED),
        (lambda data: data | {"kind": "teleport"}, errors.UNKNOWN),
        (lambda data: data | {"kind": "welcome"}, errors.UNKNOWN),
        (lambda data: data | {"kind": ["ping"]}, errors.DAMAGED),
        (lambda data: data | {"number": -1}, errors.DAMAGED),
        (lambda data: data | {"number": 1.0}, errors.DAMAGED),
        (lambda data: data | {"extra": 1}, errors.DAMAGED),
        (lambda data: {key: value for key, value in data.items() if key != "number"}, errors.DAMAGED),
        (lambda data: [data], errors.DAMAGED),
    ],
)
def test_a_changed_message_is_refused_with_its_sentence(change: object, sentence: str) -> None:
    data = json.loads(encode(Ping(number=3), "T1"))
    raw = json.dumps(change(data))  # type: ignore[operator]
    with pytest.raises(MessageRefused) as refused:
        decode(raw, table="T1", from_host=False)
    assert str(refused.value) == sentence and refused.value.detail


@pytest.mark.parametrize(
    ("raw", "sentence"),
    [
        ("", errors.DAMAGED),
        ("{", errors.DAMAGED),
        ("[" * 10_000 + "]" * 10_000, errors.TOO_LARGE),
        ("[" * 5_000 + "]" * 5_000, errors.DAMAGED),
        ('{"v":1,"table":"T1","kind":"ping","number":' + "9" * 5000 + "}", errors.DAMAGED),
        (" " * MAX_MESSAGE_BYTES + encode(Ping(number=1), "T1"), errors.TOO_LARGE),
        (encode(Ping(number=1), "T1").replace("ping", "ping\udc80"), errors.DAMAGED),
        (b"\xff\xfe" + encode(Ping(number=1), "T1").encode(), errors.DAMAGED),
        ("é" * (MAX_MESSAGE_BYTES // 2 + 1), errors.TOO_LARGE),
        (None, errors.DAMAGED),
    ],
    ids=lambda value: repr(value)[:20],
)
def test_hostile_text_is_refused_with_a_sentence(raw: object, sentence: str) -> None:
    with pytest.raises(MessageRefused) as refused:
        decode(raw, table="T1", from_host=False)  # type: ignore[arg-type]
    assert str(refused.value) == sentence


def test_names_are_kept_short_and_printable() -> None:
    assert decode(encode(Hello(invite="abc", name="Zoë 🂡"), "T1"), table="T1", from_host=False) == Hello(
        invite="abc", name="Zoë 🂡"
    )
    for name in ("", " ", "x" * 25, "line\nbreak", "\u202e"):
        with pytest.raises(MessageRefused):
            decode(encode(Hello(invite="abc", name=name), "T1"), table="T1", from_host=False)
    for message in (Leave(), Closed()):
        decoded: Message = decode(encode(message, "T1"), table="T1", from_host=isinstance(message, Closed))
        assert decoded == message


INVITATION = Invitation(table="T1", seat=Seat.NORTH, invite="inv-1", host="Ada")
ANSWER = Answer(table="T1", seat=Seat.NORTH, invite="inv-1", guest="Nora", answer="AnSwEr_0-1")
OFFER = "Zm9yIHRoZSBob3N0J3Mgb2ZmZXI_-" * 4
"""A connection's code as the page writes it: base64url (``hearts.peers``), about 112 characters."""


def test_links_round_trip_from_a_link_a_fragment_or_a_bare_code() -> None:
    offer = OFFER
    link = invite_link(PAGE, INVITATION, offer)
    assert link.startswith("https://example.org/hearts/index.html#j=")
    code = invite_code(INVITATION, offer)
    for text in (link, f"#j={code}", code, f"  <{link}>  "):
        opened = read_invite(text)
        assert opened.invitation == INVITATION and opened.offer == offer
    assert read_answer(answer_link(PAGE, ANSWER)) == ANSWER
    assert read_answer(answer_code(ANSWER)) == ANSWER


def test_an_invitation_is_short_enough_for_a_small_qr_code() -> None:
    """The connection's code travels beside the deflated fields, not inside them (where it grew by a
    third), and the fields go unnamed: an invitation for a real table is about 180 characters."""
    from hearts.friends.seats import new_token

    invitation = Invitation(table=new_token(), seat=Seat.WEST, invite=new_token(), host="Ada")
    code = invite_code(invitation, OFFER[:112])
    assert code.endswith("." + OFFER[:112])
    assert len(code) <= 185, len(code)


def test_a_connection_that_is_not_a_code_is_never_written() -> None:
    for bad in ("v=0\r\noffer", "", "a.b", "x" * 12_001):
        with pytest.raises(ValueError):
            invite_code(INVITATION, bad)


def test_a_damaged_cut_swapped_or_newer_link_is_refused_in_a_sentence() -> None:
    code = invite_code(INVITATION, "offer")
    envelope = code.partition(".")[0]
    swapped = code[:5] + ("A" if code[5] != "A" else "B") + code[6:]
    for bad in (
        code[:-3],
        code[:1],
        swapped,
        envelope,
        envelope + ".",
        code + "x",
        code + ".x",
        "",
        "#j=",
        PAGE,
    ):
        with pytest.raises(errors.LinkRefused) as refused:
            read_invite(bad)
        assert str(refused.value) == errors.INVITE_BROKEN
    with pytest.raises(errors.LinkRefused) as refused:
        read_invite(version_char(links.VERSION + 1) + code[1:])
    assert str(refused.value) == errors.LINK_NEWER
    with pytest.raises(errors.LinkRefused) as refused:  # an answer where an invitation belongs
        read_invite(answer_code(ANSWER))
    with pytest.raises(errors.LinkRefused) as refused:
        read_answer(code)
    assert str(refused.value) == errors.ANSWER_BROKEN
    with pytest.raises(errors.LinkRefused):
        read_invite("1" + "A" * 20_000)


def test_a_link_whose_text_nests_far_too_deep_is_refused_before_it_is_parsed() -> None:
    """Deflated, a few thousand brackets make a short link; parsed, they would overflow the WebAssembly
    stack, a fatal error for the page (natively a RecursionError), so the depth is looked at first."""
    from hearts.friends import links
    from hearts.link_code import check_of, deflate, wrap

    text = "[" * 5_000 + "]" * 5_000
    checked = check_of(links.VERSION, f"{text}.offer".encode("ascii"), links._CHECK_BYTES)
    code = wrap(links.VERSION, checked + deflate(text)) + ".offer"
    assert len(code) < 200
    with pytest.raises(errors.LinkRefused) as refused:
        read_invite(code)
    assert str(refused.value) == errors.INVITE_BROKEN
    assert "deep" in refused.value.detail
