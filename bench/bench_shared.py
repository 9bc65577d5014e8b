"""Shared tables under load: event fan-out latency, bets per second, CPU per round, settlement.

Starts ``puntobanco serve --workers 3`` (``--workers``) on a PostgreSQL database of its own,
created on 127.0.0.1:5432 and dropped at the end (no other database is touched), with five
shared tables, ``bench-0`` to ``bench-4`` (betting ``--betting-seconds`` 5, the pause before
each reveal ``--reveal-ms`` 900: the server's default), then ``--clients`` WebSocket clients
(the ``websockets`` library, which ``uvicorn[standard]`` brings) in ``--procs`` processes:

* ``--bettors`` guest players (``POST /api/auth/guest``; 300, or 30 % of the clients when
  fewer than 1,000), seated at ``bench-0``. Each bets as soon as its socket brings a
  ``round_opened``: ``PUT /api/tables/bench-0/bets`` with a new ``Idempotency-Key``, over a
  keep-alive HTTP connection of its own: the burst of a full table when its betting opens;
* the other clients, spectators without a login, spread evenly over ``bench-1`` to
  ``bench-4`` (none watches ``bench-0``: its only sockets are the bettors').

A client only timestamps each message as its socket delivers it, and reads them all after
the run (a bettor reads its ``round_opened`` at once), so that its own JSON work does not
delay the receipt of the messages behind.

Once every client has its welcome, ``--rounds`` whole rounds of ``bench-0`` are measured,
from one ``round_opened`` to the ``round_opened`` after the last:

* fan-out latency: from each event's ``at`` (written when it is appended, in the transaction
  that commits it: the dealer's, or a bet's request for ``bets``) to its receipt by each
  client, p50/p99 per type and overall. Beside it, to show where the time goes: the same from
  a bare ``LISTEN`` on the bus's channel in this process (the commit and NOTIFY alone) and from
  one probe socket at ``bench-0`` in this process (the server's fan-out without the load
  generator's own queueing); and the dealer's lateness (each reveal step's distance from the
  one before, less ``--reveal-ms``; the close's from ``closes_at``);
* bets placed per second (each round's accepted ``PUT``s over the time from the first sent to
  the last answered) and the ``PUT``'s p50/p99;
* CPU seconds per round (psutil): the server's processes, the PostgreSQL backends of the
  bench's database (its own two connections left out), the clients' processes, and what the
  rest of the machine used meanwhile (other programs, PostgreSQL's background processes);
* settlement at ``bench-0``: ``settled.at`` less the ``at`` of the round's last ``card``
  (the last card, the result and the settlement are one transaction, so their ``at`` is the
  same and this is 0), the latest receipt of ``settled`` by a bettor less that same card, and
  whether every bettor whose bet was accepted received ``settled`` naming its seat and stake.

The goal (issue 25): p99 fan-out under 250 ms, and every bet of the bettors' table settled
within 1 s of its last card. The server runs with its default connection limits (uvicorn's,
and the pool's); only the sign-ups per address are raised, as every test server's are, since
every guest signs up from 127.0.0.1. A client process raises its own soft limit of open
files when its sockets need more (never above the hard limit); the server's is left as the
shell gave it. Every time is read from this machine's one clock.

    python bench/bench_shared.py                            # 250, 500 and 1,000 clients
    python bench/bench_shared.py --clients 1000 --rounds 3 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime
from multiprocessing.synchronize import Event as MpEvent
from pathlib import Path
from queue import Empty
from typing import Any

import psutil  # type: ignore[import-untyped]
import psycopg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from bench_server import Conn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.server.live import live_server  # noqa: E402

PG = os.environ.get("PUNTOBANCO_BENCH_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
#: The bus's PostgreSQL channel (``server/shared/bus.py``'s ``POSTGRES_CHANNEL``).
CHANNEL = "puntobanco_shared"
TABLES = tuple(f"bench-{i}" for i in range(5))
BETTING_TABLE = TABLES[0]
#: The server's log (tracebacks, if any).
LOG = Path(tempfile.gettempdir()) / "bench_shared.log"
#: Sockets opening at once per client process (the connections' phase is not measured).
CONNECT_AT_ONCE = 50
#: Seconds to wait, after the last measured round, for the stragglers' receipts.
GRACE_S = 1.5
GOAL_P99_MS = 250.0
GOAL_SETTLE_S = 1.0
PROBE_NAME = "bench_shared_probe"
#: The bus's stand-in for an event too big for NOTIFY: ``_big`` since 6250565 (each worker
#: reads the event from ``shared_events``), ``_gap`` before (each socket re-read the log).
MARKERS = frozenset({"_big", "_gap"})


# --- the clients (in processes of their own) --------------------------------------------------


@dataclass(frozen=True)
class ClientSpec:
    """What one client process runs: each client's table, and a bettor's token and seat."""

    port: int
    tables: tuple[str, ...]
    tokens: tuple[str | None, ...]
    seats: tuple[str | None, ...]
    seed: int


@dataclass
class ClientLog:
    """What one client process saw and did."""

    #: (table, type, seq, round, at, received, by a bettor) of every event received.
    events: list[tuple[str, str, int, int | None, str, float, bool]] = field(default_factory=list)
    #: (round, sent, answered, status, error code) of every PUT.
    puts: list[tuple[int, float, float, int, str]] = field(default_factory=list)
    #: seat -> round -> stake accepted.
    placed: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    #: seat -> round -> (received, the seat's stake in the event, None if not named).
    settled: dict[str, dict[int, tuple[float, int | None]]] = field(
        default_factory=lambda: defaultdict(dict)
    )
    #: (table, received, the message as it came, the bettor's seat or None): read after the
    #: run (:func:`read_messages`), so that a client only timestamps a message while it runs.
    raw: list[tuple[str, float, bytes, str | None]] = field(default_factory=list)
    failed: int = 0
    dropped: int = 0
    reconnects: int = 0


class Bettor:
    """A seated guest: its socket's ``round_opened`` starts its bet on that round."""

    def __init__(self, port: int, token: str, seat: str, rng: random.Random) -> None:
        self.port, self.token, self.seat, self.rng = port, token, seat, rng
        self.conn = Conn(port)
        self.lock = asyncio.Lock()

    async def bet(self, round_no: int, log: ClientLog) -> None:
        spot = self.rng.choice(("player", "banker", "banker", "player", "tie"))
        stake = 100 * self.rng.randint(1, 10)
        body = json.dumps({"bets": {spot: stake}}).encode()
        headers = {"Authorization": f"Bearer {self.token}", "Idempotency-Key": uuid.uuid4().hex}
        async with self.lock:  # one request at a time on the connection
            sent = time.time()
            status, code = 0, ""
            # The server closes a keep-alive connection idle for 5 s (uvicorn's default),
            # as it is between two rounds: a browser opens another and sends the request
            # again, with the same key.
            for _attempt in range(2):
                try:
                    async with asyncio.timeout(30):
                        status, data = await self.conn.request(
                            "PUT", f"/api/tables/{BETTING_TABLE}/bets", body, headers
                        )
                except (OSError, TimeoutError, ValueError, IndexError,
                        asyncio.IncompleteReadError) as exc:  # fmt: skip
                    status, code = 0, type(exc).__name__
                    self.conn.close()
                    self.conn = Conn(self.port)
                    log.reconnects += 1
                    continue
                if status != 200:
                    code = str(json.loads(data).get("error", {}).get("code", ""))[:40]
                break
            log.puts.append((round_no, sent, time.time(), status, code))
        if status == 200:
            log.placed[self.seat][round_no] = stake


async def _open(port: int, table: str, token: str | None) -> ClientConnection:
    """A socket at ``table``, past its hello and welcome."""
    ws = await connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table}",
        ping_interval=None,  # the server's pings are answered; the clients' own add nothing
        open_timeout=120,
        close_timeout=2,
    )
    hello: dict[str, Any] = {"type": "hello"}
    if token is not None:
        hello["token"] = token
    await ws.send(json.dumps(hello))
    first = json.loads(await ws.recv())
    if first.get("type") != "welcome":
        await ws.close()
        raise RuntimeError(f"no welcome: {str(first)[:200]}")
    return ws


async def _client(
    spec: ClientSpec, index: int, gate: asyncio.Semaphore, welcomed: asyncio.Future[bool],
    log: ClientLog,
) -> None:  # fmt: skip
    table, token, seat = spec.tables[index], spec.tokens[index], spec.seats[index]
    try:
        async with gate:
            ws = await _open(spec.port, table, token)
    except (OSError, TimeoutError, RuntimeError, WebSocketException):
        log.failed += 1
        welcomed.set_result(False)
        return
    welcomed.set_result(True)
    bettor = None
    if token is not None and seat is not None:
        bettor = Bettor(spec.port, token, seat, random.Random(spec.seed * 100_003 + index))
    bets: set[asyncio.Task[None]] = set()
    seat = None if bettor is None else bettor.seat
    try:
        while True:
            # Bytes, kept as they came: a client reads every message after the run, so that
            # a thousand sockets' JSON (a `settled` naming 300 seats is 40 KB) does not queue
            # the next messages' receipt behind it in this process. Only a bettor's
            # `round_opened` is read now: it starts the bet.
            raw = await ws.recv(decode=False)
            log.raw.append((table, time.time(), raw, seat))
            if bettor is not None and ROUND_OPENED in raw:
                event = json.loads(raw)
                if event.get("type") == "round_opened":
                    task = asyncio.create_task(bettor.bet(event["round"], log))
                    bets.add(task)
                    task.add_done_callback(bets.discard)
    except WebSocketException:  # closed by the server while the bench still listened
        log.dropped += 1
    finally:
        for task in bets:
            task.cancel()
        with suppress(Exception):
            await ws.close()
        if bettor is not None:
            bettor.conn.close()


async def _run_clients(spec: ClientSpec, out: Any, stop: MpEvent) -> ClientLog:
    log = ClientLog()
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    welcomed = [loop.create_future() for _ in spec.tables]
    begin = time.monotonic()
    tasks = [
        asyncio.create_task(_client(spec, i, gate, welcomed[i], log))
        for i in range(len(spec.tables))
    ]
    answers = await asyncio.gather(*welcomed)
    out.put(("ready", os.getpid(), sum(answers), time.monotonic() - begin))
    await asyncio.to_thread(stop.wait)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    read_messages(log)
    return log


#: How a bettor's socket tells the message that starts its bet (compact JSON, as sent).
ROUND_OPENED = b'"type":"round_opened"'


def read_messages(log: ClientLog) -> None:
    """Read the messages the sockets kept: the events received, each bettor's settlement."""
    for table, received, raw, seat in log.raw:
        event = json.loads(raw)
        kind, at = event.get("type"), event.get("at")
        if at is None:
            continue
        log.events.append(
            (table, kind, event["seq"], event.get("round"), at, received, seat is not None)
        )
        if seat is not None and kind == "settled":
            mine = [s for s in event.get("seats", []) if s.get("seat") == seat]
            staked = int(mine[0]["staked"]) if mine else None
            log.settled[seat][int(event["round"])] = (received, staked)
    log.raw.clear()


def _raise_open_files(needed: int) -> None:
    """This process's soft limit of open files, raised to ``needed`` if lower (not the server's)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        top = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))


def client_process(spec: ClientSpec, out: Any, stop: MpEvent) -> None:
    """A client process's body: open its sockets, say ready, listen and bet until ``stop``."""
    bettors = sum(token is not None for token in spec.tokens)
    _raise_open_files(len(spec.tables) + bettors + 64)
    log = asyncio.run(_run_clients(spec, out, stop))
    out.put(
        (
            "log",
            os.getpid(),
            {
                "events": log.events,
                "puts": log.puts,
                "placed": dict(log.placed),
                "settled": dict(log.settled),
                "failed": log.failed,
                "dropped": log.dropped,
                "reconnects": log.reconnects,
            },
        )
    )


# --- the server, its database, and the bench's own probes -------------------------------------


@contextmanager
def own_database() -> Iterator[str]:
    """A new PostgreSQL database for this run, dropped afterwards (``WITH (FORCE)``)."""
    name = f"bench_shared_{uuid.uuid4().hex[:8]}"
    root = PG.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(root, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield PG.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(root, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def tables_setting(bettors: int, betting_seconds: int, reveal_ms: int) -> str:
    """``PUNTOBANCO_SHARED_TABLES`` for the five tables (``bench-0`` seats every bettor)."""
    tables = [
        {
            "id": table,
            "name": f"Bench {i}",
            "betting_seconds": betting_seconds,
            "reveal_ms": reveal_ms,
            "max_seats": max(100, bettors),
        }
        for i, table in enumerate(TABLES)
    ]
    return json.dumps(tables)


async def seat_guests(port: int, count: int) -> list[tuple[str, str]]:
    """``count`` guests, each seated at the bettors' table: (token, seat name)."""
    seated: list[tuple[str, str]] = []

    async def one(conn: Conn, i: int) -> None:
        status, data = await conn.request("POST", "/api/auth/guest", b"{}")
        assert status == 201, data[:300]
        token = json.loads(data)["token"]
        seat = f"Bettor-{i:04d}"
        body = json.dumps({"role": "seat", "seat_name": seat}).encode()
        status, data = await conn.request(
            "POST", f"/api/tables/{BETTING_TABLE}/seat", body, {"Authorization": f"Bearer {token}"}
        )
        assert status == 200, data[:300]
        seated.append((token, seat))

    async def worker(numbers: range) -> None:
        conn = Conn(port)
        try:
            for i in numbers:
                await one(conn, i)
        finally:
            conn.close()

    lanes = 8
    await asyncio.gather(*(worker(range(lane, count, lanes)) for lane in range(lanes)))
    return sorted(seated, key=lambda item: item[1])


class CpuMeter:
    """CPU seconds so far of the server's processes, the database's backends, the clients."""

    def __init__(self, server_pid: int, database_url: str, client_pids: Sequence[int]) -> None:
        self.server = psutil.Process(server_pid)
        self.clients = [psutil.Process(pid) for pid in client_pids]
        self.me = psutil.Process()
        self._conninfo = database_url.replace("postgresql+psycopg://", "postgresql://")
        self._conn = psycopg.connect(self._conninfo, autocommit=True, application_name=PROBE_NAME)
        self.excluded: set[int] = {self._conn.info.backend_pid}
        self.seen: dict[str, dict[int, float]] = {"server": {}, "database": {}}

    @staticmethod
    def _cpu(process: Any) -> float:
        try:
            times = process.cpu_times()
            return float(times.user + times.system)
        except psutil.Error:
            return 0.0

    def _grow(self, kind: str, processes: Sequence[Any]) -> float:
        """Sum of the processes' CPU; one that ended keeps the last figure read."""
        seen = self.seen[kind]
        for process in processes:
            seen[process.pid] = max(seen.get(process.pid, 0.0), self._cpu(process))
        return sum(seen.values())

    def sample(self) -> dict[str, float]:
        workers = [self.server, *self.server.children(recursive=True)]
        pids = [
            int(row[0])
            for row in self._conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            )
            if int(row[0]) not in self.excluded
        ]
        backends = []
        for pid in pids:
            with suppress(psutil.Error):
                backends.append(psutil.Process(pid))
        machine = psutil.cpu_times()
        return {
            "time": time.monotonic(),
            "server": self._grow("server", workers),
            "database": self._grow("database", backends),
            "clients": sum(self._cpu(p) for p in self.clients) + self._cpu(self.me),
            "machine": float(
                machine.user + machine.nice + machine.system + machine.irq + machine.softirq
                + machine.steal
            ),
        }  # fmt: skip

    def close(self) -> None:
        self._conn.close()


async def listen_probe(database_url: str, records: list[dict[str, Any]], meter: CpuMeter) -> None:
    """Every NOTIFY on the bus's channel, with its time of receipt (the bus alone)."""
    conninfo = database_url.replace("postgresql+psycopg://", "postgresql://")
    async with await psycopg.AsyncConnection.connect(
        conninfo, autocommit=True, application_name=PROBE_NAME
    ) as conn:
        meter.excluded.add(conn.info.backend_pid)
        await conn.execute(f"LISTEN {CHANNEL}")
        async for notify in conn.notifies():
            event = json.loads(notify.payload)
            event["_received"] = time.time()
            records.append(event)


async def wait_probe(database_url: str, states: Counter[str], meter: CpuMeter) -> None:
    """What the database's backends are doing, sampled every 50 ms (idle ones left out).

    ``idle in transaction`` is a backend holding its transaction (and its row locks) while
    the server's Python works between two statements; ``Lock:...`` one waiting for another's
    row lock; ``active`` one running a statement (or waiting on I/O: its wait event named).
    """
    conninfo = database_url.replace("postgresql+psycopg://", "postgresql://")
    async with await psycopg.AsyncConnection.connect(
        conninfo, autocommit=True, application_name=PROBE_NAME
    ) as conn:
        meter.excluded.add(conn.info.backend_pid)
        while True:
            cursor = await conn.execute(
                "SELECT state, wait_event_type, wait_event, application_name "
                "FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()"
            )
            states["_samples"] += 1
            for state, wait_type, wait, name in await cursor.fetchall():
                if state == "idle" or name == PROBE_NAME:
                    continue
                states[f"{state}" + (f" {wait_type}:{wait}" if wait_type else "")] += 1
            await asyncio.sleep(0.05)


async def socket_probe(
    port: int, records: list[dict[str, Any]], opened: asyncio.Queue[dict[str, Any]]
) -> None:
    """One socket at the bettors' table in this process: the server's fan-out, unqueued."""
    ws = await _open(port, BETTING_TABLE, None)
    try:
        async for raw in ws:
            event = json.loads(raw)
            event["_received"] = time.time()
            records.append(event)
            if event.get("type") == "round_opened":
                opened.put_nowait(event)
    finally:
        await ws.close()


def start_py_spy(py_spy: str, server_pid: int) -> tuple[subprocess.Popen[bytes], Path]:
    """py-spy sampling the server and its workers: the stacks that hold the GIL.

    So a thread waiting for the database (or a lock in it) is not counted: what is left is
    where the workers' CPU goes.
    """
    output = Path(tempfile.mkdtemp(prefix="bench-shared-spy-")) / "stacks.txt"
    process = subprocess.Popen(
        [py_spy, "record", "--pid", str(server_pid), "--subprocesses", "--nonblocking", "--gil",
         "--rate", "100", "--format", "raw", "--output", str(output)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    return process, output


def stop_py_spy(process: subprocess.Popen[bytes], output: Path) -> dict[str, Any]:
    """Stop py-spy (it writes its samples on SIGINT) and share them out.

    ``inclusive``: the share of the server's samples under each of the project's functions
    (counted once per stack); ``self``: the share whose innermost frame is each file's
    function (where the CPU itself went: a C call counts for the Python frame that made it).
    """
    process.send_signal(signal.SIGINT)
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=60)
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    text = output.read_text() if output.exists() else ""
    for line in text.splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        n = int(count)
        total += n
        frames = [_frame(f) for f in stack.split(";") if f]
        if frames:
            own[frames[-1]] += n
        for name in {f for f in frames if f.startswith("puntobanco/")}:
            inclusive[name] += n
    shared = max(total, 1)
    return {
        "samples": total,
        "inclusive": {k: round(v / shared, 3) for k, v in inclusive.most_common(25)},
        "self": {k: round(v / shared, 3) for k, v in own.most_common(25)},
    }


def _frame(frame: str) -> str:
    """``function (path/to/file.py:12)`` as ``package/file.py:function`` (lines merged)."""
    name, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0]
    for marker in ("/src/", "/site-packages/", "/lib/python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{name}"


# --- one run ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """One run's shape."""

    clients: int
    bettors: int
    rounds: int = 3
    procs: int = 2
    workers: int = 3
    betting_seconds: int = 5
    reveal_ms: int = 900
    seed: int = 25
    #: py-spy's path: the server's processes are sampled over the measured rounds.
    py_spy: str | None = None


def default_bettors(clients: int) -> int:
    """300 bettors, or 30 % of the clients when fewer than 1,000 (the issue's mix).

    >>> [default_bettors(n) for n in (50, 250, 500, 1000, 2000)]
    [15, 75, 150, 300, 300]
    """
    return min(300, clients * 3 // 10)


def client_specs(plan: Plan, port: int, seated: Sequence[tuple[str, str]]) -> list[ClientSpec]:
    """The clients dealt round-robin over the processes: bettors first, then spectators."""
    spectators = plan.clients - len(seated)
    everyone: list[tuple[str, str | None, str | None]] = [
        (BETTING_TABLE, token, seat) for token, seat in seated
    ]
    everyone += [(TABLES[1 + i % (len(TABLES) - 1)], None, None) for i in range(spectators)]
    specs = []
    for p in range(plan.procs):
        mine = everyone[p :: plan.procs]
        specs.append(
            ClientSpec(
                port=port,
                tables=tuple(m[0] for m in mine),
                tokens=tuple(m[1] for m in mine),
                seats=tuple(m[2] for m in mine),
                seed=plan.seed * 1000 + p,
            )
        )
    return specs


def run(plan: Plan) -> dict[str, Any]:
    """Serve, connect, measure ``plan.rounds`` rounds, stop; the figures (see :func:`summarise`)."""
    if plan.bettors > plan.clients:
        raise ValueError(f"bettors ({plan.bettors}) cannot exceed clients ({plan.clients})")
    load = os.getloadavg()
    # The tree measured: a checkout's commit, or what an extracted tree was told it is.
    commit = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip() or os.environ.get("PUNTOBANCO_BENCH_COMMIT", "unknown")
    with (
        own_database() as url,
        live_server(
            url,
            workers=plan.workers,
            log=LOG,
            PUNTOBANCO_SHARED_TABLES=tables_setting(
                plan.bettors, plan.betting_seconds, plan.reveal_ms
            ),
        ) as (base, server),
    ):
        port = int(base.rsplit(":", 1)[1])
        begin = time.monotonic()
        seated = asyncio.run(seat_guests(port, plan.bettors))
        setup_s = time.monotonic() - begin
        raw = asyncio.run(_measure(plan, port, url, server.pid, seated))
    raw.update(
        setup_s=setup_s, load_before=load, load_after=os.getloadavg(), plan=plan, commit=commit
    )
    return summarise(raw)


async def _measure(
    plan: Plan, port: int, url: str, server_pid: int, seated: Sequence[tuple[str, str]]
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    stop = context.Event()
    processes = [
        context.Process(target=client_process, args=(spec, out, stop), daemon=True)
        for spec in client_specs(plan, port, seated)
    ]
    for process in processes:
        process.start()
    meter: CpuMeter | None = None
    tasks: list[asyncio.Task[None]] = []
    try:
        ready = [await asyncio.to_thread(out.get, True, 300) for _ in processes]
        meter = CpuMeter(server_pid, url, [int(r[1]) for r in ready])
        notified: list[dict[str, Any]] = []
        probed: list[dict[str, Any]] = []
        opened: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        waits: Counter[str] = Counter()
        tasks = [
            asyncio.create_task(listen_probe(url, notified, meter)),
            asyncio.create_task(socket_probe(port, probed, opened)),
        ]
        first = await asyncio.wait_for(opened.get(), timeout=120)
        tasks.append(asyncio.create_task(wait_probe(url, waits, meter)))
        spy = None if plan.py_spy is None else start_py_spy(plan.py_spy, server_pid)
        samples = [meter.sample()]
        boundaries = [first]
        while len(boundaries) <= plan.rounds:
            event = await asyncio.wait_for(opened.get(), timeout=300)
            samples.append(meter.sample())
            boundaries.append(event)
        profile = {} if spy is None else await asyncio.to_thread(stop_py_spy, *spy)
        await asyncio.sleep(GRACE_S)
    finally:
        stop.set()
        logs = []
        for _ in processes:
            with suppress(Empty):
                message = await asyncio.to_thread(out.get, True, 120)
                if message[0] == "log":
                    logs.append(message[2])
        for process in processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if meter is not None:
            meter.close()
    return {
        "ready": ready,
        "logs": logs,
        "notified": notified,
        "probed": probed,
        "samples": samples,
        "boundaries": boundaries,
        "waits": waits,
        "profile": profile,
    }


# --- the figures --------------------------------------------------------------------------------


def _epoch(at: str, cache: dict[str, float]) -> float:
    value = cache.get(at)
    if value is None:
        value = cache[at] = datetime.fromisoformat(at).timestamp()
    return value


def quantiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p99, max and count (nearest rank).

    >>> quantiles([float(v) for v in range(1, 101)])
    {'p50': 50.0, 'p99': 99.0, 'max': 100.0, 'n': 100}
    """
    if not values:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan"), "n": 0}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[max(0, min(len(ordered) - 1, math.ceil(len(ordered) * q) - 1))]

    return {"p50": rank(0.50), "p99": rank(0.99), "max": ordered[-1], "n": len(ordered)}


def _latencies(
    records: Sequence[tuple[str, float, float]], start: float, end: float
) -> dict[str, dict[str, float]]:
    """(type, at, received) -> milliseconds per type and overall, for ``at`` in the window."""
    by_type: dict[str, list[float]] = defaultdict(list)
    for kind, at, received in records:
        if start <= at < end:
            by_type[kind].append(1000 * (received - at))
    table = {kind: quantiles(values) for kind, values in sorted(by_type.items())}
    table["all"] = quantiles([v for values in by_type.values() for v in values])
    return table


def _dealer_lateness(notified: Sequence[dict[str, Any]], reveal_ms: int, cache: dict[str, float],
                     start: float, end: float) -> dict[str, dict[str, float]]:  # fmt: skip
    """How late the dealer's steps came: each reveal after the one before, the close."""
    steps: dict[tuple[str, int], list[tuple[int, str, float]]] = defaultdict(list)
    closes: dict[tuple[str, int], float] = {}
    late_close: list[float] = []
    for event in notified:
        if event.get("at") is None or event.get("round") is None:
            continue
        at = _epoch(event["at"], cache)
        key = (event["table"], int(event["round"]))
        if event["type"] == "round_opened":
            closes[key] = _epoch(event["closes_at"], cache)
        elif event["type"] == "betting_closed" and key in closes and start <= at < end:
            late_close.append(1000 * (at - closes[key]))
        if event["type"] in ("dealing", "burn", "card", "result"):
            steps[key].append((int(event["seq"]), event["type"], at))
    late_reveal: list[float] = []
    for chain in steps.values():
        chain.sort()
        for (_, _, before), (_, _, at) in zip(chain, chain[1:], strict=False):
            if start <= at < end:
                late_reveal.append(1000 * (at - before) - reveal_ms)
    return {"close": quantiles(late_close), "reveal": quantiles(late_reveal)}


def summarise(raw: dict[str, Any]) -> dict[str, Any]:
    """The run's figures from what the clients and the probes recorded."""
    plan: Plan = raw["plan"]
    cache: dict[str, float] = {}
    first, after = raw["boundaries"][0], raw["boundaries"][-1]
    start, end = _epoch(first["at"], cache), _epoch(after["at"], cache)
    measured = set(range(int(first["round"]), int(after["round"])))
    logs = raw["logs"]
    events = [
        (kind, _epoch(at, cache), received)
        for log in logs
        for _table, kind, _seq, _round, at, received, _bettor in log["events"]
    ]
    # The same, by who received it: the bettors' table takes the burst of bets.
    heard: dict[bool, list[tuple[str, float, float]]] = {True: [], False: []}
    for log in logs:
        for _table, kind, _seq, _round, at, received, bettor in log["events"]:
            heard[bool(bettor)].append((kind, _epoch(at, cache), received))
    probe = [
        (e["type"], _epoch(e["at"], cache), e["_received"]) for e in raw["probed"] if "at" in e
    ]
    bus = [
        (e["type"], _epoch(e["at"], cache), e["_received"])
        for e in raw["notified"]
        if e.get("type") not in MARKERS and "at" in e
    ]
    markers = sum(1 for e in raw["notified"] if e.get("type") in MARKERS)
    puts = [p for log in logs for p in log["puts"] if p[0] in measured]
    samples = raw["samples"]
    spent = {k: samples[-1][k] - samples[0][k] for k in ("server", "database", "clients")}
    wall = samples[-1]["time"] - samples[0]["time"]
    machine = samples[-1]["machine"] - samples[0]["machine"]
    cpu = {k: v / plan.rounds for k, v in spent.items()}
    cpu["others"] = (machine - sum(spent.values())) / plan.rounds
    cpu["round_s"] = wall / plan.rounds
    cpu["machine_busy_cores"] = machine / wall if wall else float("nan")
    return {
        "commit": raw["commit"],
        "clients": plan.clients,
        "bettors": plan.bettors,
        "spectators": plan.clients - plan.bettors,
        "rounds": sorted(measured),
        "workers": plan.workers,
        "procs": plan.procs,
        "betting_seconds": plan.betting_seconds,
        "reveal_ms": plan.reveal_ms,
        "connected": sum(int(r[2]) for r in raw["ready"]),
        "connect_s": max(float(r[3]) for r in raw["ready"]),
        "setup_s": raw["setup_s"],
        "failed": sum(log["failed"] for log in logs),
        "dropped": sum(log["dropped"] for log in logs),
        "put_reconnects": sum(log["reconnects"] for log in logs),
        "load": {"before": list(raw["load_before"]), "after": list(raw["load_after"])},
        "fanout_ms": _latencies(events, start, end),
        "fanout_ms_bettors": _latencies(heard[True], start, end),
        "fanout_ms_spectators": _latencies(heard[False], start, end),
        "probe_socket_ms": _latencies(probe, start, end),
        "bus_ms": _latencies(bus, start, end),
        "big_event_markers": markers,
        "dealer_late_ms": _dealer_lateness(raw["notified"], plan.reveal_ms, cache, start, end),
        "bets": _bets(puts, measured),
        "settlement": _settlement(raw["probed"], logs, measured, cache),
        "cpu_s_per_round": cpu,
        "database_backends": _backends(raw["waits"]),
        "server_profile": raw["profile"],
        "received_by_table": dict(
            sorted(
                Counter(
                    table
                    for log in logs
                    for table, _kind, _seq, _round, at, _received, _bettor in log["events"]
                    if start <= _epoch(at, cache) < end
                ).items()
            )
        ),
        "messages_per_s": len([e for e in events if start <= e[1] < end]) / (end - start),
    }


def _backends(waits: Counter[str]) -> dict[str, float]:
    """The average number of the database's backends in each state over the window."""
    samples = max(waits["_samples"], 1)
    return {
        state: round(count / samples, 2)
        for state, count in waits.most_common()
        if state != "_samples"
    }


def _bets(puts: Sequence[tuple[int, float, float, int, str]], measured: set[int]) -> dict[str, Any]:
    """Accepted bets per second in each round's burst, and the PUT's latency."""
    rates = []
    for round_no in sorted(measured):
        mine = [p for p in puts if p[0] == round_no]
        accepted = [p for p in mine if p[3] == 200]
        if accepted:
            span = max(p[2] for p in mine) - min(p[1] for p in mine)
            rates.append(len(accepted) / span if span > 0 else float("nan"))
    return {
        "sent": len(puts),
        "accepted": sum(1 for p in puts if p[3] == 200),
        "refused": dict(Counter(f"{p[3]} {p[4]}".strip() for p in puts if p[3] != 200)),
        "per_s": rates,
        "put_ms": quantiles([1000 * (p[2] - p[1]) for p in puts if p[3] == 200]),
    }


def _settlement(probed: Sequence[dict[str, Any]], logs: Sequence[dict[str, Any]],
                measured: set[int], cache: dict[str, float]) -> list[dict[str, Any]]:  # fmt: skip
    """Per measured round of the bettors' table: its settlement's delay and its completeness."""
    last_card: dict[int, float] = {}
    settled_at: dict[int, float] = {}
    for event in probed:
        if event.get("round") is None or "at" not in event:
            continue
        round_no, at = int(event["round"]), _epoch(event["at"], cache)
        if event["type"] == "card":
            last_card[round_no] = max(last_card.get(round_no, 0.0), at)
        elif event["type"] == "settled":
            settled_at[round_no] = at
    placed: dict[str, dict[int, int]] = {}
    settled: dict[str, dict[int, tuple[float, int | None]]] = {}
    for log in logs:
        placed.update(log["placed"])
        settled.update(log["settled"])
    rows = []
    for round_no in sorted(measured):
        stakes = {seat: rounds[round_no] for seat, rounds in placed.items() if round_no in rounds}
        got = {seat: settled.get(seat, {}).get(round_no) for seat in stakes}
        right = [seat for seat, item in got.items() if item is not None and item[1] == stakes[seat]]
        receipts = [item[0] for item in got.values() if item is not None]
        card, settled_then = last_card.get(round_no), settled_at.get(round_no)
        rows.append(
            {
                "round": round_no,
                "bets": len(stakes),
                "settled_to_bettor": len(right),
                "settled_after_last_card_s": None
                if card is None or settled_then is None
                else settled_then - card,
                "last_receipt_after_last_card_s": None
                if card is None or not receipts
                else max(receipts) - card,
            }
        )
    return rows


# --- printing -----------------------------------------------------------------------------------


def goals(result: dict[str, Any]) -> dict[str, bool]:
    """Whether the run met issue 25's two goals."""
    settle = result["settlement"]
    return {
        "p99_fanout": result["fanout_ms"]["all"]["p99"] < GOAL_P99_MS,
        "settled_within_1s": bool(settle)
        and all(
            row["bets"] == row["settled_to_bettor"]
            and row["settled_after_last_card_s"] is not None
            and row["settled_after_last_card_s"] <= GOAL_SETTLE_S
            for row in settle
        ),
    }


def _ms(q: dict[str, float]) -> str:
    return f"{q['p50']:8.1f} {q['p99']:8.1f} {q['max']:8.1f} {q['n']:8d}"


def report(result: dict[str, Any]) -> str:
    """One run as a table."""
    lines = [
        f"{result['clients']} clients: {result['bettors']} bettors at {BETTING_TABLE}, "
        f"{result['spectators']} spectators over bench-1..4; rounds {result['rounds']}, "
        f"{result['workers']} workers, {result['procs']} client processes, betting "
        f"{result['betting_seconds']} s, reveal {result['reveal_ms']} ms; tree {result['commit']}",
        f"  connected {result['connected']} ({result['failed']} failed, "
        f"{result['dropped']} dropped, {result['put_reconnects']} PUTs sent again on a new "
        f"connection) in {result['connect_s']:.1f} s; guests seated in "
        f"{result['setup_s']:.1f} s; load {result['load']['before'][0]:.1f} -> "
        f"{result['load']['after'][0]:.1f}; {result['messages_per_s']:.0f} messages/s received",
        f"  {'fan-out, ms (at -> receipt)':34} {'p50':>8} {'p99':>8} {'max':>8} {'n':>8}",
    ]
    for kind, q in result["fanout_ms"].items():
        lines.append(f"    {kind:32} {_ms(q)}")
    lines.append(f"  {'  received by the bettors':34} {_ms(result['fanout_ms_bettors']['all'])}")
    lines.append(
        f"  {'  received by the spectators':34} {_ms(result['fanout_ms_spectators']['all'])}"
    )
    lines.append(f"  {'bus alone (at -> NOTIFY here)':34} {_ms(result['bus_ms']['all'])}")
    lines.append(f"  {'probe socket in this process':34} {_ms(result['probe_socket_ms']['all'])}")
    late = result["dealer_late_ms"]
    lines.append(f"  {'dealer: close after closes_at':34} {_ms(late['close'])}")
    lines.append(f"  {'dealer: reveal after the pause':34} {_ms(late['reveal'])}")
    busy = ", ".join(f"{state} {n:.2f}" for state, n in result["database_backends"].items())
    lines.append(f"  database backends, on average: {busy or 'all idle'}")
    markers = result["big_event_markers"]
    lines.append(f"  events sent as markers (too big for NOTIFY): {markers}")
    bets = result["bets"]
    rates = ", ".join(f"{r:.0f}" for r in bets["per_s"])
    lines.append(
        f"  bets: {bets['accepted']} accepted of {bets['sent']} (refused: {bets['refused'] or 0}); "
        f"{rates} per s by round; PUT p50 {bets['put_ms']['p50']:.0f} ms, "
        f"p99 {bets['put_ms']['p99']:.0f} ms"
    )
    for row in result["settlement"]:
        lag, seen = row["settled_after_last_card_s"], row["last_receipt_after_last_card_s"]
        lines.append(
            f"  round {row['round']}: {row['settled_to_bettor']}/{row['bets']} bettors got their "
            f"settlement; settled.at - last card {_s(lag)}, "
            f"last receipt - last card {_s(seen)}"
        )
    cpu = result["cpu_s_per_round"]
    lines.append(
        f"  CPU s per round ({cpu['round_s']:.1f} s): server {cpu['server']:.2f}, PostgreSQL "
        f"{cpu['database']:.2f}, clients {cpu['clients']:.2f}, rest of the machine "
        f"{cpu['others']:.2f}; machine busy {cpu['machine_busy_cores']:.2f} cores"
    )
    profile = result["server_profile"]
    if profile:
        lines.append(f"  server profile ({profile['samples']} samples), innermost frames:")
        for name, share in list(profile["self"].items())[:12]:
            lines.append(f"    {100 * share:5.1f} %  {name}")
        lines.append("  under the project's functions:")
        for name, share in list(profile["inclusive"].items())[:12]:
            lines.append(f"    {100 * share:5.1f} %  {name}")
    met = goals(result)
    lines.append(
        f"  goal p99 < {GOAL_P99_MS:.0f} ms: {'met' if met['p99_fanout'] else 'NOT met'}; "
        f"every bet settled within {GOAL_SETTLE_S:.0f} s of its last card: "
        f"{'met' if met['settled_within_1s'] else 'NOT met'}"
    )
    return "\n".join(lines)


def _s(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f} s"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, nargs="+", default=[250, 500, 1000])
    parser.add_argument(
        "--bettors", type=int, help="bettors at bench-0 (default: 300, or 30%% of the clients)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--betting-seconds", type=int, default=5)
    parser.add_argument("--reveal-ms", type=int, default=900)
    parser.add_argument("--py-spy", help="py-spy's path: profile the server's processes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = []
    for clients in args.clients:
        plan = Plan(
            clients=clients,
            bettors=min(clients, args.bettors) if args.bettors else default_bettors(clients),
            rounds=args.rounds,
            procs=args.procs,
            workers=args.workers,
            betting_seconds=args.betting_seconds,
            reveal_ms=args.reveal_ms,
            py_spy=args.py_spy,
        )
        result = run(plan)
        result["goals"] = goals(result)
        results.append(result)
        if not args.json:
            print(report(result), flush=True)
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
