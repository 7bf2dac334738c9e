"""Kinds of table, as modes composed into the one table scene: what is dealt, saved and counted, what
the menus offer, what shows after a hand, and what works in the background. A mode gets the context and
the session it plays (the match's from the router; the daily deal and the lesson make their own), never
the scene; it answers with values (events, transitions, words)."""

from .base import TableMode
from .daily import DailyMode
from .lesson import LessonMode
from .match import MatchMode

__all__ = ["DailyMode", "LessonMode", "MatchMode", "TableMode"]
