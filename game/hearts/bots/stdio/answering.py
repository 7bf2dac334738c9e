"""Answering: each request line gets the bot's move, or an error, on a line of its own."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from ...deals import seat_seed
from ...engine import MoonChoice, Pass, Play
from ...levels import LEVELS
from .. import Bot, make_bot
from .fields import read_seed
from .request import view_from_request


def answer(bot: Bot, data: object) -> object:
    """The bot's answer to one request, as JSON-ready data."""
    view = view_from_request(data)
    assert isinstance(data, dict)  # view_from_request refuses anything else
    seed = read_seed(data.get("seed"))
    if seed is not None:
        bot = make_bot(bot.level, seat_seed(seed, view.seat))
    move = bot.decide(view)
    if isinstance(move, Play):
        return move.card.notation
    if isinstance(move, Pass):
        return [card.notation for card in move.cards]
    if isinstance(move, MoonChoice):
        return move.moon.value
    raise AssertionError(f"unexpected move {move!r}")


def respond(bot: Bot, line: str) -> str:
    """One request line in, one answer line out (without the newline); never raises."""
    try:
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"not JSON: {error}") from None
        return json.dumps(answer(bot, data))
    except (ValueError, RecursionError) as error:  # a bad request, bad JSON included
        return json.dumps({"error": str(error) or type(error).__name__})
    except Exception as error:  # one bad line must not stop the program
        return json.dumps({"error": f"internal error: {type(error).__name__}: {error}"})


def serve(bot: Bot, source: TextIO, sink: TextIO) -> int:
    """Answer every line of ``source`` on ``sink`` until it ends; the number of lines answered."""
    count = 0
    buffer = getattr(source, "buffer", None)
    while True:
        raw = buffer.readline() if buffer is not None else source.readline()
        if not raw:
            return count
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        sink.write(respond(bot, line) + "\n")
        sink.flush()
        count += 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.bots.stdio",
        description="A Hearts bot over standard input and output, one JSON request per line.",
    )
    parser.add_argument("--level", choices=[level for level in LEVELS], default="normal")
    parser.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    args = parser.parse_args(argv)
    try:
        bot = make_bot(args.level, args.seed)
    except ImportError as error:
        parser.error(f"the {args.level} bot is not available: {error}")
    serve(bot, sys.stdin, sys.stdout)
    return 0
