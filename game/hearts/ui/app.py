"""The loop: read events → intents → the top scene → update → draw only when something changed.

Written for pygbag from the first line: one ``asyncio.sleep(0)`` per frame, no threads, no blocking I/O.
Tests drive ``frame`` by hand with real pygame events and a made-up ``dt``.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

import pygame

from .. import page
from ..announce import Announcement
from ..live import LiveTable, TableKeeper, table_for
from ..page import opened_with, tell
from ..storage import FileBackend, Settings, Store, default_backend
from ..storage.keeper import MOVED_ON
from ..words import named
from . import theme
from .browser_size import browser_size
from .challenge_link import is_challenge_fragment, read_challenge
from .context import Context
from .friends_hold import opened_answer, opened_invite
from .idle_work import COACH_SLICE, IdlePace, slice_for, work_for
from .intents import (
    SHORTCUTS,
    TYPING_KEYS,
    Back,
    Erase,
    IntentReader,
    Pressed,
    Query,
    Quit,
    Resize,
    Tap,
    Typed,
)
from .moving import match_offer, opened_match
from .render.cards import CardPainter
from .render.fonts import Fonts
from .render.text import draw_text
from .router import scene_for
from .routes import (
    AnswerOpened,
    ChallengeOffer,
    ChallengeRefused,
    Elsewhere,
    JoinTable,
    Opening,
    Reopen,
    Route,
)
from .scenes.base import Scene
from .sound import Sound, is_gesture
from .start import keep_the_start
from .table_faces import DealAhead
from .transitions import Pop, Push, Replace, Reset, Transition

EXPOSED = frozenset({pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE})
"""The window was uncovered and must be drawn again (the system kept nothing of what was under it)."""
NO_MIRROR = page.Mirror()
"""What the page mirrors of a scene that has nothing to mirror."""
NOTICE_SECONDS = 6.0
STILL_AFTER = 1.0
"""Seconds a still dialog waits untouched, with nothing left to draw or work out, before the loop rests."""
REST_SECONDS = 0.5
"""At rest the loop runs when the player acts on the page, or after this long (``hearts.page.rest``): the
table another window takes, say, shows within it."""


def opened_challenge() -> str | None:
    """In the browser, the challenge the page's address carried (its fragment, taken aside by the page
    before pygbag's loader read the address); None natively or for a fragment that is not one."""
    fragment = opened_with().fragment
    return fragment if fragment and is_challenge_fragment(fragment) else None


class App:
    """The game: a stack of scenes over one window."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        *,
        store: Store | None = None,
        scale: float = 1.0,
        resizable: bool = True,
        sound: Sound | None = None,
        challenge: str | None = None,
        match: str | None = None,
        live: LiveTable | None = None,
    ) -> None:
        """``challenge``: a friend's challenge link or code to offer; ``match``: a match link or code
        (yours, from another device) to offer to play here. In the browser the page's address brings
        either. ``live``: who has the table among the windows sharing the store (by default the page's
        protocol in the browser, a lease in the data folder on the desktop)."""
        pygame.display.init()  # the mixer opens with the first sound (``Sound``): audio init is slow
        pygame.font.init()
        pygame.display.set_caption("Hearts")
        self.resizable = resizable
        self.screen = self._open(size)
        # A first visit moves as little as the player's system asks (the page's prefers-reduced-motion).
        first_visit = Settings(reduced_motion=page.prefers_reduced_motion())
        self.store = store if store is not None else Store(default_backend(), first_visit=first_visit)
        fonts = Fonts()
        settings = self.store.load_settings()
        stats = self.store.load_stats()
        self.ctx = Context(
            store=self.store,
            fonts=fonts,
            painter=CardPainter(fonts),
            settings=settings,
            stats=stats,
            size=self.screen.get_size(),
            scale=scale,
            sound=sound if sound is not None else Sound(),
            live=TableKeeper(live if live is not None else self._default_table()),
        )
        self.ctx.notices.extend(self.store.take_problems())
        self.stack: list[Scene] = []
        self.intents = IntentReader()
        self.coach_slice = COACH_SLICE
        """Seconds per frame for the coach (tests that do not look at reviews set 0)."""
        self.coach_clock = time.perf_counter
        """What the coach's slice and the frame's budget are measured by (the wall clock, as a frame
        is; tests on a busy machine may count processor time instead)."""
        self.idle_pace = IdlePace()
        """The pace of the work in frames that draw nothing (the coach's)."""
        self.deal_ahead = DealAhead(self.ctx.painter)
        self.clock = 0.0
        """Seconds of game time, the sum of every frame's ``dt``."""
        self._acted_at = 0.0
        """``clock`` when the last frame was drawn, or the player last acted."""
        self._caught_up = False
        """Whether the work for frames that draw nothing (the coach's) was done, when last asked."""
        self.running = True
        self.mirroring = page.is_live()
        """Whether each drawn frame hands the page its mirror of the top scene (in the browser; the
        benchmark sets it natively too, to count its cost)."""
        self._mirrored: page.Mirror | None = None
        """The mirror last handed to the page (``page.mirror`` also skips one whose text is the same)."""
        self.frames_drawn = 0
        self._built_this_frame = False
        """Whether a screen was built in this frame (it is drawn in the next)."""
        self._notice: str | None = None
        self._notice_left = 0.0
        self._notice_rect: pygame.Rect | None = None
        self._challenge: str | None = challenge if challenge is not None else opened_challenge()
        self._match: str | None = match if match is not None else opened_match()
        self._invite: str | None = opened_invite()
        """The challenge, the match link and a friend's invitation to offer once this window has the
        table (then None)."""
        answer = opened_answer()
        if self.ctx.live.away:
            self.stack.append(scene_for(Elsewhere(), self.ctx))
        else:
            # A match in progress opens at its table, exactly where it was (the menu is one tap away in
            # the pause menu); otherwise the menu.
            self.stack.append(scene_for(Opening(), self.ctx))
            self._offer_links()
        if answer:  # a friend's answer belongs to the tab holding the table, usually another one
            self._apply(Push(AnswerOpened(answer)))
        self._built_this_frame = False  # (built before any frame: the first draws them)

    def _default_table(self) -> LiveTable:
        backend = self.store.backend
        return table_for(backend.directory if isinstance(backend, FileBackend) else None)

    def _offer_links(self) -> None:
        """Offer what the game was opened with (a friend's challenge, your match from another device)
        over the opening screen, once this window has the table."""
        self._offer_challenge()
        match, self._match = self._match, None
        if match:  # play it here? (nothing saved is touched unless the player says so)
            self._apply(Push(match_offer(match)))
        invite, self._invite = self._invite, None
        if invite:  # join a friend's table? (nothing of your own match is touched)
            self._apply(Push(JoinTable(invite)))

    def _offer_challenge(self) -> None:
        """Offer the challenge the game was opened with over the opening screen, or say why it cannot be
        played (the normal start goes on: nothing saved is touched)."""
        text, self._challenge = self._challenge, None
        if not text:
            return
        challenge, refusal = read_challenge(text)
        if refusal is not None:
            self._apply(Push(ChallengeRefused(refusal)))
            return
        assert challenge is not None
        self._apply(Push(ChallengeOffer(challenge)))

    def open(self, route: Route) -> None:
        """Show ``route`` alone, as if the player had gone there (the tools start a match this way)."""
        self._apply(Reset(route))

    def _open(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.RESIZABLE if self.resizable else 0
        return pygame.display.set_mode(size, flags)

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    # One frame -------------------------------------------------------------------------------

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle ``events`` (default: the pygame queue), advance by ``dt`` seconds, draw if needed.

        Returns whether the frame was drawn. At a table with friends, every sentence of the frame names
        the seats by who plays them."""
        with named(self.ctx.friends.seat_names()):
            return self._frame(dt, events)

    def _frame(self, dt: float, events: list[pygame.event.Event] | None) -> bool:
        started = self.coach_clock()
        if events is None:
            events = pygame.event.get()
        self._follow_table()
        presses = page.presses()
        if events or presses:
            self._acted_at = self.clock
        for press in presses:  # the page's mirror, for assistive technology
            self._apply(self.scene.handle(Pressed(press.kind, press.id)))
        keys_are_ours: bool | None = None
        for event in events:
            if event.type in EXPOSED:  # uncovered: what was drawn under another window is gone
                self.stack[-1].dirty = True
                continue
            if is_gesture(event):
                self.ctx.sound.heard_gesture()
            intent = self.intents.read(event, self.screen.get_size(), self.clock)
            if intent is None:
                continue
            if self.scene.is_typing:
                if event.type == pygame.KEYDOWN and event.key not in TYPING_KEYS:
                    continue  # the key types its text (a Typed intent of its own), and does nothing else
            elif isinstance(intent, Typed | Erase):
                continue  # nothing asks for text: a key's text means nothing beyond the key
            if isinstance(intent, Tap) or event.type == pygame.KEYDOWN:
                self.ctx.keyboard = not isinstance(intent, Tap)
            if isinstance(intent, Quit):
                self.running = False
                continue
            if isinstance(intent, Resize):
                self.resize(intent.size)
                continue
            if type(intent) in SHORTCUTS:
                # A one-key shortcut only while the game has the keyboard (not the page's own boxes).
                keys_are_ours = page.keys_are_ours() if keys_are_ours is None else keys_are_ours
                if not keys_are_ours:
                    continue
            if isinstance(intent, Query):  # answered by the table, even under a dialog
                self._answer(intent.what)
                continue
            if self._notice is not None and isinstance(intent, Tap | Back) and self._hits_notice(intent):
                self._dismiss_notice()
                continue
            self._apply(self.scene.handle(intent))
        self.clock += dt
        self.ctx.sound.advance(dt)
        self.ctx.friends.tick()  # (connections and friends' moves, whatever scene is on top)
        self.ctx.notices.extend(self.ctx.friends.take_notices())
        self._apply(self.scene.update(dt))
        if self.store.stale:  # a save this frame was refused: stop before its notice shows
            self._follow_table()
        self._tick_notice(dt)
        self.ctx.speaker.flush()
        if self._built_this_frame:
            # A screen built this frame is first drawn the next: building one and drawing it whole (the
            # hand's result over the table, at a phone's scale) together took a long task in WebAssembly.
            self._built_this_frame = False
            return False
        if self.is_dirty:
            self._acted_at = self.clock
            self.draw()
            if self.mirroring:
                mirrored = self.scene.mirror() or NO_MIRROR
                if mirrored != self._mirrored:  # (the table hands back the same one while unchanged;
                    self._mirrored = mirrored  # a dialog builds its anew, not sent again when the same)
                    page.mirror(mirrored)
            return True
        # The sounds made ready first (a few short steps), then the scenes' work (``idle_work.work_for``).
        work = self.ctx.sound.ready_ahead() or work_for(self.stack, self.ctx, self.deal_ahead)
        self._caught_up = work is None or self.coach_slice <= 0
        if not self._caught_up and work is not None:
            granted = slice_for(self.coach_slice, self.scene)
            self._caught_up = self.idle_pace.run(work, started, granted=granted, clock=self.coach_clock)
        return False

    @property
    def may_rest(self) -> bool:
        """Whether nothing will change until the player acts: a still screen on top (the menu, a dialog
        at rest), untouched for ``STILL_AFTER``, nothing to draw, no notice, and the coach's work done."""
        return (
            self.clock - self._acted_at >= STILL_AFTER
            and self._caught_up
            and self._notice is None
            and not self.ctx.friends.is_open
            and not self.is_dirty
            and self.scene.is_still
        )

    def _follow_table(self) -> None:
        """Stop when another window has the table (or played on without this one), and open afresh on
        the freshest save once this window has it back."""
        change = self.ctx.live.check(stale=self.store.stale)
        if change == "back":
            self._apply(Reset(Reopen()))
            self._offer_links()
        elif change is not None:
            # The screen says it all: the store's sentence for the same news is not shown over it.
            self.ctx.notices[:] = [notice for notice in self.ctx.notices if notice != MOVED_ON]
            self._apply(Reset(Elsewhere(moved_on=change == "moved_on")))

    def _answer(self, what: str) -> None:
        """A query key's answer from the topmost scene that answers it (the table, under any dialog)."""
        for scene in reversed(self.stack):
            said = scene.answer(what)
            if said is not None:
                self.ctx.speaker.say(said)
                return

    def _hits_notice(self, intent: Tap | Back) -> bool:
        if isinstance(intent, Back):
            return False
        return self._notice_rect is not None and self._notice_rect.collidepoint(intent.pos)

    @property
    def is_dirty(self) -> bool:
        return any(scene.dirty for scene in self.stack) or (
            self._notice_rect is None and self._notice is not None
        )

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(1, size[0]), max(1, size[1]))
        if size != self.screen.get_size():
            self.screen = self._open(size)
        self.ctx.size = self.screen.get_size()
        for scene in self.stack:
            scene.resize(self.ctx.size)
        self._notice_rect = None

    def draw(self) -> None:
        """The last full screen, and over it the top dialog only: a dialog opened over another hides it
        until it closes (the score sheet over the match's result)."""
        first = 0
        for index, scene in enumerate(self.stack):
            if not scene.is_overlay:
                first = index
        shown = self.stack[first:]
        if len(shown) > 2:
            shown = [shown[0], shown[-1]]
        for scene in shown:
            scene.draw(self.screen)
        for scene in self.stack:
            scene.dirty = False
        self._draw_notice()
        self.frames_drawn += 1
        pygame.display.flip()

    def _apply(self, transition: Transition | None) -> None:
        if transition is None:
            return
        was, before = self.scene, list(self.stack)
        while transition is not None:
            if isinstance(transition, Push):
                self.stack.append(scene_for(transition.route, self.ctx))
                self._built_this_frame = True
                transition = None
            elif isinstance(transition, Replace):
                scene = scene_for(transition.route, self.ctx)
                self.stack[-1] = scene
                self._built_this_frame = True
                transition = None
            elif isinstance(transition, Pop):
                if len(self.stack) > 1:
                    self.stack.pop()
                transition = self.scene.resume(transition.result)
                self.scene.dirty = True
            elif isinstance(transition, Reset):
                self.stack = [scene_for(transition.route, self.ctx)]
                self._built_this_frame = True
                transition = None
        self.scene.dirty = True
        if self.scene is not was:  # a screen opened, or one closed over it: said aloud
            returned = any(scene is self.scene for scene in before)
            self.ctx.speaker.say(self.scene.opened_words(self.ctx.speaker.verbosity, returned=returned))

    # Notices (saving problems and the like) ---------------------------------------------------

    @property
    def notice(self) -> str | None:
        """The notice showing over the screen, if any."""
        return self._notice

    def _tick_notice(self, dt: float) -> None:
        if self._notice is None and self.ctx.notices:
            self._notice = self.ctx.notices.pop(0)
            self.ctx.speaker.say(Announcement(text=self._notice, priority="assertive", kind="notice"))
            self._notice_left = NOTICE_SECONDS
            self._notice_rect = None
        elif self._notice is not None:
            self._notice_left -= dt
            if self._notice_left <= 0:
                self._dismiss_notice()

    def _dismiss_notice(self) -> None:
        self._notice = None
        self._notice_rect = None
        for scene in self.stack:
            scene.dirty = True

    def _draw_notice(self) -> None:
        if self._notice is None:
            return
        from .layout import metrics_for

        metrics = metrics_for(self.ctx.size, self.ctx.scale)
        width, _ = self.ctx.size
        margin, corner = metrics.px(8), metrics.tap + metrics.px(8)
        room, widest = width - 2 * margin, metrics.px(560)
        height = metrics.tap + metrics.px(16)
        if room >= widest + 2 * corner:  # centred, clear of the buttons in the top corners
            rect = pygame.Rect(0, 0, widest, height)
            rect.midtop = (width // 2, margin)
        else:  # narrow: the top-left corner (the table's Menu, upright) stays in reach
            rect = pygame.Rect(margin + corner, margin, min(room - corner, widest), height)
        pygame.draw.rect(self.screen, theme.PANEL_SOLID, rect, border_radius=metrics.px(10))
        draw_text(
            self.screen,
            self.ctx.fonts,
            self._notice,
            rect.inflate(-metrics.px(16), -metrics.px(8)),
            metrics.text(14),
            theme.TEXT,
        )
        self._notice_rect = rect

    # The loop ---------------------------------------------------------------------------------

    @property
    def is_safe_to_reload(self) -> bool:
        """Whether a reload now would cost the player nothing they would miss: on the menu, on a
        screen of results, or on the player's own turn in a match (saved after every card) — not in
        the middle of the lesson, which keeps nothing."""
        return self.scene.is_safe_to_reload

    async def run(self) -> None:
        started = False
        told_safe: bool | None = None
        clock = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            dt = min(0.1, now - clock)
            clock = now
            if sys.platform == "emscripten":
                size, scale = browser_size()
                if size != self.ctx.size or scale != self.ctx.scale:
                    self.ctx.scale = scale
                    self.resize(size)
            drawn = self.frame(dt)
            if sys.platform == "emscripten":
                if drawn and not started:
                    started = True
                    tell("started")  # the loading screen goes once the table is on screen
                safe = self.is_safe_to_reload
                if safe != told_safe:
                    told_safe = safe
                    tell("safe", safe)
                if self.may_rest:  # a still screen: the next frame the player acts (or a while on)
                    await page.rest(REST_SECONDS)
                else:
                    await asyncio.sleep(0)  # the browser paces the frames
            else:
                await asyncio.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
        self.ctx.live.release()
        pygame.quit()


def main(argv: list[str] | None = None) -> None:
    """``python -m hearts``: the game in a desktop window."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hearts", description="Hearts against three bots.")
    parser.add_argument("--size", default=os.environ.get("HEARTS_SIZE", "1280x720"), help="window size, WxH")
    parser.add_argument("--scale", type=float, default=1.0, help="pixels per CSS pixel (a dense screen: 2)")
    parser.add_argument("--challenge", metavar="LINK_OR_CODE", help="a friend's challenge to play")
    parser.add_argument("--match", metavar="LINK_OR_CODE", help="a match from another device to play on here")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    app = App((int(width), int(height)), scale=args.scale, challenge=args.challenge, match=args.match)
    keep_the_start()
    asyncio.run(app.run())
