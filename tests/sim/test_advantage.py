"""The advantage study: exact edges per round, an exhaustive tiny shoe, reproducibility."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from puntobanco.analysis.effects import through_the_shoe
from puntobanco.analysis.odds import analyze
from puntobanco.analysis.pairs import pair_class_weights, spread_suits
from puntobanco.analysis.shoe import SUIT_ORDER, ShoeCounts
from puntobanco.core.bets import coup_payout
from puntobanco.core.cards import Card, parse_cards
from puntobanco.core.rng import SeededSource
from puntobanco.core.shoe import Shoe
from puntobanco.sim.advantage import (
    STUDY_BETS,
    AdvantageError,
    best_threshold,
    counts_for,
    make_plan,
    play_shoe,
    seeded_shoe,
    study_rules,
)
from puntobanco.sim.advantage_kernels import pair_class_weights_nb
from puntobanco.sim.advantage_run import check_request, run_study

RULES = study_rules(8)


@pytest.fixture(scope="module")
def plan():  # type: ignore[no-untyped-def]
    return make_plan(RULES, counts_for(8))


def _per_card(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    out = [0] * 52
    for card in cards:
        out[(int(card.rank) - 1) * 4 + SUIT_ORDER.index(card.suit)] += 1
    return out


def test_numba_pair_weights_are_the_analyzers_integers() -> None:
    rng = random.Random(5)
    for _ in range(60):
        cards = tuple(rng.randrange(5) if rng.random() < 0.6 else 0 for _ in range(52))
        if sum(cards) < 4:
            continue
        assert (
            tuple(pair_class_weights_nb(np.array(cards, dtype=np.int64)).tolist())
            == (pair_class_weights(cards)[0])
        )


def test_each_rounds_float_edge_is_the_exact_fraction_and_the_net_is_the_cores(plan) -> None:  # type: ignore[no-untyped-def]
    seed, index = 11, 3
    rounds = seeded_shoe(plan, seed, index)
    # The same shoe dealt again, the unseen cards kept by hand (the burn's face-down cards too).
    shoe = Shoe(RULES, SeededSource(seed), first_shoe=index)
    burn = shoe.shuffle()
    unseen = list(spread_suits([32] * 13))
    seen = [burn.shown] if burn is not None else []
    sampled = {0, 25, len(rounds.edges) - 1}
    for i in range(len(rounds.edges)):
        for card in seen:
            unseen[(int(card.rank) - 1) * 4 + SUIT_ORDER.index(card.suit)] -= 1
        if i in sampled:
            exact = analyze(RULES, ShoeCounts.from_card_tuple(unseen), exact=True)
            for j, kind in enumerate(STUDY_BETS):
                want = exact.bets[kind].expected_value
                assert rounds.edges[i, j] == pytest.approx(float(want), rel=1e-12, abs=1e-14)
        result = shoe.deal_coup()
        for j, kind in enumerate(STUDY_BETS):
            assert rounds.nets[i, j] == float(coup_payout(kind, result, RULES).net)
        seen = list(result.cards)
    assert result.last_in_shoe


def test_the_perfect_player_bets_as_the_through_the_shoe_study_does(plan) -> None:  # type: ignore[no-untyped-def]
    shoes = [seeded_shoe(plan, 4, k) for k in range(2)]
    study = through_the_shoe(RULES, shoes=2, seed=4)
    for j, kind in enumerate(STUDY_BETS):
        bet = [r.edges[:, j] > 0 for r in shoes]
        assert sum(int(b.sum()) for b in bet) == study.bets[kind].positive
        won = sum(float(r.nets[b, j].sum()) for r, b in zip(shoes, bet, strict=True))
        assert won == float(study.bets[kind].actual_gain)


# Ten cards, two rounds at most (the second when the first takes four cards), with rank
# pairs and suited pairs; every distinct order of a multiset is equally likely.
TINY = parse_cards("Ks Ks Ks Ks Ks Kh 7s 7s 7s 9c")


def _orders(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every distinct order of the multiset ``cards``."""
    left = Counter(cards)
    out: list[tuple[Card, ...]] = []

    def walk(prefix: list[Card]) -> None:
        if len(prefix) == len(cards):
            out.append(tuple(prefix))
            return
        for card in sorted(left, key=str):
            if left[card]:
                left[card] -= 1
                prefix.append(card)
                walk(prefix)
                prefix.pop()
                left[card] += 1

    walk([])
    return out


@cache
def _exact_edges(cards: tuple[Card, ...]) -> dict[str, Fraction]:
    """The next round's expected net of every bet, by dealing every order of ``cards``."""
    orders = _orders(cards)
    total: Counter[str] = Counter()
    for order in orders:
        result = Shoe.from_cards(order).deal_coup()
        for kind in STUDY_BETS:
            total[kind.value] += coup_payout(kind, result, RULES).net  # type: ignore[assignment]
    return {kind.value: Fraction(total[kind.value], len(orders)) for kind in STUDY_BETS}


def test_perfect_players_win_on_a_tiny_shoe_equals_brute_force(plan) -> None:  # type: ignore[no-untyped-def]
    orders = _orders(tuple(TINY))
    assert len(orders) == 5040  # 10! / (5! 3!)
    want: Counter[str] = Counter()
    bets: Counter[str] = Counter()
    got = np.zeros(len(STUDY_BETS))
    got_bets = np.zeros(len(STUDY_BETS))
    full = _per_card(TINY)
    for order in orders:
        shoe = Shoe.from_cards(order)
        left = tuple(sorted(order, key=str))
        while True:
            edges = _exact_edges(left)
            result = shoe.deal_coup()
            for kind in STUDY_BETS:
                if edges[kind.value] > 0:
                    bets[kind.value] += 1
                    want[kind.value] += coup_payout(kind, result, RULES).net  # type: ignore[assignment]
            rest = list(left)
            for card in result.cards:
                rest.remove(card)
            left = tuple(rest)
            if len(left) < 6:
                break
        dealt = Shoe.from_cards(order)
        dealt.shuffle()  # starts the one shoe: its cards are counted from here
        rounds = play_shoe(plan, dealt, full, None, cut_card=False)
        take = rounds.edges > 0
        got += np.where(take, rounds.nets, 0.0).sum(axis=0)
        got_bets += take.sum(axis=0)
    assert sum(bets.values()) > 0  # the shoe is rich enough that the player bets
    for j, kind in enumerate(STUDY_BETS):
        assert got_bets[j] == bets[kind.value], kind
        assert got[j] / len(orders) == pytest.approx(float(want[kind.value] / len(orders))), kind


def test_best_threshold_takes_every_round_at_its_count() -> None:
    tc = np.array([5.0, 5.0, 3.0, 1.0, 0.0])
    edges = np.array([0.2, -0.1, 0.3, -0.5, 0.4])
    assert best_threshold(tc, edges) == 3.0  # 0.2 - 0.1 + 0.3 = 0.4 beats 0.1 at 5 and -0.1 at 0
    assert best_threshold(tc, -np.abs(edges)) == float("inf")


def test_published_counts_are_balanced_and_close_to_the_effects_count() -> None:
    counts = {c.label: c.tags for c in counts_for(8)}
    for label in ("dragon_7/jacobson", "panda_8/shackleford", "dragon_7/effects"):
        assert sum(counts[label]) == 0, label  # four of each rank per deck: balanced
    assert counts["dragon_7/jacobson"][:10] == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0)
    ours = np.array(counts["panda_8/effects"], dtype=float)
    theirs = np.array(counts["panda_8/shackleford"], dtype=float)
    assert np.corrcoef(ours, theirs)[0, 1] > 0.9


def test_same_seed_same_figures_on_one_or_two_workers() -> None:
    one = run_study(shoes=4, train_shoes=3, seed=7, train_seed=8, workers=1, chunk=2)
    again = run_study(shoes=4, train_shoes=3, seed=7, train_seed=8, workers=1, chunk=1)
    two = run_study(shoes=4, train_shoes=3, seed=7, train_seed=8, workers=2, chunk=1)
    assert one.settings == again.settings == two.settings
    other = run_study(shoes=4, train_shoes=3, seed=9, train_seed=8, workers=1, chunk=2)
    assert other.settings != one.settings


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"shoes": 1}, "count"),
        ({"workers": 0}, "count"),
        ({"seed": -1}, "seed"),
        ({"seed": 2, "train_seed": 2}, "same_seed"),
        ({"decks": ()}, "settings"),
    ],
)
def test_bad_requests_are_refused(request_, code) -> None:  # type: ignore[no-untyped-def]
    args = {
        "decks": (8,),
        "cut_cards": (14,),
        "shoes": 10,
        "train_shoes": 5,
        "seed": 1,
        "train_seed": 2,
        "workers": 1,
    } | request_
    with pytest.raises(AdvantageError) as caught:
        check_request(**args)
    assert caught.value.code == code


def test_a_dask_cluster_gives_the_same_figures() -> None:
    distributed = pytest.importorskip("distributed")
    import logging

    local = run_study(shoes=3, train_shoes=2, seed=5, train_seed=6, workers=1, chunk=1)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run_study(
            shoes=3, train_shoes=2, seed=5, train_seed=6, executor=client.get_executor(), chunk=1
        )
    assert on_dask.settings == local.settings
