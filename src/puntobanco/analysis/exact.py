"""Exact distribution of a coup over a shoe composition, in Python integers.

Cards are drawn without replacement, so the chance of a particular sequence of
point values is a product of counts over a falling factorial. That product does
not depend on the order of the cards, which lets the walk treat each side's
first two cards as an unordered pair (counted twice when the two differ) and
stop as soon as the coup is decided: on a natural, or when both sides stand.

The drawing rules are read from the :class:`~puntobanco.core.tableau.Tableau`
given (the rules' ``tableau``), and every branch ends in one coup *shape*
(:func:`~puntobanco.core.paytable.shape_index`): both totals and each side's
hand size. Every branch is weighted by the number of card sequences that lead
to it (a product of counts); a coup that took ``k`` cards is divided by
``N (N-1) ... (N-k+1)``. Everything stays an integer until the final Fractions,
so the probabilities add up to exactly 1. For shoes of up to 458 cards the same
integers come from the compiled walk (:func:`~puntobanco.analysis.kernels.integer_weights`,
exact in float64 there): about a hundred times faster.

>>> d = exact_distribution((128, 32, 32, 32, 32, 32, 32, 32, 32, 32))
>>> d.player + d.banker + d.tie == 1, round(float(d.banker), 6)
(True, 0.458597)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from puntobanco.analysis.distribution import Distribution, ExactShapes
from puntobanco.analysis.walk_steps import pair_draws
from puntobanco.core.paytable import SHAPES
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Cell, Tableau

#: Fewest cards for which every coup can be completed.
MIN_CARDS = 6

#: Whole numbers below this are exact in float64: the compiled walk counts a shoe's card
#: sequences when there are fewer (``falling(n, 6)``: shoes up to 458 cards, 8 decks and a
#: little more), the Python walk below when there are more.
EXACT_IN_FLOATS = 2**53

#: The hand sizes ``(player_cards, banker_cards)`` of each size class, in the order
#: of :func:`~puntobanco.core.paytable.shape_index` (``class * 100 + p * 10 + b``).
SIZE_CLASSES: tuple[tuple[int, int], ...] = ((2, 2), (2, 3), (3, 2), (3, 3))


def falling(n: int, k: int) -> int:
    """``n (n-1) ... (n-k+1)``: ordered ways to draw ``k`` of ``n`` cards.

    >>> falling(416, 4)
    29518332480
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


def sequence_weights(points: Sequence[int], tableau: Tableau = STANDARD) -> list[list[list[int]]]:
    """Count the card sequences behind every way a coup can end.

    Args:
        points: Cards per point value (10 counts), at least :data:`MIN_CARDS` in all.
        tableau: The drawing rules.

    Returns:
        ``weights[s][p][b]``: the number of ordered sequences of point values
        (as distinct cards) after which the coup ends with Player total ``p``
        and Banker total ``b``, the hands being of the sizes
        ``SIZE_CLASSES[s]`` (so the sequences are 4, 5, 5 or 6 cards long).
    """
    c = list(points)
    weights = [[[0] * 10 for _ in range(10)] for _ in range(4)]
    four, banker_drew = weights[0], weights[1]
    naturals = tableau.naturals
    player_draws = [cell is Cell.DRAW for cell in tableau.player]
    banker_draws = [[cell is Cell.DRAW for cell in row] for row in tableau.banker]
    for player, w_player in pair_draws(c, 1):
        for banker, w_banker in pair_draws(c, 1):
            w4 = w_player * w_banker
            if naturals[player] or naturals[banker]:
                four[player][banker] += w4
            elif player_draws[player]:
                _player_third(c, weights, player, banker, banker_draws[banker], w4)
            elif banker_draws[banker][PLAYER_STOOD]:
                _banker_third(c, banker_drew[player], banker, w4)
            else:
                four[player][banker] += w4
    return weights


def _player_third(
    c: list[int],
    weights: list[list[list[int]]],
    player: int,
    banker: int,
    banker_draws: Sequence[bool],
    w4: int,
) -> None:
    """The Player draws on ``player``; the Banker on ``banker`` draws as ``banker_draws`` says."""
    player_drew, six = weights[2], weights[3]
    for t in range(10):
        ct = c[t]
        if not ct:
            continue
        w5 = w4 * ct
        final = (player + t) % 10
        if banker_draws[t]:
            c[t] -= 1
            _banker_third(c, six[final], banker, w5)
            c[t] += 1
        else:
            player_drew[final][banker] += w5


def _banker_third(c: list[int], row: list[int], banker: int, weight: int) -> None:
    """The Banker draws on ``banker``: each card left into ``row`` by his final total."""
    for q in range(10):
        if c[q]:
            row[(banker + q) % 10] += weight * c[q]


def exact_distribution(
    points: Sequence[int], tableau: Tableau = STANDARD
) -> Distribution[Fraction]:
    """The exact distribution of one coup dealt from a shoe with these counts.

    Args:
        points: Cards per point value 0-9; at least :data:`MIN_CARDS` cards.
        tableau: The drawing rules (the rules' ``tableau``).
    """
    n = sum(points)
    assert n >= MIN_CARDS, "callers check the shoe's size"
    if falling(n, 6) < EXACT_IN_FLOATS:
        # The same integers from the compiled walk (each weight is at most falling(n, 6)).
        from puntobanco.analysis.kernels import integer_weights  # imports numba

        weights = integer_weights(points, tableau)
    else:
        weights = sequence_weights(points, tableau)
    # One common denominator: a coup that took k cards stands for every way
    # of dealing the remaining 6 - k positions as well.
    denominator = falling(n, 6)
    scale = (falling(n - 4, 2), n - 5, n - 5, 1)
    flat = tuple(w * scale[s] for s in range(4) for row in weights[s] for w in row)
    assert len(flat) == SHAPES
    joint_int = [
        [flat[p * 10 + b] + flat[100 + p * 10 + b] + flat[200 + p * 10 + b] + flat[300 + p * 10 + b]
         for b in range(10)]
        for p in range(10)
    ]  # fmt: skip
    player = sum(joint_int[p][b] for p in range(10) for b in range(p))
    banker = sum(joint_int[p][b] for p in range(10) for b in range(p + 1, 10))
    tie = sum(joint_int[p][p] for p in range(10))
    banker_six = sum(joint_int[p][6] for p in range(6))
    by_class = [sum(flat[s * 100 : s * 100 + 100]) for s in range(4)]
    dealt = (by_class[0], by_class[1] + by_class[2], by_class[3])
    # A natural ends the coup on four cards, and a two-card total the tableau
    # calls natural is one: the naturals are sums over the four-card shapes.
    naturals = tableau.naturals
    four = weights[0]
    player_natural = sum(sum(four[p]) for p in range(10) if naturals[p])
    banker_natural = sum(four[p][b] for p in range(10) for b in range(10) if naturals[b])
    both_natural = sum(
        four[p][b] for p in range(10) for b in range(10) if naturals[p] and naturals[b]
    )
    four_cards = falling(n, 4)

    def share(count: int) -> Fraction:
        return Fraction(count, denominator)

    return Distribution(
        shapes=ExactShapes(flat, denominator),
        joint=tuple(tuple(share(w) for w in row) for row in joint_int),
        player=share(player),
        banker=share(banker),
        tie=share(tie),
        banker_six=share(banker_six),
        cards_dealt=(share(dealt[0]), share(dealt[1]), share(dealt[2])),
        player_natural=Fraction(player_natural, four_cards),
        banker_natural=Fraction(banker_natural, four_cards),
        both_natural=Fraction(both_natural, four_cards),
    )
