"""The scoreboard as the terminal draws it: bead plate, Big Road, derived roads."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from puntobanco.cli.main import app
from puntobanco.cli.scoreboard import Scoreboard, grid_lines
from puntobanco.core.coup import Outcome
from puntobanco.core.roads import RoundMark, bead_plate, big_road

B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
LETTERS = {B: "B", P: "P", T: "T"}
TITLES = {
    "bead_plate": "Bead plate",
    "big_road": "Big Road",
    "big_eye_boy": "Big Eye Boy",
    "small_road": "Small Road",
    "cockroach_pig": "Cockroach Pig",
}


def marks(text: str) -> list[RoundMark]:
    """``"BBTP"`` -> marks; lower case ``p``/``b`` add a Player/Banker pair."""
    out = []
    for ch in text:
        outcome = {"B": B, "P": P, "T": T, "b": B, "p": P}[ch]
        out.append(RoundMark(outcome, player_pair=ch == "p", banker_pair=ch == "b"))
    return out


def plain_rows(lines: list) -> list[str]:  # type: ignore[type-arg]
    return [line.plain.rstrip() for line in lines]


def test_bead_plate_fills_columns_top_to_bottom() -> None:
    board = Scoreboard(LETTERS, TITLES)
    rows = plain_rows(grid_lines(bead_plate(marks("BPTBBBPp")), board.bead, 10))
    # Two columns of four characters: pair dot, letter, pair dot, gap.
    assert rows[0] == " B   P"
    assert rows[1] == " P   P•"
    assert rows[2] == " T   ·"
    assert rows[5] == " B   ·"


def test_big_road_streaks_ties_and_newest_columns() -> None:
    board = Scoreboard(LETTERS, TITLES)
    road = big_road(marks("BBTTPBT"))
    rows = plain_rows(grid_lines(road, board.road, 10))
    # Banker, Banker with two ties; Player; Banker with one tie.
    assert rows[0] == "B  P  B/"
    assert rows[1] == "B2 ·  ·"
    # Only the newest columns that fit are drawn.
    assert plain_rows(grid_lines(road, board.road, 1))[0] == "B/"


def test_a_shoe_of_ties_only_shows_the_slash() -> None:
    board = Scoreboard(LETTERS, TITLES)
    rows = plain_rows(grid_lines(big_road(marks("TT")), board.road, 5))
    assert rows[0] == "/2"


def _render(renderable: object, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_side_by_side_fits_the_width() -> None:
    board = Scoreboard(LETTERS, TITLES)
    shoe = marks("BPBPBPBPBBPPTTBPBPBPBPBPPPPBPBPBPBPBPBPBPBPBPBPBPBPBPBPBP" * 2)
    for width in (60, 80, 120):
        text = _render(board.main_roads(shoe, width), width)
        assert "Bead plate" in text and "Big Road" in text
        assert max(len(line) for line in text.splitlines()) <= width
        full = _render(board.derived_roads(shoe, width), width)
        assert "Big Eye Boy" in full and "Cockroach Pig" in full
        assert max(len(line) for line in full.splitlines()) <= width


def test_without_colour_red_and_blue_are_two_shapes() -> None:
    from puntobanco.cli.scoreboard import DERIVED_ROADS, DERIVED_SYMBOLS, PLAIN_SYMBOLS
    from puntobanco.core.roads import Colour

    # A shoe long enough for every derived road to hold both colours.
    shoe = marks("BBPPBPBBBPPPBPBBPBPPBBBP")
    for key, builder in DERIVED_ROADS:
        columns = builder(shoe)
        colours = [c for column in columns for c in column if c is not None]
        assert Colour.RED in colours and Colour.BLUE in colours, key
        plain = "".join(plain_rows(grid_lines(columns, Scoreboard(LETTERS, TITLES, colour=False)
                                              .derived(key), 40)))  # fmt: skip
        coloured = "".join(plain_rows(grid_lines(columns, Scoreboard(LETTERS, TITLES)
                                                 .derived(key), 40)))  # fmt: skip
        assert plain.count(PLAIN_SYMBOLS[Colour.RED]) == colours.count(Colour.RED)
        assert plain.count(PLAIN_SYMBOLS[Colour.BLUE]) == colours.count(Colour.BLUE)
        assert coloured.count(DERIVED_SYMBOLS[key]) == len(colours)
    assert PLAIN_SYMBOLS[Colour.RED] != PLAIN_SYMBOLS[Colour.BLUE]


def test_no_color_legend_names_the_shapes() -> None:
    from puntobanco.core.i18n import text

    for lang in ("en", "es"):
        legend = text(lang, "play.board.derived_legend_plain")  # type: ignore[arg-type]
        assert "●" in legend and "○" in legend and "[" not in legend
    from puntobanco.cli.textsafe import transliterate

    assert transliterate("●", "ascii") != transliterate("○", "ascii")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_full_board_at_80_columns_cuts_no_cell(lang: str) -> None:
    # 30 rounds, then the whole board: the Spanish titles once cut every Big Eye Boy row to "…".
    typed = "b 10\n" * 30 + "m\nq\n"
    result = CliRunner().invoke(
        app,
        ["play", "--seed", "3", "--fast", "--lang", lang],
        input=typed,
        env={"COLUMNS": "80", "NO_COLOR": "1"},
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    if lang == "es":
        assert "Cucaracha" in result.stdout and "Ojo grande" in result.stdout
