"""Every random stream the games derive, by name, with its salt.

A stored round is verified by dealing it again, so each stream is part of the
stored format: its derivation must never change. They are all here, each
with the salt that keeps it apart from the others under the same seed:

* :func:`shoe_stream`: the cards of shoe ``k`` under a seed (the simulators,
  the terminal games): ``Xoshiro256StarStar.for_shoe(seed, k)``.
* :func:`fair_stream`: the cards of a provably fair shoe at the server, the
  HMAC-SHA256 stream of (server seed, client seed, nonce).
* :func:`server_seed_key`: the integer seed the server's computer players'
  streams are keyed by, from a round's server seed.
* :func:`table_choice_stream`: the computer players' mixed choices in one round
  at a table, Chemin de fer or Banque, terminal or server (salt
  :data:`TABLE_CHOICE_SALT`, "CHOICES!").
* :func:`banque_bet_stream`: the computer punters' spots at a Banque table
  (salt :data:`BANQUE_BET_SALT`, "BANQUET!").
* :func:`simulation_choice_stream`: the choices of the Chemin de fer simulator,
  which its numba kernel draws bit for bit (key :data:`SIMULATION_CHOICE_KEY`,
  "CHEMIN!!"). Built differently from the table's: a simulated round and a
  round at a table under the same seed draw different choices.

>>> table_choice_stream(42, 0, 1).randbelow(10)
2
>>> stream = simulation_choice_stream(42, 0, 1)
>>> [stream.randbelow(10) for _ in range(8)]
[1, 5, 2, 1, 1, 4, 0, 9]
"""

from __future__ import annotations

from puntobanco.core.fairness import FairStream
from puntobanco.core.rng import GOLDEN_GAMMA, MASK64, Xoshiro256StarStar, mix64

__all__ = [
    "BANQUE_BET_SALT",
    "SIMULATION_CHOICE_KEY",
    "TABLE_CHOICE_SALT",
    "banque_bet_stream",
    "fair_stream",
    "server_seed_key",
    "shoe_stream",
    "simulation_choice_stream",
    "table_choice_stream",
]

#: Salt of the computer players' choice streams at a table (the bytes of "CHOICES!").
TABLE_CHOICE_SALT = 0x43484F4943455321
#: Salt of the Banque computer punters' betting streams (the bytes of "BANQUET!").
BANQUE_BET_SALT = 0x42414E5155455421
#: Key of the Chemin de fer simulator's choice streams (the bytes of "CHEMIN!!").
SIMULATION_CHOICE_KEY = 0x4348454D494E2121
#: How many leading bytes of a server seed key its computer players' streams.
_SERVER_KEY_BYTES = 8


def shoe_stream(seed: int, shoe_index: int) -> Xoshiro256StarStar:
    """The generator that shuffles shoe ``shoe_index`` under ``seed`` (no salt: the base stream)."""
    return Xoshiro256StarStar.for_shoe(seed=seed, shoe_index=shoe_index)


def fair_stream(server_seed: bytes, client_seed: str, nonce: int) -> FairStream:
    """The provably fair word stream of one shoe at the server (:class:`FairStream`)."""
    return FairStream(server_seed, client_seed, nonce)


def server_seed_key(server_seed: bytes) -> int:
    """The seed of the server's computer players' streams: its server seed's first 8 bytes.

    >>> server_seed_key(bytes(range(32))) == 0x0001020304050607
    True
    """
    return int.from_bytes(server_seed[:_SERVER_KEY_BYTES], "big")


def _round_stream(seed: int, salt: int, shoe_index: int, round_in_shoe: int) -> Xoshiro256StarStar:
    """A table stream: ``for_shoe`` with the seed salted and one index per round of each shoe."""
    key = (mix64(shoe_index) ^ round_in_shoe) & MASK64
    return Xoshiro256StarStar.for_shoe(seed=(seed ^ salt) & MASK64, shoe_index=key)


def table_choice_stream(seed: int, shoe_index: int, round_in_shoe: int) -> Xoshiro256StarStar:
    """The computer players' random stream for one round at a table, apart from the shoe's.

    Exactly: the generator :meth:`Xoshiro256StarStar.for_shoe` gives with
    ``seed = seed ^ TABLE_CHOICE_SALT`` (so that it is never the stream that
    shuffles a shoe under the same seed) and ``shoe_index = mix64(shoe_index) ^
    round_in_shoe`` (one stream per round of each shoe), all modulo ``2**64``.
    A mixed choice with probability ``a/b`` draws when ``randbelow(b) < a``
    (:meth:`puntobanco.core.choices.Strategy.decider`).

    >>> stream = table_choice_stream(7, 3, 12)
    >>> [stream.randbelow(10) for _ in range(5)]
    [5, 9, 3, 3, 8]
    """
    return _round_stream(seed, TABLE_CHOICE_SALT, shoe_index, round_in_shoe)


def banque_bet_stream(seed: int, shoe_index: int, round_in_shoe: int) -> Xoshiro256StarStar:
    """The Banque computer punters' betting stream for one round, keyed by (seed, shoe, round).

    Built as :func:`table_choice_stream` is, with a salt of its own
    (:data:`BANQUE_BET_SALT`): so the spots never come from the shoe's cards
    nor from the stream of the tableaux' choices.
    """
    return _round_stream(seed, BANQUE_BET_SALT, shoe_index, round_in_shoe)


def simulation_choice_stream(seed: int, shoe_index: int, round_in_shoe: int) -> Xoshiro256StarStar:
    """The Chemin de fer simulator's generator of the choices of one round of one shoe.

    Seeded as :mod:`puntobanco.core.rng` seeds a shoe's, but from the
    SplitMix64 state ``x = seed ^ SIMULATION_CHOICE_KEY ^ mix64(mix64(k +
    GOLDEN_GAMMA) + r)`` (all mod ``2**64``): the four state words are the next
    four SplitMix64 outputs. :mod:`puntobanco.sim.chemin.kernels` draws it bit
    for bit.
    """
    x = (
        seed
        ^ SIMULATION_CHOICE_KEY
        ^ mix64((mix64(shoe_index + GOLDEN_GAMMA) + round_in_shoe) & MASK64)
    )
    words = []
    for _ in range(4):
        x = (x + GOLDEN_GAMMA) & MASK64
        words.append(mix64(x))
    return Xoshiro256StarStar((words[0], words[1], words[2], words[3]))
