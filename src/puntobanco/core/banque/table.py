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

>>> from puntobanco.core.banque.coup import BANQUE_FREE, BanqueStrategy, play_banque
>>> from puntobanco.core.cards import parse_cards
>>> stand = BanqueStrategy.pure(BANQUE_FREE, tableaux_draw=False, banker_draws=False)
>>> coup = play_banque(parse_cards("5c 2d 3h Kh 4s 3d"), decide=stand.decider())
>>> bets = [BanqueBet("ana", RIGHT_SPOT, 1000), BanqueBet("bo", CHEVAL, 500)]
>>> s = settle_banque(coup, bets, bank=100_000, commission=Fraction(1, 20))
>>> [r.net for r in s.results], s.banker_net, s.commission, s.bank_after
([-1000, 0], 1000, 50, 100950)

A bank held by a seat rather than the house (:func:`open_bank`, :func:`bank_covers`,
:func:`left_to_cover`, :func:`seat_nets`) and the computer punters' bets
(:func:`computer_bets`, from :func:`bet_stream`) are here too, so that every
table that seats them plays them the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from puntobanco.core.banque.coup import LEFT, RIGHT, BanqueCoup
from puntobanco.core.chemin.table import BOT_STAKE
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InvalidBet
from puntobanco.core.money import settle_winnings
from puntobanco.core.rng import RandomSource
from puntobanco.core.rules import Rules, Variant
from puntobanco.core.streams import BANQUE_BET_SALT, banque_bet_stream


class Spot(StrEnum):
    """Where a punter's stake lies."""

    RIGHT = "right"
    LEFT = "left"
    CHEVAL = "a-cheval"
    """Across the line: both tableaux."""


RIGHT_SPOT, LEFT_SPOT, CHEVAL = Spot.RIGHT, Spot.LEFT, Spot.CHEVAL

#: The game whose money a round settles by default: Banque's commission and rounding.
_BANQUE = Rules(variant=Variant.BANQUE)


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
    coup: BanqueCoup,
    bets: Sequence[BanqueBet],
    *,
    bank: int,
    commission: Fraction | None = None,
    rules: Rules = _BANQUE,
) -> BanqueSettlement:
    """Settle one Banque round: every bet, the banker's net, the house's commission.

    The commission and its rounding are the game's, read from ``rules``
    (``banker_commission``, ``rounding``: Banque's by default, 5% rounded
    down); a ``commission`` given (a table's own setting) replaces the rules'.
    Checks everything first (:func:`check_bets`; a commission outside 0-1 is
    refused, ``banque_commission``), so that a refused round changes nothing.
    """
    if commission is None:
        commission = rules.banker_commission
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
    # Rounded by the game's rule (Banque: the commission down, the banker keeps the fraction
    # of a cent); the house takes what the banker is not paid of his net.
    won = max(banker_net, 0)
    settled = settle_winnings(won, commission=Fraction(commission), rounding=rules.rounding)
    taken = won - settled.winnings_minor
    return BanqueSettlement(
        results=tuple(results),
        banker_net=banker_net,
        commission=taken,
        rounded_away=settled.rounded_away,
        bank_before=bank,
        bank_after=bank + banker_net - taken,
    )


# A bank held by a seat, and the computer punters.

#: The smallest bank a seat may put up for a shoe, in table minimums.
SMALLEST_BANK = 10
#: Salt of the computer punters' betting streams (:data:`~puntobanco.core.streams.BANQUE_BET_SALT`).
BET_SALT = BANQUE_BET_SALT
#: A computer punter's spot for each value of ``randbelow(3)``.
COMPUTER_SPOTS: tuple[Spot, Spot, Spot] = (Spot.RIGHT, Spot.LEFT, Spot.CHEVAL)


def open_bank(amount: int, *, minimum: int, balance: int) -> int:
    """A seat puts up a bank for the shoe: from ``SMALLEST_BANK`` table minimums to its balance.

    Returns the bank; the caller takes it out of the seat's balance.

    >>> open_bank(5_000, minimum=100, balance=20_000)
    5000

    Raises:
        InvalidBet: Not a whole number, under the smallest bank or over the
            balance (``banque_bank_range``, with ``amount``, ``minimum`` (the
            smallest bank) and ``balance``).
    """
    smallest = SMALLEST_BANK * minimum
    if type(amount) is not int or not smallest <= amount <= balance:
        raise InvalidBet(
            f"a bank is from {smallest} to the balance of {balance}, got {amount!r}",
            code="banque_bank_range",
            amount=amount if type(amount) is int else repr(amount),
            minimum=smallest,
            balance=balance,
        )
    return amount


def bank_covers(bank: int, minimum: int) -> bool:
    """Whether a bank can go on: it covers at least one bet of the table minimum."""
    return bank >= minimum


def left_to_cover(bank: int, bets: Sequence[BanqueBet]) -> int:
    """What is left of the bank for one more bet (never below 0)."""
    return max(bank - sum(bet.stake for bet in bets), 0)


def seat_nets(settlement: BanqueSettlement) -> dict[str, int]:
    """Each punter's net on the round, his bets added up, in the order they first bet.

    With the banker's net after commission, ``bank_after - bank_before``, they
    add up to minus the commission: the table loses what the house takes.
    """
    nets: dict[str, int] = {}
    for result in settlement.results:
        nets[result.bet.seat] = nets.get(result.bet.seat, 0) + result.net
    return nets


#: The computer punters' betting stream of one round
#: (:func:`~puntobanco.core.streams.banque_bet_stream`), under the name the games call it by.
bet_stream = banque_bet_stream


def computer_bets(
    seats: Sequence[tuple[str, int]],
    *,
    bank: int,
    minimum: int,
    source: RandomSource,
    already: Sequence[BanqueBet] = (),
) -> tuple[BanqueBet, ...]:
    """The computer punters' bets against ``bank``, in seat order, after ``already``.

    The rule: each punter (``seats`` gives his name and balance) draws his spot
    with ``source.randbelow(3)`` (0 right, 1 left, 2 à cheval) and stakes
    ``BOT_STAKE`` table minimums, or his balance, or what is left of the bank
    if less; one whose stake would be under the table minimum sits out
    (and draws nothing).

    >>> bets = computer_bets([("b", 10_000), ("c", 150)], bank=600, minimum=100,
    ...                      source=bet_stream(1, 0, 1))
    >>> [bet.stake for bet in bets]
    [500, 100]
    """
    bets = list(already)
    placed: list[BanqueBet] = []
    for seat, balance in seats:
        stake = min(BOT_STAKE * minimum, balance, left_to_cover(bank, bets))
        if stake < minimum:
            continue
        bet = BanqueBet(seat, COMPUTER_SPOTS[source.randbelow(3)], stake)
        bets.append(bet)
        placed.append(bet)
    return tuple(placed)
