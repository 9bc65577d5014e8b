"""The numba kernels: arrays and ints only, no exceptions, no fastmath.

Everything here is ``@njit(cache=True)``; :mod:`puntobanco.sim.api` validates
arguments, encodes the rules (:mod:`puntobanco.sim.encode`) and decodes the
tallies (:mod:`puntobanco.sim.tallies`).

The generator is :mod:`puntobanco.core.rng`'s, bit for bit: shoe ``k`` under
``seed`` seeds xoshiro256** from SplitMix64 (``seed ^ mix64(k + golden)``), each
64-bit output gives two 32-bit words (upper half first) and a bounded draw is
Lemire's multiply-shift with its rejection step. The shuffle is Fisher-Yates
from position 0 (``j = i + randbelow(n - i)``). The reference shuffles lazily,
one step per card dealt; the kernels run the same steps in the same order,
but all at once before the shoe is dealt, for as many positions as the shoe can
possibly deal (the cut card's position plus 12: the round that brings the cut
card out and one more round). The positions fixed are the same, so the cards
are the same.

Why the shapes below:

* The coup is branch-free arithmetic on table lookups: the cards a coup might
  use are already fixed, so reading the fifth and sixth card costs nothing, and
  branch mispredictions (the outcome of a coup is random) are what would
  otherwise dominate.
* Array indices are unsigned (``uintp``): numba checks signed indices for
  negative wraparound on every access (a prototype measured ~40%).
* The shuffle draws two bounds from one 64-bit output with the rare cases
  (a spare half pending, Lemire's rejection test) out of line: 1.2 ns a card
  here against 1.45 ns for the word-at-a-time loop.
* Each coup is counted in the histogram of coup classes that is the tally
  (:mod:`puntobanco.sim.tallies`): one increment per coup instead of a dozen
  counters (5.5 against 6.8 ns a coup in the deal loop).
* The rules arrive as arrays (:mod:`puntobanco.sim.encode`); no total is
  compared with a rule constant here. Naturals and the Player's row become one
  bit mask per call (:func:`opening_mask`), shifted by the totals: as short a
  chain of dependent steps as comparing with constants was.
* The generator state lives in scalars passed through small inlined functions,
  so it stays in registers.
* The full pair classes (suited pairs, both hands paired on one rank: Perfect
  Pair and Tiger Pair) are a second increment per coup into the tally's last
  bins (:data:`~puntobanco.sim.tallies.PAIR_BASE`), made only with
  ``pair_classes`` (the rules offer such a bet): the coup itself, and so the
  main bets' speed, is unchanged. The flag is the same for every coup of a
  call, so the branch on it always predicts right.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from puntobanco.core.paytable import SHAPES
from puntobanco.sim.encode import RANK_MASK
from puntobanco.sim.tallies import CLASSES, PAIR_BASE

U64 = np.uint64
GOLDEN_GAMMA = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
_MASK32 = U64(0xFFFFFFFF)
_TWO32 = U64(1 << 32)
_S5 = U64(5)
_S7 = U64(7)
_S9 = U64(9)
_S17 = U64(17)
_S27 = U64(27)
_S30 = U64(30)
_S31 = U64(31)
_S32 = U64(32)
_S45 = U64(45)
_S57 = U64(57)
_S19 = U64(19)
_S33 = U64(33)
_S34 = U64(34)
_RANK = np.uint8(RANK_MASK)
_PAIR_BASE = np.uintp(PAIR_BASE)

#: Cards the kernels may read past the last position a shoe deals (the coup
#: reads its fifth and sixth card whether or not it uses them).
SLACK = 6


@njit(cache=True)
def mix64(z):  # type: ignore[no-untyped-def]
    """SplitMix64's output function on a ``uint64``."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def seed_state(seed, shoe_index):  # type: ignore[no-untyped-def]
    """The xoshiro256** state of shoe ``shoe_index`` (``uint64``) under ``seed`` (``uint64``)."""
    x = seed ^ mix64(shoe_index + GOLDEN_GAMMA)
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
def next64(s0, s1, s2, s3):  # type: ignore[no-untyped-def]
    """One xoshiro256** step: ``(output, s0, s1, s2, s3)``."""
    x = s1 * _S5
    result = ((x << _S7) | (x >> _S57)) * _S9
    t = s1 << _S17
    s2 = s2 ^ s0
    s3 = s3 ^ s1
    s1 = s1 ^ s2
    s0 = s0 ^ s3
    s2 = s2 ^ t
    s3 = (s3 << _S45) | (s3 >> _S19)
    return result, s0, s1, s2, s3


@njit(cache=True)
def next_word(s0, s1, s2, s3, spare, has_spare):  # type: ignore[no-untyped-def]
    """The next 32-bit word: ``(word, s0, s1, s2, s3, spare, has_spare)``."""
    if has_spare:
        return spare, s0, s1, s2, s3, spare, False
    r, s0, s1, s2, s3 = next64(s0, s1, s2, s3)
    return r >> _S32, s0, s1, s2, s3, r & _MASK32, True


@njit(cache=True)
def lemire_finish(m, bound, s0, s1, s2, s3, spare, has_spare):  # type: ignore[no-untyped-def]
    """Lemire's rejection step for a first product ``m`` whose low half fell below ``bound``."""
    threshold = (_TWO32 - bound) % bound
    while (m & _MASK32) < threshold:
        w, s0, s1, s2, s3, spare, has_spare = next_word(s0, s1, s2, s3, spare, has_spare)
        m = w * bound
    return m >> _S32, s0, s1, s2, s3, spare, has_spare


@njit(cache=True)
def randbelow(bound, s0, s1, s2, s3, spare, has_spare):  # type: ignore[no-untyped-def]
    """Lemire's unbiased draw in ``[0, bound)`` (``uint64`` bound below 2**32).

    Returns ``(value, s0, s1, s2, s3, spare, has_spare)``.
    """
    w, s0, s1, s2, s3, spare, has_spare = next_word(s0, s1, s2, s3, spare, has_spare)
    m = w * bound
    if (m & _MASK32) < bound:
        return lemire_finish(m, bound, s0, s1, s2, s3, spare, has_spare)
    return m >> _S32, s0, s1, s2, s3, spare, has_spare


@njit(cache=True)
def finish_pair(r, bound1, bound2, s0, s1, s2, s3):  # type: ignore[no-untyped-def]
    """The rare case of :func:`randbelow_pair`: a rejection test is needed.

    ``r`` is the 64-bit output already taken. Returns what
    :func:`randbelow_pair` returns.
    """
    m1 = (r >> _S32) * bound1
    low = r & _MASK32
    if (m1 & _MASK32) < bound1:
        v1, s0, s1, s2, s3, spare, has_spare = lemire_finish(m1, bound1, s0, s1, s2, s3, low, True)
        v2, s0, s1, s2, s3, spare, has_spare = randbelow(bound2, s0, s1, s2, s3, spare, has_spare)
        return v1, v2, s0, s1, s2, s3, spare, has_spare
    v2, s0, s1, s2, s3, spare, has_spare = lemire_finish(
        low * bound2, bound2, s0, s1, s2, s3, U64(0), False
    )
    return m1 >> _S32, v2, s0, s1, s2, s3, spare, has_spare


@njit(cache=True)
def randbelow_pair(bound1, bound2, s0, s1, s2, s3, spare, has_spare):  # type: ignore[no-untyped-def]
    """Two successive draws, ``randbelow(bound1)`` then ``randbelow(bound2)``.

    The same numbers as two :func:`randbelow` calls. The common case (no spare
    half pending, no rejection test needed: probability about ``1 - 2 * bound
    / 2**32``) takes one 64-bit output, one multiply per draw and no branch
    that mispredicts; the rest is out of line. Returns ``(value1, value2, s0,
    s1, s2, s3, spare, has_spare)``.
    """
    if has_spare:
        v1, s0, s1, s2, s3, spare, has_spare = randbelow(bound1, s0, s1, s2, s3, spare, True)
        v2, s0, s1, s2, s3, spare, has_spare = randbelow(bound2, s0, s1, s2, s3, spare, has_spare)
        return v1, v2, s0, s1, s2, s3, spare, has_spare
    r, s0, s1, s2, s3 = next64(s0, s1, s2, s3)
    m1 = (r >> _S32) * bound1
    m2 = (r & _MASK32) * bound2
    if ((m1 & _MASK32) < bound1) | ((m2 & _MASK32) < bound2):
        return finish_pair(r, bound1, bound2, s0, s1, s2, s3)
    return m1 >> _S32, m2 >> _S32, s0, s1, s2, s3, U64(0), False


@njit(cache=True)
def draws(seed, shoe_index, bounds, paired):  # type: ignore[no-untyped-def]
    """The draws ``randbelow(bounds[0]), randbelow(bounds[1]), ...`` of one shoe's stream.

    With ``paired``, drawn two at a time by :func:`randbelow_pair` (the
    shuffle's path); the numbers must be the same either way.
    """
    s0, s1, s2, s3 = seed_state(seed, shoe_index)
    spare = U64(0)
    has_spare = False
    out = np.empty(bounds.size, dtype=np.uint64)
    k = 0
    if paired:
        while k + 1 < bounds.size:
            v1, v2, s0, s1, s2, s3, spare, has_spare = randbelow_pair(
                U64(bounds[k]), U64(bounds[k + 1]), s0, s1, s2, s3, spare, has_spare
            )
            out[k] = v1
            out[k + 1] = v2
            k += 2
    while k < bounds.size:
        v, s0, s1, s2, s3, spare, has_spare = randbelow(
            U64(bounds[k]), s0, s1, s2, s3, spare, has_spare
        )
        out[k] = v
        k += 1
    return out


@njit(cache=True, boundscheck=False)
def shuffle_prefix(cards, n, count, seed, shoe_index, swaps):  # type: ignore[no-untyped-def]
    """Run the first ``count`` Fisher-Yates steps on ``cards[:n]`` (positions 0 .. count-1).

    Records each step's ``j`` in ``swaps[:count]`` when ``swaps`` is that long
    (so a caller can undo them), else records nothing.
    """
    s0, s1, s2, s3 = seed_state(seed, shoe_index)
    spare = U64(0)
    has_spare = False
    record = swaps.size >= count
    one = np.uintp(1)
    i = np.uintp(0)
    end = np.uintp(count)
    size = U64(n)
    while i + one < end:
        bound1 = size - U64(i)
        bound2 = bound1 - U64(1)
        # randbelow_pair, with its common case written out here so that it is
        # inlined into this loop (a call costs more than half of the step).
        if has_spare:
            r1, r2, s0, s1, s2, s3, spare, has_spare = randbelow_pair(
                bound1, bound2, s0, s1, s2, s3, spare, True
            )
        else:
            r, s0, s1, s2, s3 = next64(s0, s1, s2, s3)
            m1 = (r >> _S32) * bound1
            m2 = (r & _MASK32) * bound2
            if ((m1 & _MASK32) < bound1) | ((m2 & _MASK32) < bound2):
                r1, r2, s0, s1, s2, s3, spare, has_spare = finish_pair(
                    r, bound1, bound2, s0, s1, s2, s3
                )
            else:
                r1 = m1 >> _S32
                r2 = m2 >> _S32
        j = i + np.uintp(r1)
        held = cards[i]
        cards[i] = cards[j]
        cards[j] = held
        k = i + one
        j2 = k + np.uintp(r2)
        held = cards[k]
        cards[k] = cards[j2]
        cards[j2] = held
        if record:
            swaps[i] = j
            swaps[k] = j2
        i += np.uintp(2)
    if i < end:
        r, s0, s1, s2, s3, spare, has_spare = randbelow(
            size - U64(i), s0, s1, s2, s3, spare, has_spare
        )
        j = i + np.uintp(r)
        held = cards[i]
        cards[i] = cards[j]
        cards[j] = held
        if record:
            swaps[i] = j


@njit(cache=True, boundscheck=False)
def unshuffle_prefix(cards, count, swaps):  # type: ignore[no-untyped-def]
    """Undo :func:`shuffle_prefix`'s first ``count`` steps, last first."""
    k = np.uintp(count)
    while k > np.uintp(0):
        k -= np.uintp(1)
        j = swaps[k]
        held = cards[k]
        cards[k] = cards[j]
        cards[j] = held


#: Where the Player's row starts in the opening mask (the naturals take bits 0-9).
DRAWS_SHIFT = 10


@njit(cache=True)
def opening_mask(naturals, player_row):  # type: ignore[no-untyped-def]
    """The tableau's naturals and Player's row as one bit mask (``uintp``).

    Bit ``t`` is set when a two-card ``t`` is a natural, bit ``DRAWS_SHIFT +
    t`` when the Player draws on ``t``. The coup shifts it by the totals
    instead of loading from memory: the opening sits on the chain of dependent
    steps from one coup to the next (its cards decide where the next coup
    starts), and one register, not two, keeps the two-shoe loop from spilling.
    """
    mask = np.uintp(0)
    for total in range(10):
        mask |= np.uintp(naturals[total] != 0) << np.uintp(total)
        mask |= np.uintp(player_row[total] != 0) << np.uintp(DRAWS_SHIFT + total)
    return mask


@njit(cache=True, boundscheck=False)
def coup(cards, pos, opening, banker_table):  # type: ignore[no-untyped-def]
    """Deal one coup from ``cards`` at ``pos`` (cards are ``rank << 4 | points``).

    Branch-free: the naturals and the Player's row (the bit mask ``opening``
    of :func:`opening_mask`) and the Banker's cell
    (``banker_table[total * 11 + player_third]``, column 10 when the Player
    stood) become 0/1 integers. Reads ``cards[pos:pos + 6]`` whatever the coup uses. Returns
    ``(cards_used, coup_class)``, both ``uintp``: the class is
    :func:`puntobanco.sim.tallies.class_index` of the coup's shape and pairs.
    """
    one = np.uintp(1)
    ten = np.uintp(10)
    p = np.uintp(pos)
    c0 = cards[p]
    c1 = cards[p + one]
    c2 = cards[p + np.uintp(2)]
    c3 = cards[p + np.uintp(3)]
    fifth = np.uintp(cards[p + np.uintp(4)] & 15)
    sixth = np.uintp(cards[p + np.uintp(5)] & 15)
    player = np.uintp(c0 & 15) + np.uintp(c2 & 15)
    player -= ten * np.uintp(player >= ten)
    banker = np.uintp(c1 & 15) + np.uintp(c3 & 15)
    banker -= ten * np.uintp(banker >= ten)
    by_player = opening >> player
    no_natural = one ^ ((by_player | (opening >> banker)) & one)
    player_draws = no_natural & (by_player >> np.uintp(DRAWS_SHIFT))
    third = ten - player_draws * (ten - fifth)
    banker_draws = no_natural & np.uintp(banker_table[banker * np.uintp(11) + third])
    # The Banker's third card is the fifth card if the Player stood, else the sixth.
    banker_third = fifth + player_draws * (sixth - fifth)
    player += player_draws * fifth
    player -= ten * np.uintp(player >= ten)
    banker += banker_draws * banker_third
    banker -= ten * np.uintp(banker >= ten)
    used = np.uintp(4) + player_draws + banker_draws
    # tallies.class_index(shape_index(...), rank_pair_index(...)), in the kernel's integers.
    pairs = np.uintp((c0 & _RANK) == (c2 & _RANK)) * np.uintp(2) + np.uintp(
        (c1 & _RANK) == (c3 & _RANK)
    )
    shape = (player_draws * np.uintp(2) + banker_draws) * np.uintp(100) + player * ten + banker
    return used, pairs * np.uintp(SHAPES) + shape


@njit(cache=True, boundscheck=False)
def pair_class(cards, pos):  # type: ignore[no-untyped-def]
    """The full pair class of the coup at ``pos``: :func:`puntobanco.core.paytable.pair_index`.

    From the first four cards (Player, Banker, Player, Banker): each side's
    kind is 0 (two ranks), 1 (a rank pair) or 2 (a rank pair of one suit: equal
    bytes), and both sides paired on one rank when the first two cards share
    a rank as well. Returns a ``uintp`` below ``PAIR_CLASSES``.
    """
    p = np.uintp(pos)
    c0 = cards[p]
    c1 = cards[p + np.uintp(1)]
    c2 = cards[p + np.uintp(2)]
    c3 = cards[p + np.uintp(3)]
    player = np.uintp((c0 & _RANK) == (c2 & _RANK)) + np.uintp(c0 == c2)
    banker = np.uintp((c1 & _RANK) == (c3 & _RANK)) + np.uintp(c1 == c3)
    same = np.uintp((c0 & _RANK) == (c1 & _RANK)) & np.uintp(player != 0) & np.uintp(banker != 0)
    return (player * np.uintp(3) + banker) * np.uintp(2) + same


@njit(cache=True, boundscheck=False)
def deal_rounds(  # type: ignore[no-untyped-def]
    cards, pos, cut_index, max_rounds, opening, banker_table, histogram, pair_classes=False
):
    """Deal rounds from ``pos`` until the round after the cut card, or ``max_rounds``.

    The cut card lies in front of position ``cut_index``: it is out once a card
    at or behind it has been dealt; the round in progress is finished and one
    more is dealt (``cut_index`` -1: a single round). Counts each coup in
    ``histogram`` (with ``pair_classes``, its :func:`pair_class` too) and
    returns ``(rounds, pos)``.
    """
    rounds = 0
    p = np.uintp(pos)
    while rounds < max_rounds:
        last = np.intp(p) > cut_index
        used, klass = coup(cards, p, opening, banker_table)
        histogram[klass] += 1
        if pair_classes:
            histogram[_PAIR_BASE + pair_class(cards, p)] += 1
        p += used
        rounds += 1
        if last:
            break
    return rounds, np.intp(p)


@njit(cache=True, boundscheck=False)
def deal_two_shoes(  # type: ignore[no-untyped-def]
    first,
    second,
    start,
    cut_index,
    max_rounds,
    opening,
    banker_table,
    histogram,
    pair_classes=False,
):
    """Deal two cut-card shoes to the end, a round of each in turn.

    The same rounds as :func:`deal_rounds` on each; interleaving them gives the
    processor two independent chains of work (each coup's position depends on
    the previous coup's cards): 6.5 ns a coup against 13.5 ns for one shoe at
    a time, measured here. ``start`` holds both shoes' positions after the
    burn. ``pair_classes`` as in :func:`deal_rounds`. Returns the rounds dealt.
    """
    p = np.uintp(start[0])
    q = np.uintp(start[1])
    cut = np.uintp(cut_index)
    rounds_p = 0
    rounds_q = 0
    done_p = max_rounds <= 0
    done_q = done_p
    while not (done_p and done_q):
        if not done_p:
            last = p > cut
            used, klass = coup(first, p, opening, banker_table)
            histogram[klass] += 1
            if pair_classes:
                histogram[_PAIR_BASE + pair_class(first, p)] += 1
            p += used
            rounds_p += 1
            done_p = last or rounds_p >= max_rounds
        if not done_q:
            last = q > cut
            used, klass = coup(second, q, opening, banker_table)
            histogram[klass] += 1
            if pair_classes:
                histogram[_PAIR_BASE + pair_class(second, q)] += 1
            q += used
            rounds_q += 1
            done_q = last or rounds_q >= max_rounds
    return rounds_p + rounds_q


@njit(cache=True)
def after_burn(cards, burn):  # type: ignore[no-untyped-def]
    """The position of the first round's first card.

    The burn shows one card, then buries its point value face down (ten for a 0).
    """
    if not burn:
        return 0
    shown = cards[0] & 15
    return 1 + (int(shown) if shown != 0 else 10)


@njit(cache=True)
def deal_shoe(  # type: ignore[no-untyped-def]
    cards, cut_index, burn, max_rounds, opening, banker_table, histogram, pair_classes=False
):
    """Deal one cut-card shoe whose order is already fixed.

    The burn, rounds to the cut card and one more (``pair_classes`` as in
    :func:`deal_rounds`). Returns the rounds dealt.
    """
    rounds, pos = deal_rounds(
        cards,
        after_burn(cards, burn),
        cut_index,
        max_rounds,
        opening,
        banker_table,
        histogram,
        pair_classes,
    )
    return rounds


@njit(cache=True)
def shuffled_positions(n, cut_index):  # type: ignore[no-untyped-def]
    """How many Fisher-Yates steps fix every card a cut-card shoe can deal.

    The round that brings the cut card out starts at ``cut_index`` at the
    latest and takes up to 6 cards; one more round takes up to 6 more.
    """
    return min(n - 1, cut_index + 12)


@njit(cache=True, boundscheck=False)
def tally_range(  # type: ignore[no-untyped-def]
    histogram,
    seed,
    first_shoe,
    shoes,
    template,
    cut_index,
    burn,
    reshuffle,
    max_rounds,
    naturals,
    player_row,
    banker_table,
    pair_classes=False,
):
    """Add the tallies of shoes ``first_shoe .. first_shoe + shoes - 1`` to ``histogram``.

    On one thread; ``histogram`` is a tally (:mod:`puntobanco.sim.tallies`).
    ``template`` is the unshuffled shoe (its cards plus :data:`SLACK` zero
    bytes). In reshuffle mode every round is a shoe of its own. ``max_rounds``
    caps the rounds of each shoe (the caller cuts the last shoe of a run with
    it). The tableau arrives as its arrays (:class:`puntobanco.sim.encode.TableauArrays`:
    ``naturals[10]``, ``player_row[10]``, ``banker_table[110]``, checked by the
    caller). With ``pair_classes`` the full pair classes are counted too.
    """
    n = template.size - SLACK
    opening = opening_mask(naturals, player_row)
    base = U64(first_shoe)
    first = template.copy()
    if reshuffle:
        swaps = np.empty(6, dtype=np.uintp)
        for k in range(shoes):
            shuffle_prefix(first, n, 6, seed, base + U64(k), swaps)
            deal_rounds(first, 0, -1, 1, opening, banker_table, histogram, pair_classes)
            unshuffle_prefix(first, 6, swaps)
        return
    second = template.copy()
    no_swaps = np.empty(0, dtype=np.uintp)
    start = np.zeros(2, dtype=np.intp)
    count = shuffled_positions(n, cut_index)
    k = 0
    while k + 1 < shoes:
        first[:] = template
        second[:] = template
        shuffle_prefix(first, n, count, seed, base + U64(k), no_swaps)
        shuffle_prefix(second, n, count, seed, base + U64(k + 1), no_swaps)
        start[0] = after_burn(first, burn)
        start[1] = after_burn(second, burn)
        deal_two_shoes(
            first,
            second,
            start,
            cut_index,
            max_rounds,
            opening,
            banker_table,
            histogram,
            pair_classes,
        )
        k += 2
    if k < shoes:
        first[:] = template
        shuffle_prefix(first, n, count, seed, base + U64(k), no_swaps)
        deal_shoe(
            first, cut_index, burn, max_rounds, opening, banker_table, histogram, pair_classes
        )


@njit(cache=True, parallel=True)
def tally_range_parallel(  # type: ignore[no-untyped-def]
    seed,
    first_shoe,
    shoes,
    template,
    cut_index,
    burn,
    reshuffle,
    max_rounds,
    naturals,
    player_row,
    banker_table,
    chunks,
    pair_classes=False,
):
    """:func:`tally_range` split into ``chunks`` contiguous ranges run on numba's threads.

    The sum does not depend on ``chunks``: each shoe's cards depend only on
    (seed, shoe index), and integer addition is exact.
    """
    per = (shoes + chunks - 1) // chunks
    # No array expression here (np.zeros, .sum(axis), slice assignment): numba
    # turns each into a parallel loop, which runs under the caller's
    # parallel_chunksize(1) one element at a time (~1 ms a chunk for 1,600 bins).
    out = np.empty((chunks, CLASSES), dtype=np.int64)
    for c in prange(chunks):
        row = out[c]
        for b in range(CLASSES):
            row[b] = 0
        lo = c * per
        hi = min(shoes, lo + per)
        if hi > lo:
            tally_range(
                row,
                seed,
                first_shoe + lo,
                hi - lo,
                template,
                cut_index,
                burn,
                reshuffle,
                max_rounds,
                naturals,
                player_row,
                banker_table,
                pair_classes,
            )
    total = np.empty(CLASSES, dtype=np.int64)
    for b in range(CLASSES):
        total[b] = out[0, b]
    for c in range(1, chunks):
        for b in range(CLASSES):
            total[b] += out[c, b]
    return total


@njit(cache=True)
def decode_class(klass):  # type: ignore[no-untyped-def]
    """``(player_total, banker_total, player_pair, banker_pair)`` of a coup class."""
    shape = klass % SHAPES
    pairs = klass // SHAPES
    return (shape // 10) % 10, shape % 10, pairs // 2, pairs % 2


@njit(cache=True)
def play_points(rows, naturals, player_row, banker_table):  # type: ignore[no-untyped-def]
    """Play one coup from each row of six cards: ``(player, banker, cards_used)`` per row."""
    opening = opening_mask(naturals, player_row)
    out = np.empty((rows.shape[0], 3), dtype=np.int8)
    for r in range(rows.shape[0]):
        used, klass = coup(rows[r], 0, opening, banker_table)
        player, banker, player_pair, banker_pair = decode_class(klass)
        out[r, 0] = player
        out[r, 1] = banker
        out[r, 2] = used
    return out


@njit(cache=True)
def record_shoe(cards, cut_index, burn, naturals, player_row, banker_table, out):  # type: ignore[no-untyped-def]
    """Deal an explicit cut-card shoe round by round, for agreement tests.

    The same procedure as :func:`deal_shoe`; writes ``(cards_used, player,
    banker, player_pair, banker_pair, position_after)`` per round into ``out``
    (and the :func:`pair_class` in a seventh column, if ``out`` has one) and
    returns the rounds dealt.
    """
    opening = opening_mask(naturals, player_row)
    pos = after_burn(cards, burn)
    rounds = 0
    while rounds < out.shape[0]:
        last = pos > cut_index
        used, klass = coup(cards, pos, opening, banker_table)
        player, banker, player_pair, banker_pair = decode_class(klass)
        if out.shape[1] > 6:
            out[rounds, 6] = pair_class(cards, pos)
        pos += used
        out[rounds, 0] = used
        out[rounds, 1] = player
        out[rounds, 2] = banker
        out[rounds, 3] = player_pair
        out[rounds, 4] = banker_pair
        out[rounds, 5] = pos
        rounds += 1
        if last:
            break
    return rounds
