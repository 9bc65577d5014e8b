"""Scoreboards ("roads") computed from a shoe's results: pure functions, grids of 6 rows.

A grid is a tuple of columns, each a tuple of ``rows`` cells, a cell being
``None`` when empty. Grids are cleared at each new shoe: pass only the current
shoe's results.

* **Bead Plate**: one cell per round, ties included, top to bottom, then left to right.
* **Big Road**: one circle per Banker or Player win. A streak runs down a column and a
  change of winner starts the next column at the top. A tie gets no cell: it is counted
  on the last circle (on the first cell when the shoe opens with ties). A streak that
  reaches the last row or an occupied cell turns right (the "dragon tail"); a later
  column whose top cell a tail has taken moves further right.
* **Derived roads** (Big Eye Boy, Small Road, Cockroach Pig) read the Big Road's
  *logical* columns (streak lengths without the height limit) and add one red or blue
  mark per Banker/Player entry from their start point on, laid out like the Big Road.
* **Ask hints**: the mark each derived road would add after a Banker win and after a
  Player win.

>>> from puntobanco.core.coup import Outcome
>>> B, P, T = (RoundMark(o) for o in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE))
>>> grid = bead_plate([B, RoundMark(Outcome.TIE, player_pair=True)])
>>> grid[0][0].outcome.value, grid[0][1].outcome.value, grid[0][2]
('banker', 'tie', None)
>>> streak_lengths([B, B, T, P, B, B, B])
(2, 1, 3)
>>> [c.value for c in derived_marks([B, B, T, P, B, B, B], DerivedRoad.BIG_EYE_BOY)]
['blue', 'blue', 'red']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import TypeVar

from puntobanco.core.coup import CoupResult, Outcome

#: Rows of every road, as on casino scoreboards.
ROWS = 6

T = TypeVar("T")
Grid = tuple[tuple[T | None, ...], ...]


@dataclass(frozen=True, slots=True)
class RoundMark:
    """What the scoreboards need to know about one round."""

    outcome: Outcome
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False
    winning_total: int | None = None

    @classmethod
    def of(cls, result: CoupResult) -> RoundMark:
        """The mark of a dealt coup."""
        return cls(
            result.outcome,
            player_pair=result.player_pair,
            banker_pair=result.banker_pair,
            natural=result.natural,
            winning_total=result.winning_total,
        )


@dataclass(frozen=True, slots=True)
class BigRoadCell:
    """One circle of the Big Road.

    Attributes:
        outcome: Banker or Player; ``None`` only for the slash a shoe that has had
            nothing but ties so far shows in the first cell.
        ties: ties marked on this circle: those dealt after it (before the next win)
            and, on the first cell, those that opened the shoe.
        player_pair: the round of this circle had a Player pair.
        banker_pair: the round of this circle had a Banker pair.
        natural: the round of this circle was a natural.
        winning_total: the winner's total in that round, when known.
    """

    outcome: Outcome | None
    ties: int = 0
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False
    winning_total: int | None = None


class Colour(StrEnum):
    """The colour of a derived road's mark: red for repetition, blue for a break."""

    RED = "red"
    BLUE = "blue"


class DerivedRoad(IntEnum):
    """The derived roads, valued by k: the column each entry compares against is n - k."""

    BIG_EYE_BOY = 1
    SMALL_ROAD = 2
    COCKROACH_PIG = 3

    @property
    def key(self) -> str:
        """The road's name in JSON: ``big_eye_boy``, ``small_road``, ``cockroach_pig``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class AskHint:
    """The marks a derived road would add next, after a Banker and after a Player win.

    ``None`` where that win would fall before the road's start point.
    """

    banker: Colour | None
    player: Colour | None


def _check_rows(rows: int) -> None:
    if rows < 1:
        raise ValueError(f"rows must be at least 1, got {rows}")


def bead_plate(marks: Sequence[RoundMark], rows: int = ROWS) -> Grid[RoundMark]:
    """One cell per round, ties included, filled top to bottom, then left to right."""
    _check_rows(rows)
    columns = []
    for start in range(0, len(marks), rows):
        column: list[RoundMark | None] = list(marks[start : start + rows])
        column.extend([None] * (rows - len(column)))
        columns.append(tuple(column))
    return tuple(columns)


def layout(streaks: Sequence[int], rows: int = ROWS) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Where each entry of each streak goes on a Big-Road-style grid.

    Args:
        streaks: the length of each logical column, in order (each at least 1).
        rows: the grid's height.

    Returns:
        For each streak, the ``(column, row)`` of each of its entries, 0-based.
        A streak runs down from the top of its start column; when the next cell down
        is past the last row or already taken it turns right and stays in that row
        (the dragon tail). Each streak starts one column right of the previous
        streak's start, or further right while a tail holds that column's top cell.

    >>> layout([2, 1])
    (((0, 0), (0, 1)), ((1, 0),))
    >>> layout([7])
    (((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5)),)
    """
    _check_rows(rows)
    taken: set[tuple[int, int]] = set()
    placed: list[tuple[tuple[int, int], ...]] = []
    start = -1
    for length in streaks:
        if length < 1:
            raise ValueError(f"every streak has at least one entry, got {length}")
        start += 1
        while (start, 0) in taken:
            start += 1
        column, row = start, 0
        cells = [(column, row)]
        turned = False
        for _ in range(length - 1):
            if not turned and row + 1 < rows and (column, row + 1) not in taken:
                row += 1
            else:
                turned = True
                column += 1
                # A tail never meets an older one in practice; skipping keeps cells
                # unique should it ever happen.
                while (column, row) in taken:
                    column += 1
            cells.append((column, row))
        taken.update(cells)
        placed.append(tuple(cells))
    return tuple(placed)


def _to_grid(entries: Iterable[tuple[tuple[int, int], T]], rows: int) -> Grid[T]:
    cells = dict(entries)
    width = max((column for column, _ in cells), default=-1) + 1
    return tuple(tuple(cells.get((column, row)) for row in range(rows)) for column in range(width))


def _streaks(outcomes: Iterable[T]) -> list[list[T]]:
    """Group consecutive equal values (the logical columns)."""
    groups: list[list[T]] = []
    for value in outcomes:
        if groups and groups[-1][0] == value:
            groups[-1].append(value)
        else:
            groups.append([value])
    return groups


def streak_lengths(marks: Iterable[RoundMark]) -> tuple[int, ...]:
    """The Big Road's logical columns: the length of each streak of wins, ties ignored."""
    wins = (mark.outcome for mark in marks if mark.outcome is not Outcome.TIE)
    return tuple(len(group) for group in _streaks(wins))


def big_road(marks: Sequence[RoundMark], rows: int = ROWS) -> Grid[BigRoadCell]:
    """The Big Road of a shoe's results (see the module's docstring for the rules).

    >>> from puntobanco.core.coup import Outcome
    >>> B, P, T = (RoundMark(o) for o in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE))
    >>> road = big_road([T, B, B, T, T, P])
    >>> [(c.outcome.value, c.ties) for c in road[0] if c], road[1][0].outcome.value
    ([('banker', 1), ('banker', 2)], 'player')
    """
    _check_rows(rows)
    wins: list[RoundMark] = []
    ties: list[int] = []  # ties marked on each win's circle
    leading_ties = 0
    for mark in marks:
        if mark.outcome is Outcome.TIE:
            if wins:
                ties[-1] += 1
            else:
                leading_ties += 1
        else:
            wins.append(mark)
            ties.append(0)
    if not wins:
        return _to_grid([((0, 0), BigRoadCell(None, leading_ties))], rows) if leading_ties else ()
    ties[0] += leading_ties
    positions = [cell for streak in layout(streak_lengths(wins), rows) for cell in streak]
    cells = (
        BigRoadCell(
            mark.outcome,
            count,
            player_pair=mark.player_pair,
            banker_pair=mark.banker_pair,
            natural=mark.natural,
            winning_total=mark.winning_total,
        )
        for mark, count in zip(wins, ties, strict=True)
    )
    return _to_grid(zip(positions, cells, strict=True), rows)


def _derived_from_lengths(lengths: Sequence[int], k: int) -> list[Colour]:
    """One mark per entry (column n, row m), 1-based, from the road's start point on."""
    colours: list[Colour] = []
    for n, length in enumerate(lengths, start=1):
        for m in range(1, length + 1):
            colour = _entry_colour(lengths, n, m, k)
            if colour is not None:
                colours.append(colour)
    return colours


def _entry_colour(lengths: Sequence[int], n: int, m: int, k: int) -> Colour | None:
    """The mark of the entry at row m of column n (1-based); None before the start point.

    Only columns before n are read, so ``lengths[n - 1]`` may still be growing.
    """
    if m >= 2:
        if n - k < 1:
            return None
        reference = lengths[n - k - 1]
        return Colour.BLUE if m == reference + 1 else Colour.RED
    if n - 1 - k < 1:
        return None
    # Row 1: do the two columns before this one have the same length?
    return Colour.RED if lengths[n - 2] == lengths[n - 2 - k] else Colour.BLUE


def derived_marks(marks: Iterable[RoundMark], road: DerivedRoad) -> tuple[Colour, ...]:
    """The marks of a derived road in the order they were added."""
    return tuple(_derived_from_lengths(streak_lengths(marks), road.value))


def derived_road(marks: Iterable[RoundMark], road: DerivedRoad, rows: int = ROWS) -> Grid[Colour]:
    """A derived road laid out like the Big Road: same colour down, a change moves right."""
    colours = derived_marks(marks, road)
    groups = _streaks(colours)
    positions = layout([len(group) for group in groups], rows)
    return _to_grid(
        (
            (cell, group[0])
            for group, cells in zip(groups, positions, strict=True)
            for cell in cells
        ),
        rows,
    )


def big_eye_boy(marks: Iterable[RoundMark], rows: int = ROWS) -> Grid[Colour]:
    """Big Eye Boy (k = 1): starts at column 2 row 2, or column 3 row 1."""
    return derived_road(marks, DerivedRoad.BIG_EYE_BOY, rows)


def small_road(marks: Iterable[RoundMark], rows: int = ROWS) -> Grid[Colour]:
    """Small Road (k = 2): starts at column 3 row 2, or column 4 row 1."""
    return derived_road(marks, DerivedRoad.SMALL_ROAD, rows)


def cockroach_pig(marks: Iterable[RoundMark], rows: int = ROWS) -> Grid[Colour]:
    """Cockroach Pig (k = 3): starts at column 4 row 2, or column 5 row 1."""
    return derived_road(marks, DerivedRoad.COCKROACH_PIG, rows)


def ask_hints(marks: Iterable[RoundMark]) -> dict[DerivedRoad, AskHint]:
    """For each derived road, the mark a Banker win and a Player win would add next.

    >>> from puntobanco.core.coup import Outcome
    >>> B, P = RoundMark(Outcome.BANKER), RoundMark(Outcome.PLAYER)
    >>> hint = ask_hints([B, P, P])[DerivedRoad.BIG_EYE_BOY]
    >>> hint.banker.value, hint.player.value
    ('blue', 'red')
    """
    wins = [mark.outcome for mark in marks if mark.outcome is not Outcome.TIE]
    lengths = [len(group) for group in _streaks(wins)]
    hints: dict[DerivedRoad, AskHint] = {}
    for road in DerivedRoad:
        after: dict[Outcome, Colour | None] = {}
        for outcome in (Outcome.BANKER, Outcome.PLAYER):
            if wins and wins[-1] is outcome:
                grown = [*lengths[:-1], lengths[-1] + 1]
                after[outcome] = _entry_colour(grown, len(grown), grown[-1], road.value)
            else:
                grown = [*lengths, 1]
                after[outcome] = _entry_colour(grown, len(grown), 1, road.value)
        hints[road] = AskHint(banker=after[Outcome.BANKER], player=after[Outcome.PLAYER])
    return hints


def roads_json(marks: Sequence[RoundMark]) -> dict[str, object]:
    """Every road of a shoe as JSON-ready data, for the server and the web page.

    Grids are lists of columns of ``rows`` cells; a cell is ``None`` or:

    * ``bead_plate``: the round's fields (outcome, pairs, natural, winning_total);
    * ``big_road``: the same plus ``ties``, the count of ties marked on that circle
      (``outcome`` is ``None`` only while the shoe has had nothing but ties);
    * ``big_eye_boy``, ``small_road``, ``cockroach_pig``: ``"red"`` or ``"blue"``.

    ``ask`` maps ``"banker"`` and ``"player"`` to each derived road's next mark
    (or ``None``).

    >>> sorted(roads_json([]))  # doctest: +NORMALIZE_WHITESPACE
    ['ask', 'bead_plate', 'big_eye_boy', 'big_road', 'cockroach_pig', 'rows', 'small_road']
    """
    hints = ask_hints(marks)
    data: dict[str, object] = {
        "rows": ROWS,
        "bead_plate": [
            [None if cell is None else _mark_json(cell) for cell in column]
            for column in bead_plate(marks)
        ],
        "big_road": [
            [None if cell is None else _big_road_json(cell) for cell in column]
            for column in big_road(marks)
        ],
    }
    for road in DerivedRoad:
        data[road.key] = [
            [None if cell is None else cell.value for cell in column]
            for column in derived_road(marks, road)
        ]
    data["ask"] = {
        side: {
            road.key: None if colour is None else colour.value
            for road, hint in hints.items()
            for colour in [hint.banker if side == "banker" else hint.player]
        }
        for side in ("banker", "player")
    }
    return data


def _mark_json(mark: RoundMark) -> dict[str, object]:
    return {
        "outcome": mark.outcome.value,
        "player_pair": mark.player_pair,
        "banker_pair": mark.banker_pair,
        "natural": mark.natural,
        "winning_total": mark.winning_total,
    }


def _big_road_json(cell: BigRoadCell) -> dict[str, object]:
    return {
        "outcome": None if cell.outcome is None else cell.outcome.value,
        "ties": cell.ties,
        "player_pair": cell.player_pair,
        "banker_pair": cell.banker_pair,
        "natural": cell.natural,
        "winning_total": cell.winning_total,
    }
