"""The hot path's SQL, built once as Core statements with bound parameters.

A round runs about a dozen statements. Building each one anew per request (and
going through the ORM's unit of work) cost most of a round's CPU time (profiled
in bench/bench_server.py); statements built once are compiled once and executed
on the connection directly.
"""

from __future__ import annotations

from sqlalchemy import Table, and_, bindparam, insert, select, update

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
