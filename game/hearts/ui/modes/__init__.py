"""Kinds of table, as modes composed into the one table scene: what is dealt, kept and counted, what
the menus offer, what shows after a hand, and what works in the background. A mode gets the context and
the session it plays (the match's and practice's built by the router from a route's values; the daily
deal and the lesson make their own), never the scene; the table asks it through a narrow protocol
(``base.TableMode``) and it answers with values (traits, words, transitions)."""

from .base import BaseMode, TableMode
from .daily import DailyMode
from .lesson import LessonMode
from .match import MatchMode

__all__ = ["BaseMode", "DailyMode", "LessonMode", "MatchMode", "TableMode"]
