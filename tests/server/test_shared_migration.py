"""Migrations 0005 (shared tables) and 0006 (who manages each) on SQLite and PostgreSQL.

0005: up from 0004 on a database in use: every stored row is the same afterwards (SQLite
rebuilds ``ledger_entries`` to change its checks), the schema is the models', the ledger
takes the shared tables' entries. Down to 0004 while no shared-table money is in the
ledger; refused, with the schema left as it was, while some is.

0006: up from 0005 with tables, shoes, rounds and held money: every row the same, every
table provisioned (``config``). Down to 0005 while no admin table is open or closing;
refused, with the schema left as it was, while one is.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, Engine, column, insert, inspect, select, table, text
from sqlalchemy.exc import IntegrityError

from puntobanco.server.db import alembic_config, at_head, make_engine, migrate
from puntobanco.server.models import Base, LedgerEntry, Round, RoundBet, Seed, User, Wallet
from puntobanco.server.shared.models import SharedRound, SharedShoe
from tests.server.conftest import make_settings

SHARED = {
    "shared_tables",
    "shared_shoes",
    "shared_rounds",
    "shared_seats",
    "shared_bets",
    "shared_bet_requests",
    "shared_events",
}
_AT = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)
_TABLES_AT_0004 = ("users", "wallets", "seeds", "rounds", "round_bets", "ledger_entries")
_SHARED_AT_0005 = ("shared_tables", "shared_shoes", "shared_rounds", "ledger_entries")
#: ``shared_tables`` by 0005's columns: the models' has one (``managed_by``) that 0005 has not.
_TABLES_ROW_AT_0005 = table(
    "shared_tables",
    *(
        column(c.name)
        for c in Base.metadata.tables["shared_tables"].columns
        if c.name != "managed_by"
    ),
)


def _run(engine: Engine, step: str, revision: str) -> None:
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        getattr(command, step)(config, revision)


def _revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _entry(journal: str, account: str, kind: str, amount: int, **more: Any) -> dict[str, Any]:
    return {
        "journal": journal,
        "account": account,
        "kind": kind,
        "amount_minor": amount,
        "user_id": None,
        "round_id": None,
        "bet": None,
        "created_at": _AT,
        **more,
    }


def _insert_entries(conn: Connection, *rows: dict[str, Any]) -> None:
    for row in rows:
        conn.execute(insert(LedgerEntry).values(**row))


def _play_at_0004(engine: Engine) -> None:
    """A player, their wallet, a grant and one settled private round, written at 0004.

    Every statement names its columns: the models' ``ledger_entries`` has a column that
    0004 has not.
    """
    with engine.begin() as conn:
        conn.execute(insert(User).values(id=1, username="alice", created_at=_AT))
        conn.execute(insert(Wallet).values(user_id=1, balance_minor=10_950))
        conn.execute(
            insert(Seed).values(
                id=1,
                user_id=1,
                server_seed="a" * 64,
                server_seed_hash="b" * 64,
                client_seed="c" * 32,
                next_nonce=2,
                created_at=_AT,
            )
        )
        conn.execute(
            insert(Round).values(
                id=1,
                user_id=1,
                idempotency_key="k-1",
                request_hash="d" * 64,
                status="settled",
                created_at=_AT,
                settled_at=_AT,
                preset="online",
                seed_id=1,
                client_seed="c" * 32,
                nonce=1,
                shoe_index=1,
                round_in_shoe=1,
                first_card=0,
                last_in_shoe=False,
                cards="9h 4c Kd 5s",
                outcome="banker",
                staked_minor=1_000,
                payout_minor=1_950,
                balance_minor=10_950,
            )
        )
        conn.execute(
            insert(RoundBet).values(
                round_id=1, bet="banker", stake_minor=1_000, resolution="won", payout_minor=1_950
            )
        )
        _insert_entries(
            conn,
            _entry("grant:1", "wallet", "grant", 10_000, user_id=1),
            _entry("grant:1", "house_bank", "grant", -10_000),
            _entry("round:1", "wallet", "stake", -1_000, user_id=1, round_id=1, bet="banker"),
            _entry("round:1", "house_game", "stake", 1_000, round_id=1, bet="banker"),
            _entry("round:1", "wallet", "payout", 1_950, user_id=1, round_id=1, bet="banker"),
            _entry("round:1", "house_game", "payout", -1_950, round_id=1, bet="banker"),
        )


def _rows(
    engine: Engine, names: tuple[str, ...] = _TABLES_AT_0004, *, newer: str = "shared_round_id"
) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of ``names``, without the ``newer`` column, in a fixed order."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        for name in names:
            stored = Base.metadata.tables[name]
            columns = [c for c in stored.columns if c.name != newer]
            rows = conn.execute(select(*columns).order_by(*stored.primary_key)).all()
            out[stored.name] = [tuple(row) for row in rows]
    return out


def _shared_table(engine: Engine, table_id: str, status: str = "open", **more: Any) -> None:
    """A shared table's row, by 0005's columns unless ``more`` names 0006's."""
    target = Base.metadata.tables["shared_tables"] if more else _TABLES_ROW_AT_0005
    with engine.begin() as conn:
        conn.execute(
            insert(target).values(
                id=table_id,
                name=table_id.title(),
                preset="punto-banco",
                settings_json="{}",
                status=status,
                seq=0,
                shoes=1,
                rounds=1,
                created_at=_AT,
                **more,
            )
        )


def _hold(engine: Engine) -> None:
    """A shared table with one round in betting and a stake held on it (0005's entries)."""
    _shared_table(engine, "salon-1")
    with engine.begin() as conn:
        conn.execute(
            insert(SharedShoe).values(
                id=1,
                table_id="salon-1",
                number=1,
                preset="punto-banco",
                server_seed="e" * 64,
                server_seed_hash="f" * 64,
                nonce=1,
                position=0,
                rounds=0,
                created_at=_AT,
            )
        )
        conn.execute(
            insert(SharedRound).values(
                id=1,
                table_id="salon-1",
                shoe_id=1,
                number=1,
                round_in_shoe=1,
                phase="betting",
                opened_at=_AT,
                closes_at=_AT,
                revealed=0,
            )
        )
        _insert_entries(
            conn,
            _entry("shared:1:1:1", "wallet", "hold", -300, user_id=1, shared_round_id=1),
            _entry("shared:1:1:1", "house_pending", "hold", 300, shared_round_id=1),
        )
        conn.execute(text("UPDATE wallets SET balance_minor = balance_minor - 300"))


def test_0005_upgrades_a_database_in_use_without_changing_a_row(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        _run(engine, "upgrade", "0004")
        _play_at_0004(engine)
        before = _rows(engine)
        assert len(before["ledger_entries"]) == 6 and len(before["rounds"]) == 1

        migrate(engine)
        assert at_head(engine) and _revision(engine) == "0006"
        assert SHARED <= set(inspect(engine).get_table_names())
        assert _rows(engine) == before
        with engine.connect() as conn:
            links = conn.execute(text("SELECT shared_round_id FROM ledger_entries")).all()
            assert links == [(None,)] * 6
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []

        _hold(engine)  # the widened checks admit house_pending and hold
        with engine.connect() as conn:
            ids = conn.execute(text("SELECT id FROM ledger_entries ORDER BY id")).all()
            assert [i for (i,) in ids] == [1, 2, 3, 4, 5, 6, 7, 8]  # the ids go on after the copy
        with pytest.raises(IntegrityError), engine.begin() as conn:  # and still nothing else
            _insert_entries(conn, _entry("x", "house_x", "hold", 0))
    finally:
        engine.dispose()


def test_0005_goes_down_on_an_empty_shared_schema(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        _run(engine, "upgrade", "0004")
        _play_at_0004(engine)
        before = _rows(engine)
        migrate(engine)
        _run(engine, "downgrade", "0004")
        assert _revision(engine) == "0004"
        assert not SHARED & set(inspect(engine).get_table_names())
        columns = {c["name"] for c in inspect(engine).get_columns("ledger_entries")}
        assert "shared_round_id" not in columns
        assert _rows(engine) == before
        with pytest.raises(IntegrityError), engine.begin() as conn:  # the checks narrowed back
            _insert_entries(conn, _entry("x", "house_pending", "stake", 0))
        migrate(engine)  # and up again
        assert at_head(engine) and SHARED <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_0005_refuses_to_go_down_with_shared_money_in_the_ledger(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        migrate(engine)
        with engine.begin() as conn:
            conn.execute(insert(User).values(id=1, username="alice", created_at=_AT))
            conn.execute(insert(Wallet).values(user_id=1, balance_minor=300))
            _insert_entries(
                conn,
                _entry("g", "wallet", "grant", 300, user_id=1),
                _entry("g", "house_bank", "grant", -300),
            )
        _hold(engine)
        with pytest.raises(
            RuntimeError, match="cannot downgrade below 0005: ledger_entries holds 2"
        ):
            _run(engine, "downgrade", "0004")
        # The downgrade is one transaction: 0006's step down is rolled back with it.
        assert _revision(engine) == "0006"
        assert SHARED <= set(inspect(engine).get_table_names())
        with engine.connect() as conn:
            assert conn.execute(text("SELECT COUNT(*) FROM ledger_entries")).scalar() == 4
    finally:
        engine.dispose()


def test_0006_provisions_every_table_and_keeps_every_row(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        _run(engine, "upgrade", "0005")
        _play_at_0004(engine)
        _hold(engine)  # a table, its shoe, a round in betting and a stake held on it
        _shared_table(engine, "dragon", status="closed")
        before = _rows(engine, _SHARED_AT_0005, newer="managed_by")
        assert len(before["shared_tables"]) == 2 and len(before["ledger_entries"]) == 8

        migrate(engine)
        assert at_head(engine) and _revision(engine) == "0006"
        assert _rows(engine, _SHARED_AT_0005, newer="managed_by") == before
        with engine.connect() as conn:
            owners = conn.execute(text("SELECT id, managed_by FROM shared_tables ORDER BY id"))
            assert owners.all() == [("dragon", "config"), ("salon-1", "config")]
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        _shared_table(engine, "vip", managed_by="admin")
        with pytest.raises(IntegrityError):  # and nothing else
            _shared_table(engine, "robot", managed_by="robot")
    finally:
        engine.dispose()


def test_0006_goes_down_while_no_admin_table_deals(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        migrate(engine)
        _shared_table(engine, "salon", managed_by="config")
        _shared_table(engine, "vip", status="closed", managed_by="admin")
        before = _rows(engine, ("shared_tables",), newer="managed_by")
        _run(engine, "downgrade", "0005")
        assert _revision(engine) == "0005"
        columns = {c["name"] for c in inspect(engine).get_columns("shared_tables")}
        assert "managed_by" not in columns
        assert _rows(engine, ("shared_tables",), newer="managed_by") == before
        migrate(engine)  # and up again: what is left is the variable's
        with engine.connect() as conn:
            owners = conn.execute(text("SELECT DISTINCT managed_by FROM shared_tables"))
            assert owners.all() == [("config",)]
    finally:
        engine.dispose()


@pytest.mark.parametrize("status", ["open", "closing"])
def test_0006_refuses_to_go_down_while_an_admin_table_deals(database_url: str, status: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        migrate(engine)
        _shared_table(engine, "vip", status=status, managed_by="admin")
        _shared_table(engine, "old", status="closed", managed_by="admin")
        with pytest.raises(RuntimeError, match=r"below 0006: 1 admin-managed .* \(vip\)"):
            _run(engine, "downgrade", "0005")
        assert _revision(engine) == "0006"
        columns = {c["name"] for c in inspect(engine).get_columns("shared_tables")}
        assert "managed_by" in columns
    finally:
        engine.dispose()
