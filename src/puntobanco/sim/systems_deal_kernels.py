"""Outcome codes of a seeded round stream, dealt by the simulation's numba kernels.

The shuffle, the burn and the coup are :mod:`puntobanco.sim.kernels`' own
(``shuffle_prefix``, ``after_burn``, ``coup``): the betting systems play exactly
the rounds ``puntobanco simulate`` tallies for the same seed. Only the loop
that records one code per round lives here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from puntobanco.core.rules import Rules
from puntobanco.sim.encode import BANKER_DRAW_TABLE, layout, unshuffled_codes
from puntobanco.sim.kernels import (
    SLACK,
    U64,
    after_burn,
    coup,
    shuffle_prefix,
    shuffled_positions,
    unshuffle_prefix,
)
from puntobanco.sim.systems_kernels import BANKER_WIN, BANKER_WIN_SIX, PLAYER_WIN, TIE


@njit(cache=True)
def _code(player: int, banker: int) -> int:
    if player > banker:
        return PLAYER_WIN
    if banker > player:
        return BANKER_WIN_SIX if banker == 6 else BANKER_WIN
    return TIE


@njit(cache=True, boundscheck=False)
def deal_codes(
    seed: int,
    template: npt.NDArray[np.uint8],
    cut_index: int,
    burn: bool,
    reshuffle: bool,
    banker_table: npt.NDArray[np.uint8],
    out: npt.NDArray[np.int8],
) -> None:
    """Fill ``out`` with the codes of the stream's first ``out.size`` rounds.

    Shoes 0, 1, 2... in order (in reshuffle mode one round each); the last one
    is cut off when ``out`` is full.
    """
    n = template.size - SLACK
    cards = template.copy()
    total = out.size
    done = 0
    shoe = 0
    if reshuffle:
        swaps = np.empty(6, dtype=np.uintp)
        while done < total:
            shuffle_prefix(cards, n, 6, seed, U64(shoe), swaps)
            used, player, banker, player_pair, banker_pair = coup(cards, 0, banker_table)
            out[done] = _code(player, banker)
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
            used, player, banker, player_pair, banker_pair = coup(cards, pos, banker_table)
            out[done] = _code(player, banker)
            done += 1
            pos += used
            if last:
                break
        shoe += 1


def deal_outcomes_numba(rules: Rules, *, seed: int, rounds: int) -> npt.NDArray[np.int8]:
    """``rounds`` outcome codes of ``seed``'s stream, dealt by the numba kernels."""
    shoe = layout(rules)
    template = np.concatenate([unshuffled_codes(rules.decks), np.zeros(SLACK, dtype=np.uint8)])
    out = np.empty(rounds, dtype=np.int8)
    deal: Any = deal_codes  # numba's stubs do not know NumPy scalars
    deal(
        np.uint64(seed % (1 << 64)),
        template,
        shoe.cut_index,
        shoe.burn,
        shoe.reshuffle,
        BANKER_DRAW_TABLE,
        out,
    )
    return out
