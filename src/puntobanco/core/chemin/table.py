"""The money of a Chemin de fer table: the bank, the punters' bets, banco, commission.

Plain data and pure functions, in integer minor units. A :class:`ChemTable` is
``N`` seats' balances, the seat that holds the bank and the bank's amount (the
banker's stake, part of his balance). Each function returns a new table or
raises, changing nothing:

* :func:`open_bank`: the banker states the bank (at least the table minimum,
  at most his balance).
* :func:`place_wager`: the punters, in seat order from the banker's right,
  bet against the bank up to what is left of it; a **banco** (one punter takes
  the whole bank) has priority and withdraws the other bets.
* :func:`settle_round`: one hand decides every bet. The banker wins the
  covered part of the bank less the house's commission (5%), **rounded down**
  to the minor unit, the part rounded away shown and left with the banker;
  punters are paid one to one; a tie pushes. Every seat's delta adds up to
  minus the commission: the table loses exactly what the house takes.
* :func:`apply_settlement`: the balances move; after a win the bank grows by
  the winnings less commission and the banker may keep it (:func:`keep_bank`)
  or give it up (:func:`pass_bank`, "la main passe"); after a loss the bank
  passes to the next seat.

>>> table = open_bank(ChemTable(balances=(10_000, 5_000, 5_000)), 2_000)
>>> wagers = place_wager(table, (), Wager(seat=1, amount_minor=1_205))
>>> s = settle_round(table, wagers, "banker")
>>> s.deltas, s.commission_minor, s.rounded_away
((1145, -1205, 0), 60, Fraction(1, 4))
>>> apply_settlement(table, s).bank_minor
3145

:func:`choice_stream` is the random stream of the computer players' mixed
choices, keyed by (seed, shoe, round), apart from the shoe's own stream
(:func:`puntobanco.core.streams.table_choice_stream`, where every stream is defined).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from puntobanco.core.errors import BaccaratError, InvalidBet, WrongPhase
from puntobanco.core.i18n import CATALOGUE, check_lang, text
from puntobanco.core.money import Rounding, format_minor, settle_winnings
from puntobanco.core.rules import Rules, Variant
from puntobanco.core.streams import TABLE_CHOICE_SALT, table_choice_stream

__all__ = [
    "ChemTable",
    "RoundSettlement",
    "Wager",
    "apply_settlement",
    "can_wager",
    "choice_stream",
    "keep_bank",
    "left_to_cover",
    "next_banker",
    "open_bank",
    "pass_bank",
    "place_wager",
    "player_hand_seat",
    "punters",
    "settle_round",
    "table_error_message",
    "verify_wager",
]

#: The outcomes a round settles on (the values of ``core.coup.Outcome``).
OUTCOMES: tuple[str, ...] = ("player", "banker", "tie")
#: The parameters of a refusal that are amounts of money (worded with the language's separators).
_MONEY_PARAMS: frozenset[str] = frozenset({"amount", "bank", "left", "balance", "minimum"})
#: Salt of the computer players' choices (:data:`puntobanco.core.streams.TABLE_CHOICE_SALT`).
CHOICE_SALT = TABLE_CHOICE_SALT

#: The game whose money a table plays by default: Chemin de fer's commission and rounding.
_CHEMIN = Rules(variant=Variant.CHEMIN_DE_FER)

# The computer players' money rules, the same in the terminal game and at the server.
#: A computer punter's usual bet, in table minimums.
BOT_STAKE = 5
#: The bank a computer banker opens, in table minimums (or his balance).
BOT_BANK = 30
#: A computer banker keeps a winning bank while it is under this many minimums.
BOT_KEEP = 80


def _refuse(message: str, code: str, **params: Any) -> InvalidBet:
    return InvalidBet(message, code=code, **params)


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(
            f"{name} must be a whole number of minor units (cents), got {value!r}",
            "wager_stake_not_integer",
            value=repr(value),
        )
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class ChemTable:
    """The seats' money and the bank, between two rounds.

    Attributes:
        balances: Each seat's balance in minor units, the banker's bank included.
        banker: The seat that holds the bank (0-based).
        bank_minor: The bank's amount; 0 while the banker has not opened it.
        minimum_minor: The smallest bet and the smallest bank.
        commission: The house's share of the banker's winnings: the game's
            (``Rules.banker_commission``; :meth:`for_rules` reads it).
        rounding: Which amount a win rounds down to the minor unit: the game's
            (``Rules.rounding``); Chemin de fer's rounds the commission down.
        may_keep: The banker has just won: he keeps the bank or gives it up.

    Raises:
        InvalidBet: Fewer than two seats, a balance that is not a whole
            non-negative number, a banker seat outside the table, a bank over
            the banker's balance, a minimum under one unit, a commission
            outside ``[0, 1)`` or a rounding that is not a
            :class:`~puntobanco.core.money.Rounding` (``code="table"``, naming the value).
    """

    balances: tuple[int, ...]
    banker: int = 0
    bank_minor: int = 0
    minimum_minor: int = 100
    commission: Fraction = _CHEMIN.banker_commission
    rounding: Rounding = _CHEMIN.rounding
    may_keep: bool = False

    @classmethod
    def for_rules(
        cls,
        rules: Rules,
        *,
        balances: tuple[int, ...],
        banker: int = 0,
        bank_minor: int = 0,
        minimum_minor: int = 100,
        may_keep: bool = False,
    ) -> ChemTable:
        """A table playing the money of ``rules``: its commission and its rounding.

        >>> ChemTable.for_rules(Rules(variant=Variant.CHEMIN_DE_FER), balances=(1, 1)).rounding
        <Rounding.COMMISSION_DOWN: 'commission-down'>
        """
        return cls(
            balances=balances,
            banker=banker,
            bank_minor=bank_minor,
            minimum_minor=minimum_minor,
            commission=rules.banker_commission,
            rounding=rules.rounding,
            may_keep=may_keep,
        )

    def __post_init__(self) -> None:
        balances = tuple(_whole(b, "a balance") for b in self.balances)
        object.__setattr__(self, "balances", balances)
        problem = None
        if len(balances) < 2:
            problem = f"a table needs at least two seats, got {len(balances)}"
        elif any(b < 0 for b in balances):
            problem = f"balances cannot be negative, got {balances}"
        elif not (type(self.banker) is int and 0 <= self.banker < len(balances)):
            problem = f"the banker is a seat from 0 to {len(balances) - 1}, got {self.banker!r}"
        elif not (type(self.minimum_minor) is int and self.minimum_minor >= 1):
            problem = f"the minimum is at least 1 minor unit, got {self.minimum_minor!r}"
        elif not (type(self.bank_minor) is int and 0 <= self.bank_minor <= balances[self.banker]):
            problem = (
                f"the bank is from 0 to the banker's balance {balances[self.banker]}, "
                f"got {self.bank_minor!r}"
            )
        elif not (isinstance(self.commission, Fraction) and 0 <= self.commission < 1):
            problem = f"the commission is a Fraction from 0 to below 1, got {self.commission!r}"
        elif not isinstance(self.rounding, Rounding):
            problem = f"the rounding is a Rounding, got {self.rounding!r}"
        if problem is not None:
            raise _refuse(problem, "table", detail=problem)

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.balances)


@dataclass(frozen=True, slots=True)
class Wager:
    """A punter's bet against the bank.

    Attributes:
        seat: The punter's seat.
        amount_minor: The stake, in minor units.
        banco: The punter takes the whole bank ("banco").
    """

    seat: int
    amount_minor: int
    banco: bool = False


@dataclass(frozen=True, slots=True)
class RoundSettlement:
    """One round settled.

    Attributes:
        outcome: ``"player"``, ``"banker"`` or ``"tie"``.
        wagers: The bets settled (after a banco: the banco alone).
        covered_minor: The part of the bank the bets covered (what was at stake).
        deltas: Each seat's gain (negative: loss) in minor units.
        commission_minor: What the house takes, in whole minor units (by the
            table's rounding: the commission rounded down in Chemin de fer).
        commission_exact: The commission before rounding, in (fractional) minor units.
        rounded_away: The fraction of a minor unit the rounding moved: left with
            the banker when the commission is rounded down (``commission_exact -
            commission_minor``), kept by the house when the winnings are.
        bank_after_minor: The bank after the round (0 when it passes).
        bank_passes: The banker lost: the bank goes to the next seat.
    """

    outcome: str
    wagers: tuple[Wager, ...]
    covered_minor: int
    deltas: tuple[int, ...]
    commission_minor: int
    commission_exact: Fraction
    rounded_away: Fraction
    bank_after_minor: int
    bank_passes: bool

    @property
    def total_minor(self) -> int:
        """The sum of the deltas: minus the commission (money is neither made nor lost)."""
        return sum(self.deltas)


def punters(table: ChemTable) -> tuple[int, ...]:
    """The punters' seats in the order they bet: from the seat after the banker round the table.

    >>> punters(ChemTable(balances=(1, 1, 1, 1), banker=2))
    (3, 0, 1)
    """
    n = table.seats
    return tuple((table.banker + k) % n for k in range(1, n))


def next_banker(table: ChemTable) -> int:
    """The seat the bank passes to: the next one that can open a bank (the table minimum).

    Raises:
        WrongPhase: No other seat has the minimum (``code="no_banker"``).
    """
    for seat in punters(table):
        if table.balances[seat] >= table.minimum_minor:
            return seat
    raise WrongPhase(
        "no other seat has the table minimum to take the bank",
        code="no_banker",
        minimum=table.minimum_minor,
    )


def left_to_cover(table: ChemTable, wagers: tuple[Wager, ...]) -> int:
    """What is left of the bank for the next bet (0 after a banco)."""
    if any(w.banco for w in wagers):
        return 0
    return table.bank_minor - sum(w.amount_minor for w in wagers)


def open_bank(table: ChemTable, amount_minor: int) -> ChemTable:
    """The banker states the bank: from the table minimum to his balance.

    Raises:
        InvalidBet: The bank is already open (``bank_open``), or the amount is
            not a whole number, under the minimum or over the balance
            (``bank_out_of_range``, with the range).
    """
    amount = _whole(amount_minor, "the bank")
    if table.bank_minor:
        raise _refuse(
            f"the bank is already open at {format_minor(table.bank_minor)}",
            "bank_open",
            bank=table.bank_minor,
        )
    balance = table.balances[table.banker]
    if not table.minimum_minor <= amount <= balance:
        raise _refuse(
            f"the bank must be from {format_minor(table.minimum_minor)} to the banker's balance "
            f"{format_minor(balance)}, got {format_minor(amount)}",
            "bank_out_of_range",
            amount=amount,
            minimum=table.minimum_minor,
            balance=balance,
        )
    return replace(table, bank_minor=amount, may_keep=False)


def verify_wager(table: ChemTable, wagers: tuple[Wager, ...], wager: Wager) -> None:
    """Check one more bet against the bank, the bets already placed and the punter's balance.

    Raises:
        InvalidBet: With ``code``: ``no_bank`` (the bank is not open),
            ``not_a_punter`` (no such seat, or the banker's own),
            ``already_bet``, ``banco_taken`` (a banco leaves nothing to bet
            against), ``wager_stake_not_integer``, ``wager_not_positive``,
            ``banco_not_whole`` (a banco is the whole bank: no more, no less),
            ``over_bank`` (more than is left of the bank), ``over_balance``,
            ``wager_below_minimum``.
    """
    amount = _whole(wager.amount_minor, "a bet")
    if not table.bank_minor:
        raise _refuse("the bank is not open yet", "no_bank")
    if wager.seat not in punters(table):
        raise _refuse(
            f"seat {wager.seat!r} cannot bet against the bank: the punters are seats "
            + ", ".join(str(s) for s in punters(table)),
            "not_a_punter",
            seat=repr(wager.seat),
            allowed=", ".join(str(s) for s in punters(table)),
        )
    if any(w.banco for w in wagers):
        raise _refuse("banco was called: the whole bank is covered", "banco_taken")
    if any(w.seat == wager.seat for w in wagers):
        raise _refuse(f"seat {wager.seat} has already bet", "already_bet", seat=wager.seat)
    if amount <= 0:
        raise _refuse(f"a bet must be positive, got {format_minor(amount)}", "wager_not_positive")
    balance = table.balances[wager.seat]
    if wager.banco:
        if amount != table.bank_minor:
            raise _refuse(
                f"a banco takes the whole bank, {format_minor(table.bank_minor)}, "
                f"got {format_minor(amount)}",
                "banco_not_whole",
                amount=amount,
                bank=table.bank_minor,
            )
    else:
        left = left_to_cover(table, wagers)
        if amount > left:
            raise _refuse(
                f"{format_minor(amount)} is more than is left of the bank: bet up to "
                f"{format_minor(left)}",
                "over_bank",
                amount=amount,
                left=left,
                bank=table.bank_minor,
            )
        if amount < min(table.minimum_minor, left):
            raise _refuse(
                f"the smallest bet is {format_minor(min(table.minimum_minor, left))}, "
                f"got {format_minor(amount)}",
                "wager_below_minimum",
                amount=amount,
                minimum=min(table.minimum_minor, left),
            )
    if amount > balance:
        raise _refuse(
            f"{format_minor(amount)} is more than the seat's balance {format_minor(balance)}",
            "over_balance",
            amount=amount,
            balance=balance,
        )


def can_wager(table: ChemTable, wagers: tuple[Wager, ...], wager: Wager) -> bool:
    """Whether :func:`verify_wager` accepts the bet."""
    try:
        verify_wager(table, wagers, wager)
    except InvalidBet:
        return False
    return True


def place_wager(table: ChemTable, wagers: tuple[Wager, ...], wager: Wager) -> tuple[Wager, ...]:
    """The bets with ``wager`` added; a banco has priority and withdraws the others.

    Raises:
        InvalidBet: As :func:`verify_wager`; the bets are unchanged.
    """
    verify_wager(table, wagers, wager)
    if wager.banco:
        return (wager,)
    return (*wagers, wager)


def player_hand_seat(table: ChemTable, wagers: tuple[Wager, ...]) -> int:
    """Who holds the Player's cards (and his choice on 5): the banco, else the largest bet.

    Equal largest bets: the first in betting order, as the croupier deals to
    the punter nearest the banker's right.

    Raises:
        InvalidBet: No bets (``code="no_wagers"``).
    """
    if not wagers:
        raise _refuse("nobody has bet against the bank", "no_wagers")
    order = punters(table)
    return min(wagers, key=lambda w: (-w.amount_minor, order.index(w.seat))).seat


def settle_round(table: ChemTable, wagers: tuple[Wager, ...], outcome: Any) -> RoundSettlement:
    """Settle the round's bets on the hand's ``outcome`` (``"player"``, ``"banker"``, ``"tie"``).

    Raises:
        InvalidBet: No bets (``no_wagers``), an outcome that is none of the three
            (``outcome``), or bets the table would not accept (as :func:`verify_wager`).
    """
    name = str(outcome)
    if name not in OUTCOMES:
        raise _refuse(
            f"the outcome is one of {', '.join(OUTCOMES)}, got {outcome!r}",
            "outcome",
            value=repr(outcome),
            allowed=", ".join(OUTCOMES),
        )
    if not wagers:
        raise _refuse("nobody has bet against the bank", "no_wagers")
    checked: tuple[Wager, ...] = ()
    for wager in wagers:  # the same checks as when they were placed, in order
        checked = place_wager(table, checked, wager)
    if checked != tuple(wagers):
        raise _refuse("a banco must be the only bet", "banco_taken")
    covered = sum(w.amount_minor for w in wagers)
    deltas = [0] * table.seats
    commission_exact = rounded_away = Fraction(0)
    commission = 0
    bank_after = table.bank_minor
    if name == "banker":
        commission_exact = covered * table.commission
        # Rounded by the game's rule (Chemin de fer: the commission down, the house never
        # takes a fraction of a cent it is not owed); the house takes what the banker is not paid.
        settled = settle_winnings(covered, commission=table.commission, rounding=table.rounding)
        commission = covered - settled.winnings_minor
        rounded_away = settled.rounded_away
        for wager in wagers:
            deltas[wager.seat] -= wager.amount_minor
        deltas[table.banker] += covered - commission
        bank_after = table.bank_minor + covered - commission
    elif name == "player":
        for wager in wagers:
            deltas[wager.seat] += wager.amount_minor
        deltas[table.banker] -= covered
        bank_after = 0
    return RoundSettlement(
        outcome=name,
        wagers=tuple(wagers),
        covered_minor=covered,
        deltas=tuple(deltas),
        commission_minor=commission,
        commission_exact=commission_exact,
        rounded_away=rounded_away,
        bank_after_minor=bank_after,
        bank_passes=name == "player",
    )


def apply_settlement(table: ChemTable, settlement: RoundSettlement) -> ChemTable:
    """The table after the round: balances moved, the bank grown, kept or passed.

    After a win the bank is the old bank plus the winnings less commission and
    the banker may keep it or pass it; after a tie it stands as it was; after a
    loss it passes to :func:`next_banker`, closed until the new banker opens it
    (when no other seat can bank, it stays with the banker, closed).
    """
    balances = tuple(b + d for b, d in zip(table.balances, settlement.deltas, strict=True))
    moved = replace(table, balances=balances, bank_minor=0, may_keep=False)
    if settlement.outcome == "banker":
        return replace(moved, bank_minor=settlement.bank_after_minor, may_keep=True)
    if settlement.outcome == "tie":
        return replace(moved, bank_minor=table.bank_minor)
    try:
        return replace(moved, banker=next_banker(moved))
    except WrongPhase:
        return moved


def keep_bank(table: ChemTable) -> ChemTable:
    """The banker who has just won keeps the bank, at its grown amount.

    Raises:
        WrongPhase: The banker has not just won: there is no such choice now
            (``code="no_choice"``).
    """
    if not table.may_keep:
        raise WrongPhase(
            "the banker may keep the bank only after winning a round",
            code="no_choice",
            action="keep",
        )
    return replace(table, may_keep=False)


def pass_bank(table: ChemTable) -> ChemTable:
    """The banker gives up the bank ("la main passe"): the next seat that can bank holds it, closed.

    Raises:
        WrongPhase: No other seat has the minimum (``code="no_banker"``).
    """
    return replace(table, banker=next_banker(table), bank_minor=0, may_keep=False)


#: The computer players' stream of one round (:func:`~puntobanco.core.streams.table_choice_stream`),
#: under the name the games and the terminal call it by.
choice_stream = table_choice_stream


_TABLE_ERROR = "chemin.play.error."
#: The codes of this module's refusals, each worded in the catalogue under ``chemin.play.error.``.
TABLE_ERRORS: frozenset[str] = frozenset(
    key.removeprefix(_TABLE_ERROR) for key in CATALOGUE["en"] if key.startswith(_TABLE_ERROR)
)


def table_error_message(error: BaccaratError, lang: str = "en") -> str:
    """The sentence for a refusal of this module in ``lang``; other errors keep their message."""
    language = check_lang(lang)
    key = _TABLE_ERROR + error.code
    params: Mapping[str, Any] = {
        name: format_minor(value, lang=language)
        if name in _MONEY_PARAMS and isinstance(value, int)
        else value
        for name, value in error.params.items()
    }
    try:
        return text(language, key, **params)
    except (KeyError, IndexError):
        return error.message
