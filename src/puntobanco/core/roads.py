"""Scoreboards ("roads") computed from a shoe's results: pure functions, grids of 6 rows.

A grid is a tuple of columns, each a tuple of ``rows`` cells, a cell being
``None`` when empty. Grids are cleared at each new shoe: pass only the current
shoe's results.

>>> from puntobanco.core.coup import Outcome
>>> marks = [RoundMark(Outcome.BANKER), RoundMark(Outcome.TIE, player_pair=True)]
>>> grid = bead_plate(marks)
>>> grid[0][0].outcome.value, grid[0][1].outcome.value, grid[0][2]
('banker', 'tie', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


def bead_plate(marks: Sequence[RoundMark], rows: int = ROWS) -> Grid[RoundMark]:
    """One cell per round, ties included, filled top to bottom, then left to right."""
    if rows < 1:
        raise ValueError(f"rows must be at least 1, got {rows}")
    columns = []
    for start in range(0, len(marks), rows):
        column: list[RoundMark | None] = list(marks[start : start + rows])
        column.extend([None] * (rows - len(column)))
        columns.append(tuple(column))
    return tuple(columns)


def roads_json(marks: Sequence[RoundMark]) -> dict[str, object]:
    """Every road of a shoe as JSON-ready data, for the server and the web page.

    Cells are ``None`` or a dict of the cell's fields; grids are lists of columns.
    """
    return {
        "bead_plate": [
            [None if cell is None else _mark_json(cell) for cell in column]
            for column in bead_plate(marks)
        ],
    }


def _mark_json(mark: RoundMark) -> dict[str, object]:
    return {
        "outcome": mark.outcome.value,
        "player_pair": mark.player_pair,
        "banker_pair": mark.banker_pair,
        "natural": mark.natural,
        "winning_total": mark.winning_total,
    }
