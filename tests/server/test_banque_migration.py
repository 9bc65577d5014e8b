"""Migration 0004 (Baccarat Banque) on SQLite and PostgreSQL: up from 0003, down and up again,
and the models match the schema it leaves."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect

from puntobanco.server.db import alembic_config, at_head, make_engine, migrate
from puntobanco.server.models import Base
from tests.server.conftest import make_settings

BANQUE = {"banque_tables", "banque_rounds", "banque_bets", "banque_decisions", "banque_actions"}


def _run(engine: Engine, step: str, revision: str) -> None:
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        getattr(command, step)(config, revision)


def test_0004_goes_up_and_down(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    try:
        _run(engine, "upgrade", "0003")
        assert not BANQUE & set(inspect(engine).get_table_names())
        migrate(engine)
        assert at_head(engine) and BANQUE <= set(inspect(engine).get_table_names())
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        _run(engine, "downgrade", "0003")
        assert not BANQUE & set(inspect(engine).get_table_names())
        migrate(engine)
        assert BANQUE <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
