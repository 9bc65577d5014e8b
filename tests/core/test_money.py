"""Money: amounts typed by players, minor units, and the one rounding rule."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.errors import InvalidBet
from puntobanco.core.money import (
    MAX_AMOUNT_MINOR,
    Rounding,
    format_fraction_minor,
    format_minor,
    parse_amount,
    settle_winnings,
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
        ("1 000", 100_000),  # spaces group digits in threes
        ("1 000 000,5", 100_000_050),
        ("1,000.50", 100_050),  # grouped as format_minor(lang="en") writes it
        ("1.000,50", 100_050),  # grouped as format_minor(lang="es") writes it
        ("1.000.000", 100_000_000),  # two groups: the points cannot be decimal
        ("1,000,000", 100_000_000),
        ("12,345,678.9", 1_234_567_890),
        ("+ 7", 700),
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
        ("1_000.25", "not_a_number"),  # underscores are not a way to write money
        ("1_0_0.5", "not_a_number"),
        ("1 0 0", "not_a_number"),  # a space only groups three digits
        ("10 00", "not_a_number"),
        ("1.000.00", "not_a_number"),  # one separator cannot be both
        ("1,000,00", "not_a_number"),
        ("1,00,000", "not_a_number"),  # groups are of three digits
        ("1000.000,00", "not_a_number"),
        ("1.000,000", "sub_minor"),
        ("- 5", "negative"),
        ("-1.000,00", "negative"),
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
        ("2.5055", "sub_minor"),
        ("2.505", "thousands_ambiguous"),  # 2505 in Spanish, or three decimals
        ("10.500", "thousands_ambiguous"),
        ("1,000", "thousands_ambiguous"),  # a thousand in English, one in Spanish: refused
        ("1.000", "thousands_ambiguous"),
        ("12.500", "thousands_ambiguous"),
        ("-1,000", "negative"),
        ("0.500", "sub_minor"),  # no thousand starts with 0: three decimals
        ("1,0000", "sub_minor"),
        ("1000,000", "sub_minor"),
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
    assert format_minor(minor, lang=None) == text


@pytest.mark.parametrize(
    ("minor", "lang", "text"),
    [
        (0, "es", "0,00"),
        (-5, "es", "-0,05"),
        (99_999, "es", "999,99"),
        (100_000, "es", "1.000,00"),  # grouped from four digits, as the web table writes it
        (-123_456_789, "es", "-1.234.567,89"),
        (100_000, "es_ES.UTF-8", "1.000,00"),
        (0, "en", "0.00"),
        (99_999, "en", "999.99"),
        (100_000, "en", "1,000.00"),
        (-123_456_789, "en", "-1,234,567.89"),
        (100_000, "fr", "1,000.00"),  # a language we lack: English
    ],
)
def test_format_minor_in_a_language(minor: int, lang: str, text: str) -> None:
    assert format_minor(minor, lang=lang) == text


@settings(deadline=None)
@given(st.integers(0, MAX_AMOUNT_MINOR))
def test_format_then_parse_is_the_identity(minor: int) -> None:
    assert parse_amount(format_minor(minor)) == minor
    assert parse_amount(format_minor(minor).replace(".", ",")) == minor
    assert parse_amount(format_minor(minor, lang="es")) == minor
    assert parse_amount(format_minor(minor, lang="en")) == minor


@pytest.mark.parametrize("minor", [100_000, 123_456, 100_000_000, MAX_AMOUNT_MINOR])
def test_grouped_amounts_are_never_misread(minor: int) -> None:
    """What one language prints is read back as the same amount, never a hundredth of it."""
    for lang in ("en", "es"):
        assert parse_amount(format_minor(minor, lang=lang)) == minor


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
    assert format_fraction_minor(amount, lang="en") == text
    assert format_fraction_minor(amount, lang="es") == text.replace(".", ",")


def test_format_fraction_minor_groups_thousands() -> None:
    assert format_fraction_minor(Fraction(123_456_789, 4), lang="es") == "308.641,9725"
    assert format_fraction_minor(Fraction(123_456_789, 4), lang="en") == "308,641.9725"
    assert format_fraction_minor(Fraction(123_456_789, 4)) == "308641.9725"


# How a player of each language writes amounts: a thousands separator only in groups of
# three, the one the language uses; the decimal separator with one or two digits, either.
@pytest.mark.parametrize(
    ("lang", "text", "minor"),
    [
        ("en", "1,000", 100_000),
        ("en", "1,000.50", 100_050),
        ("en", "12,500", 1_250_000),
        ("en", "999,999", 99_999_900),
        ("en", "1 000", 100_000),
        ("en", "1\u00a0000", 100_000),  # no-break space
        ("en", "1\u202f000,50", 100_050),  # narrow no-break space
        ("en", "1,000,000", 100_000_000),
        ("en", "1.000.000", 100_000_000),  # several groups: never decimals
        ("en", "2.50", 250),
        ("en", "2,50", 250),  # two digits: a decimal comma, even in English
        ("en", "1.000,50", 100_050),  # both separators: only one reading
        ("es", "1.000", 100_000),
        ("es", "1.000,50", 100_050),
        ("es", "12.500", 1_250_000),
        ("es", "1 000", 100_000),
        ("es", "1 000,50", 100_050),
        ("es", "1.000.000", 100_000_000),
        ("es", "2,50", 250),
        ("es", "2.50", 250),
        ("es", "1,000.50", 100_050),
        ("es_ES.UTF-8", "1.000", 100_000),
        ("en", "10", 1000),
        ("es", "0,05", 5),
    ],
)
def test_parse_amount_in_a_language(lang: str, text: str, minor: int) -> None:
    assert parse_amount(text, lang=lang) == minor


@pytest.mark.parametrize(
    ("lang", "text", "code"),
    [
        ("en", "1.000", "thousands_separator"),  # one in Spanish-style decimals? a thousand?
        ("en", "12.500", "thousands_separator"),
        ("es", "1,000", "thousands_separator"),
        ("es", "12,500", "thousands_separator"),
        ("en", "-1,000", "negative"),
        ("es", "-1.000", "negative"),
        ("en", "2.5055", "sub_minor"),
        ("es", "2,5055", "sub_minor"),
        ("en", "2.505", "thousands_separator"),  # 2505 as Spain writes it, or three decimals
        ("es", "2,505", "thousands_separator"),
        ("en", "0,500", "sub_minor"),
        ("es", "0.500", "sub_minor"),
        ("en", "1,00,000", "not_a_number"),
        ("es", "1.000.00", "not_a_number"),
        ("es", "1 0 0", "not_a_number"),
    ],
)
def test_parse_amount_in_a_language_refuses(lang: str, text: str, code: str) -> None:
    with pytest.raises(InvalidBet) as caught:
        parse_amount(text, lang=lang)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("lang", "text", "shown"),
    [
        ("en", "1.000", ("'1.000'", "comma", "1,000", "1000", "1.00")),
        ("en", "12.500", ("thousands", "12,500", "12500", "12.50")),
        ("es", "1,000", ("'1,000'", "punto", "1.000", "1000", "1,00")),
        ("es", "12,500", ("miles", "12.500", "12500", "12,50")),
    ],
)
def test_thousands_separator_message(lang: str, text: str, shown: tuple[str, ...]) -> None:
    from puntobanco.core.explain import error_message

    with pytest.raises(InvalidBet) as caught:
        parse_amount(text, lang=lang)
    said = error_message(caught.value, lang)
    for part in shown:
        assert part in said
    assert "decimals: " not in said and "decimales: " not in said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_thousands_ambiguous_message_shows_both_forms(lang: str) -> None:
    from puntobanco.core.explain import error_message

    with pytest.raises(InvalidBet) as caught:
        parse_amount("1,000")
    said = error_message(caught.value, lang)
    for part in ("'1,000'", "1000", "1,000.00", "1.000,00"):
        assert part in said


_RATES = st.fractions(min_value=0, max_value=Fraction(99, 100), max_denominator=1000)


@given(stake=st.integers(0, 10**12), rate=_RATES)
def test_commission_down_is_what_chemin_de_fer_and_banque_always_took(
    stake: int, rate: Fraction
) -> None:
    """The two table formulas it replaces: math.floor (Chemin de fer) and // (Banque)."""
    exact = stake * rate
    settled = settle_winnings(stake, commission=rate, rounding=Rounding.COMMISSION_DOWN)
    assert settled.commission == exact.numerator // exact.denominator
    assert settled.winnings_minor == stake - settled.commission
    assert settled.rounded_away == exact - settled.commission
    assert 0 <= settled.rounded_away < 1


@given(
    stake=st.integers(0, 10**12),
    ratio=st.fractions(min_value=0, max_value=200, max_denominator=1000),
    rate=_RATES,
)
def test_winnings_down_keeps_the_fraction_for_the_house(
    stake: int, ratio: Fraction, rate: Fraction
) -> None:
    settled = settle_winnings(stake, ratio=ratio, commission=rate, rounding=Rounding.WINNINGS_DOWN)
    exact = stake * (ratio - rate)
    assert settled.winnings_minor == exact.numerator // exact.denominator
    assert settled.commission == stake * rate
    assert settled.winnings_minor + settled.commission + settled.rounded_away == stake * ratio
    assert settled.winnings_minor == winnings_minor(stake, ratio - rate)


def test_the_two_roundings_differ_only_in_who_keeps_the_fraction() -> None:
    house = settle_winnings(1_205, commission=Fraction(1, 20), rounding=Rounding.WINNINGS_DOWN)
    player = settle_winnings(1_205, commission=Fraction(1, 20), rounding=Rounding.COMMISSION_DOWN)
    assert (house.winnings_minor, player.winnings_minor) == (1_144, 1_145)
    assert (house.rounded_away, player.rounded_away) == (Fraction(3, 4), Fraction(1, 4))
    assert [r.value for r in Rounding] == ["winnings-down", "commission-down"]
