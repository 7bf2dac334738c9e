"""The layout report: what a drawn frame holds and where, in CSS pixels, for checks anyone can run.

While ``recording`` is active, the drawing code notes each card (with its corner index), button, seat box
and text as it draws it, in drawing order; otherwise the notes cost one ``None`` check. ``snapshot`` writes
the report beside each picture as ``<scene>-WxH.json``.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Iterator
from typing import Any

from pygame import Rect

from ..engine import Card, Seat

SEAT_LETTERS = {Seat.SOUTH: "S", Seat.WEST: "W", Seat.NORTH: "N", Seat.EAST: "E"}


class LayoutReport:
    """The items of one frame, in drawing order."""

    def __init__(self, size: tuple[int, int], scale: float) -> None:
        self.scale = scale
        self.size = size
        self.items: list[dict[str, Any]] = []

    def css(self, rect: Rect) -> list[float]:
        """A rectangle in CSS pixels: [x, y, width, height]."""
        return [round(value / self.scale, 2) for value in (rect.x, rect.y, rect.width, rect.height)]

    def to_json(self) -> dict[str, Any]:
        return {"size": [round(side / self.scale) for side in self.size], "items": self.items}


_recording: list[LayoutReport] = []
"""The reports being written, innermost last (empty: nothing is noted)."""


@contextlib.contextmanager
def recording(size: tuple[int, int], scale: float) -> Iterator[LayoutReport]:
    """Note what is drawn until the block ends."""
    report = LayoutReport(size, scale)
    _recording.append(report)
    try:
        yield report
    finally:
        _recording.remove(report)


def _current() -> LayoutReport | None:
    return _recording[-1] if _recording else None


def is_recording() -> bool:
    """Whether notes are being taken (work done only for a note can be skipped when not)."""
    return bool(_recording)


def note_card(
    where: str,
    card: Card | None,
    seat: Seat | None,
    rect: Rect,
    index_rect: Rect | None,
    index_px: int | None = None,
) -> None:
    """A card drawn at ``rect`` (``card`` None: a back), its top-left index at ``index_rect`` in a
    font of ``index_px`` pixels."""
    current = _current()
    if current is None:
        return
    item: dict[str, Any] = {
        "kind": "card" if card is not None else "back",
        "where": where,
        "card": None if card is None else card.notation,
        "seat": None if seat is None else SEAT_LETTERS[seat],
        "rect": current.css(rect),
    }
    if index_rect is not None:
        item["index_rect"] = current.css(index_rect)
    if index_px is not None:
        item["index_px"] = round(index_px / current.scale, 2)
    current.items.append(item)


def note_button(key: str, rect: Rect, *, enabled: bool = True) -> None:
    current = _current()
    if current is not None:
        current.items.append({"kind": "button", "id": key, "rect": current.css(rect), "enabled": enabled})


def note_seat(seat: Seat, rect: Rect) -> None:
    current = _current()
    if current is not None:
        current.items.append({"kind": "seat", "seat": SEAT_LETTERS[seat], "rect": current.css(rect)})


def note_seat_text(seat: Seat, role: str, text: str, px: int, rect: Rect) -> None:
    """What a seat's box says about its score: its ``role`` is "total" (the match total) or "hand"
    (this hand's points in words), drawn at ``px`` in ``rect``."""
    current = _current()
    if current is not None:
        current.items.append(
            {
                "kind": "seat_text",
                "seat": SEAT_LETTERS[seat],
                "role": role,
                "text": text,
                "px": round(px / current.scale, 2),
                "rect": current.css(rect),
            }
        )


def note_text(text: str, px: int, rect: Rect) -> None:
    current = _current()
    if current is not None and text.strip():
        current.items.append(
            {"kind": "text", "text": text, "px": round(px / current.scale, 2), "rect": current.css(rect)}
        )


MIN_TEXT_CSS = 12
"""No text under this many CSS pixels."""


def type_size_problems(report: dict[str, Any]) -> list[str]:
    """What breaks the type rules in a report (``LayoutReport.to_json``): a text under 12 CSS pixels, or
    a column of labelled buttons (the buttons with the same left edge and width) whose labels are not
    all in one size. Empty when all is well."""
    items = report["items"]
    problems = [
        f"{item['text']!r} at {item['px']} px"
        for item in items
        if item["kind"] == "text" and item["px"] < MIN_TEXT_CSS
    ]
    columns: dict[tuple[float, float], set[float]] = {}
    labels: dict[tuple[float, float], list[str]] = {}
    for button, label in itertools.pairwise(items):  # a label is noted just after its button
        if button["kind"] != "button" or label["kind"] != "text":
            continue
        x, y, width, height = button["rect"]
        lx, ly, label_width, label_height = label["rect"]
        if x <= lx and lx + label_width <= x + width and y <= ly and ly + label_height <= y + height:
            columns.setdefault((x, width), set()).add(label["px"])
            labels.setdefault((x, width), []).append(label["text"])
    for (x, _), sizes in columns.items():
        if len(sizes) > 1:
            problems.append(f"the buttons at x={x} mix sizes {sorted(sizes)}: {labels[(x, _)]}")
    return problems


MIN_TARGET_CSS = 24
"""WCAG 2.5.8 (target size, minimum): a target at least this many CSS pixels each way, or one spaced so
that a circle this wide round its middle meets no other target and no other small target's circle."""


def _reach(point: tuple[float, float], rect: list[float]) -> float:
    """How far ``point`` lies from the nearest point of ``rect`` ([x, y, width, height]): 0 inside it."""
    x, y, width, height = rect
    dx = max(x - point[0], 0.0, point[0] - (x + width))
    dy = max(y - point[1], 0.0, point[1] - (y + height))
    return float((dx * dx + dy * dy) ** 0.5)


def _middle(rect: list[float]) -> tuple[float, float]:
    return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)


def target_size_problems(report: dict[str, Any]) -> list[str]:
    """What breaks WCAG 2.5.8 in a report (``LayoutReport.to_json``): a button under 24 by 24 CSS
    pixels whose 24-pixel circle meets another target (a button or a card of your hand) or another
    small button's circle. Every button counts, disabled ones and those under a dialog included (the
    stricter reading). Empty when all is well."""
    items = report["items"]
    buttons = [item for item in items if item["kind"] == "button"]
    targets = buttons + [item for item in items if item["kind"] == "card" and item["where"] == "hand"]
    radius = MIN_TARGET_CSS / 2
    small = [item for item in buttons if min(item["rect"][2:]) < MIN_TARGET_CSS]
    is_small = {id(item) for item in small}
    problems = []
    for item in small:
        centre = _middle(item["rect"])
        crowded = [
            other.get("id") or other.get("card")
            for other in targets
            if other is not item
            and (
                _reach(centre, other["rect"]) < radius
                or (id(other) in is_small and math.dist(centre, _middle(other["rect"])) < 2 * radius)
            )
        ]
        if crowded:
            width, height = item["rect"][2:]
            problems.append(f"{item['id']!r} is {width}×{height} CSS px and crowded by {crowded}")
    return problems
