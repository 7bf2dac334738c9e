"""Kinds of table, as modes composed into the one table scene: what is dealt, saved and counted, what
the menus offer, what shows after a hand, and what works in the background. A mode gets the session and
the context, never the scene; it answers with values (events, routes, words)."""

from .base import TableMode
from .daily import DailyMode
from .lesson import LessonMode
from .match import MatchMode

__all__ = ["DailyMode", "LessonMode", "MatchMode", "TableMode"]
