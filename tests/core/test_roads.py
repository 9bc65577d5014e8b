"""Scoreboards: worked examples written out by hand from the rules, and properties."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.core.coup import Outcome
from puntobanco.core.roads import (
    ROWS,
    AskHint,
    BigRoadCell,
    Colour,
    DerivedRoad,
    RoundMark,
    ask_hints,
    bead_plate,
    big_eye_boy,
    big_road,
    cockroach_pig,
    derived_marks,
    layout,
    roads_json,
    small_road,
    streak_lengths,
)

B = RoundMark(Outcome.BANKER)
P = RoundMark(Outcome.PLAYER)
T = RoundMark(Outcome.TIE)
R_, U_ = Colour.RED, Colour.BLUE  # red, blue ("U" for blUe, to keep grids readable)


def marks_of(text: str) -> list[RoundMark]:
    """'BBPT' -> marks; spaces ignored."""
    table = {"B": B, "P": P, "T": T}
    return [table[ch] for ch in text if ch != " "]


def cells(grid: tuple[tuple[object, ...], ...]) -> dict[tuple[int, int], object]:
    return {(c, r): v for c, col in enumerate(grid) for r, v in enumerate(col) if v is not None}


def outcomes(grid: tuple[tuple[BigRoadCell | None, ...], ...]) -> dict[tuple[int, int], str]:
    return {
        pos: cell.outcome.value[0].upper()
        for pos, cell in cells(grid).items()
        if isinstance(cell, BigRoadCell) and cell.outcome is not None
    }


# --- Bead Plate ---------------------------------------------------------------------------


def test_bead_plate_fills_down_then_right_with_ties() -> None:
    marks = marks_of("BPTBBPT")
    grid = bead_plate(marks)
    assert len(grid) == 2
    assert [c.outcome for c in grid[0] if c] == [m.outcome for m in marks[:6]]
    assert grid[1][0] == marks[6] and grid[1][1:] == (None,) * 5


def test_bead_plate_keeps_pairs() -> None:
    mark = RoundMark(Outcome.TIE, player_pair=True, banker_pair=True)
    assert bead_plate([mark])[0][0] == mark


def test_rows_must_be_positive() -> None:
    with pytest.raises(ValueError, match="rows must be at least 1, got 0"):
        bead_plate([B], rows=0)
    with pytest.raises(ValueError, match="at least one entry"):
        layout([2, 0])


# --- Big Road -----------------------------------------------------------------------------


def test_big_road_streaks_and_changes() -> None:
    # B B P P P B: columns B(2), P(3), B(1).
    assert outcomes(big_road(marks_of("BBPPPB"))) == {
        (0, 0): "B", (0, 1): "B",
        (1, 0): "P", (1, 1): "P", (1, 2): "P",
        (2, 0): "B",
    }  # fmt: skip


def test_big_road_dragon_tail_at_row_six() -> None:
    # 8 Bankers: rows 1-6 of column 1, then right along row 6 to columns 2 and 3.
    # Then P P starts column 2 (its top is free), and B starts column 3.
    grid = big_road(marks_of("BBBBBBBB PP B"))
    assert outcomes(grid) == {
        **{(0, r): "B" for r in range(6)}, (1, 5): "B", (2, 5): "B",
        (1, 0): "P", (1, 1): "P",
        (2, 0): "B",
    }  # fmt: skip
    assert len(grid) == 3


def test_big_road_tail_turns_at_an_occupied_cell() -> None:
    # B x6 fills column 1; P x7 fills column 2 and tails to (3, 6);
    # B x7 runs down column 3 to row 5, finds row 6 taken, turns right along row 5.
    grid = big_road(marks_of("BBBBBB PPPPPPP BBBBBBB P B"))
    assert outcomes(grid) == {
        **{(0, r): "B" for r in range(6)},
        **{(1, r): "P" for r in range(6)}, (2, 5): "P",
        **{(2, r): "B" for r in range(5)}, (3, 4): "B", (4, 4): "B",
        (3, 0): "P",
        (4, 0): "B",
    }  # fmt: skip


def test_later_column_moves_past_a_tail_on_the_top_row() -> None:
    # On a 2-row board: B B B = (0,0) (0,1) and a tail to (1,1); P P P starts at (1,0),
    # finds (1,1) taken and tails along the top row to (2,0), (3,0); the next column,
    # B, would start at column 2 or 3, whose tops the tail holds, so it goes to column 4.
    grid = big_road(marks_of("BBB PPP B"), rows=2)
    assert outcomes(grid) == {
        (0, 0): "B", (0, 1): "B", (1, 1): "B",
        (1, 0): "P", (2, 0): "P", (3, 0): "P",
        (4, 0): "B",
    }  # fmt: skip
    assert layout([3, 3, 1], rows=2) == (
        ((0, 0), (0, 1), (1, 1)),
        ((1, 0), (2, 0), (3, 0)),
        ((4, 0),),
    )


def test_ties_are_counted_on_the_last_circle() -> None:
    grid = big_road(marks_of("T T B T P P T T T B"))
    got = {pos: (cell.outcome, cell.ties) for pos, cell in cells(grid).items()}  # type: ignore[union-attr]
    assert got == {
        (0, 0): (Outcome.BANKER, 3),  # 2 opening ties + 1 after it
        (1, 0): (Outcome.PLAYER, 0),
        (1, 1): (Outcome.PLAYER, 3),
        (2, 0): (Outcome.BANKER, 0),
    }


def test_shoe_of_only_ties_marks_the_first_cell() -> None:
    grid = big_road(marks_of("TT"))
    assert grid == ((BigRoadCell(None, 2), None, None, None, None, None),)
    assert big_road([]) == ()


def test_big_road_keeps_pairs_of_the_circle_round() -> None:
    pair = RoundMark(Outcome.PLAYER, player_pair=True, natural=True, winning_total=9)
    (cell,) = cells(big_road([pair])).values()
    assert cell == BigRoadCell(Outcome.PLAYER, 0, player_pair=True, natural=True, winning_total=9)


# --- Derived roads: one shoe worked through on paper -------------------------------------
# Logical columns of B B | P | T B B B | P P | B | P T | B B B B: lengths 2 1 3 2 1 1 4
# (ties ignored). Entry (column n, row m):
#   Big Eye Boy (k=1) starts at (3,1), column 2 having one entry:
#     (3,1) L2=1 vs L1=2 blue; (3,2) m=L2+1 blue; (3,3) red; (4,1) L3=3 vs L2=1 blue;
#     (4,2) m<=L3 red; (5,1) 2 vs 3 blue; (6,1) 1 vs 2 blue; (7,1) 1 vs 1 red;
#     (7,2) m=L6+1 blue; (7,3) red; (7,4) red.
#   Small Road (k=2) starts at (3,2):
#     (3,2) m<=L1=2 red; (3,3) m=L1+1 blue; (4,1) L3=3 vs L1=2 blue; (4,2) m=L2+1 blue;
#     (5,1) 2 vs 1 blue; (6,1) 1 vs 3 blue; (7,1) 1 vs 2 blue; (7,2) m=L5+1 blue;
#     (7,3) red; (7,4) red.
#   Cockroach Pig (k=3) starts at (4,2):
#     (4,2) m<=L1=2 red; (5,1) L4=2 vs L1=2 red; (6,1) 1 vs 1 red; (7,1) 1 vs 3 blue;
#     (7,2) m<=L4=2 red; (7,3) m=L4+1 blue; (7,4) red.

SHOE = marks_of("BB P TBBB PP B PT BBBB")
BIG_EYE = [U_, U_, R_, U_, R_, U_, U_, R_, U_, R_, R_]
SMALL = [R_, U_, U_, U_, U_, U_, U_, U_, R_, R_]
COCKROACH = [R_, R_, R_, U_, R_, U_, R_]


def test_worked_shoe_streaks() -> None:
    assert streak_lengths(SHOE) == (2, 1, 3, 2, 1, 1, 4)


def test_worked_shoe_derived_marks() -> None:
    assert list(derived_marks(SHOE, DerivedRoad.BIG_EYE_BOY)) == BIG_EYE
    assert list(derived_marks(SHOE, DerivedRoad.SMALL_ROAD)) == SMALL
    assert list(derived_marks(SHOE, DerivedRoad.COCKROACH_PIG)) == COCKROACH


def test_worked_shoe_derived_layouts() -> None:
    # Big Eye Boy: UU | R | U | R | UU | R | U | RR
    assert cells(big_eye_boy(SHOE)) == {
        (0, 0): U_, (0, 1): U_, (1, 0): R_, (2, 0): U_, (3, 0): R_,
        (4, 0): U_, (4, 1): U_, (5, 0): R_, (6, 0): U_, (7, 0): R_, (7, 1): R_,
    }  # fmt: skip
    # Small Road: R | 7 blues (a tail at row 6) | RR, which starts at column 3.
    assert cells(small_road(SHOE)) == {
        (0, 0): R_,
        **{(1, r): U_ for r in range(6)}, (2, 5): U_,
        (2, 0): R_, (2, 1): R_,
    }  # fmt: skip
    # Cockroach Pig: RRR | U | R | U | R
    assert cells(cockroach_pig(SHOE)) == {
        (0, 0): R_, (0, 1): R_, (0, 2): R_, (1, 0): U_, (2, 0): R_, (3, 0): U_, (4, 0): R_,
    }  # fmt: skip


def test_worked_shoe_ask_hints() -> None:
    # Last column is Banker, 4 long. Banker next = (7,5): beyond L6+1, L5+1, L4+1: red.
    # Player next = (8,1): L7=4 against L6=1, L5=1, L4=2: blue everywhere.
    hints = ask_hints(SHOE)
    assert all(h == AskHint(banker=R_, player=U_) for h in hints.values())


def test_ask_hints_early_in_a_shoe() -> None:
    # B B P B: lengths 2 1 1. Banker next = (3,2); Player next = (4,1).
    #   Big Eye Boy: (3,2) m=L2+1 blue; (4,1) L3=1 vs L2=1 red.
    #   Small Road: (3,2) m<=L1=2 red; (4,1) L3=1 vs L1=2 blue.
    #   Cockroach Pig: both before its start point.
    hints = ask_hints(marks_of("BBPB"))
    assert hints[DerivedRoad.BIG_EYE_BOY] == AskHint(banker=U_, player=R_)
    assert hints[DerivedRoad.SMALL_ROAD] == AskHint(banker=R_, player=U_)
    assert hints[DerivedRoad.COCKROACH_PIG] == AskHint(banker=None, player=None)
    assert ask_hints([]) == {road: AskHint(None, None) for road in DerivedRoad}


def test_derived_roads_start_points() -> None:
    # Column 2 of two entries: Big Eye Boy starts at (2,2): m=2 = L1+1 -> blue.
    assert derived_marks(marks_of("B PP"), DerivedRoad.BIG_EYE_BOY) == (U_,)
    # Column 2 of one entry: nothing until (3,1).
    assert derived_marks(marks_of("B P"), DerivedRoad.BIG_EYE_BOY) == ()
    assert derived_marks(marks_of("B P B"), DerivedRoad.BIG_EYE_BOY) == (R_,)
    assert derived_marks(marks_of("B P B"), DerivedRoad.SMALL_ROAD) == ()
    assert derived_marks(marks_of("B P BB"), DerivedRoad.SMALL_ROAD) == (U_,)
    assert derived_marks(marks_of("B P B P"), DerivedRoad.SMALL_ROAD) == (R_,)
    assert derived_marks(marks_of("B P B P"), DerivedRoad.COCKROACH_PIG) == ()
    assert derived_marks(marks_of("B P B PP"), DerivedRoad.COCKROACH_PIG) == (U_,)
    assert derived_marks(marks_of("B P B P B"), DerivedRoad.COCKROACH_PIG) == (R_,)


def test_roads_json_shape() -> None:
    data = roads_json(SHOE)
    json.dumps(data)
    assert data["rows"] == ROWS
    assert data["ask"] == {
        "banker": {"big_eye_boy": "red", "small_road": "red", "cockroach_pig": "red"},
        "player": {"big_eye_boy": "blue", "small_road": "blue", "cockroach_pig": "blue"},
    }
    big = data["big_road"]
    assert isinstance(big, list)
    assert big[0][0] == {
        "outcome": "banker", "ties": 0, "player_pair": False, "banker_pair": False,
        "natural": False, "winning_total": None,
    }  # fmt: skip
    assert data["small_road"][0][0] == "red"  # type: ignore[index]
    assert data["bead_plate"][0][0]["outcome"] == "banker"  # type: ignore[index]


# --- Properties -----------------------------------------------------------------------------

mark_st = st.builds(
    RoundMark,
    st.sampled_from(list(Outcome)),
    player_pair=st.booleans(),
    banker_pair=st.booleans(),
)
shoe_st = st.lists(st.sampled_from([B, P, T]), max_size=90) | st.lists(mark_st, max_size=30)
rows_st = st.integers(min_value=1, max_value=7)


def entries(lengths: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(n, m) for n, length in enumerate(lengths, 1) for m in range(1, length + 1)]


@given(shoe_st, rows_st)
def test_every_win_once_in_big_road_and_ties_never_get_a_cell(
    shoe: list[RoundMark], rows: int
) -> None:
    grid = big_road(shoe, rows)
    placed = list(cells(grid).values())
    assert all(isinstance(c, BigRoadCell) for c in placed)
    wins = [m for m in shoe if m.outcome is not Outcome.TIE]
    ties = len(shoe) - len(wins)
    circles = [c for c in placed if c.outcome is not None]  # type: ignore[union-attr]
    for outcome in (Outcome.BANKER, Outcome.PLAYER):
        assert sum(c.outcome is outcome for c in circles) == sum(  # type: ignore[union-attr]
            m.outcome is outcome for m in wins
        )
    assert all(c.outcome is not Outcome.TIE for c in circles)  # type: ignore[union-attr]
    assert sum(c.ties for c in placed) == ties  # type: ignore[union-attr]
    # The only non-circle is the opening slash of a shoe that has had only ties.
    assert len(placed) == len(wins) + (1 if ties and not wins else 0)
    assert all(len(column) == rows for column in grid)


@given(st.lists(st.integers(min_value=1, max_value=12), max_size=25), rows_st)
def test_layout_is_a_big_road(streaks: list[int], rows: int) -> None:
    placed = layout(streaks, rows)
    flat = [cell for streak in placed for cell in streak]
    assert len(flat) == len(set(flat)) == sum(streaks)
    assert all(0 <= r < rows and c >= 0 for c, r in flat)
    starts = [streak[0] for streak in placed]
    assert all(r == 0 for _, r in starts)
    assert all(a[0] < b[0] for a, b in zip(starts, starts[1:], strict=False))
    for streak in placed:
        turned = False
        for (c0, r0), (c1, r1) in zip(streak, streak[1:], strict=False):
            down = (c1, r1) == (c0, r0 + 1)
            assert down or (r1 == r0 and c1 > c0)
            assert not (turned and down), "a tail never turns back down"
            turned = turned or not down
    # Without tails, streaks take consecutive columns.
    if all(length <= rows for length in streaks):
        assert [c for c, _ in starts] == list(range(len(streaks)))


@given(shoe_st)
def test_derived_mark_count_equals_entries_from_start_point(shoe: list[RoundMark]) -> None:
    lengths = streak_lengths(shoe)
    for road in DerivedRoad:
        k = road.value
        expected = sum(
            1 for n, m in entries(lengths) if (m >= 2 and n >= k + 1) or (m == 1 and n >= k + 2)
        )
        marks = derived_marks(shoe, road)
        assert len(marks) == expected
        grid = {DerivedRoad.BIG_EYE_BOY: big_eye_boy, DerivedRoad.SMALL_ROAD: small_road}.get(
            road, cockroach_pig
        )(shoe)
        laid = list(cells(grid).values())
        assert sorted(laid) == sorted(marks)


@given(shoe_st)
def test_ask_hints_are_opposite_and_predict_the_next_mark(shoe: list[RoundMark]) -> None:
    hints = ask_hints(shoe)
    for road, hint in hints.items():
        assert (hint.banker is None) == (hint.player is None)
        if hint.banker is not None:
            assert hint.banker != hint.player
        before = derived_marks(shoe, road)
        for mark, colour in ((B, hint.banker), (P, hint.player)):
            after = derived_marks([*shoe, mark], road)
            assert after == before + ((colour,) if colour else ())
        # A tie changes nothing.
        assert derived_marks([*shoe, T], road) == before


@given(shoe_st)
def test_bead_plate_holds_every_round_in_order(shoe: list[RoundMark]) -> None:
    grid = bead_plate(shoe)
    flat = [cell for column in grid for cell in column if cell is not None]
    assert flat == shoe
    assert all(len(column) == ROWS for column in grid)


@given(shoe_st)
def test_roads_json_is_json(shoe: list[RoundMark]) -> None:
    data = roads_json(shoe)
    assert json.loads(json.dumps(data)) == data
