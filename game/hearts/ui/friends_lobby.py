"""The host's side of inviting friends: one invitation per seat, from the link to the friend at the table.

For a seat: ``invite`` makes an invitation (``HostTable.invite``) and starts the page's connection offer
(``Peers.offer``); once the page has gathered its addresses the invitation link holds the offer's code.
The friend's answer (pasted, or passed from another tab through ``hearts.live``) is checked by the table
and handed to the page (``Peers.accept``); once the channel is open the table gets it as the seat's
connection (``HostTable.connect``) and seats the friend when their page says hello.

Each step is followed a tick at a time (the app ticks the hold every frame), counted in ticks rather than
timed, and every step that could wait for ever has a limit that ends in a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .. import live
from ..engine import Seat
from ..friends import HostTable, Invitation, LinkRefused, Presence, SeatRefused, invite_link, read_answer
from ..friends.messages import Closed, encode
from ..peers import PUBLIC_STUN, PeerChannel, Peers, PeerStatus
from ..storage import Settings

FRIENDS_SEATS: Final = (Seat.WEST, Seat.NORTH, Seat.EAST)
GATHER_TICKS: Final = 1200
"""Ticks (frames) an offer may take to be ready: the page itself gives up gathering after 4 s."""
SEAT_TICKS: Final = 1200
"""Ticks from an open channel to the friend seated (their page says hello at once)."""

Step = Literal["none", "gathering", "waiting", "connecting", "joining", "failed"]

NEEDS_BROWSER: Final = "Playing with friends works in the web version of Hearts, in a browser."
FAILURES: Final[dict[str, str]] = {
    "no-address": "This device found no network to connect on. Check that Wi-Fi is on, then invite again.",
    "bad-code": "Your friend's answer is damaged, so it cannot be used. Ask them to send it again.",
    "no-route": "No direct route to your friend's device. Try the same Wi-Fi, then invite again.",
    "refused": "The browser would not make the connection. Invite again, or try another browser.",
}
SLOW_OFFER: Final = "Making the invitation took too long. Invite again."
NEVER_SAT: Final = "Your friend's page connected but did not take the seat. Invite again."
CUT_OFF: Final = "The connection closed before your friend sat down. Invite again."
NOT_TAKEN: Final = "This answer does not fit the invitation waiting for it. Send a new invitation."


def stun_for(settings: Settings) -> str:
    """The address server to gather through: the public one when the player lets it, else none."""
    return PUBLIC_STUN if settings.find_across_internet else ""


def nothing_sent(lobby: Lobby) -> bool:
    """Whether no invitation has gone out yet: the table's names and rules may still change."""
    return all(state.invitation is None for state in lobby.seats.values())


@dataclass(slots=True)
class SeatInvite:
    """Where the invitation of one seat stands."""

    step: Step = "none"
    invitation: Invitation | None = None
    link: str = ""
    problem: str = ""
    """Why the last step failed, in a sentence."""
    since: int = 0
    """The tick the step began."""


class Lobby:
    """The invitations of ``host``'s friends' seats over ``peers``: see the module docstring. ``stun``: the
    address server to gather through ("" for this network only); ``address``: the site's own, for links."""

    def __init__(self, host: HostTable, peers: Peers, *, stun: str, address: str) -> None:
        self.host = host
        self.peers = peers
        self.stun = stun
        self.address = address
        self.now = 0
        self.seats: dict[Seat, SeatInvite] = {seat: SeatInvite() for seat in FRIENDS_SEATS}
        self.news: list[str] = []
        """Sentences for the host, oldest first: an answer taken or refused, a friend seated, a failure
        (a screen shows those told since it opened, ``news_since``)."""
        live.listen_for_answers(True)

    def news_since(self, seen: int) -> list[str]:
        """The sentences told after the first ``seen``."""
        return self.news[seen:]

    # What the player does --------------------------------------------------------------------------

    def invite(self, seat: Seat) -> None:
        """A new invitation for ``seat`` (the last one for it stops working); a refusal is its problem."""
        state = self.seats[seat] = SeatInvite(since=self.now)
        if not self.peers.available:
            self._fail(state, NEEDS_BROWSER)
            return
        try:
            state.invitation = self.host.invite(seat)
        except SeatRefused as refused:
            self._fail(state, refused.sentence)
            return
        state.step = "gathering"
        self.peers.offer(seat.letter, self.stun)

    def answer(self, text: str) -> str:
        """Take a friend's answer (a link, its fragment or its code); the sentence saying what came of it."""
        try:
            answer = read_answer(text)
            self.host.check_answer(answer)
        except (LinkRefused, SeatRefused) as refused:
            return self._said(refused.sentence)
        state = self.seats.get(answer.seat)
        waiting = state is not None and state.step == "waiting"
        if state is None or not waiting or not self.peers.accept(answer.seat.letter, answer.answer):
            return self._said(NOT_TAKEN)
        state.step, state.since = "connecting", self.now
        return self._said(f"{answer.guest}'s answer came for {answer.seat}'s seat: connecting.")

    def close(self) -> None:
        live.listen_for_answers(False)

    # The tick ---------------------------------------------------------------------------------------

    def tick(self) -> None:
        """Follow each seat's connection a step, and take the answers other tabs passed here."""
        self.now += 1
        for text in live.take_answers():
            self.answer(text)
        for seat, state in self.seats.items():
            if state.step not in ("none", "failed"):  # (the page is asked only about a step under way)
                self._follow(seat, state, self.peers.status(seat.letter))

    def _follow(self, seat: Seat, state: SeatInvite, status: PeerStatus) -> None:
        waited = self.now - state.since
        if state.step in ("gathering", "waiting", "connecting") and status.state == "failed":
            self._fail(state, FAILURES.get(status.reason, FAILURES["refused"]))
        elif state.step == "gathering":
            if status.state == "offered" and status.code and state.invitation is not None:
                state.link = invite_link(self.address, state.invitation, status.code)
                state.step, state.since = "waiting", self.now
            elif waited > GATHER_TICKS:
                self._fail(state, SLOW_OFFER)
        elif state.step == "connecting" and status.state == "open":
            self.host.connect(seat, PeerChannel(self.peers, seat.letter))
            # Should this page go (closed, reloaded), the friend is told the table has closed.
            self.peers.farewell(seat.letter, encode(Closed(), self.host.table))
            state.step, state.since = "joining", self.now
        elif state.step == "joining":
            if self.host.status(seat).presence is Presence.HERE:
                state.step, state.link = "none", ""
                self._said(f"{self.host.status(seat).name} has taken {seat}'s seat.")
            elif status.state != "open":
                self._fail(state, CUT_OFF)
            elif waited > SEAT_TICKS:
                self._fail(state, NEVER_SAT)

    def _fail(self, state: SeatInvite, sentence: str) -> None:
        state.step, state.problem, state.link = "failed", sentence, ""
        self._said(sentence)

    def _said(self, sentence: str) -> str:
        self.news.append(sentence)
        return sentence

    # In words -------------------------------------------------------------------------------------

    def state_words(self, seat: Seat) -> str:
        """The seat's state in a word or two, for its row: a computer player, invited, connected, away."""
        status = self.host.status(seat)
        step = self.seats[seat].step
        if status.presence is Presence.HERE:
            return "connected"
        if status.presence in (Presence.AWAY, Presence.COVERED):
            return "away"
        return {
            "gathering": "inviting…",
            "waiting": "invited",
            "connecting": "connecting…",
            "joining": "connecting…",
            "failed": "not connected",
        }.get(step, "a computer player")

    def sentence(self, seat: Seat) -> str:
        """Where the seat's invitation stands, in a sentence, for the invitation's screen."""
        state = self.seats[seat]
        if self.host.status(seat).presence is Presence.HERE:
            return f"{self.host.status(seat).name} is at the table."
        return {
            "none": "Not invited yet.",
            "gathering": "Making the invitation…",
            "waiting": "Waiting for your friend's answer: send them this link, then open or paste the reply.",
            "connecting": "Connecting to your friend…",
            "joining": "Connected. Waiting for your friend to sit down…",
            "failed": state.problem,
        }[state.step]
