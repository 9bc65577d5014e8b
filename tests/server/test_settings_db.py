from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from pydantic import ValidationError
from sqlalchemy import inspect

from puntobanco.server.db import at_head, make_engine, migrate
from puntobanco.server.models import Base
from puntobanco.server.settings import Settings
from tests.server.conftest import make_settings


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUNTOBANCO_DATABASE_URL", "postgres://u@h:5432/db")
    monkeypatch.setenv("PUNTOBANCO_ADMIN_TOKEN", "s3cret")
    monkeypatch.setenv("PUNTOBANCO_MINIMUM_MINOR", "500")
    settings = Settings()
    assert settings.sqlalchemy_url == "postgresql+psycopg://u@h:5432/db"
    assert settings.admin_token is not None and settings.admin_token.get_secret_value() == "s3cret"
    assert "s3cret" not in repr(settings)
    assert settings.minimum_minor == 500 and not settings.is_sqlite


def test_defaults_are_a_sqlite_file_and_seed_002s_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUNTOBANCO_DATABASE_URL", raising=False)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.database_url == "sqlite:///puntobanco.db" and settings.is_sqlite
    assert settings.default_preset == "online" and settings.admin_token is None


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValidationError, match="unknown preset"):
        Settings(default_preset="chemin-de-fer")
    with pytest.raises(ValidationError):
        Settings(minimum_minor=0)


def test_migrations_build_exactly_the_models(database_url: str) -> None:
    engine = make_engine(make_settings(database_url))
    assert not at_head(engine)
    migrate(engine)
    migrate(engine)  # a second run (another worker) finds nothing to do
    assert at_head(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    assert {"wallets", "ledger_entries", "rounds", "round_bets", "seeds"} <= set(
        inspect(engine).get_table_names()
    )
    engine.dispose()


def test_sqlite_file_is_created_in_wal_mode(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/new.db"
    engine = make_engine(make_settings(url))
    migrate(engine)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()
