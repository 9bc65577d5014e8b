"""puntobanco: Punto Banco (baccarat), exact and fast.

>>> from puntobanco import Bet, BetKind, Rules, SeededSource, Shoe, settle
>>> rules = Rules()
>>> shoe = Shoe(rules, SeededSource(2024))
>>> result = shoe.deal_coup()
>>> settlement = settle([Bet(BetKind.BANKER, 1000), Bet(BetKind.TIE, 100)], result, rules)
>>> result.outcome.value, settlement.net_minor
('player', -1100)
"""

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
    ShoeExhausted,
)
from puntobanco.core.fairness import FairSource, commitment, fair_shoe
from puntobanco.core.money import format_minor, parse_amount, winnings_minor
from puntobanco.core.rng import RandomSource, SeededSource, ShuffleSource, SystemSource
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode, TableLimits, Variant
from puntobanco.core.shoe import Shoe

__version__ = "0.1.0"

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
    "Outcome",
    "RandomSource",
    "Rank",
    "Reason",
    "Resolution",
    "Rules",
    "SeededSource",
    "Settlement",
    "Shoe",
    "ShoeExhausted",
    "ShoeMode",
    "ShuffleSource",
    "Side",
    "Suit",
    "SystemSource",
    "TableLimits",
    "Variant",
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
    "verify_bets",
    "winnings_minor",
]
