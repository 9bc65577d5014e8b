"""puntobanco: Punto Banco (baccarat), exact and fast.

>>> from puntobanco import Bet, BetKind, Rules, SeededSource, Shoe, settle
>>> rules = Rules()
>>> shoe = Shoe(rules, SeededSource(2024))
>>> result = shoe.deal_coup()
>>> settlement = settle([Bet(BetKind.BANKER, 1000), Bet(BetKind.TIE, 100)], result, rules)
>>> result.outcome.value, settlement.net_minor
('player', -1100)

The same round at a :class:`Table`, which keeps the balance and checks each action:

>>> from puntobanco import Table, TableLimits
>>> table = Table(rules, TableLimits(), balance_minor=10_000, source=SeededSource(2024))
>>> table.play({BetKind.BANKER: 1000, BetKind.TIE: 100}).net_minor, table.balance_minor
(-1100, 8900)

The core (everything above) is pure Python. :func:`analyze` (exact odds) and
:func:`simulate` (Monte Carlo) need numpy and numba, so they are imported on
first use: ``import puntobanco`` stays light.
"""

import importlib
from typing import TYPE_CHECKING, Any

# First of the package's own imports: see the module.
import puntobanco._quiet_start  # noqa: F401
from puntobanco.core.bets import (
    Bet,
    BetSettlement,
    Resolution,
    Settlement,
    can_place_bets,
    place_bets,
    settle,
    settle_bet,
    verify_bets,
)
from puntobanco.core.cards import Card, Rank, Suit, hand_total, parse_cards
from puntobanco.core.coup import (
    Burn,
    CoupResult,
    Event,
    EventKind,
    Outcome,
    Reason,
    Side,
    play_coup,
)
from puntobanco.core.errors import (
    BaccaratError,
    InsufficientFunds,
    InvalidBet,
    InvalidCard,
    InvalidRules,
    InvalidSeed,
    NoPreviousBets,
    ShoeExhausted,
    WrongPhase,
)
from puntobanco.core.fairness import FairSource, commitment, fair_shoe
from puntobanco.core.money import format_minor, parse_amount, winnings_minor
from puntobanco.core.rng import RandomSource, SeededSource, ShuffleSource, SystemSource
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode, TableLimits, Variant
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import Phase, Placement, SettledRound, Table

if TYPE_CHECKING:
    from puntobanco.analysis import analyze
    from puntobanco.sim.api import simulate

__version__ = "0.1.0"

#: Names imported on first use, and the module each comes from (numpy and numba).
_LAZY = {"analyze": "puntobanco.analysis", "simulate": "puntobanco.sim.api"}


def __getattr__(name: str) -> Any:
    """Import :func:`analyze` and :func:`simulate` when they are first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup does not come here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "PRESETS",
    "BaccaratError",
    "Bet",
    "BetKind",
    "BetSettlement",
    "Burn",
    "Card",
    "CoupResult",
    "Event",
    "EventKind",
    "FairSource",
    "InsufficientFunds",
    "InvalidBet",
    "InvalidCard",
    "InvalidRules",
    "InvalidSeed",
    "NoPreviousBets",
    "Outcome",
    "Phase",
    "Placement",
    "RandomSource",
    "Rank",
    "Reason",
    "Resolution",
    "Rules",
    "SeededSource",
    "SettledRound",
    "Settlement",
    "Shoe",
    "ShoeExhausted",
    "ShoeMode",
    "ShuffleSource",
    "Side",
    "Suit",
    "SystemSource",
    "Table",
    "TableLimits",
    "Variant",
    "WrongPhase",
    "analyze",
    "can_place_bets",
    "commitment",
    "fair_shoe",
    "format_minor",
    "hand_total",
    "parse_amount",
    "parse_cards",
    "place_bets",
    "play_coup",
    "settle",
    "settle_bet",
    "simulate",
    "verify_bets",
    "winnings_minor",
]
