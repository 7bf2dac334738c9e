"""Play from here: a finished hand of a match replayed to one of South's decisions, to play on from.

The practice match is a new ``Match`` with the original's rules and start, into which the original's
moves are replayed through the engine up to the chosen point, so it can never hold a state the rules
refuse, and the original is never touched. The points (``step``) of hand ``hand_number``:

- step 0: the hand has just been dealt, before any pass is chosen (the match is in ``Phase.PASS``);
  in a hand without passing, before the first card of the hand is played.
- step k, 1 to 13: South's decision in trick k. Every move of tricks 1 to k - 1 is in, and of
  trick k the cards played before South's turn (none when South leads); South is to play.

With ``play``, South plays that card at step k instead of the card it played, and the practice match
is handed back after it; the engine refuses an illegal card (``IllegalMove``, with its reason).

``python -m hearts.practice SAVEFILE --hand N --from STEP [--play CARD]`` prints the position as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .engine import (
    TRICKS,
    Card,
    HeartsError,
    IllegalMove,
    InvalidNotation,
    InvalidSave,
    Match,
    Phase,
    Play,
    Seat,
    record,
)
from .storage import saved_match

FIRST_STEP: Final = 0
LAST_STEP: Final = TRICKS
"""Step 0 is the hand as dealt; steps 1 to 13 are South's decisions in tricks 1 to 13."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PracticeStart:
    """Where practice starts: hand ``hand_number`` at ``step`` (0 to 13), with ``play`` as South's
    card there instead of the one it played (None: South is still to play)."""

    hand_number: int
    step: int
    play: Card | None = None

    def __post_init__(self) -> None:
        if type(self.hand_number) is not int or self.hand_number < 1:
            raise ValueError(f"a hand is numbered from 1, not {self.hand_number!r}")
        if type(self.step) is not int or not FIRST_STEP <= self.step <= LAST_STEP:
            raise ValueError(
                f"practice starts at step {FIRST_STEP} (the deal) to {LAST_STEP} (the last trick), "
                f"not {self.step!r}"
            )
        if self.play is not None and self.step == FIRST_STEP:
            raise ValueError("a card can be played from trick 1 on, not at the deal (step 0)")

    def is_reached(self, match: Match) -> bool:
        """Whether ``match`` stands at this start (its hand, dealt; at step k, South to play in
        trick k): the first move after it is where practice leaves the original."""
        hand = match.hand
        if hand is None or match.hand_number != self.hand_number:
            return False
        if self.step == FIRST_STEP:
            if match.phase is Phase.PASS:
                return not any(hand.passed)
            return match.phase is Phase.PLAY and not hand.tricks and not hand.trick
        return match.phase is Phase.PLAY and match.to_move is Seat.SOUTH and len(hand.tricks) == self.step - 1

    def match_from(self, original: Match) -> Match:
        """A new match replayed from ``original``'s start to this start (the original is untouched)."""
        if all(scored.hand_number != self.hand_number for scored in original.results):
            raise ValueError(f"hand {self.hand_number} is not finished, so it cannot be played again")
        practice = original.at_start()
        for move in original.moves:
            if self.is_reached(practice):
                break
            practice.apply(move)
        else:  # pragma: no cover - a finished hand passes every start on the way to its score
            raise AssertionError(f"hand {self.hand_number} was never at step {self.step} in the replay")
        if self.play is not None:
            practice.apply(Play(Seat.SOUTH, self.play))
        return practice


def practice_match(match: Match, hand_number: int, step: int, *, play: Card | None = None) -> Match:
    """A new match at step ``step`` of finished hand ``hand_number`` of ``match`` (see the module's
    docstring), after South's ``play`` when given; ``ValueError`` for a hand not finished or a step
    out of range, ``IllegalMove`` for a card South may not play there."""
    return PracticeStart(hand_number=hand_number, step=step, play=play).match_from(match)


def position(match: Match) -> dict[str, object]:
    """The hand in progress as the table shows it: South's cards, the trick on the table, every card
    played this hand in order and the points each seat has taken this hand."""
    snapshot = match.snapshot()
    on_table = [card.notation for card in snapshot.trick.cards]
    played = [card.notation for trick in snapshot.tricks for card in trick.cards] + on_table
    return {
        "hand": [card.notation for card in snapshot.hands[Seat.SOUTH]],
        "trick": on_table,
        "played": played,
        "points": {seat.letter: snapshot.points[seat] for seat in Seat},
    }


# The command -------------------------------------------------------------------------------------


def load_match(path: Path) -> Match:
    """The match in a save file: the game's save (``hearts-save``) or a bare match record."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidSave("a save is UTF-8 text") from None
    data = saved_match.loads(text)
    if isinstance(data, dict) and data.get("format") == record.FORMAT:
        match, _seed = record.from_record(data)
        return match
    return saved_match.parse_saved_match(text).match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hearts.practice",
        description="Replay a finished hand of a saved match to one of South's decisions and show it.",
    )
    parser.add_argument("save", type=Path, help="a saved match: the game's save or a match record")
    parser.add_argument("--hand", type=int, required=True, help="the finished hand, counted from 1")
    parser.add_argument(
        "--from",
        dest="step",
        type=int,
        required=True,
        help="0: as dealt, before the pass; 1 to 13: South's turn in that trick",
    )
    parser.add_argument("--play", help="South plays this card there instead (QS, TH or 10H)")
    args = parser.parse_args(argv)
    try:
        play = None if args.play is None else Card.parse(args.play)
    except InvalidNotation as error:
        print(
            f"hearts.practice: {error}: a card is a rank and a suit, such as QS, TH or 10H", file=sys.stderr
        )
        return 2
    try:
        match = load_match(args.save)
    except (OSError, HeartsError) as error:
        print(f"hearts.practice: cannot read {args.save}: {error}", file=sys.stderr)
        return 2
    try:
        practice = practice_match(match, args.hand, args.step, play=play)
    except IllegalMove as error:
        print(f"hearts.practice: South cannot play {play} there: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"hearts.practice: {error}", file=sys.stderr)
        return 2
    print(json.dumps(position(practice), ensure_ascii=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
