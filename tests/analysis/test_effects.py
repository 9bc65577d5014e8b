"""Effects of removal, counting weights and the through-the-shoe study."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.analysis import InvalidShoe, ShoeCounts, analyze
from puntobanco.analysis.effects import (
    counting_weights,
    effects_of_removal,
    through_the_shoe,
)
from puntobanco.core.bets import winning_ratio
from puntobanco.core.cards import Rank
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules, ShoeMode
from puntobanco.core.shoe import Shoe


def test_effects_weighted_by_counts_sum_to_zero_exactly() -> None:
    # Removing an unseen card at random leaves every expectation unchanged.
    shoe = ShoeCounts.full(1).remove([Rank.FIVE, Rank.FIVE, Rank.KING, Rank.NINE])
    rules = Rules(pair_pays=11)
    effects = effects_of_removal(rules, shoe)
    assert shoe.ranks is not None
    for kind in rules.offered_bets:
        values = effects.effects[kind]
        assert sum(c * e for c, e in zip(shoe.ranks, values, strict=True) if e is not None) == 0


def test_effect_is_the_difference_of_two_analyses() -> None:
    effects = effects_of_removal(Rules(), ShoeCounts.full(2))
    after = analyze(Rules(), ShoeCounts.full(2).remove([Rank.SIX]))
    before = analyze(Rules(), ShoeCounts.full(2))
    for kind in (BetKind.PLAYER, BetKind.BANKER, BetKind.TIE):
        change = after.bets[kind].expected_value - before.bets[kind].expected_value
        assert effects.effects[kind][Rank.SIX - 1] == change
        assert effects.base[kind] == before.bets[kind].expected_value
    # Every 0-value rank removes the same points, so has the same effect on the main bets.
    banker = effects.effects[BetKind.BANKER]
    assert banker[9] == banker[10] == banker[11] == banker[12]


def test_known_signs_of_the_eight_deck_effects() -> None:
    # Small cards (1-4) help the Banker, 5-8 help the Player (Thorp; Griffin).
    effects = effects_of_removal(Rules())
    banker = effects.effects[BetKind.BANKER]
    assert all(e is not None and e > 0 for e in banker[0:4])
    assert all(e is not None and e < 0 for e in banker[4:8])
    weights = effects.weights[BetKind.BANKER]
    assert weights.balanced and weights.correlation > 0.95
    assert sum(4 * w for w in weights.weights) == 0


def test_pair_effects_vanish_on_a_rank_symmetric_shoe() -> None:
    effects = effects_of_removal(Rules(pair_pays=11), ShoeCounts.full(1))
    assert set(effects.effects[BetKind.PLAYER_PAIR]) == {0}
    assert effects.weights[BetKind.PLAYER_PAIR].level == 0


def test_counting_weights_are_balanced_and_follow_the_effects() -> None:
    effects = [Fraction(5), Fraction(-3), Fraction(1), Fraction(-2), None]
    counts = (4, 4, 4, 6, 0)
    system = counting_weights(effects, counts)
    assert system.balanced
    assert sum(c * w for c, w in zip(counts, system.weights, strict=True)) == 0
    assert max(abs(w) for w in system.weights) == system.level
    assert system.weights[0] > 0 and system.weights[1] < 0


def test_effects_need_a_shoe_that_can_lose_a_card() -> None:
    with pytest.raises(InvalidShoe) as info:
        effects_of_removal(Rules(), ShoeCounts.from_points({0: 6}))
    assert info.value.code == "too_few_cards"


def _replay(rules: Rules, shoes: int, seed: int) -> tuple[int, Fraction]:
    """Rounds and the Tie's total result, dealt independently with the core's Shoe."""
    rounds, net = 0, Fraction(0)
    for index in range(shoes):
        shoe = Shoe(rules, SeededSource(seed), first_shoe=index)
        shoe.shuffle()
        while True:
            result = shoe.deal_coup()
            rounds += 1
            ratio = winning_ratio(BetKind.TIE, result, rules)
            net += ratio if ratio is not None else -1
            if result.last_in_shoe:
                break
    return rounds, net


def test_through_the_shoe_counts_every_round_and_settles_with_the_core() -> None:
    # A Tie paying 30 to 1 is positive whatever the cards: it is bet every round.
    rules = Rules(decks=1, tie_pays=30, cut_card=16)
    study = through_the_shoe(rules, shoes=2, seed=5)
    rounds, net = _replay(rules, 2, 5)
    tie = study.bets[BetKind.TIE]
    assert study.rounds == rounds == tie.rounds == tie.positive
    assert tie.actual_gain == net
    assert tie.frequency == 1.0
    assert through_the_shoe(rules, shoes=2, seed=5) == study


def test_through_the_shoe_reports_each_shoe_dealt_and_changes_nothing() -> None:
    rules = Rules(decks=1, cut_card=16)
    counted: list[int] = []
    study = through_the_shoe(rules, shoes=3, seed=5, on_shoe=counted.append)
    assert counted == [1, 2, 3]
    assert study == through_the_shoe(rules, shoes=3, seed=5)


def test_a_reshuffled_shoe_never_offers_a_positive_main_bet() -> None:
    study = through_the_shoe(Rules(decks=1, shoe_mode=ShoeMode.RESHUFFLE), shoes=3, seed=1)
    assert study.rounds == 3
    assert all(b.positive == 0 and b.mean_expected_gain == 0.0 for b in study.bets.values())


def test_through_the_shoe_finds_late_shoe_opportunities() -> None:
    study = through_the_shoe(Rules(decks=1, pair_pays=15, cut_card=12), shoes=3, seed=11)
    pair = study.bets[BetKind.PLAYER_PAIR]
    assert 0 < pair.positive < pair.rounds
    assert pair.mean_expected_gain > 0
    assert study.bets[BetKind.BANKER].positive <= study.rounds
    assert set(study.bets) == set(Rules(pair_pays=11).offered_bets)


def test_through_the_shoe_refuses_a_bad_count() -> None:
    with pytest.raises(InvalidShoe):
        through_the_shoe(Rules(), shoes=0)
