"""Database engine, sessions and migrations.

SQLite (the default) gets WAL journaling, foreign keys, a busy timeout and
``BEGIN IMMEDIATE`` transactions: a transaction takes the write lock when it
starts, so two workers never both read a balance and then race to write it.
PostgreSQL locks the player's wallet row (``SELECT ... FOR UPDATE``) instead.

A failed COMMIT is told apart from a failed statement: when the connection dies during
the COMMIT of a transaction that wrote something, the server cannot know whether the
database committed it (:func:`outcome_unknown`), so it must not answer "nothing was
changed".

Every engine hides the SQL parameters from its errors' messages (``hide_parameters``): a
logged database error keeps the statement and the database's error, never the values
(session token hashes, usernames, server seeds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection, ExceptionContext
from sqlalchemy.orm import Session, sessionmaker

from puntobanco.server.settings import Settings

_HERE = Path(__file__).resolve().parent
#: Arbitrary constant naming the PostgreSQL advisory lock taken while migrating.
_MIGRATION_LOCK = 0x70756E746F
#: Keys of ``Connection.info``: the transaction wrote; its COMMIT is under way.
_WROTE, _COMMITTING = "pb_wrote", "pb_committing"
#: Set on a database error raised by the COMMIT of a transaction that wrote.
_UNKNOWN = "pb_outcome_unknown"
_WRITES = ("INSERT", "UPDATE", "DELETE")


def outcome_unknown(exc: BaseException) -> bool:
    """Whether ``exc`` is a database error raised while committing writes.

    The database may have committed them before the connection died: the outcome is
    unknown, and only reading the database again (a retry with the same idempotency
    key) tells it.
    """
    return bool(getattr(exc, _UNKNOWN, False))


def _info(connection: Connection) -> dict[Any, Any] | None:
    """The connection's ``info``; ``None`` once it is invalidated (its DBAPI connection lost)."""
    return None if connection.invalidated else connection.info


def _watch_commits(engine: Engine) -> None:
    """Mark the errors that a COMMIT of written data raises (see :func:`outcome_unknown`)."""

    def forget(connection: Connection) -> None:
        info = _info(connection)
        if info is not None:
            info.pop(_WROTE, None)
            info.pop(_COMMITTING, None)

    event.listen(engine, "begin", forget)
    event.listen(engine, "rollback", forget)

    @event.listens_for(engine, "before_cursor_execute")
    def _statement(connection: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        info = _info(connection)
        if info is not None and statement.lstrip()[:6].upper() in _WRITES:
            info[_WROTE] = True

    @event.listens_for(engine, "commit")
    def _commit(connection: Connection) -> None:
        info = _info(connection)
        if info is not None:
            info[_COMMITTING] = info.pop(_WROTE, False)

    @event.listens_for(engine, "handle_error")
    def _error(context: ExceptionContext) -> None:
        connection = context.connection
        info = None if connection is None else _info(connection)
        if info is None or not info.get(_COMMITTING) or context.statement is not None:
            return
        if context.sqlalchemy_exception is not None:
            setattr(context.sqlalchemy_exception, _UNKNOWN, True)


def make_engine(settings: Settings) -> Engine:
    """An engine for ``settings.database_url``, tuned for its dialect."""
    engine = _make_engine(settings)
    _watch_commits(engine)
    return engine


def _make_engine(settings: Settings) -> Engine:
    url = settings.sqlalchemy_url
    if settings.is_sqlite:
        engine = create_engine(
            url,
            connect_args={"timeout": 30, "check_same_thread": False},
            hide_parameters=True,
        )

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
        hide_parameters=True,
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
