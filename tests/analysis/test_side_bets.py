"""The side bets of issue #10 priced by analyze(): published figures, brute force, both paths.

The published 8-deck house edges (Wizard of Odds' tables, as issue #10 quotes
them) must be reproduced to the printed digits. Brute force deals every ordered
sequence of six cards of small per-card shoes (duplicated cards, so that
suited pairs occur, and repeated ranks) through ``play_coup`` and settles each
side bet with ``settle_bet``: the exact analyzer must agree to the last
fraction, on win, push and expected value.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from puntobanco.analysis import InvalidShoe, ShoeCounts, analyze
from puntobanco.analysis.effects import effects_of_removal, through_the_shoe
from puntobanco.analysis.pairs import SUITS, pair_class_weights, spread_suits
from puntobanco.analysis.shoe import SUIT_ORDER
from puntobanco.core.bets import Bet, Resolution, settle_bet
from puntobanco.core.cards import Card, Rank, parse_cards
from puntobanco.core.coup import play_coup
from puntobanco.core.errors import ShoeExhausted
from puntobanco.core.paytable import pair_class
from puntobanco.core.rules import PRESETS, SIDE_BETS, BetKind, Rules

#: Published 8-deck house edges, in percent, with the digits printed.
PUBLISHED = {
    ("ez-baccarat", BetKind.BANKER): "1.0183",
    ("ez-baccarat", BetKind.DRAGON_7): "7.6113",
    ("ez-baccarat", BetKind.PANDA_8): "10.1876",
    ("dragon-bonus", BetKind.DRAGON_BONUS_PLAYER): "2.6517",
    ("dragon-bonus", BetKind.DRAGON_BONUS_BANKER): "9.3731",
    ("all-side-bets", BetKind.EITHER_PAIR): "13.7099",
    ("all-side-bets", BetKind.SUPER_6): "29.977",
    ("tiger", BetKind.SMALL_TIGER): "14.3325",
    ("tiger", BetKind.BIG_TIGER): "15.2533",
    ("all-side-bets", BetKind.BANKER): "1.0579",
    ("all-side-bets", BetKind.PLAYER): "1.2351",
    ("all-side-bets", BetKind.TIE): "14.3596",
}


@pytest.mark.parametrize(
    ("preset", "kind"), list(PUBLISHED), ids=[f"{p}-{k}" for p, k in PUBLISHED]
)
@pytest.mark.parametrize("exact", [True, False], ids=["exact", "float"])
def test_published_eight_deck_edges(preset: str, kind: BetKind, exact: bool) -> None:
    printed = PUBLISHED[preset, kind]
    digits = len(printed.split(".")[1])
    edge = analyze(PRESETS[preset], exact=exact).bets[kind].house_edge
    assert f"{float(edge) * 100:.{digits}f}" == printed


def test_every_side_bet_is_priced_on_both_paths_alike() -> None:
    rules = PRESETS["all-side-bets"]
    exact, fast = analyze(rules), analyze(rules, exact=False)
    assert set(exact.bets) == set(rules.offered_bets) >= set(SIDE_BETS)
    for kind, bet in exact.bets.items():
        other = fast.bets[kind]
        for name in ("win", "push", "lose", "house_edge"):
            assert float(getattr(bet, name)) == pytest.approx(getattr(other, name), abs=1e-12)
        assert bet.std_dev == pytest.approx(other.std_dev, rel=1e-9)


def _shoe_cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def _card_counts(cards: list[Card]) -> tuple[int, ...]:
    counts = [0] * 52
    for card in cards:
        counts[(card.rank - 1) * SUITS + SUIT_ORDER.index(card.suit)] += 1
    return tuple(counts)


def brute_force(
    cards: list[Card], rules: Rules
) -> dict[BetKind, tuple[Fraction, Fraction, Fraction]]:
    """(win, push, expected value) of every offered bet over every ordered deal of ``cards``.

    Every ordered sequence of distinct positions is equally likely. A deal is
    extended one card at a time until ``play_coup`` no longer runs out of cards
    (ShoeExhausted), so a coup of k cards is one sequence of k cards, with
    probability (number of such position sequences) / (n (n-1) ... (n-k+1)).
    Cards equal in rank and suit are grouped, their count being the weight.
    """
    kinds = {card: cards.count(card) for card in cards}
    tally: dict[BetKind, list[Fraction]] = {k: [Fraction(0)] * 3 for k in rules.offered_bets}
    n = len(cards)

    def deal(prefix: list[Card], left: dict[Card, int], probability: Fraction) -> None:
        if len(prefix) >= 4:
            try:
                result = play_coup(prefix, rules)
            except ShoeExhausted:
                result = None
            if result is not None:
                assert len(result.cards) == len(prefix)
                for kind in rules.offered_bets:
                    settled = settle_bet(Bet(kind, 100), result, rules)
                    row = tally[kind]
                    if settled.resolution is Resolution.WIN:
                        row[0] += probability
                        row[2] += probability * settled.ratio
                    elif settled.resolution is Resolution.PUSH:
                        row[1] += probability
                    else:
                        row[2] -= probability
                return
        remaining = n - len(prefix)
        for card, count in left.items():
            if count:
                left[card] -= 1
                deal([*prefix, card], left, probability * Fraction(count, remaining))
                left[card] += 1

    deal([], kinds, Fraction(1))
    return {kind: (w, p, ev) for kind, (w, p, ev) in tally.items()}


# Small shoes: a duplicated card (a suited pair can be dealt), repeated ranks, tens,
# and totals that reach the side bets' conditions (3-card 7s and 8s, 6s, ties).
SHOES = {
    "eight-cards": "Kd Kd 4h 4h 4c 3s 2d 6c",
    "nine-cards": "6h 6h 6d 3c 3c Qs Qs Ks 2h",
}


# Every side bet on two shoes; EZ's Banker push and the Tiger table's half-paid six on one.
CASES = [
    ("all-side-bets", "eight-cards"),
    ("all-side-bets", "nine-cards"),
    ("ez-baccarat", "eight-cards"),
    ("tiger", "eight-cards"),
]


@pytest.mark.parametrize(("preset", "name"), CASES, ids=[f"{p}-{n}" for p, n in CASES])
def test_brute_force_over_every_deal_agrees_exactly(name: str, preset: str) -> None:
    rules = PRESETS[preset]
    cards = _shoe_cards(SHOES[name])
    shoe = ShoeCounts.from_card_tuple(_card_counts(cards))
    priced = analyze(rules, shoe)
    expected = brute_force(cards, rules)
    for kind, (win, push, ev) in expected.items():
        bet = priced.bets[kind]
        assert (bet.win, bet.push, bet.expected_value) == (win, push, ev), kind


def test_pair_class_weights_count_every_ordered_deal_of_four_cards() -> None:
    cards = _shoe_cards("Kd Kd Kd Ks Kh 4h 4h 4c Qs")
    counts = [0] * 18
    for a, b, c, d in itertools.permutations(range(len(cards)), 4):
        counts[pair_class([cards[a], cards[c]], [cards[b], cards[d]])] += 1
    assert pair_class_weights(_card_counts(cards)) == (tuple(counts), sum(counts))


def test_a_rank_only_shoe_prices_suits_from_the_even_spread() -> None:
    rules = Rules(side_bets=[BetKind.PERFECT_PAIR])
    ranks = ShoeCounts.from_ranks({"K": 6, "4": 5, "Q": 3})
    spread = ShoeCounts.from_card_tuple(spread_suits(ranks.ranks or ()))
    assert (
        analyze(rules, ranks).bets[BetKind.PERFECT_PAIR]
        == analyze(rules, spread).bets[BetKind.PERFECT_PAIR]
    )
    # Removing Kd (a suit that had two) lowers the perfect-pair chance below removing Ks.
    full = ShoeCounts.full(1)
    assert full.remove(parse_cards("Kd")) != full.remove(parse_cards("Ks"))


@pytest.mark.parametrize("kind", [BetKind.PERFECT_PAIR, BetKind.EITHER_PAIR, BetKind.TIGER_PAIR])
def test_a_points_only_shoe_refuses_the_card_bets_naming_them(kind: BetKind) -> None:
    rules = Rules(side_bets=[kind, BetKind.DRAGON_7])
    points = ShoeCounts.full(8).points_only()
    with pytest.raises(InvalidShoe) as info:
        analyze(rules, points)
    assert info.value.code == "pairs_need_ranks"
    assert info.value.params == {"bets": kind.value}
    # The shape bets alone need no ranks.
    assert analyze(Rules(side_bets=[BetKind.DRAGON_7]), points).bets[BetKind.DRAGON_7]


def test_a_removed_card_must_be_in_the_shoe() -> None:
    shoe = ShoeCounts.from_card_tuple(_card_counts(_shoe_cards("Kd Kd 4h 4h 4c 3s 2d 6c")))
    with pytest.raises(InvalidShoe) as info:
        shoe.remove(parse_cards("Ks"))
    assert info.value.code == "none_left" and info.value.params["key"] == "Ks"
    assert (
        shoe.remove(parse_cards("Kd")).remove(parse_cards("Kd")).ranks
        == shoe.remove([Rank.KING, Rank.KING]).ranks
    )


def test_effects_of_removal_cover_every_side_bet_and_sum_to_zero() -> None:
    rules = PRESETS["all-side-bets"]
    shoe = ShoeCounts.full(1)
    effects = effects_of_removal(rules, shoe)
    assert set(effects.effects) == set(rules.offered_bets)
    ranks = shoe.ranks or ()
    for kind in SIDE_BETS:
        row = effects.effects[kind]
        # Removing an unseen card at random cannot change an expectation.
        assert sum(e * c for e, c in zip(row, ranks, strict=True) if e is not None) == 0, kind
    # Not all zero: the side bets respond to what has left the shoe.
    assert any(effects.effects[BetKind.DRAGON_7]) and any(effects.effects[BetKind.EGALITE_0])


def test_through_the_shoe_prices_every_side_bet() -> None:
    rules = PRESETS["all-side-bets"]
    study = through_the_shoe(rules, shoes=1, seed=3)
    assert set(study.bets) == set(rules.offered_bets)
    # Every bet, side bets included, was priced before every round of the shoe.
    assert {b.rounds for b in study.bets.values()} == {study.rounds}


def test_the_brute_force_shoes_exercise_the_side_bets() -> None:
    # Agreement means little for a bet that can only lose: across the shoes, every side
    # bet but three Egalité totals (the same leg at another total) can win, and Dragon
    # Bonus can push.
    rules = PRESETS["all-side-bets"]
    won: set[BetKind] = set()
    pushed: set[BetKind] = set()
    for text in SHOES.values():
        priced = analyze(rules, ShoeCounts.from_card_tuple(_card_counts(_shoe_cards(text))))
        won |= {kind for kind, bet in priced.bets.items() if bet.win > 0}
        pushed |= {kind for kind, bet in priced.bets.items() if bet.push > 0}
    assert set(SIDE_BETS) - won == {BetKind.EGALITE_1, BetKind.EGALITE_3, BetKind.EGALITE_7}
    assert {BetKind.DRAGON_BONUS_PLAYER, BetKind.DRAGON_BONUS_BANKER} <= pushed
