"""The tally every simulation backend produces: a histogram of coup classes.

A tally vector is ``int64[CLASSES]`` in two parts:

* bins ``0 .. COARSE_CLASSES - 1``: ``tallies[class_index(shape, pairs)]``
  counts the rounds of that class, ``shape`` being the coup's
  :func:`~puntobanco.core.paytable.shape_index` (both final totals and both
  hand sizes) and ``pairs`` its :func:`~puntobanco.core.paytable.rank_pair_index`
  (whether each side's first two cards pair by rank). Every round is counted
  here; the shape bets and the rank-pair bets are settled from these bins.
* bins ``PAIR_BASE .. PAIR_BASE + PAIR_CLASSES - 1``: the rounds of each full
  pair class (:func:`~puntobanco.core.paytable.pair_index`: suited pairs, and
  whether both hands paired on one rank), counted only when the rules offer a
  bet the coarse classes cannot settle (Perfect Pair, Tiger Pair:
  :func:`needs_pair_classes`); all zero otherwise. A separate histogram, not the
  shapes crossed with the 18 classes: no bet reads both (a leg reads the shape
  or the pairs, :mod:`puntobanco.core.paytable`), and 18 more bins keep the
  kernels' histogram small (crossing would be 7,200 bins) and leave the
  main-bet path as it was.

These are the classes the rules' compiled paytables settle
(:mod:`puntobanco.core.gametables`), so every bet's net result follows from
the counts and the cells (:mod:`puntobanco.sim.stats`), and so do the named
counts shown to people (:func:`named`): wins, naturals (with the rules'
tableau), pairs, rounds by cards dealt.

>>> from puntobanco.core.paytable import shape_index
>>> from puntobanco.core.tableau import STANDARD
>>> t = empty()
>>> t[class_index(shape_index(9, 3, 2, 2), 2)] += 1
>>> counts = named(t, STANDARD)
>>> counts["player_wins"], counts["player_naturals"], counts["player_pairs"], cards_dealt(t)
(1, 1, 1, 4)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.core.coup import CoupResult, Outcome
from puntobanco.core.gametables import BetTable, Payout
from puntobanco.core.paytable import (
    PAIR_CLASSES,
    RANK_PAIR_CLASSES,
    SHAPES,
    Domain,
    pair_class,
    pairs_of,
    rank_pair_index,
    rank_pair_index_of,
    shape_index,
    shape_of,
)
from puntobanco.core.rules import BetKind, Rules
from puntobanco.core.tableau import Tableau

__all__ = [
    "CLASSES",
    "COARSE_CLASSES",
    "PAIR_BASE",
    "NAMES",
    "Tallies",
    "add_coup",
    "cards_dealt",
    "check",
    "class_index",
    "class_of",
    "empty",
    "fine_pair_bets",
    "named",
    "outcome_counts",
    "needs_pair_classes",
    "pair_class_counts",
    "pair_counts",
    "rounds",
    "shape_counts",
]

#: Bins of every (coarse pairs, shape) class: each round is counted in one.
COARSE_CLASSES = RANK_PAIR_CLASSES * SHAPES
#: The first bin of the full pair classes (counted only when a bet needs them).
PAIR_BASE = COARSE_CLASSES
#: Bins of a tally.
CLASSES = COARSE_CLASSES + PAIR_CLASSES

#: The named counts of :func:`named`, in the order the JSON output has always had.
NAMES: tuple[str, ...] = (
    "rounds",
    "player_wins",
    "banker_wins",
    "ties",
    "banker_wins_on_six",
    "player_naturals",
    "banker_naturals",
    "player_pairs",
    "banker_pairs",
    "four_card_rounds",
    "five_card_rounds",
    "six_card_rounds",
)

Tallies = npt.NDArray[np.int64]


def class_index(shape: int, pairs: int) -> int:
    """The tally bin of a coup: ``pairs * SHAPES + shape`` (the kernels compute the same)."""
    return pairs * SHAPES + shape


def class_of(result: CoupResult) -> int:
    """The tally bin of a dealt coup."""
    shape = shape_index(
        result.player_total,
        result.banker_total,
        len(result.player_cards),
        len(result.banker_cards),
    )
    return class_index(shape, rank_pair_index(result.player_pair, result.banker_pair))


def add_coup(tallies: Tallies, result: CoupResult, pair_classes: bool = False) -> None:
    """Count one dealt coup into ``tallies`` (its full pair class too, if ``pair_classes``)."""
    tallies[class_of(result)] += 1
    if pair_classes:
        tallies[PAIR_BASE + pair_class(result.player_cards, result.banker_cards)] += 1


def empty() -> Tallies:
    """A zero tally vector."""
    return np.zeros(CLASSES, dtype=np.int64)


def shape_counts(tallies: Tallies) -> Tallies:
    """Rounds per shape class (``int64[SHAPES]``), whatever the pairs."""
    coarse = np.asarray(tallies, dtype=np.int64)[:COARSE_CLASSES]
    counts: Tallies = coarse.reshape(RANK_PAIR_CLASSES, SHAPES).sum(0)
    return counts


def pair_class_counts(tallies: Tallies) -> Tallies:
    """Rounds per full pair class (``int64[PAIR_CLASSES]``); all 0 if they were not tallied."""
    counts: Tallies = np.asarray(tallies, dtype=np.int64)[PAIR_BASE:].copy()
    return counts


def pair_counts(tallies: Tallies) -> Tallies:
    """Rounds per coarse pair class (``int64[RANK_PAIR_CLASSES]``), whatever the shape."""
    coarse = np.asarray(tallies, dtype=np.int64)[:COARSE_CLASSES]
    counts: Tallies = coarse.reshape(RANK_PAIR_CLASSES, SHAPES).sum(1)
    return counts


def rounds(tallies: Tallies) -> int:
    """Rounds counted."""
    return int(np.asarray(tallies, dtype=np.int64)[:COARSE_CLASSES].sum())


def cards_dealt(tallies: Tallies) -> int:
    """Cards dealt in rounds (burned cards are not counted)."""
    sizes = _shape_fields()["cards"]
    return int(shape_counts(tallies) @ sizes)


@functools.cache
def _shape_fields() -> dict[str, npt.NDArray[np.int64]]:
    """Per shape class: the totals and hand sizes, as arrays."""
    shapes = [shape_of(i) for i in range(SHAPES)]
    fields = {
        "player": [s.player_total for s in shapes],
        "banker": [s.banker_total for s in shapes],
        "player_cards": [s.player_cards for s in shapes],
        "banker_cards": [s.banker_cards for s in shapes],
        "cards": [s.player_cards + s.banker_cards for s in shapes],
    }
    return {name: np.array(values, dtype=np.int64) for name, values in fields.items()}


def outcome_counts(tallies: Tallies) -> dict[Outcome, int]:
    """Rounds won by each side, and ties (the higher final total wins)."""
    s = _shape_fields()
    shapes = shape_counts(tallies)
    player, banker = s["player"], s["banker"]
    return {
        Outcome.BANKER: int(shapes[banker > player].sum()),
        Outcome.PLAYER: int(shapes[player > banker].sum()),
        Outcome.TIE: int(shapes[player == banker].sum()),
    }


def named(tallies: Tallies, tableau: Tableau) -> dict[str, int]:
    """The counts people read, by :data:`NAMES`, as plain ints.

    A side had a natural when both sides kept two cards and its total is one
    of the ``tableau``'s naturals (a natural ends the coup on four cards, and
    without one the four-card totals are not naturals).
    """
    s = _shape_fields()
    shapes = shape_counts(tallies)
    pairs = pair_counts(tallies)
    player, banker, cards = s["player"], s["banker"], s["cards"]
    naturals = np.array(tableau.naturals, dtype=bool)
    four = cards == 4

    def count(mask: Any) -> int:
        return int(shapes[np.asarray(mask, dtype=bool)].sum())

    outcomes = outcome_counts(tallies)
    return {
        "rounds": int(shapes.sum()),
        "player_wins": outcomes[Outcome.PLAYER],
        "banker_wins": outcomes[Outcome.BANKER],
        "ties": outcomes[Outcome.TIE],
        "banker_wins_on_six": count((banker > player) & (banker == 6)),
        "player_naturals": count(four & naturals[player]),
        "banker_naturals": count(four & naturals[banker]),
        "player_pairs": int(pairs[2] + pairs[3]),
        "banker_pairs": int(pairs[1] + pairs[3]),
        "four_card_rounds": count(four),
        "five_card_rounds": count(cards == 5),
        "six_card_rounds": count(cards == 6),
    }


def check(tallies: Any) -> Tallies:
    """Return ``tallies`` as an ``int64[CLASSES]`` array after checking it.

    Raises:
        ValueError: Wrong shape, a negative count, or full pair classes that
            count other rounds than the coarse ones (a backend bug, never user input).
    """
    array = np.asarray(tallies, dtype=np.int64)
    if array.shape != (CLASSES,):
        raise ValueError(f"tallies must have shape ({CLASSES},), got {array.shape}")
    if (array < 0).any():
        raise ValueError(f"negative tallies in bins {np.flatnonzero(array < 0)[:5].tolist()}")
    fine = int(array[PAIR_BASE:].sum())
    if fine and fine != rounds(array):
        raise ValueError(f"the pair classes count {fine} rounds, the coup classes {rounds(array)}")
    return array


def rank_pair_cells(table: BetTable) -> tuple[Payout, ...] | None:
    """A pair bet's settlement of each coarse pair class the tallies count, if it has one.

    The coarse classes only say whether each side paired by rank; a bet that
    tells a suited pair from another (Perfect Pair) or one rank from two (Tiger
    Pair) settles differently within a coarse class, and gets ``None``: it is
    settled from the full pair classes (:func:`pair_class_counts`). Shape bets
    are settled from the shapes.
    """
    assert table.domain is Domain.PAIRS
    cells: list[set[Payout]] = [set() for _ in range(RANK_PAIR_CLASSES)]
    for index in range(PAIR_CLASSES):
        pairs = pairs_of(index)
        if pairs.same_rank and pairs.pairs < 2:
            continue  # never dealt
        cells[rank_pair_index_of(index)].add(table.cells[index])
    if any(len(found) != 1 for found in cells):
        return None
    return tuple(found.pop() for found in cells)


def fine_pair_bets(rules: Rules) -> tuple[BetKind, ...]:
    """The bets of ``rules`` the coarse pair classes cannot settle (see :func:`rank_pair_cells`)."""
    return tuple(
        kind
        for kind, table in rules.tables.bets.items()
        if table.domain is Domain.PAIRS and rank_pair_cells(table) is None
    )


def needs_pair_classes(rules: Rules) -> bool:
    """Whether a simulation of ``rules`` must count the full pair classes too.

    Only when a bet needs them, so that the main bets' kernels do no more work
    than before (and a seed's tallies of such rules stay what they were).
    """
    return bool(fine_pair_bets(rules))
