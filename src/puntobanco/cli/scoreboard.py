"""The scoreboard of the current shoe in the terminal: the bead plate and the roads.

After each round the game shows the bead plate (one cell per round: Banker
red, Player blue, Tie green, a dot beside the letter for a pair) and the Big
Road (one letter per win, a streak down a column, ties counted in green on
the last win) side by side. The ``board`` command adds the derived roads (Big
Eye Boy, Small Road, Cockroach Pig: red where the road repeats, blue where it
breaks). Grids come from :mod:`puntobanco.core.roads`; only the newest
columns that fit the terminal's width are shown, as on a casino's display.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.console import Group
from rich.table import Table
from rich.text import Text

from puntobanco.core.coup import Outcome
from puntobanco.core.roads import (
    ROWS,
    BigRoadCell,
    Colour,
    Grid,
    RoundMark,
    bead_plate,
    big_eye_boy,
    big_road,
    cockroach_pig,
    small_road,
)

#: The derived roads, in the order casino boards show them.
DERIVED_ROADS: tuple[tuple[str, Callable[[Sequence[RoundMark]], Grid[Colour]]], ...] = (
    ("big_eye_boy", big_eye_boy),
    ("small_road", small_road),
    ("cockroach_pig", cockroach_pig),
)

T = TypeVar("T")

BEAD_STYLE = {
    Outcome.PLAYER: "bold white on blue",
    Outcome.BANKER: "bold white on red",
    Outcome.TIE: "bold white on green",
}
ROAD_STYLE = {Outcome.PLAYER: "bold blue", Outcome.BANKER: "bold red"}
COLOUR_STYLE = {Colour.RED: "bold red", Colour.BLUE: "bold blue"}
#: Characters a cell takes, its gap included.
BEAD_WIDTH = 4
ROAD_WIDTH = 3
DERIVED_WIDTH = 2
#: Marks of the derived roads, as the casino boards draw them.
DERIVED_SYMBOLS = {"big_eye_boy": "○", "small_road": "●", "cockroach_pig": "╱"}
#: Without colour (NO_COLOR, or output that is not a terminal) red and blue marks would look
#: alike: each colour gets its own shape instead, the same on the three roads (their titles
#: tell the roads apart), and the legend says which is which.
PLAIN_SYMBOLS = {Colour.RED: "●", Colour.BLUE: "○"}


def grid_lines(
    columns: Sequence[Sequence[T | None]],
    cell: Callable[[T | None], Text],
    max_columns: int,
) -> list[Text]:
    """The newest ``max_columns`` columns of a grid, as one line of text per row."""
    shown = columns[-max_columns:] if max_columns > 0 else ()
    lines = []
    for row in range(ROWS):
        # Never wrapped nor cut: the columns were chosen to fit, and a cell cut to "…"
        # would hide a result.
        line = Text(no_wrap=True, overflow="crop")
        for column in shown:
            line.append_text(cell(column[row]))
        lines.append(line)
    return lines


class Scoreboard:
    """Draws the roads of one shoe in one language.

    Args:
        letters: The letters of the outcomes (``B``, ``P``, ``T`` or ``B``, ``J``, ``E``).
        titles: Each road's title, by key (``bead_plate``, ``big_road``, ``big_eye_boy``...).
        colour: Whether the marks are shown in colour; without it the derived roads draw
            red and blue as two shapes (:data:`PLAIN_SYMBOLS`).
    """

    def __init__(
        self, letters: dict[Outcome, str], titles: dict[str, str], *, colour: bool = True
    ) -> None:
        self.letters = letters
        self.titles = titles
        self.colour = colour

    def bead(self, mark: RoundMark | None) -> Text:
        """One bead-plate cell: banker-pair dot, letter, player-pair dot, gap."""
        if mark is None:
            return Text(" ·  ", style="dim")
        return Text.assemble(
            ("•" if mark.banker_pair else " ", "bold red"),
            (self.letters[mark.outcome], BEAD_STYLE[mark.outcome]),
            ("•" if mark.player_pair else " ", "bold blue"),
            " ",
        )

    def road(self, cell: BigRoadCell | None) -> Text:
        """One Big Road cell: the winner's letter, then its ties in green, then a gap."""
        if cell is None:
            return Text("·  ", style="dim")
        if cell.outcome is None:  # only ties so far this shoe
            letter = Text("/", style="bold green")
        else:
            letter = Text(self.letters[cell.outcome], style=ROAD_STYLE[cell.outcome])
        ties = "" if cell.ties == 0 else "/" if cell.ties == 1 else str(min(cell.ties, 9))
        return Text.assemble(letter, (ties.ljust(1), "bold green"), " ")

    def derived(self, key: str) -> Callable[[Colour | None], Text]:
        """A cell drawer for one derived road (cells are red or blue)."""
        symbol = DERIVED_SYMBOLS[key]

        def cell(colour: Colour | None) -> Text:
            if colour is None:
                return Text("· ", style="dim")
            if not self.colour:
                return Text(PLAIN_SYMBOLS[colour] + " ")
            return Text(symbol + " ", style=COLOUR_STYLE[colour])

        return cell

    def main_roads(self, marks: Sequence[RoundMark], width: int) -> Table:
        """The bead plate and the Big Road side by side, in ``width`` columns."""
        beads = bead_plate(marks)
        road = big_road(marks)
        room = max(width - 4, BEAD_WIDTH + ROAD_WIDTH)
        bead_columns = max(1, len(beads))
        road_columns = max(1, len(road))
        if bead_columns * BEAD_WIDTH + road_columns * ROAD_WIDTH > room:
            # Share the room, the bead plate taking at most two fifths.
            bead_columns = min(bead_columns, max(2, room * 2 // 5 // BEAD_WIDTH))
            road_columns = max(1, (room - bead_columns * BEAD_WIDTH) // ROAD_WIDTH)
        return self._side_by_side(
            [
                (self.titles["bead_plate"], grid_lines(beads, self.bead, bead_columns)),
                (self.titles["big_road"], grid_lines(road, self.road, road_columns)),
            ]
        )

    def derived_roads(self, marks: Sequence[RoundMark], width: int) -> Table:
        """The three derived roads side by side."""
        each = max(2, (width - 8) // 3 // DERIVED_WIDTH)
        drawn = [
            (self.titles[key], grid_lines(builder(marks), self.derived(key), each))
            for key, builder in DERIVED_ROADS
        ]
        return self._side_by_side(drawn)

    def _side_by_side(self, roads: Sequence[tuple[str, list[Text]]]) -> Table:
        table = Table.grid(padding=(0, 3))
        for _ in roads:
            table.add_column(no_wrap=True)
        cells: list[Any] = [
            Group(Text(_title_for(title, lines), style="bold dim"), *lines)
            for title, lines in roads
        ]
        table.add_row(*cells)
        return table


def _title_for(title: str, lines: Sequence[Text]) -> str:
    """``title``, without its English name in brackets where it is wider than its road.

    The Spanish "Cucaracha (Cockroach Pig)" becomes "Cucaracha" over a narrow
    road, rather than taking room from its cells; a title still too long wraps.
    """
    width = max((len(line.plain) for line in lines), default=0)
    if len(title) <= width or " (" not in title:
        return title
    return title.split(" (", 1)[0]
