"""What each bet pays, as data: payout legs over the classes of a coup.

A bet's paytable is a short list of :class:`Leg` values, read in order: the
first leg whose :class:`Condition` matches the coup decides the bet (win with
its exact ratio, or push); a coup that no leg matches loses the bet. The legs
are built from :class:`~puntobanco.core.rules.Rules` by :func:`bet_legs`, and
nowhere else.

Conditions never look at the cards themselves, only at the coup's *class*,
so that every reader can price a bet from the same small table:

* its **shape** (:data:`SHAPES` of them): both final totals and how many cards
  each side holds — enough for the winner, the winning total, naturals, the
  margin and the number of cards dealt;
* its **pairs** (:data:`PAIR_CLASSES`): whether each side's first two cards
  are a pair of ranks.

A leg reads one of the two, never both: the shape comes from point values and
the pairs from ranks, and an analyzer can price each from its own
distribution. No bet on the layout needs both.

>>> legs = bet_legs(Rules())[BetKind.BANKER]
>>> [leg.describe() for leg in legs]
['banker wins: wins 19/20 (commission 1/20)', 'tie: push']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple

from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InvalidRules
from puntobanco.core.rules import BetKind, Rules


class Resolution(StrEnum):
    """How a bet ended. A stake is exactly one of these."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class Domain(StrEnum):
    """What a bet's legs look at."""

    SHAPE = "shape"
    """The totals and the number of cards of each side."""
    PAIRS = "pairs"
    """Whether each side's first two cards are a pair."""


#: Cards a side may hold.
HAND_SIZES = (2, 3)
#: Classes of coup shape: 10 x 10 totals x 2 x 2 hand sizes.
SHAPES = 400
#: Classes of first-two-card pairs: the Player's and the Banker's, each yes or no.
PAIR_CLASSES = 4


class Shape(NamedTuple):
    """The final totals and the hand sizes of a coup."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int


class Pairs(NamedTuple):
    """Whether each side's first two cards have the same rank."""

    player: bool
    banker: bool


def shape_index(player_total: int, banker_total: int, player_cards: int, banker_cards: int) -> int:
    """The index (0 to :data:`SHAPES` - 1) of a coup's shape.

    ``((player_cards - 2) * 2 + banker_cards - 2) * 100 + player_total * 10 + banker_total``:
    the kernels compute the same number.

    >>> shape_index(7, 5, 3, 2), shape_of(shape_index(7, 5, 3, 2))
    (275, Shape(player_total=7, banker_total=5, player_cards=3, banker_cards=2))
    """
    return ((player_cards - 2) * 2 + banker_cards - 2) * 100 + player_total * 10 + banker_total


def shape_of(index: int) -> Shape:
    """The shape with this index (the inverse of :func:`shape_index`)."""
    sizes, totals = divmod(index, 100)
    return Shape(totals // 10, totals % 10, 2 + sizes // 2, 2 + sizes % 2)


def pair_index(player_pair: bool, banker_pair: bool) -> int:
    """The index (0 to 3) of a coup's pairs: ``player_pair * 2 + banker_pair``."""
    return int(player_pair) * 2 + int(banker_pair)


def pairs_of(index: int) -> Pairs:
    """The pairs with this index (the inverse of :func:`pair_index`)."""
    return Pairs(bool(index // 2), bool(index % 2))


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """When a leg applies: every field that is set must hold (``None`` means any).

    Attributes:
        outcome: Who won, or a tie.
        winning_total: The winner's total (on a tie, the tied total).
        winning_cards: How many cards the winner holds (on a tie, the Banker).
        natural: Whether the winning hand is a natural (on a tie: the tied hands).
        margin: The winner's total less the loser's (0 on a tie).
        cards_dealt: Cards the coup took, 4 to 6.
        player_pair: The Player's first two cards are a pair (a pairs leg).
        banker_pair: The Banker's first two cards are a pair (a pairs leg).
    """

    outcome: Outcome | None = None
    winning_total: int | None = None
    winning_cards: int | None = None
    natural: bool | None = None
    margin: int | None = None
    cards_dealt: int | None = None
    player_pair: bool | None = None
    banker_pair: bool | None = None

    @property
    def domain(self) -> Domain:
        """Whether this condition reads the coup's shape or its pairs."""
        if self.player_pair is None and self.banker_pair is None:
            return Domain.SHAPE
        if any(getattr(self, name) is not None for name in _SHAPE_FIELDS):
            raise InvalidRules(
                f"a leg reads either the coup's shape or its pairs, not both: {self!r}",
                code="leg_domain",
                value=repr(self),
            )
        return Domain.PAIRS

    def matches_shape(self, shape: Shape, naturals: tuple[bool, ...]) -> bool:
        """Whether a coup of this shape meets the condition (``naturals`` as in the tableau)."""
        player, banker, player_cards, banker_cards = shape
        outcome = (
            Outcome.PLAYER
            if player > banker
            else Outcome.BANKER
            if banker > player
            else Outcome.TIE
        )
        if outcome is Outcome.PLAYER:
            winning, losing, cards = player, banker, player_cards
        else:
            winning, losing, cards = banker, player, banker_cards
        # A two-card total that is a natural always ends the coup on four cards.
        natural = cards == 2 and naturals[winning]
        return (
            (self.outcome is None or self.outcome is outcome)
            and (self.winning_total is None or self.winning_total == winning)
            and (self.winning_cards is None or self.winning_cards == cards)
            and (self.natural is None or self.natural == natural)
            and (self.margin is None or self.margin == winning - losing)
            and (self.cards_dealt is None or self.cards_dealt == player_cards + banker_cards)
        )

    def matches_pairs(self, pairs: Pairs) -> bool:
        """Whether a coup with these pairs meets the condition."""
        return (self.player_pair is None or self.player_pair == pairs.player) and (
            self.banker_pair is None or self.banker_pair == pairs.banker
        )

    def to_json(self) -> dict[str, Any]:
        """The fields that are set."""
        return {
            f.name: (value.value if isinstance(value, Outcome) else value)
            for f in fields(self)
            if (value := getattr(self, f.name)) is not None
        }

    def describe(self) -> str:
        """A short English description, for logs and doctests (players read explain.py's)."""
        parts: list[str] = []
        if self.outcome is not None:
            parts.append("tie" if self.outcome is Outcome.TIE else f"{self.outcome.value} wins")
        words = {
            "winning_total": "with {}",
            "winning_cards": "on {} cards",
            "natural": "natural: {}",
            "margin": "by {}",
            "cards_dealt": "{} cards dealt",
            "player_pair": "player pair: {}",
            "banker_pair": "banker pair: {}",
        }
        parts += [
            template.format(getattr(self, name))
            for name, template in words.items()
            if getattr(self, name) is not None
        ]
        return ", ".join(parts) or "always"


_SHAPE_FIELDS = ("outcome", "winning_total", "winning_cards", "natural", "margin", "cards_dealt")


@dataclass(frozen=True, slots=True)
class Leg:
    """One line of a bet's paytable.

    Attributes:
        when: The coups this leg applies to.
        resolution: :attr:`Resolution.WIN` or :attr:`Resolution.PUSH`.
        pays: Winnings per unit staked, after commission (a win).
        commission: The house's commission per unit staked, already taken from
            ``pays`` (shown in the settlement).
    """

    when: Condition
    resolution: Resolution
    pays: Fraction = Fraction(0)
    commission: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        """The leg as JSON, ratios written as ``str(Fraction)``."""
        return {
            "when": self.when.to_json(),
            "resolution": self.resolution.value,
            "pays": str(self.pays),
            "commission": str(self.commission),
        }

    def describe(self) -> str:
        """A short English description, for logs and doctests."""
        if self.resolution is Resolution.PUSH:
            return f"{self.when.describe()}: push"
        commission = f" (commission {self.commission})" if self.commission else ""
        return f"{self.when.describe()}: wins {self.pays}{commission}"


def bet_legs(rules: Rules) -> Mapping[BetKind, tuple[Leg, ...]]:
    """The paytable of every bet ``rules`` offer, in layout order.

    >>> [leg.describe() for leg in bet_legs(Rules(tie_pays=9))[BetKind.TIE]]
    ['tie: wins 9']
    """
    push_on_tie = Leg(Condition(outcome=Outcome.TIE), Resolution.PUSH)
    banker: list[Leg] = []
    if rules.banker_six_pays is not None:
        banker.append(
            Leg(
                Condition(outcome=Outcome.BANKER, winning_total=6),
                Resolution.WIN,
                rules.banker_six_pays,
            )
        )
    banker += [
        Leg(
            Condition(outcome=Outcome.BANKER),
            Resolution.WIN,
            rules.banker_pays,
            rules.banker_commission,
        ),
        push_on_tie,
    ]
    legs: dict[BetKind, tuple[Leg, ...]] = {
        BetKind.PLAYER: (
            Leg(Condition(outcome=Outcome.PLAYER), Resolution.WIN, rules.player_pays),
            push_on_tie,
        ),
        BetKind.BANKER: tuple(banker),
        BetKind.TIE: (Leg(Condition(outcome=Outcome.TIE), Resolution.WIN, rules.tie_pays),),
    }
    if rules.pair_pays is not None:
        legs[BetKind.PLAYER_PAIR] = (
            Leg(Condition(player_pair=True), Resolution.WIN, rules.pair_pays),
        )
        legs[BetKind.BANKER_PAIR] = (
            Leg(Condition(banker_pair=True), Resolution.WIN, rules.pair_pays),
        )
    return {kind: legs[kind] for kind in rules.offered_bets}
