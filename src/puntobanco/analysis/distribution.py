"""The distribution of one coup's result, exact or in floats: what every bet is priced from.

A coup is summarised by its *shape* (:mod:`puntobanco.core.paytable`): both
final totals and each side's hand size, 400 classes. Every bet on the shape is
priced from the probabilities of these classes and the cells of the rules'
compiled paytable; the other fields of :class:`Distribution` (joint totals,
outcomes, cards dealt, naturals) are sums over the same classes.

:func:`puntobanco.analysis.exact.exact_distribution` fills it with Fractions
(Python integers underneath); :func:`puntobanco.analysis.kernels.float_distribution`
with floats from a numba kernel. Both walk the same tree of deals and read the
drawing rules from the tableau of the rules they are given.

>>> shapes = ExactShapes((1, 0, 3), 4)
>>> shapes[2], len(shapes), shapes[0:2]
(Fraction(3, 4), 3, (Fraction(1, 4), Fraction(0, 1)))
>>> shapes == ExactShapes((2, 0, 6), 8) == [Fraction(1, 4), 0, Fraction(3, 4)]
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar, overload

import numpy as np

#: The number type of a distribution: exact (Fraction) or fast (float).
Num = TypeVar("Num", Fraction, float)

#: Cards a coup can take.
CARDS_DEALT: tuple[int, ...] = (4, 5, 6)


class ExactShapes(Sequence[Fraction]):
    """Exact class probabilities kept as integers over one common denominator.

    The exact walk counts card sequences; a Fraction per class would cost more
    than the pricing that reads these integers directly. Indexing makes the
    Fraction.

    Attributes:
        weights: ``weights[class]``: card sequences that end in that class.
        denominator: The number of sequences in all.
    """

    __slots__ = ("denominator", "weights")

    def __init__(self, weights: tuple[int, ...], denominator: int) -> None:
        self.weights = weights
        self.denominator = denominator

    @overload
    def __getitem__(self, index: int) -> Fraction: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Fraction, ...]: ...
    def __getitem__(self, index: int | slice) -> Fraction | tuple[Fraction, ...]:
        if isinstance(index, slice):
            return tuple(Fraction(w, self.denominator) for w in self.weights[index])
        return Fraction(self.weights[index], self.denominator)

    def __len__(self) -> int:
        return len(self.weights)

    def __iter__(self) -> Iterator[Fraction]:
        denominator = self.denominator
        return (Fraction(w, denominator) for w in self.weights)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ExactShapes):  # equal ratios, whatever the denominators
            return len(self.weights) == len(other.weights) and all(
                a * other.denominator == b * self.denominator
                for a, b in zip(self.weights, other.weights, strict=True)
            )
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ExactShapes({len(self.weights)} classes over {self.denominator})"


class FloatShapes(Sequence[float]):
    """Float class probabilities over a read-only numpy array (the kernel's output).

    Turning 400 floats into a tuple would cost a fifth of the live-shoe path;
    the pricing reads :attr:`array` directly.

    Attributes:
        array: The probabilities, a read-only float64 array.
    """

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray) -> None:
        array.setflags(write=False)
        self.array = array

    @overload
    def __getitem__(self, index: int) -> float: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[float, ...]: ...
    def __getitem__(self, index: int | slice) -> float | tuple[float, ...]:
        if isinstance(index, slice):
            return tuple(self.array[index].tolist())
        return float(self.array[index])

    def __len__(self) -> int:
        return len(self.array)

    def __iter__(self) -> Iterator[float]:
        return iter(self.array.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FloatShapes({len(self.array)} classes)"


@dataclass(frozen=True, slots=True)
class Distribution(Generic[Num]):
    """Probabilities of one coup dealt from a shoe.

    Attributes:
        shapes: ``shapes[shape_index(p, b, player_cards, banker_cards)]``
            (:func:`~puntobanco.core.paytable.shape_index`): the probability of
            every coup shape. The fields below are sums over it.
        joint: ``joint[p][b]``, the probability that the Player ends with total
            ``p`` and the Banker with total ``b``.
        player: Probability that the Player wins.
        banker: Probability that the Banker wins.
        tie: Probability of a tie.
        banker_six: Probability that the Banker wins with a total of 6.
        cards_dealt: Probabilities that the coup takes 4, 5 and 6 cards.
        player_natural: Probability that the Player has a natural (a two-card
            total that the tableau calls natural).
        banker_natural: Probability that the Banker has a natural.
        both_natural: Probability that both have a natural.
    """

    shapes: Sequence[Num]
    joint: tuple[tuple[Num, ...], ...]
    player: Num
    banker: Num
    tie: Num
    banker_six: Num
    cards_dealt: tuple[Num, Num, Num]
    player_natural: Num
    banker_natural: Num
    both_natural: Num
