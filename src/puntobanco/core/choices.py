"""The choices of Chemin de fer and Baccarat Banque: choice points, strategies, deciders.

In the classical games the Player may draw or stand on 5, and the Banker may
choose in the cells his :class:`~puntobanco.core.rules.BankerRule` leaves free;
everything else is Punto Banco's tableau. The coup
(:func:`puntobanco.core.coup.play_coup`) asks a :class:`Choices` at each
choice point and records the answer as a ``CHOICE`` event.

A :class:`Strategy` is the fixed-table form every part can share (the solver's
answer, a computer player's play, a simulation's setting): the probability that
the Player draws on 5, and for each free Banker cell the probability that the
Banker draws, as exact fractions. :meth:`Strategy.decider` turns it into the
callable the coup asks, drawing a mixed choice from a random source of its own.

>>> from fractions import Fraction
>>> from puntobanco.core.rules import RULE_CARD
>>> s = Strategy.pure(RULE_CARD, player_draws=True, banker_draws={(3, 9): False, (5, 4): True})
>>> s.player_draw, s.banker_draw(5, 4), s.is_pure
(Fraction(1, 1), Fraction(1, 1), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol

from puntobanco.core.errors import InvalidRules
from puntobanco.core.rng import RandomSource
from puntobanco.core.rules import (
    PLAYER_OPTION_TOTALS,
    BankerCell,
    BankerRule,
    to_fraction,
)
from puntobanco.core.tableau import PLAYER_STOOD, STOOD

#: The side names of a :class:`ChoicePoint` (the values of ``core.coup.Side``).
PLAYER = "player"
BANKER = "banker"


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """Where a side chooses: what that side knows when it decides.

    Attributes:
        side: ``"player"`` or ``"banker"``.
        total: The side's two-card total.
        player_third: For the Banker: the Player's third card value (0-9) or
            :data:`~puntobanco.core.tableau.PLAYER_STOOD`; ``None`` for the Player.
    """

    side: str
    total: int
    player_third: int | None = None


#: What the coup asks at a choice point: ``True`` to draw, ``False`` to stand.
Decide = Callable[[ChoicePoint], bool]


@dataclass(frozen=True, slots=True)
class Choices:
    """The choice points of a coup and who decides them.

    Attributes:
        banker_rule: The Banker's free cells (the rest is the tableau's).
        decide: Asked at each choice point; returns whether the side draws.
        player_totals: The Player's totals with an option (5 in both games).
    """

    banker_rule: BankerRule
    decide: Decide
    player_totals: frozenset[int] = frozenset(PLAYER_OPTION_TOTALS)

    def player_free(self, total: int) -> bool:
        """Whether the Player chooses on ``total``."""
        return total in self.player_totals

    def banker_free(self, total: int, player_third: int) -> bool:
        """Whether the Banker chooses with ``total`` against ``player_third``."""
        return self.banker_rule.is_free(total, player_third)


class Recorded(Protocol):
    """A recorded decision, as a coup's ``CHOICE`` event holds it (other events: no ``draws``)."""

    @property
    def side(self) -> Any:
        """The side that chose (``core.coup.Side``, a ``str``)."""

    @property
    def total(self) -> int | None:
        """Its two-card total."""

    @property
    def player_third(self) -> int | None:
        """For the Banker: the Player's third card, or ``PLAYER_STOOD``."""

    @property
    def draws(self) -> bool | None:
        """Whether it drew (``None``: not a choice)."""


def replay(banker_rule: BankerRule, events: Iterable[Recorded]) -> Choices:
    """:class:`Choices` that give back a coup's recorded decisions, in order.

    Dealt the same cards, the coup then takes the same path, so that a stored
    round can be replayed (and verified) without the strategy or the random
    draws that made its choices.

    Raises:
        InvalidRules: When asked, a choice point that is not the next recorded
            one, or one more than were recorded (``code="replay_mismatch"``).
    """
    recorded = [e for e in events if e.draws is not None]
    position = 0

    def decide(point: ChoicePoint) -> bool:
        nonlocal position
        expected = recorded[position] if position < len(recorded) else None
        third = point.player_third if point.side == BANKER else None
        if (
            expected is None
            or str(expected.side) != point.side
            or expected.total != point.total
            or (expected.player_third if point.side == BANKER else None) != third
        ):
            raise InvalidRules(
                f"the recorded decisions do not match the coup at decision {position + 1}",
                code="replay_mismatch",
                position=position + 1,
            )
        position += 1
        return bool(expected.draws)

    return Choices(banker_rule, decide)


def cell_name(cell: BankerCell) -> str:
    """A cell as text: ``5/4``, ``6/stood``.

    >>> cell_name((5, 4)), cell_name((6, PLAYER_STOOD))
    ('5/4', '6/stood')
    """
    total, third = cell
    return f"{total}/{STOOD if third == PLAYER_STOOD else third}"


def parse_cell(key: Any) -> BankerCell:
    """A Banker cell from a pair, or text written as :func:`cell_name` writes it.

    Raises:
        InvalidRules: Not a cell (``code="banker_cell"``).
    """
    if isinstance(key, str):
        total_text, sep, third_text = key.partition("/")
        third_text = third_text.strip()
        if sep and total_text.strip().isdigit() and (third_text.isdigit() or third_text == STOOD):
            third = PLAYER_STOOD if third_text == STOOD else int(third_text)
            key = (int(total_text), third)
    if (
        isinstance(key, tuple)
        and len(key) == 2
        and all(type(v) is int for v in key)
        and 0 <= key[0] <= 9
        and 0 <= key[1] <= PLAYER_STOOD
    ):
        return (key[0], key[1])
    raise InvalidRules(
        "a Banker cell is his total and the Player's third card, such as 5/4 or 6/stood, "
        f"got {key!r}",
        code="banker_cell",
        value=repr(key),
    )


def _probability(value: Any, name: str) -> Fraction:
    if isinstance(value, bool):
        value = int(value)
    probability = to_fraction(value, name)
    if not 0 <= probability <= 1:
        raise InvalidRules(
            f"the probability of drawing at {name} must be from 0 to 1, got {probability}",
            code="strategy_probability",
            name=name,
            value=str(probability),
        )
    return probability


@dataclass(frozen=True, slots=True)
class Strategy:
    """Both sides' play in the free cells: probabilities of drawing, exact.

    Build one with :meth:`make` (or :meth:`pure`), which checks it against the
    Banker rule: every free cell must be given, and no other.

    Attributes:
        banker_rule: The rule whose free cells the strategy covers.
        player_draw: The probability that the Player draws on 5.
        banker: The probability that the Banker draws, for each free cell.
    """

    banker_rule: BankerRule
    player_draw: Fraction
    banker: Mapping[BankerCell, Fraction]

    @classmethod
    def make(
        cls,
        banker_rule: BankerRule,
        *,
        player_draw: Any,
        banker_draw: Mapping[Any, Any],
    ) -> Strategy:
        """A strategy from exact probabilities (ints, text such as ``"9/11"``, Fractions).

        Args:
            banker_rule: The Banker's free cells.
            player_draw: The Player's probability of drawing on 5.
            banker_draw: For each free cell (a pair or ``"5/4"``), the
                Banker's probability of drawing.

        Raises:
            InvalidRules: A free cell missing (``strategy_missing``, naming
                them), a cell the rule does not leave free
                (``strategy_not_free``), or a probability outside 0-1.
        """
        chosen: dict[BankerCell, Fraction] = {}
        for key, value in banker_draw.items():
            cell = parse_cell(key)
            if not banker_rule.is_free(*cell):
                allowed = ", ".join(cell_name(c) for c in banker_rule.cells)
                raise InvalidRules(
                    f"the Banker has no choice at {cell_name(cell)} under the {banker_rule.name} "
                    f"rule: its free cells are {allowed}",
                    code="strategy_not_free",
                    cell=cell_name(cell),
                    rule=banker_rule.name,
                    allowed=allowed,
                )
            chosen[cell] = _probability(value, cell_name(cell))
        missing = [cell_name(c) for c in banker_rule.cells if c not in chosen]
        if missing:
            raise InvalidRules(
                f"the strategy gives no choice for the Banker's free cell(s) {', '.join(missing)}",
                code="strategy_missing",
                cells=", ".join(missing),
                rule=banker_rule.name,
            )
        return cls(
            banker_rule,
            _probability(player_draw, "player 5"),
            MappingProxyType({cell: chosen[cell] for cell in banker_rule.cells}),
        )

    @classmethod
    def pure(
        cls, banker_rule: BankerRule, *, player_draws: bool, banker_draws: Mapping[Any, bool]
    ) -> Strategy:
        """A strategy without mixing: draw or stand at each choice point."""
        return cls.make(banker_rule, player_draw=int(player_draws), banker_draw=banker_draws)

    def banker_draw(self, total: int, player_third: int) -> Fraction:
        """The Banker's probability of drawing at a free cell.

        Raises:
            InvalidRules: The cell is not free (``code="strategy_not_free"``).
        """
        try:
            return self.banker[(total, player_third)]
        except KeyError:
            allowed = ", ".join(cell_name(c) for c in self.banker_rule.cells)
            name = cell_name((total, player_third))
            raise InvalidRules(
                f"the Banker has no choice at {name} under the {self.banker_rule.name} rule: "
                f"its free cells are {allowed}",
                code="strategy_not_free",
                cell=name,
                rule=self.banker_rule.name,
                allowed=allowed,
            ) from None

    @property
    def is_pure(self) -> bool:
        """Whether every choice is certain (no random source needed to play it)."""
        return all(p in (0, 1) for p in (self.player_draw, *self.banker.values()))

    def probability(self, point: ChoicePoint) -> Fraction:
        """The probability of drawing at ``point``.

        Raises:
            InvalidRules: A choice point the rules do not allow
                (``strategy_not_free``, or ``player_no_choice`` for the Player).
        """
        if point.side == PLAYER:
            if point.total not in PLAYER_OPTION_TOTALS:
                raise InvalidRules(
                    f"the Player has no choice on {point.total}: he chooses only on "
                    + ", ".join(str(t) for t in PLAYER_OPTION_TOTALS),
                    code="player_no_choice",
                    total=point.total,
                    allowed=", ".join(str(t) for t in PLAYER_OPTION_TOTALS),
                )
            return self.player_draw
        third = PLAYER_STOOD if point.player_third is None else point.player_third
        return self.banker_draw(point.total, third)

    def decider(self, source: RandomSource | None = None) -> Decide:
        """The callable the coup asks, drawing each mixed choice from ``source``.

        A choice with probability ``a/b`` draws when ``source.randbelow(b) < a``:
        one draw per mixed choice, none for a certain one, so that a pure
        strategy needs no source and a seeded source replays the same choices.

        Raises:
            InvalidRules: The strategy mixes and no source is given
                (``code="strategy_needs_source"``).
        """
        if source is None and not self.is_pure:
            raise InvalidRules(
                "a mixed strategy needs a random source to draw its choices from",
                code="strategy_needs_source",
            )

        def decide(point: ChoicePoint) -> bool:
            probability = self.probability(point)
            if probability in (0, 1):
                return probability == 1
            assert source is not None
            return source.randbelow(probability.denominator) < probability.numerator

        return decide

    def choices(self, source: RandomSource | None = None) -> Choices:
        """The :class:`Choices` a coup takes to play this strategy."""
        return Choices(self.banker_rule, self.decider(source))

    def to_json(self) -> dict[str, Any]:
        """The strategy as JSON: probabilities written as ``str(Fraction)``."""
        return {
            "banker_rule": self.banker_rule.name,
            "player_draw_on_5": str(self.player_draw),
            "banker_draw": {cell_name(c): str(p) for c, p in self.banker.items()},
        }
