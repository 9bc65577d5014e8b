"""Database engine, sessions and migrations.

SQLite (the default) gets WAL journaling, foreign keys, a busy timeout and
``BEGIN IMMEDIATE`` transactions: a transaction takes the write lock when it
starts, so two workers never both read a balance and then race to write it.
PostgreSQL locks the player's wallet row (``SELECT ... FOR UPDATE``) instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.settings import Settings

_HERE = Path(__file__).resolve().parent
#: Arbitrary constant naming the PostgreSQL advisory lock taken while migrating.
_MIGRATION_LOCK = 0x70756E746F


def make_engine(settings: Settings) -> Engine:
    """An engine for ``settings.database_url``, tuned for its dialect."""
    url = settings.sqlalchemy_url
    if settings.is_sqlite:
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy's "begin" event below emit BEGIN itself.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Any) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(
        url,
        pool_size=settings.pool_size,
        max_overflow=settings.pool_size,
        pool_pre_ping=True,
        pool_timeout=30,
    )


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Sessions that keep loaded values after commit (responses are built after it)."""
    return sessionmaker(engine, expire_on_commit=False, autoflush=False)


def alembic_config() -> Config:
    """The packaged Alembic configuration (``server/alembic.ini``)."""
    config = Config(str(_HERE / "alembic.ini"))
    config.set_main_option("script_location", str(_HERE / "migrations"))
    return config


def migrate(engine: Engine) -> None:
    """Apply every pending migration; safe to call from several workers at once."""
    config = alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Held until this transaction ends: other workers wait, then find nothing to do.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def at_head(engine: Engine) -> bool:
    """Whether the database schema is at the newest migration."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    return current == head
