"""Server throughput and latency: settled rounds per second, p50/p99, on loopback.

For SQLite and PostgreSQL, one worker and several, 1, 50 and 200 concurrent
clients, each client a player of its own betting in a loop (``POST /api/rounds``,
a new Idempotency-Key each time). Beside each run, in the same conditions, the
baseline: ``GET /api/health`` (the HTTP stack alone), and the ratio between them.
With ``--page``, also what a player's page does per round: the round, then
``GET /api/shoe`` (its roads and live exact edges) on a cut-card table.

With ``--baseline REV`` (``main`` by default; ``none`` to skip) the same runs are made on
the code of that git revision, checked out in a temporary worktree, *interleaved* with
this tree's in one sitting (both servers up, their loads alternating, ``--repeats`` times):
on a shared machine only figures taken side by side compare. The ratios printed are this
tree's over the baseline's (medians of the repeats).

Before the load runs, each tree's rounds are counted in-process (the app under a test
client, SQLAlchemy's events): statements, BEGINs, COMMITs and pings per round, and the
round trips to the database they make (each one waits for an answer).

The CPU columns read /proc: the server's processes, and every ``postgres`` process of the
machine (so run it where nothing else uses that PostgreSQL; on a shared machine the
database's figure carries some of the others' load). ``new conns`` counts the PostgreSQL
sessions opened during the measured run on the server's own database (each server gets a
database of its own: ``pg_stat_database.sessions``).

The load generator is a small asyncio HTTP/1.1 keep-alive client (much cheaper than a
general-purpose client), in this process: it shares the machine's cores with the server,
and its CPU share is printed.

    python bench/bench_server.py                 # everything (about 10 minutes)
    python bench/bench_server.py --seconds 4 --repeats 3 --clients 1 50 --configs postgres:3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The sources measured (another tree's, for the baseline's in-process counts).
SRC = Path(os.environ.get("PUNTOBANCO_BENCH_SRC", str(ROOT / "src")))
sys.path.insert(0, str(SRC))

PG = os.environ.get("PUNTOBANCO_BENCH_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


# --- a minimal HTTP/1.1 client -------------------------------------------------------------


class Conn:
    """One keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
        if body:
            head.append("Content-Type: application/json")
        head.extend(f"{k}: {v}" for k, v in (headers or {}).items())
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        chunked = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "transfer-encoding" and "chunked" in value:
                chunked = True
        if chunked:
            data = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                data += chunk[:-2]
            return status, data
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# --- servers -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    url: str, workers: int, src: Path = SRC, extra_env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(src),
        PUNTOBANCO_DATABASE_URL=url,
        PUNTOBANCO_ACCESS_LOG="false",
        PUNTOBANCO_LOG_LEVEL="WARNING",
        # Registration is not measured: cheap password hashing keeps set-up short.
        PUNTOBANCO_ARGON2_TIME_COST="1",
        PUNTOBANCO_ARGON2_MEMORY_KIB="64",
        PUNTOBANCO_ARGON2_WEAK_FOR_TESTS="true",
        PUNTOBANCO_BALANCE_CAP_MINOR="100000000",
        PUNTOBANCO_SIGNUPS_PER_ADDRESS="100000",  # every bench player signs up from here
        PUNTOBANCO_LOGIN_ATTEMPTS="100000",
        PUNTOBANCO_PASSWORD_CHECKS_PER_ADDRESS="100000",
    )
    env.update(extra_env or {})  # a variant measured (the event loop, the access log)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    # A tree whose serve refuses the weak switch without its flag (since the audit of
    # 2026-12-04) is given the flag; an older tree does not know it.
    serve = (src / "puntobanco" / "cli" / "serve.py").read_text(encoding="utf-8")
    weak = ["--allow-weak-argon2"] if "--allow-weak-argon2" in serve else []
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", "serve", "--port", str(port),
         "--workers", str(workers), "--log-level", "warning", *weak],
        env=env, cwd=src.parent, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n")
                if b" 200 " in sock.recv(100):
                    time.sleep(0.5 * workers)  # let every worker finish starting
                    return process, port
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        time.sleep(0.2)
    stop_server(process)
    raise TimeoutError("the server did not start")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


# --- CPU time of processes (Linux /proc; "n/a" elsewhere) -----------------------------------


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time, with that of the children it has reaped.

    PostgreSQL's backends come and go with the connections: the postmaster reaps them,
    so their time stays counted (in its own) after they end.
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command name) of every process."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                head, tail = (entry / "stat").read_text().rsplit(")", 1)
            except OSError:
                continue
            found.append((int(entry.name), int(tail.split()[1]), head.split("(", 1)[1]))
    return found


def cpu_of(root: int | None = None, command: str | None = None) -> float | None:
    """CPU seconds used so far by ``root`` and its descendants, or by every ``command``."""
    if not Path("/proc/self/stat").exists():
        return None
    processes = _processes()
    if command is not None:
        pids = {pid for pid, _, name in processes if name == command}
    else:
        pids = {root} if root is not None else set()
        grew = True
        while grew:
            more = {pid for pid, parent, _ in processes if parent in pids} - pids
            pids |= more
            grew = bool(more)
    total = 0.0
    for pid in pids:
        try:
            total += _cpu_seconds(pid)
        except (OSError, IndexError, ValueError):
            pass  # it ended meanwhile
    return total


# --- load ----------------------------------------------------------------------------------


async def make_players(port: int, count: int) -> list[str]:
    tokens = []
    conn = Conn(port)
    for i in range(count):
        body = json.dumps({"username": f"b{uuid.uuid4().hex[:10]}{i}", "password": "bench pw!"})
        status, data = await conn.request("POST", "/api/auth/register", body.encode())
        assert status == 201, data
        token = json.loads(data)["token"]
        top_up = json.dumps({"amount_minor": 100_000}).encode()
        await conn.request(
            "POST", "/api/wallet/top-up", top_up, {"Authorization": f"Bearer {token}"}
        )
        tokens.append(token)
    conn.close()
    return tokens


async def load(
    port: int,
    tokens: list[str],
    seconds: float,
    *,
    rounds: bool,
    server: int | None = None,
    page: bool = False,
    database_url: str | None = None,
) -> dict[str, float]:
    """Every token's client in a loop for ``seconds``; with ``server`` (its pid), also the
    CPU that the server's processes and the database's used per answered request; with
    ``database_url`` (the server's, PostgreSQL), the sessions opened on it meanwhile.

    With ``page``, each request is a round then ``GET /api/shoe``, as the page does.
    """
    latencies: list[float] = []
    errors = 0
    stop_at = time.perf_counter() + seconds
    body = json.dumps({"bets": {"banker": 100}}).encode()

    async def client(token: str) -> None:
        nonlocal errors
        conn = Conn(port)
        auth = f"Bearer {token}"
        while time.perf_counter() < stop_at:
            start = time.perf_counter()
            if rounds:
                headers = {"Authorization": auth, "Idempotency-Key": uuid.uuid4().hex}
                status, _ = await conn.request("POST", "/api/rounds", body, headers)
                ok = status == 201
                if ok and page:
                    shoe, _ = await conn.request(
                        "GET", "/api/shoe", headers={"Authorization": auth}
                    )
                    ok = shoe == 200
            else:
                status, _ = await conn.request("GET", "/api/health")
                ok = status == 200
            if ok:
                latencies.append(time.perf_counter() - start)
            else:
                errors += 1
        conn.close()

    sessions0 = pg_sessions(database_url)
    server0, db0 = cpu_of(server), cpu_of(command="postgres")
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(client(t) for t in tokens))
    wall = time.perf_counter() - wall0
    server1, db1 = cpu_of(server), cpu_of(command="postgres")
    sessions1 = pg_sessions(database_url)
    answered = max(len(latencies), 1)
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "per_s": len(latencies) / wall,
        "p50_ms": 1000 * q[49],
        "p99_ms": 1000 * q[98],
        "errors": errors,
        "client_cpu": (time.process_time() - cpu0) / wall,
        "server_cpu_ms": math.nan
        if server is None or server0 is None or server1 is None
        else 1000 * (server1 - server0) / answered,
        "db_cpu_ms": math.nan if db0 is None or db1 is None else 1000 * (db1 - db0) / answered,
        "new_connections": math.nan
        if sessions0 is None or sessions1 is None
        else sessions1 - sessions0 - 1,  # less the second count's own session
    }


def pg_sessions(database_url: str | None) -> int | None:
    """Sessions ever opened on the database of ``database_url`` (``None``: not PostgreSQL, or
    unreachable)."""
    if database_url is None or not database_url.startswith("postgresql"):
        return None
    try:
        import psycopg

        url = database_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url, connect_timeout=3) as conn:
            row = conn.execute(
                "SELECT sessions FROM pg_stat_database WHERE datname = current_database()"
            ).fetchone()
        return None if row is None else int(row[0])
    except Exception:
        return None


async def use_cut_card_tables(port: int, tokens: list[str]) -> None:
    """Set each player's table to the eight-deck cut-card shoe (``punto-banco``)."""
    conn = Conn(port)
    body = json.dumps({"preset": "punto-banco"}).encode()
    for token in tokens:
        status, data = await conn.request(
            "PUT", "/api/table", body, {"Authorization": f"Bearer {token}"}
        )
        assert status == 200, data
    conn.close()


def database_for(kind: str) -> tuple[str, Any]:
    """A fresh database for one server, and how to drop it: a SQLite file, or a PostgreSQL
    database of its own (so that the sessions counted on it are the server's alone)."""
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="pb-bench-")
        return f"sqlite:///{folder}/bench.db", lambda: None
    from sqlalchemy import create_engine, text

    name = f"bench_{uuid.uuid4().hex[:8]}"
    engine = create_engine(PG, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        engine.dispose()

    return PG.rsplit("/", 1)[0] + f"/{name}", drop


# --- where the milliseconds go ---------------------------------------------------------------


STAGES = ("deal", "settle", "render", "serialize")


def breakdown(kind: str, rounds: int = 300, repeat: int = 3) -> dict[str, float]:
    """One round's stages in-process (no HTTP), on the path ``POST /api/rounds`` runs.

    Mirrors :func:`puntobanco.server.routers.rounds.play_round`: on PostgreSQL the deal
    and the settlement on the rounds' own psycopg connections (on the event loop), on
    SQLite on the rounds' own sqlite3 connection (in its thread); then the answer rendered
    from what was written and its JSON, as the endpoint writes it. The deal's first
    statement checks the session token. Returns each stage's mean wall milliseconds, this
    process's CPU milliseconds per round (``cpu``) and the database server's (``db_cpu``,
    PostgreSQL only): the median of ``repeat`` blocks of ``rounds``.
    """
    from puntobanco.server.accounts import create_player, open_session, token_hash
    from puntobanco.server.db import RoundRunner, make_engine, make_sessionmaker, migrate
    from puntobanco.server.render import round_json
    from puntobanco.server.rounds.postgres import settle_dealt
    from puntobanco.server.rounds.postgres import start_round as start_round_pg
    from puntobanco.server.rounds.sqlite import settle_dealt as settle_dealt_sqlite
    from puntobanco.server.rounds.sqlite import start_round as start_round_sqlite
    from puntobanco.server.routers.rounds import _answer
    from puntobanco.server.settings import Settings

    url, drop = database_for(kind)
    settings = Settings(
        database_url=url, argon2_time_cost=1, argon2_memory_kib=64, argon2_weak_for_tests=True
    )
    engine = make_engine(settings)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    with sessions.begin() as session:
        player = create_player(session, settings, username="bench", password=None)
        hashed = token_hash(open_session(session, settings, player.id))
    runner = RoundRunner(settings, sessions)
    stakes = {"banker": 100}

    def sqlite_round(db: Any, key: str, clock: list[float]) -> tuple[Any, Any]:
        started = start_round_sqlite(db, settings, key=key, stakes=stakes, token_hash=hashed)
        clock.append(time.perf_counter())
        settled = settle_dealt_sqlite(db, started)
        clock.append(time.perf_counter())
        return started, settled

    async def one_round(key: str, clock: list[float]) -> None:
        if runner.pg is not None:
            async with runner.pg.connection() as db:
                started = await start_round_pg(
                    db, settings, key=key, stakes=stakes, token_hash=hashed
                )
                clock.append(time.perf_counter())
                settled = await settle_dealt(db, started)
                clock.append(time.perf_counter())
        else:
            assert runner.sqlite is not None
            started, settled = await runner.sqlite.run(sqlite_round, key, clock)
        assert started is not None and started.row is not None and settled is not None
        row = started.row
        row.status, row.payout_minor = "settled", settled.payout_minor
        row.balance_minor = settled.balance_minor
        rendered = round_json(row, settled.bets, started.seed_hash, "en", started.coup)
        clock.append(time.perf_counter())
        _answer(rendered, replayed=False)  # the JSON written, as the endpoint writes it
        clock.append(time.perf_counter())

    async def measure() -> list[dict[str, float]]:
        await runner.connect()
        for i in range(30):  # warm the caches (statements, prepared plans, imports)
            await one_round(f"warm{i}", [])
        blocks: list[dict[str, float]] = []
        for block in range(repeat):
            totals = dict.fromkeys(STAGES, 0.0)
            cpu0 = time.process_time()
            db0 = cpu_of(command="postgres") if kind != "sqlite" else None
            for i in range(rounds):
                clock = [time.perf_counter()]
                await one_round(f"k{block}-{i}", clock)
                for name, (a, b) in zip(STAGES, zip(clock, clock[1:], strict=False), strict=True):
                    totals[name] += b - a
            cpu = time.process_time() - cpu0
            db1 = cpu_of(command="postgres") if db0 is not None else None
            parts = {name: 1000 * total / rounds for name, total in totals.items()}
            parts["cpu"] = 1000 * cpu / rounds
            parts["db_cpu"] = (
                math.nan if db0 is None or db1 is None else 1000 * (db1 - db0) / rounds
            )
            blocks.append(parts)
        await runner.dispose()
        return blocks

    try:
        blocks = asyncio.run(measure())
    finally:
        engine.dispose()
        drop()
    # The median block of each figure: this machine is shared, and a block can be slowed.
    return {name: statistics.median(b[name] for b in blocks) for name in blocks[0]}


# --- where a worker's CPU goes under load (py-spy) --------------------------------------

#: Where a sampled stack's time is counted: the innermost frame that one of these matches
#: (a frame of the package's own server code outside them counts as "server code").
PROFILE_PARTS = (
    ("psycopg (driver, socket I/O)", "psycopg/"),
    ("SQLAlchemy (Core, session, greenlet)", "sqlalchemy/"),
    ("core engine (table, shoe, coup, fairness)", "puntobanco/core/"),
    ("answer (round_json, JSON)", "puntobanco/server/render.py"),
    ("server code (game, rounds)", "puntobanco/server/"),
    ("Starlette and FastAPI", "starlette/"),
    ("Starlette and FastAPI", "fastapi/"),
    ("uvicorn (HTTP parsing, protocol)", "uvicorn/"),
    ("pydantic", "pydantic"),
    ("JSON", "json/"),
    ("asyncio event loop", "asyncio/"),
)


def profile(py_spy: str, kind: str = "postgres", clients: int = 8, seconds: float = 8.0) -> Any:
    """One worker of this tree under ``clients`` players, sampled by py-spy (Python stacks).

    Returns the server's CPU ms per round and each part's share of the samples (see
    :data:`PROFILE_PARTS`); time in C (a socket's send, libpq) counts for the Python frame
    that called it. py-spy is not a dependency: pass its path (``pip install py-spy`` into a
    virtual environment of its own).
    """
    from collections import Counter

    url, drop = database_for(kind)
    process, port = start_server(url, 1, SRC)  # one worker: uvicorn serves in this process
    samples = Path(tempfile.mkdtemp(prefix="pb-bench-spy-")) / "stacks.txt"
    try:
        tokens = asyncio.run(make_players(port, clients))
        asyncio.run(load(port, tokens, 2, rounds=True))  # warm up
        spy = subprocess.Popen(
            [py_spy, "record", "--nonblocking", "--rate", "200", "--format", "raw",
             "--output", str(samples), "--pid", str(process.pid),
             "--duration", str(math.ceil(seconds))],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        run = asyncio.run(load(port, tokens, seconds, rounds=True, server=process.pid))
        spy.wait(timeout=seconds + 30)
    finally:
        stop_server(process)
        drop()
    parts: Counter[str] = Counter()
    for line in samples.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        part = "other (interpreter, uvicorn's loop start, threads)"
        for frame in reversed(stack.split(";")):
            hit = next((name for name, path in PROFILE_PARTS if path in frame), None)
            if hit is not None:
                part = hit
                break
        parts[part] += int(count)
    total = max(sum(parts.values()), 1)
    return run, {name: n / total for name, n in parts.most_common()}


# --- statements and round trips per round -----------------------------------------------


def count_round_trips(url: str, rounds: int = 20) -> dict[str, float]:
    """Statements, BEGINs, COMMITs, ROLLBACKs, pings and round trips per ``POST /api/rounds``.

    The app of the tree on ``sys.path`` (``PUNTOBANCO_BENCH_SRC``), under a test client;
    SQLAlchemy's events count on every engine (a BEGIN or ROLLBACK event in autocommit
    sends nothing), and the steps sent on the rounds' own psycopg connections where the
    tree has them (``RoundRunner.pg``, ``RoundRunner.sqlite``; an ``executemany`` counts
    once). The round trips are counted on the wire, PostgreSQL
    only: libpq's trace of every connection, one ``ReadyForQuery`` from the server per
    exchange the client waited for (a pipelined batch ends with one).
    """
    from collections import Counter

    from fastapi.testclient import TestClient
    from sqlalchemy import Engine, event

    from puntobanco.server.main import create_app
    from puntobanco.server.settings import Settings

    settings = Settings(
        database_url=url,
        argon2_time_cost=1,
        argon2_memory_kib=64,
        argon2_weak_for_tests=True,
        access_log=False,
        log_level="WARNING",
        login_attempts=100_000,
    )
    counts: Counter[str] = Counter()
    on = [False]

    def count(name: str) -> Any:
        def listener(*_args: Any, **_kwargs: Any) -> None:
            if on[0]:
                counts[name] += 1

        return listener

    event.listen(Engine, "before_cursor_execute", count("statements"))
    for name in ("begin", "commit", "rollback"):
        event.listen(Engine, name, count(name))
    app = create_app(settings)
    engines = [app.state.engine]
    runner = getattr(app.state, "round_runner", None)
    if runner is not None:
        engines.append(runner.sync_engine)
    traces: list[Path] = []
    folder = Path(tempfile.mkdtemp(prefix="pb-bench-trace-"))

    def trace(dbapi_connection: Any, _record: Any) -> None:
        pgconn = getattr(dbapi_connection, "driver_connection", dbapi_connection).pgconn
        path = folder / f"{len(traces)}.trace"
        traces.append(path)
        pgconn.trace(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND))

    def ready_messages() -> int:
        return sum(p.read_text(errors="replace").count("\tReadyForQuery\t") for p in traces)

    if not settings.is_sqlite:
        for engine in {id(e): e for e in engines}.values():
            event.listen(engine, "connect", trace)
    pg = getattr(runner, "pg", None)
    if pg is not None:
        # The rounds' own psycopg connections (no SQLAlchemy events there): the same trace,
        # and their steps counted as they are sent.
        pg.on_connect.append(lambda connection: trace(connection, None))
        send = pg.send

        async def counted_send(connection: Any, steps: Any) -> Any:
            if on[0]:
                for sql, _ in steps:
                    name = {"BEGIN": "begin", "COMMIT": "commit", "ROLLBACK": "rollback"}
                    counts[name.get(sql, "statements")] += 1
            return await send(connection, steps)

        pg.send = counted_send
    sqlite_rounds = getattr(runner, "sqlite", None)
    if sqlite_rounds is not None:
        # The rounds' own sqlite3 connection (no SQLAlchemy events there either).
        execute = sqlite_rounds.execute

        def counted_execute(connection: Any, sql: str, params: Any, many: bool) -> Any:
            if on[0]:
                name = {"BEGIN IMMEDIATE": "begin", "COMMIT": "commit", "ROLLBACK": "rollback"}
                counts[name.get(sql, "statements")] += 1
            return execute(connection, sql, params, many)

        sqlite_rounds.execute = counted_execute
    for dialect_type in {type(engine.dialect) for engine in engines}:
        ping = dialect_type.do_ping

        def counted_ping(self: Any, dbapi_connection: Any, _ping: Any = ping) -> bool:
            if on[0]:
                counts["pings"] += 1
            return bool(_ping(self, dbapi_connection))

        dialect_type.do_ping = counted_ping  # type: ignore[method-assign]
    with TestClient(app) as client:
        answer = client.post(
            "/api/auth/register", json={"username": "counted", "password": "bench pw!"}
        )
        headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        body = {"bets": {"banker": 100}}
        ready0 = 0
        for i in range(3 + rounds):
            if i == 3:  # the first rounds open the connections
                on[0], ready0 = True, ready_messages()
            key = {"Idempotency-Key": f"count-{i}"}
            answer = client.post("/api/rounds", json=body, headers={**headers, **key})
            assert answer.status_code == 201, answer.text
        on[0] = False
        ready1 = ready_messages()
    per_round = {
        name: counts[name] / rounds
        for name in ("statements", "begin", "commit", "rollback", "pings")
    }
    per_round["round_trips"] = math.nan if settings.is_sqlite else (ready1 - ready0) / rounds
    return per_round


def counts_of(kind: str, src: Path) -> dict[str, float]:
    """:func:`count_round_trips` for the tree at ``src``, in a process of its own."""
    url, drop = database_for(kind)
    try:
        env = {**os.environ, "PUNTOBANCO_BENCH_SRC": str(src), "PYTHONPATH": str(src)}
        out = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--count-url", url],
            env=env, cwd=src.parent, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    finally:
        drop()
    counted: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return counted


# --- the baseline: another revision's tree -------------------------------------------------


def baseline_tree(rev: str) -> tuple[Path, Any]:
    """A temporary git worktree of ``rev`` (its ``src``), and how to remove it."""
    folder = Path(tempfile.mkdtemp(prefix="pb-bench-base-")) / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(folder), rev],
        check=True,
    )

    def remove() -> None:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=False
        )

    return folder / "src", remove


COLUMNS = (
    f"{'code':<9}{'database':<9}{'workers':>8}{'clients':>8}{'rounds/s':>10}{'p50 ms':>9}"
    f"{'p99 ms':>9}{'errors':>8}{'gen CPU':>9}{'srv CPU':>9}{'db CPU':>8}{'new conns':>11}"
)


def _row(label: str, kind: str, workers: int, clients: int, run: dict[str, float]) -> str:
    db = "-" if kind == "sqlite" else f"{run['db_cpu_ms']:.2f}"
    conns = (
        "-"
        if kind == "sqlite" or math.isnan(run["new_connections"])
        else (f"{run['new_connections']:.0f}")
    )
    return (
        f"{label:<9}{kind:<9}{workers:>8}{clients:>8}{run['per_s']:>10.0f}{run['p50_ms']:>9.1f}"
        f"{run['p99_ms']:>9.1f}{run['errors']:>8.0f}{100 * run['client_cpu']:>8.0f}%"
        f"{run['server_cpu_ms']:>9.2f}{db:>8}{conns:>11}"
    )


def _median(runs: list[dict[str, float]], name: str) -> float:
    values = [r[name] for r in runs if not math.isnan(r[name])]
    return statistics.median(values) if values else math.nan


def _ratio(new: list[dict[str, float]], old: list[dict[str, float]], name: str) -> float:
    """The ratio of the medians (``nan`` where the old one is 0: a figure too small to read)."""
    below = _median(old, name)
    return _median(new, name) / below if below else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per run")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument(
        "--configs", nargs="+", default=["sqlite:1", "sqlite:2", "postgres:1", "postgres:3"],
        help="database:workers",
    )  # fmt: skip
    parser.add_argument("--baseline", default="main", help="git revision to compare, or none")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved runs of each code")
    parser.add_argument(
        "--page", type=int, default=8, metavar="CLIENTS",
        help="clients of the page's mix (round, then GET /api/shoe); 0: none",
    )  # fmt: skip
    parser.add_argument("--no-breakdown", action="store_true", help="skip the in-process stages")
    parser.add_argument(
        "--py-spy", metavar="PATH",
        help="py-spy's executable: also profile one worker of this tree (PostgreSQL, 8 clients)",
    )  # fmt: skip
    parser.add_argument("--count-url", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    args = parser.parse_args()
    if args.count_url:  # a child process: count this tree's round trips
        print(json.dumps(count_round_trips(args.count_url)))
        return
    trees: dict[str, Path] = {"new": SRC}
    cleanup = []
    if args.baseline != "none":
        trees["old"], remove = baseline_tree(args.baseline)
        cleanup.append(remove)
    try:
        _measure(args, trees)
    finally:
        for remove in cleanup:
            remove()


def _measure(args: argparse.Namespace, trees: dict[str, Path]) -> None:
    old = f", old = {args.baseline}" if "old" in trees else ""
    print(
        f"cores: {os.cpu_count()}  measured {args.seconds:.0f} s per run, loopback;"
        f" code: new = this tree{old}"
    )
    results: dict[str, Any] = {"breakdown": {}, "counts": {}, "runs": []}
    if args.py_spy:
        run, shares = profile(args.py_spy)
        results["profile"] = {"run": run, "shares": shares}
        cpu = run["server_cpu_ms"]
        print(
            f"where a worker's CPU goes (this tree, PostgreSQL, 1 worker, 8 clients, py-spy):"
            f" {cpu:.2f} ms per round, {run['per_s']:.0f} rounds/s"
        )
        for name, share in shares.items():
            print(f"  {share * cpu:5.2f} ms  {100 * share:4.1f}%  {name}")
    kinds = sorted({c.split(":")[0] for c in args.configs})
    print("statements and round trips per POST /api/rounds (in-process count):")
    for kind in kinds:
        for label, src in trees.items():
            c = counts_of(kind, src)
            results["counts"][f"{label}:{kind}"] = c
            trips = f"; {c['round_trips']:.1f} round trips" if kind != "sqlite" else ""
            print(
                f"  {label:<4}{kind:<9} {c['statements']:.1f} statements, {c['begin']:.1f} begin,"
                f" {c['commit']:.1f} commit, {c['rollback']:.1f} rollback, {c['pings']:.1f} pings"
                f"{trips}"
            )
    if not args.no_breakdown:
        print("where one round's milliseconds go, in-process, one client (no HTTP), wall ms"
              " (this tree, the rounds' own connections):")  # fmt: skip
        for kind in kinds:
            parts = breakdown(kind)
            results["breakdown"][kind] = parts
            shown = "  ".join(f"{k} {parts[k]:.2f}" for k in STAGES)
            db = "" if math.isnan(parts["db_cpu"]) else f", database {parts['db_cpu']:.2f}"
            print(
                f"  {kind:<9} {shown}  = {sum(parts[k] for k in STAGES):.2f} ms"
                f"  (CPU: this process {parts['cpu']:.2f}{db})"
            )
    print(COLUMNS)
    for config in args.configs:
        kind, workers_text = config.split(":")
        workers = int(workers_text)
        servers: dict[str, tuple[subprocess.Popen[bytes], int, Any, list[str]]] = {}
        urls: dict[str, str] = {}
        try:
            for label, src in trees.items():
                url, drop = database_for(kind)
                process, port = start_server(url, workers, src)
                servers[label] = (process, port, drop, [])  # stopped below, whatever happens
                urls[label] = url
                tokens = asyncio.run(make_players(port, max(max(args.clients), args.page)))
                servers[label] = (process, port, drop, tokens)
            for clients in args.clients:
                for _, port, _, tokens in servers.values():
                    asyncio.run(
                        load(port, tokens[:clients], 2.0, rounds=True)
                    )  # warm up (pools fill)
                for repeat in range(args.repeats):
                    order = list(servers) if repeat % 2 == 0 else list(servers)[::-1]
                    for label in order:
                        process, port, _, tokens = servers[label]
                        run = asyncio.run(
                            load(port, tokens[:clients], args.seconds, rounds=True,
                                 server=process.pid, database_url=urls[label])
                        )  # fmt: skip
                        print(_row(label, kind, workers, clients, run), flush=True)
                        results["runs"].append(
                            {"code": label, "database": kind, "workers": workers,
                             "clients": clients, "mix": "round", "rounds": run}
                        )  # fmt: skip
            for label, (process, port, _, tokens) in servers.items():
                health = asyncio.run(
                    load(port, tokens[:50], args.seconds / 2, rounds=False, server=process.pid)
                )
                print(
                    f"{label:<9}{kind:<9}{workers:>8}{50:>8}  GET /api/health: "
                    f"{health['per_s']:.0f}/s, {health['server_cpu_ms']:.2f} server CPU ms each",
                    flush=True,
                )
                results["runs"].append(
                    {"code": label, "database": kind, "workers": workers, "clients": 50,
                     "mix": "health", "rounds": health}
                )  # fmt: skip
            if args.page:
                for _, port, _, tokens in servers.values():
                    asyncio.run(use_cut_card_tables(port, tokens[: args.page]))
                    asyncio.run(load(port, tokens[: args.page], 1.0, rounds=True, page=True))
                for repeat in range(args.repeats):
                    order = list(servers) if repeat % 2 == 0 else list(servers)[::-1]
                    for label in order:
                        process, port, _, tokens = servers[label]
                        run = asyncio.run(
                            load(port, tokens[: args.page], args.seconds, rounds=True,
                                 server=process.pid, page=True, database_url=urls[label])
                        )  # fmt: skip
                        print(_row(label + "+page", kind, workers, args.page, run), flush=True)
                        results["runs"].append(
                            {"code": label, "database": kind, "workers": workers,
                             "clients": args.page, "mix": "page", "rounds": run}
                        )  # fmt: skip
        finally:
            for process, _, drop, _ in servers.values():
                stop_server(process)
                drop()
    print(
        "srv CPU, db CPU: CPU ms per settled round (+page: per round and its GET /api/shoe) of"
        " the server's processes and of PostgreSQL; new conns: PostgreSQL sessions opened"
        " during the run."
    )
    _summary(results, trees)
    if args.json:
        print(json.dumps(results))


def _summary(results: dict[str, Any], trees: dict[str, Path]) -> None:
    """Medians of the repeats, and new over old side by side."""
    print("medians of the interleaved repeats (new / old: the ratio of the medians):")
    groups: dict[tuple[str, int, int, str], dict[str, list[dict[str, float]]]] = {}
    for r in results["runs"]:
        key = (r["database"], r["workers"], r["clients"], r["mix"])
        groups.setdefault(key, {}).setdefault(r["code"], []).append(r["rounds"])
    for (kind, workers, clients, mix), by_code in groups.items():
        parts = []
        for label in trees:
            runs = by_code.get(label, [])
            if not runs:
                continue
            parts.append(
                f"{label}: {_median(runs, 'per_s'):.0f}/s p50 {_median(runs, 'p50_ms'):.1f} ms"
                f" p99 {_median(runs, 'p99_ms'):.0f} ms, srv {_median(runs, 'server_cpu_ms'):.2f}"
                + ("" if kind == "sqlite" else f" db {_median(runs, 'db_cpu_ms'):.2f}")
                + " CPU ms"
            )
        line = f"  {kind}:{workers} {clients:>3} clients {mix:<6} " + " | ".join(parts)
        if "old" in by_code and "new" in by_code:
            old, new = by_code["old"], by_code["new"]
            line += (
                f" | new/old: rounds/s x{_ratio(new, old, 'per_s'):.2f},"
                f" srv CPU x{_ratio(new, old, 'server_cpu_ms'):.2f}"
            )
            if kind != "sqlite":
                line += f", db CPU x{_ratio(new, old, 'db_cpu_ms'):.2f}"
        print(line)
    for kind, parts in results["breakdown"].items():
        live = [
            r for r in results["runs"]
            if r["database"] == kind and r["clients"] == 1 and r["code"] == "new"
            and r["mix"] == "round"
        ]  # fmt: skip
        if live:
            http = _median([r["rounds"] for r in live], "server_cpu_ms") - parts["cpu"]
            print(
                f"{kind}: the server's CPU per round at 1 client, less the in-process round's"
                f" {parts['cpu']:.2f} ms: {http:.2f} ms (HTTP: uvicorn, Starlette's middlewares,"
                " FastAPI's routing and the body's validation)"
            )


if __name__ == "__main__":
    main()
