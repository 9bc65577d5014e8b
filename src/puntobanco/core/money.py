"""Money: integers in minor units, and the one place a payout ratio becomes money.

Stakes, payouts and balances are ``int`` counts of the minor unit (cents);
payout ratios are :class:`~fractions.Fraction`. Every game turns a win into
money with :func:`settle_winnings`, which rounds to the minor unit one way or
the other (:class:`Rounding`, a rule of the game): Punto Banco rounds the
winnings down (the house keeps the fraction), Chemin de fer and Banque round
the commission down (the winner keeps it). The amount rounded away is
reported, never hidden.

>>> winnings_minor(15, Fraction(19, 20))
14
>>> settle_winnings(15, commission=Fraction(1, 20), rounding=Rounding.WINNINGS_DOWN)
Settled(winnings_minor=14, commission=Fraction(3, 4), rounded_away=Fraction(1, 4))
>>> settle_winnings(15, commission=Fraction(1, 20), rounding=Rounding.COMMISSION_DOWN)
Settled(winnings_minor=15, commission=Fraction(0, 1), rounded_away=Fraction(3, 4))
>>> parse_amount("10.50"), format_minor(1050), format_minor(-5)
(1050, '10.50', '-0.05')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from puntobanco.core.errors import InvalidBet

#: Minor units in one major unit (cents in a euro).
MINOR_PER_MAJOR = 100
#: The largest amount :func:`parse_amount` accepts, in minor units (ten trillion
#: major units): far above any table, and well inside a signed 64-bit column.
MAX_AMOUNT_MINOR = 10**15
_DECIMALS = 2
# ASCII digits only. A sign, then either a plain number with at most one decimal
# separator (a point, or the comma Spanish writes: 2,50)...
_SIGNED = re.compile(r"([+-]?) *(.*)", re.ASCII | re.DOTALL)
_PLAIN = re.compile(r"(\d+)(?:[.,](\d*))?|[.,](\d+)", re.ASCII)
# ... or a number grouped in thousands, as format_minor writes it with a language
# ("1,000.00", "1.000,00") or with spaces ("1 000"): every group after the first
# has three digits, one separator throughout, and the decimal separator (if any)
# is the other one.
_GROUPED = re.compile(
    r"(?P<first>\d{1,3})(?P<groups>(?P<sep>[., ])\d{3}(?:(?P=sep)\d{3})*)"
    r"(?:(?P<dec>[.,])(?P<cents>\d*))?",
    re.ASCII,
)
# One separator and one group of three digits ("1,000", "12.500"): a thousand in one
# language, three decimals in the other (see parse_amount).
_ONE_GROUP = re.compile(r"(?P<first>[1-9]\d{0,2})(?P<sep>[.,])(?P<digits>\d{3})", re.ASCII)
# The no-break spaces people (and some keyboards) put between groups of digits.
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})
#: How each language writes money: (thousands separator, decimal separator).
_SEPARATORS = {"en": (",", "."), "es": (".", ",")}


class Rounding(StrEnum):
    """Which amount a settlement rounds down to the minor unit, and so who keeps the fraction."""

    WINNINGS_DOWN = "winnings-down"
    """The winnings are rounded down: the house keeps the fraction (Punto Banco)."""
    COMMISSION_DOWN = "commission-down"
    """The commission is rounded down: the winner keeps the fraction (Chemin de fer, Banque)."""


@dataclass(frozen=True, slots=True)
class Settled:
    """A win turned into money by :func:`settle_winnings`.

    Attributes:
        winnings_minor: What the winner is paid over his stake, in whole minor units.
        commission: The house's commission: exact under
            :attr:`Rounding.WINNINGS_DOWN` (the winnings carry the rounding), in
            whole minor units under :attr:`Rounding.COMMISSION_DOWN`.
        rounded_away: The fraction of a minor unit the rounding moved, under one
            unit: kept by the house (winnings down) or by the winner (commission down).
    """

    winnings_minor: int
    commission: Fraction
    rounded_away: Fraction


def settle_winnings(
    stake_minor: int,
    *,
    ratio: Fraction = Fraction(1),
    commission: Fraction = Fraction(0),
    rounding: Rounding,
) -> Settled:
    """The winnings on ``stake_minor`` at ``ratio`` to one less ``commission`` per unit staked.

    The exact winnings are ``stake_minor * (ratio - commission)``; ``rounding``
    says which part is rounded down to the minor unit. Winnings down: the
    winnings are the exact ones rounded down, the commission stays exact.
    Commission down: the commission is rounded down and the winnings are the
    gross winnings less it (rounded down too, should the gross winnings not be
    whole). Either way ``winnings_minor + commission + (rounded_away under
    winnings down)`` is the gross ``stake_minor * ratio``.

    >>> settle_winnings(105, ratio=Fraction(19, 20), rounding=Rounding.WINNINGS_DOWN)
    Settled(winnings_minor=99, commission=Fraction(0, 1), rounded_away=Fraction(3, 4))
    >>> settle_winnings(1205, commission=Fraction(1, 20), rounding=Rounding.COMMISSION_DOWN)
    Settled(winnings_minor=1145, commission=Fraction(60, 1), rounded_away=Fraction(1, 4))
    >>> settle_winnings(1205, commission=Fraction(1, 20), rounding=Rounding.WINNINGS_DOWN)
    Settled(winnings_minor=1144, commission=Fraction(241, 4), rounded_away=Fraction(3, 4))
    """
    gross = stake_minor * Fraction(ratio)
    exact_commission = stake_minor * Fraction(commission)
    if rounding is Rounding.COMMISSION_DOWN:
        taken = math.floor(exact_commission)
        return Settled(
            winnings_minor=math.floor(gross - taken),
            commission=Fraction(taken),
            rounded_away=exact_commission - taken,
        )
    exact = gross - exact_commission
    paid = math.floor(exact)
    return Settled(winnings_minor=paid, commission=exact_commission, rounded_away=exact - paid)


def winnings_minor(stake_minor: int, ratio: Fraction) -> int:
    """Winnings on ``stake_minor`` at ``ratio`` to one, rounded down to the minor unit.

    Punto Banco's ratios are net of commission, so its winnings are
    :func:`settle_winnings` under :attr:`Rounding.WINNINGS_DOWN` with no further commission
    (a test holds the two equal). Written here in integers, because every Punto Banco
    bet is settled through it: the floor of ``stake * numerator / denominator`` without
    building a Fraction (eight times faster than ``settle_winnings``'s record, whose
    Fractions made a round's settlement measurably slower: ``bench/bench_versions.py``'s
    ``engine``).

    >>> winnings_minor(105, Fraction(19, 20)), winnings_minor(7, Fraction(1, 2))
    (99, 3)
    """
    return stake_minor * ratio.numerator // ratio.denominator


def parse_amount(text: str, *, lang: str | None = None) -> int:
    """Parse an amount in major units (``"10"``, ``"10.5"``, ``"10,50"``) into minor units.

    A point or a comma followed by one or two digits is a decimal separator,
    in every language (``"2.50"``, ``"2,50"``): a thousands separator is
    always followed by three digits, so these cannot be misread. More than
    two decimals are refused (``"sub_minor"``).

    One separator followed by exactly three digits (``"1,000"``, ``"12.500"``)
    is a thousand in one language and a number with three decimals in the
    other. With ``lang`` it is read as that language writes it: English
    ``"1,000"`` and Spanish ``"1.000"`` are a thousand; English ``"1.000"``
    and Spanish ``"1,000"`` are refused (``"thousands_separator"``: the message
    names the language's thousands separator and shows the correct forms).
    Without ``lang`` both are refused (``"thousands_ambiguous"``).

    Forms that cannot be misread are read in every language: what
    :func:`format_minor` writes in either language (``"1,000.00"``,
    ``"1.000,00"``), several groups (``"1.000.000"``) and groups split by
    spaces (``"1 000"``, also the no-break spaces ``U+00A0`` and ``U+202F``).
    Underscores, and spaces anywhere else, are refused. Zero parses (a stake
    of zero is refused later, by :class:`~puntobanco.core.bets.Bet`).

    >>> parse_amount("2,50"), parse_amount(" +7 "), parse_amount(".5")
    (250, 700, 50)
    >>> parse_amount("1.000,50"), parse_amount("1,000.50"), parse_amount("1 000")
    (100050, 100050, 100000)
    >>> parse_amount("1,000", lang="en"), parse_amount("1.000", lang="es")
    (100000, 100000)

    Raises:
        InvalidBet: ``code`` is ``"not_a_number"``, ``"negative"``, ``"sub_minor"``
            (more than two decimals), ``"thousands_separator"`` or
            ``"thousands_ambiguous"`` (one group of three digits after the
            separator ``lang`` does not use for thousands, or with no ``lang``),
            or ``"too_large"`` (over :data:`MAX_AMOUNT_MINOR`).
    """
    shown = text.strip()
    signed = _SIGNED.fullmatch(shown.translate(_SPACES))
    assert signed is not None  # the pattern matches any text
    sign, body = signed.groups()
    single = _ONE_GROUP.fullmatch(body)
    plain = None if single else _PLAIN.fullmatch(body)
    grouped = None if plain or single else _GROUPED.fullmatch(body)
    if grouped and grouped["dec"] is not None and grouped["dec"] == grouped["sep"]:
        grouped = None  # "1.000.00": no reading is safe
    if sign == "-" and (plain or grouped or single):
        raise InvalidBet(
            f"an amount cannot be negative, got {shown!r}", code="negative", text=shown
        )
    language = _language(lang)
    if single:
        if language is None or single["sep"] != _SEPARATORS[language][0]:
            raise _thousands_error(shown, single["first"], single["digits"], language)
        whole, fraction = single["first"] + single["digits"], ""
    elif plain:
        whole, fraction = (plain.group(1) or "0"), (plain.group(2) or plain.group(3) or "")
    elif grouped:
        whole = grouped["first"] + grouped["groups"].replace(grouped["sep"], "")
        fraction = grouped["cents"] or ""
    else:
        raise InvalidBet(
            f"{shown!r} is not an amount: write a number such as 10 or 2.50",
            code="not_a_number",
            text=shown,
        )
    if len(fraction) > _DECIMALS:
        raise InvalidBet(
            f"{shown!r} has more than {_DECIMALS} decimals: write cents with at most "
            f"{_DECIMALS} decimals (2.50), and a thousand as 1000 or 1,000.00",
            code="sub_minor",
            text=shown,
        )
    whole = whole.lstrip("0") or "0"
    # Checked on the digits before int(): Python refuses to convert very long strings.
    if len(whole) > len(str(MAX_AMOUNT_MINOR // MINOR_PER_MAJOR)):
        amount = MAX_AMOUNT_MINOR + 1
    else:
        amount = int(whole) * MINOR_PER_MAJOR + int(fraction.ljust(_DECIMALS, "0"))
    if amount > MAX_AMOUNT_MINOR:
        raise InvalidBet(
            f"{shown!r} is too large: the most is {format_minor(MAX_AMOUNT_MINOR)}",
            code="too_large",
            text=shown,
            maximum=MAX_AMOUNT_MINOR,
        )
    return amount


def _language(lang: str | None) -> str | None:
    """``"es"`` for Spanish (``"es"``, ``"es_ES.UTF-8"``), ``"en"`` for any other, or ``None``."""
    if lang is None:
        return None
    return "es" if lang.strip().lower()[:2] == "es" else "en"


def _thousands_error(shown: str, first: str, digits: str, language: str | None) -> InvalidBet:
    """The refusal of ``"1,000"`` or ``"1.000"`` where it is not a thousand, or may not be."""
    whole = int(first + digits)
    if language is None:
        detail = (
            f"{shown!r} is not clear: a thousand is 1,000 in English but 1.000 in Spanish; "
            f"write {whole}, or {whole:,}.00 or its Spanish form, for {whole}"
        )
        code = "thousands_ambiguous"
    else:
        thousands = _SEPARATORS[language][0]
        detail = (
            f"{shown!r} is not clear: {language} separates thousands with {thousands!r}; "
            f"write {_group(whole, thousands)} or {whole} for {whole}"
        )
        code = "thousands_separator"
    return InvalidBet(detail, code=code, text=shown, whole=whole, first=first, digits=digits)


def _separators(lang: str | None) -> tuple[str, str]:
    """(thousands, decimal) separators: none and a point without a language."""
    if lang is None:
        return "", "."
    return _SEPARATORS["es" if lang.strip().lower()[:2] == "es" else "en"]


def _group(whole: int, separator: str) -> str:
    return f"{whole:,}".replace(",", separator) if separator else str(whole)


def format_minor(amount_minor: int, *, lang: str | None = None) -> str:
    """Write minor units as a major-unit amount with two decimals.

    Without ``lang`` the plain form, the same in every language, for logs,
    files and JSON: ``1000.00``. With a language, the form a player of that
    language reads, thousands grouped as the web table writes them: Spanish
    ``1.000,00``, English (and any language other than Spanish) ``1,000.00``.
    :func:`parse_amount` reads back every one of these.

    >>> format_minor(123456), format_minor(123456, lang="es"), format_minor(123456, lang="en")
    ('1234.56', '1.234,56', '1,234.56')
    >>> format_minor(-5, lang="es")
    '-0,05'
    """
    thousands, point = _separators(lang)
    sign = "-" if amount_minor < 0 else ""
    whole, cents = divmod(abs(amount_minor), MINOR_PER_MAJOR)
    return f"{sign}{_group(whole, thousands)}{point}{cents:0{_DECIMALS}d}"


def format_fraction_minor(amount: Fraction, *, lang: str | None = None) -> str:
    """Write an exact fraction of minor units in major units, exactly when it terminates.

    ``lang`` chooses the separators as in :func:`format_minor`.

    >>> format_fraction_minor(Fraction(21, 4)), format_fraction_minor(Fraction(21, 4), lang="es")
    ('0.0525', '0,0525')
    """
    thousands, point = _separators(lang)
    major = amount / MINOR_PER_MAJOR
    whole, remainder = divmod(abs(major.numerator), major.denominator)
    sign = "-" if major < 0 else ""
    digits = ""
    seen = 0
    while remainder and seen < 8:
        remainder *= 10
        digit, remainder = divmod(remainder, major.denominator)
        digits += str(digit)
        seen += 1
    digits = digits.ljust(_DECIMALS, "0")
    suffix = "…" if remainder else ""
    return f"{sign}{_group(whole, thousands)}{point}{digits}{suffix}"
