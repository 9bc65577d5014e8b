"""Bets on the layout and their settlement, in integer minor units.

Checking follows pokerkit's trio: :func:`verify_bets` raises with a message
naming the problem and the allowed range, :func:`can_place_bets` answers for a
UI, and :func:`place_bets` returns the checked, immutable bets. Nothing is
half-placed: either every bet of a round passes, or none is taken.

>>> from puntobanco.core.cards import parse_cards
>>> from puntobanco.core.coup import play_coup
>>> result = play_coup(parse_cards("2c 5d 4h 3s"))   # Player 6, Banker a natural 8
>>> s = settle_bet(Bet(BetKind.BANKER, 105), result, Rules())
>>> s.winnings_minor, s.commission, s.rounded_away
(99, Fraction(21, 4), Fraction(3, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from puntobanco.core.coup import CoupResult
from puntobanco.core.errors import InsufficientFunds, InvalidBet
from puntobanco.core.gametables import Payout
from puntobanco.core.money import format_minor, winnings_minor
from puntobanco.core.paytable import Domain, Resolution, pair_class, shape_index
from puntobanco.core.rules import BetKind, Rules, TableLimits

__all__ = [
    "Bet",
    "BetSettlement",
    "Resolution",
    "Settlement",
    "bet_kind",
    "can_place_bets",
    "coup_payout",
    "place_bets",
    "settle",
    "settle_bet",
    "verify_bets",
    "winning_ratio",
]


def bet_kind(name: str | BetKind) -> BetKind:
    """Parse a bet spot's name (``"banker"``, ``"player_pair"``...).

    Raises:
        InvalidBet: Unknown spot (``code="unknown_bet"``); the message lists the spots.
    """
    try:
        return BetKind(str(name).strip().lower().replace("-", "_").replace(" ", "_"))
    except ValueError:
        allowed = ", ".join(kind.value for kind in BetKind)
        raise InvalidBet(
            f"unknown bet {name!r}: the spots are {allowed}",
            code="unknown_bet",
            bet=str(name),
            allowed=allowed,
        ) from None


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one spot.

    >>> Bet(BetKind.TIE, 500)
    Bet(kind=<BetKind.TIE: 'tie'>, stake_minor=500)
    """

    kind: BetKind
    stake_minor: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", bet_kind(self.kind))
        stake = self.stake_minor
        if isinstance(stake, bool) or not isinstance(stake, int):
            # Not "not_a_number": that tells a player how to type an amount, while
            # this is a caller handing over 1.5 (or "10") where cents are expected.
            raise InvalidBet(
                f"a stake must be a whole number of minor units (cents), got {stake!r}",
                code="stake_not_integer",
                value=repr(stake),
                text=repr(stake),
            )
        if stake <= 0:
            raise InvalidBet(
                f"a stake must be positive, got {format_minor(stake)}",
                code="not_positive" if stake == 0 else "negative",
                stake=stake,
                text=format_minor(stake),
            )


@dataclass(frozen=True, slots=True)
class BetSettlement:
    """The settlement of one bet.

    Attributes:
        bet: The bet settled.
        resolution: Win, lose or push.
        ratio: Winnings per unit staked, after commission, before rounding.
        stake_returned_minor: The stake handed back (won or pushed bets).
        winnings_minor: Winnings paid, rounded down to the minor unit.
        commission: The commission taken, in (possibly fractional) minor units.
        rounded_away: What rounding down kept, in (fractional) minor units.
    """

    bet: Bet
    resolution: Resolution
    ratio: Fraction
    stake_returned_minor: int
    winnings_minor: int
    commission: Fraction
    rounded_away: Fraction

    @property
    def payout_minor(self) -> int:
        """Everything handed back to the player: stake returned plus winnings."""
        return self.stake_returned_minor + self.winnings_minor

    @property
    def net_minor(self) -> int:
        """The player's gain (negative: loss) on this bet."""
        return self.payout_minor - self.bet.stake_minor


@dataclass(frozen=True, slots=True)
class Settlement:
    """All the bets of one round, settled."""

    bets: tuple[BetSettlement, ...]

    @property
    def staked_minor(self) -> int:
        """Total staked."""
        return sum(s.bet.stake_minor for s in self.bets)

    @property
    def payout_minor(self) -> int:
        """Total handed back to the player."""
        return sum(s.payout_minor for s in self.bets)

    @property
    def net_minor(self) -> int:
        """The player's net gain on the round."""
        return self.payout_minor - self.staked_minor

    @property
    def commission(self) -> Fraction:
        """Total commission, in minor units."""
        return sum((s.commission for s in self.bets), Fraction(0))

    @property
    def rounded_away(self) -> Fraction:
        """Total rounded away, in minor units."""
        return sum((s.rounded_away for s in self.bets), Fraction(0))


def coup_payout(kind: BetKind, result: CoupResult, rules: Rules) -> Payout:
    """How a bet on ``kind`` ends on ``result``, read from the rules' compiled paytable.

    Raises:
        InvalidBet: A bet these rules do not offer.
    """
    table = rules.tables.bets.get(kind)
    if table is None:  # verify_bets refuses these; settle directly, and we check here
        allowed = ", ".join(k.value for k in rules.offered_bets)
        raise InvalidBet(
            f"{kind.value} is not offered at this table: the spots are {allowed}",
            code="not_offered",
            bet=kind.value,
            allowed=allowed,
        )
    if table.domain is Domain.PAIRS:
        return table.cells[pair_class(result.player_cards, result.banker_cards)]
    return table.cells[
        shape_index(
            result.player_total,
            result.banker_total,
            len(result.player_cards),
            len(result.banker_cards),
        )
    ]


def winning_ratio(kind: BetKind, result: CoupResult, rules: Rules) -> Fraction | None:
    """Winnings per unit if ``kind`` wins on ``result``; ``None`` if it does not win.

    Commission is already deducted.

    Raises:
        InvalidBet: A bet these rules do not offer.
    """
    payout = coup_payout(kind, result, rules)
    return payout.pays if payout.resolution is Resolution.WIN else None


def settle_bet(bet: Bet, result: CoupResult, rules: Rules) -> BetSettlement:
    """Settle one bet on a dealt coup, rounding winnings down to the minor unit."""
    stake = bet.stake_minor
    resolution, ratio, commission = coup_payout(bet.kind, result, rules)
    if resolution is Resolution.WIN:
        paid = winnings_minor(stake, ratio)
        return BetSettlement(
            bet, resolution, ratio, stake, paid, stake * commission, stake * ratio - paid
        )
    if resolution is Resolution.PUSH:
        return BetSettlement(bet, resolution, Fraction(0), stake, 0, Fraction(0), Fraction(0))
    return BetSettlement(bet, resolution, Fraction(0), 0, 0, Fraction(0), Fraction(0))


def settle(bets: Iterable[Bet], result: CoupResult, rules: Rules) -> Settlement:
    """Settle every bet of a round."""
    return Settlement(tuple(settle_bet(bet, result, rules) for bet in bets))


def verify_bets(
    bets: Iterable[Bet] | Mapping[BetKind, int],
    *,
    rules: Rules,
    limits: TableLimits,
    balance_minor: int,
) -> tuple[Bet, ...]:
    """Check a round's bets against the rules, the table limits and the balance.

    Several bets on the same spot are added together. Returns the bets, one per
    spot, in layout order.

    Raises:
        InvalidBet: No bet, an unknown spot (the message lists the spots these
            rules offer), a spot these rules do not offer, a stake that is not
            a positive ``int``, or a stake under
            the minimum or over the maximum (``code`` says which; ``params``
            hold the allowed range).
        InsufficientFunds: The stakes add up to more than the balance.
    """
    items = bets.items() if isinstance(bets, Mapping) else ((b.kind, b.stake_minor) for b in bets)
    offered = rules.offered_bets
    per_spot: dict[BetKind, int] = {}
    for kind, stake in items:
        try:
            bet = Bet(kind, stake)  # checks the spot's name and the stake's type and sign
        except InvalidBet as error:
            if error.code != "unknown_bet":
                raise
            # With the rules at hand, name only the spots this table offers.
            allowed = ", ".join(k.value for k in offered)
            raise InvalidBet(
                f"unknown bet {kind!r}: the spots are {allowed}",
                code="unknown_bet",
                bet=str(kind),
                allowed=allowed,
            ) from None
        per_spot[bet.kind] = per_spot.get(bet.kind, 0) + bet.stake_minor
    if not per_spot:
        raise InvalidBet("place at least one bet", code="no_bets")
    for kind, stake in per_spot.items():
        if kind not in offered:
            allowed = ", ".join(k.value for k in offered)
            raise InvalidBet(
                f"{kind.value} is not offered at this table: the spots are {allowed}",
                code="not_offered",
                bet=kind.value,
                allowed=allowed,
            )
        maximum = limits.maximum_for(kind)
        if stake < limits.minimum_minor:
            raise InvalidBet(
                f"the {kind.value} stake {format_minor(stake)} is under the table minimum "
                f"{format_minor(limits.minimum_minor)} (allowed: "
                f"{format_minor(limits.minimum_minor)} to {format_minor(maximum)})",
                code="below_minimum",
                bet=kind.value,
                stake=stake,
                minimum=limits.minimum_minor,
                maximum=maximum,
            )
        if stake > maximum:
            raise InvalidBet(
                f"the {kind.value} stake {format_minor(stake)} is over the table maximum "
                f"{format_minor(maximum)} (allowed: {format_minor(limits.minimum_minor)} "
                f"to {format_minor(maximum)})",
                code="above_maximum",
                bet=kind.value,
                stake=stake,
                minimum=limits.minimum_minor,
                maximum=maximum,
            )
    total = sum(per_spot.values())
    if total > balance_minor:
        raise InsufficientFunds(
            f"the bets total {format_minor(total)} but the balance is "
            f"{format_minor(balance_minor)}",
            code="insufficient_funds",
            total=total,
            balance=balance_minor,
        )
    return tuple(Bet(kind, per_spot[kind]) for kind in offered if kind in per_spot)


def can_place_bets(
    bets: Iterable[Bet] | Mapping[BetKind, int],
    *,
    rules: Rules,
    limits: TableLimits,
    balance_minor: int,
) -> bool:
    """Whether :func:`verify_bets` would accept these bets."""
    try:
        verify_bets(bets, rules=rules, limits=limits, balance_minor=balance_minor)
    except (InvalidBet, InsufficientFunds):
        return False
    return True


def place_bets(
    bets: Iterable[Bet] | Mapping[BetKind, int],
    *,
    rules: Rules,
    limits: TableLimits,
    balance_minor: int,
) -> tuple[Bet, ...]:
    """Check and take a round's bets: all of them, or (raising) none."""
    return verify_bets(bets, rules=rules, limits=limits, balance_minor=balance_minor)
