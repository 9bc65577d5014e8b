"""Money: amounts typed by players, minor units, and the one rounding rule."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.errors import InvalidBet
from puntobanco.core.money import (
    MAX_AMOUNT_MINOR,
    format_fraction_minor,
    format_minor,
    parse_amount,
    winnings_minor,
)


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("10", 1000),
        ("10.5", 1050),
        ("10.50", 1050),
        ("10,50", 1050),  # Spanish decimal comma
        ("2,5", 250),
        (" 7 ", 700),
        ("+7", 700),
        ("0.01", 1),
        (".5", 50),
        (",05", 5),
        ("1.", 100),
        ("0", 0),  # zero parses; a zero stake is refused by Bet
        ("0.00", 0),
        ("007", 700),
        ("1 000", 100_000),  # spaces and underscores group digits
        ("1_000.25", 100_025),
        ("10000000000000", MAX_AMOUNT_MINOR),
    ],
)
def test_parse_amount_accepts(text: str, minor: int) -> None:
    assert parse_amount(text) == minor


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "not_a_number"),
        ("   ", "not_a_number"),
        ("abc", "not_a_number"),
        ("ten", "not_a_number"),
        ("1e3", "not_a_number"),
        ("nan", "not_a_number"),
        ("inf", "not_a_number"),
        ("0x10", "not_a_number"),
        ("1.2.3", "not_a_number"),
        ("1,000.50", "not_a_number"),
        ("+", "not_a_number"),
        (".", "not_a_number"),
        ("--5", "not_a_number"),
        ("5-", "not_a_number"),
        ("١٢", "not_a_number"),  # non-ASCII digits
        ("１０", "not_a_number"),
        ("-5", "negative"),
        ("-0.01", "negative"),
        (" -3,5 ", "negative"),
        ("0.001", "sub_minor"),
        ("2.505", "sub_minor"),
        ("10.500", "sub_minor"),  # three decimals: maybe a thousands separator
        ("1,000", "sub_minor"),  # 1,000: a thousand in English, 1.000 in Spanish: refused
        ("1.000", "sub_minor"),
        ("10000000000000.01", "too_large"),
        ("99999999999999999999", "too_large"),
        ("9" * 5000, "too_large"),  # longer than int() will convert: still our error
    ],
)
def test_parse_amount_refuses(text: str, code: str) -> None:
    with pytest.raises(InvalidBet) as caught:
        parse_amount(text)
    assert caught.value.code == code
    assert caught.value.params["text"] == text.strip()
    if code == "too_large":
        assert caught.value.params["maximum"] == MAX_AMOUNT_MINOR


@pytest.mark.parametrize(
    ("minor", "text"),
    [
        (0, "0.00"),
        (5, "0.05"),
        (50, "0.50"),
        (100, "1.00"),
        (1050, "10.50"),
        (-5, "-0.05"),
        (-1050, "-10.50"),
        (123_456_789, "1234567.89"),
    ],
)
def test_format_minor(minor: int, text: str) -> None:
    assert format_minor(minor) == text


@settings(deadline=None)
@given(st.integers(0, MAX_AMOUNT_MINOR))
def test_format_then_parse_is_the_identity(minor: int) -> None:
    assert parse_amount(format_minor(minor)) == minor
    assert parse_amount(format_minor(minor).replace(".", ",")) == minor


@settings(deadline=None)
@given(st.integers(0, 10**15), st.integers(0, 10**6), st.integers(1, 10**6))
def test_winnings_are_the_exact_floor(stake: int, numerator: int, denominator: int) -> None:
    ratio = Fraction(numerator, denominator)
    paid = winnings_minor(stake, ratio)
    assert isinstance(paid, int)
    assert paid == (stake * numerator) // denominator  # integer arithmetic, no floats
    assert 0 <= stake * ratio - paid < 1


def test_the_design_rounding_example() -> None:
    """A 1.05 Banker win pays 0.99: 0.0525 commission, 0.0075 rounded away."""
    assert winnings_minor(105, Fraction(19, 20)) == 99
    assert format_fraction_minor(105 * Fraction(1, 20)) == "0.0525"
    assert format_fraction_minor(105 * Fraction(19, 20) - 99) == "0.0075"


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (Fraction(0), "0.00"),
        (Fraction(21, 4), "0.0525"),
        (Fraction(3, 4), "0.0075"),
        (Fraction(-21, 4), "-0.0525"),
        (Fraction(1050), "10.50"),
        (Fraction(1, 3), "0.00333333…"),  # not terminating: an ellipsis says so
    ],
)
def test_format_fraction_minor(amount: Fraction, text: str) -> None:
    assert format_fraction_minor(amount) == text
