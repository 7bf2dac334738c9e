"""The words of How to play: the rules as this table plays them, a few tips, the controls and the keys.

The keys are data: each row names the keys as printed on them, their pygame codes and the intent they
give (from ``intents``), so a test can hold the page to what the game really does with each key.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .intents import (
    Back,
    Confirm,
    Erase,
    FastForward,
    GameLog,
    Hint,
    Intent,
    Jump,
    LastTrick,
    Mute,
    Page,
    Query,
    Step,
)

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The aim",
        (
            "Hearts is a game of dodging points. Every heart you win costs you a point and the Q♠ costs "
            "thirteen. When the match ends, the lowest score wins.",
        ),
    ),
    (
        "The deal",
        (
            "Each hand starts with a shuffled deck of 52 cards dealt out 13 to each player. Aces rank "
            "highest and twos lowest, and there are no trumps.",
            "You sit at the bottom. West is on your left, North across from you and East on your right. "
            "Play goes clockwise: you, West, North, East.",
        ),
    ),
    (
        "Passing three cards",
        (
            "Before any card is played, everyone gives away three cards: to the left in the first hand, "
            "to the right in the second, across the table in the third, and none in the fourth. Then the "
            "round of four starts over.",
            "Choose your three, change your mind as often as you like, and confirm. The three you "
            "receive arrive once all four players have chosen.",
        ),
    ),
    (
        "The 2♣ leads",
        (
            "Whoever holds the 2♣ plays it to open the first trick. After that, whoever wins a trick leads "
            "the next one. A hand is 13 tricks.",
        ),
    ),
    (
        "Following suit",
        (
            "Play a card of the suit that was led if you have one. If you have none, you may play any "
            "card (with the limits below). The highest card of the led suit takes the trick; cards of "
            "other suits never win it.",
        ),
    ),
    (
        "Hearts broken",
        (
            "You may not lead a heart until a heart has been played on an earlier trick (hearts are "
            "\u201cbroken\u201d), unless your hand holds only hearts.",
            "On the first trick, nobody may play a heart or the Q♠ unless they have nothing else.",
        ),
    ),
    (
        "Points",
        (
            "When the hand is over, every heart in the tricks you took scores you 1 point. There are 13 "
            "hearts, so 13 points are out there in hearts alone.",
        ),
    ),
    (
        "The Q♠",
        (
            "The queen of spades is worth 13 points on her own, as much as all the hearts together. She "
            "does not break hearts, and she may be led at any time.",
        ),
    ),
    (
        "Shooting the moon",
        (
            "Take all 13 hearts and the Q♠ in one hand and you score nothing, while each other player "
            "takes 26. Miss a single heart and you keep every point you took.",
        ),
    ),
    (
        "The end of a match",
        (
            "The match ends after the hand in which someone reaches the target, 100 points unless you "
            "chose another. The lowest total wins. If the lowest total is shared, another hand is "
            "played, and more until one player is lowest alone.",
        ),
    ),
    (
        "Table options",
        (
            "Options \u203a Table changes the rules for your next match: a target of 50 or 150; a moon "
            "shooter takes 26 off their own score, or picks; the J♦ takes 10 off its taker's score; tied "
            "players share the win; the Q♠ breaks hearts; points allowed on the first trick.",
        ),
    ),
    (
        "Tips",
        (
            "Pass the A♠ and K♠ along unless you hold several low spades: they are the cards that get "
            "caught under the Q♠.",
            "Getting rid of a whole suit early is strong. When it is led, you can drop the Q♠ or your "
            "high hearts on someone else.",
            "Keep some low cards for slipping under the others, and play your high cards early in a "
            "suit, before anyone can throw points on them.",
            "A \u201cMoon threat\u201d mark means one player has taken every point so far. Take one heart "
            "from them and the moon is off.",
        ),
    ),
    (
        "Taps and clicks",
        (
            "Tap or click a card to play it. While passing, tap three cards to choose them (tap one "
            "again to put it back), then the Pass button.",
            "With \u201cTap, then confirm\u201d on in Options, the first tap lifts a card and a second "
            "tap, or the Play button, plays it.",
            "The buttons at the edge of the table open the menu, give a hint, show the last trick, "
            "fast-forward the computer players to your turn and turn the sound off or on. Tap the "
            "middle of the table to send a finished trick on its way.",
            "On this page, drag the text or turn the mouse wheel to scroll.",
        ),
    ),
)

KEYS_TITLE = "Keys"


@dataclass(frozen=True, slots=True)
class Key:
    """A key as printed on it, and the pygame codes it stands for (both Enters are one "Enter")."""

    label: str
    codes: tuple[int, ...]
    name: str = ""
    """The key in words, where its label is a sign (the arrows), for a screen reader."""

    @property
    def said(self) -> str:
        return self.name or self.label


@dataclass(frozen=True, slots=True)
class KeyRow:
    """Keys that do one thing, what they do in words, and the intent they give."""

    keys: tuple[Key, ...]
    action: str
    intent: type[Intent]

    @property
    def sentence(self) -> str:
        """The row for a screen reader: "Home or End: the first or last button."."""
        keys = [key.said for key in self.keys]
        named = keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " or " + keys[-1]
        return f"{named}: {self.action}."


LEFT = Key("\u2190", (pygame.K_LEFT,), "Left arrow")
RIGHT = Key("\u2192", (pygame.K_RIGHT,), "Right arrow")
UP = Key("\u2191", (pygame.K_UP,), "Up arrow")
DOWN = Key("\u2193", (pygame.K_DOWN,), "Down arrow")
HOME = Key("Home", (pygame.K_HOME,))
END = Key("End", (pygame.K_END,))
PAGE_UP = Key("PgUp", (pygame.K_PAGEUP,))
PAGE_DOWN = Key("PgDn", (pygame.K_PAGEDOWN,))
ENTER = Key("Enter", (pygame.K_RETURN, pygame.K_KP_ENTER))
SPACE = Key("Space", (pygame.K_SPACE,))
ESCAPE = Key("Esc", (pygame.K_ESCAPE,))
TAB = Key("Tab", (pygame.K_TAB,))
SHIFT_TAB = Key("Shift+Tab", (pygame.K_TAB,))
BACKSPACE = Key("Backspace", (pygame.K_BACKSPACE,))

KEY_GROUPS: tuple[tuple[str, tuple[KeyRow, ...]], ...] = (
    (
        "At the table",
        (
            KeyRow((LEFT, RIGHT, UP, DOWN), "Move along your hand, and on to the Pass or Play button", Step),
            KeyRow((HOME, END), "Your first or last card", Jump),
            KeyRow((ENTER, SPACE), "Play the card you are on (while passing, choose it)", Confirm),
            KeyRow((Key("H", (pygame.K_h,)),), "A hint", Hint),
            KeyRow((Key("L", (pygame.K_l,)),), "The last trick", LastTrick),
            KeyRow((Key("F", (pygame.K_f,)),), "Fast-forward the computer players", FastForward),
            KeyRow((Key("M", (pygame.K_m,)),), "Sound off, or back on", Mute),
            KeyRow((ESCAPE,), "The menu", Back),
        ),
    ),
    (
        "Ask the table (said aloud to a screen reader)",
        (
            KeyRow((Key("C", (pygame.K_c,)),), "Your cards, suit by suit", Query),
            KeyRow((Key("T", (pygame.K_t,)),), "The cards on the table", Query),
            KeyRow((Key("S", (pygame.K_s,)),), "The scores: this hand and the totals", Query),
            KeyRow((Key("W", (pygame.K_w,)),), "Whose turn it is", Query),
            KeyRow((Key("P", (pygame.K_p,)),), "What you passed and were given", Query),
            KeyRow((Key("O", (pygame.K_o,)),), "The cards still out in each suit", Query),
            KeyRow((Key("G", (pygame.K_g,)),), "The game log: the last 50 things that happened", GameLog),
        ),
    ),
    (
        "In menus and dialogs",
        (
            KeyRow((UP, DOWN, LEFT, RIGHT), "Move between the buttons", Step),
            KeyRow((TAB, SHIFT_TAB), "The next button, or the one before", Step),
            KeyRow((HOME, END), "The first or last button", Jump),
            KeyRow((ENTER, SPACE), "Press the button you are on", Confirm),
            KeyRow((ESCAPE,), "Go back, or close the dialog", Back),
            KeyRow((BACKSPACE,), "Erase the last letter of a name you type", Erase),
        ),
    ),
    (
        "In a hand's review",
        (
            KeyRow((LEFT, RIGHT), "The step before or after", Step),
            KeyRow((HOME, END), "The deal, or the last trick", Jump),
            KeyRow((ENTER,), "Play on from the step on show", Confirm),
            KeyRow((ESCAPE,), "Back", Back),
        ),
    ),
    (
        "On this page",
        (
            KeyRow((UP, DOWN), "Scroll a little", Step),
            KeyRow((PAGE_UP, PAGE_DOWN), "Scroll a screenful", Page),
            KeyRow((SPACE, ENTER), "Scroll down a screenful", Confirm),
            KeyRow((HOME, END), "The top or the end", Jump),
            KeyRow((ESCAPE,), "Back to where you were", Back),
        ),
    ),
)
