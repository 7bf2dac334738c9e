"""How to play: the rules and a few tips, in short sections, split into pages that fit the window."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import theme
from ..render.text import draw_text, wrap
from .options import PagedScene

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The idea",
        (
            "Hearts is a game of dodging points. Every heart you win costs you a point and the queen of "
            "spades costs thirteen, so the player with the lowest score at the end is the winner.",
        ),
    ),
    (
        "The cards and the seats",
        (
            "One ordinary deck of 52 cards is shuffled and dealt out for every hand, 13 cards each. Aces "
            "are the highest cards and twos the lowest. No suit is trumps.",
            "You sit at the bottom of the table. West is on your left, North faces you and East is on "
            "your right. Turns go round clockwise: you, then West, North and East. The deal moves one "
            "seat to the left every hand.",
        ),
    ),
    (
        "Passing three cards",
        (
            "Before the first card is played, each player hands three cards to someone else: to the "
            "left in the first hand, to the right in the second, across the table in the third, and "
            "nobody passes in the fourth. Then the cycle starts again.",
            "Pick your three and change your mind as often as you like until you confirm. The cards you "
            "get arrive once all four players have chosen.",
        ),
    ),
    (
        "Playing the tricks",
        (
            "Whoever holds the 2♣ opens the first trick with it. The others must follow suit, playing a "
            "card of the suit that was led, if they can. If they cannot, any card will do, with the "
            "exceptions below.",
            "The highest card of the suit that was led wins the trick, whatever else was thrown on it, "
            "and its winner leads the next one. A hand lasts 13 tricks.",
        ),
    ),
    (
        "Two limits",
        (
            "On the first trick nobody may throw a heart or the Q♠, unless their hand holds nothing else.",
            "Hearts cannot be led until one has been played on an earlier trick (\u201chearts are "
            "broken\u201d), unless you hold only hearts. Playing the Q♠ does not break hearts, and the Q♠ "
            "may be led whenever you like.",
        ),
    ),
    (
        "Scoring",
        (
            "At the end of a hand, each heart among the tricks you won is worth 1 point and the Q♠ is "
            "worth 13: 26 points in all.",
            "Shooting the moon: win every heart and the Q♠ in the same hand and you score nothing, while "
            "the other three take 26 each. Miss a single heart, though, and you keep everything you took.",
        ),
    ),
    (
        "The end of a match",
        (
            "The match ends after a hand in which someone reaches the target, 100 points unless you chose "
            "another. The lowest total wins. If "
            "two or more players share the lowest total, you play another hand, and so on until one "
            "player is lowest alone.",
        ),
    ),
    (
        "Table options",
        (
            "In Options, on the Table page, you can change the rules for your next match: end at 50 or "
            "150 points instead of 100; take 26 off a moon shooter's score, or let them pick; have the J♦ "
            "knock 10 points off its taker's score; let tied players share the win; let the Q♠ break "
            "hearts; or allow points on the first trick.",
        ),
    ),
    (
        "Tips",
        (
            "Pass away the A♠ and K♠ unless you hold plenty of low spades: they are the cards that end up "
            "catching the queen.",
            "Running out of a suit early is a strength. When that suit is led you can throw away the Q♠ "
            "or your highest hearts.",
            "Keep a few low cards to duck under others. Play high cards early in a suit, while nobody "
            "can dump points on you yet.",
            "A \u201cMoon threat\u201d mark means one player has taken every point so far. Win a single "
            "heart from them and the moon is off.",
            "Stuck? The hint button suggests a card, and the last trick can be looked at any time "
            "during the hand.",
        ),
    ),
    (
        "Controls",
        (
            "Tap or click a card to play it. With \u201cTap, then confirm\u201d turned on, the first tap "
            "lifts the card and the second plays it.",
            "On a keyboard, the arrow keys move along your hand, Home and End jump to either end, Enter "
            "or Space plays, H gives a hint, L shows the last trick, F fast-forwards the computer players "
            "and Escape opens the menu or closes a dialog.",
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a page: its text, whether it is a heading, and its top within the page."""

    text: str
    heading: bool
    top: int


@dataclass(frozen=True, slots=True)
class _Block:
    """A heading or a paragraph, wrapped, with ``space`` above it (unless it opens a page). A heading
    keeps its first paragraph with it (``keep``), or at least two lines of it (``keep_least``)."""

    lines: tuple[str, ...]
    heading: bool
    space: int
    keep: int = 0
    keep_least: int = 0


class HowToScene(PagedScene):
    title = "How to play"
    column_design_width = 620

    def _paginate(self, body: pygame.Rect) -> int:
        metrics, fonts = self.metrics, self.ctx.fonts
        pad = self.pad = metrics.px(10 if body.height < metrics.px(360) else 14)
        inner = body.inflate(-2 * pad, -2 * pad)
        self.inner = inner
        self.heading_px, self.text_px = metrics.text(19), metrics.text(16)
        # Roomier lines than the font's own spacing are easier to read, a little less so on a short window.
        spacing = 1.3 if inner.height < metrics.px(360) else 1.45
        self.heading_line = max(fonts.line_height(self.heading_px, bold=True), round(self.heading_px * 1.3))
        self.text_line = max(fonts.line_height(self.text_px), round(self.text_px * spacing))
        paragraph_gap, section_gap = metrics.px(8), metrics.px(18)
        blocks: list[_Block] = []
        for title, paragraphs in SECTIONS:
            first = wrap(fonts, paragraphs[0], self.text_px, inner.width)
            heading = wrap(fonts, title, self.heading_px, inner.width, bold=True)
            whole = paragraph_gap + len(first) * self.text_line
            # (A paragraph of three lines or fewer is never split.)
            least = paragraph_gap + (len(first) if len(first) < 4 else 2) * self.text_line
            blocks.append(_Block(tuple(heading), True, section_gap, whole, least))
            for index, paragraph in enumerate(paragraphs):
                lines = first if index == 0 else wrap(fonts, paragraph, self.text_px, inner.width)
                blocks.append(_Block(tuple(lines), False, paragraph_gap))
        pages: list[list[Line]] = [[]]
        used = 0

        def place(lines: list[str], heading: bool, line_height: int) -> None:
            nonlocal used
            for line in lines:
                if pages[-1] and used + line_height > inner.height:
                    pages.append([])
                    used = 0
                pages[-1].append(Line(line, heading, used))
                used += line_height

        for block in blocks:
            line_height = self.heading_line if block.heading else self.text_line
            lines = list(block.lines)
            height = len(lines) * line_height
            gap = block.space if pages[-1] else 0
            room = inner.height - used - gap
            # Past half a page, a section starts on the next page rather than split; before that,
            # a heading needs two lines of its text under it and a paragraph splits, with two lines
            # on either side.
            late = used > inner.height // 2
            if pages[-1] and block.heading:
                # Its paragraph will be judged from below the heading.
                late = used + gap + height > inner.height // 2
                if height + (block.keep if late else block.keep_least) > room:
                    pages.append([])
                    used = gap = 0
            elif pages[-1] and height > room:
                here = min(room // line_height, len(lines) - 2)
                if here < 2 or (late and height <= inner.height):
                    pages.append([])
                    used = gap = 0
                else:
                    used += gap
                    place(lines[:here], False, line_height)
                    pages.append([])
                    used = gap = 0
                    lines = lines[here:]
            used += gap
            place(lines, block.heading, line_height)
        self.pages = pages
        return len(pages)

    @property
    def page_text(self) -> list[str]:
        """The lines of the page on show (for tests and screen readers)."""
        return [line.text for line in self.pages[self.page]]

    def _draw_page(self, surface: pygame.Surface) -> None:
        fonts = self.ctx.fonts
        heading_line, text_line = self.heading_line, self.text_line
        lines = self.pages[self.page]
        if not lines:
            return
        last = lines[-1]
        self.draw_column_panel(
            surface, last.top + (heading_line if last.heading else text_line) + 2 * self.pad
        )
        for line in lines:
            height = heading_line if line.heading else text_line
            rect = pygame.Rect(self.inner.left, self.inner.top + line.top, self.inner.width, height)
            if line.heading:
                draw_text(
                    surface,
                    fonts,
                    line.text,
                    rect,
                    self.heading_px,
                    theme.TITLE,
                    bold=True,
                    align="left",
                    wrap=False,
                )
            else:
                draw_text(surface, fonts, line.text, rect, self.text_px, theme.TEXT, align="left", wrap=False)
