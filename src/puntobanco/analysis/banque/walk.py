"""The walk behind the Banque solver for a finite shoe: every coup's weight, by Banker cell.

Cards are drawn **without replacement** from counts per point value (or with
replacement, ``replace=True``, the counts being the chances), and the walk
goes by point values, not by cards: each hand's first two cards as an
unordered pair, a branch weighted by the product of the counts it takes, as
:mod:`puntobanco.analysis.chemin.tally` walks Chemin de fer. Dealing is
exchangeable, so the order in which the walk takes the hands (the Banker's
pair, the right tableau's cards, the left tableau's, the Banker's third card)
gives every sequence the same weight as the deal's order.

The Banker's payoff is linear in his choice in each cell once the tableaux'
mixes on 5 are given, so one walk is enough: for every cell (his total, the
left tableau's column, the right's) and each of his two actions, it adds up
the coups reaching the cell that end in a win, a loss or a tie against each
tableau, apart by whether each tableau held its optional 5 (those coups weigh
``p`` of that tableau's mix in a third-card column, ``1 - p`` in "stood").

Exact and compiled at once: a weight can be a product of nine counts (over
``2**64`` for a full shoe), so the compiled walk (numba, cached on disk) adds
the weights modulo a few primes under ``2**31`` and :func:`banque_tally`
rebuilds each integer by the Chinese remainder theorem. Every weight and every
sum is at most the common denominator (the ordered ways of dealing nine
cards), so enough primes to exceed it make the result exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
from numba import njit

from puntobanco.analysis.exact import falling
from puntobanco.analysis.walk_jit import outcome
from puntobanco.core.banque.coup import NATURAL
from puntobanco.core.rules import PLAYER_OPTION_TOTALS
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

#: The most cards one Banque coup takes: three hands of up to three cards.
COUP_CARDS = 9
#: Indices of the two tableaux in the walk's arrays.
RIGHT_INDEX, LEFT_INDEX = 0, 1
#: Primes under 2**31, so that a residue times a count, or two residues, fit in 64 bits.
PRIMES: tuple[int, ...] = (
    2147483647,
    2147483629,
    2147483587,
    2147483579,
    2147483563,
    2147483549,
    2147483543,
    2147483497,
)


@dataclass(frozen=True, slots=True)
class BanqueTally:
    """The walk's answer, every weight over :attr:`denominator`.

    Attributes:
        naturals: ``naturals[h][o]``: the coups a Banker's natural ends, by
            tableau ``h`` (0 right, 1 left) and outcome ``o`` (0 Banker wins,
            1 loses, 2 tie).
        cells: ``cells[b][left][right][action][right_part][left_part][h][o]``:
            for Banker total ``b`` (no natural) and the tableaux' columns
            (third card 0-9, ``PLAYER_STOOD``, ``NATURAL``), the weight of the
            coups reaching the cell in which he takes ``action`` (0 stands,
            1 draws), by whether each tableau held its optional total
            (part 1) or not (part 0), and how they end against tableau ``h``.
        denominator: The common denominator.
    """

    naturals: tuple[tuple[int, ...], ...]
    cells: np.ndarray
    denominator: int


def denominator(cards: int, *, replace: bool) -> int:
    """Ordered ways of dealing nine cards.

    >>> denominator(13, replace=True), denominator(52, replace=False)
    (10604499373, 1335062881152000)
    """
    return cards**COUP_CARDS if replace else falling(cards, COUP_CARDS)


#: A running sum is reduced modulo the prime only once it passes this (a term is a residue
#: times a count of cards, under 2**62 for any shoe under 2**31 cards, so nothing overflows
#: 64 bits): a comparison is cheaper than a division.
_REDUCE_AT = 1 << 62


def _add_py(total: int, term: int, mod: int) -> int:
    """``total + term``, reduced modulo ``mod`` only when it grows large."""
    total += term
    return total % mod if total >= _REDUCE_AT else total


_add = cast(Callable[[int, int, int], int], njit(cache=True, inline="always")(_add_py))


def _tableau_py(
    total: int, naturals: np.ndarray, player_draws: np.ndarray, option_totals: np.ndarray
) -> tuple[bool, int, bool, bool]:
    """A tableau on two cards ``total``: (natural, part, may stand, may draw).

    ``part`` is 1 where it holds its optional total (it may then do either).
    """
    natural = naturals[total]
    part = 1 if option_totals[total] and not natural else 0
    may_stand = natural or part == 1 or not player_draws[total]
    may_draw = not natural and (part == 1 or player_draws[total])
    return natural, part, may_stand, may_draw


def _path_py(
    c: np.ndarray, third: int, total: int, natural: bool, may_stand: bool, may_draw: bool
) -> tuple[int, int, int]:
    """A tableau's path, ``third`` -1 for no third card: (ways, final total, column).

    ``ways`` is 0 for a path it cannot take.
    """
    if third < 0:
        return (1 if may_stand else 0), total, (NATURAL if natural else PLAYER_STOOD)
    if not may_draw:
        return 0, total, third
    return c[third], (total + third) % 10, third


def _against_py(
    c: np.ndarray, b: int, r_final: int, l_final: int, r_fixed: bool, l_fixed: bool
) -> tuple[int, int, int, int, int, int]:
    """How many of the cards left make the Banker, drawing on ``b``, win, lose or tie, per tableau.

    Against a tableau's natural settled at once (``*_fixed``), his two-card
    total counts whatever he draws. One loop for both tableaux: the walk's
    innermost, and measurably faster than :func:`~.walk_steps.third_card_split` twice.
    """
    rw = rl = rt = lw = ll = lt = 0
    for q in range(10):
        cq = c[q]
        if cq == 0:
            continue
        banker = (b + q) % 10
        o = outcome(b if r_fixed else banker, r_final)
        if o == 0:
            rw += cq
        elif o == 1:
            rl += cq
        else:
            rt += cq
        o = outcome(b if l_fixed else banker, l_final)
        if o == 0:
            lw += cq
        elif o == 1:
            ll += cq
        else:
            lt += cq
    return rw, rl, rt, lw, ll, lt


def _banker_acts_py(
    c: np.ndarray,
    b: int,
    r_final: int,
    l_final: int,
    r_fixed: bool,
    l_fixed: bool,
    ws: int,
    wd: int,
    mod: int,
    stood: np.ndarray,
    drawn: np.ndarray,
) -> None:
    """The Banker stands (the coup weighs ``ws``) or draws (``wd`` per card) against both."""
    o = outcome(b, r_final)
    stood[0, o] = _add(stood[0, o], ws, mod)
    o = outcome(b, l_final)
    stood[1, o] = _add(stood[1, o], ws, mod)
    rw, rl, rt, lw, ll, lt = _against(c, b, r_final, l_final, r_fixed, l_fixed)
    drawn[0, 0] = _add(drawn[0, 0], wd * rw, mod)
    drawn[0, 1] = _add(drawn[0, 1], wd * rl, mod)
    drawn[0, 2] = _add(drawn[0, 2], wd * rt, mod)
    drawn[1, 0] = _add(drawn[1, 0], wd * lw, mod)
    drawn[1, 1] = _add(drawn[1, 1], wd * ll, mod)
    drawn[1, 2] = _add(drawn[1, 2], wd * lt, mod)


def _tableaux_py(
    c: np.ndarray,
    naturals: np.ndarray,
    player_draws: np.ndarray,
    option_totals: np.ndarray,
    dec: int,
    waits: bool,
    mod: int,
    scale: np.ndarray,
    acc: np.ndarray,
    w6: int,
    b: int,
    r: int,
    left: int,
) -> None:
    """From six cards (no Banker's natural): each tableau's third card or none, then his actions."""
    r_natural, r_part, r_may_stand, r_may_draw = _tableau(r, naturals, player_draws, option_totals)
    l_natural, l_part, l_may_stand, l_may_draw = _tableau(
        left, naturals, player_draws, option_totals
    )
    # Against a tableau's natural settled at once, his two-card total counts.
    r_fixed = r_natural and not waits
    l_fixed = l_natural and not waits
    for tr in range(-1, 10):
        r_ways, r_final, r_col = _path(c, tr, r, r_natural, r_may_stand, r_may_draw)
        if r_ways == 0:
            continue
        w7 = w6 * r_ways % mod
        if tr >= 0:
            c[tr] -= dec
        for tl in range(-1, 10):
            l_ways, l_final, l_col = _path(c, tl, left, l_natural, l_may_stand, l_may_draw)
            if l_ways == 0:
                continue
            w = w7 * l_ways % mod
            if tl >= 0:
                c[tl] -= dec
            cards = 6 + (1 if tr >= 0 else 0) + (1 if tl >= 0 else 0)
            cell = acc[b, l_col, r_col]
            _banker_acts(
                c, b, r_final, l_final, r_fixed, l_fixed, w * scale[cards] % mod,
                w * scale[cards + 1] % mod, mod, cell[0, r_part, l_part], cell[1, r_part, l_part],
            )  # fmt: skip
            if tl >= 0:
                c[tl] += dec
        if tr >= 0:
            c[tr] += dec


# Compiled by assignment rather than as a decorator, so that strict typing keeps the signatures.
_tableau = cast(Callable[..., tuple[bool, int, bool, bool]], njit(cache=True)(_tableau_py))
_path = cast(Callable[..., tuple[int, int, int]], njit(cache=True, inline="always")(_path_py))
_against = cast(Callable[..., tuple[int, ...]], njit(cache=True, inline="always")(_against_py))
_banker_acts = cast(Callable[..., None], njit(cache=True, inline="always")(_banker_acts_py))
_tableaux = cast(Callable[..., None], njit(cache=True)(_tableaux_py))


def _left_hands_py(
    c: np.ndarray,
    naturals: np.ndarray,
    player_draws: np.ndarray,
    option_totals: np.ndarray,
    dec: int,
    waits: bool,
    mod: int,
    scale: np.ndarray,
    nat: np.ndarray,
    acc: np.ndarray,
    wr: int,
    b: int,
    r: int,
) -> None:
    """Every left tableau's pair after the Banker's ``b`` and the right tableau's ``r``."""
    for k in range(10):
        ck = c[k]
        if ck == 0:
            continue
        c[k] -= dec
        for k2 in range(k, 10):
            ck2 = c[k2]
            if ck2 == 0:
                continue
            c[k2] -= dec
            w6 = wr * ck % mod * ck2 * (1 if k == k2 else 2) % mod
            left = (k + k2) % 10
            if naturals[b]:  # the coup ends on six cards
                w = w6 * scale[6] % mod
                o = outcome(b, r)
                nat[0, o] = (nat[0, o] + w) % mod
                o = outcome(b, left)
                nat[1, o] = (nat[1, o] + w) % mod
            else:
                _tableaux(
                    c, naturals, player_draws, option_totals, dec, waits, mod,
                    scale, acc, w6, b, r, left,
                )  # fmt: skip
            c[k2] += dec
        c[k] += dec


_left_hands = cast(Callable[..., None], njit(cache=True)(_left_hands_py))


def _walk_py(
    c: np.ndarray,
    naturals: np.ndarray,
    player_draws: np.ndarray,
    option_totals: np.ndarray,
    dec: int,
    waits: bool,
    mod: int,
    scale: np.ndarray,
    nat: np.ndarray,
    acc: np.ndarray,
) -> None:
    """The walk, into ``nat`` and ``acc`` (zeroed by the caller), each sum right modulo ``mod``.

    ``scale[k]`` is what a coup that ended on ``k`` cards is multiplied by
    (the ways of dealing the other ``9 - k`` positions), modulo ``mod``.
    """
    for m in range(10):
        cm = c[m]
        if cm == 0:
            continue
        c[m] -= dec
        for m2 in range(m, 10):
            cm2 = c[m2]
            if cm2 == 0:
                continue
            c[m2] -= dec
            wb = cm * cm2 * (1 if m == m2 else 2) % mod
            b = (m + m2) % 10
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
                    wr = wb * ci % mod * cj * (1 if i == j else 2) % mod
                    _left_hands(
                        c, naturals, player_draws, option_totals, dec, waits, mod,
                        scale, nat, acc, wr, b, (i + j) % 10,
                    )  # fmt: skip
                    c[j] += dec
                c[i] += dec
            c[m2] += dec
        c[m] += dec


_walk = cast(Callable[..., None], njit(cache=True)(_walk_py))


def _residue_count(total: int) -> int:
    """How many of :data:`PRIMES` it takes for their product to exceed ``total``."""
    product = 1
    for used, prime in enumerate(PRIMES):
        if product > total:
            return used
        product *= prime
    if product > total:
        return len(PRIMES)
    raise ValueError(f"a shoe of this size is beyond the walk's {len(PRIMES)} primes")


def _rebuild(residues: Sequence[np.ndarray], primes: Sequence[int]) -> np.ndarray:
    """The integers (an object array) with these residues, by Garner's form of the theorem."""
    value = residues[0].astype(object)
    modulus = primes[0]
    for residue, prime in zip(residues[1:], primes[1:], strict=True):
        inverse = pow(modulus, -1, prime)
        step = ((residue.astype(object) - value) * inverse) % prime
        value = value + step * modulus
        modulus *= prime
    return value


def banque_tally(
    points: Sequence[int],
    tableau: Tableau = STANDARD,
    *,
    replace: bool = False,
    natural_waits: bool = False,
) -> BanqueTally:
    """Walk every Banque coup, weighting each Banker cell's outcomes by action and option.

    Args:
        points: Cards per point value 0-9 (at least nine without replacement;
            the caller checks them).
        tableau: Naturals and the tableaux' forced draws.
        replace: Draw with replacement (``points`` are then the chances).
        natural_waits: A tableau's natural is compared with the Banker's final hand.
    """
    counts = [int(v) for v in points]
    cards = sum(counts)
    total = denominator(cards, replace=replace)
    primes = PRIMES[: _residue_count(total)]
    naturals = np.asarray(tableau.naturals, dtype=np.bool_)
    player_draws = np.asarray([tableau.player_draws(t) for t in range(10)], dtype=np.bool_)
    option_totals = np.asarray([t in PLAYER_OPTION_TOTALS for t in range(10)], dtype=np.bool_)
    nat_residues: list[np.ndarray] = []
    cell_residues: list[np.ndarray] = []
    for prime in primes:
        scale = np.zeros(COUP_CARDS + 1, dtype=np.int64)
        for used in range(6, COUP_CARDS + 1):
            rest = COUP_CARDS - used
            ways = cards**rest if replace else falling(cards - used, rest)
            scale[used] = ways % prime
        nat = np.zeros((2, 3), dtype=np.int64)
        acc = np.zeros((10, NATURAL + 1, NATURAL + 1, 2, 2, 2, 2, 3), dtype=np.int64)
        _walk(
            np.asarray(counts, dtype=np.int64),
            naturals,
            player_draws,
            option_totals,
            0 if replace else 1,
            natural_waits,
            prime,
            scale,
            nat,
            acc,
        )
        nat_residues.append(nat % prime)
        cell_residues.append(acc % prime)
    nat_values = _rebuild(nat_residues, primes)
    return BanqueTally(
        naturals=tuple(tuple(int(v) for v in row) for row in nat_values),
        cells=_rebuild(cell_residues, primes),
        denominator=total,
    )


def warm_up() -> None:
    """Compile (or load from the cache) the walk, so that timings exclude it."""
    banque_tally((4, 1, 1, 1, 1, 1, 1, 1, 1, 1), replace=True)
