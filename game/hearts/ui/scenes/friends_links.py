"""The links between a host and a friend, as screens: the host's invitation to a seat (with the friend's
answer pasted), the friend's answer to send back, and an answer opened in a tab that does not hold the table.

A link shows as a QR code a phone's camera opens (the link's text where the page cannot draw one), with
Copy and Share; the mirror for a screen reader holds the link's text too. Each screen follows a connection
under way, so its words and buttons change as it goes, and every way it can fail ends in a sentence.
"""

from __future__ import annotations

import pygame

from ... import live, page
from ...announce import Announcement
from ...engine import Seat
from ...friends.links import MAX_TEXT
from .. import share
from ..friends_lobby import Lobby
from ..intents import Intent
from ..layout import DialogLayout, Metrics
from ..link_picture import LinkPicture
from ..routes import FriendsSeat
from ..text_ask import Question
from .base import Context, Pop, Reset, Transition
from .dialog import Choice, Dialog, draw_lines, lines_height

TEXT_PX = 16
SHARING = {"pending": "Sharing…", "cancelled": "Not shared.", "shown": "Copy it from the box on the page."}
PASTE_FIRST = "Copy your friend's answer first, then press Paste answer."
PASS_SECONDS = 3.0
"""How long an answer opened in a tab waits for the tab holding the table to say it took it."""
SENT_ON = "Sent to your table in the other tab. You can close this one."
NOWHERE = (
    "No tab of Hearts here holds a table with friends, so this answer went nowhere. "
    "Open it in the browser where you invited your friend."
)


class LinkDialog(Dialog):
    """A dialog that shows one link (as a code, with Copy and Share) and a few changing lines."""

    def __init__(self, ctx: Context, title: str, choices: list[Choice], lines: list[str], name: str) -> None:
        self.picture = LinkPicture()
        self.outcome: share.Outcome | None = None
        super().__init__(
            ctx,
            title,
            choices,
            lines=lines,
            body=self._body,
            body_height=self._height,
            button_share=0.3,  # buttons side by side, so the code keeps the room a camera needs
            name=name,
        )

    def follow(self, link: str, lines: list[str], choices: list[Choice]) -> None:
        """Show ``link`` (none: "") with ``lines`` and ``choices``: the code is drawn again only for a new
        link; the share's outcome is said under the lines."""
        if self.picture.follow(link):
            self.outcome = None
        if self.outcome == "pending":
            went = page.share_outcome()
            self.outcome = went if went is not None else self.outcome
        said = share.message(self.outcome) or SHARING.get(self.outcome or "", "")
        if self.picture.code is None and link:
            lines = [*lines, link]  # no code drawn: the link itself, to copy by hand
        self.mirrored = (link,) if link and self.picture.code is not None else ()
        shown = [*lines, said] if said else lines
        if self.lines:  # (the first lines are the screen's own, read as it opens)
            news = [line for line in shown if line not in self.lines and line != link]
            self.ctx.speaker.say(*(Announcement(text=line, kind="note") for line in news))
        self.show(shown, choices)

    def pass_on(self, key: str, text: str) -> bool:
        """Copy or Share pressed (``key``): the link goes; whether ``key`` was one of them."""
        if key == "copy":
            self.outcome = share.copy(self.picture.link)
        elif key == "share":
            self.outcome = share.share(text)
        else:
            return False
        self.dirty = True
        return True

    def _height(self, metrics: Metrics, width: int) -> int:
        side = self.picture.side(metrics, width)
        return side + metrics.px(8) + lines_height(self.ctx, self.lines, metrics.text(TEXT_PX), width)

    def _body(self, surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        gap, px = metrics.px(8), metrics.text(TEXT_PX)
        if self.picture.code is not None and rect.width >= 2 * rect.height:  # a wide window: side by side
            square = pygame.Rect(rect.left, rect.top, rect.height, rect.height)
            used = self.picture.draw(surface, square)
            left = square.right + gap if used.height else rect.left
            draw_lines(
                surface, self.ctx, self.lines, pygame.Rect(left, rect.top, rect.right - left, rect.height), px
            )
            return
        words = lines_height(self.ctx, self.lines, px, rect.width)
        room = pygame.Rect(rect.left, rect.top, rect.width, max(0, rect.height - words - gap))
        used = self.picture.draw(surface, room)
        below = pygame.Rect(rect.left, used.bottom + (gap if used.height else 0), rect.width, words)
        draw_lines(surface, self.ctx, self.lines, below.clip(rect), px)


class InviteDialog(LinkDialog):
    """The invitation to one seat: made as the screen opens unless one is waiting or a friend sits there."""

    def __init__(self, ctx: Context, seat: Seat) -> None:
        lobby = ctx.friends.lobby
        assert lobby is not None, "an invitation needs a table with friends"
        self.lobby: Lobby = lobby
        self.seat = seat
        self.question: Question | None = None
        self.note = ""
        state = lobby.seats[seat]
        if state.step in ("none", "failed") and lobby.state_words(seat) != "connected":
            lobby.invite(seat)
        self.seen = len(lobby.news)
        super().__init__(ctx, f"Invite to {seat}'s seat", [Choice("done", "Done")], [], name="friends_invite")
        self.update(0.0)

    def _now(self) -> tuple[list[str], list[Choice]]:
        state = self.lobby.seats[self.seat]
        sentence = self.lobby.sentence(self.seat)
        lines = [sentence, self.note] if self.note and self.note != sentence else [sentence]
        done = Choice("done", "Done", primary=state.step != "waiting")
        if state.step == "waiting":
            choices = [Choice("copy", "Copy link"), Choice("share", "Share"), Choice("paste", "Paste answer")]
            return lines, [*choices, done]
        if state.step == "failed" and self.lobby.peers.available:  # (else inviting again fails again)
            return lines, [Choice("again", "Invite again"), done]
        return lines, [done]

    def update(self, dt: float) -> Transition | None:
        question = self.question
        if question is not None and question.poll():
            self.question = None
            if question.state == "given":
                self.lobby.answer(question.text)
            elif question.state == "unavailable":
                self.note = PASTE_FIRST
        news = self.lobby.news_since(self.seen)
        if news:  # an answer pasted here or passed from another tab: taken, refused, or a failure
            self.seen += len(news)
            self.note = news[-1]
        lines, choices = self._now()
        self.follow(self.lobby.seats[self.seat].link, lines, choices)
        return super().update(dt)

    def choose(self, index: int) -> Transition | None:
        key = self.choices[index].key
        host = self.lobby.host.host_name
        text = f"{host} invites you to play Hearts, in {self.seat}'s seat. Open this to join:"
        text = f"{text}\n{self.picture.link}"
        if self.pass_on(key, text):
            return None
        if key == "paste":
            hint = "Paste the answer your friend sent back."
            self.question = Question("Your friend's answer", hint, "", MAX_TEXT, pasted=True)
        elif key == "again":
            self.note = ""
            self.lobby.invite(self.seat)
        else:
            return Pop(None)
        self.dirty = True
        return None


class AnswerDialog(LinkDialog):
    """A friend's answer to send back to the host, until the host's table seats them."""

    def __init__(self, ctx: Context) -> None:
        joining = ctx.friends.joining
        assert joining is not None, "an answer needs an invitation being joined"
        self.joining = joining
        super().__init__(ctx, "Your answer", [Choice("close", "Cancel")], [], name="friends_answer")
        self.update(0.0)

    def update(self, dt: float) -> Transition | None:
        joining = self.joining
        guest = self.ctx.friends.guest
        if joining.step == "seated" and guest is not None and guest.view is not None:
            return Reset(FriendsSeat())  # (seated and dealt: the host has started)
        if joining.step == "failed":
            choices = [Choice("close", "OK", primary=True)]
        elif joining.step == "waiting":
            choices = [Choice("copy", "Copy link"), Choice("share", "Share"), Choice("close", "Cancel")]
        elif joining.step == "seated":  # (the answer has done its work: no code, no sharing)
            choices = [Choice("close", "Leave the table")]
        else:
            choices = [Choice("close", "Cancel")]
        self.follow("" if joining.step == "seated" else joining.link, [joining.sentence()], choices)
        return super().update(dt)

    def choose(self, index: int) -> Transition | None:
        key = self.choices[index].key
        host = self.joining.host_name
        text = (
            f"My answer to your Hearts invitation, {host}. Open it where your table is:\n{self.picture.link}"
        )
        if self.pass_on(key, text):
            return None
        self.ctx.friends.close()
        return Pop(None)

    def handle(self, intent: Intent) -> Transition | None:
        transition = super().handle(intent)
        if isinstance(transition, Pop) and self.ctx.friends.joining is self.joining:
            self.ctx.friends.close()  # closed with × or Escape: this page answers no more
        return transition


class AnswerOpenedDialog(Dialog):
    """A friend's answer opened here: taken at once if this page holds the table, else passed to the tab
    that does, which says it took it (or nobody does, and this says so after a few seconds)."""

    def __init__(self, ctx: Context, link: str) -> None:
        self.waited = 0.0
        self.passed: str | None = None
        lobby = ctx.friends.lobby
        if lobby is not None:
            said = lobby.answer(link)
        else:
            self.passed = live.pass_answer(link)
            said = "Sending this answer to your table…" if self.passed is not None else NOWHERE
        ok = [Choice("ok", "OK", primary=True)]
        super().__init__(ctx, "Your friend's answer", ok, lines=[said], name="friends_answer_opened")

    def update(self, dt: float) -> Transition | None:
        if self.passed is not None:
            self.waited += dt
            if live.is_taken(self.passed):
                self.passed = None
                self.show([SENT_ON])
            elif self.waited >= PASS_SECONDS:
                self.passed = None
                self.show([NOWHERE])
        return super().update(dt)

    @property
    def is_still(self) -> bool:
        return self.passed is None
