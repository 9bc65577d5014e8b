"""The provably fair shuffle: the published test vector and an independent recomputation."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.cards import Card
from puntobanco.core.errors import InvalidSeed
from puntobanco.core.fairness import (
    FairSource,
    FairStream,
    commitment,
    fair_shoe,
    new_server_seed,
)

SEED = bytes(range(32))
CLIENT = "puntobanco"


def names(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def test_commitment() -> None:
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_eight_decks_nonce_1() -> None:
    shoe = fair_shoe(SEED, CLIENT, 1, decks=8)
    assert names(shoe[:12]) == "K♦ 10♥ A♣ K♦ 3♦ 6♥ 2♥ 10♣ 5♦ 7♣ K♣ 10♥"
    assert names(shoe[-4:]) == "A♥ 3♠ 10♥ 4♦"


def test_eight_decks_nonce_2() -> None:
    assert names(fair_shoe(SEED, CLIENT, 2, decks=8)[:6]) == "8♦ 4♦ 10♠ 5♦ 2♠ 5♦"


def test_six_decks_nonce_1() -> None:
    assert names(fair_shoe(SEED, CLIENT, 1, decks=6)[:6]) == "K♦ 4♥ A♣ K♣ 9♠ 10♣"


def independent_fair_shoe(
    server_seed: bytes, client_seed: str, nonce: int, decks: int
) -> list[str]:
    """The procedure written again from core.fairness's docstring, with no engine code."""

    def words() -> Iterator[int]:
        counter = 0
        while True:
            message = f"{client_seed}:{nonce}:{counter}".encode()
            block = hmac.new(server_seed, message, hashlib.sha256).digest()
            for i in range(8):
                yield int.from_bytes(block[4 * i : 4 * i + 4], "big")
            counter += 1

    stream = words()

    def draw(m: int) -> int:
        while True:
            x = next(stream)
            if x < 2**32 - (2**32 % m):
                return x % m

    suits = ["c", "d", "h", "s"]
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    cards = [r + s for _ in range(decks) for s in suits for r in ranks]
    n = len(cards)
    for i in range(n - 1):
        j = i + draw(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@given(
    seed=st.binary(min_size=32, max_size=32),
    client=st.text(max_size=20),
    nonce=st.integers(0, 10**6),
    decks=st.integers(1, 8),
)
@settings(max_examples=4, deadline=None)
def test_fair_shoe_matches_an_independent_implementation(
    seed: bytes, client: str, nonce: int, decks: int
) -> None:
    expected = independent_fair_shoe(seed, client, nonce, decks)
    assert [c.code for c in fair_shoe(seed, client, nonce, decks=decks)] == expected


class ScriptedStream(FairStream):
    def __init__(self, words: list[int]) -> None:
        super().__init__(SEED, CLIENT, 1)
        self.script = list(words)

    def next_word(self) -> int:
        return self.script.pop(0)


def test_draw_rejects_words_at_or_above_the_limit() -> None:
    m = 416
    limit = 2**32 - (2**32 % m)
    stream = ScriptedStream([limit, 2**32 - 1, limit - 1])
    assert stream.randbelow(m) == (limit - 1) % m
    assert stream.script == []
    assert ScriptedStream([limit - 1]).randbelow(m) == (limit - 1) % m
    assert ScriptedStream([0]).randbelow(1) == 0
    assert ScriptedStream([2**32 - 1]).randbelow(2**32) == 2**32 - 1


def test_rejection_happens_in_the_real_stream() -> None:
    """With m = 3 * 2**30 a quarter of the words are rejected: follow the real stream."""
    m = 3 << 30
    words = FairStream(SEED, CLIENT, 1)
    draws = FairStream(SEED, CLIENT, 1)
    rejected = 0
    for _ in range(50):
        value = draws.randbelow(m)
        word = words.next_word()
        while word >= m:  # limit = 2**32 - 2**30 = m
            rejected += 1
            word = words.next_word()
        assert value == word % m
    assert rejected > 0


def test_stream_words_are_big_endian_hmac_blocks() -> None:
    stream = FairStream(SEED, CLIENT, 7)
    got = [stream.next_word() for _ in range(16)]
    expected = []
    for counter in (0, 1):
        block = hmac.new(SEED, f"{CLIENT}:7:{counter}".encode(), hashlib.sha256).digest()
        expected += [int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4)]
    assert got == expected


def test_fair_source_uses_one_nonce_per_shoe() -> None:
    source = FairSource(SEED, CLIENT, first_nonce=5)
    a, b = source.stream(2), FairStream(SEED, CLIENT, 7)
    assert [a.randbelow(416) for _ in range(20)] == [b.randbelow(416) for _ in range(20)]


def test_bad_seeds_and_bounds_are_refused() -> None:
    for bad in (b"", bytes(31), bytes(33), "00" * 32):
        with pytest.raises(InvalidSeed) as caught:
            FairStream(bad, CLIENT, 1)  # type: ignore[arg-type]
        assert caught.value.code == "server_seed"
        with pytest.raises(InvalidSeed):
            FairSource(bad, CLIENT)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        FairStream(SEED, CLIENT, 1).randbelow(0)
    with pytest.raises(ValueError):
        FairStream(SEED, CLIENT, 1).randbelow(2**32 + 1)


def test_new_server_seed_is_32_fresh_bytes() -> None:
    a, b = new_server_seed(), new_server_seed()
    assert len(a) == len(b) == 32 and a != b
