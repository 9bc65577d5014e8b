"""The numba kernels against the core: the generator, every coup, explicit shoes.

These tests read ``SIM_SMALL=1`` (set by test_nojit.py, which runs this file
again with ``NUMBA_DISABLE_JIT=1`` so that kernel lines count for coverage) and
then use small inputs.
"""

from __future__ import annotations

import functools
import itertools
import os
import random

import numpy as np
import pytest

from puntobanco.core.cards import Card, Rank, Suit, unshuffled
from puntobanco.core.coup import play_coup
from puntobanco.core.rng import Xoshiro256StarStar
from puntobanco.core.rules import Rules
from puntobanco.core.shoe import Shoe
from puntobanco.sim import encode, kernels, tallies
from puntobanco.sim.reference import add_coup

SMALL = os.environ.get("SIM_SMALL") == "1"
BANKER_TABLE = encode.BANKER_DRAW_TABLE
POINT_CARDS = [Card(Rank(10 if p == 0 else p), Suit.CLUBS) for p in range(10)]


@pytest.mark.parametrize("paired", [False, True])
@pytest.mark.parametrize(
    "bounds",
    [
        [416 - i for i in range(415)],  # a shuffle's bounds
        [2**31 + 1 + 3 * i for i in range(120)],  # about half the words are rejected
        [2**32 - 1 - 5 * i for i in range(120)],
        [1, 2, 3, 2**31 + 7, 5, 2**31 + 9, 2**31 + 11, 6, 1, 1, 2**32 - 1],
    ],
    ids=["shuffle", "half-rejected", "top", "mixed"],
)
@pytest.mark.parametrize("seed,shoe", [(0, 0), (42, 3), (2**64 - 1, 2**40 + 17)])
def test_draws_match_core_rng(paired: bool, bounds: list[int], seed: int, shoe: int) -> None:
    core = Xoshiro256StarStar.for_shoe(seed=seed, shoe_index=shoe)
    expected = [core.randbelow(b) for b in bounds]
    got = kernels.draws(np.uint64(seed), np.uint64(shoe), np.array(bounds, np.int64), paired)
    assert got.tolist() == expected


@pytest.mark.parametrize("seed,shoe,decks", [(1, 0, 8), (99, 12345, 6), (2**63 + 5, 7, 1)])
def test_shuffle_prefix_matches_the_core_shoe(seed: int, shoe: int, decks: int) -> None:
    rules = Rules(decks=decks, burn=False)
    from puntobanco.core.rng import SeededSource

    reference = Shoe(rules, SeededSource(seed), first_shoe=shoe)
    expected = encode.encode_cards(itertools.islice(reference, rules.cards))
    cards = encode.unshuffled_codes(decks)
    count = 40 if SMALL else rules.cards - 1
    kernels.shuffle_prefix(
        cards, rules.cards, count, np.uint64(seed), np.uint64(shoe), np.empty(0, np.uintp)
    )
    assert cards[:count].tolist() == expected[:count].tolist()
    swaps = np.empty(count, np.uintp)
    again = encode.unshuffled_codes(decks)
    kernels.shuffle_prefix(again, rules.cards, count, np.uint64(seed), np.uint64(shoe), swaps)
    assert again[:count].tolist() == expected[:count].tolist()
    kernels.unshuffle_prefix(again, count, swaps)
    assert again.tolist() == encode.unshuffled_codes(decks).tolist()


def _play_points(rows: np.ndarray) -> np.ndarray:
    codes = np.where(rows == 0, 10 << 4, rows << 4 | rows).astype(np.uint8)
    result: np.ndarray = kernels.play_points(codes, BANKER_TABLE)
    return result


def _reference_row(points: tuple[int, ...]) -> tuple[int, int, int]:
    result = play_coup(POINT_CARDS[p] for p in points)
    return result.player_total, result.banker_total, result.card_count


def test_coup_matches_play_coup_on_random_sequences() -> None:
    rng = np.random.default_rng(2024)
    rows = rng.integers(0, 10, size=(200 if SMALL else 20_000, 6), dtype=np.uint8)
    got = _play_points(rows)
    for row, out in zip(rows, got, strict=True):
        assert tuple(out) == _reference_row(tuple(int(p) for p in row)), row


@pytest.mark.slow
@pytest.mark.skipif(SMALL, reason="exhaustive: JIT only")
def test_coup_matches_play_coup_on_every_six_card_sequence() -> None:
    """All 10**6 point sequences; play_coup is called once per distinct coup (376,000)."""
    rows = np.array(list(itertools.product(range(10), repeat=6)), dtype=np.uint8)
    got = _play_points(rows).reshape((10,) * 6 + (3,))
    expected = np.zeros_like(got)
    for prefix in itertools.product(range(10), repeat=4):
        player, banker, used = _reference_row(prefix + (0, 0))
        if used == 4:
            expected[prefix] = (player, banker, used)
            continue
        for fifth in range(10):
            player, banker, used = _reference_row(prefix + (fifth, 0))
            if used == 5:
                expected[prefix + (fifth,)] = (player, banker, used)
                continue
            for sixth in range(10):
                expected[prefix + (fifth, sixth)] = _reference_row(prefix + (fifth, sixth))
    mismatches = np.argwhere((got != expected).any(axis=-1))
    assert mismatches.size == 0, mismatches[:5]


@functools.cache
def _explicit_shoes() -> list[tuple[Rules, list[Card]]]:
    rng = random.Random(11)
    cases = []
    settings = [
        Rules(),
        Rules(decks=6, cut_card=20),
        Rules(decks=1, cut_card=12),
        Rules(decks=2, burn=False, cut_card=60),
        Rules(decks=1, cut_card=35),
    ]
    for rules in settings:
        for _ in range(2 if SMALL else 12):
            cards = unshuffled(rules.decks)
            rng.shuffle(cards)
            cases.append((rules, cards))
    return cases


@pytest.mark.parametrize("case", range(10 if SMALL else 60))
def test_explicit_shoe_round_by_round(case: int) -> None:
    """The kernel deals an explicit order exactly as Shoe.from_cards(procedure=True) does."""
    rules, cards = _explicit_shoes()[case]
    reference = Shoe.from_cards(cards, rules, procedure=True)
    expected = []
    want = tallies.empty()
    while True:
        result = reference.deal_coup()
        add_coup(want, result)
        expected.append(
            (
                result.card_count,
                result.player_total,
                result.banker_total,
                int(result.player_pair),
                int(result.banker_pair),
                reference.position,
            )
        )
        if result.last_in_shoe:
            break
    codes = np.zeros(rules.cards + kernels.SLACK, np.uint8)
    codes[: rules.cards] = encode.encode_cards(cards)
    out = np.zeros((rules.cards // 4, 6), np.int64)
    cut_index = rules.cards - rules.cut_card
    rounds = kernels.record_shoe(codes, cut_index, rules.burn, BANKER_TABLE, out)
    assert [tuple(row) for row in out[:rounds].tolist()] == expected

    histogram = np.zeros(kernels.HISTOGRAM_BINS, np.int64)
    got = tallies.empty()
    assert kernels.deal_shoe(codes, cut_index, rules.burn, 1 << 40, BANKER_TABLE, histogram) == (
        len(expected)
    )
    kernels.add_histogram(histogram, got)
    assert got.tolist() == want.tolist()


def test_two_interleaved_shoes_deal_like_one_each() -> None:
    rules = Rules(decks=2, cut_card=16)
    rng = random.Random(5)
    shoes = []
    for _ in range(2):
        cards = unshuffled(rules.decks)
        rng.shuffle(cards)
        codes = np.zeros(rules.cards + kernels.SLACK, np.uint8)
        codes[: rules.cards] = encode.encode_cards(cards)
        shoes.append(codes)
    cut_index = rules.cards - rules.cut_card
    for cap in (1 << 40, 1, 3, 7):
        apart = np.zeros(kernels.HISTOGRAM_BINS, np.int64)
        dealt = sum(
            kernels.deal_shoe(codes, cut_index, True, cap, BANKER_TABLE, apart) for codes in shoes
        )
        together = np.zeros(kernels.HISTOGRAM_BINS, np.int64)
        start = np.array([kernels.after_burn(codes, True) for codes in shoes], np.intp)
        assert (
            kernels.deal_two_shoes(
                shoes[0], shoes[1], start, cut_index, cap, BANKER_TABLE, together
            )
            == dealt
        )
        assert together.tolist() == apart.tolist()


def test_tables_come_from_the_tableau() -> None:
    from puntobanco.core.tableau import BANKER_DRAWS

    for total in range(10):
        for third in range(11):
            assert BANKER_TABLE[total * 11 + third] == BANKER_DRAWS[total][third]
