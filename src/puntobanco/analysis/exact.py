"""Exact distribution of a coup over a shoe composition, in Python integers.

Cards are drawn without replacement, so the chance of a particular sequence of
point values is a product of counts over a falling factorial. That product does
not depend on the order of the cards, which lets the walk treat each side's
first two cards as an unordered pair (counted twice when the two differ) and
stop as soon as the coup is decided: on a natural, or when both sides stand.

Every branch of the walk is weighted by the number of card sequences that lead
to it (a product of counts); a coup that took ``k`` cards is divided by
``N (N-1) ... (N-k+1)``. Everything stays an integer until the final Fractions,
so the probabilities add up to exactly 1.

>>> d = exact_distribution((128, 32, 32, 32, 32, 32, 32, 32, 32, 32))
>>> d.player + d.banker + d.tie == 1, round(float(d.banker), 6)
(True, 0.458597)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from puntobanco.analysis.distribution import Distribution
from puntobanco.core.tableau import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD, is_natural

#: Fewest cards for which every coup can be completed.
MIN_CARDS = 6


def falling(n: int, k: int) -> int:
    """``n (n-1) ... (n-k+1)``: ordered ways to draw ``k`` of ``n`` cards.

    >>> falling(416, 4)
    29518332480
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


def sequence_weights(points: Sequence[int]) -> tuple[list[list[list[int]]], list[int]]:
    """Count the card sequences behind every way a coup can end.

    Args:
        points: Cards per point value (10 counts), at least :data:`MIN_CARDS` in all.

    Returns:
        ``(weights, naturals)``: ``weights[k][p][b]`` is the number of ordered
        sequences of ``4 + k`` point values (as distinct cards) after which the
        coup ends with Player total ``p`` and Banker total ``b`` having taken
        ``4 + k`` cards; ``naturals`` counts the four-card sequences with a
        Player natural, a Banker natural, and both.
    """
    c = list(points)
    weights = [[[0] * 10 for _ in range(10)] for _ in range(3)]
    four, five, six = weights
    naturals = [0, 0, 0]
    player_draws = PLAYER_DRAWS
    banker_draws = BANKER_DRAWS
    stood = PLAYER_STOOD
    for i in range(10):
        ci = c[i]
        if not ci:
            continue
        c[i] -= 1
        for j in range(i, 10):
            cj = c[j]
            if not cj:
                continue
            c[j] -= 1
            w_player = ci * cj * (1 if i == j else 2)
            player = (i + j) % 10
            player_natural = is_natural(player)
            for k in range(10):
                ck = c[k]
                if not ck:
                    continue
                c[k] -= 1
                for m in range(k, 10):
                    cm = c[m]
                    if not cm:
                        continue
                    w4 = w_player * ck * cm * (1 if k == m else 2)
                    banker = (k + m) % 10
                    banker_natural = is_natural(banker)
                    if player_natural or banker_natural:
                        four[player][banker] += w4
                        naturals[0] += w4 if player_natural else 0
                        naturals[1] += w4 if banker_natural else 0
                        naturals[2] += w4 if player_natural and banker_natural else 0
                        continue
                    c[m] -= 1
                    draws = banker_draws[banker]
                    if player_draws[player]:
                        for t in range(10):
                            ct = c[t]
                            if not ct:
                                continue
                            w5 = w4 * ct
                            final = (player + t) % 10
                            if draws[t]:
                                c[t] -= 1
                                row = six[final]
                                for q in range(10):
                                    if c[q]:
                                        row[(banker + q) % 10] += w5 * c[q]
                                c[t] += 1
                            else:
                                five[final][banker] += w5
                    elif draws[stood]:
                        row = five[player]
                        for q in range(10):
                            if c[q]:
                                row[(banker + q) % 10] += w4 * c[q]
                    else:
                        four[player][banker] += w4
                    c[m] += 1
                c[k] += 1
            c[j] += 1
        c[i] += 1
    return weights, naturals


def exact_distribution(points: Sequence[int]) -> Distribution[Fraction]:
    """The exact distribution of one coup dealt from a shoe with these counts.

    Args:
        points: Cards per point value 0-9; at least :data:`MIN_CARDS` cards.
    """
    n = sum(points)
    assert n >= MIN_CARDS, "callers check the shoe's size"
    weights, naturals = sequence_weights(points)
    # One common denominator: a coup that took k cards stands for every way
    # of dealing the remaining 6 - k positions as well.
    denominator = falling(n, 6)
    scale = (falling(n - 4, 2), n - 5, 1)
    joint_int = [
        [sum(weights[k][p][b] * scale[k] for k in range(3)) for b in range(10)] for p in range(10)
    ]
    player = sum(joint_int[p][b] for p in range(10) for b in range(p))
    banker = sum(joint_int[p][b] for p in range(10) for b in range(p + 1, 10))
    tie = sum(joint_int[p][p] for p in range(10))
    banker_six = sum(joint_int[p][6] for p in range(6))
    dealt = tuple(Fraction(sum(map(sum, weights[k])) * scale[k], denominator) for k in range(3))
    four = falling(n, 4)
    return Distribution(
        joint=tuple(tuple(Fraction(w, denominator) for w in row) for row in joint_int),
        player=Fraction(player, denominator),
        banker=Fraction(banker, denominator),
        tie=Fraction(tie, denominator),
        banker_six=Fraction(banker_six, denominator),
        cards_dealt=(dealt[0], dealt[1], dealt[2]),
        player_natural=Fraction(naturals[0], four),
        banker_natural=Fraction(naturals[1], four),
        both_natural=Fraction(naturals[2], four),
    )
