"""Server throughput and latency: settled rounds per second, p50/p99, on loopback.

For SQLite and PostgreSQL, one worker and several, 1, 50 and 200 concurrent
clients, each client a player of its own betting in a loop (``POST /api/rounds``,
a new Idempotency-Key each time). Beside each run, in the same conditions, the
baseline: ``GET /api/health`` (the HTTP stack alone), and the ratio between them.
Then an in-process breakdown of one round, stage by stage: where each millisecond goes.

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
        PUNTOBANCO_BALANCE_CAP_MINOR="100000000",
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


async def load(port: int, tokens: list[str], seconds: float, *, rounds: bool) -> dict[str, float]:
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

    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(client(t) for t in tokens))
    wall = time.perf_counter() - wall0
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "per_s": len(latencies) / wall,
        "p50_ms": 1000 * q[49],
        "p99_ms": 1000 * q[98],
        "errors": errors,
        "client_cpu": (time.process_time() - cpu0) / wall,
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


def breakdown(kind: str, rounds: int = 300) -> dict[str, float]:
    """One round's stages timed in-process (no HTTP), mean milliseconds per round."""
    from sqlalchemy import select

    from puntobanco.server.accounts import create_player, open_session, player_for_token
    from puntobanco.server.db import make_engine, make_sessionmaker, migrate
    from puntobanco.server.game import settle_round, start_round
    from puntobanco.server.models import Round
    from puntobanco.server.render import load_rounds
    from puntobanco.server.schemas import RoundOut
    from puntobanco.server.settings import Settings

    url, drop = database_for(kind)
    settings = Settings(database_url=url, argon2_time_cost=1, argon2_memory_kib=64)
    engine = make_engine(settings)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    with sessions.begin() as session:
        player = create_player(session, settings, username="bench", password=None)
        token = open_session(session, settings, player.id)
    totals = dict.fromkeys(("auth", "deal", "settle", "render", "serialize"), 0.0)
    with sessions() as session:
        for i in range(rounds):
            t0 = time.perf_counter()
            with session.begin():
                player_for_token(session, token)
            t1 = time.perf_counter()
            started = start_round(
                session, settings, user_id=player.id, key=f"k{i}", stakes={"banker": 100}
            )
            t2 = time.perf_counter()
            settle_round(session, started.round_id)
            t3 = time.perf_counter()
            with session.begin():
                row = session.execute(
                    select(Round).where(Round.id == started.round_id)
                ).scalar_one()
                rendered = load_rounds(session, [row], "en")[0]
            t4 = time.perf_counter()
            RoundOut.model_validate(rendered).model_dump_json()
            t5 = time.perf_counter()
            for name, span in zip(
                totals, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True
            ):
                totals[name] += span
    engine.dispose()
    drop()
    return {name: 1000 * total / rounds for name, total in totals.items()}


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
    print("where one round's milliseconds go, in-process, one client (no HTTP):")
    results: dict[str, Any] = {"breakdown": {}, "runs": []}
    for kind in sorted({c.split(":")[0] for c in args.configs}):
        parts = breakdown(kind)
        results["breakdown"][kind] = parts
        total = sum(parts.values())
        shown = "  ".join(f"{k} {v:.2f}" for k, v in parts.items())
        print(f"  {kind:<9} {shown}  = {total:.2f} ms")
    header = (
        f"{'database':<9}{'workers':>8}{'clients':>8}{'rounds/s':>10}{'p50 ms':>9}"
        f"{'p99 ms':>9}{'health/s':>10}{'ratio':>7}{'errors':>8}{'gen CPU':>9}"
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
                run = asyncio.run(load(port, tokens[:clients], args.seconds, rounds=True))
                base = asyncio.run(load(port, tokens[:clients], args.seconds / 2, rounds=False))
                ratio = run["per_s"] / base["per_s"] if base["per_s"] else 0.0
                print(
                    f"{kind:<9}{workers:>8}{clients:>8}{run['per_s']:>10.0f}{run['p50_ms']:>9.1f}"
                    f"{run['p99_ms']:>9.1f}{base['per_s']:>10.0f}{ratio:>7.2f}"
                    f"{run['errors']:>8.0f}{100 * run['client_cpu']:>8.0f}%",
                    flush=True,
                )
                results["runs"].append(
                    {"database": kind, "workers": int(workers), "clients": clients,
                     "rounds": run, "health": base}
                )  # fmt: skip
        finally:
            stop_server(process)
            drop()
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
