"""Money at a Baccarat Banque table: one bank held for the shoe, punters on the tableaux.

One banker holds the bank for the whole shoe. Each punter bets on the right
tableau, the left tableau, or both (à cheval). A bet on a tableau wins even
money when the tableau beats the Banker, loses its stake when the Banker
wins, and pushes on a tie. A bet à cheval wins even money when both tableaux
win, loses when both lose, and pushes otherwise. The bank covers the bets: a
round's stakes may not add up to more than the bank (what it could have to
pay out). The house takes a commission (a table setting, an exact fraction)
of the banker's net winnings on the round, rounded down to the minor unit;
the fraction rounded away is shown in the settlement. All amounts are
integers in minor units.

>>> from puntobanco.core.banque import BANQUE_FREE, BanqueStrategy, play_banque
>>> from puntobanco.core.cards import parse_cards
>>> stand = BanqueStrategy.pure(BANQUE_FREE, tableaux_draw=False, banker_draws=False)
>>> coup = play_banque(parse_cards("5c 2d 3h Kh 4s 3d"), decide=stand.decider())
>>> bets = [BanqueBet("ana", RIGHT_SPOT, 1000), BanqueBet("bo", CHEVAL, 500)]
>>> s = settle_banque(coup, bets, bank=100_000, commission=Fraction(1, 20))
>>> [r.net for r in s.results], s.banker_net, s.commission, s.bank_after
([-1000, 0], 1000, 50, 100950)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from puntobanco.core.banque import LEFT, RIGHT, BanqueCoup
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InvalidBet


class Spot(StrEnum):
    """Where a punter's stake lies."""

    RIGHT = "right"
    LEFT = "left"
    CHEVAL = "a-cheval"
    """Across the line: both tableaux."""


RIGHT_SPOT, LEFT_SPOT, CHEVAL = Spot.RIGHT, Spot.LEFT, Spot.CHEVAL


@dataclass(frozen=True, slots=True)
class BanqueBet:
    """One punter's stake on one spot, in minor units."""

    seat: str
    spot: Spot
    stake: int


@dataclass(frozen=True, slots=True)
class BetResult:
    """How one bet settled.

    Attributes:
        bet: The bet.
        outcome: ``win``, ``lose`` or ``push``.
        net: The punter's net, in minor units (``stake``, ``-stake`` or 0).
    """

    bet: BanqueBet
    outcome: str
    net: int


@dataclass(frozen=True, slots=True)
class BanqueSettlement:
    """A round's money.

    Attributes:
        results: Each bet's result, in the order given.
        banker_net: The banker's net before commission (minus the punters' total).
        commission: What the house takes, rounded down to the minor unit.
        rounded_away: The part of the exact commission rounded away (under one unit).
        bank_before: The bank at the start of the round.
        bank_after: The bank after the round and the commission.
    """

    results: tuple[BetResult, ...]
    banker_net: int
    commission: int
    rounded_away: Fraction
    bank_before: int
    bank_after: int

    @property
    def house(self) -> int:
        """The house's take (the commission)."""
        return self.commission


def _bet_outcome(spot: Spot, coup: BanqueCoup) -> str:
    right, left = coup.tableau(RIGHT).outcome, coup.tableau(LEFT).outcome
    if spot is Spot.CHEVAL:
        if right is left is Outcome.PLAYER:
            return "win"
        if right is left is Outcome.BANKER:
            return "lose"
        return "push"
    outcome = right if spot is Spot.RIGHT else left
    return {Outcome.PLAYER: "win", Outcome.BANKER: "lose", Outcome.TIE: "push"}[outcome]


def check_bets(bets: Sequence[BanqueBet], bank: int) -> None:
    """Refuse a round's bets that the bank cannot cover or that are malformed.

    Raises:
        InvalidBet: A stake not a positive integer (``banque_stake``), an unknown
            spot (``banque_spot``), or stakes over the bank (``banque_over_bank``,
            with the bank and the total staked).
    """
    if type(bank) is not int or bank <= 0:
        raise InvalidBet(
            f"the bank must be a positive whole number of minor units, got {bank!r}",
            code="banque_bank",
            value=repr(bank),
        )
    for bet in bets:
        if type(bet.stake) is not int or bet.stake <= 0:
            raise InvalidBet(
                f"a stake is a positive whole number of minor units, got {bet.stake!r}",
                code="banque_stake",
                value=repr(bet.stake),
            )
        if not isinstance(bet.spot, Spot):
            allowed = ", ".join(s.value for s in Spot)
            raise InvalidBet(
                f"the spots are {allowed}, got {bet.spot!r}",
                code="banque_spot",
                value=repr(bet.spot),
                allowed=allowed,
            )
    total = sum(bet.stake for bet in bets)
    if total > bank:
        raise InvalidBet(
            f"the stakes add up to {total}, more than the bank of {bank} covers",
            code="banque_over_bank",
            total=total,
            bank=bank,
        )


def settle_banque(
    coup: BanqueCoup, bets: Sequence[BanqueBet], *, bank: int, commission: Fraction
) -> BanqueSettlement:
    """Settle one Banque round: every bet, the banker's net, the house's commission.

    Checks everything first (:func:`check_bets`; a commission outside 0-1 is
    refused, ``banque_commission``), so that a refused round changes nothing.
    """
    if not isinstance(commission, Fraction | int) or not 0 <= commission < 1:
        raise InvalidBet(
            f"the commission is an exact fraction from 0 up to 1, got {commission!r}",
            code="banque_commission",
            value=repr(commission),
        )
    check_bets(bets, bank)
    results = []
    for bet in bets:
        outcome = _bet_outcome(bet.spot, coup)
        net = bet.stake if outcome == "win" else -bet.stake if outcome == "lose" else 0
        results.append(BetResult(bet, outcome, net))
    banker_net = -sum(r.net for r in results)
    exact = Fraction(max(banker_net, 0)) * commission
    taken = exact.numerator // exact.denominator  # rounded down to the minor unit
    return BanqueSettlement(
        results=tuple(results),
        banker_net=banker_net,
        commission=taken,
        rounded_away=exact - taken,
        bank_before=bank,
        bank_after=bank + banker_net - taken,
    )
