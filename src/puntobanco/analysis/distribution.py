"""The distribution of one coup's result, exact or in floats: what every bet is priced from.

:func:`puntobanco.analysis.exact.exact_distribution` fills it with Fractions
(Python integers underneath); :func:`puntobanco.analysis.kernels.float_distribution`
with floats from a numba kernel. Both walk the same tree of deals and read the
drawing rules from :mod:`puntobanco.core.tableau`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

#: The number type of a distribution: exact (Fraction) or fast (float).
Num = TypeVar("Num", Fraction, float)

#: Cards a coup can take.
CARDS_DEALT: tuple[int, ...] = (4, 5, 6)


@dataclass(frozen=True, slots=True)
class Distribution(Generic[Num]):
    """Probabilities of one coup dealt from a shoe.

    Attributes:
        joint: ``joint[p][b]``, the probability that the Player ends with total
            ``p`` and the Banker with total ``b``.
        player: Probability that the Player wins.
        banker: Probability that the Banker wins.
        tie: Probability of a tie.
        banker_six: Probability that the Banker wins with a total of 6.
        cards_dealt: Probabilities that the coup takes 4, 5 and 6 cards.
        player_natural: Probability that the Player has 8 or 9 on two cards.
        banker_natural: Probability that the Banker has 8 or 9 on two cards.
        both_natural: Probability that both have a natural.
    """

    joint: tuple[tuple[Num, ...], ...]
    player: Num
    banker: Num
    tie: Num
    banker_six: Num
    cards_dealt: tuple[Num, Num, Num]
    player_natural: Num
    banker_natural: Num
    both_natural: Num
