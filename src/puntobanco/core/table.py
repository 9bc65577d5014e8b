"""The table: one player's game as a state machine, for every front end.

A :class:`Table` holds the balance, the bets of the round in progress, the
last round's bets (for rebet and double), the shoe, the rules and the table
limits, and a bounded history of settled rounds. Every amount is an ``int``
in minor units. Its actions follow pokerkit's trio: ``verify_*`` raises
naming the problem, ``can_*`` answers ``True`` or ``False`` for a UI, and the
action itself acts and returns an immutable record.

A round goes through three phases (:class:`Phase`)::

    BETTING --place_bets / rebet / double--> PLACED --deal--> DEALT --settle--> BETTING

An action out of its phase raises :class:`~puntobanco.core.errors.WrongPhase`;
a refused action of any kind changes nothing: not the balance, not the bets,
not the shoe.

The stakes are held against the balance while the round is played, not taken
from it: the balance changes once a round, by the settlement's net, so that
between rounds ``balance_minor == starting_balance_minor + transferred_minor
+ net_minor`` (the sum of every settled round's net).

>>> from puntobanco.core.rng import SeededSource
>>> table = Table(Rules(), TableLimits(), balance_minor=10_000, source=SeededSource(2024))
>>> placed = table.place_bets({BetKind.BANKER: 1_000, BetKind.TIE: 100})
>>> table.phase, placed.staked_minor
(<Phase.PLACED: 'placed'>, 1100)
>>> result = table.deal()
>>> settlement = table.settle()
>>> result.outcome.value, settlement.net_minor, table.balance_minor
('player', -1100, 8900)
>>> table.rebet().bets == placed.bets
True

A server keeps no table in memory between requests. It builds one from what it
stored: ``Table(rules, limits, balance_minor=wallet, shoe=shoe, last_bets=bets,
rounds=n)``, where ``shoe`` is ``Shoe(rules, source)`` brought back to its
place with :meth:`Shoe.resume() <puntobanco.core.shoe.Shoe.resume>` (or a fresh
shoe when the last one is finished). Then it places the bets, deals and
settles, and persists the immutable records the actions return
(:class:`Placement`, the :class:`~puntobanco.core.coup.CoupResult`, the
:class:`~puntobanco.core.bets.Settlement`, or :class:`SettledRound` with all
three), with the shoe's :attr:`~puntobanco.core.shoe.Shoe.position` and
:attr:`~puntobanco.core.shoe.Shoe.rounds_in_shoe` for the next request.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from puntobanco.core.bets import Bet, Settlement, settle, verify_bets
from puntobanco.core.coup import CoupResult
from puntobanco.core.errors import (
    InsufficientFunds,
    InvalidBet,
    NoPreviousBets,
    WrongPhase,
)
from puntobanco.core.money import format_minor
from puntobanco.core.rng import ShuffleSource
from puntobanco.core.rules import BetKind, Rules, ShoeMode, TableLimits
from puntobanco.core.shoe import Shoe

__all__ = [
    "DEFAULT_HISTORY",
    "Bets",
    "Phase",
    "Placement",
    "SettledRound",
    "Table",
]

#: Bets as the table takes them: :class:`Bet` values, or stakes by spot.
Bets = Iterable[Bet] | Mapping[BetKind, int]

#: Settled rounds a table keeps by default: enough for a display of recent rounds,
#: and a fixed amount of memory however long the table is played.
DEFAULT_HISTORY = 100


class Phase(StrEnum):
    """Where a round stands."""

    BETTING = "betting"
    """No bets placed: bets (or a rebet, a double, a transfer) are taken."""
    PLACED = "placed"
    """The round's bets are placed: the cards are dealt next."""
    DEALT = "dealt"
    """The cards are dealt: the bets are settled next."""


@dataclass(frozen=True, slots=True)
class Placement:
    """The bets of one round, as the table took them.

    Attributes:
        number: The round's number at the table, from 1.
        bets: The bets, one per spot, in layout order.
        balance_minor: The balance the stakes are held against.
    """

    number: int
    bets: tuple[Bet, ...]
    balance_minor: int

    @property
    def staked_minor(self) -> int:
        """The stakes, added up."""
        return sum(bet.stake_minor for bet in self.bets)


@dataclass(frozen=True, slots=True)
class SettledRound:
    """One round, placed, dealt and settled.

    Attributes:
        number: The round's number at the table, from 1.
        bets: The bets, one per spot, in layout order.
        result: The coup, with its events for a step-by-step replay.
        settlement: Every bet settled.
        balance_before_minor: The balance before the round.
        balance_minor: The balance after the settlement.
        cut_card_out: The cut card came out in this round: the next round is
            the shoe's last.
        last_in_shoe: A cut-card shoe ended with this round: the next is dealt
            from a new shoe. (Always false in reshuffle mode, where every
            round has a shoe of its own.)
    """

    number: int
    bets: tuple[Bet, ...]
    result: CoupResult
    settlement: Settlement
    balance_before_minor: int
    balance_minor: int
    cut_card_out: bool
    last_in_shoe: bool

    @property
    def net_minor(self) -> int:
        """The player's gain (negative: loss) on the round."""
        return self.balance_minor - self.balance_before_minor


def _check_amount(name: str, value: object, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


class Table:
    """One player at one table: the game's state, with checked actions.

    Args:
        rules: The game's mathematics; the shoe's rules if a ``shoe`` is
            given, else the default :class:`Rules`.
        limits: The table's minimum and maximum per bet spot.
        balance_minor: The balance, in minor units.
        shoe: The shoe to deal from (for a shoe resumed from stored state, or
            an explicit one in tests); a new ``Shoe(rules, source)`` if omitted.
        source: The shuffle's randomness for a new shoe (the system's
            cryptographic generator by default); not with ``shoe``.
        last_bets: The previous round's bets, for :meth:`rebet` and
            :meth:`double` (when restoring a table).
        rounds: Rounds already settled at this table (when restoring it): the
            next round is number ``rounds + 1``.
        history: How many settled rounds to keep in :attr:`history` (the
            oldest are dropped); ``None`` keeps every one, and memory then
            grows with the rounds played. The running counts
            (:attr:`rounds`, :attr:`net_minor`) cover every round either way.

    Raises:
        TypeError: An amount that is not an ``int``.
        ValueError: A negative balance, round count or history; both ``shoe``
            and ``source``; a shoe that draws by another tableau than ``rules``.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        limits: TableLimits | None = None,
        *,
        balance_minor: int,
        shoe: Shoe | None = None,
        source: ShuffleSource | None = None,
        last_bets: Iterable[Bet] = (),
        rounds: int = 0,
        history: int | None = DEFAULT_HISTORY,
    ) -> None:
        _check_amount("balance_minor", balance_minor, minimum=0)
        _check_amount("rounds", rounds, minimum=0)
        if history is not None:
            _check_amount("history", history, minimum=0)
        if shoe is not None and source is not None:
            raise ValueError("give a shoe or a source for a new shoe, not both")
        if rules is None:
            rules = shoe.rules if shoe is not None else Rules()
        if shoe is None:
            shoe = Shoe(rules, source)
        elif shoe.rules.tableau != rules.tableau:
            raise ValueError("the shoe deals by another drawing table than these rules")
        self._rules = rules
        self._limits = limits if limits is not None else TableLimits()
        self._shoe = shoe
        self._starting = balance_minor
        self._balance = balance_minor
        self._transferred = 0
        self._net = 0
        self._rounds = rounds
        self._last_bets = tuple(Bet(bet.kind, bet.stake_minor) for bet in last_bets)
        self._history: deque[SettledRound] = deque(maxlen=history)
        self._last_round: SettledRound | None = None
        self._phase = Phase.BETTING
        self._placement: Placement | None = None
        self._result: CoupResult | None = None
        self._cut_card_out = False
        self._reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE

    # The state, read-only: it changes only through the actions below.

    @property
    def rules(self) -> Rules:
        """The game's mathematics."""
        return self._rules

    @property
    def limits(self) -> TableLimits:
        """The table's minimum and maximum per bet spot."""
        return self._limits

    @property
    def shoe(self) -> Shoe:
        """The shoe the rounds are dealt from."""
        return self._shoe

    @property
    def phase(self) -> Phase:
        """Where the round in progress stands."""
        return self._phase

    @property
    def balance_minor(self) -> int:
        """The balance; the stakes of a round in progress are held against it."""
        return self._balance

    @property
    def starting_balance_minor(self) -> int:
        """The balance the table was opened with."""
        return self._starting

    @property
    def transferred_minor(self) -> int:
        """Money moved in (positive) or out by :meth:`transfer`, added up."""
        return self._transferred

    @property
    def net_minor(self) -> int:
        """The nets of every round settled at this table, added up."""
        return self._net

    @property
    def rounds(self) -> int:
        """Rounds settled at this table (with those given when it was restored)."""
        return self._rounds

    @property
    def placement(self) -> Placement | None:
        """The round in progress's bets; ``None`` while betting."""
        return self._placement

    @property
    def pending_bets(self) -> tuple[Bet, ...]:
        """The round in progress's bets; empty while betting."""
        return self._placement.bets if self._placement is not None else ()

    @property
    def result(self) -> CoupResult | None:
        """The coup dealt and not yet settled; ``None`` in the other phases."""
        return self._result

    @property
    def last_bets(self) -> tuple[Bet, ...]:
        """The last settled round's bets (what :meth:`rebet` places again)."""
        return self._last_bets

    @property
    def history(self) -> tuple[SettledRound, ...]:
        """The settled rounds kept, oldest first (at most ``history`` of them)."""
        return tuple(self._history)

    @property
    def last_round(self) -> SettledRound | None:
        """The last round settled; ``None`` before the first."""
        return self._last_round

    @property
    def can_play(self) -> bool:
        """Whether the balance covers at least the table minimum."""
        return self._balance >= self._limits.minimum_minor

    # Placing bets.

    def _refuse_unless(self, phase: Phase, action: str) -> None:
        # The hot paths test the phase inline and call this only to raise.
        now = self._phase
        if now is phase:
            return
        if now is Phase.BETTING:
            raise WrongPhase(
                f"cannot {action}: no bets are placed; place bets first",
                code="no_bets_placed",
                action=action,
                phase=now.value,
            )
        if now is Phase.PLACED:
            raise WrongPhase(
                f"cannot {action}: this round's bets are placed; deal the cards next",
                code="bets_already_placed",
                action=action,
                phase=now.value,
            )
        raise WrongPhase(
            f"cannot {action}: the cards are dealt; settle the round first",
            code="round_not_settled",
            action=action,
            phase=now.value,
        )

    def verify_bets(self, bets: Bets) -> tuple[Bet, ...]:
        """Check a round's bets against the phase, the rules, the limits and the balance.

        Returns:
            The bets as they would be placed: one per spot (several bets on a
            spot are added together), in layout order.

        Raises:
            WrongPhase: A round is in progress.
            InvalidBet, InsufficientFunds: As
                :func:`~puntobanco.core.bets.verify_bets`.
        """
        if self._phase is not Phase.BETTING:
            self._refuse_unless(Phase.BETTING, "place bets")
        return verify_bets(
            bets, rules=self._rules, limits=self._limits, balance_minor=self._balance
        )

    def can_place_bets(self, bets: Bets) -> bool:
        """Whether :meth:`place_bets` would take these bets."""
        try:
            self.verify_bets(bets)
        except (WrongPhase, InvalidBet, InsufficientFunds):
            return False
        return True

    def place_bets(self, bets: Bets) -> Placement:
        """Take a round's bets: all of them, or (raising, as :meth:`verify_bets`) none."""
        return self._place(self.verify_bets(bets))

    def _place(self, checked: tuple[Bet, ...]) -> Placement:
        placement = Placement(self._rounds + 1, checked, self._balance)
        self._placement = placement
        self._phase = Phase.PLACED
        return placement

    def verify_rebet(self) -> tuple[Bet, ...]:
        """The last round's bets, checked like a fresh placement.

        Raises:
            NoPreviousBets: No round has been settled at this table.
            WrongPhase, InvalidBet, InsufficientFunds: As :meth:`verify_bets`.
        """
        self._refuse_unless(Phase.BETTING, "rebet")
        return self.verify_bets(self._previous("rebet"))

    def can_rebet(self) -> bool:
        """Whether :meth:`rebet` would place the last round's bets again."""
        try:
            self.verify_rebet()
        except (NoPreviousBets, WrongPhase, InvalidBet, InsufficientFunds):
            return False
        return True

    def rebet(self) -> Placement:
        """Place the last round's bets again (or, raising as :meth:`verify_rebet`, none)."""
        return self._place(self.verify_rebet())

    def verify_double(self) -> tuple[Bet, ...]:
        """The last round's bets with every stake doubled, checked like a fresh placement.

        Raises:
            NoPreviousBets: No round has been settled at this table.
            WrongPhase, InvalidBet, InsufficientFunds: As :meth:`verify_bets`
                (a doubled stake over the table maximum is refused whole).
        """
        self._refuse_unless(Phase.BETTING, "double")
        return self.verify_bets(
            [Bet(bet.kind, 2 * bet.stake_minor) for bet in self._previous("double")]
        )

    def can_double(self) -> bool:
        """Whether :meth:`double` would place the last round's bets doubled."""
        try:
            self.verify_double()
        except (NoPreviousBets, WrongPhase, InvalidBet, InsufficientFunds):
            return False
        return True

    def double(self) -> Placement:
        """Place the last round's bets doubled (or, raising as :meth:`verify_double`, none)."""
        return self._place(self.verify_double())

    def _previous(self, action: str) -> tuple[Bet, ...]:
        if not self._last_bets:
            raise NoPreviousBets(
                f"cannot {action}: there are no previous bets to repeat",
                code="no_rebet",
                action=action,
            )
        return self._last_bets

    # Dealing and settling.

    def verify_deal(self) -> None:
        """Raise :class:`~puntobanco.core.errors.WrongPhase` unless the bets are placed."""
        self._refuse_unless(Phase.PLACED, "deal")

    def can_deal(self) -> bool:
        """Whether :meth:`deal` would deal now."""
        return self._phase is Phase.PLACED

    def deal(self) -> CoupResult:
        """Deal the round from the shoe (a new shoe is shuffled first when one is due).

        Raises:
            WrongPhase: The bets are not placed, or the round is already dealt.
            ShoeExhausted: An explicit shoe ran out; the bets stay placed.
        """
        if self._phase is not Phase.PLACED:
            self._refuse_unless(Phase.PLACED, "deal")
        shoe = self._shoe
        result = shoe.deal_coup()
        self._cut_card_out = shoe.cut_card_out and not result.last_in_shoe
        self._result = result
        self._phase = Phase.DEALT
        return result

    def verify_settle(self) -> None:
        """Raise :class:`~puntobanco.core.errors.WrongPhase` unless the round is dealt."""
        self._refuse_unless(Phase.DEALT, "settle")

    def can_settle(self) -> bool:
        """Whether :meth:`settle` would settle now."""
        return self._phase is Phase.DEALT

    def settle(self) -> Settlement:
        """Settle the bets on the dealt coup and update the balance by the net.

        The settled round is added to :attr:`history` (see :attr:`last_round`).

        Raises:
            WrongPhase: The round is not dealt.
        """
        if self._phase is not Phase.DEALT:
            self._refuse_unless(Phase.DEALT, "settle")
        placement, result = self._placement, self._result
        assert placement is not None and result is not None, "the phase says both are there"
        settlement = settle(placement.bets, result, self._rules)
        before = self._balance
        net = settlement.net_minor
        self._balance = after = before + net
        assert after >= 0, "verify_bets keeps the stakes within the balance"
        self._net += net
        self._rounds += 1
        self._last_bets = placement.bets
        record = SettledRound(
            placement.number,
            placement.bets,
            result,
            settlement,
            before,
            after,
            self._cut_card_out,
            result.last_in_shoe and not self._reshuffle,
        )
        self._last_round = record
        self._history.append(record)
        self._placement = self._result = None
        self._phase = Phase.BETTING
        return settlement

    def play(self, bets: Bets) -> SettledRound:
        """Place ``bets``, deal and settle: one whole round, or (raising) nothing.

        Raises:
            WrongPhase, InvalidBet, InsufficientFunds: As :meth:`verify_bets`;
                nothing changed.
        """
        self.place_bets(bets)
        self.deal()
        self.settle()
        record = self._last_round
        assert record is not None
        return record

    # Money in and out.

    def transfer(self, amount_minor: int) -> int:
        """Move money onto the table (positive) or off it (negative), between rounds.

        Returns:
            The new balance.

        Raises:
            TypeError: ``amount_minor`` is not an ``int``.
            WrongPhase: A round is in progress.
            InsufficientFunds: More would be taken off than the balance holds.
        """
        if isinstance(amount_minor, bool) or not isinstance(amount_minor, int):
            raise TypeError(f"amount_minor must be an int, got {amount_minor!r}")
        self._refuse_unless(Phase.BETTING, "transfer money")
        if self._balance + amount_minor < 0:
            raise InsufficientFunds(
                f"cannot take {format_minor(-amount_minor)} off the table: "
                f"the balance is {format_minor(self._balance)}",
                code="transfer_exceeds_balance",
                amount=-amount_minor,
                balance=self._balance,
            )
        self._balance += amount_minor
        self._transferred += amount_minor
        return self._balance
