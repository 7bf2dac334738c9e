"""A player at the browser's table who plays by keys alone (``browser_player`` reads the table)."""

from __future__ import annotations

import contextlib

from browser_player import Hand, Table, is_my_move, passing


class KeyHand(Hand):
    """Plays a hand by keys alone: arrows to a card, Enter to choose or play it (after the third card
    chosen, the focus is on Pass, and Enter passes)."""

    def step(self, table: Table) -> None:
        player = self.player
        chosen = [card.id for card in table.hand if card.chosen]
        if passing(table) and table.active is None and len(chosen) == 3:  # the focus is on Pass
            self.passed[:] = chosen  # (as the table shows them: a reading may trail a key by a frame)
            player.key("Enter")
            player.wait_for(lambda t: not passing(t) or t.dialog is not None, what="the pass made")
            return
        if table.active is None:
            player.key("Enter")  # the first key shows the focus
            # (The game places the focus itself once the dealt cards land; if that frame came between the
            # reading above and the key, this Enter chose the card it was on: the next reading shows it.)
            player.wait_for(lambda t: t.active is not None or not is_my_move(t), what="the focus")
            return
        card = next(card for card in table.hand if card.id == table.active)
        if passing(table):
            if card.chosen:
                player.key("ArrowRight")
                player.wait_for(lambda t: t.active != card.id, what="the focus to move")
                return
            player.key("Enter")  # (after the third, the game moves the focus to Pass: the next step)
            player.wait_for(
                lambda t: any(c.id == card.id and c.chosen for c in t.hand) or not passing(t), what="chosen"
            )
            return
        if card.disabled:
            # The game may have put the focus on a card you may play a moment ago (it does so once the
            # cards land) and this arrow then moves it back onto this one: looked at again, a player would
            # go on from where it is, as the next step does.
            player.key("ArrowRight")
            with contextlib.suppress(AssertionError):
                player.wait_for(
                    lambda t: t.active != card.id or not is_my_move(t), timeout=2.0, what="the focus to move"
                )
            return
        count = len(table.hand)
        player.key("Enter")
        self.played.append(card.id)
        player.wait_for(lambda t: len(t.hand) < count or t.dialog is not None, what=f"{card.id} played")
