"""Card reasoning shared by the heuristic bots (and the Hard bot): bit masks in, numbers out.

Everything here works on the 52-bit masks of ``engine.cards`` (bit ``suit * 13 + rank - 2``), so the
helpers are cheap enough for a rollout loop. A card's bit index is the card itself; within a suit a
higher bit is a higher rank.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..engine import PASS_SIZE, PlayerView, Seat, Suit, Trick
from ..engine.cards import (
    ALL_CARDS_MASK,
    CARDS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    points_in,
)

SPADES_MASK: Final = SUIT_MASKS[Suit.SPADES]
QUEEN_BIT: Final = 1 << QUEEN_OF_SPADES
JACK_BIT: Final = 1 << JACK_OF_DIAMONDS
HIGH_SPADES_MASK: Final = SPADES_MASK & ~((2 << QUEEN_OF_SPADES) - 1)
"""The K♠ and the A♠: the spades that can catch the queen."""
LOW_SPADES_MASK: Final = SPADES_MASK & (QUEEN_BIT - 1)
"""The spades below the queen: the ones that protect her."""
_SEATS: Final = tuple(Seat)


# Single cards and masks --------------------------------------------------------------------------


def rank_index(card: int) -> int:
    """0 for a two, 12 for an ace."""
    return card % 13


def lowest(mask: int) -> Card:
    """The lowest card of a non-empty mask (the lowest suit's lowest rank)."""
    return CARDS[(mask & -mask).bit_length() - 1]


def highest(mask: int) -> Card:
    """The highest card of a non-empty mask (the highest suit's highest rank)."""
    return CARDS[mask.bit_length() - 1]


def above(card: int) -> int:
    """The cards of ``card``'s suit that beat it."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def below(card: int) -> int:
    """The cards of ``card``'s suit that it beats."""
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


def mask_of(cards: tuple[Card, ...]) -> int:
    """The bit mask of some cards (a trick's, say)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# What the view tells ----------------------------------------------------------------------------


def played_mask(view: PlayerView) -> int:
    """Every card played this hand, the trick in progress included."""
    mask = mask_of(view.trick.cards)
    for trick in view.tricks:
        mask |= mask_of(trick.cards)
    return mask


def unseen_mask(view: PlayerView) -> int:
    """Cards in the other three hands: neither held by this seat nor played."""
    return ALL_CARDS_MASK & ~view.hand.mask & ~played_mask(view)


def known_holder(view: PlayerView, card: Card) -> Seat | None:
    """The seat known to hold ``card``: only a card this seat passed and that is still unplayed."""
    if view.passed is None or card not in view.passed or view.pass_target is None:
        return None
    if played_mask(view) >> card & 1:
        return None
    return view.pass_target


def queen_is_out(view: PlayerView) -> bool:
    """The Q♠ is in another hand (not played, not ours)."""
    return not view.queen_played and QUEEN_OF_SPADES not in view.hand


def winning_card(trick: Trick) -> Card | None:
    """The card that holds the trick so far: the highest of the led suit."""
    if not trick.cards:
        return None
    led = SUIT_MASKS[trick.cards[0] // 13]
    return highest(mask_of(trick.cards) & led)


def winning_seat(trick: Trick) -> Seat | None:
    """Who holds the trick so far."""
    card = winning_card(trick)
    return None if card is None else trick.seat_of(trick.cards.index(card))


def trick_value(cards_mask: int, jack_counts: bool) -> int:
    """What taking these cards costs: penalty points, less 10 for the J♦ when its option is on."""
    value = points_in(cards_mask)
    if jack_counts and cards_mask & JACK_BIT:
        value -= 10
    return value


def seats_after(trick: Trick) -> tuple[Seat, ...]:
    """The seats still to play to the trick after the one now to move."""
    played = len(trick.cards)
    return tuple(trick.leader.offset(index) for index in range(played + 1, 4))


def duck_mask(legal: int, winner: Card) -> int:
    """The legal cards that lose to ``winner`` while following its suit (none when void)."""
    return legal & below(winner)


def highest_duck(legal: int, winner: Card) -> Card | None:
    """The highest card that still loses: it sheds the most while taking nothing."""
    ducks = duck_mask(legal, winner)
    return highest(ducks) if ducks else None


def sole_taker(view: PlayerView) -> Seat | None:
    """The opponent who has taken every point played so far (None before any point, or when the
    points are shared, or when they are ours)."""
    takers = [seat for seat in _SEATS if view.points[seat]]
    if len(takers) != 1 or takers[0] == view.seat:
        return None
    return takers[0]


def queen_taker(view: PlayerView) -> Seat | None:
    """Who took the Q♠ this hand, if anyone has."""
    for trick in view.tricks:
        if QUEEN_OF_SPADES in trick.cards:
            return trick.winner
    return None


def moon_threat(
    view: PlayerView, *, hearts_with_queen: int = 2, hearts_without_queen: int = 4
) -> Seat | None:
    """The opponent who has taken every point so far, once a moon looks likely: the Q♠ and at
    least ``hearts_with_queen`` hearts, or ``hearts_without_queen`` hearts without her.

    (In Normal self-play a seat holding only the Q♠ goes on to shoot less than one time in ten;
    with the Q♠ and two or three hearts, about one time in three.)
    """
    taker = sole_taker(view)
    if taker is None:
        return None
    has_queen = queen_taker(view) == taker
    hearts = view.points[taker] - (QUEEN_OF_SPADES.points if has_queen else 0)
    return taker if hearts >= (hearts_with_queen if has_queen else hearts_without_queen) else None


# Chances ------------------------------------------------------------------------------------------


def suit_holders(view: PlayerView, suit: int) -> tuple[Seat, ...]:
    """The opponents not known to be void in ``suit``."""
    return tuple(seat for seat in _SEATS if seat != view.seat and Suit(suit) not in view.voids[seat])


def lead_win_chance(card: int, unseen: int, holders: int) -> float:
    """The chance that ``card``, led, wins the trick when every follower ducks if it can.

    A follower overtakes only when all its cards of the suit are higher; the unseen cards of the
    suit are taken to be spread evenly over the ``holders`` opponents who may still have the suit.
    """
    suit_unseen = unseen & SUIT_MASKS[card // 13]
    higher = (suit_unseen & above(card)).bit_count()
    if higher == 0 or holders == 0:
        return 1.0
    lower = (suit_unseen & below(card)).bit_count()
    miss = (holders - 1) / holders
    forced = miss**lower * (1.0 - miss**higher)
    return float((1.0 - forced) ** holders)


def void_chance(suit_unseen_count: int, holders: int) -> float:
    """The chance that one of ``holders`` opponents (not known void) turns out void in the suit."""
    if holders <= 0:
        return 1.0
    return float(((holders - 1) / holders) ** suit_unseen_count)


# Discards ---------------------------------------------------------------------------------------


def discard_danger(card: int, hand: int, unseen: int, *, queen_out: bool) -> float:
    """How much it is worth to get rid of ``card`` now, when void in the led suit.

    The Q♠ first; then the K♠/A♠ while the queen is out and could fall on them; then by how likely
    the card is to win a trick later (few unseen cards above it), hearts counting more because
    heart tricks carry points and a heart discarded is a point given away; a card that leaves its
    suit empty gets a little extra (a new void is a new chance to discard).
    """
    bit = 1 << card
    if bit == QUEEN_BIT:
        return 100.0
    if queen_out and bit & HIGH_SPADES_MASK:
        return 50.0 + rank_index(card)
    suit_unseen = unseen & SUIT_MASKS[card // 13]
    higher = (suit_unseen & above(card)).bit_count()
    lower = (suit_unseen & below(card)).bit_count()
    # With nothing left to beat, it wins only when led (and then everyone discards on it).
    risk = lower / (lower + 2 * higher) if lower else 0.0 if higher else 0.6
    is_heart = bool(bit & HEARTS_MASK)
    danger = risk * (4.0 if is_heart else 2.5) + (0.8 if is_heart else 0.0)
    if (hand & SUIT_MASKS[card // 13]).bit_count() == 1:
        danger += 0.5
    return danger + rank_index(card) * 0.01


# Passing ----------------------------------------------------------------------------------------

_QUEEN_RISK: Final = (13.0, 10.0, 7.0, 4.5, 2.0, 1.0)
"""How costly holding the Q♠ is, by the number of lower spades that shield her."""
_HIGH_SPADE_RISK: Final = (6.0, 4.5, 3.0, 1.5, 0.7, 0.3)
"""How costly a K♠ or A♠ is without the queen, by the number of spades below the queen held."""


def hand_danger(hand: int) -> float:
    """A rough cost of keeping ``hand`` through the play (lower is safer); used to choose a pass.

    Spades: the Q♠ is costly unless shielded by several lower spades; the K♠/A♠ are costly when
    short of low spades (they catch the queen). Hearts: the high ones take heart tricks. Clubs and
    diamonds: the honours (less so in clubs, where the first trick is free of points). A void in
    clubs or diamonds is worth a lot: it lets us discard. A void in spades is not: passing our low
    spades away leaves us naked if the queen or a high spade comes back.
    """
    voids = sum(1 for suit in (Suit.CLUBS, Suit.DIAMONDS) if not hand & SUIT_MASKS[suit])
    return sum(suit_danger(suit, hand & SUIT_MASKS[suit]) for suit in Suit) - _VOID_BONUS[voids]


_VOID_BONUS: Final = (0.0, 4.0, 5.0)
"""What no clubs, or no diamonds, or neither, is worth in ``hand_danger``."""


def suit_danger(suit: Suit, cards: int) -> float:
    """One suit's share of ``hand_danger`` (``cards`` is the hand's mask of that suit)."""
    danger = 0.0
    if suit is Suit.SPADES:
        lows = min((cards & LOW_SPADES_MASK).bit_count(), 5)
        has_queen = bool(cards & QUEEN_BIT)
        if has_queen:
            danger += _QUEEN_RISK[lows]
        high_spades = (cards & HIGH_SPADES_MASK).bit_count()
        danger += high_spades * _HIGH_SPADE_RISK[lows] * (0.5 if has_queen else 1.0)
    elif suit is Suit.HEARTS:
        for rank in _ranks_in(cards):
            if rank >= 8:  # ten and up
                danger += (rank - 7) * 0.7
            elif rank <= 3:  # two to five: hearts that duck any heart lead
                danger -= 0.3
    else:
        weight = 0.6 if suit is Suit.CLUBS else 0.8
        for rank in _ranks_in(cards):
            if rank >= 9:  # jack and up
                danger += (rank - 8) * weight
    return danger


def _ranks_in(suit_cards: int) -> list[int]:
    """Rank indexes (0 = two … 12 = ace) of the cards of one suit's mask."""
    ranks = []
    while suit_cards:
        low = suit_cards & -suit_cards
        ranks.append((low.bit_length() - 1) % 13)
        suit_cards ^= low
    return ranks


def best_pass(hand: int) -> int:
    """The three cards whose passing leaves the safest hand by ``hand_danger`` (a mask).

    Every one of the 286 choices is scored (each suit's share worked out once per holding);
    ties go to passing the higher cards.
    """
    suits = tuple(Suit)
    shares: dict[int, float] = {}

    def share(suit: Suit, cards: int) -> float:
        key = cards | suit << 52  # an empty holding still names its suit
        value = shares.get(key)
        if value is None:
            value = shares[key] = suit_danger(suit, cards)
        return value

    best_mask = 0
    best_key: tuple[float, int] = (float("inf"), 0)
    cards = [card for card in range(52) if hand >> card & 1]
    for trio in combinations(cards, PASS_SIZE):
        kept = hand & ~((1 << trio[0]) | (1 << trio[1]) | (1 << trio[2]))
        voids = (not kept & SUIT_MASKS[0]) + (not kept & SUIT_MASKS[1])
        danger = sum(share(suit, kept & SUIT_MASKS[suit]) for suit in suits) - _VOID_BONUS[voids]
        key = (round(danger, 6), -(trio[0] % 13 + trio[1] % 13 + trio[2] % 13))
        if key < best_key:
            best_key, best_mask = key, hand & ~kept
    return best_mask
