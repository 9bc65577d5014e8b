"""Baccarat Banque solved for the Banker from a finite shoe, without replacement, exactly.

The same solution as :mod:`puntobanco.analysis.banque.solver` (the Banker's best
reply to two tableaux that each play a given mix on 5, and what it is worth),
for the cards of a shoe dealt **without replacement**, in the information model
of the Chemin de fer solver: each tableau knows only its own total; the Banker
knows his total and, of each tableau, its third card's value, that it stood,
or its natural, but not which cards make any total. The three hands are no
longer independent (they draw from one shoe), so the figures come from the walk
of :mod:`puntobanco.analysis.banque.walk` over every coup by point values.

By default each tableau plays the Chemin de fer equilibrium on 5 for the same
shoe (the free Banker's). The walk also runs with replacement, which gives the
infinite deck's figures again by another road (the tests compare them).

>>> from puntobanco.analysis.shoe import ShoeCounts
>>> s = solve_banque_shoe(ShoeCounts.full(1), right_draw=1, left_draw=1)
>>> s.value == s.right.value + s.left.value
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from puntobanco.analysis.banque.solver import (
    BankerPlay,
    BanqueCellReply,
    BanqueSolution,
    TableauFigures,
    banque_terms,
    given_draw,
)
from puntobanco.analysis.banque.walk import (
    COUP_CARDS,
    LEFT_INDEX,
    RIGHT_INDEX,
    BanqueTally,
    banque_tally,
)
from puntobanco.analysis.chemin.solver import solve_chemin
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.core.banque.coup import BANQUE_FREE, COLUMNS, NATURAL, BanqueRule
from puntobanco.core.banque.coup import BanqueStrategy as BanqueStrategy
from puntobanco.core.rules import BANKER_CHOICE_TOTALS, FREE_BANKER, Rules
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

__all__ = [
    "MIN_BANQUE_CARDS",
    "banque_points",
    "evaluate_banque_shoe",
    "shoe_chemin_draw",
    "solve_banque_shoe",
    "solve_banque_tally",
]

#: The fewest cards a shoe may hold: one coup can take nine.
MIN_BANQUE_CARDS = COUP_CARDS


def banque_points(shoe: ShoeCounts | None) -> tuple[int, ...]:
    """The counts per point value of ``shoe`` (8 full decks if ``None``), checked.

    Raises:
        InvalidShoe: Fewer than nine cards (``code="too_few_cards"``).
    """
    counts = (shoe or ShoeCounts.full(8)).points
    if sum(counts) < MIN_BANQUE_CARDS:
        raise InvalidShoe(
            f"the shoe has {sum(counts)} cards, but a Banque coup can need {MIN_BANQUE_CARDS}: "
            f"give at least {MIN_BANQUE_CARDS}",
            code="too_few_cards",
            cards=sum(counts),
            minimum=MIN_BANQUE_CARDS,
        )
    return counts


def shoe_chemin_draw(shoe: ShoeCounts | None, tableau: Tableau = STANDARD) -> Fraction:
    """The Chemin de fer Player's equilibrium mix on 5 for this shoe, free Banker (the default)."""
    return solve_chemin(shoe, banker_rule=FREE_BANKER, tableau=tableau).player_draw


def _weights(column: int, draw: Fraction) -> tuple[int, int]:
    """A tableau's weights in ``column`` (no option, option) times its mix's denominator."""
    whole = draw.denominator
    if column == NATURAL:
        return whole, 0
    return whole, (whole - draw.numerator if column == PLAYER_STOOD else draw.numerator)


def solve_banque_tally(
    weights: BanqueTally,
    rule: BanqueRule,
    right_draw: Fraction,
    left_draw: Fraction,
    *,
    play: BankerPlay | None = None,
    natural_waits: bool = False,
    commission: Fraction | None = None,
) -> BanqueSolution:
    """The Banker's best reply (or ``play``'s probabilities) and its figures, from a walk.

    All sums are integers over the walk's denominator times both mixes' denominators.
    ``commission`` is the house's share of his wins on each tableau (5% if not given).
    """
    commission = banque_terms(commission=commission).commission
    return _figures(
        weights, rule, right_draw, left_draw, play or _best_reply, natural_waits, commission
    )


def _best_reply(_: object) -> None:
    """The Banker's best reply in every free cell."""


def _figures(
    weights: BanqueTally,
    rule: BanqueRule,
    right_draw: Fraction,
    left_draw: Fraction,
    play: BankerPlay,
    natural_waits: bool,
    commission: Fraction,
) -> BanqueSolution:
    """:func:`solve_banque_tally` once the commission is known."""
    scale = weights.denominator * right_draw.denominator * left_draw.denominator
    # [win, lose] against each tableau, on the scale above.
    mixes = right_draw.denominator * left_draw.denominator
    figures = [[Fraction(weights.naturals[h][o] * mixes) for o in (0, 1)] for h in (0, 1)]
    replies: list[BanqueCellReply] = []
    for banker in BANKER_CHOICE_TOTALS:
        if not weights.cells[banker].any():  # a natural, or a total this shoe cannot make
            continue
        for left in COLUMNS:
            for right in COLUMNS:
                stand, drawn = _cell_sums(weights, (banker, left, right), right_draw, left_draw)
                if not stand[4] and not drawn[4]:
                    continue
                cell = (banker, left, right)
                q = given_draw(rule, cell, play, natural_waits)
                if q is None:  # best reply
                    gain = _net(drawn) - _net(stand)
                    reach = Fraction(stand[4], scale)
                    q = Fraction(int(gain > 0))
                    replies.append(
                        BanqueCellReply(cell, gain > 0, gain == 0, Fraction(gain, scale), reach)
                    )
                for h, first in ((RIGHT_INDEX, 0), (LEFT_INDEX, 2)):
                    for o in (0, 1):
                        figures[h][o] += (1 - q) * stand[first + o] + q * drawn[first + o]

    def tableau_figures(h: int) -> TableauFigures:
        win, lose = (Fraction(v) / scale for v in figures[h])
        return TableauFigures(win, lose, 1 - win - lose)

    return BanqueSolution(
        rule=rule,
        right_draw=right_draw,
        left_draw=left_draw,
        natural_waits=natural_waits,
        cells=tuple(replies),
        right=tableau_figures(RIGHT_INDEX),
        left=tableau_figures(LEFT_INDEX),
        commission=commission,
    )


def _net(sums: list[int]) -> int:
    """The Banker's wins minus losses against both tableaux, from a cell's sums."""
    return sums[0] - sums[1] + sums[2] - sums[3]


def _cell_sums(
    weights: BanqueTally, cell: tuple[int, int, int], right_draw: Fraction, left_draw: Fraction
) -> list[list[int]]:
    """Per action (stand, draw): right win, right lose, left win, left lose and reach, scaled.

    The walk's weights of the cell, split by whether each tableau held its 5,
    weighed by each tableau's mix (:func:`_weights`).
    """
    banker, left, right = cell
    left_parts = _weights(left, left_draw)
    right_parts = _weights(right, right_draw)
    sums = [[0] * 5 for _ in range(2)]
    for r_part, r_weight in enumerate(right_parts):
        for l_part, l_weight in enumerate(left_parts):
            factor = r_weight * l_weight
            if not factor:
                continue
            for action in (0, 1):
                x = weights.cells[banker, left, right, action, r_part, l_part]
                row = sums[action]
                row[0] += factor * int(x[RIGHT_INDEX, 0])
                row[1] += factor * int(x[RIGHT_INDEX, 1])
                row[2] += factor * int(x[LEFT_INDEX, 0])
                row[3] += factor * int(x[LEFT_INDEX, 1])
                row[4] += factor * int(x[RIGHT_INDEX].sum())
    return sums


def solve_banque_shoe(
    shoe: ShoeCounts | None = None,
    rule: BanqueRule | None = None,
    *,
    right_draw: Any = None,
    left_draw: Any = None,
    tableau: Tableau | None = None,
    natural_waits: bool = False,
    commission: Fraction | None = None,
    rules: Rules | None = None,
) -> BanqueSolution:
    """The Banker's best reply in ``rule``'s free cells for a shoe, without replacement.

    Args:
        shoe: What is in the shoe (8 full decks by default; only point values matter).
        rule: The Banker's free cells and his play elsewhere (the free Banker if not given).
        right_draw: The right tableau's probability of drawing on 5 (default:
            :func:`shoe_chemin_draw` for the shoe).
        left_draw: The left tableau's (the same default).
        tableau: Naturals and the tableaux' forced draws (the standard tableau if not given).
        natural_waits: A tableau's natural is compared with the Banker's final hand.
        commission: The house's share of the Banker's wins on each tableau (5% if not given).
        rules: Banque rules giving ``rule``, ``commission`` and ``tableau`` instead
            (:func:`~puntobanco.analysis.banque.solver.banque_terms`).

    Raises:
        InvalidShoe: Fewer than nine cards in the shoe (``code="too_few_cards"``).
    """
    terms = banque_terms(rules, rule=rule, commission=commission, tableau=tableau)
    counts = banque_points(shoe)
    right, left = _mixes(shoe, right_draw, left_draw, terms.tableau)
    weights = banque_tally(counts, terms.tableau, natural_waits=natural_waits)
    return _figures(weights, terms.rule, right, left, _best_reply, natural_waits, terms.commission)


def evaluate_banque_shoe(
    strategy: BanqueStrategy,
    shoe: ShoeCounts | None = None,
    *,
    tableau: Tableau | None = None,
    natural_waits: bool = False,
    commission: Fraction | None = None,
    rules: Rules | None = None,
) -> BanqueSolution:
    """What a coup from ``shoe`` is worth when everyone plays ``strategy`` (``cells`` empty).

    The commission and the tableau are as in :func:`solve_banque_shoe`; the rule
    card is the strategy's.
    """
    terms = banque_terms(rules, commission=commission, tableau=tableau)
    counts = banque_points(shoe)
    weights = banque_tally(counts, terms.tableau, natural_waits=natural_waits)
    return _figures(
        weights,
        strategy.rule,
        strategy.right_draw,
        strategy.left_draw,
        lambda cell: strategy.banker.get(cell, Fraction(0)),
        natural_waits,
        terms.commission,
    )


def _mixes(
    shoe: ShoeCounts | None, right_draw: Any, left_draw: Any, tableau: Tableau
) -> tuple[Fraction, Fraction]:
    """Both tableaux' mixes, checked, the Chemin de fer equilibrium where not given."""
    default = None
    if right_draw is None or left_draw is None:
        default = shoe_chemin_draw(shoe, tableau)
    given = BanqueStrategy.make(
        BANQUE_FREE,
        right_draw=default if right_draw is None else right_draw,
        left_draw=default if left_draw is None else left_draw,
        banker_draw={},
    )
    return given.right_draw, given.left_draw
