"""How to play: one page of headings, paragraphs and a table of keys, scrolling under a fixed Back button.

The page scrolls by dragging (finger or mouse), by the wheel and by keys; a flick glides on unless the
player asked for reduced motion. The text is clipped to a panel whose edges fade wherever more text lies
beyond them, and a thumb down its right side shows how much there is and where you are. Back acts on the
press, like every button in the game; a press on the text only starts a drag, so a drag never presses a
button. The words are in ``howto_words``; ``ScrollView`` does the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from ...page import Mirror, MirrorDialog
from .. import theme
from ..howto_words import KEY_GROUPS, KEYS_TITLE, SECTIONS, KeyRow
from ..intents import Back, Confirm, Drag, Intent, Jump, Page, Pressed, Release, Step, Tap, Wheel
from ..layout import Metrics, header_layout, metrics_for
from ..render.fonts import Fonts
from ..render.text import wrap
from ..report import note_text
from ..scroll import ScrollView
from ..table_voice import mirror_button
from ..widgets import Button, draw_button, draw_panel, draw_title
from .base import Context, Pop, Scene, Transition

BACK = "back"
Style = Literal["title", "heading", "subheading", "text", "key"]
WHEEL_LINES = 3
"""Lines of text one notch of the wheel scrolls."""
ARROW_LINES = 2
"""Lines of text an arrow key scrolls."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One line of text (or a key's label on its cap) at ``rect`` within the content: x from the
    text column's left, y from the content's top."""

    text: str
    style: Style
    rect: pygame.Rect


@dataclass(frozen=True, slots=True)
class Styles:
    """The page's text sizes and spacing, from the window's metrics."""

    title_px: int
    heading_px: int
    subheading_px: int
    text_px: int
    key_px: int
    title_line: int
    heading_line: int
    subheading_line: int
    text_line: int
    key_height: int
    key_pad: int
    gap: int
    paragraph_gap: int
    section_gap: int

    @classmethod
    def of(cls, metrics: Metrics, fonts: Fonts) -> Styles:
        title_px, heading_px, subheading_px = metrics.text(24), metrics.text(20), metrics.text(16)
        text_px, key_px = metrics.text(16), metrics.text(14)
        return cls(
            title_px=title_px,
            heading_px=heading_px,
            subheading_px=subheading_px,
            text_px=text_px,
            key_px=key_px,
            title_line=max(fonts.line_height(title_px, bold=True), round(title_px * 1.3)),
            heading_line=max(fonts.line_height(heading_px, bold=True), round(heading_px * 1.3)),
            subheading_line=max(fonts.line_height(subheading_px, bold=True), round(subheading_px * 1.4)),
            # Roomier lines than the font's own are easier to follow from one line to the next.
            text_line=max(fonts.line_height(text_px), round(text_px * 1.45)),
            key_height=fonts.line_height(key_px, bold=True) + metrics.px(6),
            key_pad=metrics.px(6),
            gap=metrics.px(6),
            paragraph_gap=metrics.px(8),
            section_gap=metrics.px(22),
        )

    def size(self, style: Style) -> tuple[int, bool]:
        """A style's pixel size, and whether it is bold."""
        return {
            "title": (self.title_px, True),
            "heading": (self.heading_px, True),
            "subheading": (self.subheading_px, True),
            "text": (self.text_px, False),
            "key": (self.key_px, True),
        }[style]


Sections = tuple[tuple[str, tuple[str, ...]], ...]
"""A page's text: headings, each over its paragraphs."""


def lay_out_page(
    fonts: Fonts,
    styles: Styles,
    width: int,
    title: str | None = None,
    *,
    sections: Sections = SECTIONS,
    keys: bool = True,
) -> tuple[list[Piece], int]:
    """Every line of the page for a text column ``width`` pixels wide, and the content's height; with
    ``title``, the page's title opens the content (and scrolls away with it). The page is How to play's
    ``sections`` and, with ``keys``, its table of keys."""
    pieces: list[Piece] = []
    y = 0

    def lines(text: str, style: Style, line_height: int, left: int = 0, room: int = width) -> int:
        nonlocal y
        px, bold = styles.size(style)
        wrapped = wrap(fonts, text, px, room, bold=bold)
        for line in wrapped:
            pieces.append(Piece(line, style, pygame.Rect(left, y, room, line_height)))
            y += line_height
        return len(wrapped)

    if title is not None:
        lines(title, "title", styles.title_line)
        y += styles.section_gap // 2
    for index, (heading, paragraphs) in enumerate(sections):
        y += styles.section_gap if index else 0
        lines(heading, "heading", styles.heading_line)
        for paragraph in paragraphs:
            y += styles.paragraph_gap
            lines(paragraph, "text", styles.text_line)
    if not keys:
        return pieces, y
    y += styles.section_gap
    lines(KEYS_TITLE, "heading", styles.heading_line)
    keys_width = _keys_column(fonts, styles, width)
    for group, rows in KEY_GROUPS:
        y += styles.paragraph_gap * 2
        lines(group, "subheading", styles.subheading_line)
        for row in rows:
            y += styles.gap
            top = y
            caps = _key_caps(fonts, styles, row, keys_width)
            pieces.extend(Piece(text, "key", rect.move(0, top)) for text, rect in caps)
            caps_height = max(rect.bottom for _, rect in caps)
            # The action's first line sits level with the first row of caps.
            y = top + (styles.key_height - styles.text_line) // 2
            action_left = keys_width + styles.gap * 2
            lines(row.action, "text", styles.text_line, action_left, width - action_left)
            y = max(y, top + caps_height)
    return pieces, y


def _cap_width(fonts: Fonts, styles: Styles, label: str) -> int:
    return max(styles.key_height, fonts.size(label, styles.key_px, bold=True)[0] + 2 * styles.key_pad)


def _keys_column(fonts: Fonts, styles: Styles, width: int) -> int:
    """The width the key caps get beside their actions: the widest row's, up to 45% of the column."""
    widest = max(
        sum(_cap_width(fonts, styles, key.label) for key in row.keys) + styles.gap * (len(row.keys) - 1)
        for _, rows in KEY_GROUPS
        for row in rows
    )
    least = max(
        _cap_width(fonts, styles, key.label) for _, rows in KEY_GROUPS for row in rows for key in row.keys
    )
    return max(least, min(widest, round(width * 0.45)))


def _key_caps(fonts: Fonts, styles: Styles, row: KeyRow, room: int) -> list[tuple[str, pygame.Rect]]:
    """A row's key caps, left to right, onto a second line when they do not fit ``room``."""
    caps: list[tuple[str, pygame.Rect]] = []
    x = y = 0
    for key in row.keys:
        cap = _cap_width(fonts, styles, key.label)
        if x and x + cap > room:
            x, y = 0, y + styles.key_height + styles.gap
        caps.append((key.label, pygame.Rect(x, y, cap, styles.key_height)))
        x += cap + styles.gap
    return caps


class HowToScene(Scene):
    """How to play; or, given ``title`` and ``sections``, another page to read the same way (the game
    log)."""

    title = "How to play"
    column_design_width = 600
    """The text column's widest, in design pixels: about 75 characters a line on a wide screen."""

    def __init__(
        self,
        ctx: Context,
        title: str | None = None,
        sections: Sections | None = None,
        *,
        at_end: bool = False,
    ) -> None:
        """``at_end``: open at the end (the game log, newest last)."""
        self.at_end = at_end
        if title is not None:
            self.title = title
        self.sections = SECTIONS if sections is None else sections
        self.keys = sections is None
        self._mirror: Mirror | None = None
        self.scroll = ScrollView()
        self.clock = 0.0
        """Seconds since the page opened (the sum of ``update``'s dt), for the speed of a flick."""
        self._layer: pygame.Surface | None = None
        self._fades: dict[tuple[tuple[int, int], bool, bool], pygame.Surface] = {}
        super().__init__(ctx)

    # Layout ------------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._mirror = None  # (Back moves)
        self.size = size
        metrics = self.metrics = metrics_for(size, self.ctx.scale)
        fonts = self.ctx.fonts
        width, height = size
        margin = metrics.px(12)
        self.button_px = metrics.text(16)
        header = header_layout(size, metrics, fonts, title=self.title)
        self.back_rect, self.title_px = header.back, header.title_px
        column_width = min(width - 2 * margin, metrics.px(self.column_design_width))
        left = (width - column_width) // 2
        # A short, wide window (a phone on its side): the text runs from top to bottom beside Back, and
        # the title opens the text, rather than a row of its own taking a sixth of the height.
        self.title_rect: pygame.Rect | None = None
        if height < metrics.px(480) and left >= header.title.left:
            top = margin
        else:
            self.title_rect = header.title
            top = header.below
        self.panel = pygame.Rect(left, top, column_width, height - margin - top)
        self.pad = metrics.px(12 if column_width < metrics.px(360) else 18)
        self.text_left = self.panel.left + self.pad
        self.text_width = self.panel.width - 2 * self.pad
        styles = self.styles = Styles.of(metrics, fonts)
        self.heading_px, self.text_px = styles.heading_px, styles.text_px
        title = None if self.title_rect is not None else self.title
        self.pieces, height_of_text = lay_out_page(
            fonts, styles, self.text_width, title, sections=self.sections, keys=self.keys
        )
        self.pieces = [Piece(piece.text, piece.style, piece.rect.move(0, self.pad)) for piece in self.pieces]
        # Where the reader was, as a share of the way down, survives turning the phone.
        share = self.scroll.offset / self.scroll.max_offset if self.scroll.can_scroll else 0.0
        self.scroll.set_size(viewport=self.panel.height, content=height_of_text + 2 * self.pad)
        if self.at_end:
            self.scroll.to_end()
            self.at_end = False
        self.scroll.scroll_to(share * self.scroll.max_offset)
        self.scroll.slop = 8 * metrics.scale
        self.scroll.glides = not self.ctx.settings.reduced_motion
        self.line_step = styles.text_line
        self.page_step = max(styles.text_line, self.panel.height - 2 * styles.text_line)
        self.buttons = [Button(BACK, self.back_rect.copy(), label="Back")]
        self._layer = None
        self.dirty = True

    @property
    def content_height(self) -> int:
        return self.scroll.content

    def button(self, key: str) -> Button | None:
        return next((button for button in self.buttons if button.key == key), None)

    def screen_rect(self, piece: Piece) -> pygame.Rect:
        """Where ``piece`` is on the window at the present scroll (it may lie outside the panel)."""
        return piece.rect.move(self.text_left, self.panel.top - round(self.scroll.offset))

    @property
    def visible_text(self) -> list[str]:
        """The lines wholly inside the panel now, top to bottom (for tests and screen readers)."""
        return [piece.text for piece in self.pieces if self.panel.contains(self.screen_rect(piece))]

    # Input -------------------------------------------------------------------------------------------

    def mirror(self) -> Mirror:
        """The page's text as a list to read, paragraph by paragraph, then its keys a row a sentence (drawn,
        their table is a picture), and Back (built once: the text
        never changes while the page is open, and it is asked for in every drawn frame of a scroll)."""
        if self._mirror is None:
            lines = tuple(line for heading, paragraphs in self.sections for line in (heading, *paragraphs))
            if self.keys:
                rows = (
                    line for title, group in KEY_GROUPS for line in (title, *(row.sentence for row in group))
                )
                lines += (KEYS_TITLE, *rows)
            back = mirror_button(self.buttons[0])
            # (Space and Enter scroll the page: not a press on Back)
            dialog = MirrorDialog(title=self.title, lines=lines, choices=(back,), own_keys=True)
            self._mirror = Mirror(dialog=dialog)
        return self._mirror

    def handle(self, intent: Intent) -> Transition | None:
        scroll = self.scroll
        before = scroll.offset
        if isinstance(intent, Pressed):
            return Pop() if intent.kind == "choice" and intent.id == BACK else None
        if isinstance(intent, Tap):
            if self.buttons[0].hit(intent.pos):
                return Pop()
            if self.panel.collidepoint(intent.pos):
                scroll.press(intent.pos[1], self.clock)
        elif isinstance(intent, Drag):
            scroll.drag(intent.pos[1], self.clock)
        elif isinstance(intent, Release):
            scroll.release(self.clock)
        elif isinstance(intent, Back):
            return Pop()
        elif isinstance(intent, Wheel):
            scroll.scroll_by(-intent.notches * WHEEL_LINES * self.line_step)
        elif isinstance(intent, Step):
            scroll.scroll_by(intent.delta * ARROW_LINES * self.line_step)
        elif isinstance(intent, Page):
            scroll.scroll_by(intent.delta * self.page_step)
        elif isinstance(intent, Confirm):
            scroll.scroll_by(self.page_step)
        elif isinstance(intent, Jump):
            scroll.to_end() if intent.to_end else scroll.to_start()
        if scroll.offset != before:
            self.dirty = True
        return None

    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        if self.scroll.advance(dt):
            self.dirty = True
        return None

    @property
    def is_animating(self) -> bool:
        return self.scroll.is_gliding

    # Drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        metrics, fonts = self.metrics, self.ctx.fonts
        surface.blit(theme.table_background(surface.get_size()), (0, 0))
        if self.title_rect is not None:
            draw_title(surface, fonts, self.title, self.title_rect, self.title_px, metrics.text(12))
        draw_panel(surface, self.panel, metrics.px(14), theme.PANEL)
        surface.blit(self._draw_text_layer(), self.panel.topleft)
        self._draw_thumb(surface)
        for button in self.buttons:
            draw_button(surface, fonts, button, metrics.unit, metrics.text(12))

    def _draw_text_layer(self) -> pygame.Surface:
        """The lines in view on a transparent layer the panel's size, faded at an edge with more beyond."""
        fonts, styles = self.ctx.fonts, self.styles
        if self._layer is None or self._layer.get_size() != self.panel.size:
            self._layer = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        layer = self._layer
        # Transparent, but in the text's colour, so the letters' soft edges do not darken on the way.
        layer.fill((*theme.TEXT, 0))
        offset = round(self.scroll.offset)
        view = pygame.Rect(0, offset, self.panel.width, self.panel.height)
        radius = max(3, self.metrics.px(5))
        for piece in self.pieces:
            if not view.colliderect(piece.rect):
                continue
            rect = piece.rect.move(self.pad, -offset)
            px, bold = styles.size(piece.style)
            if piece.style == "key":
                pygame.draw.rect(layer, theme.PANEL_SOLID, rect, border_radius=radius)
                pygame.draw.rect(
                    layer, theme.PANEL_BORDER, rect, width=max(1, self.metrics.px(1)), border_radius=radius
                )
                image = fonts.text(piece.text, px, theme.TEXT, bold=True)
                layer.blit(image, image.get_rect(center=rect.center))
            else:
                colour = theme.TITLE if piece.style in ("title", "heading") else theme.TEXT
                if piece.style == "subheading":
                    colour = theme.TEXT_MUTED
                image = fonts.text(piece.text, px, colour, bold=bold)
                layer.blit(image, image.get_rect(midleft=(rect.left, rect.centery)))
            shown = rect.move(self.panel.topleft).clip(self.panel)
            note_text(piece.text, px, shown)
        layer.blit(
            self._fade(not self.scroll.at_start, not self.scroll.at_end),
            (0, 0),
            special_flags=pygame.BLEND_RGBA_MULT,
        )
        return layer

    def _fade(self, top: bool, bottom: bool) -> pygame.Surface:
        """A mask that fades the layer out towards the edges named (where more text lies beyond)."""
        key = (self.panel.size, top, bottom)
        mask = self._fades.get(key)
        if mask is None:
            width, height = self.panel.size
            mask = pygame.Surface((width, height), pygame.SRCALPHA)
            mask.fill((255, 255, 255, 255))
            reach = min(height // 4, self.metrics.px(28))
            for row in range(reach):
                alpha = round(255 * (row + 1) / (reach + 1))
                if top:
                    mask.fill((255, 255, 255, alpha), pygame.Rect(0, row, width, 1))
                if bottom:
                    mask.fill((255, 255, 255, alpha), pygame.Rect(0, height - 1 - row, width, 1))
            self._fades = {key: mask}  # one window size at a time
        return mask

    def thumb_rect(self) -> pygame.Rect | None:
        """The scroll thumb on the panel's right edge (None when the page fits)."""
        inset = self.metrics.px(8)
        track = self.panel.height - 2 * inset
        placed = self.scroll.thumb(track, self.metrics.px(36))
        if placed is None:
            return None
        start, length = placed
        width = max(3, self.metrics.px(5))
        rect = pygame.Rect(0, self.panel.top + inset + start, width, length)
        rect.centerx = self.panel.right - self.pad // 2
        return rect

    def _draw_thumb(self, surface: pygame.Surface) -> None:
        thumb = self.thumb_rect()
        if thumb is None:
            return
        track = pygame.Rect(
            thumb.left,
            self.panel.top + self.metrics.px(8),
            thumb.width,
            self.panel.height - 2 * self.metrics.px(8),
        )
        pygame.draw.rect(surface, theme.PANEL_BORDER, track, border_radius=thumb.width // 2)
        pygame.draw.rect(surface, theme.TEXT_MUTED, thumb, border_radius=thumb.width // 2)
