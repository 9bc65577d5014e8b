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
from puntobanco.sim.engines import CpuEngine, KernelArgs
from puntobanco.sim.tallies import add_coup
from tests.core.test_gametables import ODD

SMALL = os.environ.get("SIM_SMALL") == "1"
STANDARD_RULES = Rules()
#: The rule sets every agreement test runs on: the standard tableau and the odd
#: one of tests/core (natural only on 9, Player draws on 0-4, Banker stands on 6).
RULE_SETS = [STANDARD_RULES, ODD]
RULE_IDS = ["standard", "odd"]
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


def _tables(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    t = encode.tableau_arrays(rules)
    return t.naturals, t.player, t.banker_flat


def _play_points(rows: np.ndarray, rules: Rules) -> np.ndarray:
    codes = np.where(rows == 0, 10 << 4, rows << 4 | rows).astype(np.uint8)
    result: np.ndarray = kernels.play_points(codes, *_tables(rules))
    return result


def _reference_row(points: tuple[int, ...], rules: Rules) -> tuple[int, int, int]:
    result = play_coup((POINT_CARDS[p] for p in points), rules)
    return result.player_total, result.banker_total, result.card_count


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_coup_matches_play_coup_on_random_sequences(rules: Rules) -> None:
    rng = np.random.default_rng(2024)
    rows = rng.integers(0, 10, size=(200 if SMALL else 20_000, 6), dtype=np.uint8)
    got = _play_points(rows, rules)
    for row, out in zip(rows, got, strict=True):
        assert tuple(out) == _reference_row(tuple(int(p) for p in row), rules), row


@pytest.mark.slow
@pytest.mark.skipif(SMALL, reason="exhaustive: JIT only")
@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_coup_matches_play_coup_on_every_six_card_sequence(rules: Rules) -> None:
    """All 10**6 point sequences in one kernel call; play_coup once per distinct coup.

    (376,000 distinct coups under the standard tableau; the odd one has its own count.)
    """
    rows = np.array(list(itertools.product(range(10), repeat=6)), dtype=np.uint8)
    got = _play_points(rows, rules).reshape((10,) * 6 + (3,))
    expected = np.zeros_like(got)
    for prefix in itertools.product(range(10), repeat=4):
        player, banker, used = _reference_row(prefix + (0, 0), rules)
        if used == 4:
            expected[prefix] = (player, banker, used)
            continue
        for fifth in range(10):
            player, banker, used = _reference_row(prefix + (fifth, 0), rules)
            if used == 5:
                expected[prefix + (fifth,)] = (player, banker, used)
                continue
            for sixth in range(10):
                expected[prefix + (fifth, sixth)] = _reference_row(prefix + (fifth, sixth), rules)
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
        ODD.replace(decks=2, cut_card=30),
        ODD.replace(decks=1, cut_card=12, burn=False),
    ]
    for rules in settings:
        for _ in range(2 if SMALL else 12):
            cards = unshuffled(rules.decks)
            rng.shuffle(cards)
            cases.append((rules, cards))
    return cases


@pytest.mark.parametrize("case", range(14 if SMALL else 84))
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
    naturals, player, banker = _tables(rules)
    rounds = kernels.record_shoe(codes, cut_index, rules.burn, naturals, player, banker, out)
    assert [tuple(row) for row in out[:rounds].tolist()] == expected

    got = tallies.empty()
    opening = kernels.opening_mask(naturals, player)
    dealt = kernels.deal_shoe(codes, cut_index, rules.burn, 1 << 40, opening, banker, got)
    assert dealt == len(expected)
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
    naturals, player, banker = _tables(ODD)
    opening = kernels.opening_mask(naturals, player)
    for cap in (1 << 40, 1, 3, 7):
        apart = tallies.empty()
        dealt = sum(
            kernels.deal_shoe(codes, cut_index, True, cap, opening, banker, apart)
            for codes in shoes
        )
        together = tallies.empty()
        start = np.array([kernels.after_burn(codes, True) for codes in shoes], np.intp)
        got = kernels.deal_two_shoes(
            shoes[0], shoes[1], start, cut_index, cap, opening, banker, together
        )
        assert got == dealt
        assert together.tolist() == apart.tolist()


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_tables_come_from_the_rules_tableau(rules: Rules) -> None:
    t = encode.tableau_arrays(rules)
    tableau = rules.tableau
    assert t.naturals.tolist() == [int(tableau.is_natural(total)) for total in range(10)]
    assert t.player.tolist() == [int(tableau.player_draws(total)) for total in range(10)]
    for total in range(10):
        for third in range(11):
            assert t.banker_flat[total * 11 + third] == tableau.banker_draws(total, third)
    mask = int(kernels.opening_mask(t.naturals, t.player))
    for total in range(10):
        assert bool(mask >> total & 1) == tableau.is_natural(total)
        assert bool(mask >> (kernels.DRAWS_SHIFT + total) & 1) == tableau.player_draws(total)
    assert mask >> 20 == 0


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("naturals", np.zeros(9, np.uint8)),
        ("naturals", np.zeros(10, np.int64)),
        ("player", np.zeros((2, 5), np.uint8)),
        ("banker", np.zeros(110, np.uint8)),
        ("banker", np.zeros((10, 10), np.uint8)),
        ("banker", np.zeros((11, 10), np.uint8).T),
        ("player", [0] * 10),
        ("player", np.full(10, 2, np.uint8)),
    ],
)
def test_tables_of_the_wrong_shape_or_dtype_are_refused(field: str, bad: object) -> None:
    good = encode.tableau_arrays(Rules())
    fields = {"naturals": good.naturals, "player": good.player, "banker": good.banker}
    fields[field] = bad  # type: ignore[assignment]
    with pytest.raises(ValueError, match="must"):
        encode.TableauArrays(**fields)  # type: ignore[arg-type]
    # An array swapped in after the construction's check (the dataclass is
    # frozen, but not to object.__setattr__) is caught before a kernel runs.
    args = KernelArgs.of(Rules(decks=1, cut_card=12), seed=1)
    target = getattr(args.tableau, field)
    if not isinstance(bad, np.ndarray) or bad.shape != target.shape or bad.dtype != target.dtype:
        object.__setattr__(args.tableau, field, bad)
        with pytest.raises(ValueError, match="must"):
            args.serial(0, 1, 1 << 40)
        with pytest.raises(ValueError, match="must"):
            CpuEngine(args, 1).tally(0, 1, 1 << 40)
