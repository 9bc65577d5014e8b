"""Cards, point values, parsing and the unshuffled order."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.cards import (
    RANK_POINTS,
    SUIT_ORDER,
    Card,
    Rank,
    Suit,
    hand_total,
    parse_cards,
    unshuffled,
)
from puntobanco.core.errors import InvalidCard

# Seed 000: "las cartas de 2 a 9 valen su valor nominal, el 10 y todas las de caras
# (J, Q, K) valen cero puntos y los Ases valen 1 punto".
SEED_POINTS = {"A": 1, **{str(v): v for v in range(2, 10)}, "10": 0, "J": 0, "Q": 0, "K": 0}


def test_point_values_follow_the_seed() -> None:
    for rank in Rank:
        assert rank.points == SEED_POINTS[rank.symbol]
        assert RANK_POINTS[rank] == SEED_POINTS[rank.symbol]
        for suit in Suit:
            assert Card(rank, suit).points == SEED_POINTS[rank.symbol]


@pytest.mark.parametrize(
    ("cards", "total"),
    [
        ("3c 6d", 9),  # seed 000: "3 y 6 vale 9"
        ("5c 9d", 4),  # "5 y 9 tiene un valor de 4 (5 +9 = 14 = 4)"
        ("4c 6d", 0),  # "4 y 6, su valor es 0"
        ("Ac 8d", 9),  # "As y un 8, 4 y 5 o 10 y 9"
        ("4c 5d", 9),
        ("10c 9d", 9),
        ("7c 6d", 3),  # seed 002: "7+6=13=3"
        ("Kc Qd Jh", 0),
        ("9c 9d 9h", 7),
    ],
)
def test_hand_totals_of_the_seeds(cards: str, total: int) -> None:
    assert hand_total(parse_cards(cards)) == total


@settings(deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=0, max_size=3))
def test_totals_are_the_sum_mod_10(ranks: list[Rank]) -> None:
    cards = [Card(rank, Suit.SPADES) for rank in ranks]
    total = hand_total(cards)
    assert 0 <= total <= 9
    assert total == sum(SEED_POINTS[r.symbol] for r in ranks) % 10


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Kd", "Kd"),
        ("kd", "Kd"),
        ("10h", "10h"),
        ("Th", "10h"),
        ("1s", "As"),
        ("a♠", "As"),
        ("K♦", "Kd"),
        (" 9C ", "9c"),
        ("Q♥", "Qh"),
        ("J♣", "Jc"),
    ],
)
def test_card_parsing(text: str, code: str) -> None:
    assert Card.from_str(text).code == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "bad_card"),
        ("K", "bad_card"),
        ("Kx", "bad_card"),
        ("Zd", "unknown_rank"),
        ("11h", "unknown_rank"),
        ("♦", "bad_card"),
    ],
)
def test_bad_cards(text: str, code: str) -> None:
    with pytest.raises(InvalidCard) as caught:
        Card.from_str(text)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_text_forms() -> None:
    card = Card(Rank.TEN, Suit.HEARTS)
    assert (str(card), card.code, card.rank.symbol, card.suit.symbol) == ("10♥", "10h", "10", "♥")
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.CLUBS.is_red and not Suit.SPADES.is_red
    assert [str(c) for c in parse_cards("9h,4c  Kd")] == ["9♥", "4♣", "K♦"]


def test_unshuffled_order_of_design() -> None:
    """Deck after deck; clubs, diamonds, hearts, spades; A, 2, ..., 10, J, Q, K."""
    cards = unshuffled(2)
    expected = [
        f"{rank}{suit}"
        for _ in range(2)
        for suit in "cdhs"
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    ]
    assert [c.code for c in cards] == expected
    assert SUIT_ORDER == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@pytest.mark.parametrize("decks", range(1, 9))
def test_a_shoe_has_each_card_once_per_deck(decks: int) -> None:
    counts = Counter(unshuffled(decks))
    assert len(counts) == 52 and set(counts.values()) == {decks}


def test_index_round_trip() -> None:
    for i in range(52):
        card = Card.from_index(i)
        assert card.index == i
        assert Card.from_index(i + 52) == card
    assert Card(Rank.KING, Suit.SPADES) == Card.from_index(51)
    assert hash(Card(Rank.ACE, Suit.CLUBS)) == hash(Card.from_index(0))


def test_a_card_prints_short_and_reads_back() -> None:
    deck = unshuffled(1)
    assert repr(deck[0]) == "<Card Ac>" and repr(deck[9]) == "<Card 10c>"
    assert parse_cards(repr(deck)) == tuple(deck)
    assert parse_cards(" ".join(repr(card) for card in deck)) == tuple(deck)
    assert all(parse_cards(repr(card)) == (card,) for card in deck)
