"""The dialogs the table opens: the pause menu, the last trick, the moon choice, hand and match results."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import HandScored, MatchOver, Moon, Seat, Trick
from .. import theme
from ..layout import DialogLayout
from ..render.text import draw_text
from ..session import HUMAN, Session
from .base import Context, Push, Reset, Transition
from .dialog import Choice, Dialog, draw_lines

if TYPE_CHECKING:
    from .table import TableScene

NAMES = {Seat.SOUTH: "You", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}


def pause_menu(ctx: Context) -> Dialog:
    return Dialog(
        ctx,
        "Menu",
        [
            Choice("resume", "Back to the table", primary=True),
            Choice("new_match", "New match"),
            Choice("options", "Options"),
            Choice("rules", "How to play"),
            Choice("main_menu", "Main menu"),
        ],
        close_result="resume",
        name="pause",
    )


def confirm_new_match(ctx: Context) -> Dialog:
    return Dialog(
        ctx,
        "Start a new match?",
        [Choice("start_new", "Start a new match", primary=True), Choice("resume", "Keep playing")],
        lines=["The match in progress ends here and does not count in your statistics."],
        close_result="resume",
        name="confirm_new",
    )


def moon_dialog(ctx: Context) -> Dialog:
    return Dialog(
        ctx,
        "You shot the moon!",
        [
            Choice("moon_add", "Add 26 to each opponent", primary=True),
            Choice("moon_subtract", "Take 26 off my score"),
        ],
        lines=["You took every heart and the Q♠. Choose how it scores."],
        close_result="moon_add",
        name="moon",
    )


def last_trick_dialog(ctx: Context, trick: Trick, number: int) -> Dialog:
    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        label_px = metrics.text(14)
        width = min(int(rect.width / 2.6), int((rect.height - 4 * label_px) / 2.2 / 1.4))
        height = round(width * 1.4)
        cx, cy = rect.center
        offsets = {
            Seat.SOUTH: (0, round(height * 0.6)),
            Seat.WEST: (-round(width * 0.75), 0),
            Seat.NORTH: (0, -round(height * 0.6)),
            Seat.EAST: (round(width * 0.75), 0),
        }
        for seat, card in trick.plays:
            dx, dy = offsets[seat]
            place = pygame.Rect(0, 0, width, height)
            place.center = (cx + dx, cy + dy)
            surface.blit(ctx.painter.face(card, width, height, four_colour=ctx.settings.four_colour), place)
            if seat == trick.winner:
                pygame.draw.rect(surface, theme.FOCUS_RING, place.inflate(6, 6), width=3, border_radius=8)
            label = pygame.Rect(place.left - width, place.bottom, width * 3, label_px + metrics.px(6))
            if seat is Seat.NORTH:
                label.bottom = place.top
            draw_text(surface, ctx.fonts, NAMES[seat], label, label_px, theme.TEXT, bold=True)
        winner = NAMES[trick.winner] if trick.winner is not None else "?"
        taken = "take" if trick.winner is HUMAN else "takes"
        note = f"{winner} {taken} it" + (
            f" with {trick.points} point{'s' if trick.points != 1 else ''}." if trick.points else "."
        )
        line = pygame.Rect(rect.left, rect.top, rect.width, label_px + metrics.px(6))
        draw_text(surface, ctx.fonts, note, line, label_px, theme.TEXT)

    return Dialog(
        ctx,
        f"Trick {number}",
        [Choice("resume", "Close", primary=True)],
        body=body,
        close_result="resume",
        name="last_trick",
    )


def hand_result_dialog(scene: TableScene, scored: HandScored, match_over: bool) -> Dialog:
    ctx = scene.ctx

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        px = metrics.text(16)
        row = round(px * 1.9)
        top = rect.top
        notes: list[str] = []
        if scored.moon_shooter is not None:
            who = NAMES[scored.moon_shooter]
            notes.append(f"{who} shot the moon!" if who != "You" else "You shot the moon!")
        if scored.jack_taker is not None:
            notes.append(f"{NAMES[scored.jack_taker]} took the J♦: −10.")
        header = ("", "Hand", "Total")
        columns = (rect.left, rect.left + int(rect.width * 0.5), rect.left + int(rect.width * 0.75))
        widths = (int(rect.width * 0.5), int(rect.width * 0.25), rect.width - int(rect.width * 0.75))
        rows = [header] + [
            (NAMES[seat], _signed(scored.scores[seat]), str(scored.totals[seat])) for seat in Seat
        ]
        for index, cells in enumerate(rows):
            bold = index == 0 or cells[0] == "You"
            for cell, left, width in zip(cells, columns, widths, strict=True):
                align = "left" if left == columns[0] else "right"
                draw_text(
                    surface,
                    ctx.fonts,
                    cell,
                    pygame.Rect(left, top, width, row),
                    px,
                    theme.TEXT if index else theme.TEXT_MUTED,
                    bold=bold,
                    align=align,
                )
            top += row
        if notes:
            draw_lines(
                surface,
                ctx,
                notes,
                pygame.Rect(rect.left, top + metrics.px(8), rect.width, rect.bottom - top),
                px,
            )

    label = "See the result" if match_over else "Next hand"
    return Dialog(
        ctx,
        f"Hand {scored.hand_number}",
        [Choice("next_hand", label, primary=True)],
        body=body,
        closable=False,
        name="hand_result",
    )


def match_result_dialog(scene: TableScene, over: MatchOver) -> Dialog:
    ctx = scene.ctx
    won = HUMAN in over.winners
    shared = won and len(over.winners) > 1
    title = "Victory!" if won else "Defeat"
    ranking = sorted(Seat, key=lambda seat: (over.totals[seat], seat))
    lines = []
    if shared:
        lines.append("You share the win.")
    for place, seat in enumerate(ranking, start=1):
        mark = "  (winner)" if seat in over.winners else ""
        lines.append(f"{place}. {NAMES[seat]}: {over.totals[seat]}{mark}")
    return Dialog(
        ctx,
        title,
        [Choice("play_again", "Play again", primary=True), Choice("main_menu", "Main menu")],
        lines=lines,
        closable=False,
        name="match_result",
    )


def new_table(ctx: Context) -> TableScene:
    from .table import TableScene

    session = Session.new(ctx.settings.table, ctx.settings.difficulty)
    ctx.session = session
    return TableScene(ctx, session)


def handle_dialog_result(scene: TableScene, result: object) -> Transition | None:
    ctx = scene.ctx
    if result == "new_match":
        return Push(confirm_new_match(ctx))
    if result in ("start_new", "play_again"):
        return Reset(new_table(ctx))
    if result == "options":
        from .options import OptionsScene

        return Push(OptionsScene(ctx))
    if result == "rules":
        from .howto import HowToScene

        return Push(HowToScene(ctx))
    if result == "main_menu":
        from .menu import MenuScene

        return Reset(MenuScene.start(ctx))
    if result in ("moon_add", "moon_subtract"):
        moon = Moon.SUBTRACT_FROM_SHOOTER if result == "moon_subtract" else Moon.ADD_TO_OTHERS
        return scene._show(scene.session.choose_moon(moon))
    return None


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else ("−" + str(-score) if score < 0 else "0")
