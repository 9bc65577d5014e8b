"""Outcome codes of a seeded round stream, dealt by the simulation's numba kernels.

The shuffle, the burn and the coup are :mod:`puntobanco.sim.kernels`' own
(``shuffle_prefix``, ``after_burn``, ``coup``, under the rules' tableau): the
betting systems play exactly
the rounds ``puntobanco simulate`` tallies for the same seed. Only the loop
that records one code per round lives here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from puntobanco.core.rules import Rules
from puntobanco.sim.encode import (
    layout,
    outcome_codes_of_classes,
    tableau_arrays,
    unshuffled_codes,
)
from puntobanco.sim.kernels import (
    SLACK,
    U64,
    after_burn,
    coup,
    opening_mask,
    shuffle_prefix,
    shuffled_positions,
    unshuffle_prefix,
)


@njit(cache=True, boundscheck=False)
def deal_codes(
    seed: int,
    template: npt.NDArray[np.uint8],
    cut_index: int,
    burn: bool,
    reshuffle: bool,
    naturals: npt.NDArray[np.uint8],
    player_row: npt.NDArray[np.uint8],
    banker_table: npt.NDArray[np.uint8],
    codes: npt.NDArray[np.uint8],
    out: npt.NDArray[np.int8],
) -> None:
    """Fill ``out`` with the codes of the stream's first ``out.size`` rounds.

    Shoes 0, 1, 2... in order (in reshuffle mode one round each); the last one
    is cut off when ``out`` is full. The tableau arrives as its arrays (as in
    :func:`puntobanco.sim.kernels.tally_range`); ``codes[coup_class]`` is the
    outcome code of each coup class (:func:`encode.outcome_codes_of_classes`).
    """
    n = template.size - SLACK
    opening = opening_mask(naturals, player_row)
    cards = template.copy()
    total = out.size
    done = 0
    shoe = 0
    if reshuffle:
        swaps = np.empty(6, dtype=np.uintp)
        while done < total:
            shuffle_prefix(cards, n, 6, seed, U64(shoe), swaps)
            used, klass = coup(cards, 0, opening, banker_table)
            out[done] = codes[klass]
            unshuffle_prefix(cards, 6, swaps)
            done += 1
            shoe += 1
        return
    no_swaps = np.empty(0, dtype=np.uintp)
    count = shuffled_positions(n, cut_index)
    while done < total:
        cards[:] = template
        shuffle_prefix(cards, n, count, seed, U64(shoe), no_swaps)
        pos = np.uintp(after_burn(cards, burn))
        while done < total:
            last = np.intp(pos) > cut_index
            used, klass = coup(cards, pos, opening, banker_table)
            out[done] = codes[klass]
            done += 1
            pos += used
            if last:
                break
        shoe += 1


def deal_outcomes_numba(rules: Rules, *, seed: int, rounds: int) -> npt.NDArray[np.int8]:
    """``rounds`` outcome codes of ``seed``'s stream, dealt by the numba kernels."""
    shoe = layout(rules)
    template = np.concatenate([unshuffled_codes(rules.decks), np.zeros(SLACK, dtype=np.uint8)])
    tableau = tableau_arrays(rules)  # checked on construction
    out = np.empty(rounds, dtype=np.int8)
    deal: Any = deal_codes  # numba's stubs do not know NumPy scalars
    deal(
        np.uint64(seed % (1 << 64)),
        template,
        shoe.cut_index,
        shoe.burn,
        shoe.reshuffle,
        tableau.naturals,
        tableau.player,
        tableau.banker_flat,
        outcome_codes_of_classes(),
        out,
    )
    return out
