"""Baccarat Banque solved for the Banker: his best reply to two given tableaux, exactly.

Banque is a three-person game (the Banker against the right and the left
tableau) with no single value, so the solution reported is the Banker's
**best reply**: given the probability with which each tableau draws on 5 (by
default the Chemin de fer equilibrium for the same deck, the free Banker's,
9/11 with replacement), the draw-or-stand choice that maximises his
expectation against both tableaux together, one unit staked on each, in
every information set (his total and what each tableau shows: its third
card, that it stood, or its natural), and his expectation when he plays it.
Under a rule card (:class:`~puntobanco.core.banque.coup.BanqueRule`) he best-replies
in its free cells and follows the card elsewhere.

Cards are drawn **with replacement** (the infinite deck: the chances of each
point value are 4 : 1 : ... : 1), so that the three hands are independent
given the Banker's two cards; a finite shoe without replacement is not solved
here. The best reply maximises the Banker's expectation without commission;
:attr:`BanqueSolution.after_commission` is his expectation under it after the
house's share of his wins on each tableau.

>>> s = solve_banque()
>>> s.right_draw, s.value == s.right.value + s.left.value
(Fraction(9, 11), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from puntobanco.analysis.chemin.solver import INFINITE_DECK, solve_tally
from puntobanco.analysis.chemin.tally import tally
from puntobanco.core.banque.coup import (
    BANQUE_FREE,
    BANQUE_RULE_CARD,
    COLUMNS,
    LEFT,
    NATURAL,
    RIGHT,
    BanqueCell,
    BanqueRule,
    BanqueStrategy,
)
from puntobanco.core.errors import InvalidRules
from puntobanco.core.rules import BANK_COMMISSION, BANKER_CHOICE_TOTALS, FREE_BANKER, Rules, Variant
from puntobanco.core.rules import PLAYER_OPTION_TOTALS as OPTION
from puntobanco.core.tableau import PLAYER_STOOD, STANDARD, TOTALS, Tableau

__all__ = [
    "BANQUE_FREE",
    "BANQUE_RULE_CARD",
    "BanqueCellReply",
    "BanqueSolution",
    "BanqueTerms",
    "TableauFigures",
    "banker_cell_worth",
    "banque_terms",
    "chemin_draw",
    "evaluate_banque",
    "given_draw",
    "solve_banque",
]

#: A tableau's joint distribution of (column, final total), the Banker having no natural.
Columns = dict[int, dict[int, Fraction]]


@dataclass(frozen=True, slots=True)
class TableauFigures:
    """The Banker's results against one tableau, per coup, one unit staked on it.

    Attributes:
        win: Probability that the Banker beats the tableau.
        lose: Probability that the tableau beats him.
        tie: Probability of a tie (the bet pushes).
    """

    win: Fraction
    lose: Fraction
    tie: Fraction

    @property
    def value(self) -> Fraction:
        """The Banker's expectation without commission."""
        return self.win - self.lose

    def after(self, commission: Fraction) -> Fraction:
        """The Banker's expectation after the house's share of his wins."""
        return self.win * (1 - commission) - self.lose


@dataclass(frozen=True, slots=True)
class BanqueCellReply:
    """The Banker's best reply in one free cell.

    Attributes:
        cell: (Banker total, left column, right column).
        draws: Whether he draws (``False`` where he is indifferent).
        indifferent: Drawing and standing are worth the same (or the cell is never reached).
        draw_minus_stand: His expectation per coup, both tableaux together, of
            drawing minus that of standing in the cell.
        reach: The probability that a coup reaches the cell.
    """

    cell: BanqueCell
    draws: bool
    indifferent: bool
    draw_minus_stand: Fraction
    reach: Fraction

    @property
    def per_decision(self) -> Fraction:
        """:attr:`draw_minus_stand` per time the Banker is in the cell (0 if never)."""
        return self.draw_minus_stand / self.reach if self.reach else Fraction(0)


@dataclass(frozen=True, slots=True)
class BanqueSolution:
    """The Banker's best reply to two tableaux, and what it is worth.

    Attributes:
        rule: The rule card (its free cells are where he best-replies).
        right_draw: The right tableau's probability of drawing on 5.
        left_draw: The left tableau's.
        natural_waits: A tableau's natural is compared with his final hand.
        cells: His best reply in each free cell, in order.
        right: His results against the right tableau.
        left: His results against the left tableau.
        commission: The house's share of his wins on each tableau.
    """

    rule: BanqueRule
    right_draw: Fraction
    left_draw: Fraction
    natural_waits: bool
    cells: tuple[BanqueCellReply, ...]
    right: TableauFigures
    left: TableauFigures
    commission: Fraction

    @property
    def value(self) -> Fraction:
        """His expectation per coup against both tableaux, a unit on each, no commission."""
        return self.right.value + self.left.value

    @property
    def after_commission(self) -> Fraction:
        """His expectation per coup after the commission on his wins on each tableau."""
        return self.right.after(self.commission) + self.left.after(self.commission)

    def strategy(self) -> BanqueStrategy:
        """The tableaux' play and his best reply, as a strategy a coup can play."""
        return BanqueStrategy.make(
            self.rule,
            right_draw=self.right_draw,
            left_draw=self.left_draw,
            banker_draw={c.cell: int(c.draws) for c in self.cells},
        )


def chemin_draw(deck: Sequence[int] = INFINITE_DECK, tableau: Tableau = STANDARD) -> Fraction:
    """The Player's equilibrium probability of drawing on 5 in Chemin de fer, free Banker.

    The default mix of each tableau: the one :mod:`puntobanco.analysis.chemin.solver`
    finds for the same deck, with replacement (9/11 for the infinite deck).

    >>> chemin_draw()
    Fraction(9, 11)
    """
    solution = solve_tally(tally(list(deck), tableau, replace=True), FREE_BANKER, tableau=tableau)
    return solution.player_draw


def _check_deck(deck: Sequence[int]) -> tuple[int, ...]:
    counts = tuple(deck)
    if len(counts) != 10 or any(type(c) is not int or c < 0 for c in counts) or not sum(counts):
        raise InvalidRules(
            "a deck with replacement is ten chances, one per point value 0-9, not negative "
            f"and not all 0; got {counts!r}",
            code="banque_deck",
            value=repr(counts),
        )
    return counts


def _pairs(deck: tuple[int, ...]) -> list[Fraction]:
    """The probability of each two-card total."""
    n = sum(deck)
    pairs = [Fraction(0)] * 10
    for a in TOTALS:
        for b in TOTALS:
            pairs[(a + b) % 10] += Fraction(deck[a] * deck[b], n * n)
    return pairs


def _columns(deck: tuple[int, ...], draw: Fraction, tableau: Tableau) -> Columns:
    """A tableau's (column, final total) probabilities when the Banker has no natural."""
    n = sum(deck)
    out: Columns = {c: {} for c in COLUMNS}

    def add(column: int, total: int, probability: Fraction) -> None:
        if probability:
            out[column][total] = out[column].get(total, Fraction(0)) + probability

    for total, p in enumerate(_pairs(deck)):
        if tableau.naturals[total]:
            add(NATURAL, total, p)
            continue
        if total in OPTION:
            drawing = draw
        else:
            drawing = Fraction(int(tableau.player_draws(total)))
        add(PLAYER_STOOD, total, p * (1 - drawing))
        for k in TOTALS:
            add(k, (total + k) % 10, p * drawing * Fraction(deck[k], n))
    return out


def _result(
    column: int, banker: int, drawn: bool, out: Columns, deck: tuple[int, ...], waits: bool
) -> tuple[Fraction, Fraction]:
    """(win, lose) for the Banker against one tableau in ``column``, joint with the column."""
    n = sum(deck)
    if drawn:
        finals = [((banker + k) % 10, Fraction(deck[k], n)) for k in TOTALS if deck[k]]
    else:
        finals = [(banker, Fraction(1))]
    win = lose = Fraction(0)
    for total, p in out[column].items():
        for final, q in finals:
            against = banker if column == NATURAL and not waits else final
            if against > total:
                win += p * q
            elif total > against:
                lose += p * q
    return win, lose


#: What the Banker does in a cell: his probability of drawing, or ``None`` for his best reply.
BankerPlay = Callable[[BanqueCell], Fraction | None]


class BanqueTerms(NamedTuple):
    """What a Banque solve plays by, besides the cards and the tableaux' mixes.

    Attributes:
        rule: The Banker's rule card (his free cells and his play elsewhere).
        commission: The house's share of the Banker's wins on each tableau.
        tableau: Naturals and the tableaux' forced draws.
    """

    rule: BanqueRule
    commission: Fraction
    tableau: Tableau


def banque_terms(
    rules: Rules | None = None,
    *,
    rule: BanqueRule | None = None,
    commission: Fraction | None = None,
    tableau: Tableau | None = None,
) -> BanqueTerms:
    """The rule card, commission and tableau from Banque ``rules``, or from the keywords.

    The one place the Banque solvers' defaults live: without ``rules``, a
    keyword not given is the free Banker (:data:`BANQUE_FREE`), the commission
    of :data:`~puntobanco.core.rules.BANK_COMMISSION` or the standard tableau.

    >>> terms = banque_terms(Rules(variant=Variant.BANQUE, banker_commission="0.04"))
    >>> terms.rule is BANQUE_RULE_CARD, terms.commission, terms.tableau is STANDARD
    (True, Fraction(1, 25), True)

    Raises:
        TypeError: ``rules`` given with one of the keywords (one source for the terms).
        ValueError: ``rules`` of another variant than Banque.
    """
    if rules is None:
        return BanqueTerms(
            BANQUE_FREE if rule is None else rule,
            BANK_COMMISSION if commission is None else commission,
            STANDARD if tableau is None else tableau,
        )
    if rule is not None or commission is not None or tableau is not None:
        raise TypeError("give rules, or rule, commission and tableau: not both")
    tables = rules.tables
    if not isinstance(tables.banker_rule, BanqueRule) or rules.variant is not Variant.BANQUE:
        raise ValueError(f"the Banque solvers take banque rules, got {rules.variant}")
    return BanqueTerms(tables.banker_rule, tables.commission, tables.tableau)


def given_draw(
    rule: BanqueRule, cell: BanqueCell, play: BankerPlay, waits: bool
) -> Fraction | None:
    """The Banker's probability of drawing in ``cell`` where it is not his best reply to find.

    Two tableau naturals that do not wait settle the coup (he stands); outside
    the rule card's free cells he plays the card; in a free cell, ``play``'s
    answer (``None``: his best reply).
    """
    banker, left, right = cell
    if not waits and left == NATURAL and right == NATURAL:
        return Fraction(0)
    if not rule.is_free(cell):
        return Fraction(int(rule.draws(banker)))
    return play(cell)


@dataclass(frozen=True, slots=True)
class _Deal:
    """What every cell of the walk reads.

    Attributes:
        deck: The chances of each point value, drawn with replacement.
        tableau: Naturals and the tableaux' forced draws.
        waits: A tableau's natural is compared with the Banker's final hand.
        pairs: The probability of each two-card total.
        out: Per tableau, its (column, final total) probabilities.
        mass: Per tableau, the probability of each column.
    """

    deck: tuple[int, ...]
    tableau: Tableau
    waits: bool
    pairs: list[Fraction]
    out: dict[str, Columns]
    mass: dict[str, dict[int, Fraction]]


def _deal(
    deck: tuple[int, ...], right_draw: Fraction, left_draw: Fraction, tableau: Tableau, waits: bool
) -> _Deal:
    out = {RIGHT: _columns(deck, right_draw, tableau), LEFT: _columns(deck, left_draw, tableau)}
    mass = {h: {c: sum(out[h][c].values(), Fraction(0)) for c in COLUMNS} for h in out}
    return _Deal(deck, tableau, waits, _pairs(deck), out, mass)


def _natural_figures(deal: _Deal) -> dict[str, list[Fraction]]:
    """``[win, lose]`` per tableau from the Banker's naturals (the tableaux stand on two cards)."""
    figures = {h: [Fraction(0), Fraction(0)] for h in deal.out}
    for banker, pb in enumerate(deal.pairs):
        if not deal.tableau.naturals[banker]:
            continue
        for total, pt in enumerate(deal.pairs):
            for h in deal.out:
                if banker > total:
                    figures[h][0] += pb * pt
                elif total > banker:
                    figures[h][1] += pb * pt
    return figures


def _choice_cells(deal: _Deal) -> Iterator[BanqueCell]:
    """Every cell where the Banker, without a natural, draws or stands, in order."""
    for banker in BANKER_CHOICE_TOTALS:
        if not deal.pairs[banker] or deal.tableau.naturals[banker]:
            continue
        for left in COLUMNS:
            for right in COLUMNS:
                yield banker, left, right


def _cell_results(deal: _Deal, cell: BanqueCell) -> list[tuple[Fraction, ...]]:
    """Standing and drawing in ``cell``: (left win, left lose, right win, right lose), joint."""
    banker, left, right = cell
    pb = deal.pairs[banker]
    wl, wr = deal.mass[LEFT][left], deal.mass[RIGHT][right]
    results: list[tuple[Fraction, ...]] = []
    for drawn in (False, True):
        lw, ll = _result(left, banker, drawn, deal.out[LEFT], deal.deck, deal.waits)
        rw, rl = _result(right, banker, drawn, deal.out[RIGHT], deal.deck, deal.waits)
        results.append((pb * wr * lw, pb * wr * ll, pb * wl * rw, pb * wl * rl))
    return results


def _walk(
    rule: BanqueRule,
    right_draw: Fraction,
    left_draw: Fraction,
    play: BankerPlay,
    deal: _Deal,
    commission: Fraction,
) -> BanqueSolution:
    """The Banker's figures against both tableaux, his best reply where ``play`` gives none."""
    figures = _natural_figures(deal)
    replies: list[BanqueCellReply] = []
    for cell in _choice_cells(deal):
        stand, drawn_ = _cell_results(deal, cell)
        q = given_draw(rule, cell, play, deal.waits)
        if q is None:  # best reply
            gain = (drawn_[0] - drawn_[1] + drawn_[2] - drawn_[3]) - (
                stand[0] - stand[1] + stand[2] - stand[3]
            )
            banker, left, right = cell
            reach = deal.pairs[banker] * deal.mass[LEFT][left] * deal.mass[RIGHT][right]
            q = Fraction(int(gain > 0))
            replies.append(BanqueCellReply(cell, gain > 0, gain == 0 or not reach, gain, reach))
        for o in range(2):
            figures[LEFT][o] += (1 - q) * stand[o] + q * drawn_[o]
            figures[RIGHT][o] += (1 - q) * stand[2 + o] + q * drawn_[2 + o]

    def tableau_figures(h: str) -> TableauFigures:
        win, lose = figures[h]
        return TableauFigures(win, lose, 1 - win - lose)

    return BanqueSolution(
        rule=rule,
        right_draw=right_draw,
        left_draw=left_draw,
        natural_waits=deal.waits,
        cells=tuple(replies),
        right=tableau_figures(RIGHT),
        left=tableau_figures(LEFT),
        commission=commission,
    )


def solve_banque(
    rule: BanqueRule | None = None,
    *,
    right_draw: Fraction | None = None,
    left_draw: Fraction | None = None,
    deck: Sequence[int] = INFINITE_DECK,
    tableau: Tableau | None = None,
    natural_waits: bool = False,
    commission: Fraction | None = None,
    rules: Rules | None = None,
) -> BanqueSolution:
    """The Banker's best reply in ``rule``'s free cells and its expectation, exactly.

    Args:
        rule: The Banker's free cells and his play elsewhere (the free Banker if not given).
        right_draw: The right tableau's probability of drawing on 5 (default:
            :func:`chemin_draw` for ``deck``).
        left_draw: The left tableau's (the same default).
        deck: The chances of each point value 0-9, drawn with replacement.
        tableau: Naturals and the tableaux' forced draws (the standard tableau if not given).
        natural_waits: A tableau's natural is compared with the Banker's final hand.
        commission: The house's share of the Banker's wins on each tableau (5% if not given).
        rules: Banque rules giving ``rule``, ``commission`` and ``tableau`` instead
            (:func:`banque_terms`).

    Raises:
        InvalidRules: A deck that is not ten chances (``code="banque_deck"``).
    """
    terms = banque_terms(rules, rule=rule, commission=commission, tableau=tableau)
    counts = _check_deck(deck)
    default = None
    if right_draw is None or left_draw is None:
        default = chemin_draw(counts, terms.tableau)
    right = default if right_draw is None else Fraction(right_draw)
    left = default if left_draw is None else Fraction(left_draw)
    assert right is not None and left is not None
    deal = _deal(counts, right, left, terms.tableau, natural_waits)
    return _walk(terms.rule, right, left, lambda _: None, deal, terms.commission)


def evaluate_banque(
    strategy: BanqueStrategy,
    *,
    deck: Sequence[int] = INFINITE_DECK,
    tableau: Tableau | None = None,
    natural_waits: bool = False,
    commission: Fraction | None = None,
    rules: Rules | None = None,
) -> BanqueSolution:
    """What a coup is worth when everyone plays ``strategy`` (``cells`` is then empty).

    The commission and the tableau are as in :func:`solve_banque` (from
    ``rules`` if given); the rule card is the strategy's.

    >>> best = solve_banque()
    >>> evaluate_banque(best.strategy()).value == best.value
    True
    """
    terms = banque_terms(rules, commission=commission, tableau=tableau)
    counts = _check_deck(deck)
    deal = _deal(counts, strategy.right_draw, strategy.left_draw, terms.tableau, natural_waits)
    return _walk(
        strategy.rule,
        strategy.right_draw,
        strategy.left_draw,
        lambda cell: strategy.banker.get(cell, Fraction(0)),
        deal,
        terms.commission,
    )


def banker_cell_worth(
    cell: BanqueCell,
    *,
    right: int = 1,
    left: int = 1,
    cheval: int = 0,
    right_draw: Fraction,
    left_draw: Fraction,
    deck: Sequence[int] = INFINITE_DECK,
    tableau: Tableau = STANDARD,
    natural_waits: bool = False,
) -> tuple[Fraction, Fraction]:
    """The Banker's expected net in ``cell`` if he stands, and if he draws, for the bets given.

    ``right``, ``left`` and ``cheval`` are the stakes on each spot (a unit on
    each tableau by default); the tableaux draw on 5 with ``right_draw`` and
    ``left_draw``; cards come with replacement. Given the Banker's final total
    the two tableaux are independent (each knows only its own cards), so a
    bet à cheval, won by the Banker when he beats both and lost when both
    beat him, is worth ``P(beats right) P(beats left) - P(right wins) P(left wins)``.
    The expectation is per time he is in the cell, before commission.

    >>> stand, draw = banker_cell_worth((6, PLAYER_STOOD, PLAYER_STOOD), right=8, left=0,
    ...                                 right_draw=Fraction(9, 11), left_draw=Fraction(9, 11))
    >>> stand  # a stood tableau shows 5 (1/12), 6 (11/24) or 7 (11/24)
    Fraction(-3, 1)

    Raises:
        InvalidRules: A deck that is not ten chances, or a cell a coup never reaches.
    """
    counts = _check_deck(deck)
    n = sum(counts)
    banker, left_column, right_column = cell
    given = {}
    for hand, column, draw in ((RIGHT, right_column, right_draw), (LEFT, left_column, left_draw)):
        finals = _columns(counts, Fraction(draw), tableau)[column]
        mass = sum(finals.values(), Fraction(0))
        if not mass or tableau.naturals[banker]:
            raise InvalidRules(
                f"a Banque coup never reaches the cell {cell!r}",
                code="banque_cell",
                value=repr(cell),
            )
        given[hand] = (column, {total: p / mass for total, p in finals.items()})

    def against(hand: str, final: int) -> tuple[Fraction, Fraction]:
        column, finals = given[hand]
        versus = banker if column == NATURAL and not natural_waits else final
        win = sum((p for t, p in finals.items() if versus > t), Fraction(0))
        lose = sum((p for t, p in finals.items() if t > versus), Fraction(0))
        return win, lose

    def worth(outcomes: list[tuple[int, Fraction]]) -> Fraction:
        total = Fraction(0)
        for final, q in outcomes:
            rw, rl = against(RIGHT, final)
            lw, ll = against(LEFT, final)
            total += q * (right * (rw - rl) + left * (lw - ll) + cheval * (rw * lw - rl * ll))
        return total

    drawn = [((banker + k) % 10, Fraction(counts[k], n)) for k in TOTALS if counts[k]]
    return worth([(banker, Fraction(1))]), worth(drawn)
