"""Migration 0002 (wider bet names) upgrades a database in use without touching a round.

The database is built at revision 0001 and played on by the server (whose start-up is
kept from migrating further), then upgraded to the head; every stored row must be the
same afterwards, and the side bets whose names 0001 could not hold must then settle.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import Engine, inspect, select, text

from puntobanco.server import main as server_main
from puntobanco.server.db import alembic_config, at_head, make_engine, migrate
from puntobanco.server.models import LedgerEntry, Round, RoundBet, Wallet
from tests.server.conftest import Player, ledger_check, make_settings

_TABLES = (Round, RoundBet, LedgerEntry, Wallet)
#: Columns of those tables that migrations after 0001 added.
_ADDED_AFTER_0001 = frozenset({"shared_round_id"})
_PRESETS = ("punto-banco-pairs", "dragon-bonus", "all-side-bets")


def _migrate_to(engine: Engine, revision: str) -> None:
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def _rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables that hold rounds and money, in a fixed order.

    Read by the columns 0001 has (later migrations add some, ``shared_round_id`` in 0005).
    """
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as connection:
        for model in _TABLES:
            columns = [c for c in model.__table__.columns if c.name not in _ADDED_AFTER_0001]
            keys = list(model.__table__.primary_key)
            rows = connection.execute(select(*columns).order_by(*keys)).all()
            out[model.__tablename__] = [tuple(row) for row in rows]
    return out


def _bet_widths(engine: Engine) -> dict[str, int | None]:
    widths: dict[str, int | None] = {}
    for table in ("round_bets", "ledger_entries"):
        column = next(c for c in inspect(engine).get_columns(table) if c["name"] == "bet")
        widths[table] = getattr(column["type"], "length", None)
    return widths


async def _no_shared_tables(*_args: object) -> asyncio.Task[None]:
    """The start and stop of a server from before the shared tables: nothing runs."""
    return asyncio.create_task(asyncio.sleep(0))


def test_0002_upgrades_a_database_with_rounds_without_changing_one(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(database_url, table_presets=("online", *_PRESETS))
    engine = make_engine(settings)
    _migrate_to(engine, "0001")
    assert not at_head(engine)
    assert _bet_widths(engine) == {"round_bets": 16, "ledger_entries": 16}

    # The server of before: it plays on the 0001 schema (its start-up does not migrate).
    monkeypatch.setattr(server_main, "migrate", lambda _engine: _migrate_to(_engine, "0001"))
    # Nor has it the games with choices (0003, 0004): no sweep of their pending choices.
    monkeypatch.setattr(server_main, "choices_pass", lambda *_args, **_kw: [])
    # Nor the shared tables (0005): no dealer, no bus.
    monkeypatch.setattr(server_main, "_start_shared_tables", _no_shared_tables)
    monkeypatch.setattr(server_main, "_stop_shared_tables", _no_shared_tables)
    with TestClient(server_main.create_app(settings)) as client:
        alice = Player(client, "alice")
        client.put("/api/table", json={"preset": "punto-banco-pairs"}, headers=alice.headers)
        for _ in range(5):
            answer = alice.bet({"banker": 1_015, "player_pair": 120, "tie": 110})
            assert answer.status_code == 201, answer.text
        before_rounds = alice.rounds()
    before = _rows(engine)
    assert len(before["rounds"]) == 5 and len(before["round_bets"]) == 15

    monkeypatch.undo()  # the server of now: it migrates and sweeps
    migrate(engine)
    assert at_head(engine)
    assert _rows(engine) == before
    assert _bet_widths(engine) == {"round_bets": 32, "ledger_entries": 32}

    with TestClient(server_main.create_app(settings)) as client:
        alice = Player.__new__(Player)
        logged = client.post(
            "/api/auth/login", json={"username": "alice", "password": "correct horse"}
        )
        assert logged.status_code == 200, logged.text
        alice.client, alice.token = client, logged.json()["token"]
        alice.headers = {"Authorization": f"Bearer {alice.token}"}
        alice._keys = 100
        assert alice.rounds() == before_rounds  # recall reads the old rounds unchanged
        client.put("/api/table", json={"preset": "dragon-bonus"}, headers=alice.headers)
        answer = alice.bet({"dragon_bonus_player": 150, "dragon_bonus_banker": 150})
        assert answer.status_code == 201, answer.text
        names = {s["bet"] for s in answer.json()["settlement"]}
        assert names == {"dragon_bonus_player", "dragon_bonus_banker"}
        assert ledger_check(client)["ok"] is True
    with engine.connect() as connection:
        stored: set[str] = set(
            connection.execute(
                text("SELECT DISTINCT bet FROM ledger_entries WHERE bet LIKE 'dragon_bonus_%'")
            ).scalars()
        )
        assert stored == {"dragon_bonus_player", "dragon_bonus_banker"}
    engine.dispose()
