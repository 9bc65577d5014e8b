"""The float path: the exact walk of :mod:`puntobanco.analysis.exact`, compiled by numba.

The kernel is the same tree walk (each side's first two cards unordered, stop
on naturals and stands) over float64 counts. Each branch weight is a product of
at most six counts, so for shoes up to about 1,400 cards every weight and every
sum is an integer below 2**53 and is exact in float64: the only rounding is the
final division. The drawing rules come in as arrays built from
:mod:`puntobanco.core.tableau`'s tuples; the kernel holds no copy of them.

Compiled once and cached on disk (``cache=True``); :func:`warm_up` compiles it
ahead of a timed run.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from puntobanco.analysis.distribution import Distribution
from puntobanco.core.tableau import BANKER_DRAWS, PLAYER_DRAWS

#: ``PLAYER_DRAW[total]`` as an array for the kernel (from core.tableau).
PLAYER_DRAW = np.array(PLAYER_DRAWS, dtype=np.bool_)
#: ``BANKER_DRAW[total, player_third or 10]`` as an array for the kernel (from core.tableau).
BANKER_DRAW = np.array(BANKER_DRAWS, dtype=np.bool_)


@njit(cache=True)
def _walk(
    counts: np.ndarray,
    player_draw: np.ndarray,
    banker_draw: np.ndarray,
    joint: np.ndarray,
    summary: np.ndarray,
) -> None:
    """Fill ``joint[p, b]`` and ``summary`` for a shoe of ``counts`` per point value.

    ``summary``: player, banker, tie, banker wins with 6, P(4), P(5), P(6 cards),
    Player natural, Banker natural, both naturals.
    """
    c = counts.astype(np.float64)
    n = c.sum()
    w4 = np.zeros((10, 10))
    w5 = np.zeros((10, 10))
    w6 = np.zeros((10, 10))
    nat_p = 0.0
    nat_b = 0.0
    nat_both = 0.0
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
            for k in range(10):
                ck = c[k]
                if ck == 0.0:
                    continue
                c[k] -= 1.0
                for m in range(k, 10):
                    cm = c[m]
                    if cm == 0.0:
                        continue
                    w = wp * ck * cm * (1.0 if k == m else 2.0)
                    bt = (k + m) % 10
                    if pt >= 8 or bt >= 8:
                        w4[pt, bt] += w
                        if pt >= 8:
                            nat_p += w
                            if bt >= 8:
                                nat_both += w
                        if bt >= 8:
                            nat_b += w
                        continue
                    c[m] -= 1.0
                    if player_draw[pt]:
                        for t in range(10):
                            ct = c[t]
                            if ct == 0.0:
                                continue
                            wt = w * ct
                            pf = (pt + t) % 10
                            if banker_draw[bt, t]:
                                c[t] -= 1.0
                                for q in range(10):
                                    w6[pf, (bt + q) % 10] += wt * c[q]
                                c[t] += 1.0
                            else:
                                w5[pf, bt] += wt
                    elif banker_draw[bt, 10]:
                        for q in range(10):
                            w5[pt, (bt + q) % 10] += w * c[q]
                    else:
                        w4[pt, bt] += w
                    c[m] += 1.0
                c[k] += 1.0
            c[j] += 1.0
        c[i] += 1.0
    f4 = n * (n - 1.0) * (n - 2.0) * (n - 3.0)
    f5 = f4 * (n - 4.0)
    f6 = f5 * (n - 5.0)
    p4 = 0.0
    p5 = 0.0
    p6 = 0.0
    player = 0.0
    banker = 0.0
    tie = 0.0
    for p in range(10):
        for b in range(10):
            a4 = w4[p, b] / f4
            a5 = w5[p, b] / f5
            a6 = w6[p, b] / f6
            p4 += a4
            p5 += a5
            p6 += a6
            v = a4 + a5 + a6
            joint[p, b] = v
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
    summary[4] = p4
    summary[5] = p5
    summary[6] = p6
    summary[7] = nat_p / f4
    summary[8] = nat_b / f4
    summary[9] = nat_both / f4


def float_summary(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's raw output for ``counts`` (int64, 10 point values, at least 6 cards).

    Returns:
        ``(joint, summary)``: a 10x10 array of probabilities and the ten
        numbers listed in ``_walk``'s docstring. The hot path of a live shoe.
    """
    joint = np.empty((10, 10))
    summary = np.empty(10)
    _walk(counts, PLAYER_DRAW, BANKER_DRAW, joint, summary)
    return joint, summary


def float_distribution(points: tuple[int, ...]) -> Distribution[float]:
    """The distribution of one coup in floats (see :class:`Distribution`)."""
    joint, s = float_summary(np.array(points, dtype=np.int64))
    rows = joint.tolist()
    return Distribution(
        joint=tuple(tuple(row) for row in rows),
        player=float(s[0]),
        banker=float(s[1]),
        tie=float(s[2]),
        banker_six=float(s[3]),
        cards_dealt=(float(s[4]), float(s[5]), float(s[6])),
        player_natural=float(s[7]),
        banker_natural=float(s[8]),
        both_natural=float(s[9]),
    )


def warm_up() -> None:
    """Compile (or load from the cache) the kernel, so that timings exclude it."""
    float_summary(np.array((4,) * 10, dtype=np.int64))
