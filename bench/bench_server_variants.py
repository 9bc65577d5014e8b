"""Variants of one server, interleaved: the event loop, the access log (PostgreSQL).

Each variant is this tree's server started with environment variables of its own
(``name:VAR=value,VAR=value``); their loads alternate, ``--repeats`` times, and the medians
are printed: rounds/s, p50, p99, the server's and PostgreSQL's CPU ms per round.

    python bench/bench_server_variants.py --workers 3 --clients 50 --seconds 5 --repeats 3 \\
        uvloop:PUNTOBANCO_EVENT_LOOP=uvloop asyncio:PUNTOBANCO_EVENT_LOOP=asyncio \\
        asyncio+log:PUNTOBANCO_EVENT_LOOP=asyncio,PUNTOBANCO_ACCESS_LOG=true
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from typing import Any

import bench_server as b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="+", help="name:VAR=value,VAR=value")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    variants: dict[str, dict[str, str]] = {}
    for spec in args.variants:
        name, _, pairs = spec.partition(":")
        variants[name] = dict(pair.split("=", 1) for pair in pairs.split(",") if pair)
    servers: dict[str, Any] = {}
    try:
        for name, env in variants.items():
            url, drop = b.database_for("postgres")
            process, port = b.start_server(url, args.workers, b.SRC, env)
            tokens = asyncio.run(b.make_players(port, args.clients))
            asyncio.run(b.load(port, tokens, 1.5, rounds=True))  # warm up
            servers[name] = (process, port, tokens, drop)
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in variants}
        for _ in range(args.repeats):
            for name, (process, port, tokens, _drop) in servers.items():
                run = b.load(port, tokens, args.seconds, rounds=True, server=process.pid)
                runs[name].append(asyncio.run(run))
        print(f"PostgreSQL, {args.workers} workers, {args.clients} clients, medians:")
        for name, results in runs.items():
            m = {k: statistics.median(r[k] for r in results) for k in results[0]}
            print(
                f"  {name:14s} {m['per_s']:6.1f} rounds/s  p50 {m['p50_ms']:6.1f} ms"
                f"  p99 {m['p99_ms']:6.0f} ms  server {m['server_cpu_ms']:5.2f}"
                f"  PostgreSQL {m['db_cpu_ms']:5.2f} CPU ms  (rounds/s of each run:"
                f" {[round(r['per_s']) for r in results]})"
            )
    finally:
        for process, _port, _tokens, drop in servers.values():
            b.stop_server(process)
            drop()


if __name__ == "__main__":
    main()
