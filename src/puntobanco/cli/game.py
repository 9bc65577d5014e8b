"""The terminal game's state, apart from any input or output.

A :class:`Session` is a :class:`~puntobanco.core.table.Table` (the balance,
the bets, rebet, dealing and settling: the game's rules of play, shared with
every front end) plus what only the terminal shows: the scoreboard marks of
the current shoe, the shoe count and the running totals of the session.
Nothing in it grows with the number of rounds: the table keeps no history
here, the marks are cleared at each new shoe (a cut-card shoe holds at most a
few dozen rounds) or, when the shoe is reshuffled every round, kept in a
window of the last :data:`RECENT_ROUNDS`. Every money amount is an int in
minor units.

A round either happens completely or not at all: :meth:`Session.play_round`
has the table check the bets before a card is dealt, and raises (changing
nothing) if they are refused.

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

from puntobanco.core.bets import Bet, Settlement
from puntobanco.core.coup import Burn, CoupResult, Outcome
from puntobanco.core.errors import NoPreviousBets
from puntobanco.core.rng import ShuffleSource
from puntobanco.core.roads import RoundMark
from puntobanco.core.rules import BetKind, Rules, ShoeMode, TableLimits
from puntobanco.core.shoe import Shoe
from puntobanco.core.table import SettledRound, Table

__all__ = ["RECENT_ROUNDS", "NewShoe", "NoPreviousBets", "RoundReport", "Session", "Totals"]

#: Rounds kept on the scoreboard when every round has its own shoe.
RECENT_ROUNDS = 60

#: One round, dealt and settled: the table's own record (see
#: :class:`~puntobanco.core.table.SettledRound`).
RoundReport = SettledRound


@dataclass(frozen=True, slots=True)
class NewShoe:
    """A shoe has just been shuffled (and burned, in cut-card mode)."""

    number: int
    """1 for the session's first shoe, and so on."""
    burn: Burn | None


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
    """One player at one table: a core :class:`~puntobanco.core.table.Table` and its display.

    Args:
        rules: The game's mathematics.
        limits: The table's minimum and maximum per bet spot.
        balance_minor: The starting balance, in minor units.
        source: The shuffle's randomness (a seeded source makes the game
            reproducible); the system's cryptographic generator by default.

    Raises:
        TypeError, ValueError: ``balance_minor`` is not an int, or negative.
    """

    def __init__(
        self,
        rules: Rules,
        limits: TableLimits,
        *,
        balance_minor: int,
        source: ShuffleSource | None = None,
    ) -> None:
        # history=0: the terminal shows the marks and the totals, kept below, not past rounds.
        self.table = Table(rules, limits, balance_minor=balance_minor, source=source, history=0)
        self.rules = rules
        self.limits = limits
        self.starting_balance_minor = balance_minor
        self.explain = False
        self.totals = Totals()
        self.shoes = 0
        self.last_round_next = False
        self._reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
        self.marks: deque[RoundMark] = deque(maxlen=RECENT_ROUNDS if self._reshuffle else None)

    @property
    def shoe(self) -> Shoe:
        """The table's shoe."""
        return self.table.shoe

    @property
    def balance_minor(self) -> int:
        """The table's balance."""
        return self.table.balance_minor

    @balance_minor.setter
    def balance_minor(self, value: int) -> None:
        # For tools and tests: the difference is moved on or off the table, between rounds.
        self.table.transfer(value - self.table.balance_minor)

    @property
    def last_bets(self) -> tuple[Bet, ...]:
        """The previous round's bets, one per spot."""
        return self.table.last_bets

    @property
    def can_play(self) -> bool:
        """Whether the balance covers at least the table minimum."""
        return self.table.can_play

    def start_shoe_if_needed(self) -> NewShoe | None:
        """Shuffle (and burn) a new shoe if the last one is finished.

        Called before the bets of a round, so that the burn can be shown first.
        In reshuffle mode every round has a fresh shoe, silently: it is not news.
        """
        shoe = self.table.shoe
        if not shoe.needs_new_shoe:
            return None
        burn = shoe.shuffle()
        self.last_round_next = False
        if self._reshuffle:
            return None
        self.shoes += 1
        self.marks.clear()
        return NewShoe(self.shoes, burn)

    def check_bets(self, bets: Iterable[tuple[BetKind, int]] | Iterable[Bet]) -> tuple[Bet, ...]:
        """The bets as the table would place them, or it raises (see :meth:`Table.verify_bets`)."""
        # Bet() refuses a zero or negative stake, before anything is changed.
        return self.table.verify_bets([b if isinstance(b, Bet) else Bet(*b) for b in bets])

    def rebet(self) -> tuple[Bet, ...]:
        """The previous round's bets, checked again against today's balance.

        Raises:
            NoPreviousBets: No round has been played yet.
            InvalidBet, InsufficientFunds: As :meth:`check_bets`.
        """
        return self.table.verify_rebet()

    def play_round(self, bets: Iterable[tuple[BetKind, int]] | Iterable[Bet]) -> RoundReport:
        """Check the bets, deal one round, settle it and update the balance.

        Raises:
            InvalidBet, InsufficientFunds: The bets were refused; nothing changed.
        """
        table = self.table
        table.place_bets([b if isinstance(b, Bet) else Bet(*b) for b in bets])
        self.start_shoe_if_needed()
        table.deal()
        table.settle()
        report = table.last_round
        assert report is not None, "a round was just settled"
        self.totals.add(report.number, report.result, report.settlement)
        self.marks.append(RoundMark.of(report.result))
        self.last_round_next = report.cut_card_out
        return report
