"""Play friends, the screens before play: the host's table and its invitations, a friend joining and
answering, the answer pasted or passed from another tab, and every refusal in a sentence.

Two apps run side by side, each stepping with its own stand-in page in view (``friends_pages``), so the
links travel as a person carries them: read off one page's mirror, typed into the other's box or address.
The table modes are another screen's work: here a stand-in scene marks where play opens.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from hearts.engine import Seat
from hearts.friends import Invitation, Presence, invite_link, read_answer, read_invite
from hearts.friends.errors import ANSWER_BROKEN, INVITE_BROKEN, NOT_WAITING
from hearts.friends.messages import Closed, decode
from hearts.peers import PUBLIC_STUN
from hearts.storage import Settings
from hearts.ui import router, routes
from hearts.ui.friends_lobby import FAILURES, GATHER_TICKS, NEEDS_BROWSER, SLOW_OFFER
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.dialog import Dialog
from hearts.ui.scenes.friends_links import NOWHERE, SENT_ON
from hearts.ui.scenes.menu import MenuScene
from hearts.ui.scenes.options import OptionsScene

from .driver import Driver
from .friends_pages import Board, Browser, FriendsPage

SIZE = (320, 568)


class AtPlay(Scene):
    """Where a friends' table opens for play (built by another screen's work): remembers its route."""

    def __init__(self, ctx: object, route: routes.Route) -> None:
        self.route = route
        super().__init__(ctx)  # type: ignore[arg-type]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture(autouse=True)
def at_play(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    builders = dict(router._BUILDERS)
    builders[routes.FriendsMatch] = lambda route, ctx: AtPlay(ctx, route)
    builders[routes.FriendsSeat] = lambda route, ctx: AtPlay(ctx, route)
    monkeypatch.setattr(router, "_BUILDERS", builders)
    yield


class Device:
    """One player's app and page."""

    def __init__(self, browser: Browser, page: FriendsPage, settings: Settings | None = None) -> None:
        self.browser = browser
        self.page = page
        browser.use(page)
        self.driver = Driver(SIZE, settings=settings)

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.browser.use(self.page)
            self.driver.step()

    def press(self, key: str) -> None:
        """Tap the button ``key`` of the dialog on top."""
        self.browser.use(self.page)
        scene = self.driver.scene
        assert isinstance(scene, Dialog), type(scene).__name__
        button = next((button for button in scene.buttons if button.key == key), None)
        assert button is not None, f"no {key!r} on {scene.name}: {[b.key for b in scene.buttons]}"
        self.driver.click(button.rect.center)
        self.driver.step()  # (a screen the tap opened is drawn, and mirrored, in the next frame)

    @property
    def dialog(self) -> Dialog:
        scene = self.driver.scene
        assert isinstance(scene, Dialog), type(scene).__name__
        return scene

    @property
    def said(self) -> list[str]:
        """What the mirror's dialog says, line by line (what a screen reader reads)."""
        dialog = self.page.mirrored.get("dialog") or {}
        return [dialog.get("title", ""), *dialog.get("lines", [])]

    def link_shown(self, key: str) -> str:
        """The link of kind ``key`` ("j" or "a") the screen shows, as a person would copy it."""
        found = [line for line in self.said if f"#{key}=" in line]
        assert found, self.said
        return found[0]


@pytest.fixture
def board() -> Board:
    return Board()


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Browser:
    return Browser(monkeypatch)


def hosting(browser: Browser, board: Board, settings: Settings | None = None) -> Device:
    """The host's device, at its table with friends, opened from the menu by a tap."""
    host = Device(browser, FriendsPage(board, "host"), settings or Settings(name="Ada"))
    assert isinstance(host.driver.scene, MenuScene)
    host.browser.use(host.page)
    host.driver.click(host.driver.button_spot("friends"))
    host.step()
    assert host.dialog.name == "friends_table"
    return host


def invited(host: Device, seat: str = "W") -> str:
    host.press(f"invite_{seat}")
    host.step(2)
    assert host.dialog.name == "friends_invite"
    return host.link_shown("j")


def joined(browser: Browser, board: Board, link: str, name: str = "Bea") -> Device:
    """A friend's device opened on ``link``, joined under ``name``: at its answer."""
    fragment = link.split("#", 1)[1]
    friend = Device(browser, FriendsPage(board, name, fragment))
    assert friend.said[:2] == [
        "Join Ada's table, West's seat",
        "Ada invites you to play Hearts at their table, each of you on your own device.",
    ]
    friend.page.answers.append(name)
    friend.press("join")
    friend.step(2)
    assert friend.dialog.name == "friends_answer"
    return friend


def test_a_friend_joins_by_the_links_the_screens_show_and_play_opens_on_both_sides(browser, board):
    host = hosting(browser, board)
    hold = host.driver.app.ctx.friends
    assert hold.host is not None and hold.host.names == ("Ada", "West", "North", "East")
    assert "West: a computer player." in host.said
    link = invited(host)
    assert board.connections[0].stun == PUBLIC_STUN
    assert "Waiting for your friend's answer: send them this link, then open or paste the reply." in host.said
    invitation = read_invite(link).invitation
    assert (invitation.host, invitation.seat, invitation.table) == ("Ada", Seat.WEST, hold.host.table)
    host.press("copy")
    host.step()
    assert host.page.copied == [link] and "Copied: paste it wherever you like" in host.said
    host.press("share")
    host.step()
    assert host.page.shared_texts == [
        f"Ada invites you to play Hearts, in West's seat. Open this to join:\n{link}"
    ]
    assert "Shared" in host.said

    friend = joined(browser, board, link)
    assert friend.page.questions == ["Your name"]  # no name yet: asked as Join was pressed
    answer = friend.link_shown("a")
    assert read_answer(answer).guest == "Bea"
    assert "Send this answer back to Ada. Waiting for Ada to open it…" in friend.said

    host.page.answers.append(answer)
    host.press("paste")
    for _ in range(6):
        host.step()
        friend.step()
    assert hold.host.status(Seat.WEST).presence is Presence.HERE
    assert "Bea is at the table." in host.said
    assert host.driver.app.notice is None  # (said on the invitation's screen, not again over it)
    # Should the host's page go, its last word to the friend is that the table has closed.
    farewell = decode(host.page.peers.farewells["W"], table=hold.host.table, from_host=True)
    assert isinstance(farewell, Closed)
    guest = friend.driver.app.ctx.friends.guest
    assert guest is not None and guest.is_seated and guest.seat is Seat.WEST
    # Seated, the friend waits on the answer's screen until the host starts: nothing is dealt yet.
    assert friend.dialog.name == "friends_answer" and guest.view is None
    assert "You are at Ada's table. It begins when Ada starts it." in friend.said
    assert not any("#a=" in line for line in friend.said)  # the answer, its work done, is gone
    assert [choice.label for choice in friend.dialog.choices] == ["Leave the table"]

    host.press("done")
    assert "West: Bea, connected." in host.said
    host.press("start")
    assert isinstance(host.driver.scene, AtPlay) and host.driver.scene.route == routes.FriendsMatch()
    assert hold.host.is_started
    for _ in range(3):
        host.step()
        friend.step()
    seat = friend.driver.scene
    assert isinstance(seat, AtPlay) and seat.route == routes.FriendsSeat()
    assert guest.view is not None  # (the host's table, a stand-in here, deals as it is first shown)


def test_closing_the_table_tells_the_friends_and_lets_it_go(browser, board):
    host = hosting(browser, board)
    hold = host.driver.app.ctx.friends
    table = hold.host
    host.browser.use(host.page)
    host.driver.key(pygame.K_ESCAPE)
    assert isinstance(host.driver.scene, MenuScene)
    assert table is not None and table.is_closed and hold.host is None


def test_a_damaged_invitation_is_refused_in_a_sentence(browser, board):
    host = hosting(browser, board)
    link = invited(host)
    friend = Device(browser, FriendsPage(board, "Bea", link.split("#", 1)[1][:-6]))
    assert friend.dialog.name == "join"
    assert INVITE_BROKEN in friend.said
    friend.press("not_now")
    assert isinstance(friend.driver.scene, MenuScene)


@pytest.mark.parametrize(
    "spoil",
    [lambda answer: answer[:-5], lambda answer: answer.replace("#a=", "#j="), lambda answer: answer[:40]],
)
def test_a_damaged_answer_is_refused_in_a_sentence(browser, board, spoil):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    host.page.answers.append(spoil(friend.link_shown("a")))
    host.press("paste")
    host.step(2)
    assert ANSWER_BROKEN in host.said
    assert any(ANSWER_BROKEN in said for said in host.page.spoken)  # said aloud as it shows
    assert host.driver.app.ctx.friends.host.status(Seat.WEST).presence is Presence.BOT


def test_an_answer_for_a_seat_no_longer_waiting_is_refused_in_a_sentence(browser, board):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    answer = friend.link_shown("a")
    host.page.answers.append(answer)
    host.press("paste")
    for _ in range(6):
        host.step()
        friend.step()
    assert "Bea is at the table." in host.said
    host.page.answers.append(answer)  # the same answer again: the seat is taken
    host.press("done")
    host.press("invite_W")
    host.step()
    assert [button.key for button in host.dialog.buttons] == ["done"]
    tab = Device(browser, FriendsPage(board, "tab", answer.split("#", 1)[1]))
    tab.step()
    host.step(2)
    assert NOT_WAITING in host.said


def test_no_route_between_the_devices_says_so_and_offers_another_invitation(browser, board):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    board.failure = "no-route"
    host.page.answers.append(friend.link_shown("a"))
    host.press("paste")
    host.step(3)
    assert FAILURES["no-route"] in host.said
    assert sum(FAILURES["no-route"] in said for said in host.page.spoken) == 1  # said once
    assert "No direct route to your friend's device. Try the same Wi-Fi, then invite again." in host.said
    assert [button.key for button in host.dialog.buttons] == ["again", "done"]
    friend.step()
    assert "No direct route to the host's device. Try the same Wi-Fi as the host." in friend.said
    board.failure = ""
    host.press("again")
    host.step(2)
    assert host.link_shown("j") != ""


def test_an_invitation_that_never_gets_ready_times_out_in_a_sentence(browser, board):
    board.hold_gathering = True
    host = hosting(browser, board)
    host.press("invite_N")
    host.step(GATHER_TICKS + 2)
    assert SLOW_OFFER in host.said


def test_an_answer_opened_in_another_tab_reaches_the_tab_holding_the_table(browser, board):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    answer = friend.link_shown("a")
    tab = Device(browser, FriendsPage(board, "tab", answer.split("#", 1)[1]))
    assert tab.dialog.name == "friends_answer_opened"
    tab.step()
    assert SENT_ON in tab.said
    for _ in range(6):
        host.step()
        friend.step()
    assert host.driver.app.ctx.friends.host.status(Seat.WEST).presence is Presence.HERE
    assert "Bea is at the table." in host.said


def test_an_answer_opened_where_no_tab_holds_a_table_says_it_went_nowhere(browser, board):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    answer = friend.link_shown("a")
    host.press("done")
    host.browser.use(host.page)
    host.driver.key(pygame.K_ESCAPE)  # the table closed: nobody listens
    tab = Device(browser, FriendsPage(board, "tab", answer.split("#", 1)[1]))
    tab.step(int(4 / (1 / 30)))
    assert NOWHERE in tab.said


def test_the_option_keeps_friends_to_one_network(browser, board):
    host = hosting(browser, board)
    host.press("rules")
    options = host.driver.scene
    assert isinstance(options, OptionsScene) and options.tab == "tab_table"
    while options.button("find_across_internet:0") is None:
        host.driver.click(options.button("next").rect.center)
    host.driver.click(options.button("find_across_internet:0").rect.center)
    host.driver.key(pygame.K_ESCAPE)
    assert host.dialog.name == "friends_table"
    assert not host.driver.app.ctx.settings.find_across_internet
    invited(host)
    assert board.connections[0].stun == ""


def test_the_rules_chosen_in_options_are_the_tables(browser, board):
    host = hosting(browser, board)
    table = host.driver.app.ctx.friends.host
    assert table is not None
    host.press("rules")
    options = host.driver.scene
    assert isinstance(options, OptionsScene)
    host.driver.click(options.button("target:0").rect.center)  # 50
    host.driver.key(pygame.K_ESCAPE)
    held = host.driver.app.ctx.friends.host
    assert held is not None and held.match.rules.target == 50 and held.table == table.table
    assert "Ada's table: Hearts to 50." in host.said
    assert read_invite(invited(host)).invitation.table == table.table


def test_friends_across_the_internet_by_default(browser, board):
    invited(hosting(browser, board))
    assert board.connections[0].stun == PUBLIC_STUN == "stun:stun.l.google.com:19302"


def test_natively_inviting_says_it_needs_a_browser():
    driver = Driver(SIZE)
    driver.click(driver.button_spot("friends"))
    invite = next(button for button in driver.scene.buttons if button.key == "invite_E")
    driver.click(invite.rect.center)
    assert NEEDS_BROWSER in driver.scene.lines
    assert [button.label for button in driver.scene.buttons] == ["Done"]  # (no Invite again to fail again)


def test_names_are_typed_in_the_page_box_until_an_invitation_goes_out(browser, board):
    host = hosting(browser, board, Settings())
    hold = host.driver.app.ctx.friends
    assert hold.host is not None and hold.host.names[Seat.SOUTH] == "Host"
    host.press("names")
    assert host.dialog.name == "friends_names"
    host.page.answers += ["Ada", "Robo", "   "]
    host.press("S")
    host.step()
    host.press("W")
    host.step()
    assert host.driver.app.ctx.settings.name == "Ada"
    assert hold.host.names == ("Ada", "Robo", "North", "East")
    host.press("N")
    host.step()
    assert "A name is 1 to 24 letters, digits or signs. That one was not changed." in host.said
    assert hold.host.names[Seat.NORTH] == "North"
    host.press("done")
    assert "Ada's table: Hearts to 100." in host.said and "West: Robo, a computer player." in host.said
    invited(host, "E")
    host.press("done")
    keys = [button.key for button in host.dialog.buttons]
    assert keys == ["invite_W", "invite_N", "invite_E", "start"]  # names and rules are set now
    assert read_invite(host.driver.app.ctx.friends.lobby.seats[Seat.EAST].link).invitation.host == "Ada"


def test_a_screen_reader_and_the_keys_reach_every_step(browser, board):
    host = hosting(browser, board)
    choices = host.page.mirrored["dialog"]["choices"]
    assert [choice["label"] for choice in choices] == [
        "Invite West",
        "Invite North",
        "Invite East",
        "Names",
        "Rules",
        "Start",
        "Close",
    ]
    host.page.presses.append({"kind": "choice", "id": "1"})  # Invite North, pressed in the mirror
    host.step(2)
    assert host.dialog.title == "Invite to North's seat"
    link = host.link_shown("j")
    assert read_invite(link).invitation.seat is Seat.NORTH
    host.browser.use(host.page)
    host.driver.key(pygame.K_ESCAPE)
    assert host.dialog.name == "friends_table" and "North: invited." in host.said
    host.browser.use(host.page)
    host.driver.key(pygame.K_END)
    host.driver.key(pygame.K_RETURN)  # the last button: Start
    assert isinstance(host.driver.scene, AtPlay)


def test_a_friend_who_cancels_their_answer_closes_the_connection(browser, board):
    host = hosting(browser, board)
    friend = joined(browser, board, invited(host))
    connection = friend.page.peers.mine["host"]
    friend.press("close")
    assert connection.state == "closed"
    assert isinstance(friend.driver.scene, MenuScene)
    assert friend.driver.app.ctx.friends.joining is None


def typed(driver: Driver, text: str) -> None:
    """``text`` typed on the desktop's keyboard: each key down, and the text it types."""
    for char in text:
        key = pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE
        driver.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0),
            pygame.event.Event(pygame.TEXTINPUT, text=char),
        )


def test_natively_joining_asks_the_name_on_the_screen_and_says_it_needs_a_browser():
    invitation = Invitation(table="table1", seat=Seat.EAST, invite="invite1", host="Ada")
    driver = Driver(SIZE)
    driver.app.open(routes.JoinTable(invite_link("https://example.org/hearts/", invitation, "offer1")))
    assert driver.scene.title == "Join Ada's table, East's seat"
    driver.click(next(button for button in driver.scene.buttons if button.key == "join").rect.center)
    assert driver.scene.is_typing and "Your name: ▏" in driver.scene.lines
    typed(driver, "Bex")
    driver.key(pygame.K_BACKSPACE)
    typed(driver, "a")
    assert "Your name: Bea▏" in driver.scene.lines
    driver.key(pygame.K_RETURN)
    assert driver.app.ctx.settings.name == "Bea"
    assert driver.scene.title == "Your answer"
    assert NEEDS_BROWSER in driver.scene.lines


def test_natively_names_are_typed_and_no_key_acts_meanwhile():
    driver = Driver(SIZE)
    driver.click(driver.button_spot("friends"))
    driver.click(driver.button_spot("names"))
    driver.click(driver.button_spot("W"))
    assert driver.scene.is_typing and "West's name: West▏" in driver.scene.lines  # the name as it is
    typed(driver, "hm s")  # Hint, Mute, Space (which presses a button) and Scores: here, only letters
    assert "West's name: Westhm s▏" in driver.scene.lines
    assert driver.app.ctx.sound.enabled and driver.scene.title == "Names"
    driver.key(pygame.K_ESCAPE)  # left as it was
    assert not driver.scene.is_typing and driver.app.ctx.friends.host.names[Seat.WEST] == "West"
    driver.click(driver.button_spot("W"))
    for _ in "West":
        driver.key(pygame.K_BACKSPACE)
    typed(driver, "Robo")
    driver.click(driver.button_spot("done"))  # a tap keeps the line (and presses nothing)
    assert driver.scene.title == "Names" and driver.app.ctx.friends.host.names[Seat.WEST] == "Robo"


def test_a_friend_named_already_joins_without_being_asked_again(browser, board):
    host = hosting(browser, board)
    link = invited(host)
    friend = Device(browser, FriendsPage(board, "Bea", link.split("#", 1)[1]))
    assert "Choose the name the others will see." in friend.said
    friend.page.answers.append("Bea")
    friend.press("name")
    friend.step()
    assert "You play as Bea." in friend.said and friend.driver.app.ctx.settings.name == "Bea"
    friend.press("join")
    friend.step(2)
    assert friend.page.questions == ["Your name"]  # once, for "Your name"
    assert read_answer(friend.link_shown("a")).guest == "Bea"
