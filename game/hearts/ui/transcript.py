"""What a screen reader would be told over a few hands: the real table, played by keys alone.

    python -m hearts.ui.transcript --seed 7 --hands 2 [--verbosity brief|full]

The game runs under SDL's dummy video driver with a clock stepped by hand. South is played by key
presses only, as a keyboard player would: the arrows move the focus to the card the Normal bot would
choose (``bots.hints``), Enter plays it; passing, Enter on each of three cards, then on the Pass button
the focus moves to. Once a hand, where the rules leave a card you may not play, Enter is pressed on it
first, so a refusal and its reason are heard too. Each message the page would receive is printed as one
JSON object a line (``{"priority": …, "text": …}``); the last line sums it up.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from .speaker import Message

FRAME = 1 / 30
"""Seconds of game time a frame (the clock is stepped by hand: the transcript takes no real time)."""
PATIENCE = 600.0
"""Game seconds the table may go on without waiting for South before the run is called stuck."""
BRIEF_LONGEST = 120
"""The longest sentence brief announcements may hold (a summary field says whether they kept to it)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.ui.transcript", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seed", type=int, default=1, help="the match's seed (its deals and bots)")
    parser.add_argument("--hands", type=int, default=1, help="how many hands to play")
    parser.add_argument("--verbosity", choices=("brief", "full"), default="brief")
    parser.add_argument("--size", default="1280x720", help="the window, WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    summary = run(
        args.seed, args.hands, verbosity=args.verbosity, size=(int(width), int(height)), out=sys.stdout
    )
    return 0 if summary["hands"] == args.hands else 1


def run(seed: int, hands: int, *, verbosity: str, size: tuple[int, int], out: TextIO) -> dict[str, object]:
    """Play ``hands`` hands of the match seeded ``seed`` by keys, writing each message to ``out``;
    returns (and writes last) the summary."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    player = KeyPlayer(seed, verbosity=verbosity, size=size)
    counts = {"hands": 0, "announcements": 0, "cards_announced": 0, "tricks_announced": 0}
    counts |= {"refusals_announced": 0, "scores_announced": 0, "longest_sentence": 0}
    for message in player.play(hands):
        out.write(json.dumps({"priority": message.priority, "text": message.text}, ensure_ascii=False) + "\n")
        counts["announcements"] += 1
        for part in message.parts:
            kind = part.kind
            counts["cards_announced"] += kind == "card"
            counts["tricks_announced"] += kind == "trick"
            counts["refusals_announced"] += kind == "refusal"
            counts["scores_announced"] += kind == "scores"
            counts["longest_sentence"] = max(counts["longest_sentence"], len(part.text))
    counts["hands"] = player.hands_done
    summary: dict[str, object] = dict(counts)
    if verbosity == "brief":
        summary["brief_within_limit"] = counts["longest_sentence"] <= BRIEF_LONGEST
    out.write(json.dumps(summary) + "\n")
    return summary


class KeyPlayer:
    """The app, with South at its keys."""

    def __init__(self, seed: int, *, verbosity: str, size: tuple[int, int]) -> None:
        import pygame

        from ..storage import MemoryBackend, Settings, Store
        from .app import App
        from .routes import NewMatch

        self.pygame = pygame
        store = Store(MemoryBackend())
        # Every card by a key: the last one does not play itself, nor the rest of a settled hand.
        settings = replace(Settings(), verbosity=verbosity, play_last_card=False, finish_when_settled=False)
        store.save_settings(settings)
        self.app = App(size, store=store, resizable=False)
        self.app.coach_slice = 0.0  # (the coach's judgements say nothing aloud)
        self.heard: list[Message] = []
        self.app.ctx.speaker.listeners.append(self.heard.append)
        self.app.open(NewMatch(seed))  # (at the level of the settings: Normal)
        self.hands_done = 0
        self._refused_in: int | None = None
        """The hand in which a card was already refused (once a hand is enough)."""

    def play(self, hands: int) -> Iterator[Message]:
        """Play until ``hands`` hands are over (or the match is), yielding each message as it is sent."""
        from .scenes.dialog import Dialog

        waited = 0.0
        while self.hands_done < hands:
            self._frame()
            yield from self._heard()
            scene = self.app.scene
            if isinstance(scene, Dialog):
                if scene.name == "hand_result":  # (a match's last hand has one too, before its end)
                    self.hands_done += 1
                    if self.hands_done >= hands:
                        break
                # The dialog's first choice: the next hand, the moon's first way, or (the match over)
                # playing again, so any number of hands can be heard.
                self._key("RETURN")
                waited = 0.0
                continue
            if self._south_moves():
                waited = 0.0
                continue
            waited += FRAME
            if waited > PATIENCE:
                raise RuntimeError(f"the table went {PATIENCE:.0f} s without waiting for South")
        yield from self._heard()

    def _heard(self) -> Iterator[Message]:
        heard = list(self.heard)
        self.heard.clear()
        yield from heard

    # South's moves, by keys ------------------------------------------------------------------------

    def _south_moves(self) -> bool:
        """South's move, if it is South's turn and nothing moves: False otherwise."""
        from ..bots.hints import suggest_pass, suggest_play
        from ..engine import Phase
        from .scenes.table import TableScene

        table = self.app.scene
        if not isinstance(table, TableScene) or not self._waiting(table):
            return False
        view = table.session.view
        if view.phase is Phase.PASS and view.passed is None:
            for card in suggest_pass(view):
                self._focus_on(table, table.hand_cards().index(card))
                self._key("RETURN")
            self._focus_on(table, len(table.hand_cards()))  # the Pass button (where the focus goes)
            self._key("RETURN")
            return True
        if view.phase is Phase.PLAY:
            cards = table.hand_cards()
            refused = [card for card in cards if card not in view.legal]
            if refused and self._refused_in != view.hand_number:
                self._refused_in = view.hand_number
                self._focus_on(table, cards.index(refused[0]))
                self._key("RETURN")  # refused, with its reason
            self._focus_on(table, table.hand_cards().index(suggest_play(view)))
            self._key("RETURN")
            return True
        return False

    def _waiting(self, table: object) -> bool:
        from .scenes.table import TableScene

        assert isinstance(table, TableScene)
        return not table.motion.is_busy and not table.stage.after_motion and table.is_players_move

    def _focus_on(self, table: object, index: int) -> None:
        """Arrow keys until the table's focus is on place ``index`` (the shorter way round)."""
        from .scenes.table import TableScene

        assert isinstance(table, TableScene)
        for _ in range(64):
            if table.state.focus == index:
                return
            stops = len(table.hand_cards()) + (1 if table.snapshot().buttons[-1].key == "action" else 0)
            at = -1 if table.state.focus is None else table.state.focus
            ahead = (index - at) % stops if at >= 0 else index + 1
            self._key("RIGHT" if at < 0 or ahead <= stops - ahead else "LEFT")
        raise RuntimeError(f"the focus never reached place {index} (it is on {table.state.focus})")

    def _key(self, name: str) -> None:
        pygame = self.pygame
        key = getattr(pygame, f"K_{name}")
        self._frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])

    def _frame(self, events: list[object] | None = None) -> None:
        self.app.frame(FRAME, events if events is not None else [])  # type: ignore[arg-type]


if __name__ == "__main__":
    sys.exit(main())
