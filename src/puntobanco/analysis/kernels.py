"""The float path: the exact walk of :mod:`puntobanco.analysis.exact`, compiled by numba.

The kernel is the same tree walk (each side's first two cards unordered, stop
on naturals and stands) over float64 counts. Each branch weight is a product of
at most six counts, so for shoes up to about 1,400 cards every weight and every
sum is an integer below 2**53 and is exact in float64: the only rounding is the
final division.

The drawing rules come in as three arrays built from the rules'
:class:`~puntobanco.core.tableau.Tableau` (:func:`draw_arrays`, once per
tableau); the kernel holds no copy of them. Arrays handed in from outside go
through :func:`check_draw_arrays` first (:func:`walk_arrays`): the kernel
itself, like every kernel here, raises nothing.

Compiled once and cached on disk (``cache=True``); :func:`warm_up` compiles it
ahead of a timed run.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numba import njit

from puntobanco.analysis.distribution import Distribution, FloatShapes
from puntobanco.core.paytable import SHAPES
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, TOTALS, Cell, Tableau

#: Numbers in the kernel's summary (see ``_walk``).
SUMMARY = 10


class DrawArrays(NamedTuple):
    """A tableau as the kernel reads it (read-only bool arrays).

    Attributes:
        naturals: ``naturals[total]``, shape (10,).
        player: ``player[total]``: the Player draws, shape (10,).
        banker: ``banker[total, player_third]``, the last column
            (:data:`~puntobanco.core.tableau.PLAYER_STOOD`) for "the Player
            stood", shape (10, 11).
    """

    naturals: np.ndarray
    player: np.ndarray
    banker: np.ndarray


#: The shape each of :class:`DrawArrays`' arrays must have.
DRAW_SHAPES: dict[str, tuple[int, ...]] = {
    "naturals": (len(TOTALS),),
    "player": (len(TOTALS),),
    "banker": (len(TOTALS), PLAYER_STOOD + 1),
}


def check_draw_arrays(arrays: DrawArrays) -> DrawArrays:
    """Return ``arrays`` if the kernel can read them; otherwise raise.

    Raises:
        ValueError: An array that is not a numpy bool array of the shape in
            :data:`DRAW_SHAPES`; the message names it and what was expected.
    """
    for name, shape in DRAW_SHAPES.items():
        array = getattr(arrays, name)
        if not isinstance(array, np.ndarray) or array.shape != shape or array.dtype != np.bool_:
            got = (
                f"{array.dtype} array of shape {array.shape}"
                if isinstance(array, np.ndarray)
                else repr(type(array).__name__)
            )
            raise ValueError(f"the {name} table must be a bool array of shape {shape}, got {got}")
    return arrays


def _build_arrays(tableau: Tableau) -> DrawArrays:
    def frozen(values: object) -> np.ndarray:
        array = np.array(values, dtype=np.bool_)
        array.setflags(write=False)
        return array

    return check_draw_arrays(
        DrawArrays(
            naturals=frozen(tableau.naturals),
            player=frozen([cell is Cell.DRAW for cell in tableau.player]),
            banker=frozen([[cell is Cell.DRAW for cell in row] for row in tableau.banker]),
        )
    )


@functools.lru_cache(maxsize=64)
def draw_arrays(tableau: Tableau) -> DrawArrays:
    """The kernel's arrays for ``tableau``, built and checked once per tableau.

    (A tableau keeps its hash, so the lookup costs a fraction of a microsecond.)
    """
    return _build_arrays(tableau)


#: The standard tableau's arrays.
STANDARD_ARRAYS = draw_arrays(STANDARD)


# Kept whole, past the complexity limits (the noqa): numba does not give back what a
# split costs here. The Player's and the Banker's third cards as an inlined step
# (njit(inline="always")) made the walk 20-30 % slower, with the Banker's hands as a
# second step as much, and as plain compiled calls 100-150 % slower (CPU process time,
# best of 7 x 20 calls, compile excluded: integer_weights and float_summary on 8 decks
# and on an 82-card shoe).
def _sequence_weights_py(  # noqa: C901, PLR0912
    c: np.ndarray,
    naturals: np.ndarray,
    player_draw: np.ndarray,
    banker_draw: np.ndarray,
    w: np.ndarray,
) -> None:
    """Count into ``w[s, p, b]`` the card sequences behind every way a coup can end.

    Player total ``p``, Banker total ``b``, the hands of size class ``s``: (2, 2), (2, 3),
    (3, 2) and (3, 3) cards (:func:`puntobanco.analysis.exact.sequence_weights`' walk and
    layout).
    ``c``: float64 counts per point value (changed during the walk, restored at its end).
    Every weight is a whole number; below 2**53 (a shoe whose ``falling(n, 6)`` is) it is
    exact in float64.
    """
    # Whether the Banker's first two cards k, m make a natural, looked up by the
    # cards rather than by their total: measurably faster in the inner loop.
    banker_natural = np.zeros((10, 10), np.bool_)
    for k in range(10):
        for m in range(10):
            banker_natural[k, m] = naturals[(k + m) % 10]
    w22, w23, w32, w33 = w[0], w[1], w[2], w[3]
    for i in range(10):
        ci = c[i]
        if ci == 0.0:
            continue
        c[i] -= 1.0
        for j in range(i, 10):
            cj = c[j]
            if cj == 0.0:
                continue
            c[j] -= 1.0
            wp = ci * cj * (1.0 if i == j else 2.0)
            pt = (i + j) % 10
            pn = naturals[pt]
            for k in range(10):
                ck = c[k]
                if ck == 0.0:
                    continue
                c[k] -= 1.0
                for m in range(k, 10):
                    cm = c[m]
                    if cm == 0.0:
                        continue
                    w4 = wp * ck * cm * (1.0 if k == m else 2.0)
                    bt = (k + m) % 10
                    if pn or banker_natural[k, m]:
                        w22[pt, bt] += w4
                        continue
                    c[m] -= 1.0
                    if player_draw[pt]:
                        for t in range(10):
                            ct = c[t]
                            if ct == 0.0:
                                continue
                            wt = w4 * ct
                            pf = (pt + t) % 10
                            if banker_draw[bt, t]:
                                c[t] -= 1.0
                                for q in range(10):
                                    w33[pf, (bt + q) % 10] += wt * c[q]
                                c[t] += 1.0
                            else:
                                w32[pf, bt] += wt
                    elif banker_draw[bt, 10]:  # 10: the Player stood
                        for q in range(10):
                            w23[pt, (bt + q) % 10] += w4 * c[q]
                    else:
                        w22[pt, bt] += w4
                    c[m] += 1.0
                c[k] += 1.0
            c[j] += 1.0
        c[i] += 1.0


_sequence_weights = njit(cache=True)(_sequence_weights_py)


@njit(cache=True)
def _shape_probabilities(w: np.ndarray, n: float, shapes: np.ndarray, joint: np.ndarray) -> None:
    """``shapes`` and ``joint`` from the sequence weights ``w`` of a shoe of ``n`` cards."""
    w22, w23, w32, w33 = w[0], w[1], w[2], w[3]
    f4 = n * (n - 1.0) * (n - 2.0) * (n - 3.0)
    f5 = f4 * (n - 4.0)
    f6 = f5 * (n - 5.0)
    for p in range(10):
        for b in range(10):
            a0 = w22[p, b] / f4
            a1 = w23[p, b] / f5
            a2 = w32[p, b] / f5
            a3 = w33[p, b] / f6
            shapes[p * 10 + b] = a0
            shapes[100 + p * 10 + b] = a1
            shapes[200 + p * 10 + b] = a2
            shapes[300 + p * 10 + b] = a3
            joint[p, b] = a0 + a1 + a2 + a3


@njit(cache=True)
def _summarise(
    shapes: np.ndarray, joint: np.ndarray, naturals: np.ndarray, summary: np.ndarray
) -> None:
    """The ten numbers of ``summary`` (see :func:`_walk`), summed from ``shapes`` and ``joint``."""
    d22 = 0.0
    d23 = 0.0
    d32 = 0.0
    d33 = 0.0
    player = 0.0
    banker = 0.0
    tie = 0.0
    nat_p = 0.0
    nat_b = 0.0
    nat_both = 0.0
    for p in range(10):
        for b in range(10):
            a0 = shapes[p * 10 + b]
            d22 += a0
            d23 += shapes[100 + p * 10 + b]
            d32 += shapes[200 + p * 10 + b]
            d33 += shapes[300 + p * 10 + b]
            # A natural ends the coup on four cards: the naturals are four-card shapes.
            if naturals[p]:
                nat_p += a0
                if naturals[b]:
                    nat_both += a0
            if naturals[b]:
                nat_b += a0
            v = joint[p, b]
            if p > b:
                player += v
            elif b > p:
                banker += v
            else:
                tie += v
    six = 0.0
    for p in range(6):
        six += joint[p, 6]
    summary[0] = player
    summary[1] = banker
    summary[2] = tie
    summary[3] = six
    summary[4] = d22
    summary[5] = d23 + d32
    summary[6] = d33
    summary[7] = nat_p
    summary[8] = nat_b
    summary[9] = nat_both


@njit(cache=True)
def _walk(
    counts: np.ndarray,
    naturals: np.ndarray,
    player_draw: np.ndarray,
    banker_draw: np.ndarray,
    shapes: np.ndarray,
    joint: np.ndarray,
    summary: np.ndarray,
) -> None:
    """Fill ``shapes``, ``joint[p, b]`` and ``summary`` for a shoe of ``counts`` per point value.

    ``shapes[s * 100 + p * 10 + b]``: the probability of each coup shape, ``s``
    being the size class (Player cards - 2) * 2 + (Banker cards - 2), as in
    :func:`~puntobanco.core.paytable.shape_index`. ``summary``, summed from it:
    player, banker, tie, banker wins with 6, P(4), P(5), P(6 cards), Player
    natural, Banker natural, both naturals.
    """
    c = counts.astype(np.float64)
    w = np.zeros((4, 10, 10))
    _sequence_weights(c, naturals, player_draw, banker_draw, w)
    _shape_probabilities(w, c.sum(), shapes, joint)
    _summarise(shapes, joint, naturals, summary)


def _run(counts: np.ndarray, arrays: DrawArrays) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    shapes = np.empty(SHAPES)
    joint = np.empty((10, 10))
    summary = np.empty(SUMMARY)
    _walk(counts, arrays[0], arrays[1], arrays[2], shapes, joint, summary)
    return shapes, joint, summary


def walk_arrays(
    counts: np.ndarray, arrays: DrawArrays
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel on drawing arrays from outside, checked first (:func:`check_draw_arrays`).

    Raises:
        ValueError: The arrays do not have the shapes and dtype the kernel reads.
    """
    return _run(counts, check_draw_arrays(arrays))


def float_summary(
    counts: np.ndarray, tableau: Tableau = STANDARD
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's raw output for ``counts`` (int64, 10 point values, at least 6 cards).

    Args:
        counts: Cards per point value.
        tableau: The drawing rules (the rules' ``tableau``).

    Returns:
        ``(shapes, joint, summary)``: the 400 shape probabilities, a 10x10
        array of joint totals and the ten numbers listed in ``_walk``'s
        docstring. The hot path of a live shoe.
    """
    return _run(counts, draw_arrays(tableau))


def distribution_of(
    shapes: np.ndarray, joint: np.ndarray, summary: np.ndarray
) -> Distribution[float]:
    """The :class:`Distribution` of the kernel's output."""
    s = summary.tolist()
    return Distribution(
        shapes=FloatShapes(shapes),
        joint=tuple(tuple(row) for row in joint.tolist()),
        player=s[0],
        banker=s[1],
        tie=s[2],
        banker_six=s[3],
        cards_dealt=(s[4], s[5], s[6]),
        player_natural=s[7],
        banker_natural=s[8],
        both_natural=s[9],
    )


def float_distribution(points: tuple[int, ...], tableau: Tableau = STANDARD) -> Distribution[float]:
    """The distribution of one coup in floats (see :class:`Distribution`)."""
    return distribution_of(*float_summary(np.array(points, dtype=np.int64), tableau))


def integer_weights(points: Sequence[int], tableau: Tableau = STANDARD) -> list[list[list[int]]]:
    """:func:`puntobanco.analysis.exact.sequence_weights` by the compiled walk.

    The same numbers, as Python integers, for a shoe whose ``falling(n, 6)`` is below
    2**53 (every weight is at most that: exact in float64), in a few hundred microseconds
    rather than tens of milliseconds. The caller checks the shoe's size.
    """
    arrays = draw_arrays(tableau)
    weights = np.zeros((4, 10, 10))
    counts = np.array(points, dtype=np.float64)
    _sequence_weights(counts, arrays.naturals, arrays.player, arrays.banker, weights)
    return [[[int(w) for w in row] for row in block] for block in weights.tolist()]


def warm_up() -> None:
    """Compile (or load from the cache) the kernel, so that timings exclude it."""
    float_summary(np.array((4,) * 10, dtype=np.int64))
