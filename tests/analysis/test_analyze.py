"""analyze(): published figures, brute force through the core engine, exact vs float."""

from __future__ import annotations

import doctest
import itertools
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puntobanco.analysis.distribution
import puntobanco.analysis.effects
import puntobanco.analysis.exact
import puntobanco.analysis.export
import puntobanco.analysis.kernels
import puntobanco.analysis.odds
import puntobanco.analysis.shoe
from puntobanco.analysis import InvalidShoe, Outcome, ShoeCounts, analyze, main_bet_values
from puntobanco.analysis import exact as exact_module
from puntobanco.core import tableau
from puntobanco.core.bets import winning_ratio
from puntobanco.core.cards import SUIT_ORDER, Card, Rank
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.rules import PRESETS, BetKind, Rules


def test_published_eight_decks() -> None:
    # Thorp; the Wizard of Odds' tables: probabilities to 6 places, edges to 4 (in %).
    result = analyze(Rules())
    p = result.probability
    assert round(float(p[Outcome.BANKER]), 6) == 0.458597
    assert round(float(p[Outcome.PLAYER]), 6) == 0.446247
    assert round(float(p[Outcome.TIE]), 6) == 0.095156
    assert round(float(result.bets[BetKind.BANKER].house_edge) * 100, 4) == 1.0579
    assert round(float(result.bets[BetKind.PLAYER].house_edge) * 100, 4) == 1.2351
    assert round(float(result.bets[BetKind.TIE].house_edge) * 100, 4) == 14.3596


def test_published_six_decks() -> None:
    result = analyze(Rules(decks=6))
    p = result.probability
    assert round(float(p[Outcome.BANKER]), 6) == 0.458653
    assert round(float(p[Outcome.PLAYER]), 6) == 0.446279
    assert round(float(p[Outcome.TIE]), 6) == 0.095069
    assert round(float(result.bets[BetKind.BANKER].house_edge) * 100, 4) == 1.0558
    assert round(float(result.bets[BetKind.PLAYER].house_edge) * 100, 4) == 1.2374
    assert round(float(result.bets[BetKind.TIE].house_edge) * 100, 4) == 14.4382


def test_published_variants_eight_decks() -> None:
    # Wizard of Odds: Tie 9 to 1 4.8440%; Player Pair / Banker Pair at 11 to 1
    # 10.3614%; Super 6 (a winning Banker 6 pays 1 to 2) Banker 1.4581%.
    assert round(float(analyze(Rules(tie_pays=9)).bets[BetKind.TIE].house_edge) * 100, 4) == 4.844
    pairs = analyze(PRESETS["punto-banco-pairs"]).bets
    assert round(float(pairs[BetKind.PLAYER_PAIR].house_edge) * 100, 4) == 10.3614
    assert pairs[BetKind.BANKER_PAIR].house_edge == pairs[BetKind.PLAYER_PAIR].house_edge
    super6 = analyze(PRESETS["super-6"]).bets[BetKind.BANKER]
    assert round(float(super6.house_edge) * 100, 4) == 1.4581


def test_commission_moves_the_banker_edge_by_the_banker_win_chance() -> None:
    five = analyze(Rules())
    four = analyze(Rules(banker_commission="0.04"))
    difference = five.bets[BetKind.BANKER].house_edge - four.bets[BetKind.BANKER].house_edge
    assert difference == five.probability[Outcome.BANKER] / 100


def test_probabilities_sum_exactly_to_one() -> None:
    lopsided = ShoeCounts.from_points({0: 3, 9: 2, 4: 1})
    for shoe in (ShoeCounts.full(8), ShoeCounts.full(1), lopsided):
        result = analyze(Rules(), shoe)
        assert sum(result.probability.values()) == 1
        assert sum(result.cards_dealt.values()) == 1
        assert sum(map(sum, result.joint)) == 1
        for bet in result.bets.values():
            assert bet.win + bet.push + bet.lose == 1
            assert bet.rtp == 1 + bet.expected_value == 1 - bet.house_edge


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=10, max_size=10).filter(lambda c: 7 <= sum(c) <= 18))
def test_martingale_on_random_small_shoes(points: list[int]) -> None:
    shoe = ShoeCounts(tuple(points))
    rules = Rules(banker_six_pays="1/2")
    now = analyze(rules, shoe)
    after = {v: analyze(rules, shoe.remove([v])) for v, c in enumerate(points) if c}
    for kind in rules.offered_bets:
        weighted = sum(points[v] * a.bets[kind].expected_value for v, a in after.items())
        assert weighted / shoe.cards == now.bets[kind].expected_value
    assert sum(now.probability.values()) == 1


def test_expected_value_is_a_martingale() -> None:
    # Removing a random unseen card cannot change the expectation: the counts-weighted
    # average of the analyses after one more card is the analysis now, exactly.
    shoe = ShoeCounts.from_points({0: 5, 1: 1, 3: 2, 5: 2, 6: 1, 8: 1, 9: 1})
    rules = Rules(tie_pays=9, banker_six_pays=Fraction(1, 2))
    now = analyze(rules, shoe)
    for kind in rules.offered_bets:
        average = sum(
            count * analyze(rules, shoe.remove([value])).bets[kind].expected_value
            for value, count in enumerate(shoe.points)
            if count
        ) / Fraction(shoe.cards)
        assert average == now.bets[kind].expected_value


# -- brute force: every ordering of small shoes, dealt by the core's play_coup ---------


def _cards(ranks: str) -> list[Card]:
    """Distinct physical cards of the given ranks (suits cycle through the decks)."""
    seen: Counter[Rank] = Counter()
    cards = []
    for symbol in ranks.split():
        rank = Rank.from_symbol(symbol)
        cards.append(Card(rank, SUIT_ORDER[seen[rank] % 4]))
        seen[rank] += 1
    return cards


def _brute_force(cards: list[Card], rule_sets: list[Rules]) -> dict[str, object]:
    """Tally every coup over every ordering of ``cards`` (the first 6 positions decide it)."""
    outcomes: Counter[object] = Counter()
    joint: Counter[tuple[int, int]] = Counter()
    dealt: Counter[int] = Counter()
    naturals = Counter[str]()
    net: Counter[tuple[int, BetKind]] = Counter()
    total = 0
    for order in itertools.permutations(cards, 6):
        result = play_coup(order)
        total += 1
        outcomes[result.outcome] += 1
        joint[result.player_total, result.banker_total] += 1
        dealt[result.card_count] += 1
        naturals["player"] += result.player_natural
        naturals["banker"] += result.banker_natural
        naturals["both"] += result.player_natural and result.banker_natural
        naturals["player_pair"] += result.player_pair
        naturals["banker_pair"] += result.banker_pair
        naturals["both_pairs"] += result.player_pair and result.banker_pair
        for index, rules in enumerate(rule_sets):
            for kind in rules.offered_bets:
                net[index, kind] += _net(kind, result, rules)  # type: ignore[assignment]
    return {
        "total": total,
        "outcomes": outcomes,
        "joint": joint,
        "dealt": dealt,
        "naturals": naturals,
        "net": net,
    }


def _net(kind: BetKind, result: CoupResult, rules: Rules) -> Fraction:
    ratio = winning_ratio(kind, result, rules)
    if ratio is not None:
        return ratio
    pushes = kind in (BetKind.PLAYER, BetKind.BANKER) and result.outcome is Outcome.TIE
    return Fraction(0) if pushes else Fraction(-1)


SMALL_SHOES = [
    "K Q 5 5 9 9",
    "3 3 4 4 7 7 2",
    "A 2 3 4 5 6 7 8",
    "K Q 10 J 9 8 7",
    "2 2 3 3 4 4 5",
    "K K 5 5 6 7 9 A",
    "A A 2 3 3 4 6",
    "J J J 2 2 8 8",
]
RULE_SETS = [
    Rules(pair_pays=11),
    Rules(banker_commission=0, banker_six_pays="1/2", tie_pays=9, pair_pays=Fraction(25, 2)),
]


@pytest.mark.parametrize("ranks", SMALL_SHOES)
def test_agrees_with_every_ordering_through_play_coup(ranks: str) -> None:
    cards = _cards(ranks)
    brute = _brute_force(cards, RULE_SETS)
    total = brute["total"]
    assert isinstance(total, int)
    shoe = ShoeCounts.from_ranks(Counter(card.rank for card in cards))
    result = analyze(RULE_SETS[0], shoe)
    outcomes = brute["outcomes"]
    assert isinstance(outcomes, Counter)
    for outcome in Outcome:
        assert result.probability[outcome] == Fraction(outcomes[outcome], total)
    joint = brute["joint"]
    assert isinstance(joint, Counter)
    for p in range(10):
        for b in range(10):
            assert result.joint[p][b] == Fraction(joint[p, b], total)
    dealt = brute["dealt"]
    assert isinstance(dealt, Counter)
    for k in (4, 5, 6):
        assert result.cards_dealt[k] == Fraction(dealt[k], total)
    tallies = brute["naturals"]
    assert isinstance(tallies, Counter)
    dist = result.distribution
    assert dist.player_natural == Fraction(tallies["player"], total)
    assert dist.banker_natural == Fraction(tallies["banker"], total)
    assert dist.both_natural == Fraction(tallies["both"], total)
    assert result.pairs is not None
    assert result.pairs.player == Fraction(tallies["player_pair"], total)
    assert result.pairs.banker == Fraction(tallies["banker_pair"], total)
    assert result.pairs.both == Fraction(tallies["both_pairs"], total)
    net = brute["net"]
    assert isinstance(net, Counter)
    for index, rules in enumerate(RULE_SETS):
        priced = analyze(rules, shoe)
        floats = analyze(rules, shoe, exact=False)
        for kind in rules.offered_bets:
            expected = Fraction(net[index, kind]) / total
            assert priced.bets[kind].expected_value == expected, (rules, kind)
            assert floats.bets[kind].expected_value == pytest.approx(float(expected), abs=1e-12)


def _prefix_tree(points: tuple[int, ...]) -> dict[tuple[int, int], Fraction]:
    """Joint totals by dealing every sequence of point values through play_coup.

    Each sequence is weighted by its chance (without replacement). play_coup
    decides every draw: a four-card prefix is dealt with two ten-value probes
    behind it, and only if the coup takes a fifth card is that card enumerated
    (with one probe behind it); if it takes a sixth, the Banker's third card
    only adds to the Banker's total, so each value of it is added to the
    total play_coup reached with the probe (worth 0).
    """
    card = {v: Card(Rank(v if v else 13), SUIT_ORDER[0]) for v in range(10)}
    probe = card[0]
    n = sum(points)
    weights: list[Counter[tuple[int, int]]] = [Counter(), Counter(), Counter()]
    c = list(points)
    for prefix in itertools.product(range(10), repeat=4):
        w4 = 1
        for v in prefix:
            w4 *= c[v]
            c[v] -= 1
        if w4:
            hands = [card[v] for v in prefix]
            four = play_coup([*hands, probe, probe])
            if four.card_count == 4:
                weights[0][four.player_total, four.banker_total] += w4
            else:
                for fifth in range(10):
                    if not c[fifth]:
                        continue
                    w5 = w4 * c[fifth]
                    five = play_coup([*hands, card[fifth], probe])
                    if five.card_count == 5:
                        weights[1][five.player_total, five.banker_total] += w5
                        continue
                    c[fifth] -= 1
                    for sixth in range(10):
                        key = (five.player_total, (five.banker_total + sixth) % 10)
                        weights[2][key] += w5 * c[sixth]
                    c[fifth] += 1
        for v in prefix:
            c[v] += 1
    denominators = [n * (n - 1) * (n - 2) * (n - 3)]
    denominators += [denominators[0] * (n - 4), denominators[0] * (n - 4) * (n - 5)]
    joint: dict[tuple[int, int], Fraction] = {}
    for counter, denominator in zip(weights, denominators, strict=True):
        for key, w in counter.items():
            joint[key] = joint.get(key, Fraction(0)) + Fraction(w, denominator)
    return joint


def test_agrees_with_play_coup_over_every_sequence_of_one_deck() -> None:
    points = ShoeCounts.full(1).points
    joint = _prefix_tree(points)
    result = analyze(Rules(), ShoeCounts(points))
    for p in range(10):
        for b in range(10):
            assert result.joint[p][b] == joint.get((p, b), 0)


def test_agrees_with_play_coup_over_every_sequence_of_a_lopsided_shoe() -> None:
    points = (3, 1, 2, 0, 2, 1, 1, 0, 1, 1)
    joint = _prefix_tree(points)
    result = analyze(Rules(), ShoeCounts(points))
    assert {k: v for k, v in joint.items() if v} == {
        (p, b): result.joint[p][b] for p in range(10) for b in range(10) if result.joint[p][b]
    }


def test_float_path_agrees_with_exact_path() -> None:
    rng = random.Random(20261130)
    shoes = [ShoeCounts.full(8), ShoeCounts.full(6), ShoeCounts.full(1)]
    for _ in range(6):
        shoes.append(ShoeCounts.from_rank_tuple(rng.randrange(0, 33) for _ in range(13)))
    rules = Rules(pair_pays=11, banker_six_pays="1/2", tie_pays=9)
    for shoe in shoes:
        exact = analyze(rules, shoe)
        fast = analyze(rules, shoe, exact=False)
        assert not fast.exact and exact.exact
        for outcome in Outcome:
            assert fast.probability[outcome] == pytest.approx(
                float(exact.probability[outcome]), abs=1e-12
            )
        for k in (4, 5, 6):
            assert fast.cards_dealt[k] == pytest.approx(float(exact.cards_dealt[k]), abs=1e-12)
        for p in range(10):
            for b in range(10):
                assert fast.joint[p][b] == pytest.approx(float(exact.joint[p][b]), abs=1e-12)
        for kind, bet in exact.bets.items():
            other = fast.bets[kind]
            for name in ("win", "push", "lose", "expected_value", "house_edge_per_resolved"):
                assert getattr(other, name) == pytest.approx(
                    float(getattr(bet, name)), abs=1e-12
                ), (kind, name)
            assert other.std_dev == pytest.approx(bet.std_dev, abs=1e-12)
        hot = main_bet_values(rules, np.array(shoe.points, dtype=np.int64))
        expected = [exact.bets[k].expected_value for k in (BetKind.PLAYER, BetKind.BANKER)]
        expected.append(exact.bets[BetKind.TIE].expected_value)
        assert hot == pytest.approx([float(x) for x in expected], abs=1e-12)


def test_standard_deviation_and_resolved_edge_by_hand() -> None:
    result = analyze(Rules())
    player = result.bets[BetKind.PLAYER]
    p, b, t = (result.probability[o] for o in (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE))
    assert player.expected_value == p - b
    assert player.house_edge_per_resolved == (b - p) / (1 - t)
    assert player.std_dev == pytest.approx(float(p + b - (p - b) ** 2) ** 0.5)
    assert round(float(player.house_edge_per_resolved) * 100, 2) == 1.36  # published 1.36%
    tie = result.bets[BetKind.TIE]
    assert tie.std_dev == pytest.approx(float(64 * t + (1 - t) - tie.expected_value**2) ** 0.5)


def test_a_shoe_of_only_ten_value_cards_always_ties() -> None:
    result = analyze(Rules(), ShoeCounts.from_points({0: 6}))
    assert result.probability[Outcome.TIE] == 1
    assert result.bets[BetKind.PLAYER].push == 1
    assert result.bets[BetKind.PLAYER].house_edge_per_resolved == 0
    assert result.bets[BetKind.TIE].expected_value == 8


def test_refuses_small_shoes_and_pairs_without_ranks() -> None:
    with pytest.raises(InvalidShoe) as info:
        analyze(Rules(), ShoeCounts.from_points({0: 5}))
    assert info.value.code == "too_few_cards" and info.value.params["cards"] == 5
    with pytest.raises(InvalidShoe) as info:
        analyze(Rules(pair_pays=11), ShoeCounts.full(8).points_only(), exact=False)
    assert info.value.code == "pairs_need_ranks"


def test_uses_the_core_tableau() -> None:
    # No copy of the drawing rules: the exact walk reads core.tableau's tuples and
    # the kernel's arrays are built from them.
    assert exact_module.BANKER_DRAWS is tableau.BANKER_DRAWS
    assert exact_module.PLAYER_DRAWS is tableau.PLAYER_DRAWS
    assert puntobanco.analysis.kernels.BANKER_DRAW.tolist() == [
        list(row) for row in tableau.BANKER_DRAWS
    ]
    assert puntobanco.analysis.kernels.PLAYER_DRAW.tolist() == list(tableau.PLAYER_DRAWS)


@pytest.mark.parametrize(
    "module",
    [
        puntobanco.analysis,
        puntobanco.analysis.distribution,
        puntobanco.analysis.effects,
        puntobanco.analysis.exact,
        puntobanco.analysis.export,
        puntobanco.analysis.kernels,
        puntobanco.analysis.odds,
        puntobanco.analysis.shoe,
    ],
)
def test_doctests(module: object) -> None:
    failures, _ = doctest.testmod(module)  # type: ignore[arg-type]
    assert failures == 0


def test_kernel_source_agrees_without_the_jit() -> None:
    # The kernel's Python source, run by the interpreter (so coverage sees its
    # lines, as NUMBA_DISABLE_JIT=1 would), on a small shoe against the exact walk.
    points = (5, 2, 1, 2, 0, 2, 1, 3, 1, 2)
    joint = np.empty((10, 10))
    summary = np.empty(10)
    walk = puntobanco.analysis.kernels._walk.py_func  # type: ignore[attr-defined]
    walk(
        np.array(points, dtype=np.int64),
        puntobanco.analysis.kernels.PLAYER_DRAW,
        puntobanco.analysis.kernels.BANKER_DRAW,
        joint,
        summary,
    )
    exact = exact_module.exact_distribution(points)
    expected = [
        exact.player,
        exact.banker,
        exact.tie,
        exact.banker_six,
        *exact.cards_dealt,
        exact.player_natural,
        exact.banker_natural,
        exact.both_natural,
    ]
    assert summary.tolist() == pytest.approx([float(x) for x in expected], abs=1e-14)
    flat = [float(x) for row in exact.joint for x in row]
    assert joint.ravel().tolist() == pytest.approx(flat, abs=1e-14)


def test_defaults_are_the_seeds_game() -> None:
    result = analyze(Rules())
    assert analyze().bets == result.bets
    assert result.shoe == ShoeCounts.full(8)
    assert set(result.bets) == {BetKind.PLAYER, BetKind.BANKER, BetKind.TIE}


def test_huge_shoes_are_exact_or_refused() -> None:
    huge = ShoeCounts.from_points({0: 10**30, 9: 10**30})
    assert analyze(Rules(), huge).probability[Outcome.TIE] > Fraction(1, 3)
    with pytest.raises(InvalidShoe) as info:
        analyze(Rules(), huge, exact=False)
    assert info.value.code == "too_many_cards"
