"""The dialogs a match's table opens: the pause menu, a new match confirmed, the moon, the last trick."""

from __future__ import annotations

import pygame

from ...announce import trick_story
from ...engine import Trick
from ...words import SEAT_NAMES as NAMES
from ...words import trick_taken
from .. import theme
from ..challenge_link import challenge_a_friend
from ..layout import DialogLayout, Metrics
from ..options_list import LEVEL_NAMES
from ..render.text import draw_text
from ..report import is_recording, note_card
from ..routes import (
    MOON_ADD,
    MOON_SUBTRACT,
    ConfirmNewMatch,
    ContinueMatch,
    HowToPlay,
    Menu,
    NewMatch,
    Options,
    Review,
    ScoreSheet,
    Statistics,
)
from ..session import Session
from .base import Context, Push, Replace, Reset
from .dialog import Choice, Dialog

RESUME = "resume"
"""Back to the table."""


def pause_menu(ctx: Context, session: Session, *, over_result: bool = False) -> Dialog:
    """The match's menu; over a hand's result, its first choice goes back to that result."""
    finished = session.match.results
    review = (
        [
            Choice(
                "review",
                "Review the last hand",
                go=Replace(Review(session.match_id, finished[-1].hand_number)),
            )
        ]
        if finished
        else []
    )
    results = tuple(finished)
    return Dialog(
        ctx,
        "Menu",
        [
            Choice(RESUME, "Back to the result" if over_result else "Back to the table", primary=True),
            *review,
            # What the menu opens comes back to it (Back, Close, Done or Escape), as a menu's entries do.
            Choice(
                "score_sheet",
                "Score sheet",
                go=Push(ScoreSheet(results, session.match.rules.target, len(results))),
            ),
            Choice("challenge", "Challenge a friend", go=lambda: Push(challenge_a_friend(session))),
            Choice("new_match", "New match", go=Replace(ConfirmNewMatch())),
            Choice("options", "Options", go=Push(options_for(session))),
            Choice("statistics", "Statistics", go=Push(Statistics())),
            Choice("rules", "How to play", go=Push(HowToPlay())),
            Choice("main_menu", "Main menu", go=Reset(Menu())),
        ],
        close_result=RESUME,
        name="pause",
        button_share=0.9,  # a menu is all buttons: one column, or two, rather than three cramped ones
    )


def options_for(session: Session) -> Options:
    """The options opened from a match's menu: a friend's challenge keeps the level it was played at."""
    challenge = session.challenge
    if challenge is None:
        return Options()
    why = f"This challenge is played at {LEVEL_NAMES[session.bot_level]}, as your friend played it."
    return Options(level=session.bot_level, why=why)


def confirm_new_match(ctx: Context, *, from_menu: bool = False) -> Dialog:
    """Whether to end the match in progress; keeping it goes back to its table (from the main menu too,
    as "Keep playing" says: Escape and ✕ only close the question)."""
    keep = Reset(ContinueMatch()) if from_menu else None
    return Dialog(
        ctx,
        "Start a new match?",
        [
            Choice("start_new", "Start a new match", primary=True, go=Reset(NewMatch())),
            Choice(RESUME, "Keep playing", go=keep),
        ],
        lines=["The match in progress ends here and does not count in your statistics."],
        close_result=RESUME,
        name="confirm_new",
    )


def moon_dialog(ctx: Context) -> Dialog:
    """How your moon scores. It has no ✕ and Escape does nothing: closing it must not choose for you."""
    return Dialog(
        ctx,
        "You shot the moon!",
        [
            Choice(MOON_ADD, "Add 26 to each opponent", primary=True),
            Choice(MOON_SUBTRACT, "Take 26 off my score"),
        ],
        lines=["You took every heart and the Q♠. Choose how it scores."],
        closable=False,
        name="moon",
    )


def last_trick_dialog(ctx: Context, trick: Trick, number: int, jack: bool) -> Dialog:
    """The last completed trick: its four cards in the order played, each with its player, the winner
    ringed; and the way on to the game log (every event, in words)."""

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        px = metrics.text(15)
        line = ctx.fonts.line_height(px)
        gap = metrics.px(8)
        width = min(int((rect.width - 3 * gap) / 4), int((rect.height - 3 * line - 2 * gap) / 1.4))
        height = round(width * 1.4)
        top = rect.top + max(0, (rect.height - (height + 3 * line + 2 * gap)) // 2)
        note = pygame.Rect(rect.left, top, rect.width, line * 2)
        draw_text(surface, ctx.fonts, f"{trick_taken(trick, jack_counts=jack)}.", note, px, theme.TEXT)
        row_width = 4 * width + 3 * gap
        left = rect.centerx - row_width // 2
        cards_top = note.bottom + gap
        for index, (seat, card) in enumerate(trick.plays):
            place = pygame.Rect(left + index * (width + gap), cards_top, width, height)
            face = ctx.painter.face(card, width, height, four_colour=ctx.settings.four_colour)
            surface.blit(face, place)
            if is_recording():
                corner = ctx.painter.layout(width, height).index_rect.move(place.topleft)
                note_card("last_trick", card, seat, place, corner)
            if seat == trick.winner:
                ring = max(2, metrics.px(3))
                pygame.draw.rect(
                    surface,
                    theme.FOCUS_RING,
                    place.inflate(2 * ring, 2 * ring),
                    width=ring,
                    border_radius=max(4, width // 10),
                )
            label = pygame.Rect(place.left - gap // 2, place.bottom + gap, width + gap, line)
            draw_text(surface, ctx.fonts, NAMES[seat], label, px, theme.TEXT, bold=seat == trick.winner)

    def height(metrics: Metrics, width: int) -> int:
        line = ctx.fonts.line_height(metrics.text(15))
        gap = metrics.px(8)
        card = min(int((width - 3 * gap) / 4), metrics.px(120))
        return 3 * line + 2 * gap + round(card * 1.4)

    return Dialog(
        ctx,
        f"Trick {number}",
        [
            Choice(RESUME, "Close", primary=True),
            Choice("log", "Game log", go=lambda: Replace(ctx.speaker.log())),
        ],
        body=body,
        body_height=height,
        spoken=trick_story(trick, jack_counts=jack),
        close_result=RESUME,
        name="last_trick",
        closes_outside=True,
    )
