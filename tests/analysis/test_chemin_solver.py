"""The Chemin de fer solver against an independent solver written only for these tests.

The oracle shares nothing with the solver but the facts of the game. It walks
every *ordered* sequence of point values card by card (the solver walks
unordered pairs, by cell), with the drawing rules written out here, and adds up
the Banker's result for each of the Player's two pure choices on 5 and each of
the Banker's two actions in every cell. It then solves the game as the matrix
game it is: the Player's two pure strategies against every pure strategy of
the Banker over the cells where his best action is not the same against both
(in every other cell one action is best whatever the Player does), the value
being the lowest point of the upper envelope of those columns, found by trying
the ends and every crossing of two columns.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from puntobanco.analysis.chemin.solver import (
    INFINITE_DECK,
    Solution,
    solve_chemin,
    solve_tally,
    solve_tally_float,
)
from puntobanco.analysis.chemin.tally import tally
from puntobanco.analysis.chemin.walk import float_tally, solve_chemin_float
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, BankerRule

STOOD = 10
#: Oracle tables: [player_choice][cell] -> (payoff if the Banker stands, if he draws).
Tables = tuple[dict[tuple[int, int], list[int]], ...]


def _banker_draws_tableau(total: int, third: int) -> bool:
    """Punto Banco's Banker rule, written by the Player's third card (seed 000's way)."""
    if third == STOOD:
        return total <= 5
    draws_on = {
        0: range(10),
        1: range(10),
        2: range(10),
        3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
        4: range(2, 8),
        5: range(4, 8),
        6: (6, 7),
        7: (),
    }
    return third in draws_on[total]


@functools.cache
def oracle_tables(counts: tuple[int, ...], *, replace: bool) -> tuple[Tables, list[int], int]:
    """Walk every ordered sequence; return per-cell payoffs, the naturals' payoff, the denominator.

    Payoffs are the Banker's net (win 1, loss -1) in integer weights over one
    denominator (``n**6`` or ``n (n-1) ... (n-5)``).
    """
    n = sum(counts)
    left = list(counts)

    def ways(remaining_cards: int, k: int) -> int:
        result = 1
        for i in range(k):
            result *= n if replace else remaining_cards - i
        return result

    tables: Tables = ({}, {})
    natural_payoff = [0, 0]  # per player choice (the same for both)

    def take(v: int) -> int:
        w = left[v]
        if not replace:
            left[v] -= 1
        return w

    def give(v: int) -> None:
        if not replace:
            left[v] += 1

    def result(banker: int, player: int) -> int:
        return (banker > player) - (banker < player)

    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        weight = 1
        taken = []
        ok = True
        for v in (p1, b1, p2, b2):
            w = take(v)
            taken.append(v)
            if w == 0:
                ok = False
                break
            weight *= w
        if ok:
            player, banker = (p1 + p2) % 10, (b1 + b2) % 10
            if player >= 8 or banker >= 8:
                pad = ways(n - 4, 2)
                for choice in (0, 1):
                    natural_payoff[choice] += weight * pad * result(banker, player)
            else:
                for choice in (0, 1):
                    player_draws = player <= 4 or (player == 5 and choice == 1)
                    if not player_draws:
                        cell = tables[choice].setdefault((banker, STOOD), [0, 0])
                        cell[0] += weight * ways(n - 4, 2) * result(banker, player)
                        for q in range(10):
                            wq = take(q)
                            if wq:
                                final_b = (banker + q) % 10
                                cell[1] += weight * wq * ways(n - 5, 1) * result(final_b, player)
                            give(q)
                        continue
                    for t in range(10):
                        wt = take(t)
                        if wt:
                            final_p = (player + t) % 10
                            cell = tables[choice].setdefault((banker, t), [0, 0])
                            cell[0] += weight * wt * ways(n - 5, 1) * result(banker, final_p)
                            for q in range(10):
                                wq = take(q)
                                if wq:
                                    final_b = (banker + q) % 10
                                    cell[1] += weight * wt * wq * result(final_b, final_p)
                                give(q)
                        give(t)
        for v in taken:
            give(v)
    denominator = ways(n, 6)
    return tables, natural_payoff, denominator


def oracle_solve(
    tables: Tables, naturals: list[int], denominator: int, rule: BankerRule
) -> tuple[Fraction, Fraction]:
    """The Player's optimal probability of drawing on 5 and the value, by the matrix game."""

    def fixed_part(choice: int) -> int:
        total = naturals[choice]
        for cell, (stand, draw) in tables[choice].items():
            if cell not in rule.free:
                total += draw if _banker_draws_tableau(*cell) else stand
        return total

    relevant, settled = [], {0: 0, 1: 0}
    for cell in rule.free:
        gains = [tables[c].get(cell, [0, 0]) for c in (0, 1)]
        best = [g[1] > g[0] for g in gains]
        if best[0] != best[1]:
            relevant.append(cell)
        else:
            for c in (0, 1):
                settled[c] += max(gains[c])
    columns = []
    for actions in itertools.product((0, 1), repeat=len(relevant)):
        column = []
        for c in (0, 1):
            total = fixed_part(c) + settled[c]
            for cell, action in zip(relevant, actions, strict=True):
                total += tables[c].get(cell, [0, 0])[action]
            column.append(Fraction(total, denominator))
        columns.append(column)  # (payoff if the Player stands on 5, if he draws)

    def envelope(p: Fraction) -> Fraction:
        return max((1 - p) * stand + p * draw for stand, draw in columns)

    candidates = {Fraction(0), Fraction(1)}
    for (s1, d1), (s2, d2) in itertools.combinations(columns, 2):
        slope = (d1 - s1) - (d2 - s2)
        if slope:
            p = (s2 - s1) / slope
            if 0 < p < 1:
                candidates.add(p)
    value = min(envelope(p) for p in candidates)
    return min(p for p in candidates if envelope(p) == value), value


def check_equilibrium(solution: Solution[Fraction], tables: Tables, naturals: list[int],
                      denominator: int) -> None:  # fmt: skip
    """The solver's strategies are an equilibrium of the oracle's game, worth its value."""
    rule = solution.banker_rule
    q = {c.cell: c.draw for c in solution.banker}

    def payoff(choice: int, banker: dict[tuple[int, int], Fraction]) -> Fraction:
        total = Fraction(naturals[choice])
        for cell, (stand, draw) in tables[choice].items():
            prob = banker[cell] if cell in rule.free else Fraction(_banker_draws_tableau(*cell))
            total += (1 - prob) * stand + prob * draw
        return total / denominator

    p = solution.player_draw
    # The Banker's strategy holds the Player to the value whatever he does on 5.
    assert payoff(0, q) >= solution.value and payoff(1, q) >= solution.value
    assert (1 - p) * payoff(0, q) + p * payoff(1, q) == solution.value
    # Against the Player's mix, no Banker cell is better played otherwise.
    for cell in rule.free:
        gain = sum(
            weight * (tables[c].get(cell, [0, 0])[1] - tables[c].get(cell, [0, 0])[0])
            for c, weight in ((0, 1 - p), (1, p))
        )
        if q[cell] == 1:
            assert gain >= 0
        elif q[cell] == 0:
            assert gain <= 0
        else:
            assert gain == 0


@pytest.fixture(scope="module")
def infinite_tables() -> tuple[Tables, list[int], int]:
    return oracle_tables(INFINITE_DECK, replace=True)


def test_kemeny_snell_free_banker_exactly() -> None:
    solution = solve_chemin(infinite=True, banker_rule=FREE_BANKER)
    assert solution.player_draw == Fraction(9, 11)
    assert solution.value == Fraction(679568, 53094899)
    assert solution.player_unique


def test_rule_card_the_player_draws_on_5() -> None:
    for shoe in (None, ShoeCounts.full(6), ShoeCounts.full(1)):
        solution = (
            solve_chemin(infinite=True, banker_rule=RULE_CARD)
            if shoe is None
            else solve_chemin(shoe, banker_rule=RULE_CARD)
        )
        assert solution.player_draw == 1
        stand, draw = solution.deviations
        assert draw.against_best_reply == 0 and stand.against_best_reply > 0


@pytest.mark.parametrize("rule", [FREE_BANKER, RULE_CARD])
def test_infinite_deck_against_the_oracle(
    rule: BankerRule, infinite_tables: tuple[Tables, list[int], int]
) -> None:
    tables, naturals, denominator = infinite_tables
    solution = solve_chemin(infinite=True, banker_rule=rule)
    assert (solution.player_draw, solution.value) == oracle_solve(
        tables, naturals, denominator, rule
    )
    check_equilibrium(solution, tables, naturals, denominator)


@pytest.mark.parametrize(
    "counts",
    [
        (16, 4, 4, 4, 4, 4, 4, 4, 4, 4),  # one deck
        (3, 1, 0, 2, 1, 4, 0, 2, 1, 1),  # the end of a shoe, some values gone
    ],
)
@pytest.mark.parametrize("rule", [FREE_BANKER, RULE_CARD])
def test_finite_shoes_against_the_oracle(counts: tuple[int, ...], rule: BankerRule) -> None:
    tables, naturals, denominator = oracle_tables(counts, replace=False)
    solution = solve_chemin(ShoeCounts(counts), banker_rule=rule)
    assert (solution.player_draw, solution.value) == oracle_solve(
        tables, naturals, denominator, rule
    )
    check_equilibrium(solution, tables, naturals, denominator)


def test_outcomes_add_up_and_commission_is_on_the_banker_wins() -> None:
    solution = solve_chemin(ShoeCounts.full(8), banker_rule=FREE_BANKER)
    assert solution.banker_wins + solution.player_wins + solution.tie == 1
    assert solution.banker_wins - solution.player_wins == solution.value
    assert solution.banker_after_commission == (
        solution.banker_wins * Fraction(19, 20) - solution.player_wins
    )
    assert solution.banker_after_commission < 0 < solution.value


def test_deviation_costs() -> None:
    solution = solve_chemin(infinite=True, banker_rule=FREE_BANKER)
    for deviation in solution.deviations:
        # The Player mixes, so he is indifferent against the Banker's equilibrium...
        assert deviation.against_equilibrium == 0
        # ...and a Banker who knows he never mixes makes him pay.
        assert deviation.against_best_reply > 0
    for cell in solution.banker:
        assert cell.cost_of_deviating >= 0
        if 0 < cell.draw < 1:
            assert cell.draw_minus_stand == 0


def test_the_equilibrium_is_a_strategy_the_coup_can_play() -> None:
    strategy = solve_chemin(infinite=True, banker_rule=FREE_BANKER).strategy()
    assert strategy.player_draw == Fraction(9, 11)
    assert strategy.banker_draw(6, STOOD) == Fraction(859, 2288)
    assert len(strategy.banker) == len(FREE_BANKER.free)


def test_the_compiled_walk_is_the_same_walk() -> None:
    for counts in ((96,) + (24,) * 9, (128,) + (32,) * 9, (3, 1, 0, 2, 1, 4, 0, 2, 1, 1)):
        assert float_tally(counts) == tally(counts)
    assert float_tally(INFINITE_DECK, replace=True) == tally(INFINITE_DECK, replace=True)


def test_the_float_path_agrees_with_the_exact() -> None:
    for rule in (FREE_BANKER, RULE_CARD):
        exact = solve_tally(tally((96,) + (24,) * 9), rule)
        approx = solve_tally_float(tally((96,) + (24,) * 9), rule)
        assert approx.player_draw == pytest.approx(float(exact.player_draw), abs=1e-9)
        assert approx.value == pytest.approx(float(exact.value), abs=1e-12)
        assert [c.draw for c in approx.banker] == pytest.approx(
            [float(c.draw) for c in exact.banker], abs=1e-9
        )
    fast = solve_chemin_float(infinite=True, banker_rule=FREE_BANKER)
    assert fast.player_draw == pytest.approx(9 / 11, abs=1e-12)


def test_a_shoe_too_small_is_refused() -> None:
    with pytest.raises(InvalidShoe) as caught:
        solve_chemin(ShoeCounts((3, 2, 0, 0, 0, 0, 0, 0, 0, 0)))
    assert caught.value.code == "too_few_cards"


def test_the_rule_card_equilibrium_is_punto_banco() -> None:
    # Drawing in both free cells and on 5 is Punto Banco's tableau: the Banker's value is
    # the Banker's chance less the Player's, by the exact analyzer, and after the 5%
    # commission it is minus the Banker bet's house edge (1.0579% on 8 decks).
    from puntobanco.analysis.exact import exact_distribution

    shoe = ShoeCounts.full(8)
    solution = solve_chemin(shoe, banker_rule=RULE_CARD)
    punto_banco = exact_distribution(shoe.points)
    assert [c.draw for c in solution.banker] == [1, 1]
    assert solution.value == punto_banco.banker - punto_banco.player
    assert solution.tie == punto_banco.tie
    assert round(float(solution.banker_after_commission), 6) == -0.010579
