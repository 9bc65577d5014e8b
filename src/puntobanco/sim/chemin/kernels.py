"""The numba kernels of the Chemin de fer simulation: arrays and ints only.

The shoe is dealt exactly as :mod:`puntobanco.sim.kernels` deals it (the same
generator, shuffle, burn and cut card, reused from there), but the coup asks
a strategy at each choice point, so it branches where the Punto Banco kernel
is branch-free. The strategy arrives as arrays of exact probabilities
(:class:`puntobanco.sim.chemin.simulate.StrategyArrays`): for every Player total and
every Banker cell a numerator and a denominator, the cells without a choice
holding the tableau's 0/1 over 1.

A mixed choice ``a/b`` draws when ``randbelow(b) < a`` from the round's
choice stream (:func:`choice_state`: the generator of
:func:`puntobanco.sim.chemin.simulate.choice_stream`, bit for bit), the Player's
choice first; a certain one draws nothing. The stream is seeded only when a
round needs it, which changes nothing: each round's stream starts afresh.

A tally is ``int64[TALLY]`` in the order of :mod:`puntobanco.sim.chemin.simulate`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from puntobanco.sim.kernels import (
    GOLDEN_GAMMA,
    SLACK,
    after_burn,
    mix64,
    randbelow,
    shuffle_prefix,
    shuffled_positions,
    unshuffle_prefix,
)

U64 = np.uint64
#: Mixed into the seed of every choice stream, so that no round's choices reuse a shoe's cards'
#: stream (the bytes of "CHEMIN!!").
CHOICE_KEY = U64(0x4348454D494E2121)

#: Tally bins (the same order as :mod:`puntobanco.sim.chemin.simulate`'s names).
BANKER_WINS, PLAYER_WINS, TIES = 0, 1, 2
PLAYER_OPTIONS, PLAYER_DREW, BANKER_OPTIONS, BANKER_DREW, CARDS = 3, 4, 5, 6, 7
TALLY = 8


@njit(cache=True)
def choice_state(seed, shoe_index, round_in_shoe):  # type: ignore[no-untyped-def]
    """The xoshiro256** state of the choices of round ``round_in_shoe`` (1, 2, ...) of a shoe."""
    x = seed ^ CHOICE_KEY ^ mix64(mix64(shoe_index + GOLDEN_GAMMA) + round_in_shoe)
    x = x + GOLDEN_GAMMA
    s0 = mix64(x)
    x = x + GOLDEN_GAMMA
    s1 = mix64(x)
    x = x + GOLDEN_GAMMA
    s2 = mix64(x)
    x = x + GOLDEN_GAMMA
    s3 = mix64(x)
    return s0, s1, s2, s3


@njit(cache=True)
def choice_draws(seed, shoe_index, round_in_shoe, bounds):  # type: ignore[no-untyped-def]
    """``randbelow(bounds[0]), randbelow(bounds[1]), ...`` of one round's choice stream (tests)."""
    s0, s1, s2, s3 = choice_state(seed, U64(shoe_index), U64(round_in_shoe))
    spare = U64(0)
    has_spare = False
    out = np.empty(bounds.size, dtype=np.uint64)
    for k in range(bounds.size):
        v, s0, s1, s2, s3, spare, has_spare = randbelow(
            U64(bounds[k]), s0, s1, s2, s3, spare, has_spare
        )
        out[k] = v
    return out


@njit(cache=True, boundscheck=False)
def deal_rounds(  # type: ignore[no-untyped-def]  # noqa: PLR0912, PLR0915
    cards,
    pos,
    cut_index,
    max_rounds,
    seed,
    shoe_index,
    naturals,
    player_num,
    player_den,
    player_free,
    banker_num,
    banker_den,
    banker_free,
    tally,
):
    """Deal rounds from ``pos`` to the round after the cut card (-1: one round), or ``max_rounds``.

    Adds each round to ``tally`` and returns the rounds dealt.
    """
    rounds = 0
    p = np.intp(pos)
    while rounds < max_rounds:
        last = p > cut_index
        rounds += 1
        player = (np.intp(cards[p] & 15) + np.intp(cards[p + 2] & 15)) % 10
        banker = (np.intp(cards[p + 1] & 15) + np.intp(cards[p + 3] & 15)) % 10
        used = np.intp(4)
        if not (naturals[player] or naturals[banker]):
            seeded = False
            s0 = s1 = s2 = s3 = spare = U64(0)
            has_spare = False
            den = player_den[player]
            if den == 1:
                player_draws = player_num[player] == 1
            else:
                s0, s1, s2, s3 = choice_state(seed, U64(shoe_index), U64(rounds))
                seeded = True
                v, s0, s1, s2, s3, spare, has_spare = randbelow(
                    U64(den), s0, s1, s2, s3, spare, has_spare
                )
                player_draws = v < U64(player_num[player])
            if player_free[player]:
                tally[PLAYER_OPTIONS] += 1
                tally[PLAYER_DREW] += np.int64(player_draws)
            third = np.intp(10)
            if player_draws:
                third = np.intp(cards[p + 4] & 15)
                player = (player + third) % 10
                used = np.intp(5)
            cell = banker * 11 + third
            den = banker_den[cell]
            if den == 1:
                banker_draws = banker_num[cell] == 1
            else:
                if not seeded:
                    s0, s1, s2, s3 = choice_state(seed, U64(shoe_index), U64(rounds))
                v, s0, s1, s2, s3, spare, has_spare = randbelow(
                    U64(den), s0, s1, s2, s3, spare, has_spare
                )
                banker_draws = v < U64(banker_num[cell])
            if banker_free[cell]:
                tally[BANKER_OPTIONS] += 1
                tally[BANKER_DREW] += np.int64(banker_draws)
            if banker_draws:
                banker = (banker + np.intp(cards[p + used] & 15)) % 10
                used += 1
        if banker > player:
            tally[BANKER_WINS] += 1
        elif player > banker:
            tally[PLAYER_WINS] += 1
        else:
            tally[TIES] += 1
        tally[CARDS] += used
        p += used
        if last:
            break
    return rounds


@njit(cache=True, boundscheck=False)
def tally_range(  # type: ignore[no-untyped-def]
    tally,
    seed,
    first_shoe,
    shoes,
    template,
    cut_index,
    burn,
    reshuffle,
    max_rounds,
    naturals,
    player_num,
    player_den,
    player_free,
    banker_num,
    banker_den,
    banker_free,
):
    """Add shoes ``first_shoe ..`` (``shoes`` of them, each capped at ``max_rounds``) to ``tally``.

    In reshuffle mode every round is a shoe of its own. Returns the rounds dealt.
    """
    n = template.size - SLACK
    cards = template.copy()
    dealt = 0
    if reshuffle:
        swaps = np.empty(6, dtype=np.uintp)
        for k in range(shoes):
            shoe = U64(first_shoe) + U64(k)
            shuffle_prefix(cards, n, 6, seed, shoe, swaps)
            dealt += deal_rounds(
                cards, 0, -1, 1, seed, shoe, naturals, player_num, player_den, player_free,
                banker_num, banker_den, banker_free, tally,
            )  # fmt: skip
            unshuffle_prefix(cards, 6, swaps)
        return dealt
    no_swaps = np.empty(0, dtype=np.uintp)
    count = shuffled_positions(n, cut_index)
    for k in range(shoes):
        shoe = U64(first_shoe) + U64(k)
        cards[:] = template
        shuffle_prefix(cards, n, count, seed, shoe, no_swaps)
        dealt += deal_rounds(
            cards, after_burn(cards, burn), cut_index, max_rounds, seed, shoe, naturals,
            player_num, player_den, player_free, banker_num, banker_den, banker_free, tally,
        )  # fmt: skip
    return dealt


@njit(cache=True, parallel=True)
def tally_range_parallel(  # type: ignore[no-untyped-def]
    seed,
    first_shoe,
    shoes,
    template,
    cut_index,
    burn,
    reshuffle,
    naturals,
    player_num,
    player_den,
    player_free,
    banker_num,
    banker_den,
    banker_free,
    chunks,
):
    """Whole shoes split into ``chunks`` contiguous ranges on numba's threads (the same sum)."""
    per = (shoes + chunks - 1) // chunks
    out = np.zeros((chunks, TALLY), dtype=np.int64)
    for c in prange(chunks):
        lo = c * per
        hi = min(shoes, lo + per)
        if hi > lo:
            tally_range(
                out[c], seed, first_shoe + lo, hi - lo, template, cut_index, burn, reshuffle,
                1 << 62, naturals, player_num, player_den, player_free, banker_num, banker_den,
                banker_free,
            )  # fmt: skip
    total = np.zeros(TALLY, dtype=np.int64)
    for c in range(chunks):
        for b in range(TALLY):
            total[b] += out[c, b]
    return total
