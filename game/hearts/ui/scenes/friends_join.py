"""A friend's invitation opened here: whose table and which seat, the name to play under, and Join; or, for
a link that is cut, changed or from a newer version, why it cannot be opened, in a sentence.

Join answers the invitation (``ctx.friends.joining``) and goes on to the answer to send back.
"""

from __future__ import annotations

from dataclasses import replace

from ...friends import InviteLink
from ...storage import NAME_LIMIT, is_player_name
from ..challenge_link import page_address
from ..friends_joining import read_invitation
from ..friends_lobby import stun_for
from ..routes import JoinAnswer
from ..text_ask import Question
from .asking import AskingDialog
from .base import Context, Pop, Replace, Transition
from .dialog import Choice

JOIN = "join"
NAME = "name"
NOT_NOW = "not_now"


class JoinDialog(AskingDialog):
    """The invitation in ``link``: see the module docstring."""

    def __init__(self, ctx: Context, link: str) -> None:
        self.ctx = ctx
        self.opened, refusal = read_invitation(link)
        self.then_join = False
        if self.opened is None:
            ok = [Choice(NOT_NOW, "OK", primary=True)]
            super().__init__(ctx, "Invitation", ok, lines=[refusal or ""], close_result=NOT_NOW, name="join")
            return
        invitation = self.opened.invitation
        title = f"Join {invitation.host}'s table, {invitation.seat}'s seat"
        super().__init__(
            ctx, title, self._choices(), lines=self.shown_lines(), close_result=NOT_NOW, name="join"
        )

    def own_lines(self) -> list[str]:
        assert self.opened is not None
        host = self.opened.invitation.host
        name = self.ctx.settings.name
        lines = [f"{host} invites you to play Hearts at their table, each of you on your own device."]
        lines.append(f"You play as {name}." if name else "Choose the name the others will see.")
        return lines

    def _choices(self) -> list[Choice]:
        return [Choice(JOIN, "Join", primary=True), Choice(NAME, "Your name"), Choice(NOT_NOW, "Not now")]

    def choose(self, index: int) -> Transition | None:
        key = self.choices[index].key
        if key == NOT_NOW or self.opened is None:
            return Pop(NOT_NOW)
        if key == JOIN and self.ctx.settings.name:
            return self._join(self.opened, self.ctx.settings.name)
        self.then_join = key == JOIN
        hint = f"Up to {NAME_LIMIT} letters, as the others at the table will see it."
        self.question = Question("Your name", hint, self.ctx.settings.name, NAME_LIMIT)
        if self.opened is not None:
            self.show(self.shown_lines())
        return None

    def update(self, dt: float) -> Transition | None:
        question = self.answered()
        if question is not None:
            name = question.text if question.state == "given" else ""
            if name and is_player_name(name):
                self.ctx.save_settings(replace(self.ctx.settings, name=name))
                self.note = ""
                if self.then_join and self.opened is not None:
                    return self._join(self.opened, name)
            elif question.state == "given":
                self.note = f"A name is 1 to {NAME_LIMIT} letters, digits or signs."
            self.show(self.shown_lines())
        return super().update(dt)

    def _join(self, opened: InviteLink, name: str) -> Transition:
        hold = self.ctx.friends
        joining = hold.open_joining(opened, stun=stun_for(self.ctx.settings), address=page_address() or "")
        joining.join(name)
        return Replace(JoinAnswer())
