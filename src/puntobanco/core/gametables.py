"""The rules compiled once into the tables every part of the game reads.

:func:`compile_rules` turns a :class:`~puntobanco.core.rules.Rules` into one
immutable :class:`GameTables` (cached, so each rule set compiles once): the
drawing tables of its :class:`~puntobanco.core.tableau.Tableau`, for every
bet the rules offer its payout legs and, compiled from them, the settlement of
every coup class (:mod:`puntobanco.core.paytable`), and the game the rules
describe beyond the cards: the Banker's rule card and the Player's options in
the variants that choose, the commission and its rounding, who holds the bank.
The reference engine and the settlement read it directly; the analyzers and the
kernels read the same cells as small integer arrays (:meth:`BetTable.payout_arrays`).

>>> tables = compile_rules(Rules(banker_six_pays="1/2", banker_commission=0))
>>> from puntobanco.core.paytable import shape_index
>>> tables.bets[BetKind.BANKER].cells[shape_index(5, 6, 3, 3)]
Payout(resolution=<Resolution.WIN: 'win'>, pays=Fraction(1, 2), commission=Fraction(0, 1))
>>> compile_rules(Rules()) is compile_rules(Rules())
True
>>> chemin = compile_rules(Rules(variant=Variant.CHEMIN_DE_FER))
>>> chemin.banker_rule.cells, chemin.player_options, chemin.bank.value, chemin.rounding.value
(((3, 9), (5, 4)), frozenset({5}), 'seat', 'commission-down')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import NamedTuple

from puntobanco.core.banque.coup import BANQUE_RULES, BanqueRule
from puntobanco.core.errors import InvalidRules
from puntobanco.core.money import Rounding
from puntobanco.core.paytable import (
    PAIR_CLASSES,
    SHAPES,
    Domain,
    Leg,
    Pairs,
    Resolution,
    Shape,
    bet_legs,
    pairs_of,
    shape_of,
)
from puntobanco.core.rules import BANKER_RULES, Bank, BankerRule, BetKind, Rules, Variant
from puntobanco.core.tableau import Tableau


class Payout(NamedTuple):
    """How a bet ends on one coup class."""

    resolution: Resolution
    pays: Fraction
    commission: Fraction

    @property
    def net(self) -> Fraction:
        """The player's result per unit staked: ``pays`` on a win, 0 on a push, -1 on a loss."""
        if self.resolution is Resolution.WIN:
            return self.pays
        return Fraction(0) if self.resolution is Resolution.PUSH else Fraction(-1)


_LOSE = Payout(Resolution.LOSE, Fraction(0), Fraction(0))

#: Resolution codes in the kernels' arrays.
RESOLUTION_CODES: Mapping[Resolution, int] = MappingProxyType(
    {Resolution.LOSE: 0, Resolution.WIN: 1, Resolution.PUSH: 2}
)


@dataclass(frozen=True, slots=True)
class BetTable:
    """One bet's paytable, compiled.

    Attributes:
        kind: The bet spot.
        legs: The paytable as written (:func:`~puntobanco.core.paytable.bet_legs`).
        domain: Whether the legs read the coup's shape or its pairs.
        cells: ``cells[class_index]``: the settlement on every class of the domain.
    """

    kind: BetKind
    legs: tuple[Leg, ...]
    domain: Domain
    cells: tuple[Payout, ...]

    def payout_arrays(self) -> tuple[list[int], list[int], list[int]]:
        """The cells as three lists for the kernels.

        The lists are the resolution codes (:data:`RESOLUTION_CODES`), and the
        numerators and denominators of the winnings per unit (0/1 unless a win).
        """
        codes = [RESOLUTION_CODES[cell.resolution] for cell in self.cells]
        numerators = [cell.pays.numerator for cell in self.cells]
        denominators = [cell.pays.denominator for cell in self.cells]
        return codes, numerators, denominators


@dataclass(frozen=True, slots=True)
class GameTables:
    """Everything a reader needs to deal and settle a coup under some rules.

    Attributes:
        rules: The rules compiled.
        variant: The drawing procedure.
        tableau: The drawing tables.
        bets: Every offered bet's compiled paytable, in layout order.
        banker_rule: The Banker's rule card: a :class:`~puntobanco.core.rules.BankerRule`
            in Chemin de fer, a :class:`~puntobanco.core.banque.coup.BanqueRule`
            in Banque, ``None`` in Punto Banco.
        player_options: The Player's two-card totals on which he chooses (none in Punto Banco).
        commission: The house's commission: on a winning Banker bet in Punto
            Banco, on the banker's winnings in the variants that choose.
        rounding: Which amount a settlement rounds down (:class:`~puntobanco.core.money.Rounding`).
        bank: Who holds the bank.
    """

    rules: Rules
    variant: Variant
    tableau: Tableau
    bets: Mapping[BetKind, BetTable]
    banker_rule: BankerRule | BanqueRule | None
    player_options: frozenset[int]
    commission: Fraction
    rounding: Rounding
    bank: Bank


@functools.cache
def compile_rules(rules: Rules) -> GameTables:
    """Compile ``rules`` (once per distinct rules value) into :class:`GameTables`."""
    naturals = rules.tableau.naturals
    bets: dict[BetKind, BetTable] = {}
    for kind, legs in bet_legs(rules).items():
        domains = {leg.when.domain for leg in legs}
        if len(domains) > 1:
            raise InvalidRules(
                f"the legs of {kind.value} read both the coup's shape and its pairs",
                code="leg_domain",
                value=kind.value,
            )
        domain = domains.pop() if domains else Domain.SHAPE
        if domain is Domain.SHAPE:
            cells = tuple(_shape_cell(legs, shape_of(i), naturals) for i in range(SHAPES))
        else:
            cells = tuple(_pairs_cell(legs, pairs_of(i)) for i in range(PAIR_CLASSES))
        bets[kind] = BetTable(kind, legs, domain, cells)
    return GameTables(
        rules,
        rules.variant,
        rules.tableau,
        MappingProxyType(bets),
        banker_rule=_banker_rule(rules),
        player_options=frozenset(rules.player_options),
        commission=rules.banker_commission,
        rounding=rules.rounding,
        bank=rules.bank,
    )


def _banker_rule(rules: Rules) -> BankerRule | BanqueRule | None:
    """The rule card :attr:`Rules.banker_rule` names, in its variant's book of rule cards."""
    if rules.banker_rule is None:
        return None
    if rules.variant is Variant.BANQUE:
        return BANQUE_RULES[rules.banker_rule]
    return BANKER_RULES[rules.banker_rule]


def _shape_cell(legs: tuple[Leg, ...], shape: Shape, naturals: tuple[bool, ...]) -> Payout:
    """The first leg that applies decides the bet; a class that no leg matches loses it."""
    for leg in legs:
        if leg.when.matches_shape(shape, naturals):
            return Payout(leg.resolution, leg.pays, leg.commission)
    return _LOSE


def _pairs_cell(legs: tuple[Leg, ...], pairs: Pairs) -> Payout:
    """As :func:`_shape_cell`, for legs that read the pairs."""
    for leg in legs:
        if leg.when.matches_pairs(pairs):
            return Payout(leg.resolution, leg.pays, leg.commission)
    return _LOSE
