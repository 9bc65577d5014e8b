"""Rules and cards as the small arrays and ints the kernels work on.

A card is one byte, ``rank << 4 | points``: the low nibble is the baccarat
point value (what the tableau needs) and two cards have the same byte exactly
when they have the same rank (what the pair bets need). Suits never matter to
a tally, but the unshuffled order is the core's, so that the same random
stream gives the same ranks in the same places as :class:`core.shoe.Shoe`.

The tableau arrays are built from :mod:`puntobanco.core.tableau`'s tuples,
never typed in again.

>>> encode_cards(parse_cards("Kd 9h Ac")).tolist()
[208, 153, 17]
>>> int(BANKER_DRAW_TABLE[3 * 11 + 8]), int(BANKER_DRAW_TABLE[3 * 11 + 7])
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puntobanco.core.cards import Card, parse_cards, unshuffled
from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.core.tableau import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD

__all__ = [
    "BANKER_DRAW_TABLE",
    "PLAYER_DRAW_TABLE",
    "ShoeLayout",
    "encode_cards",
    "layout",
    "parse_cards",
    "unshuffled_codes",
]

Codes = npt.NDArray[np.uint8]

#: ``BANKER_DRAW_TABLE[total * 11 + player_third]`` (``player_third`` 10: the Player stood).
BANKER_DRAW_TABLE: npt.NDArray[np.uint8] = np.array(
    [int(draws) for row in BANKER_DRAWS for draws in row], dtype=np.uint8
)
#: ``PLAYER_DRAW_TABLE[total]``: the Player draws (no natural on the table).
PLAYER_DRAW_TABLE: npt.NDArray[np.uint8] = np.array(
    [int(draws) for draws in PLAYER_DRAWS], dtype=np.uint8
)
assert len(BANKER_DRAWS[0]) == PLAYER_STOOD + 1


def encode_card(card: Card) -> int:
    """One card's byte: ``rank << 4 | points``."""
    return int(card.rank) << 4 | card.points


def encode_cards(cards: Iterable[Card]) -> Codes:
    """Cards as a ``uint8`` array of card bytes, in order."""
    return np.array([encode_card(card) for card in cards], dtype=np.uint8)


def unshuffled_codes(decks: int) -> Codes:
    """The unshuffled shoe of :func:`core.cards.unshuffled`, encoded."""
    return encode_cards(unshuffled(decks))


@dataclass(frozen=True, slots=True)
class ShoeLayout:
    """The numbers a kernel needs to deal a shoe under some rules.

    Attributes:
        decks: Decks in the shoe.
        cards: Cards in a full shoe.
        cut_index: Position of the first card behind the cut card (cut-card mode).
        burn: Whether each cut-card shoe starts with a burn.
        reshuffle: A fresh shoe for every round (no burn, no cut card).
        max_rounds_per_shoe: An upper bound on the rounds one shoe can give.
    """

    decks: int
    cards: int
    cut_index: int
    burn: bool
    reshuffle: bool
    max_rounds_per_shoe: int


def layout(rules: Rules) -> ShoeLayout:
    """The kernel's view of ``rules``' shoe."""
    reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
    return ShoeLayout(
        decks=rules.decks,
        cards=rules.cards,
        cut_index=rules.cards - rules.cut_card,
        burn=rules.burn and not reshuffle,
        reshuffle=reshuffle,
        # Every round takes at least 4 cards.
        max_rounds_per_shoe=1 if reshuffle else rules.cards // 4,
    )
