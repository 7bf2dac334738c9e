"""The table: your hand, the three bots, the trick, and everything you can tap.

The engine moves on at once; the table shows each move as a short animation (``motion``) and lets the
next bot play only when the last move has been shown. The live view is only drawn when no step is showing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from ...bots.hints import suggest_pass, suggest_play
from ...engine import (
    CardSet,
    Event,
    HandScored,
    IllegalMove,
    MatchOver,
    Moon,
    MoonChoiceNeeded,
    Phase,
    Play,
    PlayerView,
    Seat,
    Trick,
)
from ...engine.cards import Card
from ...words import DIRECTION_WORDS, SEAT_NAMES, has_played, prompt, trick_taken
from .. import routes
from ..hand_layout import HAND_COUNT
from ..intents import Back, Confirm, FastForward, Hint, Hover, Intent, Jump, LastTrick, Mute, Step, Tap
from ..modes.base import TableMode
from ..motion import InHand, Motion, dealing
from ..session import HUMAN, Session
from ..table_draw import TableDrawer
from ..table_frame import Moving, Refusal, TableFrame
from ..table_layout import TableLayout
from ..table_pace import (
    BOT_PAUSE,
    DOUBLE_TAP,
    FAST,
    PACE,
    REASON_TIME,
    RECEIVED_LIFT,
    REFUSED_BUBBLE,
    REFUSED_SHAKE,
    THINK_SLICE,
    steps_for,
)
from ..widgets import Button
from .base import Context, Push, Scene, Transition


class TableScene(Scene):
    """The table of one kind (``mode``: a match, the daily deal, the lesson): input and focus, the
    pacing of the bots, and the engine's events shown as motion."""

    def __init__(self, ctx: Context, mode: TableMode) -> None:
        self.mode = mode
        self.motion = Motion()
        self.selected: set[Card] = set()
        """Cards chosen for the pass (up to three)."""
        self.raised: Card | None = None
        """Under tap-then-confirm, the card the first tap lifted; also the card a hint points at."""
        self.focus: int | None = None
        """Keyboard focus: an index into the hand, or ``len(hand)`` for the action button."""
        self.reason: str | None = None
        """Why the last try was refused: shown until the next move or choice."""
        self.note: str | None = None
        """A passing remark (a hint's suggestion), shown until the next move."""
        self.fast = False
        self.bot_wait = 0.0
        self.after_motion: list[Callable[[], Transition | None]] = []
        self.was_human_turn = mode.session.is_human_turn
        self.lift_received = 0.0
        """Seconds left for the cards you were passed to stand raised."""
        self.refused: Card | None = None
        self.refused_age = 0.0
        self.reason_age = 0.0
        self.played_tap: tuple[tuple[int, int], float] | None = None
        """Where and how long ago a tap played a card (see ``DOUBLE_TAP``)."""
        """The card last refused, and seconds since (it shakes, then its reason shows beside it)."""
        super().__init__(ctx)
        self.drawer = TableDrawer(ctx.fonts, ctx.painter)
        self.after_motion.extend(mode.reopened())  # the question the table left open, put again

    @property
    def session(self) -> Session:
        return self.mode.session

    # Layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.layout: TableLayout
        self.band: pygame.Rect | None
        self.layout, self.band = self.mode.layout(size)
        self.dirty = True

    # What is showing ------------------------------------------------------------------------

    @property
    def shown(self) -> PlayerView:
        current = self.motion.current
        return current.base if current is not None else self.session.view

    def hand_cards(self) -> list[Card]:
        """The human's cards as laid out, left to right (hidden ones are in the air)."""
        current = self.motion.current
        hidden = current.hidden if current is not None else frozenset()
        return [card for card in self.shown.hand if card not in hidden]

    def dealt_cards(self) -> frozenset[Card] | None:
        """While dealing, the cards that have landed in your hand so far (None when not dealing)."""
        current = self.motion.current
        if current is None or current.kind != "deal" or current.dealer is None:
            return None
        landed = dealing(current.dealer, current.t).held[HUMAN]
        return frozenset(self.deal_order()[:landed])

    def cards_shown(self, seat: Seat) -> int:
        """How many cards ``seat`` is shown holding: while dealing, those that have landed so far; then
        what every player is dealt, less what it has played."""
        current = self.motion.current
        if current is not None and current.kind == "deal" and current.dealer is not None:
            return dealing(current.dealer, current.t).held[seat]
        view = self.shown
        played_now = 1 if view.trick.card_of(seat) is not None else 0
        return HAND_COUNT - len(view.tricks) - played_now

    def deal_order(self) -> list[Card]:
        """Your cards in the order they are dealt to you: shuffled, not sorted, as a real deal comes."""
        view = self.shown
        return sorted(view.hand, key=lambda card: (card * 7919 + view.hand_number * 104729) % 52)

    def raised_indexes(self, cards: list[Card]) -> frozenset[int]:
        up: set[Card] = set(self.selected)
        view = self.shown
        if view.passed is not None and view.phase is Phase.PASS:
            up |= set(view.passed)
        if self.raised is not None:
            up.add(self.raised)
        if self.lift_received > 0 and view.received is not None:
            up |= set(view.received)
        return frozenset(index for index, card in enumerate(cards) if card in up)

    def card_rects(self) -> list[tuple[Card, pygame.Rect]]:
        """Each card to draw and where, in drawing order."""
        cards = self.hand_cards()
        rects = self.layout.hand.rects(len(cards), self.raised_indexes(cards))
        pairs = list(zip(cards, rects, strict=True))
        dealt = self.dealt_cards()
        if dealt is not None:
            pairs = [(card, rect) for card, rect in pairs if card in dealt]
        return pairs

    @property
    def is_animating(self) -> bool:
        return self.motion.is_busy or self.session.bot_to_move is not None

    @property
    def is_safe_to_reload(self) -> bool:
        """On your own turn in a table that saves after every card (not the lesson)."""
        return self.mode.is_safe_to_reload and not self.is_animating and self.session.is_human_turn

    def buttons(self) -> list[Button]:
        layout = self.layout
        view = self.session.view
        action = self._action()
        buttons = [
            Button("menu", layout.buttons["menu"], icon="menu", label="Menu"),
            Button("hint", layout.buttons["hint"], icon="hint", label="Hint", enabled=self._can_hint()),
            Button(
                "last", layout.buttons["last"], icon="last", label="Last trick", enabled=bool(view.tricks)
            ),
            Button("fast", layout.buttons["fast"], icon="fast", label="Fast-forward", selected=self.fast),
            Button(
                "sound",
                layout.buttons["sound"],
                icon="sound" if self.ctx.settings.sound else "muted",
                label="Sound on" if self.ctx.settings.sound else "Sound off",
            ),
        ]
        if action is not None:
            label, enabled = action
            buttons.append(Button("action", layout.action, label=label, enabled=enabled, primary=enabled))
        return buttons

    def _action(self) -> tuple[str, bool] | None:
        """The big button's label and whether it can be pressed now (None: no button)."""
        view = self.session.view
        if self.motion.is_busy:
            return None
        if view.phase is Phase.PASS and view.passed is None:
            return f"Pass {DIRECTION_WORDS[view.pass_direction]}", len(self.selected) == 3
        if (
            view.phase is Phase.PLAY
            and view.to_move == HUMAN
            and self.ctx.settings.confirm_taps
            and self.raised is not None
        ):
            return "Play", True
        return None

    @property
    def is_players_move(self) -> bool:
        """Whether the player's input is taken now: from the moment the prompt says it is their turn
        (passing, or a card to play), even while the last cards still move; a move ends that motion."""
        view = self.session.view
        if self.after_motion:
            return False  # a dialog (the moon, the results) comes first
        return (view.phase is Phase.PASS and view.passed is None) or (
            view.phase is Phase.PLAY and view.to_move == HUMAN
        )

    @property
    def is_players_turn_to_play(self) -> bool:
        """A card to play: unplayable cards are hatched exactly while this holds."""
        return self.is_players_move and self.session.view.phase is Phase.PLAY

    def _can_hint(self) -> bool:
        return self.is_players_move

    def _finish_motion(self) -> Transition | None:
        """The player moved while cards were still moving: they arrive at once."""
        if not self.motion.is_busy:
            return None
        self.motion.finish()
        return self._drain_after_motion()

    # Input ----------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> Transition | None:
        if isinstance(intent, Hover):
            return None
        self.dirty = True
        if self.mode.intercepts(intent, self.focus):
            return None
        if isinstance(intent, Tap):
            return self._tap(intent.pos)
        if isinstance(intent, Back):
            return self._open_menu()
        if isinstance(intent, Hint):
            self._hint()
        elif isinstance(intent, LastTrick):
            return self._last_trick()
        elif isinstance(intent, FastForward):
            self._toggle_fast()
        elif isinstance(intent, Mute):
            self._toggle_sound()
        elif isinstance(intent, Step):
            self._move_focus(intent.delta)
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
        card = self._card_at(pos)
        if current is not None and not (card is not None and self.is_players_move):
            if current.skippable and self.layout.trick_area.collidepoint(pos):
                self.motion.skip_trick()
                return self._drain_after_motion()
            return None  # not the player's move yet: a tap during an animation never plays a card
        if card is None:
            return None
        if self.played_tap is not None and math.dist(pos, self.played_tap[0]) < self.layout.metrics.tap / 2:
            return None  # the second tap of a double tap
        self.focus = None
        moves = self.session.match.move_count
        transition = self._finish_motion() or self._choose(card)
        if self.session.match.move_count != moves:
            self.played_tap = (pos, 0.0)
        return transition

    def _card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card of the hand drawn under ``pos`` (as the player sees it now)."""
        cards = self.hand_cards()
        index = self.layout.hand.hit(len(cards), pos, self.raised_indexes(cards))
        if index is None:
            return None
        drawn = self.dealt_cards()
        return cards[index] if drawn is None or cards[index] in drawn else None

    def _press(self, key: str) -> Transition | None:
        if key == "menu":
            return self._open_menu()
        if key == "hint":
            self._hint()
        elif key == "last":
            return self._last_trick()
        elif key == "fast":
            self._toggle_fast()
        elif key == "sound":
            self._toggle_sound()
        elif key == "action":
            return self._act()
        return None

    def _move_focus(self, delta: int) -> None:
        count = len(self.hand_cards())
        stops = count + (1 if self._action() is not None else 0)
        if not stops:
            return
        self.focus = (0 if delta > 0 else stops - 1) if self.focus is None else (self.focus + delta) % stops

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
        return self._finish_motion() or self._choose(card)

    def _choose(self, card: Card) -> Transition | None:
        """The player picked ``card`` (tap, click or Enter)."""
        view = self.session.view
        if view.phase is Phase.PASS and view.passed is None:
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < 3:
                self.selected.add(card)
            else:
                self._say("You have chosen three cards. Tap one of them to put it back.", reason=True)
                return None
            self.reason = self.note = None
            return None
        if view.phase is not Phase.PLAY or view.to_move != HUMAN:
            self._say(self._waiting_words(), reason=True)
            return None
        if card not in view.legal:
            reason = self.session.match.why_illegal(Play.of(HUMAN, card))
            self._say(reason or "You cannot play that card now.", reason=True)
            self.refused, self.refused_age = card, 0.0
            return None
        if self.ctx.settings.confirm_taps and self.raised != card:
            self.raised = card
            self._say(f"Tap {card} again, or press Play.", reason=False)
            return None
        return self._play(card)

    def _act(self) -> Transition | None:
        before = self.mode.moving()
        transition = self._act_now()
        self.mode.moved(before)
        return transition

    def _act_now(self) -> Transition | None:
        view = self.session.view
        if view.phase is Phase.PASS and view.passed is None and len(self.selected) == 3:
            cards = CardSet(self.selected)
            self.selected.clear()
            self.focus = None
            events = self.session.pass_cards(cards)
            return self._show(events)
        if view.phase is Phase.PLAY and self.raised is not None:
            return self._play(self.raised)
        return None

    def _play(self, card: Card) -> Transition | None:
        moving = self.mode.moving()
        transition = self._play_now(card)
        self.mode.moved(moving)
        return transition

    def _play_now(self, card: Card) -> Transition | None:
        before = self.session.view
        cards = self.hand_cards()
        start = self._in_hand(cards, card)
        try:
            events = self.session.play(card)
        except IllegalMove as error:
            self._say(str(error), reason=True)
            return None
        self.raised = None
        self.focus = None if self.focus is None else max(0, min(self.focus, len(cards) - 2))
        return self._show(events, before=before, human_start=start)

    def _in_hand(self, cards: list[Card], card: Card) -> InHand | None:
        """Where ``card`` lies in the hand as drawn now, as a place the layout can find again."""
        if card not in cards:
            return None
        return InHand(cards.index(card), len(cards), self.raised_indexes(cards))

    def _hint(self) -> None:
        if not self._can_hint() or self._finish_motion() is not None:
            return
        view = self.session.view
        if view.phase is Phase.PASS:
            self.selected = set(suggest_pass(view))
            shown = " ".join(str(card) for card in sorted(self.selected))
            self._say(f"Suggested: pass {shown}. Change them if you like.", reason=False)
        else:
            card = suggest_play(view)
            self.raised = card
            cards = self.hand_cards()
            self.focus = cards.index(card) if card in cards else None
            self._say(f"Suggested: {card}.", reason=False)

    def _toggle_fast(self) -> None:
        self.fast = not self.fast
        if self.fast:
            self.motion.skip_trick()

    def _toggle_sound(self) -> None:
        """The Sound option, from the table: saved at once, and a card's tap confirms it is on."""
        self.ctx.save_settings(replace(self.ctx.settings, sound=not self.ctx.settings.sound))
        self.ctx.sound.play("card")

    def _open_menu(self) -> Transition | None:
        return self.mode.menu()

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
        if self.mode.holds_bots(self.motion.is_busy):
            return self._drain_after_motion()  # the computer players wait while you read
        transition = self._advance(dt)
        for name in self.motion.take_cues():
            self.ctx.sound.play(name)
        return transition

    def _advance(self, dt: float) -> Transition | None:
        pace = self._pace()
        self._tick(dt)
        if self.motion.is_busy:
            self.dirty = True
            head = self.motion.current
            self.motion.advance(dt / pace)
            if head is not None and head.kind == "exchange" and self.motion.current is not head:
                self.lift_received = RECEIVED_LIFT
            if self.motion.is_busy:
                return None
        transition = self._drain_after_motion()
        if transition is not None:
            return transition
        session = self.session
        if session.needs_deal:
            return self._deal()
        seat = session.bot_to_move
        human_turn = session.is_human_turn
        if human_turn and not self.was_human_turn and self.fast:
            self.fast = False  # fast-forward covers the bots' turns up to yours
            self.dirty = True
        self.was_human_turn = human_turn
        last = self._forced_last_card()
        if last is not None:
            return self._play(last)
        if seat is None:
            return None
        self.bot_wait += dt
        move = session.think(THINK_SLICE)
        # Passes are chosen all at once and shown together: only cards wait to be followed by eye.
        pause = 0.0 if self.fast or session.phase is Phase.PASS else BOT_PAUSE * pace
        if move is None or self.bot_wait < pause:
            return None
        self.bot_wait = 0.0
        before = session.view
        events = session.apply_bot_move()
        return self._show(events, before=before)

    def _tick(self, dt: float) -> None:
        """The received cards' lift, a refusal's shake and bubble, and the double-tap guard run on
        their own clocks."""
        if self.played_tap is not None:
            age = self.played_tap[1] + dt
            self.played_tap = None if age >= DOUBLE_TAP else (self.played_tap[0], age)
        if self.lift_received > 0:
            self.lift_received = max(0.0, self.lift_received - dt)
            self.dirty = self.dirty or self.lift_received == 0
        if self.refusal_shown is not None:
            self.refused_age += dt
            self.dirty = True
        if self.reason is not None:
            self.reason_age += dt
            if self.reason_age >= REASON_TIME:
                self.reason = None
                self.dirty = True

    def _forced_last_card(self) -> Card | None:
        """Your one card left, when it may play itself (the option, on by default)."""
        view = self.session.view
        if not self.ctx.settings.play_last_card or not self.is_players_turn_to_play or len(view.hand) != 1:
            return None
        return next(iter(view.hand))

    def _pace(self) -> float:
        if self.fast:
            return FAST
        return PACE.get(self.ctx.settings.pace, 1.0)

    def _drain_after_motion(self) -> Transition | None:
        while self.after_motion and not self.motion.is_busy:
            transition = self.after_motion.pop(0)()
            if transition is not None:
                return transition
        return None

    def _deal(self) -> Transition | None:
        events = self.mode.deal()
        if events is None:
            return None
        self.selected.clear()
        self.raised = None
        return self._show(events)

    # Turning events into motion -------------------------------------------------------------

    def _show(
        self,
        events: list[Event],
        *,
        before: PlayerView | None = None,
        human_start: InHand | None = None,
    ) -> Transition | None:
        """Show ``events`` as motion; what follows once the cards have landed (a question, a result)
        waits in ``after_motion``."""
        self.reason = self.note = None
        for shown in steps_for(
            events,
            self.session.view,
            before=before,
            your_card_from=human_start,
            in_hand=lambda card: self._in_hand(self.hand_cards(), card),
            reduced_motion=self.ctx.settings.reduced_motion,
        ):
            self.motion.add(shown)
        for event in events:
            if isinstance(event, MoonChoiceNeeded) and event.shooter is HUMAN:
                self.after_motion.append(lambda: Push(routes.MoonChoice()))
            elif isinstance(event, HandScored):
                over = any(isinstance(other, MatchOver) for other in events)
                self.after_motion.append(partial(self.mode.hand_over, event, over))
            elif isinstance(event, MatchOver):
                self.mode.finished()
                self.after_motion.append(partial(self.mode.match_over, event))
        self.dirty = True
        transition = None if self.motion.is_busy else self._drain_after_motion()
        self.mode.shown(events)
        return transition

    def highlighted(self) -> frozenset[Card]:
        """Cards to mark as suggested (the lesson marks its suggestions; a match, none)."""
        return self.mode.highlighted(self.motion.is_busy)

    def header(self, view: PlayerView) -> str:
        return self.mode.header(view)

    def background_work(self) -> Callable[[float], bool] | None:
        return self.mode.background

    # Words ----------------------------------------------------------------------------------

    def _say(self, text: str, *, reason: bool) -> None:
        if reason:
            self.reason = self.mode.reason_words(text)
            self.reason_age = 0.0
        else:
            self.reason = None
            self.note = text
        self.refused = None
        self.dirty = True

    @property
    def refusal_shown(self) -> tuple[Card, str, float] | None:
        """The refused card whose reason shows beside it, the reason, and its shake (0 when still)."""
        if self.refused is None or self.reason is None or self.refused_age >= REFUSED_BUBBLE:
            return None
        shake = max(0.0, 1 - self.refused_age / REFUSED_SHAKE)
        return self.refused, self.reason, shake

    @property
    def message(self) -> str:
        if self.reason or self.note:
            return self.reason or self.note or ""
        said = self.mode.message(self.session.view, self.motion.is_busy, len(self.selected), self._prompt())
        if said is not None:
            return said
        taken = self.trick_taken
        prompt = self._prompt()
        if taken is None:
            return prompt
        words = trick_taken(taken, jack_counts=self.session.match.rules.jack_of_diamonds)
        return f"{words}. {prompt}" if prompt else words

    @property
    def trick_taken(self) -> Trick | None:
        """The finished trick being shown (held, then collected), if that is what is showing."""
        current = self.motion.current
        return None if current is None else current.taken

    @property
    def message_is_reason(self) -> bool:
        return self.reason is not None and self.mode.refusals_are_errors

    def _waiting_words(self) -> str:
        if self.session.phase is Phase.PASS:
            return "Wait for the others to choose their cards."
        seat = self.session.bot_to_move
        if seat is None:
            return "Wait a moment."
        return f"Wait for {SEAT_NAMES[seat]} to play."

    def _prompt(self) -> str:
        """The message for the player when nothing has gone wrong."""
        return prompt(self.session.view, len(self.selected))

    # Drawing ------------------------------------------------------------------------------------

    def frame(self) -> TableFrame:
        """What the table shows now, as a value the drawer draws from."""
        view = self.shown
        hand = self.hand_cards()
        current = self.motion.current
        moving = (
            None
            if current is None
            else Moving(
                current.kind,
                current.t,
                current.trick,
                current.hidden,
                current.taken,
                current.flights,
                current.dealer,
            )
        )
        refusal = self.refusal_shown
        received = view.received if view.received is not None and not has_played(view) else None
        settings = self.ctx.settings
        return TableFrame(
            layout=self.layout,
            shown=view,
            live=self.session.view,
            is_players_move=self.is_players_move,
            is_your_turn=self.session.is_human_turn,
            is_players_turn_to_play=self.is_players_turn_to_play,
            moving=moving,
            hand=tuple(hand),
            raised=self.raised_indexes(hand),
            cards=tuple(self.card_rects()),
            deal_order=tuple(self.deal_order()) if moving is not None and moving.kind == "deal" else (),
            cards_shown=tuple(self.cards_shown(seat) for seat in Seat),
            highlighted=self.highlighted(),
            lifted=self.raised,
            selected=frozenset(self.selected),
            focus=self.focus,
            refusal=None if refusal is None else Refusal(*refusal, age=self.refused_age),
            received=None if received is None else frozenset(received),
            header=self.header(view),
            message=self.message,
            message_is_reason=self.message_is_reason,
            buttons=tuple(self.buttons()),
            note=self.mode.note,
            band=self.band,
            four_colour=settings.four_colour,
            reduced_motion=settings.reduced_motion,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.mode.note_rect = self.drawer.draw(surface, self.frame())
