"""From tallies to what an analyst reads: frequencies and net results per bet, with error bars.

Each bet's net result per round takes a few values, one per cell of its
compiled paytable (for Banker: ``1 - commission`` on most wins, the six's
payout on a winning six, ``-1`` on a loss, ``0`` on a tie), and the tallies
count the rounds of every coup class, so how often each value came up. The
sample mean and variance are computed exactly from the counts (Fractions),
and only the square root is a float. The z-score compares the sample mean with
the exact value of :func:`puntobanco.analysis.analyze` for a full shoe; in a
cut-card shoe the exact per-round mean differs from the full-shoe figure by
far less than any feasible standard error.

>>> from puntobanco.core.paytable import shape_index
>>> from puntobanco.core.rules import Rules
>>> from puntobanco.sim.tallies import empty
>>> t = empty(); t[shape_index(7, 5, 2, 2)] = 2; t[shape_index(5, 7, 2, 2)] = 2
>>> bet_summaries(Rules(), t, exact=None)["banker"].mean
-0.025
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from puntobanco.analysis import analyze
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import BaccaratError
from puntobanco.core.gametables import Payout
from puntobanco.core.paytable import Domain
from puntobanco.core.rules import BetKind, Rules
from puntobanco.sim.tallies import (
    Tallies,
    outcome_counts,
    pair_class_counts,
    pair_counts,
    rank_pair_cells,
    rounds,
    shape_counts,
)

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated mean with its standard error, interval and z-score.

    Attributes:
        mean: The sample mean (a frequency, or the net result per unit staked).
        standard_error: Standard error of the mean.
        low: Lower end of the 95% interval (normal approximation).
        high: Upper end of the 95% interval.
        exact: The exact value, when the analyzer gives one.
        z: ``(mean - exact) / standard_error``, when both exist and the error is not 0.
    """

    mean: float
    standard_error: float
    low: float
    high: float
    exact: float | None
    z: float | None

    def as_json(self) -> dict[str, Any]:
        """The estimate as a JSON-ready dict."""
        return {
            "mean": self.mean,
            "standard_error": self.standard_error,
            "ci95": [self.low, self.high],
            "exact": self.exact,
            "z": self.z,
        }


def estimate(values: Mapping[Fraction, int], exact: Fraction | None) -> Estimate:
    """The mean of a sample given as ``{value: count}``, with its standard error.

    >>> e = estimate({Fraction(1): 3, Fraction(-1): 1}, Fraction(0))
    >>> e.mean, round(e.standard_error, 4), round(e.z or 0, 4)
    (0.5, 0.5, 1.0)
    """
    n = sum(values.values())
    if n == 0:
        nan = math.nan
        return Estimate(nan, nan, nan, nan, None if exact is None else float(exact), None)
    mean = sum((v * c for v, c in values.items()), Fraction(0)) / n
    squares = sum((c * (v - mean) ** 2 for v, c in values.items()), Fraction(0))
    variance = squares / (n - 1) if n > 1 else Fraction(0)
    se = math.sqrt(variance / n)
    z = None
    if exact is not None and se > 0:
        z = float((mean - exact) / Fraction(se))
    return Estimate(
        mean=float(mean),
        standard_error=se,
        low=float(mean) - Z95 * se,
        high=float(mean) + Z95 * se,
        exact=None if exact is None else float(exact),
        z=z,
    )


@dataclass(frozen=True, slots=True)
class ExactFigures:
    """What the analyzer says per round, for a full shoe of the rules' decks."""

    outcomes: Mapping[Outcome, Fraction]
    bets: Mapping[BetKind, Fraction]


def exact_figures(rules: Rules) -> ExactFigures | None:
    """The analyzer's exact outcome probabilities and bet values (``None`` if it cannot)."""
    try:
        result = analyze(rules)
    except BaccaratError:
        return None
    outcomes = {o: Fraction(result.probability[o]) for o in Outcome}
    bets = {kind: Fraction(bet.expected_value) for kind, bet in result.bets.items()}
    return ExactFigures(outcomes=outcomes, bets=bets)


def bet_values(rules: Rules, kind: BetKind, t: Tallies) -> dict[Fraction, int]:
    """How often each net result per unit staked came up for a bet: ``{net: rounds}``.

    Read from the bet's compiled cells (:class:`~puntobanco.core.gametables.BetTable`):
    each class of its domain (shape or pairs) settles one way, so the counts
    of the classes give the counts of the results. No payout is computed here.
    A pair bet is read from the coarse rank-pair classes when they settle it
    (Player Pair, Banker Pair, Either Pair), else from the full pair classes.

    Raises:
        KeyError: A bet the rules do not offer, or one that needs the full pair
            classes from tallies that did not count them.
    """
    table = rules.tables.bets[kind]
    cells: tuple[Payout, ...]
    if table.domain is Domain.SHAPE:
        counts, cells = shape_counts(t), table.cells
    else:
        coarse = rank_pair_cells(table)
        if coarse is not None:
            counts, cells = pair_counts(t), coarse
        else:
            counts, cells = pair_class_counts(t), table.cells
            if int(counts.sum()) != rounds(t):
                raise KeyError(f"{kind.value} needs the full pair classes, not tallied here")
    values: dict[Fraction, int] = {}
    for cell, count in zip(cells, counts.tolist(), strict=True):
        if count:
            values[cell.net] = values.get(cell.net, 0) + int(count)
    return values


def bet_summaries(
    rules: Rules, tallies: Tallies, exact: ExactFigures | None
) -> dict[str, Estimate]:
    """Net result per unit staked on every bet the rules offer, by bet name."""
    return {
        kind.value: estimate(
            bet_values(rules, kind, tallies),
            None if exact is None else exact.bets.get(kind),
        )
        for kind in rules.offered_bets
    }


def outcome_summaries(tallies: Tallies, exact: ExactFigures | None) -> dict[str, Estimate]:
    """Frequency of each outcome, by name (``banker``, ``player``, ``tie``)."""
    counts = outcome_counts(tallies)
    total = sum(counts.values())
    return {
        outcome.value: estimate(
            {Fraction(1): count, Fraction(0): total - count},
            None if exact is None else exact.outcomes[outcome],
        )
        for outcome, count in counts.items()
    }
