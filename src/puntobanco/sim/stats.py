"""From tallies to what an analyst reads: frequencies and net results per bet, with error bars.

Each bet's net result per round takes a few values (for Banker: ``1 -
commission`` on most wins, the six's payout on a winning six, ``-1`` on a
loss, ``0`` on a tie), and the tallies count how often each happened. So the
sample mean and variance are computed exactly from the counts (Fractions),
and only the square root is a float. The z-score compares the sample mean with
the exact value of :func:`puntobanco.analysis.analyze` for a full shoe; in a
cut-card shoe the exact per-round mean differs from the full-shoe figure by
far less than any feasible standard error.

>>> from puntobanco.core.rules import Rules
>>> from puntobanco.sim.tallies import empty, ROUNDS, PLAYER_WINS, BANKER_WINS
>>> t = empty(); t[ROUNDS] = 4; t[PLAYER_WINS] = 2; t[BANKER_WINS] = 2
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
from puntobanco.core.rules import BetKind, Rules
from puntobanco.sim.tallies import (
    BANKER_PAIRS,
    BANKER_WINS,
    BANKER_WINS_ON_SIX,
    PLAYER_PAIRS,
    PLAYER_WINS,
    ROUNDS,
    TIES,
    Tallies,
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


def _bet_values(rules: Rules, kind: BetKind, t: Tallies) -> dict[Fraction, int]:
    rounds = int(t[ROUNDS])
    player, banker, ties = int(t[PLAYER_WINS]), int(t[BANKER_WINS]), int(t[TIES])
    if kind is BetKind.PLAYER:
        return _merge((rules.player_pays, player), (Fraction(-1), banker), (Fraction(0), ties))
    if kind is BetKind.BANKER:
        six = int(t[BANKER_WINS_ON_SIX])
        six_pays = rules.banker_six_pays if rules.banker_six_pays is not None else rules.banker_pays
        return _merge(
            (rules.banker_pays, banker - six),
            (six_pays, six),
            (Fraction(-1), player),
            (Fraction(0), ties),
        )
    if kind is BetKind.TIE:
        return _merge((rules.tie_pays, ties), (Fraction(-1), rounds - ties))
    pairs = int(t[PLAYER_PAIRS] if kind is BetKind.PLAYER_PAIR else t[BANKER_PAIRS])
    assert rules.pair_pays is not None
    return _merge((rules.pair_pays, pairs), (Fraction(-1), rounds - pairs))


def _merge(*pairs: tuple[Fraction, int]) -> dict[Fraction, int]:
    merged: dict[Fraction, int] = {}
    for value, count in pairs:
        merged[value] = merged.get(value, 0) + count
    return merged


def bet_summaries(
    rules: Rules, tallies: Tallies, exact: ExactFigures | None
) -> dict[str, Estimate]:
    """Net result per unit staked on every bet the rules offer, by bet name."""
    return {
        kind.value: estimate(
            _bet_values(rules, kind, tallies),
            None if exact is None else exact.bets.get(kind),
        )
        for kind in rules.offered_bets
    }


def outcome_summaries(tallies: Tallies, exact: ExactFigures | None) -> dict[str, Estimate]:
    """Frequency of each outcome, by name (``banker``, ``player``, ``tie``)."""
    rounds = int(tallies[ROUNDS])
    counts = {
        Outcome.BANKER: int(tallies[BANKER_WINS]),
        Outcome.PLAYER: int(tallies[PLAYER_WINS]),
        Outcome.TIE: int(tallies[TIES]),
    }
    return {
        outcome.value: estimate(
            {Fraction(1): count, Fraction(0): rounds - count},
            None if exact is None else exact.outcomes[outcome],
        )
        for outcome, count in counts.items()
    }
