"""A round on SQLite, in the rounds' thread: the rounds' own sqlite3 connection.

The same steps on the rounds' own sqlite3 connection (server/db.py's
:class:`SqliteRounds`), one statement at a time: BEGIN IMMEDIATE takes the database's
write lock, so what the lock statement reads stays as read until the COMMIT. What is rare
is left to the session path (``None`` from :func:`start_round`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from sqlalchemy.exc import IntegrityError

from puntobanco.server.db import SqliteConnection, SqliteRounds
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, entry_rows
from puntobanco.server.models import utcnow
from puntobanco.server.rounds.deal import (
    Deal,
    KeyRaced,
    deal_round,
    dealt,
    raise_if_key_raced,
    replayed,
    shoe_values,
    states,
)
from puntobanco.server.rounds.records import Played, Settled, Started
from puntobanco.server.rounds.requests import request_hash
from puntobanco.server.rounds.settlement import settled_bets, settlement_rows
from puntobanco.server.settings import Settings
from puntobanco.server.statements import (
    ADD_TO_BALANCE,
    ADVANCE_NONCE,
    INSERT_BETS,
    INSERT_ENTRIES,
    INSERT_ROUND,
    LOCK_PLAYER_FOR_TOKEN,
    LOCK_WALLET,
    SETTLE_BET,
    SETTLE_ROUND,
    UPDATE_TABLE,
    sqlite_sql,
)


def start_round(
    db: SqliteConnection,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    token_hash: str,
) -> Started | None:
    """Step 1 on SQLite: take the bets and deal, in one transaction.

    Returns:
        What the step produced; ``None`` (nothing written) for an unknown token, which
        the session path (:func:`~puntobanco.server.rounds.orm.start_round`) tells apart,
        or a racing retry's round with the same key.

    Raises:
        ApiError: 409 (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    fingerprint = request_hash(stakes)
    db.begin()
    try:
        params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
        row = db.one(sqlite_sql(LOCK_PLAYER_FOR_TOKEN), params)
        if row is None:
            return None
        if row.round_id is not None:  # a known key
            return replayed(row, fingerprint, key, int(row.user_id))
        state, seed = states(row)
        user_id = int(row.user_id)
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
        deal.values["id"] = write_deal(db, deal)
        db.commit()
    except IntegrityError as exc:
        try:
            raise_if_key_raced(exc, key)
        except KeyRaced:
            return None  # a retry's round with this key, committed meanwhile: read it again
        raise
    finally:
        db.rollback()  # unless committed: a refusal, a replay, a failure
    return dealt(deal, user_id, token_hash)


def write_deal(db: SqliteConnection, deal: Deal) -> int:
    """The deal's writes, as the session path makes them through the session.

    The table's shoe, the seed's nonce, the round, its bets, both sides of each stake and
    the debit.

    Returns:
        The round's id.
    """
    values, user_id = deal.values, deal.values["user_id"]
    db.run(sqlite_sql(UPDATE_TABLE), {"t_user": user_id, **shoe_values(deal.state)})
    if deal.seed.next_nonce != deal.read_nonce:
        db.run(
            sqlite_sql(ADVANCE_NONCE), {"s_id": deal.seed.id, "next_nonce": deal.seed.next_nonce}
        )
    written = db.one(sqlite_sql(INSERT_ROUND, values), values)
    assert written is not None
    round_id = int(written.id)
    bets = [
        {"round_id": round_id, "bet": bet.kind.value, "stake_minor": bet.stake_minor}
        for bet in deal.bets
    ]
    db.many(sqlite_sql(INSERT_BETS, bets[0]), bets)
    stakes = [
        Movement(EntryKind.STAKE, -bet.stake_minor, Account.HOUSE_GAME, round_id, bet.kind.value)
        for bet in deal.bets
    ]
    _post(db, user_id, f"round:{round_id}:stake", stakes)
    return round_id


def _post(db: SqliteConnection, user_id: int, journal: str, movements: list[Movement]) -> int:
    """:func:`~puntobanco.server.ledger.wallet.post` on the rounds' connection."""
    rows, delta = entry_rows(user_id=user_id, journal=journal, movements=movements)
    if rows:
        db.many(sqlite_sql(INSERT_ENTRIES, rows[0]), rows)
    balance = db.one(sqlite_sql(ADD_TO_BALANCE), {"w_user": user_id, "w_delta": delta})
    assert balance is not None
    return int(balance.balance_minor)


def settle_dealt(db: SqliteConnection, known: Started) -> Settled | None:
    """Step 2 on SQLite, for the round this request dealt, in one transaction.

    As the session path's settlement (``None``: settled meanwhile); the round's table
    settles it.
    """
    assert known.row is not None and known.table is not None
    round_id, user_id = known.round_id, known.user_id
    movements, bet_rows = settlement_rows(round_id, known.table.settle())
    payout = sum(row["payout_minor"] for row in bet_rows)
    db.begin()
    try:
        before = db.one(sqlite_sql(LOCK_WALLET), {"w_user": user_id})
        assert before is not None
        balance = int(before.balance_minor) + sum(m.amount_minor for m in movements)
        marked = db.run(
            sqlite_sql(SETTLE_ROUND),
            {
                "r_id": round_id,
                "payout_minor": payout,
                "balance_minor": balance,
                "settled_at": utcnow(),
            },
        )
        if marked != 1:
            return None  # settled meanwhile (a recovery, or a retry in another worker)
        written = _post(db, user_id, f"round:{round_id}:settle", movements)
        if written != balance:  # pragma: no cover - the write lock makes this unreachable
            raise RuntimeError(f"round {round_id}: balance {written}, expected {balance}")
        db.many(sqlite_sql(SETTLE_BET), bet_rows)
        db.commit()
    finally:
        db.rollback()  # unless committed
    return Settled(settled_bets(round_id, bet_rows), payout, balance)


def _play(
    db: SqliteConnection,
    settings: Settings,
    token_hash: str,
    key: str,
    stakes: Mapping[str, int],
) -> Played:
    """Deal, then settle, on SQLite (in the rounds' thread)."""
    started = start_round(db, settings, token_hash=token_hash, key=key, stakes=stakes)
    if started is None or started.row is None:
        return started, None
    try:  # dealt: from here on a failure leaves a round to settle later
        return started, settle_dealt(db, started)
    except Exception as exc:
        return started, exc


class SqliteRoundStore:
    """The rounds on SQLite, in the rounds' own thread (:class:`SqliteRounds`)."""

    def __init__(self, rounds: SqliteRounds) -> None:
        self.rounds = rounds

    async def deal(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Started | None:
        """Step 1 in the rounds' thread (see :func:`start_round`)."""
        work = partial(
            start_round, settings=settings, token_hash=token_hash, key=key, stakes=stakes
        )
        return await self.rounds.run(work)

    async def settle(self, known: Started) -> Settled | None:
        """Step 2 in the rounds' thread (see :func:`settle_dealt`)."""
        return await self.rounds.run(settle_dealt, known)

    async def play(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Played:
        """Deal, then settle, in one turn of the rounds' thread."""
        return await self.rounds.run(_play, settings, token_hash, key, stakes)
