"""Server throughput and latency: settled rounds per second, p50/p99, on loopback.

For SQLite and PostgreSQL, one worker and several, 1, 50 and 200 concurrent
clients, each client a player of its own betting in a loop (``POST /api/rounds``,
a new Idempotency-Key each time). Beside each run, in the same conditions, the
baseline: ``GET /api/health`` (the HTTP stack alone), and the ratio between them.
Then an in-process breakdown of one round, stage by stage: where each millisecond goes.

The CPU columns read /proc: the server's processes, and every ``postgres`` process of the
machine (so run it where nothing else uses that PostgreSQL).

The load generator is a small asyncio HTTP/1.1 keep-alive client (much cheaper than a
general-purpose client), in this process: it shares the machine's cores with the server,
and its CPU share is printed.

    python bench/bench_server.py                 # everything (about 4 minutes)
    python bench/bench_server.py --seconds 3 --clients 1 50 --configs sqlite:1 postgres:3
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
sys.path.insert(0, str(ROOT / "src"))

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


def start_server(url: str, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(ROOT / "src"),
        PUNTOBANCO_DATABASE_URL=url,
        PUNTOBANCO_ACCESS_LOG="false",
        PUNTOBANCO_LOG_LEVEL="WARNING",
        # Registration is not measured: cheap password hashing keeps set-up short.
        PUNTOBANCO_ARGON2_TIME_COST="1",
        PUNTOBANCO_ARGON2_MEMORY_KIB="64",
        PUNTOBANCO_ARGON2_WEAK_FOR_TESTS="true",
        PUNTOBANCO_BALANCE_CAP_MINOR="100000000",
        PUNTOBANCO_SIGNUPS_PER_ADDRESS="100000",  # every bench player signs up from here
    )
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", "serve", "--port", str(port),
         "--workers", str(workers), "--log-level", "warning"],
        env=env, cwd=ROOT, start_new_session=True,
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
    port: int, tokens: list[str], seconds: float, *, rounds: bool, server: int | None = None
) -> dict[str, float]:
    """Every token's client in a loop for ``seconds``; with ``server`` (its pid), also the
    CPU that the server's processes and the database's used per answered request."""
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
            else:
                status, _ = await conn.request("GET", "/api/health")
                ok = status == 200
            if ok:
                latencies.append(time.perf_counter() - start)
            else:
                errors += 1
        conn.close()

    server0, db0 = cpu_of(server), cpu_of(command="postgres")
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(client(t) for t in tokens))
    wall = time.perf_counter() - wall0
    server1, db1 = cpu_of(server), cpu_of(command="postgres")
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
    }


def database_for(kind: str) -> tuple[str, Any]:
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="pb-bench-")
        return f"sqlite:///{folder}/bench.db", lambda: None
    from sqlalchemy import create_engine, text

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    engine = create_engine(PG)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))

    def drop() -> None:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()

    return f"{PG}?options=-csearch_path%3D{schema}", drop


# --- where the milliseconds go ---------------------------------------------------------------


STAGES = ("auth", "deal", "settle", "render", "serialize")


def breakdown(kind: str, rounds: int = 300, repeat: int = 3) -> dict[str, float]:
    """One round's stages in-process (no HTTP), as ``POST /api/rounds`` runs them.

    Mirrors :func:`puntobanco.server.routers.rounds.play_round`: the session lookup, the
    deal and debit transaction, the settlement transaction, the answer rendered from what
    was written, and pydantic's validation and JSON of it. Returns each stage's mean wall
    milliseconds, this process's CPU milliseconds per round (``cpu``) and the database
    server's (``db_cpu``, PostgreSQL only): the median of ``repeat`` blocks of ``rounds``.
    """
    from puntobanco.server.accounts import create_player, open_session, player_for_token
    from puntobanco.server.db import make_engine, make_sessionmaker, migrate
    from puntobanco.server.game import settle_round, start_round
    from puntobanco.server.render import round_json
    from puntobanco.server.schemas import RoundOut
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
        token = open_session(session, settings, player.id)

    def one_round(key: str, clock: list[float]) -> None:
        with sessions() as session:
            with session.begin():
                player_for_token(session, token)
            clock.append(time.perf_counter())
            stakes = {"banker": 100}
            started = start_round(session, settings, user_id=player.id, key=key, stakes=stakes)
            clock.append(time.perf_counter())
            settled = settle_round(session, started.round_id, started)
            clock.append(time.perf_counter())
            assert settled is not None and started.row is not None
            row = started.row
            row.status, row.payout_minor = "settled", settled.payout_minor
            row.balance_minor = settled.balance_minor
            rendered = round_json(row, settled.bets, started.seed_hash, "en")
            clock.append(time.perf_counter())
            RoundOut.model_validate(rendered).model_dump_json()
            clock.append(time.perf_counter())

    for i in range(30):  # warm the caches (statements, prepared plans, imports)
        one_round(f"warm{i}", [])
    blocks: list[dict[str, float]] = []
    for block in range(repeat):
        totals = dict.fromkeys(STAGES, 0.0)
        cpu0, db0 = time.process_time(), cpu_of(command="postgres") if kind != "sqlite" else None
        for i in range(rounds):
            clock = [time.perf_counter()]
            one_round(f"k{block}-{i}", clock)
            for name, (a, b) in zip(STAGES, zip(clock, clock[1:], strict=False), strict=True):
                totals[name] += b - a
        cpu = time.process_time() - cpu0
        db1 = cpu_of(command="postgres") if db0 is not None else None
        parts = {name: 1000 * total / rounds for name, total in totals.items()}
        parts["cpu"] = 1000 * cpu / rounds
        parts["db_cpu"] = math.nan if db0 is None or db1 is None else 1000 * (db1 - db0) / rounds
        blocks.append(parts)
    engine.dispose()
    drop()
    # The median block of each figure: this machine is shared, and a block can be slowed.
    return {name: statistics.median(b[name] for b in blocks) for name in blocks[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="measured seconds per run")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument(
        "--configs", nargs="+", default=["sqlite:1", "sqlite:2", "postgres:1", "postgres:3"],
        help="database:workers",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}  measured {args.seconds:.0f} s per run, loopback")
    print("where one round's milliseconds go, in-process, one client (no HTTP), wall ms:")
    results: dict[str, Any] = {"breakdown": {}, "runs": []}
    for kind in sorted({c.split(":")[0] for c in args.configs}):
        parts = breakdown(kind)
        results["breakdown"][kind] = parts
        shown = "  ".join(f"{k} {parts[k]:.2f}" for k in STAGES)
        db = "" if math.isnan(parts["db_cpu"]) else f", database {parts['db_cpu']:.2f}"
        print(
            f"  {kind:<9} {shown}  = {sum(parts[k] for k in STAGES):.2f} ms"
            f"  (CPU: this process {parts['cpu']:.2f}{db})"
        )
    header = (
        f"{'database':<9}{'workers':>8}{'clients':>8}{'rounds/s':>10}{'p50 ms':>9}"
        f"{'p99 ms':>9}{'health/s':>10}{'ratio':>7}{'errors':>8}{'gen CPU':>9}"
        f"{'srv CPU':>9}{'db CPU':>8}{'health CPU':>12}"
    )
    print(header)
    for config in args.configs:
        kind, workers = config.split(":")
        url, drop = database_for(kind)
        process, port = start_server(url, int(workers))
        try:
            tokens = asyncio.run(make_players(port, max(args.clients)))
            for clients in args.clients:
                asyncio.run(load(port, tokens[:clients], 1.0, rounds=True))  # warm up
                run = asyncio.run(
                    load(port, tokens[:clients], args.seconds, rounds=True, server=process.pid)
                )
                base = asyncio.run(
                    load(port, tokens[:clients], args.seconds / 2, rounds=False, server=process.pid)
                )
                ratio = run["per_s"] / base["per_s"] if base["per_s"] else 0.0
                db = "-" if kind == "sqlite" else f"{run['db_cpu_ms']:.2f}"
                print(
                    f"{kind:<9}{workers:>8}{clients:>8}{run['per_s']:>10.0f}{run['p50_ms']:>9.1f}"
                    f"{run['p99_ms']:>9.1f}{base['per_s']:>10.0f}{ratio:>7.2f}"
                    f"{run['errors']:>8.0f}{100 * run['client_cpu']:>8.0f}%"
                    f"{run['server_cpu_ms']:>9.2f}{db:>8}{base['server_cpu_ms']:>12.2f}",
                    flush=True,
                )
                results["runs"].append(
                    {"database": kind, "workers": int(workers), "clients": clients,
                     "rounds": run, "health": base}
                )  # fmt: skip
        finally:
            stop_server(process)
            drop()
    print(
        "srv CPU, db CPU: CPU ms per settled round of the server's processes and of PostgreSQL;"
        " health CPU: the server's CPU ms per GET /api/health."
    )
    for kind, parts in results["breakdown"].items():
        live = [r for r in results["runs"] if r["database"] == kind and r["clients"] == 1]
        if live and not math.isnan(live[0]["rounds"]["server_cpu_ms"]):
            http = live[0]["rounds"]["server_cpu_ms"] - parts["cpu"]
            print(
                f"{kind}: HTTP, uvicorn and FastAPI add {http:.2f} CPU ms per round to the "
                f"{parts['cpu']:.2f} ms of the round's own work (server CPU at 1 client minus "
                "the in-process CPU)"
            )
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
