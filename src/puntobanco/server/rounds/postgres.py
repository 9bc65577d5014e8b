"""A round on PostgreSQL, on the event loop: the rounds' own psycopg connections.

The same steps as :func:`~puntobanco.server.rounds.orm.start_round` and
:func:`~puntobanco.server.rounds.orm.settle_round`, each transaction's steps sent together
on one of the rounds' psycopg connections (server/db.py's :class:`RoundConnection`): the
foreseen deal (lock, and deal if as foreseen: one statement that commits on its own) in
one round trip; otherwise the lock (one), the deal and its commit (one); then the
settlement (one). What is rare is left to the session path (``None`` from
:func:`start_round`).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.exc import IntegrityError

from puntobanco.server.db import BEGIN, COMMIT, ROLLBACK, PgRounds, RoundConnection
from puntobanco.server.models import utcnow
from puntobanco.server.rounds.deal import (
    KeyRaced,
    deal_params,
    deal_round,
    dealt,
    raise_if_key_raced,
    replayed,
    states,
)
from puntobanco.server.rounds.foresight import (
    FORESIGHT,
    Foreseen,
    as_dealt_params,
    deal_if_judged,
    remember_settled,
)
from puntobanco.server.rounds.records import Played, Settled, Started
from puntobanco.server.rounds.requests import request_hash
from puntobanco.server.rounds.settlement import settled_as_written, settlement_params
from puntobanco.server.settings import Settings
from puntobanco.server.statements import (
    DEAL_AND_DEBIT,
    LOCK_AND_DEAL_IF_AS_DEALT,
    LOCK_PLAYER_FOR_TOKEN,
    SETTLE_DEALT,
    step,
)


async def start_round(
    db: RoundConnection,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    token_hash: str,
) -> Started | None:
    """Step 1 on PostgreSQL: take the bets and deal, in one transaction.

    Returns:
        What the step produced; ``None`` where the session path's steps one by one
        (:func:`~puntobanco.server.rounds.orm.start_round`) must tell what happened (an
        unknown token, the seed in play replaced, a racing retry's round with the same
        key): nothing was written.

    Raises:
        ApiError: 409 (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    fingerprint = request_hash(stakes)
    try:
        foreseen = FORESIGHT.take(token_hash)
        if foreseen is not None:
            started = await _deal_as_foreseen(
                db,
                settings,
                foreseen,
                stakes,
                token_hash=token_hash,
                key=key,
                fingerprint=fingerprint,
            )
            if started is not None:
                return started
            # Not the state foreseen: nothing was written. Dealt from what is stored.
        return await _lock_and_deal(
            db, settings, stakes, token_hash=token_hash, key=key, fingerprint=fingerprint
        )
    except IntegrityError as exc:
        try:
            raise_if_key_raced(exc, key)
        except KeyRaced:
            return None  # a retry's round with this key, committed meanwhile: read it again
        raise


async def _deal_as_foreseen(
    db: RoundConnection,
    settings: Settings,
    foreseen: Foreseen,
    stakes: Mapping[str, int],
    *,
    token_hash: str,
    key: str,
    fingerprint: str,
) -> Started | None:
    """Lock, and write the round dealt from the foreseen state if that is what is locked.

    One statement, a transaction of its own (autocommit), one round trip. ``None``:
    nothing was written (the bets refused on that state, or the state another).
    """
    deal = deal_if_judged(settings, foreseen, stakes, key=key, fingerprint=fingerprint)
    if deal is None:
        return None
    params = as_dealt_params(deal, foreseen, token_hash)
    (row,) = await db.send(step(LOCK_AND_DEAL_IF_AS_DEALT, params))
    if row is None or row.dealt_id is None:
        return None
    deal.values["id"] = int(row.dealt_id)
    return dealt(deal, foreseen.user_id, token_hash)


async def _lock_and_deal(
    db: RoundConnection,
    settings: Settings,
    stakes: Mapping[str, int],
    *,
    token_hash: str,
    key: str,
    fingerprint: str,
) -> Started | None:
    """Lock and read the player's rows, deal from them, write the deal and commit.

    Two round trips: the lock of the wallet, the table and the seed, which reads them;
    then the deal and the debit with the COMMIT. ``None``: an unknown token, or the seed
    in play replaced meanwhile (nothing written).
    """
    params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
    _, row = await db.send(BEGIN, step(LOCK_PLAYER_FOR_TOKEN, params))
    if row is None:
        await db.send(ROLLBACK)
        return None  # an unknown token, or the seed in play replaced meanwhile
    if row.round_id is not None:  # a known key
        await db.send(ROLLBACK)
        return replayed(row, fingerprint, key, int(row.user_id))
    state, seed = states(row)
    user_id = int(row.user_id)
    try:
        deal = deal_round(
            settings,
            state,
            seed,
            int(row.balance_minor),
            stakes,
            user_id=user_id,
            key=key,
            fingerprint=fingerprint,
        )
    except BaseException:
        await db.send(ROLLBACK)
        raise
    written, _ = await db.send(step(DEAL_AND_DEBIT, deal_params(deal)), COMMIT)
    deal.values["id"] = int(written.id)
    return dealt(deal, user_id, token_hash)


async def settle_dealt(db: RoundConnection, known: Started) -> Settled | None:
    """Step 2 on PostgreSQL, for the round this request dealt: one statement, one round trip.

    As the session path's settlement of the round it dealt (``None``: settled meanwhile);
    the round's table settles it.
    """
    assert known.row is not None and known.table is not None
    round_id = known.round_id
    params, bet_rows = settlement_params(known.user_id, round_id, known.table.settle())
    (written,) = await db.send(step(SETTLE_DEALT, params))
    settled = settled_as_written(round_id, params, bet_rows, written)
    remember_settled(known, settled)
    return settled


class PgRoundStore:
    """The rounds on PostgreSQL, on the event loop, on the pool :class:`PgRounds`."""

    def __init__(self, pool: PgRounds) -> None:
        self.pool = pool

    async def deal(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Started | None:
        """Step 1 on a connection of the pool (see :func:`start_round`)."""
        async with self.pool.connection() as db:
            return await start_round(db, settings, token_hash=token_hash, key=key, stakes=stakes)

    async def settle(self, known: Started) -> Settled | None:
        """Step 2 on a connection of the pool (see :func:`settle_dealt`)."""
        async with self.pool.connection() as db:
            return await settle_dealt(db, known)

    async def play(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Played:
        """Deal, then settle, on one connection of the pool."""
        async with self.pool.connection() as db:
            started = await start_round(db, settings, token_hash=token_hash, key=key, stakes=stakes)
            if started is None or started.row is None:
                return started, None
            # Dealt: from here on the stakes are taken, so a failure is no "nothing was
            # changed" but a round to settle later.
            try:
                return started, await settle_dealt(db, started)
            except Exception as exc:
                return started, exc
