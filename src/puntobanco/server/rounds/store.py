"""One interface over the rounds' three storage paths, chosen once when the app is built.

``POST /api/rounds`` talks to a :class:`RoundStore`: on PostgreSQL the rounds' own psycopg
pool on the event loop (:class:`~puntobanco.server.rounds.postgres.PgRoundStore`), on a
SQLite file the rounds' own sqlite3 connection in its thread
(:class:`~puntobanco.server.rounds.sqlite.SqliteRoundStore`), and on a SQLite database in
memory SQLAlchemy's session (:class:`~puntobanco.server.rounds.orm.OrmRoundStore`).
:func:`choose_store` picks it from the app's :class:`~puntobanco.server.db.RoundRunner`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from puntobanco.server.db import RoundRunner
from puntobanco.server.rounds.orm import OrmRoundStore
from puntobanco.server.rounds.postgres import PgRoundStore
from puntobanco.server.rounds.records import Played, Settled, Started
from puntobanco.server.rounds.sqlite import SqliteRoundStore
from puntobanco.server.settings import Settings


class RoundStore(Protocol):
    """What the routers need of a storage path: deal a round, settle it, or both at once.

    Each method runs on the store's own connections (a connection, a thread or a session
    of its own for the call). What a store leaves to the session path
    (:mod:`~puntobanco.server.rounds.orm`: a replay, a round left dealt, an unknown token)
    it answers with ``None``, or a :class:`Started` without ``row``, having written nothing.
    """

    async def deal(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Started | None:
        """Take the bets of the session ``token_hash``'s player and deal, in one transaction.

        Raises:
            ApiError: 409 (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422.
        """
        ...

    async def settle(self, known: Started) -> Settled | None:
        """Settle the round that :meth:`deal` dealt (``None``: settled meanwhile)."""
        ...

    async def play(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Played:
        """Deal, then settle what was dealt, in one go (the common case, the hot path).

        A failure of the settlement is returned, not raised: the stakes are taken, the
        round is left dealt for the recovery.
        """
        ...


def choose_store(runner: RoundRunner) -> RoundStore:
    """The store of the app's database: where ``runner`` has connections of the rounds' own."""
    if runner.pg is not None:
        return PgRoundStore(runner.pg)
    if runner.sqlite is not None:
        return SqliteRoundStore(runner.sqlite)
    return OrmRoundStore(runner)
