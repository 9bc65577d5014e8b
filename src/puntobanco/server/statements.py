"""The hot path's SQL, built once as Core statements with bound parameters.

A round runs about a dozen statements. Building each one anew per request (and
going through the ORM's unit of work) cost most of a round's CPU time (profiled
in bench/bench_server.py); statements built once are compiled once and executed
on the connection directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Table, and_, bindparam, insert, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from puntobanco.server.db import SqliteSql, Step
from puntobanco.server.models import (
    AuthSession,
    LedgerEntry,
    PlayerTable,
    Round,
    RoundBet,
    RoundStatus,
    Seed,
    User,
    Wallet,
)


def _table(model: type) -> Table:
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


users = _table(User)
wallets = _table(Wallet)
sessions = _table(AuthSession)
tables = _table(PlayerTable)
seeds = _table(Seed)
rounds = _table(Round)
round_bets = _table(RoundBet)
entries = _table(LedgerEntry)

#: The player of an unexpired session token (params: token_hash, now).
PLAYER_FOR_TOKEN = (
    select(users.c.id, users.c.username, users.c.guest)
    .join(sessions, sessions.c.user_id == users.c.id)
    .where(
        sessions.c.token_hash == bindparam("token_hash"), sessions.c.expires_at > bindparam("now")
    )
)

#: Lock a wallet row for the transaction and read its balance (params: w_user).
LOCK_WALLET = (
    select(wallets.c.balance_minor)
    .where(wallets.c.user_id == bindparam("w_user"))
    .with_for_update()
)

#: Add to a wallet's balance (params: w_user, w_delta).
ADD_TO_BALANCE = (
    update(wallets)
    .where(wallets.c.user_id == bindparam("w_user"))
    .values(balance_minor=wallets.c.balance_minor + bindparam("w_delta"))
    .returning(wallets.c.balance_minor)
)

INSERT_ENTRIES = insert(entries)

#: The table, the seed in play and any round with this key (params: t_user, t_key).
TABLE_SEED_AND_KEY = (
    select(
        tables.c.preset,
        tables.c.shoes_started,
        tables.c.shoe_open,
        tables.c.shoe_seed_id,
        tables.c.shoe_client_seed,
        tables.c.shoe_nonce,
        tables.c.shoe_position,
        tables.c.shoe_rounds,
        seeds.c.id.label("seed_id"),
        seeds.c.server_seed,
        seeds.c.server_seed_hash,
        seeds.c.client_seed,
        seeds.c.next_nonce,
        rounds.c.id.label("round_id"),
        rounds.c.request_hash,
        rounds.c.status,
    )
    .select_from(tables)
    .join(seeds, and_(seeds.c.user_id == tables.c.user_id, seeds.c.revealed_at.is_(None)))
    .outerjoin(
        rounds,
        and_(rounds.c.user_id == tables.c.user_id, rounds.c.idempotency_key == bindparam("t_key")),
    )
    .where(tables.c.user_id == bindparam("t_user"))
)

UPDATE_TABLE = (
    update(tables)
    .where(tables.c.user_id == bindparam("t_user"))
    .values(
        shoes_started=bindparam("shoes_started"),
        shoe_open=bindparam("shoe_open"),
        shoe_seed_id=bindparam("shoe_seed_id"),
        shoe_client_seed=bindparam("shoe_client_seed"),
        shoe_nonce=bindparam("shoe_nonce"),
        shoe_position=bindparam("shoe_position"),
        shoe_rounds=bindparam("shoe_rounds"),
    )
)

ADVANCE_NONCE = (
    update(seeds).where(seeds.c.id == bindparam("s_id")).values(next_nonce=bindparam("next_nonce"))
)

INSERT_ROUND = insert(rounds).returning(rounds.c.id)
INSERT_BETS = insert(round_bets)

#: Mark a round settled, only if it is still dealt (params: r_id, payout_minor,
#: balance_minor, settled_at).
SETTLE_ROUND = (
    update(rounds)
    .where(rounds.c.id == bindparam("r_id"), rounds.c.status == RoundStatus.DEALT)
    .values(
        status=RoundStatus.SETTLED,
        payout_minor=bindparam("payout_minor"),
        balance_minor=bindparam("balance_minor"),
        settled_at=bindparam("settled_at"),
    )
)

SETTLE_BET = (
    update(round_bets)
    .where(
        round_bets.c.round_id == bindparam("b_round"),
        round_bets.c.bet == bindparam("b_bet"),
        round_bets.c.resolution.is_(None),
    )
    .values(
        resolution=bindparam("resolution"),
        winnings_minor=bindparam("winnings_minor"),
        payout_minor=bindparam("payout_minor"),
        commission=bindparam("commission"),
        rounded_away=bindparam("rounded_away"),
    )
)

# --- a round on PostgreSQL: one statement per step --------------------------------------
#
# Each step of a round (lock the player's wallet, read the table; write the deal; write the
# settlement) is one statement, one round trip. On SQLite, in the same process, the steps
# run the statements above one by one (they cost no round trip there).

#: Check a session token and lock its player's wallet (params: token_hash, now). No row: the
#: token is unknown or expired. Only the wallet row is locked; the session and the user are
#: read as of the statement's start, as a separate authentication would read them.
LOCK_WALLET_FOR_TOKEN = (
    select(wallets.c.user_id, wallets.c.balance_minor)
    .join(sessions, sessions.c.user_id == wallets.c.user_id)
    .where(
        sessions.c.token_hash == bindparam("token_hash"), sessions.c.expires_at > bindparam("now")
    )
    .with_for_update(of=wallets)
)

#: The deal's first step in one statement: check the session token, lock the player's wallet,
#: table and seed in play (in that order, the order every other transaction takes the
#: wallet first in), read them and any round with this key (params: token_hash, now,
#: t_key). Locked rows are read as committed by the lock's previous holder. The key is not
#: (a round is no locked row): a racing request's round with the same key, committed during
#: the wait, makes the deal's insert fail on ``uq_rounds_user_key``, and the deal is tried
#: again. No row: an unknown token, or a seed replaced during the wait (see ``start_round``).
LOCK_PLAYER_FOR_TOKEN = (
    select(
        wallets.c.user_id,
        wallets.c.balance_minor,
        *TABLE_SEED_AND_KEY.selected_columns,
    )
    .select_from(wallets)
    .join(sessions, sessions.c.user_id == wallets.c.user_id)
    .join(tables, tables.c.user_id == wallets.c.user_id)
    .join(seeds, and_(seeds.c.user_id == wallets.c.user_id, seeds.c.revealed_at.is_(None)))
    .outerjoin(
        rounds,
        and_(rounds.c.user_id == wallets.c.user_id, rounds.c.idempotency_key == bindparam("t_key")),
    )
    .where(
        sessions.c.token_hash == bindparam("token_hash"), sessions.c.expires_at > bindparam("now")
    )
    .with_for_update(of=[wallets, tables, seeds])
)

#: The part both deals share: the bets (as arrays, with their order) written beside the new
#: round, and both sides of each stake in the ledger, wallet before house.
_BETS_AND_STAKES = """\
bet AS (SELECT * FROM unnest(CAST(:bet_names AS text[]), CAST(:bet_stakes AS bigint[]))
        WITH ORDINALITY AS b(name, stake_minor, position)),
new_bets AS (INSERT INTO round_bets (round_id, bet, stake_minor)
    SELECT new_round.id, bet.name, bet.stake_minor FROM new_round, bet),
stake_entries AS (INSERT INTO ledger_entries
        (journal, account, user_id, kind, amount_minor, round_id, bet, created_at)
    SELECT 'round:' || new_round.id || ':' || 'stake', side.account, side.user_id, 'stake',
           side.sign * bet.stake_minor, new_round.id, bet.name, :created_at
    FROM new_round, bet,
         (VALUES (1, 'wallet', CAST(:user_id AS bigint), -1),
                 (2, 'house_game', NULL, 1)) AS side(position, account, user_id, sign)
    ORDER BY bet.position, side.position),
"""


#: The deal and debit: the round with its cards, its bets, both sides of each stake, the
#: wallet's debit, the table's shoe and the seed's nonce, in one statement (PostgreSQL's
#: data-modifying CTEs; the bets travel as arrays). Returns the round's id and the new
#: balance. The CHECK on the balance and the ledger's unique (round, bet, kind) still apply.
DEAL_AND_DEBIT = text(
    """
WITH new_round AS (INSERT INTO rounds
        (user_id, idempotency_key, request_hash, status, created_at, preset, seed_id,
         client_seed, nonce, shoe_index, round_in_shoe, first_card, last_in_shoe,
         burn_shown, burn_face_down, cards, outcome, staked_minor)
    VALUES (:user_id, :idempotency_key, :request_hash, :status, :created_at, :preset, :seed_id,
            :client_seed, :nonce, :shoe_index, :round_in_shoe, :first_card, :last_in_shoe,
            :burn_shown, :burn_face_down, :cards, :outcome, :staked_minor)
    RETURNING id),
"""
    + _BETS_AND_STAKES
    + """debit AS (UPDATE wallets SET balance_minor = balance_minor - :staked_minor
    WHERE user_id = :user_id RETURNING balance_minor),
shoe_moved AS (UPDATE player_tables
    SET shoes_started = :shoes_started, shoe_open = :shoe_open, shoe_seed_id = :shoe_seed_id,
        shoe_client_seed = :shoe_client_seed, shoe_nonce = :shoe_nonce,
        shoe_position = :shoe_position, shoe_rounds = :shoe_rounds
    WHERE user_id = :user_id),
nonce_used AS (UPDATE seeds SET next_nonce = :next_nonce
    WHERE id = :seed_id AND next_nonce <> :next_nonce)
SELECT new_round.id, debit.balance_minor FROM new_round, debit
"""
)

#: The settlement of a dealt round: lock the wallet, mark the round settled *only if it is
#: still dealt*, write each bet's settlement, the payouts and commission (both sides) and the
#: wallet's credit, in one statement. Returns the balance written on the round and the
#: wallet's new balance; no row (NULLs) if the round was settled meanwhile. The wallet is
#: locked before the round's row, in the order every other transaction takes them.
SETTLE_DEALT = text(
    """
WITH wallet AS (SELECT balance_minor FROM wallets WHERE user_id = :user_id FOR UPDATE),
settled_round AS (UPDATE rounds
    SET status = 'settled', payout_minor = :payout_minor, settled_at = :settled_at,
        balance_minor = (SELECT balance_minor FROM wallet) + :delta_minor
    WHERE id = :round_id AND status = 'dealt' AND EXISTS (SELECT 1 FROM wallet)
    RETURNING id, balance_minor),
settled_bets AS (UPDATE round_bets
    SET resolution = b.resolution, winnings_minor = b.winnings_minor,
        payout_minor = b.payout_minor, commission = b.commission, rounded_away = b.rounded_away
    FROM settled_round,
         unnest(CAST(:bet_names AS text[]), CAST(:resolutions AS text[]),
                CAST(:winnings AS bigint[]), CAST(:payouts AS bigint[]),
                CAST(:commissions AS text[]), CAST(:rounded_aways AS text[]))
             AS b(name, resolution, winnings_minor, payout_minor, commission, rounded_away)
    WHERE round_bets.round_id = settled_round.id AND round_bets.bet = b.name
      AND round_bets.resolution IS NULL),
money AS (INSERT INTO ledger_entries
        (journal, account, user_id, kind, amount_minor, round_id, bet, created_at)
    SELECT :journal, side.account, side.user_id, m.kind, side.sign * m.amount_minor,
           settled_round.id, m.bet, :settled_at
    FROM settled_round,
         unnest(CAST(:kinds AS text[]), CAST(:amounts AS bigint[]), CAST(:bets AS text[]))
             WITH ORDINALITY AS m(kind, amount_minor, bet, position),
         (VALUES (1, 'wallet', CAST(:user_id AS bigint), 1),
                 (2, 'house_game', NULL, -1)) AS side(position, account, user_id, sign)
    ORDER BY m.position, side.position),
credit AS (UPDATE wallets SET balance_minor = balance_minor + :delta_minor
    WHERE user_id = :user_id AND EXISTS (SELECT 1 FROM settled_round)
    RETURNING balance_minor)
SELECT (SELECT balance_minor FROM settled_round) AS written,
       (SELECT balance_minor FROM credit) AS balance_minor
"""
)

#: The deal's first step and its writes in one statement, when the worker foresaw the state:
#: check the session token and lock the wallet, table and seed in play (as
#: LOCK_PLAYER_FOR_TOKEN does, and returning the same row), then, *only if* what is locked is
#: the state the round was dealt from (the balance, the table's shoe, the seed and its nonce,
#: no round with this key: params ``was_*``), write the deal and debit as DEAL_AND_DEBIT does.
#: ``dealt_id`` is the round's id when it was written; NULL when the state was not the one
#: foreseen, and the caller deals again from the row returned (nothing was written).
LOCK_AND_DEAL_IF_AS_DEALT = text(
    """
WITH locked AS (SELECT w.user_id, w.balance_minor, t.preset, t.shoes_started, t.shoe_open,
           t.shoe_seed_id, t.shoe_client_seed, t.shoe_nonce, t.shoe_position, t.shoe_rounds,
           s.id AS seed_id, s.server_seed, s.server_seed_hash, s.client_seed, s.next_nonce,
           r.id AS round_id, r.request_hash, r.status
    FROM wallets w
    JOIN auth_sessions a ON a.user_id = w.user_id
    JOIN player_tables t ON t.user_id = w.user_id
    JOIN seeds s ON s.user_id = w.user_id AND s.revealed_at IS NULL
    LEFT JOIN rounds r ON r.user_id = w.user_id AND r.idempotency_key = :idempotency_key
    WHERE a.token_hash = :token_hash AND a.expires_at > :now
    FOR UPDATE OF w, t, s),
as_dealt AS (SELECT user_id FROM locked
    WHERE round_id IS NULL AND user_id = :user_id AND balance_minor = :was_balance_minor
      AND preset = :preset AND shoes_started = :was_shoes_started
      AND shoe_open = :was_shoe_open
      AND shoe_seed_id IS NOT DISTINCT FROM CAST(:was_shoe_seed_id AS bigint)
      AND shoe_client_seed IS NOT DISTINCT FROM CAST(:was_shoe_client_seed AS text)
      AND shoe_nonce IS NOT DISTINCT FROM CAST(:was_shoe_nonce AS bigint)
      AND shoe_position = :was_shoe_position AND shoe_rounds = :was_shoe_rounds
      AND seed_id = :seed_id AND client_seed = :was_client_seed
      AND next_nonce = :was_next_nonce),
new_round AS (INSERT INTO rounds
        (user_id, idempotency_key, request_hash, status, created_at, preset, seed_id,
         client_seed, nonce, shoe_index, round_in_shoe, first_card, last_in_shoe,
         burn_shown, burn_face_down, cards, outcome, staked_minor)
    SELECT :user_id, :idempotency_key, :request_hash, :status, :created_at, :preset, :seed_id,
           :client_seed, :nonce, :shoe_index, :round_in_shoe, :first_card, :last_in_shoe,
           CAST(:burn_shown AS text), CAST(:burn_face_down AS integer), :cards, :outcome,
           :staked_minor
    FROM as_dealt
    RETURNING id),
"""
    + _BETS_AND_STAKES
    + """debit AS (UPDATE wallets SET balance_minor = balance_minor - :staked_minor
    WHERE user_id = :user_id AND EXISTS (SELECT 1 FROM new_round) RETURNING balance_minor),
shoe_moved AS (UPDATE player_tables
    SET shoes_started = :shoes_started, shoe_open = :shoe_open, shoe_seed_id = :shoe_seed_id,
        shoe_client_seed = :shoe_client_seed, shoe_nonce = :shoe_nonce,
        shoe_position = :shoe_position, shoe_rounds = :shoe_rounds
    WHERE user_id = :user_id AND EXISTS (SELECT 1 FROM new_round)),
nonce_used AS (UPDATE seeds SET next_nonce = :next_nonce
    WHERE id = :seed_id AND next_nonce <> :next_nonce AND EXISTS (SELECT 1 FROM new_round))
SELECT locked.*, new_round.id AS dealt_id, debit.balance_minor AS dealt_balance
FROM locked LEFT JOIN new_round ON true LEFT JOIN debit ON true
"""
)


# --- the same statements for psycopg directly ---------------------------------------------
#
# On PostgreSQL a round runs on psycopg's own connections (server/db.py's PgRounds), without
# SQLAlchemy's engine: the statements above, compiled once into psycopg's SQL.

_PSYCOPG = postgresql.psycopg.dialect()  # type: ignore[no-untyped-call]
_COMPILED: dict[int, str] = {}


def step(statement: ClauseElement, params: Mapping[str, Any]) -> Step:
    """One step of a round's transaction on psycopg: ``statement``'s SQL and its parameters."""
    sql = _COMPILED.get(id(statement))
    if sql is None:
        sql = _COMPILED[id(statement)] = str(statement.compile(dialect=_PSYCOPG))
    return sql, params


# --- the same statements for sqlite3 directly ----------------------------------------------
#
# On SQLite a round runs on the rounds' own sqlite3 connection (server/db.py's
# SqliteRounds), without SQLAlchemy's engine: the statements above, compiled once into
# SQLite's SQL with named parameters (``:name``), one by one (SQLite has no data-modifying
# CTEs, and a statement costs no round trip in-process).

_SQLITE = sqlite.dialect(paramstyle="named")
_SQLITE_COMPILED: dict[tuple[int, tuple[str, ...]], SqliteSql] = {}


def sqlite_sql(statement: ClauseElement, keys: Mapping[str, Any] | None = None) -> SqliteSql:
    """``statement``'s SQL for sqlite3; an INSERT's columns are ``keys``' (a row's names).

    Raises:
        ValueError: The statement takes a value that ``keys`` lacks (a column default,
            which SQLAlchemy would fill in and sqlite3 cannot).
    """
    columns = tuple(keys) if keys is not None else ()
    sql = _SQLITE_COMPILED.get((id(statement), columns))
    if sql is None:
        compiled = statement.compile(dialect=_SQLITE, column_keys=list(columns) or None)
        assert isinstance(compiled, SQLCompiler)
        own, lacking = {}, []
        for bind in compiled.binds.values():
            name = compiled.bind_names[bind]
            if bind.value is not None and bind.callable is None and not bind.required:
                own[name] = bind.value
            elif not bind.required and name not in columns:
                lacking.append(name)
        if lacking:
            raise ValueError(f"no value for {sorted(lacking)} in {compiled}")
        sql = _SQLITE_COMPILED[(id(statement), columns)] = SqliteSql(str(compiled), own)
    return sql
