"""The terminal game's state machine, apart from any input or output.

A :class:`Session` holds the balance, the last round's bets, the shoe, the
scoreboard marks of the current shoe and the running totals of the session,
and nothing that grows with the number of rounds: the marks are cleared at
each new shoe (a cut-card shoe holds at most a few dozen rounds) or, when the
shoe is reshuffled every round, kept in a window of the last
:data:`RECENT_ROUNDS`. Every money amount is an int in minor units.

A round either happens completely or not at all: :meth:`Session.play_round`
checks the bets with :func:`~puntobanco.core.bets.verify_bets` before a card is
dealt, and raises (changing nothing) if they are refused.

>>> from puntobanco.core.rng import SeededSource
>>> session = Session(Rules(), TableLimits(), balance_minor=10_000, source=SeededSource(1))
>>> report = session.play_round([(BetKind.BANKER, 1_000)])
>>> session.balance_minor == 10_000 + report.settlement.net_minor
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from puntobanco.core.bets import Bet, Settlement, settle, verify_bets
from puntobanco.core.coup import Burn, CoupResult, Outcome
from puntobanco.core.errors import BaccaratError
from puntobanco.core.rng import ShuffleSource
from puntobanco.core.roads import RoundMark
from puntobanco.core.rules import BetKind, Rules, ShoeMode, TableLimits
from puntobanco.core.shoe import Shoe

#: Rounds kept on the scoreboard when every round has its own shoe.
RECENT_ROUNDS = 60


class NoPreviousBets(BaccaratError):
    """Rebet was asked for before any round was played."""


@dataclass(frozen=True, slots=True)
class NewShoe:
    """A shoe has just been shuffled (and burned, in cut-card mode)."""

    number: int
    """1 for the session's first shoe, and so on."""
    burn: Burn | None


@dataclass(frozen=True, slots=True)
class RoundReport:
    """One round, dealt and settled.

    Attributes:
        number: The round's number in the session, from 1.
        bets: The bets, one per spot, in layout order.
        result: The coup, with its events for a step-by-step replay.
        settlement: Every bet settled.
        balance_before_minor: The balance before the stakes were taken.
        balance_minor: The balance after the settlement.
        cut_card_out: The cut card came out in this round: the next round is
            the shoe's last.
        last_in_shoe: This round was the shoe's last.
    """

    number: int
    bets: tuple[Bet, ...]
    result: CoupResult
    settlement: Settlement
    balance_before_minor: int
    balance_minor: int
    cut_card_out: bool
    last_in_shoe: bool


@dataclass(slots=True)
class Totals:
    """Running totals of a session: a fixed set of numbers, whatever its length."""

    rounds: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    rounds_even: int = 0
    wagered_minor: int = 0
    won_minor: int = 0
    """Sum of the net gains of the rounds that gained."""
    lost_minor: int = 0
    """Sum of the net losses of the rounds that lost (a positive number)."""
    commission: Fraction = Fraction(0)
    """Commission paid, exactly, in minor units."""
    rounded_away: Fraction = Fraction(0)
    """Winnings rounded away, exactly, in minor units."""
    biggest_win_minor: int = 0
    biggest_win_round: int = 0
    banker_wins: int = 0
    player_wins: int = 0
    ties: int = 0

    @property
    def net_minor(self) -> int:
        """Won less lost."""
        return self.won_minor - self.lost_minor

    def add(self, number: int, result: CoupResult, settlement: Settlement) -> None:
        """Count one settled round."""
        self.rounds += 1
        self.wagered_minor += settlement.staked_minor
        net = settlement.net_minor
        if net > 0:
            self.rounds_won += 1
            self.won_minor += net
            if net > self.biggest_win_minor:
                self.biggest_win_minor, self.biggest_win_round = net, number
        elif net < 0:
            self.rounds_lost += 1
            self.lost_minor -= net
        else:
            self.rounds_even += 1
        self.commission += settlement.commission
        self.rounded_away += settlement.rounded_away
        if result.outcome is Outcome.BANKER:
            self.banker_wins += 1
        elif result.outcome is Outcome.PLAYER:
            self.player_wins += 1
        else:
            self.ties += 1


class Session:
    """One player at one table: the game's whole state.

    Args:
        rules: The game's mathematics.
        limits: The table's minimum and maximum per bet spot.
        balance_minor: The starting balance, in minor units.
        source: The shuffle's randomness (a seeded source makes the game
            reproducible); the system's cryptographic generator by default.
    """

    def __init__(
        self,
        rules: Rules,
        limits: TableLimits,
        *,
        balance_minor: int,
        source: ShuffleSource | None = None,
    ) -> None:
        if isinstance(balance_minor, bool) or not isinstance(balance_minor, int):
            raise TypeError(f"balance_minor must be an int, got {balance_minor!r}")
        if balance_minor < 0:
            raise ValueError(f"balance_minor must not be negative, got {balance_minor}")
        self.rules = rules
        self.limits = limits
        self.starting_balance_minor = balance_minor
        self.balance_minor = balance_minor
        self.shoe = Shoe(rules, source)
        self.last_bets: tuple[Bet, ...] = ()
        self.explain = False
        self.totals = Totals()
        self.shoes = 0
        self.last_round_next = False
        self._reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
        self.marks: deque[RoundMark] = deque(maxlen=RECENT_ROUNDS if self._reshuffle else None)

    @property
    def can_play(self) -> bool:
        """Whether the balance covers at least the table minimum."""
        return self.balance_minor >= self.limits.minimum_minor

    def start_shoe_if_needed(self) -> NewShoe | None:
        """Shuffle (and burn) a new shoe if the last one is finished.

        Called before the bets of a round, so that the burn can be shown first.
        In reshuffle mode every round has a fresh shoe, silently: it is not news.
        """
        if not self.shoe.needs_new_shoe:
            return None
        burn = self.shoe.shuffle()
        self.last_round_next = False
        if self._reshuffle:
            return None
        self.shoes += 1
        self.marks.clear()
        return NewShoe(self.shoes, burn)

    def check_bets(self, bets: Iterable[tuple[BetKind, int]] | Iterable[Bet]) -> tuple[Bet, ...]:
        """The bets as :func:`~puntobanco.core.bets.verify_bets` accepts them, or it raises."""
        # Bet() refuses a zero or negative stake, before anything is changed.
        as_bets = [b if isinstance(b, Bet) else Bet(*b) for b in bets]
        return verify_bets(
            as_bets,
            rules=self.rules,
            limits=self.limits,
            balance_minor=self.balance_minor,
        )

    def rebet(self) -> tuple[Bet, ...]:
        """The previous round's bets, checked again against today's balance.

        Raises:
            NoPreviousBets: No round has been played yet.
            InvalidBet, InsufficientFunds: As :meth:`check_bets`.
        """
        if not self.last_bets:
            raise NoPreviousBets("there are no previous bets to repeat", code="no_rebet")
        return self.check_bets(self.last_bets)

    def play_round(self, bets: Iterable[tuple[BetKind, int]] | Iterable[Bet]) -> RoundReport:
        """Check the bets, deal one round, settle it and update the balance.

        Raises:
            InvalidBet, InsufficientFunds: The bets were refused; nothing changed.
        """
        checked = self.check_bets(bets)
        self.start_shoe_if_needed()
        before = self.balance_minor
        result = self.shoe.deal_coup()
        settlement = settle(checked, result, self.rules)
        self.balance_minor = before - settlement.staked_minor + settlement.payout_minor
        assert self.balance_minor >= 0, "verify_bets keeps the stakes within the balance"
        self.last_bets = checked
        number = self.totals.rounds + 1
        self.totals.add(number, result, settlement)
        self.marks.append(RoundMark.of(result))
        cut_card_out = self.shoe.cut_card_out and not result.last_in_shoe
        self.last_round_next = cut_card_out
        return RoundReport(
            number=number,
            bets=checked,
            result=result,
            settlement=settlement,
            balance_before_minor=before,
            balance_minor=self.balance_minor,
            cut_card_out=cut_card_out,
            last_in_shoe=result.last_in_shoe and not self._reshuffle,
        )
