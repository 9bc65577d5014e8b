"""Exact odds over shoe compositions (results as Fractions), and effects of removal.

>>> from puntobanco.analysis import analyze, ShoeCounts
>>> from puntobanco.core.rules import BetKind, Rules
>>> result = analyze(Rules(decks=6), ShoeCounts.full(decks=6))
>>> f"{float(result.bets[BetKind.PLAYER].house_edge):.4%}"
'1.2374%'
"""

from puntobanco.analysis.distribution import Distribution
from puntobanco.analysis.odds import (
    Analysis,
    BetAnalysis,
    Pairs,
    analyze,
    check_shoe,
    main_bet_values,
    pair_bet_values,
    pair_probability,
    shape_bet_values,
)
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.coup import Outcome

__all__ = [
    "Analysis",
    "BetAnalysis",
    "Distribution",
    "InvalidShoe",
    "Outcome",
    "Pairs",
    "ShoeCounts",
    "analyze",
    "check_shoe",
    "main_bet_values",
    "pair_bet_values",
    "pair_probability",
    "shape_bet_values",
]
