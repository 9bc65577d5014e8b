"""What a round's steps read and write: plain records, no ORM objects.

The deal step reads the player's table and seed (:class:`TableState`, :class:`SeedState`)
and produces a :class:`Started` (with the :class:`DealtRound` it wrote); the settle step a
:class:`Settled`. Each storage path (:mod:`~puntobanco.server.rounds.store`) makes and
takes the same records, so that the routers answer every path alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from puntobanco.core.coup import CoupResult
from puntobanco.core.table import Table
from puntobanco.server.models import RoundBet, RoundStatus


@dataclass(slots=True)
class DealtRound:
    """A round as the deal wrote it (the columns of ``rounds``), to answer from.

    A plain record, not an ORM object: nothing reads it back or writes it again.
    """

    id: int
    user_id: int
    idempotency_key: str
    request_hash: str
    status: RoundStatus
    created_at: datetime
    preset: str
    seed_id: int
    client_seed: str
    nonce: int
    shoe_index: int
    round_in_shoe: int
    first_card: int
    last_in_shoe: bool
    burn_shown: str | None
    burn_face_down: int | None
    cards: str
    outcome: str
    staked_minor: int
    payout_minor: int | None = None
    balance_minor: int | None = None


@dataclass(slots=True)
class TableState:
    """A player's table as read under the wallet lock (columns of ``player_tables``)."""

    preset: str
    shoes_started: int
    shoe_open: bool
    shoe_seed_id: int | None
    shoe_client_seed: str | None
    shoe_nonce: int | None
    shoe_position: int
    shoe_rounds: int


@dataclass(slots=True)
class SeedState:
    """The seed in play (columns of ``seeds``)."""

    id: int
    server_seed: str
    server_seed_hash: str
    client_seed: str
    next_nonce: int


@dataclass(frozen=True, slots=True)
class Started:
    """What the deal step produced.

    ``row`` (a detached copy of what was written) and ``table`` (the core table, its
    round dealt and not yet settled) are set when this call dealt the round, so that
    settling and answering need not read it back.
    """

    round_id: int
    replayed: bool
    status: RoundStatus
    user_id: int = 0
    row: DealtRound | None = None
    table: Table | None = None
    seed_hash: str = ""
    coup: CoupResult | None = None
    token_hash: str | None = None
    state: TableState | None = None
    seed: SeedState | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """What the settle step wrote."""

    bets: tuple[RoundBet, ...]
    payout_minor: int
    balance_minor: int


#: What a store made of a request in one go (:meth:`RoundStore.play`): the deal (``None``,
#: or no ``row``: not dealt by this call, left to the session path) and its settlement
#: (``None``: settled meanwhile, by a recovery; an exception: it failed, the round is left
#: dealt).
Played = tuple[Started | None, Settled | Exception | None]
