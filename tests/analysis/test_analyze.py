"""analyze(): published figures, brute force through the core engine, exact vs float.

The brute-force tests deal every ordering of small shoes through the core's
``play_coup(cards, rules)`` and settle every bet with ``settle_bet``, on the
standard tableau and on the "odd" rules of tests/core/test_gametables.py
(natural only on 9, the Player drawing on 0-4, a Banker who always stands on 6
and, when the Player stood, draws on 0-4 only): the analyzer must read the
rules' tableau and paytable, not the standard ones.
"""

from __future__ import annotations

import doctest
import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

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
import puntobanco.analysis.pricing
import puntobanco.analysis.shoe
from puntobanco.analysis import InvalidShoe, Outcome, ShoeCounts, analyze, main_bet_values
from puntobanco.analysis import exact as exact_module
from puntobanco.analysis.kernels import DrawArrays, draw_arrays, walk_arrays
from puntobanco.core.bets import Bet, Resolution, settle_bet
from puntobanco.core.cards import SUIT_ORDER, Card, Rank
from puntobanco.core.coup import CoupResult, play_coup
from puntobanco.core.paytable import SHAPES, shape_index
from puntobanco.core.rules import PRESETS, BetKind, Rules
from puntobanco.core.tableau import STANDARD, Tableau

# The odd rules of tests/core/test_gametables.py, written out again here.
ODD_TABLEAU = Tableau.from_sets(
    naturals={9},
    player_draws_on=range(5),
    banker_draws_on=[range(10)] * 3
    + [set(range(10)) - {8}, range(2, 8), range(4, 8), (), (), (), ()],
    banker_draws_when_player_stood=range(5),
)


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
    """Tally every coup over every ordering of ``cards`` (the first 6 positions decide it).

    Every rule set must have the same tableau: the coups are dealt by the first.
    Each bet is settled by ``settle_bet`` once per kind of coup (totals, hand
    sizes, pairs: all a settlement may read, as tests/core/test_gametables.py
    checks) and counted as often as that kind comes up, to keep the test fast.
    """
    assert len({rules.tableau for rules in rule_sets}) == 1
    outcomes: Counter[object] = Counter()
    joint: Counter[tuple[int, int]] = Counter()
    dealt: Counter[int] = Counter()
    shapes: Counter[int] = Counter()
    naturals = Counter[str]()
    net: Counter[tuple[int, BetKind]] = Counter()
    kinds: Counter[tuple[int, int, int, int, bool, bool]] = Counter()
    example: dict[tuple[int, int, int, int, bool, bool], CoupResult] = {}
    total = 0
    for order in itertools.permutations(cards, 6):
        result = play_coup(order, rule_sets[0])
        total += 1
        outcomes[result.outcome] += 1
        joint[result.player_total, result.banker_total] += 1
        dealt[result.card_count] += 1
        shapes[
            shape_index(
                result.player_total,
                result.banker_total,
                len(result.player_cards),
                len(result.banker_cards),
            )
        ] += 1
        naturals["player"] += result.player_natural
        naturals["banker"] += result.banker_natural
        naturals["both"] += result.player_natural and result.banker_natural
        naturals["player_pair"] += result.player_pair
        naturals["banker_pair"] += result.banker_pair
        naturals["both_pairs"] += result.player_pair and result.banker_pair
        key = (
            result.player_total,
            result.banker_total,
            len(result.player_cards),
            len(result.banker_cards),
            result.player_pair,
            result.banker_pair,
        )
        kinds[key] += 1
        example.setdefault(key, result)
    for key, count in kinds.items():
        for index, rules in enumerate(rule_sets):
            for kind in rules.offered_bets:
                net[index, kind] += count * _net(kind, example[key], rules)  # type: ignore[assignment]
    return {
        "total": total,
        "outcomes": outcomes,
        "joint": joint,
        "dealt": dealt,
        "shapes": shapes,
        "naturals": naturals,
        "net": net,
    }


def _net(kind: BetKind, result: CoupResult, rules: Rules) -> Fraction:
    """The net result per unit staked, from the core's settlement (before rounding)."""
    settled = settle_bet(Bet(kind, 100), result, rules)
    if settled.resolution is Resolution.WIN:
        return settled.ratio
    return Fraction(0) if settled.resolution is Resolution.PUSH else Fraction(-1)


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
# Per tableau: the rule sets priced on it (the first one deals). Super 6, a 4%
# commission and Tie 9 to 1 on both tableaux.
RULE_SETS = {
    "standard": [
        Rules(pair_pays=11),
        Rules(banker_commission=0, banker_six_pays="1/2", tie_pays=9, pair_pays=Fraction(25, 2)),
        PRESETS["super-6"],
        Rules(banker_commission="0.04", tie_pays=9),
    ],
    "odd": [
        Rules(tableau=ODD_TABLEAU, pair_pays=11),
        Rules(
            tableau=ODD_TABLEAU,
            tie_pays=9,
            banker_commission="0.04",
            banker_six_pays="1/2",
            pair_pays=11,
        ),
        PRESETS["super-6"].replace(tableau=ODD_TABLEAU),
        Rules(tableau=ODD_TABLEAU, banker_commission="0.04", tie_pays=9),
    ],
}


@pytest.mark.parametrize("tableau_name", list(RULE_SETS))
@pytest.mark.parametrize("ranks", SMALL_SHOES)
def test_agrees_with_every_ordering_through_play_coup(ranks: str, tableau_name: str) -> None:
    rule_sets = RULE_SETS[tableau_name]
    cards = _cards(ranks)
    brute = _brute_force(cards, rule_sets)
    total = brute["total"]
    assert isinstance(total, int)
    shoe = ShoeCounts.from_ranks(Counter(card.rank for card in cards))
    result = analyze(rule_sets[0], shoe)
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
    shapes = brute["shapes"]
    assert isinstance(shapes, Counter)
    expected_shapes = [Fraction(shapes[i], total) for i in range(SHAPES)]
    assert list(result.distribution.shapes) == expected_shapes
    fast_shapes = analyze(rule_sets[0], shoe, exact=False).distribution.shapes
    assert list(fast_shapes) == pytest.approx([float(x) for x in expected_shapes], abs=1e-14)
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
    for index, rules in enumerate(rule_sets):
        priced = analyze(rules, shoe)
        floats = analyze(rules, shoe, exact=False)
        for kind in rules.offered_bets:
            expected = Fraction(net[index, kind]) / total
            assert priced.bets[kind].expected_value == expected, (rules, kind)
            assert floats.bets[kind].expected_value == pytest.approx(float(expected), abs=1e-12)


def _prefix_tree(points: tuple[int, ...], rules: Rules) -> dict[tuple[int, int], Fraction]:
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
            four = play_coup([*hands, probe, probe], rules)
            if four.card_count == 4:
                weights[0][four.player_total, four.banker_total] += w4
            else:
                for fifth in range(10):
                    if not c[fifth]:
                        continue
                    w5 = w4 * c[fifth]
                    five = play_coup([*hands, card[fifth], probe], rules)
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


@pytest.mark.parametrize("rules", [Rules(), Rules(tableau=ODD_TABLEAU)], ids=["standard", "odd"])
def test_agrees_with_play_coup_over_every_sequence_of_one_deck(rules: Rules) -> None:
    points = ShoeCounts.full(1).points
    joint = _prefix_tree(points, rules)
    result = analyze(rules, ShoeCounts(points))
    for p in range(10):
        for b in range(10):
            assert result.joint[p][b] == joint.get((p, b), 0)


@pytest.mark.parametrize("rules", [Rules(), Rules(tableau=ODD_TABLEAU)], ids=["standard", "odd"])
def test_agrees_with_play_coup_over_every_sequence_of_a_lopsided_shoe(rules: Rules) -> None:
    points = (3, 1, 2, 0, 2, 1, 1, 0, 1, 1)
    joint = _prefix_tree(points, rules)
    result = analyze(rules, ShoeCounts(points))
    assert {k: v for k, v in joint.items() if v} == {
        (p, b): result.joint[p][b] for p in range(10) for b in range(10) if result.joint[p][b]
    }


@pytest.mark.parametrize(
    "rules",
    [
        Rules(pair_pays=11, banker_six_pays="1/2", tie_pays=9),
        Rules(
            tableau=ODD_TABLEAU,
            tie_pays=9,
            banker_commission="0.04",
            banker_six_pays="1/2",
            pair_pays=11,
        ),
    ],
    ids=["standard", "odd"],
)
def test_float_path_agrees_with_exact_path(rules: Rules) -> None:
    rng = random.Random(20261130)
    shoes = [ShoeCounts.full(8), ShoeCounts.full(6), ShoeCounts.full(1)]
    for _ in range(6):
        shoes.append(ShoeCounts.from_rank_tuple(rng.randrange(0, 33) for _ in range(13)))
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
        assert list(fast.distribution.shapes) == pytest.approx(
            [float(x) for x in exact.distribution.shapes], abs=1e-12
        )
        for name in ("banker_six", "player_natural", "banker_natural", "both_natural"):
            assert getattr(fast.distribution, name) == pytest.approx(
                float(getattr(exact.distribution, name)), abs=1e-12
            )
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


@pytest.mark.parametrize("tableau", [STANDARD, ODD_TABLEAU], ids=["standard", "odd"])
def test_the_compiled_walk_counts_the_same_integers_as_the_python_walk(tableau: Tableau) -> None:
    """The exact path takes its sequence weights from the compiled walk for shoes of up to
    458 cards (exact in float64 there) and from the Python walk above: the two must agree
    to the unit, including at the largest shoe the compiled walk takes."""
    rng = random.Random(20261202)
    shoes = [(128, 32, 32, 32, 32, 32, 32, 32, 32, 32), (6, 0, 0, 0, 0, 0, 0, 0, 0, 0)]
    shoes += [tuple(rng.randrange(0, 4 * n) for n in (16,) + (4,) * 9) for _ in range(12)]
    largest = (140, 35, 35, 35, 35, 35, 35, 35, 35, 38)
    assert exact_module.falling(sum(largest), 6) < exact_module.EXACT_IN_FLOATS
    assert exact_module.falling(sum(largest) + 1, 6) >= exact_module.EXACT_IN_FLOATS
    shoes.append(largest)
    for points in shoes:
        if sum(points) < exact_module.MIN_CARDS:
            continue
        compiled = puntobanco.analysis.kernels.integer_weights(points, tableau)
        assert compiled == exact_module.sequence_weights(points, tableau), points
        assert all(isinstance(w, int) for block in compiled for row in block for w in row)


def test_a_shoe_past_the_compiled_walk_is_counted_by_the_python_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """459 cards: some weight could pass 2**53, so the exact path walks in Python."""
    walked: list[int] = []
    python_walk = exact_module.sequence_weights

    def counting(points: Any, tableau: Tableau = STANDARD) -> Any:
        walked.append(sum(points))
        return python_walk(points, tableau)

    monkeypatch.setattr(exact_module, "sequence_weights", counting)
    big = exact_module.exact_distribution((140, 35, 35, 35, 35, 35, 35, 35, 35, 39))
    small = exact_module.exact_distribution((128, 32, 32, 32, 32, 32, 32, 32, 32, 32))
    assert walked == [459]
    assert big.player + big.banker + big.tie == 1 == small.player + small.banker + small.tie


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


def test_reads_the_rules_tableau_not_the_standard_one() -> None:
    # Under the odd rules a two-card 8 is no natural, so both sides may draw on it.
    odd = Rules(tableau=ODD_TABLEAU)
    exact, fast, standard = analyze(odd), analyze(odd, exact=False), analyze(Rules())
    for result in (exact.distribution, fast.distribution):
        assert result.player_natural < standard.distribution.player_natural
    for edge in (exact.bets[BetKind.BANKER].house_edge, fast.bets[BetKind.BANKER].house_edge):
        assert float(edge) != pytest.approx(float(standard.bets[BetKind.BANKER].house_edge))
    assert draw_arrays(ODD_TABLEAU).naturals.tolist() == [False] * 9 + [True]
    assert draw_arrays(STANDARD).banker[6].tolist() == [False] * 6 + [True, True] + [False] * 3
    assert draw_arrays(ODD_TABLEAU).banker[6].tolist() == [False] * 11
    assert draw_arrays(ODD_TABLEAU) is draw_arrays(ODD_TABLEAU)


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("naturals", np.zeros(9, dtype=np.bool_)),
        ("player", np.zeros((10, 1), dtype=np.bool_)),
        ("banker", np.zeros((11, 10), dtype=np.bool_)),
        ("banker", np.zeros((10, 11), dtype=np.int64)),
        ("naturals", [False] * 10),
    ],
)
def test_the_kernel_refuses_arrays_of_the_wrong_shape(field: str, bad: Any) -> None:
    arrays = draw_arrays(STANDARD)._replace(**{field: bad})
    counts = np.array(ShoeCounts.full(1).points, dtype=np.int64)
    with pytest.raises(ValueError, match=field):
        walk_arrays(counts, arrays)
    shapes, joint, summary = walk_arrays(counts, draw_arrays(STANDARD))
    assert shapes.shape == (SHAPES,) and joint.shape == (10, 10) and summary.shape == (10,)
    assert isinstance(arrays, DrawArrays)


def test_analysis_holds_no_payout_or_drawing_rule() -> None:
    # Every payout comes from the compiled cells and every draw from the rules'
    # tableau: no module of analysis/ names a payout field or the standard tables.
    import pathlib

    folder = pathlib.Path(puntobanco.analysis.__file__).parent
    forbidden = (
        "banker_pays",
        "banker_six_pays",
        "banker_commission",
        "tie_pays",
        "pair_pays",
        "player_pays",
        "winning_ratio",
        "PLAYER_DRAWS",
        "BANKER_DRAWS",
        "is_natural",
    )
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if ">>>" not in line)
        for name in forbidden:
            assert name not in code, (path.name, name)


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
        puntobanco.analysis.pricing,
        puntobanco.analysis.shoe,
    ],
)
def test_doctests(module: object) -> None:
    failures, _ = doctest.testmod(module)  # type: ignore[arg-type]
    assert failures == 0


@pytest.mark.parametrize("tableau", [STANDARD, ODD_TABLEAU], ids=["standard", "odd"])
def test_kernel_source_agrees_without_the_jit(
    tableau: Tableau, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kernel's Python source, run by the interpreter (so coverage sees its
    # lines, as NUMBA_DISABLE_JIT=1 would), on a small shoe against the exact walk;
    # the steps it calls run from their source too.
    kernels = puntobanco.analysis.kernels
    for step in ("_sequence_weights", "_shape_probabilities", "_summarise"):
        monkeypatch.setattr(kernels, step, getattr(kernels, step).py_func)
    points = (5, 2, 1, 2, 0, 2, 1, 3, 1, 2)
    shapes = np.empty(SHAPES)
    joint = np.empty((10, 10))
    summary = np.empty(10)
    walk = puntobanco.analysis.kernels._walk.py_func  # type: ignore[attr-defined]
    arrays = draw_arrays(tableau)
    walk(
        np.array(points, dtype=np.int64),
        arrays.naturals,
        arrays.player,
        arrays.banker,
        shapes,
        joint,
        summary,
    )
    exact = exact_module.exact_distribution(points, tableau)
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
    assert shapes.tolist() == pytest.approx([float(x) for x in exact.shapes], abs=1e-14)


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
