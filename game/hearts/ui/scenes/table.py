"""The table: your hand, the three bots, the trick, and everything you can tap. The engine moves on at
once; the table shows each move as a short animation, and the next bot plays once the last is shown.

The scene keeps your choices as one value (``table_state.TableState``) and carries out what pure parts
decide from a snapshot of the table (``TableSnapshot``): a tap or a key becomes a command
(``table_input``), the focus is placed (``table_focus``), a hint taken (``table_hint``), the turns
conducted (``table_turns``), the frame composed (``table_compose``) and the words said (``table_voice``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from ... import page
from ...announce import Announcement, Verbosity
from ...engine import Card, CardSet, Event, IllegalMove, Phase, PlayerView
from ...lesson import Note
from .. import routes, table_voice
from .. import table_input as do
from ..hand_sight import HandSight
from ..intents import GameLog, Hover, Intent, Tap
from ..modes.base import OPEN_MENU, TableMode, deal_next
from ..motion import InHand, Motion
from ..table_focus import placed
from ..table_frame import TableFrame
from ..table_hand import ShownHand, ShownHands
from ..table_hint import THINKING, HintWorker
from ..table_layout import table_layout, with_note_band
from ..table_picture import TablePicture
from ..table_remarks import Remarks, waiting_words
from ..table_stage import Stage
from ..table_state import TableSnapshot, TableState, moment_of
from ..table_turns import Conductor
from .base import Context, Push, Scene, Transition


class TableScene(Scene):
    """The table of one kind (``mode``: a match, the daily deal, the lesson)."""

    def __init__(self, ctx: Context, mode: TableMode) -> None:
        self.mode, self.session, self.stage, self.state = mode, mode.session, Stage(mode.words), TableState()
        self.motion: Motion = self.stage.motion
        self.conductor = Conductor(self.stage, mode.traits)
        self.hint, self.remarks, self.voice = HintWorker(), Remarks(), table_voice.Voice()
        self.sight = HandSight()  # your hand as you last saw it: what a tap on it was aimed at
        self._hands = ShownHands()
        super().__init__(ctx)
        ctx.tables[self.session.match_id] = mode  # (where routes that name this table find it)
        self.picture = TablePicture(ctx.fonts, ctx.painter)
        self.stage.then(*mode.after(None))  # the question the table left open, put again

    def resize(self, size: tuple[int, int]) -> None:
        self.band: pygame.Rect | None
        layout = table_layout(size, self.ctx.scale)
        self.layout, self.band = with_note_band(layout) if self.mode.traits.notes else (layout, None)
        self.sight.forget()
        self.dirty = True

    def shown_hand(self) -> ShownHand:
        """Your hand as it shows now (built once for each change of what it shows)."""
        state, lifts = self.state, self.stage.lift_received > 0
        hands, steps, geometry = self._hands, self.motion.steps, self.layout.hand
        return hands.of(steps, self.session.view, geometry, state.selected, state.raised, lifts)

    def snapshot(self) -> TableSnapshot:
        """The table now, as its pure parts read it."""
        hand, settled = self.shown_hand(), self.conductor.is_settled(self.session)
        return TableSnapshot.take(
            self.state, self.session, self.stage, hand, self.ctx, self.layout, self.band, settled
        )

    def hand_cards(self) -> list[Card]:
        """Your cards as laid out, left to right (hidden ones are in the air)."""
        return self.shown_hand().cards()

    @property
    def is_players_move(self) -> bool:
        """Whether your input is taken now (a move ends the motion still showing)."""
        return self.snapshot().players_move

    @property
    def is_animating(self) -> bool:
        return self.motion.is_busy or self.session.bot_to_move is not None

    @property
    def is_still(self) -> bool:
        """Your turn, with nothing moving, thinking (a bot, a hint), counting down, or not yet seen."""
        return (
            self.session.is_human_turn
            and not self.is_animating
            and not (self.hint.is_working or self.is_held)
            and self.stage.is_still
            and self.remarks.is_still
            and self.sight.is_settled
        )

    @property
    def is_safe_to_reload(self) -> bool:
        """On your own turn in a table that saves after every card (not the lesson)."""
        return self.mode.traits.keeps_every_move and not self.is_animating and self.session.is_human_turn

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Hover):
            return None
        self.dirty = True
        box = self.note_box() if isinstance(intent, Tap) and self.mode.traits.notes else None
        if self.mode.guide.closes(intent, self.snapshot(), box):  # (a tap on a note, or Enter, closes it)
            return None
        if isinstance(intent, GameLog):
            return Push(self.ctx.speaker.log())
        return self._carry_out(*do.read(intent, self.snapshot(), self.sight))

    def _carry_out(self, state: TableState, order: do.Command | None) -> Transition | None:
        """Take ``state`` as the table's, and carry ``order`` out."""
        self.state = state
        match order:
            case do.Press(key):
                return self._press(key)
            case do.Skip():
                return self.stage.skip()
            case do.Choose(card):  # the cards still moving land first
                waiting = waiting_words(self.session.phase, self.session.bot_to_move)
                return self.stage.finish() or self._carry_out(*do.choose(card, self.snapshot(), waiting))
            case do.PlayCard(card):
                return self._play(card)
            case do.PassCards(cards):
                return self.show(self.session.pass_cards(cards))
            case do.Picked(said):
                self.remarks.clear()
                self._speak(said)
            case do.Refuse(card):
                why = self.session.why_not(card)
                reason = "You cannot play that card now." if why is None else self.mode.words.refusal(why)
                self.remarks.refuse(card, reason)
                self._speak(table_voice.refused(reason, why))
                self.dirty = True
            case do.Say():
                self._say(order)
        return None

    def _press(self, key: str) -> Transition | None:
        view = self.session.view
        if key == "menu":
            return self.mode.answer(OPEN_MENU)
        if key == "hint" and self.is_players_move:  # Hard's choice, worked out a slice a frame
            self.hint.start(view)
            self._say(do.Say(THINKING, reason=False))
            self._hint_work(self.stage.clock())
        elif key == "last" and view.tricks:
            return Push(routes.LastTrick(view.tricks[-1], len(view.tricks), view.rules.jack_of_diamonds))
        elif key == "last":
            self._say(do.Say("No trick has been completed yet this hand.", reason=True))
        elif key == "fast":
            self.stage.toggle_fast(moment_of(view))
        elif key == "sound":  # saved at once, and a card's tap confirms it is on
            self.ctx.save_settings(replace(self.ctx.settings, sound=not self.ctx.settings.sound))
            self.ctx.sound.play("card")
        elif key == "action":
            with self.mode.guide.your_move(self.snapshot()):
                return self._carry_out(*do.act(self.snapshot()))
        return None

    def _play(self, card: Card) -> Transition | None:
        with self.mode.guide.your_move(self.snapshot()):
            before, hand = self.session.view, self.shown_hand()
            start = hand.leaving(card, waits=self.motion.is_busy)  # it waits raised for the trick to go
            try:
                events = self.session.play(card)
            except IllegalMove as error:
                self._say(do.Say(self.mode.words.refusal(error.reason), reason=True))
                return None
            self.state = do.played(self.state, len(hand.cards()))
            return self.show(events, before=before, start=start)

    def _hint_work(self, started: float) -> None:
        """A slice of the hint asked for (``table_hint``), in the frame whose update began at ``started``."""
        if self.hint.is_working:
            quiet = self.remarks.said is not None  # (the others' moves clear remarks; this one holds)
            taken = self.hint.work(self.session, self.stage.spare(started), self.snapshot(), quiet=quiet)
            if taken is not None:
                self.state, said = taken
                self._say(said)

    def place_focus(self) -> None:
        """By keys, on your turn: the focus on a card you may play, once a moment (``table_focus``)."""
        if self.ctx.keyboard:
            showing = self.is_players_move and not self.motion.is_busy and self.note is not None
            state, self.state = self.state, placed(self.snapshot(), note_showing=showing)
            self.dirty = self.dirty or state.focus != self.state.focus

    def resume(self, result: object) -> Transition | None:
        """A dialog over the table closed with ``result``: the moon's choice, or the mode's own."""
        self.dirty = True
        moon = do.MOONS.get(result)
        return self.mode.answer(result) if moon is None else self.show(self.session.choose_moon(moon))

    def update(self, dt: float) -> Transition | None:
        started = self.stage.clock()
        self.sight.tick(dt)  # (while the lesson's note holds the table, too)
        self._hint_work(started)
        for reason in self.session.take_refusals():  # (a move sent away and refused: a friend's table)
            self._say(do.Say(self.mode.words.refusal(reason), reason=True))
        self._speak(self.voice.note(self.note))
        if self.is_held:
            return self.stage.drain()  # the computer players (and a complete trick) wait while you read
        ticked = self.remarks.tick(dt)  # a refusal's shake and bubble run on their own clock
        turn = self.conductor.next(self.session, dt, started, settings=self.ctx.settings)
        self.dirty = self.dirty or ticked or turn.changed
        self._speak(turn.said)
        transition = turn.transition
        if turn.deal and (events := deal_next(self.session, self.mode.traits, self.ctx.settings)) is not None:
            self.state = replace(self.state, selected=frozenset(), raised=None)
            transition = self.show(events)
        elif turn.play is not None:
            transition = self._play(turn.play)
        elif turn.bot:
            before = self.session.view
            transition = self.show(self.session.apply_bot_move(), before=before)
        self.place_focus()
        for name in self.motion.take_cues():
            self.ctx.sound.play(name)
        self._speak(*self.motion.take_said())
        if self.is_players_move and not self.motion.is_busy and not self.is_held:
            said = self.voice.turn(self.session.view, len(self.state.selected), self.ctx.speaker.verbosity)
            self._speak(said and table_voice.guided(said, self.mode.guide.line(self.snapshot())))
        return transition

    def show(
        self, events: list[Event], *, before: PlayerView | None = None, start: InHand | None = None
    ) -> Transition | None:
        """Show ``events`` (the game kept first) as motion; what follows their landing waits on the stage."""
        self.mode.keep()  # (every move the table makes comes here: the mode keeps it where it keeps games)
        self.remarks.clear()
        hand, verbosity = self.shown_hand(), self.ctx.speaker.verbosity
        reduced = self.ctx.settings.reduced_motion
        self._speak(*self.stage.present(events, self.session.view, hand, before, start, reduced, verbosity))
        self.stage.then(*self.mode.after(events))
        self.dirty = True
        transition = self.stage.drain()  # (nothing while the steps show)
        self.mode.guide.shown(events)
        return transition

    def background_work(self) -> Callable[[float], bool] | None:
        """The faces and copies made ahead (``TablePicture.work_ahead``), then the mode's own work."""
        layout, hand, four_colour = self.layout, self.session.view.hand, self.ctx.settings.four_colour
        return self.picture.work_ahead(layout, hand, four_colour=four_colour) or self.mode.background

    def _say(self, said: do.Say) -> None:
        """``said`` on the message line, and aloud."""
        self.remarks.say(said.text, reason=said.reason)
        self._speak(table_voice.spoken(said))
        self.dirty = True

    def _speak(self, *announcements: Announcement | None) -> None:
        self.ctx.speaker.say(*announcements)

    def answer(self, what: str) -> Announcement | None:
        """A query key's answer, for the match as the table shows it (with the cards chosen to pass)."""
        return table_voice.answer(what, self.shown_hand().view, chosen=CardSet(self.state.selected))

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """Back at the table: whose turn it is, while a hand is played (a new deal says itself)."""
        if not returned or self.session.needs_deal or self.session.view.phase is Phase.OVER:
            return None
        return self.answer("turn")

    def mirror(self) -> page.Mirror:
        """The table as the page mirrors it, from a frame (built again only when it may have changed)."""
        snap, why = self.snapshot(), self.session.why_not
        return self.voice.mirror(snap, lambda: self.picture.mirror(self.frame(snap), why), self.note)

    @property
    def note(self) -> Note | None:
        """The note showing beside the table (a guided table's), if any."""
        return self.mode.guide.note(self.snapshot())

    @property
    def is_held(self) -> bool:
        """Whether the table waits (the bots and a complete trick) while you read a note."""
        return self.mode.guide.holds(self.snapshot())

    def note_box(self) -> pygame.Rect:
        """Where the note showing stands (a tap there closes it), from the layout as it is drawn."""
        return self.picture.note_box(self.frame())

    @property
    def message(self) -> str:
        return self.frame().message

    def frame(self, snap: TableSnapshot | None = None) -> TableFrame:
        """What the table shows now (or at ``snap``), as a value the drawer draws from."""
        return self.picture.frame(snap or self.snapshot(), self.remarks, self.mode)

    def draw(self, surface: pygame.Surface) -> None:
        started, frame = self.stage.clock(), self.frame()  # (the frame's making counts in the time)
        self.picture.drawer.draw(surface, frame)
        self.sight.drew(frame.cards)
        self.stage.drew(self.stage.clock() - started)  # the next frames' thinking leaves room for it
