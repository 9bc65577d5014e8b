"""Known-answer tests for the seeded generator, and exact uniformity of the bounded draw."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.core.errors import InvalidSeed
from puntobanco.core.rng import (
    GOLDEN_GAMMA,
    MASK64,
    MAX_SEED,
    RandomSource,
    SeededSource,
    ShuffleSource,
    SystemSource,
    Xoshiro256StarStar,
    mix64,
)

# Reference outputs of xoshiro256** from the state {1, 2, 3, 4}, produced by Blackman
# and Vigna's xoshiro256starstar.c (as published with the rand_xoshiro crate's tests).
XOSHIRO_1234 = [
    11520,
    0,
    1509978240,
    1215971899390074240,
    1216172134540287360,
    607988272756665600,
    16172922978634559625,
    8476171486693032832,
    10595114339597558777,
    2904607092377533576,
]
# SplitMix64 (splitmix64.c) from the state 0: its first four outputs.
SPLITMIX_0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]


def test_xoshiro256starstar_reference_outputs() -> None:
    rng = Xoshiro256StarStar((1, 2, 3, 4))
    assert [rng.next64() for _ in XOSHIRO_1234] == XOSHIRO_1234


def test_splitmix64_reference_outputs() -> None:
    x, outputs = 0, []
    for _ in SPLITMIX_0:
        x = (x + GOLDEN_GAMMA) & MASK64
        outputs.append(mix64(x))
    assert outputs == SPLITMIX_0


def _splitmix_words(x: int, count: int) -> list[int]:
    """SplitMix64 written again here, from splitmix64.c, for the seeding check."""
    words = []
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) % 2**64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        words.append(z ^ (z >> 31))
    return words


def _xoshiro_outputs(state: list[int], count: int) -> list[int]:
    """xoshiro256** written again here, from xoshiro256starstar.c."""
    s = list(state)

    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) % 2**64

    out = []
    for _ in range(count):
        out.append(rotl(s[1] * 5 % 2**64, 7) * 9 % 2**64)
        t = (s[1] << 17) % 2**64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


@settings(deadline=None)
@given(seed=st.integers(0, 2**64 - 1), shoe_index=st.integers(0, 2**40))
def test_per_shoe_seeding_follows_the_documented_algorithm(seed: int, shoe_index: int) -> None:
    """x = seed ^ mix64(k + gamma); state = four SplitMix64 outputs from x."""
    (key,) = _splitmix_words(shoe_index, 1)  # = mix64(shoe_index + gamma)
    x = seed ^ key
    state = _splitmix_words(x, 4)
    rng = Xoshiro256StarStar.for_shoe(seed=seed, shoe_index=shoe_index)
    assert [rng.next64() for _ in range(5)] == _xoshiro_outputs(state, 5)


def test_seeded_stream_is_pinned() -> None:
    """Recorded games and every backend depend on these numbers never changing."""
    rng = Xoshiro256StarStar.for_shoe(seed=42, shoe_index=0)
    assert [rng.randbelow(10) for _ in range(8)] == [1, 3, 2, 9, 5, 6, 6, 3]
    # SeededSource gives each shoe exactly this generator (a fresh one per call).
    stream = SeededSource(42).stream(0)
    assert [stream.randbelow(10) for _ in range(8)] == [1, 3, 2, 9, 5, 6, 6, 3]
    again = SeededSource(42).stream(0)
    assert [again.randbelow(10) for _ in range(8)] == [1, 3, 2, 9, 5, 6, 6, 3]


def test_words_are_upper_half_first() -> None:
    a, b = Xoshiro256StarStar((1, 2, 3, 4)), Xoshiro256StarStar((1, 2, 3, 4))
    words = [a.next32() for _ in range(8)]
    expected = []
    for value in (b.next64() for _ in range(4)):
        expected += [value >> 32, value & 0xFFFFFFFF]
    assert words == expected


class Scripted(Xoshiro256StarStar):
    """xoshiro's bounded draw fed with chosen 32-bit words."""

    def __init__(self, words: Iterable[int]) -> None:
        super().__init__((1, 2, 3, 4))
        self.words = list(words)
        self.used = 0

    def next32(self) -> int:
        word = self.words[self.used]
        self.used += 1
        return word


def lemire_definition(n: int, words: list[int]) -> tuple[int, int]:
    """Lemire's rule stated directly: reject w while (w*n mod 2**32) < 2**32 mod n."""
    threshold = 2**32 % n
    for used, w in enumerate(words, start=1):
        if (w * n) % 2**32 >= threshold:
            return (w * n) // 2**32, used
    raise AssertionError("no word accepted")


@settings(deadline=None)
@given(
    n=st.one_of(st.integers(1, 64), st.integers(1, 2**32 - 1), st.just(3 << 30)),
    words=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=6),
)
def test_bounded_draw_matches_the_definition_word_for_word(n: int, words: list[int]) -> None:
    words = [*words, 0xFFFFFFFF]  # w = 2**32 - 1 is never rejected: low = 2**32 - n >= t
    source = Scripted(words)
    assert (source.randbelow(n), source.used) == lemire_definition(n, words)


@pytest.mark.parametrize("n", [*range(1, 65), 416, 1000, 3 << 30, 2**32 - 1])
def test_bounded_draw_is_exactly_uniform(n: int) -> None:
    """Every one of the 2**32 words, counted by intervals: each result has the same count.

    Result r comes from the words w with r * 2**32 + t <= w * n < (r + 1) * 2**32
    (t = 2**32 mod n); the others are rejected. The implementation is checked at
    both ends of every interval (exhaustively over r for small n), and the
    interval lengths are all floor(2**32 / n).
    """
    t = 2**32 % n
    results = range(n) if n <= 1000 else (0, 1, n // 2, n - 2, n - 1)
    for r in results:
        first = -(-(r * 2**32 + t) // n)  # ceil
        end = -(-((r + 1) * 2**32) // n)
        assert end - first == 2**32 // n
        for w in (first, end - 1):
            assert Scripted([w]).randbelow(n) == r
        if first > 0:  # the word just below gives r - 1, or is rejected
            below = Scripted([first - 1, 0xFFFFFFFF])
            value = below.randbelow(n)
            assert (value, below.used) in ((r - 1, 1), (n - 1, 2))
            assert below.used == 2 or r > 0


def test_randbelow_refuses_out_of_range_bounds() -> None:
    rng = Xoshiro256StarStar((1, 2, 3, 4))
    for n in (0, -1, 2**32):
        with pytest.raises(ValueError):
            rng.randbelow(n)
    with pytest.raises(ValueError):
        Xoshiro256StarStar((0, 0, 0, 0))


def test_seeded_source_validates_its_seed() -> None:
    for bad in (-1, 1.5, True, "7", 2**64, 2**64 + 42, 10**5000):
        with pytest.raises(InvalidSeed) as caught:
            SeededSource(bad)  # type: ignore[arg-type]
        assert caught.value.code == "seed"
        assert isinstance(caught.value, ValueError)
        assert "18446744073709551615" in str(caught.value)  # names the range's top
        assert caught.value.params["maximum"] == MAX_SEED == 2**64 - 1


def test_seeded_source_takes_every_64_bit_seed() -> None:
    """The extremes of the range are accepted, and are distinct games."""
    low, high = SeededSource(0).stream(0), SeededSource(MAX_SEED).stream(0)
    assert [low.randbelow(416) for _ in range(6)] != [high.randbelow(416) for _ in range(6)]


def test_sources_satisfy_the_protocols() -> None:
    assert isinstance(SystemSource(), RandomSource)
    assert isinstance(SystemSource(), ShuffleSource)
    assert isinstance(SeededSource(1), ShuffleSource)
    assert isinstance(SeededSource(1).stream(0), RandomSource)
    draws = {SystemSource().randbelow(3) for _ in range(200)}
    assert draws <= {0, 1, 2}
