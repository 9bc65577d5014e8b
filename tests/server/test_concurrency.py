"""Hundreds of concurrent bets on one wallet, with retried idempotency keys, over several
uvicorn workers: no double charge, no negative balance, the ledger reconciles to the cent.
"""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from typing import Any

import httpx
import pytest

from tests.server.conftest import ADMIN
from tests.server.live import live_server

KEYS = 120
COPIES = 3  # each key is sent three times, concurrently with everything else
CONCURRENCY = 64


async def _hammer(base: str, token: str) -> list[tuple[str, int, Any]]:
    rng = random.Random(5)
    requests = []
    for k in range(KEYS):
        bets = {rng.choice(["player", "banker", "tie"]): rng.choice([2_000, 5_000, 9_000])}
        requests.extend([(f"key-{k}", bets)] * COPIES)
    rng.shuffle(requests)
    gate = asyncio.Semaphore(CONCURRENCY)
    limits = httpx.Limits(max_connections=CONCURRENCY)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:

        async def one(key: str, bets: dict[str, int]) -> tuple[str, int, Any]:
            async with gate:
                response = await client.post(
                    "/api/rounds",
                    json={"bets": bets},
                    headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
                )
                return key, response.status_code, response.json()

        return await asyncio.gather(*(one(key, bets) for key, bets in requests))


@pytest.mark.slow
def test_concurrent_bets_on_one_wallet_over_several_workers(database_url: str) -> None:
    with live_server(database_url, workers=3) as (base, _):
        auth = httpx.post(
            f"{base}/api/auth/register", json={"username": "whale", "password": "many bets"}
        ).json()
        token, grant = auth["token"], auth["user"]["balance_minor"]
        results = asyncio.run(_hammer(base, token))
        statuses = defaultdict(int)
        by_key: dict[str, list[Any]] = defaultdict(list)
        for key, status, body in results:
            statuses[status] += 1
            assert status in (201, 402), (status, body)
            if status == 201:
                by_key[key].append(body)
            else:
                assert body["error"]["code"] == "insufficient_funds"
        # Every answer for one key is the same round: no key ever charged twice.
        rounds = {}
        for answers in by_key.values():
            assert all(a == answers[0] for a in answers)
            rounds[answers[0]["id"]] = answers[0]
        headers = {"Authorization": f"Bearer {token}"}
        listed: list[Any] = []
        before = None
        while True:
            url = "/api/rounds?limit=100" + (f"&before={before}" if before else "")
            page = httpx.get(base + url, headers=headers).json()
            listed.extend(page["rounds"])
            before = page["next_before"]
            if before is None:
                break
        assert sorted(r["id"] for r in listed) == sorted(rounds)
        balance = httpx.get(f"{base}/api/me", headers=headers).json()["balance_minor"]
        assert balance == grant + sum(r["net_minor"] for r in rounds.values()) >= 0
        # Each round carries the balance right after its settlement (rounds of one wallet
        # may settle in another order than their ids: a round is dealt, then settled).
        assert balance in {r["balance_minor"] for r in rounds.values()}
        assert all(r["balance_minor"] >= 0 for r in rounds.values())
        check = httpx.get(f"{base}/api/admin/ledger/check", headers={"X-Admin-Token": ADMIN})
        report = check.json()
        assert report["ok"] is True, report
        assert report["rounds_open"] == [] and report["rounds_settled"] == len(rounds)
        assert statuses[201] >= KEYS // 2  # most keys played (the grant covers ~20 losses)
