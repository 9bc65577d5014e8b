"""Exact analyses as JSON-ready dicts: the ``puntobanco odds --json`` schema.

Every probability is written twice: as a float and exactly, the way Python's
``str(Fraction)`` writes it (``"0"``, ``"-1/20"``, ``"1219/115224"``). The
schema is an interface other tools read (``outcomes`` and ``bets`` with
``probability``/``exact`` and ``house_edge``/``exact_house_edge``): extend it, never
rename a key. The server may reuse it.

>>> from puntobanco.analysis import analyze
>>> from puntobanco.core.rules import Rules
>>> data = analysis_json(analyze(Rules()))
>>> data["bets"]["banker"]["exact_house_edge"], round(data["bets"]["banker"]["house_edge"], 6)
('114753351728/10847218479825', 0.010579)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from puntobanco.analysis.effects import Effects, ThroughTheShoe
from puntobanco.analysis.odds import Analysis
from puntobanco.analysis.shoe import RANKS
from puntobanco.core.cards import Rank
from puntobanco.core.coup import Outcome

#: The BetAnalysis fields written as a float and as an exact fraction.
BET_FIELDS = (
    "house_edge",
    "house_edge_per_resolved",
    "expected_value",
    "rtp",
    "win",
    "push",
    "lose",
)


def chance(value: Fraction) -> dict[str, Any]:
    """``{"probability": float, "exact": "p/q"}``."""
    return {"probability": float(value), "exact": str(value)}


def analysis_json(result: Analysis[Fraction]) -> dict[str, Any]:
    """The rules, the shoe, outcomes, bets, cards dealt, naturals, pairs and joint totals.

    The rules are written by :meth:`~puntobanco.core.rules.Rules.to_json`, the
    one JSON form of rules (every field, the tableau and each bet's payout legs).
    """
    rules = result.rules
    shoe = result.shoe
    dist = result.distribution
    out: dict[str, Any] = {
        "rules": rules.to_json(),
        "shoe": {
            "cards": shoe.cards,
            "points": {str(v): c for v, c in enumerate(shoe.points)},
            "ranks": None
            if shoe.ranks is None
            else {r.symbol: c for r, c in zip(RANKS, shoe.ranks, strict=True)},
        },
        "outcomes": {o.value: chance(result.probability[o]) for o in Outcome},
        "bets": {},
        "cards_dealt": {str(k): chance(v) for k, v in result.cards_dealt.items()},
        "naturals": {
            "player": chance(dist.player_natural),
            "banker": chance(dist.banker_natural),
            "both": chance(dist.both_natural),
            "either": chance(dist.player_natural + dist.banker_natural - dist.both_natural),
        },
        "banker_wins_on_six": chance(dist.banker_six),
        "pairs": None,
        "joint": {
            "rows": "player_total",
            "columns": "banker_total",
            "probability": [[float(x) for x in row] for row in result.joint],
            "exact": [[str(x) for x in row] for row in result.joint],
        },
    }
    if result.pairs is not None:
        pairs = result.pairs
        out["pairs"] = {
            "player": chance(pairs.player),
            "banker": chance(pairs.banker),
            "both": chance(pairs.both),
            "either": chance(pairs.either),
        }
    for kind, bet in result.bets.items():
        entry: dict[str, Any] = {}
        for name in BET_FIELDS:
            value = getattr(bet, name)
            entry[name] = float(value)
            entry[f"exact_{name}"] = str(value)
        entry["std_dev"] = bet.std_dev
        out["bets"][kind.value] = entry
    return out


def key_name(key: Rank | int) -> str:
    """A rank's symbol (``"A"``, ``"10"``, ``"K"``) or a point value's digit."""
    return key.symbol if isinstance(key, Rank) else str(key)


def effects_json(effects: Effects, through: ThroughTheShoe | None = None) -> dict[str, Any]:
    """Effects of removal and counting weights per bet, and the through-the-shoe study."""
    bets: dict[str, Any] = {}
    for kind, values in effects.effects.items():
        weights = effects.weights[kind]
        bets[kind.value] = {
            "effects": [None if v is None else float(v) for v in values],
            "exact_effects": [None if v is None else str(v) for v in values],
            "weights": list(weights.weights),
            "level": weights.level,
            "balanced": weights.balanced,
            "correlation": weights.correlation,
        }
    out: dict[str, Any] = {"keys": [key_name(k) for k in effects.keys], "bets": bets}
    if through is not None:
        out["through_the_shoe"] = {
            "shoes": through.shoes,
            "seed": through.seed,
            "rounds": through.rounds,
            "bets": {
                kind.value: {
                    "positive_rounds": b.positive,
                    "frequency": b.frequency,
                    "mean_expected_gain": b.mean_expected_gain,
                    "mean_actual_gain": b.mean_actual_gain,
                }
                for kind, b in through.bets.items()
            },
        }
    return out
