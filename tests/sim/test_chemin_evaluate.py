"""The exact value of a given pair of strategies (``analysis.chemin.evaluate_chemin``).

Checked against an oracle written here: every ordered deal of a small shoe,
card by card without replacement, each side's choice split into its draw and
stand branches by the strategy's probabilities; and against the solver, whose
equilibrium and deviations it must reproduce.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.analysis.chemin.solver import evaluate_chemin, solve_chemin
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.choices import Strategy
from puntobanco.core.rules import FREE_BANKER, RULE_CARD, BankerRule
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

#: Another tableau (the naturals kept: the solver's cells are the Banker's totals 0-7):
#: the Banker draws on other third cards, and only on 0-4 when the Player stood.
SKEWED = STANDARD.from_sets(
    naturals=[8, 9],
    player_draws_on=range(5),
    banker_draws_on=[range(10)] * 3 + [range(8), range(2, 9), range(3, 8), range(5, 8)] + [()] * 3,
    banker_draws_when_player_stood=range(5),
)


def _oracle(points: list[int], strategy: Strategy, tableau: Tableau) -> tuple[Fraction, ...]:
    """Banker win, Player win and tie probabilities by walking every ordered deal."""
    counts = list(points)
    result = [Fraction(0)] * 3
    rule = strategy.banker_rule

    def cards(weight: Fraction):  # type: ignore[no-untyped-def]
        n = sum(counts)
        for value in range(10):
            if counts[value]:
                share = weight * Fraction(counts[value], n)
                counts[value] -= 1
                yield value, share
                counts[value] += 1

    def settle(player: int, banker: int, weight: Fraction) -> None:
        result[0 if banker > player else 1 if player > banker else 2] += weight

    def banker_turn(player: int, banker: int, third: int, weight: Fraction) -> None:
        if rule.is_free(banker, third):
            q = strategy.banker_draw(banker, third)
        else:
            q = Fraction(int(tableau.banker_draws(banker, third)))
        if q != 1:
            settle(player, banker, weight * (1 - q))
        if q:
            for card, w in cards(weight * q):
                settle(player, (banker + card) % 10, w)

    for p1, w1 in cards(Fraction(1)):
        for b1, w2 in cards(w1):
            for p2, w3 in cards(w2):
                for b2, w4 in cards(w3):
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if tableau.is_natural(player) or tableau.is_natural(banker):
                        settle(player, banker, w4)
                        continue
                    if player == 5:
                        p = strategy.player_draw
                    else:
                        p = Fraction(int(tableau.player_draws(player)))
                    if p != 1:
                        banker_turn(player, banker, PLAYER_STOOD, w4 * (1 - p))
                    if p:
                        for t, w5 in cards(w4 * p):
                            banker_turn((player + t) % 10, banker, t, w5)
    return tuple(result)


def _mixed(rule: BankerRule) -> Strategy:
    return Strategy.make(
        rule,
        player_draw="2/7",
        banker_draw={cell: Fraction((cell[0] * 11 + cell[1]) % 5, 4) for cell in rule.cells},
    )


@pytest.mark.parametrize("tableau", [STANDARD, SKEWED], ids=["standard", "skewed"])
@pytest.mark.parametrize("rule", [RULE_CARD, FREE_BANKER], ids=["rule-card", "free"])
@pytest.mark.parametrize("points", [[2, 1, 1, 1, 1, 1, 1, 1, 0, 0], [1, 0, 2, 1, 0, 1, 1, 0, 1, 1]])
def test_evaluation_matches_an_ordered_walk_of_a_small_shoe(
    points: list[int], rule: BankerRule, tableau: Tableau
):
    strategy = _mixed(rule)
    got = evaluate_chemin(
        strategy, ShoeCounts.from_points(dict(enumerate(points))), tableau=tableau
    )
    win, lose, tie = _oracle(points, strategy, tableau)
    assert (got.banker_wins, got.player_wins, got.tie) == (win, lose, tie)
    assert got.value == win - lose
    assert got.banker_after_commission == win * Fraction(19, 20) - lose


@pytest.mark.parametrize("rule", [RULE_CARD, FREE_BANKER], ids=["rule-card", "free"])
@pytest.mark.parametrize("decks", [None, 1, 8], ids=["infinite", "1-deck", "8-deck"])
def test_evaluation_at_the_equilibrium_is_the_solution(rule: BankerRule, decks: int | None):
    shoe = None if decks is None else ShoeCounts.full(decks)
    s = solve_chemin(shoe, infinite=decks is None, banker_rule=rule)
    e = evaluate_chemin(s.strategy(), shoe, infinite=decks is None)
    assert (e.banker_wins, e.player_wins, e.tie) == (s.banker_wins, s.player_wins, s.tie)
    assert (e.value, e.banker_after_commission) == (s.value, s.banker_after_commission)
    # The Player's pure choices on 5 against the Banker's equilibrium: the solver's costs.
    for deviation in s.deviations:
        pure = Strategy.make(
            rule, player_draw=int(deviation.draws), banker_draw=dict(s.strategy().banker)
        )
        cost = evaluate_chemin(pure, shoe, infinite=decks is None).value - s.value
        assert cost == deviation.against_equilibrium
