"""What is left in a shoe, as counts: per point value, and per rank when known.

The game only sees point values (0-9); the pair bets also need ranks, because
a King and a Queen are both worth 0 but are not a pair, and the perfect pair
needs suits. A :class:`ShoeCounts` therefore always holds counts per point
value and, when they are known, counts per rank, and per card (rank and suit):
given explicitly, or spread from the ranks as evenly as possible
(:func:`~puntobanco.analysis.pairs.spread_suits`). Removing a card with its
suit (``Kd``) removes exactly that card.

>>> shoe = ShoeCounts.full(decks=8)
>>> shoe.cards, shoe.points[0], shoe.ranks is not None
(416, 128, True)
>>> from puntobanco.core.cards import parse_cards
>>> shoe.remove(parse_cards("Kd 5s")).points[:6]
(127, 32, 32, 32, 32, 31)
>>> shoe.remove(parse_cards("Kd")).by_card[-4:]
(8, 7, 8, 8)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from numbers import Integral
from typing import Any

from puntobanco.analysis.pairs import CARD_KINDS, SUITS, spread_suits
from puntobanco.core.cards import Card, Rank, Suit
from puntobanco.core.errors import BaccaratError, InvalidCard
from puntobanco.core.rules import DECK_SIZE

#: Ranks in order, Ace first: the index of a rank's count in :attr:`ShoeCounts.ranks`.
RANKS: tuple[Rank, ...] = tuple(Rank)
#: Point values 0-9: the index of a value's count in :attr:`ShoeCounts.points`.
POINT_VALUES: tuple[int, ...] = tuple(range(10))
#: Cards per rank in one deck.
PER_DECK = DECK_SIZE // len(RANKS)
#: Suits in the order of the counts per card (and of the spreading of a rank's cards).
SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class InvalidShoe(BaccaratError, ValueError):
    """A shoe composition is malformed or cannot be analysed.

    Codes: ``count_not_int``, ``negative_count``, ``unknown_point``,
    ``unknown_rank``, ``duplicate``, ``none_left``, ``too_few_cards``,
    ``pairs_need_ranks`` (with ``bets``, the refused bets' JSON names), ``decks``.
    """


@dataclass(frozen=True, slots=True)
class ShoeCounts:
    """The cards in a shoe, counted.

    Build one with :meth:`full`, :meth:`from_points` or :meth:`from_ranks`;
    values are immutable and :meth:`remove` returns a new one.

    Attributes:
        points: Cards per point value, ``points[v]`` for ``v`` in 0-9.
        ranks: Cards per rank, ``ranks[r - 1]`` for Ace (1) to King (13), or
            ``None`` when only point values are known (no pair bets then).
        suits: Cards per card, ``suits[(r - 1) * 4 + s]`` with the suits in
            :data:`SUIT_ORDER`, when they differ from the even spread of the
            ranks (``None`` otherwise: see :attr:`by_card`).
    """

    points: tuple[int, ...]
    ranks: tuple[int, ...] | None = None
    suits: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        points = _check_counts(self.points, 10, "point value")
        object.__setattr__(self, "points", points)
        if self.ranks is not None:
            ranks = _check_counts(self.ranks, 13, "rank")
            if _points_of(ranks) != points:
                raise InvalidShoe(
                    "the counts per rank do not add up to the counts per point value",
                    code="inconsistent",
                )
            object.__setattr__(self, "ranks", ranks)
        if self.suits is not None:
            suits = _check_counts(self.suits, CARD_KINDS, "card")
            if (
                ranks is None
                or tuple(sum(suits[r * SUITS : r * SUITS + SUITS]) for r in range(len(RANKS)))
                != ranks
            ):
                raise InvalidShoe(
                    "the counts per card do not add up to the counts per rank",
                    code="inconsistent",
                )
            # One form for one shoe: an even spread is written as no suits at all.
            object.__setattr__(self, "suits", None if suits == spread_suits(ranks) else suits)

    @classmethod
    def full(cls, decks: int = 8) -> ShoeCounts:
        """A full shoe of ``decks`` decks (any positive number), ranks known.

        >>> ShoeCounts.full(6).points
        (96, 24, 24, 24, 24, 24, 24, 24, 24, 24)
        """
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise InvalidShoe(
                f"decks must be a positive whole number, got {decks!r}",
                code="decks",
                value=repr(decks),
            )
        return _full_shoe(decks)

    @classmethod
    def from_rank_tuple(cls, ranks: Iterable[int]) -> ShoeCounts:
        """A shoe from 13 counts, Ace to King."""
        counts = _check_counts(tuple(ranks), 13, "rank")
        return cls(_points_of(counts), counts)

    @classmethod
    def from_points(cls, counts: Mapping[Any, int]) -> ShoeCounts:
        """A shoe from counts per point value; values not listed have no cards.

        Keys are the point values 0-9 (ints or digit strings). Ranks are unknown.

        >>> ShoeCounts.from_points({0: 4, 9: 2}).cards
        6
        """
        values = [0] * 10
        seen: set[int] = set()
        for key, count in counts.items():
            value = _point_key(key)
            if value in seen:
                raise InvalidShoe(
                    f"point value {value} is given twice", code="duplicate", key=str(value)
                )
            seen.add(value)
            values[value] = _check_count(count, "point value", str(value))
        return cls(tuple(values))

    @classmethod
    def from_ranks(cls, counts: Mapping[Any, int]) -> ShoeCounts:
        """A shoe from counts per rank; ranks not listed have no cards.

        Keys are :class:`~puntobanco.core.cards.Rank` values, ints 1-13, or
        symbols (``"A"``, ``"2"`` ... ``"10"`` or ``"T"``, ``"J"``, ``"Q"``, ``"K"``).

        >>> ShoeCounts.from_ranks({"A": 2, "K": 3}).points[:2]
        (3, 2)
        """
        values = [0] * 13
        seen: set[Rank] = set()
        for key, count in counts.items():
            rank = _rank_key(key)
            if rank in seen:
                raise InvalidShoe(
                    f"rank {rank.symbol} is given twice", code="duplicate", key=rank.symbol
                )
            seen.add(rank)
            values[rank - 1] = _check_count(count, "rank", rank.symbol)
        return cls.from_rank_tuple(values)

    @property
    def cards(self) -> int:
        """Cards in the shoe."""
        return sum(self.points)

    @classmethod
    def from_card_tuple(cls, cards: Iterable[int]) -> ShoeCounts:
        """A shoe from 52 counts per card (see :attr:`suits`)."""
        counts = _check_counts(tuple(cards), CARD_KINDS, "card")
        ranks = tuple(sum(counts[r * SUITS : r * SUITS + SUITS]) for r in range(len(RANKS)))
        return cls(_points_of(ranks), ranks, counts)

    @property
    def by_card(self) -> tuple[int, ...] | None:
        """Cards per rank and suit (see :attr:`suits`), spread from the ranks unless given."""
        if self.suits is not None:
            return self.suits
        return None if self.ranks is None else spread_suits(self.ranks)

    @property
    def has_ranks(self) -> bool:
        """Whether counts per rank are known (needed for the pair bets)."""
        return self.ranks is not None

    def remove(self, cards: Iterable[Card | Rank | int]) -> ShoeCounts:
        """The shoe after ``cards`` have left it (the shoe itself is unchanged).

        A :class:`Card` leaves with its suit; a bare :class:`Rank` takes the card
        of that rank from the suit that holds the most (the last such in
        :data:`SUIT_ORDER`), which keeps an even spread even.

        Args:
            cards: Cards, or ranks; on a shoe without ranks, ints are point values.

        Raises:
            InvalidShoe: More cards of a rank or card (or, on a shoe without
                ranks, of a point value) are asked for than the shoe holds
                (``code="none_left"``, with ``kind``, ``key``, ``asked`` and
                ``held``), or an int was given for a shoe with ranks.
        """
        asked = _Asked.of(cards, by_rank=self.ranks is not None)
        ranks = list(self.ranks) if self.ranks is not None else None
        by_card = list(self.by_card) if self.by_card is not None else None
        if ranks is not None and by_card is not None:
            _take_ranks(ranks, by_card, asked)
        points = list(self.points)
        for value, count in asked.points.items():
            _check_left("point value", str(value), count, points[value])
            points[value] -= count
        if ranks is None or by_card is None:
            return ShoeCounts(tuple(points))
        return ShoeCounts(tuple(points), tuple(ranks), tuple(by_card))

    def points_only(self) -> ShoeCounts:
        """The same shoe with the ranks forgotten."""
        return ShoeCounts(self.points)


def _points_of(ranks: tuple[int, ...]) -> tuple[int, ...]:
    points = [0] * 10
    for rank, count in zip(RANKS, ranks, strict=True):
        points[rank.points] += count
    return tuple(points)


@functools.cache
def _full_shoe(decks: int) -> ShoeCounts:
    """The full shoe of ``decks`` decks, built and checked once (the values are immutable).

    ``analyze`` without a shoe asks for one on every call.
    """
    return ShoeCounts.from_rank_tuple((PER_DECK * decks,) * len(RANKS))


def _check_count(count: Any, kind: str, key: str) -> int:
    # Integral, not int: NumPy's integers are welcome (the simulator counts in arrays).
    # A plain int is checked first: an ABC check costs far more, on every count.
    if type(count) is not int and (isinstance(count, bool) or not isinstance(count, Integral)):
        raise InvalidShoe(
            f"the count for {kind} {key} must be a whole number, got {count!r}",
            code="count_not_int",
            kind=kind,
            key=key,
            value=repr(count),
        )
    if count < 0:
        raise InvalidShoe(
            f"the count for {kind} {key} cannot be negative, got {count}",
            code="negative_count",
            kind=kind,
            key=key,
            value=int(count),
        )
    return int(count)


def _check_counts(counts: Any, length: int, what: str) -> tuple[int, ...]:
    values = tuple(counts)
    if len(values) != length:
        raise InvalidShoe(
            f"expected {length} counts (one per {what}), got {len(values)}",
            code="count_length",
            expected=length,
            value=len(values),
        )
    if length == CARD_KINDS:
        keys = [f"{rank.symbol}{suit.value}" for rank in RANKS for suit in SUIT_ORDER]
    elif length == len(RANKS):
        keys = [rank.symbol for rank in RANKS]
    else:
        keys = [str(i) for i in range(10)]
    return tuple(_check_count(c, what, key) for key, c in zip(keys, values, strict=True))


@dataclass(frozen=True, slots=True)
class _Asked:
    """The cards :meth:`ShoeCounts.remove` is asked to take, counted.

    Attributes:
        ranks: Per rank (a card counts here as well as in ``cards``); empty without ranks.
        cards: Per card given with its suit.
        points: Per point value, every item.
    """

    ranks: dict[Rank, int]
    cards: dict[Card, int]
    points: dict[int, int]

    @classmethod
    def of(cls, items: Iterable[Card | Rank | int], *, by_rank: bool) -> _Asked:
        """Count ``items`` for a shoe with ranks (``by_rank``) or with point values only.

        Raises:
            InvalidShoe: An item that is not a card or a rank (or, without ranks, a
                point value) (``code="bad_item"``).
        """
        asked = cls({}, {}, {})
        for item in items:
            if isinstance(item, Card | Rank):
                rank = item.rank if isinstance(item, Card) else item
                if by_rank:
                    asked.ranks[rank] = asked.ranks.get(rank, 0) + 1
                    if isinstance(item, Card):
                        asked.cards[item] = asked.cards.get(item, 0) + 1
                value = rank.points
            elif isinstance(item, int) and not isinstance(item, bool) and not by_rank:
                value = _point_key(item)
            else:
                raise InvalidShoe(
                    f"cannot remove {item!r}: give cards or ranks", code="bad_item", item=repr(item)
                )
            asked.points[value] = asked.points.get(value, 0) + 1
        return asked


def _take_ranks(ranks: list[int], by_card: list[int], asked: _Asked) -> None:
    """Take the asked ranks and cards out of ``ranks`` and ``by_card``, checked.

    The ranks are checked first (the plainer message), then the cards with
    their suits; a bare rank then takes the card of the suit that holds the most.
    """
    for rank, count in asked.ranks.items():
        _check_left("rank", rank.symbol, count, ranks[rank - 1])
        ranks[rank - 1] -= count
    for card, count in asked.cards.items():
        index = (card.rank - 1) * SUITS + SUIT_ORDER.index(card.suit)
        _check_left("card", card.code, count, by_card[index])
        by_card[index] -= count
    for rank, count in asked.ranks.items():
        bare = count - sum(n for card, n in asked.cards.items() if card.rank is rank)
        for _ in range(bare):
            base = (rank - 1) * SUITS
            suit = max(reversed(range(SUITS)), key=lambda s: by_card[base + s])
            by_card[base + suit] -= 1


def _check_left(kind: str, key: str, asked: int, held: int) -> None:
    """Refuse to remove ``asked`` cards of a rank or point value the shoe holds ``held`` of."""
    if asked > held:
        raise InvalidShoe(
            f"cannot remove {asked} cards of {kind} {key}: the shoe holds {held}",
            code="none_left",
            kind=kind,
            key=key,
            asked=asked,
            held=held,
        )


def _point_key(key: Any) -> int:
    text = str(key).strip()
    if isinstance(key, bool) or not text.isdigit() or int(text) > 9:
        raise InvalidShoe(
            f"unknown point value {key!r}: point values are 0 to 9",
            code="unknown_point",
            key=str(key),
        )
    return int(text)


def _rank_key(key: Any) -> Rank:
    if isinstance(key, Rank):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        if 1 <= key <= 13:
            return Rank(key)
        key = str(key)
    try:
        return Rank.from_symbol(str(key))
    except InvalidCard:
        raise InvalidShoe(
            f"unknown rank {key!r}: use A, 2-10 (or T), J, Q or K",
            code="unknown_rank",
            key=str(key),
        ) from None
