"""The dialogs the table opens: the pause menu, the last trick, the moon choice, hand and match results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pygame

from ...engine import HandScored, MatchOver, Moon, Seat, Trick
from ...words import SEAT_NAMES as NAMES
from ...words import trick_taken
from .. import theme
from ..layout import DialogLayout, Metrics
from ..render.text import draw_text
from ..report import is_recording, note_card
from ..session import HUMAN, Session
from ..widgets import draw_panel
from .base import Context, Push, Reset, Transition
from .dialog import Choice, Dialog, draw_lines

if TYPE_CHECKING:
    from .table import TableScene


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
    """The last completed trick: its four cards in the order played, each with its player, the winner
    ringed."""

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        px = metrics.text(15)
        line = ctx.fonts.line_height(px)
        gap = metrics.px(8)
        width = min(int((rect.width - 3 * gap) / 4), int((rect.height - 3 * line - 2 * gap) / 1.4))
        height = round(width * 1.4)
        jack = ctx.session is not None and ctx.session.match.rules.jack_of_diamonds
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

    notes: list[str] = []
    if scored.moon_shooter is not None:
        notes.append(
            "You shot the moon!"
            if scored.moon_shooter is HUMAN
            else f"{NAMES[scored.moon_shooter]} shot the moon!"
        )
    if scored.jack_taker is not None:
        notes.append(f"{NAMES[scored.jack_taker]} took the J♦: −10.")

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        row, px = table_rows(rect.height, 5 + len(notes), metrics)
        columns = (rect.left, rect.left + int(rect.width * 0.5), rect.left + int(rect.width * 0.75))
        widths = (int(rect.width * 0.5), int(rect.width * 0.25), rect.width - int(rect.width * 0.75))
        rows = [("", "Hand", "Total")] + [
            (NAMES[seat], _signed(scored.scores[seat]), _number(scored.totals[seat])) for seat in Seat
        ]
        top = rect.top
        for index, cells in enumerate(rows):
            bold = index == 0 or cells[0] == "You"
            for cell, left, width in zip(cells, columns, widths, strict=True):
                align: Literal["left", "right"] = "left" if left == columns[0] else "right"
                colour = theme.TEXT if index else theme.TEXT_MUTED
                cell_rect = pygame.Rect(left, top, width, row)
                draw_text(surface, ctx.fonts, cell, cell_rect, px, colour, bold=bold, align=align, wrap=False)
            top += row
        for note in notes:
            line = pygame.Rect(rect.left, top, rect.width, row)
            draw_text(surface, ctx.fonts, note, line, px, theme.TITLE, bold=True, align="left", wrap=False)
            top += row

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
    ranking = sorted(Seat, key=lambda seat: (over.totals[seat], seat))
    hands = len(scene.session.match.results)
    if won and len(over.winners) > 1:
        others = " and ".join(NAMES[seat] for seat in over.winners if seat is not HUMAN)
        summary = f"You share the win with {others} after {hands} hands."
    elif won:
        margin = over.totals[ranking[1]] - over.totals[HUMAN]
        summary = f"You win by {margin} point{'s' if margin != 1 else ''} after {hands} hands."
    else:
        winner = " and ".join(NAMES[seat] for seat in over.winners)
        place = ranking.index(HUMAN) + 1
        summary = f"{winner} won after {hands} hands. You came {ORDINALS[place]}."

    def body(surface: pygame.Surface, rect: pygame.Rect, layout: DialogLayout) -> None:
        metrics = layout.metrics
        used = draw_lines(surface, ctx, [summary], rect, metrics.text(16))
        top = used.bottom + metrics.px(6)
        row, px = table_rows(rect.bottom - top, 4, metrics, spacing=2.0)
        for place, seat in enumerate(ranking, start=1):
            line = pygame.Rect(rect.left, top, rect.width, row - metrics.px(2))
            if seat is HUMAN:
                draw_panel(surface, line, metrics.px(8), theme.PANEL)
            inner = line.inflate(-metrics.px(16), 0)
            colour = theme.SCORE_GOOD if seat in over.winners else theme.TEXT
            bold = seat is HUMAN or seat in over.winners
            mark = "  ★" if seat in over.winners else ""
            name = f"{place}.  {NAMES[seat]}{mark}"
            draw_text(surface, ctx.fonts, name, inner, px, colour, bold=bold, align="left", wrap=False)
            total = _number(over.totals[seat])
            draw_text(surface, ctx.fonts, total, inner, px, colour, bold=bold, align="right", wrap=False)
            top += row

    return Dialog(
        ctx,
        "Victory!" if won else "Defeat",
        [Choice("play_again", "Play again", primary=True), Choice("main_menu", "Main menu")],
        body=body,
        closable=False,
        name="match_result",
        title_colour=theme.VICTORY if won else theme.DEFEAT,
    )


ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def table_rows(height: int, rows: int, metrics: Metrics, *, spacing: float = 1.9) -> tuple[int, int]:
    """Row height and text size for ``rows`` rows in ``height`` pixels: roomy when there is space,
    tighter when not, never under the 12-CSS-pixel text floor."""
    px = metrics.text(16)
    row = min(round(px * spacing), height // max(1, rows))
    return row, max(metrics.text(12), min(px, int(row / 1.3)))


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


def _number(value: int) -> str:
    """A total, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else ("−" + str(-score) if score < 0 else "0")
