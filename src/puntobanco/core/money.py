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
_DECIMALS = 2
_AMOUNT = re.compile(r"^\+?(\d+)(?:[.,](\d*))?$|^\+?[.,](\d+)$")


def winnings_minor(stake_minor: int, ratio: Fraction) -> int:
    """Winnings on ``stake_minor`` at ``ratio`` to one, rounded down to the minor unit."""
    return math.floor(stake_minor * ratio)


def parse_amount(text: str) -> int:
    """Parse an amount in major units (``"10"``, ``"10.5"``, ``"10,50"``) into minor units.

    Raises:
        InvalidBet: Not a number, negative, or finer than the minor unit
            (``code`` is ``"not_a_number"``, ``"negative"`` or ``"sub_minor"``).
    """
    cleaned = text.strip().replace(" ", "").replace("_", "")
    if cleaned.startswith("-") and _AMOUNT.match(cleaned[1:]):
        raise InvalidBet(
            f"an amount cannot be negative, got {text.strip()!r}", code="negative", text=text
        )
    match = _AMOUNT.match(cleaned)
    if not match:
        raise InvalidBet(
            f"{text.strip()!r} is not an amount: write a number such as 10 or 2.50",
            code="not_a_number",
            text=text,
        )
    whole, fraction = (match.group(1) or "0"), (match.group(2) or match.group(3) or "")
    if len(fraction.rstrip("0")) > _DECIMALS:
        raise InvalidBet(
            f"{text.strip()!r} is finer than a cent: use at most {_DECIMALS} decimals",
            code="sub_minor",
            text=text,
        )
    fraction = fraction[:_DECIMALS].ljust(_DECIMALS, "0")
    return int(whole) * MINOR_PER_MAJOR + int(fraction)


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
