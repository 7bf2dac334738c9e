"""The layout report (``./build.sh snapshot`` writes it beside each picture), and what it shows
about the drawn scenes at phone, tablet and desktop sizes: the trick's indices in view, every button in the
window, seat boxes apart, text readable."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from pygame import Rect
from snapshot import render
from snapshot.cli import main as snapshot_main

SIZES = [(320, 568), (390, 844), (844, 390), (667, 375), (768, 1024), (1280, 720), (1920, 1080)]
UPRIGHT = [(width, height) for width, height in SIZES if width < height]
SCENES = [
    "menu", "trick_won", "playing", "passing", "hand_result", "options", "how_to_play", "how_to_play_end",
]  # fmt: skip


def rect_of(item: dict) -> Rect:  # type: ignore[type-arg]
    x, y, width, height = item["rect"]
    return Rect(round(x), round(y), round(width), round(height))


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def reports(request: pytest.FixtureRequest) -> dict[str, dict]:  # type: ignore[type-arg]
    return {name: render(name, request.param)[1].to_json() for name in SCENES}


def test_the_trick_shows_four_cards_each_index_in_view(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    items = reports["trick_won"]["items"]
    cards = [(index, item) for index, item in enumerate(items) if item["kind"] in ("card", "back")]
    trick = [(index, item) for index, item in cards if item["where"] == "trick"]
    assert {item["seat"] for _, item in trick} == {"S", "W", "N", "E"}
    for index, item in trick:
        corner = Rect(*(round(value) for value in item["index_rect"]))
        for later, other in cards:
            if later > index and other["card"] != item["card"]:
                assert not corner.colliderect(rect_of(other)), f"{other['card']} hides {item['card']}'s index"
    words = [item["text"] for item in items if item["kind"] == "text"]
    assert any(" take" in text and " — " in text for text in words), words  # who took it, and what


def test_every_button_is_inside_the_window(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    for name, report in reports.items():
        window = Rect(0, 0, *report["size"])
        for item in report["items"]:
            if item["kind"] == "button":
                where = f"{name}: {item['id']} at {item['rect']}"
                assert window.contains(rect_of(item)), f"{where} leaves {window}"


def test_seat_boxes_do_not_overlap(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    for name in ("trick_won", "playing", "passing"):
        seats = [item for item in reports[name]["items"] if item["kind"] == "seat"]
        assert len(seats) == 4
        for one, other in itertools.combinations(seats, 2):
            assert not rect_of(one).colliderect(rect_of(other)), f"{name}: {one['seat']} and {other['seat']}"


@pytest.mark.parametrize("reports", UPRIGHT, ids=[f"{w}x{h}" for w, h in UPRIGHT], indirect=True)
def test_the_hand_is_the_largest_thing_on_a_phone_held_upright(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    width, height = reports["playing"]["size"]
    assert width < height
    for name in ("playing", "passing", "trick_won"):
        cards = [item for item in reports[name]["items"] if item["kind"] == "card"]
        hand = [item for item in cards if item["where"] == "hand"]
        trick = [item for item in cards if item["where"] == "trick"]
        assert hand, name
        assert min(item["index_px"] for item in hand) >= 14, f"{name}: hand indices under 14 CSS px"
        for item in trick:
            assert item["rect"][2] <= min(card["rect"][2] for card in hand), f"{name}: {item['card']}"


def test_the_header_names_the_hand_its_pass_and_the_target(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    for name in ("playing", "passing", "trick_won"):
        words = " ".join(item["text"] for item in reports[name]["items"] if item["kind"] == "text")
        assert "Hand 1 · Pass left" in words and "to 100" in words, (name, words)


def test_each_seat_box_says_its_total_and_this_hands_points(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    """Every box, in every scene with the table, shows the match total and this hand's points in words,
    inside the box, the total the larger."""
    for name in ("trick_won", "playing", "passing"):
        items = reports[name]["items"]
        boxes = {item["seat"]: rect_of(item) for item in items if item["kind"] == "seat"}
        said = {(item["seat"], item["role"]): item for item in items if item["kind"] == "seat_text"}
        assert set(boxes) == {"S", "W", "N", "E"}, name
        for seat, box in boxes.items():
            total, hand = said[seat, "total"], said[seat, "hand"]
            assert total["text"].isdigit(), (name, seat, total)
            assert hand["text"].endswith(" this hand") or hand["text"].startswith("hand "), (name, seat, hand)
            for item in (total, hand):
                assert box.contains(rect_of(item)), (name, seat, item, box)
            assert total["px"] > hand["px"] >= 12, (name, seat, total, hand)


def test_at_1920_by_1080_the_seat_boxes_are_at_least_as_large_as_at_1280_by_720() -> None:
    """In CSS pixels, box for box and word for word: a large screen never shrinks them."""

    def seats(size: tuple[int, int]) -> tuple[dict[str, list[float]], dict[tuple[str, str], float]]:
        items = render("playing", size)[1].to_json()["items"]
        boxes = {item["seat"]: item["rect"] for item in items if item["kind"] == "seat"}
        px = {(item["seat"], item["role"]): item["px"] for item in items if item["kind"] == "seat_text"}
        return boxes, px

    (small, small_px), (large, large_px) = seats((1280, 720)), seats((1920, 1080))
    assert set(small) == set(large) == {"S", "W", "N", "E"}
    for seat, rect in small.items():
        assert large[seat][2] >= rect[2] and large[seat][3] >= rect[3], (seat, rect, large[seat])
    assert set(small_px) == set(large_px) and len(small_px) == 8
    for key, px in small_px.items():
        assert large_px[key] >= px, (key, px, large_px[key])


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390), (1280, 720), (1920, 1080)])
def test_the_cards_passed_to_you_carry_a_tag_in_words_in_view(size: tuple[int, int]) -> None:
    """Not colour alone: each of the three cards passed to you carries "received" (or, where a fanned hand
    shows too little of a card, "new") on the part of it in view, clear of its corner index."""
    from hearts.ui.table_faces import RECEIVED_WORDS

    items = render("lesson_received", size)[1].to_json()["items"]
    hand = [
        (index, item)
        for index, item in enumerate(items)
        if item["kind"] == "card" and item["where"] == "hand"
    ]
    tags = [
        (index, item)
        for index, item in enumerate(items)
        if item["kind"] == "text" and item["text"] in RECEIVED_WORDS
    ]
    assert len(tags) == 3 and len({item["text"] for _, item in tags}) == 1, tags
    for index, tag in tags:
        card_index, card = max((pair for pair in hand if pair[0] < index), key=lambda pair: pair[0])
        where = rect_of(tag)
        assert tag["px"] >= 12 and rect_of(card).contains(where), (card["card"], tag)
        assert not where.colliderect(Rect(*(round(value) for value in card["index_rect"]))), card["card"]
        for later, other in hand:
            if later > card_index:
                assert not where.colliderect(rect_of(other)), f"{other['card']} hides {card['card']}'s tag"


def test_text_is_never_smaller_than_12_css_pixels(reports: dict[str, dict]) -> None:  # type: ignore[type-arg]
    for name, report in reports.items():
        texts = [item for item in report["items"] if item["kind"] in ("text", "seat_text")]
        small = [(item["text"], item["px"]) for item in texts if item["px"] < 12]
        assert small == [], f"{name}: {small}"


def test_the_snapshot_command_writes_the_report_beside_the_picture(tmp_path: Path) -> None:
    command = ["--size", "844x390", "--scale", "2", "--out", str(tmp_path), "--scenes", "trick_won"]
    assert snapshot_main(command) == 0
    picture = tmp_path / "trick_won-844x390.png"
    report = json.loads(picture.with_suffix(".json").read_text(encoding="utf-8"))
    assert picture.is_file()
    assert report["size"] == [422, 195]  # CSS pixels at two device pixels each
    kinds = {item["kind"] for item in report["items"]}
    assert {"card", "button", "seat", "text"} <= kinds
    card = next(item for item in report["items"] if item["kind"] == "card")
    assert set(card) == {"kind", "where", "card", "seat", "rect", "index_rect", "index_px"}
    assert len(card["card"]) == 2 and card["card"][1] in "CDHS"
