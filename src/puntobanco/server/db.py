"""Database engine, sessions and migrations.

SQLite (the default) gets WAL journaling, foreign keys, a busy timeout and
``BEGIN IMMEDIATE`` transactions: a transaction takes the write lock when it
starts, so two workers never both read a balance and then race to write it.
PostgreSQL locks the player's wallet row (``SELECT ... FOR UPDATE``) instead.

A failed COMMIT is told apart from a failed statement: when the connection dies during
the COMMIT of a transaction that wrote something, the server cannot know whether the
database committed it (:func:`outcome_unknown`), so it must not answer "nothing was
changed".

A round (``POST /api/rounds``, the hot path) runs on the event loop, with no thread hop:
on PostgreSQL through psycopg's async API (:func:`make_round_engine`: its own pool, sized
to the rounds a worker runs at once, the one pool the load draws on); on SQLite (in-process,
no network to wait for) in one worker thread per round. The rest of the API uses the sync
engine in FastAPI's thread pool. No pool pings its connections before use (a round trip
per transaction): a connection found dead fails its request (answered truthfully, 503) and
is replaced, with every other connection of its pool opened before the failure.

Every engine hides the SQL parameters from its errors' messages (``hide_parameters``): a
logged database error keeps the statement and the database's error, never the values
(session token hashes, usernames, server seeds).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection, ExceptionContext
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, create_async_engine
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

T = TypeVar("T")


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


def _writes(statement: str) -> bool:
    """Whether a statement may write (a data-modifying CTE, ``WITH ... INSERT``, included)."""
    head = statement.lstrip()[:6].upper()
    if head in _WRITES:
        return True
    return head.startswith("WITH") and any(word in statement.upper() for word in _WRITES)


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
        if info is not None and _writes(statement):
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
        pool_timeout=30,
        hide_parameters=True,
    )


def make_round_engine(settings: Settings) -> AsyncEngine | None:
    """PostgreSQL: the async engine that rounds run on (``None`` on SQLite).

    Its pool holds ``settings.round_pool_size`` connections and never more: a round waits for one
    rather than open a connection that would be closed again (on PostgreSQL a new
    connection costs a process, several milliseconds of the database's CPU).
    """
    if settings.is_sqlite:
        return None
    url = settings.sqlalchemy_url.replace("postgresql+psycopg://", "postgresql+psycopg_async://")
    engine = create_async_engine(
        url,
        pool_size=settings.round_pool_size,
        max_overflow=0,
        pool_timeout=30,
        hide_parameters=True,
    )
    _watch_commits(engine.sync_engine)
    return engine


class RoundRunner:
    """Runs a round's work (a function of a sync :class:`Session`) for a request.

    On PostgreSQL on the event loop (``AsyncSession.run_sync``: the same code, each
    statement awaited through psycopg's async API, no thread); on SQLite in one worker
    thread for the whole round (at most ``settings.round_pool_size`` at once).
    """

    def __init__(self, settings: Settings, sessions: sessionmaker[Session]) -> None:
        self.engine = make_round_engine(settings)
        self._sessions = sessions
        self._limiter = anyio.CapacityLimiter(settings.round_pool_size)

    @property
    def sync_engine(self) -> Engine:
        """The engine the rounds' statements go through (what their events are on)."""
        if self.engine is not None:
            return self.engine.sync_engine
        bind = self._sessions.kw["bind"]
        assert isinstance(bind, Engine)
        return bind

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(session, *args)`` in a session of its own, closed afterwards."""
        if self.engine is not None:
            async with AsyncSession(self.engine, expire_on_commit=False, autoflush=False) as s:
                return await s.run_sync(work, *args)
        return await anyio.to_thread.run_sync(self._in_thread, work, args, limiter=self._limiter)

    def _in_thread(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        with self._sessions() as session:
            return work(session, *args)

    async def connect(self) -> None:
        """Open the pool's first connection (on start: the dialect reads the server's version)."""
        if self.engine is not None:
            async with self.engine.connect():
                pass

    async def dispose(self) -> None:
        """Close the pool's connections."""
        if self.engine is not None:
            await self.engine.dispose()


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
