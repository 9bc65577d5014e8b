"""Outcomes for the betting systems, dealt from realistic seeded shoes.

Every session plays real rounds: cut-card shoes (burn, cut card, the round
after it) or reshuffled rounds, exactly as :class:`puntobanco.core.shoe.Shoe`
deals them with :class:`puntobanco.core.rng.SeededSource`. The rounds are one
stream ("exactly N rounds": shoes in index order, the last one cut off);
session ``i`` plays rounds ``i * rounds`` to ``(i + 1) * rounds - 1``.

Each round is one ``int8`` code (:mod:`puntobanco.sim.systems_kernels`):
Player win 0, Banker win 1, tie 2, Banker win with a total of 6: 3.
"""

from __future__ import annotations

import importlib

import numpy as np
import numpy.typing as npt

from puntobanco.core.coup import CoupResult
from puntobanco.core.paytable import SHAPES
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe
from puntobanco.sim.encode import outcome_code_of_shape
from puntobanco.sim.tallies import class_of

#: The most rounds one call deals (one byte each).
MAX_OUTCOMES = 500_000_000


def outcome_code(result: CoupResult) -> int:
    """The kernel's code for one dealt coup (:func:`encode.outcome_code_of_shape` of its shape)."""
    return outcome_code_of_shape(class_of(result) % SHAPES)


def deal_outcomes_reference(rules: Rules, *, seed: int, rounds: int) -> npt.NDArray[np.int8]:
    """``rounds`` outcome codes from the core reference engine (slow: the oracle)."""
    shoe = Shoe(rules, SeededSource(seed))
    return np.array([outcome_code(shoe.deal_coup()) for _ in range(rounds)], dtype=np.int8)


def deal_outcomes(rules: Rules, *, seed: int, rounds: int) -> npt.NDArray[np.int8]:
    """``rounds`` outcome codes of the seeded stream (the fastest dealer available).

    The numba kernels of :mod:`puntobanco.sim.kernels` when they are there
    (they give the same rounds, which the tests check); else the reference.
    """
    if not 0 <= rounds <= MAX_OUTCOMES:
        raise ValueError(f"rounds must be from 0 to {MAX_OUTCOMES}, got {rounds}")
    try:
        fast = importlib.import_module("puntobanco.sim.systems_deal_kernels")
    except ImportError:  # no numba kernels in this build
        return deal_outcomes_reference(rules, seed=seed, rounds=rounds)
    result: npt.NDArray[np.int8] = fast.deal_outcomes_numba(rules, seed=seed, rounds=rounds)
    return result


def session_outcomes(
    rules: Rules, *, seed: int, sessions: int, rounds: int
) -> npt.NDArray[np.int8]:
    """Outcome codes for ``sessions`` sessions of ``rounds`` rounds (one row each)."""
    return deal_outcomes(rules, seed=seed, rounds=sessions * rounds).reshape(sessions, rounds)
