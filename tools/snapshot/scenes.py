"""The stack of scenes that shows each snapshot scene, by name: one builder a scene (``BUILDERS``).

A builder reaches its position by play (``play``), opens the screens as the game opens them (routes,
through the router) and acts on them as a player does: a tap on a button, a press on the page's mirror,
Enter; or, where the game itself would (a bot's card shown at the table, the time passing), through
the scene's public calls. The screens outside a match and at the table are here; the review, practice,
the daily deal, moving and the lesson in ``features``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from hearts.bots import make_bot
from hearts.bots.hints import suggest_pass, suggest_play
from hearts.challenge import Challenge
from hearts.engine import MatchOver, Phase, Rules, Seat
from hearts.friends import Invitation, invite_link
from hearts.ui import routes
from hearts.ui.context import Context
from hearts.ui.intents import Back, Hint, Jump, Pressed
from hearts.ui.modes import MatchMode
from hearts.ui.router import scene_for
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.stats import DAILY, StatsScene
from hearts.ui.session import HUMAN, Session

from .features import daily, lesson_at, move, practice, review
from .play import SEED, SHEET_SEED, TODAY, play_until, played_daily
from .stage import at_the_table_mid_trick, new_match, opened, table_at, tap, your_first_card

LESSON_SCENES = (
    "lesson_goal", "lesson_passing", "lesson_received", "lesson_lead", "lesson_first_trick", "lesson_trick",
    "lesson_follow", "lesson_discard", "lesson_hearts", "lesson_queen", "lesson_moon", "lesson_summary",
)  # fmt: skip
SCENES = (
    "menu",
    "dealing",
    "passing",
    "playing",
    "trick_won",
    "hint",
    "last_trick",
    "hand_result",
    "pause",
    "score_sheet",
    "score_sheet_empty",
    "victory",
    "defeat",
    "options",
    "how_to_play",
    "how_to_play_end",
    "statistics",
    "statistics_daily",
    "review",
    "review_pass",
    "review_clean",
    "practice",
    "practice_result",
    "daily",
    "daily_result",
    "share_box",
    "challenge_offer",
    "move",
    "move_saved",
    "import_file",
    "match_here",
    "move_problem",
    "elsewhere",
    "friends_table",
    "friends_names",
    "friends_join",
)


def build(name: str, ctx: Context) -> list[Scene]:
    """The scene stack that shows ``name``."""
    builder = BUILDERS.get(name)
    if builder is None:
        raise ValueError(f"no scene called {name!r}; choose from {', '.join(SCENES + LESSON_SCENES)}")
    return builder(ctx)


# Screens outside a match ------------------------------------------------------------------------------


def menu(ctx: Context) -> list[Scene]:
    new_match(ctx)
    return [scene_for(routes.Menu(), ctx)]


def options(ctx: Context) -> list[Scene]:
    return [scene_for(routes.Options(), ctx)]


def how_to_play(ctx: Context, *, to_end: bool = False) -> list[Scene]:
    """The page from its top, or with the keys scrolled into view as far as the page goes (End)."""
    howto = scene_for(routes.HowToPlay(), ctx)
    if to_end:
        howto.handle(Jump(to_end=True))
    return [howto]


def statistics(ctx: Context, *, daily: bool = False) -> list[Scene]:
    """Its first page, or the daily deal's (Next tapped until it shows)."""
    played_daily(ctx.store, TODAY)
    stats = StatsScene(ctx, today=TODAY)
    while daily and DAILY not in stats.page_text and stats.page < stats.page_count - 1:
        tap(stats, "next")
    return [stats]


def elsewhere(ctx: Context) -> list[Scene]:
    """The game open in a second window."""
    new_match(ctx)
    return [scene_for(routes.Elsewhere(), ctx)]


# At the table -----------------------------------------------------------------------------------------


def dealing(ctx: Context) -> list[Scene]:
    """The cards going round, a little past halfway."""
    table = table_at(ctx, new_match(ctx))
    table.update(0.0)
    while table.motion.current is not None and table.motion.current.t < 0.55:
        table.motion.advance(1 / 60)
    return [table]


def passing(ctx: Context) -> list[Scene]:
    """Two of the three cards the hint would pass, chosen."""
    session = new_match(ctx)
    play_until(session, lambda s: s.phase is Phase.PASS)
    table = table_at(ctx, session)
    for card in list(suggest_pass(session.view))[:2]:
        table.handle(Pressed("card", card.notation))
    return [table]


def playing(ctx: Context) -> list[Scene]:
    session = new_match(ctx)
    play_until(session, at_the_table_mid_trick)
    return [table_at(ctx, session)]


def hint(ctx: Context) -> list[Scene]:
    """The hint asked for: Hard's choice, worked out a slice at a time."""
    session = new_match(ctx)
    play_until(session, at_the_table_mid_trick)
    table = table_at(ctx, session)
    table.handle(Hint())
    while table.hint.is_working:
        table.update(0.0)
    return [table]


def last_trick(ctx: Context) -> list[Scene]:
    session = new_match(ctx)
    play_until(session, at_the_table_mid_trick)
    table = table_at(ctx, session)
    view = session.view
    trick = routes.LastTrick(view.tricks[-1], len(view.tricks), view.rules.jack_of_diamonds)
    return [table, scene_for(trick, ctx)]


def trick_won(ctx: Context) -> list[Scene]:
    """The table holding a complete trick with points in it, its winner ringed and named."""

    def about_to_take_points(s: Session) -> bool:
        trick = s.view.trick
        return len(s.view.tricks) >= 3 and len(trick.cards) == 3 and any(card.points for card in trick.cards)

    session = new_match(ctx)
    play_until(session, about_to_take_points)
    table = table_at(ctx, session)
    before = session.view
    seat = session.match.to_move
    if seat is HUMAN:
        table.handle(Pressed("card", suggest_play(before).notation))
    elif seat is not None:
        move = make_bot("normal", seed=seat).decide(session.match.view_for(seat))
        table.show(session.match.apply(move), before=before)
    while table.motion.current is not None and table.motion.current.kind != "hold":
        table.motion.advance(1 / 30)
    return [table]


def hand_result(ctx: Context, *, pause: bool = False) -> list[Scene]:
    """The first hand's result, or the menu opened over it (Back)."""
    session = new_match(ctx)
    play_until(session, lambda s: len(s.match.results) >= 1 and s.needs_deal)
    table = table_at(ctx, session)
    assert isinstance(table.mode, MatchMode)
    stack = [table, opened(ctx, table.mode.hand_over(session.match.results[-1], False))]
    if pause:
        stack.append(opened(ctx, stack[-1].handle(Back())))
    return stack


def score_sheet(ctx: Context) -> list[Scene]:
    """A page of eight hands with the J♦ counting and a moon in hand 4."""
    session = new_match(ctx, Rules(jack_of_diamonds=True), SHEET_SEED)
    play_until(session, lambda s: len(s.match.results) >= 8 and s.needs_deal)
    table = table_at(ctx, session)
    results = session.match.results
    return [
        table,
        scene_for(routes.ScoreSheet(tuple(results), session.match.rules.target, len(results)), ctx),
    ]


def score_sheet_empty(ctx: Context) -> list[Scene]:
    """Opened from the menu before the first hand is scored."""
    session = new_match(ctx)
    play_until(session, your_first_card)
    return [table_at(ctx, session), scene_for(routes.ScoreSheet((), session.match.rules.target, 0), ctx)]


def match_over(ctx: Context, *, won: bool) -> list[Scene]:
    """The first seed from SEED on whose match ends the way the picture needs, the celebration under way."""
    for seed in range(SEED, SEED + 200):
        session = Session.new(ctx.settings.table, "normal", seed=seed)
        play_until(session, lambda s: s.match.phase is Phase.OVER, limit=20000)
        if (HUMAN in session.match.winners) == won:
            break
    ctx.session = session
    table = table_at(ctx, session)
    over = MatchOver(session.match.winners, session.match.totals)
    result = scene_for(routes.MatchResult(session.match_id, over), ctx)
    result.update(1.6)
    return [table, result]


def challenge_offer(ctx: Context) -> list[Scene]:
    """A friend's link opened over a match in progress."""
    session = new_match(ctx)
    play_until(session, your_first_card)
    friend = Challenge(seed=SEED + 1, rules=Rules(target=50, jack_of_diamonds=True), level="hard", score=41)
    return [table_at(ctx, session), scene_for(routes.ChallengeOffer(friend), ctx)]


def friends(ctx: Context, *, over: str = "") -> list[Scene]:
    """Play friends as the host opens it from the menu, or with its Names over it; or a friend's invitation
    opened over the menu."""
    menu = scene_for(routes.Menu(), ctx)
    if over == "join":
        invitation = Invitation(table="snapshot1", seat=Seat.WEST, invite="invite1", host="Ada")
        link = invite_link("https://example.org/", invitation, "AAAA")
        return [menu, scene_for(routes.JoinTable(link), ctx)]
    table = scene_for(routes.FriendsTable(), ctx)
    return [menu, table] if over != "names" else [menu, table, scene_for(routes.FriendsNames(), ctx)]


BUILDERS: dict[str, Callable[[Context], list[Scene]]] = {
    "menu": menu,
    "dealing": dealing,
    "passing": passing,
    "playing": playing,
    "trick_won": trick_won,
    "hint": hint,
    "last_trick": last_trick,
    "hand_result": hand_result,
    "pause": partial(hand_result, pause=True),
    "score_sheet": score_sheet,
    "score_sheet_empty": score_sheet_empty,
    "victory": partial(match_over, won=True),
    "defeat": partial(match_over, won=False),
    "options": options,
    "how_to_play": how_to_play,
    "how_to_play_end": partial(how_to_play, to_end=True),
    "statistics": statistics,
    "statistics_daily": partial(statistics, daily=True),
    "review": review,
    "review_pass": partial(review, on_pass=True),
    "review_clean": partial(review, you="hard"),
    "practice": practice,
    "practice_result": partial(practice, played=True),
    "daily": daily,
    "daily_result": partial(daily, finished=True),
    "share_box": partial(daily, finished=True, share=True),
    "challenge_offer": challenge_offer,
    "move": move,
    "move_saved": partial(move, over="saved"),
    "import_file": partial(move, over="file"),
    "match_here": partial(move, over="match"),
    "move_problem": partial(move, over="problem"),
    "elsewhere": elsewhere,
    "friends_table": friends,
    "friends_names": partial(friends, over="names"),
    "friends_join": partial(friends, over="join"),
    **{name: partial(lesson_at, key=name.removeprefix("lesson_")) for name in LESSON_SCENES},
}
"""How each scene is built: ``SCENES`` and ``LESSON_SCENES``, in their order."""
