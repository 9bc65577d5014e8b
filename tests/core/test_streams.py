"""Every derived random stream, pinned: a stored round verifies only while they stay bit-identical.

The vectors were recorded from the code before the streams moved to
``core.streams`` (``core.chemin.table.choice_stream``, ``core.banque.table.bet_stream``,
``sim.chemin.simulate.choice_stream``, ``Xoshiro256StarStar.for_shoe`` and
``FairStream``): three raw 64-bit words, then five ``randbelow(10)``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from puntobanco.core.banque import table as banque_table
from puntobanco.core.chemin import table as chemin_table
from puntobanco.core.rng import Xoshiro256StarStar
from puntobanco.core.streams import (
    BANQUE_BET_SALT,
    SIMULATION_CHOICE_KEY,
    TABLE_CHOICE_SALT,
    banque_bet_stream,
    fair_stream,
    server_seed_key,
    shoe_stream,
    simulation_choice_stream,
    table_choice_stream,
)
from puntobanco.sim.chemin import simulate

RoundStream = Callable[[int, int, int], Xoshiro256StarStar]
Key = tuple[int, int, int]
Vector = tuple[tuple[int, int, int], tuple[int, ...]]

TABLE_CHOICES: dict[Key, Vector] = {
    (0, 0, 1): ((0xC5963B060CECE819, 0x3063D52C056E6ECE, 0x241AF4075DF294A8), (7, 8, 1, 4, 5)),
    (42, 0, 1): ((0x348E140F057B6E08, 0xF07FCFA410DC5EE2, 0xCD2671EEF29189EF), (5, 2, 1, 4, 0)),
    (7, 3, 12): ((0x832DDA11E7A783B1, 0x619F25DC4E8C3CD2, 0xD2343DDBF152C668), (2, 8, 6, 4, 3)),
    (2**64 - 1, 5, 80): (
        (0x6053DCCECD9E7049, 0xE71B38D4A7BC7E6B, 0x3438319E28E8CB48),
        (0, 0, 8, 8, 0),
    ),
    (0x0123456789ABCDEF, 1, 2): (
        (0x78AB207886A4327C, 0xB45570329CFD42C8, 0x5FC68BEFD85A58EB),
        (9, 7, 7, 5, 7),
    ),
}
BANQUE_BETS: dict[Key, Vector] = {
    (0, 0, 1): ((0xF9088AA7FC079AD5, 0xAFA63DA8B7D4B166, 0x8EFD7F6A42CB40B1), (6, 8, 8, 8, 7)),
    (42, 0, 1): ((0xECE0A5A646FC7EF1, 0x98C3255951E13DBC, 0x88F3289D5ED339BB), (8, 2, 8, 2, 0)),
    (7, 3, 12): ((0x797BA27C442580E4, 0xC7EBB0E41114F996, 0xB47E78E98F15ADED), (0, 6, 9, 4, 7)),
    (2**64 - 1, 5, 80): (
        (0x612D3EA515CDF47E, 0xD46E7FB88553431D, 0xB58EE4AB645EC777),
        (6, 8, 2, 3, 0),
    ),
    (0x0123456789ABCDEF, 1, 2): (
        (0xA704BF1A9A10EF71, 0x7955178398FD4250, 0x50C33307065AED6F),
        (7, 5, 1, 7, 2),
    ),
}
SIMULATION_CHOICES: dict[Key, Vector] = {
    (0, 0, 1): ((0x93AEB0A26E88F358, 0xB5504F560B65E25C, 0x17427C54900A668A), (8, 4, 8, 0, 9)),
    (42, 0, 1): ((0x24AB8C8289FC86AE, 0x4723873B2010793D, 0x1C77AC957217E166), (0, 9, 3, 1, 2)),
    (7, 3, 12): ((0xDE87AD9E0D32676B, 0xB44B77EC12E836B9, 0x1BC9EC239D07960B), (8, 4, 5, 2, 2)),
    (2**64 - 1, 5, 80): (
        (0x89C0B294201F3945, 0x136A766E5305EFE5, 0x8659FEFCDF6193B5),
        (5, 2, 5, 9, 9),
    ),
    (0x0123456789ABCDEF, 1, 2): (
        (0x8B0D86ACC1CB8008, 0xC920D10FF27D5BF4, 0x393BB911430BA662),
        (1, 7, 2, 0, 5),
    ),
}


def _draws(stream: Xoshiro256StarStar) -> Vector:
    words = (stream.next64(), stream.next64(), stream.next64())
    return words, tuple(stream.randbelow(10) for _ in range(5))


@pytest.mark.parametrize(
    ("derive", "vectors"),
    [
        (table_choice_stream, TABLE_CHOICES),
        (chemin_table.choice_stream, TABLE_CHOICES),
        (banque_bet_stream, BANQUE_BETS),
        (banque_table.bet_stream, BANQUE_BETS),
        (simulation_choice_stream, SIMULATION_CHOICES),
        (simulate.choice_stream, SIMULATION_CHOICES),
    ],
    ids=["table", "table-alias", "banque", "banque-alias", "simulation", "simulation-alias"],
)
def test_each_round_stream_draws_what_it_always_drew(
    derive: RoundStream, vectors: dict[Key, Vector]
) -> None:
    for (seed, shoe, round_in_shoe), expected in vectors.items():
        assert _draws(derive(seed, shoe, round_in_shoe)) == expected


def test_the_shoe_stream_is_the_unsalted_for_shoe() -> None:
    stream = shoe_stream(0, 0)
    assert [stream.next64() for _ in range(3)] == [
        0xFB5405F7BD79C540,
        0x780C98E26CEA5883,
        0x2A146E0980FEBC66,
    ]
    stream = shoe_stream(42, 1)
    assert [stream.next64() for _ in range(3)] == [
        0x584870A53E6DDCDF,
        0x24862B58AB088C44,
        0xB77AF7EA4C59709E,
    ]


def test_the_fair_stream_is_the_hmac_stream() -> None:
    stream = fair_stream(bytes(range(32)), "puntobanco", 3)
    assert [stream.next_word() for _ in range(3)] == [0x0455F51D, 0x4D17EB8C, 0x73855FEF]
    assert [stream.randbelow(10) for _ in range(5)] == [5, 7, 2, 3, 6]


def test_the_server_seed_key_is_its_first_eight_bytes() -> None:
    seed = bytes(range(32))
    assert server_seed_key(seed) == int.from_bytes(bytes.fromhex(seed.hex())[:8], "big")
    assert server_seed_key(seed) == 0x0001020304050607


def test_the_salts_are_their_names_and_the_old_constants() -> None:
    assert TABLE_CHOICE_SALT.to_bytes(8, "big") == b"CHOICES!"
    assert BANQUE_BET_SALT.to_bytes(8, "big") == b"BANQUET!"
    assert SIMULATION_CHOICE_KEY.to_bytes(8, "big") == b"CHEMIN!!"
    assert chemin_table.CHOICE_SALT == TABLE_CHOICE_SALT
    assert banque_table.BET_SALT == BANQUE_BET_SALT
    assert simulate.CHOICE_KEY == SIMULATION_CHOICE_KEY


def test_the_streams_of_one_round_never_coincide() -> None:
    heads = {
        derive(7, 2, 3).next64()
        for derive in (table_choice_stream, banque_bet_stream, simulation_choice_stream)
    }
    heads.add(shoe_stream(7, 2).next64())
    assert len(heads) == 4
