"""Routes to scenes: the one place in the game that knows every scene's class, and the only one that
swaps the match in progress (``ctx.session``). (The snapshot tool, which stages its pictures, builds some
scenes itself.)

A scene says where to go with a route (``Push(Review(table, 3))``); the app asks ``scene_for`` for the
scene to show. Scenes never import each other, so a new screen is a route here and a scene module.
Routes carry values and ids: the router builds each table's session and mode from the values, and
finds the table a route names by its id among the tables open (``ctx.tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Card, Seat
from . import routes
from .context import Context
from .modes import BaseMode, DailyMode, LessonMode, MatchMode
from .modes.practice import PracticeMode, practice_from
from .scenes.base import Scene
from .scenes.challenge import ChallengeOffer, refused
from .scenes.daily_result import DailyResultDialog, daily_menu
from .scenes.dialog import Dialog
from .scenes.elsewhere import ElsewhereScene
from .scenes.hand_result import hand_result_dialog
from .scenes.howto import HowToScene, Sections
from .scenes.lesson import challenge_or_new_match, lesson_menu, lesson_summary
from .scenes.match_result import match_result_dialog
from .scenes.menu import MenuScene
from .scenes.move import MoveScene
from .scenes.move_dialogs import import_dialog, match_here_dialog, problem_dialog
from .scenes.options import OptionsScene
from .scenes.practice_dialogs import practice_menu, practice_result_dialog
from .scenes.review import ReviewScene
from .scenes.score_sheet import score_sheet_dialog
from .scenes.share_box import ShareBox
from .scenes.stats import StatsScene
from .scenes.table import TableScene
from .scenes.table_dialogs import confirm_new_match, last_trick_dialog, moon_dialog, pause_menu
from .session import Session
from .share import share
from .transitions import Push, Transition

FRIENDS_BACK = (
    "Your table with friends is back where it was. The computer plays your friends' seats until you "
    "invite them again from the menu."
)


def scene_for(route: routes.Route, ctx: Context) -> Scene:
    """The scene that shows ``route``."""
    build = _BUILDERS.get(type(route))
    if build is None:
        raise LookupError(f"no scene shows {route!r}")
    return build(route, ctx)


# The match in progress -----------------------------------------------------------------------------


def load_saved_match(ctx: Context) -> None:
    """The saved match, ready to continue (once: a match already in hand stays)."""
    if ctx.session is not None:
        return
    saved = ctx.store.load_match()
    ctx.notices.extend(ctx.store.take_problems())
    if saved is not None and not saved.match.is_over:
        ctx.session = Session.from_saved(saved)


def _session(ctx: Context, table: str) -> Session:
    """The match with the id ``table``: the match in progress, or the one a table open plays."""
    if ctx.session is not None and ctx.session.match_id == table:
        return ctx.session
    return _table(ctx, table).session


def _table(ctx: Context, table: str) -> BaseMode:
    """The mode of the table open (``ctx.tables``) whose match has the id ``table``."""
    mode = ctx.tables.get(table)
    if not isinstance(mode, BaseMode):
        raise LookupError(f"no table open plays the match {table!r}")
    return mode


def _play(ctx: Context, session: Session) -> Scene:
    """``session`` as the match in progress, at its table (any match it replaces does not count)."""
    ctx.session = session
    return TableScene(ctx, MatchMode(ctx, session))


def _opening(route: routes.Opening, ctx: Context) -> Scene:
    load_saved_match(ctx)
    practice = ctx.store.load_practice()
    ctx.notices.extend(ctx.store.take_problems())
    if practice is not None:  # a practice hand in progress, where it was (the match waits beneath)
        tried = Session.from_saved(practice.saved)
        mode = PracticeMode(ctx, tried, before=practice.before, start=practice.start, alone=True)
        return TableScene(ctx, mode)
    friends = ctx.store.load_friends()
    if friends is not None:  # your table with friends, where it was; the friends invited again
        from .challenge_link import page_address
        from .friends_lobby import stun_for
        from .friends_saves import host_from_saved
        from .friends_session import HostSession
        from .modes.friends import FriendsHostMode

        host = ctx.friends.adopt_host(
            host_from_saved(friends), stun=stun_for(ctx.settings), address=page_address() or ""
        )
        ctx.notices.append(FRIENDS_BACK)
        reviewed = friends.saved.points_lost_tenths  # (the coach goes on from the hands it had done)
        return TableScene(
            ctx, FriendsHostMode(ctx, HostSession(host, match_id=host.table, reviewed=reviewed))
        )
    session = ctx.session
    if session is not None and not session.match.is_over:
        return TableScene(ctx, MatchMode(ctx, session))
    return MenuScene(ctx)


def _reopen(route: routes.Reopen, ctx: Context) -> Scene:
    """Forget what this window held and open as at start, on what storage holds now."""
    store = ctx.store
    store.resync()
    ctx.session = None
    ctx.apply_settings(store.load_settings())
    ctx.stats = store.load_stats()
    ctx.notices.extend(store.take_problems())
    return _opening(routes.Opening(), ctx)


def _elsewhere(route: routes.Elsewhere, ctx: Context) -> Scene:
    """Another window has the table: this one lets its match go (nothing of it may be saved from here)."""
    ctx.session = None
    return ElsewhereScene(ctx, moved_on=route.moved_on)


def _menu(route: routes.Menu, ctx: Context) -> Scene:
    load_saved_match(ctx)
    return MenuScene(ctx)


def _continue(route: routes.ContinueMatch, ctx: Context) -> Scene:
    if ctx.session is None:
        return _menu(routes.Menu(), ctx)
    return TableScene(ctx, MatchMode(ctx, ctx.session))


def _new_match(route: routes.NewMatch, ctx: Context) -> Scene:
    return _play(ctx, Session.new(ctx.settings.table, ctx.settings.difficulty, route.seed))


def _real_match(route: routes.RealMatch, ctx: Context) -> Scene:
    session = ctx.session
    if session is not None and not session.match.is_over and session.challenge is None:
        return TableScene(ctx, MatchMode(ctx, session))
    return _new_match(routes.NewMatch(), ctx)


def _challenge(route: routes.PlayChallenge, ctx: Context) -> Scene:
    challenge = route.challenge
    return _play(ctx, Session(challenge.new_match(), challenge.seed, challenge.level, challenge=challenge))


# The other tables ----------------------------------------------------------------------------------


def _daily(route: routes.DailyDeal, ctx: Context) -> Scene:
    return TableScene(ctx, DailyMode.start(ctx, route.day))


def _daily_replay(route: routes.DailyReplay, ctx: Context) -> Scene:
    played = _table(ctx, route.table)
    if not isinstance(played, DailyMode):
        raise LookupError(f"the table {route.table!r} plays no daily deal")
    return TableScene(ctx, played.replayed())


def _lesson(route: routes.Lesson, ctx: Context) -> Scene:
    return TableScene(ctx, LessonMode(ctx))


# Screens and dialogs -------------------------------------------------------------------------------


def _review(route: routes.Review, ctx: Context) -> Scene:
    from ..review import replay_hand

    seated = ctx.tables.get(route.table)
    if seated is not None and not isinstance(seated, BaseMode):
        return _seat_review(route, ctx)
    session = _session(ctx, route.table)

    def practise(step: int, play: Card | None) -> Transition:
        return Push(routes.Practice(practice_from(session, route.hand, step), play))

    replay = replay_hand(session.match, route.hand)
    jack_counts = session.match.rules.jack_of_diamonds
    mode = ctx.tables.get(route.table)  # (its coach's work keeps the review it finishes with the match)
    work = mode.background if isinstance(mode, BaseMode) else None
    return ReviewScene(ctx, replay, session.coaching, work=work, practise=practise, jack_counts=jack_counts)


def _seat_review(route: routes.Review, ctx: Context) -> Scene:
    """A hand at a friend's seat, as that page saw it, with its coach (no practice: the other hands
    were never shown there)."""
    from .modes.seat import FriendsSeatMode

    mode = ctx.tables.get(route.table)
    replay = mode.session.replay_of(route.hand) if isinstance(mode, FriendsSeatMode) else None
    if not isinstance(mode, FriendsSeatMode) or replay is None:
        raise LookupError(f"no friend's seat open has a review of hand {route.hand} at {route.table!r}")
    session = mode.session
    jack_counts = session.view.rules.jack_of_diamonds
    coaching = session.coaching if session.coaching.knows(route.hand) else None  # (none: you joined late)
    return ReviewScene(ctx, replay, coaching, work=mode.background, jack_counts=jack_counts)


def _practice(route: routes.Practice, ctx: Context) -> Scene:
    """The hand played again from the step chosen, in a session of its own (never ``ctx.session``)."""
    practice = route.practice
    session = Session.from_saved(practice.saved)
    mode = PracticeMode(ctx, session, before=practice.before, start=practice.start, first=route.play)
    return TableScene(ctx, mode)


def _share(route: routes.Share, ctx: Context) -> Scene:
    # Shared now, while the player's tap is handled (browsers want a fresh gesture); the box shows
    # the text and where it went.
    return ShareBox(ctx, route.title, route.text, share(route.text))


def game_log(lines: tuple[str, ...]) -> Sections:
    """The game log's page: the last announcements, newest last, or a word that there are none yet."""
    if not lines:
        return (("Nothing yet", ("What happens at the table is written here as it happens.",)),)
    return ((f"The last {len(lines)} events, newest last", lines),)


def _hand_result(route: routes.HandResult, ctx: Context) -> Dialog:
    return hand_result_dialog(ctx, _session(ctx, route.table), route.scored, route.match_over, route.menu)


# Play friends: its screens, tables and modes are imported as one opens, not with the game (about 40 ms
# natively, some 100 ms of a cold start in WebAssembly, before the first frame).


def _friends_screen(route: routes.Route, ctx: Context) -> Scene:
    """A screen of Play friends before play: the host's table, its names, an invitation; a friend's."""
    from .scenes import friends_join, friends_links, friends_table

    match route:
        case routes.FriendsTable():
            return friends_table.FriendsTableDialog(ctx)
        case routes.FriendsNames():
            return friends_table.NamesDialog(ctx)
        case routes.InviteSeat(seat=seat):
            return friends_links.InviteDialog(ctx, Seat.parse(seat))
        case routes.JoinTable(link=link):
            return friends_join.JoinDialog(ctx, link)
        case routes.JoinAnswer():
            return friends_links.AnswerDialog(ctx)
        case routes.AnswerOpened(link=link):
            return friends_links.AnswerOpenedDialog(ctx, link)
    raise LookupError(f"no screen of Play friends shows {route!r}")


def _friends_dialog(route: routes.Route, ctx: Context) -> Scene:
    """A dialog of a table with friends at play: a friend's hand result, the table closed."""
    from .modes.seat import FriendsSeatMode
    from .scenes.friends_dialogs import friends_closed, seat_result

    match route:
        case routes.SeatResult(table=table, scored=scored, names=names, over=over):
            mode = ctx.tables.get(table)
            hand = scored.hand_number
            seen = isinstance(mode, FriendsSeatMode) and mode.session.replay_of(hand) is not None
            review = routes.Review(table, hand) if seen else None
            return seat_result(ctx, scored, names, over, review)
        case routes.FriendsClosed(sentence=sentence):
            return friends_closed(ctx, sentence)
    raise LookupError(f"no dialog of a table with friends shows {route!r}")


def _friends_match(route: routes.FriendsMatch, ctx: Context) -> Scene:
    """The host's table with friends (the lobby put it in ``ctx.friends.host``); the menu if none."""
    from .friends_session import HostSession
    from .modes.friends import FriendsHostMode

    host = ctx.friends.host
    if host is None or host.is_closed:
        return _menu(routes.Menu(), ctx)
    return TableScene(ctx, FriendsHostMode(ctx, HostSession(host, match_id=host.table)))


def _friends_seat(route: routes.FriendsSeat, ctx: Context) -> Scene:
    """A friend's seat at a host's table (the lobby put it in ``ctx.friends.guest``, seated and sent its
    view); the menu if none."""
    from .guest_session import GuestSession
    from .modes.seat import FriendsSeatMode

    guest = ctx.friends.guest
    if guest is None or guest.is_closed or guest.view is None:
        return _menu(routes.Menu(), ctx)
    return TableScene(ctx, FriendsSeatMode(ctx, GuestSession(guest)))


def _friends_menu(route: routes.FriendsMenu, ctx: Context) -> Dialog:
    from .modes.friends import FriendsHostMode
    from .modes.seat import FriendsSeatMode
    from .scenes.friends_dialogs import friends_menu

    mode = ctx.tables.get(route.table)
    if not isinstance(mode, FriendsHostMode | FriendsSeatMode):
        raise LookupError(f"no table with friends open plays the match {route.table!r}")
    session, hosting = mode.session, isinstance(mode, FriendsHostMode)
    results, target = session.results, session.view.rules.target
    if isinstance(mode, FriendsHostMode):
        reviewed = results[-1].hand_number if results else None
    else:
        replay = mode.session.last_replay  # (a hand you saw whole)
        reviewed = None if replay is None else replay.hand_number
    return friends_menu(
        ctx, route.table, results, target, reviewed=reviewed, over_result=route.over_result, hosting=hosting
    )


def _daily_result(route: routes.DailyResult, ctx: Context) -> Dialog:
    played = _table(ctx, route.table)
    if not isinstance(played, DailyMode):
        raise LookupError(f"the table {route.table!r} plays no daily deal")
    return DailyResultDialog(ctx, played)


_BUILDERS: dict[type[routes.Route], Callable[[Any, Context], Scene]] = {
    routes.Opening: _opening,
    routes.Reopen: _reopen,
    routes.Elsewhere: _elsewhere,
    routes.Menu: _menu,
    routes.ContinueMatch: _continue,
    routes.NewMatch: _new_match,
    routes.PlayMatch: lambda route, ctx: _play(ctx, Session.from_saved(route.saved)),
    routes.RealMatch: _real_match,
    routes.PlayChallenge: _challenge,
    routes.DailyDeal: _daily,
    routes.DailyReplay: _daily_replay,
    routes.Lesson: _lesson,
    routes.Options: lambda route, ctx: OptionsScene(ctx, route.tab, level=route.level, why=route.why),
    routes.HowToPlay: lambda route, ctx: HowToScene(ctx),
    routes.GameLog: lambda route, ctx: HowToScene(ctx, "Game log", game_log(route.lines), at_end=True),
    routes.Statistics: lambda route, ctx: StatsScene(ctx),
    routes.Review: _review,
    routes.Practice: _practice,
    routes.PracticeResult: lambda route, ctx: practice_result_dialog(
        ctx, route.table, route.scored, route.before
    ),
    routes.PracticeMenu: lambda route, ctx: practice_menu(ctx),
    routes.PauseMenu: lambda route, ctx: pause_menu(
        ctx, _session(ctx, route.table), over_result=route.over_result
    ),
    routes.ConfirmNewMatch: lambda route, ctx: confirm_new_match(ctx, from_menu=route.from_menu),
    routes.MoonChoice: lambda route, ctx: moon_dialog(ctx),
    routes.LastTrick: lambda route, ctx: last_trick_dialog(ctx, route.trick, route.number, route.jack_counts),
    routes.HandResult: _hand_result,
    routes.MatchResult: lambda route, ctx: match_result_dialog(
        ctx, _session(ctx, route.table), route.over, with_friends=route.with_friends
    ),
    routes.ScoreSheet: lambda route, ctx: score_sheet_dialog(ctx, route.results, route.target, route.page),
    routes.Share: _share,
    routes.ChallengeOffer: lambda route, ctx: ChallengeOffer(ctx, route.challenge),
    routes.ChallengeRefused: lambda route, ctx: refused(ctx, route.sentence),
    routes.DailyResult: _daily_result,
    routes.DailyMenu: lambda route, ctx: daily_menu(ctx, route.finished),
    routes.LessonMenu: lambda route, ctx: lesson_menu(ctx),
    routes.LessonSummary: lambda route, ctx: lesson_summary(ctx, route.scored),
    routes.ChallengeOrNewMatch: lambda route, ctx: challenge_or_new_match(ctx),
    routes.MoveDevice: lambda route, ctx: MoveScene(ctx),
    routes.ImportFile: lambda route, ctx: import_dialog(ctx, route.transfer, route.name, route.current),
    routes.MatchHere: lambda route, ctx: match_here_dialog(ctx, route.saved),
    routes.MoveProblem: lambda route, ctx: problem_dialog(ctx, route.title, route.sentence),
    routes.FriendsTable: _friends_screen,
    routes.FriendsNames: _friends_screen,
    routes.InviteSeat: _friends_screen,
    routes.JoinTable: _friends_screen,
    routes.JoinAnswer: _friends_screen,
    routes.AnswerOpened: _friends_screen,
    routes.FriendsMatch: _friends_match,
    routes.FriendsSeat: _friends_seat,
    routes.FriendsMenu: _friends_menu,
    routes.SeatResult: _friends_dialog,
    routes.FriendsClosed: _friends_dialog,
}
