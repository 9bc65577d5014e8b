"""Effects of removal, card-counting weights, and what counting is worth through a shoe.

The effect of removal of a rank on a bet is the change in the bet's expected
value when one card of that rank leaves the shoe. Because removing an unseen
card at random cannot change an expectation, the effects weighted by the
counts sum to exactly zero: a balanced count is the natural integer summary.

:func:`through_the_shoe` then deals seeded shoes with the core's
:class:`~puntobanco.core.shoe.Shoe` and asks, before every round, whether a
bet has a positive expectation for the cards the player has seen (the burn's
face-down cards stay unknown), and what betting only then would have won.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

import numpy as np

from puntobanco.analysis.kernels import float_summary
from puntobanco.analysis.odds import (
    analyze,
    check_shoe,
    pair_bet_values,
    shape_bet_values,
)
from puntobanco.analysis.pairs import SUITS, float_pair_class_probabilities, spread_suits
from puntobanco.analysis.pricing import price_float, pricing
from puntobanco.analysis.shoe import RANKS, SUIT_ORDER, InvalidShoe, ShoeCounts
from puntobanco.core.bets import coup_payout
from puntobanco.core.cards import Rank
from puntobanco.core.coup import CoupResult
from puntobanco.core.rng import SeededSource
from puntobanco.core.rules import BetKind, Rules
from puntobanco.core.shoe import Shoe

#: Largest weight tried for a counting system (level 1 to this).
MAX_LEVEL = 6
#: A lower level is preferred unless a higher one correlates better by more than this.
CORRELATION_SLACK = 0.02


@dataclass(frozen=True, slots=True)
class CountingWeights:
    """Integer card-counting weights for one bet, per key of the effects table.

    Attributes:
        weights: Weight per rank (or point value); add it when such a card is seen.
        level: The largest weight in absolute value.
        balanced: Whether the weights of the whole shoe add up to zero.
        correlation: Count-weighted correlation between the weights and the
            effects of removal (the "betting correlation": 1 is perfect).
    """

    weights: tuple[int, ...]
    level: int
    balanced: bool
    correlation: float


@dataclass(frozen=True, slots=True)
class Effects:
    """Effects of removal for every bet.

    Attributes:
        keys: The ranks (Ace to King) when the shoe's ranks are known, else the
            point values 0-9 as ints.
        base: Each bet's expected value for the whole shoe.
        effects: ``effects[bet][i]``: exact change of the bet's expected value
            per unit when one card of ``keys[i]`` leaves the shoe (``None``
            when the shoe has none of it).
        weights: A balanced integer count for each bet.
    """

    keys: tuple[Rank | int, ...]
    base: Mapping[BetKind, Fraction]
    effects: Mapping[BetKind, tuple[Fraction | None, ...]]
    weights: Mapping[BetKind, CountingWeights]


def effects_of_removal(rules: Rules, shoe: ShoeCounts | None = None) -> Effects:
    """Exact effects of removing one card of each rank (or point value) from ``shoe``.

    Args:
        rules: The bets and payouts.
        shoe: A full shoe of ``rules.decks`` if ``None``; it needs at least 7 cards.

    Raises:
        InvalidShoe: The shoe is too small or cannot price the rules' bets.
    """
    shoe = shoe if shoe is not None else ShoeCounts.full(rules.decks)
    check_shoe(rules, shoe)
    if shoe.cards < 7:
        raise InvalidShoe(
            f"the effects of removal need at least 7 cards, the shoe has {shoe.cards}",
            code="too_few_cards",
            cards=shoe.cards,
            minimum=7,
        )
    keys: tuple[Rank | int, ...] = RANKS if shoe.ranks is not None else tuple(range(10))
    counts = shoe.ranks if shoe.ranks is not None else shoe.points
    base = analyze(rules, shoe)
    bets = rules.offered_bets
    by_points: dict[int, dict[BetKind, Fraction]] = {}
    table: dict[BetKind, list[Fraction | None]] = {kind: [] for kind in bets}
    for key, count in zip(keys, counts, strict=True):
        if not count:
            for kind in bets:
                table[kind].append(None)
            continue
        after = shoe.remove([key])
        value = key.points if isinstance(key, Rank) else key
        if value not in by_points:  # ranks worth the same price the shape bets alike
            by_points[value] = shape_bet_values(rules, after.points)
        values = dict(by_points[value])
        if after.ranks is not None:
            values.update(pair_bet_values(rules, after.ranks, cards=after.by_card))
        for kind in bets:
            table[kind].append(values[kind] - base.bets[kind].expected_value)
    weights = {}
    pair_kinds = pricing(rules).pairs.kinds
    for kind in bets:
        if kind in pair_kinds or shoe.ranks is None:
            weights[kind] = counting_weights(table[kind], counts)
            continue
        # Ranks of one point value have the same effect on the main bets: weigh the
        # point values, so that a Jack and a King always count alike.
        by_value: list[Fraction | None] = [None] * 10
        for key, effect in zip(keys, table[kind], strict=True):
            assert isinstance(key, Rank)
            if effect is not None:
                by_value[key.points] = effect
        per_value = counting_weights(by_value, shoe.points)
        expanded = tuple(per_value.weights[key.points] for key in RANKS)
        weights[kind] = CountingWeights(
            expanded, per_value.level, per_value.balanced, per_value.correlation
        )
    return Effects(
        keys=keys,
        base=MappingProxyType({k: b.expected_value for k, b in base.bets.items()}),
        effects=MappingProxyType({k: tuple(v) for k, v in table.items()}),
        weights=MappingProxyType(weights),
    )


def counting_weights(
    effects: list[Fraction | None] | tuple[Fraction | None, ...], counts: tuple[int, ...]
) -> CountingWeights:
    """Small integer weights proportional to ``effects``, balanced over ``counts``.

    For each level from 1 to :data:`MAX_LEVEL` the effects are scaled so the
    largest is ``level`` and rounded; if the shoe's total is then not zero,
    weights are nudged one step at a time, each time where rounding lost the
    least. Of the balanced systems, the lowest level whose correlation is
    within :data:`CORRELATION_SLACK` of the best wins: simpler to keep.
    """
    e = [float(x) if x is not None else 0.0 for x in effects]
    biggest = max((abs(x) for x in e), default=0.0)
    if biggest == 0.0:
        return CountingWeights(tuple(0 for _ in e), 0, True, 0.0)
    systems: list[CountingWeights] = []
    for level in range(1, MAX_LEVEL + 1):
        scale = level / biggest
        w = [round(x * scale) for x in e]
        for _ in range(4 * len(w)):
            imbalance = sum(c * x for c, x in zip(counts, w, strict=True))
            if imbalance == 0:
                break
            step = -1 if imbalance > 0 else 1
            candidates = [i for i, c in enumerate(counts) if c and abs(w[i] + step) <= level]
            if not candidates:
                break

            w[_cheapest_nudge(w, e, scale, step, candidates)] += step
        balanced = sum(c * x for c, x in zip(counts, w, strict=True)) == 0
        systems.append(CountingWeights(tuple(w), level, balanced, _correlation(w, e, counts)))
    pool = [s for s in systems if s.balanced] or systems
    top = max(s.correlation for s in pool)
    return next(s for s in pool if s.correlation >= top - CORRELATION_SLACK)


def _cheapest_nudge(
    w: list[int], e: list[float], scale: float, step: int, candidates: list[int]
) -> int:
    """The weight whose nudge by ``step`` adds the least rounding error."""
    return min(
        candidates,
        key=lambda i: abs(w[i] + step - e[i] * scale) - abs(w[i] - e[i] * scale),
    )


def _correlation(w: list[int], e: list[float], counts: tuple[int, ...]) -> float:
    n = sum(counts)
    mw = sum(c * x for c, x in zip(counts, w, strict=True)) / n
    me = sum(c * x for c, x in zip(counts, e, strict=True)) / n
    cov = sum(c * (x - mw) * (y - me) for c, x, y in zip(counts, w, e, strict=True))
    vw = sum(c * (x - mw) ** 2 for c, x in zip(counts, w, strict=True))
    ve = sum(c * (y - me) ** 2 for c, y in zip(counts, e, strict=True))
    return cov / math.sqrt(vw * ve) if vw and ve else 0.0


@dataclass(frozen=True, slots=True)
class BetOpportunities:
    """How one bet fared through the shoes for a player who bets only when it is positive.

    Attributes:
        kind: The bet.
        rounds: Rounds dealt (the same for every bet).
        positive: Rounds in which the bet had a positive expectation.
        expected_gain: Sum of those expectations (per unit staked).
        actual_gain: Sum of what the bet actually won or lost in those rounds.
    """

    kind: BetKind
    rounds: int
    positive: int
    expected_gain: float
    actual_gain: Fraction

    @property
    def frequency(self) -> float:
        """Share of rounds with a positive expectation."""
        return self.positive / self.rounds if self.rounds else 0.0

    @property
    def mean_expected_gain(self) -> float:
        """Average expectation per unit on the rounds bet (0 if none)."""
        return self.expected_gain / self.positive if self.positive else 0.0

    @property
    def mean_actual_gain(self) -> float:
        """Average result per unit on the rounds bet (0 if none): noisy, for comparison."""
        return float(self.actual_gain) / self.positive if self.positive else 0.0


@dataclass(frozen=True, slots=True)
class ThroughTheShoe:
    """The result of :func:`through_the_shoe`.

    Attributes:
        shoes: Shoes dealt.
        seed: The seed of :class:`~puntobanco.core.rng.SeededSource`.
        rounds: Rounds dealt.
        bets: One entry per bet the rules offer.
    """

    shoes: int
    seed: int
    rounds: int
    bets: Mapping[BetKind, BetOpportunities]


def through_the_shoe(
    rules: Rules,
    *,
    shoes: int = 100,
    seed: int = 1,
    on_shoe: Callable[[int], None] | None = None,
) -> ThroughTheShoe:
    """Deal ``shoes`` seeded shoes and price every bet before every round.

    Shoe ``k`` is dealt exactly as ``Shoe(rules, SeededSource(seed), first_shoe=k)``
    deals it (burn, cut card, one more round). The player counts every card
    dealt face up and the burn's shown card; the face-down burn cards stay
    unknown, so they remain in the composition the bets are priced on.

    ``on_shoe``, if given, is called after each shoe with the number of shoes
    dealt so far (a progress bar's count); it changes nothing in the result.

    Raises:
        InvalidShoe: ``shoes`` is not a positive whole number.
    """
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise InvalidShoe(
            f"the number of shoes must be a positive whole number, got {shoes!r}",
            code="shoes",
            value=repr(shoes),
        )
    bets = rules.offered_bets
    positive = dict.fromkeys(bets, 0)
    expected = dict.fromkeys(bets, 0.0)
    actual = dict.fromkeys(bets, Fraction(0))
    priced = pricing(rules)
    pairs = priced.pairs
    rounds = 0
    source = SeededSource(seed)
    for index in range(shoes):
        shoe = Shoe(rules, source, first_shoe=index)
        burn = shoe.shuffle()
        points = np.full(10, 4 * rules.decks, dtype=np.int64)
        points[0] = 16 * rules.decks
        # The seen cards' suits are known: the perfect pair is priced on the exact cards.
        cards = list(spread_suits([4 * rules.decks] * 13))
        seen = [burn.shown] if burn is not None else []
        while True:
            for card in seen:
                points[card.points] -= 1
                cards[(card.rank - 1) * SUITS + SUIT_ORDER.index(card.suit)] -= 1
            shapes, _, _ = float_summary(points, rules.tableau)
            values = {
                kind: bet.expected_value for kind, bet in price_float(priced.shape, shapes).items()
            }
            if pairs.kinds:
                classes = float_pair_class_probabilities(tuple(cards))
                values.update(
                    (kind, bet.expected_value) for kind, bet in price_float(pairs, classes).items()
                )
            result = shoe.deal_coup()
            rounds += 1
            for kind, value in values.items():
                if value > 0:
                    positive[kind] += 1
                    expected[kind] += value
                    actual[kind] += _net(kind, result, rules)
            if result.last_in_shoe:
                break
            seen = list(result.cards)
        if on_shoe is not None:
            on_shoe(index + 1)
    return ThroughTheShoe(
        shoes=shoes,
        seed=seed,
        rounds=rounds,
        bets=MappingProxyType(
            {k: BetOpportunities(k, rounds, positive[k], expected[k], actual[k]) for k in bets}
        ),
    )


def _net(kind: BetKind, result: CoupResult, rules: Rules) -> Fraction:
    """Net result per unit of a bet on ``kind`` (the rules' compiled paytable)."""
    return coup_payout(kind, result, rules).net
