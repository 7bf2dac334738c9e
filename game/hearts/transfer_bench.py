"""``python -m hearts.bench transfer``: how long a match link is along a match, and what moving costs.

Plays seeded matches to 100 with Normal bots in every seat and measures, at the first card of hands 1, 4,
8 and 12 and one trick before the end: the match link's code (characters), and the time to make it and to
read it back; then the export file of a device holding the match near its end and its statistics, and
the time to write and read that file.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from .bots import make_bot
from .deals import deal_for, seat_seed
from .engine import Match, Phase, Rules, Seat
from .match_link import match_link_code, read_match_code
from .storage import MemoryBackend, SavedMatch, Store
from .transfer import export_text, read_export

HANDS = (1, 4, 8, 12)


def _play(seed: int) -> tuple[dict[str, SavedMatch], SavedMatch]:
    """The match of ``seed`` at the first card of each of ``HANDS`` it reaches and one trick before its
    end (keyed "hand N" and "end"), and the finished match."""
    match = Match(Rules())
    bots = {seat: make_bot("normal", seed=seat_seed(seed, seat)) for seat in Seat}
    points: dict[str, SavedMatch] = {}
    history: list[Match] = []
    while not match.is_over:
        if match.phase is Phase.DEAL:
            match.apply(deal_for(seed, match.hand_number + 1))
            continue
        views = [match.view_for(seat) for seat in match.awaiting]
        if match.phase is Phase.PLAY and not views[0].trick.cards:  # a trick about to be led
            history.append(match.copy())
            name = f"hand {match.hand_number}"
            if match.hand_number in HANDS and name not in points:
                points[name] = SavedMatch(match.copy(), seed, "normal")
        for move in [bots[view.seat].decide(view) for view in views]:
            match.apply(move)
    points["end"] = SavedMatch(history[-1], seed, "normal")  # the last trick of the match to be led
    return points, SavedMatch(match, seed, "normal")


def _ms(action: Any, repeat: int = 5) -> float:
    """The best of ``repeat`` runs of ``action()``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def bench_transfer(matches: int, seed: int) -> dict[str, Any]:
    """The figures over ``matches`` matches from ``seed`` on (see the module's text)."""
    lengths: dict[str, list[int]] = {}
    encode_ms: list[float] = []
    decode_ms: list[float] = []
    export_chars: list[int] = []
    export_ms: list[float] = []
    import_ms: list[float] = []
    for number in range(seed, seed + matches):
        points, finished = _play(number)
        for name, saved in points.items():
            code = match_link_code(saved)
            assert read_match_code(code).match.moves == saved.match.moves
            lengths.setdefault(name, []).append(len(code))
        end = points["end"]
        encode_ms.append(_ms(lambda end=end: match_link_code(end)))
        code = match_link_code(end)
        decode_ms.append(_ms(lambda code=code: read_match_code(code)))
        store = Store(MemoryBackend())
        store.record_finished(finished)
        store.save_match(end)
        text = export_text(store)
        export_chars.append(len(text))
        export_ms.append(_ms(lambda store=store: export_text(store)))
        import_ms.append(_ms(lambda text=text: read_export(text)))
    order = [f"hand {hand}" for hand in HANDS] + ["end"]
    return {
        "matches": matches,
        "link_chars": {
            name: {
                "min": min(values),
                "median": statistics.median(values),
                "max": max(values),
                "n": len(values),
            }
            for name in order
            if (values := lengths.get(name))
        },
        "link_make_ms_median": round(statistics.median(encode_ms), 2),
        "link_read_ms_median": round(statistics.median(decode_ms), 2),
        "export_chars_median": statistics.median(export_chars),
        "export_write_ms_median": round(statistics.median(export_ms), 2),
        "export_read_ms_median": round(statistics.median(import_ms), 2),
    }
