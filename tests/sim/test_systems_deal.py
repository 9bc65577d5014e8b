"""The betting systems' rounds: the numba dealer deals exactly the reference engine's rounds."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from puntobanco.core.rules import Rules, ShoeMode
from puntobanco.sim.systems_deal import deal_outcomes, deal_outcomes_reference, session_outcomes

try:
    fast = importlib.import_module("puntobanco.sim.systems_deal_kernels")
except ImportError:  # the simulation's numba kernels are not in this build
    fast = None

needs_kernels = pytest.mark.skipif(fast is None, reason="puntobanco.sim.kernels not available")


@needs_kernels
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(decks=6, cut_card=20),
        Rules(decks=1, cut_card=12),
        Rules(burn=False),
        Rules(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
    ],
    ids=["8-decks", "6-decks-cut-20", "1-deck", "no-burn", "reshuffle"],
)
@pytest.mark.parametrize("seed", [0, 2026, 2**64 - 1])
def test_numba_dealer_matches_the_reference_engine(rules: Rules, seed: int) -> None:
    assert fast is not None
    expected = deal_outcomes_reference(rules, seed=seed, rounds=500)
    got = fast.deal_outcomes_numba(rules, seed=seed, rounds=500)
    assert got.dtype == np.int8
    assert got.tolist() == expected.tolist()


def test_sessions_are_consecutive_slices_of_one_stream() -> None:
    rules = Rules(decks=1, cut_card=12)
    stream = deal_outcomes(rules, seed=9, rounds=60)
    rows = session_outcomes(rules, seed=9, sessions=3, rounds=20)
    assert rows.shape == (3, 20)
    assert rows.reshape(-1).tolist() == stream.tolist()
    assert set(stream.tolist()) <= {0, 1, 2, 3}


def test_deal_outcomes_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="rounds"):
        deal_outcomes(Rules(), seed=1, rounds=-1)
