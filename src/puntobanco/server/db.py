"""Database engine, sessions and migrations.

SQLite (the default) gets WAL journaling, foreign keys, a busy timeout and
``BEGIN IMMEDIATE`` transactions: a transaction takes the write lock when it
starts, so two workers never both read a balance and then race to write it.
PostgreSQL locks the player's wallet row (``SELECT ... FOR UPDATE``) instead.

A failed COMMIT is told apart from a failed statement: when the connection dies during
the COMMIT of a transaction that wrote something, the server cannot know whether the
database committed it (:func:`outcome_unknown`), so it must not answer "nothing was
changed".

A round (``POST /api/rounds``, the hot path) runs on connections of its own, without
SQLAlchemy in between: on PostgreSQL on the event loop, through psycopg's async API
(:class:`PgRounds`: its own pool, sized to the rounds a worker runs at once, the one pool
the load draws on; a transaction's steps sent together, one round trip; a COMMIT lost with
the connection is told apart there too, by :class:`RoundConnection`); on SQLite through
the standard library's ``sqlite3``, in one thread of the worker's own
(:class:`SqliteRounds`: SQLite writes one transaction at a time, so the worker's rounds
take their turns there instead of in SQLite's busy handler). The rest of the API uses the
sync engine in FastAPI's thread pool. No pool pings its connections before use (a round
trip per transaction): a connection found dead fails its request (answered truthfully,
503) and is replaced, with every other connection of its pool opened before the failure.

Every engine hides the SQL parameters from its errors' messages (``hide_parameters``): a
logged database error keeps the statement and the database's error, never the values
(session token hashes, usernames, server seeds).
"""

from __future__ import annotations

import asyncio
import select
import sqlite3
from collections import namedtuple
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
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
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection, ExceptionContext, make_url
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
#: How long a SQLite connection waits for another's write transaction before it fails.
SQLITE_BUSY_TIMEOUT_MS = 30_000

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


def _prepare_sqlite(connection: sqlite3.Connection) -> None:
    """Every SQLite connection's settings: transactions begun by hand, WAL, foreign keys."""
    connection.isolation_level = None
    for pragma in (
        "journal_mode=WAL",
        "foreign_keys=ON",
        "synchronous=NORMAL",
        f"busy_timeout={SQLITE_BUSY_TIMEOUT_MS}",
    ):
        connection.execute(f"PRAGMA {pragma}")


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
            _prepare_sqlite(dbapi_connection)

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Any) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(
        url,
        pool_size=settings.pool_size,
        max_overflow=settings.pool_size,
        pool_timeout=30,
        # A pooled connection that died (a cut, a restart of PostgreSQL) is found by a ping
        # and replaced, instead of failing the next request of each worker with a 503. The
        # rounds run on their own pool (PgRounds), which pings nothing: the ping's round
        # trip is paid only by the other requests.
        pool_pre_ping=True,
        hide_parameters=True,
    )


#: One step of a round's transaction: an SQL text in psycopg's ``%(name)s`` style and its
#: parameters (``BEGIN``, ``COMMIT`` and ``ROLLBACK`` are steps too).
Step = tuple[str, Mapping[str, Any] | None]
BEGIN: Step = ("BEGIN", None)
COMMIT: Step = ("COMMIT", None)
ROLLBACK: Step = ("ROLLBACK", None)


@dataclass(frozen=True, slots=True)
class SqliteSql:
    """A statement's SQL for sqlite3, and the values it binds itself (``status = 'dealt'``)."""

    text: str
    own: Mapping[str, Any]


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

        A statement that the database refuses rolls its transaction back (the connection
        stays usable). Any other failure closes the connection: the database then rolls
        back whatever it still holds open.
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
            self._open = self._wrote = False
            # Only the database's own refusal (an SQLSTATE, on a connection still alive)
            # says how far it got: it skipped the rest of the batch, the COMMIT included.
            # A connection lost, or psycopg failing on its side ("cannot exit pipeline
            # mode while busy" after a cut), leaves it unknown whether the COMMIT ran.
            refused = _refusal(exc) and not self._lost()
            usable = refused and await self._rolled_back()
            if not usable:
                await self.connection.close()
            error = DBAPIError.instance(
                steps[-1][0], None, exc, psycopg.Error, hide_parameters=True,
                connection_invalidated=not usable,
            )  # fmt: skip
            if not refused and wrote and commits:
                setattr(error, _UNKNOWN, True)  # the database may have committed it
            raise error from exc

    def _lost(self) -> bool:
        return bool(self.connection.broken or self.connection.closed)

    async def _rolled_back(self) -> bool:
        """End a refused transaction; ``False`` if even that failed (the connection is lost)."""
        if self.connection.info.transaction_status == TransactionStatus.IDLE:
            return True
        try:
            await self.pool.send(self.connection, (ROLLBACK,))
        except psycopg.Error:
            return False
        return not self._lost()


def _refusal(exc: psycopg.Error) -> bool:
    """Whether the database refused a statement (as opposed to the connection failing).

    Its SQLSTATE says so, except in the classes of a connection that ends: 08 (connection
    exception), 57 (operator intervention: a terminated backend, a shutdown) and XX
    (internal error).
    """
    state = exc.sqlstate
    return state is not None and not state.startswith(("08", "57", "XX"))


def _readable(fd: int) -> bool:
    """Whether the socket ``fd`` has something to read now (data, or its end).

    ``poll``, not ``select``: a busy worker's descriptors pass select's limit of 1,024.
    """
    poller = select.poll()
    try:
        poller.register(fd, select.POLLIN)
        return bool(poller.poll(0))
    except (OSError, ValueError):
        return True  # not a socket any more: as good as ended


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
            connection = await self._take_idle() or await self._connect()
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

    async def _take_idle(self) -> AsyncConnection[Any] | None:
        """An idle connection still open, or ``None``; the dead ones found are dropped.

        An idle connection has nothing to read unless the server ended it meanwhile (a
        terminated backend's last message, the socket's end after a restart): a look at
        its socket, without a round trip, finds those. Without it, each worker's next
        round after a cut failed once with a 503.
        """
        while self._idle:
            connection = self._idle.pop()
            if not connection.closed and not _readable(connection.pgconn.socket):
                return connection
            await connection.close()
        return None

    async def _connect(self) -> AsyncConnection[Any]:
        connection = await AsyncConnection.connect(
            self._conninfo, autocommit=True, row_factory=namedtuple_row
        )
        for hook in self.on_connect:
            hook(connection)
        return connection

    async def send(self, connection: AsyncConnection[Any], steps: tuple[Step, ...]) -> list[Any]:
        """The steps in one round trip (one step: no pipeline needed); their first rows.

        A step without parameters (``BEGIN``, ``COMMIT``, ``ROLLBACK``) is never prepared.
        psycopg prepares a statement on its sixth run; in a batch whose statement fails,
        the database skips the rest, the COMMIT's preparation included, while psycopg
        takes it for prepared (and forgets what it prepared on a ROLLBACK only the first
        time it sees one): every later COMMIT on that connection would fail. A
        transaction's control has no plan to keep: preparing it saves nothing.
        """
        if len(steps) == 1:
            sql, params = steps[0]
            cursor = await connection.execute(sql, params, prepare=_prepare(params))
            return [await cursor.fetchone() if cursor.description else None]
        async with connection.pipeline():
            cursors = [
                await connection.execute(sql, params, prepare=_prepare(params))
                for sql, params in steps
            ]
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


#: SQLAlchemy's text form of a datetime on SQLite: the rounds' own connection writes the
#: same, so that SQLAlchemy reads it back and compares it as it compares its own.
_SQLITE_DATETIME: Callable[[datetime], str] = sqlite.DATETIME().bind_processor(  # type: ignore[no-untyped-call,assignment]
    sqlite.dialect()
)
_Row = Any


def _sqlite_value(value: Any) -> Any:
    return _SQLITE_DATETIME(value) if isinstance(value, datetime) else value


def _sqlite_params(own: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
    return {**own, **{name: _sqlite_value(value) for name, value in params.items()}}


@lru_cache(maxsize=64)
def _row_type(columns: tuple[str, ...]) -> Any:
    return namedtuple("Row", columns)  # noqa: PYI024 - its fields are a statement's columns


def _named_row(cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> Any:
    """Rows read by name (``row.balance_minor``), as SQLAlchemy's and psycopg's are."""
    return _row_type(tuple(column[0] for column in cursor.description))(*values)


class SqliteConnection:
    """The rounds' SQLite connection, as a round's steps use it (in the rounds' thread).

    Each call is one statement. A database error is raised as SQLAlchemy's
    (:class:`DBAPIError`: the one handler answers both paths), marked when it was the
    COMMIT of writes that failed (:func:`outcome_unknown`), and the transaction is rolled
    back (a connection that cannot roll back is dropped, and the next round opens another).
    """

    def __init__(self, connection: sqlite3.Connection, rounds: SqliteRounds) -> None:
        self.connection = connection
        self.rounds = rounds
        self._wrote = False  # the open transaction sent a write

    def begin(self) -> None:
        """Begin a transaction that holds the database's write lock from its start.

        So two workers never both read a balance and then race to write it.
        """
        self._wrote = False
        self._execute("BEGIN IMMEDIATE", None)

    def one(self, sql: SqliteSql, params: Mapping[str, Any]) -> _Row | None:
        """Run a statement; its first row (``None``: no row)."""
        return self._execute(sql.text, _sqlite_params(sql.own, params)).fetchone()

    def run(self, sql: SqliteSql, params: Mapping[str, Any]) -> int:
        """Run a statement; the number of rows it changed."""
        return self._execute(sql.text, _sqlite_params(sql.own, params)).rowcount

    def many(self, sql: SqliteSql, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run a statement once for each of ``rows``."""
        self._execute(sql.text, [_sqlite_params(sql.own, row) for row in rows], many=True)

    def commit(self) -> None:
        """Commit the transaction."""
        self._execute("COMMIT", None)

    def rollback(self) -> None:
        """Roll the transaction back (nothing happens if none is open)."""
        if _in_transaction(self.connection):
            self._execute("ROLLBACK", None)

    def _execute(self, sql: str, params: Any, *, many: bool = False) -> sqlite3.Cursor:
        committing = sql == "COMMIT"
        self._wrote = self._wrote or _writes(sql)
        try:
            return self.rounds.execute(self.connection, sql, params, many)
        except sqlite3.Error as exc:
            error = DBAPIError.instance(
                sql, None, exc, sqlite3.Error, hide_parameters=True
            )  # fmt: skip
            if committing and self._wrote:
                setattr(error, _UNKNOWN, True)  # the database may have committed it
            self._wrote = False
            self.rounds.abandon(self.connection, rolled_back=sql == "ROLLBACK")
            raise error from exc


class SqliteRounds:
    """SQLite: the rounds' own connection, in one thread of the worker's own.

    SQLite writes one transaction at a time. A worker's rounds take their turns in this
    thread, on one connection (the standard library's ``sqlite3``: a round's statements
    cost about 0.4 ms in SQLite, and were 1.5 ms more through SQLAlchemy's session), so
    that they never wait for each other in SQLite's busy handler, which sleeps in steps of
    up to 100 ms; a transaction of another worker, or of the app's engine, is waited for
    there (``busy_timeout``). The connection is opened when first needed, and again after
    one that failed.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        self._thread: ThreadPoolExecutor | None = None
        self._connection: sqlite3.Connection | None = None
        #: Called with each new connection (in the rounds' thread; the tests count them).
        self.on_connect: list[Callable[[sqlite3.Connection], None]] = []

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, *args)`` in the rounds' thread (a :class:`SqliteConnection`)."""
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="puntobanco-rounds")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._in_thread, work, args)

    def _in_thread(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        if self._connection is None:
            self._connection = sqlite3.connect(self._path, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000)
            _prepare_sqlite(self._connection)
            self._connection.row_factory = _named_row
            for hook in self.on_connect:
                hook(self._connection)
        connection = self._connection
        try:
            return work(SqliteConnection(connection, self), *args)
        finally:
            # A round's steps end their transactions; one left open (a bug, or a failure
            # between two steps) must not hold the database's write lock.
            self.abandon(connection)

    def execute(
        self, connection: sqlite3.Connection, sql: str, params: Any, many: bool
    ) -> sqlite3.Cursor:
        """Run one statement (the tests cut the database here)."""
        if many:
            return connection.executemany(sql, params)
        return connection.execute(sql, () if params is None else params)

    def abandon(self, connection: sqlite3.Connection, *, rolled_back: bool = False) -> None:
        """After a failed statement: roll back; a connection that cannot is closed.

        ``rolled_back``: the statement that failed was the ROLLBACK itself. Never raises.
        """
        try:
            if rolled_back and _in_transaction(connection):
                raise sqlite3.OperationalError("the transaction could not be rolled back")
            if _in_transaction(connection):
                self.execute(connection, "ROLLBACK", None, False)
        except Exception:  # whatever the failure: "never raises", and never holds the lock
            connection.close()  # which rolls back whatever it held, and frees the lock
        if not _usable(connection) and connection is self._connection:
            self._connection = None

    async def connect(self) -> None:
        """Open the connection (on start: a database that cannot be opened fails the start)."""
        await self.run(lambda _connection: None)

    async def close(self) -> None:
        """Close the connection and stop the thread (a later round starts them again)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.get_running_loop().run_in_executor(thread, self._close)
            thread.shutdown(wait=True)

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _usable(connection: sqlite3.Connection) -> bool:
    try:
        connection.total_changes  # noqa: B018 - raises on a closed connection
    except sqlite3.ProgrammingError:
        return False
    return True


def _in_transaction(connection: sqlite3.Connection) -> bool:
    return _usable(connection) and connection.in_transaction


def _sqlite_path(settings: Settings) -> str | None:
    """The database file of a ``sqlite:///PATH`` URL (``None``: a database in memory)."""
    database = make_url(settings.sqlalchemy_url).database
    return None if database in (None, "", ":memory:") else database


def _prepare(params: Mapping[str, Any] | None) -> bool | None:
    """Whether psycopg may prepare a step: never one without parameters, else its choice."""
    return False if params is None else None


def _conninfo(settings: Settings) -> str:
    """The URL for libpq, from SQLAlchemy's (``postgresql+psycopg://`` -> ``postgresql://``)."""
    return "postgresql://" + settings.sqlalchemy_url.split("://", 1)[1]


class RoundRunner:
    """Where a round runs.

    On PostgreSQL on the event loop, through :attr:`pg` (its own psycopg pool, the one the
    load draws on); on SQLite in the rounds' own thread, through :attr:`sqlite`. What is
    rare (a replay, a round left dealt by an earlier try, an unknown token) runs through
    SQLAlchemy's session in a worker thread, :meth:`run` (at most
    ``settings.round_pool_size`` at once). The app's round store is chosen from it once,
    when the app is built (:func:`puntobanco.server.rounds.store.choose_store`).
    """

    def __init__(self, settings: Settings, sessions: sessionmaker[Session]) -> None:
        size = settings.round_pool_size
        self.pg = None if settings.is_sqlite else PgRounds(_conninfo(settings), size)
        path = _sqlite_path(settings) if settings.is_sqlite else None
        # An in-memory database is the engine's connection's own: its rounds go through it.
        self.sqlite = SqliteRounds(path) if path is not None else None
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
        if self.sqlite is not None:
            await self.sqlite.connect()

    async def dispose(self) -> None:
        """Close the rounds' connections."""
        if self.pg is not None:
            await self.pg.close()
        if self.sqlite is not None:
            await self.sqlite.close()


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
