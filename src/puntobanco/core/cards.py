"""Cards, their point values and hand totals.

The fast form of a card is a small int (its point value 0-9, or its rank 1-13);
:class:`Card` puts names on top for people and for the reference engine.

>>> Card.from_str("Kd").points, Card.from_str("9h").points, Card.from_str("As").points
(0, 9, 1)
>>> hand_total(parse_cards("5c 9d"))
4
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from puntobanco.core.errors import InvalidCard


class Rank(IntEnum):
    """A card's rank, Ace low (1) to King (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def points(self) -> int:
        """Baccarat point value: Ace 1, two to nine at face value, ten and faces 0."""
        return RANK_POINTS[self]

    @property
    def symbol(self) -> str:
        """The rank as printed on the card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self - 1]

    @classmethod
    def from_symbol(cls, symbol: str) -> Rank:
        """Parse ``A``, ``2``-``10`` (or ``T``), ``J``, ``Q``, ``K``, in any case.

        >>> Rank.from_symbol("t"), Rank.from_symbol("10"), Rank.from_symbol("a")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.ACE: 1>)
        """
        key = symbol.strip().upper()
        if key == "T":
            key = "10"
        if key == "1":
            key = "A"
        try:
            return cls(_RANK_SYMBOLS.index(key) + 1)
        except ValueError:
            raise InvalidCard(
                f"unknown rank {symbol!r}: use A, 2-10 (or T), J, Q or K",
                code="unknown_rank",
                rank=symbol,
            ) from None


_RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: ``RANK_POINTS[rank]``: the point value of a rank given as an int 1-13 (index 0 unused).
#: A plain tuple, because the reference engine reads it for every card dealt.
RANK_POINTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)


class Suit(StrEnum):
    """A card's suit. Suits never matter to the game; they are for display and pairs' cousins."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT = {**{s.value: s for s in Suit}, **{v: k for k, v in _SUIT_SYMBOLS.items()}}

#: The order of suits inside an unshuffled deck: part of the provably fair shuffle
#: (:mod:`puntobanco.core.fairness`), so a verifier elsewhere must use the same.
SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.

    Its ``repr`` is short and holds the card's :attr:`code`, which
    :func:`parse_cards` and :meth:`from_str` read back.

    >>> card = Card(Rank.KING, Suit.DIAMONDS)
    >>> card, str(card), card.code, card.points
    (<Card Kd>, 'K♦', 'Kd', 0)
    """

    rank: Rank
    suit: Suit

    @property
    def points(self) -> int:
        """The card's baccarat point value (0-9)."""
        return RANK_POINTS[self.rank]

    @property
    def code(self) -> str:
        """ASCII form, rank then suit letter: ``Kd``, ``10h``, ``As``."""
        return f"{self.rank.symbol}{self.suit.value}"

    @property
    def index(self) -> int:
        """Position of the card in one unshuffled deck (0-51): suit-major, Ace first."""
        return SUIT_ORDER.index(self.suit) * 13 + self.rank.value - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (taken modulo 52) of an unshuffled deck.

        >>> str(Card.from_index(0)), str(Card.from_index(51))
        ('A♣', 'K♠')
        """
        return _DECK[index % DECK_CARDS]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``Kd``, ``10h``, ``Th``, ``K♦`` or ``a♠`` (case-insensitive).

        Raises:
            InvalidCard: The text is not a card.
        """
        text = text.strip()
        if len(text) < 2:
            raise InvalidCard(
                f"{text!r} is not a card: write a rank and a suit, such as Kd, 10h or A♠",
                code="bad_card",
                card=text,
            )
        suit = _SUIT_BY_TEXT.get(text[-1].lower())
        if suit is None:
            raise InvalidCard(
                f"{text!r} has no suit: end it with c, d, h or s (or ♣ ♦ ♥ ♠)",
                code="bad_card",
                card=text,
            )
        return cls(Rank.from_symbol(text[:-1]), suit)

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __repr__(self) -> str:
        # ASCII, so that a result prints the same on any terminal; not eval-able, hence <>.
        return f"<Card {self.rank.symbol}{self.suit.value}>"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; cards as Python prints them read back too.

    >>> cards = parse_cards("9h 4c, Kd 5s")
    >>> cards
    (<Card 9h>, <Card 4c>, <Card Kd>, <Card 5s>)
    >>> parse_cards(repr(cards)) == cards, [str(c) for c in parse_cards("9♥ 10h")]
    (True, ['9♥', '10♥'])
    """
    parts = text.translate(_PRINTED).split()
    return tuple(Card.from_str(part) for part in parts if part != "Card")


# What a printed card or sequence of cards adds around the codes: "(<Card 9h>, <Card 4c>)".
_PRINTED = str.maketrans(dict.fromkeys("()[]<>,", " "))


def hand_total(cards: Iterable[Card]) -> int:
    """A hand's total: the sum of its point values, modulo 10."""
    return sum(RANK_POINTS[card.rank] for card in cards) % 10


def unshuffled(decks: int) -> list[Card]:
    """The cards of ``decks`` new decks, in the unshuffled order.

    Deck after deck; in each deck clubs, diamonds, hearts, spades; in each suit
    A, 2, ..., 10, J, Q, K.

    >>> cards = unshuffled(8)
    >>> len(cards), str(cards[0]), str(cards[-1])
    (416, 'A♣', 'K♠')
    """
    return list(_DECK) * decks


#: Cards in one deck.
DECK_CARDS = 52
# One deck in the unshuffled order. Cards are immutable values, so shoes share
# these 52 instances instead of building hundreds of new ones for every shoe.
_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in Rank)
