"""The distribution of a coup's pair classes, from the shoe's cards by rank and suit.

The pair bets read only the first two cards of each hand
(:func:`~puntobanco.core.paytable.pair_class`): whether each hand is a pair,
a suited pair or neither, and whether both paired on one rank. Their
distribution needs the count of every card (rank *and* suit), 52 numbers,
``cards[(rank - 1) * 4 + suit]`` with the suits in the order clubs, diamonds,
hearts, spades. A shoe known only by rank is spread over the suits as evenly as
possible (:func:`spread_suits`).

The weights count ordered deals of the first four cards. The deal order (Player,
Banker, Player, Banker) does not matter: each hand's two cards are any two of
the four, so counting the Player's hand first and then the Banker's from what
is left counts the same deals. The Player's paired hands are few (each suited
pair, each ordered pair of suits within a rank); for each, the Banker's classes
follow from the counts left in closed form; the unpaired Player hands are what
remains of the Banker's marginal counts (by symmetry, the Player's).

>>> weights, total = pair_class_weights(spread_suits((2, 2) + (0,) * 11))
>>> total, sum(weights)
(24, 24)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from puntobanco.core.paytable import PAIR_CLASSES, PairKind, pair_index

#: Suits per rank in the 52-count vector (clubs, diamonds, hearts, spades).
SUITS = 4
#: Card kinds: 13 ranks x 4 suits.
CARD_KINDS = 13 * SUITS


def spread_suits(ranks: Sequence[int]) -> tuple[int, ...]:
    """Counts per card from counts per rank, each rank spread as evenly as possible.

    The cards left over after an even split go to clubs, diamonds, hearts and
    spades, in that order.

    >>> spread_suits((6,) + (0,) * 12)[:4]
    (2, 2, 1, 1)
    """
    cards: list[int] = []
    for count in ranks:
        share, extra = divmod(count, SUITS)
        cards += [share + (suit < extra) for suit in range(SUITS)]
    return tuple(cards)


#: The Banker's classes after a paired Player hand, in the order of the sums below.
_BANKER_AFTER_PAIR = (
    (PairKind.NONE, False),
    (PairKind.PAIR, True),
    (PairKind.PAIR, False),
    (PairKind.SUITED, True),
    (PairKind.SUITED, False),
)


@functools.lru_cache(maxsize=4096)
def pair_class_weights(cards: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Ordered deals of the first four cards in each pair class, and all deals.

    Args:
        cards: 52 counts per card (see the module's docstring), at least 4 in all.

    Returns:
        ``(weights, total)``: ``weights[pair_index(...)]`` and their sum,
        ``n (n-1) (n-2) (n-3)``.
    """
    n = sum(cards)
    ranks = [sum(cards[r * SUITS : r * SUITS + SUITS]) for r in range(13)]
    suited_all = sum(c * (c - 1) for c in cards)
    ranked_all = sum(c * (c - 1) for c in ranks)
    left = n - 2
    dealt = left * (left - 1)
    # Per paired Player hand kind, the Banker's five classes (_BANKER_AFTER_PAIR) summed
    # over the Player's hands, each weighted by its number of ordered deals.
    sums = {PairKind.PAIR: [0] * 5, PairKind.SUITED: [0] * 5}
    for rank, held in enumerate(ranks):
        if held < 2:
            continue
        counts = cards[rank * SUITS : rank * SUITS + SUITS]
        suited_rank_all = sum(c * (c - 1) for c in counts)
        ranked_rank = (held - 2) * (held - 3)
        ranked = ranked_all - held * (held - 1) + ranked_rank
        none = dealt - ranked
        for x, cx in enumerate(counts):
            if not cx:
                continue
            hands: list[tuple[PairKind, int, int]] = []
            if cx >= 2:  # the Player holds two of card x: a suited pair
                hands.append((PairKind.SUITED, cx * (cx - 1), 6 - 4 * cx))
            for y, cy in enumerate(counts):
                if y != x and cy:  # x then y: two suits of one rank
                    hands.append((PairKind.PAIR, cx * cy, 4 - 2 * cx - 2 * cy))
            for player, weight, change in hands:
                suited = suited_all + change
                suited_rank = suited_rank_all + change
                row = sums[player]
                row[0] += weight * none
                row[1] += weight * (ranked_rank - suited_rank)
                row[2] += weight * ((ranked - ranked_rank) - (suited - suited_rank))
                row[3] += weight * suited_rank
                row[4] += weight * (suited - suited_rank)
    weights = [0] * PAIR_CLASSES
    for player, row in sums.items():
        for (banker, same), count in zip(_BANKER_AFTER_PAIR, row, strict=True):
            weights[pair_index(player, banker, same)] = count
    # The unpaired Player hands: the Banker's marginal less the paired Player hands.
    rest = dealt if left >= 1 else 0
    marginal = {
        PairKind.NONE: (n * (n - 1) - ranked_all) * rest,
        PairKind.PAIR: (ranked_all - suited_all) * rest,
        PairKind.SUITED: suited_all * rest,
    }
    for banker, count in marginal.items():
        paired = sum(
            weights[pair_index(player, banker, same)]
            for player in (PairKind.PAIR, PairKind.SUITED)
            for same in (False, True)
        )
        weights[pair_index(PairKind.NONE, banker, False)] = count - paired
    return tuple(weights), n * (n - 1) * (n - 2) * (n - 3)


def float_pair_class_probabilities(cards: tuple[int, ...]) -> np.ndarray:
    """The pair classes' probabilities in floats (from the exact weights, cached per shoe)."""
    return _float_classes(cards)


@functools.lru_cache(maxsize=4096)
def _float_classes(cards: tuple[int, ...]) -> np.ndarray:
    weights, total = pair_class_weights(cards)
    out = np.array(weights, dtype=np.float64) / float(total)
    out.setflags(write=False)
    return out
