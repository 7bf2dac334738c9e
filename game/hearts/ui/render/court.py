"""The pictures on court cards: a king, a queen and a jack as busts, double-ended, in a notched frame.

The frame is a rectangle with its top-left and bottom-right corners cut away round the two corner
indices, so the busts get as much of the card as the big indices leave. One function per rank draws the
top half's bust with polygons in a unit box (u right, v down, v = 1 at the seam); every shape gets a dark
line round it, as printed court cards do. The half is drawn once and turned half a turn for the bottom.

What tells them apart at a glance, even at 48 pixels wide:
- King: a tall crown with three points, a full white beard, an ermine collar, a sword upright.
- Queen: long dark hair to the shoulders, a low crown of round arches, a rose, a string of pearls.
- Jack: a young face with fair hair cut short, a flat cap with a long white feather, a halberd.
The robe takes the suit's colour (so four-colour clubs and diamonds dress in green and blue).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from hearts.engine.cards import Rank, Suit
from hearts.ui import theme
from hearts.ui.render.shapes import Point, half_turn, quad

ASPECT: Final = 0.9  # a bust's width over its height
ZOOM: Final = 1.15  # the bust is drawn this much larger than its half and cut at the chest by the seam


@dataclass(frozen=True, slots=True)
class CourtFrame:
    """Where a court card's picture goes on a face (pixels): ``rect`` less two corner notches."""

    rect: pygame.Rect
    notch: tuple[int, int]  # the width and height cut from the top-left (and, turned, the bottom-right)
    line: int  # the frame's line
    radius: int

    @classmethod
    def around(cls, width: int, height: int, index: pygame.Rect) -> CourtFrame:
        """The frame on a ``width`` x ``height`` face whose top-left index is ``index``: flush with the
        index's outer edges, a small gap clear of it."""
        gap = max(2, round(width * 0.03))
        rect = pygame.Rect(index.left, index.top, width - 2 * index.left, height - 2 * index.top)
        notch = (index.right + gap - rect.left, index.bottom + gap - rect.top)
        return cls(rect, notch, max(1, round(width / 70)), max(1, round(width * 0.04)))

    def outline(self, scale: float, inset: float = 0.0) -> list[Point]:
        """The frame's edge moved ``inset`` pixels inwards, relative to ``rect`` and times ``scale``."""
        width, height = self.rect.width, self.rect.height
        notch_w, notch_h = self.notch[0] + inset, self.notch[1] + inset
        d = inset
        corners = (
            ((notch_w, d), False),
            ((width - d, d), False),
            ((width - d, height - notch_h), False),
            ((width - notch_w, height - notch_h), True),
            ((width - notch_w, height - d), False),
            ((d, height - d), False),
            ((d, notch_h), False),
            ((notch_w, notch_h), True),
        )
        points: list[Point] = []
        count = len(corners)
        for i, ((x, y), concave) in enumerate(corners):
            radius = self.radius + inset if concave else max(0.0, self.radius - inset)
            before, after = corners[i - 1][0], corners[(i + 1) % count][0]
            points.extend(_round_corner(before, (x, y), after, radius))
        return [(x * scale, y * scale) for x, y in points]

    def bust_box(self, scale: float) -> tuple[float, float, float, float]:
        """The top half's bust as (left, top, width, height), relative to ``rect`` and times ``scale``:
        right of the notch, down to the seam, ``ASPECT`` wide for its height, its foot on the seam."""
        pad = self.line + max(1, self.rect.width * 0.03)
        left, right = self.notch[0] + pad * 0.5, self.rect.width - pad
        top, bottom = pad, self.rect.height / 2
        width, height = right - left, bottom - top
        if width > height * ASPECT:
            left += (width - height * ASPECT) / 2
            width = height * ASPECT
        else:
            height = width / ASPECT
        top = bottom - height
        middle = left + width / 2
        width, height = width * ZOOM, height * ZOOM
        return ((middle - width / 2) * scale, top * scale, width * scale, height * scale)


def _round_corner(before: Point, corner: Point, after: Point, radius: float, steps: int = 3) -> list[Point]:
    """The corner replaced by a curve ``radius`` long on each side (never past the middle of an edge)."""

    def toward(target: Point) -> Point:
        dx, dy = target[0] - corner[0], target[1] - corner[1]
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        reach = min(radius, length / 2)
        return (corner[0] + dx / length * reach, corner[1] + dy / length * reach)

    if radius <= 0:
        return [corner]
    start, end = toward(before), toward(after)
    return [start, *quad(start, corner, end, steps)]


def _smooth(points: Sequence[Point], rounds: int = 3) -> list[Point]:
    """A closed polygon with its corners cut (Chaikin): a rough outline becomes a soft one."""
    result = list(points)
    for _ in range(rounds):
        cut = []
        for i, (x0, y0) in enumerate(result):
            x1, y1 = result[(i + 1) % len(result)]
            cut.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            cut.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        result = cut
    return result


def _mirror(points: Sequence[Point]) -> list[Point]:
    """A left half's outline completed by its mirror image about u = 0.5 (the result is closed)."""
    return [*points, *((1 - u, v) for u, v in reversed(points))]


class _Pen:
    """Draws in a bust's unit box on a large surface; every filled shape gets the figure's line."""

    def __init__(self, surface: pygame.Surface, box: tuple[float, float, float, float]) -> None:
        self.surface = surface
        self.left, self.top, self.width, self.height = box
        self.line = max(1, round(self.width * 0.022))

    def xy(self, u: float, v: float) -> Point:
        return (self.left + u * self.width, self.top + v * self.height)

    def shape(self, points: Sequence[Point], colour: theme.Colour, *, smooth: bool = False) -> None:
        outline = _smooth(points) if smooth else points
        pixels = [self.xy(u, v) for u, v in outline]
        pygame.draw.polygon(self.surface, colour, pixels)
        pygame.draw.polygon(self.surface, theme.FIGURE_LINE, pixels, self.line)

    def oval(self, centre: Point, radius_u: float, radius_v: float, colour: theme.Colour) -> None:
        x, y = self.xy(*centre)
        rect = pygame.Rect(0, 0, round(2 * radius_u * self.width), round(2 * radius_v * self.height))
        rect.center = (round(x), round(y))
        pygame.draw.ellipse(self.surface, theme.FIGURE_LINE, rect.inflate(self.line, self.line))
        pygame.draw.ellipse(self.surface, colour, rect.inflate(-self.line, -self.line))

    def dot(self, centre: Point, radius: float, colour: theme.Colour) -> None:
        pygame.draw.circle(self.surface, colour, self.xy(*centre), max(1.0, radius * self.width))

    def stroke(self, points: Sequence[Point], colour: theme.Colour, width: float) -> None:
        """An open line ``width`` (in box widths) thick, with round joints."""
        pixels = [self.xy(u, v) for u, v in points]
        thickness = max(1, round(width * self.width))
        pygame.draw.lines(self.surface, colour, False, pixels, thickness)
        for point in pixels:
            pygame.draw.circle(self.surface, colour, point, thickness / 2)

    def rod(self, start: Point, end: Point, colour: theme.Colour, width: float) -> None:
        """A straight bar with the figure's line round it."""
        self.stroke((start, end), theme.FIGURE_LINE, width + 2 * self.line / self.width)
        self.stroke((start, end), colour, width)


# --- The parts every bust shares -------------------------------------------------------------------


def _shoulders(pen: _Pen, robe: theme.Colour) -> None:
    """The robe from the neck down past the seam (the frame clips it)."""
    left = [(0.38, 0.64), (0.16, 0.68), (0.04, 0.74), (0.0, 0.84), (-0.02, 1.3)]
    pen.shape(_mirror(left), robe, smooth=True)


def _face(pen: _Pen, *, young: bool = False, lips: theme.Colour = theme.LIPS, cheeks: bool = False) -> None:
    """Neck, face, eyes, brows, nose and mouth."""
    pen.shape([(0.43, 0.55), (0.43, 0.7), (0.57, 0.7), (0.57, 0.55)], theme.SKIN)
    height = 0.18 if young else 0.19
    pen.oval((0.5, 0.44), 0.15, height, theme.SKIN)
    if cheeks:
        for u in (0.41, 0.59):
            pen.dot((u, 0.5), 0.03, theme.CHEEK)
    for u in (0.44, 0.56):
        pen.dot((u, 0.425), 0.022, theme.FIGURE_LINE)
        pen.stroke(((u - 0.035, 0.385), (u + 0.03, 0.38)), theme.FIGURE_LINE, 0.014)
    pen.stroke(((0.5, 0.43), (0.485, 0.495), (0.51, 0.5)), theme.FIGURE_LINE, 0.012)
    pen.stroke(((0.465, 0.555), (0.5, 0.565), (0.535, 0.555)), lips, 0.022)


def _crown_band(pen: _Pen, left: float, right: float, top: float, bottom: float, jewel: theme.Colour) -> None:
    pen.shape([(left, top), (right, top), (right, bottom), (left, bottom)], theme.COURT_GOLD_DARK)
    middle = (left + right) / 2
    for u in (middle - (right - left) * 0.3, middle, middle + (right - left) * 0.3):
        pen.dot((u, (top + bottom) / 2), (bottom - top) * 0.32, jewel)


# --- The three figures -----------------------------------------------------------------------------


def _king(pen: _Pen, robe: theme.Colour, trim: theme.Colour) -> None:
    # A sword upright on his left (our right), its blade behind the shoulder.
    pen.shape([(0.85, 0.03), (0.895, 0.12), (0.895, 0.72), (0.805, 0.72), (0.805, 0.12)], theme.STEEL)
    pen.stroke(((0.85, 0.14), (0.85, 0.68)), theme.STEEL_SHADE, 0.014)
    _shoulders(pen, robe)
    for u in (0.2, 0.8):
        pen.rod((u, 0.8), (u + (u - 0.5) * 0.15, 1.1), trim, 0.03)
    # An ermine collar over the shoulders: white, with black tails.
    cape = [(0.37, 0.62), (0.18, 0.66), (0.03, 0.72), (0.04, 0.8), (0.2, 0.75), (0.36, 0.74), (0.5, 0.76)]
    pen.shape(_mirror(cape), theme.ERMINE, smooth=True)
    for u, v in ((0.1, 0.74), (0.24, 0.7), (0.76, 0.7), (0.9, 0.74)):
        pen.shape([(u, v - 0.022), (u + 0.016, v + 0.026), (u - 0.016, v + 0.026)], theme.FIGURE_LINE)
    # The hilt: a gold cross-guard, a hand on the grip.
    pen.rod((0.76, 0.72), (0.94, 0.72), theme.COURT_GOLD, 0.035)
    pen.oval((0.85, 0.8), 0.055, 0.05, theme.SKIN)
    # White hair at the sides, then the face and a full beard.
    pen.shape(_mirror([(0.34, 0.26), (0.31, 0.4), (0.32, 0.52), (0.4, 0.52)]), theme.KING_BEARD, smooth=True)
    _face(pen)
    beard = [(0.5, 0.515), (0.43, 0.52), (0.37, 0.46), (0.34, 0.44), (0.33, 0.58), (0.38, 0.72), (0.5, 0.84)]
    pen.shape(_mirror(beard), theme.KING_BEARD, smooth=True)
    for u, v in ((0.42, 0.66), (0.5, 0.7), (0.58, 0.66), (0.46, 0.76), (0.54, 0.76)):
        pen.stroke(((u - 0.02, v - 0.03), (u, v), (u + 0.02, v - 0.03)), theme.KING_BEARD_SHADE, 0.014)
    moustache = [(0.5, 0.525), (0.44, 0.525), (0.38, 0.58), (0.44, 0.56), (0.5, 0.55)]
    pen.shape(_mirror(moustache), theme.KING_BEARD, smooth=True)
    pen.stroke(((0.47, 0.6), (0.53, 0.6)), theme.LIPS, 0.02)
    # A tall crown with three points, each with a ball.
    crown = [(0.31, 0.3), (0.3, 0.08), (0.41, 0.17), (0.5, 0.02), (0.59, 0.17), (0.7, 0.08), (0.69, 0.3)]
    pen.shape(crown, theme.COURT_GOLD)
    for u, v in ((0.3, 0.08), (0.5, 0.02), (0.7, 0.08)):
        pen.oval((u, v), 0.032, 0.028, theme.COURT_GOLD)
    _crown_band(pen, 0.31, 0.69, 0.235, 0.3, robe)


def _queen(pen: _Pen, robe: theme.Colour, trim: theme.Colour) -> None:
    # Long hair behind her, down to the shoulders.
    hair = [(0.5, 0.19), (0.36, 0.22), (0.29, 0.34), (0.28, 0.52), (0.24, 0.7), (0.2, 0.8), (0.34, 0.8)]
    pen.shape(_mirror(hair), theme.QUEEN_HAIR, smooth=True)
    _shoulders(pen, robe)
    # A low neckline with a string of pearls, a panel of the trim down the front.
    pen.shape([(0.4, 0.82), (0.5, 0.78), (0.6, 0.82), (0.58, 1.1), (0.42, 1.1)], trim)
    _face(pen, cheeks=True)
    pen.shape(_mirror([(0.39, 0.67), (0.44, 0.77), (0.5, 0.79)]), theme.SKIN, smooth=True)
    for i in range(7):
        u = 0.38 + i * 0.04
        pen.dot((u, 0.7 + 0.07 * (1 - ((u - 0.5) / 0.12) ** 2)), 0.016, theme.ERMINE)
    # Locks falling over her shoulders, and a fringe parted in the middle.
    for side in (0, 1):
        lock = [(0.33, 0.42), (0.3, 0.6), (0.26, 0.76), (0.3, 0.86), (0.36, 0.76), (0.35, 0.56)]
        pen.shape([(u if side == 0 else 1 - u, v) for u, v in lock], theme.QUEEN_HAIR, smooth=True)
    fringe = [(0.5, 0.26), (0.42, 0.25), (0.35, 0.3), (0.33, 0.4), (0.38, 0.33), (0.46, 0.3), (0.5, 0.33)]
    pen.shape(_mirror(fringe), theme.QUEEN_HAIR, smooth=True)
    pen.stroke(((0.3, 0.6), (0.28, 0.72)), theme.QUEEN_HAIR_SHADE, 0.012)
    pen.stroke(((0.7, 0.6), (0.72, 0.72)), theme.QUEEN_HAIR_SHADE, 0.012)
    # A rose held up on her right (our left).
    pen.stroke(((0.17, 0.84), (0.15, 0.62)), theme.FIGURE_LINE, 0.035)
    pen.stroke(((0.17, 0.84), (0.15, 0.62)), theme.LEAF, 0.016)
    pen.shape([(0.155, 0.7), (0.06, 0.64), (0.1, 0.72)], theme.LEAF)
    pen.oval((0.18, 0.8), 0.055, 0.05, theme.SKIN)
    pen.oval((0.15, 0.56), 0.085, 0.075, theme.ROSE)
    pen.stroke(((0.11, 0.55), (0.15, 0.6), (0.19, 0.55)), theme.ROSE_DARK, 0.016)
    pen.dot((0.15, 0.54), 0.022, theme.ROSE_DARK)
    # A low crown of three round arches.
    crown = [(0.36, 0.27), (0.35, 0.18), (0.41, 0.15), (0.44, 0.2), (0.5, 0.11), (0.56, 0.2), (0.59, 0.15)]
    pen.shape([*crown, (0.65, 0.18), (0.64, 0.27)], theme.COURT_GOLD, smooth=True)
    pen.oval((0.5, 0.095), 0.028, 0.025, theme.ERMINE)
    _crown_band(pen, 0.36, 0.64, 0.225, 0.275, robe)


def _jack(pen: _Pen, robe: theme.Colour, trim: theme.Colour) -> None:
    # A halberd on his right (our left): a wooden shaft, a steel blade and spike.
    pen.rod((0.16, 0.1), (0.16, 1.05), theme.WOOD, 0.035)
    pen.shape([(0.16, 0.0), (0.185, 0.1), (0.135, 0.1)], theme.STEEL)
    blade = [(0.15, 0.12), (0.07, 0.1), (0.03, 0.2), (0.07, 0.3), (0.15, 0.26)]
    pen.shape(blade, theme.STEEL)
    pen.shape([(0.175, 0.15), (0.25, 0.14), (0.175, 0.22)], theme.STEEL)
    _shoulders(pen, robe)
    # A doublet with stripes of the trim and a white collar.
    for u in (0.26, 0.74):
        pen.rod((u, 0.76), (u + (u - 0.5) * 0.4, 1.1), trim, 0.05)
    pen.oval((0.17, 0.8), 0.055, 0.05, theme.SKIN)
    # Short fair hair behind the face.
    hair = [(0.5, 0.22), (0.34, 0.24), (0.28, 0.36), (0.27, 0.5), (0.28, 0.6), (0.37, 0.61), (0.38, 0.5)]
    pen.shape(_mirror(hair), theme.JACK_HAIR, smooth=True)
    _face(pen, young=True, lips=theme.CHEEK)
    collar = [(0.5, 0.74), (0.4, 0.67), (0.3, 0.72), (0.33, 0.78), (0.5, 0.8)]
    pen.shape(_mirror(collar), theme.ERMINE, smooth=True)
    for v in (0.86, 0.95):
        pen.dot((0.5, v), 0.022, theme.COURT_GOLD)
    fringe = [(0.5, 0.29), (0.38, 0.29), (0.33, 0.34), (0.35, 0.4), (0.42, 0.36), (0.5, 0.37)]
    pen.shape(_mirror(fringe), theme.JACK_HAIR, smooth=True)
    pen.stroke(((0.31, 0.44), (0.31, 0.56)), theme.JACK_HAIR_SHADE, 0.012)
    pen.stroke(((0.69, 0.44), (0.69, 0.56)), theme.JACK_HAIR_SHADE, 0.012)
    # A long white feather sweeping up and back from a flat cap.
    feather = [(0.6, 0.24), (0.72, 0.12), (0.88, 0.02), (1.0, 0.0), (0.9, 0.08), (0.8, 0.2), (0.66, 0.27)]
    pen.shape(feather, theme.FEATHER, smooth=True)
    pen.stroke(((0.64, 0.25), (0.8, 0.12), (0.97, 0.02)), theme.STEEL_SHADE, 0.012)
    cap = [(0.3, 0.28), (0.3, 0.2), (0.42, 0.14), (0.6, 0.13), (0.72, 0.18), (0.72, 0.28)]
    pen.shape(cap, robe, smooth=True)
    pen.shape([(0.29, 0.23), (0.73, 0.23), (0.73, 0.31), (0.29, 0.31)], theme.COURT_GOLD)


FIGURES: Final[dict[Rank, Callable[[_Pen, theme.Colour, theme.Colour], None]]] = {
    Rank.KING: _king,
    Rank.QUEEN: _queen,
    Rank.JACK: _jack,
}


SPAN: Final = (-0.12, -0.04, 1.12, 0.9)  # what a drawn bust covers (u0, v0, u1, v1): its items, the seam


def draw_bust(rank: Rank, suit: Suit, ink: theme.Colour, unit: int) -> pygame.Surface:
    """``rank``'s bust in ``suit``, ``unit`` pixels to the box's width, covering ``SPAN`` (transparent
    around it). Drawn once this large and shrunk to each card (smoothly, so it is antialiased)."""
    u0, v0, u1, v1 = SPAN
    height = unit / ASPECT
    surface = pygame.Surface((round((u1 - u0) * unit), round((v1 - v0) * height)), pygame.SRCALPHA)
    surface.fill((*theme.COURT_TINT, 0))
    FIGURES[rank](_Pen(surface, (-u0 * unit, -v0 * height, unit, height)), ink[:3], theme.COURT_TRIM[suit])
    return surface


def draw_frame_line(big: pygame.Surface, scale: int, frame: CourtFrame, ink: theme.Colour) -> None:
    """The frame's line and the seam, ``scale`` times larger, clear inside (it goes over the pictures and
    hides their clipped edges)."""
    width, height = big.get_size()
    line = frame.line * scale
    pygame.draw.polygon(big, ink, frame.outline(scale))
    pygame.draw.polygon(big, (*ink[:3], 0), frame.outline(scale, frame.line))
    seam = pygame.Rect(0, 0, width - 2 * line, line)
    seam.center = (width // 2, height // 2)
    pygame.draw.rect(big, ink, seam)


def emblem_box(frame: CourtFrame) -> tuple[int, int, int] | None:
    """Where the suit's symbol goes in the room below the index, as (left, top, size) in the frame, or
    None when it would be too small to be more than a smudge beside the index."""
    left, right = 2 * frame.line, frame.notch[0]
    top, bottom = frame.notch[1], frame.rect.height // 2 - frame.line
    size = round(min((bottom - top) * 0.8, (right - left) * 0.55))
    if size < 10:
        return None
    return (round((left + right - size) / 2), round((top + bottom - size) / 2), size)


def compose(
    frame: CourtFrame,
    line: pygame.Surface,
    bust: pygame.Surface,
    emblem: pygame.Surface | None,
) -> pygame.Surface:
    """The whole picture (``frame.rect``'s size): parchment, the bust shrunk into the top half with the
    emblem, clipped to the frame, turned half a turn for the bottom half, the frame's line over all (it
    hides the clipped edges, so only the line needs antialiasing)."""
    width, height = frame.rect.size
    left, top, box_w, box_h = frame.bust_box(1)
    u0, v0, u1, v1 = SPAN
    size = (max(1, round((u1 - u0) * box_w)), max(1, round((v1 - v0) * box_h)))
    half = pygame.Surface((width, (height + 1) // 2), pygame.SRCALPHA)
    half.fill((*theme.COURT_TINT, 0))
    half.blit(pygame.transform.smoothscale(bust, size), (round(left + u0 * box_w), round(top + v0 * box_h)))
    box = emblem_box(frame)
    if emblem is not None and box is not None:
        half.blit(emblem, box[:2])
    inside = frame.outline(1, frame.line * 0.5)
    mask = pygame.Surface(half.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), inside)
    half.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    picture.fill((*theme.COURT_TINT, 0))
    pygame.draw.polygon(picture, theme.COURT_TINT, inside)
    picture.blit(half, (0, 0))
    picture.blit(half_turn(half), (0, height - half.get_height()))
    picture.blit(line, (0, 0))
    return picture
