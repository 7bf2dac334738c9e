"""Where a screen can go, as values: a scene returns ``Push(Review(table, hand=3))`` or
``Reset(Menu())`` and never names another scene's class. ``router.scene_for`` is the one place in the
game that turns a route into a scene (and the only one that swaps the match in progress; the snapshot
tool stages its pictures by hand).

Routes are frozen records of values and ids, never live objects: a table to open carries what it is
built from (a saved match, a seed, a practice's position), and a screen that shows part of a table
open (a review, a result, a menu) names that table by the id of the match it plays (``Session.match_id``),
which the router looks up among the tables open (``Context.tables``). The rest are just names.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..challenge import Challenge
    from ..engine import Card, HandScored, MatchOver, Trick
    from ..storage import SavedMatch, SavedPractice
    from ..transfer import Transfer


class Route:
    """A screen to show (the base of every route)."""

    __slots__ = ()


# Whole screens -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opening(Route):
    """What the game opens on: the match in progress at its table, exactly where it was, else the menu."""


@dataclass(frozen=True, slots=True)
class Reopen(Route):
    """What the game opens on, read afresh from storage: the settings, the statistics and the saved match
    as they are now (another window played on, or an import replaced them). Shown with ``Reset``."""


@dataclass(frozen=True, slots=True)
class Elsewhere(Route):
    """Another window has the table (``hearts.live``): nothing to play here until "Play here". ``moved_on``
    when this window found out by a save refused as behind the stored one."""

    moved_on: bool = False


@dataclass(frozen=True, slots=True)
class Menu(Route):
    """The main menu (with the saved match ready to continue)."""


@dataclass(frozen=True, slots=True)
class ContinueMatch(Route):
    """The match in progress, at its table."""


@dataclass(frozen=True, slots=True)
class NewMatch(Route):
    """A new match with the table options and level of the settings, in place of any in progress; its
    deals from ``seed`` (None: a new one; tools and tests replay a seed)."""

    seed: int | None = None


@dataclass(frozen=True, slots=True)
class PlayMatch(Route):
    """The match ``saved`` holds as the match in progress, at its table, where it was (tests set a
    position up this way)."""

    saved: SavedMatch


@dataclass(frozen=True, slots=True)
class RealMatch(Route):
    """After the lesson: your own match in progress if there is one, else a new match (never a friend's
    challenge: the lesson's summary asks first, ``ChallengeOrNewMatch``)."""


@dataclass(frozen=True, slots=True)
class PlayChallenge(Route):
    """A friend's challenge played as the match, in place of any in progress (which does not count)."""

    challenge: Challenge


@dataclass(frozen=True, slots=True)
class DailyDeal(Route):
    """The day's daily deal: the attempt in progress, else a new one (practice once the day counts)."""

    day: datetime.date | None = None


@dataclass(frozen=True, slots=True)
class DailyReplay(Route):
    """The daily deal played at ``table`` played again as practice, with par as far as it has got
    there (or known)."""

    table: str


@dataclass(frozen=True, slots=True)
class Lesson(Route):
    """Learn to play: the guided hand."""


@dataclass(frozen=True, slots=True)
class FriendsTable(Route):
    """Play friends, as the host: the table's seats, names and rules, an Invite for each friend's seat, and
    Start. The table itself lives in ``Context.friends`` while the window holds it."""


@dataclass(frozen=True, slots=True)
class JoinTable(Route):
    """A friend's invitation opened here (``link``: the link or its code): who invites you to which seat,
    and Join; then this page's answer to send back, until the host's table seats you."""

    link: str


@dataclass(frozen=True, slots=True)
class InviteSeat(Route):
    """The invitation for a friend's seat (``seat``: its letter, "W", "N" or "E"): made if none is
    waiting, shown as a QR code with Copy and Share, and the friend's answer pasted."""

    seat: str


@dataclass(frozen=True, slots=True)
class FriendsNames(Route):
    """The names at the table with friends: yours, and each seat's until a friend takes it."""


@dataclass(frozen=True, slots=True)
class JoinAnswer(Route):
    """A friend's answer to the invitation being joined (``Context.friends.joining``), to send back to the
    host, until the host's table seats them."""


@dataclass(frozen=True, slots=True)
class AnswerOpened(Route):
    """A friend's answer opened here (``link``: the link or its code): passed on to the tab that holds the
    table with friends, or taken here if this page holds it."""

    link: str


@dataclass(frozen=True, slots=True)
class FriendsMatch(Route):
    """The host's table with friends, at play: the match of ``Context.friends.host``."""


@dataclass(frozen=True, slots=True)
class FriendsSeat(Route):
    """A friend's seat at a host's table, at play: ``Context.friends.guest``, as the host tells it."""


@dataclass(frozen=True, slots=True)
class FriendsMenu(Route):
    """The menu of a table with friends (``table``: its match's id): back to the table, the last hand's
    review (from this page's side), the score sheet, options, and leaving the table. ``over_result``:
    opened from a hand's result, to which closing it goes back."""

    table: str
    over_result: bool = False


@dataclass(frozen=True, slots=True)
class SeatResult(Route):
    """A hand scored at a friend's table (``table``: its match's id; ``names``: the seats' as the table
    shows them), with its review from your side; ``over``: the match's end, when it was the last."""

    table: str
    scored: HandScored
    names: tuple[str, ...]
    over: MatchOver | None = None


@dataclass(frozen=True, slots=True)
class FriendsClosed(Route):
    """A friend's table has ended for this page (``sentence`` says how: the host closed it, the
    connection was lost); back to the menu."""

    sentence: str


@dataclass(frozen=True, slots=True)
class Options(Route):
    """The options; ``level``, when the table open beneath plays a level of its own (a friend's
    challenge, the daily deal), shown as the difficulty with ``why`` it can't change."""

    tab: str = "tab_game"
    level: str | None = None
    why: str = ""


@dataclass(frozen=True, slots=True)
class MoveDevice(Route):
    """Moving to another device: everything saved to a file or loaded from one, the match as a link."""


@dataclass(frozen=True, slots=True)
class HowToPlay(Route):
    pass


@dataclass(frozen=True, slots=True)
class Statistics(Route):
    pass


@dataclass(frozen=True, slots=True)
class Practice(Route):
    """A hand played again as practice from the position ``practice`` holds (``modes.practice.
    practice_from``: the same cards and bots); ``play`` is played for you first (a key moment's better
    card)."""

    practice: SavedPractice
    play: Card | None = None


@dataclass(frozen=True, slots=True)
class PracticeResult(Route):
    """A practice hand's end beside the original's: what you scored this time and then (``table``:
    the practice's, whose hand its review shows)."""

    table: str
    scored: HandScored
    before: int
    """What you scored in the original hand."""


@dataclass(frozen=True, slots=True)
class PracticeMenu(Route):
    """The practice table's menu: keep practising, or stop."""


@dataclass(frozen=True, slots=True)
class GameLog(Route):
    """The last announcements, oldest first, as a page to read."""

    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Review(Route):
    """Hand ``hand`` of the match at ``table``, trick by trick, with the coach's judgement."""

    table: str
    hand: int


# Dialogs -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PauseMenu(Route):
    """The match's menu: back to the table, the last hand's review, the score sheet, a challenge…
    ``over_result``: opened from a hand's result, to which closing it goes back."""

    table: str
    over_result: bool = False


@dataclass(frozen=True, slots=True)
class ConfirmNewMatch(Route):
    """Whether to end the match in progress for a new one (``from_menu``: asked on the main menu, where
    keeping it means going to its table)."""

    from_menu: bool = False


MOON_ADD = "moon_add"
MOON_SUBTRACT = "moon_subtract"


@dataclass(frozen=True, slots=True)
class MoonChoice(Route):
    """You shot the moon under the shooter-chooses rule: how it scores (answers ``MOON_ADD`` or
    ``MOON_SUBTRACT`` to the table)."""


@dataclass(frozen=True, slots=True)
class LastTrick(Route):
    trick: Trick
    number: int
    jack_counts: bool


@dataclass(frozen=True, slots=True)
class HandResult(Route):
    """A scored hand; ``Next hand`` answers ``next_hand`` to the table. ``menu``: what its menu button
    and Escape open (the table's menu, over the result)."""

    table: str
    scored: HandScored
    match_over: bool
    menu: Route | None = None


@dataclass(frozen=True, slots=True)
class MatchResult(Route):
    """The match at ``table`` is ``over``: its result (``with_friends``: a table with friends, whose
    Play again opens a new one)."""

    table: str
    over: MatchOver
    with_friends: bool = False


@dataclass(frozen=True, slots=True)
class ScoreSheet(Route):
    """Every hand's scores, a page at a time (``page`` past the last shows the last), and the target."""

    results: tuple[HandScored, ...]
    target: int
    page: int


@dataclass(frozen=True, slots=True)
class Share(Route):
    """Share ``text`` (the page's share sheet or clipboard, or printed and copied on the desktop) and
    show it with where it went. Built while the player's tap is handled: browsers want a fresh gesture."""

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class ChallengeOffer(Route):
    challenge: Challenge


@dataclass(frozen=True, slots=True)
class ChallengeRefused(Route):
    sentence: str


@dataclass(frozen=True, slots=True)
class ImportFile(Route):
    """A file read whole, offered for import: what it holds, and ``current``, what it would replace.
    Replacing imports it and opens the game afresh (``Reopen``); keeping answers ``KEEP``."""

    transfer: Transfer
    name: str
    current: str


@dataclass(frozen=True, slots=True)
class MatchHere(Route):
    """A match from a link (``#m=…``), offered to play here in place of the match in progress."""

    saved: SavedMatch


@dataclass(frozen=True, slots=True)
class MoveProblem(Route):
    """Why a file or a link was not loaded (nothing changed), in a sentence, with OK."""

    title: str
    sentence: str


KEEP = "keep"
"""An import declined ("Keep mine"): what the dialog answers to the screen beneath."""


DAILY_PRACTICE = "practice"
"""The daily deal's "Play it again" (the result answers it to the table): the day's hand as practice."""
DAILY_RESULT = "daily_result"
"""The daily menu's "Today's result" (answered to the table): the day's result shown again."""


@dataclass(frozen=True, slots=True)
class DailyResult(Route):
    """The result of the daily deal played at ``table`` (it follows par as it is worked out)."""

    table: str


@dataclass(frozen=True, slots=True)
class DailyMenu(Route):
    finished: bool


@dataclass(frozen=True, slots=True)
class LessonMenu(Route):
    pass


@dataclass(frozen=True, slots=True)
class ChallengeOrNewMatch(Route):
    """After the lesson, with a friend's challenge in progress: a new match in its place, or the
    challenge."""


@dataclass(frozen=True, slots=True)
class LessonSummary(Route):
    """What the lesson's hand scored, and why."""

    scored: HandScored
