"""Shared-table server processes for the failover tests, and what the tests read of them.

The tests run several ``puntobanco serve`` processes on one PostgreSQL schema, each
configured with one shared table, and kill them. This module starts them (without
waiting, so that a successor boots while a round plays), reads what the dealers stored
(:class:`Books`), cuts a process's database connections, and runs ``puntobanco ledger
check`` as the operator would.

Run as ``python -m tests.server.shared_processes serve ...``, it is ``puntobanco serve``
with two additions in the dealer, neither of them in the server:

* every committed dealer step appends ``pid first_seq last_seq`` to the file named by
  :data:`STEP_LOG_ENV`, so a test can tell which process wrote which events; and
* when the file named by :data:`KILL_FILE_ENV` holds a trigger (``closed``, ``dealt`` or
  ``revealed:N``), the process that commits the matching step claims the file and
  SIGKILLs itself at once: a kill -9 at an exact point of the round, which a poll from
  outside cannot hit (``closed`` lasts no time at all, ``dealt`` one ``reveal_ms``).

And two in the requests' database work, each also armed by a file:

* :data:`CUT_COMMIT_ENV`: the next COMMIT of a bet request (its transaction wrote a
  ``shared_bet_requests`` row) loses its connection for real (``pg_terminate_backend``):
  ``before`` the COMMIT reaches the database (nothing is written), or ``after`` it was
  committed and before the answer came back. Either way the request cannot know: the
  window a random cut hits once in many tries, every time.
* :data:`BUS_FAIL_ENV`: while its file exists, every ``NOTIFY`` of the PostgreSQL event
  bus fails as on a lost connection, so that ``publish`` fails at both of its tries, as
  it does when a cut hits the publisher's new connection too (seen under load).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, text

from tests.server.live import ROOT, free_port, server_env, stop, wait_ready

#: The file whose trigger makes the dealer that commits the matching step kill itself.
KILL_FILE_ENV = "PB_TEST_SHARED_KILL_FILE"
#: The file every dealer step's events are logged to (``pid first last`` per line).
STEP_LOG_ENV = "PB_TEST_SHARED_STEP_LOG"
#: The file whose ``before`` or ``after`` cuts the connection of the next bet's COMMIT.
CUT_COMMIT_ENV = "PB_TEST_SHARED_CUT_COMMIT_FILE"
#: While this file exists, the event bus's every NOTIFY fails as on a lost connection.
BUS_FAIL_ENV = "PB_TEST_SHARED_BUS_FAIL_FILE"
#: The events only a dealer writes (seats are written by the requests; the bets are
#: announced by the dealer, shared/totals.py).
DEALER_EVENTS = frozenset(
    {
        "round_opened",
        "bets",
        "betting_closed",
        "dealing",
        "shoe_started",
        "client_seed_fixed",
        "burn",
        "card",
        "result",
        "settled",
        "shoe_ended",
        "squeeze",
        "table_closed",
    }
)


def shared_env(
    table_id: str,
    *,
    lease_s: int = 3,
    betting_seconds: int = 3,
    reveal_ms: int = 100,
    kill_file: Path | None = None,
    step_log: Path | None = None,
    bus_fail_file: Path | None = None,
    cut_commit_file: Path | None = None,
) -> dict[str, str]:
    """The environment of a server that deals one shared table, fast.

    The short lease makes a takeover a matter of seconds; the fast reveal keeps a
    round (betting, reveal, the result's pause) under ten seconds.
    """
    table = {
        "id": table_id,
        "name": f"Failover {table_id}",
        "betting_seconds": betting_seconds,
        "reveal_ms": reveal_ms,
    }
    env = {
        "PUNTOBANCO_SHARED_TABLES": json.dumps([table]),
        "PUNTOBANCO_SHARED_LEASE_S": str(lease_s),
    }
    if kill_file is not None:
        env[KILL_FILE_ENV] = str(kill_file)
    if step_log is not None:
        env[STEP_LOG_ENV] = str(step_log)
    if bus_fail_file is not None:
        env[BUS_FAIL_ENV] = str(bus_fail_file)
    if cut_commit_file is not None:
        env[CUT_COMMIT_ENV] = str(cut_commit_file)
    return env


def named_url(database_url: str, application_name: str) -> str:
    """The URL with an ``application_name``: how PostgreSQL tells one process's connections.

    >>> named_url("postgresql://h/db?options=x", "pb-a")
    'postgresql://h/db?options=x&application_name=pb-a'
    """
    joiner = "&" if "?" in database_url else "?"
    return f"{database_url}{joiner}application_name={application_name}"


@dataclass
class Server:
    """A ``serve`` process of the test: its URL, its process and its connections' name."""

    name: str
    base: str
    process: subprocess.Popen[bytes]
    ready: bool = False

    @property
    def pid(self) -> int:
        """The serving process's id (one worker: uvicorn serves in the started process)."""
        return self.process.pid

    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.process.poll() is None

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until it answers ``/api/ready`` (raises if it exits first)."""
        if not self.ready:
            wait_ready(self.base, self.process, timeout)
            self.ready = True

    def kill9(self) -> None:
        """SIGKILL its process group and reap it: no shutdown, no lease given back."""
        if self.alive():
            os.killpg(self.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@dataclass
class Fleet:
    """The servers a test started; every one is stopped when the test ends."""

    database_url: str
    log: Path
    env: dict[str, str]
    servers: list[Server] = field(default_factory=list)

    def start(self, name: str) -> Server:
        """Start a server named ``name`` (its connections' application_name); do not wait.

        It runs this module (the dealer's step log and kill trigger) on a free port.
        """
        port = free_port()
        command = [
            sys.executable, "-m", "tests.server.shared_processes", "serve",
            "--host", "127.0.0.1", "--port", str(port), "--workers", "1",
            "--log-level", "warning", "--allow-weak-argon2",
        ]  # fmt: skip
        url = named_url(self.database_url, name)
        with self.log.open("ab") as stderr:
            process = subprocess.Popen(
                command,
                env=server_env(url, **self.env),
                cwd=ROOT,
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        server = Server(name, f"http://127.0.0.1:{port}", process)
        self.servers.append(server)
        return server

    def alive(self) -> list[Server]:
        """The servers still running."""
        return [server for server in self.servers if server.alive()]

    def by_pid(self, pid: int) -> Server:
        """The server whose process is ``pid``."""
        return next(server for server in self.servers if server.pid == pid)

    def stop_all(self) -> None:
        """Stop every server (SIGTERM, then SIGKILL)."""
        for server in self.servers:
            stop(server.process)


@contextmanager
def fleet(database_url: str, log: Path, env: dict[str, str]) -> Iterator[Fleet]:
    """A :class:`Fleet` whose servers are all stopped at the end of the ``with`` block."""
    servers = Fleet(database_url, log, env)
    try:
        yield servers
    finally:
        servers.stop_all()


def holder_pid(holder: str | None) -> int | None:
    """The process id in a lease holder's name (``host:pid:random``).

    >>> holder_pid("vm:4242:0a1b2c3d"), holder_pid(None)
    (4242, None)
    """
    if holder is None:
        return None
    return int(holder.rsplit(":", 2)[1])


class Books:
    """What the test reads of the shared table's rows, on a connection of its own."""

    def __init__(self, database_url: str, table_id: str) -> None:
        self.engine: Engine = create_engine(
            named_url(database_url, "pb-test-observer"), pool_size=5
        )
        self.table_id = table_id

    def dispose(self) -> None:
        """Close the connections."""
        self.engine.dispose()

    def one(self, sql: str, **params: Any) -> dict[str, Any] | None:
        """The first row of a query, as a dict (``None`` when there is none)."""
        with self.engine.connect() as connection:
            row = connection.execute(text(sql), {"table": self.table_id, **params}).first()
        return None if row is None else dict(row._mapping)

    def all(self, sql: str, **params: Any) -> list[dict[str, Any]]:
        """Every row of a query, as dicts."""
        with self.engine.connect() as connection:
            rows = connection.execute(text(sql), {"table": self.table_id, **params})
            return [dict(row._mapping) for row in rows]

    def lease(self) -> dict[str, Any]:
        """The table's lease, its events' count and the database's clock."""
        row = self.one(
            "SELECT lease_holder, lease_expires_at, seq, now() AS now, "
            "lease_expires_at > now() AS valid FROM shared_tables WHERE id = :table"
        )
        assert row is not None, f"table {self.table_id} not created"
        return row

    def latest_round(self) -> dict[str, Any] | None:
        """The table's latest round, with the seconds left to bet on it."""
        return self.one(
            "SELECT *, EXTRACT(EPOCH FROM closes_at - now()) AS left_s FROM shared_rounds "
            "WHERE table_id = :table ORDER BY number DESC LIMIT 1"
        )

    def round(self, number: int) -> dict[str, Any]:
        """One round of the table, by its number."""
        row = self.one(
            "SELECT * FROM shared_rounds WHERE table_id = :table AND number = :number",
            number=number,
        )
        assert row is not None, f"no round {number}"
        return row

    def events(self) -> list[dict[str, Any]]:
        """Every event of the table, in order, its payload decoded."""
        rows = self.all(
            "SELECT seq, kind, payload FROM shared_events WHERE table_id = :table ORDER BY seq"
        )
        return [{**json.loads(row["payload"]), "seq_column": row["seq"]} for row in rows]

    def wallet(self, user_id: int, round_id: int) -> dict[str, int]:
        """A player's balance, stakes on a round and the round's wallet entries' sum."""
        row = self.one(
            "SELECT (SELECT balance_minor FROM wallets WHERE user_id = :user) AS balance, "
            "(SELECT COALESCE(SUM(stake_minor), 0) FROM shared_bets "
            " WHERE round_id = :round AND user_id = :user) AS staked, "
            "(SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries "
            " WHERE shared_round_id = :round AND user_id = :user) AS entries",
            user=user_id,
            round=round_id,
        )
        assert row is not None
        return {key: int(value) for key, value in row.items()}

    def bets(self, user_id: int, round_id: int) -> dict[str, int]:
        """A player's bets on a round, by spot."""
        rows = self.all(
            "SELECT spot, stake_minor FROM shared_bets WHERE round_id = :round AND user_id = :user",
            user=user_id,
            round=round_id,
        )
        return {row["spot"]: int(row["stake_minor"]) for row in rows}

    def wait(self, what: str, check: Any, timeout: float, poll: float = 0.05) -> Any:
        """Poll ``check()`` until it returns something truthy; that value.

        Raises:
            TimeoutError: ``timeout`` seconds passed first (naming ``what``); not an
                AssertionError, which an ``xfail(raises=AssertionError)`` would take for
                the failure it expects.
        """
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{what}: not within {timeout} s")
            time.sleep(poll)


def terminate(engine: Engine, server: Server, *, bus: bool = False) -> int:
    """Terminate ``server``'s connections to the database; how many there were.

    Its engine's and rounds' connections carry its name; with ``bus``, its event bus's too
    (named ``puntobanco-bus-{pid}-...``). Only this database's, of this process: the other
    tests' connections are left alone.
    """
    with engine.connect() as connection:
        count: int = connection.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND (application_name = :name OR application_name LIKE :bus)"
            ),
            {"name": server.name, "bus": f"puntobanco-bus-{server.pid}-%" if bus else "-"},
        ).scalar_one()
    return int(count)


def connections(engine: Engine, server: Server) -> int:
    """How many connections ``server`` has open (a killed one's are gone once 0)."""
    with engine.connect() as connection:
        count: int = connection.execute(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND (application_name = :name OR application_name LIKE :bus)"
            ),
            {"name": server.name, "bus": f"puntobanco-bus-{server.pid}-%"},
        ).scalar_one()
    return int(count)


def ledger_check(database_url: str) -> tuple[int, dict[str, Any]]:
    """``puntobanco ledger check --database URL --json``: its exit status and its report."""
    result = subprocess.run(
        [sys.executable, "-m", "puntobanco.cli.main", "ledger", "check",
         "--database", database_url, "--json"],
        env=server_env(database_url),
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        check=False,
    )  # fmt: skip
    try:
        report: dict[str, Any] = json.loads(result.stdout)
    except json.JSONDecodeError:
        report = {"stdout": result.stdout.decode(), "stderr": result.stderr.decode()[-2000:]}
    return result.returncode, report


def triggered(trigger: str, events: Sequence[dict[str, Any]]) -> bool:
    """Whether a committed step's ``events`` are the point ``trigger`` names.

    >>> triggered("dealt", [{"type": "dealing", "round": 3}])
    True
    >>> triggered("revealed:2", [{"type": "card", "step": 1}])
    False
    >>> triggered("revealed:2", [{"type": "burn", "step": 2}])
    True
    """
    kinds = {event["type"] for event in events}
    if trigger == "closed":
        return "betting_closed" in kinds
    if trigger == "dealt":
        return "dealing" in kinds
    if trigger.startswith("revealed:"):
        wanted = int(trigger.split(":", 1)[1])
        return any(
            event["type"] in ("burn", "card") and event.get("step") == wanted for event in events
        )
    return False


def _claim(variable: str) -> str | None:
    """The trigger in the file that ``variable`` names, taken (the file renamed) by one
    process and one use only; ``None`` when there is none."""
    path = os.environ.get(variable)
    if not path:
        return None
    try:
        trigger = Path(path).read_text().strip()
        os.rename(path, f"{path}.{os.getpid()}")
    except FileNotFoundError:
        return None
    return trigger


def _after_step(events: Sequence[dict[str, Any]]) -> None:
    """In a server: log a committed step's events, then die if the trigger names this step."""
    if not events:
        return
    log = os.environ.get(STEP_LOG_ENV)
    if log:
        seqs = [int(event["seq"]) for event in events]
        with open(log, "a") as file:  # one short line per write: appends do not interleave
            file.write(f"{os.getpid()} {min(seqs)} {max(seqs)}\n")
    kill_file = os.environ.get(KILL_FILE_ENV)
    if not kill_file:
        return
    try:
        trigger = Path(kill_file).read_text().strip()
    except FileNotFoundError:
        return
    # Claimed by one process only, even if two ever stepped at once.
    if triggered(trigger, events) and _claim(KILL_FILE_ENV) is not None:
        os.kill(os.getpid(), signal.SIGKILL)


def _install_commit_cut() -> None:
    """Cut the connection of the next bet request's COMMIT (:data:`CUT_COMMIT_ENV`)."""
    import psycopg
    from sqlalchemy import event
    from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
    from sqlalchemy.engine import Connection

    from puntobanco.server.settings import get_settings
    from puntobanco.server.shared.bus import libpq_url

    marked: set[int] = set()  # the DBAPI connections whose transaction recorded a bet

    def raw(connection: Any) -> Any:
        # SQLAlchemy hands the dialect its pool's proxy; psycopg's connection is behind it.
        return getattr(connection, "dbapi_connection", connection)

    @event.listens_for(Engine, "before_cursor_execute")
    def _seen(connection: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO SHARED_BET_REQUESTS"):
            marked.add(id(raw(connection.connection)))

    def cut(dbapi_connection: Any) -> None:
        pid = raw(dbapi_connection).info.backend_pid
        with psycopg.connect(libpq_url(get_settings().sqlalchemy_url), autocommit=True) as admin:
            # With a timeout, it returns once the backend is gone: no COMMIT slips past.
            admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))

    commit: Any = PGDialect_psycopg.do_commit
    rollback: Any = PGDialect_psycopg.do_rollback

    def do_commit(self: PGDialect_psycopg, dbapi_connection: Any) -> None:
        bet = id(raw(dbapi_connection)) in marked
        marked.discard(id(raw(dbapi_connection)))
        when = _claim(CUT_COMMIT_ENV) if bet else None
        if when == "before":
            cut(dbapi_connection)
        commit(self, dbapi_connection)  # raises after a cut "before"
        if when == "after":
            cut(dbapi_connection)
            raw(dbapi_connection).execute("SELECT 1")  # the lost answer: OperationalError

    def do_rollback(self: PGDialect_psycopg, dbapi_connection: Any) -> None:
        marked.discard(id(raw(dbapi_connection)))
        rollback(self, dbapi_connection)

    PGDialect_psycopg.do_commit = do_commit  # type: ignore[method-assign,assignment]
    PGDialect_psycopg.do_rollback = do_rollback  # type: ignore[method-assign,assignment]


def _install() -> None:
    """Wrap the dealer's step (after its commit) with :func:`_after_step`, and make the
    bus's NOTIFY fail while :data:`BUS_FAIL_ENV`'s file exists."""
    import psycopg

    from puntobanco.server.shared.bus import PostgresBus
    from puntobanco.server.shared.dealer import Dealer
    from puntobanco.server.shared.dealing import Step

    original = Dealer._step
    notify = PostgresBus._notify

    def step(self: Dealer, table_id: str) -> Step:
        done = original(self, table_id)
        _after_step(done.events)
        return done

    async def failing_notify(self: PostgresBus, payloads: list[str]) -> None:
        fail = os.environ.get(BUS_FAIL_ENV)
        if fail and Path(fail).exists():
            raise psycopg.OperationalError("fault injection: the publisher's connection is lost")
        await notify(self, payloads)

    Dealer._step = step  # type: ignore[method-assign]
    PostgresBus._notify = failing_notify  # type: ignore[method-assign]
    _install_commit_cut()


if __name__ == "__main__":
    from puntobanco.cli.main import main

    _install()
    main()
