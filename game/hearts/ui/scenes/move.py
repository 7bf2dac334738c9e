"""Move to another device: everything the game keeps saved to a file, the match in progress sent as a
link, and a file from another device loaded in place of what is here.

Each action is a row (its name, a note, and a line saying how it went) with its button beside the words,
or under them on a narrow window. In the browser the page downloads the file and opens the file picker
(``hearts.page``: both inside the player's tap, and the picker's answer polled a frame at a time); on the
desktop files go to and come from the Downloads folder (``hearts.transfer_files``). Loading asks first:
the file's contents and what they replace are shown before anything changes (``move_dialogs``).
"""

from __future__ import annotations

import datetime
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from ... import page_files
from ...announce import Announcement, Verbosity
from ...page import Mirror
from ...storage import StorageError
from ...transfer import MAX_TEXT, NOTHING_SAVED, InvalidTransfer, export_text
from ...transfer_files import export_folder, export_name, newest_export, read_export_file, write_export
from ..moving import FILE_REFUSED, describe_here, file_offer, share_match
from ..render.text import wrap
from ..routes import KEEP, MoveProblem
from ..widgets import Button
from .base import Context, Push, Transition
from .paged import PagedScene, pages_of

SAVE = "save_file"
LINK = "copy_link"
LOAD = "load_file"


@dataclass(frozen=True, slots=True)
class Action:
    """One row: its name, a note under it, its button's label, and whether the button can be pressed."""

    key: str
    label: str
    note: str
    button: str
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class _Row:
    action: Action
    label_lines: tuple[str, ...]
    note_lines: tuple[str, ...]
    status_lines: tuple[str, ...]
    height: int
    stacked: bool
    """The button under the words (else beside them)."""


def short_path(path: Path) -> str:
    """``path`` as the player reads it: inside the home folder from ``~``."""
    home = Path.home()
    if path == home:
        return "your home folder"
    try:
        return f"~/{path.relative_to(home).as_posix()}"
    except ValueError:
        return str(path)


class MoveScene(PagedScene):
    """Save to a file, copy the match link, load from a file. ``today`` names the file saved."""

    title = "Move to another device"

    def __init__(self, ctx: Context, *, today: datetime.date | None = None) -> None:
        self.today = today if today is not None else datetime.date.today()
        self.in_browser = sys.platform == "emscripten"
        self.status: dict[str, str] = {}
        """How each action went, by its key (shown under its note, and said)."""
        self.picking = False
        """The browser's file picker is open (or the file is being read): its answer is polled."""
        self.here = describe_here(ctx)
        self.shown: tuple[Action, ...] = ()
        """The rows as last laid out."""
        super().__init__(ctx)

    # What the rows say -------------------------------------------------------------------------------

    @property
    def has_match(self) -> bool:
        session = self.ctx.session
        return session is not None and not session.match.is_over

    def actions(self) -> tuple[Action, ...]:
        session = self.ctx.session
        if session is not None and self.has_match:
            hand = max(1, session.match.hand_number)
            link_note = f"Just the match at hand {hand}: open the link on your other device to play on."
        else:
            link_note = "For a match in progress: there is none now."
        load_note = (
            "Choose a file saved on your other device. You see what it holds first."
            if self.in_browser
            else f"The newest Hearts file in {short_path(export_folder())}. You see what it holds first."
        )
        return (
            Action(
                SAVE,
                "Save to a file",
                "Your match, settings and statistics in one file, to load on your other device.",
                "Save file",
            ),
            Action(LINK, "Copy match link", link_note, "Copy link", self.has_match),
            Action(LOAD, "Load from a file", load_note, "Load file"),
        )

    def _note(self) -> str:
        if self.here is None:
            return "The progress saved on this device cannot be read just now."
        if self.here == NOTHING_SAVED:
            return "Nothing is saved on this device yet."
        return f"This device holds {self.here}."

    # Layout ------------------------------------------------------------------------------------------

    def _measure_buttons(self) -> int:
        """Every row's button as wide as the widest label needs, so they line up (measured as the page is
        laid out: ``button_width``)."""
        widest = max(self.ctx.fonts.size(each.button, self.button_px, bold=True)[0] for each in self.shown)
        return max(2 * self.metrics.tap, widest + self.metrics.px(32))

    def _paginate(self, body: pygame.Rect) -> int:
        metrics, fonts, gap = self.metrics, self.ctx.fonts, self.gap
        short = body.height < metrics.px(360)
        pad = self.pad = metrics.px(8 if short else 14)
        row_pad = self.row_pad = metrics.px(6 if short else 10)
        inner = body.inflate(-2 * pad, -2 * pad)
        self.inner_left, self.inner_top, self.inner_width = inner.left, inner.top, inner.width
        self.label_px, self.small_px = metrics.text(17), metrics.text(14)
        label_line, note_line = fonts.line_height(self.label_px), fonts.line_height(self.small_px)
        rows = []
        self.shown = self.actions()
        self.button_width = self._measure_buttons()
        beside = inner.width - self.button_width - 2 * gap
        stacked = beside < inner.width * 0.65
        for action in self.shown:
            width = inner.width if stacked else beside
            labels = wrap(fonts, action.label, self.label_px, width)
            notes = wrap(fonts, action.note, self.small_px, width)
            status = self.status.get(action.key, "")
            statuses = wrap(fonts, status, self.small_px, width) if status else []
            text_height = len(labels) * label_line + metrics.px(2) + (len(notes) + len(statuses)) * note_line
            height = text_height + gap + metrics.tap if stacked else max(metrics.tap, text_height)
            rows.append(
                _Row(action, tuple(labels), tuple(notes), tuple(statuses), height + 2 * row_pad, stacked)
            )
        self.pages = pages_of(rows, inner.height)
        return len(self.pages)

    def words_width(self, row: _Row) -> int:
        """How wide the row's words may run."""
        if row.stacked:
            return self.inner_width
        return self.inner_width - self.button_width - 2 * self.gap

    def _page_buttons(self) -> list[Button]:
        tap = self.metrics.tap
        buttons = []
        for row, top in zip(self.pages[self.page], self.row_tops(self.pages[self.page]), strict=True):
            action = row.action
            if row.stacked:
                bottom = top + row.height - self.row_pad
                rect = pygame.Rect(self.inner_left, bottom - tap, self.inner_width, tap)
            else:
                rect = pygame.Rect(0, 0, self.button_width, tap)
                rect.right = self.inner_left + self.inner_width
                rect.centery = top + row.height // 2
            buttons.append(Button(action.key, rect, label=action.button, enabled=action.enabled))
        return buttons

    def _relayout(self) -> None:
        """Lay out again (a row's words changed), keeping the page the focused button is on."""
        self.resize(self.size)

    # Actions -----------------------------------------------------------------------------------------

    def _activate(self, key: str) -> Transition | None:
        if key == SAVE:
            self.tell(SAVE, self._save())
        elif key == LINK and self.ctx.session is not None and self.has_match:
            return Push(share_match(self.ctx.session))
        elif key == LOAD:
            return self._load()
        return None

    def _save(self) -> str:
        """Save the export (the browser's download, or a file in the folder); how it went, in words."""
        try:
            text = export_text(self.ctx.store)
        except (StorageError, OSError):
            return "The progress saved on this device cannot be read just now, so no file was made."
        name = export_name(self.today)
        if self.in_browser:
            if page_files.download(name, text):
                return f"Saved as {name}: look in your downloads."
            return "This browser would not save the file, sorry."
        folder = export_folder()
        try:
            path = write_export(text, folder, self.today)
        except OSError:
            return f"The file could not be written to {short_path(folder)}."
        return f"Saved in {short_path(path.parent)} as {path.name}."

    def _load(self) -> Transition | None:
        if self.in_browser:
            if page_files.pick_file(MAX_TEXT):
                self.picking = True
                self.tell(LOAD, "Choose a file…")
            else:
                self.tell(LOAD, "Files cannot be opened here, sorry.")
            return None
        folder = export_folder()
        path = newest_export(folder)
        if path is None:
            self.tell(LOAD, f"No Hearts file in {short_path(folder)} yet: its name starts with hearts-.")
            return None
        try:
            text = read_export_file(path)
        except InvalidTransfer as refused:
            return Push(MoveProblem(FILE_REFUSED, str(refused)))
        except OSError:
            self.tell(LOAD, f"{path.name} could not be read.")
            return None
        self.tell(LOAD, "")
        return Push(file_offer(self.ctx, text, path.name))

    def update(self, dt: float) -> Transition | None:
        if not self.picking:
            return None
        picked = page_files.picked_file()
        if picked is None or picked.state == "pending":
            return None
        self.picking = False
        if picked.state == "picked":
            self.tell(LOAD, "")
            return Push(file_offer(self.ctx, picked.text, picked.name or "The file"))
        self.tell(
            LOAD,
            "No file chosen."
            if picked.state == "cancelled"
            else "The file could not be opened. Please try again.",
        )
        return None

    def resume(self, result: object) -> Transition | None:
        if result == KEEP:
            self.tell(LOAD, "Nothing was changed.")
        return super().resume(result)

    def tell(self, key: str, status: str) -> None:
        """Show ``status`` under the action ``key`` (and say it)."""
        if self.status.get(key, "") != status:
            self.status[key] = status
            self._relayout()
        if status:
            self.ctx.speaker.say(Announcement(text=status, kind="note"))

    # For screen readers ------------------------------------------------------------------------------

    def _spoken_label(self, button: Button) -> str:
        action = next((action for action in self.shown if action.key == button.key), None)
        return button.label if action is None else f"{action.label}: {button.label}"

    def mirror(self) -> Mirror:
        lines = [self._note()]
        for action in self.shown:
            status = self.status.get(action.key, "")
            lines.append(" ".join(part for part in (f"{action.label}.", action.note, status) if part))
        mirrored = super().mirror()
        assert mirrored.dialog is not None
        return replace(mirrored, dialog=replace(mirrored.dialog, lines=tuple(lines)))

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """The title and what this device holds, the first time."""
        if returned:
            return None
        return Announcement(text=f"{self.title}. {self._note()}", kind="note")

    # Drawing -----------------------------------------------------------------------------------------

    def _draw_page(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, self.pages[self.page], self.words_width)
