"""The Banque coup: hand-worked coups, its choice points and events, bad input."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from puntobanco.analysis.banque.solver import evaluate_banque, solve_banque
from puntobanco.core.banque.coup import (
    BANKER,
    BANQUE_FREE,
    BANQUE_RULE_CARD,
    LEFT,
    NATURAL,
    RIGHT,
    BanquePoint,
    BanqueRule,
    BanqueStrategy,
    play_banque,
)
from puntobanco.core.cards import parse_cards
from puntobanco.core.coup import EventKind, Outcome
from puntobanco.core.errors import InvalidRules, ShoeExhausted
from puntobanco.core.rng import SystemSource
from puntobanco.core.tableau import PLAYER_STOOD


def _never(point: BanquePoint) -> bool:
    raise AssertionError(f"no choice expected, asked {point}")


def _always(point: BanquePoint) -> bool:
    return True


def _choices(coup):
    return [(e.hand, e.total, e.left, e.right, e.draws) for e in coup.events
            if e.kind is EventKind.CHOICE]  # fmt: skip


def test_banker_natural_ends_the_coup_against_both_tableaux():
    # right 2+K = 2, left 3+4 = 7, Banker 9+K = 9
    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=_never)
    assert (coup.right.total, coup.left.total, coup.banker_total) == (2, 7, 9)
    assert coup.banker_natural and len(coup.cards) == 6
    assert coup.right.outcome is coup.left.outcome is Outcome.BANKER
    assert [e.reason for e in coup.events if e.kind is EventKind.STAND] == [
        "other-natural",
        "other-natural",
        "natural",
    ]


@pytest.mark.parametrize(
    ("waits", "right_outcome"), [(False, Outcome.PLAYER), (True, Outcome.BANKER)]
)
def test_a_tableau_natural_settles_at_once_or_waits(waits, right_outcome):
    # right 8+K = 8 (natural), left 2+3 = 5 draws a 4: 9; Banker 3+2 = 5 draws a 4: 9
    coup = play_banque(parse_cards("8c 2d 3h Ks 3s 2h 4d 4c"), decide=_always,
                       natural_waits=waits)  # fmt: skip
    assert (coup.right.total, coup.left.total, coup.banker_total) == (8, 9, 9)
    assert coup.right.column == NATURAL and coup.left.column == 4
    assert coup.right.outcome is right_outcome
    assert coup.left.outcome is Outcome.TIE
    assert _choices(coup) == [(LEFT, 5, None, None, True), (BANKER, 5, 4, NATURAL, True)]


def test_right_decides_before_left_and_the_banker_sees_both_columns():
    # right 5+K = 5 stands, left 2+Q = 2 draws a 3: 5; Banker 4+2 = 6 stands
    seen = []

    def decide(point):
        seen.append(point)
        return point.hand == BANKER

    coup = play_banque(parse_cards("5c 2d 4h Ks Qs 2h 3d 7c"), decide=decide)
    assert [p.hand for p in seen] == [RIGHT, BANKER]
    assert seen[1].cell == (6, 3, PLAYER_STOOD)
    assert (coup.right.total, coup.left.total, coup.banker_total) == (5, 5, 3)
    assert coup.right.outcome is coup.left.outcome is Outcome.PLAYER
    assert [c.code for c in coup.banker_cards] == ["4h", "2h", "7c"]


def test_two_naturals_leave_the_banker_nothing_to_play_for():
    coup = play_banque(parse_cards("8c 9d 3h Ks Ks 2h"), decide=_never)
    assert coup.banker_total == 5 and len(coup.cards) == 6
    assert coup.events[-1].reason == "nothing-to-play"
    assert coup.right.outcome is coup.left.outcome is Outcome.PLAYER
    # with naturals waiting for his final hand he has something to play for
    asked = play_banque(parse_cards("8c 9d 3h Ks Ks 2h 4c"), decide=_always, natural_waits=True)
    assert asked.banker_total == 9 and asked.right.outcome is Outcome.BANKER
    assert asked.left.outcome is Outcome.TIE


@pytest.mark.parametrize(
    ("banker", "cards"), [(2, "Kc Kd 2h 7s 7d Ks 9c"), (7, "Kc Kd 7h 7s 7d Ks")]
)
def test_rule_card_cells_are_not_asked(banker, cards):
    # both tableaux stand on 7; the Banker draws on 2 and stands on 7 by the card
    coup = play_banque(parse_cards(cards), decide=_never, rule=BANQUE_RULE_CARD)
    assert [e.reason for e in coup.events if e.hand == BANKER and e.reason] == ["rule-card"]
    assert len(coup.banker_cards) == (3 if banker == 2 else 2)


def test_free_banker_is_asked_on_7():
    coup = play_banque(parse_cards("Kc Kd 7h 7s 7d Ks 2c"), decide=_always, rule=BANQUE_FREE)
    assert _choices(coup) == [(BANKER, 7, PLAYER_STOOD, PLAYER_STOOD, True)]
    assert coup.banker_total == 9


def test_too_few_cards():
    with pytest.raises(ShoeExhausted):
        play_banque(parse_cards("2c 3d 3h Kh 4s"), decide=_always)


def test_strategies_refuse_bad_cells_and_mixes_without_a_source():
    with pytest.raises(InvalidRules) as caught:
        BanqueStrategy.make(BANQUE_RULE_CARD, right_draw=1, left_draw=1,
                            banker_draw={(7, 0, 0): 1})  # fmt: skip
    assert caught.value.code == "strategy_not_free"
    with pytest.raises(InvalidRules) as caught:
        BanqueStrategy.make(BANQUE_FREE, right_draw="3/2", left_draw=1, banker_draw={})
    assert caught.value.code == "strategy_probability"
    mixed = BanqueStrategy.make(BANQUE_FREE, right_draw="9/11", left_draw=1, banker_draw={})
    with pytest.raises(InvalidRules) as caught:
        mixed.decider()
    assert caught.value.code == "strategy_needs_source"
    assert isinstance(mixed.decider(SystemSource())(BanquePoint(RIGHT, 5)), bool)
    with pytest.raises(InvalidRules) as caught:
        BanqueRule("bad", frozenset({(8, 0, 0)}), frozenset())
    assert caught.value.code == "banque_cell"


def test_every_card_sequence_of_a_small_deck_agrees_with_the_analysis():
    # Three point values, equally likely: every 9-card sequence dealt through the coup.
    ranks = {"K": 0, "5": 5, "8": 8}
    deck = tuple(1 if v in ranks.values() else 0 for v in range(10))
    best = solve_banque(BANQUE_FREE, right_draw=Fraction(1), left_draw=Fraction(0), deck=deck)
    strategy = best.strategy()
    decide = strategy.decider()
    net = {RIGHT: 0, LEFT: 0}
    for ranks_dealt in itertools.product(ranks, repeat=9):
        coup = play_banque(parse_cards(" ".join(r + "c" for r in ranks_dealt)), decide=decide,
                           rule=BANQUE_FREE)  # fmt: skip
        for hand in (RIGHT, LEFT):
            outcome = coup.tableau(hand).outcome
            net[hand] += (outcome is Outcome.BANKER) - (outcome is Outcome.PLAYER)
    evaluated = evaluate_banque(strategy, deck=deck)
    assert Fraction(net[RIGHT], 3**9) == evaluated.right.value == best.right.value
    assert Fraction(net[LEFT], 3**9) == evaluated.left.value == best.left.value
