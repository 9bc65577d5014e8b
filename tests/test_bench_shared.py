"""``bench/bench_shared.py``'s smoke run: 50 clients over the five shared tables, one round.

The bench itself (250 to 1,000 clients) is not part of the test suite; this runs its whole
path at a small size on a real ``serve --workers 3`` over PostgreSQL, so that a change of
the server's events, sockets or bets that the bench no longer reads shows here, not in the
next measurement. No figure is held to a threshold (``bench/README.md``): what is checked
is that the bench saw what it reports.
"""

from __future__ import annotations

import sys
from pathlib import Path

import psycopg
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
bench_shared = pytest.importorskip("bench_shared")


def test_the_clients_are_spread_as_the_bench_says() -> None:
    seated = [(f"token-{i}", f"Bettor-{i:04d}") for i in range(15)]
    plan = bench_shared.Plan(clients=50, bettors=15, procs=2)
    specs = bench_shared.client_specs(plan, 8000, seated)
    tables = [t for spec in specs for t in spec.tables]
    tokens = [t for spec in specs for t in spec.tokens if t is not None]
    assert len(tables) == 50 and sorted(tokens) == sorted(t for t, _ in seated)
    # The bettors, and only they, are at bench-0; the spectators over the four others.
    for spec in specs:
        for table, token in zip(spec.tables, spec.tokens, strict=True):
            assert (table == "bench-0") == (token is not None)
    spread = [tables.count(f"bench-{i}") for i in range(1, 5)]
    assert sum(spread) == 35 and max(spread) - min(spread) <= 1
    assert bench_shared.default_bettors(1000) == 300


def test_quantiles_are_nearest_rank() -> None:
    q = bench_shared.quantiles([5.0, 1.0, 3.0, 2.0, 4.0])
    assert (q["p50"], q["p99"], q["max"], q["n"]) == (3.0, 5.0, 5.0, 5)
    assert bench_shared.quantiles([])["n"] == 0


def _bench_databases() -> set[str]:
    url = bench_shared.PG.replace("postgresql+psycopg://", "postgresql://")
    try:
        conn = psycopg.connect(url, connect_timeout=3)
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL at {url} is unreachable: {exc!s:.200}")
    with conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE 'bench_shared_%'"
        ).fetchall()
    return {row[0] for row in rows}


@pytest.mark.postgres
@pytest.mark.timeout(300)
def test_fifty_clients_over_one_round() -> None:
    before = _bench_databases()
    plan = bench_shared.Plan(
        clients=50, bettors=15, rounds=1, procs=1, betting_seconds=3, reveal_ms=100
    )
    result = bench_shared.run(plan)

    assert (result["connected"], result["failed"], result["dropped"]) == (50, 0, 0)
    # Every table's events reached its sockets: the bettors' and the spectators' four.
    assert sorted(result["received_by_table"]) == [f"bench-{i}" for i in range(5)]
    fanout = result["fanout_ms"]
    for kind in ("round_opened", "betting_closed", "dealing", "card", "result", "settled"):
        assert fanout[kind]["n"] > 0, kind
    assert 0 < fanout["all"]["p50"] <= fanout["all"]["p99"] <= fanout["all"]["max"]
    assert result["bus_ms"]["all"]["n"] > 0 and result["probe_socket_ms"]["all"]["n"] > 0

    # Each bettor sent one bet in the measured round; one refused can only be a late one
    # (the machine is shared: no number of bets per second is required here).
    bets = result["bets"]
    assert bets["sent"] == 15 and bets["accepted"] >= 1
    assert bets["accepted"] + sum(bets["refused"].values()) == 15
    assert set(bets["refused"]) <= {"409 betting_closed"}
    # Every accepted bet was settled, to its own bettor's socket, with its stake.
    (row,) = result["settlement"]
    assert row["bets"] == bets["accepted"] == row["settled_to_bettor"]
    # The settlement is written with the last card (one transaction), and reaches the
    # bettors after it.
    assert row["settled_after_last_card_s"] == 0
    assert row["last_receipt_after_last_card_s"] >= row["settled_after_last_card_s"]

    cpu = result["cpu_s_per_round"]
    assert cpu["server"] > 0 and cpu["database"] > 0 and cpu["clients"] > 0
    # The bench's database is dropped, and no other was touched.
    assert _bench_databases() == before
