"""The steps the exact walks share: a hand's first two cards, an outcome, the Banker's third card.

The Chemin de fer walk (:mod:`puntobanco.analysis.chemin.tally`), its compiled
twin (:mod:`puntobanco.analysis.chemin.walk`), the Banque walk
(:mod:`puntobanco.analysis.banque.walk`) and the coup walk of
:mod:`puntobanco.analysis.exact` go over point values the same way: each
hand's first two cards as an unordered pair weighted by the counts it takes,
and the Banker's third card split by how the coup ends. Pure Python here;
:mod:`puntobanco.analysis.walk_jit` compiles the same functions for the numba
walks, so that this module (and the exact analyzer) stays free of numba.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence

#: Outcomes from the Banker's side, the index of each in an outcome triple.
WIN, LOSE, TIE = 0, 1, 2


def pair_draws(c: MutableSequence[int], dec: int) -> Iterator[tuple[int, int]]:
    """Every unordered pair of point values ``c`` can deal: ``(total, weight)``.

    The weight is the ordered ways of drawing the pair (``c[i] * c[j]``,
    twice that for two different values). While the caller holds a pair its
    two cards are out of ``c`` (``dec`` of each: 1 without replacement, 0
    with); ``c`` is whole again once the iteration ends.

    >>> sorted(pair_draws([2, 1, 0, 0, 0, 0, 0, 0, 0, 0], 1))
    [(0, 2), (1, 4)]
    """
    for i in range(10):
        ci = c[i]
        if not ci:
            continue
        c[i] -= dec
        for j in range(i, 10):
            cj = c[j]
            if not cj:
                continue
            c[j] -= dec
            yield (i + j) % 10, ci * cj * (1 if i == j else 2)
            c[j] += dec
        c[i] += dec


def outcome(banker: int, player: int) -> int:
    """:data:`WIN`, :data:`LOSE` or :data:`TIE` for the Banker's total against the other's.

    >>> outcome(7, 5), outcome(5, 7), outcome(6, 6)
    (0, 1, 2)
    """
    return 0 if banker > player else 1 if banker < player else 2


#: ``OUTCOMES[banker][player]``: :func:`outcome` looked up, for the pure-Python walks' inner loops.
OUTCOMES: tuple[tuple[int, ...], ...] = tuple(
    tuple(outcome(banker, player) for player in range(10)) for banker in range(10)
)


def third_card_split(c: Sequence[int], banker: int, final: int) -> tuple[int, int, int]:
    """How many of the cards ``c`` holds make the Banker, drawing on ``banker``, win, lose or tie.

    ``final`` is the total he is compared with. Counts per point value in,
    ``(win, lose, tie)`` card counts out (floats in, floats out, when compiled).

    >>> third_card_split([4, 1, 1, 1, 1, 1, 1, 1, 1, 1], 3, 6)
    (3, 9, 1)
    """
    win = lose = tie = 0
    for q in range(10):
        cq = c[q]
        if cq:
            total = (banker + q) % 10
            if total > final:
                win += cq
            elif total < final:
                lose += cq
            else:
                tie += cq
    return win, lose, tie
