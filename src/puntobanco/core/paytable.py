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
  are a pair of ranks, a pair of the same rank and suit (a *suited* pair), or
  neither, and whether both sides paired on the same rank.

A leg reads one of the two, never both: the shape comes from point values and
the pairs from the first four cards' ranks and suits, and an analyzer can price
each from its own distribution. No bet on the layout needs both.

>>> legs = bet_legs(Rules())[BetKind.BANKER]
>>> [leg.describe() for leg in legs]
['banker wins: wins 19/20 (commission 1/20)', 'tie: push']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import IntEnum, StrEnum
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from puntobanco.core.cards import Card
from puntobanco.core.coup import Outcome
from puntobanco.core.errors import InvalidRules
from puntobanco.core.rules import EGALITE_BETS, BetKind, Rules


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
#: Classes of first-two-card pairs: the Player's and the Banker's :class:`PairKind`
#: (3 x 3), and whether both paired on the same rank (2). The six classes that
#: say "same rank" without both sides paired never occur (probability 0).
PAIR_CLASSES = 18
#: The coarser classes that only say whether each side's two cards pair by rank
#: (:func:`rank_pair_index`), which the simulation tallies.
RANK_PAIR_CLASSES = 4


class Shape(NamedTuple):
    """The final totals and the hand sizes of a coup."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int


class PairKind(IntEnum):
    """What a side's first two cards are."""

    NONE = 0
    """Two ranks."""
    PAIR = 1
    """Two cards of one rank and different suits."""
    SUITED = 2
    """Two cards of the same rank and suit (a *perfect* pair; possible with several decks)."""


class Pairs(NamedTuple):
    """Each side's :class:`PairKind`, and whether both sides paired on one rank."""

    player: PairKind
    banker: PairKind
    same_rank: bool = False

    @property
    def player_pair(self) -> bool:
        """The Player's first two cards have the same rank (suited or not)."""
        return self.player is not PairKind.NONE

    @property
    def banker_pair(self) -> bool:
        """The Banker's first two cards have the same rank (suited or not)."""
        return self.banker is not PairKind.NONE

    @property
    def pairs(self) -> int:
        """How many sides' first two cards pair (0 to 2)."""
        return int(self.player_pair) + int(self.banker_pair)

    @property
    def suited_pairs(self) -> int:
        """How many sides' first two cards are a suited pair (0 to 2)."""
        return int(self.player is PairKind.SUITED) + int(self.banker is PairKind.SUITED)


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


def pair_index(player: PairKind, banker: PairKind, same_rank: bool = False) -> int:
    """The index (0 to :data:`PAIR_CLASSES` - 1) of a coup's pairs.

    ``(player * 3 + banker) * 2 + same_rank``.

    >>> i = pair_index(PairKind.SUITED, PairKind.PAIR, True)
    >>> i, pairs_of(i).suited_pairs, pairs_of(i).pairs
    (15, 1, 2)
    """
    return (int(player) * 3 + int(banker)) * 2 + int(same_rank)


def pairs_of(index: int) -> Pairs:
    """The pairs with this index (the inverse of :func:`pair_index`)."""
    sides, same_rank = divmod(index, 2)
    return Pairs(PairKind(sides // 3), PairKind(sides % 3), bool(same_rank))


def pair_kind(first: Card, second: Card) -> PairKind:
    """What a side's first two cards are."""
    if first.rank != second.rank:
        return PairKind.NONE
    return PairKind.SUITED if first.suit == second.suit else PairKind.PAIR


def pair_class(player_cards: Sequence[Card], banker_cards: Sequence[Card]) -> int:
    """The pair class (:func:`pair_index`) of a coup, from each hand's first two cards.

    >>> from puntobanco.core.cards import parse_cards
    >>> pairs_of(pair_class(parse_cards("Kd Kd"), parse_cards("Ks Kh")))
    Pairs(player=<PairKind.SUITED: 2>, banker=<PairKind.PAIR: 1>, same_rank=True)
    """
    player = pair_kind(player_cards[0], player_cards[1])
    banker = pair_kind(banker_cards[0], banker_cards[1])
    same_rank = (
        player is not PairKind.NONE
        and banker is not PairKind.NONE
        and player_cards[0].rank == banker_cards[0].rank
    )
    return pair_index(player, banker, same_rank)


def rank_pair_index(player_pair: bool, banker_pair: bool) -> int:
    """The coarse class (0 to 3) of :data:`RANK_PAIR_CLASSES`: ``player_pair * 2 + banker_pair``."""
    return int(player_pair) * 2 + int(banker_pair)


def rank_pair_index_of(index: int) -> int:
    """The coarse class (:func:`rank_pair_index`) that pair class ``index`` falls in."""
    pairs = pairs_of(index)
    return rank_pair_index(pairs.player_pair, pairs.banker_pair)


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """When a leg applies: every field that is set must hold (``None`` means any).

    Attributes:
        outcome: Who won, or a tie.
        winning_total: The winner's total (on a tie, the tied total).
        winning_cards: How many cards the winner holds (on a tie, the Banker).
        natural: Whether the winning hand is a natural (on a tie: both hands).
        margin: The winner's total less the loser's (0 on a tie).
        cards_dealt: Cards the coup took, 4 to 6.
        player_pair: The Player's first two cards are a pair (a pairs leg).
        banker_pair: The Banker's first two cards are a pair (a pairs leg).
        pairs: How many sides' first two cards pair by rank, 0 to 2 (a pairs leg).
        suited_pairs: How many sides' first two cards are a suited pair (a pairs leg).
        same_rank: Both sides paired, on the same rank (a pairs leg).
    """

    outcome: Outcome | None = None
    winning_total: int | None = None
    winning_cards: int | None = None
    natural: bool | None = None
    margin: int | None = None
    cards_dealt: int | None = None
    player_pair: bool | None = None
    banker_pair: bool | None = None
    pairs: int | None = None
    suited_pairs: int | None = None
    same_rank: bool | None = None

    @property
    def domain(self) -> Domain:
        """Whether this condition reads the coup's shape or its pairs."""
        if all(getattr(self, name) is None for name in _PAIR_FIELDS):
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
        # A two-card total that is a natural always ends the coup on four cards; a
        # natural tie is two naturals (so shapes that cannot be dealt never count as one).
        natural = cards == 2 and naturals[winning]
        if outcome is Outcome.TIE:
            natural = natural and player_cards == 2
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
        return all(
            (wanted := getattr(self, name)) is None or wanted == getattr(pairs, name)
            for name in _PAIR_FIELDS
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
            "pairs": "{} hands paired",
            "suited_pairs": "{} suited pairs",
            "same_rank": "pairs of one rank: {}",
        }
        parts += [
            template.format(getattr(self, name))
            for name, template in words.items()
            if getattr(self, name) is not None
        ]
        return ", ".join(parts) or "always"


_SHAPE_FIELDS = ("outcome", "winning_total", "winning_cards", "natural", "margin", "cards_dealt")
_PAIR_FIELDS = ("player_pair", "banker_pair", "pairs", "suited_pairs", "same_rank")


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
    if rules.banker_pushes_on is not None:
        total, cards = rules.banker_pushes_on
        banker.append(
            Leg(
                Condition(outcome=Outcome.BANKER, winning_total=total, winning_cards=cards),
                Resolution.PUSH,
            )
        )
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
    for kind, pays in rules.side_bets:
        legs[kind] = _SIDE_BET_LEGS[kind](pays)
    return {kind: legs[kind] for kind in rules.offered_bets}


_LegMaker: TypeAlias = Callable[[Sequence[Fraction]], tuple[Leg, ...]]


def _wins(pays: Sequence[Fraction], *conditions: Condition) -> tuple[Leg, ...]:
    """One winning leg per condition, paying the matching payout."""
    return tuple(
        Leg(when, Resolution.WIN, ratio) for when, ratio in zip(conditions, pays, strict=True)
    )


def _dragon_bonus(side: Outcome) -> _LegMaker:
    # A natural win pays the first payout, a natural tie pushes, and a non-natural win
    # by 9 down to 4 points the rest; anything else (a non-natural tie too) loses.
    def legs(pays: Sequence[Fraction]) -> tuple[Leg, ...]:
        margins = range(9, 9 - (len(pays) - 1), -1)
        return (
            Leg(Condition(outcome=side, natural=True), Resolution.WIN, pays[0]),
            Leg(Condition(outcome=Outcome.TIE, natural=True), Resolution.PUSH),
            *_wins(pays[1:], *(Condition(outcome=side, natural=False, margin=m) for m in margins)),
        )

    return legs


def _egalite(total: int) -> _LegMaker:
    return lambda pays: _wins(pays, Condition(outcome=Outcome.TIE, winning_total=total))


def _banker_six(cards: int | None = None) -> Condition:
    return Condition(outcome=Outcome.BANKER, winning_total=6, winning_cards=cards)


#: How each side bet's payouts (in :data:`~puntobanco.core.rules.SIDE_BET_PAYS` order)
#: become legs: what "a three-card 7" or "a tie at 6" means, written once.
_SIDE_BET_LEGS: Mapping[BetKind, _LegMaker] = {
    BetKind.DRAGON_7: lambda pays: _wins(
        pays, Condition(outcome=Outcome.BANKER, winning_total=7, winning_cards=3)
    ),
    BetKind.PANDA_8: lambda pays: _wins(
        pays, Condition(outcome=Outcome.PLAYER, winning_total=8, winning_cards=3)
    ),
    BetKind.DRAGON_BONUS_PLAYER: _dragon_bonus(Outcome.PLAYER),
    BetKind.DRAGON_BONUS_BANKER: _dragon_bonus(Outcome.BANKER),
    BetKind.EITHER_PAIR: lambda pays: _wins(
        (pays[0], pays[0]), Condition(pairs=2), Condition(pairs=1)
    ),
    BetKind.PERFECT_PAIR: lambda pays: _wins(
        pays[::-1], Condition(suited_pairs=2), Condition(suited_pairs=1)
    ),
    BetKind.BIG: lambda pays: _wins(
        (pays[0], pays[0]), Condition(cards_dealt=5), Condition(cards_dealt=6)
    ),
    BetKind.SMALL: lambda pays: _wins(pays, Condition(cards_dealt=4)),
    BetKind.SUPER_6: lambda pays: _wins(pays, _banker_six()),
    BetKind.TIGER: lambda pays: _wins(pays, _banker_six(2), _banker_six(3)),
    BetKind.SMALL_TIGER: lambda pays: _wins(pays, _banker_six(2)),
    BetKind.BIG_TIGER: lambda pays: _wins(pays, _banker_six(3)),
    BetKind.TIGER_TIE: lambda pays: _wins(pays, Condition(outcome=Outcome.TIE, winning_total=6)),
    # Only the highest that applies: the same rank first, then both hands, then one.
    BetKind.TIGER_PAIR: lambda pays: _wins(
        pays[::-1], Condition(same_rank=True), Condition(pairs=2), Condition(pairs=1)
    ),
    **{kind: _egalite(total) for total, kind in enumerate(EGALITE_BETS)},
}
