"""The table: your hand, the three bots, the trick, and everything you can tap.

The engine moves on at once; the table shows each move as a short animation and lets the next bot play
only when the last move has been shown. The live view is only drawn when no step is showing.

The scene takes your input (the cards you choose, the focus) and turns it and the bots' moves into
events to show; it composes the rest: its mode (``ui/modes``: what kind of table), its stage
(``table_stage.Stage``: the motion, what waits for it, the bots' pace), the hand as shown
(``table_hand.ShownHand``, built afresh whenever asked), its controls (``table_controls``), its remarks
(``table_remarks``: reasons and their clocks) and its drawer, fed one frame (``table_frame.TableFrame``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from ... import announce, page
from ...announce import Announcement, Priority, Verbosity
from ...bots.hints import same_question
from ...engine import (
    PASS_SIZE,
    Card,
    CardSet,
    Event,
    IllegalMove,
    MatchOver,
    Moon,
    Phase,
    Play,
    PlayerView,
    Reason,
    Seat,
    Trick,
)
from ...words import prompt
from .. import routes, table_voice
from .. import table_controls as controls
from ..hand_sight import HandSight
from ..intents import Confirm, GameLog, Hover, Intent, Jump, Pressed, Step, Tap
from ..modes.base import TableMode
from ..motion import InHand, Motion
from ..session import HUMAN, Session
from ..table_draw import TableDrawer
from ..table_faces import CopiesAhead, FacesAhead
from ..table_frame import Moving, Refusal, TableFrame
from ..table_hand import ShownHand
from ..table_layout import TableLayout
from ..table_pace import steps_for
from ..table_remarks import SETTLED, Remarks, after_trick, waiting_words
from ..table_stage import Stage
from ..widgets import Button
from .base import Context, Push, Scene, Transition


class TableScene(Scene):
    """The table of one kind (``mode``: a match, the daily deal, the lesson): your input, the bots'
    turns, and the engine's events handed to the stage to show."""

    def __init__(self, ctx: Context, mode: TableMode) -> None:
        self.mode = mode
        self.stage = Stage()
        mode.motion = self.stage.motion
        self.selected: set[Card] = set()
        """Cards chosen for the pass (up to three)."""
        self.raised: Card | None = None
        """Under tap-then-confirm, the card the first tap lifted; also the card a hint points at."""
        self.focus: int | None = None
        """Keyboard focus: an index into the hand, or ``len(hand)`` for the action button."""
        self.focus_placed: tuple[int, Phase, int, int] | None = None
        """The moment (``_moment``) of your turn whose focus was put on a card you may play (by keys)."""
        self.remarks = Remarks()
        self.sight = HandSight()
        """Your hand as you last saw it: what a tap on it was aimed at."""
        self.hinting: PlayerView | None = None
        """The view a hint is being worked out for (Hard's choice, a slice a frame: ``_hint_work``)."""
        super().__init__(ctx)
        self.drawer = TableDrawer(ctx.fonts, ctx.painter)
        self.faces_ahead = FacesAhead(ctx.painter)
        self.copies_ahead = CopiesAhead(self.drawer.faces)
        self._header: tuple[PlayerView | None, str] = (None, "")
        self._turn_said: tuple[int, Phase, int, int] | None = None
        """The moment whose turn was last announced (your turn is said once a moment)."""
        self._note_said: object = None
        self._settled: tuple[object, int] | None = None
        """The match and hand found with nothing left to play for (it plays itself to the end)."""
        self._mirrored: tuple[tuple[object, object], tuple[object, ...], page.Mirror] | None = None
        self.stage.then(*mode.reopened())  # the question the table left open, put again

    @property
    def session(self) -> Session:
        return self.mode.session

    @property
    def motion(self) -> Motion:
        return self.stage.motion

    # Layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.layout: TableLayout
        self.band: pygame.Rect | None
        self.layout, self.band = self.mode.layout(size)
        self.sight.forget()
        self.dirty = True

    # What is showing ------------------------------------------------------------------------

    def shown_hand(self) -> ShownHand:
        """Your hand as it shows now."""
        return ShownHand.of(
            self.motion.current,
            self.session.view,
            self.layout.hand,
            selected=self.selected,
            lifted=self.raised if self.raised is not None else self._card_waiting(),
            lifts_received=self.stage.lift_received > 0,
        )

    def _card_waiting(self) -> Card | None:
        """The card you played while a finished trick still had its least time to show: it stands
        raised until the trick goes, then goes down."""
        head = self.motion.current
        return None if head is None or head.kind == "play" else self._card_on_its_way()

    def _card_on_its_way(self) -> Card | None:
        """The card you played that has yet to land (waiting for a finished trick to go, or flying)."""
        for step in self.motion.steps:
            if step.kind == "play" and step.base.to_move is HUMAN:
                return next(iter(step.hidden), None)
        return None

    def hand_cards(self) -> list[Card]:
        """Your cards as laid out, left to right (hidden ones are in the air)."""
        return self.shown_hand().cards()

    @property
    def is_animating(self) -> bool:
        return self.motion.is_busy or self.session.bot_to_move is not None

    @property
    def is_still(self) -> bool:
        """Your turn, with nothing moving, thinking or counting down: no bot moves before you do (they
        think ahead only up to your turn), no hint is being worked out, no refusal or reason shows on
        its clock, and the hand drawn is the hand you have seen."""
        return (
            self.session.is_human_turn
            and not self.is_animating
            and self.hinting is None
            and not self.mode.holds_table()
            and self.stage.is_still
            and self.remarks.is_still
            and self.sight.is_settled
        )

    @property
    def is_safe_to_reload(self) -> bool:
        """On your own turn in a table that saves after every card (not the lesson)."""
        return self.mode.is_safe_to_reload and not self.is_animating and self.session.is_human_turn

    def buttons(self) -> list[Button]:
        view, sound = self.session.view, self.ctx.settings.sound
        can_hint, fast, action = self.is_players_move, self.stage.fast, self._action()
        return controls.buttons(self.layout, view, can_hint=can_hint, fast=fast, sound=sound, action=action)

    def _action(self) -> controls.Action | None:
        """The big button's label and whether it can be pressed now (None: no button)."""
        busy, chosen, taps = self.motion.is_busy, len(self.selected), self.ctx.settings.confirm_taps
        return controls.action(
            self.session.view, busy=busy, chosen=chosen, lifted=self.raised, confirm_taps=taps
        )

    @property
    def is_players_move(self) -> bool:
        """Whether your input is taken now (a move ends the motion still showing)."""
        return controls.is_players_move(self.session.view, waiting=bool(self.stage.after_motion))

    @property
    def is_players_turn_to_play(self) -> bool:
        """A card to play: unplayable cards are hatched exactly while this holds."""
        return self.is_players_move and self.session.view.phase is Phase.PLAY

    # Input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Hover):
            return None
        self.dirty = True
        if self.mode.intercepts(intent, self.focus):
            return None
        if isinstance(intent, Tap):
            return self._tap(intent.pos)
        if isinstance(intent, GameLog):
            return Push(self.ctx.speaker.log())
        if isinstance(intent, Pressed):
            return self._pressed(intent)
        if isinstance(intent, Step | Jump) and self.focus is not None:
            # The focus is the player's to move from here on (Enter moves nothing: an Enter pressed
            # while the last card flies still lets the focus go to a card you may play).
            self.focus_placed = self._moment()
        key = controls.BUTTON_KEYS.get(type(intent))
        if key is not None:
            return self._press(key)
        if isinstance(intent, Step):
            stops = len(self.hand_cards()) + (1 if self._action() is not None else 0)
            self.focus = controls.next_focus(self.focus, intent.delta, stops)
        elif isinstance(intent, Jump):
            count = len(self.hand_cards())
            self.focus = count - 1 if intent.to_end and count else 0
        elif isinstance(intent, Confirm):
            return self._confirm()
        return None

    def _tap(self, pos: tuple[int, int]) -> Transition | None:
        for button in self.buttons():
            if button.rect.collidepoint(pos):
                if not button.enabled:
                    return None
                return self._press(button.key)
        current = self.motion.current
        shown = self.shown_hand()
        card = self._card_aimed_at(pos, shown)
        if current is not None and not (card is not None and self.is_players_move):
            if current.skippable and self.layout.trick_area.collidepoint(pos):
                return self.stage.skip_trick()
            return None  # not the player's move yet: a tap during an animation never plays a card
        if card is None:
            return None
        self.focus = None
        return self.stage.finish() or self._choose(card)

    def _card_aimed_at(self, pos: tuple[int, int], shown: ShownHand) -> Card | None:
        """The card a tap at ``pos`` was aimed at: the one under it in the hand as you last saw it
        (``hand_sight``), if it is still in your hand; else none."""
        if self.sight.sees(tuple(shown.rects())):
            return shown.card_at(pos)
        card = self.sight.card_seen_at(pos)
        if card is None or card not in shown.cards() or card not in self.session.view.hand:
            return None  # the card left the hand, or one slid into the spot under the finger
        return card

    def _pressed(self, press: Pressed) -> Transition | None:
        """A control of the page's mirror: a card is taken as a tap on it, a button as a press."""
        if press.kind == "button":
            for button in self.buttons():
                if button.key == press.id and button.enabled:
                    return self._press(button.key)
            return None
        if press.kind != "card":
            return None
        card = next((card for card in self.hand_cards() if card.notation == press.id), None)
        if card is None or (self.motion.current is not None and not self.is_players_move):
            return None  # (as a tap: never a card while it is not your move)
        return self.stage.finish() or self._choose(card)

    def _press(self, key: str) -> Transition | None:
        if key == "menu":
            return self.mode.menu()
        if key == "hint":
            self._hint()
        elif key == "last":
            return self._last_trick()
        elif key == "fast":
            self.stage.toggle_fast(self._moment())
        elif key == "sound":
            self._toggle_sound()
        elif key == "action":
            return self._act()
        return None

    def _confirm(self) -> Transition | None:
        cards = self.hand_cards()
        action = self._action()
        if self.focus is None:
            if action is not None and action[1]:
                return self._act()
            self.focus = 0
            return None
        if self.focus >= len(cards):
            return self._act() if action is not None and action[1] else None
        if self.motion.is_busy and not self.is_players_move:
            return None
        card = cards[self.focus]
        return self.stage.finish() or self._choose(card)

    def _choose(self, card: Card) -> Transition | None:
        """The player picked ``card`` (tap, click or Enter)."""
        view = self.session.view
        if view.phase is Phase.PASS and view.passed is None:
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < PASS_SIZE:
                self.selected.add(card)
                if len(self.selected) == PASS_SIZE:
                    self._focus_on_action()
            else:
                how = "Press Enter on" if self.ctx.keyboard else "Tap"
                self._say(f"You have chosen three cards. {how} one of them to put it back.", reason=True)
                return None
            self.remarks.clear()
            chosen = card in self.selected
            self._speak(announce.pass_pick(view, card, chosen=chosen, count=len(self.selected)))
            return None
        if view.phase is not Phase.PLAY or view.to_move != HUMAN:
            self._say(waiting_words(self.session.phase, self.session.bot_to_move), reason=True)
            return None
        if card not in view.legal:
            why = self._why_not(card)
            reason = "You cannot play that card now." if why is None else self.mode.reason_words(why)
            self.remarks.refuse(card, reason)
            self._speak(announce.refusal(announce.speak_symbols(reason), None if why is None else why.kind))
            self.dirty = True
            return None
        if self.ctx.settings.confirm_taps and self.raised != card:
            self.raised = card
            if self.ctx.keyboard:
                self._say(f"Press Enter again to play the {card}.", reason=False)
            else:
                self._say(f"Tap {card} again, or press Play.", reason=False)
            return None
        return self._play(card)

    def _why_not(self, card: Card) -> Reason | None:
        """Why the engine says you may not play ``card`` now (None: you may)."""
        return self.session.match.why_illegal(Play.of(HUMAN, card))

    def _act(self) -> Transition | None:
        with self.mode.your_move():
            return self._act_now()

    def _act_now(self) -> Transition | None:
        view = self.session.view
        if view.phase is Phase.PASS and view.passed is None and len(self.selected) == PASS_SIZE:
            cards = CardSet(self.selected)
            self.selected.clear()
            self.focus = None
            events = self.session.pass_cards(cards)
            return self._show(events)
        if view.phase is Phase.PLAY and self.raised is not None:
            return self._play(self.raised)
        if view.phase is Phase.PASS and view.passed is None:  # Enter on a Pass button not yet ready
            left = PASS_SIZE - len(self.selected)
            self._say(f"Choose {left} more card{'s' if left != 1 else ''} first.", reason=True)
        return None

    def _play(self, card: Card) -> Transition | None:
        with self.mode.your_move():
            return self._play_now(card)

    def _play_now(self, card: Card) -> Transition | None:
        before = self.session.view
        hand = self.shown_hand()
        cards = hand.cards()
        start = hand.in_hand(card)
        try:
            events = self.session.play(card)
        except IllegalMove as error:
            self._say(self.mode.reason_words(error.reason), reason=True)
            return None
        if start is not None and self.motion.is_busy:  # it waits raised for the trick showing to go
            start = replace(start, raised=start.raised | {start.index})
        self.raised = None
        self.focus = None if self.focus is None else max(0, min(self.focus, len(cards) - 2))
        return self._show(events, before=before, human_start=start)

    def _hint(self) -> None:
        """Hard's choice, the one the coach judges by: worked out a slice a frame from now on (the trick
        showing stays: the hint does not hurry it)."""
        if not self.is_players_move:
            return
        self.hinting = self.session.view
        self._say("Thinking of a hint…", reason=False)
        self._hint_work(self.stage.clock())

    def _hint_work(self, started: float) -> None:
        """A slice of the hint asked for, in the frame whose update began at ``started`` (it comes before
        the bots' thinking ahead); shown as soon as it is ready (forgotten if the view moved on)."""
        view = self.hinting
        if view is None:
            return
        if not same_question(view, self.session.view) or not self.is_players_move:
            self.hinting = None
            return
        chosen = self.session.coaching.hint(view, self.stage.spare(started))
        if chosen is None:
            if self.remarks.said is None:  # (the others' moves clear remarks; this one still holds)
                self._say("Thinking of a hint…", reason=False)
            return
        self.hinting = None
        if isinstance(chosen, CardSet):
            self.selected = set(chosen)
            self._focus_on_action()
            shown = " ".join(str(card) for card in sorted(self.selected))
            self._say(
                f"Suggested: pass {shown}. Change them if you like.",
                reason=False,
                aloud=f"Suggested: pass {announce.cards_spoken(chosen)}. Change them if you like.",
            )
        else:
            self.raised = chosen
            cards = self.hand_cards()
            if self.ctx.keyboard and chosen in cards:
                self.focus = cards.index(chosen)
            self._say(f"Suggested: {chosen}.", reason=False)

    def _focus_on_action(self) -> None:
        """Three cards chosen by keys (or by the hint): the focus on the Pass button, so Enter passes."""
        if self.ctx.keyboard:
            self.focus = len(self.hand_cards())

    def _place_focus(self) -> None:
        """By keys, on your turn to play: the focus on a card you may play (the one it is on, if it may
        be played, else the first from the left), once the cards have landed (the hand shown is then
        the hand). Once a turn, so the arrows can then take it anywhere; not while the lesson's note
        shows (Enter with no focus reads it)."""
        view = self.session.view
        passing = view.phase is Phase.PASS and view.passed is None
        if not self.ctx.keyboard or not self.is_players_move or self.motion.is_busy:
            return
        moment = self._moment()
        if self.focus_placed == moment or self.mode.note is not None:
            return
        self.focus_placed = moment
        if passing:  # (the pass starts on the first card)
            if self.focus is None:
                self.focus = 0
                self.dirty = True
            return
        cards, legal = self.hand_cards(), view.legal
        focus = self.focus
        if focus is None or focus >= len(cards) or cards[focus] not in legal:
            playable = [index for index, card in enumerate(cards) if card in legal]
            if playable:
                self.focus = playable[0]
                self.dirty = True

    def _toggle_sound(self) -> None:
        """The Sound option, from the table: saved at once, and a card's tap confirms it is on."""
        self.ctx.save_settings(replace(self.ctx.settings, sound=not self.ctx.settings.sound))
        self.ctx.sound.play("card")

    def _last_trick(self) -> Transition | None:
        view = self.session.view
        if not view.tricks:
            self._say("No trick has been completed yet this hand.", reason=True)
            return None
        return Push(routes.LastTrick(view.tricks[-1], len(view.tricks), view.rules.jack_of_diamonds))

    def resume(self, result: object) -> Transition | None:
        """A dialog over the table closed with ``result``: the moon's choice, or the mode's own."""
        self.dirty = True
        if result in (routes.MOON_ADD, routes.MOON_SUBTRACT):
            moon = Moon.SUBTRACT_FROM_SHOOTER if result == routes.MOON_SUBTRACT else Moon.ADD_TO_OTHERS
            return self._show(self.session.choose_moon(moon))
        return self.mode.resume(result)

    # Time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> Transition | None:
        started = self.stage.clock()
        self.sight.tick(dt)  # (while the lesson's note holds the table, too)
        self._hint_work(started)
        self._announce_note()
        if self.mode.holds_table():
            return self.stage.drain()  # the computer players (and a complete trick) wait while you read
        transition = self._advance(dt, started)
        self._place_focus()
        for name in self.motion.take_cues():
            self.ctx.sound.play(name)
        self._speak(*self.motion.take_said())
        self._announce_turn()
        return transition

    def _advance(self, dt: float, started: float) -> Transition | None:
        stage = self.stage
        pace = stage.pace(self.ctx.settings.pace)
        self._tick(dt)
        if stage.advance(dt, pace):
            self.dirty = True
        session = self.session
        stage.think(session, started)  # while the last cards still move, too
        if stage.is_busy:
            return None
        if stage.to_hand_end and session.view.phase is not Phase.PLAY:
            stage.hand_ended()  # (before the hand's result shows)
            self.dirty = True
        transition = stage.drain()
        if transition is not None:
            return transition
        if session.needs_deal:
            return self._deal()
        seat = session.bot_to_move
        self._settle()
        if stage.turn_to(session.is_human_turn, self._moment()):
            self.dirty = True  # fast-forward has ended: the button shows it
        last = self._forced_last_card()
        if last is None:
            last = self._settled_card()
        if last is not None:
            return self._play(last)
        first = self.mode.take_first_card() if self.is_players_turn_to_play else None
        if first is not None:  # practice's "Try": the better card, played for you as it begins
            return self._play(first)
        if seat is None or not stage.bot_may_move(session, dt, pace):
            return None
        before = session.view
        events = session.apply_bot_move()
        return self._show(events, before=before)

    def _announce_note(self) -> None:
        """A note of the lesson's, read out as it comes up."""
        note = self.mode.note
        if note is not None and note is not self._note_said:
            self._note_said = note
            self._speak(Announcement(text=announce.speak_symbols(f"{note.title}. {note.text}"), kind="note"))

    def _announce_turn(self) -> None:
        """Your turn, and what you must do, said once a moment as soon as you may move (after what the
        cards before it showed was said)."""
        if not self.is_players_move or self.motion.is_busy or self.mode.holds_table():
            return
        moment = self._moment()
        if moment == self._turn_said:
            return
        self._turn_said = moment
        view = self.session.view
        self._speak(announce.your_turn(view, chosen=len(self.selected), verbosity=self.ctx.speaker.verbosity))

    def _tick(self, dt: float) -> None:
        """The received cards' lift, a refusal's shake and bubble run on their own clocks."""
        if self.stage.tick(dt) | self.remarks.tick(dt):  # (both clocks run)
            self.dirty = True

    def _scored(self, view: PlayerView) -> tuple[int, ...] | None:
        """What each seat scored for the hand ``view`` shows, once it is over (None while it is played)."""
        results = self.session.match.results
        if view.phase in (Phase.PASS, Phase.PLAY) or not results:
            return None
        if results[-1].hand_number != view.hand_number:
            return None
        return results[-1].scores

    def _moment(self) -> tuple[int, Phase, int, int]:
        """Where the match stands: it changes with every move (what fast-forward is measured by)."""
        view = self.session.view
        return view.hand_number, view.phase, len(view.tricks), len(view.trick.cards)

    def _forced_last_card(self) -> Card | None:
        """Your one card left, when it may play itself (the option, on by default)."""
        view = self.session.view
        if not self.ctx.settings.play_last_card or not self.is_players_turn_to_play or len(view.hand) != 1:
            return None
        return next(iter(view.hand))

    def _is_settled(self) -> bool:
        """Whether the hand in progress was found with nothing left to play for (and plays itself)."""
        return self._settled == (self.session.match, self.session.view.hand_number)

    def _settle(self) -> None:
        """Nothing is left to play for in this hand (the option, on by default; never in the lesson):
        say so once, and fast-forward to its end, your turns included."""
        view = self.session.view
        if self._is_settled() or not self.ctx.settings.finish_when_settled:
            return
        if not self.mode.plays_out_settled_hands or not view.nothing_to_play_for:
            return
        self._settled = (self.session.match, view.hand_number)
        self.stage.run_to_hand_end()
        self.dirty = True
        self._speak(Announcement(text=SETTLED, kind="note"))

    def _settled_card(self) -> Card | None:
        """Your card, when the hand plays itself: the first you may play (any gives the same scores)."""
        if not self._is_settled() or not self.is_players_turn_to_play:
            return None
        return next(iter(self.session.view.legal), None)

    def _deal(self) -> Transition | None:
        events = self.mode.deal()
        if events is None:
            return None
        self.selected.clear()
        self.raised = None
        return self._show(events)

    # Turning events into motion -------------------------------------------------------------

    def _show(
        self, events: list[Event], *, before: PlayerView | None = None, human_start: InHand | None = None
    ) -> Transition | None:
        """Show ``events`` as motion; what follows once the cards have landed (a question, a result)
        waits on the stage (``Stage.after_motion``)."""
        self.remarks.clear()
        after, verbosity = self.session.view, self.ctx.speaker.verbosity
        unsaid: list[Announcement] = []
        self.stage.show(
            steps_for(
                events,
                after,
                before=before,
                your_card_from=human_start,
                in_hand=lambda card: self.shown_hand().in_hand(card),
                reduced_motion=self.ctx.settings.reduced_motion,
                speak=lambda event: announce.for_event(event, after, verbosity=verbosity),
                unsaid=unsaid,
            )
        )
        self._speak(*unsaid)
        if any(isinstance(event, MatchOver) for event in events):
            self.mode.finished()
        self.stage.then(*self.mode.after(events))
        self.dirty = True
        transition = self.stage.drain()  # (nothing while the steps show)
        self.mode.shown(events)
        return transition

    def highlighted(self) -> frozenset[Card]:
        """Cards to mark as suggested (the lesson marks its suggestions; a match, none)."""
        return self.mode.highlighted(self.motion.is_busy)

    def header(self, view: PlayerView) -> str:
        """The line over the table for ``view`` (worked out once per view: it is drawn every frame)."""
        if self._header[0] is not view:
            self._header = (view, self.mode.header(view))
        return self._header[1]

    def background_work(self) -> Callable[[float], bool] | None:
        """The faces at the trick's size painted ahead, then your cards' opaque copies made, then the
        mode's own work (the coach's, the daily deal's par)."""
        four_colour = self.ctx.settings.four_colour
        hand = self.session.view.hand
        self.faces_ahead.plan(self.layout.trick_card, hand, four_colour=four_colour)
        if not self.faces_ahead.is_done:
            return self.faces_ahead.step
        self.copies_ahead.plan(self.layout.hand.card, hand, four_colour=four_colour)
        return self.mode.background if self.copies_ahead.is_done else self.copies_ahead.step

    # Words ----------------------------------------------------------------------------------

    def _say(self, text: str, *, reason: bool, aloud: str | None = None) -> None:
        """Say ``text`` on the message line, and aloud (``aloud``, if the line reads badly when heard): a
        reason (urgent; an engine's reason already in the mode's words) or a passing remark."""
        self.remarks.say(text, reason=reason)
        shown = text if aloud is None else aloud
        priority: Priority = "assertive" if reason else "polite"
        self._speak(
            Announcement(
                text=announce.speak_symbols(shown), priority=priority, kind="refusal" if reason else "note"
            )
        )
        self.dirty = True

    def answer(self, what: str) -> Announcement | None:
        """A query key's answer, for the match as the table shows it (with the cards you have chosen to
        pass)."""
        return table_voice.answer(what, self.shown_view, chosen=CardSet(self.selected))

    def opened_words(self, verbosity: Verbosity, *, returned: bool) -> Announcement | None:
        """Back at the table (a dialog or a screen over it closed): whose turn it is, while a hand is
        played (after a hand's result the next deal says itself)."""
        if not returned or self.session.needs_deal or self.session.view.phase is Phase.OVER:
            return None
        return self.answer("turn")

    def _speak(self, *announcements: Announcement | None) -> None:
        """Announce these for a screen reader (and the game log)."""
        self.ctx.speaker.say(*announcements)

    def mirror(self) -> page.Mirror:
        """The table as the page mirrors it for assistive technology: your hand, the focus, the buttons
        (built again only when one of them may have changed: it is asked for in every drawn frame)."""
        shown = (self.motion.current, self.session.view)  # (by identity: a new one is a change)
        settings = (self.stage.fast, self.ctx.settings.sound, self.ctx.settings.confirm_taps)
        # (the size too: the cards' places go to the page)
        rest: tuple[object, ...] = (self.focus, frozenset(self.selected), self.raised, self.is_players_move)
        rest = (*rest, self.ctx.size, *settings)
        kept = self._mirrored
        if kept is None or kept[0][0] is not shown[0] or kept[0][1] is not shown[1] or kept[1] != rest:
            kept = self._mirrored = (shown, rest, self._mirror_now())
        return kept[2]

    def _mirror_now(self) -> page.Mirror:
        return table_voice.mirror(
            self.session.view,
            self.hand_cards(),
            focus=self.focus,
            selected=self.selected,
            playing=self.is_players_turn_to_play,
            why=self._why_not,
            buttons=self.buttons(),
            rects=dict(self.shown_hand().rects()),
        )

    @property
    def message(self) -> str:
        """What was said, else the prompt as the cards on the table show it (never your turn before the
        card before it has landed), after who took the last trick."""
        said = self.remarks.said
        if said is not None:
            return said
        shown, current = self.shown_view, self.motion.current
        if self._is_settled() and shown.phase is Phase.PLAY:
            return SETTLED
        stale = controls.is_players_move(shown, waiting=False) and not self.is_players_move
        # While your card is on its way, the turn it answered is over and the next is not yet shown;
        # while the passed cards cross, what you were given and who leads are said once they land.
        passing = current is not None and current.kind == "exchange"
        line = "" if stale or passing or self._card_on_its_way() else prompt(shown, len(self.selected))
        said = self.mode.message(self.session.view, self.motion.is_busy, len(self.selected), line)
        if said is not None:
            return said
        return after_trick(line, self.trick_taken, jack_counts=self.session.match.rules.jack_of_diamonds)

    @property
    def shown_view(self) -> PlayerView:
        """The match as the cards on the table show it: the step's base while one shows, else live."""
        current = self.motion.current
        return self.session.view if current is None else current.base

    @property
    def trick_taken(self) -> Trick | None:
        """The finished trick the message names: while it is held and collected, then until the next
        card lands."""
        step = self.motion.current
        if step is not None and step.taken is not None:
            return step.taken
        view = self.shown_view
        if view.phase is Phase.PLAY and view.tricks and not view.trick.cards:
            return view.tricks[-1]
        return None

    @property
    def message_is_reason(self) -> bool:
        return self.remarks.reason is not None and self.mode.refusals_are_errors

    # Drawing ------------------------------------------------------------------------------------

    def frame(self) -> TableFrame:
        """What the table shows now, as a value the drawer draws from."""
        shown = self.shown_hand()
        view = shown.view
        hand = shown.cards()
        current = self.motion.current
        moving = None if current is None else Moving.of(current)
        refusal = self.remarks.refusal_shown
        settings = self.ctx.settings
        live = self.session.view
        players_move = self.is_players_move
        return TableFrame(
            layout=self.layout,
            shown=view,
            live=live,
            is_players_move=players_move,
            scored=self._scored(view),
            is_your_turn=HUMAN in self.session.match.awaiting,
            is_players_turn_to_play=players_move and live.phase is Phase.PLAY,
            moving=moving,
            hand=tuple(hand),
            raised=shown.raised_indexes(hand),
            cards=tuple(shown.rects()),
            deal_order=tuple(shown.deal_order()) if moving is not None and moving.kind == "deal" else (),
            cards_shown=tuple(shown.held(seat) for seat in Seat),
            highlighted=self.highlighted(),
            lifted=self.raised,
            selected=frozenset(self.selected),
            focus=self.focus,
            refusal=None if refusal is None else Refusal(*refusal, age=self.remarks.refused_age),
            received=shown.received(),
            header=self.header(view),
            message=self.message,
            message_is_reason=self.message_is_reason,
            buttons=tuple(self.buttons()),
            note=self.mode.note,
            band=self.band,
            four_colour=settings.four_colour,
            reduced_motion=settings.reduced_motion,
            keyboard=self.ctx.keyboard,
        )

    def draw(self, surface: pygame.Surface) -> None:
        started = self.stage.clock()
        frame = self.frame()
        self.mode.note_rect = self.drawer.draw(surface, frame)
        self.sight.drew(frame.cards)
        self.stage.drew(self.stage.clock() - started)  # the next frames' thinking leaves room for it
