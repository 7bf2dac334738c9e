"""Play friends, as the host: the table's seats and their friends, its rules and names, and Start.

The table itself (``HostTable``) and its invitations (``Lobby``) live on the context (``ctx.friends``),
made as this screen opens; each friend's seat starts as a computer player, with its invitation beside it.
Start deals whenever the host likes: a seat nobody answered stays a computer player. Closing the screen
closes the table (its friends are told).
"""

from __future__ import annotations

from dataclasses import replace

from ...announce import Announcement
from ...engine import Seat
from ...friends import HostTable
from ...storage import NAME_LIMIT, is_player_name
from ...words import table_words
from ..challenge_link import page_address
from ..friends_lobby import FRIENDS_SEATS, Lobby, nothing_sent, stun_for
from ..intents import Intent
from ..routes import FriendsMatch, FriendsNames, InviteSeat, Options
from ..text_ask import Question
from .asking import AskingDialog
from .base import Context, Pop, Push, Reset, Transition
from .dialog import Choice, Dialog

DEFAULT_HOST = "Host"
"""Your name at the table until you give one."""
START = "start"
NAMES = "names"
RULES = "rules"
INVITE = "invite_"
CLOSED = "friends_closed"
LOCKED = "Names and rules are set once an invitation has gone out."
BAD_NAME = f"A name is 1 to {NAME_LIMIT} letters, digits or signs. That one was not changed."


def your_name(ctx: Context) -> str:
    return ctx.settings.name or DEFAULT_HOST


def open_table(ctx: Context, names: tuple[str, ...] | None = None, table: str | None = None) -> HostTable:
    """A new table with friends held in ``ctx.friends``, by the settings' rules, level and address server."""
    return ctx.friends.open_host(
        names=names if names is not None else (your_name(ctx), *(str(seat) for seat in FRIENDS_SEATS)),
        rules=ctx.settings.table,
        level=ctx.settings.difficulty,
        stun=stun_for(ctx.settings),
        address=page_address() or "",
        table=table,
    )


def held(ctx: Context) -> tuple[HostTable, Lobby]:
    """The table and its invitations this screen shows (made afresh if the window holds none)."""
    hold = ctx.friends
    if hold.host is None or hold.lobby is None or hold.host.is_closed:
        open_table(ctx)
    assert hold.host is not None and hold.lobby is not None
    return hold.host, hold.lobby


class FriendsTableDialog(Dialog):
    """The host's table before play: see the module docstring."""

    def __init__(self, ctx: Context) -> None:
        self.host, self.lobby = held(ctx)
        self.seen = len(self.lobby.news)
        choices, lines = self._choices(), self._lines()
        super().__init__(ctx, "Play friends", choices, lines=lines, close_result=CLOSED, name="friends_table")

    def _lines(self) -> list[str]:
        lines = [f"{self.host.names[Seat.SOUTH]}'s table: {table_words(self.host.match.rules)}."]
        for seat in FRIENDS_SEATS:
            name, state = self.host.status(seat).name, self.lobby.state_words(seat)
            lines.append(f"{seat}: {state}." if name == str(seat) else f"{seat}: {name}, {state}.")
        return lines

    def _choices(self) -> list[Choice]:
        choices = [Choice(f"{INVITE}{seat.letter}", f"Invite {seat}") for seat in FRIENDS_SEATS]
        if self.host.is_started:  # (opened from the table's menu: a friend invited again, or anew)
            return [*choices, Choice(START, "Back to the table", primary=True)]
        if nothing_sent(self.lobby):
            choices += [Choice(NAMES, "Names"), Choice(RULES, "Rules")]
        return [*choices, Choice(START, "Start", primary=True)]

    def update(self, dt: float) -> Transition | None:
        news = self.lobby.news_since(self.seen)
        self.seen += len(news)
        self.ctx.speaker.say(*(Announcement(text=sentence, kind="note") for sentence in news))
        self.show(self._lines(), self._choices())
        return super().update(dt)

    def resume(self, result: object) -> Transition | None:
        host, lobby = held(self.ctx)
        if nothing_sent(lobby) and host.match.rules != self.ctx.settings.table:  # chosen in Options
            open_table(self.ctx, host.names, host.table)
        self.host, self.lobby = held(self.ctx)  # (made afresh when the names or the rules changed)
        self.seen = len(self.lobby.news)  # (said on the screen that was open over this one)
        self.lobby.stun = stun_for(self.ctx.settings)  # Options may have changed it
        self.show(self._lines(), self._choices())
        return super().resume(result)

    def choose(self, index: int) -> Transition | None:
        key = self.choices[index].key
        if key.startswith(INVITE):
            return Push(InviteSeat(key.removeprefix(INVITE)))
        if key == NAMES:
            return Push(FriendsNames())
        if key == RULES:
            return Push(Options(tab="tab_table"))
        if key == START and self.host.is_started:
            return Pop(None)
        if key == START:
            self.host.start()
            return Reset(FriendsMatch())
        return None

    def handle(self, intent: Intent) -> Transition | None:
        transition = super().handle(intent)
        if isinstance(transition, Pop) and transition.result == CLOSED and not self.host.is_started:
            self.ctx.friends.close()  # (a table at play is left from its own menu)
        return transition


class NamesDialog(AskingDialog):
    """Your name and each seat's, each changed by the page's box (a phone's own keyboard works there)."""

    def __init__(self, ctx: Context) -> None:
        self.host, self.lobby = held(ctx)
        self.asked_for: Seat | None = None
        super().__init__(ctx, "Names", self._choices(), lines=self.shown_lines(), name="friends_names")

    def own_lines(self) -> list[str]:
        return ["Your friends see these names. A friend who joins brings their own."]

    def _choices(self) -> list[Choice]:
        names = self.host.names
        choices = [
            Choice(seat.letter, f"{'You' if seat is Seat.SOUTH else seat}: {names[seat]}") for seat in Seat
        ]
        return [*choices, Choice("done", "Done", primary=True)]

    def choose(self, index: int) -> Transition | None:
        key = self.choices[index].key
        if key == "done":
            return Pop(None)
        seat = Seat.parse(key)
        whose = "Your name" if seat is Seat.SOUTH else f"{seat}'s name"
        self.asked_for = seat
        hint = f"Up to {NAME_LIMIT} letters, as your friends will see it."
        self.question = Question(whose, hint, self.host.names[seat], NAME_LIMIT)
        self.show(self.shown_lines())
        return None

    def update(self, dt: float) -> Transition | None:
        question, seat = self.answered(), self.asked_for
        if question is not None and seat is not None:
            if question.state == "given" and not is_player_name(question.text):
                self.note = BAD_NAME
            elif question.state == "given":
                self._rename(seat, question.text)
            self.show(self.shown_lines(), self._choices())
        return super().update(dt)

    def _rename(self, seat: Seat, name: str) -> None:
        if not nothing_sent(self.lobby):
            self.note = LOCKED
            return
        names = list(self.host.names)
        names[seat] = name
        if seat is Seat.SOUTH:
            self.ctx.save_settings(replace(self.ctx.settings, name=name))
        self.host = open_table(self.ctx, tuple(names), self.host.table)
        self.lobby = self.ctx.friends.lobby or self.lobby
        self.note = ""
