"""Chemin de fer money: golden rounds by hand, conservation, refusals that change nothing."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.chemin.table import (
    ChemTable,
    Wager,
    apply_settlement,
    can_wager,
    choice_stream,
    keep_bank,
    left_to_cover,
    next_banker,
    open_bank,
    pass_bank,
    place_wager,
    player_hand_seat,
    punters,
    settle_round,
    table_error_message,
)
from puntobanco.core.errors import BaccaratError, InvalidBet, WrongPhase
from puntobanco.core.rng import Xoshiro256StarStar

GOLDEN = json.loads(
    (Path(__file__).resolve().parents[1] / "golden" / "chemin_rounds.json").read_text("utf-8")
)["rounds"]


def _table(data: dict[str, Any]) -> ChemTable:
    return ChemTable(
        balances=tuple(data["balances"]),
        banker=data["banker"],
        bank_minor=data["bank"],
        minimum_minor=data["minimum"],
    )


def _wager(data: dict[str, Any]) -> Wager:
    return Wager(data["seat"], data["amount"], banco=bool(data.get("banco")))


@pytest.mark.parametrize("case", GOLDEN, ids=[c["name"] for c in GOLDEN])
def test_golden_round(case: dict[str, Any]) -> None:
    table = _table(case["table"])
    wagers: tuple[Wager, ...] = ()
    placed = [_wager(w) for w in case["wagers"]]
    refusals = {r["after_wagers"]: r for r in case.get("refused", [])}
    for i in range(len(placed) + 1):
        if i in refusals:
            refused = refusals[i]
            before = wagers
            with pytest.raises(InvalidBet) as caught:
                place_wager(table, wagers, _wager(refused))
            assert caught.value.code == refused["code"]
            assert wagers == before
        if i < len(placed):
            wagers = place_wager(table, wagers, placed[i])
    expect = case["expect"]
    assert player_hand_seat(table, wagers) == expect["player_hand"]
    s = settle_round(table, wagers, case["outcome"])
    assert s.covered_minor == expect["covered"]
    assert list(s.deltas) == expect["deltas"]
    assert s.commission_minor == expect["commission"]
    assert s.commission_exact == Fraction(expect["commission_exact"])
    assert s.rounded_away == Fraction(expect["rounded_away"])
    assert s.total_minor == -s.commission_minor
    after = apply_settlement(table, s)
    want = expect["after"]
    assert list(after.balances) == want["balances"]
    assert (after.banker, after.bank_minor, after.may_keep) == (
        want["banker"],
        want["bank"],
        want["may_keep"],
    )


def test_the_banco_has_priority_and_is_the_only_bet() -> None:
    table = ChemTable(balances=(10_000, 5_000, 5_000, 5_000), bank_minor=3_000)
    wagers = place_wager(table, (), Wager(1, 1_000))
    wagers = place_wager(table, wagers, Wager(2, 3_000, banco=True))
    assert wagers == (Wager(2, 3_000, banco=True),)
    assert left_to_cover(table, wagers) == 0
    # A banco over the bank, or under it, is no banco.
    for amount in (3_001, 2_999):
        with pytest.raises(InvalidBet) as caught:
            place_wager(table, (), Wager(3, amount, banco=True))
        assert caught.value.code == "banco_not_whole"
    # A second banco is refused.
    with pytest.raises(InvalidBet) as caught:
        place_wager(table, wagers, Wager(3, 3_000, banco=True))
    assert caught.value.code == "banco_taken"
    # A banco needs the whole bank in the punter's balance.
    poor = ChemTable(balances=(10_000, 2_000), bank_minor=3_000)
    with pytest.raises(InvalidBet) as caught:
        place_wager(poor, (), Wager(1, 3_000, banco=True))
    assert caught.value.code == "over_balance"


def test_bets_in_seat_order_from_the_banker() -> None:
    table = ChemTable(balances=(1_000,) * 5, banker=3, bank_minor=500)
    assert punters(table) == (4, 0, 1, 2)
    wagers = place_wager(table, (), Wager(4, 200))
    wagers = place_wager(table, wagers, Wager(0, 300))
    assert left_to_cover(table, wagers) == 0
    assert not can_wager(table, wagers, Wager(1, 1))
    # Equal largest bets: the one nearer the banker's right holds the cards.
    even = place_wager(table, place_wager(table, (), Wager(1, 250)), Wager(2, 250))
    assert player_hand_seat(table, even) == 1


@pytest.mark.parametrize(
    ("wager", "code"),
    [
        (Wager(0, 100), "not_a_punter"),  # the banker's own seat
        (Wager(7, 100), "not_a_punter"),
        (Wager(1, 0), "wager_not_positive"),
        (Wager(1, -5), "wager_not_positive"),
        (Wager(1, 2_001), "over_bank"),
        (Wager(1, 50), "wager_below_minimum"),
        (Wager(2, 1_500), "over_balance"),
        (Wager(1, 1.5), "wager_stake_not_integer"),  # type: ignore[arg-type]
    ],
)
def test_refusals_name_the_problem_in_both_languages(wager: Wager, code: str) -> None:
    table = ChemTable(balances=(5_000, 5_000, 1_000), bank_minor=2_000)
    with pytest.raises(InvalidBet) as caught:
        place_wager(table, (), wager)
    assert caught.value.code == code
    en, es = table_error_message(caught.value, "en"), table_error_message(caught.value, "es")
    assert en != es and en != caught.value.message
    assert "{" not in en and "{" not in es


def test_over_bank_names_what_is_left_and_the_banco() -> None:
    table = ChemTable(balances=(500_000, 500_000, 500_000), bank_minor=150_000)
    wagers = place_wager(table, (), Wager(1, 100_000))
    with pytest.raises(InvalidBet) as caught:
        place_wager(table, wagers, Wager(2, 60_000))
    assert table_error_message(caught.value, "en") == (
        "600.00 is more than is left of the bank: bet up to 500.00, or call banco "
        "for the whole bank of 1,500.00."
    )
    assert table_error_message(caught.value, "es") == (
        "600,00 es más de lo que queda de la banca: apueste hasta 500,00, o cante banco "
        "por la banca entera de 1.500,00."
    )


def test_the_bank_opens_within_the_minimum_and_the_balance() -> None:
    table = ChemTable(balances=(5_000, 5_000), minimum_minor=100)
    with pytest.raises(InvalidBet) as caught:
        place_wager(table, (), Wager(1, 100))
    assert caught.value.code == "no_bank"
    for amount in (99, 5_001):
        with pytest.raises(InvalidBet) as caught:
            open_bank(table, amount)
        assert caught.value.code == "bank_out_of_range"
        assert "1,00" in table_error_message(caught.value, "es")
    opened = open_bank(table, 5_000)
    assert opened.bank_minor == 5_000 and table.bank_minor == 0
    with pytest.raises(InvalidBet) as caught:
        open_bank(opened, 100)
    assert caught.value.code == "bank_open"


def test_keeping_the_bank_is_a_choice_only_after_a_win() -> None:
    table = ChemTable(balances=(5_000, 5_000, 5_000), bank_minor=1_000)
    wagers = place_wager(table, (), Wager(1, 1_000))
    with pytest.raises(WrongPhase) as caught:
        keep_bank(table)
    assert caught.value.code == "no_choice"
    assert "solo" in table_error_message(caught.value, "es")
    won = apply_settlement(table, settle_round(table, wagers, "banker"))
    assert won.may_keep and won.bank_minor == 1_950
    kept = keep_bank(won)
    assert (kept.banker, kept.bank_minor, kept.may_keep) == (0, 1_950, False)
    passed = pass_bank(won)  # la main passe: the next seat, the bank closed
    assert (passed.banker, passed.bank_minor) == (1, 0)
    assert passed.balances == won.balances


def test_the_bank_skips_seats_without_the_minimum() -> None:
    table = ChemTable(balances=(5_000, 50, 5_000), bank_minor=1_000, minimum_minor=100)
    assert next_banker(table) == 2
    lost = apply_settlement(
        table, settle_round(table, place_wager(table, (), Wager(2, 1_000)), "player")
    )
    assert lost.banker == 2 and lost.bank_minor == 0
    alone = ChemTable(balances=(5_000, 50), bank_minor=1_000)
    with pytest.raises(WrongPhase) as caught:
        pass_bank(alone)
    assert caught.value.code == "no_banker"


def test_the_table_refuses_bad_values() -> None:
    bad: list[dict[str, Any]] = [
        {"balances": (1_000,)},
        {"balances": (1_000, -1)},
        {"balances": (1_000, 1_000), "banker": 2},
        {"balances": (1_000, 1_000), "bank_minor": 1_001},
        {"balances": (1_000, 1_000), "minimum_minor": 0},
        {"balances": (1_000, 1_000), "commission": Fraction(1)},
    ]
    for kwargs in bad:
        with pytest.raises(InvalidBet) as caught:
            ChemTable(**kwargs)
        assert caught.value.code == "table"
    with pytest.raises(InvalidBet) as caught:
        settle_round(ChemTable(balances=(1, 1), bank_minor=1), (), "banker")
    assert caught.value.code == "no_wagers"
    table = ChemTable(balances=(1_000, 1_000), bank_minor=100)
    with pytest.raises(InvalidBet) as caught:
        settle_round(table, (Wager(1, 100),), "draw")
    assert caught.value.code == "outcome"
    assert "player, banker, tie" in table_error_message(caught.value, "es")


@st.composite
def _rounds(draw: st.DrawFn) -> tuple[ChemTable, tuple[Wager, ...], str]:
    seats = draw(st.integers(2, 7))
    balances = tuple(draw(st.lists(st.integers(0, 10**7), min_size=seats, max_size=seats)))
    minimum = draw(st.integers(1, 500))
    banker = draw(st.integers(0, seats - 1))
    balances = balances[:banker] + (max(balances[banker], minimum),) + balances[banker + 1 :]
    commission = draw(st.sampled_from([Fraction(1, 20), Fraction(1, 25), Fraction(0)]))
    table = ChemTable(
        balances=balances, banker=banker, minimum_minor=minimum, commission=commission
    )
    table = open_bank(table, draw(st.integers(minimum, balances[banker])))
    wagers: tuple[Wager, ...] = ()
    for seat in punters(table):
        if draw(st.integers(0, 9)) == 0 and can_wager(
            table, wagers, Wager(seat, table.bank_minor, True)
        ):
            wagers = place_wager(table, wagers, Wager(seat, table.bank_minor, True))
            continue
        amount = draw(st.integers(1, 2 * table.bank_minor))
        if can_wager(table, wagers, Wager(seat, amount)):
            wagers = place_wager(table, wagers, Wager(seat, amount))
    if not wagers:
        seat = next(s for s in punters(table))
        table = replace_balance(table, seat, table.bank_minor)
        wagers = place_wager(table, (), Wager(seat, table.bank_minor))
    return table, wagers, draw(st.sampled_from(["player", "banker", "tie"]))


def replace_balance(table: ChemTable, seat: int, at_least: int) -> ChemTable:
    balances = list(table.balances)
    balances[seat] = max(balances[seat], at_least)
    return ChemTable(
        balances=tuple(balances),
        banker=table.banker,
        bank_minor=table.bank_minor,
        minimum_minor=table.minimum_minor,
        commission=table.commission,
    )


@settings(max_examples=300, deadline=None)
@given(_rounds())
def test_money_is_conserved_over_random_rounds(
    round_: tuple[ChemTable, tuple[Wager, ...], str],
) -> None:
    table, wagers, outcome = round_
    s = settle_round(table, wagers, outcome)
    # The table loses exactly what the house takes.
    assert sum(s.deltas) == -s.commission_minor
    assert s.covered_minor <= table.bank_minor
    if outcome == "banker":
        assert s.commission_minor == (s.covered_minor * table.commission).__floor__()
        assert 0 <= s.rounded_away < 1
        assert s.rounded_away == s.covered_minor * table.commission - s.commission_minor
    else:
        assert s.commission_minor == 0 and s.rounded_away == 0
    # Nobody loses more than his stake; the banker no more than the bets covered.
    for wager in wagers:
        assert s.deltas[wager.seat] in (-wager.amount_minor, 0, wager.amount_minor)
    assert -s.covered_minor <= s.deltas[table.banker] <= s.covered_minor
    after = apply_settlement(table, s)
    assert all(b >= 0 for b in after.balances)
    assert sum(after.balances) == sum(table.balances) - s.commission_minor
    assert after.bank_minor <= after.balances[after.banker]


def test_choice_stream_is_keyed_by_seed_shoe_and_round() -> None:
    def first(seed: int, shoe: int, round_: int) -> list[int]:
        stream = choice_stream(seed, shoe, round_)
        return [stream.randbelow(2**31) for _ in range(4)]

    assert first(7, 0, 1) == first(7, 0, 1)
    assert len({tuple(first(7, s, r)) for s in range(3) for r in range(1, 4)}) == 9
    assert first(7, 0, 1) != first(8, 0, 1)
    shoe = Xoshiro256StarStar.for_shoe(seed=7, shoe_index=0)
    assert first(7, 0, 0) != [shoe.randbelow(2**31) for _ in range(4)]


def test_errors_of_other_modules_keep_their_message() -> None:
    error = BaccaratError("something else", code="elsewhere")
    assert table_error_message(error, "es") == "something else"


def test_a_table_reads_its_money_from_the_rules() -> None:
    """``for_rules`` takes the commission and the rounding; the defaults are Chemin de fer's."""
    from puntobanco.core.money import Rounding
    from puntobanco.core.rules import Rules, Variant

    chemin = Rules(variant=Variant.CHEMIN_DE_FER)
    plain = ChemTable(balances=(10_000, 5_000))
    by_rules = ChemTable.for_rules(chemin, balances=(10_000, 5_000))
    assert by_rules == plain
    assert (plain.commission, plain.rounding) == (Fraction(1, 20), Rounding.COMMISSION_DOWN)
    cheaper = ChemTable.for_rules(
        Rules(variant=Variant.CHEMIN_DE_FER, banker_commission=Fraction(1, 40)),
        balances=(10_000, 5_000),
        bank_minor=2_000,
    )
    settled = settle_round(cheaper, (Wager(seat=1, amount_minor=1_205),), "banker")
    assert (settled.commission_minor, settled.rounded_away) == (30, Fraction(1, 8))


def test_the_rounding_says_who_keeps_the_fraction() -> None:
    """Commission down (Chemin de fer): the banker keeps it; winnings down: the house does."""
    from dataclasses import replace

    from puntobanco.core.money import Rounding

    table = open_bank(ChemTable(balances=(10_000, 5_000)), 2_000)
    wagers = (Wager(seat=1, amount_minor=1_205),)
    down = settle_round(table, wagers, "banker")
    assert (down.commission_minor, down.rounded_away, down.deltas) == (
        60,
        Fraction(1, 4),
        (1145, -1205),
    )
    house = settle_round(replace(table, rounding=Rounding.WINNINGS_DOWN), wagers, "banker")
    assert (house.commission_minor, house.rounded_away, house.deltas) == (
        61,
        Fraction(3, 4),
        (1144, -1205),
    )
    assert house.total_minor == -house.commission_minor


def test_a_rounding_that_is_not_one_is_refused() -> None:
    with pytest.raises(InvalidBet) as caught:
        ChemTable(balances=(1, 1), rounding="down")  # type: ignore[arg-type]
    assert caught.value.code == "table"
