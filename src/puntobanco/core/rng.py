"""Sources of randomness, injected wherever cards are shuffled.

Everything that shuffles asks a :class:`RandomSource` for ``randbelow(n)``: an
integer in ``[0, n)`` with no modulo bias. A shoe asks a :class:`ShuffleSource`
for the stream of each new shoe (``stream(shoe_index)``), so that a seeded
simulation gives every shoe its own generator, keyed by (seed, shoe index),
and any number of workers deal the same cards.

Three families:

* :class:`SystemSource` - the operating system's cryptographic generator (play).
* :class:`puntobanco.core.fairness.FairSource` - the provably fair HMAC stream.
* :class:`SeededSource` - simulation and reproducible games, defined exactly
  below so that the reference simulator, the numba kernels and the GPU kernels
  produce the same numbers.

The seeded generator, exactly
-----------------------------
All arithmetic is on unsigned 64-bit integers, wrapping.

``mix64(z)`` is SplitMix64's output function::

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)

Stream for shoe ``k`` under ``seed`` (``0 <= seed < 2**64``: a
:class:`SeededSource` refuses anything else, so that no two seeds it accepts
deal the same game): a SplitMix64 state
``x = (seed mod 2**64) ^ mix64(k + 0x9E3779B97F4A7C15)``; the xoshiro256**
state words ``s0..s3`` are four successive SplitMix64 outputs
(``x += 0x9E3779B97F4A7C15; out = mix64(x)``). xoshiro256** then gives 64-bit
outputs (``rotl(s1 * 5, 7) * 9``, the reference algorithm of Blackman and
Vigna). Each 64-bit output is used as two 32-bit words, the **upper half
first**; a half left over is kept for the next draw.

``randbelow(n)`` for ``1 <= n < 2**32`` is Lemire's multiply-shift with its
rejection step: take a word ``w``; ``m = w * n``; ``low = m mod 2**32``; if
``low < n``, let ``t = (2**32 - n) mod n`` and, while ``low < t``, take a
new word and recompute ``m`` and ``low``. Return ``m >> 32``. This is exactly
uniform.

>>> rng = Xoshiro256StarStar.for_shoe(seed=42, shoe_index=0)
>>> [rng.randbelow(10) for _ in range(8)]
[1, 3, 2, 9, 5, 6, 6, 3]
"""

from __future__ import annotations

import secrets
from typing import Protocol, runtime_checkable

from puntobanco.core.errors import InvalidSeed

MASK64 = (1 << 64) - 1
#: The largest seed a :class:`SeededSource` takes: seeds are 64-bit words, 0 to 2**64 - 1.
MAX_SEED = MASK64
MASK32 = (1 << 32) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


@runtime_checkable
class RandomSource(Protocol):
    """A source of unbiased bounded integers."""

    def randbelow(self, n: int) -> int:
        """Return a uniformly distributed integer in ``[0, n)``; ``n >= 1``."""
        ...


@runtime_checkable
class ShuffleSource(Protocol):
    """Gives the random stream for each new shoe."""

    def stream(self, shoe_index: int) -> RandomSource:
        """The stream that shuffles shoe number ``shoe_index`` (0, 1, 2, ...)."""
        ...


class SystemSource:
    """The operating system's cryptographic generator (:mod:`secrets`), for real play.

    It is its own stream for every shoe.
    """

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` from :func:`secrets.randbelow`."""
        return secrets.randbelow(n)

    def stream(self, shoe_index: int) -> RandomSource:
        """This same source: cryptographic draws need no per-shoe key."""
        return self


def mix64(z: int) -> int:
    """SplitMix64's output function (Steele, Lea and Flood; Vigna's constants)."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Xoshiro256StarStar:
    """xoshiro256** with the bounded draws described in the module docstring.

    Args:
        state: Four 64-bit state words, not all zero.
    """

    __slots__ = ("_s0", "_s1", "_s2", "_s3", "_spare", "_has_spare")

    def __init__(self, state: tuple[int, int, int, int]) -> None:
        if not any(state):
            raise ValueError("xoshiro256** state must not be all zero")
        self._s0, self._s1, self._s2, self._s3 = (w & MASK64 for w in state)
        self._spare = 0
        self._has_spare = False

    @classmethod
    def for_shoe(cls, *, seed: int, shoe_index: int) -> Xoshiro256StarStar:
        """The generator of shoe ``shoe_index`` under ``seed`` (SplitMix64 seeding)."""
        x = (seed & MASK64) ^ mix64(shoe_index + GOLDEN_GAMMA)
        words = []
        for _ in range(4):
            x = (x + GOLDEN_GAMMA) & MASK64
            words.append(mix64(x))
        return cls((words[0], words[1], words[2], words[3]))

    def next64(self) -> int:
        """The next 64-bit output."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        x = (s1 * 5) & MASK64
        result = ((((x << 7) | (x >> 57)) & MASK64) * 9) & MASK64  # rotl(s1 * 5, 7) * 9
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self._s0, self._s1, self._s2 = s0, s1, s2
        self._s3 = ((s3 << 45) | (s3 >> 19)) & MASK64  # rotl(s3, 45)
        return result

    def next32(self) -> int:
        """The next 32-bit word: the upper half of a 64-bit output, then its lower half."""
        if self._has_spare:
            self._has_spare = False
            return self._spare
        value = self.next64()
        self._spare = value & MASK32
        self._has_spare = True
        return value >> 32

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by Lemire's method; ``1 <= n < 2**32``."""
        if not 1 <= n <= MASK32:
            raise ValueError(f"randbelow needs 1 <= n < 2**32, got {n}")
        m = self.next32() * n
        low = m & MASK32
        if low < n:
            # Only here can the draw be biased: reject the low words that would
            # make some results one more likely than others.
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = self.next32() * n
                low = m & MASK32
        return m >> 32


class SeededSource:
    """Reproducible shuffles: shoe ``k`` gets ``Xoshiro256StarStar.for_shoe(seed, k)``.

    Args:
        seed: A whole number from 0 to :data:`MAX_SEED` (``2**64 - 1``). Larger
            seeds are refused rather than reduced modulo ``2**64``, which would
            make ``2**64`` deal the same cards as ``0``.

    Raises:
        InvalidSeed: ``code="seed"``: not an ``int``, negative, or over :data:`MAX_SEED`.

    >>> stream = SeededSource(42).stream(0)   # the stream pinned in the module docstring
    >>> [stream.randbelow(10) for _ in range(3)]
    [1, 3, 2]
    """

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            # repr() of a huge int is slow, or refused past 4300 digits: say its size instead.
            too_long = isinstance(seed, int) and seed.bit_length() > 256
            shown = f"<an integer of {seed.bit_length()} bits>" if too_long else repr(seed)
            raise InvalidSeed(
                f"seed must be a whole number from 0 to {MAX_SEED} (2**64 - 1), got {shown}",
                code="seed",
                value=shown,
                minimum=0,
                maximum=MAX_SEED,
            )
        self.seed = seed

    def stream(self, shoe_index: int) -> RandomSource:
        """A fresh generator for shoe ``shoe_index``."""
        return Xoshiro256StarStar.for_shoe(seed=self.seed, shoe_index=shoe_index)
