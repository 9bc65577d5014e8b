"""Every bet priced from the rules' compiled paytable: the sum of p(class) x cell.

A bet's compiled :class:`~puntobanco.core.gametables.BetTable` says how it ends
on every class of its domain (a coup *shape*, or a coup's *pairs*). Given the
probability of every class, the bet wins, pushes and loses with the summed
probabilities of its cells, and its expected value is the sum of each class's
probability times the cell's net result. No payout rule is written here: the
numbers come from the cells, read once per rules into :class:`Pricing`.

* The exact path adds the integer weights of the classes that settle alike
  (a handful of distinct cells per bet), then divides once.
* The float path multiplies one small matrix (win, push, net and net squared
  per bet, a column per class) by the class probabilities.

>>> from puntobanco.core.rules import Rules
>>> p = pricing(Rules(banker_commission=0, banker_six_pays="1/2"))
>>> p.shape.kinds, p.shape.matrix.shape, p.pairs.kinds
((<BetKind.PLAYER: 'player'>, <BetKind.BANKER: 'banker'>, <BetKind.TIE: 'tie'>), (12, 400), ())
>>> sorted(str(cell.net) for cell, _ in p.shape.groups[1])
['-1', '0', '1', '1/2']
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic

import numpy as np

from puntobanco.analysis.distribution import Num
from puntobanco.core.gametables import BetTable, Payout
from puntobanco.core.paytable import PAIR_CLASSES, SHAPES, Domain, Resolution
from puntobanco.core.rules import MAIN_BETS, BetKind, Rules

#: Rows of :attr:`DomainPricing.matrix` per bet: win, push, net, net squared.
ROWS = 4


@dataclass(frozen=True, slots=True)
class BetAnalysis(Generic[Num]):
    """What one bet is worth, per unit staked, from the player's side.

    Attributes:
        kind: The bet spot.
        win: Probability that the bet wins.
        push: Probability that the stake is returned (Player and Banker on a tie).
        lose: Probability that the stake is lost.
        expected_value: Mean net gain per unit staked (negative: the player loses).
        house_edge: ``-expected_value``: ties count as pushes (the usual figure).
        house_edge_per_resolved: The house edge per bet that won or lost
            (pushes left out), ``house_edge / (1 - push)``; 0 if it always pushes.
        rtp: Return to player, ``1 + expected_value``: what comes back per unit staked.
        std_dev: Standard deviation of the net gain per unit staked.
    """

    kind: BetKind
    win: Num
    push: Num
    lose: Num
    expected_value: Num
    house_edge: Num
    house_edge_per_resolved: Num
    rtp: Num
    std_dev: float


#: Sums the weights of one group of classes.
Summer = Callable[[Sequence[int]], int]


@dataclass(frozen=True, slots=True)
class DomainPricing:
    """The bets on one domain (shapes or pairs), ready to price.

    Attributes:
        kinds: The bets, in layout order.
        groups: Per bet: each distinct cell and a function that sums the
            weights of the classes that settle that way.
        matrix: ``ROWS`` rows per bet (win and push indicators, the net result
            and its square) by one column per class, in floats.
    """

    kinds: tuple[BetKind, ...]
    groups: tuple[tuple[tuple[Payout, Summer], ...], ...]
    matrix: np.ndarray


@dataclass(frozen=True, slots=True)
class Pricing:
    """One rules' bets ready to price.

    Attributes:
        shape: The bets that read the coup's shape.
        pairs: The bets that read the coup's pairs.
        main_nets: The net result of Player, Banker and Tie on every shape,
            a (3, 400) float array: the live-shoe hot path.
    """

    shape: DomainPricing
    pairs: DomainPricing
    main_nets: np.ndarray


def _summer(indices: tuple[int, ...]) -> Summer:
    if len(indices) == 1:
        index = indices[0]
        return lambda weights: weights[index]
    get = operator.itemgetter(*indices)
    return lambda weights: sum(get(weights))


def _domain(tables: Sequence[BetTable], classes: int) -> DomainPricing:
    matrix = np.zeros((ROWS * len(tables), classes))
    groups = []
    for row, table in enumerate(tables):
        assert len(table.cells) == classes
        by_cell: dict[Payout, list[int]] = {}
        for index, cell in enumerate(table.cells):
            by_cell.setdefault(cell, []).append(index)
            net = float(cell.net)
            matrix[ROWS * row, index] = cell.resolution is Resolution.WIN
            matrix[ROWS * row + 1, index] = cell.resolution is Resolution.PUSH
            matrix[ROWS * row + 2, index] = net
            matrix[ROWS * row + 3, index] = net * net
        groups.append(tuple((cell, _summer(tuple(idx))) for cell, idx in by_cell.items()))
    matrix.setflags(write=False)
    return DomainPricing(tuple(t.kind for t in tables), tuple(groups), matrix)


@functools.cache
def _compile(rules: Rules) -> Pricing:
    bets = rules.tables.bets
    shape = _domain([t for t in bets.values() if t.domain is Domain.SHAPE], SHAPES)
    pairs = _domain([t for t in bets.values() if t.domain is Domain.PAIRS], PAIR_CLASSES)
    rows = [ROWS * shape.kinds.index(kind) + 2 for kind in MAIN_BETS]
    main_nets = np.ascontiguousarray(shape.matrix[rows])
    main_nets.setflags(write=False)
    return Pricing(shape, pairs, main_nets)


@functools.lru_cache(maxsize=256)
def pricing(rules: Rules) -> Pricing:
    """The bets of ``rules`` ready to price, built from ``rules.tables`` once per rules.

    (Rules keep their hash, so the lookup costs a fraction of a microsecond.)
    """
    return _compile(rules)


def bet_analysis(kind: BetKind, win: Num, push: Num, ev: Num, second: Num) -> BetAnalysis[Num]:
    """A bet's figures from its win and push chances and the first two moments of its net."""
    resolved = 1 - push
    return BetAnalysis(
        kind=kind,
        win=win,
        push=push,
        lose=1 - win - push,
        expected_value=ev,
        house_edge=-ev,
        # A bet that can only push (a shoe of nothing but ten-value cards) never resolves.
        house_edge_per_resolved=-ev / resolved if resolved else push - push,
        rtp=1 + ev,
        std_dev=math.sqrt(max(float(second - ev * ev), 0.0)),
    )


def price_exact(
    domain: DomainPricing, weights: Sequence[int], denominator: int
) -> dict[BetKind, BetAnalysis[Fraction]]:
    """Price the bets of ``domain`` exactly.

    Args:
        domain: The bets and their cells.
        weights: Per class, an integer weight.
        denominator: The weights' total: class ``i`` has probability
            ``weights[i] / denominator``.
    """
    prices = {}
    for kind, groups in zip(domain.kinds, domain.groups, strict=True):
        win = push = 0
        ev = second = Fraction(0)
        for cell, summer in groups:
            weight = summer(weights)
            if not weight:
                continue
            if cell.resolution is Resolution.WIN:
                win += weight
            elif cell.resolution is Resolution.PUSH:
                push += weight
            net = cell.net
            ev += weight * net
            second += weight * net * net
        prices[kind] = bet_analysis(
            kind,
            Fraction(win, denominator),
            Fraction(push, denominator),
            ev / denominator,
            second / denominator,
        )
    return prices


def price_float(
    domain: DomainPricing, probabilities: np.ndarray
) -> dict[BetKind, BetAnalysis[float]]:
    """Price the bets of ``domain`` in floats, from the probability of every class."""
    stats = (domain.matrix @ probabilities).tolist()
    return {
        kind: bet_analysis(kind, *stats[ROWS * row : ROWS * row + ROWS])
        for row, kind in enumerate(domain.kinds)
    }


def pair_weights(ranks: Sequence[int]) -> tuple[tuple[int, int, int, int], int, int]:
    """Weights of the four pair classes (:func:`~puntobanco.core.paytable.pair_index`).

    Args:
        ranks: Cards per rank, at least 4 in all.

    Returns:
        ``(weights, single, denominator)``: the number of ordered deals of the
        first four cards in each class (neither side pairs, only the Banker,
        only the Player, both), the number in which a given side pairs, and
        the number of deals in all.

    >>> pair_weights((2, 2))  # A A B B: whoever pairs leaves the other pair to the other side
    ((16, 0, 0, 8), 8, 24)
    """
    n = sum(ranks)
    same = sum(c * (c - 1) for c in ranks)
    # Both pair: the four first cards are two pairs, of one rank or of two.
    both = (
        same * same - sum((c * (c - 1)) ** 2 for c in ranks) + sum(c * (c - 1) * (c - 2) * (c - 3)
                                                                   for c in ranks)
    )  # fmt: skip
    single = same * (n - 2) * (n - 3)
    total = n * (n - 1) * (n - 2) * (n - 3)
    return (total - 2 * single + both, single - both, single - both, both), single, total


def float_pair_classes(ranks: Sequence[int]) -> tuple[np.ndarray, float, float]:
    """The pair classes' probabilities in floats, and a side's and both sides' pair chances."""
    n = float(sum(ranks))
    same = float(sum(c * (c - 1) for c in ranks))
    both_count = same * same - sum((c * (c - 1)) ** 2 for c in ranks)
    both_count += sum(c * (c - 1) * (c - 2) * (c - 3) for c in ranks)
    single = same / (n * (n - 1.0))
    both = both_count / (n * (n - 1.0) * (n - 2.0) * (n - 3.0))
    classes = np.array((1.0 - 2.0 * single + both, single - both, single - both, both))
    return classes, single, both
