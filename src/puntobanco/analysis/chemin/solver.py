"""Chemin de fer solved: the Player's option on 5 against the Banker's free cells.

The game is zero-sum without commission. The Player knows only his total and
chooses on 5; the Banker knows his total and the Player's third card (or that
he stood) and chooses in the cells his
:class:`~puntobanco.core.rules.BankerRule` leaves free. Neither sees which
cards make a total. Cards are drawn without replacement from a shoe's counts,
or with replacement (the infinite deck of Kemeny and Snell).

The solution follows from the walk of :mod:`puntobanco.analysis.chemin.tally`.
For a Player who draws on 5 with probability ``p``, the Banker's expectation
is ``A(p) + sum(q_c * D_c(p))`` over the free cells ``c``, where ``q_c`` is the
Banker's probability of drawing there and ``D_c(p)``, the expectation of
drawing minus that of standing in the cell, is linear in ``p`` (the cell's
coups with the Player's 5 weigh ``p``, or ``1 - p`` in the "stood" column).
The Banker's best reply draws where ``D_c(p) > 0``: its value ``W(p)`` is
convex and piecewise linear, so the Player's optimal ``p`` minimises it at an
end of ``[0, 1]`` or at a root of some ``D_c``, each computed exactly. The
Banker's equilibrium strategy mixes his best replies on either side of that
``p`` so that the Player is indifferent (or, at an end, has no reason to move).

With the house's commission on the Banker's wins the game is no longer
zero-sum; :attr:`Solution.banker_after_commission` is the Banker's expectation
when both play the commission-free equilibrium.

>>> s = solve_chemin(infinite=True, banker_rule=FREE_BANKER)
>>> s.player_draw, s.value
(Fraction(9, 11), Fraction(679568, 53094899))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, NamedTuple, TypeVar

from puntobanco.analysis.chemin.tally import DRAW, STAND, Tally, tally
from puntobanco.analysis.exact import MIN_CARDS
from puntobanco.analysis.shoe import InvalidShoe, ShoeCounts
from puntobanco.analysis.walk_steps import LOSE, TIE, WIN
from puntobanco.core.choices import Strategy
from puntobanco.core.rules import (
    BANK_COMMISSION,
    BANKER_CHOICE_TOTALS,
    FREE_BANKER,
    RULE_CARD,
    BankerCell,
    BankerRule,
    Rules,
    Variant,
)
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, Tableau

__all__ = [
    "FREE_BANKER",
    "INFINITE_DECK",
    "RULE_CARD",
    "CellSolution",
    "CheminTerms",
    "Deviation",
    "Evaluation",
    "Solution",
    "chemin_terms",
    "evaluate_chemin",
    "evaluate_tally",
    "solve_chemin",
    "solve_tally",
    "shoe_points",
    "solve_tally_float",
]

#: The chances of each point value with replacement: 4 of 13 for a 0, 1 of 13 for the others.
INFINITE_DECK: tuple[int, ...] = (4, 1, 1, 1, 1, 1, 1, 1, 1, 1)

N = TypeVar("N", Fraction, float)


@dataclass(frozen=True, slots=True)
class Linear(Generic[N]):
    """``constant + slope * p``."""

    constant: N
    slope: N

    def at(self, p: N) -> N:
        """The value at ``p``."""
        return self.constant + self.slope * p


@dataclass(frozen=True, slots=True)
class CellSolution(Generic[N]):
    """The Banker's play in one free cell at the equilibrium.

    Attributes:
        cell: ``(banker_total, player_third)``, ``PLAYER_STOOD`` for "stood".
        draw: The Banker's probability of drawing (0 stands, 1 draws).
        draw_minus_stand: Expectation (per coup) of drawing minus that of
            standing in this cell, against the Player's optimal mix: the cost
            of standing where he should draw, or minus the cost of drawing.
        reach: Probability that a coup reaches the cell (at the Player's mix).
        indifferent: Drawing and standing are worth the same whatever the
            Player does (the draw probability is then the tableau's).
    """

    cell: BankerCell
    draw: N
    draw_minus_stand: N
    reach: N
    indifferent: bool

    @property
    def per_decision(self) -> N:
        """:attr:`draw_minus_stand` per time the Banker is in this cell (0 if never)."""
        return self.draw_minus_stand / self.reach if self.reach else self.reach

    @property
    def cost_of_deviating(self) -> N:
        """What the Banker loses per coup by the pure choice opposite to his (0 if mixing)."""
        if self.draw == 1:
            return self.draw_minus_stand
        if self.draw == 0:
            return -self.draw_minus_stand
        return self.draw_minus_stand * 0


@dataclass(frozen=True, slots=True)
class Deviation(Generic[N]):
    """The Player always drawing, or always standing, on 5: what it costs him per coup.

    Attributes:
        draws: The pure choice (``True``: always draw on 5).
        against_equilibrium: Cost against the Banker's equilibrium strategy
            (0 when the Player mixes: he is then indifferent).
        against_best_reply: Cost against a Banker who plays his best reply to it.
    """

    draws: bool
    against_equilibrium: N
    against_best_reply: N


@dataclass(frozen=True, slots=True)
class Solution(Generic[N]):
    """The equilibrium of Chemin de fer for one shoe and one Banker rule.

    Attributes:
        banker_rule: The Banker's free cells.
        player_draw: The Player's optimal probability of drawing on 5.
        banker: The Banker's equilibrium play in each free cell.
        value: The value of the game to the Banker, per coup, without commission.
        banker_wins: Probability that the Banker wins a coup at the equilibrium.
        player_wins: Probability that the Player wins.
        tie: Probability of a tie.
        commission: The house's share of the Banker's winnings.
        banker_after_commission: The Banker's expectation per coup after the
            commission, both sides playing the equilibrium (no longer zero-sum).
        deviations: The Player's two pure choices on 5 and their costs.
        option: Probability that the Player holds 5 with no natural on the table.
        player_unique: Whether the Player's optimal mix is the only one (else
            the smallest of an interval of optimal mixes).
    """

    banker_rule: BankerRule
    player_draw: N
    banker: tuple[CellSolution[N], ...]
    value: N
    banker_wins: N
    player_wins: N
    tie: N
    commission: Fraction
    banker_after_commission: N
    deviations: tuple[Deviation[N], Deviation[N]]
    option: N
    player_unique: bool

    def strategy(self) -> Strategy:
        """Both sides' equilibrium as a :class:`~puntobanco.core.choices.Strategy` (exact)."""
        return Strategy.make(
            self.banker_rule,
            player_draw=_exact(self.player_draw),
            banker_draw={c.cell: _exact(c.draw) for c in self.banker},
        )


def _exact(value: Fraction | float) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value).limit_denominator(10**9)


class CheminTerms(NamedTuple):
    """What a Chemin de fer solve plays by, besides the cards.

    Attributes:
        banker_rule: The Banker's free cells.
        commission: The house's share of the Banker's winnings.
        tableau: The drawing rules outside the choices.
    """

    banker_rule: BankerRule
    commission: Fraction
    tableau: Tableau


def chemin_terms(
    rules: Rules | None = None,
    *,
    banker_rule: BankerRule | None = None,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
) -> CheminTerms:
    """The rule card, commission and tableau from Chemin de fer ``rules``, or from the keywords.

    The one place the solver's defaults live: without ``rules``, a keyword not
    given is the rule card (:data:`RULE_CARD`), the commission of
    :data:`~puntobanco.core.rules.BANK_COMMISSION` or the standard tableau.

    >>> terms = chemin_terms(Rules(variant=Variant.CHEMIN_DE_FER, banker_rule="free"))
    >>> terms.banker_rule is FREE_BANKER, terms.commission
    (True, Fraction(1, 20))
    >>> terms == chemin_terms(banker_rule=FREE_BANKER)
    True

    Raises:
        TypeError: ``rules`` given with one of the keywords (one source for the terms).
        ValueError: ``rules`` of another variant than Chemin de fer.
    """
    if rules is None:
        return CheminTerms(
            RULE_CARD if banker_rule is None else banker_rule,
            BANK_COMMISSION if commission is None else commission,
            STANDARD if tableau is None else tableau,
        )
    if banker_rule is not None or commission is not None or tableau is not None:
        raise TypeError("give rules, or banker_rule, commission and tableau: not both")
    tables = rules.tables
    if not isinstance(tables.banker_rule, BankerRule) or rules.variant is not Variant.CHEMIN_DE_FER:
        raise ValueError(f"the Chemin de fer solver takes chemin-de-fer rules, got {rules.variant}")
    return CheminTerms(tables.banker_rule, tables.commission, tables.tableau)


def solve_chemin(
    shoe: ShoeCounts | None = None,
    *,
    infinite: bool = False,
    banker_rule: BankerRule | None = None,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Solution[Fraction]:
    """The exact equilibrium for a shoe (8 full decks by default) or the infinite deck.

    Args:
        shoe: What is in the shoe (ranks are not needed: only point values matter).
        infinite: Draw with replacement (Kemeny and Snell's model); ``shoe`` must be ``None``.
        banker_rule: The Banker's free cells (the rule card if not given).
        commission: The house's share of the Banker's winnings (for
            :attr:`Solution.banker_after_commission` only; 5% if not given).
        tableau: The drawing rules outside the choices (the standard tableau if not given).
        rules: Chemin de fer rules giving the three above instead (:func:`chemin_terms`).

    Raises:
        InvalidShoe: Fewer than six cards in the shoe (``code="too_few_cards"``).
    """
    terms = chemin_terms(rules, banker_rule=banker_rule, commission=commission, tableau=tableau)
    counts, replace = _deck(shoe, infinite)
    return _solve_exact(tally(counts, terms.tableau, replace=replace), terms)


def _deck(shoe: ShoeCounts | None, infinite: bool) -> tuple[tuple[int, ...], bool]:
    """The counts per point value to walk, and whether they are drawn with replacement."""
    return (INFINITE_DECK, True) if infinite else (shoe_points(shoe), False)


def shoe_points(shoe: ShoeCounts | None) -> tuple[int, ...]:
    """The counts per point value of ``shoe`` (8 full decks if ``None``), checked.

    Raises:
        InvalidShoe: Fewer than six cards (``code="too_few_cards"``).
    """
    counts = (shoe or ShoeCounts.full(8)).points
    if sum(counts) < MIN_CARDS:
        raise InvalidShoe(
            f"the shoe has {sum(counts)} cards, but a coup can need {MIN_CARDS}: "
            f"give at least {MIN_CARDS}",
            code="too_few_cards",
            cards=sum(counts),
            minimum=MIN_CARDS,
        )
    return counts


def solve_tally(
    weights: Tally,
    banker_rule: BankerRule | None = None,
    *,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Solution[Fraction]:
    """Solve the game exactly from a walk's weights (the terms as in :func:`solve_chemin`)."""
    terms = chemin_terms(rules, banker_rule=banker_rule, commission=commission, tableau=tableau)
    return _solve_exact(weights, terms)


def solve_tally_float(
    weights: Tally,
    banker_rule: BankerRule | None = None,
    *,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Solution[float]:
    """Solve the game in floats from a walk's weights (the fast path: a root is not exact)."""
    terms = chemin_terms(rules, banker_rule=banker_rule, commission=commission, tableau=tableau)
    inverse = 1.0 / weights.denominator

    def number(weight: int) -> float:
        return weight * inverse

    return _solve(weights, terms, _Numbers(number, 0.0, 1.0, 1e-12))


def _solve_exact(weights: Tally, terms: CheminTerms) -> Solution[Fraction]:
    """The equilibrium in exact arithmetic."""
    denominator = weights.denominator

    def number(weight: int) -> Fraction:
        return Fraction(weight, denominator)

    return _solve(weights, terms, _Numbers(number, Fraction(0), Fraction(1), None))


@dataclass(frozen=True, slots=True)
class _Numbers(Generic[N]):
    """The solver's arithmetic: exact (``Fraction``) or in floats with a tolerance."""

    number: Callable[[int], N]
    zero: N
    one: N
    tolerance: float | None

    def close(self, a: N, b: N) -> bool:
        """Whether ``a`` and ``b`` are equal (within the tolerance in floats)."""
        return a == b if self.tolerance is None else abs(a - b) <= self.tolerance

    def total(self, values: Iterable[N]) -> N:
        """The sum of ``values``, started from this arithmetic's zero."""
        return sum(values, self.zero)


def _cell_outcomes(
    weights: Tally, cell: BankerCell, action: int, number: Callable[[int], N]
) -> tuple[Linear[N], ...]:
    """The cell's win, loss and tie probabilities under ``action``, linear in ``p``."""
    total, column = cell
    fixed, option = weights.cells[total][column][action]
    if column == PLAYER_STOOD:  # the Player's 5 stood: weight 1 - p
        return tuple(
            Linear(number(fixed[o] + option[o]), number(-option[o])) for o in (WIN, LOSE, TIE)
        )
    return tuple(Linear(number(fixed[o]), number(option[o])) for o in (WIN, LOSE, TIE))


def _net(triple: Sequence[Linear[N]]) -> Linear[N]:
    """Win minus loss."""
    return Linear(
        triple[WIN].constant - triple[LOSE].constant, triple[WIN].slope - triple[LOSE].slope
    )


def _minus(a: Linear[N], b: Linear[N]) -> Linear[N]:
    return Linear(a.constant - b.constant, a.slope - b.slope)


@dataclass(frozen=True, slots=True)
class _Lines(Generic[N]):
    """The game's outcome probabilities as lines in the Player's ``p``.

    Attributes:
        free: The Banker's free cells.
        base: Win, loss and tie of everything but the free cells' choices
            (naturals, the tableau's cells, the free cells as if he stood).
        change: Per free cell, the change in each outcome when he draws instead.
        gain: Per free cell, the change in his net (:func:`_net` of ``change``).
        numbers: The arithmetic.
    """

    free: tuple[BankerCell, ...]
    base: list[Linear[N]]
    change: dict[BankerCell, tuple[Linear[N], ...]]
    gain: dict[BankerCell, Linear[N]]
    numbers: _Numbers[N]

    @property
    def base_net(self) -> Linear[N]:
        """The Banker's net outside the free cells' choices."""
        return _net(self.base)

    def best_reply_value(self, p: N) -> N:
        """``W(p)``: the Banker's value when he best-replies to ``p``."""
        zero = self.numbers.zero
        return self.base_net.at(p) + self.numbers.total(
            max(zero, self.gain[c].at(p)) for c in self.free
        )

    def outcomes_at(self, p: N, reply: dict[BankerCell, N]) -> list[N]:
        """Win, loss and tie for the Player's ``p`` and the Banker's ``reply``."""
        return [
            self.base[o].at(p)
            + self.numbers.total(reply[c] * self.change[c][o].at(p) for c in self.free)
            for o in (WIN, LOSE, TIE)
        ]

    def slope(self, reply: dict[BankerCell, N]) -> N:
        """The slope in ``p`` of the Banker's net when he plays ``reply``."""
        return self.base_net.slope + self.numbers.total(
            reply[c] * self.gain[c].slope for c in self.free
        )


def _lines(weights: Tally, rule: BankerRule, tableau: Tableau, numbers: _Numbers[N]) -> _Lines[N]:
    """The walk's weights as lines in ``p``, apart for the free cells' choices."""
    number = numbers.number
    base = [Linear(number(w), numbers.zero) for w in weights.naturals]
    for cell in [(t, x) for t in BANKER_CHOICE_TOTALS for x in range(PLAYER_STOOD + 1)]:
        action = STAND if cell in rule.free else int(tableau.banker_draws(*cell))
        for o, line in enumerate(_cell_outcomes(weights, cell, action, number)):
            base[o] = Linear(base[o].constant + line.constant, base[o].slope + line.slope)
    change: dict[BankerCell, tuple[Linear[N], ...]] = {}
    gain: dict[BankerCell, Linear[N]] = {}
    for cell in rule.cells:
        drawn = _cell_outcomes(weights, cell, DRAW, number)
        stood = _cell_outcomes(weights, cell, STAND, number)
        change[cell] = tuple(_minus(d, s) for d, s in zip(drawn, stood, strict=True))
        gain[cell] = _net(change[cell])
    return _Lines(tuple(rule.cells), base, change, gain, numbers)


def _player_optimum(lines: _Lines[N]) -> tuple[N, bool]:
    """The Player's optimal ``p`` (the smallest if several) and whether it is the only one.

    ``W(p)`` is convex and piecewise linear: its minimum is at an end of
    ``[0, 1]`` or at a root of some cell's gain.
    """
    numbers = lines.numbers
    zero, one = numbers.zero, numbers.one
    candidates: list[N] = [zero, one]
    for cell in lines.free:
        line = lines.gain[cell]
        if line.slope != 0:
            root = -line.constant / line.slope
            if zero < root < one:
                candidates.append(root)
    values = [(lines.best_reply_value(p), p) for p in candidates]
    best = min(v for v, _ in values)
    optimal = sorted(p for v, p in values if numbers.close(v, best))
    p_star = optimal[0]
    return p_star, all(numbers.close(p, p_star) for p in optimal)


def _banker_mix(
    lines: _Lines[N], p_star: N, tableau: Tableau
) -> tuple[dict[BankerCell, N], set[BankerCell]]:
    """The Banker's equilibrium draw per free cell, and the cells where he is indifferent.

    He mixes his best replies just left and just right of ``p_star`` so that
    the Player is indifferent (at an end of ``[0, 1]``, he plays the reply inside).
    """
    numbers = lines.numbers
    zero, one, tolerance = numbers.zero, numbers.one, numbers.tolerance
    gain = lines.gain

    def sign(cell: BankerCell) -> int:
        value = gain[cell].at(p_star)
        if tolerance is not None and abs(value) <= tolerance * 1e-3:
            value = zero
        return (value > 0) - (value < 0)

    free = lines.free
    left = {c: one if sign(c) > 0 or (sign(c) == 0 and gain[c].slope < 0) else zero for c in free}
    right = {c: one if sign(c) > 0 or (sign(c) == 0 and gain[c].slope > 0) else zero for c in free}
    indifferent = {c for c in free if gain[c].constant == 0 and gain[c].slope == 0}
    for cell in indifferent:  # worth the same either way: play the tableau's cell
        left[cell] = right[cell] = one if tableau.banker_draws(*cell) else zero
    slope_left, slope_right = lines.slope(left), lines.slope(right)
    if numbers.close(p_star, zero):
        mix = zero  # all weight on the right-hand reply
    elif numbers.close(p_star, one) or slope_left == slope_right:
        mix = one
    else:
        mix = slope_right / (slope_right - slope_left)
    return {c: mix * left[c] + (one - mix) * right[c] for c in free}, indifferent


def _solve(weights: Tally, terms: CheminTerms, numbers: _Numbers[N]) -> Solution[N]:
    """The equilibrium from the walk's weights, in ``numbers``' arithmetic."""
    rule, commission, tableau = terms
    zero, one = numbers.zero, numbers.one
    lines = _lines(weights, rule, tableau, numbers)
    p_star, unique = _player_optimum(lines)
    draw, indifferent = _banker_mix(lines, p_star, tableau)
    win, lose, tie = lines.outcomes_at(p_star, draw)
    value = lines.best_reply_value(p_star)

    def reach(cell: BankerCell) -> N:
        stood = _cell_outcomes(weights, cell, STAND, numbers.number)
        return numbers.total(line.at(p_star) for line in stood)

    def equilibrium_value(p: N) -> N:
        won, lost, _ = lines.outcomes_at(p, draw)
        return won - lost

    return Solution(
        banker_rule=rule,
        player_draw=p_star,
        banker=tuple(
            CellSolution(c, draw[c], lines.gain[c].at(p_star), reach(c), c in indifferent)
            for c in lines.free
        ),
        value=value,
        banker_wins=win,
        player_wins=lose,
        tie=tie,
        commission=commission,
        banker_after_commission=win * (one - _as(commission, one)) - lose,
        deviations=(
            Deviation(False, equilibrium_value(zero) - value, lines.best_reply_value(zero) - value),
            Deviation(True, equilibrium_value(one) - value, lines.best_reply_value(one) - value),
        ),
        option=numbers.number(weights.option),
        player_unique=unique,
    )


def _as(value: Fraction, one: N) -> N:
    """``value`` as the solver's number type."""
    return value if isinstance(one, Fraction) else float(value)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a coup is worth when both sides play a given strategy (not necessarily optimal).

    Attributes:
        strategy: The strategy played (the Player's mix on 5, the Banker's per free cell).
        banker_wins: Probability that the Banker wins a coup.
        player_wins: Probability that the Player wins.
        tie: Probability of a tie.
        value: The Banker's expectation per coup without commission.
        commission: The house's share of the Banker's winnings.
        banker_after_commission: The Banker's expectation per coup after it.
    """

    strategy: Strategy
    banker_wins: Fraction
    player_wins: Fraction
    tie: Fraction
    value: Fraction
    commission: Fraction
    banker_after_commission: Fraction


def evaluate_chemin(
    strategy: Strategy,
    shoe: ShoeCounts | None = None,
    *,
    infinite: bool = False,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Evaluation:
    """The exact outcome probabilities of one coup when both sides play ``strategy``.

    The shoe is as in :func:`solve_chemin` (8 full decks by default, or the
    infinite deck); the cells ``strategy.banker_rule`` does not leave free are
    the tableau's. The commission and the tableau are as in :func:`solve_chemin`
    (from ``rules`` if given); the rule card is the strategy's. Played at the
    equilibrium it gives the solution's figures:

    >>> s = solve_chemin(infinite=True, banker_rule=FREE_BANKER)
    >>> evaluate_chemin(s.strategy(), infinite=True).value == s.value
    True

    Raises:
        InvalidShoe: Fewer than six cards in the shoe (``code="too_few_cards"``).
    """
    terms = chemin_terms(rules, commission=commission, tableau=tableau)
    counts, replace = _deck(shoe, infinite)
    weights = tally(counts, terms.tableau, replace=replace)
    return _evaluate(weights, strategy, terms.commission, terms.tableau)


def evaluate_tally(
    weights: Tally,
    strategy: Strategy,
    *,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
    rules: Rules | None = None,
) -> Evaluation:
    """:func:`evaluate_chemin` from a walk's weights.

    Each Banker cell's coups, split by whether the Player held his 5 (weight
    ``p`` of drawing, or ``1 - p`` in the "stood" column), are weighed by the
    Banker's probability of drawing there (the strategy's in a free cell, the
    tableau's elsewhere); the naturals are added as they are.
    """
    terms = chemin_terms(rules, commission=commission, tableau=tableau)
    return _evaluate(weights, strategy, terms.commission, terms.tableau)


def _evaluate(
    weights: Tally, strategy: Strategy, commission: Fraction, tableau: Tableau
) -> Evaluation:
    """:func:`evaluate_tally` once the terms are known."""
    p = strategy.player_draw
    rule = strategy.banker_rule
    totals = [Fraction(w) for w in weights.naturals]
    for total in BANKER_CHOICE_TOTALS:
        for column in range(PLAYER_STOOD + 1):
            if rule.is_free(total, column):
                q = strategy.banker_draw(total, column)
            else:
                q = Fraction(int(tableau.banker_draws(total, column)))
            option_weight = 1 - p if column == PLAYER_STOOD else p
            for action, share in ((STAND, 1 - q), (DRAW, q)):
                if not share:
                    continue
                fixed, option = weights.cells[total][column][action]
                for o in (WIN, LOSE, TIE):
                    totals[o] += share * (fixed[o] + option_weight * option[o])
    win, lose, tie = (t / weights.denominator for t in totals)
    return Evaluation(
        strategy=strategy,
        banker_wins=win,
        player_wins=lose,
        tie=tie,
        value=win - lose,
        commission=commission,
        banker_after_commission=win * (1 - commission) - lose,
    )
