"""A round through SQLAlchemy's session: every case, in a worker thread.

The path that handles what the stores of their own connections leave to it (a replay, a
round left dealt by an earlier try, an unknown token: see
:mod:`~puntobanco.server.rounds.postgres` and :mod:`~puntobanco.server.rounds.sqlite`),
the settlement of a round found dealt (:func:`settle_round`, the recovery's), and the
whole round where the database has no connection of the rounds' own (a SQLite database
in memory: :class:`OrmRoundStore`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import partial
from typing import Any

from sqlalchemy import Connection, Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from puntobanco.core.bets import Bet, Settlement
from puntobanco.core.errors import BaccaratError
from puntobanco.core.rules import PRESETS, BetKind
from puntobanco.server.db import RoundRunner
from puntobanco.server.errors import ApiError
from puntobanco.server.ledger.wallet import Account, EntryKind, Movement, lock_wallet, post
from puntobanco.server.models import Round, RoundBet, RoundStatus, utcnow
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
from puntobanco.server.rounds.foresight import (
    FORESIGHT,
    Foreseen,
    as_dealt_params,
    deal_if_judged,
    remember_settled,
)
from puntobanco.server.rounds.records import Played, Settled, Started
from puntobanco.server.rounds.requests import request_hash
from puntobanco.server.rounds.settlement import (
    refund_rows,
    settle_stored,
    settled_as_written,
    settled_bets,
    settlement_params,
    settlement_rows,
)
from puntobanco.server.settings import Settings
from puntobanco.server.statements import (
    ADVANCE_NONCE,
    DEAL_AND_DEBIT,
    INSERT_BETS,
    INSERT_ROUND,
    LOCK_AND_DEAL_IF_AS_DEALT,
    LOCK_PLAYER_FOR_TOKEN,
    LOCK_WALLET_FOR_TOKEN,
    SETTLE_BET,
    SETTLE_DEALT,
    SETTLE_ROUND,
    TABLE_SEED_AND_KEY,
    UPDATE_TABLE,
)

#: The logger's name from before the rounds were a package: the logs' readers know it.
log = logging.getLogger("puntobanco.server.game")


def start_round(
    session: Session,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    user_id: int | None = None,
    token_hash: str | None = None,
) -> Started:
    """Step 1: take the bets and deal, in one transaction (see :mod:`puntobanco.server.rounds`).

    The player is ``user_id``, or the owner of the session ``token_hash`` (then checked in
    the statement that locks the wallet: no transaction of its own).

    Raises:
        ApiError: 401 ``not_authenticated`` (an unknown or expired token), 409
            (``idempotency_conflict``, ``preset_withdrawn``), 402 and 422 (the bets).
    """
    try:
        return _start_round(
            session, settings, key=key, stakes=stakes, user_id=user_id, token_hash=token_hash
        )
    except KeyRaced:
        # A retry with the same key committed its round while this request waited for the
        # wallet: read again, this request now finds that round (and returns it).
        return _start_round(
            session,
            settings,
            key=key,
            stakes=stakes,
            user_id=user_id,
            token_hash=token_hash,
            foresee=False,
        )


def _start_round(
    session: Session,
    settings: Settings,
    *,
    key: str,
    stakes: Mapping[str, int],
    user_id: int | None,
    token_hash: str | None,
    foresee: bool = True,
) -> Started:
    fingerprint = request_hash(stakes)
    with session.begin():
        # Lock the wallet first (every change to a player's money, table or seeds takes
        # this lock), then read what the previous holder of the lock committed: the
        # table, the seed in play, and any round already made with this key. With a
        # token, one statement checks it, locks and reads (LOCK_PLAYER_FOR_TOKEN: the
        # table and seed rows locked too, so that they are read as committed); on
        # PostgreSQL, when this worker foresaw the state, the same statement also writes
        # the round dealt from it if that is the state it locked (see Foresight).
        connection = session.connection()
        row: Any = None
        deal: Deal | None = None
        balance = 0
        if token_hash is not None:
            row, deal, user_id = _lock_for_token(
                connection,
                settings,
                stakes,
                token_hash=token_hash,
                key=key,
                fingerprint=fingerprint,
                foresee=foresee,
            )
            if row is not None:
                balance = int(row.balance_minor)
        if row is None:
            assert user_id is not None, "a player or a token"
            balance = lock_wallet(session, user_id)
            # A statement of its own, after the lock: a single one would judge the key, the
            # table and the seed on a snapshot taken before the wait for the lock.
            row = connection.execute(TABLE_SEED_AND_KEY, {"t_user": user_id, "t_key": key}).one()
        assert user_id is not None
        if deal is None:
            made = _deal_locked(
                session, settings, row, balance, stakes, user_id, key=key, fingerprint=fingerprint
            )
            if isinstance(made, Started):
                return made
            deal = made
    return dealt(deal, user_id, token_hash)


def _lock_for_token(
    connection: Connection,
    settings: Settings,
    stakes: Mapping[str, int],
    *,
    token_hash: str,
    key: str,
    fingerprint: str,
    foresee: bool,
) -> tuple[Any, Deal | None, int]:
    """Check the session token, lock the player's rows and read them (one statement).

    Returns:
        The locked row (``None``: the seed in play was replaced while this request waited
        for the lock; the caller reads again after locking the wallet alone), the deal
        when the foreseen one was written, and the player.

    Raises:
        ApiError: 401 ``not_authenticated``: an unknown or expired token.
    """
    params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
    foreseen = None
    if foresee and connection.dialect.name == "postgresql":
        foreseen = FORESIGHT.take(token_hash)
    deal: Deal | None = None
    if foreseen is not None:
        try:
            row, deal = _foreseen_deal(
                connection,
                settings,
                foreseen,
                stakes,
                token_hash=token_hash,
                key=key,
                fingerprint=fingerprint,
            )
        except IntegrityError as exc:
            raise_if_key_raced(exc, key)
            raise
    else:
        row = connection.execute(LOCK_PLAYER_FOR_TOKEN, params).one_or_none()
    if row is None:
        # An unknown token, or the seed in play replaced while this request waited
        # for the lock: the steps one by one tell which.
        locked = connection.execute(LOCK_WALLET_FOR_TOKEN, params).one_or_none()
        if locked is None:
            raise ApiError(401, "not_authenticated")
        return None, None, int(locked.user_id)
    return row, deal, int(row.user_id)


def _deal_locked(
    session: Session,
    settings: Settings,
    row: Any,
    balance: int,
    stakes: Mapping[str, int],
    user_id: int,
    *,
    key: str,
    fingerprint: str,
) -> Started | Deal:
    """The round a known key made, or the round dealt from the locked ``row`` and written."""
    if row.round_id is not None:
        return replayed(row, fingerprint, key, user_id)
    state, seed = states(row)
    deal = deal_round(
        settings,
        state,
        seed,
        balance,
        stakes,
        user_id=user_id,
        key=key,
        fingerprint=fingerprint,
    )
    try:
        deal.values["id"] = _write_deal(session, deal)
    except IntegrityError as exc:
        raise_if_key_raced(exc, key)
        raise
    return deal


def _foreseen_deal(
    connection: Connection,
    settings: Settings,
    foreseen: Foreseen,
    stakes: Mapping[str, int],
    *,
    token_hash: str,
    key: str,
    fingerprint: str,
) -> tuple[Any, Deal | None]:
    """Deal from the foreseen state, and lock and write it in one statement if it holds.

    Returns:
        The locked row (as :data:`LOCK_PLAYER_FOR_TOKEN` returns it; ``None``: an unknown
        token, or no seed in play) and the deal when it was written (``None``: the state
        was another, nothing was written, the caller deals from the row).
    """
    deal = deal_if_judged(settings, foreseen, stakes, key=key, fingerprint=fingerprint)
    if deal is None:
        params = {"token_hash": token_hash, "now": utcnow(), "t_key": key}
        return connection.execute(LOCK_PLAYER_FOR_TOKEN, params).one_or_none(), None
    params = as_dealt_params(deal, foreseen, token_hash)
    row = connection.execute(LOCK_AND_DEAL_IF_AS_DEALT, params).one_or_none()
    if row is None or row.dealt_id is None:
        return row, None
    deal.values["id"] = int(row.dealt_id)
    return row, deal


def _write_deal(session: Session, deal: Deal) -> int:
    """Write the dealt round, its bets and stakes (both sides), the debit, the shoe and nonce.

    On PostgreSQL one statement (:data:`DEAL_AND_DEBIT`) writes it all; on SQLite, in the
    same process, the statements run one by one.

    Returns:
        The round's id.
    """
    connection = session.connection()
    values, seed = deal.values, deal.seed
    user_id = values["user_id"]
    shoe = shoe_values(deal.state)
    bets = list(deal.bets)
    if connection.dialect.name == "postgresql":
        written = connection.execute(
            DEAL_AND_DEBIT,
            {
                **values,
                **shoe,
                "status": str(values["status"]),
                "next_nonce": seed.next_nonce,
                "bet_names": [bet.kind.value for bet in bets],
                "bet_stakes": [bet.stake_minor for bet in bets],
            },
        ).one()
        return int(written.id)
    connection.execute(UPDATE_TABLE, {"t_user": user_id, **shoe})
    if seed.next_nonce != deal.read_nonce:
        connection.execute(ADVANCE_NONCE, {"s_id": seed.id, "next_nonce": seed.next_nonce})
    round_id = int(connection.execute(INSERT_ROUND, values).scalar_one())
    connection.execute(
        INSERT_BETS,
        [
            {"round_id": round_id, "bet": bet.kind.value, "stake_minor": bet.stake_minor}
            for bet in bets
        ],
    )
    post(
        session,
        user_id=user_id,
        journal=f"round:{round_id}:stake",
        movements=[
            Movement(
                EntryKind.STAKE, -bet.stake_minor, Account.HOUSE_GAME, round_id, bet.kind.value
            )
            for bet in bets
        ],
    )
    return round_id


def settle_round(session: Session, round_id: int, known: Started | None = None) -> Settled | None:
    """Step 2: settle a dealt round (or refund it, if it can no longer be settled).

    Args:
        session: A session with no transaction open.
        round_id: The round.
        known: What :func:`start_round` returned, when this request dealt the round
            (saves reading it back).

    Returns:
        What was written; ``None`` if the round was already settled.
    """
    if known is None or known.row is None or known.table is None:
        with session.begin():
            return _settle_found(session, round_id)
    if session.get_bind().dialect.name == "postgresql":
        # The round this request dealt, on PostgreSQL: one statement, its own transaction.
        settled = _settle_dealt(session, known.row.user_id, round_id, known.table.settle())
        remember_settled(known, settled)
        return settled
    with session.begin():
        # The round this request dealt: its table settles it.
        user_id, table = known.row.user_id, known.table
        settlement = table.settle()
        before = lock_wallet(session, user_id)
        movements, bet_rows = settlement_rows(round_id, settlement)
        return _write_settlement(
            session, user_id, round_id, f"round:{round_id}:settle", movements, bet_rows, before
        )


def _settle_found(session: Session, round_id: int) -> Settled | None:
    """Settle a round found dealt (no table of this request's): from its stored cards."""
    user_id = session.execute(select(Round.user_id).where(Round.id == round_id)).scalar_one()
    before = lock_wallet(session, user_id)
    row = session.execute(
        select(Round.preset, Round.cards).where(
            Round.id == round_id, Round.status == RoundStatus.DEALT
        )
    ).one_or_none()
    if row is None:
        return None
    stakes = session.execute(
        select(RoundBet.bet, RoundBet.stake_minor).where(RoundBet.round_id == round_id)
    ).all()
    bets = [Bet(BetKind(bet), int(stake)) for bet, stake in stakes]
    rules = PRESETS.get(row.preset)
    if rules is None:
        log.error(
            "round %d cannot be settled (its rules preset %r was withdrawn): refunding its stakes",
            round_id,
            row.preset,
        )
        return _refund(session, user_id, round_id, bets, before)
    try:
        settlement = settle_stored(bets, row.cards, rules)
    except BaccaratError as exc:
        log.error("round %d cannot be settled (%s): refunding its stakes", round_id, exc)
        return _refund(session, user_id, round_id, bets, before)
    movements, bet_rows = settlement_rows(round_id, settlement)
    return _write_settlement(
        session, user_id, round_id, f"round:{round_id}:settle", movements, bet_rows, before
    )


def _refund(
    session: Session, user_id: int, round_id: int, bets: list[Bet], before: int
) -> Settled | None:
    movements, rows = refund_rows(round_id, bets)
    return _write_settlement(
        session, user_id, round_id, f"round:{round_id}:refund", movements, rows, before
    )


def _write_settlement(
    session: Session,
    user_id: int,
    round_id: int,
    journal: str,
    movements: list[Movement],
    bet_rows: list[dict[str, Any]],
    before: int,
) -> Settled | None:
    """Mark the round settled (only if still dealt), then write the money and the bets."""
    payout = sum(row["payout_minor"] for row in bet_rows)
    balance = before + sum(m.amount_minor for m in movements)
    connection = session.connection()
    done = connection.execute(
        SETTLE_ROUND,
        {
            "r_id": round_id,
            "payout_minor": payout,
            "balance_minor": balance,
            "settled_at": utcnow(),
        },
    )
    if getattr(done, "rowcount", 1) != 1:
        return None  # settled meanwhile (a recovery, or a retry in another worker)
    written = post(session, user_id=user_id, journal=journal, movements=movements)
    if written != balance:  # pragma: no cover - the wallet lock makes this unreachable
        raise RuntimeError(f"round {round_id}: balance {written}, expected {balance}")
    connection.execute(SETTLE_BET, bet_rows)
    return Settled(settled_bets(round_id, bet_rows), payout, balance)


def _settle_dealt(
    session: Session, user_id: int, round_id: int, settlement: Settlement
) -> Settled | None:
    """The settlement of a round that this request dealt, on PostgreSQL: one statement.

    :data:`SETTLE_DEALT` locks the wallet, marks the round settled only if it is still
    dealt, and writes the bets, the entries and the balance. ``None``: settled meanwhile.
    A single statement is a transaction of its own: it runs in autocommit, with no BEGIN
    and COMMIT around it (two round trips fewer). A failure, wherever it falls, leaves the
    round settled or still dealt, never half-written; the caller answers 202 either way.
    """
    params, bet_rows = settlement_params(user_id, round_id, settlement)
    engine = session.get_bind()
    assert isinstance(engine, Engine)
    with engine.connect() as connection:
        autocommit = connection.execution_options(isolation_level="AUTOCOMMIT")
        written = autocommit.execute(SETTLE_DEALT, params).one()
    return settled_as_written(round_id, params, bet_rows, written)


def _play(
    session: Session,
    settings: Settings,
    token_hash: str,
    key: str,
    stakes: Mapping[str, int],
) -> Played:
    """Deal, then settle what was dealt, in one session (in a worker thread)."""
    started = start_round(session, settings, token_hash=token_hash, key=key, stakes=stakes)
    if started.row is None:
        return started, None
    try:  # dealt: from here on a failure leaves a round to settle later
        return started, settle_round(session, started.round_id, started)
    except Exception as exc:
        return started, exc


class OrmRoundStore:
    """The rounds through SQLAlchemy's session, in worker threads (:meth:`RoundRunner.run`).

    For a database with no connection of the rounds' own (SQLite in memory: the engine's
    connection is the database). A replay it finds, or a round settled meanwhile, is left
    to the router's session path, as the other stores leave them.
    """

    def __init__(self, runner: RoundRunner) -> None:
        self._runner = runner

    async def deal(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Started | None:
        """Step 1 in a session of its own (see :func:`start_round`)."""
        work = partial(
            start_round, settings=settings, token_hash=token_hash, key=key, stakes=stakes
        )
        return await self._runner.run(work)

    async def settle(self, known: Started) -> Settled | None:
        """Step 2 in a session of its own (see :func:`settle_round`)."""
        return await self._runner.run(settle_round, known.round_id, known)

    async def play(
        self, settings: Settings, *, token_hash: str, key: str, stakes: Mapping[str, int]
    ) -> Played:
        """Deal, then settle, in one session."""
        return await self._runner.run(_play, settings, token_hash, key, stakes)
