"""Exact odds over shoe compositions (results as Fractions), and effects of removal.

>>> from puntobanco.analysis import analyze, ShoeCounts
>>> from puntobanco.core.rules import BetKind, Rules
>>> result = analyze(Rules(decks=6), ShoeCounts.full(decks=6))
>>> f"{float(result.bets[BetKind.PLAYER].house_edge):.4%}"
'1.2374%'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# The analyzer's modules load numba; the package loads them on first use, so that a
# light submodule (``analysis.shoe``, which the command line's option parsing uses)
# can be imported without them, and ``puntobanco --help`` starts fast.
_HOMES = {
    "Distribution": "puntobanco.analysis.distribution",
    "InvalidShoe": "puntobanco.analysis.shoe",
    "ShoeCounts": "puntobanco.analysis.shoe",
    "Outcome": "puntobanco.core.coup",
    **dict.fromkeys(
        (
            "Analysis",
            "BetAnalysis",
            "Pairs",
            "analyze",
            "check_shoe",
            "main_bet_values",
            "pair_bet_values",
            "pair_probability",
            "shape_bet_values",
        ),
        "puntobanco.analysis.odds",
    ),
}


def __getattr__(name: str) -> Any:
    """Import a public name's module when the name is first used."""
    try:
        home = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


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
