"""The tally layout every simulation backend produces (CONTRACTS.md B).

A tally vector is ``int64[NUM_TALLIES]``: per-round counts summed over rounds.
The order is fixed; fields may be appended after index 11, never reordered.
Every bet's net result follows from these counts and the rules' payouts
(:mod:`puntobanco.sim.stats`), and the cards dealt in rounds are
``4 * FOUR_CARD_ROUNDS + 5 * FIVE_CARD_ROUNDS + 6 * SIX_CARD_ROUNDS``.

>>> t = empty()
>>> t[ROUNDS] += 1; t[TIES] += 1; t[FOUR_CARD_ROUNDS] += 1
>>> cards_dealt(t)
4
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

ROUNDS = 0
PLAYER_WINS = 1
BANKER_WINS = 2
TIES = 3
BANKER_WINS_ON_SIX = 4
"""Rounds the Banker won with a total of 6 (commission-free games pay these differently)."""
PLAYER_NATURALS = 5
BANKER_NATURALS = 6
PLAYER_PAIRS = 7
BANKER_PAIRS = 8
FOUR_CARD_ROUNDS = 9
FIVE_CARD_ROUNDS = 10
SIX_CARD_ROUNDS = 11

NUM_TALLIES = 12

#: Field names in layout order (for JSON and for messages).
NAMES: tuple[str, ...] = (
    "rounds",
    "player_wins",
    "banker_wins",
    "ties",
    "banker_wins_on_six",
    "player_naturals",
    "banker_naturals",
    "player_pairs",
    "banker_pairs",
    "four_card_rounds",
    "five_card_rounds",
    "six_card_rounds",
)

Tallies = npt.NDArray[np.int64]


def empty() -> Tallies:
    """A zero tally vector."""
    return np.zeros(NUM_TALLIES, dtype=np.int64)


def cards_dealt(tallies: Tallies) -> int:
    """Cards dealt in rounds (burned cards are not counted)."""
    return int(
        4 * tallies[FOUR_CARD_ROUNDS] + 5 * tallies[FIVE_CARD_ROUNDS] + 6 * tallies[SIX_CARD_ROUNDS]
    )


def check(tallies: Any) -> Tallies:
    """Return ``tallies`` as an ``int64[NUM_TALLIES]`` array after checking its invariants.

    Raises:
        ValueError: Wrong shape or inconsistent counts (a backend bug, never user input).
    """
    array = np.asarray(tallies, dtype=np.int64)
    if array.shape != (NUM_TALLIES,):
        raise ValueError(f"tallies must have shape ({NUM_TALLIES},), got {array.shape}")
    rounds = int(array[ROUNDS])
    outcomes = int(array[PLAYER_WINS] + array[BANKER_WINS] + array[TIES])
    sizes = int(array[FOUR_CARD_ROUNDS] + array[FIVE_CARD_ROUNDS] + array[SIX_CARD_ROUNDS])
    if outcomes != rounds or sizes != rounds or (array < 0).any():
        raise ValueError(f"inconsistent tallies: {array.tolist()}")
    return array


def as_dict(tallies: Tallies) -> dict[str, int]:
    """The tallies by name, as plain ints.

    >>> as_dict(empty())["ties"]
    0
    """
    return {name: int(value) for name, value in zip(NAMES, tallies, strict=True)}
