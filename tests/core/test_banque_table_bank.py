"""A Banque bank held by a seat and the computer punters: hand-worked figures, refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.core.banque.coup import play_banque
from puntobanco.core.banque.explain import banque_error_message
from puntobanco.core.banque.table import (
    CHEVAL,
    LEFT_SPOT,
    RIGHT_SPOT,
    SMALLEST_BANK,
    BanqueBet,
    bank_covers,
    bet_stream,
    computer_bets,
    left_to_cover,
    open_bank,
    seat_nets,
    settle_banque,
)
from puntobanco.core.cards import parse_cards
from puntobanco.core.chemin.table import choice_stream
from puntobanco.core.errors import InvalidBet
from puntobanco.core.rng import MASK64, Xoshiro256StarStar, mix64


class _Scripted:
    """A source that answers ``randbelow`` from a list."""

    def __init__(self, values: list[int]) -> None:
        self.values = iter(values)
        self.asked: list[int] = []

    def randbelow(self, n: int) -> int:
        self.asked.append(n)
        return next(self.values)


def test_a_bank_is_from_ten_minimums_to_the_balance() -> None:
    assert SMALLEST_BANK == 10
    assert open_bank(1000, minimum=100, balance=5000) == 1000
    assert open_bank(5000, minimum=100, balance=5000) == 5000


@pytest.mark.parametrize("amount", [999, 5001, 0, -1000, 1000.0, "1000", True])
def test_a_bank_out_of_range_is_refused(amount: object) -> None:
    with pytest.raises(InvalidBet) as caught:
        open_bank(amount, minimum=100, balance=5000)  # type: ignore[arg-type]
    assert caught.value.code == "banque_bank_range"
    assert caught.value.params["minimum"] == 1000 and caught.value.params["balance"] == 5000


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "a bank is from 10.00 to your balance of 1,234.56, got 9.99"),
        ("es", "una banca va de 10,00 a su saldo de 1.234,56, no 9,99"),
    ],
)
def test_a_refused_bank_in_words(lang: str, expected: str) -> None:
    with pytest.raises(InvalidBet) as caught:
        open_bank(999, minimum=100, balance=123_456)
    assert banque_error_message(caught.value, lang) == expected


def test_cover_and_the_bank_going_on() -> None:
    bets = [BanqueBet("a", RIGHT_SPOT, 500), BanqueBet("b", CHEVAL, 300)]
    assert left_to_cover(1000, bets) == 200 and left_to_cover(700, bets) == 0
    assert bank_covers(100, 100) and not bank_covers(99, 100)


def test_the_computer_punters_rule() -> None:
    # Stakes: 5 minimums (5.00), or the balance, or what is left of the bank; under the
    # minimum: sits out without drawing a spot.
    source = _Scripted([2, 0, 1])
    seats = [("b", 100_000), ("c", 320), ("d", 50), ("e", 100_000), ("f", 100_000)]
    bets = computer_bets(seats, bank=1000, minimum=100, source=source)
    assert [(b.seat, b.spot, b.stake) for b in bets] == [
        ("b", CHEVAL, 500), ("c", RIGHT_SPOT, 320), ("e", LEFT_SPOT, 180),
    ]  # fmt: skip
    assert source.asked == [3, 3, 3]  # "f" finds nothing left: no draw
    already = (BanqueBet("you", RIGHT_SPOT, 950),)
    assert computer_bets(seats, bank=1000, minimum=100, source=source, already=already) == ()


def test_the_betting_stream_is_its_own() -> None:
    key = (mix64(2) ^ 7) & MASK64
    expected = Xoshiro256StarStar.for_shoe(seed=(99 ^ 0x42414E5155455421) & MASK64, shoe_index=key)
    ours = bet_stream(99, 2, 7)
    draws = [ours.randbelow(1 << 30) for _ in range(8)]
    assert draws == [expected.randbelow(1 << 30) for _ in range(8)]
    other = choice_stream(99, 2, 7)
    assert draws != [other.randbelow(1 << 30) for _ in range(8)]


def test_each_seats_net_and_the_commission_add_up() -> None:
    # right 2, left 7, the Banker's natural 9: every bet loses.
    coup = play_banque(parse_cards("2c 3d 9h Kh 4s Ks"), decide=lambda point: False)
    bets = [BanqueBet("b", RIGHT_SPOT, 500), BanqueBet("c", CHEVAL, 500),
            BanqueBet("b", LEFT_SPOT, 234)]  # fmt: skip
    s = settle_banque(coup, bets, bank=1234, commission=Fraction(1, 20))
    assert seat_nets(s) == {"b": -734, "c": -500}
    # 5% of 12.34 is 0.617: 0.61 to the house, 0.007 left in the bank.
    assert (s.commission, s.rounded_away, s.bank_after) == (61, Fraction(7, 10), 1234 + 1234 - 61)
    assert sum(seat_nets(s).values()) + (s.bank_after - s.bank_before) == -s.commission
