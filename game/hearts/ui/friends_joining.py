"""A friend's side of joining a table: the invitation opened, the answer made, then the seat taken.

``Joining.join`` answers the host's offer (``Peers.answer``); once the page has its answer's code the
answer link is ready to send back. When the host has opened it the channel opens, a ``GuestTable`` says
hello over it, and the host seats this page or turns it away. Each step is followed a tick at a time and
ends, when it fails, in a sentence.
"""

from __future__ import annotations

from typing import Final, Literal

from ..friends import Answer, GuestTable, InviteLink, LinkRefused, answer_link, read_invite
from ..peers import PeerChannel, Peers
from .friends_lobby import NEEDS_BROWSER

HOST_KEY: Final = "host"
"""A friend's page has one connection, to the host."""
ANSWER_TICKS: Final = 1200
"""Ticks (frames) the page may take to make its answer (it gives up gathering after 4 s itself)."""
SEAT_TICKS: Final = 1200
"""Ticks from an open channel to the host's welcome."""

JoinStep = Literal["ready", "answering", "waiting", "seating", "seated", "failed"]

FAILURES: Final[dict[str, str]] = {
    "no-address": "This device found no network to connect on. Check that Wi-Fi is on, then try again.",
    "bad-code": "This invitation is damaged, so it cannot be answered. Ask the host to send it again.",
    "no-route": "No direct route to the host's device. Try the same Wi-Fi as the host.",
    "refused": "The browser would not make the connection. Try again, or try another browser.",
}
SLOW_ANSWER: Final = "Making your answer took too long. Open the invitation again."
NEVER_SEATED: Final = "The host's table did not seat you in time. Ask the host for a new invitation."


def read_invitation(text: str) -> tuple[InviteLink | None, str | None]:
    """The invitation a link holds, or the sentence that says why it cannot be opened."""
    try:
        return read_invite(text), None
    except LinkRefused as refused:
        return None, refused.sentence


class Joining:
    """One invitation being answered: see the module docstring."""

    def __init__(self, opened: InviteLink, peers: Peers, *, stun: str, address: str) -> None:
        self.opened = opened
        self.peers = peers
        self.stun = stun
        self.address = address
        self.step: JoinStep = "ready"
        self.name = ""
        self.link = ""
        self.problem = ""
        self.guest: GuestTable | None = None
        self.now = 0
        self._since = 0

    @property
    def host_name(self) -> str:
        return self.opened.invitation.host

    def join(self, name: str) -> None:
        """Answer the invitation as ``name``."""
        self.name = name
        self.problem, self.link = "", ""
        if not self.peers.available:
            self._fail(NEEDS_BROWSER)
            return
        self.peers.answer(HOST_KEY, self.opened.offer, self.stun)
        self._go("answering")

    def tick(self) -> None:
        self.now += 1
        waited = self.now - self._since
        status = self.peers.status(HOST_KEY)
        if self.step in ("answering", "waiting") and status.state == "failed":
            self._fail(FAILURES.get(status.reason, FAILURES["refused"]))
        elif self.step == "answering":
            if status.state == "answered" and status.code:
                invitation = self.opened.invitation
                answer = Answer(
                    table=invitation.table,
                    seat=invitation.seat,
                    invite=invitation.invite,
                    guest=self.name,
                    answer=status.code,
                )
                self.link = answer_link(self.address, answer)
                self._go("waiting")
            elif waited > ANSWER_TICKS:
                self._fail(SLOW_ANSWER)
        elif self.step == "waiting" and status.state == "open":
            link = PeerChannel(self.peers, HOST_KEY)
            self.guest = GuestTable(invitation=self.opened.invitation, name=self.name, link=link)
            self._go("seating")
        elif self.step == "seating" and self.guest is not None:
            self._follow_guest(self.guest, waited)

    def _follow_guest(self, guest: GuestTable, waited: int) -> None:
        if guest.is_seated:
            self._go("seated")
        elif guest.turned_away is not None:
            self._fail(guest.turned_away)  # the host's reason, a sentence
        elif guest.is_closed:
            self._fail(next(iter(guest.take_notices()), NEVER_SEATED))
        elif waited > SEAT_TICKS:
            self._fail(NEVER_SEATED)

    def _go(self, step: JoinStep) -> None:
        self.step, self._since = step, self.now

    def _fail(self, sentence: str) -> None:
        self.step, self.problem, self.link = "failed", sentence, ""
        self.peers.close(HOST_KEY)

    def sentence(self) -> str:
        """Where joining stands, in a sentence."""
        host = self.host_name
        return {
            "ready": f"{host} invites you to play at their table.",
            "answering": "Making your answer…",
            "waiting": f"Send this answer back to {host}. Waiting for {host} to open it…",
            "seating": f"Connected. Waiting for {host}'s table to seat you…",
            "seated": f"You are at {host}'s table. It begins when {host} starts it.",
            "failed": self.problem,
        }[self.step]
