"""Money: integers in minor units, and the one place a payout ratio becomes money.

Stakes, payouts and balances are ``int`` counts of the minor unit (cents);
payout ratios are :class:`~fractions.Fraction`. Winnings are rounded **down** to
the minor unit: the house never pays a fraction of a cent, and the amount
rounded away is reported, never hidden.

>>> winnings_minor(15, Fraction(19, 20))
14
>>> parse_amount("10.50"), format_minor(1050), format_minor(-5)
(1050, '10.50', '-0.05')
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from puntobanco.core.errors import InvalidBet

#: Minor units in one major unit (cents in a euro).
MINOR_PER_MAJOR = 100
#: The largest amount :func:`parse_amount` accepts, in minor units (ten trillion
#: major units): far above any table, and well inside a signed 64-bit column.
MAX_AMOUNT_MINOR = 10**15
_DECIMALS = 2
# ASCII digits only; one decimal separator, a point or a comma (Spanish writes 2,50).
_AMOUNT = re.compile(r"^\+?(\d+)(?:[.,](\d*))?$|^\+?[.,](\d+)$", re.ASCII)


def winnings_minor(stake_minor: int, ratio: Fraction) -> int:
    """Winnings on ``stake_minor`` at ``ratio`` to one, rounded down to the minor unit.

    >>> winnings_minor(105, Fraction(19, 20)), winnings_minor(7, Fraction(1, 2))
    (99, 3)
    """
    return math.floor(stake_minor * ratio)


def parse_amount(text: str) -> int:
    """Parse an amount in major units (``"10"``, ``"10.5"``, ``"10,50"``) into minor units.

    At most two decimals are accepted, so that a thousands separator is never
    misread: ``"1.000"`` and ``"1,000"`` are refused rather than read as 1.00.
    Zero parses (a stake of zero is refused later, by :class:`~puntobanco.core.bets.Bet`).

    >>> parse_amount("2,50"), parse_amount(" +7 "), parse_amount(".5")
    (250, 700, 50)

    Raises:
        InvalidBet: ``code`` is ``"not_a_number"``, ``"negative"``, ``"sub_minor"``
            (more than two decimals) or ``"too_large"`` (over :data:`MAX_AMOUNT_MINOR`).
    """
    shown = text.strip()
    cleaned = shown.replace(" ", "").replace("_", "")
    if cleaned.startswith("-") and _AMOUNT.match(cleaned[1:]):
        raise InvalidBet(
            f"an amount cannot be negative, got {shown!r}", code="negative", text=shown
        )
    match = _AMOUNT.match(cleaned)
    if not match:
        raise InvalidBet(
            f"{shown!r} is not an amount: write a number such as 10 or 2.50",
            code="not_a_number",
            text=shown,
        )
    whole, fraction = (match.group(1) or "0"), (match.group(2) or match.group(3) or "")
    if len(fraction) > _DECIMALS:
        raise InvalidBet(
            f"{shown!r} has more than {_DECIMALS} decimals: write cents with at most "
            f"{_DECIMALS} decimals (2.50) and no thousands separator (1000)",
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


def format_minor(amount_minor: int) -> str:
    """Write minor units as a major-unit amount with two decimals: ``1050`` -> ``10.50``."""
    sign = "-" if amount_minor < 0 else ""
    whole, cents = divmod(abs(amount_minor), MINOR_PER_MAJOR)
    return f"{sign}{whole}.{cents:0{_DECIMALS}d}"


def format_fraction_minor(amount: Fraction) -> str:
    """Write an exact fraction of minor units in major units, exactly when it terminates.

    >>> format_fraction_minor(Fraction(21, 4))
    '0.0525'
    """
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
    return f"{sign}{whole}.{digits}{suffix}"
