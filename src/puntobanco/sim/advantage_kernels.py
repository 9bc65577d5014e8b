"""Numba kernel of the advantage study: the pair classes' weights of a shoe, per round.

:func:`~puntobanco.analysis.pairs.pair_class_weights` is exact Python and was
two thirds of a study round's time; this is the same computation, line for
line, in int64 (a shoe of at most a few hundred cards keeps every product far
below 2**63), and the tests check it equals the analyzer's integers.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from puntobanco.core.paytable import PAIR_CLASSES

# The Banker's classes after a paired Player hand, in the analyzer's order:
# (none, pair of the Player's rank, other pair, suited of the Player's rank, other suited)
# as (banker kind, same rank).
_AFTER_KIND = np.array((0, 1, 1, 2, 2), dtype=np.int64)
_AFTER_SAME = np.array((0, 1, 0, 1, 0), dtype=np.int64)


@njit(cache=True)
def pair_class_weights_nb(  # noqa: C901, PLR0912
    cards: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """``weights[pair_index(player, banker, same)]`` for the 52 card counts (see analysis.pairs)."""
    n = cards.sum()
    ranks = np.zeros(13, dtype=np.int64)
    suited_all = 0
    for i in range(52):
        ranks[i // 4] += cards[i]
        suited_all += cards[i] * (cards[i] - 1)
    ranked_all = 0
    for r in range(13):
        ranked_all += ranks[r] * (ranks[r] - 1)
    left = n - 2
    dealt = left * (left - 1)
    sums = np.zeros((3, 5), dtype=np.int64)  # row 1: Player pair, row 2: Player suited pair
    for rank in range(13):
        held = ranks[rank]
        if held < 2:
            continue
        suited_rank_all = 0
        for s in range(4):
            c = cards[rank * 4 + s]
            suited_rank_all += c * (c - 1)
        ranked_rank = (held - 2) * (held - 3)
        ranked = ranked_all - held * (held - 1) + ranked_rank
        none = dealt - ranked
        for x in range(4):
            cx = cards[rank * 4 + x]
            if cx == 0:
                continue
            for y in range(-1, 4):
                if y == -1:  # the Player holds two of card x: a suited pair
                    if cx < 2:
                        continue
                    player = 2
                    weight = cx * (cx - 1)
                    change = 6 - 4 * cx
                else:
                    cy = cards[rank * 4 + y]
                    if y == x or cy == 0:
                        continue
                    player = 1
                    weight = cx * cy
                    change = 4 - 2 * cx - 2 * cy
                suited = suited_all + change
                suited_rank = suited_rank_all + change
                sums[player, 0] += weight * none
                sums[player, 1] += weight * (ranked_rank - suited_rank)
                sums[player, 2] += weight * ((ranked - ranked_rank) - (suited - suited_rank))
                sums[player, 3] += weight * suited_rank
                sums[player, 4] += weight * (suited - suited_rank)
    weights = np.zeros(PAIR_CLASSES, dtype=np.int64)
    for player in range(1, 3):
        for j in range(5):
            weights[(player * 3 + _AFTER_KIND[j]) * 2 + _AFTER_SAME[j]] = sums[player, j]
    rest = dealt if left >= 1 else 0
    marginal = np.array(
        ((n * (n - 1) - ranked_all) * rest, (ranked_all - suited_all) * rest, suited_all * rest)
    )
    for banker in range(3):
        paired = 0
        for player in range(1, 3):
            for same in range(2):
                paired += weights[(player * 3 + banker) * 2 + same]
        weights[banker * 2] = marginal[banker] - paired
    return weights


@njit(cache=True)
def pair_class_probabilities_nb(
    cards: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:  # pragma: no cover
    """The pair classes' probabilities: the exact weights over ``n (n-1) (n-2) (n-3)``."""
    n = cards.sum()
    weights = pair_class_weights_nb(cards)
    return weights.astype(np.float64) / float(n * (n - 1) * (n - 2) * (n - 3))
