"""The solvers read the Banker's rule card, the commission and the tableau from a ``Rules`` value.

``rules=`` is the same solve as the keywords it stands for: every figure, as a
``Fraction``, is the one the keyword path gives.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from puntobanco.analysis.banque.shoe import evaluate_banque_shoe, solve_banque_shoe
from puntobanco.analysis.banque.solver import banque_terms, evaluate_banque, solve_banque
from puntobanco.analysis.chemin.solver import (
    chemin_terms,
    evaluate_chemin,
    evaluate_tally,
    solve_chemin,
    solve_tally,
)
from puntobanco.analysis.chemin.tally import tally
from puntobanco.analysis.chemin.walk import solve_chemin_float
from puntobanco.analysis.shoe import ShoeCounts
from puntobanco.core.banque.coup import BANQUE_FREE, BANQUE_RULE_CARD, BanqueRule
from puntobanco.core.rules import (
    BANK_COMMISSION,
    FREE_BANKER,
    RULE_CARD,
    BankerRule,
    Rules,
    Variant,
)
from puntobanco.core.tableau import STANDARD

FOUR_PERCENT = Fraction(1, 25)
#: A shoe small enough to solve in well under a second.
SMALL = ShoeCounts.from_points({"0": 4, "1": 1, "3": 2, "5": 2, "6": 1, "8": 1, "9": 1})


def chemin(**fields: Any) -> Rules:
    return Rules(variant=Variant.CHEMIN_DE_FER, **fields)


def banque(**fields: Any) -> Rules:
    return Rules(variant=Variant.BANQUE, **fields)


@pytest.mark.parametrize(
    ("rules", "rule", "commission"),
    [
        (chemin(), RULE_CARD, BANK_COMMISSION),
        (chemin(banker_rule="free", banker_commission="0.04"), FREE_BANKER, FOUR_PERCENT),
    ],
)
def test_chemin_rules_give_the_keywords_figures(
    rules: Rules, rule: BankerRule, commission: Fraction
) -> None:
    assert chemin_terms(rules) == (rule, commission, STANDARD)
    by_keywords = solve_chemin(infinite=True, banker_rule=rule, commission=commission)
    by_rules = solve_chemin(infinite=True, rules=rules)
    assert by_rules == by_keywords
    assert by_rules.commission == commission
    assert solve_chemin(SMALL, rules=rules) == solve_chemin(
        SMALL,
        banker_rule=rule,
        commission=commission,
    )
    strategy = by_keywords.strategy()
    assert evaluate_chemin(strategy, SMALL, rules=rules) == evaluate_chemin(
        strategy, SMALL, commission=commission
    )
    weights = tally(SMALL.points)
    assert solve_tally(weights, rules=rules) == solve_tally(weights, rule, commission=commission)
    assert evaluate_tally(weights, strategy, rules=rules) == evaluate_tally(
        weights, strategy, commission=commission
    )
    assert solve_chemin_float(SMALL.points, rules=rules) == solve_chemin_float(
        SMALL.points,
        banker_rule=rule,
        commission=commission,
    )


def test_chemin_defaults_are_the_rule_card_five_percent_and_the_standard_tableau() -> None:
    assert chemin_terms() == (RULE_CARD, BANK_COMMISSION, STANDARD)
    assert solve_chemin(infinite=True) == solve_chemin(infinite=True, rules=chemin())


@pytest.mark.parametrize(
    ("rules", "rule", "commission"),
    [
        (banque(), BANQUE_RULE_CARD, BANK_COMMISSION),
        (banque(banker_rule="free", banker_commission="0.04"), BANQUE_FREE, FOUR_PERCENT),
    ],
)
def test_banque_rules_give_the_keywords_figures(
    rules: Rules, rule: BanqueRule, commission: Fraction
) -> None:
    assert banque_terms(rules) == (rule, commission, STANDARD)
    by_keywords = solve_banque(rule, commission=commission)
    by_rules = solve_banque(rules=rules)
    assert by_rules == by_keywords
    assert by_rules.after_commission == by_keywords.after_commission
    strategy = by_keywords.strategy()
    assert evaluate_banque(strategy, rules=rules) == evaluate_banque(
        strategy, commission=commission
    )
    shoe = ShoeCounts.full(1)
    by_shoe = solve_banque_shoe(shoe, rules=rules, right_draw=1, left_draw=1)
    assert by_shoe == solve_banque_shoe(
        shoe,
        rule,
        right_draw=1,
        left_draw=1,
        commission=commission,
    )
    assert by_shoe.commission == commission
    assert evaluate_banque_shoe(by_shoe.strategy(), shoe, rules=rules) == evaluate_banque_shoe(
        by_shoe.strategy(), shoe, commission=commission
    )


def test_banque_defaults_are_the_free_banker_five_percent_and_the_standard_tableau() -> None:
    # The solvers' default rule card is the free Banker, not the Rules' rule card.
    assert banque_terms() == (BANQUE_FREE, BANK_COMMISSION, STANDARD)
    assert solve_banque() == solve_banque(rules=banque(banker_rule="free"))


def test_rules_and_keywords_together_are_refused() -> None:
    with pytest.raises(TypeError, match="not both"):
        solve_chemin(infinite=True, rules=chemin(), commission=FOUR_PERCENT)
    with pytest.raises(TypeError, match="not both"):
        solve_banque(BANQUE_FREE, rules=banque())


@pytest.mark.parametrize("variant", [Variant.PUNTO_BANCO, Variant.BANQUE])
def test_chemin_refuses_another_games_rules(variant: Variant) -> None:
    with pytest.raises(ValueError, match="Chemin de fer solver takes chemin-de-fer rules"):
        solve_chemin(infinite=True, rules=Rules(variant=variant))


@pytest.mark.parametrize("variant", [Variant.PUNTO_BANCO, Variant.CHEMIN_DE_FER])
def test_banque_refuses_another_games_rules(variant: Variant) -> None:
    with pytest.raises(ValueError, match="Banque solvers take banque rules"):
        solve_banque(rules=Rules(variant=variant))
