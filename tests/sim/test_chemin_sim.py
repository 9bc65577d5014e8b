"""The Chemin de fer simulation: the choice stream, reference against kernel, tallies against exact.

The reference (the core engine asking the strategy) and the numba kernel must
give identical tallies on a seed, because both deal the same shoes and draw
each mixed choice from the same round's stream. The tallies must then agree
with :func:`puntobanco.analysis.chemin.solver.evaluate_chemin` for the same strategy:
with a shoe reshuffled every round each round is a coup from a full shoe, so
the exact figures are the mean of every round, and ``z`` must stay within 4.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from puntobanco.analysis.chemin.solver import evaluate_chemin, solve_chemin
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.choices import Strategy
from puntobanco.core.rng import MASK32, MAX_SEED
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, Rules, ShoeMode, Variant
from puntobanco.sim.chemin import kernels as chemin_kernels
from puntobanco.sim.chemin.reference import tally_chemin_reference
from puntobanco.sim.chemin.simulate import (
    TALLY_NAMES,
    ChoiceSimulationError,
    StrategyArrays,
    choice_stream,
    named_strategy,
    playable,
    simulate_chemin,
    tally_chemin_numba,
)
from tests.core.test_gametables import ODD

CHEMIN = Rules(variant=Variant.CHEMIN_DE_FER)
BIN = {name: i for i, name in enumerate(TALLY_NAMES)}


@pytest.mark.parametrize(
    ("seed", "shoe", "round_in_shoe"), [(0, 0, 1), (42, 3, 17), (MAX_SEED, 2**40, 80)]
)
def test_the_kernel_draws_the_reference_choice_stream(seed: int, shoe: int, round_in_shoe: int):
    # Bounds near 2**32 make Lemire's rejection step run now and then.
    bounds = [11, 2044584, MASK32, 3, 2**31 + 1, MASK32 - 1] * 20
    stream = choice_stream(seed, shoe, round_in_shoe)
    expected = [stream.randbelow(b) for b in bounds]
    got = chemin_kernels.choice_draws(
        np.uint64(seed), shoe, round_in_shoe, np.asarray(bounds, dtype=np.uint64)
    )
    assert got.tolist() == expected


def test_the_choice_stream_is_pinned():
    # The module docstring's specification, as numbers: a change of algorithm shows here.
    pinned = [1, 5, 2, 1, 1, 4, 0, 9]
    stream = choice_stream(42, 0, 1)
    assert [stream.randbelow(10) for _ in range(8)] == pinned
    bounds = np.full(8, 10, dtype=np.uint64)
    assert chemin_kernels.choice_draws(np.uint64(42), 0, 1, bounds).tolist() == pinned


def test_choice_streams_differ_by_round_shoe_and_from_the_cards():
    from puntobanco.core.rng import Xoshiro256StarStar

    def head(rng: Xoshiro256StarStar) -> list[int]:
        return [rng.next64() for _ in range(4)]

    heads = [head(choice_stream(7, k, r)) for k in range(3) for r in range(1, 4)]
    cards = [head(Xoshiro256StarStar.for_shoe(seed=7, shoe_index=k)) for k in range(3)]
    assert len({tuple(h) for h in heads + cards}) == len(heads) + len(cards)


def test_playable_keeps_small_denominators_and_rounds_large_ones():
    s = solve_chemin(ShoeCounts.full(8), banker_rule=FREE_BANKER).strategy()
    mixed = s.banker[(6, 10)]
    assert mixed.denominator > MASK32  # the reason playable exists
    p = playable(s)
    assert p.player_draw == s.player_draw  # 1662203/2044584 is drawable as it is
    assert p.banker[(6, 10)].denominator <= MASK32
    assert abs(p.banker[(6, 10)] - mixed) < Fraction(1, 10**18)
    assert {c: v for c, v in p.banker.items() if c != (6, 10)} == {
        c: v for c, v in s.banker.items() if c != (6, 10)
    }


def test_strategy_arrays_hold_the_tableau_outside_the_free_cells():
    s = named_strategy(CHEMIN, RULE_CARD, player="stand5", banker="optimal")
    a = StrategyArrays.of(CHEMIN, s)
    assert a.player_num.tolist() == [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    assert a.player_den.tolist() == [1] * 10
    assert a.player_free.tolist() == [t == 5 for t in range(10)]
    assert sorted(np.flatnonzero(a.banker_free).tolist()) == [3 * 11 + 9, 5 * 11 + 4]
    for total in range(10):
        for third in range(11):
            if not a.banker_free[total * 11 + third]:
                expected = CHEMIN.tableau.banker_draws(total, third)
                assert a.banker_num[total * 11 + third] == int(expected)


def _strategies(rules: Rules) -> list[Strategy]:
    return [
        named_strategy(rules, FREE_BANKER, player="optimal", banker="optimal"),  # both mix
        named_strategy(rules, RULE_CARD, player="stand5", banker="tableau"),
        named_strategy(rules, RULE_CARD, player="draw5", banker="optimal"),
        # A Banker who mixes everywhere, so that both draws of a round come from its stream.
        Strategy.make(
            FREE_BANKER,
            player_draw="1/3",
            banker_draw={cell: Fraction(1 + cell[0], 11) for cell in FREE_BANKER.cells},
        ),
    ]


@pytest.mark.parametrize(
    "rules",
    [
        CHEMIN.replace(decks=1),
        CHEMIN.replace(decks=2, burn=False, cut_card=20),
        CHEMIN.replace(decks=6, shoe_mode=ShoeMode.RESHUFFLE),
        ODD.replace(variant=Variant.CHEMIN_DE_FER, decks=1),
    ],
    ids=["1-deck", "2-deck-no-burn", "reshuffle", "odd-tableau"],
)
def test_reference_and_kernel_give_identical_tallies_on_a_seed(rules: Rules):
    # 700 rounds cut the last shoe part-way (a 1-deck shoe gives about 8 rounds).
    for strategy in _strategies(rules):
        for seed in (0, 99):
            reference, ref_shoes = tally_chemin_reference(rules, strategy, seed=seed, hands=701)
            kernel, kernel_shoes = tally_chemin_numba(rules, strategy, seed=seed, hands=701)
            assert reference.tolist() == kernel.tolist()
            assert ref_shoes == kernel_shoes
            assert reference[:3].sum() == 701


def test_the_api_backends_agree_and_count_the_choices():
    strategy = named_strategy(CHEMIN, FREE_BANKER, player="optimal", banker="optimal")
    runs = [
        simulate_chemin(CHEMIN, strategy, hands=3000, seed=5, backend=backend)
        for backend in ("reference", "cpu")
    ]
    assert runs[0].tally.tolist() == runs[1].tally.tolist()
    data = runs[1].to_json()
    assert data["hands"] == 3000 == data["banker"] + data["player"] + data["tie"]
    choices = data["choices"]
    assert 0 < choices["player_drew_on_5"] < choices["player_on_5"]
    assert 0 < choices["banker_drew_in_free_cells"] < choices["banker_free_cells"]
    assert data["exact_basis"] == "full shoe"


def _z_scores(result_json: dict[str, object]) -> list[float]:
    outcomes = result_json["outcomes"]
    net = result_json["banker_net"]
    assert isinstance(outcomes, dict) and isinstance(net, dict)
    return [e["z"] for e in (*outcomes.values(), *net.values())]


@pytest.mark.parametrize(
    ("rule", "player", "banker", "seed"),
    [
        (FREE_BANKER, "optimal", "optimal", 11),
        (RULE_CARD, "stand5", "tableau", 12),
        (RULE_CARD, "draw5", "optimal", 13),
        (FREE_BANKER, "stand5", "optimal", 14),
    ],
)
def test_tallies_agree_with_the_exact_value_of_the_same_strategies(
    rule: object, player: str, banker: str, seed: int
):
    rules = CHEMIN.replace(decks=6, shoe_mode=ShoeMode.RESHUFFLE)
    assert rule in (FREE_BANKER, RULE_CARD)
    strategy = named_strategy(rules, rule, player=player, banker=banker)  # type: ignore[arg-type]
    result = simulate_chemin(rules, strategy, hands=1_000_000, seed=seed, backend="cpu")
    exact = evaluate_chemin(result.strategy, ShoeCounts.full(6), tableau=rules.tableau)
    assert result.exact == exact
    for z in _z_scores(result.to_json()):
        assert z is not None and abs(z) < 4
    # The Player's choices follow his strategy: his share of draws on 5 is his probability.
    options = int(result.tally[BIN["player_options"]])
    drew = int(result.tally[BIN["player_drew"]])
    p = float(result.strategy.player_draw)
    se = (p * (1 - p) / options) ** 0.5
    assert abs(drew / options - p) <= 4 * se


def test_the_strategies_are_told_apart_by_their_exact_values():
    # A check that the comparison above can fail: a run of one strategy lands far from
    # the other's exact figures (ties: z about 12 here).
    rules = CHEMIN.replace(decks=6, shoe_mode=ShoeMode.RESHUFFLE)
    stand = named_strategy(rules, FREE_BANKER, player="stand5", banker="tableau")
    draw = named_strategy(rules, FREE_BANKER, player="draw5", banker="tableau")
    run = simulate_chemin(rules, stand, hands=1_000_000, seed=3, backend="cpu")
    other = evaluate_chemin(draw, ShoeCounts.full(6))
    tie = run.outcome_estimates()["tie"]
    assert abs((tie.mean - float(other.tie)) / tie.standard_error) > 8


def test_bad_arguments_are_refused_by_name():
    strategy = named_strategy(CHEMIN, RULE_CARD, player="draw5", banker="tableau")
    with pytest.raises(ChoiceSimulationError) as caught:
        simulate_chemin(CHEMIN, strategy, hands=10, backend="cuda")
    assert caught.value.code == "backend" and caught.value.params["allowed"] == "reference, cpu"
    with pytest.raises(ChoiceSimulationError) as caught:
        simulate_chemin(CHEMIN, strategy, hands=0)
    assert caught.value.code == "count"
    with pytest.raises(ChoiceSimulationError) as caught:
        simulate_chemin(CHEMIN, strategy, hands=1, seed=-1)
    assert caught.value.code == "seed"
    with pytest.raises(ChoiceSimulationError) as caught:
        named_strategy(CHEMIN, RULE_CARD, player="sometimes", banker="tableau")
    assert caught.value.code == "player_strategy"
    assert caught.value.params["allowed"] == "stand5, draw5, optimal"
    with pytest.raises(ChoiceSimulationError) as caught:
        named_strategy(CHEMIN, RULE_CARD, player="draw5", banker="greedy")
    assert caught.value.code == "banker_strategy"
