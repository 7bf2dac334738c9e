"""What the builders share: a new match as the one in progress, its table, a tap on a screen's button, the
scene a transition opens, and the moments a picture waits for."""

from __future__ import annotations

from hearts.engine import Phase, Rules
from hearts.ui.context import Context
from hearts.ui.intents import Tap
from hearts.ui.modes import MatchMode
from hearts.ui.router import scene_for
from hearts.ui.scenes.base import Scene
from hearts.ui.scenes.paged import PagedScene
from hearts.ui.scenes.table import TableScene
from hearts.ui.session import Session
from hearts.ui.transitions import Push

from .play import SEED


def new_match(ctx: Context, rules: Rules | None = None, seed: int = SEED) -> Session:
    """A new match, Normal bots on ``seed``, as the match in progress."""
    session = Session.new(rules or ctx.settings.table, "normal", seed=seed)
    ctx.session = session
    return session


def table_at(ctx: Context, session: Session) -> TableScene:
    """``session`` as the match in progress, at its table (staged: a route carries no live match)."""
    ctx.session = session
    return TableScene(ctx, MatchMode(ctx, session))


def tap(scene: PagedScene, key: str) -> None:
    """A tap on the middle of the button ``key`` of a paged screen."""
    button = scene.button(key)
    assert button is not None and button.enabled, key
    scene.handle(Tap(button.rect.center))


def at_the_table_mid_trick(session: Session) -> bool:
    """Your card to play in the sixth trick, two cards in it."""
    view = session.view
    return (
        session.is_human_turn
        and view.phase is Phase.PLAY
        and len(view.tricks) >= 5
        and len(view.trick.cards) >= 2
    )


def your_first_card(session: Session) -> bool:
    return session.is_human_turn and session.phase is Phase.PLAY


def opened(ctx: Context, transition: object) -> Scene:
    """The scene a transition opens (a Push of a route)."""
    assert isinstance(transition, Push), transition
    return scene_for(transition.route, ctx)
