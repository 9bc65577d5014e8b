from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.server.main import STATIC, create_app
from puntobanco.server.observability import JsonFormatter
from tests.server.conftest import ADMIN, Player, make_settings


def test_health_ready_docs_and_openapi(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok", "detail": {}}
    ready = client.get("/api/ready")
    assert ready.status_code == 200 and ready.json()["status"] == "ok"
    assert client.get("/docs").status_code == 200
    spec = client.get("/openapi.json").json()
    for path in ("/api/rounds", "/api/auth/login", "/api/shoe", "/api/fairness/verify"):
        assert path in spec["paths"]


def test_ready_is_503_when_the_database_is_unreachable() -> None:
    app = create_app(make_settings("postgresql+psycopg://nobody@127.0.0.1:1/none"))
    client = TestClient(app)  # no start-up: the database cannot be migrated
    response = client.get("/api/ready")
    assert response.status_code == 503 and response.json()["status"] == "unavailable"
    assert client.get("/api/health").status_code == 200


def test_metrics_count_rounds_wagers_errors_and_latency(client: TestClient, alice: Player) -> None:
    alice.bet({"player": 300})
    alice.bet({"player": 1})  # under the minimum: an error answer
    text = client.get("/metrics", headers={"X-Admin-Token": ADMIN}).text
    assert "puntobanco_rounds_total{" in text
    assert 'puntobanco_wagered_minor_total{bet="player"}' in text
    assert 'puntobanco_errors_total{code="below_minimum",status="422"}' in text
    assert 'puntobanco_request_seconds_bucket{le="0.05",method="POST",route="/api/rounds"}' in text


def test_unknown_routes_and_methods_answer_json_errors(client: TestClient) -> None:
    missing = client.get("/api/nothing?lang=es")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"
    assert missing.json()["error"]["message"].startswith("Aquí no hay nada")
    wrong = client.delete("/api/rounds")
    assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "method_not_allowed"


@pytest.mark.skipif(not (STATIC / "index.html").exists(), reason="the web table is not built yet")
def test_the_web_table_is_served_at_the_root(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and "html" in response.headers["content-type"]


def test_logs_are_json_lines() -> None:
    record = logging.LogRecord("puntobanco.access", logging.INFO, "x", 1, "request", (), None)
    record.status = 201
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "request" and line["status"] == 201 and line["level"] == "INFO"
    assert line["time"].endswith("+00:00")


def test_the_access_log_has_one_line_per_request_with_its_status(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(make_settings(database_url, access_log=True, log_level="INFO"))

    @app.get("/api/test-fails")
    def fails() -> None:
        raise RuntimeError("a bug")

    app.router.routes.insert(0, app.router.routes.pop())  # before the web table's mount at /
    logger = logging.getLogger("puntobanco.access")
    with TestClient(app, raise_server_exceptions=False) as client:
        logger.addHandler(caplog.handler)  # the app's JSON handler does not propagate
        try:
            client.get("/api/health")
            client.post("/api/rounds", json={"bets": {"player": 100}})  # no session: 401
            client.get("/api/nothing")
            assert client.get("/api/test-fails").status_code == 500
            metrics = client.get("/metrics", headers={"X-Admin-Token": ADMIN}).text
        finally:
            logger.removeHandler(caplog.handler)
    lines = [(r.method, r.path, r.status) for r in caplog.records if r.name == logger.name]
    assert lines[:4] == [
        ("GET", "/api/health", 200),
        ("POST", "/api/rounds", 401),
        ("GET", "/api/nothing", 404),
        ("GET", "/api/test-fails", 500),
    ]
    assert all(r.ms >= 0 for r in caplog.records if r.name == logger.name)
    # Latency is labelled by route, and an unmatched path by that word (not by the path).
    assert 'method="GET",route="/api/test-fails"' in metrics
    assert 'method="GET",route="unmatched"' in metrics and "/api/nothing" not in metrics


@pytest.mark.slow
def test_metrics_add_up_every_worker(tmp_path: object) -> None:
    import httpx

    from tests.server.live import live_server

    with live_server(f"sqlite:///{tmp_path}/m.db", workers=2) as (base, _):
        token = httpx.post(f"{base}/api/auth/guest").json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        for i in range(12):
            response = httpx.post(
                f"{base}/api/rounds",
                json={"bets": {"player": 100}},
                headers={**headers, "Idempotency-Key": f"m{i}"},
            )
            assert response.status_code == 201
        text = httpx.get(f"{base}/metrics").text
    counts = [
        float(line.split()[-1])
        for line in text.splitlines()
        if line.startswith("puntobanco_rounds_total{")
    ]
    assert sum(counts) == 12


def test_a_request_the_client_abandons_is_logged_499_not_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import asyncio

    from puntobanco.server.observability import AccessMiddleware

    async def abandoned(scope: Any, receive: Any, send: Any) -> None:
        raise asyncio.CancelledError  # what the server does to a request whose client left

    middleware = AccessMiddleware(abandoned, access_log=True)
    logger = logging.getLogger("puntobanco.access")
    logger.addHandler(caplog.handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        scope = {"type": "http", "method": "POST", "path": "/api/rounds"}
        with pytest.raises(asyncio.CancelledError):
            asyncio.run(middleware(scope, None, None))  # type: ignore[arg-type]
    finally:
        logger.removeHandler(caplog.handler)
        logger.setLevel(level)
    [record] = [r for r in caplog.records if r.name == logger.name]
    assert (record.method, record.path, record.status) == ("POST", "/api/rounds", 499)
