"""``analyze(rules, shoe)``: exact odds of every bet the rules offer, for any shoe.

The coup's distribution comes from the exact integer walk
(:mod:`puntobanco.analysis.exact`) or from its numba twin
(:mod:`puntobanco.analysis.kernels`, ``exact=False``); every bet is then
priced from it with the payouts of :class:`~puntobanco.core.rules.Rules`.

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

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Generic, Literal, overload

import numpy as np

from puntobanco.analysis.distribution import CARDS_DEALT, Distribution, Num
from puntobanco.analysis.exact import MIN_CARDS, exact_distribution, falling
from puntobanco.analysis.kernels import float_distribution, float_summary
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.coup import Outcome
from puntobanco.core.rules import BetKind, Rules

#: The float path's limit: counts travel as int64 and branch weights (products of
#: six counts) stay exact in float64 up to about 1,400 cards; past this, refuse.
MAX_FLOAT_CARDS = 1_000_000


@dataclass(frozen=True, slots=True)
class BetAnalysis(Generic[Num]):
    """What one bet is worth, per unit staked, from the player's side.

    Attributes:
        kind: The bet spot.
        win: Probability that the bet wins.
        push: Probability that the stake is returned (Player and Banker on a tie).
        lose: Probability that the stake is lost.
        expected_value: Mean net gain per unit staked (negative: the player loses).
        house_edge: ``-expected_value``: ties count as pushes (the usual figure).
        house_edge_per_resolved: The house edge per bet that won or lost
            (pushes left out), ``house_edge / (1 - push)``; 0 if it always pushes.
        rtp: Return to player, ``1 + expected_value``: what comes back per unit staked.
        std_dev: Standard deviation of the net gain per unit staked.
    """

    kind: BetKind
    win: Num
    push: Num
    lose: Num
    expected_value: Num
    house_edge: Num
    house_edge_per_resolved: Num
    rtp: Num
    std_dev: float


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
    if exact:
        exact_dist = exact_distribution(shoe.points)
        return _build(rules, shoe, True, exact_dist, _exact_pairs(shoe), Fraction)
    if shoe.cards > MAX_FLOAT_CARDS:
        raise InvalidShoe(
            f"the float path takes at most {MAX_FLOAT_CARDS} cards, the shoe has {shoe.cards}: "
            "use the exact path",
            code="too_many_cards",
            cards=shoe.cards,
            maximum=MAX_FLOAT_CARDS,
        )
    float_dist = float_distribution(shoe.points)
    return _build(rules, shoe, False, float_dist, _float_pairs(shoe), float)


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
    if rules.pair_pays is not None and shoe.ranks is None:
        raise InvalidShoe(
            "the pair bets need the count of each rank, not only of each point value",
            code="pairs_need_ranks",
        )


def main_bet_values(rules: Rules, counts: np.ndarray) -> tuple[float, float, float]:
    """Expected values of Player, Banker and Tie in floats: the bare hot path.

    Args:
        rules: Payouts.
        counts: int64 array of 10 counts per point value (at least 6 cards).
    """
    _, s = float_summary(counts)
    player, banker, tie, six = float(s[0]), float(s[1]), float(s[2]), float(s[3])
    six_pays = rules.banker_six_pays if rules.banker_six_pays is not None else rules.banker_pays
    banker_ev = (banker - six) * float(rules.banker_pays) + six * float(six_pays) - player
    return (
        player * float(rules.player_pays) - banker,
        banker_ev,
        tie * float(rules.tie_pays) - (1.0 - tie),
    )


def pair_probability(ranks: tuple[int, ...]) -> Fraction:
    """Chance that two given positions of the deal (a side's first two cards) pair.

    >>> pair_probability(ShoeCounts.full(8).ranks or ())
    Fraction(31, 415)
    """
    n = sum(ranks)
    return Fraction(sum(c * (c - 1) for c in ranks), n * (n - 1))


def _exact_pairs(shoe: ShoeCounts) -> Pairs[Fraction] | None:
    if shoe.ranks is None:
        return None
    ranks = shoe.ranks
    n = shoe.cards
    same = sum(c * (c - 1) for c in ranks)
    # Both pair: the four first cards are two pairs, of one rank or of two.
    both = same * same - sum((c * (c - 1)) ** 2 for c in ranks) + sum(falling(c, 4) for c in ranks)
    single = pair_probability(ranks)
    return Pairs(player=single, banker=single, both=Fraction(both, falling(n, 4)))


def _float_pairs(shoe: ShoeCounts) -> Pairs[float] | None:
    # The same sums as _exact_pairs, in floats: this is on the live-shoe path.
    if shoe.ranks is None:
        return None
    ranks = shoe.ranks
    n = float(shoe.cards)
    same = float(sum(c * (c - 1) for c in ranks))
    both = same * same - sum((c * (c - 1)) ** 2 for c in ranks) + sum(falling(c, 4) for c in ranks)
    single = same / (n * (n - 1.0))
    return Pairs(single, single, both / (n * (n - 1.0) * (n - 2.0) * (n - 3.0)))


def _build(
    rules: Rules,
    shoe: ShoeCounts,
    exact: bool,
    dist: Distribution[Num],
    pairs: Pairs[Num] | None,
    num: type[Num],
) -> Analysis[Num]:
    zero = num(0)
    six_pays = rules.banker_six_pays if rules.banker_six_pays is not None else rules.banker_pays
    # (win probability, winnings per unit) for each way a bet can win, and the push chance.
    legs: dict[BetKind, tuple[list[tuple[Num, Num]], Num]] = {
        BetKind.PLAYER: ([(dist.player, num(rules.player_pays))], dist.tie),
        BetKind.BANKER: (
            [
                (dist.banker - dist.banker_six, num(rules.banker_pays)),
                (dist.banker_six, num(six_pays)),
            ],
            dist.tie,
        ),
        BetKind.TIE: ([(dist.tie, num(rules.tie_pays))], zero),
    }
    if rules.pair_pays is not None:
        assert pairs is not None  # check_shoe refuses pair bets without ranks
        legs[BetKind.PLAYER_PAIR] = ([(pairs.player, num(rules.pair_pays))], zero)
        legs[BetKind.BANKER_PAIR] = ([(pairs.banker, num(rules.pair_pays))], zero)
    bets = {kind: _price(kind, wins, push) for kind, (wins, push) in legs.items()}
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
        bets=MappingProxyType(bets),
    )


def _price(kind: BetKind, wins: list[tuple[Num, Num]], push: Num) -> BetAnalysis[Num]:
    win = ev = second_moment = push - push  # a zero of the right type
    for chance, pays in wins:
        win += chance
        ev += chance * pays
        second_moment += chance * pays * pays
    lose = 1 - win - push
    ev -= lose
    second_moment += lose
    resolved = 1 - push
    return BetAnalysis(
        kind=kind,
        win=win,
        push=push,
        lose=lose,
        expected_value=ev,
        house_edge=-ev,
        # A bet that can only push (a shoe of nothing but ten-value cards) never resolves.
        house_edge_per_resolved=-ev / resolved if resolved else push - push,
        rtp=1 + ev,
        std_dev=math.sqrt(max(float(second_moment - ev * ev), 0.0)),
    )
