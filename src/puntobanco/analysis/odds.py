"""``analyze(rules, shoe)``: exact odds of every bet the rules offer, for any shoe.

The coup's distribution comes from the exact integer walk
(:mod:`puntobanco.analysis.exact`) or from its numba twin
(:mod:`puntobanco.analysis.kernels`, ``exact=False``), both drawing by the
rules' tableau; every bet is then priced from the cells of the rules' compiled
paytable (:mod:`puntobanco.analysis.pricing`): the bets on the coup's shape
(the main bets, Dragon 7, Dragon Bonus, Tiger, Egalité...) from the
distribution of its 400 shapes, the pair bets (Player and Banker Pair, Either,
Perfect and Tiger Pair) from the distribution of its pair classes
(:mod:`puntobanco.analysis.pairs`), which needs every card's rank and suit.

>>> from puntobanco.core.rules import BetKind, Rules
>>> result = analyze(Rules())
>>> result.bets[BetKind.BANKER].house_edge
Fraction(114753351728, 10847218479825)
>>> round(float(result.bets[BetKind.TIE].house_edge), 6)
0.143596

A shoe under 6 cards is refused (``InvalidShoe``, code ``too_few_cards``): a
coup may need six cards, and the odds of a round that cannot be finished are
not defined. Real shoes never get there: the cut card leaves at least 12.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Generic, Literal, overload

import numpy as np

from puntobanco.analysis.distribution import CARDS_DEALT, Distribution, ExactShapes, Num
from puntobanco.analysis.exact import MIN_CARDS, exact_distribution
from puntobanco.analysis.kernels import distribution_of, float_summary
from puntobanco.analysis.pairs import (
    float_pair_class_probabilities,
    pair_class_weights,
    spread_suits,
)
from puntobanco.analysis.pricing import (
    BetAnalysis,
    float_pair_classes,
    pair_weights,
    price_exact,
    price_float,
    pricing,
)
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.coup import Outcome
from puntobanco.core.rules import BetKind, Rules

__all__ = [
    "MAX_FLOAT_CARDS",
    "Analysis",
    "BetAnalysis",
    "Pairs",
    "analyze",
    "check_shoe",
    "main_bet_values",
    "pair_bet_values",
    "pair_probability",
    "shape_bet_values",
]

#: The float path's limit: counts travel as int64 and branch weights (products of
#: six counts) stay exact in float64 up to about 1,400 cards; past this, refuse.
MAX_FLOAT_CARDS = 1_000_000


@dataclass(frozen=True, slots=True)
class Pairs(Generic[Num]):
    """Chances that a side's first two cards have the same rank.

    Attributes:
        player: The Player's two cards pair.
        banker: The Banker's two cards pair.
        both: Both pair.
    """

    player: Num
    banker: Num
    both: Num

    @property
    def either(self) -> Num:
        """At least one side pairs."""
        return self.player + self.banker - self.both


@dataclass(frozen=True, slots=True)
class Analysis(Generic[Num]):
    """Everything :func:`analyze` finds; ``Num`` is Fraction (exact) or float.

    Attributes:
        rules: The rules priced.
        shoe: The shoe analysed.
        exact: Whether the numbers are Fractions.
        distribution: The coup's distribution (joint totals, naturals, cards dealt).
        probability: Probability of each outcome.
        cards_dealt: Probability that the coup takes 4, 5 or 6 cards.
        pairs: Pair chances, when the shoe's ranks are known; otherwise ``None``.
        bets: Each bet the rules offer.
    """

    rules: Rules
    shoe: ShoeCounts
    exact: bool
    distribution: Distribution[Num]
    probability: Mapping[Outcome, Num]
    cards_dealt: Mapping[int, Num]
    pairs: Pairs[Num] | None
    bets: Mapping[BetKind, BetAnalysis[Num]]

    @property
    def joint(self) -> tuple[tuple[Num, ...], ...]:
        """``joint[p][b]``: probability of Player total ``p`` and Banker total ``b``."""
        return self.distribution.joint


@overload
def analyze(
    rules: Rules | None = ..., shoe: ShoeCounts | None = ..., *, exact: Literal[True] = ...
) -> Analysis[Fraction]: ...
@overload
def analyze(
    rules: Rules | None = ..., shoe: ShoeCounts | None = ..., *, exact: Literal[False]
) -> Analysis[float]: ...
def analyze(
    rules: Rules | None = None, shoe: ShoeCounts | None = None, *, exact: bool = True
) -> Analysis[Fraction] | Analysis[float]:
    """Price every bet ``rules`` offer when the next coup is dealt from ``shoe``.

    Args:
        rules: Payouts and decks; the default :class:`Rules` if ``None``.
        shoe: What is left in the shoe; a full shoe of ``rules.decks`` if ``None``.
        exact: Fractions from Python integers (a few milliseconds), or floats
            from the numba kernel (tens of microseconds: the live-shoe path).

    Raises:
        InvalidShoe: Fewer than 6 cards (``too_few_cards``), pair bets on a
            shoe whose ranks are unknown (``pairs_need_ranks``), or more than
            :data:`MAX_FLOAT_CARDS` on the float path (``too_many_cards``).
    """
    rules = rules if rules is not None else Rules()
    shoe = shoe if shoe is not None else ShoeCounts.full(rules.decks)
    check_shoe(rules, shoe)
    tables = pricing(rules)
    if exact:
        exact_dist = exact_distribution(shoe.points, rules.tableau)
        shapes = exact_dist.shapes
        assert isinstance(shapes, ExactShapes)
        bets = price_exact(tables.shape, shapes.weights, shapes.denominator)
        pairs: Pairs[Fraction] | None = None
        if shoe.ranks is not None:
            weights, single, total = pair_weights(shoe.ranks)
            pairs = Pairs(
                Fraction(single, total), Fraction(single, total), Fraction(weights[3], total)
            )
            if tables.pairs.kinds:
                by_card = shoe.by_card
                assert by_card is not None
                class_weights, class_total = pair_class_weights(by_card)
                bets.update(price_exact(tables.pairs, class_weights, class_total))
        return _build(rules, shoe, True, exact_dist, pairs, bets)
    if shoe.cards > MAX_FLOAT_CARDS:
        raise InvalidShoe(
            f"the float path takes at most {MAX_FLOAT_CARDS} cards, the shoe has {shoe.cards}: "
            "use the exact path",
            code="too_many_cards",
            cards=shoe.cards,
            maximum=MAX_FLOAT_CARDS,
        )
    shape_probabilities, joint, summary = float_summary(
        np.array(shoe.points, dtype=np.int64), rules.tableau
    )
    float_dist = distribution_of(shape_probabilities, joint, summary)
    float_bets = price_float(tables.shape, shape_probabilities)
    float_pairs: Pairs[float] | None = None
    if shoe.ranks is not None:
        _, chance, both = float_pair_classes(shoe.ranks)
        float_pairs = Pairs(chance, chance, both)
        if tables.pairs.kinds:
            by_card = shoe.by_card
            assert by_card is not None
            float_bets.update(price_float(tables.pairs, float_pair_class_probabilities(by_card)))
    return _build(rules, shoe, False, float_dist, float_pairs, float_bets)


def check_shoe(rules: Rules, shoe: ShoeCounts) -> None:
    """Raise :class:`InvalidShoe` unless ``shoe`` can be analysed under ``rules``."""
    if shoe.cards < MIN_CARDS:
        raise InvalidShoe(
            f"the shoe has {shoe.cards} cards, but a coup can need {MIN_CARDS}: "
            f"give at least {MIN_CARDS}",
            code="too_few_cards",
            cards=shoe.cards,
            minimum=MIN_CARDS,
        )
    pair_kinds = pricing(rules).pairs.kinds
    if pair_kinds and shoe.ranks is None:
        names = ", ".join(kind.value for kind in pair_kinds)
        raise InvalidShoe(
            f"the pair bets ({names}) need the count of each rank (and suit), "
            "not only of each point value",
            code="pairs_need_ranks",
            bets=names,
        )


def main_bet_values(rules: Rules, counts: np.ndarray) -> tuple[float, float, float]:
    """Expected values of Player, Banker and Tie in floats: the bare hot path.

    Args:
        rules: The drawing rules and the compiled paytable.
        counts: int64 array of 10 counts per point value (at least 6 cards).
    """
    shapes, _, _ = float_summary(counts, rules.tableau)
    player, banker, tie = (pricing(rules).main_nets @ shapes).tolist()
    return player, banker, tie


def shape_bet_values(rules: Rules, points: Sequence[int]) -> dict[BetKind, Fraction]:
    """Exact expected values of the bets on the coup's shape (Player, Banker, Tie).

    Args:
        rules: The drawing rules and the compiled paytable.
        points: Cards per point value, at least 6 in all.
    """
    shapes = exact_distribution(points, rules.tableau).shapes
    assert isinstance(shapes, ExactShapes)
    priced = price_exact(pricing(rules).shape, shapes.weights, shapes.denominator)
    return {kind: bet.expected_value for kind, bet in priced.items()}


def pair_bet_values(
    rules: Rules, ranks: Sequence[int], *, cards: Sequence[int] | None = None
) -> dict[BetKind, Fraction]:
    """Exact expected values of the bets on the coup's pairs (none unless offered).

    Args:
        rules: The compiled paytable.
        ranks: Cards per rank, at least 4 in all.
        cards: Cards per rank and suit (:attr:`ShoeCounts.suits`), if known; otherwise
            each rank is spread over the suits as evenly as possible.
    """
    domain = pricing(rules).pairs
    if not domain.kinds:
        return {}
    weights, total = pair_class_weights(tuple(cards) if cards is not None else spread_suits(ranks))
    return {kind: bet.expected_value for kind, bet in price_exact(domain, weights, total).items()}


def pair_probability(ranks: tuple[int, ...]) -> Fraction:
    """Chance that two given positions of the deal (a side's first two cards) pair.

    >>> pair_probability(ShoeCounts.full(8).ranks or ())
    Fraction(31, 415)
    """
    n = sum(ranks)
    return Fraction(sum(c * (c - 1) for c in ranks), n * (n - 1))


def _build(
    rules: Rules,
    shoe: ShoeCounts,
    exact: bool,
    dist: Distribution[Num],
    pairs: Pairs[Num] | None,
    bets: dict[BetKind, BetAnalysis[Num]],
) -> Analysis[Num]:
    return Analysis(
        rules=rules,
        shoe=shoe,
        exact=exact,
        distribution=dist,
        probability=MappingProxyType(
            {Outcome.BANKER: dist.banker, Outcome.PLAYER: dist.player, Outcome.TIE: dist.tie}
        ),
        cards_dealt=MappingProxyType(dict(zip(CARDS_DEALT, dist.cards_dealt, strict=True))),
        pairs=pairs,
        bets=MappingProxyType({kind: bets[kind] for kind in rules.offered_bets}),
    )
