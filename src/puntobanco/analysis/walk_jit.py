"""The shared steps of :mod:`puntobanco.analysis.walk_steps`, compiled for the numba walks.

Compiled once each and cached on disk; numba specialises them on the counts'
type (float64 in the Chemin de fer walk, int64 in the Banque walk).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from numba import njit

from puntobanco.analysis import walk_steps

outcome = cast(Callable[[int, int], int], njit(cache=True, inline="always")(walk_steps.outcome))
third_card_split = cast(
    Callable[..., tuple[Any, Any, Any]],
    njit(cache=True, inline="always")(walk_steps.third_card_split),
)
