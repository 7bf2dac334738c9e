"""Play friends: a table of people on their own devices, with the host's page holding the one match.

Standard library only, below the UI: the messages and their encoding (``messages``), what a seat may be
told (``public``), the host's table (``host``), a friend's side (``guest``), the connection they share
(``transport``) and the links that invite and answer (``links``). docs/FRIENDS.md describes the protocol.
"""

from .errors import FriendsError, LinkRefused, MessageRefused, SeatRefused
from .guest import GuestTable
from .host import HostTable
from .links import Answer, Invitation, InviteLink, answer_link, invite_link, read_answer, read_invite
from .messages import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, decode, encode
from .seats import Presence, SeatStatus
from .transport import MemoryLine, Transport

__all__ = [
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "Answer",
    "FriendsError",
    "GuestTable",
    "HostTable",
    "Invitation",
    "InviteLink",
    "LinkRefused",
    "MemoryLine",
    "MessageRefused",
    "Presence",
    "SeatRefused",
    "SeatStatus",
    "Transport",
    "answer_link",
    "decode",
    "encode",
    "invite_link",
    "read_answer",
    "read_invite",
]
