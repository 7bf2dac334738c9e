"""The daily deal: one hand a day, the same for every player on a calendar date, against three Hard bots.

A date (``YYYY-MM-DD``, the player's local calendar) names everything: the seed is the first 63 bits
of SHA-256 of ``hearts-daily:YYYY-MM-DD``, so it is the same on every device and every Python; the
deal is ``deals.deal_for(seed, 1)``; the pass direction follows the calendar (``direction_for``);
the table is the standard one; the bots are Hard, seeded per seat as the game seeds them
(``seed × 4 + seat``), so they play as they would for anyone who plays the same cards.

Par is what Hard scores in South's seat on that deal against the same three bots: Hard in all four
seats, each with the game's seed for its seat. ``Par`` works it out a slice at a time (for the table,
between frames); ``par`` in one go (for tools). Both give the same number on every run.

    python -m hearts.daily --date 2026-12-01 --json --par
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import sys
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Final

from .bots import Bot, make_bot
from .deals import deal_for, seat_seed
from .engine import (
    PASS_CYCLE,
    QUEEN_OF_SPADES,
    STANDARD,
    Deal,
    Match,
    PassDirection,
    Phase,
    Rules,
    Seat,
    Suit,
    TrickTaken,
)

PLAYER: Final = Seat.SOUTH
LEVEL: Final = "hard"
"""The daily deal is always played against Hard."""
RULES: Final = STANDARD
"""The daily table: the standard rules (one hand, so the target never matters)."""
EPOCH: Final = datetime.date(2026, 1, 1)
"""The calendar's first left pass: the directions run left, right, across, no pass from this day on
(and backwards before it), one a day, whatever the month."""
SEED_SALT: Final = "hearts-daily:"

MARK_CLEAN: Final = "·"
"""A trick that cost you nothing: someone else took it, or you took it without points."""
MARK_HEARTS: Final = "♥"
"""A trick you took with hearts in it (and not the Q♠)."""
MARK_QUEEN: Final = "♠"
"""A trick you took with the Q♠ in it (hearts or not)."""
MARK_MOON: Final = "🌕"
"""When you shot the moon, each trick you took with points in it: they cost you nothing."""

_DATE_PATTERN: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class InvalidDate(ValueError):
    """Text that is not a calendar date written ``YYYY-MM-DD``; ``str`` is a sentence for people."""


def parse_date(text: str) -> datetime.date:
    """The date written ``YYYY-MM-DD`` (nothing else: no week dates, no times)."""
    if not isinstance(text, str) or not _DATE_PATTERN.fullmatch(text):
        raise InvalidDate(f"A date is written YYYY-MM-DD, like 2026-12-01, not {text!r}")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise InvalidDate(f"There is no such day as {text!r}") from None


def today() -> datetime.date:
    """The player's local calendar date."""
    return datetime.date.today()


def _as_date(day: datetime.date | str) -> datetime.date:
    if isinstance(day, datetime.datetime):
        return day.date()
    return day if isinstance(day, datetime.date) else parse_date(day)


def seed_for(day: datetime.date | str) -> int:
    """The match seed of the daily deal for ``day``: the first 63 bits of SHA-256 of
    ``hearts-daily:YYYY-MM-DD``, the same everywhere (``hash()`` differs between runs)."""
    digest = hashlib.sha256(f"{SEED_SALT}{_as_date(day).isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def direction_for(day: datetime.date | str) -> PassDirection:
    """The pass of the daily deal for ``day``: the standard cycle (left, right, across, no pass) one
    step a day, 1 January 2026 passing left."""
    days = (_as_date(day) - EPOCH).days
    return PASS_CYCLE[days % len(PASS_CYCLE)]


@dataclass(frozen=True, slots=True)
class Daily:
    """Everything needed to play one date's daily deal.

    Drive it like any match against bots: ``Session(daily.new_match(), daily.seed, daily.level)``
    deals ``daily.deal`` as its first hand (``deal_for(seed, 1)``) and seeds its bots as ``par``
    does. The attempt is over once one hand is scored (``is_finished``); the match itself would go on.
    """

    day: datetime.date
    seed: int
    direction: PassDirection
    rules: Rules = RULES
    level: str = LEVEL

    @property
    def key(self) -> str:
        """The date as ``YYYY-MM-DD``: the daily's name in storage and in the share text."""
        return self.day.isoformat()

    @property
    def deal(self) -> Deal:
        """The four hands as dealt (East deals, so South gets the first card)."""
        return deal_for(self.seed, 1)

    def new_match(self) -> Match:
        """The daily match before its deal: one hand passing ``direction``, under ``rules``."""
        return Match(self.rules, pass_cycle=(self.direction,))

    def dealt_match(self) -> Match:
        """The daily match with its deal applied."""
        match = self.new_match()
        match.apply(self.deal)
        return match

    def bot_seed(self, seat: Seat) -> int:
        """The seed of the bot in ``seat``, as the game's ``Session`` gives it."""
        return seat_seed(self.seed, seat)

    def bot(self, seat: Seat) -> Bot:
        """The Hard bot for ``seat`` (South's is the one that plays par)."""
        return make_bot(self.level, seed=self.bot_seed(seat))


def daily_for(day: datetime.date | str | None = None) -> Daily:
    """The daily deal of ``day`` (a date or ``YYYY-MM-DD``; today's by default)."""
    date = today() if day is None else _as_date(day)
    return Daily(date, seed_for(date), direction_for(date))


# A finished attempt ------------------------------------------------------------------------------


def is_finished(match: Match) -> bool:
    """The daily hand has been scored (the match goes on, but the daily is over)."""
    return bool(match.results)


def points_of(match: Match, seat: Seat = PLAYER) -> int:
    """What ``seat`` scored in the daily hand. Raises ``ValueError`` before the hand is scored."""
    if not match.results:
        raise ValueError("the daily hand is not finished")
    return match.results[0].scores[seat]


def trick_marks(match: Match, seat: Seat = PLAYER) -> str:
    """One mark per trick of the first hand, in order, as ``seat`` saw it (see the ``MARK_*``
    constants): the Q♠, hearts, clean, or the moon on every trick with points when ``seat`` shot it.

    Tricks not yet played have no mark, so a finished hand gives 13.
    """
    shooter = match.results[0].moon_shooter if match.results else None
    marks = []
    replay = match.at_start()
    for move in match.moves:
        if replay.hand_number > 1 or (replay.hand_number == 1 and replay.phase is Phase.DEAL):
            break
        for event in replay.apply(move):
            if isinstance(event, TrickTaken):
                marks.append(_mark(event, seat, moon=shooter == seat))
    return "".join(marks)


def _mark(taken: TrickTaken, seat: Seat, *, moon: bool) -> str:
    cards = taken.trick.cards
    queen = QUEEN_OF_SPADES in cards
    hearts = any(card.suit is Suit.HEARTS for card in cards)
    if taken.winner != seat or not (queen or hearts):
        return MARK_CLEAN
    if moon:
        return MARK_MOON
    return MARK_QUEEN if queen else MARK_HEARTS


def share_text(
    day: datetime.date | str, points: int, par: int | None, marks: str, *, practice: bool = False
) -> str:
    """A short text to share a result without giving the deal away: the date, your points against
    par, one mark a trick (``trick_marks``), and "practice" for a replay after the first attempt.

        Hearts daily 2026-12-01
        4 points · par 6 (2 better)
        ··♥··♠·······
    """
    date = _as_date(day).isoformat()
    title = f"Hearts daily {date}" + (" (practice)" if practice else "")
    score = f"{points} point{'' if abs(points) == 1 else 's'}"
    if par is None:
        line = score
    else:
        difference = points - par
        if difference == 0:
            against = "level"
        else:
            against = f"{abs(difference)} {'better' if difference < 0 else 'worse'}"
        line = f"{score} · par {par} ({against})"
    return "\n".join((title, line, marks))


# Par ---------------------------------------------------------------------------------------------


def play_out(daily: Daily, match: Match | None = None) -> Generator[None, None, Match]:
    """The daily hand played by Hard in all four seats, as a generator that yields while the bots
    think; returns the match once the hand is scored. ``match`` (the dealt daily match, by default a
    new one) is played in place, so a caller can watch it go."""
    match = daily.dealt_match() if match is None else match
    bots = {seat: daily.bot(seat) for seat in Seat}
    while not is_finished(match):
        if match.phase is Phase.PASS:
            seats: Sequence[Seat] = match.awaiting
        else:
            seat = match.to_move
            assert seat is not None, f"nobody to move in {match.phase}"
            seats = (seat,)
        for seat in seats:
            move = yield from bots[seat].think(match.view_for(seat))
            match.apply(move)
    return match


class Par:
    """Par for one daily deal, worked out a slice at a time.

    ``work(seconds)`` thinks for about ``seconds`` (overrunning by one step of a bot's thinking at
    most, a few milliseconds) and says whether par is known; ``value`` is then Hard's score in
    South's seat. The work is counted, not timed, so slices of any size give the same par, and a
    new ``Par`` after a reload gives the same number again.
    """

    def __init__(self, daily: Daily) -> None:
        self.daily = daily
        self._playing = daily.dealt_match()
        self._thought: Generator[None, None, Match] | None = play_out(daily, self._playing)
        self.match: Match | None = None
        """The hand as Hard played it, once par is known."""
        self.spent = 0.0
        """Seconds spent working, all told."""

    @property
    def is_done(self) -> bool:
        return self.match is not None

    @property
    def progress(self) -> float:
        """How far the work has got, from 0 to 1 (cards played of the hand's 52)."""
        if self.match is not None:
            return 1.0
        view = self._playing.view_for(PLAYER)
        return (4 * len(view.tricks) + len(view.trick.cards)) / 52

    @property
    def value(self) -> int | None:
        """Par (Hard's score in South's seat), or None until it is worked out."""
        return None if self.match is None else points_of(self.match)

    def work(self, seconds: float) -> bool:
        """Work for about ``seconds`` (one step at least); whether par is known."""
        thought = self._thought
        if thought is None:
            return True
        start = time.perf_counter()
        deadline = start + seconds
        try:
            while True:
                next(thought)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as done:
            self.match = done.value
            self._thought = None
        self.spent += time.perf_counter() - start
        return self._thought is None


def par(day: datetime.date | str | Daily) -> int:
    """Par for the daily deal of ``day``, worked out in one go (blocking)."""
    daily = day if isinstance(day, Daily) else daily_for(day)
    computation = Par(daily)
    while not computation.work(1.0):
        pass
    value = computation.value
    assert value is not None
    return value


# The command -------------------------------------------------------------------------------------


def describe(daily: Daily) -> dict[str, object]:
    """The daily deal as plain JSON-ready data: the date, seed, pass, level and the hands as dealt."""
    hands = daily.deal.hands
    return {
        "date": daily.key,
        "seed": daily.seed,
        "pass": daily.direction.label,
        "level": daily.level,
        "rules": daily.rules.to_dict(),
        "hands": {seat.name.lower(): hands[seat].notation for seat in Seat},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.daily",
        description="Show the daily deal of a date: its seed, the hands as dealt and the pass.",
    )
    parser.add_argument("--date", help="the date, YYYY-MM-DD (default: today, local time)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--par", action="store_true", help="also work out par (Hard in South's seat)")
    args = parser.parse_args(argv)
    try:
        daily = daily_for(args.date)
    except InvalidDate as error:
        print(f"hearts.daily: {error}", file=sys.stderr)
        return 2
    data = describe(daily)
    if args.par:
        start, cpu = time.perf_counter(), time.process_time()
        data["par"] = par(daily)
        data["par_seconds"] = round(time.perf_counter() - start, 2)
        # Under Pyodide the process clock stands still: the wall clock is all there is.
        data["par_cpu_seconds"] = round(time.process_time() - cpu, 2) or None
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"Daily deal {daily.key}: seed {daily.seed}, pass {daily.direction.label}, against {daily.level}")
    for seat in Seat:
        print(f"  {seat.name.lower():5}  {daily.deal.hands[seat]}")
    if args.par:
        print(f"Par {data['par']} ({data['par_seconds']} s, {data['par_cpu_seconds']} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
