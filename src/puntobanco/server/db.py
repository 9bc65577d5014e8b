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
on PostgreSQL through psycopg's async API directly (:class:`PgRounds`: its own pool, sized
to the rounds a worker runs at once, the one pool the load draws on; a transaction's steps
sent together, one round trip; a COMMIT lost with the connection is told apart there too,
by :class:`RoundConnection`); on SQLite (in-process, no network to wait for) in one worker
thread per round. The rest of the API uses the sync engine in FastAPI's thread pool. No
pool pings its connections before use (a round trip
per transaction): a connection found dead fails its request (answered truthfully, 503) and
is replaced, with every other connection of its pool opened before the failure.

Every engine hides the SQL parameters from its errors' messages (``hide_parameters``): a
logged database error keeps the statement and the database's error, never the values
(session token hashes, usernames, server seeds).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import anyio
import psycopg
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from psycopg import AsyncConnection
from psycopg.pq import TransactionStatus
from psycopg.rows import namedtuple_row
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection, ExceptionContext
from sqlalchemy.exc import DBAPIError
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


@lru_cache(maxsize=512)
def _writes(statement: str) -> bool:
    """Whether a statement may write (a data-modifying CTE, ``WITH ... INSERT``, included).

    Asked of every statement run (the statements are a few texts: the answer is kept).
    """
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


#: One step of a round's transaction: an SQL text in psycopg's ``%(name)s`` style and its
#: parameters (``BEGIN``, ``COMMIT`` and ``ROLLBACK`` are steps too).
Step = tuple[str, Mapping[str, Any] | None]
BEGIN: Step = ("BEGIN", None)
COMMIT: Step = ("COMMIT", None)
ROLLBACK: Step = ("ROLLBACK", None)


class RoundConnection:
    """One connection of the rounds' pool: psycopg's, in autocommit, its transactions spelt out.

    :meth:`send` sends a batch of steps in one round trip (psycopg's pipeline mode: a
    transaction's ``BEGIN``, its statement and its ``COMMIT`` go out together) and returns
    each step's first row. psycopg prepares a statement on the server once it has run a few
    times. A database error is raised as SQLAlchemy's (:class:`DBAPIError`, the one handler
    answers both paths), marked when the connection died with a COMMIT of writes in flight
    (:func:`outcome_unknown`).
    """

    def __init__(self, connection: AsyncConnection[Any], pool: PgRounds) -> None:
        self.connection = connection
        self.pool = pool
        self._open = False  # a transaction is open (BEGIN sent, no COMMIT or ROLLBACK yet)
        self._wrote = False  # and it sent a write

    async def send(self, *steps: Step) -> list[Any]:
        """Run ``steps`` in one round trip; each one's first row (``None``: no row).

        A statement that fails rolls its transaction back (the connection stays usable).
        """
        began = self._open or steps[0] is BEGIN
        wrote = self._wrote or any(_writes(sql) for sql, _ in steps)
        # What commits in this batch: the transaction's COMMIT, or a lone write, which
        # commits on its own (autocommit).
        commits = (COMMIT in steps) if began else wrote
        ended = COMMIT in steps or ROLLBACK in steps
        self._open, self._wrote = began and not ended, wrote and began and not ended
        try:
            return await self.pool.send(self.connection, steps)
        except psycopg.Error as exc:
            lost = self.connection.broken or self.connection.closed
            error = DBAPIError.instance(
                steps[-1][0], None, exc, psycopg.Error, hide_parameters=True,
                connection_invalidated=lost,
            )  # fmt: skip
            if lost and wrote and commits:
                setattr(error, _UNKNOWN, True)  # the database may have committed it
            self._open = self._wrote = False
            if not lost and self.connection.info.transaction_status != TransactionStatus.IDLE:
                await self.pool.send(self.connection, (ROLLBACK,))
            raise error from exc


class PgRounds:
    """PostgreSQL: the rounds' own pool of psycopg connections, on the event loop.

    At most ``size`` connections, opened when first needed and kept: a round waits for one
    rather than open a connection that would be closed again (on PostgreSQL a new
    connection costs a process, several milliseconds of the database's CPU). A connection
    found dead is closed and replaced by the next round that needs one. No ping before use.
    """

    def __init__(self, conninfo: str, size: int) -> None:
        self._conninfo = conninfo
        self._size = size
        self._slots = asyncio.Semaphore(size)
        self._idle: list[AsyncConnection[Any]] = []
        #: Called with each new connection (the benchmark traces them).
        self.on_connect: list[Callable[[AsyncConnection[Any]], None]] = []

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[RoundConnection]:
        """A connection for one round, given back afterwards (closed, if not left clean)."""
        async with self._slots:
            connection = self._idle.pop() if self._idle else await self._connect()
            try:
                yield RoundConnection(connection, self)
            finally:
                # A refusal (a 402, a 409) leaves it clean: no transaction open.
                clean = connection.info.transaction_status == TransactionStatus.IDLE
                if clean and not connection.broken:
                    self._idle.append(connection)
                else:  # failed, cancelled, or left in a transaction: its state is unknown
                    if connection.broken:
                        # The database went away (a restart?): the idle ones opened before
                        # are most likely dead too. Each would fail a round to be found out.
                        await self.close()
                    await connection.close()

    async def _connect(self) -> AsyncConnection[Any]:
        connection = await AsyncConnection.connect(
            self._conninfo, autocommit=True, row_factory=namedtuple_row
        )
        for hook in self.on_connect:
            hook(connection)
        return connection

    async def send(self, connection: AsyncConnection[Any], steps: tuple[Step, ...]) -> list[Any]:
        """The steps in one round trip (one step: no pipeline needed); their first rows."""
        if len(steps) == 1:
            cursor = await connection.execute(steps[0][0], steps[0][1])
            return [await cursor.fetchone() if cursor.description else None]
        async with connection.pipeline():
            cursors = [await connection.execute(sql, params) for sql, params in steps]
        return [await c.fetchone() if c.description else None for c in cursors]

    async def connect(self) -> None:
        """Open the first connection (on start: a database that is not there fails the start).

        The slots are made anew for the event loop that starts the app (a semaphore keeps
        the loop of its first wait).
        """
        self._slots = asyncio.Semaphore(self._size)
        async with self.connection():
            pass

    async def close(self) -> None:
        """Close the idle connections."""
        while self._idle:
            await self._idle.pop().close()


def _conninfo(settings: Settings) -> str:
    """The URL for libpq, from SQLAlchemy's (``postgresql+psycopg://`` -> ``postgresql://``)."""
    return "postgresql://" + settings.sqlalchemy_url.split("://", 1)[1]


class RoundRunner:
    """Where a round runs.

    On PostgreSQL on the event loop, through :attr:`pg` (its own psycopg pool, the one the
    load draws on); what is rare (a replay, a round left dealt by an earlier try, an unknown
    token) runs as on SQLite, through :meth:`run`. On SQLite (in-process, no network to wait
    for) a round runs in one worker thread (at most ``settings.round_pool_size`` at once).
    """

    def __init__(self, settings: Settings, sessions: sessionmaker[Session]) -> None:
        size = settings.round_pool_size
        self.pg = None if settings.is_sqlite else PgRounds(_conninfo(settings), size)
        self._sessions = sessions
        self._limiter = anyio.CapacityLimiter(settings.round_pool_size)

    @property
    def sync_engine(self) -> Engine:
        """The engine that :meth:`run`'s statements go through (the app's)."""
        bind = self._sessions.kw["bind"]
        assert isinstance(bind, Engine)
        return bind

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(session, *args)`` in a worker thread, in a session of its own (then closed)."""
        return await anyio.to_thread.run_sync(self._in_thread, work, args, limiter=self._limiter)

    def _in_thread(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        with self._sessions() as session:
            return work(session, *args)

    async def connect(self) -> None:
        """Open the rounds' first connection."""
        if self.pg is not None:
            await self.pg.connect()

    async def dispose(self) -> None:
        """Close the rounds' connections."""
        if self.pg is not None:
            await self.pg.close()


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
