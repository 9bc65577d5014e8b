"""Rules and cards as the small arrays and ints the kernels work on.

A card is one byte, ``suit << 6 | face << 4 | points`` (:func:`encode_card`):

* bits 0-3, ``points``: the baccarat point value (all the tableau needs);
* bits 4-5, ``face``: which of 10, J, Q, K a card worth 0 is (0 to 3; 0 for
  A-9, whose point values already tell them apart);
* bits 6-7, ``suit``: clubs, diamonds, hearts, spades as 0 to 3 (the order of
  :class:`~puntobanco.core.cards.Suit` and of the unshuffled shoe).

So two cards have the same rank exactly when their low six bits
(:data:`RANK_MASK`) are equal, and the same rank and suit exactly when their
bytes are: what the pair classes of :mod:`puntobanco.core.paytable` need
(Perfect Pair reads the suits, Tiger Pair whether both hands paired on one
rank), in one byte a card, as before. Which hand drew which card is the
dealing order's (Player, Banker, Player, Banker, then the third cards), so it
needs no bits. The unshuffled order is the core's and the shuffle moves bytes
without reading them, so the same random stream puts the same cards in the
same places as :class:`core.shoe.Shoe`, whatever the bytes say.

Every rule a kernel reads comes from the rules' compiled tables
(:attr:`Rules.tables <puntobanco.core.rules.Rules.tables>`): the drawing tables
of :attr:`Rules.tableau` (:func:`tableau_arrays`) and each offered bet's
settlement of every coup class (:func:`payout_arrays`). Nothing here knows
which totals are naturals or what a bet pays. :func:`check_array` is the one
gate every array passes before a kernel sees it.

>>> encode_cards(parse_cards("Kd 9h Ac Kc")).tolist()
[112, 137, 1, 48]
>>> (encode_cards(parse_cards("Kd Kc 10d")) & RANK_MASK).tolist()
[48, 48, 0]
>>> t = tableau_arrays(Rules())
>>> t.naturals.tolist(), int(t.banker[3, 8]), int(t.banker[3, 7]), t.banker_flat.shape
([0, 0, 0, 0, 0, 0, 0, 0, 1, 1], 0, 1, (110,))
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.core.cards import Card, Suit, parse_cards, unshuffled
from puntobanco.core.gametables import RESOLUTION_CODES
from puntobanco.core.paytable import (
    PAIR_CLASSES,
    RANK_PAIR_CLASSES,
    SHAPES,
    Domain,
    Resolution,
    shape_of,
)
from puntobanco.core.rules import BetKind, Rules, ShoeMode
from puntobanco.core.tableau import PLAYER_STOOD, TOTALS, Cell, Tableau

__all__ = [
    "RANK_MASK",
    "BANKER_SHAPE",
    "BANKER_WIN",
    "BANKER_WIN_SIX",
    "PLAYER_WIN",
    "TIE",
    "LOSE",
    "NATURALS_SHAPE",
    "PLAYER_SHAPE",
    "PUSH",
    "WIN",
    "BetArrays",
    "ShoeLayout",
    "TableauArrays",
    "check_array",
    "encode_cards",
    "layout",
    "outcome_codes_of_classes",
    "outcome_payouts",
    "parse_cards",
    "payout_arrays",
    "tableau_arrays",
    "unshuffled_codes",
]

Codes = npt.NDArray[np.uint8]

#: Shape of the naturals array: one flag per two-card total.
NATURALS_SHAPE = (len(TOTALS),)
#: Shape of the Player's row: one cell per two-card total.
PLAYER_SHAPE = (len(TOTALS),)
#: Shape of the Banker's table: a row per total, a column per Player third card
#: and :data:`~puntobanco.core.tableau.PLAYER_STOOD`.
BANKER_SHAPE = (len(TOTALS), PLAYER_STOOD + 1)

#: Resolution codes in the payout arrays (those of :mod:`puntobanco.core.gametables`).
LOSE = RESOLUTION_CODES[Resolution.LOSE]
WIN = RESOLUTION_CODES[Resolution.WIN]
PUSH = RESOLUTION_CODES[Resolution.PUSH]


def check_array(array: Any, shape: tuple[int, ...], dtype: Any, name: str) -> npt.NDArray[Any]:
    """Return ``array`` if it is a C-contiguous NumPy array of this shape and dtype.

    Kernels index their tables without bounds checks, so a table of the wrong
    shape would read other memory: every table passes here first.

    Raises:
        ValueError: Not an array, or the wrong shape, dtype or layout.

    >>> check_array(np.zeros(3, np.uint8), (10,), np.uint8, "naturals")
    Traceback (most recent call last):
    ...
    ValueError: naturals must be a uint8 array of shape (10,), got uint8 of shape (3,)
    """
    if (
        isinstance(array, np.ndarray)
        and array.shape == shape
        and array.dtype == dtype
        and array.flags.c_contiguous
    ):
        return array  # the common case, kept quick: kernels call this on every run
    wanted = np.dtype(dtype)
    if not isinstance(array, np.ndarray):
        raise ValueError(
            f"{name} must be a {wanted} array of shape {shape}, got {type(array).__name__}"
        )
    if array.shape != shape or array.dtype != wanted:
        raise ValueError(
            f"{name} must be a {wanted} array of shape {shape}, "
            f"got {array.dtype} of shape {array.shape}"
        )
    if not array.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous")
    return array


def _array(values: Any, dtype: Any) -> npt.NDArray[Any]:
    # Writable on purpose: numba compiles a second specialisation for read-only arrays.
    return np.ascontiguousarray(np.array(values, dtype=dtype))


@dataclass(frozen=True, slots=True)
class TableauArrays:
    """A tableau as the kernels read it: 0/1 bytes (1: natural, or draw).

    Attributes:
        naturals: ``naturals[total]``, shape :data:`NATURALS_SHAPE`.
        player: ``player[total]``, shape :data:`PLAYER_SHAPE`.
        banker: ``banker[total, player_third]``, shape :data:`BANKER_SHAPE`
            (column 10: the Player stood).

    The constructor checks the shapes and dtypes.
    """

    naturals: npt.NDArray[np.uint8]
    player: npt.NDArray[np.uint8]
    banker: npt.NDArray[np.uint8]

    def __post_init__(self) -> None:
        self.check(values=True)

    def check(self, *, values: bool = False) -> None:
        """Check the arrays' shapes and dtypes again (they are mutable arrays).

        The shapes are what keeps a kernel's unchecked indexing in bounds, so
        every kernel call checks them (a few microseconds); with ``values``,
        also that every entry is 0 or 1 (done on construction).

        Raises:
            ValueError: What is wrong, and the shape and dtype wanted.
        """
        check_array(self.naturals, NATURALS_SHAPE, np.uint8, "naturals")
        check_array(self.player, PLAYER_SHAPE, np.uint8, "the Player's row")
        check_array(self.banker, BANKER_SHAPE, np.uint8, "the Banker's table")
        if values:
            for name, array in (
                ("naturals", self.naturals),
                ("the Player's row", self.player),
                ("the Banker's table", self.banker),
            ):
                if int(array.max()) > 1:
                    raise ValueError(f"{name} must hold 0 or 1 only")

    @property
    def banker_flat(self) -> npt.NDArray[np.uint8]:
        """``banker`` flat: ``banker_flat[total * 11 + player_third]`` (what kernels index)."""
        return self.banker.reshape(-1)


def tableau_arrays(rules: Rules | Tableau) -> TableauArrays:
    """The drawing tables of ``rules`` (or of a tableau) as kernel arrays."""
    tableau = rules.tables.tableau if isinstance(rules, Rules) else rules
    return TableauArrays(
        naturals=_array([int(n) for n in tableau.naturals], np.uint8),
        player=_array([int(c is Cell.DRAW) for c in tableau.player], np.uint8),
        banker=_array([[int(c is Cell.DRAW) for c in row] for row in tableau.banker], np.uint8),
    )


@dataclass(frozen=True, slots=True)
class BetArrays:
    """One bet's settlement of every class of its domain, as kernel arrays.

    Attributes:
        kind: The bet.
        domain: Shape classes (:data:`~puntobanco.core.paytable.SHAPES` of them)
            or pair classes (:data:`~puntobanco.core.paytable.PAIR_CLASSES`).
        resolution: Per class: :data:`LOSE`, :data:`WIN` or :data:`PUSH` (``uint8``).
        numerator: Winnings per unit on a win, numerator (``int64``; 0 otherwise).
        denominator: Its denominator (``int64``; 1 otherwise).
    """

    kind: BetKind
    domain: Domain
    resolution: npt.NDArray[np.uint8]
    numerator: npt.NDArray[np.int64]
    denominator: npt.NDArray[np.int64]

    def __post_init__(self) -> None:
        shape = (SHAPES if self.domain is Domain.SHAPE else PAIR_CLASSES,)
        check_array(self.resolution, shape, np.uint8, f"{self.kind.value} resolutions")
        check_array(self.numerator, shape, np.int64, f"{self.kind.value} numerators")
        check_array(self.denominator, shape, np.int64, f"{self.kind.value} denominators")
        if int(self.denominator.min()) < 1:
            raise ValueError(f"{self.kind.value} denominators must be positive")


def payout_arrays(rules: Rules) -> Mapping[BetKind, BetArrays]:
    """Every offered bet's payout arrays, from :meth:`BetTable.payout_arrays`, in layout order.

    >>> banker = payout_arrays(Rules())[BetKind.BANKER]
    >>> from puntobanco.core.paytable import shape_index
    >>> i = shape_index(2, 6, 3, 2)
    >>> int(banker.resolution[i]), int(banker.numerator[i]), int(banker.denominator[i])
    (1, 19, 20)
    """
    out: dict[BetKind, BetArrays] = {}
    for kind, table in rules.tables.bets.items():
        codes, numerators, denominators = table.payout_arrays()
        out[kind] = BetArrays(
            kind=kind,
            domain=table.domain,
            resolution=_array(codes, np.uint8),
            numerator=_array(numerators, np.int64),
            denominator=_array(denominators, np.int64),
        )
    return out


#: The betting systems' outcome codes: one byte per round (:mod:`puntobanco.sim.systems_deal`).
PLAYER_WIN = 0
BANKER_WIN = 1
TIE = 2
BANKER_WIN_SIX = 3
"""The Banker won with a total of 6 (commission-free games pay it differently)."""
OUTCOME_CODES = 4
#: The sides a system bets on, as the systems kernel indexes them.
SYSTEM_SIDES = (BetKind.PLAYER, BetKind.BANKER)


def outcome_code_of_shape(shape: int) -> int:
    """The systems' outcome code of a coup shape (who won; a Banker win on 6 apart)."""
    player, banker, _, _ = shape_of(shape)
    if player > banker:
        return PLAYER_WIN
    if player == banker:
        return TIE
    return BANKER_WIN_SIX if banker == 6 else BANKER_WIN


def outcome_codes_of_classes() -> npt.NDArray[np.uint8]:
    """``codes[coup_class]``: the outcome code of each of the 1,600 coup classes (no pair bins)."""
    return _array(_outcome_codes() * RANK_PAIR_CLASSES, np.uint8)


@functools.cache
def _outcome_codes() -> list[int]:
    return [outcome_code_of_shape(shape) for shape in range(SHAPES)]


def outcome_payouts(rules: Rules) -> npt.NDArray[np.int64]:
    """The Player and Banker bets' settlement of each outcome code, from the compiled cells.

    ``payouts[side, code] = (resolution, numerator, denominator)``, ``side`` 0
    for Player and 1 for Banker (:data:`SYSTEM_SIDES`), resolution codes as in
    :func:`payout_arrays`. A code stands for many coup shapes; the cells of all
    of them must agree, which is checked.

    Raises:
        ValueError: The rules settle a Player or Banker bet differently within
            one outcome code (the four codes cannot carry such rules).

    >>> outcome_payouts(Rules(banker_six_pays="1/2", banker_commission=0))[1].tolist()
    [[0, 0, 1], [1, 1, 1], [2, 0, 1], [1, 1, 2]]
    """
    return _array(_outcome_payouts(rules), np.int64)


@functools.cache
def _outcome_payouts(rules: Rules) -> list[list[list[int]]]:
    """:func:`outcome_payouts` as nested lists, computed once per rules (2 ms)."""
    out = np.zeros((len(SYSTEM_SIDES), OUTCOME_CODES, 3), dtype=np.int64)
    bets = payout_arrays(rules)
    for side, kind in enumerate(SYSTEM_SIDES):
        bet = bets[kind]
        seen: dict[int, tuple[int, int, int]] = {}
        for shape in range(SHAPES):
            code = outcome_code_of_shape(shape)
            cell = (
                int(bet.resolution[shape]),
                int(bet.numerator[shape]),
                int(bet.denominator[shape]),
            )
            if seen.setdefault(code, cell) != cell:
                raise ValueError(
                    f"these rules settle the {kind.value} bet in more ways than the betting "
                    "systems' outcome codes can tell apart"
                )
        for code, cell in seen.items():
            out[side, code] = cell
    result: list[list[list[int]]] = out.tolist()
    return result


#: The bits of a card byte that name its rank (points and face, not the suit).
RANK_MASK = 0x3F
#: A suit's two bits, by the suits' order in the unshuffled shoe.
_SUIT_CODES: dict[Suit, int] = {suit: code for code, suit in enumerate(Suit)}
#: Ranks whose point value is 0 (10, J, Q, K) start their face code here.
_FIRST_FACE = 10


def encode_card(card: Card) -> int:
    """One card's byte: ``suit << 6 | face << 4 | points`` (see the module's docstring)."""
    face = int(card.rank) - _FIRST_FACE if card.points == 0 else 0
    return _SUIT_CODES[card.suit] << 6 | face << 4 | card.points


def encode_cards(cards: Iterable[Card]) -> Codes:
    """Cards as a ``uint8`` array of card bytes, in order."""
    return np.array([encode_card(card) for card in cards], dtype=np.uint8)


def unshuffled_codes(decks: int) -> Codes:
    """The unshuffled shoe of :func:`core.cards.unshuffled`, encoded."""
    return encode_cards(unshuffled(decks))


@dataclass(frozen=True, slots=True)
class ShoeLayout:
    """The numbers a kernel needs to deal a shoe under some rules.

    Attributes:
        decks: Decks in the shoe.
        cards: Cards in a full shoe.
        cut_index: Position of the first card behind the cut card (cut-card mode).
        burn: Whether each cut-card shoe starts with a burn.
        reshuffle: A fresh shoe for every round (no burn, no cut card).
        max_rounds_per_shoe: An upper bound on the rounds one shoe can give.
    """

    decks: int
    cards: int
    cut_index: int
    burn: bool
    reshuffle: bool
    max_rounds_per_shoe: int


def layout(rules: Rules) -> ShoeLayout:
    """The kernel's view of ``rules``' shoe."""
    reshuffle = rules.shoe_mode is ShoeMode.RESHUFFLE
    return ShoeLayout(
        decks=rules.decks,
        cards=rules.cards,
        cut_index=rules.cards - rules.cut_card,
        burn=rules.burn and not reshuffle,
        reshuffle=reshuffle,
        # Every round takes at least 4 cards.
        max_rounds_per_shoe=1 if reshuffle else rules.cards // 4,
    )
