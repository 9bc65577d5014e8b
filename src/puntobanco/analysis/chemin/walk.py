"""The float path of the Chemin de fer solver: the walk of :mod:`.chemin_tally`, compiled by numba.

Fast enough to solve the game again for the unseen cards after every round of
a shoe. The kernel is the same walk over float64 counts; each weight is a
product of at most six counts, so for shoes up to about 440 cards (every shoe
of up to 8 decks) every weight and every sum is an integer below 2**53 and the
walk is exact. Only the solving (:func:`~.chemin.solve_tally_float`) rounds.

Compiled once and cached on disk; :func:`warm_up` compiles it ahead of a timed run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast

import numpy as np
from numba import njit

from puntobanco.analysis.chemin.solver import (
    INFINITE_DECK,
    Solution,
    chemin_terms,
    solve_tally_float,
)
from puntobanco.analysis.chemin.tally import Tally, scaled_tally
from puntobanco.analysis.walk_jit import outcome, third_card_split
from puntobanco.core.rules import PLAYER_OPTION_TOTALS, BankerRule, Rules
from puntobanco.core.tableau import STANDARD, Tableau


def _player_stood_py(
    c: np.ndarray,
    banker: int,
    player: int,
    part: int,
    w4: float,
    stood_stand: np.ndarray,
    stood_draw: np.ndarray,
) -> None:
    """The Player stood on ``player``: the Banker stands on four cards, or draws a fifth."""
    stood_stand[banker, part, outcome(banker, player)] += w4
    win, lose, tie = third_card_split(c, banker, player)
    stood_draw[banker, part, 0] += w4 * win
    stood_draw[banker, part, 1] += w4 * lose
    stood_draw[banker, part, 2] += w4 * tie


def _player_drew_py(
    c: np.ndarray,
    dec: float,
    banker: int,
    player: int,
    part: int,
    w4: float,
    drew_stand: np.ndarray,
    drew_draw: np.ndarray,
) -> None:
    """The Player draws a third card to ``player``: the Banker stands on it, or draws."""
    for t in range(10):
        ct = c[t]
        if ct == 0:
            continue
        w5 = w4 * ct
        final = (player + t) % 10
        drew_stand[banker, t, part, outcome(banker, final)] += w5
        c[t] -= dec
        win, lose, tie = third_card_split(c, banker, final)
        c[t] += dec
        drew_draw[banker, t, part, 0] += w5 * win
        drew_draw[banker, t, part, 1] += w5 * lose
        drew_draw[banker, t, part, 2] += w5 * tie


def _player_hand_py(
    c: np.ndarray,
    naturals: np.ndarray,
    dec: float,
    player: int,
    part: int,
    draws: bool,
    stands: bool,
    w_player: float,
    sums: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    """Every Banker's pair against the Player's two cards ``player``, into ``sums``."""
    nat, stood_stand, stood_draw, drew_stand, drew_draw, option = sums
    for k in range(10):
        ck = c[k]
        if ck == 0:
            continue
        c[k] -= dec
        for m in range(k, 10):
            cm = c[m]
            if cm == 0:
                continue
            w4 = w_player * ck * cm * (1.0 if k == m else 2.0)
            banker = (k + m) % 10
            if naturals[player] or naturals[banker]:
                nat[outcome(banker, player)] += w4
                continue
            c[m] -= dec
            if part == 1:
                option[0] += w4
            if stands:
                _player_stood(c, banker, player, part, w4, stood_stand, stood_draw)
            if draws:
                _player_drew(c, dec, banker, player, part, w4, drew_stand, drew_draw)
            c[m] += dec
        c[k] += dec


def _walk_py(
    c: np.ndarray,
    naturals: np.ndarray,
    player_draws: np.ndarray,
    option_totals: np.ndarray,
    dec: float,
    nat: np.ndarray,
    stood_stand: np.ndarray,
    stood_draw: np.ndarray,
    drew_stand: np.ndarray,
    drew_draw: np.ndarray,
    option: np.ndarray,
) -> None:
    """The walk of :func:`~.chemin_tally.tally`, into the arrays given (zeroed by the caller)."""
    sums = (nat, stood_stand, stood_draw, drew_stand, drew_draw, option)
    for i in range(10):
        ci = c[i]
        if ci == 0:
            continue
        c[i] -= dec
        for j in range(i, 10):
            cj = c[j]
            if cj == 0:
                continue
            c[j] -= dec
            w_player = ci * cj * (1.0 if i == j else 2.0)
            player = (i + j) % 10
            part = 1 if option_totals[player] else 0
            draws = part == 1 or player_draws[player]
            stands = part == 1 or not player_draws[player]
            _player_hand(c, naturals, dec, player, part, draws, stands, w_player, sums)
            c[j] += dec
        c[i] += dec


# Compiled by assignment rather than as a decorator, so that strict typing keeps the signatures.
_player_stood = cast(Callable[..., None], njit(cache=True, inline="always")(_player_stood_py))
_player_drew = cast(Callable[..., None], njit(cache=True, inline="always")(_player_drew_py))
_player_hand = cast(Callable[..., None], njit(cache=True)(_player_hand_py))
_walk = cast(Callable[..., None], njit(cache=True)(_walk_py))


def float_tally(
    points: Sequence[int], tableau: Tableau = STANDARD, *, replace: bool = False
) -> Tally:
    """:func:`~.chemin_tally.tally` by the compiled walk."""
    counts = np.asarray(points, dtype=np.float64)
    naturals = np.asarray(tableau.naturals, dtype=np.bool_)
    player_draws = np.asarray([tableau.player_draws(t) for t in range(10)], dtype=np.bool_)
    option_totals = np.asarray([t in PLAYER_OPTION_TOTALS for t in range(10)], dtype=np.bool_)
    arrays: dict[str, Any] = {
        "nat": np.zeros(3),
        "stood_stand": np.zeros((10, 2, 3)),
        "stood_draw": np.zeros((10, 2, 3)),
        "drew_stand": np.zeros((10, 10, 2, 3)),
        "drew_draw": np.zeros((10, 10, 2, 3)),
        "option": np.zeros(1),
    }
    _walk(
        counts,
        naturals,
        player_draws,
        option_totals,
        0.0 if replace else 1.0,
        arrays["nat"],
        arrays["stood_stand"],
        arrays["stood_draw"],
        arrays["drew_stand"],
        arrays["drew_draw"],
        arrays["option"],
    )
    return scaled_tally(
        int(sum(points)),
        replace=replace,
        naturals=arrays["nat"].tolist(),
        stood_stand=arrays["stood_stand"].tolist(),
        stood_draw=arrays["stood_draw"].tolist(),
        drew_stand=arrays["drew_stand"].tolist(),
        drew_draw=arrays["drew_draw"].tolist(),
        option=int(arrays["option"][0]),
    )


def solve_chemin_float(
    points: Sequence[int] | None = None,
    *,
    infinite: bool = False,
    banker_rule: BankerRule | None = None,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Solution[float]:
    """The equilibrium in floats, for counts per point value (the caller checks them) or the infinite deck.

    The terms (``banker_rule``, ``commission``, ``tableau``, or ``rules``) are as in
    :func:`~puntobanco.analysis.chemin.solver.solve_chemin`.
    """  # noqa: E501
    terms = chemin_terms(rules, banker_rule=banker_rule, commission=commission, tableau=tableau)
    if infinite:
        weights = float_tally(INFINITE_DECK, terms.tableau, replace=True)
    else:
        weights = float_tally(points if points is not None else (128,) + (32,) * 9, terms.tableau)
    return solve_tally_float(
        weights, terms.banker_rule, commission=terms.commission, tableau=terms.tableau
    )


def warm_up() -> None:
    """Compile (or load from the cache) the kernel, so that timings exclude it."""
    float_tally((4, 1, 1, 1, 1, 1, 1, 1, 1, 1), replace=True)
