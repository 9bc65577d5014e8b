"""The provably fair shuffle: a committed server seed, a client seed and a nonce.

This is the whole specification, fixed so that anyone can recompute a shoe from the
revealed seed with no code of ours:

* ``server_seed``: 32 random bytes. Before play the player sees
  ``SHA-256(server_seed)`` in hex (the commitment).
* Word stream: for ``counter = 0, 1, 2, ...`` take
  ``HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{counter}")``
  and read each 32-byte block as eight big-endian unsigned 32-bit words.
* ``draw(m)``: take the next word ``x``; if ``x < 2**32 - (2**32 mod m)``
  return ``x mod m``, else discard it and take the next.
* Shuffle of the unshuffled shoe (:func:`puntobanco.core.cards.unshuffled`):
  for ``i = 0 ... n-2``: ``j = i + draw(n - i)``; swap positions ``i`` and ``j``.
  Cards are dealt from position 0 up.

>>> seed = bytes(range(32))
>>> commitment(seed)
'630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd'
>>> " ".join(str(c) for c in fair_shoe(seed, "puntobanco", 2, decks=8)[:6])
'8♦ 4♦ 10♠ 5♦ 2♠ 5♦'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from puntobanco.core.cards import Card, unshuffled
from puntobanco.core.errors import InvalidSeed
from puntobanco.core.rng import RandomSource

SERVER_SEED_BYTES = 32


def new_server_seed() -> bytes:
    """32 bytes from the system's cryptographic generator."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """``SHA-256(server_seed)`` in lower-case hex: shown to the player before play."""
    return hashlib.sha256(server_seed).hexdigest()


def _check_seed(server_seed: bytes) -> None:
    if not isinstance(server_seed, bytes) or len(server_seed) != SERVER_SEED_BYTES:
        length = len(server_seed) if isinstance(server_seed, bytes) else None
        raise InvalidSeed(
            f"server_seed must be {SERVER_SEED_BYTES} bytes "
            f"({2 * SERVER_SEED_BYTES} hexadecimal digits), got {server_seed!r}",
            code="server_seed",
            length=length,
            expected=SERVER_SEED_BYTES,
        )


class FairStream:
    """The HMAC-SHA256 word stream of one (server seed, client seed, nonce)."""

    __slots__ = ("_key", "_prefix", "_counter", "_words", "_position")

    def __init__(self, server_seed: bytes, client_seed: str, nonce: int) -> None:
        _check_seed(server_seed)
        self._key = server_seed
        self._prefix = f"{client_seed}:{nonce}:"
        self._counter = 0
        self._words: tuple[int, ...] = ()
        self._position = 0

    def next_word(self) -> int:
        """The next big-endian 32-bit word of the stream."""
        if self._position == len(self._words):
            message = f"{self._prefix}{self._counter}".encode()
            block = hmac.new(self._key, message, hashlib.sha256).digest()
            self._words = tuple(int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4))
            self._counter += 1
            self._position = 0
        word = self._words[self._position]
        self._position += 1
        return word

    def randbelow(self, n: int) -> int:
        """An integer in ``[0, n)`` by rejection: the module docstring's ``draw(m)``."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"randbelow needs 1 <= n <= 2**32, got {n}")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next_word()
            if x < limit:
                return x % n


class FairSource:
    """A :class:`~puntobanco.core.rng.ShuffleSource` whose shoes are provably fair.

    Shoe ``k`` dealt by a :class:`~puntobanco.core.shoe.Shoe` uses nonce
    ``first_nonce + k``. In reshuffle-every-round mode every round is a shoe.
    """

    def __init__(self, server_seed: bytes, client_seed: str, first_nonce: int = 1) -> None:
        _check_seed(server_seed)
        self.server_seed = server_seed
        self.client_seed = client_seed
        self.first_nonce = first_nonce

    def stream(self, shoe_index: int) -> RandomSource:
        """The word stream for the shoe's nonce."""
        return FairStream(self.server_seed, self.client_seed, self.first_nonce + shoe_index)


def fair_shoe(server_seed: bytes, client_seed: str, nonce: int, *, decks: int) -> list[Card]:
    """The whole shuffled shoe for one nonce, in dealing order (for verification)."""
    cards = unshuffled(decks)
    stream = FairStream(server_seed, client_seed, nonce)
    n = len(cards)
    for i in range(n - 1):
        j = i + stream.randbelow(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
