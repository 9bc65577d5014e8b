"""Betting systems over many sessions: what they do to the bankroll, and what they cannot do.

A :class:`Plan` is a system (flat, Martingale, Paroli, Fibonacci, D'Alembert,
1-3-2-6, Labouchère, follow the last winner) on Banker or Player, with a
bankroll, a base stake, a session length, an optional stop-win and stop-loss,
the table's limits and the rules, whose compiled payout tables settle every
round (:func:`puntobanco.sim.encode.outcome_payouts`). :func:`run_sessions` plays it over
dealt outcomes (one row of rounds per session: see
:mod:`puntobanco.sim.systems_deal`) in the numba kernel of
:mod:`puntobanco.sim.systems_kernels`; :func:`summarize` reduces the sessions to
the figures a player needs: the distribution of the final bankroll, the risk of
ruin, the turnover, and the loss per unit of turnover with its standard error,
beside the exact house edge of the bets made.

The honest answer, which the figures show every time: no staking plan changes
the expectation per unit wagered (every bet has the same negative expectation,
whatever came before); a system only reshapes the distribution of results:
many small wins against rare large losses (Martingale), or the reverse (Paroli),
and a different risk of ruin.

>>> plan = Plan(system="martingale", on="banker", bankroll_minor=10_000, base_minor=1_000,
...             rounds=3)
>>> stakes, sides, path, results = play_one(plan, [PLAYER_WIN, PLAYER_WIN, BANKER_WIN])
>>> stakes.tolist(), path.tolist()
([1000, 2000, 4000], [10000, 9000, 7000, 10800])
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.core.errors import BaccaratError
from puntobanco.core.money import format_minor
from puntobanco.core.rules import PRESETS, BetKind, Rules, TableLimits
from puntobanco.sim import encode
from puntobanco.sim import systems_kernels as k
from puntobanco.sim.systems_kernels import BANKER_WIN, BANKER_WIN_SIX, PLAYER_WIN, TIE

__all__ = [
    "BANKER_WIN",
    "BANKER_WIN_SIX",
    "MAX_ROUNDS",
    "PLAYER_WIN",
    "TIE",
    "Plan",
    "Sessions",
    "Summary",
    "System",
    "SystemsError",
    "exact_edges",
    "play_one",
    "run_sessions",
    "summarize",
]

#: The longest session accepted (rounds).
MAX_ROUNDS = 100_000


class System(StrEnum):
    """The staking plans."""

    FLAT = "flat"
    MARTINGALE = "martingale"
    PAROLI = "paroli"
    FIBONACCI = "fibonacci"
    DALEMBERT = "dalembert"
    ONE_THREE_TWO_SIX = "1-3-2-6"
    LABOUCHERE = "labouchere"
    FOLLOW_WINNER = "follow-the-winner"


_CODES = {
    System.FLAT: k.FLAT,
    System.MARTINGALE: k.MARTINGALE,
    System.PAROLI: k.PAROLI,
    System.FIBONACCI: k.FIBONACCI,
    System.DALEMBERT: k.DALEMBERT,
    System.ONE_THREE_TWO_SIX: k.ONE_THREE_TWO_SIX,
    System.LABOUCHERE: k.LABOUCHERE,
    System.FOLLOW_WINNER: k.FOLLOW_WINNER,
}

#: Accepted spellings besides the values (accents, apostrophes, underscores).
_ALIASES = {
    "d'alembert": System.DALEMBERT,
    "d-alembert": System.DALEMBERT,
    "labouchère": System.LABOUCHERE,
    "1326": System.ONE_THREE_TWO_SIX,
    "one-three-two-six": System.ONE_THREE_TWO_SIX,
    "follow": System.FOLLOW_WINNER,
    "follow-the-last-winner": System.FOLLOW_WINNER,
}

# The jitted kernels, called with positional arguments numba's stubs do not describe.
_PLAY_SESSION: Any = k.play_session
_PLAY_SESSIONS: Any = k.play_sessions

#: Why a session ended, by the kernel's codes.
END_REASONS = ("rounds", "stop_win", "stop_loss", "cannot_afford")


class SystemsError(BaccaratError, ValueError):
    """A betting-system plan is out of range; ``code`` and ``params`` say how."""


def parse_system(name: str | System) -> System:
    """A system from its name (``"martingale"``, ``"d'alembert"``, ``"1-3-2-6"``...).

    Raises:
        SystemsError: Unknown name (``code="unknown_system"``); the message lists them.
    """
    text = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _ALIASES.get(text) or System(text)
    except ValueError:
        allowed = ", ".join(s.value for s in System)
        raise SystemsError(
            f"unknown system {name!r}: choose one of {allowed}",
            code="unknown_system",
            value=str(name),
            allowed=allowed,
        ) from None


def _side(on: str | BetKind) -> BetKind:
    text = str(on).strip().lower()
    if text in (BetKind.BANKER.value, BetKind.PLAYER.value):
        return BetKind(text)
    known = {kind.value for kind in BetKind}
    why = (
        f"{text} is a bet a system does not play: the systems stake on the main "
        "bets' even-money sides only (simulate tallies every other bet)"
        if text in known
        else f"got {on!r}"
    )
    raise SystemsError(f"a system bets on banker or player; {why}", code="bad_side", value=str(on))


@dataclass(frozen=True, kw_only=True)
class Plan:
    """One betting system as a player would run it, all amounts in minor units.

    Attributes:
        system: The staking plan (a name is accepted).
        on: ``banker`` or ``player`` (for follow-the-winner: the first bet's side).
        bankroll_minor: The money brought to each session.
        base_minor: One unit of the progression; from the table minimum to the maximum
            of the spot bet (of both spots, for follow-the-winner).
        rounds: The session's length in rounds, at most (1 to :data:`MAX_ROUNDS`).
        stop_win_minor: Stop once ahead by at least this much.
        stop_loss_minor: Stop once behind by at least this much.
        limits: The table's minimum and maximum stakes.
        rules: Payouts (commission, Banker six) and the shoe.
    """

    system: System
    on: BetKind
    bankroll_minor: int
    base_minor: int
    rounds: int
    stop_win_minor: int | None = None
    stop_loss_minor: int | None = None
    limits: TableLimits = field(default_factory=TableLimits)
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "system", parse_system(self.system))
        set_(self, "on", _side(self.on))
        _whole("bankroll", self.bankroll_minor, minimum=1)
        _whole("rounds", self.rounds, minimum=1, maximum=MAX_ROUNDS, money=False)
        for name in ("stop_win_minor", "stop_loss_minor"):
            value = getattr(self, name)
            if value is not None:
                _whole(name.removesuffix("_minor"), value, minimum=1)
        base = _whole("base", self.base_minor, minimum=1)
        minimum = self.limits.minimum_minor
        maximum = _maximum(self)
        if not minimum <= base <= maximum:
            raise SystemsError(
                f"the base stake {format_minor(base)} must be within the table limits, "
                f"{format_minor(minimum)} to {format_minor(maximum)}",
                code="base_outside_limits",
                stake=base,
                minimum=minimum,
                maximum=maximum,
            )
        if base > self.bankroll_minor:
            raise SystemsError(
                f"the base stake {format_minor(base)} is more than the bankroll "
                f"{format_minor(self.bankroll_minor)}",
                code="base_over_bankroll",
                stake=base,
                balance=self.bankroll_minor,
            )
        # Refused here, with the plan, rather than when the run starts.
        _payouts(self.rules)


def _maximum(plan: Plan) -> int:
    """The most the plan may stake: follow-the-winner bets both spots, so the lower maximum."""
    if plan.system is System.FOLLOW_WINNER:
        return min(plan.limits.maximum_for(kind) for kind in (BetKind.BANKER, BetKind.PLAYER))
    return plan.limits.maximum_for(plan.on)


def _whole(
    name: str, value: object, *, minimum: int, maximum: int | None = None, money: bool = True
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SystemsError(
            f"{name} must be a whole number, got {value!r}",
            code="not_whole",
            name=name,
            value=repr(value),
        )
    if value < minimum or (maximum is not None and value > maximum):
        shown, low = (format_minor(value), format_minor(minimum)) if money else (value, minimum)
        if maximum is None:
            raise SystemsError(
                f"{name} must be at least {low}, got {shown}",
                code="too_small",
                name=name,
                value=str(shown),
                low=str(low),
            )
        raise SystemsError(
            f"{name} must be from {low} to {maximum}, got {shown}",
            code="out_of_range",
            name=name,
            value=str(shown),
            low=str(low),
            high=str(maximum),
        )
    return value


def _payouts(rules: Rules) -> npt.NDArray[np.int64]:
    """The Player and Banker bets' settlement per outcome code, from the compiled tables.

    Checked here, because the kernel indexes it without bounds checks.
    """
    try:
        payouts = encode.outcome_payouts(rules)
    except ValueError as error:
        raise SystemsError(
            str(error), code="rules_not_supported", allowed=", ".join(_playable_presets())
        ) from None
    shape = (len(encode.SYSTEM_SIDES), encode.OUTCOME_CODES, 3)
    return encode.check_array(payouts, shape, np.int64, "the systems' payouts")


def _playable_presets() -> list[str]:
    """The presets whose Player and Banker bets the systems can settle."""
    playable = []
    for name, rules in PRESETS.items():
        try:
            encode.outcome_payouts(rules)
        except ValueError:
            continue
        playable.append(name)
    return playable


def _check_outcomes(outcomes: npt.NDArray[np.int8]) -> None:
    if outcomes.size and not (0 <= int(outcomes.min()) and int(outcomes.max()) < 4):
        raise SystemsError(
            "outcome codes must be 0 (Player), 1 (Banker), 2 (tie) or 3 (Banker on six)",
            code="bad_outcomes",
        )


def _kernel_args(plan: Plan) -> tuple[Any, ...]:
    return (
        _CODES[plan.system],
        int(plan.on is BetKind.BANKER),
        plan.bankroll_minor,
        plan.base_minor,
        _maximum(plan),  # at least the base: the plan checked it
        -1 if plan.stop_win_minor is None else plan.stop_win_minor,
        -1 if plan.stop_loss_minor is None else plan.stop_loss_minor,
        _payouts(plan.rules),
    )


def play_one(
    plan: Plan, outcomes: Sequence[int] | npt.NDArray[np.int8]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int64], dict[str, int]]:
    """Play one session over ``outcomes`` and show every step.

    Returns:
        The stakes of the rounds played, their sides (1 Banker, 0 Player), the
        bankroll before the first round and after each, and the session's
        results by name (``final``, ``rounds_played``, ``turnover``, ``net``,
        ``reason`` index into :data:`END_REASONS`...).
    """
    rounds = np.asarray(outcomes, dtype=np.int8)[: plan.rounds]
    _check_outcomes(rounds)
    stakes = np.zeros(rounds.size, dtype=np.int64)
    sides = np.zeros(rounds.size, dtype=np.int8)
    path = np.zeros(rounds.size + 1, dtype=np.int64)
    results = np.zeros(k.RESULT_COLUMNS, dtype=np.int64)
    if rounds.size:
        _PLAY_SESSION(rounds, *_kernel_args(plan), stakes, sides, path, results)
    else:
        results[k.FINAL] = results[k.LOWEST] = path[0] = plan.bankroll_minor
    played = int(results[k.ROUNDS_PLAYED])
    columns = {
        "final": k.FINAL,
        "rounds_played": k.ROUNDS_PLAYED,
        "turnover": k.TURNOVER,
        "turnover_banker": k.TURNOVER_BANKER,
        "net": k.NET,
        "reason": k.REASON,
        "lowest": k.LOWEST,
    }
    named = {name: int(results[column]) for name, column in columns.items()}
    return stakes[:played], sides[:played], path[: played + 1], named


@dataclass(frozen=True)
class Sessions:
    """Raw results of many sessions of one plan.

    Attributes:
        plan: The plan played.
        results: One row per session, columns as in :mod:`systems_kernels`.
        paths: Bankroll paths of the first sessions (``paths[i, :rounds_played + 1]``;
            the rest of a row repeats the final bankroll).
    """

    plan: Plan
    results: npt.NDArray[np.int64]
    paths: npt.NDArray[np.int64]


def run_sessions(plan: Plan, outcomes: npt.NDArray[np.int8], *, paths: int = 20) -> Sessions:
    """Play ``plan`` once over each row of ``outcomes`` (sessions x rounds).

    Args:
        plan: The system and its settings.
        outcomes: Outcome codes, one row per session, at least ``plan.rounds`` wide.
        paths: How many sessions keep their bankroll path (for plots).
    """
    outcomes = np.ascontiguousarray(outcomes[:, : plan.rounds], dtype=np.int8)
    _check_outcomes(outcomes)
    sessions = outcomes.shape[0]
    kept = min(paths, sessions)
    path_array = np.zeros((kept, outcomes.shape[1] + 1), dtype=np.int64)
    results = np.zeros((sessions, k.RESULT_COLUMNS), dtype=np.int64)
    _PLAY_SESSIONS(outcomes, *_kernel_args(plan), path_array, results)
    for i in range(kept):  # hold the final bankroll after a session's end, for plotting
        played = int(results[i, k.ROUNDS_PLAYED])
        path_array[i, played + 1 :] = results[i, k.FINAL]
    return Sessions(plan, results, path_array)


def exact_edges(rules: Rules) -> dict[BetKind, Fraction] | None:
    """The exact house edges of the Banker and Player bets, from :mod:`puntobanco.analysis`.

    ``None`` where the analyzer is not installed in this build.
    """
    try:
        analysis = importlib.import_module("puntobanco.analysis")
    except ImportError:  # pragma: no cover - the package is always there
        return None
    analyze = getattr(analysis, "analyze", None)
    if analyze is None:
        return None
    result = analyze(rules)
    return {
        kind: Fraction(result.bets[kind].house_edge) for kind in (BetKind.BANKER, BetKind.PLAYER)
    }


#: Quantiles of the final bankroll reported, by name.
QUANTILES = {"p05": 0.05, "p25": 0.25, "p50": 0.50, "p75": 0.75, "p95": 0.95}


@dataclass(frozen=True)
class Summary:
    """What many sessions of one plan came to.

    Money figures are minor units; means are floats (statistics, not payments).
    ``loss_per_unit`` is the player's loss per unit staked (positive: the house
    wins); ``exact_loss_per_unit`` is the exact house edge of the same bets (the
    turnover-weighted mix of the Banker and Player edges), or ``None`` without
    the analyzer; ``rounded_per_unit`` is the part of the loss that rounding
    winnings down to the minor unit took, which the edge does not include;
    ``z`` compares ``loss_per_unit - rounded_per_unit`` with the exact edge.
    """

    system: System
    on: BetKind
    sessions: int
    bankroll_minor: int
    mean_final: float
    std_final: float
    quantiles: dict[str, int]
    lowest_final: int
    highest_final: int
    ahead_rate: float
    ruin_rate: float
    ruin_se: float
    stop_win_rate: float
    stop_loss_rate: float
    mean_turnover: float
    mean_rounds: float
    loss_per_unit: float
    loss_per_unit_se: float
    rounded_per_unit: float
    exact_loss_per_unit: float | None
    z: float | None

    def to_json(self) -> dict[str, Any]:
        """The summary as plain JSON values."""
        return {
            "system": self.system.value,
            "on": self.on.value,
            "sessions": self.sessions,
            "bankroll_minor": self.bankroll_minor,
            "final_bankroll": {
                "mean_minor": self.mean_final,
                "std_minor": self.std_final,
                "quantiles_minor": dict(self.quantiles),
                "min_minor": self.lowest_final,
                "max_minor": self.highest_final,
            },
            "ahead_rate": self.ahead_rate,
            "risk_of_ruin": self.ruin_rate,
            "risk_of_ruin_se": self.ruin_se,
            "stop_win_rate": self.stop_win_rate,
            "stop_loss_rate": self.stop_loss_rate,
            "mean_turnover_minor": self.mean_turnover,
            "mean_rounds": self.mean_rounds,
            "loss_per_unit": self.loss_per_unit,
            "loss_per_unit_se": self.loss_per_unit_se,
            "rounded_per_unit": self.rounded_per_unit,
            "exact_loss_per_unit": self.exact_loss_per_unit,
            "z": self.z,
        }


def summarize(sessions: Sessions, edges: dict[BetKind, Fraction] | None = None) -> Summary:
    """Reduce many sessions to the distribution, the risk of ruin and the loss per unit.

    The loss per unit of turnover is the ratio of total loss to total staked
    over all sessions; its standard error is the ratio estimator's (sessions are
    independent; the rounds within one are not, which this accounts for).
    """
    plan, results = sessions.plan, sessions.results
    n = results.shape[0]
    final = results[:, k.FINAL]
    turnover = results[:, k.TURNOVER].astype(np.float64)
    loss = -results[:, k.NET].astype(np.float64)
    total_turnover = float(turnover.sum())
    ratio = float(loss.sum()) / total_turnover if total_turnover else 0.0
    if n > 1 and total_turnover:
        residual = loss - ratio * turnover
        se = math.sqrt(float(residual @ residual) / (n * (n - 1))) / (total_turnover / n)
    else:
        se = math.nan
    payouts = _payouts(plan.rules)
    rounded = Fraction(0)
    for side in range(payouts.shape[0]):
        for code in range(payouts.shape[1]):
            column = k.ROUNDED + side * payouts.shape[1] + code
            rounded += Fraction(int(results[:, column].sum()), int(payouts[side, code, 2]))
    rounded_per_unit = float(rounded) / total_turnover if total_turnover else 0.0
    exact: float | None = None
    z: float | None = None
    if edges is not None and total_turnover:
        banker_turnover = int(results[:, k.TURNOVER_BANKER].sum())
        player_turnover = int(results[:, k.TURNOVER].sum()) - banker_turnover
        mix = edges[BetKind.BANKER] * banker_turnover + edges[BetKind.PLAYER] * player_turnover
        exact = float(mix / (banker_turnover + player_turnover))
        if se > 0:
            z = (ratio - rounded_per_unit - exact) / se
    reasons = results[:, k.REASON]
    ruin = float(np.mean(reasons == k.END_CANNOT_AFFORD))
    quantiles = {
        name: int(np.quantile(final, q, method="inverted_cdf")) for name, q in QUANTILES.items()
    }
    return Summary(
        system=plan.system,
        on=plan.on,
        sessions=n,
        bankroll_minor=plan.bankroll_minor,
        mean_final=float(final.mean()),
        std_final=float(final.std(ddof=1)) if n > 1 else 0.0,
        quantiles=quantiles,
        lowest_final=int(final.min()),
        highest_final=int(final.max()),
        ahead_rate=float(np.mean(final > plan.bankroll_minor)),
        ruin_rate=ruin,
        ruin_se=math.sqrt(ruin * (1 - ruin) / n),
        stop_win_rate=float(np.mean(reasons == k.END_STOP_WIN)),
        stop_loss_rate=float(np.mean(reasons == k.END_STOP_LOSS)),
        mean_turnover=total_turnover / n,
        mean_rounds=float(results[:, k.ROUNDS_PLAYED].mean()),
        loss_per_unit=ratio,
        loss_per_unit_se=se,
        rounded_per_unit=rounded_per_unit,
        exact_loss_per_unit=exact,
        z=z,
    )
