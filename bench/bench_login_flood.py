"""A login flood from one address against the rounds of a player already logged in.

Starts a server itself (one worker, a temporary SQLite file, the default argon2 cost), on
loopback only. One player deals rounds one after another (``POST /api/rounds``) for
``--seconds``, first alone (the baseline), then while ``--flood`` connections from the
same address send logins, each with a new username, ``--rate`` a second (the
report of issue 12 saw 42 a second; ``--rate 0``: as fast as they are answered). It
prints the rounds' p50/p99 in both phases and how the logins were answered (401 checked,
429 refused by the per-address limit, 503 refused by the busy password gate).

Run against two configurations of the same code: ``defended`` (the default settings) and
``undefended`` (the per-address limit and the gate lifted); ``--src DIR`` runs the server
from another source tree (e.g. an older commit exported with ``git archive``). Everything
stops by itself: at most about ``2 * seconds`` per configuration, plus start-up.

    python bench/bench_login_flood.py                     # about 1 minute
    python bench/bench_login_flood.py --seconds 5 --flood 8 --configs defended
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench_server import Conn, free_port, stop_server

ROOT = Path(__file__).resolve().parents[1]

#: Settings beside the defaults, per configuration.
CONFIGS: dict[str, dict[str, str]] = {
    "defended": {},
    "undefended": {
        "PUNTOBANCO_PASSWORD_CHECKS_PER_ADDRESS": "1000000000",
        "PUNTOBANCO_PASSWORD_CHECK_CONCURRENCY": "1000",
    },
}


def start(src: Path, database: str, extra: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    """``puntobanco serve`` on loopback, from ``src``; returns the process and its port."""
    port = free_port()
    env = dict(os.environ)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    env.update(
        PYTHONPATH=str(src),
        PUNTOBANCO_DATABASE_URL=database,
        PUNTOBANCO_ACCESS_LOG="false",
        PUNTOBANCO_LOG_LEVEL="WARNING",
        PUNTOBANCO_LOGIN_ATTEMPTS="1000000000",  # each username is new: never reached
        **extra,
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco.cli.main", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--workers", "1", "--log-level", "warning"],
        env=env, cwd=ROOT, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n")
                if b" 200 " in sock.recv(100):
                    return process, port
        except OSError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        time.sleep(0.2)
    stop_server(process)
    raise TimeoutError("the server did not start")


async def player(port: int) -> str:
    """Register a player (before any flood) and return its token."""
    conn = Conn(port)
    body = json.dumps({"username": f"p{uuid.uuid4().hex[:10]}", "password": "bench pw!"})
    status, data = await conn.request("POST", "/api/auth/register", body.encode())
    conn.close()
    assert status == 201, data
    token: str = json.loads(data)["token"]
    return token


async def rounds(port: int, token: str, seconds: float) -> list[float]:
    """Latencies (s) of the rounds one player deals in ``seconds``, one after another."""
    conn = Conn(port)
    body = json.dumps({"bets": {"banker": 100}}).encode()
    latencies: list[float] = []
    stop_at = time.perf_counter() + seconds
    while time.perf_counter() < stop_at:
        headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex}
        begin = time.perf_counter()
        status, data = await conn.request("POST", "/api/rounds", body, headers)
        assert status == 201, data
        latencies.append(time.perf_counter() - begin)
        await asyncio.sleep(0.01)  # a player, not a load generator
    conn.close()
    return latencies


async def flood(
    port: int, seconds: float, connections: int, rate: float
) -> collections.Counter[int]:
    """Logins with a new username each, on ``connections`` connections, ``rate`` a second in
    all (0: each connection as fast as it is answered); the count of each status."""
    answered: collections.Counter[int] = collections.Counter()
    begin = time.perf_counter()
    stop_at = begin + seconds
    interval = connections / rate if rate > 0 else 0.0

    async def one(index: int) -> None:
        conn = Conn(port)
        due = begin + index * interval / connections
        while time.perf_counter() < stop_at:
            if interval:
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                due += interval
            body = json.dumps({"username": f"f{uuid.uuid4().hex[:12]}", "password": "guess pw!"})
            status, _ = await conn.request("POST", "/api/auth/login", body.encode())
            answered[status] += 1
        conn.close()

    await asyncio.gather(*(one(i) for i in range(connections)))
    return answered


def summary(latencies: list[float]) -> tuple[float, float, int]:
    """p50 and p99 (ms) and how many rounds."""
    if len(latencies) < 2:
        return float("nan"), float("nan"), len(latencies)
    q = statistics.quantiles(latencies, n=100)
    return 1000 * q[49], 1000 * q[98], len(latencies)


async def measure(port: int, seconds: float, connections: int, rate: float) -> dict[str, object]:
    token = await player(port)
    await rounds(port, token, 1.0)  # warm-up
    quiet = await rounds(port, token, seconds)
    flooded, answered = await asyncio.gather(
        rounds(port, token, seconds), flood(port, seconds, connections, rate)
    )
    return {"quiet": summary(quiet), "flood": summary(flooded), "logins": answered}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--flood", type=int, default=8, help="flooding connections")
    parser.add_argument(
        "--rate", type=float, default=50, help="logins a second in all (0: unbounded)"
    )
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the server's sources")
    args = parser.parse_args()
    print(
        f"{args.seconds:.0f} s per phase, {args.flood} flooding connections, "
        f"{args.rate:.0f} logins/s asked (0: unbounded), 1 worker, SQLite, "
        f"{os.cpu_count()} cores, server from {args.src}"
    )
    header = (
        f"{'config':<11} {'quiet p50':>9} {'p99':>7} {'flood p50':>9} {'p99':>7} "
        f"{'rounds':>6}  logins/s  answers"
    )
    print(header)
    for name in args.configs:
        with tempfile.TemporaryDirectory() as tmp:
            process, port = start(args.src, f"sqlite:///{tmp}/flood.db", CONFIGS[name])
            try:
                result = asyncio.run(measure(port, args.seconds, args.flood, args.rate))
            finally:
                stop_server(process)
        q50, q99, _ = result["quiet"]  # type: ignore[misc]
        f50, f99, played = result["flood"]  # type: ignore[misc]
        answered: collections.Counter[int] = result["logins"]  # type: ignore[assignment]
        total = sum(answered.values())
        words = ", ".join(f"{status}: {count}" for status, count in sorted(answered.items()))
        print(
            f"{name:<11} {q50:>7.1f}ms {q99:>5.1f}ms {f50:>7.1f}ms {f99:>5.1f}ms {played:>6}  "
            f"{total / args.seconds:>8.0f}  {words}"
        )


if __name__ == "__main__":
    main()
