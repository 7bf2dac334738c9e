"""The daily deal's records: the attempt that counts for each date, the statistics drawn from them, and
the attempt in progress.

The first finished attempt of a date counts; later ones are practice and leave the records alone. An
attempt is known by an id made when it starts, so telling the records of the same finish twice (after
a reload, say) is not mistaken for a replay. Dates are the player's local calendar dates, ``YYYY-MM-DD``.

``Store`` keeps the records under ``hearts.daily`` and the attempt in progress under
``hearts.daily.attempt``, apart from the ordinary match, which a daily attempt never overwrites.
"""

from __future__ import annotations

import datetime
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..engine import InvalidSave, Match, record

DAILY_KEY: Final = "hearts.daily"
ATTEMPT_KEY: Final = "hearts.daily.attempt"
DAILY_FORMAT: Final = "hearts-daily"
ATTEMPT_FORMAT: Final = "hearts-daily-attempt"
VERSION: Final = 1
MAX_RESULTS: Final = 20_000
"""More days than anyone will play (over fifty years); a file with more is not ours."""
MAX_MARKS: Final = 32

DAILY_DAMAGED: Final = (
    "Your daily deal results could not be read, so they were set aside and start again from zero."
)
DAILY_PARTLY_DAMAGED: Final = (
    "Some of your daily deal results could not be read. A copy was set aside and the rest are kept."
)
ATTEMPT_DAMAGED: Final = (
    "Your daily deal in progress could not be read, so it was set aside. You can start it again."
)
ATTEMPT_NEWER: Final = (
    "Your daily deal in progress is from a newer version of Hearts, so it was set aside. "
    "You can start it again."
)

_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_ID: Final = re.compile(r"[0-9a-f]{1,32}")


def is_date(text: object) -> bool:
    """``text`` is a real calendar date written ``YYYY-MM-DD``."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def new_attempt_id() -> str:
    """A fresh id for an attempt that starts now."""
    return secrets.token_hex(8)


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyResult:
    """One finished attempt: the date, South's points, par (None if it was not worked out), the marks
    per trick for the share text, and the attempt's id."""

    date: str
    points: int
    par: int | None = None
    marks: str = ""
    attempt: str = ""

    def __post_init__(self) -> None:
        if not is_date(self.date):
            raise ValueError(f"a date is written YYYY-MM-DD, not {self.date!r}")
        if type(self.points) is not int or not -1000 <= self.points <= 1000:
            raise ValueError(f"points are a whole number, not {self.points!r}")
        if self.par is not None and (type(self.par) is not int or not -1000 <= self.par <= 1000):
            raise ValueError(f"par is a whole number or None, not {self.par!r}")
        if not isinstance(self.marks, str) or len(self.marks) > MAX_MARKS:
            raise ValueError(f"the marks are a short text, not {self.marks!r}")
        if not isinstance(self.attempt, str) or (self.attempt and not _ID.fullmatch(self.attempt)):
            raise ValueError(f"not an attempt id: {self.attempt!r}")

    @property
    def against_par(self) -> int | None:
        """Points above par (below zero: better than Hard); None without par."""
        return None if self.par is None else self.points - self.par

    def to_dict(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "points": self.points,
            "par": self.par,
            "marks": self.marks,
            "attempt": self.attempt,
        }

    @classmethod
    def from_dict(cls, data: object) -> DailyResult:
        """A result from ``to_dict`` data; ``ValueError`` when it is not one."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a result is an object, not {data!r:.60}")
        return cls(
            date=data.get("date"),  # type: ignore[arg-type]  # checked in __post_init__
            points=data.get("points"),  # type: ignore[arg-type]
            par=data.get("par"),
            marks=data.get("marks", ""),
            attempt=data.get("attempt", ""),
        )


@dataclass(frozen=True, slots=True)
class DailyStats:
    """What the daily statistics show."""

    days_played: int = 0
    current_streak: int = 0
    """Days in a row up to today, or up to yesterday while today is still to play."""
    best_streak: int = 0
    average_against_par: float | None = None
    """Points above par per day with a par (below zero: better than Hard); None before the first."""


@dataclass(frozen=True, slots=True)
class DailyRecords:
    """The attempt that counts for each date played, by date."""

    results: Mapping[str, DailyResult] = field(default_factory=dict)

    def result_for(self, date: str) -> DailyResult | None:
        """The result that counts for ``date`` (``YYYY-MM-DD``), if it was played."""
        return self.results.get(date)

    def has_played(self, date: str) -> bool:
        """A finished attempt of ``date`` counts already: another is practice."""
        return date in self.results

    def counts(self, result: DailyResult) -> bool:
        """``result`` is (or would be) the one that counts for its date: the date is unplayed, or this
        very attempt is the one recorded."""
        kept = self.results.get(result.date)
        return kept is None or (bool(result.attempt) and kept.attempt == result.attempt)

    def with_result(self, result: DailyResult) -> DailyRecords:
        """These records with ``result`` counted, if it is the first for its date; the attempt that
        counts, told again once its par is known (par is worked out while you play and may come after
        the end), gains that par. Anything else leaves them unchanged."""
        kept = self.results.get(result.date)
        if kept is None:
            return DailyRecords({**self.results, result.date: result})
        if kept.par is None and result.par is not None and self.counts(result):
            return DailyRecords({**self.results, result.date: replace(kept, par=result.par)})
        return self

    def stats(self, today: datetime.date) -> DailyStats:
        """Days played, streaks (a missed day ends one) and the average against par, as of ``today``."""
        days = sorted({datetime.date.fromisoformat(date) for date in self.results})
        best = run = 0
        previous: datetime.date | None = None
        for day in days:
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best = max(best, run)
            previous = day
        played = set(days)
        one_day = datetime.timedelta(days=1)
        end = today if today in played else today - one_day
        current = 0
        while end in played:
            current += 1
            end -= one_day
        differences = [d for d in (r.against_par for r in self.results.values()) if d is not None]
        average = sum(differences) / len(differences) if differences else None
        return DailyStats(len(days), current, best, average)

    def to_dict(self) -> dict[str, Any]:
        return {"results": [self.results[date].to_dict() for date in sorted(self.results)]}

    @classmethod
    def from_dict(cls, data: object) -> tuple[DailyRecords, bool]:
        """Records from ``to_dict`` data, forgiving: an entry that cannot be read (or a second for a
        date) is left out. Also says whether anything was left out."""
        entries = data.get("results") if isinstance(data, Mapping) else None
        if not isinstance(entries, list) or len(entries) > MAX_RESULTS:
            return cls(), True
        results: dict[str, DailyResult] = {}
        lost = False
        for entry in entries:
            try:
                result = DailyResult.from_dict(entry)
            except (ValueError, TypeError):
                lost = True
                continue
            if result.date in results:
                lost = True
                continue
            results[result.date] = result
        return cls(results), lost


@dataclass(frozen=True, slots=True)
class DailyAttempt:
    """A daily attempt in progress, saved after every card like the ordinary match (but apart from
    it). ``practice`` is fixed when the attempt starts (the date had a result already); ``par`` is
    kept once known, so a reload need not work it out again."""

    date: str
    match: Match
    seed: int
    attempt: str
    practice: bool = False
    par: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": ATTEMPT_FORMAT,
            "version": VERSION,
            "date": self.date,
            "attempt": self.attempt,
            "practice": self.practice,
            "par": self.par,
            "record": record.to_record(self.match, seed=self.seed),
        }

    @classmethod
    def from_dict(cls, data: object) -> DailyAttempt:
        """An attempt from ``to_dict`` data (the match replayed move by move); ``InvalidSave`` for
        anything else. A newer version's attempt raises ``NewerAttempt``."""
        if not isinstance(data, Mapping) or data.get("format") != ATTEMPT_FORMAT:
            raise InvalidSave("not a daily attempt")
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise InvalidSave(f"unknown daily attempt version {version!r:.40}")
        if version > VERSION:
            raise NewerAttempt(f"a daily attempt from a newer version ({version})")
        date, attempt = data.get("date"), data.get("attempt")
        practice, par = data.get("practice"), data.get("par")
        if not is_date(date):
            raise InvalidSave(f"not a date: {date!r:.40}")
        if not isinstance(attempt, str) or not _ID.fullmatch(attempt):
            raise InvalidSave(f"not an attempt id: {attempt!r:.40}")
        if type(practice) is not bool:
            raise InvalidSave(f"practice is true or false, not {practice!r:.40}")
        if par is not None and (type(par) is not int or not -1000 <= par <= 1000):
            raise InvalidSave(f"par is a whole number, not {par!r:.40}")
        match, seed = record.from_record(data.get("record"))
        if seed is None:
            raise InvalidSave("a daily attempt without its seed")
        assert isinstance(date, str)
        return cls(date, match, seed, attempt, practice, par)


class NewerAttempt(InvalidSave):
    """A daily attempt saved by a newer version of the game."""
