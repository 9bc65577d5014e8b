"""The side bets in the simulation: every backend tallies what every bet needs.

The full pair classes (suited pairs, both hands paired on one rank) are checked
against the core's :func:`~puntobanco.core.paytable.pair_class` of the cards
themselves, on every ordering of a small pool of cards and on explicit shoes;
then by seed, every backend against the reference engine, for ``all-side-bets``
and for rules with odd side-bet payouts; then each bet's net result against
the core's own settlement, and the z-scores against the exact analyzer.

Reads ``SIM_SMALL=1`` like test_kernels.py (test_nojit.py runs this file with
the JIT off too).
"""

from __future__ import annotations

import itertools
import os
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from puntobanco.core.bets import Bet, settle_bet
from puntobanco.core.cards import Card, parse_cards, unshuffled
from puntobanco.core.paytable import PAIR_CLASSES, SHAPES, pair_class, rank_pair_index
from puntobanco.core.rules import PRESETS, BetKind, Rules, ShoeMode
from puntobanco.core.shoe import Shoe
from puntobanco.sim import encode, kernels, stats, tallies
from puntobanco.sim.api import simulate
from puntobanco.sim.reference import tally_reference
from tests.core.test_gametables import ODD

SMALL = os.environ.get("SIM_SMALL") == "1"
ALL = PRESETS["all-side-bets"]
#: Side-bet payouts nobody offers, so that no default is built in by accident.
ODD_PAYS = ODD.replace(
    pair_pays=Fraction(7),
    side_bets={
        "dragon_7": "39",
        "dragon_bonus_banker": "1/4:31:11:7:5:3:1",
        "either_pair": "9/2",
        "perfect_pair": "7:33",
        "big": "1/5",
        "small": "7/4",
        "tiger": "13/20:21",
        "tiger_tie": "30",
        "tiger_pair": "3/2:19:101",
        "egalite_4": "77",
    },
)
#: Pool for the exhaustive check: repeated ranks and repeated (rank, suit).
POOL = parse_cards("Kc Kc Kd Kd Ks 5h 5h 5s")


def _tables(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    t = encode.tableau_arrays(rules)
    return t.naturals, t.player, t.banker_flat


def _codes(cards: list[Card], slack: int = kernels.SLACK) -> np.ndarray:
    codes = np.zeros(len(cards) + slack, np.uint8)
    codes[: len(cards)] = encode.encode_cards(cards)
    return codes


def test_every_ordering_of_four_cards_gets_the_cores_pair_class() -> None:
    naturals, player, banker = _tables(Rules())
    opening = kernels.opening_mask(naturals, player)
    orders = list(itertools.permutations(range(len(POOL)), 4))
    if SMALL:
        orders = orders[::7]
    seen = set()
    for order in orders:
        c0, c1, c2, c3 = (POOL[i] for i in order)
        codes = _codes([c0, c1, c2, c3])
        want = pair_class([c0, c2], [c1, c3])  # dealt Player, Banker, Player, Banker
        assert int(kernels.pair_class(codes, 0)) == want, (c0, c1, c2, c3)
        _, klass = kernels.coup(codes, 0, opening, banker)
        coarse = rank_pair_index(c0.rank == c2.rank, c1.rank == c3.rank)
        assert int(klass) // SHAPES == coarse
        seen.add(want)
    # The pool reaches every class that can be dealt: 9 kinds of each side's
    # pair, and the 4 with both sides paired once more on a single rank.
    if SMALL:
        assert len(seen) >= 9
    else:
        assert len(seen) == 13


def _shoe_with_prefix(rules: Rules, prefix: str, rng: random.Random) -> list[Card]:
    """A shuffled shoe of ``rules`` whose first cards are ``prefix`` (the same multiset)."""
    cards = unshuffled(rules.decks)
    rng.shuffle(cards)
    for at, card in enumerate(parse_cards(prefix)):
        where = cards.index(card, at)
        cards[at], cards[where] = cards[where], cards[at]
    return cards


#: First rounds that make every kind of pair class happen (no burn: round 1 starts at 0).
PREFIXES = ["Kc Kd Kc Kd", "7h 7s 7h 7d", "2c 3c 2c 3d", "Qs Qs Js Js", "9d 9d 4c 5c"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_explicit_shoes_count_the_pair_classes_as_the_core_deals_them(prefix: str) -> None:
    rules = ODD.replace(decks=2, burn=False, cut_card=16)
    rng = random.Random(prefix)
    cards = _shoe_with_prefix(rules, prefix, rng)
    reference = Shoe.from_cards(cards, rules, procedure=True)
    want = tallies.empty()
    classes = []
    while True:
        result = reference.deal_coup()
        tallies.add_coup(want, result, pair_classes=True)
        classes.append(pair_class(result.player_cards, result.banker_cards))
        if result.last_in_shoe:
            break
    codes = _codes(cards)
    naturals, player, banker = _tables(rules)
    cut_index = rules.cards - rules.cut_card
    out = np.zeros((rules.cards // 4, 7), np.int64)
    rounds = kernels.record_shoe(codes, cut_index, False, naturals, player, banker, out)
    assert out[:rounds, 6].tolist() == classes
    opening = kernels.opening_mask(naturals, player)
    got = tallies.empty()
    kernels.deal_shoe(codes, cut_index, False, 1 << 40, opening, banker, got, True)
    assert got.tolist() == want.tolist()
    assert int(got[tallies.PAIR_BASE :].sum()) == tallies.rounds(got)
    # Without the flag: the same coup classes, no pair classes.
    plain = tallies.empty()
    kernels.deal_shoe(codes, cut_index, False, 1 << 40, opening, banker, plain)
    assert plain[: tallies.PAIR_BASE].tolist() == want[: tallies.PAIR_BASE].tolist()
    assert not plain[tallies.PAIR_BASE :].any()
    # Two shoes interleaved count the same as one after the other.
    other = _codes(_shoe_with_prefix(rules, PREFIXES[0], rng))
    apart = got.copy()
    kernels.deal_shoe(other, cut_index, False, 1 << 40, opening, banker, apart, True)
    together = tallies.empty()
    start = np.zeros(2, np.intp)
    kernels.deal_two_shoes(codes, other, start, cut_index, 1 << 40, opening, banker, together, True)
    assert together.tolist() == apart.tolist()


RULE_SETS = [
    ALL,
    ALL.replace(decks=2, shoe_mode=ShoeMode.RESHUFFLE),
    ODD_PAYS.replace(decks=1, cut_card=12),
    ODD_PAYS.replace(decks=2, shoe_mode=ShoeMode.RESHUFFLE),
]
RULE_IDS = ["all-8", "all-2-reshuffle", "odd-pays-1", "odd-pays-2-reshuffle"]


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("seed", [1, 2**64 - 7])
def test_cpu_matches_the_reference_on_side_bets_by_seed(rules: Rules, seed: int) -> None:
    assert tallies.needs_pair_classes(rules)
    counts = (1, 211) if SMALL else (1, 97, 3_001)
    for hands in counts:
        want, shoes = tally_reference(rules, seed=seed, hands=hands)
        assert int(want[tallies.PAIR_BASE :].sum()) == hands
        expected = stats.bet_summaries(rules, want, None)
        assert set(expected) == {kind.value for kind in rules.offered_bets}
        for workers in (1, 2):
            got = simulate(rules, hands=hands, seed=seed, backend="cpu", workers=workers)
            assert got.tallies.tolist() == want.tolist(), (hands, workers)
            assert got.shoes == shoes
            assert stats.bet_summaries(rules, got.tallies, None) == expected


def test_main_bets_tally_no_pair_classes_and_deal_the_same_coups() -> None:
    """A seed deals the same coups whatever bets are offered; only the pair bins differ."""
    hands = 300 if SMALL else 5_000
    main = simulate(Rules(), hands=hands, seed=9, backend="cpu", workers=1)
    side = simulate(ALL, hands=hands, seed=9, backend="cpu", workers=1)
    assert not main.tallies[tallies.PAIR_BASE :].any()
    coarse = tallies.PAIR_BASE
    assert side.tallies[:coarse].tolist() == main.tallies[:coarse].tolist()
    assert int(side.tallies[coarse:].sum()) == hands


def test_the_cuda_backend_tallies_side_bets_with_its_source_built_for_the_cpu(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cuda = pytest.importorskip("puntobanco.sim.cuda")
    if cuda.find_c_compiler() is None:
        pytest.skip("no C compiler")
    host = cuda.HostKernel(directory=tmp_path)
    monkeypatch.setattr(cuda, "cuda_available", lambda: True)
    monkeypatch.setattr(cuda, "tally_shoes_cuda", lambda **kw: host.tally(**kw))
    for rules in (
        ALL.replace(decks=1, cut_card=12),
        ODD_PAYS.replace(decks=2, shoe_mode=ShoeMode.RESHUFFLE),
    ):
        got = simulate(rules, hands=555, seed=2**64 - 3, backend="cuda")
        want, shoes = tally_reference(rules, seed=2**64 - 3, hands=555)
        assert got.tallies.tolist() == want.tolist()
        assert got.shoes == shoes


@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize(
    ("decks", "cut_card", "burn", "reshuffle"),
    [(2, 14, True, False), (1, 12, False, False), (6, 14, False, True)],
)
def test_the_cuda_source_counts_the_pair_classes_like_the_reference(
    tmp_path_factory: pytest.TempPathFactory,
    paired: bool,
    decks: int,
    cut_card: int,
    burn: bool,
    reshuffle: bool,
) -> None:
    cuda = pytest.importorskip("puntobanco.sim.cuda")
    if cuda.find_c_compiler() is None:
        pytest.skip("no C compiler")
    host = cuda.HostKernel(paired_draws=paired, directory=tmp_path_factory.mktemp("host"))
    mode = ShoeMode.RESHUFFLE if reshuffle else ShoeMode.CUT_CARD
    rules = ODD_PAYS.replace(decks=decks, cut_card=cut_card, burn=burn, shoe_mode=mode)
    shoes = 200 if reshuffle else 6
    want, _ = tally_reference(rules, seed=11, shoes=shoes)
    got = host.tally(
        seed=11, first_shoe=0, shoes=shoes, decks=decks, cut_card=cut_card, burn=burn,
        reshuffle=reshuffle, grid=2, block=3, tableau=encode.tableau_arrays(rules),
        pair_classes=True,
    )  # fmt: skip
    assert got.tolist() == want.tolist()
    assert int(got[tallies.PAIR_BASE :].sum()) == tallies.rounds(got)


def test_the_nibble_layout_refuses_the_pair_classes(tmp_path: Path) -> None:
    cuda = pytest.importorskip("puntobanco.sim.cuda")
    if cuda.find_c_compiler() is None:
        pytest.skip("no C compiler")
    host = cuda.HostKernel(nibbles=True, directory=tmp_path)
    args = dict(seed=1, first_shoe=0, shoes=2, decks=1, cut_card=12, burn=True)
    with pytest.raises(ValueError, match="ranks only"):
        host.tally(**args, reshuffle=False, pair_classes=True)  # type: ignore[arg-type]
    # Reshuffle mode keeps no shoe in shared memory: the suits are there.
    want, _ = tally_reference(
        ALL.replace(decks=1, cut_card=12, shoe_mode=ShoeMode.RESHUFFLE), seed=1, shoes=50
    )
    got = host.tally(**{**args, "shoes": 50}, reshuffle=True, pair_classes=True)  # type: ignore[arg-type]
    assert got.tolist() == want.tolist()


@pytest.mark.parametrize(
    "rules",
    [ALL.replace(decks=2, burn=False), ODD_PAYS.replace(decks=2, burn=False)],
    ids=["all", "odd-pays"],
)
def test_each_side_bet_nets_what_core_settlement_pays_on_explicit_shoes(rules: Rules) -> None:
    """Tally explicit shoes, then compare every bet's total net with core's settle_bet."""
    rng = random.Random(47)
    counts = tallies.empty()
    stake = 100  # every payout here is a whole number of minor units on 100
    settled: dict[BetKind, int] = dict.fromkeys(rules.offered_bets, 0)
    for k in range(2 if SMALL else 6):
        cards = _shoe_with_prefix(rules, PREFIXES[k % len(PREFIXES)], rng)
        shoe = Shoe.from_cards(cards, rules, procedure=True)
        while True:
            result = shoe.deal_coup()
            tallies.add_coup(counts, result, pair_classes=True)
            for kind in rules.offered_bets:
                s = settle_bet(Bet(kind, stake), result, rules)
                assert s.rounded_away == 0
                settled[kind] += s.stake_returned_minor + s.winnings_minor - stake
            if result.last_in_shoe:
                break
    for kind in rules.offered_bets:
        values = stats.bet_values(rules, kind, counts)
        assert sum(values.values()) == tallies.rounds(counts)
        assert sum(v * n for v, n in values.items()) * stake == settled[kind], kind


def test_a_fine_pair_bet_is_not_read_from_tallies_without_the_pair_classes() -> None:
    t = tallies.empty()
    t[0] = 5
    with pytest.raises(KeyError, match="perfect_pair"):
        stats.bet_values(ALL, BetKind.PERFECT_PAIR, t)
    assert stats.bet_values(ALL, BetKind.EITHER_PAIR, t) == {Fraction(-1): 5}
    broken = t.copy()
    broken[tallies.PAIR_BASE] = 4  # the pair classes must count every round
    with pytest.raises(ValueError, match="pair classes"):
        tallies.check(broken)


@pytest.mark.skipif(SMALL, reason="a statistical run: compiled kernels only")
def test_every_side_bet_lands_near_the_exact_analyzer_value() -> None:
    run = simulate(ALL, hands=400_000, seed=2026, backend="cpu")
    bets = run.to_json()["bets"]
    assert set(bets) == {kind.value for kind in ALL.offered_bets}
    assert len(bets) == 29 and PAIR_CLASSES == 18
    for name, e in bets.items():
        assert e["exact"] is not None, name
        # 29 estimates: 4.5 standard errors leaves a false alarm about once in 5,000 seeds.
        assert abs(e["z"]) < 4.5, (name, e)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_dask_tallies_side_bets_like_the_cpu() -> None:
    pytest.importorskip("distributed")
    rules = ODD_PAYS.replace(decks=6)
    got = simulate(rules, hands=30_011, seed=5, backend="dask", workers=2)
    want = simulate(rules, hands=30_011, seed=5, backend="cpu", workers=1)
    assert got.tallies.tolist() == want.tallies.tolist()
    assert int(got.tallies[tallies.PAIR_BASE :].sum()) == 30_011


def test_betting_systems_refuse_a_side_bet_by_name() -> None:
    from puntobanco.sim.systems import Plan, SystemsError

    for name in ("dragon_7", "perfect_pair", "tie"):
        with pytest.raises(SystemsError, match=f"{name} is a bet a system does not play") as e:
            Plan(
                system="flat", on=name, bankroll_minor=10_000, base_minor=100, rounds=10, rules=ALL
            )  # type: ignore[arg-type]
        assert e.value.code == "bad_side"
